"""Distances on a board: counting spaces, and movement points with paths.

* Counting spaces (range, closest, furthest, "toward" and "away"): the fewest adjacent steps,
  ignoring terrain cost, never through spaces that block movement (walls, obstacles). Figures do
  not block counting unless the scenario flag ``figures_block_counting`` is set (docs/readings.md,
  "Movement and boards"); then the spaces of the given figures are left out like walls.
* Movement points: entering a space costs its terrain's cost; enemy figures cannot be passed,
  monsters never enter damaging terrain.

Two forms of the same answers, checked against each other by the tests:
* layers and levels as bitsets (``bitsets``): what moves use. A move of speed 5 is six
  bitset levels (about 15 us), where any call into scipy costs 45 us of argument checking alone.
* float arrays over nodes (``inf`` where unreachable) from scipy's C Dijkstra over the board's
  CSR edges: whole-board fields for tools and reports (``bench/board_bench.py`` compares both
  with networkx and with a pure-Python Dijkstra).
"""

from __future__ import annotations

from typing import Iterable

import numpy as np
from scipy.sparse.csgraph import dijkstra

from .bitsets import bits
from .board import INF, Board

NO_LIMIT = 1 << 30


def count_layers(board: Board, sources: Iterable[int], blocked: Iterable[int] = ()) -> tuple[int, ...]:
    """Spaces counted from ``sources`` as bitset layers: layer k holds the spaces exactly k
    spaces away. Cached on the board when nothing but terrain blocks."""
    if not blocked and type(sources) is tuple:       # the usual call: a figure's spaces, cached
        hit = board._layer_cache.get(sources)
        if hit is not None:
            return hit
    sources = tuple(sorted({int(s) for s in sources}))
    blocked = tuple(int(b) for b in blocked if int(b) not in sources)
    bb = board.bitboard
    if blocked:
        walk = bb.walk
        for b in blocked:
            walk &= ~(1 << b)
        return tuple(bb.layers(_mask(sources), walk))
    hit = board._layer_cache.get(sources)
    if hit is None:
        hit = board._layer_cache[sources] = tuple(bb.layers(_mask(sources), bb.walk))
    return hit


def iter_count_layers(board: Board, sources: Iterable[int], blocked: Iterable[int] = ()):
    """:func:`count_layers`, lazily and uncached (for figures that are about to move)."""
    bb = board.bitboard
    walk = bb.walk
    for b in blocked:
        walk &= ~(1 << int(b))
    return bb.iter_layers(_mask(int(s) for s in sources), walk)


def count_of(layers: tuple[int, ...], mask: int) -> int | None:
    """The lowest layer that holds a space of ``mask`` (the spaces counted), None if none does."""
    for k, layer in enumerate(layers):
        if layer & mask:
            return k
    return None


def mp_levels(board: Board, source: int, *, monster: bool = True, enemies: Iterable[int] = (),
              limit: int = NO_LIMIT, away_from: tuple[int, ...] | None = None) -> list[int]:
    """Movement-point levels from ``source``: level d holds the spaces whose cheapest cost is d,
    up to ``limit``. ``away_from``: counting layers of a target; each step must then go one layer
    farther from it ("away")."""
    return list(iter_mp_levels(board, source, monster=monster, enemies=enemies, limit=limit,
                               away_from=away_from))


def iter_mp_levels(board: Board, source: int, *, monster: bool = True, enemies: Iterable[int] = (),
                   limit: int = NO_LIMIT, away_from: tuple[int, ...] | None = None):
    """:func:`mp_levels`, lazily: later levels are computed only when asked for."""
    bb = board.bitboard
    passable = bb.safe if monster else bb.walk
    for e in enemies:
        passable &= ~(1 << int(e))
    step_ok = None
    if away_from is not None:
        expand = bb.expand

        def step_ok(current: int, layers=away_from) -> int:
            out = 0
            for k in range(len(layers) - 1):
                part = current & layers[k]
                if part:
                    out |= expand(part) & layers[k + 1]
            return out
    return bb.iter_mp_levels(int(source), passable, limit, step_ok)


