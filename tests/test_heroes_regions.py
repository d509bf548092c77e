"""The Heroes family's shared layer for Return of the Heroes (RotH) and Under the Shadow of the
Dragon (UtSotD): region maps with fields and routes, hidden fields, the bag and where a drawn
counter goes, markets, tasks, and where a dead hero's things go. Each case quotes the rule it
checks; maps are drawn small, in YAML, or are the shipped ones."""

from __future__ import annotations

import numpy as np
import pytest

from dragon_helpers import content
from overlord.content.yamlio import Located
from overlord.games.heroes.bag import draw, free_tan_fields, placement_choice
from overlord.games.heroes.death import route_at_death
from overlord.games.heroes.market import burn, call_market, close_market, sale
from overlord.games import registry
from overlord.games.heroes.regions import (
    OPPOSITE,
    Field,
    RegionsModel,
    build_board,
    merged,
    region_problems,
    relaid,
    search,
    setup_fields,
)
from overlord.games.heroes.tasks import TaskSpec, found, fulfilled, parts, sees_part, shape_problem

# Two maps side by side:   A1 - A2(E) == B1(W) - B2     (A2 and B1 are the maps' entry fields)
#                           |                |
#                          A3 (red, 7)      B3(S)
TWO = {"layout": ["AB"], "regions": {
    "A": {"name": "West", "fields": [{"n": 1}, {"n": 2, "side": "E"}, {"n": 3, "colour": "red", "hidden": 7}],
          "routes": [[1, 2], [1, 3]]},
    "B": {"name": "East", "fields": [{"n": 1, "side": "W"}, {"n": 2}, {"n": 3, "side": "S"}],
          "routes": [[1, 2], [1, 3]], "oneway": [[2, 3]]}}}


def two():
    return build_board(RegionsModel.model_validate(TWO))


@pytest.mark.parametrize("a, b, joined", [
    pytest.param("A1", "A2", True, id="a route joins two fields of a map"),
    pytest.param("A2", "B1", True, id="the entry fields of touching maps are joined"),
    pytest.param("A1", "B1", False, id="nothing else joins fields"),
    pytest.param("B2", "B3", True, id="a one-way route is walked from its first field"),
    pytest.param("B3", "B2", False, id="... and not back"),
])
def test_movement_follows_the_routes(a, b, joined):
    """UtSotD, "Movement is effected by following the routes from field to field"; "Each circle on
    the region map counts as one field"."""
    assert (b in two().walk[a]) == joined


def test_the_world_is_flat():
    """UtSotD: "It is not possible to exit one edge of the map and reappear on the opposite side."
    On the shipped 3x3 board the outer entry fields lead nowhere."""
    board = content().board
    assert board.walk["U4"] == () and all(f.startswith("R") for f in board.walk["R3"])
    assert board.adjacent_regions("R") == ["S", "U"] and board.adjacent_regions("V") == ["S", "W", "Y", "U"]


@pytest.mark.parametrize("roll, ok", [((3, 4), True), ((4, 4), False), ((1, 1), True)])
def test_a_hidden_field_is_found_with_two_dice_at_or_under_its_number(roll, ok):
    """UtSotD, Hidden Routes: "roll two dice. The total sum of both dice needs to be equal to or
    lower than the number printed on the field.\""""
    assert search(list(roll), two().field("A3")) is ok


def test_only_hidden_fields_are_searched():
    with pytest.raises(ValueError, match="a tan field, not a hidden one"):
        search([1, 1], Field("A1", "A", 1))


def test_the_set_up_spots_never_touch():
    """UtSotD, The Story Begins 4: "place one counter each on opposing entry fields of each map
    piece, alternating in north-south and east-west directions. In effect this means that no two
    counters may lie adjacent to one another." On the shipped board: 18 spots, 2 a map, none joined."""
    board = content().board
    spots = setup_fields(board)
    assert len(spots) == 18
    assert all(sum(board.region_of(f) == r for f in spots) == 2 for r in board.grid)
    assert not [(a, b) for a in spots for b in spots if b in board.walk[a]]
    assert spots[:4] == ["R1", "R8", "S9", "S8"]          # R north-south, S east-west


@pytest.mark.parametrize("change, message", [
    ({"layout": ["AC"]}, "no region map 'C'"),
    ({"regions.A.fields.2.hidden": None}, "field A3 is red, a hidden field: give its number (hidden)"),
    ({"regions.B.routes.0": [1, 9]}, "routes 1: no field B9"),
    ({"regions.B.fields.2.side": "W"}, "region B has two entry fields on side W"),
    ({"regions.A.fields.1.n": 1}, "field A1 is numbered twice"),
])
def test_a_slip_in_a_region_map_is_named(change, message):
    data = {"layout": list(TWO["layout"]), "regions": {k: {**v, "fields": [dict(f) for f in v["fields"]],
                                                         "routes": [list(r) for r in v["routes"]]}
                                                     for k, v in TWO["regions"].items()}}
    for path, value in change.items():
        parts_ = path.split(".")
        node = data
        for p in parts_[:-1]:
            node = node[int(p)] if p.isdigit() else node[p]
        node[int(parts_[-1]) if parts_[-1].isdigit() else parts_[-1]] = value
    problems = region_problems(RegionsModel.model_validate(data), Located("x.yaml", data, {}), ())
    assert any(message in p.message for p in problems), problems


