"""The family's turns and rounds (``overlord.games.heroes.turns``), staged on the Dragon's shipped
content with a game that adds nothing of its own but may make the next round wait."""

from __future__ import annotations

import numpy as np
import pytest
from dragon_helpers import Dice, match

from overlord.games.dragon.state import Ctx, TurnState
from overlord.games.heroes import turns
from overlord.games.heroes.sheet import movement_allowance


class Plain:
    def __init__(self, waits: bool = False):
        self.waits = waits

    def new_turn(self, hero, mp):
        return TurnState(hero=hero, mp=mp)

    def turn_started(self, ctx, hero):
        return []

    def turn_ended(self, ctx, hero):
        return []

    def round_over(self, ctx):
        return [], self.waits


def staged(out=()):
    m = match(("orc", "halfling", "paladin"))
    for hero in out:
        m.state.at[hero].out = True
    return m, Ctx(m.state, m.content, np.random.default_rng(0), Dice([]))


def test_a_turn_starts_with_the_heros_movement():
    m, ctx = staged()
    evs = turns.start_turn(ctx, Plain())
    assert evs[0]["event"] == "turn" and evs[0]["hero"] == "orc"
    assert m.state.turn.mp == movement_allowance(m.state.sheets["orc"])


@pytest.mark.parametrize("out, order", [
    ((), ["orc", "halfling", "paladin", "orc"]),
    (("halfling",), ["orc", "paladin", "orc", "paladin"]),
], ids=["in turn order, round after round", "a hero out of the game is skipped"])
def test_the_heroes_play_in_turn_order(out, order):
    m, ctx = staged(out)
    turns.start_turn(ctx, Plain())
    seen = [m.state.turn.hero]
    while len(seen) < len(order):
        turns.end_turn(ctx, Plain())
        seen.append(m.state.turn.hero)
    assert seen == order and m.state.round == 2


@pytest.mark.parametrize("waits, rnd, last", [
    (False, 2, "turn"),
    (True, 1, "round_end"),
], ids=["the next round starts at once", "a game's phase between rounds makes it wait"])
def test_the_end_of_a_round(waits, rnd, last):
    m, ctx = staged(("halfling", "paladin"))
    turns.start_turn(ctx, Plain(waits))
    evs = turns.end_turn(ctx, Plain(waits))
    assert m.state.round == rnd and evs[-1]["event"] == last
