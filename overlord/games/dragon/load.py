"""Loading a Dragon scenario and the files it names into plain, immutable content; the file
kinds registered with ``overlord.content.kinds`` (so ``overlord validate`` and ``schema`` know
them)."""

from __future__ import annotations

from dataclasses import dataclass

from overlord.content import kinds
from overlord.content.errors import Problem
from overlord.content.validate import load_scenario
from overlord.games.heroes.content import named_files
from overlord.games.heroes.regions import RegionBoard, build_board
from overlord.games.heroes.tasks import TaskSpec

from . import content as c


@dataclass(frozen=True)
class CounterSpec:
    id: str
    name: str
    border: str
    start: str
    copies: int = 1
    at: str = ""
    dots: tuple = ()                    # ((colour, modifier), ...)
    reward: tuple = ()                  # ((colours...), ...)
    gold: int = 0
    flip: str = ""
    artifact: str = ""
    effect: str = ""
    needs: tuple = ()
    task: TaskSpec | None = None
    deliver_field: str = ""
    deliver_counter: str = ""
    life: int = 1
    text: str = ""

    @property
    def covered(self) -> bool:
        """A PA counter (a random encounter chit): placed face down whenever it is placed."""
        return self.start == "covered"


@dataclass(frozen=True)
class ArtifactSpec:
    id: str
    name: str
    kind: str = "other"
    origin: str = "counter"
    bonus: tuple = ()                   # ((skill, n), ...)
    movement: int = 0
    life: int = 0
    combinable: bool = False
    price: int = 0
    effect: str = ""
    dragon: str = ""
    chain: str = ""
    seen_with: str = ""
    text: str = ""
    spell: bool = False                 # a City of the Mages spell (the Mage may take one for his gold)


@dataclass(frozen=True)
class HeroSpec:
    id: str
    name: str
    skills: tuple                       # ((skill, value), ...) in sheet order
    thresholds: tuple                   # ((skill, (n, ...)), ...)
    movement: int
    life: int
    gold: int
    ability: str = ""
    text: str = ""


@dataclass(frozen=True)
class CardSpec:
    id: str
    name: str
    book: bool
    effects: tuple                      # ((effect name, params dict), ...)
    text: str


@dataclass(frozen=True)
class DragonContent:
    file: str
    scenario: c.DragonScenario
    board: RegionBoard
    counters: dict                      # counter id -> CounterSpec
    artifacts: dict                     # artifact id -> ArtifactSpec
    heroes: dict                        # hero id -> HeroSpec
    cards: dict                         # card id -> CardSpec
    instances: dict                     # counter instance -> counter id ("healing-potion-2" -> "healing-potion")

    def spec(self, instance: str) -> CounterSpec:
        return self.counters[self.instances[instance]]


def instance_ids(spec: CounterSpec) -> list[str]:
    return [spec.id] if spec.copies == 1 else [f"{spec.id}-{k}" for k in range(1, spec.copies + 1)]


# -- the file kinds ------------------------------------------------------------------------------------

def _check(fn):
    return lambda loaded: fn(loaded.model, loaded.doc)


kinds.register(kinds.FileKind("dragon_regions", c.DragonRegionsFile, c.NAME, "the Dragon's region maps",
                              check=_check(c.regions_file_problems)))
kinds.register(kinds.FileKind("dragon_counters", c.DragonCountersFile, c.NAME, "the Dragon's counters", noun="counter",
                              keyed={"dragon_counters": "counter"}, check=_check(c.counters_problems)))
kinds.register(kinds.FileKind("dragon_artifacts", c.DragonArtifactsFile, c.NAME, "the Dragon's artifacts",
                              keyed={"dragon_artifacts": "artifact"}))
kinds.register(kinds.FileKind("dragon_heroes", c.DragonHeroesFile, c.NAME, "the Dragon's heroes",
                              keyed={"dragon_heroes": "hero"}, check=_check(c.heroes_problems)))
kinds.register(kinds.FileKind("dragon_cards", c.DragonCardsFile, c.NAME, "the Dragon deck (co-operative mode)",
                              vocabulary={"unknown_effect": list(c.DRAGON_EFFECTS)}, check=_check(c.cards_problems)))

FILES = {"regions": "dragon_regions", "counters": "dragon_counters", "artifacts": "dragon_artifacts",
         "heroes": "dragon_heroes", "dragon_cards": "dragon_cards"}


def _parts(loaded) -> tuple[list[Problem], c.Parts | None]:
    sc: c.DragonScenario = loaded.model.scenario
    problems, models, docs = named_files(loaded, FILES)
    if problems or len(models) < len([k for k in FILES if getattr(sc.content, k)]):
        return problems, None
    return problems, c.Parts(models["dragon_regions"], models["dragon_counters"], models["dragon_artifacts"],
                             models["dragon_heroes"], models.get("dragon_cards"), docs)


def _cross_check(loaded) -> list[Problem]:
    problems, parts = _parts(loaded)
    if parts is None:
        return problems
    board = build_board(parts.regions.dragon_regions)
    return problems + c.cross_problems(loaded.model.scenario, parts, loaded.doc, board)


kinds.register(kinds.FileKind(kinds.SCENARIO, c.DragonScenarioFile, c.NAME, "a Dragon scenario", noun="scenario",
                              cross_check=_cross_check))


def load(path) -> DragonContent:
    """The scenario at ``path`` and its files, validated; ContentError lists every problem."""
    return load_scenario(path, c.NAME, "a Dragon scenario", _built)


def _built(loaded) -> tuple[list, DragonContent | None]:
    problems, parts = _parts(loaded)
    if parts is None:
        return problems, None
    board = build_board(parts.regions.dragon_regions)
    problems += c.cross_problems(loaded.model.scenario, parts, loaded.doc, board)
    if problems:
        return problems, None
    counters = {cid: _counter(cid, m) for cid, m in parts.counters.dragon_counters.items()}
    artifacts = {aid: ArtifactSpec(aid, m.name, m.kind, m.origin, tuple(m.bonus.items()), m.movement, m.life,
                                   m.combinable, m.price, m.effect, m.dragon, m.chain, m.seen_with, m.text, m.spell)
                 for aid, m in parts.artifacts.dragon_artifacts.items()}
    heroes = {hid: HeroSpec(hid, m.name, tuple((s, m.skills[s]) for s in c.SKILLS),
                            tuple((s, tuple(m.thresholds[s])) for s in c.SKILLS), m.movement, m.life, m.gold,
                            m.ability, m.text)
              for hid, m in parts.heroes.dragon_heroes.items()}
    cards = {}
    if parts.cards is not None:
        for m in parts.cards.dragon_cards:
            effects = tuple((c.effect_name(e), e.model_dump(by_alias=True)[c.effect_name(e)]) for e in m.effects)
            cards[m.id] = CardSpec(m.id, m.name, m.book, effects, m.text)
    instances = {i: cid for cid, spec in counters.items() for i in instance_ids(spec)}
    return [], DragonContent(loaded.file, loaded.model.scenario, board, counters, artifacts, heroes, cards, instances)


def _counter(cid: str, m: c.DragonCounter) -> CounterSpec:
    return CounterSpec(cid, m.name, m.border, m.start, m.copies, m.at, tuple(m.dots.items()),
                       tuple(tuple(cube) for cube in m.reward), m.gold, m.flip, m.artifact, m.effect, tuple(m.needs),
                       m.task.spec() if m.task else None, m.deliver.field if m.deliver else "",
                       m.deliver.counter if m.deliver else "", m.life, m.text)