# -- the bag and placement --------------------------------------------------------------------------

def test_a_draw_takes_one_counter_at_random_until_the_bag_is_empty():
    """RotH: "The counters remaining in the bag can be drawn for play until it is empty."""
    bag = ["a", "b", "c"]
    rng = np.random.default_rng(3)
    got = [draw(bag, rng) for _ in range(4)]
    assert sorted(got[:3]) == ["a", "b", "c"] and got[3] is None


def test_a_counter_goes_on_a_free_tan_field_off_the_drawing_players_map():
    """UtSotD: "placed in any non-occupied tan field of the player's choice", "It may not be placed
    on a region map containing the player's own hero"."""
    board = content().board
    free = free_tan_fields(board, occupied=["T4"], exclude_regions=["X"], exclude_features=["city", "lair"])
    assert "T4" not in free and not any(f.startswith("X") for f in free)
    assert "S1" not in free and "V9" not in free and "Y1" not in free       # the City, the lair, a blue field
    assert "T9" in free


@pytest.mark.parametrize("harmful, expected", [
    pytest.param(True, "T4", id="a creature on the free field nearest a hero"),
    pytest.param(False, "Z8", id="anything else on the free field farthest from every hero"),
])
def test_the_programs_placement_is_an_ordered_key(harmful, expected):
    board = content().board
    d = placement_choice(board, ["T4", "T9", "Z8", "R4"], ["T2"], harmful)
    assert d.choice == expected
    assert d.key_fields[1] == "reading order"


def test_placement_returns_its_ties():
    board = content().board
    d = placement_choice(board, ["T4", "T9", "T3"], ["T2"], harmful=True)
    assert d.choice == "T3" and set(d.ties) == {"T4", "T9"}          # all one route from T2


# -- markets -----------------------------------------------------------------------------------------

def test_a_market_offers_counters_drawn_from_its_pile_and_takes_back_the_unsold():
    """UtSotD, City of the Mages: "draw four of them ... Unsold artifacts are returned"."""
    pile = [f"m{i}" for i in range(6)]
    offer = call_market(pile, 4, np.random.default_rng(1))
    assert len(offer) == 4 and len(pile) == 2
    offer.remove(offer[0])
    back = close_market(pile, offer)
    assert len(back) == 3 and len(pile) == 5 and offer == []


@pytest.mark.parametrize("seller, buyer, paid, provision", [
    ("orc", "halfling", 3, 1),
    ("orc", "orc", 3, 0),
])
def test_the_seller_keeps_a_provision_of_one_gold(seller, buyer, paid, provision):
    """"For each artifact sold, the seller receives a provision of 1 gold piece, regardless of
    actual price ... If the player calling the market elects to buy the artifact himself, he does
    not have to pay the provision"."""
    deal = sale(3, seller, buyer)
    assert (deal.buyer_pays, deal.seller_gets, deal.bank_gets) == (paid, provision, paid - provision)


def test_the_market_is_burning_destroys_counters_unseen():
    pile = [f"m{i}" for i in range(5)]
    burnt = burn(pile, 4, np.random.default_rng(2))
    assert len(burnt) == 4 and len(pile) == 1 and not set(burnt) & set(pile)


# -- tasks ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec, here, carried, lying, done", [
    pytest.param(TaskSpec(1, visit="Z6"), "Z6", set(), set(), True, id="level 1: visit a location"),
    pytest.param(TaskSpec(1, bring="adept", to="S1"), "S1", {"adept"}, set(), True, id="level 1: bring someone"),
    pytest.param(TaskSpec(1, bring="adept", to="S1"), "S1", set(), set(), False, id="level 1: not without him"),
    pytest.param(TaskSpec(2, find="child"), "Z4", set(), {"child"}, True, id="level 2: a person found"),
    pytest.param(TaskSpec(3, find="cup", to="R2"), "R2", {"cup"}, set(), True, id="level 3: the artifact taken there"),
    pytest.param(TaskSpec(3, find="cup", to="R2"), "R4", {"cup"}, set(), False, id="level 3: elsewhere, not yet"),
    pytest.param(TaskSpec(4, find="harp", to_person="bard"), "X4", {"harp"}, {"bard"}, True,
                 id="level 4: the artifact taken to the person"),
])
def test_the_four_levels_of_tasks(spec, here, carried, lying, done):
    """UtSotD, Types of Tasks, levels 1 to 4."""
    assert shape_problem(spec) is None
    assert fulfilled(spec, here, carried, lying) is done


