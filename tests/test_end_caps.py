"""Linked end caps (Forgotten Souls, "Overlapping Map Tiles"): 'the figure may spend one
movement point to move to the other linked end cap as if the spaces of both end caps were
adjacent ... Monsters and heroes cannot attack through nor draw line of sight through linked end
caps.'"""

from overlord.ai.movement import move
from overlord.core.figures import Figure, Scene
from overlord.core.grids import GridBoard
from overlord.core.pathing import count_field, mp_field

#            0123456789
ROWS = ["#####  #####",
        "#m..#  #..H#",
        "#...#  #...#",
        "#####  #####"]
# the end caps: [3, 1]-[3, 2] in the left room, [8, 1]-[8, 2] in the right room
CAP_A, CAP_B = ([3, 1], [3, 2]), ([8, 1], [8, 2])
LINKS = [(a, b) for a in CAP_A for b in CAP_B]


def board(links=LINKS):
    return GridBoard([r.replace("m", ".").replace("H", ".") for r in ROWS], links=links)


def test_moving_across_linked_end_caps_costs_one_movement_point():
    b = board()
    dist, _ = mp_field(b, b.node(3, 1), monster=True)
    assert dist[b.node(8, 1)] == 1 and dist[b.node(8, 2)] == 1
    assert count_field(b, [b.node(3, 2)])[b.node(8, 1)] == 1
    unlinked = board(links=())
    assert mp_field(unlinked, unlinked.node(3, 1), monster=True)[0][unlinked.node(8, 1)] == float("inf")


def test_no_line_of_sight_through_linked_end_caps():
    b = board()
    assert not b.line_of_sight(b.node(3, 1), b.node(8, 1))
    assert not b.touching(b.node(3, 1), b.node(8, 1))     # nor an attack as if adjacent
    assert b.adjacent(b.node(3, 1), b.node(8, 1))          # but one step for moving


def test_a_monster_moves_through_the_end_caps_toward_a_hero():
    b = board()
    scene = Scene(b, [Figure("m", "monsters", [1, 1], 4), Figure("H", "heroes", [10, 1])])
    result = move(scene, "m", "engage", "H")
    assert result.path == [[1, 1], [2, 1], [3, 1], [8, 1], [9, 1]]
    assert result.mp == 4
