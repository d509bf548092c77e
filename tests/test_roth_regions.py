"""Return of the Heroes' sixteen region maps (decks/roth/regions.yaml) against the book: the maps
laid four by four, the fields the book names at the ids every RotH file uses, the tower and its
four guard posts, the lake of region L, the hidden fields' numbers, every field reached from every
manor, and `overlord validate` naming file, line and column for a slip in the maps."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from overlord.content.validate import load_content
from overlord.games import registry
from overlord.games.heroes.regions import HIDDEN, SIDES, build_board
from overlord.games.roth.content import REGIONS as LAYOUT_LETTERS
from overlord.games.roth.regions import (BOAT_FIELD, BOAT_FIELDS, MANORS, NAMED, SEPARATED, guard_posts, home_manor,
                                        lake_routes, start_field)

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "decks" / "roth" / "regions.yaml"
_BOARD: list = []


def board():
    if not _BOARD:
        registry.games()                                # the content kinds, as `overlord validate` has them
        loaded = load_content(FILE)
        assert not loaded.problems, loaded.problems
        _BOARD.append(build_board(loaded.model.roth_regions))
    return _BOARD[0]


def run(*args):
    result = CliRunner().invoke(cli.main, list(args))
    assert "Traceback" not in result.output
    return result


def test_the_shipped_maps_are_clean():
    out = run("validate", str(FILE))
    assert out.exit_code == 0, out.output
    assert out.output.strip() == "1 file checked: no problems"


def test_sixteen_maps_laid_four_by_four():
    """Alternative Rules, The Standard Game: "The regions 'Nameless' (H) and 'Temple' (N) are
    separated ... The home regions are placed on the corners of the map." Sixteen maps A to P, four
    rows of four; touching maps are joined entry field to entry field."""
    b = board()
    assert [[c for c, rc in sorted(b.grid.items(), key=lambda kv: kv[1]) if rc[0] == r] for r in range(4)] == [
        list("ABCD"), list("EFGH"), list("IJKL"), list("MNOP")]
    assert (b.names["H"], b.names["N"]) == ("Nameless", "Temple")
    assert b.adjacent_regions("A") == ["B", "E"] and b.adjacent_regions("F") == ["B", "G", "J", "E"]
    assert b.entry("G", "E") in b.walk[b.entry("H", "W")] and b.entry("H", "S") in b.walk[b.entry("L", "N")]


def test_every_map_has_an_end_on_each_side_and_nothing_wraps():
    """Alternative Rules, The Unknown Land: "If I enter the region from the north, the chits are
    placed on the fields on the east and west ends of the region. If I'm coming from the west, they
    are put on the north and south ends." Every map has an entry field on each side; on the board's
    edge it leads nowhere else."""
    b = board()
    assert all(b.entry(c, side) for c in b.grid for side in SIDES)
    assert all(b.region_of(f) == "A" for f in b.walk[b.entry("A", "N")] + b.walk[b.entry("A", "W")])
    assert all(b.region_of(f) == "P" for f in b.walk[b.entry("P", "S")] + b.walk[b.entry("P", "E")])


@pytest.mark.parametrize("fid, feature, name, colour, book", [
    pytest.param("H3", "tower", "The Tower of the Nameless", "tan",
                 "The Final Battle Against the Nameless: \"It is put on its location, H3.\"", id="H3"),
    pytest.param("N5", "temple", "The Temple", "tan",
                 "Hit Points: \"In the Temple (N5) and White Village (I5), you acquire one hit point per turn sat out\"", id="N5"),
    pytest.param("I5", "village", "The White Village", "tan", "Hit Points: \"Temple N5 and White Village I5\"", id="I5"),
    pytest.param("O5", "fountain", "The Fountain of Life", "tan",
                 "Hit Points: \"At the Fountain of Life (O5), roll one die and restore that number of hit points\"", id="O5"),
    pytest.param("F7", "instructor", "Don Hobiro's Home", "tan", "The Instructors: \"Don Hobiro (F7) - Range combat\"", id="F7"),
    pytest.param("O3", "instructor", "Mirabar's Home", "tan", "The Instructors: \"Mirabar (O3) - Magic combat\"", id="O3"),
    pytest.param("J3", "instructor", "Gasconier's Home", "tan", "The Instructors: \"Gasconier (J3) - Close combat\"", id="J3"),
    pytest.param("F5", "", "The Merchant", "tan", "Tasks: \"F5 Escort this merchant to Zenda\"", id="F5"),
    pytest.param("E6", "", "The Book of Curses", "tan", "Tasks: \"E6 Find the Book of Curses\"", id="E6"),
    pytest.param("K6", "", "The Lizard People", "tan", "Heroic Deeds: \"Vanquish the Lizard People (K6)\"", id="K6"),
    pytest.param("C8", "", "The Gnomes", "tan", "Heroic Deeds: \"its lawful owner, the Gnomes (C8)\"", id="C8"),
    pytest.param("L4", "boat", "The Boat", "blue",
                 "Lake Crossing: \"If the boat is in play, the crossing from L4 is free.\"", id="L4"),
    pytest.param("G2", "town", "Zenda", "tan", "ours: Tasks name \"Zenda\" without coordinates", id="G2"),
    pytest.param("J7", "court", "The Court of King Foebus", "tan",
                 "ours: Option 2, \"picked up in the royal court. King Foebus does not have to be present\"", id="J7"),
    pytest.param("A2", "manor", "The Fighter's Manor", "tan", "ours: \"put your manor house next to it\"", id="A2"),
    pytest.param("B2", "manor", "The Cleric's Manor", "tan", "ours", id="B2"),
    pytest.param("D2", "manor", "The Mage's Manor", "tan", "ours", id="D2"),
    pytest.param("M2", "manor", "The Elf's Manor", "tan", "ours", id="M2"),
    pytest.param("P2", "manor", "The Dwarf's Manor", "tan", "ours", id="P2"),
])
def test_the_named_fields(fid, feature, name, colour, book):
    f = board().field(fid)
    assert (f.feature, f.name, f.colour, f.side) == (feature, name, colour, None)
    assert NAMED[fid].feature == feature and (NAMED[fid].source == "ours") == book.startswith("ours")


def test_every_named_field_is_in_the_table_and_the_manors_are_the_heroes():
    """What to Do First: "each player chooses one of four heroes - fighter, mage, elf or dwarf";
    Standard Game: "You can pick one of the five heroes"."""
    assert sorted(MANORS) == ["cleric", "dwarf", "elf", "fighter", "mage"]
    assert set(MANORS.values()) <= set(board().with_feature("manor"))
    named = {f for f, spec in board().fields.items() if spec.feature and spec.feature != "guard_post"}
    homes = {f for f in board().with_feature("manor") if f not in MANORS.values()}
    assert named == {f for f, n in NAMED.items() if n.feature} | homes


@pytest.mark.parametrize("letter", sorted(set(LAYOUT_LETTERS) - set(SEPARATED)))
def test_every_region_that_may_be_a_home_has_a_manor(letter):
    """The Standard Game: "The regions 'Nameless' (H) and 'Temple' (N) are separated and rest
    shuffled. Subsequently, every player draws one region from the pack. This is their home region
    ... Your manor house is placed in your home region and your character on the field next to it"
    (ours: a manor field on each region but those two, joined to one plain tan field)."""
    b = board()
    manor = home_manor(b, letter)
    start = start_field(b, manor)
    assert b.region_of(start) == letter and b.field(start).colour == "tan" and not b.field(start).feature


@pytest.mark.parametrize("letter", SEPARATED)
def test_the_separated_regions_have_no_manor(letter):
    """The Standard Game: "The regions 'Nameless' (H) and 'Temple' (N) are separated": never a home."""
    assert not [f for f in board().region_fields(letter) if board().field(f).feature == "manor"]


def test_the_four_guard_posts_around_the_tower():
    """The Emergence of the Nameless: "The four guards are placed (values hidden) on their posts
    (dark blue fields surrounding the tower H3)"; "In order to challenge the Nameless, you must
    first overcome a guard": the tower is reached from its posts only. The posts' dark blue is
    drawn, not a colour that moves differently: tan fields with the feature guard_post (ours)."""
    b = board()
    assert guard_posts(b) == ["H5", "H6", "H7", "H8"]
    assert b.walk["H3"] == ("H5", "H6", "H7", "H8")
    assert {b.field(p).colour for p in guard_posts(b)} == {"tan"}
    assert all(b.region_of(p) == "H" and "H3" in b.walk[p] for p in guard_posts(b))


def test_the_lake_is_crossed_between_blue_fields_in_region_l():
    """Fields and Hidden Locations: "Moving from one blue field to another blue field over the two
    routes (in region L) costs the exorbitant price of one gold piece. This only changes if the
    boat is in play." Lake Crossing: "the crossing from L4 is free"."""
    b = board()
    assert lake_routes(b) == [("L4", "L6"), ("L4", "L8")]
    assert b.region_with("lake") == "L"
    assert [f for f, spec in b.fields.items() if spec.colour == "blue"] == ["L4", "L6", "L8"]
    assert all(BOAT_FIELD in route for route in lake_routes(b))


