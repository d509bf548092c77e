"""Route boards: fields joined by routes (Return of the Heroes, "Movement"; Under the Shadow of
the Dragon, "Movement is effected by following the routes from field to field" and Glossary,
"Movement Allowance": "1 movement point per field").

Maps are drawn as chains of field ids: ``"T2-T3-V9"`` is a route from T2 to T3 and one from T3
to V9. Field ids are those of the Shadow of the Dragon region maps (region letter, number).
"""

import pytest

from overlord.ai.movement import move
from overlord.core.board import INF, BoardError, mask_of
from overlord.core.figures import Figure, Scene
from overlord.core.pathing import count_field, mp_field
from overlord.core.routes import RouteBoard


def chains(*drawn: str, terrain: dict[str, str] | None = None, alone: tuple[str, ...] = ()) -> RouteBoard:
    """A board from chains of field ids ("A-B-C"); ``alone``: fields with no route;
    ``terrain``: field id -> terrain name."""
    ids: list[str] = []
    routes = []
    for chain in drawn:
        names = chain.split("-")
        ids.extend(n for n in names if n not in ids)
        routes.extend([a, b] for a, b in zip(names, names[1:]))
    ids.extend(alone)
    fields = [{"id": f, **({"terrain": terrain[f]} if terrain and f in terrain else {})} for f in ids]
    return RouteBoard(fields, routes)


# Two ways from the manor field T2 to the Dragon's field V9: short through the lake, long round.
REGION = ("T2-T3-F4-V9", "T2-X2-X3-X4-V9")


# -- adjacency ------------------------------------------------------------------------------

@pytest.mark.parametrize("drawn, a, b, joined", [
    pytest.param(("T2-T3",), "T2", "T3", True, id="a route joins two fields"),
    pytest.param(("T2-T3",), "T3", "T2", True, id="routes run both ways"),
    pytest.param(("T2-T3-T4",), "T2", "T4", False, id="fields two routes apart are not adjacent"),
    pytest.param(("T2-T3", "T4-T5"), "T3", "T4", False,
                 id="fields with neighbouring numbers but no route are apart"),
])
def test_routes_join_fields(drawn, a, b, joined):
    """Under the Shadow of the Dragon, "Movement": movement follows the routes from field to
    field; nothing else joins two fields."""
    board = chains(*drawn)
    assert board.adjacent(board.node_of(a), board.node_of(b)) == joined


def test_a_route_drawn_twice_is_one_route():
    board = chains("T2-T3", "T3-T2")
    assert board.neighbours[board.node_of("T2")] == (board.node_of("T3"),)


# -- counting and movement points ----------------------------------------------------------

@pytest.mark.parametrize("field, spaces", [
    ("T2", 0), ("T3", 1), ("X2", 1), ("F4", 2), ("X4", 3), ("V9", 3)])
def test_counting_follows_routes(field, spaces):
    """Return of the Heroes, "Movement": the number of fields moved; counted along the shortest
    chain of routes."""
    board = chains(*REGION)
    assert count_field(board, [board.node_of("T2")])[board.node_of(field)] == spaces


def test_a_field_without_routes_cannot_be_reached():
    board = chains(*REGION, alone=("H6",))
    assert count_field(board, [board.node_of("T2")])[board.node_of("H6")] == INF


# The same, with a longer way round.
LONG_WAY = ("T2-T3-F4-V9", "T2-X2-X3-X4-X5-V9")


@pytest.mark.parametrize("drawn, terrain, mp, path", [
    pytest.param(REGION, {}, 3, ["T2", "T3", "F4", "V9"], id="each field entered costs 1 movement point"),
    pytest.param(LONG_WAY, {"F4": "sludge"}, 4, ["T2", "T3", "F4", "V9"],
                 id="a field costing 2 points can still be on the cheapest way"),
    pytest.param(REGION, {"T3": "water", "F4": "water"}, 4, ["T2", "X2", "X3", "X4", "V9"],
                 id="two costly fields make the long way round cheaper"),
    pytest.param(REGION, {"F4": "lava"}, 4, ["T2", "X2", "X3", "X4", "V9"],
                 id="a monster never enters damaging terrain"),
])
def test_movement_points(drawn, terrain, mp, path):
    """Under the Shadow of the Dragon, Glossary "Movement Allowance": 1 movement point per field
    (a tan field); other terrains cost what the terrain table says, and monsters never enter
    damaging terrain (Forgotten Souls, "Movement")."""
    board = chains(*drawn, terrain=terrain)
    dist, pred = mp_field(board, board.node_of("T2"), monster=True)
    v9 = board.node_of("V9")
    assert dist[v9] == mp
    steps = [v9]
    while pred[steps[-1]] >= 0:
        steps.append(int(pred[steps[-1]]))
    assert [board.label(n) for n in reversed(steps)] == path


