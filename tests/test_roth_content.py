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
