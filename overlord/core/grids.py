"""Square grids drawn in ASCII (Descent encounters): 8 neighbours, diagonals allowed, also
around wall corners; line of sight by the Descent corner-to-corner rule.

Coordinates: x is the column from 0, y the row from 0 at the top. Internally the grid carries a
one-space ring of "nothing" around the drawn map, so that map edges block sight like walls and
the bit arithmetic of line of sight never wraps a row.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from .board import Board, BoardError
from .terrain import DEFAULT_LEGEND, TerrainTable

_NEIGHBOURS_8 = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))

# Segment cell masks by (padded width, dx, dy) from the segment's start corner: shared by every
# board with that width. Value: (mask, lowest relative index).
_SEGMENT_CACHE: dict[tuple[int, int, int], tuple[int, int]] = {}


def segment_cells(px: int, py: int, qx: int, qy: int) -> list[tuple[int, int]]:
    """Cells (unit squares, cell (x, y) spans [x, x+1] x [y, y+1]) that the segment between the
    lattice points P and Q overlaps with positive length: through the interior, or along an edge.
    A cell the segment only touches at a corner is not listed. Exact integer arithmetic."""
    if (px, py) == (qx, qy):
        return []
    if px == qx:  # vertical, runs along the edge between columns px-1 and px
        return [(x, y) for y in range(min(py, qy), max(py, qy)) for x in (px - 1, px)]
    if py == qy:  # horizontal, along the edge between rows py-1 and py
        return [(x, y) for x in range(min(px, qx), max(px, qx)) for y in (py - 1, py)]
    if px > qx:
        px, py, qx, qy = qx, qy, px, py
    dx, dy = qx - px, qy - py
    cells = []
    for c in range(px, qx):
        n0 = py * dx + (c - px) * dy          # y at x=c, times dx
        n1 = n0 + dy                          # y at x=c+1, times dx
        lo, hi = (n0, n1) if n0 < n1 else (n1, n0)
        first = lo // dx                      # floor(lo / dx)
        last = -((-hi) // dx) - 1             # ceil(hi / dx) - 1
        cells.extend((c, r) for r in range(first, last + 1))
    return cells


def _segment_mask(width: int, dx: int, dy: int) -> tuple[int, int]:
    key = (width, dx, dy)
    hit = _SEGMENT_CACHE.get(key)
    if hit is None:
        rel = [x + y * width for x, y in segment_cells(0, 0, dx, dy)]
        low = min(rel)
        mask = 0
        for r in rel:
            mask |= 1 << (r - low)
        hit = _SEGMENT_CACHE[key] = (mask, low)
    return hit


class GridBoard(Board):
    kind = "grid"
    los_rule = "Descent corner to corner: any corner of one space to any corner of the other"

    def __init__(self, rows: Sequence[str], legend: dict[str, str] | None = None,
                 terrains: TerrainTable | None = None):
        terrains = terrains or TerrainTable()
        legend = {**DEFAULT_LEGEND, **(legend or {})}
        if not rows:
            raise BoardError("a grid needs at least one row")
        self.width = max(len(r) for r in rows)
        self.height = len(rows)
        self.pw, self.ph = self.width + 2, self.height + 2     # padded
        nothing = terrains.index("nothing")
        cells = np.full((self.ph, self.pw), nothing, dtype=np.int16)
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                name = legend.get(ch)
                if name is None or name not in terrains:
                    raise BoardError(f"row {y + 1}, column {x + 1}: unknown map character {ch!r}")
                cells[y + 1, x + 1] = terrains.index(name)
        self.rows = tuple(rows)
        self.legend = legend
        pw = self.pw
        neighbours = []
        labels = []
        for iy in range(self.ph):
            for ix in range(pw):
                nb = [(iy + dy) * pw + ix + dx for dx, dy in _NEIGHBOURS_8
                      if 0 <= ix + dx < pw and 0 <= iy + dy < self.ph]
                neighbours.append(nb)
                labels.append(f"{ix - 1},{iy - 1}")
        super().__init__(terrains, cells.ravel(), neighbours, labels)
        self._static_masks: dict[int, tuple[int, ...]] = {}

    # -- addressing -------------------------------------------------------------------------
    def node(self, x: int, y: int) -> int:
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise BoardError(f"[{x}, {y}] is off the map ({self.width} wide, {self.height} high)")
        return (y + 1) * self.pw + (x + 1)

    def xy(self, node: int) -> tuple[int, int]:
        iy, ix = divmod(int(node), self.pw)
        return ix - 1, iy - 1

    def node_of(self, at) -> int:
        if isinstance(at, str) and "," in at:
            at = at.split(",")
        if isinstance(at, (list, tuple)) and len(at) == 2:
            try:
                x, y = int(at[0]), int(at[1])
            except (TypeError, ValueError):
                raise BoardError(f"{at!r} is not a position [x, y]") from None
            return self.node(x, y)
        raise BoardError(f"{at!r} is not a position [x, y]")

    def at_of(self, node: int):
        return list(self.xy(node))

    def on_map(self, node: int) -> bool:
        iy, ix = divmod(int(node), self.pw)
        return 1 <= ix <= self.width and 1 <= iy <= self.height

    def footprint(self, node: int, size=(1, 1)):
        w, h = size
        iy, ix = divmod(int(node), self.pw)
        if ix < 1 or iy < 1 or ix + w - 1 > self.width or iy + h - 1 > self.height:
            return None
        return tuple((iy + j) * self.pw + ix + i for j in range(h) for i in range(w))

    def offsets(self, size):
        w, h = size
        return [i + j * self.pw for j in range(h) for i in range(w)]

    @property
    def grid(self) -> np.ndarray:
        """Terrain indices as a (padded) 2-D array, [row, column]."""
        return self.node_terrain.reshape(self.ph, self.pw)

    # -- line of sight ------------------------------------------------------------------------
    def _corner_pair_masks(self, a: int, b: int):
        """Each corner-to-corner segment between spaces a and b as a bitmask of the spaces it
        passes through or along, a and b themselves left out."""
        pw = self.pw
        ay, ax = divmod(a, pw)
        by, bx = divmod(b, pw)
        ends = ~((1 << a) | (1 << b))
        # try the corners facing each other first: the clear line is usually found at once
        acx = (1, 0) if bx > ax else (0, 1)
        acy = (1, 0) if by > ay else (0, 1)
        bcx = (0, 1) if bx > ax else (1, 0)
        bcy = (0, 1) if by > ay else (1, 0)
        for i in acx:
            for j in acy:
                px, py = ax + i, ay + j
                base = py * pw + px
                for k in bcx:
                    for m in bcy:
                        mask, low = _segment_mask(pw, bx + k - px, by + m - py)
                        yield (mask << (base + low)) & ends

    def static_sight(self, a: int, b: int) -> tuple[int, ...]:
        """The minimal set of segment masks between a and b that walls and obstacles leave clear
        (empty when the terrain alone blocks every line). Cached per pair."""
        key = a * self.size + b if a < b else b * self.size + a
        hit = self._static_masks.get(key)
        if hit is not None:
            return hit
        walls = self.los_wall_mask
        clear = sorted({m for m in self._corner_pair_masks(a, b) if not m & walls}, key=int.bit_count)
        minimal: list[int] = []
        for m in clear:
            if not any(m & k == k for k in minimal):
                minimal.append(m)
        hit = self._static_masks[key] = tuple(minimal)
        return hit

    @property
    def los_wall_mask(self) -> int:
        m = self.__dict__.get("_los_wall_mask")
        if m is None:
            m = 0
            for n in np.flatnonzero(self.blocks_los):
                m |= 1 << int(n)
            self.__dict__["_los_wall_mask"] = m
        return m

    def line_of_sight(self, a: int, b: int, blockers: int = 0) -> bool:
        """Descent line of sight between spaces a and b; ``blockers`` is a bitmask of the spaces
        holding figures (the two ends are ignored). Adjacent spaces always see each other; a
        space in a pit sees and is seen only from adjacent spaces."""
        blocks = self.blocks_los
        if blocks[a] or blocks[b]:
            return False
        if a == b or b in self.neighbours[a]:
            return True
        pit = self.pit
        if pit[a] or pit[b]:
            return False
        for m in self.static_sight(a, b):
            if not m & blockers:
                return True
        return False
