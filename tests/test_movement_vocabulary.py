"""The movement vocabulary, case by case, as the Forgotten Souls rulebook defines it.

Maps are drawn: upper-case letters are heroes, lower-case monsters, ``@`` is where the mover
must end and ``?`` another end space that is exactly as good (the rulebook's Golden Rule lets
the heroes choose between them; headless, the first in reading order is taken).
"""

import pytest

from boardtext import parse
from overlord.ai.movement import move

# (rule quoted or cited, drawing, mover, verb, target, speed, performed, mp)
CASES = [
    ("Toward: 'the figure moves into the target's space if possible'",
     """
     #######
     #m...@#
     #######
     """, "m", "toward", "5,1", 4, True, 4),
    ("Toward: 'otherwise ... end its movement in the closest possible space to the target'",
     """
     ########
     #m...@H#
     ########
     """, "m", "toward", "H", 5, True, 4),
    ("Toward: 'always takes the route that requires the fewest movement points' (water costs 2)",
     """
     ######
     #m~@H#
     #..?.#
     ######
     """, "m", "toward", "H", 2, True, 2),
    ("Toward, speed short: ends in the closest space it can reach",
     """
     ##########
     #m..@...H#
     ##########
     """, "m", "toward", "H", 3, True, 3),
    ("Movement: a figure may pass through friendly figures",
     """
     #######
     #mn.@H#
     #######
     """, "m", "toward", "H", 4, True, 3),
    ("Movement: a figure may not pass through enemy figures",
     """
     #######
     #@A..B#
     #######
     """, "m@", "toward", "B", 4, False, 0),
    ("Movement: a figure never ends on another figure (the friend holds the closest space)",
     """
     #######
     #m.@nH#
     #######
     """, "m", "toward", "H", 4, True, 2),
    ("Forgotten Souls, 'Movement': monsters cannot enter terrain that causes them damage (lava)",
     """
     #######
     #m@l.H#
     #######
     """, "m", "toward", "H", 4, True, 1),
    ("Forgotten Souls, 'Movement': ... nor a pit",
     """
     #######
     #m@p.H#
     #######
     """, "m", "toward", "H", 4, True, 1),
    ("Heroes may enter damaging terrain (lava costs 1 movement point)",
     """
     #######
     #H.l@m#
     #######
     """, "H", "toward", "m", 4, True, 3),
    ("Descent 2e: diagonal moves are allowed, also around wall corners",
     """
     #####
     #m#.#
     ##@H#
     #####
     """, "m", "toward", "H", 1, True, 1),
    ("Sludge costs one extra movement point",
     """
     #######
     #m%%@H#
     #######
     """, "m", "toward", "H", 5, True, 5),
    ("Away: 'must increase the number of spaces between the figure and the target with each space moved'",
     """
     #########
     #.H.m..@#
     #########
     """, "m", "away", "H", 3, True, 3),
    ("Away: 'if a figure cannot increase the number of spaces ... the figure does not move'",
     """
     #####
     #.H@#
     #####
     """, "m@", "away", "H", 3, False, 0),
    ("Away: a step sideways keeps the count and is not a step away",
     """
     #####
     #...#
     #H.@#
     #...#
     #####
     """, "m@", "away", "H", 3, False, 0),
    ("Away: movement points still limit it (water costs 2)",
     """
     ########
     #H.m~@.#
     ########
     """, "m", "away", "H", 3, True, 3),
    ("Engage: 'performs a move action and moves toward the specified target'",
     """
     ########
     #m..@.H#
     ########
     """, "m", "engage", "H", 3, True, 3),
    ("Engage: 'if a monster would not move when performing this action, this action is not performed'",
     """
     #####
     #@H.#
     #####
     """, "m@", "engage", "H", 3, False, 0),
]


@pytest.mark.parametrize("rule, drawing, mover, verb, target, speed, performed, mp",
                         [pytest.param(*case, id=case[0]) for case in CASES])
def test_movement_words(rule, drawing, mover, verb, target, speed, performed, mp):
    """A mover written "m@" stands on the "@": it must stay where it is."""
    legend = {"%": "sludge"}
    _, marks = parse(drawing, legend=legend)
    if mover.endswith("@"):
        mover = mover[:-1]
        drawing = drawing.replace("@", mover)
    scene, _ = parse(drawing, {mover: speed}, legend=legend)
    result = move(scene, mover, verb, target, speed)
    assert result.performed is performed, rule
    assert result.mp == mp, rule
    expected_end = marks["@"][0] if marks["@"] else scene.figures[mover].at
    assert result.end == expected_end, rule
    assert sorted(result.ties) == sorted(marks["?"]), rule
    assert result.mp <= speed


def test_toward_takes_the_fewest_movement_points_route_around_water():
    """Toward: 'The figure always takes the route that requires the fewest movement points.'"""
    scene, _ = parse("""
        ######
        #m~.H#
        #....#
        ######
        """, {"m": 2})
    result = move(scene, "m", "toward", "H")
    assert result.path == [[1, 1], [2, 2], [3, 1]]


@pytest.mark.parametrize("rule_, expected, ties", [
    ("closest", "B", []),
    ("furthest", "A", []),
])
def test_closest_and_furthest_count_spaces_not_straight_lines(rule_, expected, ties):
    """Closest: 'the target that is the fewest number of spaces away'; furthest: the greatest.
    A is two squares away as the crow flies but the wall makes it the furthest by counting."""
    scene, _ = parse("""
        ##########
        #A#m..B..#
        #.######.#
        #........#
        ##########
        """, {"m": 4})
    result = move(scene, "m", "toward", rule_)
    assert result.target == expected
    assert result.target_ties == ties
    assert result.decisions[0].what == f"{rule_} target"


