"""Return of the Heroes with the Dragon, set up (Under the Shadow of the Dragon, "as an Expansion
Set", Rules Changes): one state of both games, the two boxes as one, and where the manor houses go.
Each case quotes the book; the boxes are the shipped ones."""

from __future__ import annotations

import dataclasses
import json

import pytest

from overlord.core.state import from_json, to_json
from overlord.games import registry
from overlord.games.dragon import state as dragon
from overlord.games.heroes.regions import relaid
from overlord.games.kingdom.boxes import SHADOW, Boxes
from overlord.games.kingdom.manors import TABOO_MAPS, open_maps, placing_order, sites, start
from overlord.games.kingdom.state import HeroState, KingdomState, TurnState
from overlord.games.roth import state as roth

# the book's example: "Image the following distribution of region maps"
EXAMPLE = ["TACHW",
           "UKJXB",
           "SEGND",
           "YFIZV",
           "RMLOP"]


@pytest.fixture(scope="module")
def boxes() -> Boxes:
    return Boxes.of(registry.open_scenario("roth-standard")[1], registry.open_scenario("dragon")[1])


@pytest.fixture(scope="module")
def example(boxes):
    return relaid(boxes.board, EXAMPLE)


# -- one state of both games --------------------------------------------------------------------------

@pytest.mark.parametrize("mine, theirs", [(HeroState, roth.HeroState), (HeroState, dragon.HeroState),
                                          (TurnState, roth.TurnState), (TurnState, dragon.TurnState),
                                          (KingdomState, roth.RothState), (KingdomState, dragon.DragonState)])
def test_the_combined_state_holds_every_field_of_each_game_as_that_game_has_it(mine, theirs):
    """Each game's rules read and write the one state through their lens: every field either game
    keeps is there, of the same type and default (a field two games name differently would make one
    of them read the other's value)."""
    ours = {f.name: f for f in dataclasses.fields(mine)}
    for f in dataclasses.fields(theirs):
        assert f.name in ours, f"{theirs.__name__}.{f.name} is missing"
        if f.name not in ("at", "turn"):           # named again with the combined figure and turn
            assert (ours[f.name].type, ours[f.name].default) == (f.type, f.default), f.name


def test_a_combined_state_goes_through_json_unchanged():
    s = KingdomState(scenario="k", seed=1, mode="race", heroes=["gro", "paladin"], rng={}, rules={}, sheets={},
                     at={"gro": HeroState("A3", "A2", deeds={"axe": 1}),
                         "paladin": HeroState("T2", "T2", confused=True, known=["troll"])},
                     bag=["dragon"], board={"V9": []}, down=[], backs=[], market=[], layout=EXAMPLE, hoard=3)
    back = from_json(KingdomState, json.loads(json.dumps(to_json(s))))
    assert back == s and isinstance(back.at["paladin"], HeroState) and isinstance(back.turn, TurnState)


# -- the two boxes as one ------------------------------------------------------------------------------

def test_all_25_region_maps_go_into_one_box(boxes):
    """"All 25 region maps are shuffled together": Return of the Heroes' A-P and the Dragon's R-Z."""
    assert "".join(sorted(boxes.board.grid)) == "ABCDEFGHIJKLMNOPRSTUVWXYZ"


@pytest.mark.parametrize("dragon_id, kind", [("troll", "counter"), ("wolves", "counter"), ("giant", "counter"),
                                             ("bandits", "counter"), ("shield", "counter"),
                                             ("healing-potion", "counter"), ("bow", "artifact"),
                                             ("shield", "artifact"), ("healing-potion", "artifact")])
def test_both_boxes_counters_lie_in_one_bag_each_by_its_own_id(boxes, dragon_id, kind):
    """"All open counters are put into the bag": each box's Troll is a counter of its own, the Dragon's
    by ``shadow-ID``; Return of the Heroes' keeps its id."""
    mine = boxes.dragon.counters if kind == "counter" else boxes.dragon.artifacts
    theirs = boxes.roth.counters if kind == "counter" else boxes.roth.artifacts
    assert SHADOW + dragon_id in mine and dragon_id not in mine and dragon_id in theirs
    assert not set(boxes.roth.instances) & set(boxes.dragon.instances)


@pytest.mark.parametrize("counter, field, named", [
    ("rondel", "flip", "shadow-bow"),                 # the loremaster carves the Dragon's Bow, not RotH's
    ("shadow-healing-potion", "artifact", "shadow-healing-potion"),
    ("shadow-shield", "artifact", "shadow-shield"),
])
def test_what_the_dragons_box_names_is_renamed_with_it(boxes, counter, field, named):
    assert getattr(boxes.dragon.counters[counter], field) == named
    assert named in boxes.dragon.artifacts


