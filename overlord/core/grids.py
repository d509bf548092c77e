"""Square grids drawn in ASCII (Descent encounters): 8 neighbours, diagonals allowed, also
around wall corners; line of sight by the Descent corner-to-corner rule.

Coordinates: x is the column from 0, y the row from 0 at the top. Internally the grid carries a
one-space ring of "nothing" around the drawn map, so that map edges block sight like walls and
the bit arithmetic of line of sight never wraps a row.
"""

from __future__ import annotations

from .raster import RasterBoard

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


class GridBoard(RasterBoard):
    kind = "grid"
    los_rule = "Descent corner to corner: any corner of one space to any corner of the other"

    def neighbour_steps(self, y: int):
        return _NEIGHBOURS_8

    def neighbour_shifts(self):
        """For bitsets: (rows it applies to or None for all, node offsets of the neighbours)."""
        return [(None, tuple(dx + dy * self.pw for dx, dy in _NEIGHBOURS_8))]

    def footprint(self, node: int, size=(1, 1)):
        w, h = size
        iy, ix = divmod(int(node), self.pw)
        if ix < 1 or iy < 1 or ix + w - 1 > self.width or iy + h - 1 > self.height:
            return None
        return tuple((iy + j) * self.pw + ix + i for j in range(h) for i in range(w))

    def offsets(self, size):
        w, h = size
        return [i + j * self.pw for j in range(h) for i in range(w)]

    def line_masks(self, a: int, b: int):
        """Each corner-to-corner segment between spaces a and b as a bitmask of the spaces it
        passes through or along, a and b themselves left out."""
        pw = self.pw
        ay, ax = divmod(a, pw)
        by, bx = divmod(b, pw)
        ends = ~((1 << a) | (1 << b))
        for i in (0, 1):
            for j in (0, 1):
                px, py = ax + i, ay + j
                base = py * pw + px
                for k in (0, 1):
                    for m in (0, 1):
                        mask, low = _segment_mask(pw, bx + k - px, by + m - py)
                        yield (mask << (base + low)) & ends
