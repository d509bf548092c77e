"""Hex boards drawn in ASCII (the Heldentaufe Underworld: "you may move your hero figure onto
any hexagonal area", one area per step).

Layout "odd-r": pointy-top hexes in rows, the odd rows (y = 1, 3, ...) shifted right by half a
hex. A position ``[x, y]`` is the column and the row, both from 0, the row 0 at the top. Each
hex has 6 neighbours. A map is one string per row with one character per hex, read with the
same legend as square grids. Drawn with a space between hexes and odd rows indented by one
character, a map looks like the board::

    . . . .          rows[0] = "...."
     . # . .         rows[1] = ".#.."
    . . . .          rows[2] = "...."

As on grids, a one-hex ring of "nothing" surrounds the drawn map, so that lines of sight
hugging the map edge meet a wall there.

Line of sight (no rulebook of a hex game in the collection defines it; this is the rule the
program plays, see ``HexBoard.los_rule``): the standard hex line between the two hexes' centres,
drawn by cube-coordinate interpolation at N + 1 evenly spaced points (N = the hex distance).
Where a point of the line falls exactly on the edge between two hexes (the line runs along
that edge, or crosses it right there), the line is drawn twice, nudged a tiny amount to either
side, and sight passes if either nudged line is clear. A hex whose corner the true segment only
clips between two points is not on the line (the standard hex line has exactly N + 1 hexes).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from .board import Board, BoardError
from .terrain import DEFAULT_LEGEND, TerrainTable

# (dx, dy) of the 6 neighbours in odd-r offset coordinates, for even and for odd rows
_NEIGHBOURS = (
    ((1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)),     # even row
    ((1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1)),       # odd row
)
# nudges the two ends of a line to one side; never parallel to a line between hex centres
_EPS = (1e-6, 2e-6, -3e-6)
# line shapes by (padded width, dq, dr, parity of the start row): see _line_shape
_LINE_CACHE: dict[tuple[int, int, int, int], tuple[tuple[int, int], ...]] = {}


def to_cube(x: int, y: int) -> tuple[int, int, int]:
    """Cube coordinates (q, r, s), q + r + s = 0, of the odd-r position [x, y]."""
    q = x - (y - (y & 1)) // 2
    return q, y, -q - y


def from_cube(q: int, r: int) -> tuple[int, int]:
    return q + (r - (r & 1)) // 2, r


def cube_distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def _cube_round(q: float, r: float, s: float) -> tuple[int, int]:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr


def hex_line(a: tuple[int, int], b: tuple[int, int], side: int = 1) -> list[tuple[int, int]]:
    """The hexes [x, y] of the line from the centre of ``a`` to the centre of ``b``, both ends
    included: cube interpolation at N + 1 evenly spaced points (N = the hex distance), with both
    ends nudged by ``side`` (+1 or -1) times a tiny vector so no point falls on an edge."""
    ca, cb = to_cube(*a), to_cube(*b)
    n = cube_distance(ca, cb)
    e = [side * v for v in _EPS]
    line = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        q, r, s = (ca[k] + e[k] + (cb[k] - ca[k]) * t for k in range(3))
        line.append(from_cube(*_cube_round(q, r, s)))
    return line


def _line_shape(pw: int, dq: int, dr: int, parity: int) -> tuple[tuple[int, int], ...]:
    """The nudged lines from a hex in a row of ``parity`` to the hex ``(dq, dr)`` away in cube
    coordinates, on a board ``pw`` nodes wide: (mask, lowest node offset) per distinct line, the
    ends left out. Lines are the same everywhere up to translation, so boards of one width share
    them."""
    key = (pw, dq, dr, parity)
    hit = _LINE_CACHE.get(key)
    if hit is None:
        shapes = []
        for side in (1, -1):
            rel = [x + y * pw for x, y in hex_line((0, parity), from_cube(dq, parity + dr), side)[1:-1]]
            low = min(rel, default=0)
            mask = 0
            for r in rel:
                mask |= 1 << (r - low)
            if (mask, low - parity * pw) not in shapes:
                shapes.append((mask, low - parity * pw))
        hit = _LINE_CACHE[key] = tuple(shapes)
    return hit


class HexBoard(Board):
    kind = "hex"
    los_rule = ("hex centre to centre: the standard hex line between the two hexes' centres (cube "
                "interpolation at N + 1 evenly spaced points, N the hex distance); a hex on it whose "
                "terrain blocks sight, or that holds a figure other than the two, blocks it; where the "
                "line meets an edge between two hexes exactly it is drawn nudged to either side and "
                "is blocked only if both nudged lines are; adjacent hexes always see each other; a "
                "figure in a pit sees only adjacent hexes")

    def __init__(self, rows: Sequence[str], legend: dict[str, str] | None = None,
                 terrains: TerrainTable | None = None):
        terrains = terrains or TerrainTable()
        legend = {**DEFAULT_LEGEND, **(legend or {})}
        if not rows:
            raise BoardError("a hex map needs at least one row")
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
        neighbours, labels = [], []
        for iy in range(self.ph):
            for ix in range(self.pw):
                x, y = ix - 1, iy - 1
                neighbours.append([(iy + dy) * self.pw + ix + dx for dx, dy in _NEIGHBOURS[y & 1]
                                   if 0 <= ix + dx < self.pw and 0 <= iy + dy < self.ph])
                labels.append(f"{x},{y}")
        super().__init__(terrains, cells.ravel(), neighbours, labels)
        self._static_masks: dict[int, tuple[int, ...]] = {}

    # -- addressing -------------------------------------------------------------------------
    def node(self, x: int, y: int) -> int:
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise BoardError(f"[{x}, {y}] is off the map ({self.width} hexes wide, {self.height} rows)")
        return (y + 1) * self.pw + (x + 1)

    def xy(self, node: int) -> tuple[int, int]:
        iy, ix = divmod(int(node), self.pw)
        return ix - 1, iy - 1

    def node_of(self, at) -> int:
        """The node of ``[x, y]`` (also written ``"x,y"``)."""
        parts = at.split(",") if isinstance(at, str) else at
        if isinstance(parts, (list, tuple)) and len(parts) == 2:
            try:
                x, y = (int(p) if not isinstance(p, (bool, float)) else None for p in parts)
            except (TypeError, ValueError):
                x = y = None
            if x is not None and y is not None:
                return self.node(x, y)
        raise BoardError(f"{at!r} is not a hex position [x, y] (column, row)")

    def at_of(self, node: int):
        return list(self.xy(node))

    def on_map(self, node: int) -> bool:
        x, y = self.xy(node)
        return 0 <= x < self.width and 0 <= y < self.height

    def cube(self, node: int) -> tuple[int, int, int]:
        return to_cube(*self.xy(node))

    def distance(self, a: int, b: int) -> int:
        """Hexes between a and b as the crow flies (ignoring terrain)."""
        return cube_distance(self.cube(a), self.cube(b))

    # -- line of sight ------------------------------------------------------------------------
    @property
    def los_wall_mask(self) -> int:
        m = self.__dict__.get("_los_wall_mask")
        if m is None:
            m = 0
            for n in np.flatnonzero(self.blocks_los):
                m |= 1 << int(n)
            self.__dict__["_los_wall_mask"] = m
        return m

    def line_masks(self, a: int, b: int) -> tuple[int, ...]:
        """The two nudged lines from a to b as bitmasks of the hexes they pass through, the ends
        left out (one mask when both nudges draw the same line)."""
        (ax, ay), (bx, by) = self.xy(a), self.xy(b)
        ca, cb = to_cube(ax, ay), to_cube(bx, by)
        return tuple(m << (a + low) for m, low in _line_shape(self.pw, cb[0] - ca[0], cb[1] - ca[1], ay & 1))

    def static_sight(self, a: int, b: int) -> tuple[int, ...]:
        """The nudged lines between a and b that terrain leaves clear, as bitmasks (empty when
        terrain blocks both). Cached per unordered pair, drawn from the lower node, so that
        sight is symmetric."""
        if a > b:
            a, b = b, a
        key = a * self.size + b
        hit = self._static_masks.get(key)
        if hit is None:
            walls = self.los_wall_mask
            hit = self._static_masks[key] = tuple(m for m in self.line_masks(a, b) if not m & walls)
        return hit

    def line_of_sight(self, a: int, b: int, blockers: int = 0) -> bool:
        """Line of sight between hexes a and b by :attr:`los_rule`; ``blockers`` is a bitmask of
        the hexes holding figures (the two ends are ignored)."""
        blocks = self.blocks_los
        if blocks[a] or blocks[b]:
            return False
        if a == b or b in self.neighbours[a]:
            return True
        if self.pit[a] or self.pit[b]:
            return False
        return any(not m & blockers for m in self.static_sight(a, b))
