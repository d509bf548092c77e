"""The Heroes family's state (``overlord.games.heroes.state``): a game's state extends it, and the
Dragon's saves keep the fields they had before the family layer, in their order."""

from __future__ import annotations

import dataclasses

import pytest
from dragon_helpers import match

from overlord.core.state import dumps, from_json, to_json
from overlord.games.dragon.state import DragonState, HeroState, TurnState
from overlord.games.heroes.state import HeroesBoard, HeroesClock, HeroesState, face_up, lift, lying, put, where

# A Dragon save as written before the family layer: the family's board, the Dragon's own, the clock.
DRAGON_SAVE_FIELDS = [
    "scenario", "seed", "mode", "heroes", "rng", "rules", "sheets", "at", "bag", "board", "down", "backs",
    "market", "offer", "removed", "aside", "pending",
    "hoard", "dragon", "dragon_life", "dragon_man", "phase", "storm", "follow_up", "fallen", "results",
    "dragon_deck",
    "round", "order", "turn", "outcome", "reason", "last_action", "log",
]


def test_the_dragons_save_keeps_its_fields_in_their_order():
    assert [f.name for f in dataclasses.fields(DragonState)] == DRAGON_SAVE_FIELDS
    assert list(to_json(match().state)) == DRAGON_SAVE_FIELDS


@pytest.mark.parametrize("part, fields", [
    (HeroesBoard, DRAGON_SAVE_FIELDS[:17]),
    (HeroesClock, DRAGON_SAVE_FIELDS[-7:]),
    (HeroesState, DRAGON_SAVE_FIELDS[:17] + DRAGON_SAVE_FIELDS[-7:]),
], ids=["the family's board", "the family's clock", "the family's state: board, then clock"])
def test_the_familys_parts_are_what_the_dragon_extends(part, fields):
    assert [f.name for f in dataclasses.fields(part)] == fields
    assert issubclass(DragonState, part)


def test_a_dragon_save_reads_back_as_the_dragons_figures_and_turn():
    s = match(heroes=("paladin", "halfling")).state
    back = from_json(DragonState, to_json(s))
    assert back == s and dumps(back) == dumps(s)
    assert all(type(h) is HeroState for h in back.at.values()) and type(back.turn) is TurnState


@pytest.mark.parametrize("face_down, down_after_put", [
    (False, False),   # an open counter lies face up
    (True, True),     # a covered counter lies face down until it is revealed
], ids=["open", "covered"])
def test_a_counter_put_on_a_field_and_lifted_again(face_down, down_after_put):
    s = match().state
    first, second = s.bag.pop(), s.bag.pop()
    put(s, "T4", first, face_down=face_down)
    put(s, "T4", second)
    assert where(s, first) == "T4" and lying(s, "T4") == [first, second]
    assert face_up(s, first) is not down_after_put and face_up(s, second)
    assert lift(s, first) == "T4" and where(s, first) is None and face_up(s, first)
    assert lying(s, "T4") == [second]


def test_lifting_a_counter_that_is_not_on_the_board_is_refused():
    with pytest.raises(KeyError, match="nowhere is not on the board"):
        lift(match().state, "nowhere")
