"""Whose move it is in the Underworld beneath Return of the Heroes: Return of the Heroes' race says
(the players', a rival's the program plays); a turn is played in the world the hero stands in
(``beneath.context.BelowTurns``)."""

from __future__ import annotations

from overlord.games.heroes import turns as family
from overlord.games.roth import turns as roth_turns

from . import context

current = roth_turns.current
playing = roth_turns.playing


def start_turn(ctx) -> list[dict]:
    return family.start_turn(ctx, context.TURNS)


def end_turn(ctx) -> list[dict]:
    return family.end_turn(ctx, context.TURNS)


def next_round(ctx) -> list[dict]:
    """After the enemy phase together: the next round, from the first hero, in his world."""
    return family.next_round(ctx, context.TURNS)
