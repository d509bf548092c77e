"""The Heroes family's region board as drawing data (:mod:`overlord.view.drawing`), drawn once for
every game of the family (Under the Shadow of the Dragon, Return of the Heroes): the region maps
laid as the box lays them (``layout``), each map an area named as players name it, each field a
space named as they type it (``T4``, ``H3``) at the point its content gives, the routes between
fields as links (a route to a hidden field dotted, a one-way route with an arrow, the Labyrinth's
dotted lines, a ferry), the entry fields of two maps that touch joined across the gap between them.

A map is a square of 5 x 5 points; each field lies on the point its content gives (``at``: the
fields and routes are ours, and so are their places), each entry field at the middle of its side,
where the routes join the map beside it. A map whose fields have no places is laid out here
(:func:`field_points`). A field with a feature printed on it (the Smithy, the tower of the
Nameless...) is drawn as a square, any other as a circle; its kind is that feature, else its
colour's meaning. A map's name is written across the middle of its fields, or, for a game that
asks (``clear_names``), above the map when a field lies where it would be written
(:func:`name_label`; the Dragon's pictures keep their names in the middle).

Each game adds what is its own: its legend's words, its pieces and paths, routes of a kind of its
own (:func:`links`'s ``kinds``: Return of the Heroes' lake crossings), and the names of its places
written beside their fields (:func:`place_areas`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...view.drawing import Area, Drawing, Link, Path, Piece, Space
from .regions import HIDDEN, RegionBoard

STEP = 1.5              # between two points of a map
SIZE = 4                # a map's points are 0..SIZE on each axis
GAP = 2.4               # between two maps: an entry field to the one it is joined to
PITCH = SIZE * STEP + GAP
FIELD = 0.8             # a field's diameter
ENTRY = {"N": (2, 0), "E": (4, 2), "S": (2, 4), "W": (0, 2)}
COLOUR_KIND = {"tan": "field", "green": "forest", "red": "hidden", "yellow": "swamp", "blue": "water", "violet": "lair"}
PAINTED = ("field", "forest", "water", "hidden", "lair", "swamp")        # the palette's tan, green, blue, red, violet...
NAME_CHAR = 0.22        # a map's name: the width of a letter, in the drawing's units (the renderer's, about)
NAME_HIGH = 0.45        # ... and the height of its line, from its baseline up
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


def spaces(board: RegionBoard, clear_names: bool = False) -> tuple[list[Space], list[Area]]:
    """Every field, listed by kind - the colours' kinds first, in the order the box's colours come
    in the renderer's palette (tan, green, blue, red, violet), then the features - and each map an
    area of its fields, its name written across their middle, or with ``clear_names`` where it
    covers no field (:func:`name_label`)."""
    out, areas = [], []
    for letter, (row, col) in sorted(board.grid.items(), key=lambda kv: kv[1]):
        points = field_points(board, letter)
        mine = board.region_fields(letter)
        for fid in mine:
            x, y = col * PITCH + points[fid][0] * STEP, row * PITCH + points[fid][1] * STEP
            k = kind(board, fid)
            if k in COLOUR_KIND.values():
                out.append(Space(fid, x, y, k, fid, "circle", FIELD, FIELD))
            else:
                out.append(Space(fid, x - FIELD / 2, y - FIELD / 2, k, fid, "rect", FIELD, FIELD))
        areas.append(Area(letter, board.names[letter], tuple(mine), board.features.get(letter, "") or "region",
                          name_label(board, letter) if clear_names else "middle"))
    rank = {k: i for i, k in enumerate(PAINTED)}
    return sorted(out, key=lambda sp: rank.get(sp.kind, len(rank))), areas


def links(board: RegionBoard, kinds: Mapping[tuple[str, str], str] | None = None) -> list[Link]:
    """Every route once: a two-way route (to a hidden field: a "hidden route"), a one-way route
    from where it is walked ("one way"), the Labyrinth's dotted lines, the ferries. ``kinds``: a
    kind of a game's own for some two-way routes, by their two fields either way round."""
    kinds = kinds or {}
    out: list[Link] = []
    seen: set[tuple[str, str]] = set()
    for a in board.fields:
        for b in board.walk[a]:
            if a in board.walk[b]:
                if (b, a) in seen:
                    continue
                hidden = board.field(a).colour in HIDDEN or board.field(b).colour in HIDDEN
                own = kinds.get((a, b)) or kinds.get((b, a))
                out.append(Link(a, b, own or ("hidden route" if hidden else "route")))
            else:
                out.append(Link(a, b, "one way"))
            seen.add((a, b))
        for b in board.dotted[a]:
            if (b, a) not in seen:
                out.append(Link(a, b, "dotted"))
                seen.add((a, b))
    out += [Link(a, b, "ferry") for a, b in board.ferries]
    return out


