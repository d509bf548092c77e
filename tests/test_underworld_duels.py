"""Heroes in the Underworld: Duels between heroes. Rule readings: see
``overlord.games.underworld.duels``."""

import pytest
from test_underworld_rules import give, make_state, stand

from overlord.games.heroes.sheet import RulesError, gain_cube, shadow_cubes
from overlord.games.underworld.duels import duel, duel_problem
from overlord.games.underworld.handling import relocate
from overlord.games.underworld.state import counter_problems, where

WIN, LOSE = [1, 1], [6, 6]


def dark(state, hero, skill="ranged"):
    gain_cube(state.sheets[hero], "black", skill)


def test_the_worked_example():
    # HitU "Example (Calculating the Aggressor's Skill Level Modifier)": "Hippolyte initiates a Duel with Ture.
    # Hippolyte selects Close Combat (level 7), Ture selects Magic Combat (level 8). The difference is "-1", and
    # Hippolyte's level is modified by -1 to 6 (7 - 1 = 6, modifier shown on the table above)."
    state = make_state()
    dark(state, "ture")
    events = duel(state, "hippolyte", "ture", aggressor_skill="close", defender_skill="magic", dice=[3, 3],
                  consequence="life")
    d = events[0]
    assert (d["aggressor_skill"], d["aggressor_value"]) == ("close", 7)
    assert (d["defender_skill"], d["defender_value"]) == ("magic", 8)
    assert (d["difference"], d["modifier"], d["target"]) == (-1, -1, 6)
    assert d["winner"] == "hippolyte"          # 3+3 = 6 <= 6
    assert state.sheets["ture"].natural == 4
    assert counter_problems(state) == []


@pytest.mark.parametrize("aggressor_value, defender_value, modifier", [
    # HitU "Duel Modifiers": "-5 or more -3 / -3 or -4 -2 / -1 or -2 -1 / 0 0 / +1 or +2 +1 / +3 or +4 +2 /
    # +5 or more +3"
    (3, 9, -3), (4, 8, -2), (5, 7, -1), (7, 7, 0), (8, 7, 1), (10, 6, 2), (11, 5, 3),
])
def test_the_modifier_table(aggressor_value, defender_value, modifier):
    state = make_state()
    dark(state, "hippolyte")
    state.sheets["hippolyte"].skills["close"] = aggressor_value
    state.sheets["ture"].skills["magic"] = defender_value
    events = duel(state, "hippolyte", "ture", aggressor_skill="close", defender_skill="magic", dice=WIN,
                  consequence="item", item="gold")
    assert events[0]["modifier"] == modifier and events[0]["target"] == aggressor_value + modifier
    assert counter_problems(state) == []


def test_experience_does_not_count():
    # HitU: "Experience cubes don't count: the skill test is always resolved by rolling just 2 dice."
    state = make_state()
    for _ in range(6):
        gain_cube(state.sheets["hippolyte"], "red")
    dark(state, "ture")
    events = duel(state, "hippolyte", "ture", aggressor_skill="close", dice=[6, 5], consequence="item", item="gold")
    assert events[0]["winner"] == "ture" and "rolled 6 and 5," in events[0]["trial"]
    assert counter_problems(state) == []


@pytest.mark.parametrize("setup_, rule", [
    ("not_active", "Only the active player may initiate a Duel."),
    ("apart", "Both heroes must be on the same map tile."),
    ("pure", "At least one of the heroes must have one or more shadow cubes"),
    ("combat", "The active player must not have taken a Combat action."),
    ("twice", "A hero may only demand one Duel per turn."),
    # HitU Mail of Persephone: "The wearer also cannot be challenged to any Duels."
    ("mail-of-persephone", "The bearer of the Mail of Persephone cannot be challenged to a Duel."),
    # HitU Traps: "A hero in a trap cannot be attacked in a Duel."
    ("trapped", "Heroes in a trap cannot be attacked."),
])
def test_conditions(setup_, rule):
    state = make_state()
    if setup_ != "pure":
        dark(state, "ture")
    aggressor = "hippolyte"
    if setup_ == "not_active":
        aggressor = "ture"
        dark(state, "hippolyte")
    if setup_ == "apart":
        stand(state, "ture", "field")
    if setup_ == "combat":
        state.turn.actions.append("combat")
    if setup_ == "twice":
        state.turn.actions.append("duel")
    if setup_ == "mail-of-persephone":
        give(state, "ture", "mail-of-persephone")
    if setup_ == "trapped":
        relocate(state, "trap-1", "trap:ture")
    defender = "ture" if aggressor == "hippolyte" else "hippolyte"
    assert rule in (duel_problem(state, aggressor, defender) or "")
    if setup_ != "not_active":
        with pytest.raises(RulesError, match="no Duel"):
            duel(state, aggressor, defender, dice=WIN)
    assert counter_problems(state) == []


