"""`overlord validate` on behaviour specs and on a quest with the files it names (issue 39).

A spec names cards and groups of its game's content; once only `overlord check` found a name that
does not exist, at the spec's first line. `validate` now finds it, at the line and column the name
is written on, with the nearest known name - and `check` refuses the file the same way, running
none of its specs. The last line of `validate` counts the problems, the files that hold them and
the files checked (those given and the ones a scenario among them names) so that the numbers agree:
never "2 problems in 2 files (1 file checked)"."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from overlord.cli import validate_summary
from cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent

MAP_SPEC = """specs:
  - id: s
    game: descent
    rule: r
    map:
      map: {rows: ["#########", "#.......#", "#.......#", "#########"]}
      figures:
        - {id: tarha, side: heroes, at: [7, 1]}
        - {id: zombie, side: monsters, at: [1, 1]}
    setup:
      monsters:
        zombie: {group: GROUP, rank: minion}
ASK
    expect:
      groups: [[zombie]]
"""

SCENARIO_SPEC = """specs:
  - id: s
    scenario: forgotten-souls
    rule: r
ASK
    expect:
      doom: [3]
"""

ACTS = ", ".join(f"fs-act-{i:02}" for i in range(1, 11))
ORDER = "flesh-moulder, shadow-dragon, zombie, barghest"
GROUPS = "zombie, flesh-moulder, barghest, shadow-dragon"        # as the quest's monsters.yaml lists them


# (what is misspelt, the spec, the text written where the problem must point, the field, the message)
NAMES = [
    ("an activation card that does not exist",
     MAP_SPEC.replace("GROUP", "zombie").replace("ASK", "    ask: {activation: {card: fs-act-99}}"),
     "fs-act-99", "ask, activation, card", f"no activation card 'fs-act-99' (did you mean 'fs-act-09'?); known: {ACTS}"),
    ("a misspelt group of a card written in the spec",
     MAP_SPEC.replace("GROUP", "zombie").replace("ASK", "    ask:\n      activation:\n        card:\n          groups:\n"
                                                  "            zomby: {all: [{engage: closest}]}"),
     "zomby", "ask, activation, card, groups", f"no activation group 'zomby' (did you mean 'zombie'?); known: {ORDER}"),
    ("a misspelt group among the groups to activate",
     MAP_SPEC.replace("GROUP", "zombie").replace("ASK", "    ask: {activation: {card: fs-act-01, groups: [zombie, barguest]}}"),
     "barguest", "ask, activation, group 2", f"no activation group 'barguest' (did you mean 'barghest'?); known: {ORDER}"),
    ("a monster's group in the setup",
     MAP_SPEC.replace("GROUP", "zombi").replace("ASK", "    ask: {activation: {card: fs-act-01}}"),
     "zombi,", "setup, monsters, zombie, group", f"no monster group 'zombi' (did you mean 'zombie'?); known: {GROUPS}"),
    ("the group of a surge question",
     MAP_SPEC.replace("GROUP", "zombie").replace("ASK", "    ask: {surges: {group: barguest, rank: minion, hearts: 2, surges: 1}}"),
     "barguest", "ask, surges, group", "no monster group 'barguest' (did you mean 'barghest'?)"),
    ("the peril card of the fate step, in the spec's scenario",
     SCENARIO_SPEC.replace("ASK", "    ask: {fate_step: {peril: fs-peril-11}}"),
     "fs-peril-11", "ask, fate_step, peril", "no peril card 'fs-peril-11' (did you mean 'fs-peril-10'?)"),
    ("the exploration card a hero opens the door onto",
     SCENARIO_SPEC.replace("ASK", "    ask: {explore: {card: throne-of-the-falen}}"),
     "throne-of-the-falen", "ask, explore, card",
     "no exploration card 'throne-of-the-falen' (did you mean 'throne-of-the-fallen'?)"),
    ("the exploration card of the setup",
     SCENARIO_SPEC.replace("ASK", "    setup: {explore: lava-tomb}\n    ask: {overlord_phase: {}}"),
     "lava-tomb", "setup, explore", "no exploration card 'lava-tomb' (did you mean 'the-lava-tomb'?)"),
    ("an Underworld Dark card",
     "specs:\n  - id: s\n    scenario: underworld\n    rule: r\n    ask: {dark_card: {card: dark-11}}\n"
     "    expect: {dark_side: [1]}\n",
     "dark-11", "ask, dark_card, card", "no Dark card 'dark-11'"),
]


def _place(text: str, written: str) -> tuple[int, int]:
    for n, line in enumerate(text.splitlines(), 1):
        if written in line and not line.lstrip().startswith("- id"):
            return n, line.index(written) + 1
    raise AssertionError(f"{written!r} is not in the spec")


@pytest.mark.parametrize("text, written, field, message", [pytest.param(*n[1:], id=n[0]) for n in NAMES])
def test_a_name_the_content_lacks_is_a_problem_at_its_own_line(tmp_path, text, written, field, message):
    path = tmp_path / "spec.yaml"
    path.write_text(text, encoding="utf-8")
    line, col = _place(text, written)
    for command in ("validate", "check"):
        out = run(command, str(path))
        assert out.exit_code == 1, out.output
        first = out.output.splitlines()[0]
        assert first.startswith(f"{path}:{line}:{col}: spec 's', {field}: {message}"), (command, first)
        assert "ERROR" not in out.output and "PASS" not in out.output           # check runs none of its specs
    assert run("validate", str(path)).output.splitlines()[-1] == "1 problem in 1 of 1 file checked"


def test_the_names_of_the_shipped_specs_are_all_known():
    out = run("validate", str(ROOT / "scenarios" / "specs"))
    assert out.exit_code == 0 and out.output.strip() == "9 files checked: no problems", out.output


# -- the last line: problems, the files holding them, the files checked ------------------------------

def _quest(tmp_path: Path) -> Path:
    """The shipped quest in a folder of its own: the scenario and its four decks beside it (the
    base game's hero sheets and conditions are the shipped ones)."""
    (tmp_path / "decks").mkdir()
    for f in (ROOT / "decks" / "forgotten-souls").glob("*.yaml"):
        shutil.copy(f, tmp_path / "decks" / f.name)
    text = (ROOT / "scenarios" / "forgotten-souls.yaml").read_text(encoding="utf-8")
    quest = tmp_path / "quest.yaml"
    quest.write_text(text.replace("../decks/forgotten-souls/", "decks/").replace("../decks/descent/", str(ROOT / "decks" / "descent") + "/"),
                     encoding="utf-8")
    return quest


def test_problems_in_files_a_scenario_names_are_counted_among_the_files_checked(tmp_path):
    """Issue 39: "2 problems in 2 files (1 file checked)" - the quest named, a slip in two of the
    decks it names. The decks were checked with it: they count."""
    quest = _quest(tmp_path)
    for name, old, new in (("peril.yaml", "damage_heroes: {amount: 2", "damage_heroe: {amount: 2"),
                           ("monsters.yaml", "[shambling]", "[shamblin]")):
        deck = tmp_path / "decks" / name
        deck.write_text(deck.read_text().replace(old, new, 1), encoding="utf-8")
    out = run("validate", str(quest))
    assert out.exit_code == 1
    assert out.output.splitlines()[-1] == "2 problems in 2 of 7 files checked (1 given and the 6 it names)"
    assert run("validate", str(tmp_path)).output.splitlines()[-1] == \
        "2 problems in 2 of 7 files checked (5 given and the 2 they name)"


def test_a_clean_scenario_counts_the_files_it_names():
    out = run("validate", "forgotten-souls")
    assert out.exit_code == 0 and out.output.strip() == "7 files checked (1 given and the 6 it names): no problems"
    everything = run("validate")
    assert everything.exit_code == 0 and everything.output.strip() == "61 files checked: no problems"


@pytest.mark.parametrize("counts, line", [
    ((0, 0, 4, 0), "4 files checked: no problems"),
    ((0, 0, 1, 6), "7 files checked (1 given and the 6 it names): no problems"),
    ((1, 1, 1, 0), "1 problem in 1 of 1 file checked"),
    ((3, 2, 4, 0), "3 problems in 2 of 4 files checked"),
    ((2, 2, 1, 6), "2 problems in 2 of 7 files checked (1 given and the 6 it names)"),
    ((2, 2, 5, 2), "2 problems in 2 of 7 files checked (5 given and the 2 they name)"),
])
def test_the_summary_and_the_hostile_bench_read_it_alike(monkeypatch, counts, line):
    """bench/hostile.py tells a summary from a refusal without FILE:LINE by its SUMMARY pattern."""
    assert validate_summary(*counts) == line
    spec = importlib.util.spec_from_file_location("hostile_bench", ROOT / "bench" / "hostile.py")
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "hostile_bench", bench)
    spec.loader.exec_module(bench)
    assert bool(bench.SUMMARY.match(line)) == (counts[0] > 0)        # a clean run exits 0: not read


