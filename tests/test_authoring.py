"""An author's first hour (issue 16), on copies of every shipped scenario: an unknown key anywhere,
a scenario's `rules` flags included, is an error with a did-you-mean; a missing file is named at
the scenario's line that refers to it; `overlord validate` reports on standard output and counts
the files that have problems; the Exploration deck's structure is the scenario's to declare, so a
four-card quest plays; the surge abilities the engine knows are the ones it accepts."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from overlord import cli
from overlord.content.paths import shipped_scenarios
from overlord.content.validate import validate_paths
from overlord.core.decks import DeckError
from overlord.core.rng import new_rng
from overlord.games import registry
from overlord.games.descent.exploration import assemble_exploration

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted(shipped_scenarios())


def _copy(tmp_path: Path, name: str) -> Path:
    shutil.copytree(ROOT / "decks", tmp_path / "decks")
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    return tmp_path / "scenarios" / f"{name}.yaml"


def _problems(path: Path) -> list[str]:
    problems, _ = validate_paths([path])
    return [str(p) for p in problems]


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_misspelt_rules_flag_is_an_error_with_a_did_you_mean(tmp_path, scenario):
    path = _copy(tmp_path, scenario)
    data = yaml.safe_load(path.read_text())
    content = registry.open_scenario(scenario)[0].load(path)
    # a combination's content may be a box's own (the Underworld beneath Return of the Heroes is Return of
    # the Heroes' content): its scenario file's model is then beside it
    rules = (getattr(content, "hades", None) or content.scenario).rules
    flag = next(iter(type(rules).model_fields))                     # the game's first flag
    data["scenario"]["rules"] = {flag[:-1]: True}                    # one letter short
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    found = _problems(path)
    assert len(found) == 1 and f"unknown field {flag[:-1]!r} (did you mean {flag!r}?)" in found[0], found
    assert found[0].startswith(f"{path}:{_line_of(path.read_text(), flag[:-1])}:")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_an_unknown_key_in_the_scenario_is_an_error_with_a_did_you_mean(tmp_path, scenario):
    path = _copy(tmp_path, scenario)
    data = yaml.safe_load(path.read_text())
    data["scenario"]["max_round"] = data["scenario"].pop("max_rounds", 30)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    found = _problems(path)
    assert any("unknown field 'max_round' (did you mean 'max_rounds'?)" in p for p in found), found


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_missing_file_is_named_at_the_scenario_line_that_refers_to_it(tmp_path, scenario):
    path = _copy(tmp_path, scenario)
    text = path.read_text()
    rel = re.search(r"^\s+\w+: (\S+\.yaml)", text, re.MULTILINE).group(1)     # the first file it names
    (path.parent / rel).unlink()
    found = _problems(path)
    assert found == [f"{path}:{_line_of(text, rel)}:{text.splitlines()[_line_of(text, rel) - 1].index(rel) + 1}: "
                     f"{found[0].split(': ', 1)[1]}"], found
    assert found[0].endswith(f"{rel}: no such file")
    opened = CliRunner().invoke(cli.main, ["play", str(path), "--heroes", "a,b"])
    assert opened.exit_code == 1 and f"{rel}: no such file" in opened.output and "Traceback" not in opened.output


def test_validate_reports_on_standard_output_and_counts_the_files_with_problems(tmp_path):
    shutil.copytree(ROOT / "decks" / "forgotten-souls", tmp_path / "decks")
    peril = tmp_path / "decks" / "peril.yaml"
    peril.write_text(peril.read_text().replace("damage_heroes: {amount: 2", "damage_heroe: {amount: 2"))
    monsters = tmp_path / "decks" / "monsters.yaml"
    monsters.write_text(monsters.read_text().replace("[shambling]", "[shamblin]"))
    result = CliRunner().invoke(cli.main, ["validate", str(tmp_path / "decks")])
    assert result.exit_code == 1 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[-1] == "3 problems in 2 of 4 files checked"
    assert sum("unknown effect 'damage_heroe' (did you mean 'damage_heroes'?)" in line for line in lines) == 2
    assert "did you mean 'shambling'" in result.stdout
    missing = CliRunner().invoke(cli.main, ["validate", str(tmp_path / "nowhere.yaml")])
    assert missing.exit_code == 1 and "no such file or folder" in missing.stderr      # the command's own error


@pytest.mark.parametrize("surge, words", [
    ("Diseese", "unknown surge ability 'Diseese' (did you mean 'Disease'?)"),
    ("+1 dmg", "unknown surge ability '+1 dmg'"),
])
def test_an_unknown_surge_ability_is_an_error_with_a_suggestion(tmp_path, surge, words):
    path = _copy(tmp_path, "forgotten-souls")
    monsters = tmp_path / "decks" / "forgotten-souls" / "monsters.yaml"
    monsters.write_text(monsters.read_text().replace("surges: [Disease]}", f"surges: [{surge!r}]}}", 1))
    found = _problems(path)
    assert found and words in found[0] and "Pierce N" in found[0], found


# -- the Exploration deck's structure ("Assembling the Exploration Deck") --------------------------

@pytest.mark.parametrize("structure, regular, mains", [
    (((1, 1),), ["r1"], {1: "m1"}),                              # starting + 2 cards
    (((2, 1),), ["r1", "r2"], {1: "m1"}),                        # a four-card quest
    (((1, 2), (0, 1)), ["r1"], {1: "m1", 2: "m2"}),              # #1's stack of one on top
])
def test_any_structure_is_assembled_with_main_one_on_top(structure, regular, mains):
    for seed in range(20):
        built = assemble_exploration("start", mains, regular, new_rng(seed), structure)
        sizes = {main: size + 1 for size, main in structure}
        assert [len(s) for s in built.stacks] == [sizes[m] for m in sorted(sizes)]
        assert [next(c for c in s if c.startswith("m")) for s in built.stacks] == [mains[m] for m in sorted(mains)]
        assert sorted(built.deck.draw) == sorted(regular + list(mains.values()))


def test_the_default_structure_is_forgotten_souls_byte_for_byte():
    """The rulebook's 3/3/2 with #2, #1 and #3 is the default: the same seed, the same deck."""
    regular = [f"r{i}" for i in range(8)]
    mains = {1: "m1", 2: "m2", 3: "m3"}
    for seed in range(10):
        assert assemble_exploration("s", mains, regular, new_rng(seed)).deck.draw == \
            assemble_exploration("s", mains, regular, new_rng(seed), ((3, 2), (3, 1), (2, 3))).deck.draw


@pytest.mark.parametrize("stacks, words", [
    ([{"regular": 8, "main": 2}], "one stack: its main encounter is 1; got 2"),
    ([{"regular": 4, "main": 1}, {"regular": 4, "main": 1}], "the stacks' main encounters are 1 and 2, once each; got 1 and 1"),
    ([{"regular": 3, "main": 1}, {"regular": 3, "main": 2}, {"regular": 3, "main": 3}],
     "needs 9 regular encounters (the scenario's stacks take 3, 3 and 3), has 8"),
])
def test_a_structure_that_does_not_fit_the_deck_is_refused(tmp_path, stacks, words):
    path = _copy(tmp_path, "forgotten-souls")
    data = yaml.safe_load(path.read_text())
    data["scenario"]["exploration_stacks"] = stacks
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    found = _problems(path)
    assert any(words in p for p in found), found
    with pytest.raises(DeckError, match="needs"):
        assemble_exploration("s", {1: "a", 2: "b", 3: "c"}, [f"r{i}" for i in range(8)], new_rng(0),
                             [(s["regular"], s["main"]) for s in stacks])
