"""The board of the Underworld beneath Return of the Heroes as drawing data: Return of the Heroes' maps
as they lie, the Underworld's tiles beside them (``beneath.drawing``)."""

from __future__ import annotations

from overlord.games.beneath import drawing
from overlord.games.roth.drawing import game_drawing as roth_drawing
from overlord.view.drawing import Drawing


def game_drawing(s, c) -> Drawing:
    return drawing.game_drawing(s, c, roth_drawing)
