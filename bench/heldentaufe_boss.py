"""Heldentaufe's monster boss: the planner against the greedy baseline, in one run.

    python bench/heldentaufe_boss.py [--games 200] [--heroes 1,2,3,4] [--situations 300] [--jobs 2] [--json]
                                     [--speed-only] [--quick]

1. Speed: monster turns met in headless games on the shipped board (co-operative scenario, heuristic
   heroes); for each, the planner's decision (every plan of up to 4 points, merged and scored) and
   the greedy baseline's whole turn (its best single step, again and again until it stops), timed
   on the same situations. The issue's budget: the planner chooses within 20 ms.
2. Strength: the same seeded games with ``rules.monster_policy`` planner, then greedy: the heroes'
   win rate (Wilson 95% interval), the hearts the monsters took a game and the heroes knocked out a
   game (mean and 95% interval), and the paired difference on the same seeds.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

sys.path.insert(0, os.path.join(ROOT, "bench"))

from overlord.games.heldentaufe import boss, planner  # noqa: E402
from overlord.games.heldentaufe.game import GAME  # noqa: E402
from overlord.sim.play import play, players_rng  # noqa: E402
from overlord.sim.run import game_seeds  # noqa: E402
from overlord.sim.stats import wilson_interval  # noqa: E402
from sim_bench import reference_loop  # noqa: E402  the same pure-Python yardstick as sim_bench

SCENARIO = os.path.join(ROOT, "scenarios", "heldentaufe.yaml")
_CONTENT = {}


def content(policy: str):
    if policy not in _CONTENT:
        c = GAME.load(SCENARIO)
        rules = c.scenario.rules.model_copy(update={"monster_policy": policy})
        _CONTENT[policy] = dataclasses.replace(c, scenario=c.scenario.model_copy(update={"rules": rules}))
    return _CONTENT[policy]


# -- 1. speed ----------------------------------------------------------------------------------------

def situations(n: int, seed: int = 3) -> list[planner.Situation]:
    """Monster turns as the planner saw them in headless games (2-4 heroes)."""
    c = content("planner")
    out: list[planner.Situation] = []
    i = 0
    while len(out) < n:
        s_seed = game_seeds(seed, i + 1)[i]
        heroes = 2 + i % 3
        match = GAME.new_match(c, GAME.party(c, heroes, s_seed), s_seed)
        rng = players_rng(s_seed)
        bot = GAME.bots["heuristic"]
        while GAME.outcome(match) is None and match.state.round <= 60 and len(out) < n:
            if GAME.to_act(match) is None:
                out.append(boss.situation(c, match.state, boss.POINTS))
                GAME.enemy_phase(match, rng)
            else:
                GAME.apply(match, bot(match, GAME.legal_actions(match), rng), rng)
        i += 1
    return out


def greedy_turn(board, s: planner.Situation) -> list:
    """The greedy baseline's whole turn on a situation, its steps applied to the positions (attacks
    spend their point; the dice are not rolled here)."""
    steps = []
    while s.points > 0:
        r = planner.greedy_step(board, s)
        if not r.best.steps:
            break
        kind, i, x = r.best.steps[0]
        steps.append(r.best.steps[0])
        fighters = s.monsters
        if kind == "move":
            fighters = fighters[:i] + (dataclasses.replace(fighters[i], area=x),) + fighters[i + 1:]
        s = dataclasses.replace(s, monsters=fighters, points=s.points - 1)
    return steps


def timing(sits: list[planner.Situation]) -> dict:
    """Each decision timed twice over: wall clock (perf_counter) and the process's CPU time (what the
    search itself costs, whatever else the machine runs)."""
    board = content("planner").underworld
    out = {}
    for name, fn in (("planner", lambda s: planner.plan(board, s)), ("greedy", lambda s: greedy_turn(board, s))):
        wall, cpu = [], []
        for s in sits:
            t, c = time.perf_counter(), time.process_time()
            fn(s)
            cpu.append(1000 * (time.process_time() - c))
            wall.append(1000 * (time.perf_counter() - t))
        out[name] = {"decisions": len(sits), "wall": _spread(wall), "cpu": _spread(cpu)}
    plans = [planner.plan(board, s).considered for s in sits]
    out["merged_plans"] = {"mean": round(statistics.fmean(plans), 1), "max": max(plans)}
    return out


def _spread(ms: list[float]) -> dict:
    ms = sorted(ms)
    return {"mean_ms": round(statistics.fmean(ms), 2), "p50_ms": round(ms[len(ms) // 2], 2),
            "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2), "max_ms": round(ms[-1], 2),
            "share_within_20ms": round(sum(m <= 20 for m in ms) / len(ms), 4)}


# -- 2. strength ---------------------------------------------------------------------------------------

def one_game(args):
    policy, seed, heroes = args
    c = content(policy)
    match, _ = play(GAME, c, seed, heroes, "heuristic", c.scenario.max_rounds)
    rec = GAME.record(match)
    return {"win": match.state.outcome == "victory", "hearts": rec["hearts_taken"], "knockouts": rec["knockouts"]}


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return m, m - half, m + half


def strength(games: int, counts: list[int], jobs: int, seed: int = 1) -> dict:
    out = {}
    for h in counts:
        seeds = game_seeds(seed * 10 + h, games)      # the seeds bench/balance.py plays
        res = {}
        for policy in ("planner", "greedy"):
            tasks = [(policy, s, h) for s in seeds]
            if jobs > 1:
                with ProcessPoolExecutor(jobs) as pool:
                    res[policy] = list(pool.map(one_game, tasks, chunksize=8))
            else:
                res[policy] = [one_game(t) for t in tasks]
        row = {}
        for policy, rs in res.items():
            wins = sum(r["win"] for r in rs)
            lo, hi = wilson_interval(wins, len(rs))
            hm, hlo, hhi = mean_ci([r["hearts"] for r in rs])
            km, klo, khi = mean_ci([r["knockouts"] for r in rs])
            row[policy] = {"win_rate": round(wins / len(rs), 4), "win_ci": [round(lo, 4), round(hi, 4)],
                           "hearts": [round(hm, 2), round(hlo, 2), round(hhi, 2)],
                           "knockouts": [round(km, 2), round(klo, 2), round(khi, 2)]}
        d = [int(a["win"]) - int(b["win"]) for a, b in zip(res["planner"], res["greedy"])]
        dm, dlo, dhi = mean_ci(d)
        dh = mean_ci([a["hearts"] - b["hearts"] for a, b in zip(res["planner"], res["greedy"])])
        row["paired"] = {"win_rate_difference": [round(dm, 4), round(dlo, 4), round(dhi, 4)],
                         "hearts_difference": [round(x, 2) for x in dh]}
        out[h] = row
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per hero count and policy")
    parser.add_argument("--heroes", default="1,2,3,4")
    parser.add_argument("--situations", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few of each, for the smoke test")
    parser.add_argument("--speed-only", action="store_true", help="time the decisions, play no games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.situations, args.heroes = 4, 20, "2"
    counts = [int(h) for h in args.heroes.split(",")]
    started = time.time()
    sits = situations(args.situations)
    ref_before = reference_loop()
    speed = timing(sits)
    speed["reference_loop_seconds"] = round((ref_before + reference_loop()) / 2, 4)
    speed["load_average"] = [round(x, 2) for x in os.getloadavg()]
    power = {} if args.speed_only else strength(args.games, counts, args.jobs)
    result = {"speed": speed, "strength": power, "games": args.games, "wall_seconds": round(time.time() - started, 1)}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"Heldentaufe's monster boss: {len(sits)} monster turns from headless games, shipped board "
          f"(reference loop {speed['reference_loop_seconds']} s, load average {speed['load_average'][0]})")
    for name in ("planner", "greedy"):
        for clock in ("cpu", "wall"):
            f = speed[name][clock]
            print(f"  {name:8} {clock:4} mean {f['mean_ms']:6.2f} ms  p50 {f['p50_ms']:6.2f}  p95 {f['p95_ms']:6.2f}  "
                  f"max {f['max_ms']:6.2f}  within 20 ms: {100 * f['share_within_20ms']:.1f}%")
    print(f"  merged plans a decision: mean {speed['merged_plans']['mean']}, max {speed['merged_plans']['max']}")
    if not power:
        return 0
    print(f"\nPlanner against greedy, {args.games} games per hero count each (same seeds), heuristic heroes:")
    print(f"{'heroes':>6}  {'boss':8} {'hero wins':>9}  {'95% CI':>15}  {'hearts/game (95% CI)':>22}  "
          f"{'knockouts/game (95% CI)':>24}")
    for h, row in power.items():
        for policy in ("planner", "greedy"):
            r = row[policy]
            print(f"{h:>6}  {policy:8} {100 * r['win_rate']:8.1f}%  {100 * r['win_ci'][0]:5.1f}% to {100 * r['win_ci'][1]:5.1f}%"
                  f"  {r['hearts'][0]:6.2f} ({r['hearts'][1]:.2f}-{r['hearts'][2]:.2f})"
                  f"      {r['knockouts'][0]:6.2f} ({r['knockouts'][1]:.2f}-{r['knockouts'][2]:.2f})")
        p = row["paired"]
        print(f"{'':>6}  planner - greedy: hero wins {100 * p['win_rate_difference'][0]:+.1f} points "
              f"({100 * p['win_rate_difference'][1]:+.1f} to {100 * p['win_rate_difference'][2]:+.1f}), hearts "
              f"{p['hearts_difference'][0]:+.2f} ({p['hearts_difference'][1]:+.2f} to {p['hearts_difference'][2]:+.2f})")
    print(f"({result['wall_seconds']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
