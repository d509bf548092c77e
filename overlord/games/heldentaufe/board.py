"""The two worlds' geometry: the hex Underworld board, compiled once per content, and the Upper
World's square grid of area tiles.

The Underworld ("you may move your hero figure onto any hexagonal area"): areas drawn in rows,
odd rows shifted right by half a hex (``overlord.core.hexes``, "odd-r"); an area is named by its
``"x,y"``. The board is compiled into a compact graph - areas numbered 0..N-1 in reading order,
their neighbours, hex distances between every two areas (the board has no walls between areas,
so walking distance on an empty board is the hex distance whenever the board is convex; we take
the breadth-first distance over the areas, which is the same here and stays right if a board has
holes) - because the monster boss's planner looks them up hundreds of thousands of times.

The Upper World (ours: the book says only that areas are placed "at the spot you chose" next to
the hero): square tiles on a grid, each with four neighbours, the campfire at ``"0,0"``; it grows
without bounds as tiles are explored.
"""

from __future__ import annotations

from collections import deque
from functools import cached_property

from overlord.core.hexes import HexBoard

UPPER_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))          # north, east, south, west
UPPER_DIRECTIONS = ("north", "east", "south", "west")


def cell(x: int, y: int) -> str:
    return f"{x},{y}"


def xy(label: str) -> tuple[int, int]:
    x, y = label.split(",")
    return int(x), int(y)


def upper_neighbours(label: str) -> list[str]:
    """The four grid cells next to an Upper World cell (north, east, south, west)."""
    x, y = xy(label)
    return [cell(x + dx, y + dy) for dx, dy in UPPER_STEPS]


def upper_distance(a: str, b: str) -> int:
    (ax, ay), (bx, by) = xy(a), xy(b)
    return abs(ax - bx) + abs(ay - by)


class UnderworldBoard:
    """The Underworld's areas as a compact graph.

    ``labels[i]`` is area i's ``"x,y"``; ``neighbours[i]`` its neighbours; ``dist[i][j]`` steps
    between two areas over the board (figures ignored); ``portals[k]`` the area of portal k
    (1-5); ``treasure`` the treasure's space; ``nests[monster]`` a monster's nest; ``skulls`` the
    areas where dangers lie."""

    def __init__(self, rows: list[str], nests: dict[str, str]):
        self.rows = tuple(rows)
        legend = {ch: "floor" for ch in ".$!12345" + "".join(nests)}
        legend[" "] = "nothing"
        hexes = HexBoard(list(rows), legend)
        self.hexes = hexes
        raster = [n for n in range(hexes.size) if hexes.on_map(n) and not hexes.blocks_move[n]]
        index = {n: i for i, n in enumerate(raster)}
        self.labels: tuple[str, ...] = tuple(cell(*hexes.xy(n)) for n in raster)
        self.index = {label: i for i, label in enumerate(self.labels)}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(index[m] for m in hexes.neighbours[n] if m in index) for n in raster)
        self.size = len(self.labels)
        self.portals: dict[int, int] = {}
        self.nests: dict[str, int] = {}
        self.skulls: tuple[int, ...] = ()
        self.treasure = -1
        skulls = []
        for i, label in enumerate(self.labels):
            x, y = xy(label)
            ch = rows[y][x]
            if ch == "$":
                self.treasure = i
            elif ch == "!":
                skulls.append(i)
            elif ch.isdigit():
                self.portals[int(ch)] = i
            elif ch in nests:
                self.nests[nests[ch]] = i
        self.skulls = tuple(skulls)
        self.portal_of = {area: k for k, area in self.portals.items()}
        self.dist = tuple(tuple(row) for row in (self._bfs(i) for i in range(self.size)))

    def _bfs(self, start: int) -> list[int]:
        far = self.size + 1
        out = [far] * self.size
        out[start] = 0
        todo = deque([start])
        while todo:
            a = todo.popleft()
            for b in self.neighbours[a]:
                if out[b] == far:
                    out[b] = out[a] + 1
                    todo.append(b)
        return out

    def unreachable(self) -> list[str]:
        """Areas not connected to the treasure's space (a board must have none)."""
        if self.treasure < 0:
            return []
        far = self.size + 1
        return [self.labels[i] for i in range(self.size) if self.dist[self.treasure][i] >= far]

    def area(self, label: str) -> int:
        try:
            return self.index[label]
        except KeyError:
            raise ValueError(f"no Underworld area {label!r}") from None

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    @cached_property
    def neighbour_masks(self) -> tuple[int, ...]:
        return tuple(sum(1 << b for b in nbrs) for nbrs in self.neighbours)

    def what(self, area: int) -> str:
        """What is printed on an area, in words."""
        if area == self.treasure:
            return "the treasure's space"
        if area in self.portal_of:
            return f"portal {self.portal_of[area]}"
        for monster, nest in self.nests.items():
            if nest == area:
                return f"{monster}'s nest"
        if area in self.skulls:
            return "a skull"
        return "an area"

    def drawing(self, marks: dict[int, str]) -> list[str]:
        """The board as rows, odd rows indented, with ``marks`` (area -> one character) over the
        printed characters."""
        grid = [list(r) for r in self.rows]
        for area, ch in marks.items():
            x, y = xy(self.labels[area])
            grid[y][x] = ch
        width = max(len(r) for r in self.rows)
        lines = ["   " + " ".join(str(x % 10) for x in range(width))]
        for y, row in enumerate(grid):
            lines.append(f"{y:>2} " + (" " if y % 2 else "") + " ".join(row).rstrip())
        return lines


