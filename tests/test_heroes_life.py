"""The family's hit points and death (``overlord.games.heroes.life``), staged on the Dragon's
shipped content: the same for every game; where an artifact came from, the kept artifact's key
and what else a rebirth resets are the game's (``LifeRules``)."""

from __future__ import annotations

import numpy as np
import pytest
from dragon_helpers import Dice, give, match, stand, task

from overlord.games.dragon.life import LIFE
from overlord.games.dragon.state import Ctx
from overlord.games.heroes import life


class Plain:
    """A game whose artifacts all come from one origin and that keeps nothing of its own."""

    def __init__(self, origin: str):
        self.origin = origin

    def provenance(self, ctx, instance):
        return self.origin

    def keep_choice(self, ctx, hero):
        return None

    def reborn(self, ctx, hero):
        return None


def staged(field="T4", between=""):
    m = match(("orc",))
    stand(m, "orc", field)
    m.state.at["orc"].between = between
    return m, Ctx(m.state, m.content, np.random.default_rng(0), Dice([]))


def last_blow(m, ctx, rules):
    """The hero's last natural hit point lost: he dies."""
    m.state.sheets["orc"].natural = 1
    return life.wound(ctx, rules, "orc", "a test's last blow", lose="natural")


@pytest.mark.parametrize("origin, to", [
    ("market", "market"),   # RotH: "the artifacts bought on the market decay and are placed back on the stack"
    ("chain", "removed"),   # UtSotD: "If the hero loses the HP represented by the Ring, the artifact is lost forever"
], ids=["armour bought at a market goes back to its pile", "any other armour is lost for good"])
def test_armour_whose_hit_points_are_all_lost(origin, to):
    m, ctx = staged()
    give(m, "orc", "shield")
    evs = life.wound(ctx, Plain(origin), "orc", "a test's blow", lose="shield")
    assert [e["event"] for e in evs] == ["wounded", "item_lost"] and evs[1]["to"] == to
    assert "shield" in getattr(m.state, to)


@pytest.mark.parametrize("field, between, left_at", [
    ("T4", "", "T4"),
    ("T4", "T5", "T5"),
], ids=["on a field: his tasks lie there", "searching a hidden route: on the field he was searching for"])
def test_a_dead_hero_is_reborn_at_his_manor_house(field, between, left_at):
    """"You lose all experience cubes, tasks and all but one artifact and begin again at your manor
    house with your starting values." (RotH)"""
    m, ctx = staged(field, between)
    task(m, "orc", "task-pilgrim")
    hs = m.state.at["orc"]
    evs = last_blow(m, ctx, Plain("counter"))
    assert [e["event"] for e in evs] == ["wounded", "died"]
    assert evs[-1]["event"] == "died" and evs[-1]["at"] == left_at and evs[-1]["tasks_left"] == ["task-pilgrim"]
    assert "task-pilgrim" in m.state.board[left_at]
    assert (hs.field, hs.between, hs.generation) == (hs.manor, "", 2)


@pytest.mark.parametrize("rules, purse_after", [
    (LIFE, 0),            # the Dragon's Bag of Gold: its piece is lost with the hero
    (Plain("counter"), 1),  # a game without one leaves the figure's own fields alone
], ids=["the Dragon resets its own fields", "a game that adds nothing"])
def test_what_else_a_rebirth_resets_is_the_games(rules, purse_after):
    m, ctx = staged()
    m.state.at["orc"].purse = 1
    assert last_blow(m, ctx, rules)[-1]["event"] == "died"
    assert m.state.at["orc"].purse == purse_after
