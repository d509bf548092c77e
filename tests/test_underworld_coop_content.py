"""The co-operative Underworld's own content - the Dark deck, the perils and the scenario -
validated by ``overlord validate`` with FILE:LINE:COL, the card or field, and the nearest name,
against the Underworld's vocabulary (not Descent's)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from overlord.content.errors import ContentError
from overlord.games.underworld.coop_formats import load_scenario
from overlord.content.validate import validate_paths

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def copy(tmp_path):
    """The shipped scenario and its decks copied, so a test can break one line."""
    shutil.copytree(ROOT / "decks" / "underworld", tmp_path / "decks" / "underworld")
    (tmp_path / "scenarios").mkdir()
    shutil.copy(ROOT / "scenarios" / "underworld.yaml", tmp_path / "scenarios" / "underworld.yaml")
    return tmp_path


def test_the_shipped_scenario_loads_with_everything_it_names():
    content = load_scenario(ROOT / "scenarios" / "underworld.yaml")
    assert len(content.dark.cards) == 10 and len(content.perils) == 8
    assert len(content.underworld.tiles) == 48
    assert content.scenario.rules.special_treasures_count and not content.scenario.rules.duels


@pytest.mark.parametrize("file, old, new, expected", [
    ("decks/underworld/dark-cards.yaml", "        - reveal: nearest", "        - reveall: nearest",
     ["card 'dark-07'", "unknown effect 'reveall'", "did you mean 'reveal'", "dark_side, shadow_cube"]),
    ("decks/underworld/dark-cards.yaml", "        creature: [engage: closest, attack: closest]",
     "        creature: [engag: closest, attack: closest]",
     ["card 'dark-02'", "unknown action 'engag'", "did you mean 'engage'"]),
    ("decks/underworld/dark-cards.yaml", "  order: [avatar, black_creature, damned_creature, creature]",
     "  order: [avatar, black_creatures, damned_creature, creature]",
     ["'black_creatures' is not allowed", "did you mean 'black_creature'"]),
    ("decks/underworld/dark-cards.yaml", "    - id: dark-02", "    - id: dark-01",
     ["card id 'dark-01' is used twice"]),
    ("decks/underworld/dark-perils.yaml", "      - lose_gold: {pick: all, amount: 1}",
     "      - lose_gold: {pick: everyone, amount: 1}", ["card 'peril-01'", "'everyone' is not allowed"]),
    ("scenarios/underworld.yaml", "    dark_perils: ../decks/underworld/dark-perils.yaml",
     "    dark_perils: ../decks/underworld/dark-peril.yaml", ["dark_perils", "no such file"]),
    ("scenarios/underworld.yaml", "    dark_perils: ../decks/underworld/dark-perils.yaml",
     "    dark_perils: ../decks/underworld/dark-cards.yaml", ["holds dark_cards, not dark_perils"]),
    ("scenarios/underworld.yaml", "    creature: {speed: 1}", "    creture: {speed: 1}",
     ["'creture' is not allowed", "did you mean 'creature'"]),
])
def test_each_slip_is_one_clear_line_at_its_place(copy, file, old, new, expected):
    path = copy / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    lineno = text[:text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    problems, _ = validate_paths([copy / "scenarios" / "underworld.yaml", copy / "decks" / "underworld"])
    assert problems, "the slip must be found"
    mine = [str(p) for p in problems if p.file.endswith(Path(file).name)]
    assert mine, [str(p) for p in problems]
    assert any(f":{lineno}:" in m for m in mine) or file.startswith("scenarios"), mine
    assert all(any(e in m for m in mine) for e in expected), mine
    with pytest.raises(ContentError):
        load_scenario(copy / "scenarios" / "underworld.yaml")


def test_validate_command_exit_codes(copy):
    ok = CliRunner().invoke(cli.main, ["validate", str(copy / "scenarios" / "underworld.yaml")])
    assert ok.exit_code == 0, ok.output
    path = copy / "decks" / "underworld" / "dark-cards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: Hunger Below", "nam: Hunger Below"),
                    encoding="utf-8")
    bad = CliRunner().invoke(cli.main, ["validate", str(path)])
    assert bad.exit_code == 1 and "unknown field 'nam'" in bad.output and "Traceback" not in bad.output
