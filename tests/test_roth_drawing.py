"""Return of the Heroes' board as a picture (issue 43: "fields get positions so the board can be
drawn"): the sixteen maps of decks/roth/regions.yaml drawn as the Heroes family draws its region
boards, every field once and every route once - read from the shipped file itself, so that a map
changed there cannot drop a field or a route from the picture unseen -, the lake's crossings set
apart, the book's named places named, each map's name clear of its fields; docs/roth-board.svg is
that picture as it is drawn today."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
import yaml

from overlord.games.roth.drawing import LAKE, board_drawing, places, shipped_board
from overlord.games.roth.regions import NAMED
from overlord.view.svg import UNIT, render

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "decks" / "roth" / "regions.yaml"
DOC = ROOT / "docs" / "roth-board.svg"
SVG = "{http://www.w3.org/2000/svg}"
STEP = {"E": (0, 1), "S": (1, 0)}          # the map to the east of a map, the map to its south


def shipped() -> dict:
    return yaml.safe_load(FILE.read_text(encoding="utf-8"))["roth_regions"]


def fields_in_file() -> list[str]:
    return [f"{letter}{f['n']}" for letter, region in shipped()["regions"].items() for f in region["fields"]]


def routes_in_file() -> set[frozenset[str]]:
    """Every route of the file: each map's routes, and the entry fields of two maps that touch
    ("each map has at most one entry field on each side, and the entry fields of two maps that
    touch are joined by a route" - the family's reading of the maps laid side by side)."""
    data = shipped()
    out = set()
    for letter, region in data["regions"].items():
        for kind in ("routes", "oneway", "dotted"):
            out |= {frozenset((f"{letter}{a}", f"{letter}{b}")) for a, b in region.get(kind, [])}
    grid = {(r, c): letter for r, row in enumerate(data["layout"]) for c, letter in enumerate(row)}
    entry = {(letter, f["side"]): f"{letter}{f['n']}" for letter, region in data["regions"].items()
             for f in region["fields"] if f.get("side")}
    for (r, c), letter in grid.items():
        for side, (dr, dc) in STEP.items():
            other = grid.get((r + dr, c + dc))
            back = {"E": "W", "S": "N"}[side]
            if other and (letter, side) in entry and (other, back) in entry:
                out.add(frozenset((entry[letter, side], entry[other, back])))
    return out


@pytest.fixture(scope="module")
def drawing():
    return board_drawing()


@pytest.fixture(scope="module")
def svg(drawing):
    return ET.fromstring(render(drawing))


def _centres(svg) -> dict[tuple[float, float], str]:
    """Each field's centre in the picture -> the field drawn there."""
    out = {}
    for e in svg.iter():
        if e.get("class") != "space":
            continue
        if e.tag == f"{SVG}circle":
            at = (float(e.get("cx")), float(e.get("cy")))
        else:
            at = (float(e.get("x")) + float(e.get("width")) / 2, float(e.get("y")) + float(e.get("height")) / 2)
        out[(round(at[0], 1), round(at[1], 1))] = e.get("data-space")
    return out


def _lines(svg) -> list[tuple[frozenset[str], str, str]]:
    """Each route drawn: the two fields its line joins, its kind and its colour."""
    centres = _centres(svg)
    out = []
    for e in svg.iter(f"{SVG}line"):
        ends = [centres[(round(float(e.get(f"x{i}")), 1), round(float(e.get(f"y{i}")), 1))] for i in (1, 2)]
        out.append((frozenset(ends), e.get("data-kind"), e.get("stroke")))
    return out


def test_the_picture_draws_every_field_of_the_file_once(svg):
    """Every field of the sixteen maps ("Each circle on the region map counts as one field") is one
    shape of the picture, named as players type it."""
    drawn = Counter(e.get("data-space") for e in svg.iter() if e.get("class") == "space")
    expected = fields_in_file()
    assert len(expected) == len(set(expected))
    assert sorted(drawn) == sorted(expected)
    assert set(drawn.values()) == {1}


def test_the_picture_draws_every_route_of_the_file_once(svg):
    """Every route of the file, and every join of two maps' entry fields, is one line between the
    two fields it joins ("Movement is effected by following the routes from field to field")."""
    drawn = Counter(ends for ends, _, _ in _lines(svg))
    assert set(drawn) == routes_in_file()
    assert set(drawn.values()) == {1}


def test_each_field_lies_where_the_file_draws_it(drawing):
    """A field's ``at`` is its column and row on its map's 5 x 5 points: two fields of one map lie
    as far apart in the picture as their points."""
    for letter, region in shipped()["regions"].items():
        first = region["fields"][0]
        origin = drawing.space(f"{letter}{first['n']}").centre()
        for f in region["fields"][1:]:
            x, y = drawing.space(f"{letter}{f['n']}").centre()
            step = [(x - origin[0]), (y - origin[1])]
            want = [f["at"][0] - first["at"][0], f["at"][1] - first["at"][1]]
            assert [round(s / 1.5, 6) for s in step] == want, f"{letter}{f['n']}"


def test_the_lake_crossings_are_drawn_apart_from_every_other_route(svg):
    """"Moving from one blue field to another blue field over the two routes (in region L) costs
    the exorbitant price of one gold piece" (Return of the Heroes, Fields and Hidden Locations):
    the two routes between blue fields are drawn as the lake's, in a colour no other route has."""
    lines = _lines(svg)
    blue = {f"{letter}{f['n']}" for letter, region in shipped()["regions"].items() for f in region["fields"]
            if f.get("colour") == "blue"}
    crossings = {ends for ends, _, _ in lines if ends <= blue}
    assert len(crossings) == 2
    assert {ends for ends, kind, _ in lines if kind == LAKE} == crossings
    colours = {colour for ends, kind, colour in lines if kind == LAKE}
    assert len(colours) == 1 and not colours & {colour for _, kind, colour in lines if kind != LAKE}


@pytest.mark.parametrize("fid, what", [
    ("H3", "the tower of the Nameless (The Final Battle Against the Nameless)"),
    ("N5", "the Temple (Hit Points)"),
    ("I5", "the White Village (Hit Points)"),
    ("O5", "the Fountain of Life (Hit Points)"),
    ("F7", "Don Hobiro (The Instructors)"),
    ("O3", "Mirabar (The Instructors)"),
    ("J3", "Gasconier (The Instructors)"),
    ("L4", "the boat (Lake Crossing: 'the crossing from L4 is free')"),
    ("G2", "the town of Zenda (ours: G2)"),
    ("J7", "the royal court of King Foebus (ours: J7)"),
    ("A2", "the fighter's manor (ours)"), ("B2", "the cleric's manor (ours)"), ("D2", "the mage's manor (ours)"),
    ("M2", "the elf's manor (ours)"), ("P2", "the dwarf's manor (ours)"),
    ("F5", "the merchant (Tasks)"), ("E6", "the Book of Curses (Tasks)"), ("K6", "the Lizard People (Heroic Deeds)"),
    ("C8", "the Gnomes (Heroic Deeds)"),
])
def test_each_named_place_is_named_on_its_field(drawing, svg, fid, what):
    """The book's named places carry their names in the picture, written above their field."""
    named = [a for a in drawing.areas if a.kind == "place" and a.spaces == (fid,)]
    assert len(named) == 1 and named[0].name
    written = [e for e in svg.iter(f"{SVG}text") if e.get("class") == "area" and e.find(f"{SVG}title").text == named[0].name]
    x, _ = drawing.space(fid).centre()
    assert any(abs(float(e.get("x")) - x * UNIT) < 0.1 for e in written)


def test_the_four_guards_posts_around_the_tower_are_named():
    """"the four fields surrounding the tower (H3)" (The Final Battle Against the Nameless): each of
    the Guards' posts is named a Guard's, and every field NAMED holds is named."""
    board = shipped_board()
    named = places(board)
    posts = list(board.walk["H3"])
    assert len(posts) == 4 and all(named[p] == "Guard" for p in posts)
    assert set(NAMED) <= set(named)


def _written(drawing, svg) -> list[tuple[str, str, float, float, float, float]]:
    """Every name the picture writes, a map's or a place's (the renderer writes them in the order of
    the drawing's areas): its area's kind, the name and the box it takes - about 0.6 of its size a
    letter wide, its size high above its baseline."""
    out = []
    texts = [e for e in svg.iter(f"{SVG}text") if e.get("class") == "area"]
    assert len(texts) == len(drawing.areas)
    for area, e in zip(drawing.areas, texts):
        assert e.find(f"{SVG}title").text == area.name
        x, y, size = float(e.get("x")), float(e.get("y")), float(e.get("font-size"))
        half = len(area.name) * size * 0.6 / 2
        out.append((area.kind, area.name, x - half, y - size, x + half, y))
    return out


def test_region_h_writes_its_name_above_the_map(drawing):
    """Region H, "Nameless" (Alternative Rules: The Standard Game), has its tower and the Guards'
    posts in the middle of the map, where a map's name is written: its name goes above it."""
    (h,) = [a for a in drawing.areas if a.id == "H"]
    assert (h.name, h.label) == ("Nameless", "above")


def test_the_documented_picture_is_the_board_as_drawn_today(drawing):
    """docs/roth-board.svg is the picture the program draws of the shipped maps (re-draw it with
    ``render(board_drawing())`` when the maps change)."""
    assert DOC.read_text(encoding="utf-8") == render(drawing) + "\n"


def test_no_name_covers_a_field(drawing, svg):
    """Each map's name, written across its fields' middle or above the map, and each place's name,
    written above its field, leave every field of the board clear."""
    boxes = _written(drawing, svg)
    assert sum(kind != "place" for kind, *_ in boxes) == 16
    for sp in drawing.spaces:
        cx, cy, r = sp.centre()[0] * UNIT, sp.centre()[1] * UNIT, sp.w * UNIT / 2
        for _, name, left, top, right, bottom in boxes:
            assert not (left - r < cx < right + r and top - r < cy < bottom + r), (name, sp.id)


def test_no_two_names_meet(drawing, svg):
    """No two written names overlap: two neighbours' names would read as one ("Mirabar Fountain")."""
    boxes = _written(drawing, svg)
    for i, (_, a, l1, t1, r1, b1) in enumerate(boxes):
        for _, b, l2, t2, r2, b2 in boxes[i + 1:]:
            assert not (l1 < r2 and l2 < r1 and t1 < b2 and t2 < b1), (a, b)
