"""Where a large monster may be placed after it moves (Forgotten Souls, "Large Monsters"): in
either orientation, on free spaces, covering a space its 1x1 movement reached. Vectorized over
every anchor of the board with numpy; 1x1 figures take the bitset path in ``movement``."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.board import INF
from ..core.context import ranking
from ..core.figures import Scene
from ..core.trace import Decision


@dataclass
class Candidates:
    anchor: np.ndarray
    orient: np.ndarray
    mp: np.ndarray
    count: np.ndarray             # spaces from the placement to the target (nearest cells)
    orientations: list[tuple[int, int]]


def free_mask(scene: Scene, fid: str, monster: bool) -> np.ndarray:
    """Spaces figure ``fid`` may end on: enterable terrain (no damage for monsters), no other
    figure unless the board lets figures share spaces."""
    board = scene.board
    free = ~board.blocks_move
    if monster:
        free = free & (board.damage == 0)
    free = free.copy()
    if not board.stacking:     # Descent: a figure may not end its movement on another figure
        others = scene.other_cells(fid)
        if others:
            free[others] = False
    return free


def candidates(scene: Scene, fid: str, dist: np.ndarray, count: np.ndarray, monster: bool) -> Candidates:
    """Every placement of the figure (anchor, orientation) on free spaces, with the fewest
    movement points to reach one of its spaces and its spaces counted to the target. Staying
    put is always a candidate."""
    board = scene.board
    f = scene.get(fid)
    free = free_mask(scene, fid, monster)
    anchors, orients, mps, counts = [], [], [], []
    orientations = board.placements(tuple(f.size))
    start = scene.anchor[fid]
    for oi, size in enumerate(orientations):
        offs = board.offsets(size)
        a = np.arange(board.size - max(offs))
        ok = np.logical_and.reduce([free[a + o] for o in offs])
        if oi == 0:
            ok[start] = True     # staying put is always possible, even in a pit or on lava
        a = a[ok]
        anchors.append(a)
        orients.append(np.full(len(a), oi))
        mps.append(np.minimum.reduce([dist[a + o] for o in offs]))
        counts.append(np.minimum.reduce([count[a + o] for o in offs]))
    return Candidates(np.concatenate(anchors), np.concatenate(orients), np.concatenate(mps),
                      np.concatenate(counts), orientations)


def pick(cands: Candidates, primary: np.ndarray, eligible: np.ndarray):
    """The best eligible candidate by (primary, movement points, anchor, orientation) and the
    candidates with the same (primary, movement points)."""
    idx = np.flatnonzero(eligible)
    if len(idx) == 0:
        return None, []
    order = np.lexsort((cands.orient[idx], cands.anchor[idx], cands.mp[idx], primary[idx]))
    best = idx[order[0]]
    same = idx[(primary[idx] == primary[best]) & (cands.mp[idx] == cands.mp[best])]
    return int(best), [int(i) for i in same if i != best]


def end_space(scene: Scene, anchor: int, size, dist: np.ndarray) -> int:
    """The space of the placement its movement ended on: the cheapest to reach."""
    cells = [anchor + o for o in scene.board.offsets(size)]
    return min(cells, key=lambda c: (dist[c], c))


def anchor_cell(scene: Scene, fid: str, spaces_to_target, toward: bool) -> tuple[int, Decision | None]:
    """The space a figure counts its movement from: for a large monster moving toward, the one
    it occupies closest to the target; away, the furthest. ``spaces_to_target(node)``."""
    cells = scene.cells[fid]
    if len(cells) == 1:
        return cells[0], None
    sign = 1 if toward else -1
    counted = {c: sign * spaces_to_target(c) for c in cells}
    board = scene.board
    ranked, d = ranking("space counted from", cells, lambda c: (counted[c],),
                        ("spaces to target" if toward else "-spaces to target",), ("reading order", int, board.at_of),
                        shown=lambda c: (int(counted[c]) if abs(counted[c]) != INF else None,), named=board.at_of)
    return ranked[0], d
