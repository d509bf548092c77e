"""Return of the Heroes' board as drawing data: the sixteen region maps of ``decks/roth/regions.yaml``
drawn as the Heroes family draws its region boards (:mod:`overlord.games.heroes.board_drawing`),
with what is RotH's own:

* **the named places** - the tower of the Nameless H3 and the Guards' posts around it, the Temple
  N5, the White Village I5, the Fountain of Life O5, the instructors F7, O3 and J3, the town of
  Zenda G2, the royal court J7, the boat L4, the manors A2, B2, D2, M2 and P2, and the fields the
  book gives as a counter's coordinates (the merchant F5, the Book of Curses E6, the Lizard People
  K6, the Gnomes C8) - each with its name written above its field (:data:`PLACES`, the words ours:
  short, so that two neighbours' names do not meet);
* **the lake's crossings** - the routes from blue field to blue field (Return of the Heroes, Fields
  and Hidden Locations: they cost a gold piece, free from the boat's field), drawn solid, wide and
  blue (the link kind ``lake``);
* **the colours** - the legend's order is the renderer's palette's: tan fields, green forest paths,
  blue lake fields, red hidden paths, yellow swamp paths, then the features;
* **each map's name** written where it covers no field: above the map where its fields fill the
  middle (region H's tower and Guards' posts).

In a game (:func:`game_drawing`, the table's `map` and pictures): the counters on their fields (a
covered one as such), the heroes (between two fields while they search a hidden path) and each
hero's last moves, as the Dragon's (the family's ``heroes.board_drawing``).
"""

from __future__ import annotations

from overlord.content.errors import ContentError
from overlord.content.paths import shipped_dir
from overlord.content.validate import load_content
from overlord.games.heroes.board_drawing import (counter_pieces, field_words, hero_pieces, last_moves, place_areas,
                                                 region_drawing)
from overlord.games.heroes.counters import BORDERS
from overlord.games.heroes.regions import RegionBoard, build_board
from overlord.view.drawing import Drawing

from .regions import NAMED, guard_posts, lake_routes
from .state import laid_out, name

TITLE = "Return of the Heroes: the sixteen region maps"
LAKE = "lake"                   # the link kind of a crossing of the lake
# What each kind of field is (the renderer colours them in this order: tan, green, blue, red...).
LEGEND = {
    "field": "a field", "forest": "a hidden forest path: found with two dice",
    "water": "a blue field of the lake", "hidden": "a hidden path: found with two dice",
    "tower": "the tower of the Nameless", "fountain": "the Fountain of Life", "village": "the White Village",
    "town": "the town of Zenda", "swamp": "a hidden swamp path: found with two dice",
    "manor": "a manor field: a hero's home", "guard_post": "a Guard's post by the tower",
    "court": "the royal court of King Foebus", "temple": "the Temple", "instructor": "an instructor's home",
    "boat": "the boat's field on the lake",
}
ROUTE_WORDS = {"route": "a route", "hidden route": "a route to a hidden field: found with two dice",
               LAKE: "a crossing of the lake: 1 gold piece, free from the boat's field"}
# The words written above a named place's field (ours: short, so that neighbours' do not meet).
PLACES = {
    "H3": "Tower", "N5": "Temple", "I5": "White Village", "O5": "Fountain of Life", "F7": "Don Hobiro",
    "O3": "Mirabar", "J3": "Gasconier", "F5": "Merchant", "E6": "Book of Curses", "K6": "Lizard People",
    "C8": "Gnomes", "L4": "Boat", "G2": "Zenda", "J7": "Royal Court", "A2": "Fighter's manor",
    "B2": "Cleric's manor", "D2": "Mage's manor", "M2": "Elf's manor", "P2": "Dwarf's manor",
}
GUARD = "Guard"


def shipped_board() -> RegionBoard:
    """The board of ``decks/roth/regions.yaml``, checked as ``overlord validate`` checks it."""
    loaded = load_content(shipped_dir("decks") / "roth" / "regions.yaml")
    if loaded.problems:
        raise ContentError(loaded.problems)
    return build_board(loaded.model.roth_regions)


def places(board: RegionBoard) -> dict[str, str]:
    """Each named field of the board and the words written above it, in the board's order."""
    named = {fid: PLACES.get(fid) or NAMED[fid].words for fid in NAMED if fid in board.fields}
    named |= {fid: GUARD for fid in guard_posts(board)}
    return {fid: named[fid] for fid in sorted(named, key=board.order)}


def board_drawing(board: RegionBoard | None = None) -> Drawing:
    """The sixteen maps (the shipped ones unless ``board`` is given): every field, every route
    (the lake's crossings as ``lake`` links), each map's name and each named place's."""
    board = board or shipped_board()
    lake = {pair: LAKE for pair in lake_routes(board)}
    named = places(board)
    return region_drawing(board, TITLE, LEGEND, route_kinds=lake, route_words=ROUTE_WORDS,
                          places=place_areas(board, named, named), clear_names=True, in_order=True)


MOVES = ("moved", "teleport", "fly")     # the events that take a hero to a field


def about(s, c, inst: str, fid: str, shown: str) -> str:
    """A counter's piece's words: what it is (its border, or an artifact turned up) and where."""
    spec = c.spec(inst) if inst in c.instances else None
    if spec is None:
        return f"{shown} (artifact) on {field_words(c.board, fid)}"
    what = "artifact" if inst in s.backs else BORDERS.get(spec.border, spec.border)
    return f"{shown} ({what}) on {field_words(c.board, fid)}: {spec.text or spec.name}"


def monster(s, c, inst: str) -> bool:
    return inst in c.instances and c.spec(inst).border == "red"


def game_drawing(s, c) -> Drawing:
    """The sixteen maps as they lie (the Unknown Land: those turned up), with the counters and heroes
    on them and each hero's last moves."""
    c = laid_out(s, c)
    board = c.board
    lake = {pair: LAKE for pair in lake_routes(board)}
    named = places(board)
    return region_drawing(board, f"{c.scenario.name}, round {s.round}", LEGEND,
                          counter_pieces(s, c, name, about, monster) + hero_pieces(s, c), last_moves(s, c, MOVES),
                          route_kinds=lake, route_words=ROUTE_WORDS, places=place_areas(board, named, named),
                          clear_names=True, in_order=True)