def test_tied_closest_targets_are_reported_for_the_heroes_to_choose():
    """The Golden Rules: 'if a game effect has multiple potential targets and the intended
    target is unclear, heroes choose the target'."""
    scene, _ = parse("""
        #########
        #A..m..B#
        #########
        """, {"m": 2})
    result = move(scene, "m", "engage", "closest")
    assert result.target == "A" and result.target_ties == ["B"]
    assert result.decisions[0].ties == ("B",)


def test_monster_activation_example_minion_zombie_engages_but_does_not_reach():
    """Monster Activation Example, step 5: 'The minion zombie moves up to its Speed of 3 spaces
    to engage ... Widow Tarha ... and is not adjacent to any hero.'"""
    scene, _ = parse("""
        ###########
        #z.......T#
        ###########
        """, {"z": 3})
    result = move(scene, "z", "engage", "closest")
    assert result.performed and result.mp == 3 and result.end == [4, 1]
    assert result.target == "T"


# -- spot -----------------------------------------------------------------------------------

SPOT_MAP = """
    #########
    #.......#
    #..o....#
    #m.o...S#
    #..o#####
    #########
    """


def test_spotting_example_1_already_has_line_of_sight():
    """Spotting Example 1: 'it already has line of sight to Syndrael, so it does not attempt to
    spot her.'"""
    scene, _ = parse("""
        #########
        #....n..#
        #..o....#
        #..o...S#
        #..o#####
        #########
        """, {"n": 4})
    result = move(scene, "n", "spot", "S")
    assert not result.performed and result.end == [5, 1] and result.mp == 0
    assert "already has line of sight" in result.reason


def test_spotting_example_2_moves_two_spaces_then_stops():
    """Spotting Example 2: 'It must move two spaces in order to gain line of sight to Syndrael.
    Once the flesh moulder has line of sight to Syndrael, it stops.' (speed 4, spends 2)"""
    scene, _ = parse(SPOT_MAP, {"m": 4})
    assert not scene.sees("m", "S")
    result = move(scene, "m", "spot", "S")
    assert result.performed and result.mp == 2
    assert result.end == [1, 1]
    assert result.ties == [[2, 1], [3, 1]]   # as close, and as cheap: the heroes may choose
    assert scene.moved("m", scene.board.node(1, 1), (1, 1)).sees("m", "S")


def test_spot_selects_a_different_target_when_no_space_sees_the_first():
    """Spot: 'If there is no space on the map from which the monster could have line of sight to
    the target, a different target is selected.' A is seen only from the space the monster n
    holds; so the closest target that can be spotted is B."""
    scene, _ = parse("""
        ##########
        #m...#A###
        #....#n###
        #.......B#
        ##########
        """, {"m": 4})
    result = move(scene, "m", "spot", "closest")
    assert result.target == "B"
    assert "A" in result.reason


def test_spot_with_a_named_target_nobody_can_see_is_not_performed():
    scene, _ = parse("""
        ##########
        #m...#A###
        #....#n###
        #.......B#
        ##########
        """, {"m": 4})
    result = move(scene, "m", "spot", "A")
    assert not result.performed and "no space on the map" in result.reason


# -- large monsters ---------------------------------------------------------------------------

def test_engaging_example_a_large_monster_is_placed_adjacent():
    """Engaging Example: 'The minion barghest has a Speed of 4 and is instructed to engage
    Tomble ... two spaces away ... because it is a large monster it can be placed so that it is
    adjacent to Tomble.'"""
    scene, _ = parse("""
        #########
        #.......#
        #bb..T..#
        #.......#
        #########
        """, {"b": 4})
    result = move(scene, "b", "engage", "T")
    assert result.performed
    assert result.decisions[-2].choice == [2, 2]       # counted from its space closest to Tomble
    cells = scene.board.footprint(scene.board.node_of(result.end), tuple(result.size))
    tomble = scene.cells["T"][0]
    assert any(scene.board.adjacent(c, tomble) for c in cells)


def test_large_monster_passes_a_gap_as_if_one_space_then_is_placed_closest():
    """Large Monsters: 'count movement from the chosen space as if the figure occupied one
    space ... players must place the monster as close to ... the target as possible.'"""
    scene, _ = parse("""
        #########
        #...#...#
        #bb...T.#
        #...#...#
        #########
        """, {"b": 2})
    result = move(scene, "b", "toward", "T")
    assert result.path[0] == [2, 2]
    assert result.end == [4, 2] and result.size == [2, 1]
    assert result.key == {"spaces to target": 1, "movement points": 2}


def test_large_monster_away_counts_from_its_furthest_space_and_lands_furthest():
    """Large Monsters: 'When players move a large monster away from a target, they must choose
    the space occupied by the large monster that is furthest from the target.'"""
    scene, _ = parse("""
        ##########
        #H.bb....#
        ##########
        """, {"b": 2})
    result = move(scene, "b", "away", "H")
    assert result.path[0] == [4, 1]
    assert result.end == [6, 1] and result.key["-spaces to target"] == -5


# -- pits -------------------------------------------------------------------------------------

def test_a_monster_in_a_pit_first_climbs_out_toward_the_exit():
    """Forgotten Souls, 'Monster Activation': 'If a monster is in a pit space, its first action
    must be to exit the pit space and enter the adjacent space closest to the exit of the current
    encounter.'"""
    scene, _ = parse("""
        #######
        #.m####
        #.....#
        #######
        """, {"m": 3}, under={"m": "p"})
    result = move(scene, "m", "leave-pit", exit_at=[5, 2])
    assert result.performed and result.end == [3, 2] and result.mp == 1
