"""The Underworld's part of a combined game's one state (:class:`UnderPart`: its tiles and piles, the
treasure heap, the Dark Side, the Damned One and its Avatars, the turn of a hero below), and what joins
it to the world above (:class:`BeneathOwn`: who is below and by which gate, the Evil Marks on the maps
above, the Damned One's round markers, how far the log has been answered).

The Underworld's rules read the one state through a view (``view.UnderView``): the sheets, the round,
the log and the generator are the one state's, every other field the part's. Nothing is copied between
the worlds, so nothing can drift; a test fails when the Underworld's state gains a field that neither
the part nor the view holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from overlord.core.decks import Deck
from overlord.core.state import shared
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
class BeneathOwn:
    """What joins the worlds: the Underworld's part, the heroes below (hero -> the gate he went down
    by), the maps with an Evil Mark, the Damned One's round markers (``rules.round_markers``), and how
    far the log has been answered by the other world (``settle``). Where the gate lies is the board's
    (``shadows.gate_field``)."""

    under: UnderPart | None = None
    below: dict[str, str] = field(default_factory=dict)
    marks: list[str] = field(default_factory=list)
    round_markers: int = 0
    seen: int = 0              # the log's events up to here are answered by the other world (``settle``)

    @property
    def part(self) -> UnderPart:
        assert self.under is not None, "a combined game with the Underworld has its Underworld part"
        return self.under

