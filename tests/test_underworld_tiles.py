"""The Underworld map: Heroes in the Underworld, "Map Tiles", "The Styx Map Tile", "Phase 1:
Extending the Underworld", "It May Not Be Possible to Place a New Map Tile", "Phase 2: Hero
Movement" and "Movement in Detail"."""

import copy
import json

import pytest

from overlord.ai.movement import move
from overlord.core.figures import Figure, Scene
from overlord.core.rng import new_rng
from overlord.core.state import dumps, from_json
from overlord.core.tiles import TileBoard
from overlord.games.underworld.tiles import (ADVENTURE, TileError, TileSpec, UnderworldMap, can_place,
                                             first_move_rule, new_turn, place_tile, placed_tile, rotate,
                                             setup, stack_sizes, to_board, walk)

# A small Underworld: Styx, places (some with a directional arrow), areas and passageways.
TILES = [
    TileSpec("styx", "styx", "Styx", "NESW", arrow=True),
    TileSpec("hades", "place", "Hades", "S", arrow=True),
    TileSpec("elysion", "place", "Elysion", "NS", arrow=True),
    TileSpec("lethe", "place", "Lethe", "N"),
    TileSpec("erebos", "place", "Erebos", "EW"),
    TileSpec("area-1", "area", "", "NES"),
    TileSpec("area-2", "area", "", "NESW"),
    TileSpec("area-3", "area", "", "ESW"),
    TileSpec("pass-1", "passageway", "", "NS"),
    TileSpec("pass-2", "passageway", "", "EW"),
    TileSpec("pass-3", "passageway", "", "NE"),
    TileSpec("pass-4", "passageway", "", "NESW"),
    TileSpec("pass-5", "passageway", "", "SW"),
]
HEROES = ["hero-a", "hero-b", "hero-c"]


def fresh(seed: int = 1) -> UnderworldMap:
    return setup(TILES, HEROES, new_rng(seed))


def stacked(*stacks: list[str]) -> UnderworldMap:
    """A set-up map whose stacks are the ones given (top first), so a test knows what is drawn."""
    m = fresh()
    m.stacks = [list(s) for s in stacks]
    return m


# -- setup ------------------------------------------------------------------------------------

def test_setup_puts_styx_in_the_centre_and_every_hero_on_it():
    """"Place the Styx map tile on the center of the play area." "Place all the hero tokens
    being used on the Styx map tile, which is the river entrance into the Underworld.\""""
    m = fresh()
    assert [(t.id, t.at, t.exits, t.markers) for t in m.placed] == [("styx", [0, 0], "NESW", [])]
    assert m.heroes == {h: "styx" for h in HEROES}
    assert m.placed_this_turn is None


def test_setup_deals_the_other_tiles_into_three_equal_face_down_stacks():
    """"Separate the Styx map tile, and turn all the others face down." "The remaining map tiles
    are mixed and put face down in 3 equal piles.\""""
    m = fresh()
    assert [len(s) for s in m.stacks] == [4, 4, 4]
    dealt = [t for s in m.stacks for t in s]
    assert sorted(dealt) == sorted(t.id for t in TILES if t.id != "styx")


def test_47_tiles_cannot_make_equal_piles_so_they_are_as_equal_as_possible():
    """"48 area maps", Styx among them ("From the area maps the Styx tile is segregated"): 47
    tiles remain for the "3 equal piles"."""
    assert stack_sizes(47) == [16, 16, 15]
    assert stack_sizes(48) == [16, 16, 16]
    tiles = [TILES[0]] + [TileSpec(f"p{i}", "passageway", "", "NS") for i in range(47)]
    assert [len(s) for s in setup(tiles, HEROES, new_rng(3)).stacks] == [16, 16, 15]


def test_the_same_seed_deals_the_same_stacks():
    assert fresh(7).stacks == fresh(7).stacks
    assert any(fresh(7).stacks != fresh(s).stacks for s in (8, 9, 10))


@pytest.mark.parametrize("tiles, message", [
    pytest.param(TILES[1:], "exactly one Styx", id="no Styx"),
    pytest.param(TILES + [TileSpec("styx-2", "styx", "Styx", "NESW")], "exactly one Styx", id="two Styx"),
    pytest.param(TILES + [TILES[3]], "used twice", id="a tile twice"),
    pytest.param(TILES + [TileSpec("x", "area", "", "NS")], "an area has 3 or 4 exits", id="area of 2 exits"),
    pytest.param(TILES + [TileSpec("x", "passageway", "", "N")], "a passageway has 2, 3 or 4 exits",
                 id="passageway of 1 exit"),
    pytest.param(TILES + [TileSpec("x", "cave", "", "NS")], "kind must be one of", id="unknown kind"),
    pytest.param(TILES + [TileSpec("x", "place", "", "NX")], "exits must be distinct letters", id="bad exit"),
])
def test_tiles_are_of_the_rulebooks_kinds(tiles, message):
    """"Areas: Tiles having 3 or 4 exits" - "Passageways: Tiles having 2, 3 or 4 exits.\""""
    with pytest.raises(TileError, match=message):
        setup(tiles, HEROES, new_rng(1))


