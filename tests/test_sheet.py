"""A board to print (overlord/view/sheet.py, issue 42's first part): the drawing at a physical scale,
each space with its id, a legend, a scale bar, cut into pages that overlap where the board is larger
than the paper."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from overlord.games import registry
from overlord.games.descent.drawing import encounter_drawing
from overlord.session.session import Session
from overlord.view.drawing import Drawing, Link, Marker, Piece, Space
from overlord.view.sheet import Paper, pages
from web_helpers import PARTIES

SVG = "{http://www.w3.org/2000/svg}"


def corridor(n: int) -> Drawing:
    """n squares in a row, 0 to n-1, the last an exit; a hero on 0, a search token on 1."""
    return Drawing("corridor", [Space(str(i), i, 0, "exit" if i == n - 1 else "floor") for i in range(n)],
                   links=[Link("0", str(n - 1), "route")], pieces=[Piece("bo", "Bo", "heroes", "B", ("0",))],
                   markers=[Marker("1", "token", "a search token")],
                   legend={"floor": "floor", "exit": "the way out", "token": "a search token", "route": "a route"})


def ids_on(page: str) -> set[str]:
    """The ids written whole inside the page's window (the clip rectangle)."""
    root = ET.fromstring(page)
    clip = root.find(f".//{SVG}clipPath/{SVG}rect")
    x0, y0 = float(clip.get("x")), float(clip.get("y"))
    x1, y1 = x0 + float(clip.get("width")), y0 + float(clip.get("height"))
    return {t.get("data-space") for t in root.iter(f"{SVG}text") if "id" == t.get("class")
            and x0 < float(t.get("x")) < x1 and y0 < float(t.get("y")) < y1}


def shapes_on(page: str) -> set[str]:
    """The ids of the spaces drawn on the page (an id too small to write is told by its shape)."""
    return {e.get("data-space") for e in ET.fromstring(page).iter() if e.get("class") == "space"}


def test_a_small_board_is_one_page_at_its_size_with_every_id_and_no_figure():
    [page] = pages(corridor(3), unit_mm=25)
    root = ET.fromstring(page)
    assert (root.get("width"), root.get("height")) == ("297.0mm", "210.0mm")      # A4 landscape, at 100 %
    assert ids_on(page) == {"0", "1", "2"}
    assert not [g for g in root.iter() if "piece" in (g.get("class") or "")]      # the players put theirs
    assert "print at 100 % (actual size): the bar below is 5 cm" in page
    legend = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "legend-words"]
    assert legend == ["floor", "the way out", "a route", "a search token"]


def test_the_scale_is_the_units_millimetres():
    """The board's group maps a unit of the drawing (the picture's 40 pixels) to unit_mm millimetres."""
    page = pages(corridor(3), unit_mm=25)[0]
    board = next(g for g in ET.fromstring(page).iter(f"{SVG}g") if g.get("class") == "board")
    assert "scale(0.62500)" in board.get("transform")                        # 25 mm / 40 px


@pytest.mark.parametrize("n, unit, count", [
    (11, 25, 1),        # 277 mm hold 11 squares of 25 mm: one page
    (12, 25, 2),        # one more: two pages, overlapping by one square
    (30, 25, 3),        # 11 squares a page, 10 new on each after the first
])
def test_a_board_wider_than_the_paper_is_cut_into_overlapping_pages(n, unit, count):
    cut = pages(corridor(n), unit_mm=unit)
    assert len(cut) == count
    seen = [ids_on(p) for p in cut]
    assert set().union(*seen) == {str(i) for i in range(n)}                  # every square on a page, whole
    for a, b in zip(seen, seen[1:]):
        assert a & b, "two pages side by side share a column of squares"
    if count > 1:
        assert f"page {count} of {count}: row 1, column {count}" in cut[-1]
    else:                                                     # one page: nothing to lay beside it
        assert "page 1 of 1" not in cut[0]


@pytest.mark.parametrize("unit, refusal", [(0, "a unit is a positive number of millimetres, not 0"),
                                           (-3, "not -3"),
                                           (150, "the paper holds less than two units a page")])
def test_a_scale_that_cannot_be_printed_is_refused(unit, refusal):
    with pytest.raises(ValueError, match=refusal):
        pages(corridor(3), unit_mm=unit)


def test_a_larger_paper_takes_more_of_the_board():
    assert len(pages(corridor(30), unit_mm=25, paper=Paper(420, 297))) == 2         # A3 landscape


@pytest.mark.parametrize("scenario", sorted(PARTIES))
def test_every_space_of_a_shipped_board_is_printed_with_its_id(scenario):
    session, _ = Session.start(*registry.open_scenario(scenario), PARTIES[scenario], 4)
    try:
        drawing = session.table.drawing()
        cut = pages(drawing, unit_mm=20)
        written = set().union(*(ids_on(p) for p in cut))
        small = {s.id for s in drawing.spaces if min(s.w, s.h) * 20 < 12}       # an exit's square: 10 mm
        assert written | small == {s.id for s in drawing.spaces}
        assert small <= set().union(*(shapes_on(p) for p in cut))
    finally:
        session.close()


# -- Forgotten Souls' Exploration cards, to print (issue 42: "Forgotten Souls' map with its terrain
#    legend and coordinates") -----------------------------------------------------------------------
def _quest():
    return registry.open_scenario("forgotten-souls")[1]


@pytest.mark.parametrize("card", [c.id for c in _quest().exploration])
def test_each_exploration_cards_map_prints_every_square_and_what_the_players_set_on_it(card):
    """Every square of the card's rows with its X,Y; the entrance, the exit, the heroes' starting
    squares, each spawn and each token written on its square."""
    c = next(x for x in _quest().exploration if x.id == card)
    drawing = encounter_drawing(c)
    cells = {f"{x},{y}" for y, row in enumerate(c.map.rows) for x, ch in enumerate(row) if ch != " "}
    cut = pages(drawing, unit_mm=25.4)
    assert set().union(*(ids_on(p) for p in cut)) == cells
    words = [t.text for p in cut for t in ET.fromstring(p).iter(f"{SVG}text") if t.get("class") == "marker-words"]
    text = " ".join(words)
    expected = [s.group for s in c.map.spawns] + [t.token.replace("-", " ") for t in c.map.tokens]
    expected += ["a hero starts here"] * bool(c.map.hero_start) + ["the exit"] * (c.map.exit is not None) \
        + ["the entrance"] * (c.map.entrance is not None)
    for e in expected:
        assert e in text, (e, words)
    assert {m.space for m in drawing.markers} <= cells


def test_a_spawn_for_more_heroes_says_so():
    onset = next(c for c in _quest().exploration if c.id == "the-onset")
    named = {m.space: m.name for m in encounter_drawing(onset).markers if m.kind == "spawn"}
    assert named["3,1"] == "zombie minion (3+ heroes)" and named["1,1"] == "barghest minion"
