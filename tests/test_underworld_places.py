"""Heroes in the Underworld: places, encounters and tasks in Phase 3, and their solitaire
changes. Rule readings: see ``overlord.games.underworld.places``."""

import pytest
from test_underworld_rules import give, heap, make_state, put, stand

from overlord.games.heroes.sheet import RulesError, gain_cube, shadow_cubes
from overlord.games.underworld.handling import relocate
from overlord.games.underworld.places import (
    accept_task,
    encounter,
    fulfil_task,
    use_lethe,
    use_styx,
)
from overlord.games.underworld.state import TurnState, counter_problems, where

WIN, LOSE = [1, 1], [6, 6]


def next_turn(state, hero="hippolyte", started_on="styx"):
    state.round += 1
    state.turn = TurnState(hero=hero, phase="act", started_on=started_on)


# -- Styx --------------------------------------------------------------------------------------

@pytest.mark.parametrize("moved, ok", [(0, True), (1, False)])
def test_styx_heals_after_a_whole_turn(moved, ok):
    # HitU: "The Styx map tile will heal all of a hero's natural LP if the hero spends an entire turn there."
    state = make_state()
    state.sheets["hippolyte"].natural = 1
    state.turn.moved = moved
    if ok:
        use_styx(state, "hippolyte")
        assert state.sheets["hippolyte"].natural == 5
    else:
        with pytest.raises(RulesError, match="entire turn"):
            use_styx(state, "hippolyte")
    assert counter_problems(state) == []


def test_styx_solitaire_four_lp_one_a_turn():
    # HitU Solitaire: "Styx: …has only 4 LP. The 4 LP are placed on the 4 corners of the map tile at the beginning
    # of the game. Once per turn, a single LP can be taken."
    state = make_state(solitaire=True)
    sheet = state.sheets["hippolyte"]
    sheet.natural = 0 + 1
    use_styx(state, "hippolyte")
    assert sheet.natural == 2
    with pytest.raises(RulesError):
        use_styx(state, "hippolyte")             # once per turn
    for _ in range(3):
        next_turn(state)
        sheet.natural = 1
        use_styx(state, "hippolyte")
    next_turn(state)
    with pytest.raises(RulesError, match="all 4 LP"):
        use_styx(state, "hippolyte")
    assert state.uses["corners:styx"] == 4
    assert counter_problems(state) == []


# -- Lethe -------------------------------------------------------------------------------------

@pytest.mark.parametrize("with_shadow, hero_sc_after", [(None, 0), (False, 1)])
def test_lethe(with_shadow, hero_sc_after):
    # HitU Lethe: "give up a blue, red or green EC from their hero reference card to remove 1 SC from the Dark Side.
    # Only 1 EC can be given up per turn." "1 SC may be lost along with the regular EC."
    state = make_state()
    stand(state, "hippolyte", "lethe")
    sheet = state.sheets["hippolyte"]
    gain_cube(sheet, "red")
    gain_cube(sheet, "green")
    gain_cube(sheet, "black", "magic")
    state.dark_side = 3
    use_lethe(state, "hippolyte", skill="close", with_shadow=with_shadow)
    assert state.dark_side == 2 and sheet.cubes["close"] == [] and shadow_cubes(sheet) == hero_sc_after
    with pytest.raises(RulesError):
        use_lethe(state, "hippolyte", skill="ranged")
    assert counter_problems(state) == []


# -- encounters --------------------------------------------------------------------------------

@pytest.mark.parametrize("dice, converted", [([1, 1, 6], True), ([6, 6, 6], False)])   # 2 cubes: 3 dice
def test_hypnos(dice, converted):
    # HitU Hypnos: "Hypnos can change an SC into a regular EC provided that a skill check is passed in the skill
    # containing the SC."
    state = make_state()
    put(state, "hypnos", "styx")
    sheet = state.sheets["hippolyte"]
    gain_cube(sheet, "red")
    gain_cube(sheet, "black", "close")
    encounter(state, "hippolyte", "hypnos", skill="close", dice=dice)
    assert sheet.cubes["close"] == (["red", "red"] if converted else ["red", "black"])
    # Green bordered markers remain on the map tile even if a hero has already used it
    assert where(state, "hypnos") == "tile:styx"
    assert counter_problems(state) == []


