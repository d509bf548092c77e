"""Heroes with sheets (decks/descent/heroes.yaml): health, stamina, fatigue, resting, attribute
tests, standing up and reviving, and the heroes' attacks rolled headless with their weapons and
the abilities that are a number or a simple rule (the Descent base game, which Forgotten Souls
assumes: "each hero takes one turn ... following the normal steps of a hero turn in the base
game")."""

import pytest

from descent_helpers import clear_monsters, rolled
from overlord.games.descent.content.quest import load_quest, resolve_scenario
from overlord.games.descent import combat
from overlord.games.descent.engine import GameError, damage_figure, new_game, place_figure, spawn_one
from overlord.games.descent.heroes import begin_turn, end_turn, rest, stand_up, suffer_fatigue
from overlord.games.descent.heroes import test_attribute as attribute_test


@pytest.fixture(scope="module")
def quest():
    return load_quest(resolve_scenario("forgotten-souls"))


def party(quest, *heroes, seed=3):
    g = new_game(quest, list(heroes), seed)
    clear_monsters(g)
    return g


@pytest.mark.parametrize("hero, speed, health, stamina, attributes", [
    # the printed sheets of the base game (sources in heroes.yaml)
    ("leoric", 4, 8, 5, (1, 5, 2, 3)), ("tarha", 4, 10, 4, (2, 4, 3, 2)), ("syndrael", 4, 12, 4, (4, 3, 2, 2)),
    ("tomble", 4, 8, 5, (1, 2, 3, 5)), ("grisban", 3, 14, 4, (5, 2, 3, 1)), ("jain", 5, 8, 5, (2, 3, 2, 4)),
    ("avric", 4, 12, 4, (2, 3, 4, 2)), ("ashrian", 5, 10, 4, (2, 2, 3, 4)),
])
def test_the_shipped_sheets_hold_the_printed_figures(quest, hero, speed, health, stamina, attributes):
    sheet = quest.sheets[hero]
    a = sheet.attributes
    assert (sheet.speed, sheet.health, sheet.stamina) == (speed, health, stamina)
    assert (a.might, a.knowledge, a.willpower, a.awareness) == attributes
    assert sheet.defense == ["gray"] and sheet.weapon.dice and sheet.source and not sheet.ours


def test_a_hero_plays_from_its_sheet_and_a_name_without_one_from_the_stand_in(quest):
    g = party(quest, "leoric", "bob")
    leoric, bob = g.state.figure("leoric"), g.state.figure("bob")
    assert (leoric.max_health, leoric.stamina, g.speed(leoric)) == (8, 5, 4)
    assert bob.sheet == "stand-in" and quest.sheets["stand-in"].ours


def test_fatigue_beyond_stamina_is_suffered_as_damage(quest):
    g = party(quest, "leoric", "tarha")
    suffer_fatigue(g, "tarha", 3)
    suffer_fatigue(g, "tarha", 3)                          # stamina 4: 1 fits, 2 become damage
    tarha = g.state.figure("tarha")
    assert tarha.fatigue == 4 and tarha.damage == 2


def test_a_rest_recovers_all_fatigue_at_the_end_of_the_turn(quest):
    g = party(quest, "leoric", "tarha")
    g.state.figure("tarha").fatigue = 3
    begin_turn(g, "tarha")
    rest(g, "tarha")
    assert g.state.figure("tarha").fatigue == 3           # not yet: at the end of the turn
    end_turn(g, "tarha")
    assert g.state.figure("tarha").fatigue == 0


@pytest.mark.parametrize("moved, fatigue", [(False, 1), (True, 3)])
def test_syndrael_recovers_2_fatigue_when_she_kept_still(quest, moved, fatigue):
    """Syndrael: 'If she has not moved this turn, she recovers 2 fatigue at its end.'"""
    g = party(quest, "syndrael", "tarha")
    g.state.figure("syndrael").fatigue = 3
    begin_turn(g, "syndrael")
    if moved:
        from overlord.games.descent.engine import move_figure
        x, y = g.state.figure("syndrael").at
        move_figure(g, "syndrael", [x - 1, y])
    end_turn(g, "syndrael")
    assert g.state.figure("syndrael").fatigue == fatigue


@pytest.mark.parametrize("gray, black, shields, passed", [
    (0, 0, 0, True), (1, 0, 1, True), (0, 1, 2, False), (5, 5, 7, False),
])
def test_an_attribute_test_passes_with_shields_at_most_the_attribute(quest, gray, black, shields, passed):
    """An attribute test: 1 gray and 1 black die; passed when the shields rolled are at most the
    attribute (Leoric's Might is 1)."""
    g = party(quest, "leoric", "tarha")
    rolled(g, [gray, black])
    assert attribute_test(g, "leoric", "might") is passed


def test_revive_needs_a_hero_next_to_the_knocked_out_one(quest):
    """Revive: a hero next to a knocked-out hero rolls 2 red dice for it; it stands up."""
    g = party(quest, "leoric", "tarha")
    place_figure(g, "leoric", [2, 2])
    place_figure(g, "tarha", [7, 5])
    damage_figure(g, "tarha", 99)
    with pytest.raises(GameError, match="leoric is not next to tarha's token"):
        stand_up(g, "tarha", 3, 0, by="leoric")
    place_figure(g, "leoric", [6, 5])
    stand_up(g, "tarha", 3, 1, by="leoric")
    assert g.health(g.state.figure("tarha")) == 3