# -- Phase 1: where a new tile may go ---------------------------------------------------------

def test_a_new_tile_goes_beside_an_exit_of_the_heros_tile():
    """"The active player draws one face-down map tile from the stack if an exit exists on the
    tile they currently occupy. The tile drawn is placed on the Underworld map, adjacent to the
    tile occupied by the hero.\""""
    m = stacked(["pass-1", "pass-2"], ["area-1"], [])
    assert can_place(m, "styx") == ["N", "E", "S", "W"]
    m, p = place_tile(m, "styx", 0, "E", 1)          # pass-1 "NS" turned once: "EW"
    assert (p.tile.id, p.tile.at, p.tile.exits, p.side) == ("pass-1", [1, 0], "EW", "E")
    assert can_place(m, "styx") == ["N", "S", "W"]    # E is covered now
    assert can_place(m, "pass-1") == ["E"]            # W faces Styx; N and S have no exit
    assert m.stacks == [["pass-2"], ["area-1"], []]


def test_no_tile_goes_where_the_heros_tile_has_no_exit_or_a_tile_lies():
    """"Map tiles already placed are not covered by new map tiles.\""""
    m = stacked(["pass-1", "pass-2"], [], [])
    m, _ = place_tile(m, "styx", 0, "E", 1)
    m = new_turn(m)
    with pytest.raises(TileError, match="already placed to the E of 'styx'"):
        place_tile(m, "styx", 0, "E", 0)
    with pytest.raises(TileError, match="'pass-1' has no exit to the N"):
        place_tile(m, "pass-1", 0, "N", 0)


def test_a_surrounded_tile_takes_no_new_tile():
    """"If the active player's hero figure is on a tile with Underworld map tiles already placed
    on all four sides, a new map tile cannot be placed. ... In this case, no new map tile is
    placed.\""""
    m = stacked(["pass-4", "area-2", "pass-1", "pass-2", "lethe"], [], [])
    for side in "NESW":
        m, _ = place_tile(m, "styx", 0, side, 0)
        m = new_turn(m)
    assert can_place(m, "styx") == []
    with pytest.raises(TileError, match="free sides: none"):
        place_tile(m, "styx", 0, "N", 0)
    assert m.stacks[0] == ["lethe"]


def test_no_tile_is_placed_from_an_empty_stack():
    m = stacked(["pass-1"], [], [])
    with pytest.raises(TileError, match="stack 1 is empty"):
        place_tile(m, "styx", 1, "N", 0)
    m.stacks = [[], [], []]
    assert can_place(m, "styx") == []


def test_only_one_tile_per_turn():
    """"1. Add a map tile to the Underworld" - one tile in Phase 1 of a turn."""
    m, _ = place_tile(stacked(["pass-1", "pass-2"], [], []), "styx", 0, "N", 0)
    with pytest.raises(TileError, match="already placed this turn"):
        place_tile(m, "styx", 0, "S", 0)


def test_placing_leaves_the_map_passed_in_unchanged():
    m = stacked(["area-2"], [], [])
    before = copy.deepcopy(m)
    place_tile(m, "styx", 0, "N", 0)
    assert m == before


# -- Phase 1: orientation --------------------------------------------------------------------

def test_a_tile_with_an_arrow_points_the_way_styxs_arrow_points():
    """"The new map tile must be oriented so that the directional arrow points the same
    direction as the arrow on the Styx tile.\""""
    m = stacked(["hades", "elysion"], [], [])
    _, p = place_tile(m, "styx", 0, "N", 0)
    assert (p.tile.exits, p.tile.turns, p.connected) == ("S", 0, True)
    with pytest.raises(TileError, match="directional arrow"):
        place_tile(m, "styx", 0, "N", 1)
    _, p = place_tile(m, "styx", 0, "E", None)         # "no choice" for an arrow tile: as printed
    assert (p.tile.exits, p.connected) == ("S", False)


