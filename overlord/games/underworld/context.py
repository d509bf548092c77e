"""The Underworld's rule context (``overlord.core.context``): the state, the content, the hero to
act, and the kept generator.

The Underworld's rules draw through :func:`.state.rolling` (the generator rebuilt from
``state.rng`` for each draw and written back at once), so a context opened on a state keeps no
generator of its own beside it: :meth:`UnderworldContext.commit` leaves ``state.rng`` as the
rules wrote it, and the context's ``roll`` and ``draw`` go through ``rolling`` too. The heroes' dice
are the kept generator's (their trials, ``heroes.trials``), typed by the players at a table where
they roll their own (``core.dice``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from ...core.context import Context
from ...core.decks import Deck, draw_card
from ...core.dice import rolled
from ...core.game import hidden_draw
from .state import UnderworldState, rolling


@dataclass
class UnderworldContext(Context):
    """One step of the Underworld: ``state`` an :class:`~.state.UnderworldState`, ``content`` the
    loaded game (None where only the state is read: the legal actions)."""

    @classmethod
    def open(cls, state: Any, content: Any, dice: np.random.Generator | None = None):
        return cls(state, content, None, None, len(state.log))

    def commit(self) -> list[dict]:
        return self.state.log[self.start:]

    @property
    def s(self) -> UnderworldState:
        return self.state

    @property
    def hero(self) -> str:
        """The hero whose turn it is."""
        return self.state.turn.hero

    def roll(self, n: int, sides: int = 6, why: str = "") -> list[int]:
        with rolling(self.state) as rng:
            return rolled([int(v) for v in rng.integers(1, sides + 1, size=n)], why, tuple(range(1, sides + 1)))

    def draw(self, deck: Deck, event: Callable[[str], dict] | dict | None = None) -> str:
        with rolling(self.state) as rng:
            card = draw_card(deck, rng)
        if event is not None:
            self.log(hidden_draw(event(card) if callable(event) else {**event, "card": card}))
        return card