def test_the_boat_field_reading():
    """The book gives two fields for the boat: "Crossing the lake from the field where the boat
    lies (F4) is free" (Fields and Hidden Locations) and "the crossing from L4 is free" (Lake
    Crossing). Ours: L4, the lake being region L's; F4 is the other reading (boat_field)."""
    assert BOAT_FIELDS == ("L4", "F4") and BOAT_FIELD == "L4"
    assert board().field("F4").colour == "tan" and board().field("L4").feature == "boat"


def test_hidden_fields_carry_their_two_dice_number():
    """Fields and Hidden Locations: "red, green and yellow fields ... represent hidden locations. To
    enter these, you first must find the path ... By rolling equal to or less than the number
    displayed in the field with two dice."""
    b = board()
    hidden = [f for f in b.fields.values() if f.is_hidden]
    assert {f.colour for f in hidden} == set(HIDDEN) == {"red", "green", "yellow"}
    assert all(f.hidden is not None and 2 <= f.hidden <= 12 for f in hidden)
    assert all(f.hidden is None for f in b.fields.values() if not f.is_hidden)


@pytest.mark.parametrize("hero, manor", sorted(MANORS.items()))
def test_every_field_is_reached_from_every_manor(hero, manor):
    """What to Do First: "place your character on the indicated location and put your manor house
    next to it": the manor is joined to one tan field, where the hero starts, and from there every
    field of the board can be reached ("The last step ... is to travel to the tower of the Nameless")."""
    b = board()
    start = start_field(b, manor)
    assert start == manor[0] + "3" and b.field(start).colour == "tan"
    assert set(b.spaces_from([start])) == set(b.fields)


