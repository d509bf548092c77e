"""The Underworld beneath Return of the Heroes at a table (``overlord play``; ``beneath.table``): above,
Return of the Heroes' commands and ``enter`` (on the gate to Hades/Styx); below, the Underworld's and
``leave`` (on Styx). ``pick DEED`` above takes a heroic deed at the Capital; below, ``pick ID`` keeps
one of the three treasures wishing for luck turned up."""

from __future__ import annotations

from overlord.core.game import Printout
from overlord.games.beneath.table import BeneathTable, commands
from overlord.view.drawing import Drawing

from . import narrate
from .drawing import game_drawing
from .sheets import printout
from .verbs import MOVES, VERBS
from .why import explain


class HadesTable(BeneathTable):
    verbs = VERBS
    commands = commands(VERBS)
    changes = set(MOVES.names) | {"pick", "choose"}
    narration = narrate
    enemy, maps = "the program", "sixteen"
    json_fields = ("nameless", "marks", "below")

    def intro(self) -> list[str]:
        intro = self.match.content.hades.intro
        return [intro] if intro else []

    def printout(self, measure_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
        return printout(self.match.state, self.match.content, measure_mm, heroes)

    def drawing(self) -> Drawing:
        return game_drawing(self.match.state, self.match.content)

    def explain(self) -> list[str]:
        return explain(self.match.state, self.match.content)
