"""The Dragon's board as drawing data (:mod:`overlord.view.drawing`): the nine region maps laid as
the box lays them (``layout``: R top left, Z bottom right), each map an area named as players name
it, each field a space named as they type it (``T4``), the routes between fields as links, the
heroes and the counters on the board as pieces, and each hero's moves of his last turn as a path.

What the drawing shows agrees with the table's ``map`` (``narrate.picture``): a hero stands on his
field (between two fields while he searches for a hidden route), a counter lies where the text
picture lists it, and a covered counter is "a covered counter" and nothing more - its id, its name
and its letter are the same for every covered counter, so the picture tells no more than the box.

The maps, fields and routes are drawn as the whole Heroes family draws its region boards
(:mod:`overlord.games.heroes.board_drawing`: where each field lies on its map, its shape and kind,
the routes' kinds); what is the Dragon's is here: the legend's words, the counters and the heroes.
"""

from __future__ import annotations

from ...view.drawing import Drawing
from ...view.words import count
from ..heroes.board_drawing import counter_pieces, field_words, hero_pieces, last_moves, region_drawing
from ..heroes.counters import BORDERS
from .load import DragonContent
from .narrate import DRAGON_WORDS, MAN_WORDS
from .state import DragonState, counter
from .words import name

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


def _about(s: DragonState, c: DragonContent, inst: str, fid: str, shown: str) -> str:
    b = c.board
    spec = counter(c, inst)
    if spec.effect == "dragon":
        life = f", {count(s.dragon_life, 'life point')}" if s.dragon_life else ""
        return f"the Dragon ({DRAGON_WORDS.get(s.dragon, s.dragon)}{life}) on {field_words(b, fid)}"
    if spec.effect == "dragon_man":
        return f"the Dragon Man ({MAN_WORDS.get(s.dragon_man, s.dragon_man)}) on {field_words(b, fid)}"
    what = "artifact" if inst in s.backs else BORDERS.get(spec.border, spec.border)
    return f"{shown} ({what}) on {field_words(b, fid)}: {spec.text}"


def _monster(s: DragonState, c: DragonContent, inst: str) -> bool:
    spec = counter(c, inst)
    return spec.border == "red" or spec.effect in ("dragon", "dragon_man")


def board_drawing(s: DragonState, c: DragonContent) -> Drawing:
    """The family's drawing of the nine maps (:func:`..heroes.board_drawing.region_drawing`), with the
    counters and heroes on them and each hero's last moves."""
    return region_drawing(c.board, f"{c.scenario.name}, round {s.round}", LEGEND,
                          counter_pieces(s, c, name, _about, _monster) + hero_pieces(s, c), last_moves(s, c, MOVES))

