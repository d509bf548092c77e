"""Balance of the Forgotten Souls quest (Descent co-op): a hero bot over N seeded games per hero
count, through ``overlord.sim.run.simulate`` (so the figures are those of ``overlord simulate``
with the same seed), summarized by ``overlord.sim.stats.summarize``.

    python bench/descent_balance.py [--games 150] [--seed 1] [--heroes 2,3,4] [--jobs 2]
                                    [--bot heuristic|random] [--max-rounds 40]

Prints per hero count: the win rate with its Wilson 95% interval, the mean rounds and how the
games ended.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from overlord.sim.run import MAX_ROUNDS, simulate  # noqa: E402
from overlord.sim.stats import summarize  # noqa: E402

SCENARIO = os.path.join(ROOT, "scenarios", "forgotten-souls.yaml")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150, help="games per hero count (default 150)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    parser.add_argument("--heroes", default="2,3,4", help="hero counts, comma-separated")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--bot", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--max-rounds", type=int, default=MAX_ROUNDS)
    parser.add_argument("--scenario", default=SCENARIO, help="scenario file (default: the shipped quest)")
    args = parser.parse_args(argv)
    counts = [int(h) for h in args.heroes.split(",") if h.strip()]
    started = time.time()
    records = simulate(args.scenario, args.games, args.seed, counts, args.bot, jobs=args.jobs,
                       max_rounds=args.max_rounds)
    wall = time.time() - started
    print(f"forgotten-souls balance: {args.games} games per hero count, seed {args.seed}, bot {args.bot}, "
          f"max {args.max_rounds} rounds, {wall:.1f} s")
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
