"""Monster activation, steps 1-5, as the Forgotten Souls rulebook writes them ("3. Monster
Activation", "Monster Activation Example"), with maps drawn in ASCII: upper-case letters are
heroes, lower-case monsters (their group and rank are given per test)."""

import pytest

from boardtext import parse
from overlord.games.descent.activation import Hero, Monster, Table, activate_card
from overlord.games.descent.content.cards import ActivationCard, MonsterGroup

ORDER = ["flesh-moulder", "shadow-dragon", "zombie", "barghest"]


def stats(speed, attack="melee"):
    return {"speed": speed, "health": 5, "defense": ["gray"], "attack": attack, "dice": ["blue", "yellow"]}


def group(name, speed, attack="melee", abilities=(), size=(1, 1)):
    ranks = {"minion": stats(speed, attack), "master": stats(speed, attack)}
    return MonsterGroup.model_validate({
        "name": name, "size": list(size), "abilities": list(abilities),
        "limits": {n: {"minions": 2, "masters": 1} for n in (2, 3, 4)},
        "act I": ranks, "act II": ranks})


GROUPS = {"zombie": group("Zombie", 3, abilities=["shambling"]),
          "flesh-moulder": group("Flesh Moulder", 4, "ranged"),
          "barghest": group("Barghest", 4, size=(2, 1)),
          "shadow-dragon": group("Shadow Dragon", 3, size=(2, 2))}


def table(drawing, monsters, heroes=None, under=None, exit_at=None):
    """``monsters``: letter -> (group, rank[, conditions]); heroes: letter -> health."""
    scene, _ = parse(drawing, under=under)
    ms = {k: Monster(v[0], v[1], 5, list(v[2]) if len(v) > 2 else []) for k, v in monsters.items()}
    hs = {h: Hero((heroes or {}).get(h, 10)) for h in scene.figures if h.isupper()}
    return Table(scene, ms, hs, GROUPS, "I", exit_at)


def card(groups):
    return ActivationCard.model_validate({"id": "test", "groups": groups})


def actions(events, monster=None):
    return [(e["monster"], e["action"], e["performed"]) for e in events
            if e["event"] == "action" and (monster is None or e["monster"] == monster)]


def test_groups_activate_in_the_order_of_their_positions_on_the_card():
    """Step 1: 'Locate the first group (lowest number on the diagram) that is on the map and has
    not yet activated.' Zombies (3) after flesh moulders (1), whatever the card lists first."""
    t = table("""
        #########
        #z.....A#
        #f......#
        #########
        """, {"z": ("zombie", "minion"), "f": ("flesh-moulder", "minion")})
    c = card({"zombie": {"all": [{"engage": "closest"}]}, "flesh-moulder": {"all": [{"engage": "closest"}]}})
    _, events = activate_card(t, c, ORDER)
    assert [e["group"] for e in events if e["event"] == "group"] == ["flesh-moulder", "zombie"]


def test_minions_of_the_top_box_before_masters_of_the_bottom_box():
    """Step 3: 'all monsters of the top box activating before any monsters of the bottom box.'"""
    t = table("""
        #########
        #M.....A#
        #m......#
        #########
        """.replace("M", "n"), {"n": ("zombie", "master"), "m": ("zombie", "minion")})
    c = card({"zombie": {"minion": [{"engage": "closest"}], "master": [{"engage": "closest"}]}})
    _, events = activate_card(t, c, ORDER)
    assert [e["monster"] for e in events if e["event"] == "monster"] == ["m", "n"]


def test_the_list_repeats_until_two_actions_are_performed():
    """Step 4: 'repeating the list of actions until that monster has performed two actions'.
    The flesh moulder (speed 4, melee here would not reach) engages twice."""
    t = table("""
        ##############
        #f..........A#
        ##############
        """, {"f": ("barghest", "minion")})
    t.groups = {**GROUPS, "barghest": group("Barghest", 4)}
    c = card({"barghest": {"all": [{"engage": "closest"}, {"attack": "closest"}]}})
    _, events = activate_card(t, c, ORDER)
    assert actions(events) == [("f", "engage", True), ("f", "attack", False), ("f", "engage", True)]
    assert events[-1] == {"event": "done", "monster": "f", "actions": 2}


def test_monster_activation_example_steps_5_and_6_the_shambling_zombie():
    """Monster Activation Example, 5-6: the minion zombie engages (3 spaces), cannot attack; the
    list repeats; it cannot engage again (Shambling) nor attack: its activation is complete."""
    t = table("""
        ############
        #z........T#
        ############
        """, {"z": ("zombie", "minion")})
    c = card({"zombie": {"all": [{"engage": "closest"}, {"attack": {"pick": "lowest_health", "where": "adjacent"}}]}})
    t, events = activate_card(t, c, ORDER)
    assert actions(events) == [("z", "engage", True), ("z", "attack", False),
                               ("z", "engage", False), ("z", "attack", False)]
    assert events[-1]["actions"] == 1
    assert t.scene.figures["z"].at == [4, 1]


