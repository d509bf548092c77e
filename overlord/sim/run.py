"""Headless games: bots play the heroes, the engine plays the enemy, dice are rolled.

Each game's seed derives from the master seed (numpy ``SeedSequence``): game i of a batch gets
``SeedSequence(master).spawn(n)[i]``, so a batch gives the same records whatever the number of
worker processes. A game's own generator (in its state) draws the cards; a second generator from
the same seed rolls the dice and makes the bots' choices, which are the players' inputs.
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from ..content.quest import Quest, load_quest
from ..core.state import to_json
from ..games.descent.engine import Game, new_game, overlord_phase
from ..games.descent.resolve import Headless
from .bots import BOTS, play_round

HERO_NAMES = ("syndrael", "avric", "leoric", "tomble")   # a warrior, a healer, a mage, a scout: the party by size
MAX_ROUNDS = 40


def game_seeds(master: int, games: int) -> list[int]:
    """One 63-bit seed per game, derived from the master seed."""
    children = np.random.SeedSequence(master).spawn(games)
    return [int(c.generate_state(2, dtype=np.uint32).view(np.uint64)[0] >> 1) for c in children]


def play_game(quest: Quest, seed: int, heroes: int, bot: str, max_rounds: int = MAX_ROUNDS,
              log: list | None = None) -> dict:
    """One whole game; returns its record (plain data). ``log``: receives the game's events."""
    started = time.process_time()
    game, timeline = play(quest, seed, heroes, bot, max_rounds)
    record = _record(game, seed, heroes, bot, timeline)
    record["cpu_seconds"] = time.process_time() - started
    if log is not None:
        log.extend(game.state.log)
    return record


def play(quest: Quest, seed: int, heroes: int, bot: str, max_rounds: int = MAX_ROUNDS) -> tuple[Game, list]:
    """Play a game headless until it ends or ``max_rounds`` have been played; returns the game
    and its round-by-round tracks."""
    if bot not in BOTS:
        raise ValueError(f"unknown bot {bot!r}; known: {', '.join(BOTS)}")
    game, players = start_game(quest, seed, heroes)
    timeline = []
    while not game.over and game.state.round <= max_rounds:
        play_round(game, bot, players)
        if game.over:
            break
        overlord_phase(game)
        timeline.append({"round": game.state.round, "doom": game.state.track.doom, "fate": game.state.track.fate})
    return game, timeline


def start_game(quest: Quest, seed: int, heroes: int | list[str]) -> tuple[Game, np.random.Generator]:
    """A headless game: the party (the first ``heroes`` of :data:`HERO_NAMES`, or these names),
    and the players' generator, which rolls every die the players would (``Headless``)."""
    names = list(HERO_NAMES[:heroes]) if isinstance(heroes, int) else list(heroes)
    game = new_game(quest, names, seed)
    players = np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])
    game.resolver = Headless(players)
    return game, players


def _record(game: Game, seed: int, heroes: int, bot: str, timeline: list) -> dict:
    s = game.state
    if s.phase == "victory":
        result, reason = "victory", "completed the final main encounter"
    elif s.phase == "defeat":
        result, reason = "defeat", (s.failed or "doom met fate")
    else:
        result, reason = "unfinished", "round limit"
    drawn = {"exploration": [p.card for p in s.dungeon.placements[1:]],
             "peril": [e["card"] for e in s.log if e["event"] == "peril"],
             "activation": [e["card"] for e in s.log if e["event"] == "activation_card"]}
    return {"seed": seed, "heroes": heroes, "bot": bot, "result": result, "reason": reason,
            "rounds": s.round, "doom": s.track.doom, "fate": s.track.fate, "track_spaces": s.track.spaces,
            "cards": drawn, "timeline": timeline, "track_moves": track_moves(game)}


def track_moves(game: Game) -> dict:
    """Where the fate and doom went: spaces each moved, by what moved them - a hero defeated,
    the fate step, or the card (peril, exploration card) whose effect it was - the heroes knocked
    out in each encounter, and how far the heroes got (main encounters completed, encounters
    explored)."""
    fate: dict[str, int] = {}
    doom: dict[str, int] = {}
    knockouts: dict[str, int] = {}
    where = game.state.dungeon.placements[0].card if game.state.dungeon.placements else ""
    for e in game.state.log:
        if e["event"] == "open_door":
            where = e["card"]
        elif e["event"] == "hero_defeated":
            knockouts[where] = knockouts.get(where, 0) + 1
        moved = abs(e.get("to", 0) - e.get("from", 0)) if e["event"] == "track" else 0
        if not moved:
            continue
        source = e["source"]
        if source.endswith(" defeated"):
            source = "heroes defeated"
        if e["what"] == "advance doom":
            doom[source] = doom.get(source, 0) + moved
        elif e["what"] == "advance fate":
            fate[source] = fate.get(source, 0) + moved
        elif e["what"] in ("fate back", "refresh fate"):
            fate[source] = fate.get(source, 0) - moved
    return {"fate": dict(sorted(fate.items())), "doom": dict(sorted(doom.items())),
            "knockouts": dict(sorted(knockouts.items())),
            "mains": game.state.main_encounters_completed, "explored": len(game.state.dungeon.placements)}


