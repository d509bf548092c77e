"""The "does not peek" test at length (the suite's is tests/test_no_peek.py): whole games of every
shipped scenario at every hero count it allows, several seeds each, the heuristic bot playing them;
at every hero decision the match is judged against its twin (tests/twins.py: alike in all the
heroes see, every hidden thing dealt again): the legal actions, the heuristic bot's choice and a
determinised world must be the same, and at more decisions than the suite's the search bot's
choice and statistics too. Prints a line a game and every difference found; exits 1 if any.

    python bench/no_peek.py                                  # 3 seeds, the search at 4 decisions a game
    python bench/no_peek.py --seeds 10 --searches 20 --budget 16 --worlds 8
    python bench/no_peek.py --cases dragon-duel:2,heldentaufe-race:3 --searches 0 --json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from overlord.games.registry import open_scenario  # noqa: E402
from twin_games import search_bot, searched_where_it_searches, walk  # noqa: E402

SCENARIOS = ["forgotten-souls", "underworld", "heldentaufe", "heldentaufe-race", "dragon", "dragon-duel", "roth",
             "roth-race", "roth-standard", "roth-unknown"]


def cases(text: str | None) -> list[tuple[str, int | None]]:
    """``scenario[:heroes],...``; every scenario at every hero count without one."""
    if not text:
        return [(s, None) for s in SCENARIOS]
    out = []
    for part in text.split(","):
        name, _, heroes = part.partition(":")
        out.append((name, int(heroes) if heroes else None))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", help="scenario[:heroes],... (default: every shipped scenario, every hero count)")
    parser.add_argument("--seeds", type=int, default=3, help="games a hero count (seeds 1..N)")
    parser.add_argument("--searches", type=int, default=4, help="decisions a game the search bot is asked at")
    parser.add_argument("--every", type=int, default=20, help="the search at a decision with a choice every N")
    parser.add_argument("--budget", type=int, default=8, help="the search's simulations a decision")
    parser.add_argument("--worlds", type=int, default=4, help="worlds a plan or departure is played out in")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows, found = [], 0
    for name, count in cases(args.cases):
        rules, content, _ = open_scenario(name)
        for heroes in [count] if count else rules.info(content).hero_counts:
            search = search_bot(rules, heroes, args.budget, args.worlds)
            for seed in range(1, args.seeds + 1):
                started = time.process_time()
                at = searched_where_it_searches(rules, args.searches, args.every) if args.searches else None
                row = {"scenario": name, "heroes": heroes, "seed": seed, "decisions": 0, "searched": 0,
                       "differences": []}
                for n, match, judged in walk(rules, content, heroes, seed, search_at=at, search=search):
                    row["decisions"] += 1
                    row["searched"] += judged.searched is not None
                    where = f"decision {n} (round {match.state.round})"
                    row["differences"] += [f"{where}: {d}" for d in judged.differences]
                row["cpu_seconds"] = round(time.process_time() - started, 2)
                found += len(row["differences"])
                rows.append(row)
                if not args.json:
                    print(f"{name:17} {heroes} heroes seed {seed:3}: {row['decisions']:4} decisions, "
                          f"{row['searched']:2} searched, {len(row['differences'])} differences, "
                          f"{row['cpu_seconds']:.1f} CPU s", flush=True)
                    for d in row["differences"][:5]:
                        print(f"    {d}")
    if args.json:
        print(json.dumps({"games": rows, "differences": found}, indent=1))
    else:
        print(f"{len(rows)} games, {sum(r['decisions'] for r in rows)} decisions judged, "
              f"{sum(r['searched'] for r in rows)} searched: {found} differences")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
