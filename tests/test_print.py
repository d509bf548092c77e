"""`overlord print` (issue 42): for each shipped scenario, a sheet of what the program's content
stands for where the box prints it otherwise - every field, tile, exit and id the game uses is on
it (worked out from the shipped content and the match, not from the sheet), every page fits its
paper and its ids are large enough to read; the command writes a PDF a page a sheet, or SVGs, and
refuses bad input in one line leaving nothing behind."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import lru_cache

import pytest

from cli_helpers import run
from overlord.core.game import Printout
from overlord.games import registry
from overlord.games.dragon.table import DragonTable
from overlord.view import pdf
from overlord.view.sheet import A4_LANDSCAPE, MARGIN_MM, HEADING_MM

SVG = "{http://www.w3.org/2000/svg}"
PARTIES = {"forgotten-souls": ["leoric", "tarha"], "underworld": ["bard", "gnome"], "heldentaufe": ["erla", "mathian"],
           "heldentaufe-race": ["erla", "mathian"], "dragon": ["paladin", "orc"], "dragon-duel": ["halfling", "paladin"]}


@lru_cache(maxsize=None)
def printed(scenario: str):
    rules, content, _ = registry.open_scenario(scenario)
    match = rules.new_match(content, PARTIES[scenario], 0)
    return match, rules.table(match).printout()


def roots(scenario: str) -> list[ET.Element]:
    return [ET.fromstring(p) for p in printed(scenario)[1].pages]


def written(scenario: str, title: str = "") -> set[str]:
    """The ids written on the pages (whose title holds ``title``)."""
    return {t.get("data-space") for r in roots(scenario) if title in r.findtext(f"{SVG}title")
            for t in r.iter(f"{SVG}text") if t.get("class") == "id"}


def drawn(scenario: str) -> set[str]:
    return {e.get("data-space") for r in roots(scenario) for e in r.iter() if e.get("class") == "space"}


def attribute(scenario: str, name: str) -> set[str]:
    return {e.get(name) for r in roots(scenario) for e in r.iter() if e.get(name)}


def words(scenario: str) -> str:
    return " ".join(t.text or "" for r in roots(scenario) for t in r.iter(f"{SVG}text"))


# -- every id the game uses is on its sheet ----------------------------------------------------------
def test_forgotten_souls_prints_the_starting_map_and_every_exploration_cards_squares():
    game, _ = printed("forgotten-souls")
    board, _ = game.board()
    start = {f"{x},{y}" for y, row in enumerate(board.rows) for x, ch in enumerate(row) if ch != " "}
    assert written("forgotten-souls", "the map at the start") == start
    for card in game.quest.exploration:
        cells = {f"{x},{y}" for y, row in enumerate(card.map.rows) for x, ch in enumerate(row) if ch != " "}
        assert written("forgotten-souls", f"({card.id})") == cells, card.id


def test_the_underworld_prints_every_tile_the_game_lays_with_each_of_its_exits_on_its_side():
    match, _ = printed("underworld")
    m = match.state.map
    tiles = {t.id for t in m.placed} | {t for stack in m.stacks for t in stack}
    assert len(tiles) == 48                                       # Styx and the three stacks
    assert written("underworld") == tiles                         # each tile's id written on it
    exits = {f"{t}:{side}" for t in tiles for side in m.catalogue[t].exits}
    assert exits <= drawn("underworld")
    for r in roots("underworld"):                                 # each exit by the middle of its side
        rects = {e.get("data-space"): e for e in r.iter(f"{SVG}rect") if e.get("class") == "space"}
        for sid, e in rects.items():
            if ":" not in sid:
                continue
            tile, side = sid.split(":")
            t, x, y = rects[tile], float(e.get("x")), float(e.get("y"))
            tx, ty, tw = float(t.get("x")), float(t.get("y")), float(t.get("width"))
            beyond = {"N": y < ty, "S": y >= ty + tw, "W": x < tx, "E": x >= tx + tw}[side]
            assert beyond and (tx < x < tx + tw or ty < y < ty + tw), sid
    assert "cut" in attribute("underworld", "class")                 # each tile inside its cut line


@pytest.mark.parametrize("scenario", ["heldentaufe", "heldentaufe-race"])
def test_heldentaufe_prints_the_underworld_layout_the_upper_world_tiles_and_the_missions(scenario):
    match, _ = printed(scenario)
    c, s = match.content, match.state
    assert {sid for sid in written(scenario) if sid.startswith("under ")} == {f"under {a}" for a in c.underworld.labels}
    told = words(scenario)
    for k in range(1, 6):
        assert f"portal {k}" in told
    for m in c.monsters.values():
        assert f"{m.name} nest" in told
    tiles = set(s.upper.values()) | set(s.tiles.draw)
    assert {sid for sid in written(scenario) if not sid.startswith("under ")} == tiles
    missions = {cid for h in s.heroes for cid in s.board[h].hand} | set(s.missions.draw)
    assert attribute(scenario, "data-card") == missions


@pytest.mark.parametrize("scenario", ["dragon", "dragon-duel"])
def test_the_dragon_prints_every_field_and_route_of_the_board(scenario):
    match, _ = printed(scenario)
    b = match.content.board
    assert written(scenario) == set(b.fields)
    routes = {frozenset((a, n)) for table in (b.walk, b.dotted) for a, ns in table.items() for n in ns}
    routes |= {frozenset(p) for p in b.ferries}
    drawn_by_a_field = set()                          # a route is drawn on the sheet of a field it joins
    for r in roots(scenario):
        here = {t.get("data-space") for t in r.iter(f"{SVG}text") if t.get("class") == "id"}
        drawn_by_a_field |= {frozenset(e.get("data-link").split()) for e in r.iter(f"{SVG}line")
                             if e.get("data-link") and set(e.get("data-link").split()) & here}
    assert drawn_by_a_field == routes


@pytest.mark.parametrize("scenario, cards", [
    ("underworld", {"bard", "gnome", "amazon-belt", "ambrosia"}),     # hero sheets with our numbers, items
    ("dragon", {"paladin", "orc", "saber", "lyre"}),                  # character sheets, artifacts
    ("dragon-duel", {"halfling", "paladin"}),
])
def test_the_cards_with_our_numbers_are_printed(scenario, cards):
    assert cards <= attribute(scenario, "data-card")


@pytest.mark.parametrize("scenario, chosen", [("underworld", ["gnome"]), ("dragon", ["orc", "mage"])])
def test_hero_sheets_are_every_heros_or_the_chosen_ones(scenario, chosen):
    rules, content, _ = registry.open_scenario(scenario)
    match = rules.new_match(content, chosen, 0)

    def sheets(printout) -> list[str]:
        return [g.get("data-card") for p in printout.pages for g in ET.fromstring(p).iter(f"{SVG}g")
                if g.get("data-card") and "hero sheet: " in "".join(g.itertext())]
    assert sheets(rules.table(match).printout(heroes=chosen)) == chosen
    assert sorted(sheets(rules.table(match).printout())) == sorted(rules.info(content).heroes)     # none chosen: all


def test_forgotten_souls_prints_no_card_the_box_has():
    assert attribute("forgotten-souls", "data-card") == set()        # hero sheets, Shop Items: the box's


# -- every page fits its paper, its ids are readable ------------------------------------------------------
def _scale(root: ET.Element) -> float | None:
    board = next((g for g in root.iter(f"{SVG}g") if g.get("class") == "board"), None)
    return None if board is None else float(re.search(r"scale\(([\d.]+)\)", board.get("transform")).group(1))


@pytest.mark.parametrize("scenario", sorted(PARTIES))
def test_every_page_fits_its_paper_and_every_written_id_is_at_least_2_5_mm(scenario):
    width, height = A4_LANDSCAPE
    for root in roots(scenario):
        assert (root.get("width"), root.get("height")) == (f"{width}mm", f"{height}mm")
        mm = _scale(root)
        if mm is None:                                             # a page of cards
            for card in root.iter(f"{SVG}rect"):
                x, y = float(card.get("x")), float(card.get("y"))
                assert MARGIN_MM <= x and x + float(card.get("width")) <= width - MARGIN_MM + 1e-6
                assert y + float(card.get("height")) <= height - MARGIN_MM + 1e-6
            continue
        clip = root.find(f".//{SVG}clipPath/{SVG}rect")
        assert MARGIN_MM + float(clip.get("width")) * mm <= width - MARGIN_MM + 1e-6
        assert MARGIN_MM + HEADING_MM + float(clip.get("height")) * mm <= height - MARGIN_MM + 1e-6
        sizes = [float(t.get("font-size")) * mm for t in root.iter(f"{SVG}text") if t.get("class") == "id"]
        assert min(sizes) >= 2.5, (scenario, min(sizes))


# -- the command -----------------------------------------------------------------------------------------
def test_a_pdf_has_a_page_for_every_sheet(tmp_path):
    out = tmp_path / "h.pdf"
    result = run("print", "heldentaufe", "--heroes", "erla,mathian", "-o", out)
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b", data)) == len(printed("heldentaufe")[1].pages) == 8
    assert "8 sheets written to" in result.output and "is 20 mm (ours; --unit MM" in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["h.pdf"]
    boxes = re.findall(rb"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]", data)                    # points: A4 landscape
    assert len(boxes) == 8 and {(round(float(w) * 25.4 / 72), round(float(h) * 25.4 / 72)) for w, h in boxes} == {(297, 210)}


def test_svg_output_is_a_file_a_sheet_numbered(tmp_path):
    result = run("print", "dragon-duel", "--heroes", "halfling,paladin", "-o", tmp_path / "d.svg")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == len(printed("dragon-duel")[1].pages) and "d-1.svg" in names and "d-14.svg" in names
    assert "sheet 3 of 14" in (tmp_path / "d-3.svg").read_text()


def test_one_sheet_is_one_svg_named_as_given(tmp_path, monkeypatch):
    one = Printout((printed("dragon")[1].pages[0],), "a region map's side", 135.0, ("a map",))
    monkeypatch.setattr(DragonTable, "printout", lambda self, unit=None, heroes=None: one)
    result = run("print", "dragon", "-o", tmp_path / "map.svg")
    assert result.exit_code == 0 and "1 sheet written to" in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["map.svg"]


def test_unit_sets_the_games_measure(tmp_path):
    result = run("print", "underworld", "--heroes", "bard", "--unit", "64", "-o", tmp_path / "u.svg")
    assert result.exit_code == 0, result.output
    assert "a map tile's side is 64 mm" in result.output
    assert "scale(0.40000)" in (tmp_path / "u-1.svg").read_text()           # 64 mm / 4 units / 40 px


@pytest.mark.parametrize("args, code, refusal", [
    (["nowhere"], 1, "nowhere: no such file, nor the name of a shipped scenario"),
    (["dragon", "--unit", "-3"], 2, "--unit -3: a size in millimetres is a positive number"),
    (["dragon", "--unit", "nan"], 2, "--unit nan: a size in millimetres is a positive number"),
    (["dragon", "-o", "{tmp}/x.txt"], 2, "the file is FILE.pdf or FILE.svg, not .txt"),
    (["dragon", "-o", "{tmp}/no/such/x.svg"], 1, "x-1.svg: cannot write it"),
    (["dragon", "--heroes", "bob"], 1, "unknown hero 'bob'"),
    (["forgotten-souls", "--unit", "200", "-o", "{tmp}/f.svg"], 1, "--unit 200: too large for A4 paper"),
])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, code, refusal):
    result = run("print", *[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert result.exit_code == code
    assert refusal in result.output and len(result.output.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_pdf_without_the_cairo_library_says_what_to_install(tmp_path, monkeypatch):
    def missing(pages):
        raise pdf.PdfUnavailable("no library called 'cairo-2' was found")
    monkeypatch.setattr("overlord.cli.pdf_bytes", missing)
    result = run("print", "dragon-duel", "-o", tmp_path / "d.pdf")
    assert result.exit_code == 1
    assert "install it (Debian: apt install libcairo2), or write SVG with -o" in result.output
    assert list(tmp_path.iterdir()) == []
