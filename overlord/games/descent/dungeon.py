"""The dungeon: every encounter's map placed on one board (Forgotten Souls, "Exploration",
"Entrances and Exits", "Overlapping Map Tiles").

"Attach the map so that the entrance of the new encounter is connected to the exit of the
previous encounter." An exit lies on its map's edge; the new map is turned (quarter turns) so that
its entrance faces back across that edge, and placed with the entrance next to the exit. If it
would overlap a map already placed, it is placed in open space instead and the exit and the
entrance are joined by linked end caps: one movement point to cross, no line of sight or attack
across. (The end caps are the two link spaces themselves; the two-square tiles are not drawn.)

Positions are dungeon coordinates: the starting encounter's top-left space is [0, 0]; they can
be negative. ``build_board`` makes one GridBoard of all placed maps and gives the shift from
dungeon to board coordinates; figures keep dungeon coordinates in the game state, so adding a
map never moves them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .content.cards import ExplorationCard
from ...core.grids import GridBoard
from ...core.terrain import DEFAULT_LEGEND, TerrainTable

OUTWARD = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}
OPPOSITE = {"N": "S", "S": "N", "W": "E", "E": "W"}


class DungeonError(ValueError):
    """A map that cannot be attached (an exit or entrance not on its map's edge)."""


@dataclass
class Placement:
    card: str
    turns: int                   # quarter turns clockwise
    offset: list[int]            # dungeon position of the turned map's top-left space


@dataclass
class Dungeon:
    placements: list[Placement] = field(default_factory=list)
    links: list[list[list[int]]] = field(default_factory=list)   # [[x, y], [x, y]] in dungeon coordinates


# -- turning maps ----------------------------------------------------------------------------

def turn_rows(rows: list[str], turns: int) -> list[str]:
    """The map turned ``turns`` quarter turns clockwise."""
    width = max(len(r) for r in rows)
    grid = [r.ljust(width) for r in rows]
    for _ in range(turns % 4):
        grid = ["".join(grid[len(grid) - 1 - y][x] for y in range(len(grid))) for x in range(len(grid[0]))]
    return grid


def turn_point(p, rows: list[str], turns: int) -> tuple[int, int]:
    """Where the space ``p`` of the map goes when the map is turned."""
    w, h = max(len(r) for r in rows), len(rows)
    x, y = p
    for _ in range(turns % 4):
        x, y, w, h = h - 1 - y, x, h, w
    return x, y


def side_of(p, rows: list[str]) -> str:
    """The edge of the map a space lies on (N, S, W or E)."""
    w, h = max(len(r) for r in rows), len(rows)
    x, y = p
    for side, hit in (("E", x == w - 1), ("W", x == 0), ("S", y == h - 1), ("N", y == 0)):
        if hit:
            return side
    raise DungeonError(f"{list(p)} is not on the map's edge")


# -- placing maps --------------------------------------------------------------------------------

def start(card: ExplorationCard) -> Dungeon:
    """The starting encounter, unturned, at [0, 0]."""
    return Dungeon([Placement(card.id, 0, [0, 0])])


def to_dungeon(card: ExplorationCard, placement: Placement, p) -> list[int]:
    """Dungeon coordinates of the space ``p`` of a placed card's map."""
    x, y = turn_point(p, card.map.rows, placement.turns)
    return [placement.offset[0] + x, placement.offset[1] + y]


def _cells(card: ExplorationCard, placement: Placement) -> set[tuple[int, int]]:
    rows = turn_rows(card.map.rows, placement.turns)
    ox, oy = placement.offset
    return {(ox + x, oy + y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != " "}


def attach(dungeon: Dungeon, cards: dict[str, ExplorationCard], new: ExplorationCard) -> Dungeon:
    """The dungeon with ``new`` attached at the exit of the previous encounter."""
    prev_place = dungeon.placements[-1]
    prev = cards[prev_place.card]
    if prev.map.exit is None or new.map.entrance is None:
        raise DungeonError(f"{prev.id} has no exit or {new.id} has no entrance to join")
    exit_side = side_of(turn_point(prev.map.exit, prev.map.rows, prev_place.turns),
                        turn_rows(prev.map.rows, prev_place.turns))
    exit_at = to_dungeon(prev, prev_place, prev.map.exit)
    dx, dy = OUTWARD[exit_side]
    want = OPPOSITE[exit_side]
    for turns in range(4):
        rows = turn_rows(new.map.rows, turns)
        entrance = turn_point(new.map.entrance, new.map.rows, turns)
        if side_of(entrance, rows) == want:
            break
    else:  # pragma: no cover - a point on an edge faces some side after some turn
        raise DungeonError(f"{new.id}: its entrance cannot face the exit")
    offset = [exit_at[0] + dx - entrance[0], exit_at[1] + dy - entrance[1]]
    placement = Placement(new.id, turns, offset)
    taken = set().union(*(_cells(cards[p.card], p) for p in dungeon.placements))
    if not (_cells(new, placement) & taken):
        return Dungeon(dungeon.placements + [placement], list(dungeon.links))
    # "If map tiles overlap when placing a new encounter, use end caps": open space to the east
    right = max(x for x, _ in taken) + 3
    top = min(y for _, y in taken)
    placement = Placement(new.id, turns, [right, top])
    entrance_at = to_dungeon(new, placement, new.map.entrance)
    return Dungeon(dungeon.placements + [placement], dungeon.links + [[exit_at, entrance_at]])


# -- one board for the whole dungeon -------------------------------------------------------------

def build_board(dungeon: Dungeon, cards: dict[str, ExplorationCard],
                terrains: TerrainTable | None = None) -> tuple[GridBoard, tuple[int, int]]:
    """The dungeon as one grid, and the shift (sx, sy): board position = dungeon position + shift."""
    terrains = terrains or TerrainTable()
    char_of = {name: ch for ch, name in DEFAULT_LEGEND.items()}
    spare = iter("abcdefghijkmnqrstuvwxyz0123456789")
    legend: dict[str, str] = {}
    cells: dict[tuple[int, int], str] = {}
    for p in dungeon.placements:
        card = cards[p.card]
        local = {**DEFAULT_LEGEND, **card.map.legend}
        rows = turn_rows(card.map.rows, p.turns)
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == " ":
                    continue
                name = local[ch]
                if name not in char_of:
                    char_of[name] = next(spare)
                    legend[char_of[name]] = name
                cells[(p.offset[0] + x, p.offset[1] + y)] = char_of[name]
    for link in dungeon.links:                       # the end caps' spaces exist
        for x, y in link:
            cells.setdefault((x, y), ".")
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    sx, sy = -min(xs), -min(ys)
    width, height = max(xs) + sx + 1, max(ys) + sy + 1
    grid = [[" "] * width for _ in range(height)]
    for (x, y), ch in cells.items():
        grid[y + sy][x + sx] = ch
    links = [([a[0] + sx, a[1] + sy], [b[0] + sx, b[1] + sy]) for a, b in dungeon.links]
    return GridBoard(["".join(r) for r in grid], legend, terrains, links=links), (sx, sy)
