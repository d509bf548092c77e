"""Line of sight and counting spaces, as the Descent 2e base game defines them (the Forgotten
Souls text defers to it: 'LOS ... follows all of the rules for line of sight in the base game';
the readings chosen where it is silent are in docs/readings.md, "Movement and boards").

A line runs from any corner of one space to any corner of the other. Walls, map edges,
obstacles and figures block it; a line along the edge of a blocking space is blocked; a line
that only touches a corner is not. Adjacent spaces always see each other.
"""

import itertools

import pytest

from boardtext import parse
from overlord.core.pathing import count_field, mp_field

# (rule, drawing with A and B the two ends, sees)
LOS_CASES = [
    ("an open room: any corner to any corner",
     """
     #######
     #A....#
     #.....#
     #....B#
     #######
     """, True),
    ("a wall between blocks",
     """
     #######
     #A.#.B#
     #######
     """, False),
    ("an obstacle blocks like a wall",
     """
     #######
     #A.o.B#
     #######
     """, False),
    ("water, lava and pits do not block (only the figure in a pit is limited)",
     """
     #######
     #A~lpB#
     #######
     """, True),
    ("a line running along the edge of a blocking space is blocked",
     """
     #####
     #.A.#
     #.#.#
     #.B.#
     #####
     """, False),
    ("a line that only touches the corner of a blocking space is not blocked",
     """
     ######
     #A...#
     #..#.#
     #.#..#
     #...B#
     ######
     """, True),
    ("a figure between blocks",
     """
     #######
     #A.m.B#
     #######
     """, False),
    ("the figure at either end does not block its own line",
     """
     #######
     #A...B#
     #######
     """, True),
    ("adjacent spaces always see each other, even diagonally between two walls",
     """
     ####
     #A##
     ##B#
     ####
     """, True),
    ("the map edge blocks like a wall: a line may not run along it",
     """
     A
     #
     B
     """, False),
    ("seeing around a corner: one clear corner-to-corner line is enough",
     """
     ######
     #..A.#
     ####.#
     ####B#
     ######
     """, True),
    ("... but not when every line crosses the wall",
     """
     ######
     #A...#
     ####.#
     ####B#
     ######
     """, False),
]


@pytest.mark.parametrize("drawing, sees", [pytest.param(d, s, id=r) for r, d, s in LOS_CASES])
def test_line_of_sight(drawing, sees):
    scene, _ = parse(drawing)
    assert scene.sees("A", "B") is sees
    assert scene.sees("B", "A") is sees          # symmetric


@pytest.mark.parametrize("where, sees", [("adjacent", True), ("two away", False)])
def test_a_figure_in_a_pit_sees_only_adjacent_spaces(where, sees):
    """Descent 2e, pits: a figure in a pit can only see adjacent spaces (and is seen only from
    them)."""
    drawing = """
        #######
        #AB...#
        #######
        """ if where == "adjacent" else """
        #######
        #A.B..#
        #######
        """
    scene, _ = parse(drawing, under={"A": "p"})
    assert scene.sees("A", "B") is sees and scene.sees("B", "A") is sees


def test_line_of_sight_is_symmetric_on_a_cluttered_room():
    scene, _ = parse("""
        ##########
        #..o...#.#
        #.#..o...#
        #...##...#
        #o.....o.#
        #...#....#
        ##########
        """)
    board = scene.board
    floor = [n for n in range(board.size) if board.on_map(n) and not board.blocks_los[n]]
    for a, b in itertools.combinations(floor, 2):
        assert board.line_of_sight(a, b) == board.line_of_sight(b, a)


# -- counting spaces and movement points ------------------------------------------------------

def _spaces_and_mp(drawing, rules=None):
    scene, _ = parse(drawing, rules=rules)
    a, b = scene.cells["A"][0], scene.cells["B"][0]
    blocked = [c for c, f in scene.occupant.items() if f not in "AB"] if (rules or {}).get("figures_block_counting") else []
    spaces = count_field(scene.board, [a], blocked)[b]
    mp = mp_field(scene.board, a, monster=False, enemies=[])[0][b]
    return spaces, mp


@pytest.mark.parametrize("rule, drawing, spaces, mp", [
    ("counting ignores terrain cost; movement pays 2 for water",
     "#######\n#A.~.B#\n#######", 4, 5),
    ("counting goes around walls, never through them",
     "#####\n#A#B#\n#.#.#\n#...#\n#####", 4, 4),
    ("diagonal steps count one space",
     "#####\n#A..#\n#...#\n#..B#\n#####", 2, 2),
    ("no chain of spaces: unreachable",
     "#####\n#A#B#\n#####", float("inf"), float("inf")),
])
def test_counting_spaces_and_movement_points(rule, drawing, spaces, mp):
    assert _spaces_and_mp(drawing) == (spaces, mp), rule


@pytest.mark.parametrize("flag, spaces", [(False, 4), (True, float("inf"))])
def test_figures_block_counting_only_with_the_scenario_flag(flag, spaces):
    """Rule choice (docs/readings.md, "Movement and boards"): figures do not block counting spaces unless the scenario sets
    rules.figures_block_counting."""
    got, _ = _spaces_and_mp("#######\n#A.m.B#\n#######", {"figures_block_counting": flag})
    assert got == spaces
