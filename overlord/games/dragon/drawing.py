"""The Dragon's board as drawing data (:mod:`overlord.view.drawing`): the nine region maps laid as
the box lays them (``layout``: R top left, Z bottom right), each map an area named as players name
it, each field a space named as they type it (``T4``), the routes between fields as links, the
heroes and the counters on the board as pieces, and each hero's moves of his last turn as a path.

What the drawing shows agrees with the table's ``map`` (``narrate.picture``): a hero stands on his
field (between two fields while he searches for a hidden route), a counter lies where the text
picture lists it, and a covered counter is "a covered counter" and nothing more - its id, its name
and its letter are the same for every covered counter, so the picture tells no more than the box.

A map is a square of 5 x 5 points; each field lies on the point its content gives (``at``: the
fields and routes are ours, and so are their places), each entry field at the middle of its side,
where the routes join the map beside it. A map whose fields have no places is laid out here
(:func:`field_points`). A field with a feature printed on it (the Smithy, a teleporter...)
is drawn as a square, any other as a circle; its kind is that feature, else its colour's meaning.
"""

from __future__ import annotations

from ...view.drawing import Drawing, Link, Area, Path, Piece, Space
from ...view.words import count
from ..heroes.counters import BORDERS
from ..heroes.regions import HIDDEN, RegionBoard
from .load import DragonContent
from .narrate import DRAGON_WORDS, MAN_WORDS, SIDE
from .state import DragonState
from .words import name

STEP = 1.5              # between two points of a map
SIZE = 4                # a map's points are 0..SIZE on each axis
GAP = 2.4               # between two maps: an entry field to the one it is joined to
PITCH = SIZE * STEP + GAP
FIELD = 0.8             # a field's diameter
ENTRY = {"N": (2, 0), "E": (4, 2), "S": (2, 4), "W": (0, 2)}
COLOUR_KIND = {"tan": "field", "green": "forest", "red": "hidden", "yellow": "swamp", "blue": "water", "violet": "lair"}
PAINTED = ("field", "forest", "water", "hidden", "lair", "swamp")        # the palette's tan, green, blue, red, violet...
LEGEND = {
    "field": "a field", "forest": "a hidden forest field: its route is found with two dice",
    "hidden": "a hidden field: its route is found with two dice", "swamp": "a hidden swamp path",
    "water": "a field by the water", "lair": "the Dragon's Lair",
    "smithy": "the Smithy", "city": "the City of the Mages", "dump": "the Garbage Dump",
    "teleporter": "a teleporter of the City", "corner": "a corner of the Labyrinth",
    "cave_mouth": "the Mouth of the Cave", "rope_point": "where the Rope leads down into the lair",
    "oasis": "the Oasis", "caravanserai": "the Caravanserai", "ferry": "Orchan's ferry on the lake",
    "landing": "where Orchan's ferry lands on the Isle", "isle": "a field of the Isle", "barrow": "the Barrow",
    "manor": "a manor field: a hero's home",
}
MOVES = ("moved", "jump", "labyrinth", "ferry", "pegasus", "steered")     # the events that take a hero to a field
COVERED = "a covered counter"
Point = tuple[int, int]


def kind(board: RegionBoard, fid: str) -> str:
    """A field's kind: its feature, a hidden field its colour's meaning first (it must be found)."""
    f = board.field(fid)
    if f.feature and not f.is_hidden:
        return f.feature
    return COLOUR_KIND[f.colour]


def field_points(board: RegionBoard, letter: str) -> dict[str, Point]:
    """Where each field of a map lies on its 5 x 5 points: where the content draws it (each field's
    ``at``), or for a map whose fields are not all placed there, worked out: the entry fields at the middle of their
    sides, the others first each on the free point nearest the fields it is joined to (those most
    joined to fields already placed first), then moved or swapped while that makes the map read
    better (:func:`_score`). The points of the middle row between the entry fields are left to the
    map's name. Worked out once a board."""
    given = {f: board.field(f).at for f in board.region_fields(letter)}
    if all(given.values()):
        return {f: (p[0], p[1]) for f, p in given.items() if p}
    key = (id(board), letter)
    if key not in _LAID or _LAID[key][0] is not board:
        _LAID[key] = (board, _lay(board, letter))
    return dict(_LAID[key][1])


_LAID: dict[tuple[int, str], tuple[RegionBoard, dict[str, Point]]] = {}


