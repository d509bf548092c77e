"""A game played at the real table to its end, typed by a hero bot, written as a transcript.

The table is the one `overlord play` runs (``overlord.session.Session``, the program rolling the
heroes' dice): each turn the bot chooses among the legal actions and types the choice as the
table's words (``Table.typed``: the action's words, or the command a table reads for it); the table's answer is written after it, as a player reads it.
Every `options` list is left out but the first of each turn (the transcript would be mostly lists).

    python bench/transcript.py kingdom-dragon --heroes leandra,paladin --seed 3 > docs/transcripts/kingdom-dragon.txt

Seconds of CPU for a scenario; not part of the tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from overlord.games import registry  # noqa: E402
from overlord.session.session import Session  # noqa: E402
from overlord.sim.play import bot_of  # noqa: E402

MOST = 20_000          # commands at most (a game that does not end by then is a fault)


def transcript(scenario: str, heroes: list[str], seed: int, bot: str = "heuristic", turns_shown: int = 0) -> list[str]:
    rules, content, path = registry.open_scenario(scenario)
    session, opened = Session.start(rules, content, path, heroes, seed)
    choose = bot_of(rules, bot)
    minds = np.random.default_rng(seed)
    out = [f"$ overlord play {scenario} --heroes {','.join(heroes)} --seed {seed} --dice program"] + opened.lines
    last_turn = None
    for _ in range(MOST):
        match = session.match
        if rules.outcome(match) is not None:
            return out
        s = match.state
        turn = (s.round, s.turn.hero)
        if turn != last_turn:
            last_turn = turn
            out += [f"{rules.name}> options"] + session.execute("options").lines
        action = choose(match, rules.legal_actions(match), minds)
        line = session.table.typed(action)
        reply = session.execute(line)
        if not reply.ok:
            raise SystemExit(f"the table refused the bot's '{line}': {reply.lines}")
        out += [f"{rules.name}> {line}"] + reply.lines
    raise SystemExit(f"{scenario}: no end in {MOST} commands")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenario")
    ap.add_argument("--heroes", required=True, help="comma-separated")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="heuristic")
    a = ap.parse_args()
    print("\n".join(transcript(a.scenario, a.heroes.split(","), a.seed, a.bot)))


if __name__ == "__main__":
    main()
