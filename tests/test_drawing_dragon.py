"""Under the Shadow of the Dragon's board as drawing data (issue 41: "the Dragon's region maps with
fields and routes ... the monsters' last moves are shown as paths; hovering or tapping a figure
tells what it is and where"): the nine maps laid as the box lays them ("sort the maps
alphabetically, with the region map R on the top left and the region map Z bottom right"), each
field where its routes lead, the heroes and counters where the table's ``map`` shows them, and a
covered counter that tells nothing of what it is ("A covered marker (i.e., a marker with the PA logo
on its back)")."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
import yaml

from overlord.games import registry

from overlord.games.heroes.board_drawing import COVERED, ENTRY, PITCH, STEP, field_points
from overlord.games.heroes.regions import RegionsModel, build_board
from overlord.sim.play import play
from overlord.view.svg import render

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
GAMES = [("dragon", 3, 2, 3), ("dragon", 11, 4, 5), ("dragon-duel", 5, 2, 4)]    # scenario, seed, heroes, rounds


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}-seed{g[1]}-{g[2]}heroes-{g[3]}rounds")
def played(request):
    scenario, seed, heroes, rounds = request.param
    rules, content, _ = registry.open_scenario(scenario)
    match = play(rules, content, seed, heroes, "heuristic", rounds)[0]
    table = rules.table(match)
    return match, table, table.drawing()


def _here(picture: list[str]) -> dict[str, list[str]]:
    """Field -> what the text picture lists on it ("  T4 ...  here: MAGE, Rondel")."""
    out = {}
    for line in picture:
        if "  here: " in line:
            out[line.split()[0]] = line.split("  here: ", 1)[1].split(", ")
    return out


def _titles(svg: str, cls: str) -> list[str]:
    root = ET.fromstring(svg)
    return [g.find(f"{SVG}title").text for g in root.iter() if cls in (g.get("class") or "").split()]


def test_every_figure_of_the_text_picture_is_a_piece_on_the_same_field(played):
    """What ``map`` lists on a field (heroes in capitals, a covered counter as such, any other
    counter by its name) and the pieces on that field are the same things."""
    match, table, d = played
    pictured = {fid: Counter(w.split(" (between")[0] for w in what) for fid, what in _here(table.picture()).items()}
    drawn: dict[str, Counter] = {}
    for p in d.pieces:
        shown = p.id.upper() if p.side == "heroes" else p.name
        drawn.setdefault(p.spaces[0], Counter())[shown] += 1
    assert drawn == pictured


@pytest.mark.parametrize("field, kind, words", [
    ("R4", "field", "a field"),
    ("R2", "smithy", "the Smithy"),
    ("R5", "hidden", "a hidden field: its route is found with two dice"),
    ("T5", "forest", "a hidden forest field: its route is found with two dice"),
    ("Y1", "water", "a field by the water"),
    ("V9", "lair", "the Dragon's Lair"),
    ("S3", "teleporter", "a teleporter of the City"),
    ("V10", "cave_mouth", "the Mouth of the Cave"),
])
def test_each_field_is_a_space_of_its_kind_with_legend_words(played, field, kind, words):
    """"There are tan fields. These are normal fields. Red fields are usually hidden routes. Green
    fields are hidden routes in a forest. Blue circles are fields adjacent to water"; a field with
    something printed on it (the Smithy, a teleporter) is of that kind, drawn square."""
    _, _, d = played
    space = d.space(field)
    assert (space.name, space.kind, d.legend[kind]) == (field, kind, words)
    assert space.shape == ("circle" if kind in ("field", "hidden", "forest", "water", "lair") else "rect")


def test_every_field_of_the_content_is_a_space_and_every_region_an_area_named_as_players_name_it(played):
    match, _, d = played
    board = match.content.board
    assert sorted(s.id for s in d.spaces) == sorted(board.fields)
    assert {a.id: (a.name, set(a.spaces)) for a in d.areas} == {
        letter: (board.names[letter], set(board.region_fields(letter))) for letter in board.grid}
    assert [a.name for a in d.areas][:3] == ["The Gate to the Underworld", "The City of the Mages", "The Elven Forest"]
    assert all("_" not in words for words in d.legend.values())


@pytest.mark.parametrize("a, b, kind, rule", [
    ("R4", "R6", "route", "a route of one map"),
    ("R6", "S8", "route", "the entry fields of two maps that touch are joined"),
    ("R6", "R5", "hidden route", "the route to a red field must be found"),
    ("T4", "T5", "hidden route", "the route to a green field must be found"),
    ("S1", "S3", "one way", "out of the City of the Mages to its teleporters, not back"),
    ("S11", "S2", "one way", "into the Garbage Dump"),
    ("U1", "U2", "dotted", "the Labyrinth's routes, only with its map"),
    ("Y5", "Y6", "ferry", "Orchan's ferry to the Isle"),
])
def test_the_routes_are_links_of_their_kind(played, a, b, kind, rule):
    _, _, d = played
    assert [k.kind for k in d.links if {k.a, k.b} == {a, b}] == [kind], rule
    if kind == "one way":
        assert any((k.a, k.b) == (a, b) for k in d.links), "a one-way link runs from where it may be walked"


def test_the_maps_are_laid_as_the_box_lays_them_with_each_entry_field_on_its_side(played):
    """R top left, Z bottom right, maps apart; an entry field at its side of its map; each field on
    the point of its map where the content draws it (``at``); and no route drawn through a field it
    does not reach."""
    match, _, d = played
    board = match.content.board
    centre = {s.id: s.centre() for s in d.spaces}
    box = {a.id: (min(centre[f][0] for f in a.spaces), min(centre[f][1] for f in a.spaces),
                  max(centre[f][0] for f in a.spaces), max(centre[f][1] for f in a.spaces)) for a in d.areas}
    for letter, (row, col) in board.grid.items():
        for other, (r2, c2) in board.grid.items():
            if (r2, c2) == (row, col + 1):
                assert box[letter][2] < box[other][0], f"{letter} lies west of {other}"
            if (r2, c2) == (row + 1, col):
                assert box[letter][3] < box[other][1], f"{letter} lies north of {other}"
        mine = board.region_fields(letter)
        for side, axis, pick in (("N", 1, min), ("S", 1, max), ("W", 0, min), ("E", 0, max)):
            entry = board.entry(letter, side)
            if entry:
                assert centre[entry][axis] == pick(centre[f][axis] for f in mine), f"{entry} on the {side} side"
    assert _drawn_through(centre, [(k.a, k.b) for k in d.links]) == []
    for fid, spec in board.fields.items():
        col, row = board.grid[spec.region][1], board.grid[spec.region][0]
        assert centre[fid] == pytest.approx((col * PITCH + spec.at[0] * STEP, row * PITCH + spec.at[1] * STEP)), \
            f"{fid} is drawn where the content places it"


def _drawn_through(centre: dict, links: list[tuple[str, str]]) -> list[str]:
    """The routes drawn straight through a field they do not reach (they would read as two)."""
    out = []
    for a, b in links:
        (ax, ay), (bx, by) = centre[a], centre[b]
        for f, (x, y) in centre.items():
            on_line = abs((bx - ax) * (y - ay) - (by - ay) * (x - ax)) < 1e-6
            within = min(ax, bx) <= x <= max(ax, bx) and min(ay, by) <= y <= max(ay, by)
            if f not in (a, b) and on_line and within:
                out.append(f"{a}-{b} through {f}")
    return out


def test_a_map_whose_fields_have_no_places_is_laid_out_all_the_same():
    """The shipped maps without their fields' places (``at``): each entry field at the middle of its
    side, every field on a point of its own, no route drawn through a field."""
    raw = yaml.safe_load((ROOT / "decks" / "dragon" / "regions.yaml").read_text())["dragon_regions"]
    for region in raw["regions"].values():
        for f in region["fields"]:
            del f["at"]
    board = build_board(RegionsModel(**raw))
    for letter in board.grid:
        points = field_points(board, letter)
        assert len(set(points.values())) == len(points) == len(board.region_fields(letter))
        assert {f: points[f] for f in points if board.field(f).side} == \
            {f: ENTRY[board.field(f).side] for f in points if board.field(f).side}
        mine = board.region_fields(letter)
        links = [(a, b) for a in mine for b in (*board.walk[a], *board.dotted[a]) if b in mine]
        assert _drawn_through({f: (float(x), float(y)) for f, (x, y) in points.items()}, links) == [], letter


def test_a_covered_counter_tells_nothing_of_what_it_is(played):
    """Every covered counter is the same piece but for where it lies: neither its id, nor its name,
    its letter or what pointing at it tells names the counter under it."""
    match, _, d = played
    s, c = match.state, match.content
    covered = [p for p in d.pieces if p.name == COVERED]
    assert len(covered) == sum(1 for here in s.board.values() for i in here if i in s.down) > 0
    for p in covered:
        fid = p.spaces[0]
        assert (p.side, p.letter) == ("neutral", "?") and p.id.startswith(f"covered {fid}")
        what = p.about.split(" on ")[0] + p.about.split(":", 1)[1]      # the about but where it lies
        for inst in (i for i in s.board[fid] if i in s.down):
            spec = c.spec(inst)
            for told in (p.id, p.name, what):
                assert inst not in told and spec.name not in told and spec.text not in told
    assert len({p.about.split(" on ")[0] + p.about.split(":", 1)[1] for p in covered}) == 1
    ids = {g.get("data-piece") for g in ET.fromstring(render(d)).iter() if g.get("data-piece")}
    assert ids.isdisjoint(s.down)


def test_the_svg_has_a_title_per_piece_saying_what_it_is_and_where(played):
    match, _, d = played
    titles = _titles(render(d), "piece")
    assert titles == [p.about for p in d.pieces]
    for h in match.state.heroes:
        hs = match.state.at[h]
        if not hs.out:
            hero = match.content.heroes[h].name
            assert f"{hero} (hero) " in titles[[p.id for p in d.pieces].index(h)]
    assert any(t.startswith("the Dragon (") for t in titles)


def test_each_heros_last_moves_are_a_path_ending_where_he_stands(played):
    """The log's moves of each hero's last turn that moved him, field by field from where the turn
    began: the path ends where the hero stands (he did not die since)."""
    match, _, d = played
    s = match.state
    assert d.paths
    for path in d.paths:
        hs = s.at[path.who]
        assert path.spaces[-1] in (hs.field, hs.between), path
        assert path.why.startswith(f"{match.content.heroes[path.who].name}'s turn in round ")


def test_a_hero_searching_for_a_hidden_route_stands_between_the_two_fields():
    """"The game figure is placed in between the two fields" (Hidden Routes)."""
    rules, content, _ = registry.open_scenario("dragon")
    match = play(rules, content, 3, 2, "heuristic", 1)[0]
    hero = match.state.heroes[0]
    match.state.at[hero].field, match.state.at[hero].between = "R6", "R5"
    piece = next(p for p in rules.table(match).drawing().pieces if p.id == hero)
    assert piece.spaces == ("R6", "R5")
    assert " between R6 and R5, searching for the hidden route, " in piece.about
