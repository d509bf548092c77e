"""The game above, as the Underworld's joins need it (:class:`Upper`): each combination with the Underworld
names one (its content's ``up``), and the joins - the gates, the Evil Marks, the draws above, the fall -
read the world above only through it. Return of the Heroes' is ``hades.upper``.

What differs between the books' sections is here, each a line of the section it reads:

- the gates (Heroes in the Underworld: "Using the Gate marker to the Underworld/Styx ... this however
  costs 1 GP"; beneath the Dragon "The Underworld may be entered or exited at any time through the
  Kerberos (Cerberus) marker for the cost of 1 GP"): :attr:`Upper.gates` (each gate's price to enter)
  and :attr:`Upper.leave_price`;
- what stays above ("Horses and Carts cannot be taken into the Underworld"): :meth:`Upper.stays_above`;
- the Upper World's tasks a hero may discard below: :meth:`Upper.tasks`;
- the maps an Evil Mark may go on and the draw above for a marker taken below: :meth:`Upper.maps`,
  :meth:`Upper.draw_one`;
- the foe fought only after the Damned One ("The Nameless One may be fought only after the Damned One is
  defeated"; "The Dragon may only be fought if the Damned One is defeated"): :meth:`Upper.barred`;
- the slayer's reward (a Jewel; the Trident of Hades) and the game's end: :meth:`Upper.reward`,
  :meth:`Upper.slain`, :meth:`Upper.end`.
"""

from __future__ import annotations

from typing import Any, Protocol


class Upper(Protocol):
    #: the game above, named in words ("Return of the Heroes")
    name: str
    #: each gate's counter id -> the gold a hero pays to go down by it
    gates: dict[str, int]
    #: each gate in words ("the gate to Hades/Styx")
    gate_words: dict[str, str]
    #: the gold a hero pays to come up
    leave_price: int
    #: the foe the Damned One's fall opens, in words ("the Nameless")
    foe: str
    #: why he may not be fought before (the section's sentence)
    barred_why: str
    #: the gate the heroes below come up at when the Damned One falls
    arrival: str
    #: the gates out of play when the Damned One falls
    closing: tuple[str, ...]
    #: what a Black Weapon counts against the foe (the Nameless: +1; the Dragon: nothing)
    black_worth: int
    #: the Underworld's things that count nothing against the foe ("the Dragon cannot be attacked using
    #: these weapons")
    void: tuple[str, ...]

    def board(self, s: Any, c: Any) -> Any:
        """The Upper World's board as it lies in this game (``heroes.regions.RegionBoard``)."""

    def maps(self, s: Any) -> list[str]:
        """The Upper World's maps in reading order (the layout's rows, top first)."""

    def draw_one(self, ctx: Any, why: str) -> list[dict]:
        """A counter drawn from the bag above and placed as a draw of nobody's."""

    def stays_above(self, ctx: Any, inst: str) -> bool:
        """Whether the thing ``inst`` a hero carries stays on the gate's field when he goes down."""

    def tasks(self, ctx: Any, hero: str) -> list[str]:
        """The tasks of the Upper World ``hero`` holds."""

    def barred(self, ctx: Any, action: dict) -> bool:
        """Whether ``action`` fights (or leads onto) the foe the Damned One's fall opens."""

    def reward(self, ctx: Any, slayer: str) -> str:
        """The Damned One's slayer's reward, given; in words."""

    def slain(self, ctx: Any, hero: str, name: str) -> list[dict]:
        """``hero`` killed ``name``: who has won, the game's end."""

    def end(self, ctx: Any, outcome: str, reason: str, winners: list[str] | tuple = ()) -> list[dict]:
        """The game is over: ``outcome`` for the players, and why; ``winners`` the heroes who have won
        (the most shadow cubes), as the game above records them."""
