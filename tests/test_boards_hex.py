"""Hex boards: the Heldentaufe Underworld ("you may move your hero figure onto any hexagonal
area"; "Move: place your hero figure on an adjacent area for 1 action point").

Maps are drawn as the board looks: a space between hexes, odd rows indented by half a hex
(layout odd-r). ``A`` and ``B`` mark the two ends of a line of sight or a count, ``f`` a hex
holding a figure; all three are floor. Line of sight is the program's own rule (no hex rulebook
in the collection defines one): ``HexBoard.los_rule``.
"""

import random
import textwrap

import pytest

from overlord.ai.movement import move
from overlord.core.board import INF, BoardError, mask_of
from overlord.core.figures import Figure, Scene
from overlord.core.hexes import HexBoard, hex_line
from overlord.core.pathing import count_field, mp_field

LEGEND = {"A": "floor", "B": "floor", "f": "floor"}


def parse(drawing: str):
    """(board, {character: [nodes]}) from a map drawn as the board looks."""
    rows = [line.replace(" ", "") for line in textwrap.dedent(drawing).strip("\n").splitlines()]
    board = HexBoard(rows, legend=LEGEND)
    marks: dict[str, list[int]] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            marks.setdefault(ch, []).append(board.node(x, y))
    return board, marks


def sight(drawing: str) -> bool:
    board, marks = parse(drawing)
    (a,), (b,) = marks["A"], marks["B"]
    return board.line_of_sight(a, b, mask_of(marks.get("f", [])))


# -- neighbours -------------------------------------------------------------------------------

OPEN = HexBoard(["....."] * 5)


@pytest.mark.parametrize("at, expected", [
    pytest.param([2, 2], {(3, 2), (1, 2), (1, 1), (2, 1), (1, 3), (2, 3)},
                 id="an even row hex touches the two hexes above-left and above, below-left and below"),
    pytest.param([2, 1], {(3, 1), (1, 1), (2, 0), (3, 0), (2, 2), (3, 2)},
                 id="an odd row (shifted right) touches above and above-right, below and below-right"),
    pytest.param([0, 0], {(1, 0), (0, 1)}, id="a corner hex has only the neighbours on the map"),
    pytest.param([4, 1], {(3, 1), (4, 0), (4, 2)}, id="the right end of an odd row juts out"),
])
def test_six_neighbours_odd_r(at, expected):
    """Heldentaufe, "Move": a figure steps onto an adjacent hexagonal area; a hex has up to 6."""
    node = OPEN.node_of(at)
    got = {tuple(OPEN.at_of(n)) for n in OPEN.neighbours[node] if OPEN.on_map(n)}
    assert got == expected
    assert all(OPEN.adjacent(n, node) for n in OPEN.neighbours[node])


def test_positions_round_trip():
    """A map file writes a hex as [column, row]; "x,y" is read too."""
    for node in range(OPEN.size):
        if OPEN.on_map(node):
            assert OPEN.node_of(OPEN.at_of(node)) == node
            assert OPEN.node_of(OPEN.label(node)) == node


# -- counting spaces and movement points --------------------------------------------------------

def test_counting_on_open_hexes_is_the_hex_distance():
    """Heldentaufe, "Move": each step onto an adjacent area; on open ground the count between
    two hexes is their hex distance."""
    for a in range(OPEN.size):
        if OPEN.on_map(a):
            field = count_field(OPEN, [a])
            for b in range(OPEN.size):
                if OPEN.on_map(b):
                    assert field[b] == OPEN.distance(a, b)


@pytest.mark.parametrize("drawing, spaces", [
    pytest.param("""
        A . . B
    """, 3, id="a straight row: 3 steps"),
    pytest.param("""
        . . . .
         A # B .
        . . . .
    """, 3, id="around a wall: 3 steps where the crow flies 2"),
    pytest.param("""
        A # B
         . # .
        . # .
    """, INF, id="a wall across the map: no count at all"),
])
def test_counting_goes_around_walls(drawing, spaces):
    """Counting never passes through spaces that block movement (docs/readings.md, "Movement and boards")."""
    board, marks = parse(drawing)
    assert count_field(board, marks["A"])[marks["B"][0]] == spaces


