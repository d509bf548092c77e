"""Return of the Heroes' shipped files and a scenario naming them, in a folder of a test's own (no
RotH scenario ships until the game plays)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from overlord.games import registry
from overlord.games.roth.load import load

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks" / "roth"
SCENARIO = """game: roth
scenario:
  id: roth-test
  name: Return of the Heroes (a test)
  mode: {mode}
  heroes: [1, 2, 3, 4]
  content:
    regions: regions.yaml
    counters: counters.yaml
    artifacts: artifacts.yaml
    heroes: heroes.yaml
    deeds: deeds.yaml
    nameless: nameless.yaml
"""
# together (ours): the Nameless deck and the darkness's limits, as a co-operative scenario names them
COOP = """    deck: nameless-deck.yaml
  coop:
    darkness_limit: {1: 90, 2: 75, 3: 65, 4: 60}
    darkness_each_round: 1
"""


def box_folder(folder: Path, mode: str = "coop", rules: str = "", variant: str = "") -> Path:
    """``folder`` with the shipped files and ``roth.yaml``, a scenario naming them (a co-operative one
    its Nameless deck and numbers too; ``variant`` one of the Alternative Rules); the scenario's path."""
    for f in DECKS.glob("*.yaml"):
        shutil.copy(f, folder / f.name)
    scenario = folder / "roth.yaml"
    text = SCENARIO.format(mode=mode) + (COOP if mode == "coop" else "")
    if variant:
        text = text.replace(f"  mode: {mode}\n", f"  mode: {mode}\n  variant: {variant}\n")
    scenario.write_text(text + (f"  rules: {rules}\n" if rules else ""))
    return scenario


def unplace(s, inst: str) -> None:
    """A counter taken from wherever it is (the bag, aside, out of the game, the market's pile, the
    board), so that a test may put it where it wants it."""
    for place in (s.bag, s.aside, s.removed, s.market):
        if inst in place:
            place.remove(inst)
    for fid in [f for f, here in s.board.items() if inst in here]:
        s.board[fid].remove(inst)
        if not s.board[fid]:
            del s.board[fid]
    s.down = [i for i in s.down if i != inst]


def loaded_box(folder: Path, rules: str = "", variant: str = ""):
    """The shipped content loaded with a race scenario of ``rules`` (the readings' flags) and
    ``variant`` (the Alternative Rules)."""
    registry.games()
    return load(box_folder(folder, "race", rules, variant))


def box_fixture(name: str, rules: str = "", variant: str = ""):
    """A module's fixture ``name``: the shipped content loaded with the scenario's ``rules`` and
    ``variant``."""
    @pytest.fixture(scope="module", name=name)
    def loaded(tmp_path_factory):
        return loaded_box(tmp_path_factory.mktemp(name), rules, variant)
    return loaded
