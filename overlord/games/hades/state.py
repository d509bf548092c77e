"""The state of the Underworld beneath Return of the Heroes: Return of the Heroes' state (its
sixteen maps, bag, heroes and turns), the Underworld's own part (:class:`UnderPart`: its tiles and
piles, the treasure heap, the Dark Side, the Damned One and its Avatars, the turn of a hero below),
and what joins them: where the gate lies, who is below, the Evil Marks on the maps above.

The Underworld's rules read the one state through a view (``view.UnderView``): the sheets, the
round, the log and the generator are the one state's, every other field the part's. Nothing is
copied between the worlds, so nothing can drift; a test (``tests/test_hades_state.py``) fails when
the Underworld's state gains a field that neither the part nor the view holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from overlord.core.decks import Deck
from overlord.core.state import shared
from overlord.games.roth.state import RothState
from overlord.games.underworld.state import CounterSpec, TurnState as UnderTurn
from overlord.games.underworld.tiles import UnderworldMap

#: the Underworld's fields the one state holds for it (the view reads these from the one state)
FROM_THE_STATE = ("scenario", "seed", "heroes", "rng", "sheets", "round", "log")


@dataclass
class UnderPart:
    """The Underworld's own fields (``underworld.state.UnderworldState`` but those in
    :data:`FROM_THE_STATE`): its ``turn`` is a hero's turn below, its ``aside``, ``removed`` and
    ``outcome`` its own (``outcome`` "won": the Damned One has fallen; "lost": the Dark Side is full)."""

    map: UnderworldMap
    catalogue: dict[str, CounterSpec] = shared()
    adventure: list[str] = field(default_factory=list)
    treasure: list[str] = field(default_factory=list)
    treasure_up: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)
    card: list[str] = field(default_factory=list)
    aside: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    trapped: dict[str, str] = field(default_factory=dict)
    dark_side: int = 0
    damned: str = "dormant"
    avatars: dict[str, str] = field(default_factory=dict)
    solitaire: bool = False
    uses: dict[str, int] = field(default_factory=dict)
    turn: UnderTurn | None = None
    outcome: str = ""
    reason: str = ""
    winner: str = ""
    rules: dict = field(default_factory=dict)
    dark_deck: Deck | None = None
    peril_deck: Deck | None = None
    last_hero: str = ""


@dataclass
class HadesOwn:
    """What joins the worlds: the Underworld's part, the heroes below (hero -> the gate he went down
    by), the maps with an Evil Mark, the Damned One's round markers (``rules.round_markers``), and how
    far the log has been answered by the other world (``settle``). Where the gate lies is the board's
    (``shadows.gate_field``)."""

    under: UnderPart | None = None
    below: dict[str, str] = field(default_factory=dict)
    marks: list[str] = field(default_factory=list)
    round_markers: int = 0
    seen: int = 0              # the log's events up to here are answered by the other world (``settle``)


@dataclass
class HadesState(HadesOwn, RothState):
    """Return of the Heroes' state, the Underworld's part and what joins them."""

    @property
    def part(self) -> UnderPart:
        assert self.under is not None, "a game of the Underworld beneath Return of the Heroes has its Underworld part"
        return self.under
