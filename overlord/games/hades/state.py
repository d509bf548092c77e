"""The state of the Underworld beneath Return of the Heroes: Return of the Heroes' state (its
sixteen maps, bag, heroes and turns) with the Underworld's part and what joins them
(``beneath.state.BeneathOwn``)."""

from __future__ import annotations

from dataclasses import dataclass

from overlord.games.beneath.state import BeneathOwn
from overlord.games.roth.state import RothState


@dataclass
class HadesState(BeneathOwn, RothState):
    """Return of the Heroes' state, the Underworld's part and what joins them."""
