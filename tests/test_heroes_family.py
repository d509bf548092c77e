"""The Heroes rules family (HitU = Heroes in the Underworld, RotH = Return of the Heroes,
UtSotD = Under the Shadow of the Dragon). Each case quotes the rulebook sentence it checks."""

import json

import pytest

from overlord.core.rng import new_rng
from overlord.core.state import dumps, from_json, to_json
from overlord.games.dragon.actions import DRAGON_ACTIONS
from overlord.games.heroes.family import (
    UNDERWORLD_HEART_RULE,
    Counter,
    HeroSheet,
    Item,
    RulesError,
    TrialResult,
    TurnActions,
    accept_task,
    artificial_life,
    can_lose_life_in_duel,
    combat,
    defeated_becomes_task,
    dice_for,
    drop_item,
    duel_modifier,
    gain_cube,
    gain_gold,
    gray_dot_choice,
    heal,
    is_enemy,
    kill,
    kind,
    life_total,
    lose_life,
    modifier_for,
    movement_allowance,
    must_fight,
    new_sheet,
    permitted_skills,
    rebirth,
    remove_task,
    shadow_cubes,
    skill_trial,
    skill_value,
    spend_gold,
    take_action,
    take_item,
    trial,
)
from overlord.games.underworld.places import UNDERWORLD_ACTIONS

# A track consistent with UtSotD's worked example: "He has collected 7 green ECs, allowing him to
# roll a ranged combat trial using 5 dice" and after discarding 1 EC "bringing him down to 4 dice";
# "Ranged combat trial using four dice at 3 green cubes". The 3-dice step (2) is RotH's "three dice
# when I have collected two ECs". Our fixture, not a printed sheet.
THRESHOLDS = {"magic": [6, 8, 10], "ranged": [2, 3, 7], "close": [5, 7, 9]}


def halfling(**kw) -> HeroSheet:
    return new_sheet("halfling", {"magic": 5, "ranged": 9, "close": 6}, THRESHOLDS, movement=4, life=4, gold=2, **kw)


def cubes(sheet, colour, n, skill=None):
    for _ in range(n):
        gain_cube(sheet, colour, skill)


# ---------------------------------------------------------------- trials

@pytest.mark.parametrize("rule, value, modifier, faces, success", [
    ("RotH: 'if I have a 7 rating in range combat and roll a 7 or less… then you have defeated your opponent'",
     7, 0, [3, 4], True),
    ("RotH: 'if I have a 7 rating in range combat and roll a 7 or less'", 7, 0, [4, 4], False),
    ("RotH: 'if I have a rating of 6 in close combat, I have to succeed in a trial at 6 – 2 = 4'", 6, -2, [2, 2], True),
    ("RotH: 'at 6 – 2 = 4 in order to win'", 6, -2, [2, 3], False),
    ("UtSotD: 'The trial fails if the total exceeds this number.'", 2, 0, [1, 2], False),
    ("UtSotD: 'equal to or lower than the modified skill number'", 12, 0, [6, 6], True),
])
def test_trial_succeeds_at_or_under_the_modified_skill(rule, value, modifier, faces, success):
    result = trial(value, modifier, dice=faces)
    assert result.success is success, rule
    assert result.target == value + modifier and result.total == sum(faces)


def test_the_dragon_example_keeps_the_two_threes():
    """UtSotD: 'He rolls 6, 5, 3, and 3. He chooses the 3's (for a total of 6) and hits the Dragon'
    then 'The Halfling rolls 6, 6, 5, and 4, i.e., the trial fails'."""
    s = halfling()
    cubes(s, "green", 6)
    assert dice_for(s, "ranged") == 4
    hit = skill_trial(s, "ranged", -3, dice=[6, 5, 3, 3])
    assert (hit.rolled, hit.kept, hit.total, hit.target, hit.success) == ([6, 5, 3, 3], [3, 3], 6, 6, True)
    miss = skill_trial(s, "ranged", -3, dice=[6, 6, 5, 4])
    assert miss.kept == [4, 5] and not miss.success and "failure" in miss.reason


@pytest.mark.parametrize("green, n_dice", [(0, 2), (1, 2), (2, 3), (3, 4), (6, 4), (7, 5), (12, 5)])
def test_dice_by_experience_thresholds(green, n_dice):
    """HitU: 'When a hero gains enough ECs to reach the picture of the die beneath the experience
    tracks, this allows the hero to roll an additional die (from 3 to 5)'."""
    s = halfling()
    cubes(s, "green", green)
    assert dice_for(s, "ranged") == n_dice
    assert len(skill_trial(s, "ranged", rng=new_rng(1)).rolled) == n_dice