def test_life_never_the_last():
    # HitU: "Loser must lose 1 LP. Only possible if it is not the hero's last LP – killing a hero is not possible. It
    # makes no difference if the last LP is "natural" or "artificial""
    state = make_state()
    dark(state, "ture")
    state.sheets["ture"].natural = 1
    with pytest.raises(RulesError, match="last LP"):
        duel(state, "hippolyte", "ture", dice=WIN, consequence="life")
    assert counter_problems(state) == []


def test_an_item_goes_to_the_winner_and_a_black_weapon_with_its_rule():
    # HitU: "a Black Weapon can be lost in a Duel if it is demanded by the winner as a reward. The winner then takes
    # the Black Weapon and places it on their hero reference card."
    state = make_state()
    dark(state, "ture", "close")
    give(state, "ture", "soul-sword")
    duel(state, "hippolyte", "ture", dice=WIN, consequence="item", item="soul-sword")
    assert where(state, "soul-sword") == "items:hippolyte"
    assert state.dark_side == 1              # "If the item is taken by a hero, place 1 SC on the Dark Side."
    assert counter_problems(state) == []


def test_gold_counts_as_an_item():
    # HitU: "Loser must give 1 item to the winner. (Pieces of gold count as 1 item as well.)"
    state = make_state()
    dark(state, "ture")
    duel(state, "hippolyte", "ture", dice=WIN, consequence="item", item="gold")
    assert (state.sheets["hippolyte"].gold, state.sheets["ture"].gold) == (3, 1)
    assert counter_problems(state) == []


@pytest.mark.parametrize("winner_dark, dark_side", [
    # HitU: "If the winner of the Duel has at least 1 SC, the loser's SC is placed on the Dark Side of the Damned
    # One's reference card. If the winner does not have any SC, then the loser's SC is placed back into the supply."
    (True, 1), (False, 0),
])
def test_shadow_cube_shifts(winner_dark, dark_side):
    state = make_state()
    dark(state, "ture", "magic")
    dark(state, "ture", "close")
    if winner_dark:
        dark(state, "hippolyte")
    duel(state, "hippolyte", "ture", dice=WIN, consequence="shadow", sc_skill="close")
    assert state.dark_side == dark_side
    assert shadow_cubes(state.sheets["ture"]) == 1 and shadow_cubes(state.sheets["ture"], "magic") == 1
    assert counter_problems(state) == []


@pytest.mark.parametrize("dice, phase", [
    # HitU: "If the active player loses a Duel, then his turn is over!"
    (LOSE, "done"),
    (WIN, "act"),
])
def test_a_lost_duel_ends_the_aggressors_turn(dice, phase):
    state = make_state()
    dark(state, "ture")
    duel(state, "hippolyte", "ture", dice=dice)
    assert state.turn.phase == phase and not state.turn.combat_lost
    assert counter_problems(state) == []


def test_headless_pure_winner_takes_a_shadow_cube():
    state = make_state()
    dark(state, "ture")
    give(state, "ture", "ring")
    duel(state, "hippolyte", "ture", dice=WIN)
    assert shadow_cubes(state.sheets["ture"]) == 0 and where(state, "ring") == "items:ture"
    assert counter_problems(state) == []
