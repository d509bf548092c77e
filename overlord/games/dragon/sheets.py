"""Under the Shadow of the Dragon to print (``overlord print dragon``, issue 42): our region maps,
where the box's maps print other fields and routes.

* **The nine region maps**, a page each, as the board picture draws them
  (:func:`.drawing.board_drawing`): every field with its id (``T4``, as ``move`` takes it), its
  kind in the legend, the routes between fields (hidden ones dotted, one-way ones with an arrow,
  the ferry), and the routes that leave the map cut where they meet the next map's. The cut line
  runs half way to the next map, so the nine sheets laid R S T / U V W / X Y Z edge to edge join
  route to route.
* **The character sheets**, with our numbers (``decks/dragon/heroes.yaml``), and **the artifacts'
  cards** (what each does, its price where the market sells it), 63 x 88 mm each.

The scale is ours (the book gives no size): a region map is :data:`MAP_MM` a side on paper, the
half-gaps to its neighbours included; ``overlord print --unit MM`` sets it to your box's (a map
larger than the paper is cut into overlapping pages)."""

from __future__ import annotations

from ...core.game import Printout
from ...view.sheet import cards
from ..heroes.printing import artifact_cards, hero_cards, region_pages
from .drawing import board_drawing
from .load import DragonContent
from .state import DragonState

MAP_MM = 135.0             # ours: a region map's side with its half-gaps (the book gives no size)
MEASURE = "a region map's side"
ROUTE_WORDS = {"route": "a route", "hidden route": "a route to a hidden field: found with two dice",
               "one way": "a route taken one way only (the arrow's)", "dotted": "a dotted line of the Labyrinth",
               "ferry": "Orchan's ferry across the lake"}


def printout(c: DragonContent, s: DragonState, map_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
    map_mm = MAP_MM if map_mm is None else map_mm
    maps = region_pages(board_drawing(s, c), c.board, c.scenario.name, map_mm, ROUTE_WORDS)
    heroes = list(c.heroes) if heroes is None else heroes
    sheets = cards(hero_cards(c.heroes, heroes) + artifact_cards(c.artifacts),
                   f"{c.scenario.name}: the character sheets and the artifacts")
    return Printout(tuple(maps + sheets), MEASURE, map_mm,
                    (f"the {len(c.board.grid)} region maps, every field with its id and every route",
                     f"the character sheets of {', '.join(c.heroes[h].name for h in heroes)}, with our numbers, "
                     "and a card for each artifact"))
