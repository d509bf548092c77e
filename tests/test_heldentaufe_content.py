"""Heldentaufe's content: the shipped files are valid and hold the book's facts, every number of ours
is marked as ours, and `overlord validate` names FILE:LINE:COL for every slip."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import cli
from heldentaufe_helpers import COOP, ROOT, content

DECKS = ROOT / "decks" / "heldentaufe"


def validate(*paths) -> tuple[int, str]:
    result = CliRunner().invoke(cli.main, ["validate", *map(str, paths)])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_the_shipped_content_is_valid():
    code, out = validate(DECKS, COOP, ROOT / "scenarios" / "heldentaufe-race.yaml")
    assert code == 0 and out.strip() == "8 files checked: no problems"


def test_the_book_s_numbers():
    c = content()
    kinds = Counter(m.kind for m in c.missions.values())
    # "33 mission cards": Porter 12x, Thief 4x, Observer 3x, Explorer 2x, Monster Hunter 6x, Companion 6x
    assert sum(kinds.values()) == 33
    assert kinds == {"porter": 12, "thief": 4, "observer": 3, "explorer": 2, "hunter": 6, "companion": 6}
    # "42 Upper World area tiles", "there are five portals", "5 danger tiles", "the two traps"
    assert sum(c.areas.tiles.values()) == 42 and c.areas.tiles["portal"] == 5
    assert c.supply.dangers == {"trap": 2, "nothing": 3}
    # "63 blue equipment tokens", "42 green food tokens", "20 brown potions", "38 small monster teeth"
    assert sum(n for v in c.supply.equipment.values() for n in v.values()) == 63
    assert sum(c.supply.food.values()) == 42 and c.supply.potions == 20 and c.supply.small_teeth == 38
    # "roll the treasure die": a die has six faces, five of them the book's
    assert len(c.supply.treasure_die) == 6
    assert set(c.supply.treasure_die) == {"boots", "ring", "sword", "tooth", "two_teeth"}
    # the three monsters, five heroes, five portals and a treasure on the board
    assert list(c.monsters) == ["ulumu", "zibbler", "wallrog"] and len(c.heroes) == 5
    assert sorted(c.underworld.portals) == [1, 2, 3, 4, 5] and len(c.underworld.skulls) == 5


@pytest.mark.parametrize("name, key, ours", [
    ("heroes.yaml", ("heldentaufe_heroes", "board"), {"backpack", "rack"}),
    ("monsters.yaml", ("heldentaufe_monsters",), {"stacks"}),
    ("underworld.yaml", ("heldentaufe_underworld",), {"rows"}),
    ("areas.yaml", ("heldentaufe_areas",), {"tiles", "solo"}),
    ("supply.yaml", ("heldentaufe_supply",), {"combat_die", "treasure_die", "equipment", "food", "recipes"}),
])
def test_numbers_the_book_leaves_out_are_marked_ours(name, key, ours):
    """"Where a rulebook ... leaves a number out, choose a reading ... mark authored numbers as ours.\""""
    data = yaml.safe_load((DECKS / name).read_text())
    for k in key:
        data = data[k]
    assert set(data["ours"]) == ours
    assert "ours" in (DECKS / "missions.yaml").read_text().split("heldentaufe_missions")[0]
    if name == "monsters.yaml":
        assert all(m["ours"] == ["levels"] for m in data["monsters"])


def _copy(tmp_path: Path) -> tuple[Path, Path]:
    decks = tmp_path / "decks" / "heldentaufe"
    shutil.copytree(DECKS, decks)
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    scenario = scenarios / "heldentaufe.yaml"
    shutil.copy(COOP, scenario)
    return decks, scenario


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def _line_col(path: Path, needle: str, offset: int = 0) -> str:
    for i, line in enumerate(path.read_text().splitlines(), start=1):
        if needle in line:
            return f"{path}:{i}:{line.index(needle) + 1 + offset}"
    raise AssertionError(needle)