# -- attacks rolled headless --------------------------------------------------------------------------

def _zombie_next_to(g, hero, at, rank="minion"):
    place_figure(g, hero, at)
    return spawn_one(g, "zombie", rank, [at[0] + 1, at[1]], "the-onset", True)


def test_a_hero_attacks_with_its_weapon_against_the_monsters_defence(quest):
    g = party(quest, "syndrael", "tarha")
    z = _zombie_next_to(g, "syndrael", [3, 3])
    dice = rolled(g, [2, 4], [1])                          # Iron Longsword blue + red: 2 + 3 hearts; gray 1 shield
    event = combat.hero_attack(g, "syndrael", z, dice)
    assert event["weapon"] == "Iron Longsword" and event["damage"] == 4


def test_a_ranged_hero_misses_beyond_its_range(quest):
    """Leoric's Arcane Bolt (ranged) reaches as far as its range rolled and its Range surge."""
    g = party(quest, "leoric", "tarha")
    place_figure(g, "leoric", [1, 3])
    place_figure(g, "tarha", [1, 6])
    z = spawn_one(g, "zombie", "minion", [8, 3], "the-onset", True)        # 7 spaces
    dice = rolled(g, [1, 2], [0])                          # blue 2 range 2 hearts 1 surge; yellow 2 range: 4 + 1
    event = combat.hero_attack(g, "leoric", z, dice)
    assert event["damage"] == 0 and "miss: range 5 < 7" in event["why"]


def test_throwing_knives_deal_one_more_to_an_adjacent_target(quest):
    g = party(quest, "tomble", "tarha")
    z = _zombie_next_to(g, "tomble", [3, 3])
    dice = rolled(g, [3, 4], [0])                          # blue 2 hearts, yellow 2 hearts; a blank
    assert combat.hero_attack(g, "tomble", z, dice)["damage"] == 5


def test_avric_gives_heroes_near_him_a_healing_surge(quest):
    """Avric Albright: heroes within 3 spaces gain 'surge: recover 1 health' on their attacks."""
    g = party(quest, "syndrael", "avric")
    z = _zombie_next_to(g, "syndrael", [3, 3])
    place_figure(g, "avric", [3, 4])
    g.state.figure("syndrael").damage = 3
    dice = rolled(g, [1, 0], [5])                          # blue 2 hearts 1 surge, red 1 heart; 3 shields
    combat.hero_attack(g, "syndrael", z, dice)
    assert g.state.figure("syndrael").damage == 2


def test_tarha_rolls_a_miss_again_once_a_round(quest):
    """Widow Tarha: once a round, after rolling for an attack, one attack die again."""
    g = party(quest, "tarha", "leoric")
    z = _zombie_next_to(g, "tarha", [3, 3], "master")
    dice = rolled(g, [0, 4], [3], [0])                     # blue X: rolled again as 4 range 2 hearts; + 2 hearts; a blank
    assert combat.hero_attack(g, "tarha", z, dice)["damage"] == 4
    dice = rolled(g, [0, 4], [0])                          # the same round: the miss stands
    assert combat.hero_attack(g, "tarha", z, dice)["damage"] == 0


def test_tomble_adds_an_adjacent_heros_defence(quest):
    """Tomble Burrowell: attacked next to another hero, he adds that hero's defence dice."""
    g = party(quest, "tomble", "syndrael")
    place_figure(g, "tomble", [3, 3])
    place_figure(g, "syndrael", [3, 4])
    z = spawn_one(g, "zombie", "minion", [4, 3], "the-onset", True)
    dice = rolled(g, [2, 4], [1, 1])                       # 4 hearts; two gray dice, a shield each
    result = combat.monster_attack(g, z, {"targets": ["tomble"]}, dice)[0]
    assert result["defense"] == ["gray", "gray"] and result["damage"] == 2


def test_jain_takes_damage_as_fatigue_while_it_fits(quest):
    g = party(quest, "jain", "tarha")
    place_figure(g, "jain", [3, 3])
    z = spawn_one(g, "zombie", "minion", [4, 3], "the-onset", True)
    rolled(g, [2, 4], [0])                                 # 4 damage: stamina 5 takes it
    combat.monster_attack(g, z, {"targets": ["jain"]}, g.resolver.rng)
    jain = g.state.figure("jain")
    assert (jain.damage, jain.fatigue) == (0, 4)


def test_grisban_throws_off_a_condition_when_he_rests(quest):
    g = party(quest, "grisban", "tarha")
    g.state.figure("grisban").conditions = ["diseased"]
    rest(g, "grisban")
    assert g.state.figure("grisban").conditions == []


def test_ashrian_stuns_a_minion_that_begins_its_activation_next_to_her(quest):
    from overlord.games.descent.engine import monster_activation
    g = party(quest, "ashrian", "tarha")
    z = _zombie_next_to(g, "ashrian", [3, 3])
    monster_activation(g, {"zombie"})
    first = [e for e in g.state.log if e["event"] == "action" and e["monster"] == z][0]
    assert first["action"] == "discard_condition" and first["condition"] == "stunned"
