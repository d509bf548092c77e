"""Heroes in the Underworld: combat against enemy counters, rewards, defeated enemies, lost
combats, death and rebirth. Rule readings: see ``overlord.games.underworld.combat``."""

import pytest
from test_underworld_rules import fake_damned, give, heap, make_state, put, stand

from overlord.games.heroes.sheet import (
    RulesError,
    gain_cube,
    movement_allowance,
    shadow_cubes,
)
from overlord.games.underworld.combat import fight, must_fight, options
from overlord.games.underworld.handling import lose_life_points, relocate
from overlord.games.underworld.places import accept_task
from overlord.games.underworld.state import counter_problems, where

WIN, LOSE = [1, 1], [6, 6]


def cubes(state, hero="hippolyte"):
    return {s: list(c) for s, c in state.sheets[hero].cubes.items() if c}


@pytest.mark.parametrize("skill, ok", [
    # HitU: "Heroes may only choose a combat skill if the same colored dot is on the enemy counter."
    ("close", True), ("ranged", True), ("magic", False),
])
def test_permitted_skills_by_dots(skill, ok):
    state = make_state()
    put(state, "alekto", "styx")
    if ok:
        fight(state, "hippolyte", "alekto", skill=skill, dice=WIN)
    else:
        with pytest.raises(RulesError, match="colored dot"):
            fight(state, "hippolyte", "alekto", skill=skill, dice=WIN)
    assert counter_problems(state) == []


def test_dot_modifier():
    # HitU: "With Ixion for example, any hero selecting to fight with Close Combat (red skill) must deduct 1"
    state = make_state()
    put(state, "ixion", "styx")
    events = fight(state, "hippolyte", "ixion", skill="close", dice=[3, 4])   # 7 > 7-1
    assert not events[0]["won"] and "7-1=6" in events[0]["trial"]
    assert counter_problems(state) == []


@pytest.mark.parametrize("cubes_on, allowed", [
    # HitU: "Opponents with a gray dot can be attacked only with the skill in which the hero has gained the least
    # number of experience cubes so far (EC). If there is a tie ... the player may choose"
    ({"close": 2, "ranged": 1}, ["magic"]),
    ({"close": 1}, ["magic", "ranged"]),
])
def test_gray_dot_fewest_cubes(cubes_on, allowed):
    state = make_state()
    for skill, n in cubes_on.items():
        for _ in range(n):
            gain_cube(state.sheets["hippolyte"], {"close": "red", "ranged": "green"}[skill])
    put(state, "titan", "styx")
    assert sorted(o["skill"] for o in options(state, "hippolyte", "titan")) == sorted(allowed)
    with pytest.raises(RulesError):
        fight(state, "hippolyte", "titan", skill="close", dice=WIN)
    assert counter_problems(state) == []


def test_advice_of_hermes_turns_a_gray_dot_into_a_colour():
    # HitU Advice of Hermes: "The hero can convert a gray spot on an enemy counter into a color of his choice."
    state = make_state()
    give(state, "hippolyte", "advice-of-hermes")
    gain_cube(state.sheets["hippolyte"], "red")
    put(state, "titan", "styx")
    relocate(state, "titan", "tile:styx")
    events = fight(state, "hippolyte", "titan", skill="close", hermes_colour="red", dice=WIN, sc_skill="close")
    assert any(e["event"] == "combat" and e["won"] for e in events)
    assert where(state, "advice-of-hermes") == "treasure_up"        # "uniquely": once
    assert counter_problems(state) == []


@pytest.mark.parametrize("ability_, mirror, dice, won", [
    # HitU Gorgon: "If the hero possesses the Mirror, the penalty of -2 is ignored."
    ("", False, [3, 3], False),    # 6 > 7-2
    ("", True, [3, 3], True),      # 6 <= 7
])
def test_gorgon_and_mirror(ability_, mirror, dice, won):
    state = make_state()
    if mirror:
        give(state, "hippolyte", "mirror")
    put(state, "gorgon", "styx")
    events = fight(state, "hippolyte", "gorgon", skill="close", dice=dice)
    assert events[0]["won"] is won
    assert counter_problems(state) == []


