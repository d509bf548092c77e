"""The family's draw (``overlord.games.heroes.draws``): one draw a turn and where the drawn
counter goes, the same for every game; what a game adds comes through its ``BagRules``. Staged on
the Dragon's shipped content, once with the Dragon's rules and once with a game that adds
nothing."""

from __future__ import annotations

import numpy as np
import pytest
from dragon_helpers import Dice, match, stand

from overlord.games.dragon.draws import BAG
from overlord.games.dragon.state import Ctx
from overlord.games.heroes import draws


class Plain:
    """A game that adds nothing to the family's draw: no choice first, no counter of its own, every
    tan field open, nothing placed near the heroes."""

    not_for_placing: tuple[str, ...] = ()

    def harmful(self, ctx, instance):
        return False

    def ask_first(self, ctx, drawer, why, then_bag):
        return []

    def dealt(self, ctx, instance, drawer):
        return None

    def placed(self, ctx, instance):
        return None


PLAIN = Plain()


def staged(*bag):
    m = match(("orc",))
    s = m.state
    s.aside += [i for i in s.bag if i not in bag]
    s.bag = list(bag)
    stand(m, "orc", "T2")
    return m, Ctx(m.state, m.content, np.random.default_rng(0), Dice([]))


def kinds(evs):
    return [e["event"] for e in evs]


@pytest.mark.parametrize("rules, placed, applied", [
    (BAG, False, True),
    (PLAIN, True, False),
], ids=["the Dragon applies a drawn event at once", "a game with no events places it like any counter"])
def test_what_a_drawn_counter_becomes_is_the_games(rules, placed, applied):
    m, ctx = staged("storm")
    evs = draws.draw_one(ctx, rules, "orc", "a test's draw")
    assert kinds(evs)[0] == "drawn" and evs[0]["counter"] == "storm"
    assert ("placed" in kinds(evs)) is placed
    assert ("storm" in m.state.removed) is applied


@pytest.mark.parametrize("rules, city_open", [
    (BAG, False),
    (PLAIN, True),
], ids=["the Dragon places nothing in the City of the Mages", "a game without a City: its field is open"])
def test_the_fields_not_for_placing_are_the_games(rules, city_open):
    m, ctx = staged()
    assert ("S1" in draws.candidate_fields(ctx, rules, "orc")) is city_open


@pytest.mark.parametrize("rules", [BAG, PLAIN], ids=["the Dragon", "a game that adds nothing"])
def test_one_draw_a_turn_in_every_game(rules):
    """"A player may draw no more than one counter per turn" (UtSotD): the second replacement is
    not drawn, and a defeated creature still goes back into the bag."""
    m, ctx = staged("rope", "adept")
    first = draws.replace(ctx, rules, "orc", "a counter taken")
    second = draws.replace(ctx, rules, "orc", "another counter taken", then_bag="hildebrandt")
    assert "drawn" in kinds(first)
    assert kinds(second) == ["no_draw", "back_in_bag"] and "no more than one counter a turn" in second[0]["why"]
    assert "hildebrandt" in m.state.bag


def test_a_drawn_counter_is_not_placed_in_the_drawers_region():
    """RotH: "not in the region where the player currently is"; UtSotD: "It may not be placed on a
    region map containing the player's own hero"."""
    m, ctx = staged("rope")
    region = m.content.board.region_of("T2")
    fields = draws.candidate_fields(ctx, PLAIN, "orc")
    assert fields and all(m.content.board.region_of(f) != region for f in fields)
