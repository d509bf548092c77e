"""Forgotten Souls to print (``overlord print forgotten-souls``, issue 42): our maps, where the box's
map tiles make other rooms.

* **The map at the start**: the dungeon as the program lays it when the quest begins, every square
  with its X,Y as ``map`` numbers it (the numbers ``move HERO X,Y`` takes), its terrain in the
  legend, the tokens the program places; no figures (the players put theirs).
* **Each Exploration card's map**, as the program lays it when the heroes explore it
  (:func:`.drawing.encounter_drawing`): every square with X,Y as the card counts them, and what
  the players set on it (the entrance, the exit, the heroes' starting squares, each spawn and
  token).

The hero sheets, the Shop Item and Search cards are the box's (the game's components say so): none
is printed. The scale is ours (the rulebook gives no size): a square's side is :data:`SQUARE_MM`
on paper; ``overlord print --unit MM`` sets it to your box's."""

from __future__ import annotations

from ...core.game import Printout
from ...view.sheet import pages
from .drawing import board_drawing, encounter_drawing
from .engine import Game

SQUARE_MM = 25.0                    # ours: a square's side on paper (the book gives no size)
MEASURE = "a square's side"


def printout(game: Game, square_mm: float | None = None) -> Printout:
    square_mm = SQUARE_MM if square_mm is None else square_mm
    name = game.quest.scenario.name
    start = board_drawing(game)
    out = pages(start, square_mm, title=f"{name}: the map at the start, a square {square_mm:g} mm")
    for card in game.quest.exploration:
        d = encounter_drawing(card)
        out += pages(d, square_mm, title=f"{name}: the Exploration card {card.name} ({card.id}), a square "
                     f"{square_mm:g} mm")
    return Printout(tuple(out), MEASURE, square_mm,
                    ("the map at the start, each square with its X,Y and terrain",
                     f"the maps of the {len(game.quest.exploration)} Exploration cards, each square with its X,Y as "
                     "the card counts them and what is set on it"))
