"""The bitset engine (what moves use) against scipy's Dijkstra (what whole-board fields use):
both must give the same distances on every kind of board, with figures in the way."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from overlord.core.bitsets import bits, bools_from_mask, mask_from_bools
from overlord.core.grids import GridBoard
from overlord.core.hexes import HexBoard
from overlord.core.pathing import count_field, count_layers, levels_array, mp_field, mp_levels, trace_back
from overlord.core.routes import RouteBoard

TERRAIN = np.array(list("......~~o#pl%"))


def random_board(kind, seed):
    rng = np.random.default_rng(seed)
    if kind == "routes":
        n = int(rng.integers(3, 15))
        fields = [{"id": f"f{i}", "terrain": str(rng.choice(["floor", "water", "lava"]))} for i in range(n)]
        routes = {tuple(sorted(map(int, rng.choice(n, 2, replace=False)))) for _ in range(2 * n)}
        return RouteBoard(fields, [[f"f{a}", f"f{b}"] for a, b in sorted(routes)])
    w, h = rng.integers(3, 14), rng.integers(3, 12)
    rows = ["".join(rng.choice(TERRAIN, size=w)) for _ in range(h)]
    return (GridBoard if kind == "grid" else HexBoard)(rows, {"%": "sludge"})


@settings(max_examples=80, deadline=None)
@given(kind=st.sampled_from(["grid", "hex", "routes"]), seed=st.integers(0, 2**31 - 1),
       limit=st.integers(0, 9), monster=st.booleans())
def test_levels_and_layers_match_dijkstra(kind, seed, limit, monster):
    board = random_board(kind, seed)
    rng = np.random.default_rng(seed)
    open_ = np.flatnonzero(~board.blocks_move)
    if len(open_) == 0:
        return
    source = int(rng.choice(open_))
    enemies = sorted({int(e) for e in rng.choice(open_, 3)} - {source})
    levels = mp_levels(board, source, monster=monster, enemies=enemies, limit=limit)
    dist, _ = mp_field(board, source, monster=monster, enemies=enemies, limit=limit)
    assert np.array_equal(levels_array(levels, board.size), np.where(dist <= limit, dist, np.inf))
    layers = count_layers(board, [source])
    assert np.array_equal(levels_array(layers, board.size), count_field(board, [source]))
    blocked_layers = count_layers(board, [source], enemies)
    assert np.array_equal(levels_array(blocked_layers, board.size), count_field(board, [source], enemies))
    for end in (n for level in levels for n in bits(level)):
        path = trace_back(board, levels, end, int(dist[end]))
        assert path[0] == source and path[-1] == end
        assert sum(board.cost_list[n] for n in path[1:]) == dist[end]
        assert all(board.adjacent(a, b) for a, b in zip(path, path[1:]))


@pytest.mark.parametrize("flags", [[True, False, True], [False] * 9 + [True], [True] * 17, []])
def test_masks_and_bool_arrays_convert_both_ways(flags):
    arr = np.array(flags, dtype=bool)
    mask = mask_from_bools(arr)
    assert list(bits(mask)) == list(np.flatnonzero(arr))
    assert np.array_equal(bools_from_mask(mask, len(arr)), arr)
