"""What ``overlord print`` prints for a combination with the Underworld: the upper game's region maps as
they lie (``--unit MM`` sizes a map's side), the character sheets and a card for each of its artifacts;
then the Underworld's tiles to cut out (at the Underworld's own size) and a card for each of its items
(``underworld.sheets``)."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Callable

from overlord.core.game import Printout
from overlord.games.heroes.printing import artifact_cards, hero_cards, region_pages
from overlord.games.underworld.sheets import TILE_MM, item_cards, tile_ids, tile_pages
from overlord.view.sheet import cards

from .view import UnderView


@dataclass(frozen=True)
class AbovePrint:
    """How the upper game prints its maps: its drawing, its routes' words, a map's side (mm), the measure."""

    drawing: Callable
    route_words: dict
    map_mm: float
    measure: str


def printout(s, c, above: AbovePrint, map_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
    map_mm = above.map_mm if map_mm is None else map_mm
    name = c.scenario.name
    board = c.up.board(s, c)
    view = UnderView(s)
    maps = region_pages(above.drawing(s, c), board, name, map_mm, above.route_words)
    heroes = list(s.heroes) if heroes is None else heroes
    own = {aid: a for aid, a in c.artifacts.items() if aid not in c.under_ids}
    sheets = cards(hero_cards(c.heroes, heroes) + artifact_cards(own), f"{name}: the character sheets and the artifacts")
    tiles = tile_pages(view, f"{name}: the Underworld's map tiles, {TILE_MM:g} mm a side (cut along the dashed lines)")
    items = cards(item_cards(SimpleNamespace(catalogue=c.under.catalogue)), f"{name}: the Underworld's items")
    return Printout(tuple(maps + sheets + tiles + items), above.measure, map_mm,
                    (f"the {len(board.grid)} region maps, every field with its id and every route",
                     f"the character sheets of {', '.join(c.heroes[h].name for h in heroes)}, with our numbers, "
                     "and a card for each artifact",
                     f"the Underworld's {len(tile_ids(view))} map tiles to cut out, each with its id, name and exits, "
                     "and a card for each of its items"))