def test_hypnos_solitaire():
    # HitU Solitaire: "Hypnos: …can only be used 4 times. No skill test must be passed, and 1 SC may be converted into
    # 1 EC of any color. ... After the 4th cube is placed, Hypnos is removed from the game."
    state = make_state(solitaire=True)
    put(state, "hypnos", "styx")
    sheet = state.sheets["hippolyte"]
    for n in range(4):
        gain_cube(sheet, "black", "close")
        encounter(state, "hippolyte", "hypnos", colour="blue")      # no dice: no trial
        next_turn(state)
    assert sheet.cubes == {"magic": ["blue"] * 4, "ranged": [], "close": []}
    assert where(state, "hypnos") == "removed"
    assert counter_problems(state) == []


@pytest.mark.parametrize("dice, close", [
    # HitU Low Demon: "For 1 LP, a test can be made against any skill. If the test fails (the sum of both dice is
    # greater than the value of the skill), then the value may be increased by 1."
    ([6, 6], 8), ([1, 1], 7),
])
def test_low_demon(dice, close):
    state = make_state()
    put(state, "low-demon", "styx")
    encounter(state, "hippolyte", "low-demon", skill="close", life_source="natural", dice=dice)
    sheet = state.sheets["hippolyte"]
    assert (sheet.skills["close"], sheet.natural) == (close, 4)
    assert counter_problems(state) == []


@pytest.mark.parametrize("solitaire", [False, True])
def test_low_demon_removed_when_its_corners_are_full(solitaire):
    # HitU Low Demon: "The LP is placed on one of the corners of the map tile where the Low Demon is found. If 1 LP
    # is in each corner, the Low Demon is removed from play." Solitaire: "can only be used 4 times."
    state = make_state(solitaire=solitaire)
    put(state, "low-demon", "styx")
    for _ in range(4):
        state.sheets["hippolyte"].natural = 5
        encounter(state, "hippolyte", "low-demon", skill="magic", dice=LOSE)
        next_turn(state)
    assert where(state, "low-demon") == "removed" and state.uses["corners:low-demon"] == 4
    assert counter_problems(state) == []


@pytest.mark.parametrize("solitaire, after", [(False, "tile:styx"), (True, "removed")])
def test_well_of_wisdom(solitaire, after):
    # HitU Well of Wisdom: "For 1 GP a test can be made against any skill with two dice. If the total ... is higher
    # than the level of the skill, the test fails, and the skill value may be increased by 1." Solitaire: "can only
    # be used 4 times. The used gold pieces are put into the four corners"
    state = make_state(solitaire=solitaire)
    put(state, "well-of-wisdom", "styx")
    sheet = state.sheets["hippolyte"]
    for _ in range(4):
        sheet.gold = 1
        encounter(state, "hippolyte", "well-of-wisdom", skill="ranged", dice=LOSE)
        next_turn(state)
    assert sheet.skills["ranged"] == 10 and sheet.gold == 0 and where(state, "well-of-wisdom") == after
    assert counter_problems(state) == []


def test_well_costs_gold():
    state = make_state()
    put(state, "well-of-wisdom", "styx")
    state.sheets["hippolyte"].gold = 0
    with pytest.raises(RulesError):
        encounter(state, "hippolyte", "well-of-wisdom", skill="ranged", dice=LOSE)
    assert counter_problems(state) == []


@pytest.mark.parametrize("go, tile", [(True, "styx"), (False, "field")])
def test_hermes(go, tile):
    # HitU Hermes: "Will take the hero back to the Styx tile if the hero wishes it."
    state = make_state()
    stand(state, "hippolyte", "field")
    put(state, "hermes", "field")
    encounter(state, "hippolyte", "hermes", go=go)
    assert state.map.heroes["hippolyte"] == tile
    assert counter_problems(state) == []


@pytest.mark.parametrize("staff_on_card, dice, got", [
    # HitU Hekate: "If the magic test succeeds, the hero receives the Golden Staff"
    (True, WIN, True), (True, LOSE, False),
    # HitU: "The Thanatos counter grants the scythe only if it is on the reference card of the Damned One."
    (False, WIN, False),
])
def test_hekate_grants_the_golden_staff(staff_on_card, dice, got):
    state = make_state()
    put(state, "hekate", "styx")
    if not staff_on_card:
        give(state, "ture", "golden-staff")
    encounter(state, "hippolyte", "hekate", dice=dice)
    assert (where(state, "golden-staff") == "items:hippolyte") is got
    assert where(state, "hekate") == "tile:styx"
    assert counter_problems(state) == []


