"""The MCTS hero bot against the heuristic bot, in paired games: for each scenario and hero count,
both bots play the same seeds (``overlord compare``'s batches and Newcombe's paired interval), and
the table gives each one's win rate, the difference with its paired 95% interval, where the
results differ, the search's decisions a CPU second and how often it left the heuristic's choice.

The default cases are the shipped co-operative scenarios, at 2 heroes, where the heuristic bot
loses more than it wins (the games' balance tables): Forgotten Souls, the Underworld, Heldentaufe
together, the Dragon together. Long (about 45 CPU minutes at 100 games): ``--jobs`` spreads it.

    python bench/mcts_bench.py --games 100 --budget 16 --seed 2024     # docs/testing-the-ai.md's table
    python bench/mcts_bench.py --cases dragon:2 --games 30 --json
    python bench/mcts_bench.py --cases dragon:2 --horizon 3     # the Dragon with 3-round rollouts
    python bench/mcts_bench.py --cases dragon:1 --switch 0      # the Dragon without switching plans
    python bench/mcts_bench.py --cases heldentaufe:1 --confirm 100   # departures played out to the end first
    python bench/mcts_bench.py --cases underworld:1 --partial run.jsonl   # each game's record as it ends
    python bench/mcts_bench.py --summarise run.jsonl    # the pairs a run (finished or stopped) played so far
    python bench/mcts_bench.py --cases underworld:1 --partial run.jsonl --resume   # go on with a stopped run
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import replace

from overlord.core.search import search_model
from overlord.games import registry
from overlord.sim import mcts, run
from overlord.sim.compare import compare, render

# scenario: hero counts where the heuristic bot loses more than it wins (the balance tables of the games' pages)
CASES = ["forgotten-souls:2", "underworld:2", "heldentaufe:2", "dragon:2"]


def case(text: str) -> tuple[str, int]:
    """``scenario:heroes`` (2 heroes without the count); the count is after the last colon, so a
    scenario's path may hold one."""
    scenario, colon, heroes = text.rpartition(":")
    if not colon or not heroes.isdigit():
        return text, 2
    return scenario, int(heroes)


def keeper(path: str | None, bot: str, scenario: str, settings: dict):
    """The progress callback that appends each game's record to ``path`` as it ends, with the
    run's ``settings`` (none without a path)."""
    if not path:
        return None

    def keep(record: dict) -> None:
        kept = {k: v for k, v in record.items() if k != "timeline"}
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"bot": bot, "scenario": scenario, "run": settings, **kept},
                               sort_keys=True, default=str) + "\n")
    return keep


