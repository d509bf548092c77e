"""The Dragon at a table (``overlord play dragon``): the players type what their heroes do (or the
number of an option), the program rolls every die with the game's generator, draws and places
every counter, plays the Dragon, and tells each event with the key behind its choices.

A command is an action's words: ``move T4``, ``jump S8``, ``vision T4``, ``fight skeleton close``,
``try unicorn magic``, ``use cerberos close``, ``take rope``, ``buy armour for orc``, ``clairvoyance
rope``, ``draw``, ``end``... or the number of an option.
The player's own choices ride along as ``word=value``: ``cubes=blue,red`` (reward colours),
``gold=yes`` (the Orc's gold for cubes), ``lose=natural`` or ``lose=ITEM`` (which hit point),
``keep=ITEM`` (what a dead hero bequeaths), ``discard=magic,close`` (the hoard's cubes), ``cube=red``
(a cube paid or lost), ``pick=1`` (the teleporter's die). Without them a documented default
decides. ``undo`` never goes back past a command that drew from the bag, the market or the Dragon
deck: the players have seen what came out.

``options`` numbers what the hero may do now (the number typed does it), ``why`` tells the last
command again with the rule behind each of its events (also after ``resume``), ``map`` draws every
field and route of the nine maps with who and what stands where. When the Dragon attacks, each
attacked player answers in turn: ``defend SKILL`` (the trial of his choice) or ``defend with
lightning``, then ``lose ITEM`` (the artifact of his choice) when the Dragon could destroy more than
one. Every event that brought something hidden into view (a counter drawn or turned over, a market,
a Dragon card, a look by Vision...) is marked by the engine (``overlord.core.game.hidden_draw``):
``undo`` does not go back past it, and a die roll (a trial, a search, the Halfling's hiding) is
never one.
"""

from __future__ import annotations

from overlord.core.game import Printout
from ...view.drawing import Drawing
from ..heroes.table import HeroesTable, table_commands
from . import narrate
from . import sheets
from .drawing import board_drawing
from .verbs import MOVES
from .why import explain


class DragonTable(HeroesTable):
    commands = table_commands(MOVES)
    changes = set(MOVES.names)       # options and why answer also once the game is over
    narration = narrate
    enemy, maps = "the Dragon", "nine"
    prompt_fields, json_fields = ("hoard",), ("hoard", "dragon")

    def intro(self) -> list[str]:
        sc = self.match.content.scenario
        return [sc.intro] if sc.intro else []

    def printout(self, measure_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
        """What ``overlord print`` prints (see :mod:`.sheets`)."""
        return sheets.printout(self.match.content, self.match.state, measure_mm, heroes)

    def drawing(self) -> Drawing:
        """The nine maps, their fields and routes, the heroes and counters, the last turns' moves
        (``drawing.board_drawing``): what ``map`` prints, as a picture."""
        return board_drawing(self.match.state, self.match.content)

    def explain(self) -> list[str]:
        return explain(self.match.state, self.match.content)