# -- a board drawn as text, with figures (tests and behaviour specs) ------------------------------

MONSTER_LETTERS = {"u": "ulumu", "z": "zibbler", "w": "wallrog"}
HERO_LETTERS = {"E": "erla", "C": "corlof", "M": "mathian", "L": "luphius", "J": "jupanila"}


def drawn(drawing: str) -> tuple[UnderworldBoard, dict[str, int]]:
    """(board, {letter: area}) of an Underworld drawn one line per row of hexes, the hexes
    separated by spaces and the odd rows indented by one more space (as the board looks); ``#``
    is no area. Board characters are the content's (``.`` an area, ``$`` the treasure's space,
    ``!`` a skull, ``1``-``5`` portals); lower-case letters are monsters (``u`` Ulumu, ``z``
    Zibbler, ``w`` Wallrog) and capitals heroes (``E`` Erla, ``C`` Corlof, ``M`` Mathian, ``L``
    Luphius, ``J`` Jupanila), each standing on an area. Raises ValueError for a drawing it
    cannot read."""
    lines = [ln for ln in drawing.strip("\n").splitlines() if ln.strip()]
    if not lines:
        raise ValueError("the drawing has no row")
    indent = min(len(ln) - len(ln.lstrip()) for ln in lines)
    rows, figures = [], {}
    for y, ln in enumerate(lines):
        row = ""
        for x, ch in enumerate(ln[indent:].split()):
            if len(ch) != 1:
                raise ValueError(f"row {y}: {ch!r} - hexes are one character each, separated by spaces")
            if ch.isalpha():
                if ch not in MONSTER_LETTERS and ch not in HERO_LETTERS:
                    raise ValueError(f"row {y}: {ch!r} is no figure (monsters {', '.join(MONSTER_LETTERS)}, "
                                     f"heroes {', '.join(HERO_LETTERS)})")
                if ch in figures:
                    raise ValueError(f"row {y}: figure {ch!r} is drawn twice")
                figures[ch] = (x, y)
                ch = "."
            elif ch not in ".$!#12345":
                raise ValueError(f"row {y}: unknown character {ch!r} (. $ ! # 1-5, or a figure's letter)")
            row += " " if ch == "#" else ch
        rows.append(row)
    board = UnderworldBoard(rows, {})
    return board, {k: board.area(cell(x, y)) for k, (x, y) in figures.items()}