def test_shaman_plus_one_against_gray():
    # HitU Shaman: "This hero may add +1 to its skill level if fighting against creatures with a gray spot."
    state = make_state()
    state.rules["abilities"] = {"hippolyte": "shaman_gray"}
    put(state, "titan", "styx")
    events = fight(state, "hippolyte", "titan", skill="magic", dice=[3, 3], colours=["blue"])   # 6 <= 5+1
    assert events[0]["won"] and "5+1=6" in events[0]["trial"]
    assert counter_problems(state) == []


@pytest.mark.parametrize("colours, placed", [
    # HitU: "For cubes showing multiple colors, the player may select which color is granted." (the shipped
    # Lamie shows a red or blue cube; headless, the first)
    (["blue"], {"magic": ["blue"]}), (None, {"close": ["red"]}), (["green"], None),
])
def test_reward_colour_choice(colours, placed):
    state = make_state()
    put(state, "lamie", "styx")
    if placed is None:
        with pytest.raises(RulesError, match="multiple colors"):
            fight(state, "hippolyte", "lamie", colours=colours, dice=WIN)
        return
    fight(state, "hippolyte", "lamie", colours=colours, dice=WIN)
    assert cubes(state) == placed
    assert counter_problems(state) == []


def test_a_treasure_symbol_gives_a_treasure():
    # HitU: "Enemies showing a treasure symbol allow the hero to choose a treasure marker as a reward"; glossary
    # Empusa: "The hero who defeats it will receive a treasure."
    state = make_state()
    heap(state, "ring")
    put(state, "empusa", "styx")
    fight(state, "hippolyte", "empusa", dice=WIN)
    assert where(state, "ring") == "items:hippolyte"
    assert counter_problems(state) == []


@pytest.mark.parametrize("use_black, placed, target", [
    # HitU Soul Sword: "If the weapon is used in Close Combat, any experience cube gained as a reward is converted
    # into a Shadow Cube."
    (True, {"close": ["black"]}, "9"),
    (False, {"close": ["red"]}, "7"),
])
def test_black_weapon_reward_is_a_shadow_cube(use_black, placed, target):
    state = make_state()
    give(state, "hippolyte", "soul-sword")
    put(state, "alekto", "styx")
    events = fight(state, "hippolyte", "alekto", skill="close", use_black=use_black, dice=WIN)
    assert cubes(state) == placed
    assert events[0]["trial"].endswith(("<= " + target + ", success", "=" + target + ", success"))
    assert counter_problems(state) == []


def test_a_cube_onto_a_skill_with_a_shadow_cube_becomes_one():
    # HitU: "after a single Shadow Cube in a skill, no more normal red, green or blue Experience Cubes can be placed"
    state = make_state()
    gain_cube(state.sheets["hippolyte"], "black", "close")
    put(state, "alekto", "styx")
    fight(state, "hippolyte", "alekto", skill="close", dice=WIN)
    assert cubes(state) == {"close": ["black", "black"]}
    assert counter_problems(state) == []


def test_defeated_enemies_are_routed(monkeypatch):
    # HitU "Defeated Enemies": "1. Markers with a red border are taken from the board. 2. Markers with a gray border
    # and blue base (black creatures) become Tasks. 3. Avatars are placed on the Damned One's reference card."
    calls = fake_damned(monkeypatch)
    results = {}
    for cid in ("alekto", "ixion", "avatar-1"):
        state = make_state()
        heap(state, "ring")
        put(state, cid, "styx")
        fight(state, "hippolyte", cid, skill="close" if cid != "avatar-1" else None, dice=WIN)
        results[cid] = where(state, cid)
        assert counter_problems(state) == []
    assert results == {"alekto": "removed", "ixion": "tasks:hippolyte", "avatar-1": "card"}
    assert calls == [("avatar-1", "hippolyte")]


def test_a_black_creature_without_a_free_task_box_stays():
    state = make_state()
    sheet = state.sheets["hippolyte"]
    for t in ("minos", "chronos", "hades-task", "persephone-task"):
        relocate(state, t, "tasks:hippolyte")
    put(state, "ixion", "styx")
    fight(state, "hippolyte", "ixion", skill="close", dice=WIN)
    assert where(state, "ixion") == "tile:styx" and len(sheet.tasks) == 4
    assert counter_problems(state) == []


