"""``overlord replay LOG``: play a logged headless game again from its seed and inputs (the
bot, the hero count) and check that every event and the end match the log. Any registered game:
the log names its scenario, the scenario its game.

A log is untrusted input: its game line is checked field by field before anything is played (a
seed that is not a whole number from 0, heroes that are not a count the scenario allows, an
unknown bot or enemy policy, a round limit out of range), and the result it records must be
there to be compared - each refusal one line naming the log, its line and the field."""

from __future__ import annotations

import json
from pathlib import Path

from ..content.paths import find_scenario, kind_of, shown
from ..games.registry import open_scenario
from ..core.plugins import is_reference
from .play import bot_of, known_bots, play, record

MAX_LOG_BYTES = 64 * 1024 * 1024     # a 40-round game logs well under 1 MB
MAX_LINE_BYTES = 1024 * 1024         # one event: a few hundred bytes (ours: far past any game's)
MAX_ROUNDS = 10_000                  # ours: far past any scenario's max_rounds
RESULTS = ("victory", "defeat", "unfinished")


class ReplayError(ValueError):
    """A log that cannot be replayed (not a game log, damaged, or its scenario is gone)."""


def read_log(path: str | Path) -> tuple[dict, list[dict]]:
    """A game log's header and events, read a line at a time: the header is checked before the rest
    is read (a file of anything else is refused at its first line, whatever its size) and no line
    may be longer than :data:`MAX_LINE_BYTES`."""
    path = Path(path)
    kind = kind_of(path)
    if kind != "file":
        raise ReplayError(f"{shown(path)}: " + {"missing": "no such file", "folder": "is a directory, not a game log"}
                          .get(kind, kind if kind != "other" else "not a regular file"))
    try:
        if path.stat().st_size > MAX_LOG_BYTES:
            raise ReplayError(f"{shown(path)}: too large for a game log ({path.stat().st_size:,} bytes; "
                              f"at most {MAX_LOG_BYTES:,})")
        with path.open("rb") as f:
            return _read_rows(path, f)
    except OSError as e:
        raise ReplayError(f"{shown(path)}: cannot read ({(e.strerror or str(e)).lower()})") from None


def _read_rows(path: Path, f) -> tuple[dict, list[dict]]:
    header: dict | None = None
    rows: list[dict] = []
    number = 0
    while True:
        raw = f.readline(MAX_LINE_BYTES + 1)
        if not raw:
            break
        number += 1
        if len(raw) > MAX_LINE_BYTES:
            raise ReplayError(f"{shown(path)}:{number}: not an Overlord game log (a line longer than "
                              f"{MAX_LINE_BYTES:,} bytes)")
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ReplayError(f"{shown(path)}:{number}: not an Overlord game log (not UTF-8 text)") from None
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            raise ReplayError(f"{shown(path)}:{number}: not an Overlord game log (not a line of JSON)") from None
        if not isinstance(row, dict):
            raise ReplayError(f"{shown(path)}:{number}: not an Overlord game log (a line is a JSON object)")
        if header is None:
            header = _header(path, row)
        elif not isinstance(row.get("event"), str):
            raise ReplayError(f"{shown(path)}:{number}: not an event of a game log (a line after the first names "
                              "its event)")
        else:
            rows.append(row)
    if header is None:
        raise ReplayError(f"{shown(path)}:1: not an Overlord game log (the first line names the game)")
    return header, rows


def _header(path: Path, row: dict) -> dict:
    """The first line's game, checked (a ReplayError naming the field otherwise)."""
    if not isinstance(row.get("game"), dict):
        raise ReplayError(f"{shown(path)}:1: not an Overlord game log (the first line names the game)")
    header = row["game"]
    missing = [k for k in ("scenario", "seed", "heroes", "bot", "result") if k not in header]
    if missing:
        raise ReplayError(f"{shown(path)}:1: the game line lacks {', '.join(missing)}")
    problem = _header_problem(header)
    if problem:
        raise ReplayError(f"{shown(path)}:1: {problem}")
    return header


def _whole(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _header_problem(h: dict) -> str:
    """What is wrong with a game line's fields ('' when nothing)."""
    if not isinstance(h["scenario"], str) or not h["scenario"]:
        return f"scenario: the scenario's path or name, got {_show(h['scenario'])}"
    if not _whole(h["seed"], 0, 2**64 - 1):
        return f"seed: a whole number from 0, got {_show(h['seed'])}"
    if not _whole(h["heroes"], 1, 99):
        return f"heroes: a number of heroes, got {_show(h['heroes'])}"
    if not isinstance(h["bot"], str) or not h["bot"]:
        return f"bot: a bot's name, got {_show(h['bot'])}"
    if "max_rounds" in h and not _whole(h["max_rounds"], 1, MAX_ROUNDS):
        return f"max_rounds: a whole number from 1 to {MAX_ROUNDS:,}, got {_show(h['max_rounds'])}"
    if h.get("enemy") is not None and not isinstance(h["enemy"], str):
        return f"enemy: an enemy policy's name, got {_show(h['enemy'])}"
    if h["result"] not in RESULTS:
        return f"result: one of {', '.join(RESULTS)}, got {_show(h['result'])}"
    return ""


def _show(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def replay(path: str | Path, upto_round: int | None = None, trusted_bot: str | None = None):
    """(first difference or None, the game's rules, the replayed match, the logged events).
    With ``upto_round`` the game stops after that round and nothing is compared."""
    header, events = read_log(path)
    rules, content, _ = open_scenario(find_scenario(header["scenario"], Path(path).resolve().parent))
    info = rules.info(content)
    where = f"{shown(path)}:1"
    if header["heroes"] not in info.hero_counts:
        raise ReplayError(f"{where}: heroes: {header['heroes']}, but {info.name} is for "
                          f"{', '.join(map(str, info.hero_counts))} heroes")
    bot = header["bot"]
    if is_reference(bot) and bot not in known_bots(rules) and bot != trusted_bot:
        # a log is data someone may send: it names only the bots Overlord knows, never code to import
        raise ReplayError(f"{where}: bot: {_show(bot)} names code to run, and a log names none (the bots of "
                          f"{info.name}: {', '.join(known_bots(rules))}); if the bot is yours and you trust it, "
                          f"say so: overlord replay --bot {bot[:80]} FILE")
    try:
        bot_of(rules, bot)
    except ValueError as e:
        raise ReplayError(f"{where}: bot: {e}") from None
    enemy = header.get("enemy")
    names = rules.enemies.names if rules.enemies is not None else {}
    if enemy is not None and enemy not in names:
        raise ReplayError(f"{where}: enemy: {info.name} has no enemy policy {enemy!r} (it has "
                          f"{', '.join(names) or 'one only'})")
    rounds = header.get("max_rounds", 40) if upto_round is None else upto_round
    match, timeline = play(rules, content, header["seed"], header["heroes"], header["bot"], rounds, enemy=enemy)
    if upto_round is not None:
        return None, rules, match, events
    again = json.loads(json.dumps(match.state.log, default=str))
    for i, (a, b) in enumerate(zip(events, again)):
        if a != b:
            return f"event {i + 1} differs: logged {a} but replayed {b}", rules, match, events
    if len(events) != len(again):
        return f"the log has {len(events)} events, the replay {len(again)}", rules, match, events
    replayed = record(rules, match, header["seed"], header["heroes"], header["bot"], timeline)
    for key in ("result", "reason", "rounds"):
        if key in header and header[key] != replayed[key]:
            return f"the log ends with {key} {header[key]!r}, the replay with {replayed[key]!r}", rules, match, events
    return None, rules, match, events