def test_duels_and_instructors():
    """HitU Duel: 'the skill test is always resolved by rolling just 2 dice.' RotH instructor:
    'the trial must fail' and 'Your extra dice can be used during any trial.'"""
    s = halfling()
    cubes(s, "green", 7)
    assert len(skill_trial(s, "ranged", use_experience=False, dice=[1, 1]).rolled) == 2
    learn = skill_trial(s, "ranged", aim="fail", dice=[1, 2, 6, 5, 3])
    assert learn.kept == [5, 6] and not learn.success


@pytest.mark.parametrize("difference, modifier", [(-7, -3), (-5, -3), (-4, -2), (-3, -2), (-2, -1), (-1, -1),
                                                  (0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (9, 3)])
def test_duel_modifier_table(difference, modifier):
    """HitU: 'Hippolyte selects Close Combat (level 7), Ture selects Magic Combat (level 8). The
    difference is "-1", and Hippolyte's level is modified by -1'."""
    assert duel_modifier(difference) == modifier


def test_seeded_trials_are_deterministic_and_results_are_plain_data():
    s = halfling()
    cubes(s, "blue", 6)
    a = [skill_trial(s, "magic", rng=rng) for rng in [new_rng(9)] for _ in range(20)]
    b = [skill_trial(s, "magic", rng=rng) for rng in [new_rng(9)] for _ in range(20)]
    assert a == b
    assert from_json(TrialResult, json.loads(json.dumps(to_json(a[0])))) == a[0]


def test_forced_dice_are_checked():
    with pytest.raises(ValueError):
        trial(7, dice=[7, 1])
    with pytest.raises(ValueError):
        trial(7, dice=[3])
    with pytest.raises(ValueError):
        trial(7, rng=new_rng(1), dice=[1, 1])


# ---------------------------------------------------------------- counters and combat

TROLL = Counter("troll", "Troll", "red", {"red": -1, "green": 0}, hearts=2, reward=[["red", "green"]])
IXION = Counter("ixion", "Ixion", "gray", {"red": -1, "blue": 0}, blue_base=True)
SHADE = Counter("shade", "Shade", "gray", {"gray": -1})


def test_multi_heart_counters_need_a_success_per_heart():
    """RotH: 'Adversaries with two hearts require two trials in one turn. If one of these fails,
    the battle and one hit point are lost. The opponent is defeated only if both trials are
    successful.'"""
    s = halfling()
    won = combat(s, TROLL, "close", dice=[1, 2, 2, 3])
    assert won.won and len(won.trials) == 2 and all(t.target == 5 for t in won.trials)
    lost_first = combat(s, TROLL, "close", dice=[6, 6])
    assert not lost_first.won and len(lost_first.trials) == 1
    lost_second = combat(s, TROLL, "close", dice=[1, 1, 6, 6])
    assert not lost_second.won and len(lost_second.trials) == 2


def test_underworld_one_success_defeats():
    """HitU: 'An opponent is considered defeated in combat if it loses at least 1 LP (from a
    successful combat test).'"""
    result = combat(halfling(), TROLL, "ranged", dice=[1, 1], heart_rule=UNDERWORLD_HEART_RULE)
    assert result.won and len(result.trials) == 1


def test_only_skills_with_a_dot_are_permitted():
    """RotH: 'Trials are only allowed in skills displayed on the adversary's counter.' HitU: 'With
    Ixion for example, any hero selecting to fight with Close Combat (red skill) must deduct 1'."""
    s = halfling()
    with pytest.raises(RulesError, match="cannot be fought with magic"):
        combat(s, TROLL, "magic", dice=[1, 1])
    assert modifier_for(s, IXION, "close") == -1
    # a skill permitted both by its own dot and by the gray dot takes the better modifier
    both = Counter("both", "Both", "red", {"red": -2, "gray": 0})
    assert modifier_for(s, both, "close") == 0


def test_gray_dot_is_the_skill_with_fewest_cubes_and_returns_ties():
    """HitU: 'If there is a tie for the skill with the least number of ECs, then the player may
    choose which of those skills to use in combat. The skill level is not important – only the
    number of experience cubes!'"""
    s = halfling()
    cubes(s, "red", 2)
    d = gray_dot_choice(s)
    assert d.choice == "magic" and d.ties == ("ranged",) and d.key == (0, 0)
    assert [(o.skill, o.modifier) for o in permitted_skills(s, SHADE)] == [("magic", -1), ("ranged", -1)]
    cubes(s, "blue", 1)
    assert gray_dot_choice(s).choice == "ranged" and gray_dot_choice(s).ties == ()
    with pytest.raises(RulesError):
        combat(s, SHADE, "magic", dice=[1, 1])
    # shadow cubes count as cubes: "Shadow Cubes act as normal ECs"
    gain_cube(s, "black", "ranged")
    gain_cube(s, "black", "ranged")
    assert gray_dot_choice(s).choice == "magic"


@pytest.mark.parametrize("border, what, enemy", [
    ("red", "creature", True), ("gray", "black creature", True), ("green", "encounter", False),
    ("blue", "task", False), ("yellow", "item", False), ("orange", "event", False),
])
def test_counters_by_border(border, what, enemy):
    """HitU: 'If the marker is an Adventure marker with a red or gray edge, this indicates that an
    opponent has come to fight! Adventure markers with a blue or green edge are Tasks and
    Encounters.' 'Items are markers with a yellow border.'"""
    c = Counter("c", "C", border)
    assert kind(c) == what and is_enemy(c) is enemy and must_fight([c]) is enemy


def test_black_creature_with_blue_base_becomes_a_task():
    """HitU: 'Markers with a gray border and blue base (black creatures) become Tasks.'"""
    assert defeated_becomes_task(IXION) and not defeated_becomes_task(TROLL)


def test_combat_before_any_other_action_and_a_lost_combat_ends_the_actions():
    """HitU: 'Combat must always be taken before any other action!' UtSotD: 'If you lose in combat,
    you may not undertake further actions in this turn'."""
    turn = TurnActions()
    with pytest.raises(RulesError, match="before any other action"):
        take_action(turn, "encounter", enemy_here=True, rules=DRAGON_ACTIONS)
    take_action(turn, "combat", enemy_here=True, combat_lost=True)
    assert turn.over
    with pytest.raises(RulesError, match="lost combat"):
        take_action(turn, "encounter", enemy_here=True)
    won = take_action(TurnActions(), "combat", enemy_here=True)
    take_action(won, "encounter", enemy_here=True)
    with pytest.raises(RulesError, match="one combat"):
        take_action(won, "combat")


def test_underworld_action_order_and_once_each():
    """HitU: 'the same action cannot be taken twice on the same turn except fulfilling Tasks' and
    'The actions are taken in the following order: 1. Combat/Duel 2. Encounters 3. Accepting a
    Task marker 4. Fulfilling a Task'."""
    turn = TurnActions()
    take_action(turn, "encounter", rules=UNDERWORLD_ACTIONS)
    with pytest.raises(RulesError, match="already taken"):
        take_action(turn, "encounter", rules=UNDERWORLD_ACTIONS)
    take_action(turn, "fulfil_task", rules=UNDERWORLD_ACTIONS)
    take_action(turn, "fulfil_task", rules=UNDERWORLD_ACTIONS)
    with pytest.raises(RulesError, match="cannot follow"):
        take_action(turn, "accept_task", rules=UNDERWORLD_ACTIONS)
    free = TurnActions()
    take_action(free, "fulfil_task", rules=DRAGON_ACTIONS)
    take_action(free, "encounter", rules=DRAGON_ACTIONS)


# ---------------------------------------------------------------- experience cubes

def test_after_a_shadow_cube_only_shadow_cubes():
    """HitU: 'after a single Shadow Cube in a skill, no more normal red, green or blue Experience
    Cubes can be placed in that skill!'"""
    s = halfling()
    assert gain_cube(s, "red") == ("close", "red")
    assert gain_cube(s, "black", "close") == ("close", "black")
    assert gain_cube(s, "red") == ("close", "black")
    assert s.cubes["close"] == ["red", "black", "black"] and shadow_cubes(s) == 2
    with pytest.raises(RulesError):
        gain_cube(s, "black")
    with pytest.raises(RulesError):
        gain_cube(s, "blue", "close")


# ---------------------------------------------------------------- life points

def test_life_loss_natural_or_artificial_and_death():
    """HitU: 'The player decides whether to lose a "natural" or "artificial" LP (if one is
    available). A hero is "dead" when the last "natural" LP is lost – even if there are
    "artificial" LP remaining.'"""
    s = halfling()
    take_item(s, Item("breastplate", "Breastplate", "armour", life=2))
    assert life_total(s) == 6 and artificial_life(s) == 2
    assert lose_life(s, "natural").source == "natural" and s.natural == 3
    for _ in range(2):
        lose_life(s, "natural")
    loss = lose_life(s, "natural")
    assert loss.died and s.dead and artificial_life(s) == 2
    with pytest.raises(RulesError):
        lose_life(s)


def test_armour_is_destroyed_only_when_all_its_points_are_lost():
    """HitU: 'Items that grant more than 1 LP are only discarded if all of the LPs granted by that
    item are lost.' RotH: 'What if the armor is worth two hit points?' 'It is destroyed only when
    the second hit point is lost.'"""
    s = halfling()
    take_item(s, Item("breastplate", kind="armour", life=2))
    first = lose_life(s)                      # policy artificial_first
    assert first.source == "breastplate" and first.destroyed is None and first.policy == "artificial_first"
    second = lose_life(s)
    assert second.destroyed.id == "breastplate" and s.items == [] and s.natural == 4
    assert lose_life(s).source == "natural"


def test_natural_first_policy_spares_the_last_natural_point():
    s = halfling()
    s.natural = 1
    take_item(s, Item("ring", life=1, combinable=True))
    assert lose_life(s, policy="natural_first").source == "ring" and not s.dead


def test_healing_only_restores_natural_points_and_duels_never_kill():
    """HitU: 'Only natural LP can be healed or regenerated.' Duel: 'Only possible if it is not the
    hero's last LP'."""
    s = halfling()
    take_item(s, Item("mail", kind="armour", life=2))
    lose_life(s, "mail")
    lose_life(s, "natural")
    assert heal(s) == 1 and s.natural == 4 and artificial_life(s) == 1
    s.natural = 1
    assert can_lose_life_in_duel(s)
    lose_life(s, "mail")
    assert not can_lose_life_in_duel(s)


# ---------------------------------------------------------------- items and slots

SWORD = Item("sword", "Sickle", "weapon", bonus={"close": 1})
SCYTHE = Item("scythe", "Scythe of Thanatos", "weapon", bonus={"close": 2}, special=True)
OPAL = Item("opal", "Opal", "other", bonus={"magic": 1}, combinable=True)
RING = Item("ring", "Ring", "other", bonus={"magic": 1}, combinable=True)
STAFF = Item("staff", "Magic staff", "weapon", bonus={"magic": 1})


@pytest.mark.parametrize("carried, new, problem", [
    ([SWORD], SCYTHE, "exactly one weapon"),
    ([SWORD], OPAL, None),
    ([Item("a1", kind="armour", life=2)], Item("a2", kind="armour", life=1), "only one armour"),
    ([Item("a1", kind="armour", life=2)], Item("sh", kind="shield", life=1), None),
    ([Item("a1", kind="armour"), Item("sh", kind="shield")], Item("hm", kind="helmet"), None),
    ([Item("sh", kind="shield")], Item("sh2", kind="shield"), "only one shield"),
    ([SWORD, OPAL, RING, Item("x")], Item("y"), "item boxes are full"),
])
def test_carrying_rules(carried, new, problem):
    """HitU: 'Each hero may carry exactly 1 Armor item (plus a shield and/or helmet), and exactly 1
    weapon (plus "combinable" weapons, see counters).' UtSotD: 'A hero may carry up to four
    artifacts.'"""
    s = halfling()
    for item in carried:
        take_item(s, Item(**to_json(item)))
    if problem is None:
        take_item(s, new)
    else:
        with pytest.raises(RulesError, match=problem):
            take_item(s, new)


def test_centaur_carries_five():
    """HitU: 'This hero may carry 5 items instead of four.'"""
    s = halfling(item_slots=5)
    for i in range(5):
        take_item(s, Item(f"i{i}"))
    assert len(s.items) == 5


def test_one_item_per_skill_unless_combinable_and_the_cap_of_eleven():
    """RotH: 'Only one artifact can be used per combat skill to improve your rating.' HitU Opal:
    'One can use 2 items which both increase Magic value.' RotH: 'Up to a maximum of 11'."""
    s = halfling()
    take_item(s, STAFF)
    take_item(s, Item("rod", bonus={"magic": 2}))
    assert skill_value(s, "magic") == 7
    take_item(s, OPAL)
    assert skill_value(s, "magic") == 8
    s.skills["magic"] = 10
    assert skill_value(s, "magic") == 11


def test_movement_items_do_not_combine():
    """RotH: 'Your hero's movement points can be altered with a horse, cart or boots. These cannot
    be combined.'"""
    s = halfling()
    take_item(s, Item("horse", movement=1))
    take_item(s, Item("sandals", movement=1))
    assert movement_allowance(s) == 5


def test_black_weapon_cannot_be_dropped_with_shadow_cubes():
    """HitU: 'The hero may not discard Black Weapons as long as at least 1 SC remains in the
    corresponding skill.'"""
    s = halfling()
    take_item(s, Item("soul_sword", kind="weapon", bonus={"close": 1}, black="close"))
    gain_cube(s, "black", "close")
    with pytest.raises(RulesError, match="Black Weapon"):
        drop_item(s, "soul_sword")
    s.cubes["close"] = []
    assert drop_item(s, "soul_sword").id == "soul_sword"


# ---------------------------------------------------------------- tasks, gold, death and rebirth

def test_task_boxes_and_gold():
    """HitU: 'If there is no empty Task box on the player's hero reference card, then no new Task
    markers may be taken'. UtSotD: 'You may not take up more than four tasks.'"""
    s = halfling()
    for t in "abcd":
        accept_task(s, t)
    with pytest.raises(RulesError, match="no empty task box"):
        accept_task(s, "e")
    remove_task(s, "a")
    accept_task(s, "e")
    assert gain_gold(s, 3) == 5 and spend_gold(s, 5) == 0
    with pytest.raises(RulesError):
        spend_gold(s, 1)


def test_rebirth_keeps_one_item_and_loses_cubes_and_tasks():
    """HitU Rebirth: 'Loss of all experience cubes and tasks.' '1 item may be kept from the hero's
    previous life.' 'restart in the next turn with the standard starting levels of LP, gold etc…'"""
    s = halfling()
    cubes(s, "green", 7)
    gain_cube(s, "black", "magic")
    accept_task(s, "minos")
    take_item(s, SWORD)
    take_item(s, Item("mail", kind="armour", life=2))
    gain_gold(s, 4)
    s.skills["close"] = 8
    with pytest.raises(RulesError):
        rebirth(s)
    while not s.dead:
        lose_life(s, "natural")
    record = rebirth(s, keep="sword")
    assert record.kept.id == "sword" and [i.id for i in record.left_items] == ["mail"]
    assert record.left_tasks == ["minos"] and record.returned_cubes == {"magic": ["black"], "ranged": ["green"] * 7}
    assert record.gold_before == 6
    assert (s.dead, s.natural, s.gold, s.tasks, [i.id for i in s.items]) == (False, 4, 2, [], ["sword"])
    assert s.skills == {"magic": 5, "ranged": 9, "close": 6} and dice_for(s, "ranged") == 2


def test_instant_death_then_rebirth_with_nothing_kept():
    """UtSotD: 'A hero approaching the Dragon without a magic weapon dies instantaneously'."""
    s = halfling()
    take_item(s, SWORD)
    kill(s)
    record = rebirth(s)
    assert record.kept is None and s.items == [] and s.natural == 4


def test_sheet_round_trips_through_json():
    s = halfling(item_slots=5)
    cubes(s, "blue", 3)
    gain_cube(s, "black", "close")
    take_item(s, Item("mail", "Mail of Persephone", "armour", life=2, lost=1, special=True))
    take_item(s, SWORD)
    accept_task(s, "aiakos")
    text = dumps(s)
    back = from_json(HeroSheet, json.loads(text))
    assert back == s and dumps(back) == text


def test_bad_sheets_are_refused():
    with pytest.raises(RulesError):
        new_sheet("x", {"magic": 5, "close": 6}, {"magic": [], "close": []}, 3, 3, 0)
    with pytest.raises(RulesError):
        new_sheet("x", {"magic": 5, "ranged": 4, "close": 6}, {"magic": [3, 2], "ranged": [], "close": []}, 3, 3, 0)
