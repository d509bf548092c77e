"""Board benchmark: movement-point fields, monster moves, line of sight and counting fields.

Run from anywhere::

    python bench/board_bench.py            # full run, a table with PASS/FAIL against the targets
    python bench/board_bench.py --quick    # a couple of seconds, few repetitions (smoke test)
    python bench/board_bench.py --json     # one JSON object with every figure instead of the table

Boards of 20x20, 30x30 and 50x50 are generated from a fixed seed: walls round the border, about
10% scattered obstacles, some water and a few pits. Every figure is the median over several
batches of the time per call (``time.perf_counter``), in microseconds; the garbage collector is
off while a batch runs, as with ``timeit``. Figures compared with each other (the three Dijkstras,
the four verbs) have their batches interleaved, so a slow spell of a shared machine hits them
alike.

1. The full movement-point field from one source (``mp_field``, no limit) against networkx's
   ``single_source_dijkstra_path_length`` on the same directed graph and against a plain
   pure-Python heapq Dijkstra over ``board.neighbours`` (the obvious alternative).
2. A monster move of speed 5: ``move(scene, "m", verb, "h", speed=5)`` for toward, engage, away
   and spot, with a hero and a handful of other figures on free floor (the board's per-source
   counting cache is warm, as in play: the board outlives the move).
3. A line-of-sight check between random pairs of floor spaces with a few figures as blockers:
   warm (the same pairs again, per-pair static cache filled) and cold (a fresh board, first check
   of each pair; the module-wide segment cache, shared by boards of one width, stays warm).
4. The counting field from one source with the board's cache cleared before each call (cold).

Targets (checked on boards up to 30x30): full MP field <= 250 us, monster move of speed <= 5
<= 110 us, warm line-of-sight check <= 2 us, and the MP field >= 3x faster than networkx.
networkx is optional (``pip install networkx``, the ``bench`` extra); without it that
comparison is skipped with a note.
"""

from __future__ import annotations

import argparse
import gc
import heapq
import json
import os
import platform
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import numpy as np  # noqa: E402
import scipy  # noqa: E402

from overlord.ai.movement import move  # noqa: E402
from overlord.core.board import INF, mask_of  # noqa: E402
from overlord.core.figures import Figure, Scene  # noqa: E402
from overlord.core.grids import GridBoard  # noqa: E402
from overlord.core.pathing import count_field, mp_field  # noqa: E402

try:
    import networkx as nx
except ImportError:  # optional extra
    nx = None

SEED = 20240611
SIZES = (20, 30, 50)
TARGET_MAX_SIDE = 30          # targets apply to boards up to 30x30
TARGETS = {                   # name: (limit, "max" or "min", text)
    "mp_field_us": (250.0, "max", "full MP field <= 250 us"),
    "move_us": (110.0, "max", "monster move (speed 5) <= 110 us"),
    "los_warm_us": (2.0, "max", "LOS check (warm) <= 2 us"),
    "speedup_vs_networkx": (3.0, "min", "MP field >= 3x faster than networkx"),
}
VERBS = ("toward", "engage", "away", "spot")


# -- boards and scenes --------------------------------------------------------------------------

