"""What ``overlord print`` prints for the Underworld beneath Return of the Heroes: Return of the Heroes'
region maps as they lie (``--unit MM`` sizes a map's side), the character sheets and a card for each of
its artifacts; then the Underworld's tiles to cut out (at the Underworld's own size) and a card for each
of its items (``underworld.sheets``)."""

from __future__ import annotations

from types import SimpleNamespace

from overlord.core.game import Printout
from overlord.games.heroes.printing import artifact_cards, hero_cards, region_pages
from overlord.games.roth.drawing import ROUTE_WORDS, game_drawing
from overlord.games.roth.sheets import MAP_MM, MEASURE
from overlord.games.roth.state import laid_out
from overlord.games.underworld.sheets import TILE_MM, item_cards, tile_ids, tile_pages
from overlord.view.sheet import cards

from overlord.games.beneath.view import UnderView


def printout(s, c, map_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
    map_mm = MAP_MM if map_mm is None else map_mm
    name = c.scenario.name
    board = laid_out(s, c).board
    view = UnderView(s)
    maps = region_pages(game_drawing(s, c), board, name, map_mm, ROUTE_WORDS)
    heroes = list(s.heroes) if heroes is None else heroes
    own = {aid: a for aid, a in c.artifacts.items() if aid not in c.under_ids}
    sheets = cards(hero_cards(c.heroes, heroes) + artifact_cards(own), f"{name}: the character sheets and the artifacts")
    tiles = tile_pages(view, f"{name}: the Underworld's map tiles, {TILE_MM:g} mm a side (cut along the dashed lines)")
    items = cards(item_cards(SimpleNamespace(catalogue=c.under.catalogue)), f"{name}: the Underworld's items")
    return Printout(tuple(maps + sheets + tiles + items), MEASURE, map_mm,
                    (f"the {len(board.grid)} region maps, every field with its id and every route",
                     f"the character sheets of {', '.join(c.heroes[h].name for h in heroes)}, with our numbers, "
                     "and a card for each artifact",
                     f"the Underworld's {len(tile_ids(view))} map tiles to cut out, each with its id, name and exits, "
                     "and a card for each of its items"))
