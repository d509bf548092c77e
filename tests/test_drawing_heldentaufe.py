"""Heldentaufe's board as drawing data (overlord/games/heldentaufe/drawing.py, issue 41: "Heldentaufe's
hexes and both worlds ... the monsters' last moves are shown as paths; hovering or tapping a figure
tells what it is and where").

Checked on the shipped scenarios, games played by the heuristic heroes: the drawing shows what the
table's ``map`` prints - every figure of the text picture a piece on the same field, the treasure
chest and the face-down dangers where the picture has ``$`` and ``!`` - both worlds as areas, the
Underworld's hexes touching exactly their neighbours, and the monsters' last turn as paths."""

from __future__ import annotations

import functools
import math
import xml.etree.ElementTree as ET

import pytest

from overlord.games import registry
from overlord.games.heldentaufe import monsters
from overlord.games.heldentaufe.board import xy
from overlord.sim.play import play
from overlord.view.svg import render

SVG = "{http://www.w3.org/2000/svg}"

#  (scenario, seed, heroes, rounds): what each game shows
GAMES = [
    ("heldentaufe", 5, 3, 0),          # the setup: three heroes on the campfire, the monsters on their nests
    ("heldentaufe", 3, 2, 10),         # both heroes below, the treasure taken, one monster's last steps
    ("heldentaufe", 1, 3, 8),          # three monsters moved in their last turn
    ("heldentaufe", 5, 3, 5),          # two heroes together on an Upper World tile, one below
    ("heldentaufe-race", 5, 2, 5),     # the race, three monsters moved
    ("heldentaufe-race", 2, 3, 8),     # the race, every monster off the board
    ("heldentaufe", 1, 2, 2),          # the monsters moved, then the last hero came up: the Underworld rebuilt
]


@functools.cache
def game(scenario: str, seed: int, heroes: int, rounds: int):
    rules, content, _ = registry.open_scenario(scenario)
    match = play(rules, content, seed, heroes, "heuristic", rounds)[0]
    return match, rules.table(match)


def text_picture(match, lines: list[str]) -> dict[tuple[str, str], str]:
    """(world, "x,y") -> the character the text picture prints on that field."""
    out = {}
    under = next(i for i, line in enumerate(lines) if line.startswith("Underworld:"))
    axis = next(line for line in lines[1:under] if "(x from" in line)
    left = int(axis.split("(x from ")[1].rstrip(")"))
    for line in lines[1:under]:
        if line[:3].strip().lstrip("-").isdigit():
            for k, ch in enumerate(line[4::2]):
                if ch != " ":
                    out[("upper", f"{left + k},{int(line[:3])}")] = ch
    for line in lines[under + 2:]:
        y = int(line[:2])
        row = line[3 + y % 2:]
        for x, ch in enumerate(row[::2]):
            if ch != " ":
                out[("under", f"{x},{y}")] = ch
    return out


def figures(match, printed: dict[tuple[str, str], str]) -> dict[tuple[str, str], str]:
    """The figures of the text picture: above, a hero's capital or ``+``; below, a letter the board
    itself does not print there (a nest's letter is the board's)."""
    rows = match.content.underworld.rows
    out = {}
    for (world, at), ch in printed.items():
        x, y = xy(at)
        if world == "upper" and (ch.isupper() or ch == "+"):
            out[(world, at)] = ch
        elif world == "under" and ch.isalpha() and ch != rows[y][x]:
            out[(world, at)] = ch
    return out


def field(space_id: str) -> tuple[str, str]:
    world, at = space_id.split(" ")
    return world, at


@pytest.mark.parametrize("scenario, seed, heroes, rounds", GAMES)
def test_every_figure_of_the_text_picture_is_a_piece_on_the_same_field(scenario, seed, heroes, rounds):
    match, table = game(scenario, seed, heroes, rounds)
    d = table.drawing().check()
    printed = figures(match, text_picture(match, table.picture()))
    drawn = {field(p.spaces[0]): p.letter for p in d.pieces}
    assert drawn == printed and all(len(p.spaces) == 1 for p in d.pieces)


