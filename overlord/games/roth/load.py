"""Loading a Return of the Heroes scenario and the files it names into plain, immutable content:
the board, every counter's face (the box's and the heroic deeds' own, one kind of thing on the
map), the artifacts, the heroes' sheets, the deeds and the Nameless cards, and the co-operative mode's Nameless deck."""

from __future__ import annotations

from dataclasses import dataclass, field
from overlord.content.validate import load_scenario
from overlord.games.heroes.regions import RegionBoard
from overlord.games.heroes.tasks import TaskSpec

from .content import NAME
from .counters import RothCounter
from .deck import DECK_KEY
from .heroes import DEED_BORDER, RothDeedCounter
from .scenario import RothScenario, cross_problems, parts


@dataclass(frozen=True)
class CounterSpec:
    """A counter's printed face and where it starts (``start``: the introductory game's and the
    standard game's, ``counters.STARTS``). A deed's counter has ``deed`` (its deed's id): it is
    seen only by the deed's holder ("the counters with half their bordering in purple are part of a
    heroic deed and are thus only visible to the one with the matching heroic deed", Counters)."""

    id: str
    name: str
    border: str
    chit: bool = False
    start_intro: str = "bag"
    start_standard: str = "bag"
    copies: int = 1
    at: str = ""
    hearts: int = 1
    dots: tuple = ()                    # ((colour, modifier), ...)
    reward: tuple = ()                  # ((colours...), ...)
    gold: int = 0
    back: str = ""
    gives: str = ""
    artifact: str = ""
    effect: str = ""
    market: int = 0
    fee: int = 0
    deed: str = ""
    text: str = ""
    task: TaskSpec | None = None        # a task counter's steps (the family's)
    training: tuple = ()                # (skill, ((low, high, gain), ...)): what a task pays in training

    @property
    def visible_to_holder(self) -> bool:
        """A deed's counter or a task's artifact: seen only by its holder (Counters)."""
        return bool(self.deed) or self.border == "blue/yellow"

    @property
    def covered(self) -> bool:
        """Placed face down: a random encounter chit ("If it was once a random encounter chit, it has
        the PA logo on one side. These are placed with the logo facing upwards", Drawing Counters), and
        a Guard or a Servant ("placed (values hidden)", "values also hidden", The Emergence of the
        Nameless)."""
        return self.chit or self.effect in ("guard", "servant")

    def start(self, variant: str) -> str:
        """Where it starts: the introductory game's set-up, or the standard game's (the Unknown
        Land's too)."""
        return self.start_intro if variant == "introductory" else self.start_standard


@dataclass(frozen=True)
class RothContent:
    file: str
    scenario: RothScenario
    board: RegionBoard
    counters: dict                      # counter id -> CounterSpec (the box's and the deeds')
    artifacts: dict                     # artifact id -> RothArtifact
    heroes: dict                        # hero id -> RothHero
    deeds: dict                         # deed id -> RothDeed
    nameless: dict                      # card id -> RothNameless
    instances: dict                     # counter instance -> counter id ("wolves-2" -> "wolves")
    cards: dict = field(default_factory=dict)   # the Nameless deck (co-operative mode): card id -> deck.NamelessCard

    def spec(self, instance: str) -> CounterSpec:
        return self.counters[self.instances[instance]]


def instance_ids(spec: CounterSpec) -> list[str]:
    return [spec.id] if spec.copies == 1 else [f"{spec.id}-{k}" for k in range(1, spec.copies + 1)]


def load(path) -> RothContent:
    """The scenario at ``path`` and its files, validated; ContentError lists every problem."""
    return load_scenario(path, NAME, "a Return of the Heroes scenario", _built)


def _built(loaded) -> tuple[list, RothContent | None]:
    problems, got = parts(loaded)
    if got is None:
        return problems, None
    problems += cross_problems(got)
    if problems:
        return problems, None
    m = got.models
    counters = {cid: _counter(cid, c) for cid, c in m["roth_counters"].roth_counters.items()}
    for did, deed in m["roth_deeds"].roth_deeds.items():
        counters.update({pid: _deed_counter(did, pid, p) for pid, p in deed.counters.items()})
    instances = {i: cid for cid, spec in counters.items() for i in instance_ids(spec)}
    return [], RothContent(loaded.file, loaded.model.scenario, got.board, counters,
                           dict(m["roth_artifacts"].roth_artifacts), dict(m["roth_heroes"].roth_heroes),
                           dict(m["roth_deeds"].roth_deeds), dict(m["roth_nameless"].roth_nameless), instances,
                           {card.id: card for card in m[DECK_KEY].roth_nameless_deck} if DECK_KEY in m else {})


def _counter(cid: str, c: RothCounter) -> CounterSpec:
    return CounterSpec(cid, c.name, c.border, c.chit, c.start.intro, c.start.standard, c.copies, c.at, c.hearts,
                       tuple(c.dots.items()), tuple(tuple(cube) for cube in c.reward), c.gold, c.back, c.gives,
                       c.artifact, c.effect, c.market, c.fee, "", c.text, c.task.spec() if c.task else None,
                       (c.training.skill, tuple((st.low, st.high, st.gain) for st in c.training.steps))
                       if c.training else ())


def _deed_counter(did: str, pid: str, p: RothDeedCounter) -> CounterSpec:
    # "the first part of the heroic deeds are put into the bag instead of on the map" (The Standard Game)
    return CounterSpec(pid, p.name, DEED_BORDER, False, p.start, "bag", 1, p.at, p.life, tuple(p.dots.items()),
                       back=p.back, deed=did)