def _lay(board: RegionBoard, letter: str) -> dict[str, Point]:
    mine = board.region_fields(letter)
    pairs = {tuple(sorted((a, b))) for a in mine for b in (*board.walk[a], *board.dotted[a]) if b in mine}
    pairs |= {tuple(sorted(p)) for p in board.ferries if set(p) <= set(mine)}
    links = sorted(pairs)
    near = {f: [b if a == f else a for a, b in links if f in (a, b)] for f in mine}
    at = {f: ENTRY[board.field(f).side] for f in mine if board.field(f).side}
    points = [(x, y) for y in range(SIZE + 1) for x in range(SIZE + 1)
              if (x, y) not in ENTRY.values() and not (0 < x < SIZE and y == 2)]
    moving = [f for f in mine if f not in at]
    if len(moving) > len(points):
        raise ValueError(f"region {letter} has more fields than its map has points")
    for _ in moving:
        f = max((g for g in moving if g not in at), key=lambda g: (sum(n in at for n in near[g]), -mine.index(g)))
        placed = [at[n] for n in near[f] if n in at] or [(2, 2)]
        free = [p for p in points if p not in at.values()]
        at[f] = min(free, key=lambda p: (sum((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 for q in placed), p[1], p[0]))
    best = _score(at, links)
    better = True
    while better:
        better = False
        free = [p for p in points if p not in at.values()]
        tries = [{f: p} for f in moving for p in free] + \
            [{f: at[g], g: at[f]} for i, f in enumerate(moving) for g in moving[i + 1:]]
        for change in tries:
            trial = at | change
            score = _score(trial, links)
            if score < best - 1e-9:
                at, best, better = trial, score, True
                break
    return at


def _score(at: dict[str, Point], links: list[tuple[str, str]]) -> float:
    """How ill a map reads: long routes, routes that cross, a route drawn through a field it does
    not reach (it would read as two routes), fields on the map's edge, and the fields' middle (where
    the renderer writes the map's name) off the middle row."""
    length = sum((at[a][0] - at[b][0]) ** 2 + (at[a][1] - at[b][1]) ** 2 for a, b in links)
    through = sum(_between(at[f], at[a], at[b]) for a, b in links for f in at if f not in (a, b))
    crossed = sum(_crosses(at[a], at[b], at[c], at[d]) for i, (a, b) in enumerate(links) for c, d in links[i + 1:]
                  if not {a, b} & {c, d})
    edge = sum(p[0] in (0, SIZE) or p[1] in (0, SIZE) for p in at.values() if p not in ENTRY.values())
    tilt = (sum(p[1] for p in at.values()) / len(at) - 2) ** 2
    return length + 20 * through + 8 * crossed + 2 * edge + 30 * tilt


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the segments a-b and c-d cross at a point inside both."""
    def turn(p: Point, q: Point, r: Point) -> int:
        v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (v > 0) - (v < 0)
    return turn(a, b, c) * turn(a, b, d) < 0 and turn(c, d, a) * turn(c, d, b) < 0


def _between(p: Point, a: Point, b: Point) -> bool:
    """Whether point ``p`` lies on the straight line from ``a`` to ``b``, strictly between them."""
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return cross == 0 and p not in (a, b) and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) \
        and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _spaces(board: RegionBoard) -> tuple[list[Space], list[Area]]:
    """Every field, listed by kind - the colours' kinds first, in the order the box's colours come
    in the renderer's palette (tan, green, blue, red, violet), then the features - and each map an
    area of its fields."""
    spaces, areas = [], []
    for letter, (row, col) in sorted(board.grid.items(), key=lambda kv: kv[1]):
        points = field_points(board, letter)
        mine = board.region_fields(letter)
        for fid in mine:
            x, y = col * PITCH + points[fid][0] * STEP, row * PITCH + points[fid][1] * STEP
            k = kind(board, fid)
            if k in COLOUR_KIND.values():
                spaces.append(Space(fid, x, y, k, fid, "circle", FIELD, FIELD))
            else:
                spaces.append(Space(fid, x - FIELD / 2, y - FIELD / 2, k, fid, "rect", FIELD, FIELD))
        areas.append(Area(letter, board.names[letter], tuple(mine), board.features.get(letter, "") or "region"))
    rank = {k: i for i, k in enumerate(PAINTED)}
    return sorted(spaces, key=lambda sp: rank.get(sp.kind, len(rank))), areas


def _links(board: RegionBoard) -> list[Link]:
    links: list[Link] = []
    seen: set[tuple[str, str]] = set()
    for a in board.fields:
        for b in board.walk[a]:
            if a in board.walk[b]:
                if (b, a) in seen:
                    continue
                hidden = board.field(a).colour in HIDDEN or board.field(b).colour in HIDDEN
                links.append(Link(a, b, "hidden route" if hidden else "route"))
            else:
                links.append(Link(a, b, "one way"))
            seen.add((a, b))
        for b in board.dotted[a]:
            if (b, a) not in seen:
                links.append(Link(a, b, "dotted"))
                seen.add((a, b))
    links += [Link(a, b, "ferry") for a, b in board.ferries]
    return links


def _where(board: RegionBoard, fid: str) -> str:
    f = board.field(fid)
    words = [w for w in (f.name, SIDE.get(f.side or "")) if w]
    return fid + (f" ({', '.join(words)})" if words else "")


def initials(words: str) -> str:
    """A piece's letter: the initials of its name's words (at most two; "The" and "of" left out)."""
    kept = [w for w in words.replace("-", " ").split() if w[:1].isupper() and w not in ("The",)] or words.split()
    return "".join(w[0] for w in kept[:2]).upper()


def _counters(s: DragonState, c: DragonContent) -> list[Piece]:
    b = c.board
    pieces = []
    for fid in sorted(s.board, key=b.order):
        covered = 0
        for inst in s.board[fid]:
            if inst in s.down:
                covered += 1
                pieces.append(Piece(f"covered {fid}" + (f" {covered}" if covered > 1 else ""), COVERED, "neutral", "?",
                                    (fid,), f"{COVERED} on {_where(b, fid)}: what it is shows when a hero turns it over"))
                continue
            spec = c.spec(inst)
            shown = name(s, c, inst)
            if spec.effect == "dragon":
                life = f", {count(s.dragon_life, 'life point')}" if s.dragon_life else ""
                about = f"the Dragon ({DRAGON_WORDS.get(s.dragon, s.dragon)}{life}) on {_where(b, fid)}"
            elif spec.effect == "dragon_man":
                about = f"the Dragon Man ({MAN_WORDS.get(s.dragon_man, s.dragon_man)}) on {_where(b, fid)}"
            else:
                what = "artifact" if inst in s.backs else BORDERS.get(spec.border, spec.border)
                about = f"{shown} ({what}) on {_where(b, fid)}: {spec.text}"
            side = "monsters" if spec.border == "red" or spec.effect in ("dragon", "dragon_man") else "neutral"
            pieces.append(Piece(inst, shown, side, initials(shown), (fid,), about))
    return pieces


def _heroes(s: DragonState, c: DragonContent) -> list[Piece]:
    b = c.board
    pieces = []
    for h in s.heroes:
        hs, sheet = s.at[h], s.sheets[h]
        if hs.out:
            continue
        hero = c.heroes[h].name
        life = f"{sheet.natural} of {sheet.natural_max} hit points"
        if hs.between:
            where = f"between {hs.field} and {hs.between}, searching for the hidden route"
            spaces: tuple[str, ...] = (hs.field, hs.between)
        else:
            where, spaces = f"on {_where(b, hs.field)}", (hs.field,)
        pieces.append(Piece(h, hero, "heroes", initials(hero), spaces, f"{hero} (hero) {where}, {life}"))
    return pieces


def last_moves(s: DragonState, c: DragonContent) -> list[Path]:
    """Each hero's moves in his last turn that moved him, field by field from where it began."""
    paths = []
    for h in s.heroes:
        if s.at[h].out:
            continue
        turns = [i for i, e in enumerate(s.log) if e["event"] == "turn" and e["hero"] == h]
        for start in reversed(turns):
            turn = s.log[start]
            fields, hows = [turn["at"]], []
            for e in s.log[start + 1:]:
                if e["event"] == "turn":
                    break
                if e["event"] in MOVES and e.get("hero") == h and e["to"] in c.board.fields and e["to"] != fields[-1]:
                    fields.append(e["to"])
                    hows.append(e.get("how", e["event"]))
            if len(fields) > 1:
                why = f"{c.heroes[h].name}'s turn in round {turn['round']}: " + ", ".join(dict.fromkeys(hows))
                paths.append(Path(h, tuple(fields), why))
                break
    return paths


def board_drawing(s: DragonState, c: DragonContent) -> Drawing:
    spaces, areas = _spaces(c.board)
    kinds = {sp.kind for sp in spaces}
    legend = {k: LEGEND.get(k, k.replace("_", " ")) for k in sorted(kinds)}
    return Drawing(f"{c.scenario.name}, round {s.round}", spaces, _links(c.board), areas,
                   _counters(s, c) + _heroes(s, c), paths=last_moves(s, c), legend=legend).check()
