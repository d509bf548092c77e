"""The boxes of a combined game as one box: Return of the Heroes' content and Under the Shadow of
the Dragon's, their maps merged and no id named twice.

Both boxes hold counters of the same name - each box its own Troll, Wolves, Giant, Bandits,
Shield and Healing Potion, and the Dragon's Bow is its magic weapon where RotH's is the market's -
and in a combined game both lie in the one bag (Under the Shadow of the Dragon, "as an Expansion
Set": "All open counters are put into the bag"). Return of the Heroes keeps its ids; every id of
the Dragon's box that RotH's box holds too is renamed ``shadow-ID`` (:data:`SHADOW`), wherever the
Dragon's box names it (a counter's artifact and back, what it needs, a task's things, a chain and
what a material is seen with), so that each box's rules read the other box's things by ids that
mean one thing.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from overlord.games.dragon.load import DragonContent, instance_ids as dragon_instances
from overlord.games.heroes.regions import RegionBoard, merged
from overlord.games.roth.load import RothContent

#: the prefix of a Dragon's box id that Return of the Heroes' box holds too
SHADOW = "shadow-"


def clashes(roth: RothContent, dragon: DragonContent) -> set[str]:
    """The ids both boxes use: counters, artifacts and heroes."""
    return (set(roth.counters) | set(roth.artifacts) | set(roth.heroes)) \
        & (set(dragon.counters) | set(dragon.artifacts) | set(dragon.heroes))


#: the fields of the Dragon's specs that name a counter, an artifact or a hero (nothing else is renamed:
#: an effect, a border or a skill is a word of the rules, not an id)
NAMING = {"CounterSpec": ("id", "artifact", "flip", "needs", "task", "deliver_counter"),
          "TaskSpec": ("bring", "find", "to_person"),
          "ArtifactSpec": ("id", "chain", "seen_with"),
          "HeroSpec": ("id",)}


def _renamed(value: Any, clash: set[str]) -> Any:
    """A spec with every clashing id it names renamed (:data:`NAMING`); an id, or a tuple of them."""
    if isinstance(value, str):
        return SHADOW + value if value in clash else value
    if isinstance(value, tuple):
        return tuple(_renamed(v, clash) for v in value)
    if value is None:
        return None
    named = NAMING[type(value).__name__]
    return dataclasses.replace(value, **{f: _renamed(getattr(value, f), clash) for f in named})


def shadowed(dragon: DragonContent, clash: set[str]) -> DragonContent:
    """The Dragon's box with every clashing id renamed ``shadow-ID``, in its counters, artifacts and
    heroes and wherever they name one another."""
    if not clash:
        return dragon
    counters = {_renamed(cid, clash): _renamed(spec, clash) for cid, spec in dragon.counters.items()}
    artifacts = {_renamed(aid, clash): _renamed(spec, clash) for aid, spec in dragon.artifacts.items()}
    heroes = {_renamed(hid, clash): _renamed(spec, clash) for hid, spec in dragon.heroes.items()}
    instances = {i: cid for cid, spec in counters.items() for i in dragon_instances(spec)}
    return dataclasses.replace(dragon, counters=counters, artifacts=artifacts, heroes=heroes, instances=instances)


@dataclass(frozen=True)
class Boxes:
    """Return of the Heroes' box and the Dragon's (its clashing ids renamed), and their maps as one
    box (``heroes.regions.merged``: A-P and R-Z)."""

    roth: RothContent
    dragon: DragonContent
    board: RegionBoard

    @classmethod
    def of(cls, roth: RothContent, dragon: DragonContent) -> "Boxes":
        dragon = shadowed(dragon, clashes(roth, dragon))
        return cls(roth, dragon, merged(roth.board, dragon.board))

    def box(self, instance: str) -> str:
        """Which box a counter instance comes from: "roth" or "dragon"."""
        if instance in self.roth.instances:
            return "roth"
        if instance in self.dragon.instances:
            return "dragon"
        raise KeyError(f"{instance!r} is no counter of either box")