# -- a slip in the maps is one problem, at its line and column -------------------------------------

TEMPLE = "        - {n: 5, at: [3, 1], feature: temple, name: The Temple}"
TEMPLE_ROUTES = "      routes: [[1, 3], [2, 3], [3, 5], [4, 2], [9, 5], [4, 6], [9, 8], [6, 7], [7, 8], [10, 7], [5, 8], [10, 6]]"


@pytest.mark.parametrize("edits, expected", [
    pytest.param([("routes: [[1, 4], [3, 4], [4, 6]", "routes: [[1, 4], [3, 4], [4, 16]")],
                 ":55:36: routes 3: no field A16 (did you mean 'A6'?)", id="a route to a field that does not exist"),
    pytest.param([(TEMPLE, TEMPLE.replace("n: 5", "n: 11")), (TEMPLE_ROUTES, TEMPLE_ROUTES.replace("5", "11"), "name: Temple")],
                 ":245:9: no field N5, the Temple (Return of the Heroes, Hit Points) (did you mean 'N11'?)",
                 id="a named field missing"),
    pytest.param([("colour: yellow, hidden: 8}", "colour: yellow}")],
                 ":108:11: field E5 is yellow, a hidden field: give its number (hidden)", id="a hidden field without its number"),
    pytest.param([("feature: instructor, name: Don Hobiro's Home", "feature: instuctor, name: Don Hobiro's Home")],
                 ":125:39: regions, F, field 7, feature: 'instuctor' is not allowed (did you mean 'instructor'?)",
                 id="a misspelt feature"),
    pytest.param([("[5, 3], [6, 3], [7, 3], [8, 3]]", "[5, 3], [6, 3], [7, 3], [8, 3], [12, 3]]")],
                 ":151:11: the tower H3 is joined to H12: only its guard posts lead to it", id="a way into the tower past the guards"),
    pytest.param([("[4, 8], [4, 6], [11, 3]]", "[4, 8], [11, 3]]")],
                 ":226:15: region L has 1 route between blue fields, the book's 2 across the lake", id="one lake route"),
    pytest.param([("[2, 3]]\n    B:", "[2, 3], [2, 1]]\n    B:")],
                 ":45:11: manor A2 is joined to A1, A3: to one plain tan field, where its hero starts", id="a manor on the road"),
    pytest.param([("        - {n: 1, at: [2, 0], side: N}", "        - {n: 1, at: [2, 0]}", "name: Temple")],
                 ":245:9: region N has no entry field on side N: every map has one a side", id="a map without a northern end"),
    pytest.param([("[8, 9], [11, 8], [4, 3], [2, 3]]", "[8, 9], [4, 3], [2, 3]]")],
                 ":228:7: region M: M11 cannot be reached from the manor A2", id="a field nobody reaches"),
])
def test_a_slip_is_one_problem_named_by_file_line_and_column(tmp_path, edits, expected):
    path = tmp_path / "regions.yaml"
    shutil.copy(FILE, path)
    text = path.read_text()
    for old, new, *after in edits:              # (old, new[, the text the change comes after])
        at = text.index(after[0]) if after else 0
        assert old in text[at:], f"the test's anchor is gone: {old}"
        text = text[:at] + text[at:].replace(old, new, 1)
    path.write_text(text)
    out = run("validate", str(path))
    assert out.exit_code == 1
    lines = [line for line in out.output.splitlines() if line.startswith(str(path))]
    where, _, message = expected.partition(": ")
    assert len(lines) == 1 and lines[0].startswith(f"{path}{where}: ") and message in lines[0], out.output


def test_what_is_ours_is_marked_and_every_map_numbers_its_fields_from_one():
    """House rule: every number the book does not give is ours, and said so. The fields' numbers
    are ours but for the named ones: each map numbers its fields 1, 2, 3... without a gap (at least
    ten), so a counter's coordinates on any map up to 10 name a field."""
    text = FILE.read_text()
    ours = text.split("roth_regions:\n  ours: ", 1)[1].split("\n", 1)[0]
    assert "# Ours: every other field" in text
    assert all(fid in ours for fid, named in NAMED.items() if named.source == "ours")
    b = board()
    for letter in b.grid:
        numbers = sorted(b.field(f).n for f in b.region_fields(letter))
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 10, letter
