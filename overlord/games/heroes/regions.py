"""Region maps of the Heroes family: square maps of numbered round fields joined by routes, laid
side by side into one board (Return of the Heroes, "Fields and Hidden Locations"; Under the
Shadow of the Dragon, "Movement", "Region Maps", "Hidden Routes").

What the books say, and where it lives here:

- "Each circle on the region map counts as one field" and "Movement is effected by following
  the routes from field to field" (UtSotD): a field is ``<letter><number>`` (``T2``, ``V9``), a
  route joins two fields of one map; moving along it costs 1 movement point.
- The field colours: "tan fields (normal fields), green fields (hidden forest fields), red fields
  (hidden fields), blue fields (water fields), and one violet field (the Dragon Cave)" (UtSotD);
  RotH adds yellow (hidden swamp paths), and field features of its own (:data:`FEATURES`: the
  Nameless's tower and the Guards' posts, the healing places, the instructors, the boat...).
  Red, green and yellow fields are *hidden*: "If you want to move to such a field, you need to
  find it first" with two dice at or under the number
  printed on it (:func:`search`).
- Maps are laid in rows of letters ("sort the maps alphabetically, with the region map R on the
  top left and the region map Z bottom right", UtSotD); each map has at most one *entry field*
  on each side, and the entry fields of two maps that touch are joined by a route. "It is not
  possible to exit one edge of the map and reappear on the opposite side": nothing wraps (but in
  the Underworld's game of all three boxes, :func:`relaid` with ``wrap``). The boxes' maps
  together: :func:`merged`.
- Set-up counters go "on opposing entry fields of each map piece, alternating in north-south and
  east-west directions" (:func:`setup_fields`).
- Some routes are not for everybody: ``oneway`` routes are walked one way only (out of the City
  of the Mages to its teleporters, into the garbage dump), ``dotted`` routes only by the owner
  of a map of them (the Labyrinth). A game says who may use which.

The content model (:class:`RegionsModel`) is shared: a game registers its own file kind around
it. :class:`RegionBoard` is the board built from it, plain and immutable, with a
``core.routes.RouteBoard`` of the walkable routes for counting spaces.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

import pydantic

from overlord.content.errors import Problem, nearest
from overlord.content.models import Int, Strict
from overlord.core.pathing import count_field
from overlord.core.routes import RouteBoard

MAP_POINTS = 5          # a map is drawn on 5 x 5 points (a field's ``at``)
MAX_FIELD = 999         # ours: a region's fields are numbered in the dozens
FieldNumber = Int(1, MAX_FIELD)

COLOURS = ("tan", "red", "green", "yellow", "blue", "violet")
HIDDEN = ("red", "green", "yellow")          # fields whose route must be found first
SIDES = "NESW"
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
# What a field is, beyond its colour; each game gives its features their rules.
FEATURES = ("", "manor", "smithy", "city", "dump", "teleporter", "corner", "lair", "cave_mouth",
            "rope_point", "oasis", "caravanserai", "ferry", "landing", "isle", "barrow",
            # Return of the Heroes: the Nameless's tower and the Guards' posts around it, the healing
            # places, the instructors' homes, the royal court, the town of Zenda, the boat's field
            "tower", "guard_post", "temple", "village", "fountain", "instructor", "court", "town", "boat")
# What a whole map is (the Desert's heat, the Labyrinth's dice, the Dragon's Cave...).
REGION_FEATURES = ("", "desert", "labyrinth", "cave", "city", "lake")

Colour = Literal[COLOURS]
Side = Literal["N", "E", "S", "W"]
Feature = Literal[FEATURES]
RegionFeature = Literal[REGION_FEATURES]


# -- content --------------------------------------------------------------------------------------

class FieldModel(Strict):
    """One round field of a region map."""

    n: Int(1, MAX_FIELD) = pydantic.Field(description="the number printed on the field")
    colour: Colour = "tan"
    hidden: int | None = pydantic.Field(None, ge=2, le=12, description="hidden fields: the number two dice must not exceed")
    side: Side | None = pydantic.Field(None, description="an entry field: the map's side it lies on")
    feature: Feature = ""
    name: str = ""
    at: tuple[Int(0, MAP_POINTS - 1), Int(0, MAP_POINTS - 1)] | None = pydantic.Field(
        None, description="where the field is drawn: its column and row on the map's 5 x 5 points, from the "
                          "top left (a picture of the board; no rule reads it)")


class RegionModel(Strict):
    """One region map: its fields and the routes between them (by field number)."""

    name: str = pydantic.Field(min_length=1)
    feature: RegionFeature = ""
    fields: list[FieldModel] = pydantic.Field(min_length=1)
    routes: list[tuple[FieldNumber, FieldNumber]] = pydantic.Field([], description="two-way routes")
    oneway: list[tuple[FieldNumber, FieldNumber]] = pydantic.Field([], description="routes walked from the first field only")
    dotted: list[tuple[FieldNumber, FieldNumber]] = pydantic.Field([], description="two-way routes only a map's owner may walk")
    ferries: list[tuple[FieldNumber, FieldNumber]] = pydantic.Field([], description="crossings by a ferryman: not walked, "
                                                           "but counted as joined when spaces are counted")
    text: str = ""


class RegionsModel(Strict):
    """The board: rows of region letters, and each region map by its letter."""

    layout: list[str] = pydantic.Field(min_length=1, description="rows of region letters, north at the top")
    regions: dict[str, RegionModel]
    ours: str = pydantic.Field("", description="what in these maps is ours")


def region_problems(model: RegionsModel, doc, base: tuple) -> list[Problem]:
    """What the model cannot check: letters, numbers used once, routes between known fields, a
    number on every hidden field (and only there), one entry field a side, a layout of equal rows
    naming each region once."""
    problems: list[Problem] = []
    letters = [c for row in model.layout for c in row]
    widths = {len(row) for row in model.layout}
    if len(widths) > 1:
        problems.append(doc.problem(base + ("layout",), f"the layout's rows must be equally long, got {sorted(widths)}"))
    for i, row in enumerate(model.layout):
        for c in row:
            if c not in model.regions:
                problems.append(doc.problem(base + ("layout", i), f"no region map {c!r}{nearest(c, model.regions)}"))
    for c in sorted({c for c in letters if letters.count(c) > 1}):
        problems.append(doc.problem(base + ("layout",), f"region {c!r} is laid twice"))
    for letter, region in model.regions.items():
        where = base + ("regions", letter)
        if len(letter) != 1 or not letter.isalpha() or not letter.isupper():
            problems.append(doc.problem(where, f"a region is named by one capital letter, not {letter!r}"))
        if letter not in letters:
            problems.append(doc.problem(where, f"region {letter!r} is not in the layout"))
        numbers = [f.n for f in region.fields]
        sides: dict[str, int] = {}
        for j, f in enumerate(region.fields):
            fw = where + ("fields", j)
            if numbers.count(f.n) > 1:
                problems.append(doc.problem(fw + ("n",), f"field {letter}{f.n} is numbered twice"))
            other = next((g for g in region.fields[:j] if f.at is not None and g.at == f.at), None)
            if other is not None:
                problems.append(doc.problem(fw + ("at",), f"fields {letter}{other.n} and {letter}{f.n} are drawn "
                                                          f"on one point {list(f.at)}"))
            if f.colour in HIDDEN and f.hidden is None:
                problems.append(doc.problem(fw, f"field {letter}{f.n} is {f.colour}, a hidden field: give its number (hidden)"))
            if f.colour not in HIDDEN and f.hidden is not None:
                problems.append(doc.problem(fw + ("hidden",), f"field {letter}{f.n} is {f.colour}: only hidden fields "
                                                              f"({', '.join(HIDDEN)}) carry a search number"))
            if f.side:
                if f.side in sides:
                    problems.append(doc.problem(fw + ("side",), f"region {letter} has two entry fields on side {f.side} "
                                                                f"({letter}{sides[f.side]} and {letter}{f.n})"))
                sides[f.side] = f.n
        for kind in ("routes", "oneway", "dotted", "ferries"):
            for j, (a, b) in enumerate(getattr(region, kind)):
                for k, end in enumerate((a, b)):
                    if end not in numbers:
                        problems.append(doc.problem(where + (kind, j, k), f"{kind} {j + 1}: no field {letter}{end}"
                                                                           f"{nearest(f'{letter}{end}', [f'{letter}{n}' for n in numbers])}"))
                if a == b:
                    problems.append(doc.problem(where + (kind, j), f"{kind} {j + 1}: a route joins two fields, not {letter}{a} to itself"))
    return problems


# -- the board --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Field:
    id: str
    region: str
    n: int
    colour: str = "tan"
    hidden: int | None = None
    side: str | None = None
    feature: str = ""
    name: str = ""
    at: tuple[int, int] | None = None          # where it is drawn on its map's points (column, row)

    @property
    def is_hidden(self) -> bool:
        return self.colour in HIDDEN


@dataclass(frozen=True)
class RegionBoard:
    """The board built from a :class:`RegionsModel`: every field, the routes a figure walks
    (``walk``: two-way routes, the joins between maps and one-way routes from their start), the
    dotted routes, and where each region lies."""

    fields: dict[str, Field]
    walk: dict[str, tuple[str, ...]]
    dotted: dict[str, tuple[str, ...]]
    grid: dict[str, tuple[int, int]]               # region letter -> (row, column)
    ferries: tuple[tuple[str, str], ...] = ()
    names: dict[str, str] = field(default_factory=dict)
    features: dict[str, str] = field(default_factory=dict)   # region letter -> its feature

    @cached_property
    def routes(self) -> RouteBoard:
        """Every route, both ways - walked, dotted, and the ferries' crossings - as a core route
        board, for counting spaces ("spaces along routes")."""
        pairs = {tuple(sorted((a, b))) for table in (self.walk, self.dotted) for a, nbs in table.items() for b in nbs}
        pairs = sorted(pairs | {tuple(sorted(p)) for p in self.ferries})
        return RouteBoard([{"id": f} for f in self.fields], [list(p) for p in pairs])

    def field(self, fid: str) -> Field:
        try:
            return self.fields[fid]
        except KeyError:
            raise KeyError(f"no field {fid!r}{nearest(fid, self.fields)}") from None

    def region_of(self, fid: str) -> str:
        return self.fields[fid].region

    def region_fields(self, letter: str) -> list[str]:
        return [f for f, spec in self.fields.items() if spec.region == letter]

    def adjacent_regions(self, letter: str) -> list[str]:
        """Regions beside ``letter`` on the layout (not diagonally), in N E S W order."""
        r, c = self.grid[letter]
        at = {rc: k for k, rc in self.grid.items()}
        return [at[rc] for rc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)) if rc in at]

    def with_feature(self, feature: str) -> list[str]:
        """The fields with ``feature``, in reading order."""
        return [f for f, spec in self.fields.items() if spec.feature == feature]

    def region_with(self, feature: str) -> str | None:
        """The region whose map has ``feature`` (the Desert...), or None."""
        return next((c for c, f in self.features.items() if f == feature), None)

    def entry(self, letter: str, side: str) -> str | None:
        return next((f for f, spec in self.fields.items() if spec.region == letter and spec.side == side), None)

    def spaces(self, a: str, b: str) -> int | None:
        """Routes counted from ``a`` to ``b`` (every route, both ways), None if apart."""
        board = self.routes
        d = count_field(board, (board.node_of(a),))[board.node_of(b)]
        return None if d < 0 or d >= 10 ** 6 else int(d)

    def spaces_from(self, sources) -> dict[str, int]:
        """Routes counted from the nearest of ``sources`` to every field it reaches."""
        board = self.routes
        dist = count_field(board, tuple(board.node_of(s) for s in sources))
        return {board.labels[i]: int(d) for i, d in enumerate(dist) if 0 <= d < 10 ** 6}

    def order(self, fid: str) -> tuple[str, int]:
        """Reading order of fields: by region letter, then number."""
        spec = self.fields[fid]
        return spec.region, spec.n


def build_board(model: RegionsModel) -> RegionBoard:
    """The board of a valid model (see :func:`region_problems`)."""
    grid = {c: (r, k) for r, row in enumerate(model.layout) for k, c in enumerate(row)}
    fields: dict[str, Field] = {}
    walk: dict[str, list[str]] = {}
    dotted: dict[str, list[str]] = {}
    for letter in sorted(grid, key=lambda c: grid[c]):
        region = model.regions[letter]
        for f in sorted(region.fields, key=lambda f: f.n):
            fid = f"{letter}{f.n}"
            fields[fid] = Field(fid, letter, f.n, f.colour, f.hidden, f.side, f.feature, f.name, f.at)
            walk[fid], dotted[fid] = [], []
        for a, b in region.routes:
            _join(walk, f"{letter}{a}", f"{letter}{b}")
        for a, b in region.oneway:
            walk[f"{letter}{a}"].append(f"{letter}{b}")
        for a, b in region.dotted:
            _join(dotted, f"{letter}{a}", f"{letter}{b}")
    board = RegionBoard(fields, {}, {}, grid)
    ferries = tuple((f"{c}{a}", f"{c}{b}") for c, region in model.regions.items() for a, b in region.ferries)
    for letter, (r, c) in grid.items():
        for side, (dr, dc) in (("E", (0, 1)), ("S", (1, 0))):
            other = next((k for k, rc in grid.items() if rc == (r + dr, c + dc)), None)
            if other is None:
                continue
            a, b = board.entry(letter, side), board.entry(other, OPPOSITE[side])
            if a and b:
                _join(walk, a, b)
    return RegionBoard(fields, {k: tuple(sorted(set(v), key=lambda f: (fields[f].region, fields[f].n)))
                                for k, v in walk.items()},
                       {k: tuple(sorted(set(v), key=lambda f: (fields[f].region, fields[f].n))) for k, v in dotted.items()},
                       grid, ferries, {c: model.regions[c].name for c in grid}, {c: model.regions[c].feature for c in grid})


def merged(*boards: RegionBoard) -> RegionBoard:
    """The maps of several boxes as one box of maps (Under the Shadow of the Dragon, "as an
    Expansion Set": "All 25 region maps are shuffled together and laid out in a square 5 by 5"):
    every map with its own fields and routes, the boxes' grids one below the other; :func:`relaid`
    lays them as the game deals them. The maps' letters must differ (the two boxes': A-P and R-Z)."""
    fields: dict[str, Field] = {}
    walk: dict[str, tuple[str, ...]] = {}
    dotted: dict[str, tuple[str, ...]] = {}
    grid: dict[str, tuple[int, int]] = {}
    ferries: tuple[tuple[str, str], ...] = ()
    names: dict[str, str] = {}
    features: dict[str, str] = {}
    below = 0
    for board in boards:
        twice = sorted(set(board.grid) & set(grid))
        if twice:
            raise KeyError(f"region map {twice[0]!r} is in two boxes")
        fields.update(board.fields)
        walk.update(board.walk)
        dotted.update(board.dotted)
        grid.update({c: (r + below, k) for c, (r, k) in board.grid.items()})
        below = 1 + max(r for r, _ in grid.values())
        ferries += board.ferries
        names.update(board.names)
        features.update(board.features)
    return RegionBoard(fields, walk, dotted, grid, ferries, names, features)


def relaid(board: RegionBoard, layout: list[str], face_down: str = ".", wrap: bool = False) -> RegionBoard:
    """The same maps laid anew (Return of the Heroes, Alternative Rules: the Standard Game shuffles
    the regions, the Unknown Land turns them up one by one): ``layout`` rows of region letters,
    ``face_down`` for a spot whose map is not turned up (its fields are not on the board). Each
    map keeps its own fields and routes; the joins between maps are made again, as
    :func:`build_board` makes them, between the entry fields of the maps that now touch. With
    ``wrap`` the edges join too (Heroes in the Underworld, "Combined with Return of the Heroes and
    In the Shadow of the Dragon" 8: "if the map tiles are laid out as A, B, C, D and a hero walks
    east off the "D" tile, he emerges on the west side of the "A" tile"); a row or column of one
    map does not join itself."""
    grid = {c: (r, k) for r, row in enumerate(layout) for k, c in enumerate(row) if c != face_down}
    unknown = [c for c in grid if c not in board.grid]
    if unknown:
        raise KeyError(f"no region map {unknown[0]!r}{nearest(unknown[0], board.grid)}")
    fields = {fid: f for fid, f in sorted(board.fields.items(), key=lambda kv: (grid.get(kv[1].region, (-1, -1)),
                                                                                  kv[1].n))
              if f.region in grid}
    walk = {fid: [g for g in board.walk[fid] if board.fields[g].region == f.region] for fid, f in fields.items()}
    dotted = {fid: [g for g in board.dotted[fid] if board.fields[g].region == f.region] for fid, f in fields.items()}
    bare = RegionBoard(fields, {}, {}, grid)
    rows, cols = len(layout), max((len(row) for row in layout), default=0)
    at = {rc: c for c, rc in grid.items()}
    for letter, (r, c) in grid.items():
        for side, (dr, dc) in (("E", (0, 1)), ("S", (1, 0))):
            there = (r + dr, c + dc)
            if wrap:
                there = ((r + dr) % rows, (c + dc) % cols)
            other = at.get(there) if there != (r, c) else None
            a, b = bare.entry(letter, side), bare.entry(other, OPPOSITE[side]) if other else None
            if a and b:
                _join(walk, a, b)
    order = {fid: k for k, fid in enumerate(sorted(fields, key=lambda f: (fields[f].region, fields[f].n)))}
    return RegionBoard(fields, {k: tuple(sorted(set(v), key=order.__getitem__)) for k, v in walk.items()},
                       {k: tuple(sorted(set(v), key=order.__getitem__)) for k, v in dotted.items()}, grid,
                       tuple(p for p in board.ferries if p[0] in fields and p[1] in fields),
                       {c: n for c, n in board.names.items() if c in grid},
                       {c: f for c, f in board.features.items() if c in grid})


def _join(table: dict[str, list[str]], a: str, b: str) -> None:
    table[a].append(b)
    table[b].append(a)


def setup_fields(board: RegionBoard) -> list[str]:
    """The set-up spots: "place one counter each on opposing entry fields of each map piece,
    alternating in north-south and east-west directions. In effect this means that no two counters
    may lie adjacent to one another." (UtSotD, The Story Begins 4). The map at row r, column c takes
    north and south when r + c is even, east and west when odd (R, the top left map, north and
    south), so that touching maps never put counters on the two ends of one join."""
    out = []
    for letter, (r, c) in sorted(board.grid.items(), key=lambda kv: kv[1]):
        for side in (("N", "S") if (r + c) % 2 == 0 else ("E", "W")):
            fid = board.entry(letter, side)
            if fid is not None:
                out.append(fid)
    return out


def search(roll: list[int], spec: Field, ease: int = 0) -> bool:
    """Finding a hidden route: "roll two dice. The total sum of both dice needs to be equal to or
    lower than the number printed on the field" (UtSotD, Hidden Routes); ``ease`` raises the number
    (a game's hero who finds hidden paths more easily)."""
    if not spec.is_hidden:
        raise ValueError(f"{spec.id} is a {spec.colour} field, not a hidden one")
    if len(roll) != 2:
        raise ValueError(f"a search rolls two dice, got {roll}")
    return sum(roll) <= spec.hidden + ease
