"""A combined scenario: which boxes it plays with, its mode, and the readings a line away; loaded
into one content that each box's rules read through their lens (``lenses``).

A box is named by a scenario of its own game (``boxes: {roth: roth-standard.yaml, dragon:
dragon-duel.yaml}``): the combination takes its content files, checked by that game as always,
and its rules' flags; its mode, heroes and numbers are the combination's. What the combination's
book changes of a box's flags is set here (:func:`roth_scenario`, :func:`dragon_scenario`), each
with its sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from overlord.content import kinds
from overlord.games.heroes.boxes import coop_problems as boxes_coop_problems, load_boxes
from overlord.content.errors import Problem
from overlord.content.validate import load_scenario
from overlord.games.dragon import load as dragon_load
from overlord.games.dragon.content import DragonScenario
from overlord.games.heroes.regions import RegionBoard
from overlord.games.roth import load as roth_load
from overlord.games.roth.scenario import RothCoop, RothScenario

from . import lenses
from .boxes import Boxes
from .scenario import BOXES, NAME, KingdomScenario, KingdomScenarioFile

@dataclass(frozen=True)
class KingdomContent:
    """Both boxes as one (``boxes``), and the combined box as Return of the Heroes' content
    (``roth``: every counter, artifact and hero of both, the maps merged); the Dragon's lens is
    made for the board as it lies (:meth:`dragon`)."""

    file: str
    scenario: KingdomScenario
    boxes: Boxes
    roth: roth_load.RothContent
    dragon_scenario: DragonScenario

    @property
    def heroes(self) -> dict:
        return self.roth.heroes

    @property
    def board(self) -> RegionBoard:
        return self.boxes.board

    @property
    def cards(self) -> dict:
        return {}

    @property
    def instances(self) -> dict:
        return self.roth.instances

    def spec(self, instance: str):
        """A counter's face as Return of the Heroes' rules read it (its box's own: ``boxes``)."""
        return self.roth.spec(instance)

    lensed: dict = field(default_factory=dict, compare=False, repr=False)   # layout -> the Dragon's lens

    def dragon(self, layout: tuple[str, ...]):
        """The combined box as the Dragon's content, on the maps as ``layout`` lays them (made once a
        layout, the last few kept)."""
        got = self.lensed.get(layout)
        if got is None:
            if len(self.lensed) >= LENSES_KEPT:
                self.lensed.clear()
            got = self.lensed[layout] = lenses.dragon_content(self.boxes, self.dragon_scenario,
                                                              lenses.laid(self.boxes.board, list(layout)))
        return got


LENSES_KEPT = 64


def roth_scenario(sc: KingdomScenario, box: RothScenario) -> RothScenario:
    """Return of the Heroes' rules as the combination plays them: the Standard Game's board (shuffled,
    "All 25 region maps are shuffled together"), the race, and "No player gets a heroic deed at the
    beginning of the game; instead, the heroes have to apply to the king to get any" (Option 2, the
    deeds at court)."""
    rules = box.rules.model_copy(update={"deeds_at_court": True, "nameless_at_start": False,
                                         "program_choices": sc.rules.program_choices})
    coop = None if sc.coop is None else RothCoop(darkness_limit=sc.coop.darkness_limit,
                                                  darkness_each_round=sc.coop.darkness_each_round)
    return box.model_copy(update={"id": sc.id, "name": sc.name, "mode": sc.mode, "variant": "standard",
                                  "heroes": sc.heroes, "seats": sc.seats, "rules": rules, "coop": coop,
                                  "max_rounds": sc.max_rounds})


def dragon_scenario(sc: KingdomScenario, box: DragonScenario) -> DragonScenario:
    """The Dragon's rules as the combination plays them: "The Dragon begins the game in the bag. As
    soon as he is drawn, the six special Dragon counters (5x Dragon Events, 1x Dragon Man) are put
    into the bag"; "The Dragon destroys 4 'City of the Mages' counters (6 counters in the expansion
    game)"."""
    rules = box.rules.model_copy(update={"dragon_in_bag": True, "dragon_man": "bag", "burn": 6,
                                         "program_choices": sc.rules.program_choices})
    return box.model_copy(update={"id": sc.id, "name": sc.name, "mode": "book", "rules": rules, "coop": None,
                                  "max_rounds": sc.max_rounds})


#: what the expansion fixes of a box's rules, with no other reading: "Once chosen, a heroic deed may not
#: be discarded. You may not take up more than one heroic deed."
EXPANSION_RULES = {"deeds_most": 1}


def rules_of(c: KingdomContent) -> dict:
    """The one state's rules: each box's flags as its lens's scenario has them, and the combination's."""
    return {**c.dragon_scenario.rules.model_dump(), **c.roth.scenario.rules.model_dump(),
            **c.scenario.rules.model_dump(), **EXPANSION_RULES}


# -- the file kind and loading ---------------------------------------------------------------------------------

LOADERS = {"roth": roth_load.load, "dragon": dragon_load.load}


def _boxes(loaded) -> tuple[list[Problem], dict]:
    return load_boxes(loaded, LOADERS, BOXES)


def dragon_cards(dragon) -> list[str]:
    """The Dragon deck of the co-operative mode (ours): the Dragon box's, as its own co-operative game
    plays it (the book's five Dragon Events among them: ``enemy``)."""
    return list(dragon.cards)


def coop_problems(loaded, got: dict) -> list[Problem]:
    """Together (``mode: coop``, ours) needs its numbers for every party size, no rivals, and both
    boxes' decks: Return of the Heroes' Nameless deck and a Dragon deck with cards of ours."""
    decks = {}
    if "roth" in got:
        decks["roth"] = (bool(got["roth"].cards), "Nameless deck (content: deck)")
    if "dragon" in got:
        decks["dragon"] = (bool(dragon_cards(got["dragon"])), "Dragon deck (content: dragon_cards)")
    return boxes_coop_problems(loaded, ("darkness_limit", "dragon_every", "hoard_limit"), decks)


def _cross_check(loaded) -> list[Problem]:
    problems, got = _boxes(loaded)
    return problems + coop_problems(loaded, got)


kinds.register(kinds.FileKind(kinds.SCENARIO, KingdomScenarioFile, NAME, "a combined Heroes scenario",
                              noun="scenario", cross_check=_cross_check))


def load(path) -> KingdomContent:
    """The scenario at ``path`` and both boxes, validated; ContentError lists every problem."""
    return load_scenario(path, NAME, "a combined Heroes scenario", _built)


def _built(loaded) -> tuple[list, KingdomContent | None]:
    problems, got = _boxes(loaded)
    problems += coop_problems(loaded, got)
    if problems:
        return problems, None
    sc: KingdomScenario = loaded.model.scenario
    boxes = Boxes.of(got["roth"], got["dragon"])
    roth = lenses.roth_content(boxes, roth_scenario(sc, got["roth"].scenario))
    return [], KingdomContent(loaded.file, sc, boxes, roth, dragon_scenario(sc, got["dragon"].scenario))

