"""Return of the Heroes to print (``overlord print roth``): our region maps, where the box's maps
print other fields and routes.

* **The sixteen region maps** (as the state lays them: the Standard Game's shuffled ones), a page
  each, as the board picture draws them (:func:`.drawing.game_drawing`): every field with its id
  (``F7``, as ``move`` takes it), its kind in the legend, the routes between fields (those to hidden
  fields dotted, the lake's crossings wide and blue), and the routes that leave the map cut half way
  to the next map's, so the sheets laid edge to edge join route to route.
* **The character sheets**, with our numbers (``decks/roth/heroes.yaml``), and **the artifacts'
  cards** (what each does, its price where the market sells it), 63 x 88 mm each.

The scale is ours (the book gives no size): a region map is :data:`MAP_MM` a side on paper;
``overlord print --unit MM`` sets it to your box's."""

from __future__ import annotations

from ...core.game import Printout
from ...view.sheet import cards
from ..heroes.printing import artifact_cards, hero_cards, region_pages
from .drawing import ROUTE_WORDS, game_drawing
from .load import RothContent
from .state import RothState, laid_out

MAP_MM = 135.0             # ours: a region map's side with its half-gaps (the book gives no size)
MEASURE = "a region map's side"


def printout(c: RothContent, s: RothState, map_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
    map_mm = MAP_MM if map_mm is None else map_mm
    board = laid_out(s, c).board
    maps = region_pages(game_drawing(s, c), board, c.scenario.name, map_mm, ROUTE_WORDS)
    heroes = list(s.heroes) if heroes is None else heroes
    sheets = cards(hero_cards(c.heroes, heroes) + artifact_cards(c.artifacts),
                   f"{c.scenario.name}: the character sheets and the artifacts")
    return Printout(tuple(maps + sheets), MEASURE, map_mm,
                    (f"the {len(board.grid)} region maps, every field with its id and every route",
                     f"the character sheets of {', '.join(c.heroes[h].name for h in heroes)}, with our numbers, "
                     "and a card for each artifact"))
