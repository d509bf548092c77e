"""Return of the Heroes' sixteen region maps (``decks/roth/regions.yaml``, kind ``roth_regions``):
the family's board model (:mod:`overlord.games.heroes.regions`) and what RotH's book adds to it.

What the book gives, and where it lives here:

- The maps A to P, four rows of four (``layout: [ABCD, EFGH, IJKL, MNOP]``); "The regions
  'Nameless' (H) and 'Temple' (N)" (Alternative Rules: The Standard Game).
- The fields it names (:data:`NAMED`): the tower H3 and "the four fields surrounding the tower
  (H3)", the Guards' posts (The Final Battle Against the Nameless); the Temple N5, the White
  Village I5, the Fountain of Life O5 (Hit Points); the instructors Don Hobiro F7, Mirabar O3,
  Gasconier J3 (The Instructors); the merchant F5 and the Book of Curses E6 (Tasks); the Lizard
  People K6 and the Gnomes C8 (Heroic Deeds); the boat L4 (Lake Crossing). Ours: the town of
  Zenda G2, King Foebus's court J7, the manors A2 B2 D2 M2 P2.
- The lake: "Moving from one blue field to another blue field over the two routes (in region L)
  costs the exorbitant price of one gold piece ... Crossing the lake from the field where the boat
  lies ... is free" (Fields and Hidden Locations): a lake route is a route between two blue
  fields (:func:`lake_routes`); there are two, in region L, and the boat's field ends them.

Readings (docs/roth.md's table; flags a later scenario may name):

- ``boat_field``: ``L4`` (Lake Crossing: "If the boat is in play, the crossing from L4 is free";
  the lake is region L's), against ``F4`` (Fields and Hidden Locations: "Crossing the lake from the
  field where the boat lies (F4) is free"). :data:`BOAT_FIELDS` lists both, ours first.
- The Guards' posts, "dark blue fields" in the box, are tan fields with the feature ``guard_post``
  (entered as normal fields; "blue" is the lake's colour and its crossing rule). The tower is
  joined to its four posts and to nothing else ("In order to challenge the Nameless, you must
  first overcome a guard").
- A manor field is joined to one tan field only, the field "next to it" where its hero starts
  (:func:`start_field`): "place your character on the indicated location and put your manor house
  next to it" (What to Do First).
- Every map has an entry field on each side, so that the Standard Game's shuffled regions fit
  together and the Unknown Land's chits have "two opposite ends of the region" to go on.
- Every region but 'Nameless' (H) and 'Temple' (N) has a manor field (ours: the Standard Game's
  "Your manor house is placed in your home region and your character on the field next to it", and
  any region but those two may be drawn as a home, :data:`SEPARATED`); :func:`home_manor`.
"""

from __future__ import annotations

from typing import NamedTuple

from overlord.content import kinds
from overlord.content.errors import Problem, nearest
from overlord.content.models import Strict
from overlord.games.heroes.regions import SIDES, RegionBoard, RegionsModel, build_board, region_problems

from .content import NAME

KEY = "roth_regions"
LAYOUT = ["ABCD", "EFGH", "IJKL", "MNOP"]
LAKE_REGION = "L"
LAKE_ROUTES = 2                # "over the two routes (in region L)"
GUARD_POSTS = 4                # "the four Guards are placed ... on their posts"
BOAT_FIELDS = ("L4", "F4")     # the reading ``boat_field``: ours first (see above)
BOAT_FIELD = BOAT_FIELDS[0]


class Named(NamedTuple):
    feature: str               # the field's feature ("": a counter's coordinates, no feature of its own)
    words: str                 # what the book (or we) put there
    source: str                # the book's section, or "ours"


