"""Heroes in the Underworld's map as drawing data (issue 41: "the Underworld's tiles with their
exits"; "The monsters' last moves are shown as paths; hovering or tapping a figure tells what it
is and where"): the drawing agrees with the text map the table's `map` prints - the same tiles
where it draws them, the same figures on them - on games of the shipped scenario."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from overlord.games import registry
from overlord.games.underworld.drawing import EXIT, PITCH, SIDE_WORDS, TILE, last_moves, spots, tile_name
from overlord.games.underworld.tiles import adjacency
from overlord.sim.play import play
from overlord.view.svg import render

SVG = "{http://www.w3.org/2000/svg}"

# (seed, heroes, rounds): games of the shipped scenario, each showing something to draw
GAMES = {
    "an early map, a face-down marker on a tile": (1, 2, 4),
    "the Damned One in Chaos, a creature that moved last onto a hero's tile": (0, 3, 12),
    "the Damned One and two black creatures on Chaos with a task": (6, 3, 12),
}


def _played(seed, heroes, rounds):
    rules, content, _ = registry.open_scenario("underworld")
    match = play(rules, content, seed, heroes, "heuristic", rounds)[0]
    table = rules.table(match)
    return match.state, table.picture(), table.drawing().check()


@pytest.fixture(scope="module", params=list(GAMES), ids=list(GAMES))
def game(request):
    return _played(*GAMES[request.param])


def _tile_under(d, sid):
    """The tile (its area) whose square holds space ``sid``'s middle, its exits' squares included."""
    x, y = d.space(sid).centre()
    for a in d.areas:
        s = d.space(a.spaces[0])
        if s.x - EXIT <= x <= s.x + s.w + EXIT and s.y - EXIT <= y <= s.y + s.h + EXIT:
            return a.id
    return None


def _side(dx, dy):
    return ("E" if dx > 0 else "W") if abs(dx) > abs(dy) else ("S" if dy > 0 else "N")


def _boxes(state, picture):
    """The text map's box of every placed tile: (its label, the figures written under it)."""
    x0 = min(t.at[0] for t in state.map.placed)
    y0 = min(t.at[1] for t in state.map.placed)
    lines = [line.ljust(200) for line in picture]
    out = {}
    for t in state.map.placed:
        gx, gy = (t.at[0] - x0) * 7, (t.at[1] - y0) * 4
        out[t.id] = (lines[gy + 1][gx + 1:gx + 6].strip(), lines[gy + 2][gx + 1:gx + 6].strip())
    return out


@pytest.mark.parametrize("tile, name", [("styx", "Styx"), ("hades", "Hades"), ("area-16", "Area 16"),
                                        ("area-01", "Area 1"), ("passage-04", "Passageway 4")])
def test_a_tile_is_named_as_players_read_it(tile, name):
    """A place by its name, an area or a passageway by its name and number (the map's A16, P04)."""
    state, _, _ = _played(1, 2, 1)
    assert tile_name(state, tile) == name


def test_every_tile_laid_is_an_area_where_the_text_map_draws_it(game):
    """The same tiles as the map, each one area named as its box is labelled, lying where its box
    lies (north up, a tile a step of PITCH units), in the order the tiles were laid."""
    state, picture, d = game
    assert [a.id for a in d.areas] == [t.id for t in state.map.placed]
    boxes = _boxes(state, picture)
    for a, t in zip(d.areas, state.map.placed):
        square = d.space(a.spaces[0])
        assert (square.x / PITCH, square.y / PITCH) == tuple(t.at) and square.kind == state.map.catalogue[t.id].kind
        word, *number = a.name.split()
        label = word[0] + f"{int(number[0]):02d}" if number else a.name[:5]
        assert boxes[t.id][0] == label, (t.id, a.name)


def test_every_exit_is_drawn_and_joined_exits_are_linked(game):
    """Each tile's exits (turned as laid) are spaces of kind "exit" on its sides; the links are
    exactly the pairs of tiles joined by exits that face each other, as the map's gaps show."""
    state, _, d = game
    for t in state.map.placed:
        mx, my = d.space(t.id).centre()
        exits = {s.name.split()[0]: _side(s.centre()[0] - mx, s.centre()[1] - my) for s in d.spaces
                 if s.kind == "exit" and _tile_under(d, s.id) == t.id}
        assert sorted(exits.values()) == sorted(t.exits), t.id
        assert all(SIDE_WORDS[side] == word for word, side in exits.items())
    joined = {frozenset((a, b)) for a, bs in adjacency(state.map).items() for b in bs}
    assert {frozenset((_tile_under(d, k.a), _tile_under(d, k.b))) for k in d.links} == joined
    assert len(d.links) == len(joined)


