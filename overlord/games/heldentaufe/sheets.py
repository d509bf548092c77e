"""Heldentaufe to print (``overlord print heldentaufe``, issue 42): what the program lays where the
box prints it otherwise.

* **The Underworld's layout**, ours (the book names its parts, not where they lie), as the board
  picture draws it (:func:`.drawing.board_drawing`, the Underworld's hexes alone): every area with
  its X,Y (``move X,Y`` in the Underworld; ``teleport under X,Y``), the treasure's space, the five
  portals with their numbers, each monster's nest, the skulls and the dangers laid face down on
  them. Laid over the box's board, or played on as it is.
* **The Upper World's area tiles** of this game (the campfire and the stack, after the book's
  removals for the number of heroes): our mix of kinds, a square each to cut out with its id and
  kind, the portals numbered.
* **The mission cards** of this game (the hands dealt and the pile): the kinds and their numbers
  are the book's, each card's area, tokens and reward ours, so the box's cards would say other
  things. 63 x 88 mm each.

The hero boards are the box's (the game's components say so): none is printed. The scale is ours
(the book gives no size): an Underworld area is :data:`HEX_MM` across its flat sides, an Upper
World tile :data:`TILE_HEXES` times that; ``overlord print --unit MM`` sets the hex to your box's
and the tiles follow."""

from __future__ import annotations

import math

from ...core.game import Printout
from ...view.drawing import Drawing, Marker, Space
from ...view.words import count
from ...view.sheet import WORDS, Card, cards, pages, room
from .content import Content
from .drawing import UPPER_WORDS, board_drawing, upper_kind
from .state import HState
from .upper import kind_of, portal_number

HEX_MM = 20.0              # ours: an Underworld area across its flat sides (the book gives no size)
TILE_HEXES = 2.5           # ours: an Upper World tile's side, in hexes
MEASURE = "an Underworld area (a hex) across its flat sides"
KIND_WORDS = {"porter": "Porter", "thief": "Thief", "observer": "Observer", "explorer": "Explorer",
              "hunter": "Monster Hunter", "companion": "Companion"}
BOOST_WORDS = {"boots": "+1 action point at once", "ring": "the next recipe up for one brewing",
               "sword": "+2 to the next combat roll"}

def underworld_drawing(c: Content, s: HState) -> Drawing:
    """The board picture's Underworld with no figure, each portal, nest and the treasure's space
    written on its area."""
    board = board_drawing(c, s)
    under = [sp for sp in board.spaces if sp.id.startswith("under ")]
    words = [Marker(sp.id, WORDS, sp.kind if sp.kind.startswith("portal") else
                    "treasure" if sp.kind == "treasure space" else sp.kind.replace("'s nest", " nest"))
             for sp in under if sp.kind not in ("area", "skull")]
    marks = [Marker(m.space, m.kind, "danger") for m in board.markers if m.kind == "danger"]
    legend = {**board.legend, **{k: f"{k}: to and from the Upper World's {k}" for k in board.legend
                                 if k.startswith("portal ")}}
    return Drawing(f"{c.scenario.name}: the Underworld", under, markers=words + marks, legend=legend).check()

def tile_ids(s: HState) -> list[str]:
    """The Upper World tiles of this game: the campfire and the stack, kind by kind."""
    order = [k.replace(" ", "_") for k in UPPER_WORDS]
    return sorted(list(s.upper.values()) + list(s.tiles.draw),
                  key=lambda t: (order.index(kind_of(t)) if kind_of(t) in order else len(order), portal_number(t),
                                 _number(t)))


def _number(tile: str) -> int:
    """A tile's number ("forest-12" -> 12; the campfire 0)."""
    tail = tile.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0

def tile_pages(s: HState, title: str, tile_mm: float) -> list[str]:
    """The tiles side by side, one unit each, as many a page as it holds."""
    out: list[str] = []
    ids = tile_ids(s)
    kinds = {upper_kind(t) for t in ids}
    legend = {k: w for k, w in UPPER_WORDS.items() if k in kinds}
    legend |= {k: f"{k}: to and from the Underworld's {k}" for k in sorted(kinds) if k.startswith("portal ")}
    while ids:
        cols, rows = room(tile_mm, legend=not out)
        if cols < 1 or rows < 1:
            raise ValueError(f"an Upper World tile of {tile_mm:g} mm does not fit on the paper")
        here, ids = ids[:cols * rows], ids[cols * rows:]
        spaces = [Space(t, i % cols, i // cols, upper_kind(t), t.replace("_", " ").replace("-", " "))
                  for i, t in enumerate(here)]
        used = math.ceil(len(here) / cols)
        cuts = tuple((sp.x, sp.y, sp.x + 1, sp.y + 1) for sp in spaces)
        out += pages(Drawing(title, spaces, legend=legend), tile_mm, title=title,
                     window=(0, 0, min(len(here), cols), used), cuts=cuts, legend=not out, label=lambda sp: sp.name)
    return out

def mission_card(c: Content, cid: str) -> Card:
    m = c.missions[cid]
    told = (("Area: {}", (m.area or "").replace("_", " ")),
            ("Defeat {}", c.monsters[m.monster].name if m.monster else ""),
            ("Give up: {}", ", ".join(m.give)),
            ("Companion: {}", m.companion.replace("_", " ")),
            ("Feed it: {}", m.food or ""),
            ("It gives: {}", BOOST_WORDS.get(m.boost, m.boost) if m.boost else ""))
    lines = [form.format(value) for form, value in told if value]
    reward = [f"{m.reward.teeth} small {'tooth' if m.reward.teeth == 1 else 'teeth'}"] * bool(m.reward.teeth) \
        + [str(m.reward.equipment)] * bool(m.reward.equipment)
    if m.kind == "hunter":
        reward = reward or ["2 monster teeth"]
    if m.kind == "explorer":
        lines.append("Play it when you trigger a trap")
    if m.kind == "thief":
        lines.append("On the same Upper World area as another hero: take 1 small tooth from them")
    if reward:
        lines.append(("Reward: 1 tooth or " if m.kind == "observer" else "Reward: ") + " or ".join(reward))
    return Card(cid, KIND_WORDS.get(m.kind, m.kind), tuple(lines), "mission")

def mission_ids(s: HState) -> list[str]:
    """The missions of this game: the hands dealt, the pile and its discards."""
    return [cid for h in s.heroes for cid in s.board[h].hand] + list(s.missions.draw) + list(s.missions.discard)

def printout(c: Content, s: HState, hex_mm: float | None = None) -> Printout:
    hex_mm = HEX_MM if hex_mm is None else hex_mm
    name = c.scenario.name
    board = underworld_drawing(c, s)
    out = pages(board, hex_mm, title=f"{name}: the Underworld, an area {hex_mm:g} mm across")
    tile_mm = hex_mm * TILE_HEXES
    out += tile_pages(s, f"{name}: the Upper World tiles, {tile_mm:g} mm a side (cut along the dashed lines)", tile_mm)
    missions = mission_ids(s)
    out += cards([mission_card(c, m) for m in missions], f"{name}: the mission cards")
    return Printout(tuple(out), MEASURE, hex_mm,
                    ("the Underworld's layout: every area's X,Y, the treasure's space, the portals, the nests, "
                     "the skulls",
                     f"the {len(tile_ids(s))} Upper World tiles of a game of {count(len(s.heroes), 'hero')}, to cut out",
                     f"the {len(missions)} mission cards"))

