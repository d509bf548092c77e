"""``overlord replay LOG``: play a logged headless game again from its seed and inputs (the
bot, the hero count) and check that every event and the end match the log."""

from __future__ import annotations

import json
from pathlib import Path

from ..content.quest import load_quest
from .run import play, scenario_kind


class ReplayError(ValueError):
    """A log that cannot be replayed (not a game log, damaged, or its scenario is gone)."""


def read_log(path: str | Path) -> tuple[dict, list[dict]]:
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise ReplayError(f"{path}: cannot read ({e})") from None
    try:
        rows = [json.loads(line) for line in lines if line.strip()]
    except json.JSONDecodeError as e:
        raise ReplayError(f"{path}:{e.lineno}: not JSON lines ({e.msg})") from None
    if not rows or "game" not in rows[0]:
        raise ReplayError(f"{path}:1: not an Overlord game log (the first line names the game)")
    header = rows[0]["game"]
    missing = [k for k in ("scenario", "seed", "heroes", "bot") if k not in header]
    if missing:
        raise ReplayError(f"{path}:1: the game line lacks {', '.join(missing)}")
    return header, rows[1:]


def replay(path: str | Path, upto_round: int | None = None):
    """Returns (first difference or None, the replayed game, the logged events). The game is a
    Descent ``Game``, or an ``UnderworldState`` for an Underworld log."""
    header, events = read_log(path)
    rounds = header.get("max_rounds", 40) if upto_round is None else upto_round
    if scenario_kind(header["scenario"]) == "game":
        from ..games.registry import open_scenario
        rules, content, _ = open_scenario(header["scenario"])
        return replay_game(rules, content, header, events, upto_round)
    quest = load_quest(header["scenario"])
    game, _ = play(quest, header["seed"], header["heroes"], header["bot"], rounds)
    again = json.loads(json.dumps(game.state.log, default=str))
    if upto_round is not None:
        return None, game, events
    for i, (a, b) in enumerate(zip(events, again)):
        if a != b:
            return f"event {i + 1} differs: logged {a} but replayed {b}", game, events
    if len(events) != len(again):
        return f"the log has {len(events)} events, the replay {len(again)}", game, events
    if header.get("result") and header["result"] != {"victory": "victory", "defeat": "defeat"}.get(game.state.phase, "unfinished"):
        return f"the log ends in {header['result']}, the replay in {game.state.phase}", game, events
    return None, game, events


def replay_game(rules, content, header: dict, events: list[dict], upto_round: int | None = None):
    """A registered game's log replayed: (first difference or None, the match, the logged events)."""
    from .play import play, record
    rounds = header.get("max_rounds", 40) if upto_round is None else upto_round
    match, timeline = play(rules, content, header["seed"], header["heroes"], header["bot"], rounds)
    if upto_round is not None:
        return None, match, events
    again = json.loads(json.dumps(rules.log(match), default=str))
    for i, (a, b) in enumerate(zip(events, again)):
        if a != b:
            return f"event {i + 1} differs: logged {a} but replayed {b}", match, events
    if len(events) != len(again):
        return f"the log has {len(events)} events, the replay {len(again)}", match, events
    result = record(rules, match, header["seed"], header["heroes"], header["bot"], timeline)["result"]
    if header.get("result") and header["result"] != result:
        return f"the log ends in {header['result']}, the replay in {result}", match, events
    return None, match, events
