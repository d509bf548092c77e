"""Heldentaufe's monster boss before and after issue 39, in paired games.

    python bench/heldentaufe_boss_paired.py [--games 200] [--seed 1] [--jobs 2] [--cases heldentaufe:1,...]
                                            [--json] [--quick]

Before issue 39 the planner's key began with heroes knocked out and hearts taken, and the teeth
handed over only broke their ties: a monster on its last heart attacked at any odds. Now the key
begins with the balance (``overlord/games/heldentaufe/forecast.py``): hearts taken and heroes
knocked out against the teeth handed over (a Monster Hunter card's 2 included), with the heroes'
reply to where the monsters are left. This plays the same seeded games (heuristic heroes, the same
party for a seed) with the boss as it was (:class:`Before`, the old key kept here) and as it is,
and reports for each case (scenario and hero count):

- the heroes' win rate each way and the paired difference (new - old) with its 95% interval (the
  normal interval of the mean of the per-seed differences);
- the rounds a game lasted (the race's heroes nearly always win; how long it takes them says more);
- the monsters' deaths in their own attacks (a monster that attacked and lost its last heart),
  those of them in attacks at odds below even (the monster's chance to win that fight under 1/2),
  and all their deaths.

The boss is "not weaker" when the heroes' win rate is not higher with the new key: the interval's
low end is what a test can hold it to.
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

from overlord.games.heldentaufe import planner  # noqa: E402
from overlord.games.heldentaufe.dice import win_chance  # noqa: E402
from overlord.games.heldentaufe.game import GAME  # noqa: E402
from overlord.sim.play import play  # noqa: E402
from overlord.sim.run import game_seeds  # noqa: E402

CASES = "heldentaufe:1,heldentaufe:2,heldentaufe:3,heldentaufe:4,heldentaufe-race:2,heldentaufe-race:3,heldentaufe-race:4"
_CONTENT: dict = {}


class Before:
    """The planner's key before issue 39: (heroes knocked out, hearts taken, teeth handed over -
    the attacker's top tooth only, blocked, distance, points used), the least wins."""

    def __init__(self, board, s):
        self.s = s
        heroes = [h.area for h in s.heroes]
        self.dist = [min((board.dist[a][h] for h in heroes), default=0) for a in range(board.size)]
        guard = set(board.neighbours[board.treasure]) if s.treasure and board.treasure >= 0 else set()
        self.block = [(1 if a in s.portals else 0) + (1 if a in guard else 0) for a in range(board.size)]
        self.p = [[win_chance(s.faces, m.sword, h.defence) for h in s.heroes] for m in s.monsters]
        self._attacks: dict = {(): (0.0, 0.0, 0.0)}

    def expect(self, seq):
        got = self._attacks.get(seq)
        if got is None:
            ko, hearts, teeth = _expect(seq, 0, tuple(h.hearts for h in self.s.heroes),
                                        tuple(m.hearts for m in self.s.monsters), self.p, self.s.monsters)
            got = self._attacks[seq] = (round(ko, 9), round(hearts, 9), round(teeth, 9))
        return got

    def lead(self, positions, seq):
        """The key's first field (the planner asks it first of every plan)."""
        return -self.expect(seq)[0]

    def prefix(self, positions, seq, points):
        ko, hearts, teeth = self.expect(seq)
        block = sum(self.block[a] for a in positions)
        dist = sum(self.dist[a] for a in positions)
        return (-ko, -hearts, teeth, -block, dist, points)


def _expect(seq, k, hh, mh, p, fighters):
    """The planner's expectations before issue 39 (its ``_expect``, unchanged)."""
    while k < len(seq):
        i, j = seq[k]
        if mh[i] > 0 and hh[j] > 0:
            break
        k += 1
    else:
        return 0.0, 0.0, 0.0
    i, j = seq[k]
    q = p[i][j]
    a = _expect(seq, k + 1, hh[:j] + (hh[j] - 1,) + hh[j + 1:], mh, p, fighters)
    b = _expect(seq, k + 1, hh, mh[:i] + (mh[i] - 1,) + mh[i + 1:], p, fighters)
    ko = q * ((1.0 if hh[j] == 1 else 0.0) + a[0]) + (1 - q) * b[0]
    hearts = q * (1.0 + a[1]) + (1 - q) * b[1]
    teeth = q * a[2] + (1 - q) * ((fighters[i].tooth if mh[i] == 1 else 0) + b[2])
    return ko, hearts, teeth


def content(scenario: str):
    if scenario not in _CONTENT:
        _CONTENT[scenario] = GAME.load(os.path.join(ROOT, "scenarios", f"{scenario}.yaml"))
    return _CONTENT[scenario]