@pytest.mark.parametrize("drawing, monster, mp", [
    pytest.param("A ~ B", True, 3, id="water costs 2 movement points to enter"),
    pytest.param("A l B", False, 2, id="a hero may walk through lava"),
    pytest.param("A l B", True, INF, id="a monster never enters damaging terrain"),
    pytest.param("""
        A l B
         . . .
    """, True, 3, id="a monster walks around lava"),
])
def test_movement_points(drawing, monster, mp):
    """Terrain table (overlord/core/terrain.py): entering a hex costs its terrain; monsters never
    enter terrain that would damage them (Forgotten Souls, "Movement")."""
    board, marks = parse(drawing)
    dist, _ = mp_field(board, marks["A"][0], monster=monster)
    assert dist[marks["B"][0]] == mp


# -- line of sight ------------------------------------------------------------------------------

@pytest.mark.parametrize("drawing, sees", [
    pytest.param("""
        # # #
         A B #
        # # #
    """, True, id="adjacent hexes always see each other"),
    pytest.param("""
        A . . . B
    """, True, id="a clear row"),
    pytest.param("""
        A . # . B
    """, False, id="a wall on the line blocks"),
    pytest.param("""
        A . f . B
    """, False, id="a figure on the line blocks"),
    pytest.param("""
        # # # # #
         A . . . B
        # # # # #
    """, True, id="walls beside the line do not block"),
    pytest.param("""
        . A . .
         . # . .
        . B . .
    """, True, id="a line along the edge between a wall and a clear hex is not blocked"),
    pytest.param("""
        . A . .
         # # . .
        . B . .
    """, False, id="a line along the edge between two walls is blocked"),
    pytest.param("""
        . A . .
         f # . .
        . B . .
    """, False, id="a line along the edge between a figure and a wall is blocked"),
    pytest.param("""
        . A . .
         f . . .
        . B . .
    """, True, id="a line along the edge past one figure is not blocked"),
    pytest.param("""
        A . .
         # . .
        B . .
    """, False, id="the map edge is a wall: a line along it is blocked by the hex inside"),
    pytest.param("""
        A . .
         . . .
        B . .
    """, True, id="the map edge is a wall: a line along it passes a clear hex inside"),
    pytest.param("""
        A . . . # . .
         . . . . . . B
    """, True, id="a hex whose corner the line only clips between its points does not block"),
    pytest.param("""
        A . . # . . .
         . . . . . . B
    """, False, id="a wall on a long slanting line blocks"),
])
def test_line_of_sight(drawing, sees):
    """HexBoard.los_rule: the hex line between the centres; blocked by walls and figures on it;
    along an edge, blocked only when both sides are."""
    assert sight(drawing) == sees
    board, marks = parse(drawing)
    (a,), (b,) = marks["A"], marks["B"]
    assert board.line_of_sight(b, a, mask_of(marks.get("f", []))) == sees


def test_the_two_ends_do_not_block_themselves():
    """The figures looking and looked at are not in their own way: the ends are left out of the
    blockers."""
    board, marks = parse("A . . B")
    (a,), (b,) = marks["A"], marks["B"]
    assert board.line_of_sight(a, b, mask_of([a, b]))


def test_a_figure_in_a_pit_sees_only_adjacent_hexes():
    """Terrain table: a figure in a pit sees and is seen only from adjacent spaces."""
    board = HexBoard(["p.."])
    pit, near, far = board.node(0, 0), board.node(1, 0), board.node(2, 0)
    assert board.line_of_sight(pit, near) and not board.line_of_sight(pit, far)


