"""What ``overlord print`` prints for the Underworld beneath Return of the Heroes (``beneath.sheets``):
Return of the Heroes' region maps as they lie, its sheets and artifacts, the Underworld's tiles and
items."""

from __future__ import annotations

from overlord.core.game import Printout
from overlord.games.beneath.sheets import AbovePrint, printout as both_printout
from overlord.games.roth.drawing import ROUTE_WORDS, game_drawing
from overlord.games.roth.sheets import MAP_MM, MEASURE

ABOVE = AbovePrint(game_drawing, ROUTE_WORDS, MAP_MM, MEASURE)


def printout(s, c, map_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
    return both_printout(s, c, ABOVE, map_mm, heroes)