@pytest.mark.parametrize("file, old, new, at, message", [
    ("underworld.yaml", '" .!.U. "', '" .!xU. "', ('" .!xU. "', 4),
     "row 1, x=3: unknown board character 'x'"),
    ("underworld.yaml", '"  5..4 "', '"  ...4 "', ('- "  1..2 "', 0),
     "the board needs portal 5 ('5') once, has it 0 times"),
    ("missions.yaml", "area: blacksmith, give: [sword+1]", "area: blacksmit, give: [sword+1]", ("blacksmit,", 0),
     "mission 'porter-01', area: 'blacksmit' is not allowed (did you mean 'blacksmith'?)"),
    ("missions.yaml", "reward: {teeth: 2}}\n  - {id: porter-02", "reward: {teeth: 2}}\n  - {id: porter-01",
     ("id: porter-01, kind: porter, area: blacksmith, give: [boots+1]", 4), "id 'porter-01' is used twice"),
    ("monsters.yaml", "wallrog: [5, 4, 3]", "wallrog: [3, 4, 5]", ("[3, 4, 5]", 0),
     "stack of 'wallrog': teeth bottom first, each value once and falling"),
    ("monsters.yaml", "        3: {hearts: 3, sword: 1}\n        4: {hearts: 4, sword: 1}",
     "        4: {hearts: 4, sword: 1}", ("    - id: wallrog", 0), None),
    ("heroes.yaml", "{id: mathian, name: Mathian, title: the knight, hearts: 7}",
     "{id: mathian, name: Mathian, title: the knight, hearts: 0}", ("hearts: 0", 8),
     "hero 'mathian', hearts: input should be greater than or equal to 1, got 0"),
    ("supply.yaml", "{level: 2, potion: berserker", "{level: 1, potion: berserker", ("- {level: 1, potion: healing", 0),
     "recipes are levels 1, 2, 3 once each, got [1, 1, 3]"),
])
def test_a_slip_is_named_by_file_line_and_column(tmp_path, file, old, new, at, message):
    decks, _ = _copy(tmp_path)
    path = decks / file
    _edit(path, old, new)
    code, out = validate(path)
    assert code == 1
    if message is None:                   # the missing level: said at the monster's levels
        assert f"{path}:" in out and "monster 'wallrog': no level for the top tooth 3 of its stack" in out
        return
    where = _line_col(path, at[0], at[1])
    line, col = where.rsplit(":", 2)[1:]
    found = [ln for ln in out.splitlines() if message in ln]
    assert found, out
    assert found[0].startswith(f"{path}:{line}:"), (found[0], where)
    assert found[0].startswith(f"{path}:{line}:{col}: "), (found[0], where)


def test_the_scenario_checks_what_spans_files(tmp_path):
    decks, scenario = _copy(tmp_path)
    _edit(decks / "missions.yaml", "monster: zibbler, reward: {teeth: 2}}\n  - {id: hunter-zibbler-2",
          "monster: zibler, reward: {teeth: 2}}\n  - {id: hunter-zibbler-2")
    _edit(scenario, "target: {1: 16, ", "target: {")
    code, out = validate(scenario)
    assert code == 1
    assert "no target of teeth for 1 hero" in out
    assert out.splitlines()[0].startswith(f"{scenario}:")
    _edit(scenario, "target: {", "target: {1: 16, ")
    code, out = validate(scenario)
    assert code == 1
    where = _line_col(decks / "missions.yaml", "zibler").split("missions.yaml")[1]
    assert f"missions.yaml{where}: mission 'hunter-zibbler-1': unknown monster 'zibler' (did you mean 'zibbler'?)" in out


def test_a_missing_content_file_is_named_in_the_scenario(tmp_path):
    decks, scenario = _copy(tmp_path)
    (decks / "supply.yaml").unlink()
    code, out = validate(scenario)
    line = _line_col(scenario, "supply: ../decks").split(":")[1]
    assert code == 1
    assert f"{scenario}:{line}:13: content, supply: ../decks/heldentaufe/supply.yaml: no such file" in out
