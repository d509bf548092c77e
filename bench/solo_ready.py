"""The Underworld alone: the heuristic bot with other ``SOLO_READY`` schedules (the chance to win the
battle a lone hero waits for before it brings the Damned One in), in paired games - the same seeds,
the same game until a schedule changes a choice.

    python bench/solo_ready.py --seeds 10000:12000 --jobs 2          # the shipped schedule against the one before
    python bench/solo_ready.py --seeds 8000:9000 --jobs 2 before shipped c90=30:0.9,45:0.75,60:0.55,0.3

A schedule is ``ROUND:P,...,P``: P before that round, the last P for the rest of the game;
``shipped`` and ``before`` name the schedule of ``overlord/games/underworld/bots.py`` and the one it
replaced. Each schedule after the first is compared with the first: the win rates, the paired
difference with its 95% interval (Newcombe) and the games won by one schedule only. The figures
in docs/underworld.md come from the two commands above.
"""

from __future__ import annotations

import argparse
import os
import sys
from multiprocessing import Pool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from overlord.games import registry  # noqa: E402
from overlord.games.underworld import bots  # noqa: E402
from overlord.sim.compare import paired_interval  # noqa: E402
from overlord.sim.play import play  # noqa: E402

NAMED = {"shipped": bots.SOLO_READY,
         "before": ((30, 0.35), (45, 0.2), (60, 0.05), (10**9, 0.0))}   # until 2026-12-04


def schedule(text: str) -> tuple[str, tuple[tuple[int, float], ...]]:
    """``name``, ``ROUND:P,...,P`` or ``name=ROUND:P,...,P``."""
    name, _, spec = text.rpartition("=") if "=" in text else (text, "", text)
    if spec in NAMED:
        return spec, NAMED[spec]
    steps = []
    try:
        for part in spec.split(","):
            until, _, p = part.rpartition(":")
            steps.append((int(until) if until else 10**9, float(p)))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a schedule: ROUND:P,...,P (e.g. 30:0.8,45:0.6,0.2)")
    if steps[-1][0] != 10**9:
        steps.append((10**9, steps[-1][1]))
    return name or spec, tuple(steps)


def shown(steps) -> str:
    """A schedule as the command line writes it: ``30:0.8,45:0.6,60:0.4,0.2``."""
    return ",".join(f"{p:g}" if until == 10**9 else f"{until}:{p:g}" for until, p in steps)


def won(job) -> list[int]:
    seed, schedules = job
    rules, content, _ = registry.open_scenario("underworld")
    rounds = rules.info(content).max_rounds
    out = []
    for steps in schedules:
        choose = bots.heuristic_ready(steps, "sweep")
        match, _ = play(rules, content, seed, 1, "heuristic", rounds,
                        chooser=lambda m, actions, rng: choose(m.state, actions, rng))
        result = rules.outcome(match)
        out.append(int(result is not None and result.result == "victory"))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("schedules", nargs="*", type=schedule, default=None,
                    help="schedules to compare, the first the baseline (default: before shipped)")
    ap.add_argument("--seeds", default="10000:12000", help="game seeds FROM:TO (TO excluded)")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args(argv)
    named = a.schedules or [schedule("before"), schedule("shipped")]
    try:
        first, last = (int(x) for x in a.seeds.split(":"))
    except ValueError:
        ap.error(f"--seeds {a.seeds!r}: FROM:TO, e.g. 10000:12000")
    steps = [s for _, s in named]
    jobs = [(seed, steps) for seed in range(first, last)]
    if a.jobs > 1:
        with Pool(a.jobs) as pool:
            results = pool.map(won, jobs, chunksize=10)
    else:
        results = [won(j) for j in jobs]
    n = len(results)
    base, _ = named[0]
    print(f"{n} paired games of the Underworld alone (seeds {first}-{last - 1}), the heuristic bot:")
    for i, (name, s) in enumerate(named):
        wins = sum(r[i] for r in results)
        line = f"  {name:<10} {wins / n:6.1%}  {shown(s)}"
        if i:
            both = sum(r[i] and r[0] for r in results)
            only = sum(r[i] and not r[0] for r in results)
            other = sum(r[0] and not r[i] for r in results)
            lo, hi = paired_interval(both, only, other, n - both - only - other)
            line += (f"\n             {name} - {base}: {(only - other) / n:+.1%} ({lo:+.1%} to {hi:+.1%}), "
                     f"won only by {name} {only}, only by {base} {other}")
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
