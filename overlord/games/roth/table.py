"""Return of the Heroes at a table (``overlord play roth``): the players type what their heroes do
(or the number of an option), the program rolls every die with the game's generator, draws and
places every counter, plays the race's rivals (or the Nameless's phase together), and tells each
event with the key behind its choices (the family's table, ``heroes.table``).

A command is an action's words: ``move F6``, ``fight wolves-1 ranged``, ``battle magic``,
``take_task merchant``, ``fulfil merchant``, ``deed axe-of-the-gnomes``, ``use gasconier``,
``buy horse for gro``, ``teleport G4``, ``end``... or the number of an option. The player's own
choices ride along as ``word=value``: ``cubes=blue,red`` (reward colours), ``lose=natural`` or
``lose=ITEM`` (which hit point), ``keep=ITEM`` (what a dead hero bequeaths: an artifact, a deed's
counter or ``stone``).
"""

from __future__ import annotations

from ...core.game import Printout
from ...view.drawing import Drawing
from ..heroes.table import HeroesTable, table_commands
from . import narrate, sheets
from .drawing import game_drawing
from .verbs import MOVES
from .why import explain


class RothTable(HeroesTable):
    commands = table_commands(MOVES)
    changes = set(MOVES.names)       # options and why answer also once the game is over
    narration = narrate
    enemy, maps = "the program", "sixteen"
    json_fields = ("nameless",)

    def printout(self, measure_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
        """What ``overlord print`` prints (see :mod:`.sheets`)."""
        return sheets.printout(self.match.content, self.match.state, measure_mm, heroes)

    def drawing(self) -> Drawing:
        return game_drawing(self.match.state, self.match.content)

    def explain(self) -> list[str]:
        return explain(self.match.state, self.match.content)
