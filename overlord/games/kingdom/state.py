"""The state of a combined game: every field of each game it combines, once (``overlord.core.
state``: plain data that goes through JSON unchanged).

Return of the Heroes with Under the Shadow of the Dragon: a hero's figure keeps what either book
keeps of it (RotH's heroic deeds and precious stone, the Dragon's Basilisk confusion, spells made
ready, the Bag of Gold...), the turn what either turn does (a Guard beaten, a deed picked;
Invisibility, the garbage dump rummaged), and the game RotH's own (the layout, the Nameless and his
Guards, the royal court) and the Dragon's (the hoard, the Dragon's and the Dragon Man's machines, the
storm). Each game's rules read and write the same state through their lens (``lenses``): nothing is
copied between two states, so nothing can drift.

Where both games name a field, it is the family's (``heroes.state``) or means the same in both; a
test (``tests/test_kingdom_state.py``) fails when either game adds a field of the same name and
another type or default. ``phase`` is RotH's there: the players', a rival's or the enemy's turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from overlord.games.dragon import state as dragon
from overlord.games.heroes.state import HeroesState
from overlord.games.roth import state as roth


@dataclass
class HeroState(roth.HeroState, dragon.HeroState):
    """A hero's figure: RotH's fields and the Dragon's."""


@dataclass
class TurnState(roth.TurnState, dragon.TurnState):
    """A turn: RotH's fields and the Dragon's."""


@dataclass
class KingdomOwn(roth.RothOwn, dragon.DragonOwn):
    """RotH's own fields and the Dragon's."""

    at: dict[str, HeroState]   # named again: saves read the combined figures back
    city: list[str] = field(default_factory=list)   # the City of the Mages' pile (the Dragon's ``market``)


@dataclass
class KingdomState(HeroesState[HeroState, TurnState], KingdomOwn):
    """A combined game: the family's board, both games' own fields, the family's clock."""

    turn: TurnState = field(default_factory=TurnState)