def test_only_one_attack_per_activation():
    """'Always follow monster rules outlined in the base game (e.g., only one attack per turn,
    two actions per monster)'."""
    t = table("""
        ######
        #zT..#
        ######
        """, {"z": ("zombie", "minion")})
    c = card({"zombie": {"all": [{"attack": "closest"}, {"attack": "closest"}]}})
    _, events = activate_card(t, c, ORDER)
    assert actions(events) == [("z", "attack", True), ("z", "attack", False),     # first pass
                               ("z", "attack", False), ("z", "attack", False)]    # a pass with none: done
    assert events[-1]["actions"] == 1


def test_a_stunned_monster_first_discards_the_condition():
    """'If a monster has a condition that can be discarded by using an action, such as Stun, its
    first action must be to discard that condition.'"""
    t = table("""
        ##########
        #z......T#
        ##########
        """, {"z": ("barghest", "minion", ["stunned"])})
    t.groups = {**GROUPS, "barghest": group("Barghest", 4)}
    c = card({"barghest": {"all": [{"engage": "closest"}]}})
    t, events = activate_card(t, c, ORDER)
    assert actions(events) == [("z", "discard_condition", True), ("z", "engage", True)]
    assert t.monsters["z"].conditions == []


def test_a_monster_in_a_pit_first_climbs_out_toward_the_exit():
    """'If a monster is in a pit space, its first action must be to exit the pit space and
    enter the adjacent space closest to the exit of the current encounter.'"""
    t = table("""
        #########
        #.z#####T#
        #.......##
        #########
        """.replace("T#\n", "T#\n"), {"z": ("barghest", "minion")}, under={"z": "p"}, exit_at=[6, 2])
    t.groups = {**GROUPS, "barghest": group("Barghest", 4)}
    c = card({"barghest": {"all": [{"engage": "closest"}]}})
    t, events = activate_card(t, c, ORDER)
    assert [(e["action"], e["performed"]) for e in events if e["event"] == "action"][0] == ("leave-pit", True)
    assert events[-1]["actions"] == 2


@pytest.mark.parametrize("rule, expected, ties", [
    ({"pick": "lowest_health", "where": "adjacent"}, ["W"], []),
    ({"pick": "highest_health", "where": "adjacent"}, ["L"], []),
    ("closest", ["L"], ["W"]),              # both adjacent: closest ties, the heroes choose
    ({"pick": "all", "where": "adjacent"}, ["L", "W"], None),
])
def test_attack_targets(rule, expected, ties):
    """Activation cards: 'attack the adjacent hero with the lowest remaining health'; 'if a
    monster has multiple potential targets ... the target closest to the activating monster is
    chosen'; where they are equally close the heroes choose (Golden Rules)."""
    t = table("""
        #######
        #LzW..#
        #######
        """, {"z": ("zombie", "minion")}, heroes={"L": 8, "W": 4})
    c = card({"zombie": {"all": [{"attack": rule}]}})
    _, events = activate_card(t, c, ORDER)
    attack = next(e for e in events if e.get("action") == "attack")
    assert attack["targets"] == expected
    if ties is not None:
        assert attack["decision"]["ties"] == ties


def test_ranged_attacks_need_line_of_sight_and_melee_needs_adjacency():
    t = table("""
        #########
        #f..#..T#
        #.......#
        #########
        """, {"f": ("flesh-moulder", "minion")})
    c = card({"flesh-moulder": {"all": [{"attack": "closest"}, {"spot": "closest"}]}})
    t, events = activate_card(t, c, ORDER)
    assert actions(events)[:2] == [("f", "attack", False), ("f", "spot", True)]
    assert ("f", "attack", True) in actions(events)      # the list repeats: now it sees Tarha


def test_monster_activation_during_a_hero_turn_activates_only_the_named_groups():
    """'draw an Activation card and activate only the specified groups'."""
    t = table("""
        #########
        #z.....A#
        #f......#
        #########
        """, {"z": ("zombie", "minion"), "f": ("flesh-moulder", "minion")})
    c = card({"zombie": {"all": [{"engage": "closest"}]}, "flesh-moulder": {"all": [{"engage": "closest"}]}})
    _, events = activate_card(t, c, ORDER, only={"zombie"})
    assert [e["group"] for e in events if e["event"] == "group"] == ["zombie"]
