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

from .raster import RasterBoard

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


class HexBoard(RasterBoard):
    kind = "hex"
    los_rule = ("hex centre to centre: the standard hex line between the two hexes' centres (cube "
                "interpolation at N + 1 evenly spaced points, N the hex distance); a hex on it whose "
                "terrain blocks sight, or that holds a figure other than the two, blocks it; where the "
                "line meets an edge between two hexes exactly it is drawn nudged to either side and "
                "is blocked only if both nudged lines are; adjacent hexes always see each other; a "
                "figure in a pit sees only adjacent hexes")

    what = "hex"

    def neighbour_steps(self, y: int):
        return _NEIGHBOURS[y & 1]

    def neighbour_shifts(self):
        """For bitsets: per row parity, the rows' mask and the neighbours' node offsets."""
        groups = []
        for parity in (0, 1):
            rows = 0
            for iy in range(self.ph):
                if (iy - 1) & 1 == parity:
                    rows |= ((1 << self.pw) - 1) << (iy * self.pw)
            groups.append((rows, tuple(dx + dy * self.pw for dx, dy in _NEIGHBOURS[parity])))
        return groups

    def cube(self, node: int) -> tuple[int, int, int]:
        return to_cube(*self.xy(node))

    def distance(self, a: int, b: int) -> int:
        """Hexes between a and b as the crow flies (ignoring terrain)."""
        return cube_distance(self.cube(a), self.cube(b))

    # -- line of sight ------------------------------------------------------------------------
    def line_masks(self, a: int, b: int) -> tuple[int, ...]:
        """The two nudged lines from a to b as bitmasks of the hexes they pass through, the ends
        left out (one mask when both nudges draw the same line)."""
        (ax, ay), (bx, by) = self.xy(a), self.xy(b)
        ca, cb = to_cube(ax, ay), to_cube(bx, by)
        return tuple(m << (a + low) for m, low in _line_shape(self.pw, cb[0] - ca[0], cb[1] - ca[1], ay & 1))