@pytest.mark.parametrize("written, told", [
    # issue 46: "`validate` answers "unknown field 'patience' (did you mean 'patience'?)" for a field of
    # another game's scenario: suggest only names valid at that place, and say which game has it"
    ("patience: 3", "unknown field 'patience' here (an Underworld scenario has it)"),
    ("patiense: 3", "unknown field 'patiense'\n"),                   # nothing near among the Dragon's own
    ("hoard_limt: 3", "unknown field 'hoard_limt' (did you mean 'hoard_limit'?)"),
])
def test_an_unknown_field_is_named_against_the_fields_of_its_place(tmp_path, written, told):
    text = (ROOT / "scenarios" / "dragon.yaml").read_text(encoding="utf-8")
    assert "    follow_up_rounds: 4\n" in text
    path = tmp_path / "dragon.yaml"
    path.write_text(text.replace("    follow_up_rounds: 4\n", f"    follow_up_rounds: 4\n    {written}\n"), encoding="utf-8")
    for name in ("decks",):                              # the scenario names its decks beside it
        shutil.copytree(ROOT / name, tmp_path / name)
    result = run("validate", path)
    assert result.exit_code == 1
    line = _place(text, "follow_up_rounds")[0] + 1
    assert f"dragon.yaml:{line}:" in result.output and told in result.output + "\n"
