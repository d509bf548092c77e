"""``overlord replay LOG``: play a logged headless game again from its seed and inputs (the
bot, the hero count) and check that every event and the end match the log. Any registered game:
the log names its scenario, the scenario its game."""

from __future__ import annotations

import json
from pathlib import Path

from ..content.paths import find_scenario
from ..games.registry import open_scenario
from .play import play, record


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
    """(first difference or None, the game's rules, the replayed match, the logged events).
    With ``upto_round`` the game stops after that round and nothing is compared."""
    header, events = read_log(path)
    rules, content, _ = open_scenario(find_scenario(header["scenario"], Path(path).resolve().parent))
    rounds = header.get("max_rounds", 40) if upto_round is None else upto_round
    match, timeline = play(rules, content, header["seed"], header["heroes"], header["bot"], rounds,
                           enemy=header.get("enemy"))
    if upto_round is not None:
        return None, rules, match, events
    again = json.loads(json.dumps(rules.log(match), default=str))
    for i, (a, b) in enumerate(zip(events, again)):
        if a != b:
            return f"event {i + 1} differs: logged {a} but replayed {b}", rules, match, events
    if len(events) != len(again):
        return f"the log has {len(events)} events, the replay {len(again)}", rules, match, events
    result = record(rules, match, header["seed"], header["heroes"], header["bot"], timeline)["result"]
    if header.get("result") and header["result"] != result:
        return f"the log ends in {header['result']}, the replay in {result}", rules, match, events
    return None, rules, match, events
