"""One step of the Underworld beneath Return of the Heroes: Return of the Heroes' context on the one
state (``state.HadesState`` is a ``RothState``, ``load.HadesContent`` a ``RothContent``) with the
Underworld's answers to its hooks (``beneath.context.BeneathCtx``) and the combination's turns (a hero
below plays the Underworld's turn, a hero above Return of the Heroes': ``beneath.context.BelowTurns``).
"""

from __future__ import annotations

from overlord.games.beneath.context import BelowTurns, BeneathCtx
from overlord.games.roth import turns as roth_turns
from overlord.games.roth.state import Ctx as RothCtx

from .load import HadesContent
from .state import HadesState

TURNS = BelowTurns(roth_turns.TURNS, roth_turns.turn_phase)


class Ctx(BeneathCtx, RothCtx):
    """A step of the combined game: Return of the Heroes' context with the combination's turns."""

    turn_rules = TURNS

    @property
    def s(self) -> HadesState:
        return self.state

    @property
    def c(self) -> HadesContent:
        return super().c
