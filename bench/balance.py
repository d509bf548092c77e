"""Balance of a shipped scenario: a hero bot over N seeded games per hero count, through the same
runner as `overlord simulate` (so the figures are the ones it would give).

    python bench/balance.py underworld [--games 200] [--seed 1] [--heroes 1,2,3,4] [--jobs 2]
    python bench/balance.py forgotten-souls --heroes 2,3,4 [--bot heuristic|random] [--max-rounds R]

Prints per hero count: the win rate with its Wilson 95% interval, the mean rounds, the CPU time a
game and how the games ended. Max rounds default to the scenario's own (else 40).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from overlord.content.quest import resolve_scenario  # noqa: E402
from overlord.sim.run import MAX_ROUNDS, about, load_any, simulate  # noqa: E402
from overlord.sim.stats import summarize  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", help="a shipped scenario's name or a scenario file")
    parser.add_argument("--games", type=int, default=200, help="games per hero count (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    parser.add_argument("--heroes", default=None, help="hero counts, comma-separated (default: the scenario's)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--bot", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--max-rounds", type=int, default=None)
    args = parser.parse_args(argv)
    path = str(resolve_scenario(args.scenario).resolve())
    kind, content = load_any(path)
    name, _, allowed = about(kind, content)
    counts = [int(h) for h in args.heroes.split(",") if h.strip()] if args.heroes else allowed
    if kind == "game":                                   # a game on the interface: its ScenarioInfo
        max_rounds = args.max_rounds or content[0].info(content[1]).max_rounds
    else:
        max_rounds = args.max_rounds or getattr(content.scenario, "max_rounds", MAX_ROUNDS)
    started = time.time()
    records = simulate(path, args.games, args.seed, counts, args.bot, jobs=args.jobs, max_rounds=max_rounds)
    wall = time.time() - started
    print(f"{name} balance: {args.games} games per hero count, seed {args.seed}, bot {args.bot}, "
          f"max {max_rounds} rounds, {wall:.1f} s")
    print(f"{'heroes':>6}  {'games':>5}  {'wins':>4}  {'win rate':>8}  {'95% CI (Wilson)':>17}  "
          f"{'rounds':>6}  {'cpu/game':>8}  endings")
    for h in counts:
        mine = [r for r in records if r["heroes"] == h]
        s = summarize(mine)
        ci = s["win_rate_ci"]
        endings = "; ".join([f"victory {s['wins']}"]
                            + [f"defeat ({k}) {v}" for k, v in s["loss_reasons"].items()]
                            + [f"unfinished ({k}) {v}" for k, v in s["unfinished_reasons"].items()])
        cpu = sum(r.get("cpu_seconds", 0.0) for r in mine) / max(1, len(mine))
        print(f"{h:>6}  {s['games']:>5}  {s['wins']:>4}  {100 * s['win_rate']:>7.1f}%  "
              f"{100 * ci['low']:>6.1f}% to {100 * ci['high']:>5.1f}%  {s['rounds']['mean']:>6.2f}  "
              f"{cpu:>7.3f}s  {endings}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