# Every field the book names, and the ones we name for it (source "ours"), at the ids every RotH file uses.
NAMED: dict[str, Named] = {
    "H3": Named("tower", "the tower of the Nameless", "The Final Battle Against the Nameless"),
    "N5": Named("temple", "the Temple", "Hit Points"),
    "I5": Named("village", "the White Village", "Hit Points"),
    "O5": Named("fountain", "the Fountain of Life", "Hit Points"),
    "F7": Named("instructor", "Don Hobiro, the instructor in range combat", "The Instructors"),
    "O3": Named("instructor", "Mirabar, the instructor in magic combat", "The Instructors"),
    "J3": Named("instructor", "Gasconier, the instructor in close combat", "The Instructors"),
    "F5": Named("", "the merchant to escort to Zenda", "Tasks"),
    "E6": Named("", "the Book of Curses", "Tasks"),
    "K6": Named("", "the Lizard People", "Heroic Deeds"),
    "C8": Named("", "the Gnomes", "Heroic Deeds"),
    "L4": Named("boat", "the boat on the lake", "Lake Crossing"),
    "G2": Named("town", "the town of Zenda", "ours"),
    "J7": Named("court", "the royal court of King Foebus", "ours"),
    "A2": Named("manor", "the fighter's manor", "ours"),
    "B2": Named("manor", "the cleric's manor", "ours"),
    "D2": Named("manor", "the mage's manor", "ours"),
    "M2": Named("manor", "the elf's manor", "ours"),
    "P2": Named("manor", "the dwarf's manor", "ours"),
}
MANORS = {"fighter": "A2", "cleric": "B2", "mage": "D2", "elf": "M2", "dwarf": "P2"}
# "The regions 'Nameless' (H) and 'Temple' (N) are separated" before the home regions are drawn
# (Alternative Rules: The Standard Game)
SEPARATED = ("H", "N")
BLUE = "blue"


class RothRegionsFile(Strict):
    roth_regions: RegionsModel


# -- the board's questions, for the rules to come ------------------------------------------------

def lake_routes(board: RegionBoard) -> list[tuple[str, str]]:
    """The routes "from one blue field to another blue field", each once, in reading order."""
    return sorted({tuple(sorted((a, b), key=board.order)) for a, nbs in board.walk.items() for b in nbs
                   if board.field(a).colour == BLUE and board.field(b).colour == BLUE})


def start_field(board: RegionBoard, manor: str) -> str:
    """The field next to a manor, where its hero starts (the manor's only route)."""
    (start,) = board.walk[manor]
    return start


def home_manor(board: RegionBoard, letter: str) -> str:
    """The manor field of a home region (the Standard Game): its one manor field."""
    (manor,) = [f for f in board.region_fields(letter) if board.field(f).feature == "manor"]
    return manor


def guard_posts(board: RegionBoard) -> list[str]:
    return board.with_feature("guard_post")


# -- checks -------------------------------------------------------------------------------------------

def regions_problems(model: RothRegionsFile, doc) -> list[Problem]:
    """The family's checks, then RotH's: the named fields, an entry field each side, and on a board
    the family's checks pass, the tower's four posts, the lake's two routes, the manors' start
    fields and every field reachable from every manor."""
    m = model.roth_regions
    base = (KEY,)
    problems = region_problems(m, doc, base)
    problems += _named_problems(m, doc, base)
    for letter, region in m.regions.items():
        manors = [f.n for f in region.fields if f.feature == "manor"]
        if len(manors) != (letter not in SEPARATED):
            problems.append(doc.problem(base + ("regions", letter, "fields"),
                                        f"region {letter} has {len(manors)} manor fields: "
                                        + ("none, it is 'Nameless' or 'Temple', never a home region"
                                           if letter in SEPARATED else "one, its manor when it is drawn as a "
                                           "home region (ours: the Standard Game)")))
        sides = {f.side for f in region.fields if f.side}
        for side in SIDES:
            if side not in sides:
                problems.append(doc.problem(base + ("regions", letter, "fields"),
                                            f"region {letter} has no entry field on side {side}: every map has "
                                            "one a side (ours: the Standard Game shuffles the maps)"))
    if problems:
        return problems
    board = build_board(m)
    return _tower_problems(board, m, doc) + _lake_problems(board, m, doc) + _manor_problems(board, m, doc) \
        + _reach_problems(board, doc)


def _field_path(m: RegionsModel, fid: str) -> tuple:
    letter, n = fid[0], int(fid[1:])
    j = next(j for j, f in enumerate(m.regions[letter].fields) if f.n == n)
    return (KEY, "regions", letter, "fields", j)


def _named_problems(m: RegionsModel, doc, base: tuple) -> list[Problem]:
    problems = []
    for fid, named in NAMED.items():
        letter, n = fid[0], int(fid[1:])
        told = f"{named.words} ({'ours' if named.source == 'ours' else 'Return of the Heroes, ' + named.source})"
        region = m.regions.get(letter)
        if region is None:
            problems.append(doc.problem(base + ("regions",), f"no region {letter} for field {fid}, {told}"))
            continue
        ids = [f"{letter}{f.n}" for f in region.fields]
        j = next((j for j, f in enumerate(region.fields) if f.n == n), None)
        if j is None:
            moved = [f"{letter}{f.n}" for f in region.fields if named.feature and f.feature == named.feature]
            hint = f" (did you mean {moved[0]!r}?)" if moved else nearest(fid, ids)
            problems.append(doc.problem(base + ("regions", letter, "fields"), f"no field {fid}, {told}{hint}"))
            continue
        f = region.fields[j]
        if f.feature != named.feature:
            problems.append(doc.problem(base + ("regions", letter, "fields", j, "feature" if f.feature else "n"),
                                        f"field {fid} is {told}: its feature is {named.feature or 'none'!r}, "
                                        f"not {f.feature or 'none'!r}"))
        if fid == BOAT_FIELD and f.colour != BLUE:
            problems.append(doc.problem(base + ("regions", letter, "fields", j, "colour"),
                                        f"field {fid} is {told}: a blue field, not {f.colour}"))
    return problems


