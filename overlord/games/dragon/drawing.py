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

from ...view.drawing import Drawing, Path, Piece
from ...view.words import count
from ..heroes.board_drawing import region_drawing
from ..heroes.counters import BORDERS
from ..heroes.narrate import SIDE
from ..heroes.regions import RegionBoard
from .load import DragonContent
from .narrate import DRAGON_WORDS, MAN_WORDS
from .state import DragonState
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
COVERED = "a covered counter"


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
    """The family's drawing of the nine maps (:func:`..heroes.board_drawing.region_drawing`), with the
    counters and heroes on them and each hero's last moves."""
    return region_drawing(c.board, f"{c.scenario.name}, round {s.round}", LEGEND, _counters(s, c) + _heroes(s, c),
                          last_moves(s, c))