# -- line of sight ------------------------------------------------------------------------

@pytest.mark.parametrize("a, b, sees", [
    pytest.param("T2", "T2", True, id="the same field"),
    pytest.param("T2", "T3", True, id="a field one route away"),
    pytest.param("T2", "F4", False, id="a field two routes away"),
])
def test_line_of_sight_is_same_or_adjacent_field(a, b, sees):
    """Board.los_rule: the rulebooks have no line of sight; the program sees the same field and
    the fields one route away. Figures do not matter."""
    board = chains(*REGION)
    na, nb = board.node_of(a), board.node_of(b)
    assert board.line_of_sight(na, nb, mask_of(range(board.size))) == sees
    assert board.line_of_sight(nb, na) == sees


# -- a monster moves along the routes -------------------------------------------------------

def test_monster_moves_toward_a_hero_along_routes():
    """Forgotten Souls, "Movement Vocabulary": toward, by the route of fewest movement points;
    the Dragon leaves V9 along the short way to the hero at T2."""
    board = chains(*REGION)
    scene = Scene(board, [Figure("dragon", "monsters", "V9", speed=2), Figure("h", "heroes", "T2")])
    result = move(scene, "dragon", "toward", "h")
    assert result.performed and result.path == ["V9", "F4", "T3"] and result.end == "T3"


def test_monster_moves_into_the_heros_field_where_figures_share_spots():
    """Toward: 'the figure moves into the target's space if possible'; on a route board it is
    (Return of the Heroes: 'any number of characters can be on a given spot')."""
    board = chains(*REGION)
    scene = Scene(board, [Figure("dragon", "monsters", "V9", speed=9), Figure("h", "heroes", "T2"),
                          Figure("g", "heroes", "T2")])
    result = move(scene, "dragon", "toward", "h")
    assert result.end == "T2" and result.path == ["V9", "F4", "T3", "T2"]


# -- errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("fields, routes, message", [
    pytest.param([], [], "at least one field", id="no fields"),
    pytest.param([{"terrain": "floor"}], [], "field 1: needs an 'id'", id="a field without id"),
    pytest.param([{"id": "T2"}, {"id": "T2"}], [], "field id 'T2' is used twice", id="duplicate ids"),
    pytest.param([{"id": "T2", "terrain": "swamp"}], [], "field 'T2': unknown terrain 'swamp'",
                 id="an unknown terrain"),
    pytest.param([{"id": "T2"}, {"id": "V9"}], [["T2", "V9"], ["T2", "V09"]],
                 r"route 2 \['T2', 'V09'\]: no field 'V09' \(did you mean 'V9'\?\)",
                 id="an unknown field in a route names the route and the nearest id"),
    pytest.param([{"id": "T2"}], [["T2", "Q"]], r"route 1 \['T2', 'Q'\]: no field 'Q'$",
                 id="no suggestion when nothing is near"),
    pytest.param([{"id": "T2"}], [["T2", "T2"]], "route 1 .*: a route must join two different fields",
                 id="a route from a field to itself"),
    pytest.param([{"id": "T2"}, {"id": "T3"}], [["T2", "T3", "T2"]], "route 1 .*: a route joins exactly two",
                 id="a route of three fields"),
    pytest.param([{"id": "T2"}, {"id": "T3"}], ["T2-T3"], "route 1 .*: a route joins exactly two",
                 id="a route written as one string"),
    pytest.param([{"id": "T2"}, {"id": "T3"}], [["T2", ["T3"]]], r"route 1 .*: no field \['T3'\]",
                 id="a field id that is not a string"),
])
def test_bad_maps(fields, routes, message):
    with pytest.raises(BoardError, match=message):
        RouteBoard(fields, routes)


def test_unknown_field_suggests_the_nearest():
    board = chains(*REGION)
    with pytest.raises(BoardError, match=r"no field 'X44' \(did you mean 'X4'\?\)"):
        board.node_of("X44")
    with pytest.raises(BoardError, match=r"no field \[0, 0\]"):
        board.node_of([0, 0])
