"""The board as drawing data and one SVG renderer for it (issue 41's first part: "Each game tells
the framework what to draw as plain data (nodes with positions, edges, areas, figures, markers, the
last move's path); one renderer draws SVG for any of them ... hovering or tapping a figure tells
what it is and where"; "shapes and letters beside colour"; "a table of positions as the text
alternative of the board")."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from overlord.games import registry
from overlord.sim.play import play
from overlord.view.drawing import Area, Drawing, Link, Marker, Path, Piece, Space
from overlord.view.svg import centre_of, render
from session_helpers import TableSession
from tinygame.game import GAME as TINY

SVG = "{http://www.w3.org/2000/svg}"

#  0   1   2
#  .   .   X        a corridor of three squares, a hero on 0, a monster on 2; a route 0-2
CORRIDOR = Drawing("corridor", [Space("0", 0, 0, "floor", "first"), Space("1", 1, 0, "floor"), Space("2", 2, 0, "exit")],
                   links=[Link("0", "2")], pieces=[Piece("bo", "Bo", "heroes", "B", ("0",)),
                                                   Piece("orc", "Orc", "monsters", "o", ("2",), "Orc, 3 health")],
                   markers=[Marker("1", "token", "a search token")], paths=[Path("orc", ("1", "2"), "engages Bo")])


def _titles(svg: str, cls: str) -> list[str]:
    root = ET.fromstring(svg)
    return [g.find(f"{SVG}title").text for g in root.iter() if cls in (g.get("class") or "").split()]


def test_every_piece_tells_what_it_is_and_where_when_pointed_at():
    svg = render(CORRIDOR)
    assert _titles(svg, "piece") == ["Bo (heroes) on first", "Orc, 3 health"]
    assert _titles(svg, "marker") == ["a search token on 1"]
    assert _titles(svg, "path") == ["orc: 1 -> 2 (engages Bo)"]


@pytest.mark.parametrize("side, shape", [("heroes", "circle"), ("monsters", "rect"), ("neutral", "polygon")])
def test_each_side_has_its_own_shape_and_every_piece_its_letter(side, shape):
    """Shapes and letters beside colour: nothing is told by colour alone."""
    d = Drawing("one", [Space("0", 0, 0)], pieces=[Piece("p", "P", side, "Q", ("0",))])
    piece = next(g for g in ET.fromstring(render(d)).iter() if "piece" in (g.get("class") or "").split())
    assert piece.find(f"{SVG}{shape}") is not None and piece.find(f"{SVG}text").text == "Q"


def test_the_picture_has_a_title_and_says_who_is_where():
    root = ET.fromstring(render(CORRIDOR, large=True, contrast=True))
    assert root.get("role") == "img" and root.find(f"{SVG}title").text == "corridor"
    assert root.find(f"{SVG}desc").text == "Bo (heroes) on first; Orc (monsters) on 2; a search token (marker) on 1"
    assert CORRIDOR.positions() == [("B", "Bo", "heroes", "first"), ("o", "Orc", "monsters", "2"),
                                    ("", "a search token", "marker", "1")]


@pytest.mark.parametrize("broken, refusal", [
    (Drawing("d", [Space("0", 0, 0)], pieces=[Piece("p", "P", "heroes", "P", ("9",))]), "piece p names no space '9'"),
    (Drawing("d", [Space("0", 0, 0)], paths=[Path("p", ("0", "7"))]), "path of p names no space '7'"),
    (Drawing("d", [Space("0", 0, 0), Space("0", 1, 0)]), "two spaces have one id"),
    (Drawing("d", [Space("0", 0, 0, shape="star")]), "shape 'star'"),
    (Drawing("d", [Space("0", 0, 0)], pieces=[Piece("p", "P", "villains", "P", ("0",))]), "side 'villains'"),
])
def test_a_drawing_that_names_what_it_does_not_have_is_refused(broken, refusal):
    with pytest.raises(ValueError, match=refusal):
        render(broken)


def test_the_tiny_games_table_draws_its_corridor():
    registry.register(TINY)
    content = TINY.load(TINY.example[0])
    match = TINY.new_match(content, ["ana", "bo"], 0)
    d = TINY.table(match).drawing().check()
    assert [p.letter for p in d.pieces] == ["A", "B", "W"] and len(d.spaces) == content.scenario.length
    assert "ana on space 0, health 3" in _titles(render(d), "piece")


def test_forgotten_souls_draws_its_squares_figures_and_the_monsters_last_moves():
    """The shipped quest after four rounds: every square of the dungeon with its terrain, each
    figure where the table's map shows it, and the paths of the last Activation card's moves, each
    ending where its monster stands."""
    rules, content, _ = registry.open_scenario("forgotten-souls")
    match = play(rules, content, 3, 2, "heuristic", 4)[0]
    table = rules.table(match)
    d = table.drawing()
    grid = [line[3:] for line in table.picture()[1:] if line[:3].strip().isdigit()]
    squares = {(x, y) for y, row in enumerate(grid) for x, ch in enumerate(row) if ch != " "}
    assert {(int(s.x), int(s.y)) for s in d.spaces} == squares
    for p in d.pieces:
        x, y = map(int, p.spaces[0].split(","))
        assert grid[y][x] == p.letter, p
    assert d.paths and all(d.paths[-1].spaces[-1] in p.spaces for p in d.pieces if p.id == d.paths[-1].who)
    root = ET.fromstring(render(d))
    assert len([g for g in root.iter() if "piece" in (g.get("class") or "").split()]) == len(d.pieces)


def test_a_kind_keeps_its_colour_whatever_the_board_holds_yet():
    """The legend's order gives the colours: a kind's colour does not shift as other kinds appear."""
    legend = {"floor": "floor", "water": "water"}
    alone = Drawing("d", [Space("0", 0, 0, "water")], legend=legend)
    beside = Drawing("d", [Space("0", 0, 0, "floor"), Space("1", 1, 0, "water")], legend=legend)

    def fill(d, sid):
        return next(e.get("fill") for e in ET.fromstring(render(d)).iter() if e.get("data-space") == sid)
    assert fill(alone, "0") == fill(beside, "1") != fill(beside, "0")


@pytest.mark.parametrize("label, above", [("middle", False), ("above", True)])
def test_an_area_names_itself_across_its_middle_or_above_it(label, above):
    d = Drawing("d", [Space("0", 0, 0), Space("1", 0, 1)], areas=[Area("a", "the Upper World", ("0", "1"), label=label)])
    text = next(e for e in ET.fromstring(render(d)).iter() if e.get("class") == "area")
    assert (float(text.get("y")) < 0) == above


def test_pieces_on_one_space_stand_side_by_side():
    """A counter under a hero is seen: pieces sharing their spaces are set apart, in their order."""
    d = Drawing("d", [Space("0", 0, 0)], pieces=[Piece("h", "Hero", "heroes", "H", ("0",)),
                                                 Piece("c", "Counter", "neutral", "?", ("0",))])
    letters = [e for e in ET.fromstring(render(d)).iter() if e.tag == f"{SVG}text" and e.text in ("H", "?")]
    assert [e.text for e in letters] == ["H", "?"] and float(letters[0].get("x")) < float(letters[1].get("x"))


@pytest.mark.parametrize("kind, drawn", [("route", 'stroke-dasharray="6 4"'), ("hidden route", 'stroke-dasharray="2 4"'),
                                         ("exit", 'stroke-width="2" >')])
def test_each_kind_of_link_is_drawn_its_own_way(kind, drawn):
    d = Drawing("d", [Space("0", 0, 0), Space("1", 1, 0)], links=[Link("0", "1", kind)])
    line = next(s for s in render(d).splitlines() if s.startswith("<line"))
    assert drawn in line


def test_a_one_way_link_has_its_arrow_half_way_pointing_its_way():
    """A one-way route's arrowhead lies half way along it, where no space covers it (a line's end
    marker lay under the space it points to), its tip toward the link's second space."""
    d = Drawing("d", [Space("0", 0, 0), Space("1", 4, 0)], links=[Link("0", "1", "one way")])
    (a, b), arrow = (centre_of(d, ("0",)), centre_of(d, ("1",))), ET.fromstring(render(d)).find(f".//{SVG}polygon[@class='arrow']")
    tip = [float(v) for v in arrow.get("points").split()[0].split(",")]
    assert a[0] < (a[0] + b[0]) / 2 < tip[0] < b[0] and tip[1] == pytest.approx(a[1])


