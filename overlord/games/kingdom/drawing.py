"""Return of the Heroes with the Dragon as drawing data (:mod:`overlord.view.drawing`): the 25 maps as
the game has laid them, drawn as the Heroes family draws its region boards
(:mod:`overlord.games.heroes.board_drawing`), with both legends and both boxes' named places
(Return of the Heroes' tower, court, Temple...; the Dragon's lair and City), the lake's crossings,
the counters and heroes on them (a hero whose manor house is not placed yet stands nowhere), and
each hero's last moves; and what ``overlord print`` prints (:func:`printout`).
"""

from __future__ import annotations

from ...core.game import Printout
from ...view.drawing import Drawing
from ...view.sheet import cards
from ..dragon import drawing as dragon_drawing
from ..heroes.board_drawing import counter_pieces, hero_pieces, last_moves, place_areas, region_drawing
from ..heroes.printing import artifact_cards, hero_cards, region_pages
from ..roth import drawing as roth_drawing
from ..roth.regions import lake_routes
from ..roth.state import laid_out, name
from .load import KingdomContent
from .state import KingdomState

LEGEND = {**dragon_drawing.LEGEND, **roth_drawing.LEGEND}
MOVES = tuple(dict.fromkeys(roth_drawing.MOVES + dragon_drawing.MOVES))


class _Housed:
    """The state with only the heroes whose figures stand on the board (a house placed)."""

    def __init__(self, s: KingdomState):
        self._s = s
        self.heroes = [h for h in s.heroes if s.at[h].field]

    def __getattr__(self, key):
        return getattr(self._s, key)


def game_drawing(s: KingdomState, c: KingdomContent) -> Drawing:
    laid = laid_out(s, c.roth)
    board = laid.board
    named = roth_drawing.places(board)
    shown = _Housed(s)
    return region_drawing(board, f"{c.scenario.name}, round {s.round}", LEGEND,
                          counter_pieces(s, laid, name, roth_drawing.about, roth_drawing.monster) + hero_pieces(shown, laid),
                          last_moves(s, laid, MOVES), route_kinds={pair: roth_drawing.LAKE for pair in lake_routes(board)},
                          route_words=roth_drawing.ROUTE_WORDS, places=place_areas(board, named, named),
                          clear_names=True, in_order=True)


MAP_MM = 135.0             # ours, as each box's: a region map's side with its half-gaps (the books give none)


def printout(s: KingdomState, c: KingdomContent, map_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
    """What ``overlord print kingdom-dragon`` prints: the 25 region maps as the game has laid them, a
    page each (every field with its id, every route; the routes that leave a map cut half way to the
    next), the character sheets with our numbers and a card for each artifact of both boxes."""
    map_mm = MAP_MM if map_mm is None else map_mm
    board = laid_out(s, c.roth).board
    maps = region_pages(game_drawing(s, c), board, c.scenario.name, map_mm, roth_drawing.ROUTE_WORDS)
    heroes = list(s.heroes) if heroes is None else heroes
    sheets = cards(hero_cards(c.heroes, heroes) + artifact_cards(c.roth.artifacts),
                   f"{c.scenario.name}: the character sheets and the artifacts")
    return Printout(tuple(maps + sheets), "a region map's side", map_mm,
                    (f"the {len(board.grid)} region maps as the game laid them, every field with its id and every route",
                     f"the character sheets of {', '.join(c.heroes[h].name for h in heroes)}, with our numbers, "
                     "and a card for each artifact of both boxes"))