def play_one(scenario: str, seed: int, heroes: int, bot: str, max_rounds: int, log: list | None = None,
             enemy: str | None = None) -> dict:
    """One headless game of any scenario file; its record."""
    kind, content = load_any(scenario)
    if kind == "game":
        from .play import play_game as play_registered
        return play_registered(*content, seed, heroes, bot, max_rounds, log=log, enemy=enemy)
    return play_game(content, seed, heroes, bot, max_rounds, log=log)


def default_max_rounds(kind: str, content) -> int:
    """Where headless games of a loaded scenario stop unless told otherwise."""
    if kind == "game":
        return content[0].info(content[1]).max_rounds
    return getattr(content.scenario, "max_rounds", MAX_ROUNDS)


def bots_of(kind: str, content) -> list[str]:
    return list(content[0].bots) if kind == "game" else ["heuristic", "random"]


def _work(args):
    scenario, seed, heroes, bot, log_dir, index, max_rounds, enemy = args
    events: list | None = [] if log_dir else None
    record = play_one(scenario, seed, heroes, bot, max_rounds, log=events, enemy=enemy)
    if log_dir:
        write_log(Path(log_dir) / f"game-{index:06d}.jsonl", {**record, "scenario": scenario,
                                                              "max_rounds": max_rounds}, events)
    return record


_CONTENT: dict[str, tuple[str, object]] = {}


def scenario_kind(path: str | Path) -> str:
    """"underworld" for a co-operative Underworld scenario file, else "descent"."""
    from ..content.yamlio import load_yaml
    data = load_yaml(path).data
    return "game" if isinstance(data, dict) and "game" in data else "descent"


def load_any(scenario: str) -> tuple[str, object]:
    """(kind, content) of a scenario file: a Descent ``Quest`` or the Underworld's content;
    loaded once a process. Raises ContentError with FILE:LINE:COL problems."""
    if scenario not in _CONTENT:
        kind = scenario_kind(scenario)
        if kind == "game":
            from ..games.registry import open_scenario
            rules, content, _ = open_scenario(scenario)
            _CONTENT[scenario] = (kind, (rules, content))
        else:
            _CONTENT[scenario] = (kind, load_quest(scenario))
    return _CONTENT[scenario]


def about(kind: str, content) -> tuple[str, str, list[int]]:
    """(id, name, hero counts) of a loaded scenario, for messages and summaries."""
    if kind == "game":
        info = content[0].info(content[1])
        return info.id, info.name, list(info.hero_counts)
    sc = content.scenario
    return sc.id, sc.name, list(sc.heroes)


def write_log(path: Path, record: dict, events: list[dict]) -> None:
    import json
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps({"game": {k: v for k, v in record.items() if k not in ("timeline", "cpu_seconds")}},
                           sort_keys=True) + "\n")
        for e in events:
            f.write(json.dumps(to_json(e) if not isinstance(e, dict) else e, sort_keys=True, default=str) + "\n")


class BackendError(RuntimeError):
    """A back end that cannot run here (dask not installed, no scheduler at the address)."""


def simulate(scenario: str, games: int, seed: int, heroes: list[int], bot: str, jobs: int = 1,
             log_dir: str | None = None, progress=None, max_rounds: int = MAX_ROUNDS,
             backend: str = "local", scheduler: str | None = None, enemy: str | None = None) -> list[dict]:
    """Play ``games`` games for each hero count; records in a fixed order whatever ``jobs`` and
    the back end are. ``backend``: "local" (a process pool of ``jobs``) or "dask" (the cluster at
    ``scheduler``, or a local one of ``jobs`` workers). The seeds depend on ``seed`` and the hero
    count only, so two bots (or two enemy policies) given the same arguments play the same games."""
    tasks = []
    for h in heroes:
        for i, s in enumerate(game_seeds(seed * 10 + h, games)):
            tasks.append((str(scenario), s, h, bot, log_dir, len(tasks), max_rounds, enemy))
    if log_dir:
        Path(log_dir).mkdir(parents=True, exist_ok=True)
    if backend == "dask":
        return _dask(tasks, jobs, scheduler, progress)
    if jobs <= 1:
        records = []
        for t in tasks:
            records.append(_work(t))
            if progress:
                progress()
        return records
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        records = []
        for r in pool.map(_work, tasks, chunksize=max(1, len(tasks) // (jobs * 8))):
            records.append(r)
            if progress:
                progress()
        return records


def _dask(tasks: list, jobs: int, scheduler: str | None, progress) -> list[dict]:
    """The batch on a Dask cluster: whole games as tasks, gathered back in their order."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
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
            for _ in as_completed(futures):
                progress()
        return client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