def test_an_encounter_once_per_turn_and_after_combat():
    # HitU: "the hero may encounter it once per turn"; "Healing locations can only be used in Phase 3, and after any
    # combat or Duels have been resolved." "Combat must always be taken before any other action!"
    state = make_state()
    put(state, "hermes", "styx")
    put(state, "alekto", "styx")
    with pytest.raises(RulesError, match="combat"):
        encounter(state, "hippolyte", "hermes")
    relocate(state, "alekto", "removed")
    encounter(state, "hippolyte", "hermes")
    with pytest.raises(RulesError):
        encounter(state, "hippolyte", "hermes")
    assert counter_problems(state) == []


# -- tasks -------------------------------------------------------------------------------------

@pytest.mark.parametrize("task, dark, ok", [
    ("minos", False, True),
    ("minos", True, True),
    # HitU: "The Persephone Task cannot be taken by a hero that possesses 1 or more Shadow Cubes."
    ("persephone-task", True, False),
    # HitU Hades: "This Task cannot be taken by a hero with 1 or more shadow cubes."
    ("hades-task", True, False),
    ("hades-task", False, True),
])
def test_accepting_a_task(task, dark, ok):
    state = make_state()
    put(state, task, "styx")
    if dark:
        gain_cube(state.sheets["hippolyte"], "black", "magic")
    if ok:
        accept_task(state, "hippolyte", task)
        assert where(state, task) == "tasks:hippolyte" and task not in state.revealed
    else:
        with pytest.raises(RulesError, match="Dark heroes"):
            accept_task(state, "hippolyte", task)
    assert counter_problems(state) == []


def test_no_free_task_box():
    # HitU: "If there is no empty Task box on the player's hero reference card, then no new Task markers may be taken"
    state = make_state()
    for t in ("chronos", "hades-task", "persephone-task", "ixion"):
        relocate(state, t, "tasks:hippolyte")
    put(state, "minos", "styx")
    with pytest.raises(RulesError, match="no empty Task box"):
        accept_task(state, "hippolyte", "minos")
    assert counter_problems(state) == []


def test_fulfilling_tasks_at_their_destination_may_repeat():
    # HitU: "If the hero is, for example, on the map tile specified by a Task, it can be fulfilled by removing the Task
    # marker from the hero reference card and taking the reward." "4. Fulfilling a Task (can be done more than once
    # per turn)"
    # Glossary: Chronos "As reward take one treasure"; Minos "A treasure is taken as a reward."
    state = make_state()
    heap(state, "ring", "opal")
    relocate(state, "minos", "tasks:hippolyte")
    relocate(state, "chronos", "tasks:hippolyte")
    stand(state, "hippolyte", "elysion")
    with pytest.raises(RulesError, match="Kriterion"):
        fulfil_task(state, "hippolyte", "minos")
    fulfil_task(state, "hippolyte", "chronos")
    assert len(state.sheets["hippolyte"].items) == 1 and where(state, "chronos") == "removed"
    stand(state, "hippolyte", "kriterion")
    fulfil_task(state, "hippolyte", "minos")         # the same turn
    assert {where(state, c) for c in ("ring", "opal")} == {"items:hippolyte"}
    assert counter_problems(state) == []


@pytest.mark.parametrize("order, dark_after, mail", [
    # HitU Hades task: "receive the Trident of Hades. In addition, 1 SC is removed from the Dark Side."
    (["hades-task"], 4, False),
    # HitU Persephone: "receive as a reward the Mail of Persephone. In addition, a Shadow Cube is removed from the
    # Dark Side. If Hades is already in the Throne Hall, remove 2 Shadow Cubes from the Dark Side."
    (["persephone-task"], 4, True),
    (["hades-task", "persephone-task"], 2, True),
])
def test_hades_and_persephone(order, dark_after, mail):
    state = make_state()
    state.dark_side = 5
    stand(state, "hippolyte", "hades")
    for t in order:
        relocate(state, t, "tasks:hippolyte")
    for t in order:
        fulfil_task(state, "hippolyte", t)
    assert state.dark_side == dark_after
    assert (where(state, "trident-of-hades") == "items:hippolyte") is ("hades-task" in order)
    assert (where(state, "mail-of-persephone") == "items:hippolyte") is mail
    assert counter_problems(state) == []


@pytest.mark.parametrize("creature, prison", [("ixion", "erebos"), ("titan", "tartaros")])
def test_black_creature_locked_up(creature, prison):
    # HitU Erebos/Tartarus: "Each returned Black Creature grants a treasure as a reward, and 1 SC from the Dark Side
    # is removed."
    state = make_state()
    heap(state, "ring")
    state.dark_side = 2
    relocate(state, creature, "tasks:hippolyte")
    stand(state, "hippolyte", prison)
    fulfil_task(state, "hippolyte", creature)
    assert state.dark_side == 1 and where(state, "ring") == "items:hippolyte" and where(state, creature) == "removed"
    assert counter_problems(state) == []


