"""Heldentaufe's game state: plain dataclasses (``overlord.core.state`` compiles their JSON and
clone), every token in exactly one place.

Where things are:

- a hero's tokens: ``inventory`` (one piece per ability: boots, ring, sword), ``backpack``
  (equipment and food), ``rack`` (potions; a used one is written ``"berserker:used"`` /
  ``"teleport:used"``), ``teeth`` (values; a small tooth is 1), ``hand`` (mission cards);
- the general supply: ``supply`` (token -> count; small teeth under ``"tooth"``);
- the monsters' teeth: each monster's ``stack`` (bottom first);
- the Upper World: ``upper`` ("x,y" -> tile id), the face-down ``stack`` of tiles;
- the Underworld: ``treasure`` (the chest lies on its space), ``dangers`` (skull area -> the
  face-down tile lying there), each monster's ``at`` ("" off the board);
- the missions: ``missions`` (draw and discard piles; cards in hands are in play).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from overlord.core.decks import Deck
from overlord.core.state import events

UPPER = "upper"
UNDER = "under"


@dataclass
class Hero:
    id: str
    world: str                                   # "upper" or "under"
    at: str                                      # "x,y" in that world
    hearts: int
    inventory: dict[str, str] = field(default_factory=dict)     # "boots"/"ring"/"sword" -> token
    backpack: list[str] = field(default_factory=list)
    rack: list[str] = field(default_factory=list)
    teeth: list[int] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)


@dataclass
class Monster:
    id: str
    at: str                                      # its area, "" when off the board
    life: str                                    # its machine's state (machines.MONSTER_STATES)
    stack: list[int]                             # teeth, bottom first; the top is stack[-1]
    wounds: int = 0                              # hearts lost since it last came back whole


@dataclass
class Turn:
    """The hero whose turn it is, and what the turn has used."""

    hero: str
    used: int = 0                                # action points spent
    extra: int = 0                               # +1 action points from a companion (boots)
    traded: bool = False                         # "Only 1 exchange is possible at the trader per turn."


@dataclass
class HState:
    scenario: str
    seed: int
    mode: str                                    # "coop" or "race"
    heroes: list[str]                            # in turn order
    rng: dict
    board: dict[str, Hero]
    monsters: dict[str, Monster]
    upper: dict[str, str]                        # "x,y" -> tile id
    tiles: Deck                                  # face-down Upper World tiles
    missions: Deck
    supply: dict[str, int]
    dangers: dict[str, str]                      # skull area "x,y" -> danger tile id (face down)
    turn: Turn
    treasure: bool = True                        # the chest lies on its space
    cycle: str = "empty"                         # the Underworld's machine state
    marker: str = ""                             # the hero after whose turn the monsters act
    marker_skip: bool = False                    # "after_a_round": pass the marker once first
    seat: int = 0                                # index of the hero to act
    round: int = 1
    clock: int = 0                               # the co-operative clock
    knockouts: int = 0
    monster_points: int = 0                      # points left in a monsters' turn the players command
    monster_policy: str = ""                     # the boss's policy when not the content's (``use_enemy``)
    commanders: list[str] = field(default_factory=list)   # the players commanding the monsters this turn
    outcome: str = ""
    reason: str = ""
    winner: str = ""
    log: list[dict] = events()

    def hero(self, hid: str) -> Hero:
        return self.board[hid]

    def down(self) -> list[str]:
        """The heroes in the Underworld, in turn order."""
        return [h for h in self.heroes if self.board[h].world == UNDER]
