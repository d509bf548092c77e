"""An author's quest in a folder of their own, its decks beside it, loads by path in every command
that takes a scenario, for every shipped game (each shipped scenario is copied with its content
files, every path in it rewritten to sit beside it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from overlord.content.paths import shipped_scenarios
from cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent


def copy_quest(name: str, folder: Path) -> Path:
    """The shipped scenario ``name`` and every content file it names, in ``folder`` (a combined game's
    boxes, scenarios of their own, beside it with their files)."""
    return _copied(shipped_scenarios()[name], folder, "my-quest.yaml")


def _copied(source: Path, folder: Path, as_name: str, box: bool = False) -> Path:
    """``source`` copied as ``as_name`` with its files in ``decks/`` (a box's in its own box's folder
    there: both boxes have a regions.yaml)."""
    text = source.read_text(encoding="utf-8")
    folder.mkdir(parents=True, exist_ok=True)
    for rel in sorted(set(re.findall(r"(\.\./decks/[\w\-/]+\.yaml)", text))):
        inside = rel.removeprefix("../") if box else f"decks/{Path(rel).name}"
        target = folder / inside
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((source.parent / rel).read_bytes())
        text = text.replace(rel, inside)
    for rel in sorted(set(re.findall(r"^\s+\w+: ([\w\-]+\.yaml)\s*$", text, re.M))):   # a box: a scenario beside it
        _copied(source.parent / rel, folder, rel, box=True)
    quest = folder / as_name
    quest.write_text(text, encoding="utf-8")
    assert "../decks" not in text, "every file the quest names sits in the author's folder"
    return quest


@pytest.mark.parametrize("name", sorted(shipped_scenarios()))
def test_a_quest_in_the_authors_folder_loads_by_path_in_every_command(name, tmp_path, monkeypatch):
    quest = copy_quest(name, tmp_path / "mine")
    monkeypatch.chdir(tmp_path)
    assert run("validate", tmp_path / "mine").exit_code == 0
    games = run("games").output
    out = json.loads(run("simulate", quest, "--games", "2", "--json", "--max-rounds", "3",
                         "--heroes", "2", "--log", tmp_path / "logs").output)
    assert out["games"] == 2
    log = sorted((tmp_path / "logs").glob("*.jsonl"))[0]
    assert "every event and the end match" in run("replay", log).output
    assert run("soak", quest, "--games", "1").exit_code == 0
    from overlord.games import registry
    rules, content, _ = registry.open_scenario(quest)
    heroes = ",".join(rules.party(content, 2, 1))         # two who may play together (not two sides of a sheet)
    played = run("play", quest, "--heroes", heroes, "--seed", "1", "--save", tmp_path / "g.db", input="status\nquit\n")
    assert played.exit_code == 0 and "bye" in played.output, played.output
    for deck in rules.decks(content):
        assert run("deck", quest, deck, "--seed", "1").exit_code == 0
    assert rules.name in games