def levels_array(levels, size: int) -> np.ndarray:
    """Layers or levels as a float array over nodes: the index of the level holding each node,
    ``inf`` for nodes in none (the last level holding it, should levels overlap)."""
    out = np.full(size, INF)
    levels = list(levels)
    if not levels:
        return out
    width = (size + 7) // 8 + 1
    raw = np.frombuffer(b"".join(level.to_bytes(width, "little") for level in levels), dtype=np.uint8)
    held = np.unpackbits(raw.reshape(len(levels), width), axis=1, bitorder="little")[::-1, :size]
    anywhere = held.any(axis=0)
    out[anywhere] = (len(levels) - 1 - held.argmax(axis=0))[anywhere]
    return out


def trace_back(board: Board, levels: list[int], end: int, mp: int,
               away_from: tuple[int, ...] | None = None) -> list[int]:
    """A cheapest path from the levels' source to ``end`` (both included), which costs ``mp``:
    traced back from the end, each step to a neighbour one entering-cost lower; among several,
    the one nearest the source as the crow flies (then the first in reading order), so paths
    keep close to the straight line."""
    if not levels[mp] >> end & 1:
        raise ValueError(f"node {end} is not on level {mp}")
    nbr = board.bitboard.neighbour_masks
    cost = board.cost_list
    k = count_of(away_from, 1 << end) if away_from is not None else None
    xy = getattr(board, "_xy", None)
    if xy is not None:
        sx, sy = xy[levels[0].bit_length() - 1]
    path = [end]
    node, d = end, mp
    while d > 0:
        d -= cost[node]
        prev = levels[d] & nbr[node]
        if k is not None:
            k -= 1
            prev &= away_from[k]
        if not prev:  # pragma: no cover - every level was built by stepping from the one before
            raise AssertionError("levels are inconsistent")
        low = prev & -prev
        if prev == low or xy is None:
            node = low.bit_length() - 1
        else:                 # keep near the straight line: the one nearest the source wins
            node = min(bits(prev), key=lambda n: ((xy[n][0] - sx) ** 2 + (xy[n][1] - sy) ** 2, n))
        path.append(node)
    path.reverse()
    return path


def _mask(nodes) -> int:
    m = 0
    for n in nodes:
        m |= 1 << n
    return m


def count_field(board: Board, sources: Iterable[int], blocked: Iterable[int] = ()) -> np.ndarray:
    """Spaces counted from the nearest of ``sources`` to every node. Without ``blocked`` the
    one-source fields are cached on the board (the terrain does not change)."""
    sources = tuple(int(s) for s in sources)
    blocked = tuple(int(b) for b in blocked if int(b) not in sources)
    if not blocked:
        if len(sources) == 1:
            hit = board._count_cache.get(sources[0])
            if hit is None:
                hit = board._count_cache[sources[0]] = _count(board, sources, ())
            return hit
        return np.minimum.reduce([count_field(board, (s,)) for s in sources])
    return _count(board, sources, blocked)


def _count(board: Board, sources: tuple[int, ...], blocked: tuple[int, ...]) -> np.ndarray:
    g = board.work_graph()
    g.data.fill(1.0)
    for b in blocked:
        g.data[board.in_edges[b]] = INF
    dist = dijkstra(g, directed=True, indices=list(sources), min_only=True)
    dist.flags.writeable = False
    return dist


def mp_field(board: Board, source: int, *, monster: bool = True, enemies: Iterable[int] = (),
             limit: float = INF, allowed_edges: np.ndarray | None = None):
    """Movement points from ``source`` to every node and the predecessor of each on a cheapest
    path. ``enemies``: spaces of enemy figures, never entered. ``allowed_edges``: a bool mask over
    the board's edges (used by "away", which may only step to a space farther from its target).
    Returns ``(dist, pred)``; ``pred[v] == -9999`` where there is none."""
    g = board.work_graph()
    np.copyto(g.data, board.enter_weights_monster if monster else board.enter_weights_hero)
    for e in enemies:
        g.data[board.in_edges[int(e)]] = INF
    if allowed_edges is not None:
        g.data[~allowed_edges] = INF
    # min_only: one source, 1-D results, and less setup in scipy than the (1, N) matrix form
    dist, pred, _ = dijkstra(g, directed=True, indices=int(source), limit=limit, min_only=True,
                             return_predecessors=True)
    return dist, pred


def path_to(pred: np.ndarray, node: int) -> list[int]:
    """The path from the field's source to ``node`` (both included) by predecessors."""
    path = [int(node)]
    while pred[path[-1]] >= 0:
        path.append(int(pred[path[-1]]))
    path.reverse()
    return path