def name_label(board: RegionBoard, letter: str) -> str:
    """Where a map's name is written: across the middle of its fields (the renderer's ``middle``),
    or ``above`` the map when a field lies where the name would be (RotH's region H, whose tower
    and Guards' posts fill the middle row)."""
    points = field_points(board, letter)
    cx = sum(p[0] for p in points.values()) / len(points) * STEP
    cy = sum(p[1] for p in points.values()) / len(points) * STEP
    half = len(board.names[letter]) * NAME_CHAR / 2
    for x, y in points.values():
        x, y = x * STEP, y * STEP
        if abs(x - cx) < half + FIELD / 2 and cy - NAME_HIGH - FIELD / 2 < y < cy + FIELD / 2:
            return "above"
    return "middle"


def place_areas(board: RegionBoard, fields: Iterable[str], words: Mapping[str, str] | None = None) -> list[Area]:
    """A place's name written above its field (an area of one field, kind ``place``): ``words``
    gives the name, else the field's own name in the content."""
    words = words or {}
    return [Area(f"place {fid}", words.get(fid) or board.field(fid).name, (fid,), "place", "above") for fid in fields]


def region_drawing(board: RegionBoard, title: str, legend: Mapping[str, str], pieces: list[Piece] | None = None,
                   paths: list[Path] | None = None, route_kinds: Mapping[tuple[str, str], str] | None = None,
                   route_words: Mapping[str, str] | None = None, places: list[Area] | None = None,
                   clear_names: bool = False, in_order: bool = False) -> Drawing:
    """The family's drawing of a region board: every field, every route, each map's name (with
    ``clear_names`` where it covers no field), then a game's pieces, paths and named places. The
    legend names each kind of field drawn (``legend``'s words, else the kind itself), sorted by kind
    or with ``in_order`` in ``legend``'s order (the renderer colours the kinds in the legend's
    order: a game that orders its legend chooses its colours), then each kind of route
    ``route_words`` gives words for."""
    fields, areas = spaces(board, clear_names)
    routes = links(board, route_kinds)
    drawn = {sp.kind for sp in fields}
    kinds = [k for k in legend if k in drawn] + sorted(drawn - set(legend)) if in_order else sorted(drawn)
    words = {k: legend.get(k, k.replace("_", " ")) for k in kinds}
    words |= {k: w for k, w in (route_words or {}).items() if k not in words and any(r.kind == k for r in routes)}
    return Drawing(title, fields, routes, areas + list(places or []), list(pieces or []), paths=list(paths or []),
                   legend=words).check()


# -- the pieces on the board ------------------------------------------------------------------------------

COVERED = "a covered counter"
SIDE_WORDS = {"N": "north edge", "E": "east edge", "S": "south edge", "W": "west edge"}


def field_words(board: RegionBoard, fid: str) -> str:
    """A field for people: its id, and its name and edge where it has them."""
    f = board.field(fid)
    words = [w for w in (f.name, SIDE_WORDS.get(f.side or "")) if w]
    return fid + (f" ({', '.join(words)})" if words else "")


def initials(words: str) -> str:
    """A piece's letter: the initials of its name's words (at most two; "The" and "of" left out)."""
    kept = [w for w in words.replace("-", " ").split() if w[:1].isupper() and w not in ("The",)] or words.split()
    return "".join(w[0] for w in kept[:2]).upper()


def counter_pieces(s, c, name, about, monster) -> list[Piece]:
    """Every counter on the board as a piece: a covered one as such; ``name(s, c, inst)`` a counter's
    name as seen, ``about(s, c, inst, fid, shown)`` its line, ``monster(s, c, inst)`` whether it is
    the enemy's."""
    b = c.board
    pieces = []
    for fid in sorted(s.board, key=b.order):
        covered = 0
        for inst in s.board[fid]:
            if inst in s.down:
                covered += 1
                pieces.append(Piece(f"covered {fid}" + (f" {covered}" if covered > 1 else ""), COVERED, "neutral", "?",
                                    (fid,), f"{COVERED} on {field_words(b, fid)}: what it is shows when a hero turns it over"))
                continue
            shown = name(s, c, inst)
            side = "monsters" if monster(s, c, inst) else "neutral"
            pieces.append(Piece(inst, shown, side, initials(shown), (fid,), about(s, c, inst, fid, shown)))
    return pieces


def hero_pieces(s, c) -> list[Piece]:
    """Every hero in the game as a piece: on his field, or between two while he searches a hidden route."""
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
            at: tuple[str, ...] = (hs.field, hs.between)
        else:
            where, at = f"on {field_words(b, hs.field)}", (hs.field,)
        pieces.append(Piece(h, hero, "heroes", initials(hero), at, f"{hero} (hero) {where}, {life}"))
    return pieces


def last_moves(s, c, moves: Iterable[str]) -> list[Path]:
    """Each hero's moves in his last turn that moved him, field by field from where it began
    (``moves``: the events that take a hero to a field)."""
    moves = tuple(moves)
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
                if e["event"] in moves and e.get("hero") == h and e["to"] in c.board.fields and e["to"] != fields[-1]:
                    fields.append(e["to"])
                    hows.append(e.get("how", e["event"]))
            if len(fields) > 1:
                why = f"{c.heroes[h].name}'s turn in round {turn['round']}: " + ", ".join(dict.fromkeys(hows))
                paths.append(Path(h, tuple(fields), why))
                break
    return paths
