"""The Underworld beneath Return of the Heroes: both boxes loaded as one content.

A box is named by a scenario of its own game: the combination takes its content files, checked by
that game as always, and its flags; its mode, heroes and numbers are the combination's. The content
is Return of the Heroes' (:class:`HadesContent` is a ``RothContent``: Return of the Heroes' rules
read it as their own) with the Underworld's box beside it (``under``) and what each box makes of
the other's things:

- the gate to Hades/Styx ("The Gate marker to the Underworld/Styx from Heroes in the Underworld is
  mixed in with the Adventure markers of Return of the Heroes") is a counter of Return of the
  Heroes' bag (:data:`GATE`);
- a thing carried between the worlds keeps its name, bonus, movement and life: the Underworld's
  items are artifacts to Return of the Heroes' rules (by their counters' ids), Return of the
  Heroes' artifacts are items to the Underworld's (:func:`up_artifacts`, :func:`down_items`);
- Return of the Heroes' heroes are heroes of the Underworld's box too, with no ability of its own.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from overlord.content import kinds
from overlord.games.heroes.boxes import coop_problems as boxes_coop_problems, load_boxes
from overlord.content.errors import Problem
from overlord.content.validate import load_scenario
from overlord.games.roth import load as roth_load
from overlord.games.roth.counters import RothArtifact
from overlord.games.roth.scenario import RothCoop, RothScenario
from overlord.games.underworld import formats as uw_formats
from overlord.games.underworld.engine import HeroSpec as UnderHero, UnderworldContent
from overlord.games.underworld.setup import load_game
from overlord.games.underworld.state import CounterSpec as UnderCounter, instance_ids as under_instances

from .scenario import BOXES, NAME, HadesScenario, HadesScenarioFile
from .upper import GATE, UPPER

#: the Underworld's kinds of thing a hero carries (its items and weapons), to Return of the Heroes' rules
CARRIED = ("item", "black_weapon", "special_weapon")
#: the Underworld's item slots as Return of the Heroes' artifact kinds
_UP_KINDS = {"weapon": "weapon", "armour": "armour", "shield": "shield"}


@dataclass(frozen=True)
class HadesContent(roth_load.RothContent):
    """Return of the Heroes' content with the Underworld's things it may meet, and the Underworld's
    box (``under``: its tiles, its counters with Return of the Heroes' artifacts among them, its
    heroes) and the combination's scenario (``hades``)."""

    under: Any = None
    hades: Any = None
    down: Any = None               # Return of the Heroes' artifacts as the Underworld's items (``down_items``)

    @property
    def catalogue(self) -> dict:
        """The Underworld's counters and Return of the Heroes' things as its items: the catalogue of the
        Underworld's part."""
        return {**self.down, **self.under.catalogue}

    @property
    def up(self):
        """The game above, as the Underworld's joins read it (``beneath.upper``)."""
        return UPPER

    @property
    def under_ids(self) -> set:
        """The Underworld's counters' instance ids (its things carried up are Return of the Heroes'
        artifacts by these ids)."""
        return {i for spec in self.under.catalogue.values() for i in under_instances(spec)}


def up_artifacts(catalogue: dict[str, UnderCounter]) -> dict[str, RothArtifact]:
    """The Underworld's carried things as Return of the Heroes' artifacts, by instance id (a thing
    carried up is known by its counter's id: ``ambrosia-2``)."""
    out = {}
    for spec in catalogue.values():
        if spec.kind not in CARRIED:
            continue
        art = RothArtifact.model_construct(name=spec.name, kind=_UP_KINDS.get(spec.slot, "other"), origin="special",
                                           star=False, bonus=dict(spec.bonus), movement=spec.movement, life=spec.life,
                                           uses=0, heal=0, price=0, effect="", returns_on=0,
                                           text=spec.text or spec.name, ours=[])
        for inst in under_instances(spec):
            out[inst] = art
    return out


def down_items(roth: roth_load.RothContent) -> dict[str, UnderCounter]:
    """Return of the Heroes' artifacts as the Underworld's items, by every id a hero may carry one by:
    a counter's instance (``sword-1``) and a magic object's artifact id; its tasks as tasks with no
    destination below ("Tasks from the Upper World may be discarded in the Underworld")."""
    out: dict[str, UnderCounter] = {}

    def item(key: str, a: RothArtifact) -> UnderCounter:
        return UnderCounter(id=key, name=a.name, kind="item", slot=a.kind if a.kind in ("weapon", "armour", "shield")
                            else "other", bonus=dict(a.bonus), movement=a.movement, life=a.life,
                            text=a.text)

    for aid, a in roth.artifacts.items():
        out[aid] = item(aid, a)
    for inst, cid in roth.instances.items():
        spec = roth.counters[cid]
        aid = spec.artifact or spec.back
        if aid in roth.artifacts:
            out[inst] = item(inst, roth.artifacts[aid])
        elif spec.task is not None:           # a task of the Upper World carried below: no destination there
            out[inst] = UnderCounter(id=inst, name=spec.name, kind="task", text=spec.text)
    return out