def kept_lines(path: str):
    """(line number, record) of each game a ``--partial`` file kept; a last line cut short (the run
    was stopped while writing) is left out; SystemExit naming FILE:LINE for anything else."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.endswith("\n"):
                return
            try:
                r = json.loads(line)
                r["scenario"], r["bot"], r["heroes"], r["seed"]
            except (ValueError, KeyError, TypeError) as e:
                raise SystemExit(f"{path}:{number}: not a game kept by --partial ({e})") from None
            yield number, r


def kept_games(path: str, scenario: str, heroes: int, settings: dict) -> dict[str, list[dict]]:
    """The games of this case a stopped run kept in ``path``, by bot (``--resume``); SystemExit
    for a game the file kept from a run of other settings."""
    out: dict[str, list[dict]] = {"heuristic": [], "mcts": []}
    if not os.path.exists(path):
        return out
    with open(path, "rb+") as f:           # a last line cut short goes, so that new games start a line
        data = f.read()
        if data and not data.endswith(b"\n"):
            f.truncate(data.rfind(b"\n") + 1)
    for number, r in kept_lines(path):
        if r["scenario"] != scenario or r["heroes"] != heroes:
            continue
        if r.get("run") != settings:
            raise SystemExit(f"{path}:{number}: a game of a run with other settings ({r.get('run')}), "
                             f"not this one's ({settings})")
        out[r["bot"]].append(r)
    return out


def summarise(path: str) -> dict:
    """The paired summary of the games both bots finished in a ``--partial`` file, by case
    (``scenario:heroes``, as ``--cases`` names them: a run of several hero counts keeps them apart)."""
    batches: dict[tuple[str, str], list[dict]] = {}
    for _, r in kept_lines(path):
        batches.setdefault((f"{r['scenario']}:{r['heroes']}", r["bot"]), []).append(r)
    out = {}
    for name in sorted({c for c, _ in batches}, key=case):
        searched = batches.get((name, "mcts"), [])
        done = {r["seed"] for r in searched}
        base = [r for r in batches.get((name, "heuristic"), []) if r["seed"] in done]
        if base:
            out[name] = compare(searched, base, "mcts", "heuristic")
    return out


def measure(scenario: str, heroes: int, games: int, seed: int, budget: str, jobs: int, max_rounds: int | None,
            horizon: int | None = None, switch: int | None = None, confirm: int | None = None,
            partial: str | None = None, resume: bool = False):
    rules, content, path = registry.open_scenario(scenario)
    if switch is not None:           # worlds a plan is played out in: this process and the workers it forks
        mcts.SWITCH = switch
    if horizon is not None:          # the game's rules class's search model: this process and the workers it forks
        type(rules).search = replace(search_model(rules), horizon=horizon, horizons={})
    if confirm is not None:          # worlds a departure is played out in, at this hero count
        type(rules).search = replace(search_model(rules), confirm={**search_model(rules).confirm, heroes: confirm})
    rounds = max_rounds or rules.info(content).max_rounds
    started = time.time()
    settings = {"games": games, "seed": seed, "budget": str(budget), "max_rounds": max_rounds, "horizon": horizon,
                "switch": switch, "confirm": confirm}
    done = kept_games(partial, scenario, heroes, settings) if resume else {"heuristic": [], "mcts": []}
    order = {s: i for i, s in enumerate(run.game_seeds(seed * 10 + heroes, games))}

    def batch(bot: str, **kw) -> list[dict]:
        skip = frozenset((heroes, r["seed"]) for r in done[bot])
        new = run.simulate(str(path), games, seed, [heroes], bot, jobs, None, keeper(partial, bot, scenario, settings),
                           rounds, skip=skip, **kw)
        return sorted(done[bot] + new, key=lambda r: order[r["seed"]])
    base = batch("heuristic")
    searched = batch("mcts", budget=budget)
    summary = compare(searched, base, "mcts", "heuristic")
    stats = [r["search"] for r in searched]
    decisions = sum(s["decisions"] for s in stats)
    seconds = sum(s["seconds"] for s in stats)
    summary.update({
        "scenario": scenario, "heroes": heroes, "budget": budget, "seed": seed,
        "horizon": search_model(rules).horizon_for(heroes), "switch": mcts.SWITCH if search_model(rules).policies else 0,
        "confirm": search_model(rules).confirm_for(heroes),
        "unconfirmed_a_game": round(sum(s.get("unconfirmed", 0) for s in stats) / games, 2),
        "decisions_per_second": round(decisions / seconds, 2) if seconds else None,
        "decisions_a_game": round(decisions / games, 1),
        "deviations_a_game": round(sum(s["deviations"] for s in stats) / games, 2),
        "switched_a_game": round(sum(s["switched"] for s in stats) / games, 2),
        "judged_a_game": round(sum(s["judged"] for s in stats) / games, 2),
        "cpu_seconds_a_game": {"mcts": round(sum(r["cpu_seconds"] for r in searched) / games, 2),
                               "heuristic": round(sum(r["cpu_seconds"] for r in base) / games, 3)},
        "wall_seconds": round(time.time() - started, 1),
    })
    return summary


def row(s: dict) -> str:
    lo, hi = s["interval"]
    pairs = s["pairs"]
    return (f"| {s['scenario']} | {s['heroes']} | {s['games']} | {s['win_rate']['heuristic']:.1%} | "
            f"{s['win_rate']['mcts']:.1%} | {s['difference']:+.1%} | {lo:+.1%} to {hi:+.1%} | "
            f"{pairs['only_a']} / {pairs['only_b']} | {s['decisions_per_second']} | {s['deviations_a_game']} | "
            f"{s['switched_a_game']} | {s['unconfirmed_a_game']} | "
            f"{s['cpu_seconds_a_game']['mcts']} |")


HEADER = ("| scenario | heroes | paired games | heuristic | mcts | difference | 95% CI (paired) | "
          "won only by mcts / only by heuristic | decisions a CPU s | left the heuristic a game | "
          "... following another plan | ... turned down by play-outs | CPU s a game |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", default=",".join(CASES), help="scenario:heroes, comma separated")
    ap.add_argument("--games", type=int, default=100, help="paired games a case")
    ap.add_argument("--budget", default="16", help="simulations (or Nms) a decision")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-rounds", type=int, default=None)
    ap.add_argument("--horizon", type=int, default=None, help="rounds a rollout plays (default: the game's search model's horizon)")
    ap.add_argument("--switch", type=int, default=None,
                    help="worlds each plan is played out in where plans disagree; 0: no switching (default: mcts.SWITCH)")
    ap.add_argument("--confirm", type=int, default=None,
                    help="worlds a departure of the tree is played out in to the end before it is taken; 0: none "
                         "(default: the game's search model's confirm)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--partial", metavar="FILE", default=None,
                    help="append each game's record to FILE as it ends (a stopped run keeps what it played)")
    ap.add_argument("--resume", action="store_true",
                    help="with --partial: play only the games the FILE does not hold yet (a stopped run of the same "
                         "settings), then report on all")
    ap.add_argument("--summarise", metavar="FILE", default=None,
                    help="only print the paired summary of the games both bots finished in a --partial FILE")
    a = ap.parse_args()
    if a.resume and not a.partial:
        ap.error("--resume needs --partial FILE (the stopped run's games)")
    if a.partial and not a.resume and os.path.exists(a.partial) and os.path.getsize(a.partial):
        ap.error(f"--partial {a.partial}: the file exists and holds games; give a new file, or --resume the run "
                 "it kept")
    if a.summarise:
        for name, s in summarise(a.summarise).items():
            print(f"{name}:\n    " + render(s).replace("\n", "\n    "))
        return
    results = []
    if not a.json:
        print(HEADER)
    for text in a.cases.split(","):
        scenario, heroes = case(text.strip())
        s = measure(scenario, heroes, a.games, a.seed, a.budget, a.jobs, a.max_rounds, a.horizon, a.switch, a.confirm,
                    a.partial, a.resume)
        results.append(s)
        if not a.json:
            print(row(s), flush=True)
            print(render(s).replace("\n", "\n    "), file=sys.stderr, flush=True)
    if a.json:
        print(json.dumps({"cases": results, "budget": a.budget, "games": a.games, "seed": a.seed}, sort_keys=True))


if __name__ == "__main__":
    main()