def test_every_figure_of_the_text_map_is_on_the_same_tile_in_the_drawing(game):
    """Under each box the map writes the heroes by initial, ! for a face-up enemy, ? for a
    face-down marker, * for another face-up counter (five at most): the drawing has the same on
    that tile - heroes and enemies as pieces, the rest as markers."""
    state, picture, d = game
    drawn: dict[str, list[str]] = {t.id: [] for t in state.map.placed}
    for p in d.pieces:
        drawn[_tile_under(d, p.spaces[0])].append(p.letter if p.side == "heroes" else "!")
    for m in d.markers:
        drawn[_tile_under(d, m.space)].append("?" if m.kind == "face-down" else "*")
    for tile, (_, written) in _boxes(state, picture).items():
        if len(drawn[tile]) <= 5:
            assert Counter(written) == Counter(drawn[tile]), tile
        else:                                   # the map writes the first five
            assert not Counter(written) - Counter(drawn[tile]), tile
    heroes = {p.id: _tile_under(d, p.spaces[0]) for p in d.pieces if p.side == "heroes"}
    assert heroes == state.map.heroes


@pytest.mark.parametrize("n", [1, 4, 8, 9, 12, 13, 20])
def test_what_stands_on_a_tile_has_a_spot_of_its_own_clear_of_its_name(n):
    """Up to 20 pieces and markers on one tile (three heroes, the Damned One and every creature that
    came to them) each get their own spot on the tile's rim; the middle, where the name is, stays clear."""
    where = [(x, y) for x, y, _ in spots(n)]
    assert len(set(where)) == n
    assert all(0 < x < TILE and 0 < y < TILE and max(abs(x - TILE / 2), abs(y - TILE / 2)) >= TILE / 4
               for x, y in where)


def test_the_svg_tells_every_piece_what_it_is_where_it_stands_and_its_life(game):
    """Pointing at a piece tells its name, its tile and its life (a hero's life points, an
    enemy's hearts, the Damned One's life - the cubes of the Dark Side)."""
    state, _, d = game
    root = ET.fromstring(render(d))
    titles = {g.get("data-piece"): g.find(f"{SVG}title").text for g in root.iter()
              if "piece" in (g.get("class") or "").split()}
    assert set(titles) == {p.id for p in d.pieces} and len(titles) == len(d.pieces)
    for p in d.pieces:
        tile = tile_name(state, _tile_under(d, p.spaces[0]))
        assert titles[p.id].startswith(f"{p.name}") and f" on {tile}: " in titles[p.id], titles[p.id]
        assert ("life" if p.side == "heroes" or p.id == "damned-one" else "heart") in titles[p.id]
    assert root.find(f"{SVG}title").text == d.title and f"round {state.round}" in d.title


@pytest.mark.parametrize("piece, about", [
    ("gladiator", "Gladiator (Amazon), a hero, on Area 5: life 4 of 6"),
    ("damned-creature-3", "Creature of the Damned One 3 on Area 5: 1 heart"),
    ("damned-one", "The Damned One on Chaos: 8 life points"),
])
def test_a_piece_is_told_in_the_contents_words(piece, about):
    """Names from the content (a hero's, a counter's with its copy's number), never an id."""
    _, _, d = _played(*GAMES["the Damned One in Chaos, a creature that moved last onto a hero's tile"])
    assert next(p.about for p in d.pieces if p.id == piece) == about


def test_the_last_dark_cards_moves_are_paths_ending_on_the_enemy():
    """The enemies' moves of the last Dark card, each from the tile it left through the exits it
    passed to the spot of the enemy where it stands; the title says who moved and why."""
    state, _, d = _played(*GAMES["the Damned One in Chaos, a creature that moved last onto a hero's tile"])
    moves = last_moves(state.log)
    assert len(d.paths) == len(moves) == 1
    path, move = d.paths[0], moves[0]
    assert [_tile_under(d, s) for s in path.spaces] == ["area-01", "area-05", "area-05"]
    assert path.spaces[-1] in next(p.spaces for p in d.pieces if p.id == move["figure"])
    root = ET.fromstring(render(d))
    told = [g.find(f"{SVG}title").text for g in root.iter() if "path" in (g.get("class") or "").split()]
    assert told == ["Creature of the Damned One 3: Area 1 -> north exit of Area 5 -> Area 5 "
                    "(moves 1 MP toward gladiator)"]


def test_a_face_down_marker_tells_nothing_of_what_it_hides():
    state, _, d = _played(*GAMES["an early map, a face-down marker on a tile"])
    down = [m for m in d.markers if m.kind == "face-down"]
    assert down and {m.name for m in down} == {"a face-down Adventure marker"}