def roth_scenario(sc: HadesScenario, box: RothScenario) -> RothScenario:
    """Return of the Heroes' rules as the combination plays them: the Standard Game's sixteen maps
    ("The 16 map tiles of the Upper World are laid out"), the race, and "Hero Quests must be granted
    at the Capital (select one). Only one Quest is allowed per hero" (Option 2, the deeds at court)."""
    rules = box.rules.model_copy(update={"deeds_at_court": True, "nameless_at_start": False,
                                         "program_choices": sc.rules.program_choices})
    coop = None if sc.coop is None else RothCoop(darkness_limit=sc.coop.darkness_limit,
                                                  darkness_each_round=sc.coop.darkness_each_round)
    return box.model_copy(update={"id": sc.id, "name": sc.name, "mode": sc.mode, "variant": "standard",
                                  "heroes": sc.heroes, "seats": sc.seats, "rules": rules, "coop": coop,
                                  "max_rounds": sc.max_rounds})


#: what the combination fixes of a box's rules, with no other reading: "Only one Quest is allowed per hero"
COMBINED_RULES = {"deeds_most": 1}
#: the Underworld's flags in the book's race beneath Return of the Heroes: its heroes may duel (the
#: book's competitive game), no solitaire changes (the Upper World's heroes are never alone)
UNDER_RULES = {"duels": True, "solitaire_changes": False, "special_treasures_count": False}
#: together (ours): heroes of one company do not duel, as in the Underworld's co-operative game
UNDER_RULES_TOGETHER = {**UNDER_RULES, "duels": False}


def under_rules(sc: HadesScenario) -> dict:
    """The Underworld's flags the combination fixes, by its mode."""
    return UNDER_RULES_TOGETHER if sc.mode == "coop" else UNDER_RULES


def gate_counter(counters_file: Path) -> roth_load.CounterSpec:
    """The gate to Hades/Styx as a counter of Return of the Heroes' bag (the Underworld box's own
    counter, ``combined_games`` of its counters file): an encounter, face up, no coordinates."""
    spec = uw_formats.load_underworld(counters_path=counters_file).combined[GATE]
    return roth_load.CounterSpec(GATE, spec.name, "green", start_intro="out", start_standard="bag", effect="gate",
                                 text=spec.text)


# -- the file kind and loading ---------------------------------------------------------------------------------

LOADERS = {"roth": roth_load.load, "underworld": load_game}


def _boxes(loaded) -> tuple[list[Problem], dict]:
    return load_boxes(loaded, LOADERS, BOXES)


def coop_problems(loaded, got: dict) -> list[Problem]:
    """Together (``mode: coop``, ours) needs its numbers for every party size, no rivals, and Return of
    the Heroes' Nameless deck (the Underworld's Dark deck every scenario of it names)."""
    decks = {"roth": (bool(got["roth"].cards), "Nameless deck (content: deck)")} if "roth" in got else {}
    return boxes_coop_problems(loaded, ("darkness_limit", "dark_phase_every"), decks)


def _cross_check(loaded) -> list[Problem]:
    problems, got = _boxes(loaded)
    return problems + coop_problems(loaded, got)


kinds.register(kinds.FileKind(kinds.SCENARIO, HadesScenarioFile, NAME, "the Underworld beneath Return of the Heroes",
                              noun="scenario", cross_check=_cross_check))


def load(path) -> HadesContent:
    """The scenario at ``path`` and both boxes, validated; ContentError lists every problem."""
    return load_scenario(path, NAME, "the Underworld beneath Return of the Heroes", _built)


def _built(loaded) -> tuple[list, HadesContent | None]:
    problems, got = _boxes(loaded)
    problems += coop_problems(loaded, got)
    if problems:
        return problems, None
    sc: HadesScenario = loaded.model.scenario
    box = Path(loaded.file).parent / sc.boxes.underworld
    counters = box.parent / got["underworld"].scenario.content.counters
    if GATE not in uw_formats.load_underworld(counters_path=counters).combined:
        return [loaded.doc.problem(("scenario", "boxes", "underworld"), f"{sc.boxes.underworld}'s counters "
                                   f"({counters.name}) hold no {GATE} under combined_games: the gate to Hades/Styx "
                                   "joins the worlds")], None
    return [], combined(loaded.file, sc, got["roth"], got["underworld"], gate_counter(counters))


def combined(file: str, sc: HadesScenario, roth: roth_load.RothContent, under: UnderworldContent,
             gate: roth_load.CounterSpec) -> HadesContent:
    """Both boxes as one content (see the module's docstring)."""
    counters = {**roth.counters, GATE: gate}
    up = up_artifacts(under.catalogue)
    heroes = {hid: UnderHero(hid, h.name, dict(h.skills), {k: list(v) for k, v in h.thresholds.items()}, h.movement,
                             h.life, h.gold, h.item_slots, "") for hid, h in roth.heroes.items()}
    under = dataclasses.replace(under, heroes={**under.heroes, **heroes})
    fields = {f.name: getattr(roth, f.name) for f in dataclasses.fields(roth_load.RothContent)}
    fields.update(file=file, scenario=roth_scenario(sc, roth.scenario), counters=counters,
                  artifacts={**roth.artifacts, **up},
                  instances={**roth.instances, GATE: GATE})
    return HadesContent(**fields, under=under, hades=sc, down=down_items(roth))
