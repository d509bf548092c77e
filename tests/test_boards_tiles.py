"""Tile boards: Heroes in the Underworld ("Map Tiles"; "Movement": 1 step = 1 map tile = 1 MP).

Pictures draw each tile as a block 3 characters wide and 3 lines high: its one-letter id in the
middle and its exits on the sides as ``^`` (N), ``>`` (E), ``v`` (S), ``<`` (W). N is up.
"""

import pytest

from overlord.ai.movement import move
from overlord.core.board import INF, BoardError, mask_of
from overlord.core.figures import Figure, Scene
from overlord.core.pathing import count_field, mp_field
from overlord.core.tiles import TileBoard

MARKS = (("N", 0, 1, "^"), ("E", 1, 2, ">"), ("S", 2, 1, "v"), ("W", 1, 0, "<"))


def draw(*lines: str) -> list[dict]:
    """Tile dicts (as a map file lists them) from a picture, one string per line."""
    tiles = []
    for r in range(0, len(lines), 3):
        block = [(lines[r + i] if r + i < len(lines) else "") for i in range(3)]
        for c in range(0, max(map(len, block)), 3):
            def at(i, j):
                return block[i][c + j] if c + j < len(block[i]) else " "
            if at(1, 1) != " ":
                exits = "".join(side for side, i, j, mark in MARKS if at(i, j) == mark)
                tiles.append({"id": at(1, 1), "at": [c // 3, r // 3], "exits": exits})
    return tiles


def board_of(*lines: str) -> TileBoard:
    return TileBoard(draw(*lines))


# A winding Underworld: B lies beside A, but A's east exit faces a tile without a west exit.
WINDING = (
    "         ",
    " S><A> B ",
    " v     v ",
    " ^     ^ ",
    " C><D><E ",
    "         ",
)


def test_the_picture_reads_as_tiles():
    assert draw(*WINDING)[:2] == [{"id": "S", "at": [0, 0], "exits": "ES"},
                                  {"id": "A", "at": [1, 0], "exits": "EW"}]


# -- adjacency ------------------------------------------------------------------------------

@pytest.mark.parametrize("picture, joined", [
    pytest.param(("   ", " S><A", "   "), True,
                 id="the E exit of the left tile meets the W exit of the right tile"),
    pytest.param(("   ", " S> A", "   "), False,
                 id="an exit facing a tile without one is a dead end"),
    pytest.param(("   ", " S  A", "   "), False, id="tiles side by side without exits are apart"),
    pytest.param(("   ", " S ", " v ", " ^ ", " A ", "   "), True,
                 id="the S exit of the upper tile meets the N exit of the lower tile"),
    pytest.param(("   ", " S ", "   ", " ^ ", " A ", "   "), False,
                 id="an N exit facing a tile without an S exit is a dead end"),
    pytest.param(("      ", " S>   ", " v    ", "    ^ ", "   <A ", "      "), False,
                 id="tiles touching only at a corner are never adjacent"),
    pytest.param(("         ", " S>   <A ", "         "), False,
                 id="exits facing each other across an empty place do not join"),
])
def test_tiles_join_through_matching_exits(picture, joined):
    """Heroes in the Underworld, "Movement in Detail": a hero cannot move to a tile when "no
    connection or path exists between the current tile and the newly placed tile"."""
    board = board_of(*picture)
    s, a = board.node_of("S"), board.node_of("A")
    assert board.adjacent(s, a) == joined == board.adjacent(a, s)


# -- counting and movement points ----------------------------------------------------------

@pytest.mark.parametrize("tile, spaces", [("S", 0), ("A", 1), ("C", 1), ("D", 2), ("E", 3), ("B", 4)])
def test_counting_follows_exits(tile, spaces):
    """Heroes in the Underworld, "Movement": 1 step = 1 map tile; B lies beside A but is
    reached only the long way round, through C, D and E."""
    board = board_of(*WINDING)
    assert count_field(board, [board.node_of("S")])[board.node_of(tile)] == spaces


def test_a_closed_tile_cannot_be_reached():
    board = board_of("   ", " S> A", "   ")
    assert count_field(board, [board.node_of("S")])[board.node_of("A")] == INF


def test_each_tile_entered_costs_one_movement_point():
    """Heroes in the Underworld, "Phase 2: Hero Movement": entering a new map tile costs 1 MP."""
    board = board_of(*WINDING)
    dist, _ = mp_field(board, board.node_of("S"), monster=True)
    assert [dist[board.node_of(t)] for t in "SACDEB"] == [0, 1, 1, 2, 3, 4]


def test_a_tile_terrain_sets_its_cost():
    """Terrain table (overlord/core/terrain.py): a tile may name a terrain; water costs 2."""
    board = TileBoard([{"id": "styx", "at": [0, 0], "exits": "E"},
                       {"id": "lake", "at": [1, 0], "exits": "W", "terrain": "water"}])
    dist, _ = mp_field(board, board.node_of("styx"), monster=True)
    assert dist[board.node_of("lake")] == 2


# -- where a new tile may go --------------------------------------------------------------

@pytest.mark.parametrize("picture, free", [
    pytest.param(("         ", "   <S>   ", "         "), "EW", id="every exit with no tile beyond it is free"),
    pytest.param(("    ^    ", "   <S><A ", "    v    "), "NSW",
                 id="an exit joined to a tile is not free"),
    pytest.param(("         ", "   <S> A ", "         "), "W",
                 id="a placed tile is never covered, even beyond an exit it does not match"),
    pytest.param(("   ", " S ", "   "), "",
                 id="a tile without exits has no free side"),
    pytest.param(("    ^       ", "   <S>      ", "    v       "), "NESW",
                 id="a tile with four exits and no neighbours is free all round"),
])
def test_free_sides(picture, free):
    """Heroes in the Underworld, "Phase 1: Extending the Underworld": a new tile goes next to the
    hero's tile where it has an exit; "Map tiles already placed are not covered by new map
    tiles"."""
    board = board_of(*picture)
    assert "".join(board.free_sides(board.node_of("S"))) == free


def test_a_surrounded_tile_has_no_free_side():
    """Heroes in the Underworld, "It May Not Be Possible to Place a New Map Tile": a tile with
    map tiles on all four sides takes no new tile."""
    board = board_of("         ",
                     "    U    ",
                     "    v    ",
                     " ^  ^    ",
                     "<L><S><R ",
                     "    v    ",
                     "    ^    ",
                     "    D    ",
                     "         ")
    assert board.free_sides(board.node_of("S")) == []
    assert board.free_sides(board.node_of("L")) == ["N", "W"]


def test_positions_and_exits_are_kept():
    board = board_of(*WINDING)
    e = board.node_of("E")
    assert board.tile_at[e] == (2, 1) and board.exits[e] == "NW"
    assert board.node_of([2, 1]) == e and board.node_at(2, 1) == e and board.node_at(5, 5) is None
    assert board.at_of(e) == "E"


# -- line of sight ------------------------------------------------------------------------

@pytest.mark.parametrize("a, b, sees", [
    pytest.param("S", "S", True, id="the same tile"),
    pytest.param("S", "A", True, id="an adjacent tile, joined by exits"),
    pytest.param("A", "B", False, id="a tile beside it without a matching exit"),
    pytest.param("S", "D", False, id="two tiles away"),
])
def test_line_of_sight_is_same_or_adjacent_tile(a, b, sees):
    """Board.los_rule: the rulebook has no line of sight; the program sees the same tile and the
    tiles joined to it. Figures do not matter."""
    board = board_of(*WINDING)
    na, nb = board.node_of(a), board.node_of(b)
    assert board.line_of_sight(na, nb, mask_of(range(board.size))) == sees


# -- a monster moves through the tiles -------------------------------------------------------

def test_monster_moves_toward_a_hero_through_exits():
    """Forgotten Souls, "Movement Vocabulary": toward, by the route of fewest movement points;
    the monster follows the exits S, C, D, E and, as figures share tiles here (every hero starts
    on Styx), moves into the hero's tile B: 'into the target's space if possible'."""
    board = board_of(*WINDING)
    scene = Scene(board, [Figure("m", "monsters", "S", speed=4), Figure("h", "heroes", "B")])
    result = move(scene, "m", "toward", "h")
    assert result.performed
    assert result.path == ["S", "C", "D", "E", "B"]
    assert result.end == "B" and result.mp == 4


# -- errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("tiles, message", [
    pytest.param([], "at least one tile", id="no tiles"),
    pytest.param([{"at": [0, 0]}], "tile 1: needs an 'id'", id="a tile without id"),
    pytest.param([{"id": "styx", "at": [0, 0]}, {"id": "styx", "at": [1, 0]}],
                 "tile id 'styx' is used twice", id="duplicate ids"),
    pytest.param([{"id": "styx", "at": [0, 0]}, {"id": "hades", "at": [0, 0]}],
                 r"tiles 'styx' and 'hades' both lie at \[0, 0\]", id="two tiles in one place"),
    pytest.param([{"id": "styx", "at": [0, 0], "exits": "NX"}],
                 "tile 'styx': exits must be letters from 'NESW'", id="a bad exit letter"),
    pytest.param([{"id": "styx", "at": [0, 0], "exits": "ne"}],
                 "tile 'styx': exits must be letters", id="lower-case exits"),
    pytest.param([{"id": "styx", "at": [0]}], "tile 'styx': 'at' must be a tile position",
                 id="a position of one number"),
    pytest.param([{"id": "styx", "at": [0, 0], "terrain": "lava lake"}],
                 "tile 'styx': unknown terrain 'lava lake'", id="an unknown terrain"),
])
def test_bad_maps(tiles, message):
    with pytest.raises(BoardError, match=message):
        TileBoard(tiles)


@pytest.mark.parametrize("at, message", [
    pytest.param("styks", "no tile 'styks' on this board \\(did you mean 'styx'\\?\\)", id="a misspelt id"),
    pytest.param([3, 3], r"no tile placed at \[3, 3\]", id="an empty place"),
    pytest.param(None, "'at' must be a tile position", id="nothing"),
])
def test_bad_positions(at, message):
    board = TileBoard([{"id": "styx", "at": [0, 0], "exits": "NESW"}])
    with pytest.raises(BoardError, match=message):
        board.node_of(at)
