"""Random maps, random figures, random movement words: invariants checked after every step.

What examples miss, random play finds. Each step checks what the rulebook promises of every
move (Forgotten Souls, "Movement Vocabulary" and "Movement"; Descent 2e movement facts):
  * never more movement points than the speed, and the path pays exactly its terrain costs;
  * every step goes to an adjacent space, never into an enemy, a wall or (monsters) damage;
  * the figure ends on free spaces, never on another figure;
  * toward never ends farther from the target than it started;
  * away increases the spaces to the target with every space moved;
  * engage is performed exactly when the monster moves;
  * line of sight is symmetric; the same question asked twice gets the same answer.
"""

import numpy as np
from hypothesis import given, settings, strategies as st

from overlord.ai.movement import MoveError, move, spaces_between
from overlord.core.board import BoardError
from overlord.core.figures import Figure, Scene
from overlord.core.grids import GridBoard

TERRAIN = np.array(list(".....~~o#pl%"))


def random_scene(seed: int, rules=None) -> Scene:
    rng = np.random.default_rng(seed)
    w, h = rng.integers(4, 11), rng.integers(3, 9)
    rows = ["".join(rng.choice(TERRAIN, size=w)) for _ in range(h)]
    board = GridBoard(rows, {"%": "sludge"})
    figures = []
    scene = Scene(board, [], rules)
    n_heroes, n_monsters = rng.integers(1, 4), rng.integers(1, 5)
    for i in range(n_heroes + n_monsters):
        side = "heroes" if i < n_heroes else "monsters"
        size = [1, 1]
        if side == "monsters" and rng.random() < 0.35:
            size = [2, 1] if rng.random() < 0.6 else [2, 2]
        for _ in range(30):
            at = [int(rng.integers(0, w)), int(rng.integers(0, h))]
            f = Figure(f"{side[0]}{i}", side, at, int(rng.integers(0, 7)), size)
            try:
                scene.add(f)
            except BoardError:
                continue
            figures.append(f)
            break
    return scene


def check_move(scene: Scene, fid: str, verb: str, target: str, result) -> None:
    board = scene.board
    f = scene.figures[fid]
    monster = f.side == "monsters"
    speed = f.speed
    path = [board.node_of(p) for p in result.path]
    assert result.mp <= speed or not result.performed
    assert result.mp == sum(int(board.cost[n]) for n in path[1:])
    enemies = set(scene.enemy_cells(fid))
    for a, b in zip(path, path[1:]):
        assert board.adjacent(a, b)
        assert b not in enemies and not board.blocks_move[b]
        if monster:
            assert board.damage[b] == 0
    end_cells = board.footprint(board.node_of(result.end), tuple(result.size))
    assert end_cells is not None
    stayed = result.end == f.at and list(result.size) == list(f.size)
    for c in end_cells:
        assert not board.blocks_move[c]
        assert scene.occupant.get(c, fid) == fid
        if monster and not stayed:
            assert board.damage[c] == 0
    if verb in ("engage", "spot"):
        assert result.performed == (result.end != f.at or list(result.size) != list(f.size))
    if verb in ("toward", "engage", "away") and result.target in scene.figures:
        tcells = scene.cells[result.target]
        before = spaces_between(scene, scene.cells[fid], tcells, fid, result.target)
        after_scene = scene.moved(fid, board.node_of(result.end), tuple(result.size))
        after = spaces_between(after_scene, after_scene.cells[fid], tcells, fid, result.target)
        if verb == "away":
            assert after >= before
            field = _count(board, tcells)
            steps = [field[n] for n in path]
            assert all(b > a for a, b in zip(steps, steps[1:])), "away: every space moved increases the count"
        else:
            assert after <= before, "toward never ends farther than it started"


def _count(board, cells):
    from overlord.core.pathing import count_field
    return count_field(board, cells)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(1, 12))
def test_random_play_keeps_the_movement_invariants(seed, steps):
    scene = random_scene(seed)
    rng = np.random.default_rng(seed + 1)
    for _ in range(steps):
        fid = str(rng.choice(list(scene.figures)))
        verb = str(rng.choice(["toward", "away", "engage", "spot"]))
        enemies = scene.enemies_of(fid)
        if not enemies:
            return
        target = str(rng.choice(["closest", "furthest"] + enemies))
        try:
            result = move(scene, fid, verb, target)
        except MoveError:
            continue   # e.g. furthest when no enemy can be reached by counting
        again = move(scene, fid, verb, target)
        assert again.to_json() == result.to_json(), "the same question gets the same answer"
        check_move(scene, fid, verb, target, result)
        scene = scene.moved(fid, scene.board.node_of(result.end), tuple(result.size))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_line_of_sight_is_symmetric(seed):
    scene = random_scene(seed)
    board = scene.board
    blockers = scene.figure_mask()
    spaces = [n for n in range(board.size) if board.on_map(n) and not board.blocks_los[n]]
    rng = np.random.default_rng(seed)
    for _ in range(60):
        a, b = (int(x) for x in rng.choice(spaces, 2)) if len(spaces) > 1 else (spaces[0], spaces[0])
        mask = blockers & ~((1 << a) | (1 << b))
        assert board.line_of_sight(a, b, mask) == board.line_of_sight(b, a, mask)
