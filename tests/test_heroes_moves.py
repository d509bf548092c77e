"""The family's movement (``overlord.games.heroes.moves``): steps along routes, hidden routes and
the fight a creature forces on arrival, staged on the Dragon's shipped content (R5 is a hidden
field numbered 8 beside the tan field R6); what a game adds comes through its ``MoveRules``."""

from __future__ import annotations

import numpy as np
import pytest
from dragon_helpers import Dice, match, place, stand

from overlord.games.dragon.moves import MOVES
from overlord.games.dragon.state import Ctx
from overlord.games.heroes import moves

FOUND, NOT_FOUND = [4, 4], [5, 4]     # two dice at or under the field's 8, and over it


class Plain:
    """A game that adds nothing to the family's movement (``sure``: its heroes need no search;
    ``ease``: they find a path that much more easily; ``turns``: arriving turns face-down counters
    over)."""

    def __init__(self, sure: bool = False, passes: str = "", ease: int = 0, turns: bool = True):
        self.sure, self.why, self.ease, self.turns = sure, passes, ease, turns

    def sure_way(self, ctx, hero):
        return self.sure

    def search_ease(self, ctx, hero, to):
        return self.ease

    def turns_over(self, ctx, hero, instance):
        return self.turns

    def lost_way(self, ctx, hero, to):
        return []

    def arrived(self, ctx, hero, fid, hidden):
        return [], False

    def foe(self, ctx, hero, fid):
        return next((i for i in ctx.s.board.get(fid, []) if ctx.c.spec(i).border == "red"), None)

    def passes(self, ctx, hero, foe):
        return self.why


def staged(faces=(), mp=4):
    m = match(("orc",))
    stand(m, "orc", "R6", mp=mp)
    m.state.turn.hero = "orc"
    return m, Ctx(m.state, m.content, np.random.default_rng(0), Dice(faces))


def kinds(evs):
    return [e["event"] for e in evs]


@pytest.mark.parametrize("rules, faces, field, between, mp, shown", [
    (Plain(), FOUND, "R5", "", 3, ["search", "moved"]),
    (Plain(), NOT_FOUND, "R6", "R5", 0, ["search"]),
    (Plain(sure=True), [], "R5", "", 3, ["moved"]),
    (Plain(ease=1), NOT_FOUND, "R5", "", 3, ["search", "moved"]),
    (MOVES, NOT_FOUND, "R6", "R5", 0, ["search"]),
], ids=["found: entered as a tan field", "not found: halfway on the path, movement over",
        "a hero who needs no search walks in", "a hero who finds paths a point easier: 9 on the 8",
        "the Dragon's hero searches the same"])
def test_a_step_to_a_hidden_field(rules, faces, field, between, mp, shown):
    """"By rolling equal to or less than the number displayed in the field with two dice ... If not
    ... Place your character halfway on the path to the chosen colored field." (RotH)"""
    m, ctx = staged(faces)
    evs = moves.step(ctx, rules, "orc", "R5")
    hs = m.state.at["orc"]
    assert kinds(evs) == shown and (hs.field, hs.between, m.state.turn.mp) == (field, between, mp)


@pytest.mark.parametrize("faces, how, mp, phase", [
    (FOUND, "found the hidden route", 3, "move"),
    (NOT_FOUND, "found the field at last", 0, "act"),
], ids=["found on the next turn: he walks on", "not found again: on the field anyway, movement over"])
def test_the_search_again_on_the_next_turn(faces, how, mp, phase):
    """"If you did not find it your next turn, you may place your character on the colored field
    anyway - you found the hidden path, but your movement is over for this turn." (RotH)"""
    m, ctx = staged(faces)
    m.state.at["orc"].between = "R5"
    evs = moves.search_again(ctx, Plain(), "orc")
    assert kinds(evs) == ["search", "moved"] and evs[1]["how"] == how
    assert (m.state.at["orc"].field, m.state.turn.mp, m.state.turn.phase) == ("R5", mp, phase)


@pytest.mark.parametrize("rules, shown, combat", [
    (Plain(), "must_fight", "troll"),
    (Plain(passes="invisible"), "passes", ""),
], ids=["a creature forces a fight and ends the movement", "a game's hero may pass it by"])
def test_a_creature_where_the_hero_arrives(rules, shown, combat):
    """"moves onto an already uncovered creature counter, combat ensues automatically and the
    movement phase is immediately ended." (UtSotD)"""
    m, ctx = staged()
    place(m, "troll", "R7")
    evs = moves.step(ctx, rules, "orc", "R7")
    assert kinds(evs) == ["moved", shown] and m.state.turn.combat == combat
    assert m.state.turn.mp == (0 if combat else 3)


def test_a_covered_creature_is_revealed_before_it_is_fought():
    """"A covered marker ... requires you to stop and uncover (turn over) the counter ... If a
    counter with a red border (monster) is uncovered, this leads to combat" (UtSotD)."""
    m, ctx = staged()
    place(m, "troll", "R7", down=True)
    evs = moves.step(ctx, Plain(), "orc", "R7")
    assert kinds(evs) == ["moved", "revealed", "must_fight"] and "troll" not in m.state.down


def test_a_game_may_keep_a_face_down_counter_face_down():
    """A game's counter whose values stay hidden until fought (RotH: the Guards "(values hidden)")
    is not turned over on arrival, and is still the creature to fight."""
    m, ctx = staged()
    place(m, "troll", "R7", down=True)
    evs = moves.step(ctx, Plain(turns=False), "orc", "R7")
    assert kinds(evs) == ["moved", "must_fight"] and "troll" in m.state.down
