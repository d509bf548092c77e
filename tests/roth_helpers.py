"""Return of the Heroes' shipped files and a scenario naming them, in a folder of a test's own (no
RotH scenario ships until the game plays)."""

from __future__ import annotations

import shutil
from pathlib import Path

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


def box_folder(folder: Path, mode: str = "coop", rules: str = "") -> Path:
    """``folder`` with the shipped files and ``roth.yaml``, a scenario naming them (a co-operative one
    its Nameless deck and numbers too); the scenario's path."""
    for f in DECKS.glob("*.yaml"):
        shutil.copy(f, folder / f.name)
    scenario = folder / "roth.yaml"
    text = SCENARIO.format(mode=mode) + (COOP if mode == "coop" else "")
    scenario.write_text(text + (f"  rules: {rules}\n" if rules else ""))
    return scenario
