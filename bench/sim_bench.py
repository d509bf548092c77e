"""Headless play benchmark: complete games per second per core for each shipped scenario and
bot, measured in the same run as a fixed pure-Python reference loop (so the figure can be read
against the machine's speed at that moment), and the local pool's scaling on all cores (busy
ratio: the games' summed CPU time over the wall time).

    python bench/sim_bench.py [--games N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from overlord.content.errors import ContentError  # noqa: E402
from overlord.content.quest import shipped_scenarios  # noqa: E402
from overlord.sim import underworld_run  # noqa: E402
from overlord.sim.bots import BOTS  # noqa: E402
from overlord.sim.run import MAX_ROUNDS, game_seeds, load_any, play_game, simulate  # noqa: E402


def reference_loop() -> float:
    """Seconds for a fixed pure-Python workload (dict and list churn, like the engine's)."""
    start = time.process_time()
    d = {}
    for i in range(300_000):
        d[i % 1000] = d.get(i % 1000, 0) + i
        if i % 7 == 0:
            d.pop((i * 31) % 1000, None)
    return time.process_time() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out = {"cores": os.cpu_count(), "scenarios": {}}
    ref_before = reference_loop()
    for name, path in shipped_scenarios().items():
        try:
            kind, content = load_any(str(path.resolve()))
        except ContentError:
            out.setdefault("skipped", []).append(name)     # not a scenario the headless runner plays
            continue
        heroes, bots = 3, list(BOTS)
        if kind == "game":                                  # a game on the interface, through the registry
            from overlord.sim.play import play_game as play_registered
            rules, inner = content
            info = rules.info(inner)
            heroes = 3 if 3 in info.hero_counts else info.hero_counts[0]
            max_rounds, bots = info.max_rounds, list(rules.bots)

            def player(_, s, h, bot, mr, rules=rules, inner=inner):
                return play_registered(rules, inner, s, h, bot, mr)
        else:
            player = play_game if kind == "descent" else underworld_run.play_game
            max_rounds = getattr(content.scenario, "max_rounds", MAX_ROUNDS)
        per_bot = {}
        for bot in bots:
            seeds = game_seeds(1, args.games)
            start = time.process_time()
            rounds = 0
            for s in seeds:
                rounds += player(content, s, heroes, bot, max_rounds)["rounds"]
            cpu = time.process_time() - start
            per_bot[bot] = {"games_per_core_second": round(args.games / cpu, 2),
                            "ms_per_game": round(1000 * cpu / args.games, 1),
                            "rounds_per_game": round(rounds / args.games, 1)}
        wall = time.perf_counter()
        records = simulate(str(path.resolve()), args.games, 2, [heroes], "heuristic", jobs=os.cpu_count() or 1,
                           max_rounds=max_rounds)
        wall = time.perf_counter() - wall
        busy = sum(r["cpu_seconds"] for r in records) / wall
        out["scenarios"][name] = {"bots": per_bot, "pool": {"jobs": os.cpu_count(), "games": len(records),
                                                            "wall_seconds": round(wall, 2),
                                                            "busy_ratio": round(busy, 2)}}
    ref_after = reference_loop()
    out["reference_loop_seconds"] = round((ref_before + ref_after) / 2, 4)
    for scenario in out["scenarios"].values():
        for fig in scenario["bots"].values():
            fig["games_per_reference_loop"] = round(fig["games_per_core_second"] * out["reference_loop_seconds"], 3)
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"reference loop: {out['reference_loop_seconds']} s (pure Python; smaller = faster machine)")
    if out.get("skipped"):
        print(f"skipped (not a quest the headless runner plays): {', '.join(out['skipped'])}")
    for name, sc in out["scenarios"].items():
        for bot, fig in sc["bots"].items():
            print(f"{name:18} {bot:10} {fig['games_per_core_second']:7.2f} games/s/core "
                  f"({fig['ms_per_game']} ms/game, {fig['rounds_per_game']} rounds; "
                  f"{fig['games_per_reference_loop']} games per reference loop)")
        pool = sc["pool"]
        print(f"{name:18} pool of {pool['jobs']}: {pool['games']} games in {pool['wall_seconds']} s, "
              f"busy ratio {pool['busy_ratio']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
