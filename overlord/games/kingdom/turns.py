"""Turns and rounds of Return of the Heroes with the Dragon: the family's turn engine with both
games' parts (``context.KingdomTurns``); whose move it is as Return of the Heroes' race says (the
players', a rival's the program plays); before the first turn, the manor houses.

- "The player who chose his hero last goes first now; all others place their heroes' homes now
  counter-clockwise" (``manors``): each player owes the choice of his house's field in that order
  (``pending: {"house": hero}``); the first turn starts once the last house stands.
- "The oldest player goes first, the others following clockwise": the heroes as named.
- "The game ends once when either the Dragon or the Nameless has been killed": the killer's player
  has won (the race: the players win when one of their heroes kills either, lose when a rival
  does); the round cap (ours) ends a game nobody wins.
"""

from __future__ import annotations

from overlord.games.heroes import turns as family
from overlord.games.roth import turns as roth_turns

from . import context, manors
from .state import KingdomState

current = roth_turns.current
playing = roth_turns.playing


def houses_placed(s: KingdomState) -> list[str]:
    """The fields of the houses placed so far, in the order they were placed."""
    return [s.at[h].manor for h in manors.placing_order(s.heroes) if s.at[h].manor]


def start_turn(ctx) -> list[dict]:
    """The first turn, once every house stands (before: nothing yet)."""
    if ctx.s.pending.get("house"):
        return []
    return family.start_turn(ctx, context.TURNS)


def end_turn(ctx) -> list[dict]:
    return family.end_turn(ctx, context.TURNS)


def next_round(ctx) -> list[dict]:
    ctx.s.phase = "heroes"
    return family.next_round(ctx, context.TURNS)