@pytest.mark.parametrize("scenario, heroes", [("forgotten-souls", ["leoric", "tarha"]), ("underworld", ["bard", "gladiator"]),
                                              ("heldentaufe", ["erla", "corlof"]), ("dragon", ["orc", "paladin"])])
def test_picture_at_the_table_writes_the_board_beside_the_save(scenario, heroes, tmp_path):
    """`picture` typed at the table: the board as SVG in FILE.svg beside the save, every figure on it."""
    session, _ = TableSession.start(scenario, heroes, 1, tmp_path / "game.db")
    try:
        reply = session.execute("picture")
        drawing = session.table.drawing()
    finally:
        session.close()
    assert reply.ok and reply.lines == [f"the board is drawn in {tmp_path / 'game.svg'}: open it in a browser, or print it"]
    root = ET.parse(tmp_path / "game.svg").getroot()
    assert len([g for g in root.iter() if "piece" in (g.get("class") or "").split()]) == len(drawing.pieces) > 0


@pytest.mark.parametrize("typed, save, refusal", [
    ("picture big", True, r"picture takes no words"),
    ("picture", False, r"picture needs a save file \(--save FILE\)"),
])
def test_picture_refusals(typed, save, refusal, tmp_path):
    session, _ = TableSession.start("forgotten-souls", ["leoric", "tarha"], 1, tmp_path / "game.db" if save else None)
    try:
        reply = session.execute(typed)
    finally:
        session.close()
    assert not reply.ok and re.search(refusal, reply.lines[0]) and not (tmp_path / "game.svg").exists()


def test_a_picture_that_cannot_be_written_is_one_line_and_the_game_goes_on(tmp_path):
    (tmp_path / "game.svg").mkdir()                       # where the picture would go is a folder
    session, _ = TableSession.start("forgotten-souls", ["leoric", "tarha"], 1, tmp_path / "game.db")
    try:
        reply = session.execute("picture")
        after = session.execute("status")
    finally:
        session.close()
    assert not reply.ok and re.fullmatch(r".*game\.svg: cannot write the picture \(is a directory\)", reply.lines[0])
    assert after.ok