def test_a_chain_names_its_weapon_by_the_renamed_id(boxes):
    """"There are three magic weapons ... All of these have their origin in a scroll": the Bow's
    scroll still leads to the Dragon's Bow."""
    assert boxes.dragon.artifacts["scroll-bow"].chain == "shadow-bow"
    assert boxes.dragon.artifacts["shadow-bow"].dragon == "ranged"


@pytest.mark.parametrize("instance, box", [("troll-1", "roth"), ("shadow-troll", "dragon"), ("dragon", "dragon"),
                                           ("healing-potion-1", "roth"), ("shadow-healing-potion-2", "dragon")])
def test_each_counter_comes_from_one_box(boxes, instance, box):
    assert boxes.box(instance) == box


def test_a_counter_of_neither_box_is_refused(boxes):
    with pytest.raises(KeyError, match="no counter of either box"):
        boxes.box("cerberus-7")


# -- where the manor houses go --------------------------------------------------------------------------

@pytest.mark.parametrize("letter", TABOO_MAPS)
def test_no_manor_house_on_the_five_taboo_maps(example, letter):
    """"No manor house may be placed on the following region maps: H, the Tower of the Nameless; J,
    the Capital; N, the Temple; R, the Gate to the Underworld; V, the Dragon's Cave"."""
    assert sites(example, letter) == [] and letter not in open_maps(example, [])


def test_nor_on_the_city_of_the_mages(example):
    """"Neither can it be placed on field S1, the City of the Mages" - the rest of map S may hold one."""
    assert "S1" not in sites(example, "S") and sites(example, "S")


@pytest.mark.parametrize("letter, never, may", [
    # "To leave this field again, the hero needs to activate the teleporter while still on field S2"
    ("S", {"S1", "S2"}, {f"S{n}" for n in range(3, 12)}),
    # Orchan "ferries a hero to the Isle (region map Y) and back again at a cost of 1 gold piece"
    ("Y", {"Y6", "Y7", "Y8"}, set()),
])
def test_nor_by_a_field_no_route_leads_off_its_map(example, letter, never, may):
    """Ours: a house by the Garbage Dump or on the Isle would hold a hero who may never leave (the
    balance runs found three heroes housed there who never did); the rest of the map may hold one."""
    assert not never & set(sites(example, letter)) and set(sites(example, letter)) == may


@pytest.mark.parametrize("letter", "ABCDEFGIKLMOPSTUWXYZ")
def test_a_manor_house_goes_beside_a_tan_field(example, letter):
    """"The manor house needs to be placed adjacent to a tan field"; "Each game figure is placed on
    the field next to its house"."""
    for manor in sites(example, letter):
        assert example.field(start(example, manor)).colour == "tan"
        assert start(example, manor) == manor or start(example, manor) in example.walk[manor]


@pytest.mark.parametrize("house, closed, still_open", [
    # "Should a manor house be placed on, say, map T, the closest neighboring house may be on either of
    # the following maps: C, K, or S (not on S1, though), but not on A or U."
    ("T", "TAU", "CKS"),
    # "Should a manor house be placed on map G, maps E and I may not be used (N and J are taboo in any case)."
    ("G", "GEIJN", "TACWUKXBSDFZ"),
    # "Two diagonally adjacent region maps may hold one manor house each."
    ("K", "KUJEA", "TCSG"),
])
def test_manor_houses_are_never_side_by_side(example, house, closed, still_open):
    """"The manor houses may not be placed adjacent to another, either horizontally or vertically. The
    map on which the house has been placed counts for this calculation." (the book's example)"""
    now = open_maps(example, sites(example, house)[:1])
    assert not set(closed) & set(now), now
    assert set(still_open) <= set(now), now


def test_when_the_rule_leaves_no_map_a_house_goes_on_any_free_map(example):
    """Houses on A, B, F, G, O and S leave no map of the book's example that the rule allows (ours:
    the book says nothing of it): the next goes on any map that is neither taboo nor holding one."""
    houses = []
    for letter in "ABFGOS":
        assert letter in open_maps(example, houses)
        houses.append(sites(example, letter)[0])
    now = open_maps(example, houses)
    assert now == list("TCWUKXEDIZMLP")        # reading order; R is taboo, the Isle Y holds no site
    assert not set("ABFGOS") & set(now) and not set(TABOO_MAPS) & set(now)


def test_the_last_to_choose_places_first_then_counter_clockwise():
    """"The player who chose his hero last goes first now; all others place their heroes' homes now
    counter-clockwise"."""
    assert placing_order(["gro", "paladin", "leandra"]) == ["leandra", "paladin", "gro"]
