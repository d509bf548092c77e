"""What a Descent quest's author writes: monster groups, activation, peril and exploration cards
(``cards``), the effects and tests cards name (``effects``), hero sheets and conditions
(``sheets``), the scenario that ties them together, checks the models cannot make (``checks``),
and the whole quest loaded (``quest``). Importing this package registers every kind with
``overlord.content.kinds``, so ``overlord validate`` and ``overlord schema`` know them.
"""

from __future__ import annotations

from ....content.kinds import SCENARIO, FileKind, register
from . import boxmaps, cards, checks, sheets
from .effects import EFFECTS, TESTS

GAME = "descent"
VOCABULARY = {"unknown_effect": list(EFFECTS), "unknown_action": list(cards.ACTIONS), "unknown_test": list(TESTS),
              "unknown_ability": list(sheets.ABILITIES), "unknown_skill": list(sheets.SKILLS)}


def _kind(key, model, title, check=None, **extra) -> FileKind:
    return register(FileKind(key, model, GAME, title, keyed=checks.KEYED, vocabulary=VOCABULARY, check=check, **extra))


_kind("monsters", cards.MonstersFile, "Descent monster groups", checks.check_ids)
_kind("activation_cards", cards.ActivationFile, "a Descent activation deck",
      lambda loaded: checks.check_ids(loaded) + checks.check_activation(loaded))
_kind("peril_cards", cards.PerilFile, "a Descent peril deck", checks.check_ids)
_kind("exploration_cards", cards.ExplorationFile, "a Descent exploration deck",
      lambda loaded: checks.check_ids(loaded) + checks.check_maps(loaded))
_kind("hero_sheets", sheets.HeroSheetsFile, "Descent hero sheets")
_kind("conditions", sheets.ConditionsFile, "Descent conditions")
_kind(SCENARIO, cards.ScenarioFile, "a Descent quest", cross_check=boxmaps.check_scenario, noun="scenario",
      companions=("maps",))