def one_game(args) -> dict:
    """One game with the boss ``which`` ("before" or "now")."""
    which, scenario, seed, heroes = args
    c = content(scenario)
    now = planner._Scorer
    planner._Scorer = Before if which == "before" else now
    try:
        started = time.process_time()
        match, _ = play(GAME, c, seed, heroes, "heuristic", c.scenario.max_rounds)
        cpu = time.process_time() - started
    finally:
        planner._Scorer = now
    s = match.state
    own = deaths = hopeless = 0
    faces = tuple(c.supply.combat_die)
    for before, e in zip(s.log, s.log[1:]):
        if e.get("event") == "defeated":
            deaths += 1
            if before.get("event") == "fight" and before["attacker"] == e["monster"]:
                own += 1
                attack, defence = (t - r for t, r in zip(before["totals"], before["rolls"]))
                hopeless += win_chance(faces, attack, defence) < 0.5
    return {"win": s.outcome == "victory", "rounds": s.round, "own": own, "hopeless": hopeless, "deaths": deaths,
            "cpu": cpu}


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return m, m - half, m + half


def case(text: str) -> tuple[str, int]:
    scenario, _, heroes = text.rpartition(":")
    return scenario, int(heroes)


def run(cases: list[str], games: int, seed: int, jobs: int) -> dict:
    out = {}
    for text in cases:
        scenario, heroes = case(text)
        seeds = game_seeds(seed * 10 + heroes, games)          # the seeds bench/heldentaufe_boss.py plays
        res = {}
        for which in ("before", "now"):
            tasks = [(which, scenario, s, heroes) for s in seeds]
            if jobs > 1:
                with ProcessPoolExecutor(jobs) as pool:
                    res[which] = list(pool.map(one_game, tasks, chunksize=4))
            else:
                res[which] = [one_game(t) for t in tasks]
        row = {}
        for which, rs in res.items():
            row[which] = {"win_rate": round(statistics.fmean(r["win"] for r in rs), 4),
                          "rounds": round(statistics.fmean(r["rounds"] for r in rs), 2),
                          "own_deaths": sum(r["own"] for r in rs), "deaths": sum(r["deaths"] for r in rs),
                          "own_deaths_below_even": sum(r["hopeless"] for r in rs),
                          "cpu_seconds": round(sum(r["cpu"] for r in rs), 1)}
        pairs = list(zip(res["now"], res["before"]))
        row["paired"] = {"win_rate": [round(x, 4) for x in mean_ci([int(a["win"]) - int(b["win"]) for a, b in pairs])],
                         "rounds": [round(x, 2) for x in mean_ci([a["rounds"] - b["rounds"] for a, b in pairs])],
                         "only_now": sum(a["win"] and not b["win"] for a, b in pairs),
                         "only_before": sum(b["win"] and not a["win"] for a, b in pairs)}
        out[text] = row
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per case and boss")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", default=CASES, help="scenario:heroes, comma-separated")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few games of one case, for the smoke test")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.cases = 3, "heldentaufe:2"
    started = time.time()
    result = {"games": args.games, "seed": args.seed, "cases": run(args.cases.split(","), args.games, args.seed, args.jobs)}
    result["wall_seconds"] = round(time.time() - started, 1)
    result["cpu_seconds"] = round(sum(r[w]["cpu_seconds"] for r in result["cases"].values() for w in ("before", "now")), 1)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"The monster boss before and after issue 39: {args.games} paired games a case, seed {args.seed}, "
          "heuristic heroes")
    print("| case | heroes win, before | now | now - before (95% CI) | only now / only before | rounds, before "
          "| now | deaths in own attacks, before | now | of them at odds below even, before | now "
          "| all deaths, before | now |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for text, row in result["cases"].items():
        b, n, p = row["before"], row["now"], row["paired"]
        w = p["win_rate"]
        print(f"| {text} | {100 * b['win_rate']:.1f}% | {100 * n['win_rate']:.1f}% | {100 * w[0]:+.1f} "
              f"({100 * w[1]:+.1f} to {100 * w[2]:+.1f}) | {p['only_now']} / {p['only_before']} | {b['rounds']:.1f} "
              f"| {n['rounds']:.1f} | {b['own_deaths']} | {n['own_deaths']} | {b['own_deaths_below_even']} "
              f"| {n['own_deaths_below_even']} | {b['deaths']} | {n['deaths']} |")
    print(f"({result['cpu_seconds']} CPU s in the games, {result['wall_seconds']} s wall)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