@pytest.mark.parametrize("source, natural, breastplate", [
    # HitU: "The player decides whether to lose a 'natural' or 'artificial' LP (if one is available)."
    ("natural", 4, "items:hippolyte"), ("breastplate-1", 5, "items:hippolyte"),
])
def test_lost_against_red_costs_a_life_point(source, natural, breastplate):
    state = make_state()
    give(state, "hippolyte", "breastplate-1")
    put(state, "alekto", "styx")
    fight(state, "hippolyte", "alekto", skill="close", life_source=source, dice=LOSE)
    assert state.sheets["hippolyte"].natural == natural and where(state, "breastplate-1") == breastplate
    # HitU: "The enemy counter remains face up on the map tile. All further hero actions are lost"
    assert where(state, "alekto") == "tile:styx" and "alekto" in state.revealed
    assert state.turn.combat_lost
    put(state, "minos", "styx")
    with pytest.raises(RulesError, match="further hero actions"):
        accept_task(state, "hippolyte", "minos")
    assert counter_problems(state) == []


@pytest.mark.parametrize("mail, sc_skill, natural, shadow", [
    # HitU: "If a hero loses a combat against a black creature, an Avatar, or a Creature of the Damned One, an LP is
    # not lost! Instead, the hero receives 1 SC which is put on the experience track of any skill."
    (False, "ranged", 5, {"ranged": ["black"]}),
    # HitU Mail of Persephone: "The holder of the Mail of Persephone loses one LP as normal instead of being given a
    # Shadow Cube."
    (True, None, 4, {}),
])
def test_lost_against_gray(mail, sc_skill, natural, shadow):
    state = make_state()
    if mail:
        give(state, "hippolyte", "mail-of-persephone")
    put(state, "ixion", "styx")
    fight(state, "hippolyte", "ixion", skill="close", sc_skill=sc_skill, life_source="natural", dice=LOSE)
    assert state.sheets["hippolyte"].natural == natural and cubes(state) == shadow
    assert counter_problems(state) == []


def test_shadow_cube_drops_hades_and_persephone():
    # HitU: "If a hero acquires an SC while in possession of the Hades or Persephone Task markers, the marker must be
    # discarded immediately face up to the hero's current map tile."
    state = make_state()
    relocate(state, "persephone-task", "tasks:hippolyte")
    relocate(state, "minos", "tasks:hippolyte")
    put(state, "titan", "styx")
    fight(state, "hippolyte", "titan", dice=LOSE)
    assert where(state, "persephone-task") == "tile:styx" and "persephone-task" in state.revealed
    assert where(state, "minos") == "tasks:hippolyte"
    assert counter_problems(state) == []


@pytest.mark.parametrize("movement, left, natural", [
    # HitU Gorgon: "the hero's movement is modified by -1. Movement cannot go below 1, however. If a hero has a
    # movement of 1 and loses combat, then the Gorgon will take 1 LP instead."
    (3, 2, 5), (1, 1, 4),
])
def test_gorgon_loss(movement, left, natural):
    state = make_state()
    state.sheets["hippolyte"].movement = movement
    put(state, "gorgon", "styx")
    fight(state, "hippolyte", "gorgon", skill="close", dice=LOSE)
    assert movement_allowance(state.sheets["hippolyte"]) == left and state.sheets["hippolyte"].natural == natural
    assert counter_problems(state) == []


@pytest.mark.parametrize("cubes_before, pay_with_shadow, after", [
    # HitU: "After losing a combat and a loss of an EC is required, an SC can be lost instead."
    ([("red", None), ("black", "magic")], None, {"close": ["red"]}),
    ([("red", None), ("black", "magic")], False, {"magic": ["black"]}),
])
def test_loss_of_an_ec_paid_with_a_shadow_cube(cubes_before, pay_with_shadow, after):
    state = make_state()
    for colour, skill in cubes_before:
        gain_cube(state.sheets["hippolyte"], colour, skill)
    put(state, "empusa", "styx")
    fight(state, "hippolyte", "empusa", pay_with_shadow=pay_with_shadow, dice=LOSE)
    assert cubes(state) == after
    assert counter_problems(state) == []


