"""Headless batches of games, for any registered game: ``overlord simulate`` and the tools
beside it.

Each game's seed derives from the master seed (numpy ``SeedSequence``): game i of a batch gets
``SeedSequence(master).spawn(n)[i]``, so a batch gives the same records whatever the number of
worker processes. A game's own generator (in its state) draws the cards; a second generator from
the same seed rolls the dice and makes the bots' choices, which are the players' inputs
(``sim.play``).
"""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from ..core.state import to_json
from ..games.registry import open_scenario
from .play import play_game

MAX_ROUNDS = 40
CHUNK = 8              # games a worker of the local pool is sent at a time, at most


def game_seeds(master: int, games: int) -> list[int]:
    """One 63-bit seed per game, derived from the master seed."""
    children = np.random.SeedSequence(master).spawn(games)
    return [int(c.generate_state(2, dtype=np.uint32).view(np.uint64)[0] >> 1) for c in children]


def play_one(scenario: str, seed: int, heroes: int, bot: str, max_rounds: int, log: list | None = None,
             enemy: str | None = None, budget: str | None = None) -> dict:
    """One headless game of a scenario file; its record."""
    rules, content, _ = open_scenario(scenario)
    return play_game(rules, content, seed, heroes, bot, max_rounds, log=log, enemy=enemy, budget=budget)


def _work(args):
    scenario, seed, heroes, bot, log_dir, index, max_rounds, enemy, budget = args
    events: list | None = [] if log_dir else None
    record = play_one(scenario, seed, heroes, bot, max_rounds, log=events, enemy=enemy, budget=budget)
    if log_dir and events is not None:
        write_log(Path(log_dir) / f"game-{index:06d}.jsonl", {**record, "scenario": scenario,
                                                              "max_rounds": max_rounds}, events)
    return record


def write_log(path: Path, record: dict, events: list[dict]) -> None:
    """One game's log; one that cannot be written whole (a disk filled up) is removed, not left
    cut short, and the error goes on (its ``filename`` the log's)."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps({"game": {k: v for k, v in record.items() if k not in ("timeline", "cpu_seconds")}},
                               sort_keys=True) + "\n")
            for e in events:
                f.write(json.dumps(to_json(e) if not isinstance(e, dict) else e, sort_keys=True, default=str) + "\n")
    except OSError as e:
        try:
            path.unlink(missing_ok=True)
        except OSError:
            pass
        raise OSError(e.errno, e.strerror, str(path)) from None


class BackendError(RuntimeError):
    """A back end that cannot run here (dask not installed, no scheduler at the address)."""


def simulate(scenario: str, games: int, seed: int, heroes: list[int], bot: str, jobs: int = 1,
             log_dir: str | None = None, progress=None, max_rounds: int = MAX_ROUNDS,
             backend: str = "local", scheduler: str | None = None, enemy: str | None = None,
             budget: str | None = None, skip: frozenset = frozenset()) -> list[dict]:
    """Play ``games`` games for each hero count; records in a fixed order whatever ``jobs`` and
    the back end are. ``backend``: "local" (a process pool of ``jobs``) or "dask" (the cluster at
    ``scheduler``, or a local one of ``jobs`` workers). The seeds depend on ``seed`` and the hero
    count only, so two bots (or two enemy policies) given the same arguments play the same games.
    ``budget``: a search bot's (``overlord.sim.mcts``). ``progress``: called with each game's record
    as it comes in (in order, but on Dask in the order the games end). ``skip``: games, as
    (hero count, seed), played already (a stopped run resumed): left out of the batch."""
    tasks = []
    index = 0
    for h in heroes:
        for s in game_seeds(seed * 10 + h, games):
            if (h, s) not in skip:
                tasks.append((str(scenario), s, h, bot, log_dir, index, max_rounds, enemy,
                              None if budget is None else str(budget)))
            index += 1
    if log_dir:
        Path(log_dir).mkdir(parents=True, exist_ok=True)
    if backend == "dask":
        return _dask(tasks, jobs, scheduler, progress)
    if jobs <= 1:
        records = []
        for t in tasks:
            records.append(_work(t))
            if progress:
                progress(records[-1])
        return records
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        records = []
        # chunks of at most CHUNK games: few round trips for short games, yet records (and
        # ``progress``) come in as games end, not a long chunk at a time
        for r in pool.map(_work, tasks, chunksize=max(1, min(CHUNK, len(tasks) // (jobs * 8)))):
            records.append(r)
            if progress:
                progress(r)
        return records


def _dask(tasks: list, jobs: int, scheduler: str | None, progress) -> list[dict]:
    """The batch on a Dask cluster: whole games as tasks, gathered back in their order."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed  # lazy: dask (the 'dask' extra)
    except ImportError:
        raise BackendError("--backend dask needs dask: pip install 'overlord[dask]'") from None
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout="10s")
        else:
            cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
    except (OSError, TimeoutError) as e:
        raise BackendError(f"no Dask scheduler at {scheduler}: {e}") from None
    try:
        futures = client.map(_work, tasks, pure=False)
        if progress:
            for done in as_completed(futures):
                progress(done.result())
        return client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
