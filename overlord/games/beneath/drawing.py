"""The board of a combination with the Underworld as drawing data (``overlord.view.drawing``): the upper
game's maps as they lie (its own drawing), and beside them, to their right, the Underworld's tiles (its
own drawing, its ids marked ``u:``); a hero below stands on his tile only; an Evil Mark is a marker on
the first field of its map; a gate is the counter it is."""

from __future__ import annotations

import dataclasses

from typing import Callable

from overlord.games.underworld.drawing import board_drawing as under_drawing
from overlord.view.drawing import Drawing, Marker

from .view import UnderView

GAP = 2.0          # between the maps and the Underworld, in the drawing's units
PREFIX = "u:"


def game_drawing(s, c, above_drawing: Callable) -> Drawing:
    """``above_drawing(s, c)``: the upper game's drawing of its board."""
    above = above_drawing(s, c)
    below = under_drawing(UnderView(s), c.under)
    right = max((sp.x + sp.w for sp in above.spaces), default=0.0) + GAP
    top = min((sp.y for sp in below.spaces), default=0.0)
    left = min((sp.x for sp in below.spaces), default=0.0)

    def moved(sp):
        return dataclasses.replace(sp, id=PREFIX + sp.id, x=sp.x - left + right, y=sp.y - top)

    def ids(spaces):
        return tuple(PREFIX + x for x in spaces)

    pieces = [p for p in above.pieces if p.id not in s.below]
    pieces += [dataclasses.replace(p, id=PREFIX + p.id if p.id not in s.below else p.id, spaces=ids(p.spaces))
               for p in below.pieces]
    board = c.up.board(s, c)
    marks = [Marker(board.region_fields(m)[0], "evil_mark", f"Evil Mark on map {m}") for m in s.marks]
    return Drawing(
        title=f"{above.title} - and the Underworld",
        spaces=above.spaces + [moved(sp) for sp in below.spaces],
        links=above.links + [dataclasses.replace(k, a=PREFIX + k.a, b=PREFIX + k.b) for k in below.links],
        areas=above.areas + [dataclasses.replace(a, id=PREFIX + a.id, spaces=ids(a.spaces)) for a in below.areas],
        pieces=pieces,
        markers=above.markers + marks + [dataclasses.replace(m, space=PREFIX + m.space) for m in below.markers],
        paths=above.paths + [dataclasses.replace(p, spaces=ids(p.spaces)) for p in below.paths],
        legend={**above.legend, **below.legend, "evil_mark": "an Evil Mark: every skill test on this map at -1"})