def test_death_and_rebirth_on_styx():
    # HitU "Rebirth": "Place all ECs back into the supply, and Task markers remain on the map tile where the hero
    # died." "1 item may be kept" "All other items (treasure markers) are placed face up in the group of face-up
    # treasure markers. Special weapons are placed back on the Damned One's reference card"
    state = make_state()
    stand(state, "hippolyte", "field")
    sheet = state.sheets["hippolyte"]
    for cid in ("sickle-1", "scythe-of-thanatos", "ring"):
        give(state, "hippolyte", cid)
    relocate(state, "minos", "tasks:hippolyte")
    gain_cube(sheet, "red")
    sheet.natural = 1
    sheet.gold = 7
    put(state, "alekto", "field")
    events = fight(state, "hippolyte", "alekto", skill="ranged", keep="ring", dice=LOSE)
    assert events[-1]["event"] == "death" or any(e["event"] == "death" for e in events)
    assert [i.id for i in sheet.items] == ["ring"]
    assert where(state, "sickle-1") == "treasure_up" and where(state, "scythe-of-thanatos") == "card"
    assert where(state, "minos") == "tile:field"
    assert state.map.heroes["hippolyte"] == "styx"
    assert (sheet.natural, sheet.gold, cubes(state), sheet.dead) == (5, 2, {}, False)
    assert counter_problems(state) == []


@pytest.mark.parametrize("ability_, second_dice, won, natural", [
    # HitU Gladiator: "can initiate another round of combat against the same creature if she lost the first round.
    # Whether it wins or loses the combat in the second round, she must give up 1 LP to use this ability."
    ("second_round", [1, 1], True, 4),
    ("second_round", [6, 6], False, 3),
    ("", [1, 1], False, 4),
])
def test_gladiator_second_round(ability_, second_dice, won, natural):
    state = make_state()
    state.rules["abilities"] = {"hippolyte": ability_}
    put(state, "alekto", "styx")
    fight(state, "hippolyte", "alekto", skill="close", second_round=True, life_source="natural",
          dice=LOSE + second_dice)
    assert (where(state, "alekto") == "removed") is won
    assert state.sheets["hippolyte"].natural == natural
    assert counter_problems(state) == []


@pytest.mark.parametrize("ability_, item, forced", [
    # HitU Bard: "can bypass all revealed enemy markers with a red edge ... does not apply to Black Creatures"
    ("bard_song", None, ["ixion"]),
    ("", None, ["alekto", "ixion"]),
    # HitU Shoes of Hermes: "the hero may pass over all revealed enemy counters"
    ("", "shoes-of-hermes", []),
])
def test_who_must_fight(ability_, item, forced):
    state = make_state()
    state.rules["abilities"] = {"hippolyte": ability_}
    if item:
        give(state, "hippolyte", item)
    put(state, "alekto", "styx")
    put(state, "ixion", "styx")
    assert must_fight(state, "hippolyte") == forced
    assert counter_problems(state) == []


def test_one_combat_a_turn_and_before_other_actions():
    # HitU: "A hero may only take a single Combat/Duel action per turn." "Combat must always be taken before any
    # other action!"
    state = make_state()
    put(state, "alekto", "styx")
    put(state, "lamie", "styx")
    heap(state, "ring")
    fight(state, "hippolyte", "alekto", skill="close", dice=WIN)
    with pytest.raises(RulesError, match="single Combat"):
        fight(state, "hippolyte", "lamie", dice=WIN)
    state2 = make_state()
    put(state2, "alekto", "styx")
    state2.turn.actions.append("encounter")
    with pytest.raises(RulesError, match="before any other action"):
        fight(state2, "hippolyte", "alekto", skill="close", dice=WIN)
    assert counter_problems(state) == [] and counter_problems(state2) == []
    assert shadow_cubes(state.sheets["hippolyte"]) == 0