def _tower_problems(board: RegionBoard, m: RegionsModel, doc) -> list[Problem]:
    """ "the four Guards are placed on the four fields surrounding the tower (H3)"; "In order to
    challenge the Nameless, you must first overcome a guard" (The Final Battle Against the Nameless)."""
    tower = next(f for f, n in NAMED.items() if n.feature == "tower")
    posts = guard_posts(board)
    joined = board.walk[tower]
    problems = []
    strangers = [f for f in joined if board.field(f).feature != "guard_post"]
    if strangers:
        problems.append(doc.problem(_field_path(m, tower), f"the tower {tower} is joined to {', '.join(strangers)}: "
                                                           "only its guard posts lead to it"))
    for post in posts:
        if post not in joined:
            problems.append(doc.problem(_field_path(m, post), f"guard post {post} is not joined to the tower {tower}"))
    if len(posts) != GUARD_POSTS:
        problems.append(doc.problem(_field_path(m, tower), f"the tower {tower} has {len(posts)} guard posts "
                                                           f"({', '.join(posts) or 'none'}), the book's four"))
    return problems


def _lake_problems(board: RegionBoard, m: RegionsModel, doc) -> list[Problem]:
    """ "Moving from one blue field to another blue field over the two routes (in region L) costs ...
    one gold piece"; "the crossing from L4 is free" (Fields and Hidden Locations, Lake Crossing)."""
    problems = []
    crossings = lake_routes(board)
    for a, b in crossings:
        if board.region_of(a) != LAKE_REGION:
            letter = board.region_of(a)
            j = next(j for j, r in enumerate(m.regions[letter].routes) if {f"{letter}{r[0]}", f"{letter}{r[1]}"} == {a, b})
            problems.append(doc.problem((KEY, "regions", letter, "routes", j),
                                        f"routes {j + 1}: {a} to {b} joins two blue fields, a lake crossing outside "
                                        f"the lake of region {LAKE_REGION}"))
    here = [c for c in crossings if board.region_of(c[0]) == LAKE_REGION]
    if len(here) != LAKE_ROUTES:
        problems.append(doc.problem((KEY, "regions", LAKE_REGION, "routes"),
                                    f"region {LAKE_REGION} has {len(here)} route{'' if len(here) == 1 else 's'} between blue fields, the book's "
                                    f"{LAKE_ROUTES} across the lake"))
    elif not any(BOAT_FIELD in c for c in here):
        problems.append(doc.problem(_field_path(m, BOAT_FIELD), f"the boat's field {BOAT_FIELD} ends no lake route"))
    return problems


def _manor_problems(board: RegionBoard, m: RegionsModel, doc) -> list[Problem]:
    problems = []
    for manor in board.with_feature("manor"):
        nbs = board.walk[manor]
        if len(nbs) != 1 or board.field(nbs[0]).colour != "tan" or board.field(nbs[0]).feature:
            problems.append(doc.problem(_field_path(m, manor), f"manor {manor} is joined to {', '.join(nbs) or 'nothing'}: "
                                                               "to one plain tan field, where its hero starts"))
    return problems


def _reach_problems(board: RegionBoard, doc) -> list[Problem]:
    """Every field is reached from every manor along the routes (hidden fields are found in the end,
    the lake is crossed on foot around it or for a gold piece)."""
    problems = []
    for manor in board.with_feature("manor"):
        reached = set(board.spaces_from([manor]))
        lost = [f for f in board.fields if f not in reached]
        for letter in dict.fromkeys(board.region_of(f) for f in lost):
            fields = [f for f in lost if board.region_of(f) == letter]
            problems.append(doc.problem((KEY, "regions", letter), f"region {letter}: {', '.join(fields)} cannot be "
                                                                  f"reached from the manor {manor}"))
        if problems:
            break
    return problems


def _check(loaded) -> list[Problem]:
    return regions_problems(loaded.model, loaded.doc)


kinds.register(kinds.FileKind(KEY, RothRegionsFile, NAME, "Return of the Heroes' region maps", check=_check))
