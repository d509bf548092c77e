"""Return of the Heroes' files checked together (a RotH scenario, ``overlord.games.roth.scenario``):
every field a counter, a deed or a hero names lies on the board, each counter has coordinates of
its own, a deed's counters are its own, each hero's manor is a manor field. Each slip is one
problem at its line in the file that names the thing, with the nearest name."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from roth_helpers import box_folder

@pytest.fixture
def box(tmp_path) -> Path:
    """The shipped files and a scenario naming them, in a folder of the test's own."""
    box_folder(tmp_path)
    return tmp_path


def validate(box: Path) -> list[str]:
    out = CliRunner().invoke(cli.main, ["validate", str(box / "roth.yaml")])
    assert "Traceback" not in out.output
    return out.output.splitlines()


def edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` in the file (every one: both sides of a hero's sheet); the 1-based line of the
    first change."""
    text = path.read_text()
    assert old in text, old
    at = text.index(old)
    path.write_text(text.replace(old, new))
    return text[:at].count("\n") + 1


def test_the_shipped_files_together_are_clean(box):
    assert validate(box)[-1] == "8 files checked (1 given and the 7 it names): no problems"


@pytest.mark.parametrize("file, old, new, message", [
    pytest.param("counters.yaml", "at: O5", "at: O15", "counter 'fountain-of-life': no field 'O15' on the board "
                 "(did you mean 'O5'?)", id="Drawing Counters: open counters are placed on their coordinates"),
    pytest.param("counters.yaml", "at: G2", "at: J6", "counter 'large-market': J6 holds the counter 'small-market' "
                 "already", id="each counter has coordinates of its own"),
    pytest.param("deeds.yaml", "at: K6", "at: K66", "deed 'axe-of-the-gnomes': no field 'K66' on the board",
                 id="Heroic Deeds: the Lizard People on K6"),
    pytest.param("deeds.yaml", "at: K6", "at: O5", "deed 'axe-of-the-gnomes', counter 'lizard-people': O5 holds the "
                 "counter 'fountain-of-life' already", id="a deed's counter on another counter's coordinates"),
    pytest.param("heroes.yaml", "manor: P2", "manor: P5", "is no manor field of the board (the manors: A2, B2, C11, "
                 "D2, E11, F11, G11, I11, J11, K11, L11, M2, O11, P2)", id="What to Do First: the manor house next to the hero's field"),
])
def test_a_field_no_board_has_or_one_held_twice_is_one_problem_at_its_line(box, file, old, new, message):
    line = edit(box / file, old, new)
    problems = validate(box)
    assert [p for p in problems if message in p and p.startswith(f"{box / file}:{line}:")], problems


def test_a_deed_counter_with_a_box_counters_id_is_refused(box):
    """Parts of a heroic deed "are only visible to the one with the matching heroic deed" (Counters):
    a counter of the box's by the same id would be one counter in two places."""
    edit(box / "counters.yaml", "\n  mice:", "\n  lizard-people:")
    deeds = (box / "deeds.yaml").read_text()
    line = deeds[:deeds.index("      lizard-people:")].count("\n") + 1
    problems = validate(box)
    assert any(p.startswith(f"{box / 'deeds.yaml'}:{line}:") and "'lizard-people' is a counter of the box's too" in p
               for p in problems), problems


def test_a_scenario_naming_a_file_of_another_kind_is_refused_at_its_line(box):
    line = edit(box / "roth.yaml", "deeds: deeds.yaml", "deeds: heroes.yaml")
    problems = validate(box)
    assert any(p.startswith(f"{box / 'roth.yaml'}:{line}:") and "heroes.yaml holds roth_heroes, not roth_deeds" in p
               for p in problems), problems


# -- the bad content issue 43 names: "a counter on a field that does not exist, a deed step naming no
# counter, a Nameless card with no skill is one line with FILE:LINE:COL and the nearest name" ----------

BAD = [
    pytest.param("counters.yaml", "    at: O5\n", "    at: O15\n", 9,
                 "counter 'fountain-of-life': no field 'O15' on the board (did you mean 'O5'?)",
                 id="a counter on a field that does not exist"),
    pytest.param("deeds.yaml", "      - vanquish: lizard-people\n", "      - vanquish: lizard-peple\n", 19,
                 "deed 'axe-of-the-gnomes', part 1: no counter 'lizard-peple' in this deed (did you mean "
                 "'lizard-people'?)", id="a deed step naming a counter the deed does not have"),
    pytest.param("deeds.yaml", "      - bring: gnomes\n        to: home\n", "      - to: home\n", 9,
                 "deed 'axe-of-the-gnomes', part 3 names no counter or field: vanquish, find or bring a counter, or "
                 "visit a field", id="a deed step naming no counter"),
    pytest.param("nameless.yaml", "    dots: {blue: -1, green: -1, red: -1}\n", "    dots: {}\n", 5,
                 "Nameless 'the-hollow-king' has no dot: no skill could fight him (dots: blue magic, green ranged, "
                 "red close)", id="a Nameless card with no skill"),
    pytest.param("nameless-deck.yaml", "    effects: [ordeal: {skill: magic}]\n",
                 "    effects: [ordeal: {skill: magc}]\n", 31,
                 "card 'duel-of-shadows', effect 1, ordeal, skill: 'magc' is not allowed (did you mean 'magic'?)",
                 id="a card of the Nameless deck whose ordeal names no skill"),
]


def _line_of(path: Path, text: str) -> int:
    whole = path.read_text()
    return whole[:whole.index(text)].count("\n") + 1


@pytest.mark.parametrize("file, old, new, col, message", BAD)
def test_bad_content_is_one_line_with_its_place_and_the_nearest_name_in_every_command(box, file, old, new, col,
                                                                                      message):
    """Each slip is one line FILE:LINE:COL naming the thing and the nearest name, in validate, and in
    simulate and play, which refuse the scenario in the same line and never start a game."""
    path = box / file
    # the Nameless without dots is placed at his sheet (its first line), the others at the line changed
    line = _line_of(path, "    name: The Hollow King\n") if file == "nameless.yaml" else _line_of(path, old)
    edit(path, old, new)
    place = f"{path}:{line}:{col}: "
    assert any(p.startswith(place + message) for p in validate(box)), validate(box)
    for args in (["simulate", str(box / "roth.yaml"), "--games", "1"],
                 ["play", str(box / "roth.yaml"), "--heroes", "leandra,gro"]):
        out = CliRunner().invoke(cli.main, args, input="quit\n")
        said = [ln for ln in (out.stdout + out.stderr).splitlines() if ln.strip()]
        assert out.exit_code == 1 and "Traceback" not in out.output, out.output
        assert any(ln.startswith(place) and message in ln for ln in said), said