@pytest.mark.parametrize("creature, prison", [("ixion", "erebos"), ("titan", "tartaros")])
def test_a_black_creature_pays_one_treasure_at_its_prison_not_two(creature, prison):
    # HitU "Defeated Enemies": "Markers with a gray border and blue base (black creatures) become Tasks"; glossary
    # Erebos/Tartarus: "Each returned Black Creature grants a treasure as a reward"; our counter text: "beaten,
    # carry him to Erebos for a treasure" - one treasure, drawn at the prison, none when it is beaten
    from overlord.games.underworld.combat import fight
    state = make_state()
    heap(state, "ring", "opal")
    put(state, creature, "styx")
    fight(state, "hippolyte", creature, dice=WIN, colours=["red"])
    assert where(state, creature) == "tasks:hippolyte"
    assert not [e for e in state.log if e["event"] == "treasure_revealed"]
    next_turn(state, started_on=prison)
    stand(state, "hippolyte", prison)
    fulfil_task(state, "hippolyte", creature)
    assert len([e for e in state.log if e["event"] == "treasure_revealed"]) == 1
    assert len(state.sheets["hippolyte"].items) == 1
    assert counter_problems(state) == []


# -- making room for a reward; the Trident and the Mail again -----------------------------------------

def _legal(state):
    from overlord.games.underworld.engine import legal_actions
    return legal_actions(state)


@pytest.mark.parametrize("weapon, encounter_, skill_dice", [
    ("sickle-1", "hekate", WIN), ("sling-1", "thanatos", WIN), ("scepter-of-ares", "orion", WIN)])
def test_a_hero_with_a_weapon_makes_room_for_the_special_one(weapon, encounter_, skill_dice):
    # HitU "Weapons and Armor": "Each hero may carry ... exactly 1 weapon ... Extra weapons and armor can be
    # discarded. The player will receive 1 gold for a discarded weapon or armor." - so a hero carrying a weapon is
    # still offered Hekate, Orion and Thanatos, and discards its weapon for the special one
    state = make_state()
    give(state, "hippolyte", weapon)
    put(state, encounter_, "styx")
    assert {"do": "encounter", "counter": encounter_} in _legal(state)
    gold = state.sheets["hippolyte"].gold
    encounter(state, "hippolyte", encounter_, dice=skill_dice)
    granted = state.catalogue[encounter_].grants
    assert where(state, granted) == "items:hippolyte" and where(state, weapon) == "treasure_up"
    assert state.sheets["hippolyte"].gold == gold + 1
    assert [e["event"] for e in state.log if e["event"] in ("item_discarded", "item_taken")] == \
        ["item_discarded", "item_taken"]
    assert counter_problems(state) == []


def test_the_player_may_decline_to_make_room_and_the_weapon_stays_on_the_card():
    # "A reward never disappears silently": Hekate "grants the scythe only if it is on the reference card" - a
    # weapon not carried stays there, and the event says so; a discard that makes no room is refused untouched
    state = make_state()
    give(state, "hippolyte", "sickle-1")
    give(state, "hippolyte", "ring")
    put(state, "hekate", "styx")
    before = state.sheets["hippolyte"].items[:]
    with pytest.raises(RulesError, match="does not make room"):
        encounter(state, "hippolyte", "hekate", dice=WIN, discard="ring")
    assert state.sheets["hippolyte"].items == before
    next_turn(state)
    encounter(state, "hippolyte", "hekate", dice=WIN, discard="")
    assert where(state, "golden-staff") == "card" and where(state, "sickle-1") == "items:hippolyte"
    assert "stays on the Damned One's card" in state.log[-1]["why"]
    assert counter_problems(state) == []


def test_a_black_weapon_the_book_will_not_let_go_keeps_the_encounter_closed():
    # HitU: "Black Weapons may only be discarded if the hero does not have one or more Shadow Cubes in the
    # appropriate skill" - no room can be made, so Thanatos is not offered
    state = make_state()
    give(state, "hippolyte", "soul-sword")
    gain_cube(state.sheets["hippolyte"], "black", "close")
    put(state, "thanatos", "styx")
    assert {"do": "encounter", "counter": "thanatos"} not in _legal(state)
    assert {"do": "discard", "item": "soul-sword"} not in _legal(state)
    assert counter_problems(state) == []


