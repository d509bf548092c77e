"""Distances on a board: counting spaces, and movement points with paths.

* Counting spaces (range, closest, furthest, "toward" and "away"): the fewest adjacent steps,
  ignoring terrain cost, never through spaces that block movement (walls, obstacles). Figures do
  not block counting unless the scenario flag ``figures_block_counting`` is set (README, "Rule
  choices"); then the spaces of the given figures are left out like walls.
* Movement points: entering a space costs its terrain's cost; enemy figures cannot be passed,
  monsters never enter damaging terrain. Dijkstra over the board's CSR edges (scipy's C
  implementation; ``bench/board_bench.py`` compares it with networkx and with pure Python).

Distances are float arrays over nodes, ``inf`` where unreachable.
"""

from __future__ import annotations

from typing import Iterable

import numpy as np
from scipy.sparse.csgraph import dijkstra

from .board import INF, Board


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


def away_weights(board: Board, sources: tuple[int, ...], count: np.ndarray, monster: bool) -> np.ndarray:
    """Edge weights for "away" from the spaces ``sources`` whose counting field is ``count``: an
    edge that does not increase the spaces to the target costs inf. Cached with the counting
    field (only fields without blockers are cached, and only those are asked for here)."""
    key = (sources, monster)
    hit = board._away_cache.get(key)
    if hit is None or hit[0] is not count:
        w = (board.enter_weights_monster if monster else board.enter_weights_hero).copy()
        w[count[board.edge_target] <= count[board.edge_source]] = INF
        w.flags.writeable = False
        hit = board._away_cache[key] = (count, w)
    return hit[1]


def mp_field(board: Board, source: int, *, monster: bool = True, enemies: Iterable[int] = (),
             limit: float = INF, allowed_edges: np.ndarray | None = None,
             weights: np.ndarray | None = None):
    """Movement points from ``source`` to every node and the predecessor of each on a cheapest
    path. ``enemies``: spaces of enemy figures, never entered. ``allowed_edges``: a bool mask over
    the board's edges (used by "away", which may only step to a space farther from its target).
    Returns ``(dist, pred)``; ``pred[v] == -9999`` where there is none."""
    g = board.work_graph()
    if weights is None:
        weights = board.enter_weights_monster if monster else board.enter_weights_hero
    np.copyto(g.data, weights)
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


def path_cost(board: Board, path: list[int]) -> int:
    return int(sum(board.cost[n] for n in path[1:]))