@pytest.mark.parametrize("scenario, seed, heroes, rounds", GAMES)
def test_the_chest_and_the_face_down_dangers_lie_where_the_picture_prints_them(scenario, seed, heroes, rounds):
    """``$`` the treasure chest on its space, ``!`` a face-down danger on a skull: each a marker; a
    marker the picture does not print has a figure standing on it (a monster on a skull)."""
    match, table = game(scenario, seed, heroes, rounds)
    d = table.drawing()
    printed = text_picture(match, table.picture())
    standing = {field(p.spaces[0]) for p in d.pieces}
    for kind, ch in (("chest", "$"), ("danger", "!")):
        marked = {field(m.space) for m in d.markers if m.kind == kind}
        shown = {f for f, c in printed.items() if f[0] == "under" and c == ch}
        assert shown <= marked and marked - shown <= standing, kind
    assert {m.kind for m in d.markers} <= {"chest", "danger"}


@pytest.mark.parametrize("scenario, seed, heroes, rounds", GAMES)
def test_both_worlds_are_areas_of_their_fields(scenario, seed, heroes, rounds):
    """The Upper World: the explored tiles; the Underworld: every hexagonal area of the board."""
    match, table = game(scenario, seed, heroes, rounds)
    d = table.drawing()
    areas = {a.name: {field(n) for n in a.spaces} for a in d.areas}
    assert areas == {"the Upper World": {("upper", at) for at in match.state.upper},
                     "the Underworld": {("under", at) for at in match.content.underworld.labels}}
    assert {(field(s.id), s.shape) for s in d.spaces} == \
        {(f, "square" if f[0] == "upper" else "hex") for fields in areas.values() for f in fields}


@pytest.mark.parametrize("scenario, seed, heroes, rounds", GAMES[:3])
def test_the_hexes_touch_exactly_their_neighbours_and_the_worlds_lie_side_by_side(scenario, seed, heroes, rounds):
    """Offset rows: a hex's centre 1 from each of its six neighbours (odd rows half a hex to the
    right), further from every other; the Upper World's tiles on their grid, to the left."""
    match, table = game(scenario, seed, heroes, rounds)
    d = table.drawing()
    b = match.content.underworld
    hexes = {s.id: s.centre() for s in d.spaces if s.shape == "hex"}
    for i, a in enumerate(b.labels):
        for j, c in enumerate(b.labels[:i]):
            near = math.dist(hexes[f"under {a}"], hexes[f"under {c}"])
            assert (abs(near - 1) < 1e-3) == b.adjacent(i, j) and near > 1 - 1e-3, (a, c)
    tiles = {field(s.id)[1]: (s.x, s.y) for s in d.spaces if s.shape == "square"}
    for at, (x, y) in tiles.items():
        assert all((tiles[o][0] - x, tiles[o][1] - y) == (ox - xy(at)[0], oy - xy(at)[1])
                   for o in tiles for ox, oy in [xy(o)])
    assert max(x + 1 for x, _ in tiles.values()) < min(s.x - s.w / 2 for s in d.spaces if s.shape == "hex")


@pytest.mark.parametrize("scenario, seed, heroes, rounds", GAMES)
def test_every_field_and_marker_kind_has_its_words_in_the_legend(scenario, seed, heroes, rounds):
    d = game(scenario, seed, heroes, rounds)[1].drawing()
    kinds = {s.kind for s in d.spaces} | {m.kind for m in d.markers}
    assert kinds <= set(d.legend) and all(d.legend[k] and "_" not in d.legend[k] for k in kinds)


@pytest.mark.parametrize("kind, words", [
    ("campfire", "the campfire: every hero starts here"),
    ("portal 3", "portal 3: the Upper World's portal 3 and the Underworld's lead into each other"),
    ("Ulumu's nest", "Ulumu's nest: Ulumu starts here"),
    ("treasure space", "the treasure's space"),
    ("skull", "a skull: a danger is laid here face down"),
    ("area", "an area of the Underworld"),
])
def test_the_legend_tells_each_kind_of_field_in_words(kind, words):
    d = game("heldentaufe", 5, 3, 5)[1].drawing()
    assert d.legend[kind].startswith(words)


