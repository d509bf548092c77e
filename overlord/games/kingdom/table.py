"""Return of the Heroes with the Dragon at a table (``overlord play kingdom-dragon``): the players
type what their heroes do (or the number of an option), the program rolls every die with the
game's generator, draws and places every counter, plays the race's rivals, and tells each event
with the key behind its choices (the family's table, ``heroes.table``).

Before the first turn each player places his manor house: ``house FIELD`` (the options list every
field it may stand by). Then the commands of both boxes: ``move F6``, ``fight troll-1 close``,
``fight shadow-troll magic with lightning``, ``pick DEED`` (at the Capital), ``deed DEED``,
``battle magic``, ``cast strength``, ``jump V3``, ``end``... the player's own choices riding along
as ``word=value``.
"""

from __future__ import annotations

from ...core.game import Printout
from ...view.drawing import Drawing
from ..heroes.table import HeroesTable, table_commands
from . import narrate
from .drawing import game_drawing, printout
from .verbs import MOVES
from .why import explain


class KingdomTable(HeroesTable):
    commands = table_commands(MOVES)
    changes = set(MOVES.names)
    narration = narrate
    enemy, maps = "the program", "twenty-five"
    prompt_fields = ("hoard",)
    json_fields = ("nameless", "dragon", "hoard")

    def intro(self) -> list[str]:
        intro = self.match.content.scenario.intro
        return [intro] if intro else []

    def printout(self, measure_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
        return printout(self.match.state, self.match.content, measure_mm, heroes)

    def drawing(self) -> Drawing:
        return game_drawing(self.match.state, self.match.content)

    def explain(self) -> list[str]:
        return explain(self.match.state, self.match.content)
