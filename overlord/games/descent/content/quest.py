"""A whole quest loaded: the scenario file and the decks it names, all validated - or a scenario
file that names the quest it plays (``scenario: forgotten-souls``) - with each encounter that a
``maps:`` gives a map of the group's own played on that map (``boxmaps``).

``load_quest(path)`` raises :class:`ContentError` with every problem of every file (the same
checks as ``overlord validate``), or returns a :class:`Quest` of loaded models.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ....content.errors import ContentError, Problem
from ....content.paths import resolve_scenario  # noqa: F401 - re-exported: the tests import it from here
from ....content.validate import load_content
from ....content.yamlio import load_yaml
from .boxmaps import check_scenario, encounter_map, quest_file, sources
from .cards import ActivationDeck, ExplorationCard, MonsterGroup, PerilCard, Scenario
from .checks import deck_files
from .sheets import ConditionDef, HeroSheet


@dataclass(frozen=True)
class Quest:
    file: str
    scenario: Scenario
    monsters: dict[str, MonsterGroup]
    activation: ActivationDeck
    perils: list[PerilCard]
    exploration: list[ExplorationCard]
    sheets: dict[str, HeroSheet]              # hero sheets by hero id ("stand-in" for other names)
    conditions: dict[str, ConditionDef]
    maps: dict[str, str] = field(default_factory=dict)   # card id -> the map file of the group's own it is played on

    def exploration_card(self, card_id: str) -> ExplorationCard:
        return next(c for c in self.exploration if c.id == card_id)


def load_quest(path: str | Path) -> Quest:
    loaded = load_content(path)
    problems = list(loaded.problems)
    if loaded.model is not None and (loaded.kind != "scenario" or loaded.game != "descent"):
        problems.append(Problem(loaded.file, 1, 1, f"holds {loaded.kind}{' of ' + loaded.game if loaded.game else ''}, "
                                                   "not a Descent scenario (game: descent)"))
    if loaded.model is None or problems:
        raise ContentError(problems or [Problem(loaded.file, 1, 1, "not a scenario file")])
    problems = check_scenario(loaded)
    if problems:
        raise ContentError(problems)
    written, _ = quest_file(loaded)          # the scenario file that writes the quest out (this one, or named)
    scenario = written.model.scenario
    models = {kind: load_content(where).model for kind, where in deck_files(written).items()}
    maps = {cid: Path(source.file).parent / rel for source in sources(written, loaded)
            for cid, rel in source.model.maps.items()}
    exploration = [card.model_copy(update={"map": encounter_map(load_yaml(maps[card.id]))}) if card.id in maps else card
                   for card in models["exploration"].exploration_cards]
    return Quest(loaded.file, scenario, dict(models["monsters"].monsters), models["activation"].activation_cards,
                 list(models["peril"].peril_cards), exploration, dict(models["heroes"].hero_sheets),
                 dict(models["conditions"].conditions), {cid: str(path) for cid, path in maps.items()})
