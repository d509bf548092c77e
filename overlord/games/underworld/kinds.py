"""The Underworld's kinds of content file, registered with ``overlord.content.kinds`` (on import
of the package): the tiles, counters and heroes of the board game (``formats``), and the Dark
deck, the perils and the scenario of the co-operative game against the program
(``coop_formats``). ``overlord validate`` and ``overlord schema`` know them from here."""

from __future__ import annotations

from ...content.kinds import SCENARIO, FileKind, register
from . import coop_formats as coop
from . import formats

GAME = "underworld"
VOCABULARY = {"unknown_effect": list(coop.U_EFFECTS), "unknown_action": list(coop.U_ACTIONS),
              "unknown_test": list(coop.U_TESTS)}


def _within(kind: str, module):
    return lambda loaded: module.file_problems(kind, loaded.model, loaded.doc)


register(FileKind("underworld_tiles", formats.TilesFile, GAME, "the Underworld's map tiles", noun="tile",
                  check=_within("underworld_tiles", formats)))
register(FileKind("underworld_counters", formats.CountersFile, GAME, "the Underworld's counters",
                  keyed={"underworld_counters": "counter", "combined_games": "counter"}, companions=("combined_games",),
                  check=_within("underworld_counters", formats)))
register(FileKind("underworld_heroes", formats.HeroesFile, GAME, "the Underworld's heroes",
                  keyed={"underworld_heroes": "hero"}, check=_within("underworld_heroes", formats)))
register(FileKind("dark_cards", coop.DarkCardsFile, GAME, "the Damned One's Dark deck", vocabulary=VOCABULARY,
                  check=_within("dark_cards", coop)))
register(FileKind("dark_perils", coop.DarkPerilsFile, GAME, "Underworld perils", vocabulary=VOCABULARY,
                  check=_within("dark_perils", coop)))
register(FileKind(SCENARIO, coop.UnderworldScenarioFile, GAME, "an Underworld scenario", noun="scenario",
                  vocabulary=VOCABULARY, cross_check=lambda loaded: coop.check_scenario(loaded)[0]))