def test_pieces_for_a_struck_hero_off_turn():
    # HitU: "If the combat is lost: ... The hero loses 1 LP"; Mail of Persephone: "converts SC into a loss of LP"
    from overlord.games.underworld.combat import (
        best_skill,
        lose_combat,
        take_shadow_cube,
        trial_against,
    )
    state = make_state(active="ture")
    put(state, "alekto", "styx")
    skill, decision = best_skill(state, "hippolyte", "alekto")
    assert skill == "close" and decision.choice == "close"       # close 7 beats ranged 6-1
    assert trial_against(state, "hippolyte", "alekto", skill, dice=[3, 4]).success
    lose_combat(state, "hippolyte", "alekto")
    assert state.sheets["hippolyte"].natural == 4 and not state.turn.combat_lost
    take_shadow_cube(state, "hippolyte", why="event")
    assert shadow_cubes(state.sheets["hippolyte"], "magic") == 1
    give(state, "hippolyte", "mail-of-persephone")
    take_shadow_cube(state, "hippolyte", life_source="mail-of-persephone")
    lose_life_points(state, "hippolyte", 1, source="mail-of-persephone")      # its last LP: the Mail is destroyed
    assert where(state, "mail-of-persephone") == "card" and shadow_cubes(state.sheets["hippolyte"]) == 1
    assert counter_problems(state) == []


# -- the Gnome ---------------------------------------------------------------------------------

def gnome(state, hero="hippolyte"):
    state.rules["abilities"] = {hero: "combine_skills"}
    return state


def test_the_gnome_adds_two_permitted_skills_and_the_modifier_once():
    # HitU Gnome: "This hero can combine two of its skill values together for a skill test. If
    # there is a difficulty modifier to the test, it is subtracted from the total of the two skill
    # values." Alekto: red 0, green -1; hippolyte close 7, ranged 6 -> 7 + 6 - 1 = 12
    state = gnome(make_state())
    put(state, "alekto", "styx")
    combined = [o for o in options(state, "hippolyte", "alekto") if o["dot"] == "combined"]
    assert [(o["skill"], o["target"]) for o in combined] == [("ranged+close", 12)]   # equal dice: sheet order
    events = fight(state, "hippolyte", "alekto", skill=combined[0]["skill"], dice=[6, 6])
    assert events[0]["won"] and "=12" in events[0]["trial"]          # 12 <= 12: the pair wins where one skill cannot
    assert counter_problems(state) == []


def test_the_gnome_rolls_the_dice_of_one_skill_only():
    # "To determine the number of dice rolled, use only 1 of the skills totaled."
    state = gnome(make_state())
    for _ in range(2):
        gain_cube(state.sheets["hippolyte"], "red")                      # close reaches 3 dice
    put(state, "alekto", "styx")
    events = fight(state, "hippolyte", "alekto", skill="close+ranged", dice=[6, 6, 6])
    assert len(events[0]["trial"].split("rolled ")[1].split(", kept")[0].replace(" and ", ", ").split(",")) == 3


def test_against_a_gray_spot_only_skills_tied_for_fewest_cubes_combine():
    # "When facing an enemy with a gray spot, the Gnome can only add 2 skills together if they
    # both tie for the least number of experience cubes. If not, then only 1 skill value may be used."
    state = gnome(make_state())
    put(state, "titan", "styx")
    assert len([o for o in options(state, "hippolyte", "titan") if o["dot"] == "combined"]) == 3   # all tie at 0
    gain_cube(state.sheets["hippolyte"], "red")
    gain_cube(state.sheets["hippolyte"], "green")
    assert [o for o in options(state, "hippolyte", "titan") if o["dot"] == "combined"] == []       # magic alone
    with pytest.raises(RulesError, match="only the Gnome combines two skills"):
        fight(state, "hippolyte", "titan", skill="magic+close", dice=WIN)


def test_only_the_gnome_combines():
    state = make_state()
    put(state, "alekto", "styx")
    assert all(o["dot"] != "combined" for o in options(state, "hippolyte", "alekto"))
    with pytest.raises(RulesError, match="only the Gnome"):
        fight(state, "hippolyte", "alekto", skill="close+ranged", dice=WIN)