def make_rows(side: int, seed: int = SEED) -> list[str]:
    """A side x side map: walls round the border, ~10% obstacles, some water, a few pits."""
    rng = np.random.default_rng(seed + side)
    inner = side - 2
    grid = np.full((inner, inner), ".", dtype="<U1")
    r = rng.random((inner, inner))
    grid[r < 0.10] = "o"
    grid[(r >= 0.10) & (r < 0.16)] = "~"
    n_pits = max(2, inner * inner // 150)
    for i in rng.choice(inner * inner, size=n_pits, replace=False):
        grid.flat[i] = "p"
    rows = ["#" * side]
    rows += ["#" + "".join(row) + "#" for row in grid]
    rows.append("#" * side)
    return rows


def floor_nodes(board: GridBoard) -> np.ndarray:
    floor = board.terrains.index("floor")
    return np.flatnonzero(board.node_terrain == floor)


def make_scenes(board: GridBoard, rng: np.random.Generator, n: int) -> list[Scene]:
    """Scenes with monster "m" (speed 5), hero "h" 6-12 counted spaces away and out of its sight
    (so every verb does its full work), and two more heroes and two more monsters."""
    floor = floor_nodes(board)
    scenes: list[Scene] = []
    tries = 0
    while len(scenes) < n:
        tries += 1
        if tries > 20000:
            raise RuntimeError("could not place figures on the generated board")
        m, h, h2, h3, m2, m3 = (int(x) for x in rng.choice(floor, size=6, replace=False))
        c = count_field(board, (h,))[m]
        if not 6 <= c <= 12:
            continue
        figs = [Figure("m", "monsters", board.at_of(m), 5), Figure("h", "heroes", board.at_of(h), 4),
                Figure("h2", "heroes", board.at_of(h2), 4), Figure("h3", "heroes", board.at_of(h3), 4),
                Figure("m2", "monsters", board.at_of(m2), 3), Figure("m3", "monsters", board.at_of(m3), 3)]
        scene = Scene(board, figs)
        if scene.sees("m", "h"):
            continue
        scenes.append(scene)
    return scenes


def los_pairs(board: GridBoard, rng: np.random.Generator, n: int) -> list[tuple[int, int]]:
    """n distinct unordered pairs of distinct floor spaces, in random order."""
    floor = floor_nodes(board)
    seen: set[tuple[int, int]] = set()
    pairs: list[tuple[int, int]] = []
    limit = len(floor) * (len(floor) - 1) // 2
    n = min(n, limit)
    while len(pairs) < n:
        a, b = (int(x) for x in rng.choice(floor, size=2, replace=False))
        key = (a, b) if a < b else (b, a)
        if key in seen:
            continue
        seen.add(key)
        pairs.append((a, b))
    return pairs


# -- the alternatives ---------------------------------------------------------------------------

def heapq_dijkstra(neighbours, enter, source: int):
    """Plain Dijkstra with heapq over the neighbour lists; ``enter[v]`` is the cost to enter v,
    None where it cannot be entered. Returns (dist, pred) dicts."""
    dist = {source: 0.0}
    pred: dict[int, int] = {}
    done = set()
    heap = [(0.0, source)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, u = pop(heap)
        if u in done:
            continue
        done.add(u)
        for v in neighbours[u]:
            w = enter[v]
            if w is None:
                continue
            nd = d + w
            if nd < dist.get(v, INF):
                dist[v] = nd
                pred[v] = u
                push(heap, (nd, v))
    return dist, pred


def monster_enter_costs(board: GridBoard) -> list:
    return [None if (board.blocks_move[v] or board.damage[v] > 0) else float(board.cost[v])
            for v in range(board.size)]


def networkx_graph(board: GridBoard):
    g = nx.DiGraph()
    g.add_nodes_from(range(board.size))
    w = board.enter_weights_monster
    ok = np.isfinite(w)
    g.add_weighted_edges_from(zip(board.edge_source[ok].tolist(), board.edge_target[ok].tolist(),
                                  w[ok].tolist()))
    return g


# -- timing -------------------------------------------------------------------------------------

class Timer:
    def __init__(self, batches: int, batch_seconds: float):
        self.batches = batches
        self.batch_seconds = batch_seconds

    def per_call(self, fn, calls_per_run: int = 1) -> float:
        """Median over batches of the time per call of ``fn`` (which makes ``calls_per_run``
        calls), in microseconds. Repetitions are calibrated to fill ``batch_seconds``."""
        t0 = time.perf_counter()
        fn()
        one = max(time.perf_counter() - t0, 1e-7)
        reps = max(1, int(self.batch_seconds / one))
        samples = []
        for _ in range(self.batches):
            gc_was = gc.isenabled()
            gc.disable()
            try:
                t0 = time.perf_counter()
                for _ in range(reps):
                    fn()
                elapsed = time.perf_counter() - t0
            finally:
                if gc_was:
                    gc.enable()
            samples.append(elapsed / (reps * calls_per_run) * 1e6)
        return statistics.median(samples)

    def compare(self, fns: dict, calls_per_run: int = 1) -> dict:
        """As per_call for several functions, their batches interleaved (a, b, c, a, b, c, ...) so
        that a slow spell of a shared machine hits them alike and their ratio stays fair."""
        reps = {}
        for name, fn in fns.items():
            t0 = time.perf_counter()
            fn()
            reps[name] = max(1, int(self.batch_seconds / max(time.perf_counter() - t0, 1e-7)))
        samples: dict = {name: [] for name in fns}
        for _ in range(self.batches):
            for name, fn in fns.items():
                gc_was = gc.isenabled()
                gc.disable()
                try:
                    t0 = time.perf_counter()
                    for _ in range(reps[name]):
                        fn()
                    elapsed = time.perf_counter() - t0
                finally:
                    if gc_was:
                        gc.enable()
                samples[name].append(elapsed / (reps[name] * calls_per_run) * 1e6)
        return {name: statistics.median(v) for name, v in samples.items()}

    def fresh_each_batch(self, setup, fn, calls_per_run: int) -> float:
        """As per_call, but ``setup()`` (untimed) makes fresh state for each batch and ``fn(state)``
        runs once per batch: for first-time (cold) figures."""
        samples = []
        for _ in range(self.batches):
            state = setup()
            gc_was = gc.isenabled()
            gc.disable()
            try:
                t0 = time.perf_counter()
                fn(state)
                elapsed = time.perf_counter() - t0
            finally:
                if gc_was:
                    gc.enable()
            samples.append(elapsed / calls_per_run * 1e6)
        return statistics.median(samples)


# -- the measurements ---------------------------------------------------------------------------

def bench_board(side: int, timer: Timer, quick: bool) -> dict:
    rows = make_rows(side)
    board = GridBoard(rows)
    rng = np.random.default_rng(SEED * 7 + side)
    floor = floor_nodes(board)
    out: dict = {
        "side": side,
        "spaces_on_map": side * side,
        "nodes": board.size,
        "floor": int(len(floor)),
        "edges": int(np.isfinite(board.enter_weights_monster).sum()),
    }

    # 1. full movement-point field from one source
    sources = [int(s) for s in rng.choice(floor, size=8 if not quick else 4, replace=False)]
    mp_field(board, sources[0])                       # build the CSR and weights once

    neighbours = board.neighbours
    enter = monster_enter_costs(board)
    fns = {}

    def run_overlord():
        for s in sources:
            mp_field(board, s)

    def run_heapq():
        for s in sources:
            heapq_dijkstra(neighbours, enter, s)

    fns["overlord"], fns["heapq"] = run_overlord, run_heapq
    if nx is not None:
        g = networkx_graph(board)
        sssp = nx.single_source_dijkstra_path_length

        def run_nx():
            for s in sources:
                sssp(g, s)

        fns["networkx"] = run_nx
    times = timer.compare(fns, len(sources))
    mp = {"overlord_us": times["overlord"], "heapq_us": times["heapq"]}
    mp["speedup_vs_heapq"] = mp["heapq_us"] / mp["overlord_us"]

    # the three agree (checked once, untimed)
    dist, _ = mp_field(board, sources[0])
    hdist, _ = heapq_dijkstra(neighbours, enter, sources[0])
    agree = all(dist[v] == d for v, d in hdist.items()) and int(np.isfinite(dist).sum()) == len(hdist)
    if nx is not None:
        mp["networkx_us"] = times["networkx"]
        mp["speedup_vs_networkx"] = mp["networkx_us"] / mp["overlord_us"]
        ndist = sssp(g, sources[0])
        agree = agree and all(dist[v] == d for v, d in ndist.items()) and len(ndist) == len(hdist)
        mp["networkx_note"] = None
    else:
        mp["networkx_us"] = None
        mp["speedup_vs_networkx"] = None
        mp["networkx_note"] = "networkx not installed (pip install networkx): comparison skipped"
    mp["results_agree"] = bool(agree)
    mp["sources"] = len(sources)
    out["mp_field"] = mp

    # 2. monster moves of speed 5
    scenes = make_scenes(board, rng, 4 if not quick else 2)
    for verb in VERBS:
        for sc in scenes:                       # warm the board's caches (counting fields, LOS)
            move(sc, "m", verb, "h", speed=5)

    def run_move(verb):
        def run():
            for sc in scenes:
                move(sc, "m", verb, "h", speed=5)
        return run

    times = timer.compare({verb: run_move(verb) for verb in VERBS}, len(scenes))
    moves = {f"{verb}_us": times[verb] for verb in VERBS}
    moves["scenes"] = len(scenes)
    out["move"] = moves

    # 3. line of sight between random pairs of floor spaces, a few figures blocking
    n_pairs = 2000 if not quick else 300
    pairs = los_pairs(board, rng, n_pairs)
    blocker_nodes = [int(x) for x in rng.choice(floor, size=6, replace=False)]
    blockers = mask_of(blocker_nodes)
    los = board.line_of_sight
    seen = sum(los(a, b, blockers) for a, b in pairs)  # fills the per-pair static cache

    def run_warm():
        for a, b in pairs:
            los(a, b, blockers)

    los_out = {"warm_us": timer.per_call(run_warm, len(pairs))}

    def fresh_board():
        fb = GridBoard(rows)
        fb.blocks_los, fb.pit, fb.los_wall_mask      # board-wide arrays built; pairs still cold
        return fb.line_of_sight

    def run_cold(fresh_los):
        for a, b in pairs:
            fresh_los(a, b, blockers)

    los_out["cold_us"] = timer.fresh_each_batch(fresh_board, run_cold, len(pairs))
    los_out["pairs"] = len(pairs)
    los_out["blockers"] = len(blocker_nodes)
    los_out["visible_fraction"] = seen / len(pairs)
    out["los"] = los_out

    # 4. counting field, cold
    cache = board._count_cache

    def run_count():
        for s in sources:
            cache.clear()
            count_field(board, (s,))

    out["count_field"] = {"cold_us": timer.per_call(run_count, len(sources))}
    return out


def machine() -> dict:
    info = {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "cpus": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "numpy": np.__version__,
        "scipy": scipy.__version__,
        "networkx": nx.__version__ if nx is not None else None,
        "blas": None,
        "loadavg": None,
    }
    try:   # other work on the machine makes every figure noisy; worth knowing when reading them
        info["loadavg"] = [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        pass
    try:   # numpy >= 1.25 reports its build configuration as a dict
        cfg = np.show_config(mode="dicts")
        blas = cfg["Build Dependencies"]["blas"]
        info["blas"] = f"{blas.get('name')} {blas.get('version', '')}".strip()
    except Exception:
        pass
    return info


def check_targets(boards: dict) -> list[dict]:
    checks = []
    for name, b in boards.items():
        if b["side"] > TARGET_MAX_SIDE:
            continue
        values = {
            "mp_field_us": [("mp_field", b["mp_field"]["overlord_us"])],
            "move_us": [(f"move {v}", b["move"][f"{v}_us"]) for v in VERBS],
            "los_warm_us": [("los warm", b["los"]["warm_us"])],
            "speedup_vs_networkx": [("speedup vs networkx", b["mp_field"]["speedup_vs_networkx"])],
        }
        for key, (limit, sense, text) in TARGETS.items():
            for what, value in values[key]:
                if value is None:
                    ok = None
                else:
                    ok = value <= limit if sense == "max" else value >= limit
                checks.append({"board": name, "target": key, "what": what, "value": value,
                               "limit": limit, "sense": sense, "text": text, "pass": ok})
    return checks


# -- output -------------------------------------------------------------------------------------

def verdict(checks, board, what) -> str:
    for c in checks:
        if c["board"] == board and c["what"] == what:
            return {True: "PASS", False: "FAIL", None: "skip"}[c["pass"]]
    return "-"


def fmt(v, width=9, unit=""):
    if v is None:
        return "n/a".rjust(width)
    return f"{v:{width - len(unit)}.1f}{unit}" if v < 1000 else f"{v:{width - len(unit)}.0f}{unit}"


def print_table(result: dict) -> None:
    m = result["machine"]
    cfg = result["config"]
    checks = result["targets"]
    boards = result["boards"]
    print("Overlord board benchmark")
    print(f"machine : {m['platform']} ({m['machine']}, {m['cpus']} cpus)")
    print(f"python  : {m['python']}   numpy {m['numpy']} (BLAS: {m['blas'] or 'unknown'})   "
          f"scipy {m['scipy']}   networkx {m['networkx'] or 'not installed'}")
    if m["loadavg"] is not None:
        busy = m["loadavg"][0] > 0.5 * (m["cpus"] or 1)
        print(f"load    : {' '.join(str(x) for x in m['loadavg'])} (1/5/15 min)"
              + ("  [machine busy with other work: figures are noisy]" if busy else ""))
    print(f"timing  : median of {cfg['batches']} batches of ~{cfg['batch_ms']:.0f} ms, microseconds per call"
          f"{'  [--quick: indicative only]' if cfg['quick'] else ''}; targets on boards up to "
          f"{TARGET_MAX_SIDE}x{TARGET_MAX_SIDE}")
    print()
    print("1. full movement-point field from one source (mp_field, no limit)")
    print(f"{'board':>7} {'nodes':>6} {'edges':>6} | {'overlord':>9} {'networkx':>9} {'heapq-py':>9} |"
          f" {'x nx':>6} {'x heapq':>7} | {'<=250us':>7} {'>=3x nx':>7} | agree")
    for name, b in boards.items():
        mp = b["mp_field"]
        sp = mp["speedup_vs_networkx"]
        print(f"{name:>7} {b['nodes']:>6} {b['edges']:>6} | {fmt(mp['overlord_us'])} {fmt(mp['networkx_us'])}"
              f" {fmt(mp['heapq_us'])} | {('%.1fx' % sp) if sp else 'n/a':>6} {mp['speedup_vs_heapq']:>6.1f}x |"
              f" {verdict(checks, name, 'mp_field'):>7} {verdict(checks, name, 'speedup vs networkx'):>7} |"
              f" {'yes' if mp['results_agree'] else 'NO'}")
    note = next((b["mp_field"]["networkx_note"] for b in boards.values() if b["mp_field"]["networkx_note"]), None)
    if note:
        print(f"   note: {note}")
    print()
    print("2. monster move, speed 5: move(scene, 'm', verb, 'h', speed=5)   [target <= 110 us]")
    print(f"{'board':>7} | " + " ".join(f"{v:>9} {'':4}" for v in VERBS))
    for name, b in boards.items():
        cells = []
        for v in VERBS:
            cells.append(f"{fmt(b['move'][f'{v}_us'])} {verdict(checks, name, 'move ' + v):4}")
        print(f"{name:>7} | " + " ".join(cells))
    print()
    print("3. line of sight, random floor pairs, 6 figures blocking   [target: warm <= 2 us]")
    print(f"{'board':>7} {'pairs':>6} {'seen':>5} | {'warm':>9} {'':4} | {'cold':>9}")
    for name, b in boards.items():
        lo = b["los"]
        print(f"{name:>7} {lo['pairs']:>6} {lo['visible_fraction']:>5.0%} | {fmt(lo['warm_us'])} "
              f"{verdict(checks, name, 'los warm'):4} | {fmt(lo['cold_us'])}")
    print()
    print("4. counting field from one source, cache cleared (cold)")
    for name, b in boards.items():
        print(f"{name:>7} | {fmt(b['count_field']['cold_us'])}")
    print()
    fails = [c for c in checks if c["pass"] is False]
    skipped = [c for c in checks if c["pass"] is None]
    print(f"targets: {sum(1 for c in checks if c['pass'])} PASS, {len(fails)} FAIL"
          + (f", {len(skipped)} skipped" if skipped else ""))
    for c in fails:
        rel = "<=" if c["sense"] == "max" else ">="
        print(f"  FAIL {c['board']:>6} {c['what']:<22} {c['value']:8.2f} (want {rel} {c['limit']:g})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="few repetitions (a couple of seconds)")
    ap.add_argument("--json", action="store_true", help="print one JSON object of all figures")
    args = ap.parse_args(argv)

    batches, batch_s = (3, 0.004) if args.quick else (9, 0.04)
    timer = Timer(batches, batch_s)
    info = machine()          # before the run: the load is then other work, not this script
    t0 = time.perf_counter()
    boards = {}
    for side in SIZES:
        boards[f"{side}x{side}"] = bench_board(side, timer, args.quick)
    checks = check_targets(boards)
    result = {
        "machine": info,
        "config": {"quick": args.quick, "batches": batches, "batch_ms": batch_s * 1e3, "seed": SEED,
                   "sizes": list(SIZES), "target_max_side": TARGET_MAX_SIDE, "unit": "us per call"},
        "boards": boards,
        "targets": checks,
        "all_pass": all(c["pass"] is not False for c in checks),
        "seconds": round(time.perf_counter() - t0, 2),
    }
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print_table(result)
        print(f"(ran in {result['seconds']:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