def test_heroes_together_on_a_tile_are_one_piece_naming_each():
    """``map`` draws ``+`` for two or more heroes on an Upper World tile: so does the drawing, its
    words naming each hero with the hearts."""
    match, table = game("heldentaufe", 5, 3, 0)
    d = table.drawing()
    (together,) = [p for p in d.pieces if p.side == "heroes"]
    assert (together.letter, together.spaces, together.name) == ("+", ("upper 0,0",), "Erla, Mathian and Luphius")
    assert together.about == ("3 heroes in the Upper World on 0,0 (campfire): Erla, 4 of 4 hearts, teeth worth 0; "
                              "Mathian, 7 of 7 hearts, teeth worth 0; Luphius, 4 of 4 hearts, teeth worth 0")


@pytest.mark.parametrize("scenario, seed, heroes, rounds", GAMES)
def test_a_piece_says_what_it_is_where_and_its_hearts(scenario, seed, heroes, rounds):
    match, table = game(scenario, seed, heroes, rounds)
    c, s = match.content, match.state
    d = table.drawing()
    for p in d.pieces:
        if p.side == "monsters":
            m = s.monsters[p.id]
            assert p.about.startswith(f"{c.monsters[p.id].name} (monster) in the Underworld on {m.at}")
            assert f"{monsters.hearts(c, m)} of {monsters.max_hearts(c, m)} hearts" in p.about
        elif p.letter != "+":
            hero = s.board[p.id]
            world = "the Upper World" if hero.world == "upper" else "the Underworld"
            assert p.about.startswith(f"{c.heroes[p.id].name}, {c.heroes[p.id].title} (hero) in {world} on {hero.at}")
            assert f"{hero.hearts} of " in p.about
    assert {p.id for p in d.pieces if p.side == "monsters"} == {m.id for m in monsters.active(s)}


@pytest.mark.parametrize("scenario, seed, heroes, rounds, piece, says", [
    ("heldentaufe", 1, 3, 8, "ulumu", "Ulumu (monster) in the Underworld on 4,2 (skull, a face-down danger beneath), "
                                      "away from its nest; 2 of 2 hearts, sword 1, its top tooth worth 2"),
    ("heldentaufe", 5, 3, 0, "zibbler", "Zibbler (monster) in the Underworld on 5,4 (Zibbler's nest), at home; "
                                        "2 of 2 hearts, sword 1, its top tooth worth 2"),
    ("heldentaufe", 1, 3, 8, "mathian", "Mathian, the knight (hero) in the Upper World on -3,-1 (portal 4); "
                                        "3 of 7 hearts, teeth worth 2"),
    ("heldentaufe", 1, 3, 8, "corlof", "Corlof, the strongest hero (hero) in the Underworld on 5,6 (portal 4); "
                                       "4 of 4 hearts, teeth worth 6"),
])
def test_pointing_at_a_figure_tells_the_field_it_stands_on(scenario, seed, heroes, rounds, piece, says):
    """The field's kind when it is more than a meadow or a plain area, and a face-down danger that
    the figure hides (monsters do not turn dangers up)."""
    d = game(scenario, seed, heroes, rounds)[1].drawing()
    assert next(p.about for p in d.pieces if p.id == piece) == says


@pytest.mark.parametrize("scenario, seed, heroes, rounds", GAMES)
def test_the_monsters_last_turn_is_drawn_step_by_step(scenario, seed, heroes, rounds):
    """Each monster that moved in the monsters' last turn: its steps from hex to neighbouring hex as
    the log records them, the plan it carried out named; none once the Underworld was rebuilt."""
    match, table = game(scenario, seed, heroes, rounds)
    c, log = match.content, match.state.log
    d = table.drawing()
    start = max((i for i, e in enumerate(log) if e["event"] == "monster_turn"), default=None)
    moves = [e for e in log[start:] if e["event"] == "monster_move"] if start is not None else []
    if start is None or any(e["event"] == "rebuilt" for e in log[start:]):
        moves = []
    expected: dict[str, list[str]] = {}
    for e in moves:
        expected.setdefault(c.monsters[e["monster"]].name, [e["from"]]).append(e["to"])
    assert {p.who: [field(n)[1] for n in p.spaces] for p in d.paths} == expected
    b = c.underworld
    for p in d.paths:
        steps = [b.area(field(n)[1]) for n in p.spaces]
        assert all(b.adjacent(a, z) for a, z in zip(steps, steps[1:])) and p.why.startswith("plan ")
    for p in d.pieces:
        if p.side == "monsters":
            assert all(path.spaces[-1] == p.spaces[0] for path in d.paths if path.who == p.name)