def test_the_trident_for_hades_makes_room_too():
    # Glossary Hades: "Bring Hades to the Throne Room (the Hades map tile) and as a reward receive the Trident of
    # Hades" - a hero carrying a Sickle discards it (1 gold) rather than lose the Trident ("a hero carries exactly
    # one weapon" refused it, and it was lost for good)
    state = make_state()
    give(state, "hippolyte", "sickle-1")
    relocate(state, "hades-task", "tasks:hippolyte")
    stand(state, "hippolyte", "hades")
    fulfil_task(state, "hippolyte", "hades-task")
    assert where(state, "trident-of-hades") == "items:hippolyte" and where(state, "sickle-1") == "treasure_up"
    assert counter_problems(state) == []


def test_the_trident_and_the_mail_are_taken_again_at_the_throne_hall_after_their_bearer_dies():
    # HitU "Rebirth": "Special weapons are placed back on the Damned One's reference card, and can come into play
    # again. The Mail of Persephone and/or Trident of Hades can be obtained without a skill test (no task must be
    # fulfilled)." - read as: at the Throne Hall on the Hades map tile, where their tasks were fulfilled
    from overlord.games.underworld.handling import lose_life_points
    from overlord.games.underworld.places import place_problem, throne_waiting, use_throne_hall
    state = make_state()
    stand(state, "hippolyte", "hades")
    assert "nothing" in place_problem(state, "hippolyte", "hades")        # before the tasks: nothing waits
    for t in ("hades-task", "persephone-task"):
        relocate(state, t, "tasks:hippolyte")
        fulfil_task(state, "hippolyte", t)
    assert throne_waiting(state) == []
    lose_life_points(state, "hippolyte", 7, source="natural", keep="")    # dies: both go back to the card
    assert where(state, "trident-of-hades") == "card" and where(state, "mail-of-persephone") == "card"
    assert sorted(throne_waiting(state)) == ["mail-of-persephone", "trident-of-hades"]
    next_turn(state, started_on="hades")
    stand(state, "hippolyte", "hades")
    assert {"do": "use", "place": "hades"} in _legal(state)
    events = use_throne_hall(state, "hippolyte")
    assert not [e for e in events if e["event"] == "trial"]             # "without a skill test"
    assert where(state, "trident-of-hades") == "items:hippolyte"
    assert where(state, "mail-of-persephone") == "items:hippolyte"
    assert counter_problems(state) == []


def test_a_special_weapon_held_is_kept_unless_the_player_gives_it_up():
    # headless the hero keeps a special weapon rather than swap it; the Trident then waits at the Throne Hall, where
    # the player may give the Scythe up for it (it goes back to the Damned One's card)
    from overlord.games.underworld.places import use_throne_hall
    state = make_state()
    give(state, "hippolyte", "scythe-of-thanatos")
    relocate(state, "hades-task", "tasks:hippolyte")
    stand(state, "hippolyte", "hades")
    fulfil_task(state, "hippolyte", "hades-task")
    assert where(state, "trident-of-hades") == "card"
    refused = next(e for e in state.log if e["event"] == "no_weapon")
    assert "stays on the Damned One's card; it can be taken at the Throne Hall" in refused["why"]
    next_turn(state, started_on="hades")
    use_throne_hall(state, "hippolyte", discard="scythe-of-thanatos")
    assert where(state, "trident-of-hades") == "items:hippolyte" and where(state, "scythe-of-thanatos") == "card"
    assert counter_problems(state) == []


@pytest.mark.parametrize("counter, offer", [("hermes", {"do": "encounter", "counter": "hermes"}),
                                            ("minos", {"do": "accept", "task": "minos"})])
def test_a_face_down_counter_is_never_offered(counter, offer):
    # HitU "Movement in Detail": "If a marker is on the tile, movement is interrupted and the marker is revealed" -
    # a counter is known once it is turned up; a face-down one on the hero's tile (moved there, not entered) is
    # neither offered nor usable, so the table and the bots do not learn what it is
    state = make_state()
    stand(state, "hippolyte", "field")
    relocate(state, counter, "tile:field")
    state.revealed.remove(counter)
    assert offer not in _legal(state)
    with pytest.raises(RulesError, match="face down"):
        (encounter if offer["do"] == "encounter" else accept_task)(state, "hippolyte", counter)
    state.revealed.append(counter)
    assert offer in _legal(state)
    assert counter_problems(state) == []