@pytest.mark.parametrize("exits, turns, turned", [
    ("N", 0, "N"), ("N", 1, "E"), ("N", 2, "S"), ("N", 3, "W"), ("N", 4, "N"), ("N", -1, "W"),
    ("NE", 1, "ES"), ("NES", 2, "NSW"), ("NESW", 1, "NESW"), ("SW", 1, "NW"),
])
def test_rotation_turns_exits_clockwise(exits, turns, turned):
    assert rotate(exits, turns) == turned


def test_a_tile_without_an_arrow_is_oriented_as_the_player_chooses():
    """"If no directional arrow is present, then the tile may be oriented as the drawing player
    chooses.\""""
    m = stacked(["lethe"], [], [])
    got = {turns: place_tile(m, "styx", 0, "E", turns)[1] for turns in range(4)}
    assert {t: (p.tile.exits, p.connected) for t, p in got.items()} == {
        0: ("N", False), 1: ("E", False), 2: ("S", False), 3: ("W", True)}
    with pytest.raises(TileError, match="pass an rng"):
        place_tile(m, "styx", 0, "E", None)


def test_a_random_orientation_comes_from_the_rng_passed_in():
    m = stacked(["area-1"], [], [])
    a = [place_tile(m, "styx", 0, "N", None, new_rng(s))[1].tile.turns for s in range(12)]
    b = [place_tile(m, "styx", 0, "N", None, new_rng(s))[1].tile.turns for s in range(12)]
    assert a == b and len(set(a)) > 1


# -- Phase 1: Adventure markers --------------------------------------------------------------

@pytest.mark.parametrize("tile, markers", [
    pytest.param("hades", [ADVENTURE], id="place"),
    pytest.param("area-2", [ADVENTURE], id="area"),
    pytest.param("pass-4", [], id="passageway"),
])
def test_adventure_markers_go_on_places_and_areas_not_passageways(tile, markers):
    """"Places: ... put an Adventure marker on it when the tile is placed on the board." "Areas:
    ... Likewise". "Passageways: ... Do not place Adventure markers on these tiles.\""""
    m, p = place_tile(stacked([tile], [], []), "styx", 0, "N", 0)
    assert p.tile.markers == markers == placed_tile(m, tile).markers


# -- Phase 2: the first move ------------------------------------------------------------------

def test_the_first_move_must_enter_the_new_tile_when_connected():
    """"If in Phase 1 of play a new map tile was placed and the hero is going to move, the hero
    must enter this map tile with its first MP.\""""
    m = stacked(["pass-4", "pass-1"], [], [])
    m, _ = place_tile(m, "styx", 0, "S", 0)
    m = new_turn(m)
    m, p = place_tile(m, "styx", 0, "N", 0)
    assert p.connected
    first = first_move_rule(m, "styx")
    assert first.forced and first.options == ["pass-1"]
    with pytest.raises(TileError, match="first move must enter 'pass-1'"):
        walk(m, "styx", ["pass-4"], 3)
    assert walk(m, "styx", ["pass-1"], 3).entered == ["pass-1"]


def test_without_a_connection_the_hero_cannot_move():
    """"If that is not possible - because no connection or path exists between the current tile
    and the newly placed tile - then the hero must remain on the current map tile.\""""
    m = stacked(["pass-4", "pass-2"], [], [])
    m, _ = place_tile(m, "styx", 0, "S", 0)
    m = new_turn(m)
    m, p = place_tile(m, "styx", 0, "N", 0)          # pass-2 "EW": a wall faces Styx
    assert not p.connected
    first = first_move_rule(m, "styx")
    assert first.forced and first.options == [] and "cannot move" in first.reason
    with pytest.raises(TileError, match="cannot move"):
        walk(m, "styx", ["pass-4"], 3)
    assert walk(m, "styx", [], 3).entered == []       # "Movement is optional."


def test_with_no_new_tile_the_hero_moves_in_any_direction():
    """"If at the beginning of the turn the hero was on a map tile surrounded by tiles already
    and no new tile was placed in Phase 1, that hero can then move in any direction.\""""
    m = stacked(["pass-4", "area-2", "pass-2", "pass-1"], [], [])
    for side, turns in zip("NESW", (0, 0, 0, 1)):
        m, _ = place_tile(m, "styx", 0, side, turns)
        m = new_turn(m)
    first = first_move_rule(m, "styx")
    assert not first.forced
    assert first.options == ["pass-4", "area-2", "pass-1"]   # pass-2 "EW" to the S has no N exit