def test_a_rebuilt_underworld_draws_no_old_moves():
    """The monsters moved in their last turn, then the last hero below came up and the Underworld
    was rebuilt: the monsters stand on their nests again, and their old steps are not drawn."""
    match, table = game("heldentaufe", 1, 2, 2)
    log = match.state.log
    start = max(i for i, e in enumerate(log) if e["event"] == "monster_turn")
    assert {"monster_move", "rebuilt"} <= {e["event"] for e in log[start:]}
    d = table.drawing()
    assert d.paths == [] and all("at home" in p.about for p in d.pieces if p.side == "monsters")


def test_some_games_show_the_monsters_moves():
    """The games above are no empty check: three of them end with monsters' moves drawn."""
    assert sum(bool(game(*g)[1].drawing().paths) for g in GAMES) >= 3


@pytest.mark.parametrize("scenario, seed, heroes, rounds, says", [
    ("heldentaufe", 5, 3, 0, "Heldentaufe, Together, round 1; the monster boss marker aside (no hero in the Underworld)"),
    ("heldentaufe", 3, 2, 10, "Heldentaufe, Together, round 11; the monster boss marker after Corlof's turn"),
])
def test_the_title_says_the_round_and_where_the_monster_boss_marker_lies(scenario, seed, heroes, rounds, says):
    """The monster boss marker lies between the players, on no field: the title tells it."""
    assert game(scenario, seed, heroes, rounds)[1].drawing().title == says


@pytest.mark.parametrize("scenario, seed, heroes, rounds", GAMES)
def test_the_svg_renders_with_a_title_on_every_piece(scenario, seed, heroes, rounds):
    d = game(scenario, seed, heroes, rounds)[1].drawing()
    root = ET.fromstring(render(d))
    pieces = [g for g in root.iter() if "piece" in (g.get("class") or "").split()]
    assert [g.find(f"{SVG}title").text for g in pieces] == [p.about for p in d.pieces]
    assert len([g for g in root.iter() if g.get("class") == "space"]) == len(d.spaces)
    assert len([g for g in root.iter() if g.get("class") == "path"]) == len(d.paths)
    assert root.find(f"{SVG}title").text == d.title


@pytest.mark.parametrize("scenario, seed, heroes, rounds", GAMES)
def test_each_kind_of_field_has_its_own_colour(scenario, seed, heroes, rounds):
    """Up to twenty kinds (the Upper World's areas, five portals, three nests, skulls, the treasure's
    space): no two share a fill, and a portal's two sides share theirs."""
    d = game(scenario, seed, heroes, rounds)[1].drawing()
    kind = {s.id: s.kind for s in d.spaces}
    fills = {(kind[g.get("data-space")], g.get("fill")) for g in ET.fromstring(render(d)).iter()
             if g.get("class") == "space"}
    assert len(fills) == len({k for k, _ in fills}) == len({f for _, f in fills})


def test_a_world_of_one_tile_has_its_name_read_whole():
    """At the start the Upper World is the campfire alone; its name, written across its middle, is
    wider than the tile: the picture is wide enough for it (about 0.55 em a letter)."""
    d = game("heldentaufe", 5, 3, 0)[1].drawing()
    root = ET.fromstring(render(d))
    left = float(root.get("viewBox").split()[0])
    label = next(t for t in root.iter(f"{SVG}text") if t.get("class") == "area" and "Upper" in "".join(t.itertext()))
    assert left <= float(label.get("x")) - len(d.areas[0].name) * float(label.get("font-size")) * 0.55 / 2