def test_scene_sees_through_hexes():
    """Scene.sees uses the board's rule: another figure between two figures blocks."""
    board = HexBoard(["....."])
    figures = [Figure("m", "monsters", [0, 0]), Figure("h", "heroes", [4, 0])]
    assert Scene(board, figures).sees("m", "h")
    assert not Scene(board, figures + [Figure("g", "heroes", [2, 0])]).sees("m", "h")


def random_map(seed: int, width: int = 8, height: int = 7):
    rng = random.Random(seed)
    rows = ["".join(rng.choice("....#") for _ in range(width)) for _ in range(height)]
    board = HexBoard(rows)
    open_ = [n for n in range(board.size) if board.on_map(n) and not board.blocks_move[n]]
    return board, open_, mask_of(rng.sample(open_, 4))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_line_of_sight_is_symmetric(seed):
    """If A sees B then B sees A, over every pair of a small random map with figures; and the
    nudged lines drawn from either end are the same lines."""
    board, open_, blockers = random_map(seed)
    for a in open_:
        for b in open_:
            assert board.line_of_sight(a, b, blockers) == board.line_of_sight(b, a, blockers)
            assert set(board.line_masks(a, b)) == set(board.line_masks(b, a))


def test_cached_lines_agree_with_lines_drawn_hex_by_hex():
    """The cached bitmask lines are the hex lines: compare with drawing each line anew."""
    board, open_, blockers = random_map(7)
    walls = board.los_wall_mask | blockers
    for a in open_:
        for b in open_:
            if a == b or board.adjacent(a, b):
                continue
            lines = [hex_line(board.xy(a), board.xy(b), side)[1:-1] for side in (1, -1)]
            clear = any(not any(walls >> ((y + 1) * board.pw + x + 1) & 1 for x, y in line)
                        for line in lines)
            assert board.line_of_sight(a, b, blockers) == clear


# -- a monster moves on hexes -------------------------------------------------------------------

def test_monster_moves_toward_a_hero():
    """Forgotten Souls, "Movement Vocabulary": toward ends in the closest possible space; on
    open hexes 2 movement points take the monster 2 hexes nearer, step by adjacent step."""
    board = HexBoard(["......"] * 3)
    scene = Scene(board, [Figure("m", "monsters", [0, 0], speed=2), Figure("h", "heroes", [5, 2])])
    result = move(scene, "m", "toward", "h")
    assert result.performed and result.mp == 2
    assert board.distance(board.node(0, 0), board.node(5, 2)) == 6
    assert board.distance(board.node_of(result.end), board.node(5, 2)) == 4
    assert all(board.adjacent(board.node_of(p), board.node_of(q)) for p, q in zip(result.path, result.path[1:]))


def test_heroes_block_a_monster_path():
    """Heldentaufe, "Do You Dare to Venture In?": monsters and heroes block each other's path in
    the Underworld; each area holds at most one figure."""
    board, marks = parse("""
        # # # # # #
         . . . . . #
        # # # # # #
    """)
    scene = Scene(board, [Figure("m", "monsters", [0, 1], speed=6), Figure("h", "heroes", [2, 1]),
                          Figure("g", "heroes", [4, 1])])
    result = move(scene, "m", "toward", "g")
    assert result.end == [1, 1]


# -- errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("at, message", [
    pytest.param([9, 0], "off the map", id="a column past the map"),
    pytest.param([0, -1], "off the map", id="a row above the map"),
    pytest.param([1], "not a hex position", id="one number"),
    pytest.param([1.5, 0], "not a hex position", id="a fraction"),
    pytest.param("a,b", "not a hex position", id="words"),
    pytest.param(None, "not a hex position", id="nothing"),
])
def test_bad_positions(at, message):
    with pytest.raises(BoardError, match=message):
        OPEN.node_of(at)


def test_bad_maps():
    with pytest.raises(BoardError, match="at least one row"):
        HexBoard([])
    with pytest.raises(BoardError, match=r"row 1, x=2: unknown map character 'Q'"):
        HexBoard(["...", "..Q"])