def test_each_tile_costs_one_mp_and_a_marker_interrupts_movement():
    """"1 step = 1 map tile = 1 MP". "Each time a hero enters a map tile, any counters on the map
    tile must be examined. If no marker or counter is on the map tile, movement can be
    continued. If a marker is on the tile, movement is interrupted.\""""
    m = stacked(["pass-4", "pass-1", "area-2"], [], [])
    m, _ = place_tile(m, "styx", 0, "N", 0)           # pass-4 at [0, -1], no marker
    m = new_turn(m)
    m, _ = place_tile(m, "pass-4", 0, "N", 0)         # pass-1 at [0, -2], no marker
    m = new_turn(m)
    m, _ = place_tile(m, "pass-1", 0, "N", 0)         # area-2 at [0, -3], Adventure marker
    m = new_turn(m)
    w = walk(m, "styx", ["pass-4", "pass-1"], 2)
    assert (w.entered, w.mp, w.stopped) == (["pass-4", "pass-1"], 2, None)
    with pytest.raises(TileError, match="1 tile = 1 MP"):
        walk(m, "styx", ["pass-4", "pass-1", "area-2"], 2)
    back = walk(m, "area-2", ["pass-1", "pass-4", "styx"], 3)
    assert back.stopped is None
    m.placed[1].markers.append("gorgon")               # a counter left face up on pass-4
    w = walk(m, "area-2", ["pass-1", "pass-4", "styx"], 3)
    assert (w.entered, w.mp) == (["pass-1", "pass-4"], 2) and "interrupted" in w.stopped


# -- plain data and the movement vocabulary ---------------------------------------------------

def test_the_map_round_trips_through_json():
    m = fresh(5)
    rng = new_rng(5)
    for side, stack in (("N", 0), ("E", 1), ("S", 2)):
        m, _ = place_tile(m, "styx", stack, side, None, rng)
        m = new_turn(m)
    m, _ = place_tile(m, "styx", 0, "W", None, rng)
    text = dumps(m)
    back = from_json(UnderworldMap, json.loads(text))
    assert back == m and dumps(back) == text


def test_the_same_seed_builds_the_same_underworld():
    def play(seed):
        m, rng = fresh(seed), new_rng(seed)
        for side, stack in (("N", 0), ("E", 1), ("S", 2), ("W", 0)):
            m, _ = place_tile(new_turn(m), "styx", stack, side, None, rng)
        return dumps(m)
    assert play(11) == play(11)


def test_the_map_is_a_tile_board_a_monster_moves_over():
    """"1 step = 1 map tile = 1 MP"; the monster goes toward the hero through matching exits
    only (Forgotten Souls, "Movement Vocabulary": toward, by the route of fewest MP)."""
    m = stacked(["pass-4", "pass-2", "area-3", "pass-5", "pass-3"], [], [])
    m, _ = place_tile(m, "styx", 0, "E", 0)            # pass-4 at [1, 0]
    m, _ = place_tile(new_turn(m), "styx", 0, "N", 0)  # pass-2 "EW" at [0, -1]: wall to Styx
    m, _ = place_tile(new_turn(m), "pass-4", 0, "N", 0)  # area-3 "ESW" at [1, -1]
    m, _ = place_tile(new_turn(m), "pass-4", 0, "E", 0)  # pass-5 "SW" at [2, 0]
    m, _ = place_tile(new_turn(m), "pass-5", 0, "S", 3)  # pass-3 "NE" turned 3: "NW" at [2, 1]
    board = to_board(m)
    assert isinstance(board, TileBoard)
    assert board.tile_at[board.node_of("area-3")] == (1, -1)
    assert sorted(board.labels[n] for n in board.neighbours[board.node_of("pass-2")]) == ["area-3"]
    scene = Scene(board, [Figure("m", "monsters", "styx", speed=5), Figure("h", "heroes", "pass-2")])
    result = move(scene, "m", "toward", "h")
    # Styx and pass-2 touch, but pass-2 has no S exit: the monster goes round by pass-4, area-3.
    assert result.path == ["styx", "pass-4", "area-3", "pass-2"] and result.mp == 3
    scene = Scene(board, [Figure("m", "monsters", "styx", speed=5), Figure("h", "heroes", "pass-3")])
    result = move(scene, "m", "toward", "h")
    assert result.path == ["styx", "pass-4", "pass-5", "pass-3"] and result.mp == 3


def test_adjacency_is_neighbours_of_every_tile():
    # one pass over the map gives what neighbours() gives tile by tile
    from overlord.games.underworld.tiles import adjacency, neighbours
    from test_underworld_engine import play_random
    from overlord.games.underworld.setup import load_game
    content = load_game("scenarios/underworld.yaml")
    state, _ = play_random(content, ["bard", "gnome"], 3, check_every=10**9, max_rounds=15)
    m = state.map
    assert len(m.placed) > 10
    assert adjacency(m) == {t.id: neighbours(m, t.id) for t in m.placed}