def test_a_found_artifact_and_the_counters_only_the_holder_sees():
    """"Such counters are only 'visible' to the hero who has taken on the appropriate task.\""""
    harp = TaskSpec(4, find="harp", to_person="bard", found_gold=1)
    assert parts(harp) == ["harp", "bard"] and sees_part("bard", [harp]) and not sees_part("bard", [])
    assert found(harp, {"harp"}) and not found(harp, set())


@pytest.mark.parametrize("spec, message", [
    (TaskSpec(2, find="a", to="R2"), "a level 2 task names {find}"),
    (TaskSpec(1, visit="Z6", found_gold=1), "only level 3 and 4 tasks pay gold"),
    (TaskSpec(5, visit="Z6"), "a task's level is one of"),
])
def test_a_task_of_the_wrong_shape_is_refused(spec, message):
    assert message in shape_problem(spec)


# -- death ------------------------------------------------------------------------------------------------

def test_where_a_dead_heros_things_go():
    """UtSotD, Death of a Hero: "Artifacts from the City of the Mages (S1) are returned ...
    Special artifacts ... are also placed on the field where the hero died"; the scroll or material
    he does not keep "is put back into the bag"."""
    routing = route_at_death([("potion", "market"), ("saber", "special"), ("scroll", "chain"), ("bone", "chain"),
                              ("rope", "counter")], keep="scroll")
    assert routing.kept == "scroll"
    assert routing.to_market == ["potion"] and routing.to_bag == ["bone"] and routing.to_field == ["saber", "rope"]
    with pytest.raises(ValueError, match="did not carry 'axe'"):
        route_at_death([("saber", "special")], keep="axe")


# -- the boxes together (Under the Shadow of the Dragon, "as an Expansion Set") --------------------------

# the book's example: "Image the following distribution of region maps"
EXAMPLE = ["TACHW", "UKJXB", "SEGND", "YFIZV", "RMLOP"]


def both_boxes():
    """Return of the Heroes' sixteen maps and the Dragon's nine, as shipped, one box of maps."""
    return merged(registry.open_scenario("roth")[1].board, registry.open_scenario("dragon")[1].board)


def test_all_25_region_maps_are_laid_out_in_a_square_5_by_5():
    """"All 25 region maps are shuffled together and laid out in a square 5 by 5 region maps": the
    book's example laid, each map joined to the maps beside it at their entry fields and to nothing
    past the edge ("It is not possible to exit one edge of the map and reappear on the opposite side")."""
    board = relaid(both_boxes(), EXAMPLE)
    assert len(board.grid) == 25 and sorted(board.grid) == sorted("ABCDEFGHIJKLMNOPRSTUVWXYZ")
    for letter, (r, c) in board.grid.items():
        for side, (dr, dc) in (("N", (-1, 0)), ("E", (0, 1)), ("S", (1, 0)), ("W", (0, -1))):
            fid = board.entry(letter, side)
            out = [g for g in board.walk[fid] if board.region_of(g) != letter]
            inside = 0 <= r + dr < 5 and 0 <= c + dc < 5
            assert out == ([board.entry(EXAMPLE[r + dr][c + dc], OPPOSITE[side])] if inside else []), (letter, side)


@pytest.mark.parametrize("letter, beside", [
    pytest.param("T", {"A", "U"}, id="a house on T: \"not on A or U\" (C, K or S may hold the closest)"),
    pytest.param("G", {"E", "I", "N", "J"}, id="a house on G: \"maps E and I may not be used (N and J are taboo in any case)\""),
])
def test_the_maps_beside_a_map_in_the_books_example(letter, beside):
    """"The manor houses may not be placed adjacent to another, either horizontally or vertically
    ... Two diagonally adjacent region maps may hold one manor house each": the maps beside one in
    the book's example, diagonals not among them."""
    assert set(relaid(both_boxes(), EXAMPLE).adjacent_regions(letter)) == beside


def test_a_map_in_two_boxes_is_refused():
    roth = registry.open_scenario("roth")[1].board
    with pytest.raises(KeyError, match="region map 'A' is in two boxes"):
        merged(roth, roth)


@pytest.mark.parametrize("wrap, joined", [
    pytest.param(True, True, id="\"a hero walks east off the 'D' tile, he emerges on the west side of the 'A' tile\""),
    pytest.param(False, False, id="\"It is not possible to exit one edge of the map and reappear on the opposite side\""),
])
def test_leaving_a_map_tile_he_emerges_on_the_opposite_side(wrap, joined):
    """Heroes in the Underworld, combined with both boxes, 8: "If a hero leaves a map tile, he
    emerges on the opposite side again. Example: if the map tiles are laid out as A, B, C, D and a
    hero walks east off the "D" tile, he emerges on the west side of the "A" tile." A row of one
    map does not join itself north to south."""
    board = relaid(registry.open_scenario("roth")[1].board, ["ABCD"], wrap=wrap)
    assert (board.entry("A", "W") in board.walk[board.entry("D", "E")]) is joined
    assert (board.entry("D", "E") in board.walk[board.entry("A", "W")]) is joined
    assert board.entry("A", "S") not in board.walk[board.entry("A", "N")]
