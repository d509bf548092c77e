"""Each box's rules on the one combined state: a lens is the combined content as that game's own
types (every counter, artifact and hero of the other box translated) and a context of that game
over the same state, generator and dice. A rule run through a lens writes the one state and logs
into the one log; nothing is copied back.

What each box's rules make of the other box's things (the translation):

- A counter keeps its id, name, border, coordinates, copies, dots, reward, gold, task and the
  artifact it is; its life is RotH's hearts and the Dragon's life; its back is RotH's ``back`` and
  the Dragon's ``flip``. Its *effect* is its own box's alone: through the other box's lens it is a
  plain counter of its border (the Dragon's Basilisk is a creature to Return of the Heroes' rules;
  RotH's mice are an encounter to the Dragon's). The combined game sends every action on a counter to
  the rules of the box it comes from (``verbs``), so an effect is only ever played by its own rules.
- A covered counter of the Dragon's (its ``start: covered``) is a random encounter chit to RotH's
  rules (the PA logo: "All of the 50 covered counters are also shuffled and distributed according
  to the basic rules").
- An artifact keeps its name, bonus, movement, life and price; its kind is the nearest the other
  box has (the Dragon's weapons are "other": a hero may carry several, as RotH's weapons).
- A hero keeps his sheet's numbers; the Dragon's heroes are a kind of their own to RotH's rules
  (``kind``: ``dragon-ID``: the Dragon's Mage is no side of Return of the Heroes' mage's sheet), with RotH's four task and four artifact squares and the place for a precious
  stone ("Place for Precious Stone (expansion version only)", Under the Shadow of the Dragon,
  Character Sheet); RotH's heroes have no ability of the Dragon's.

Return of the Heroes' magic objects (a task's or a deed's reward, held and left by their artifact
id, no counter) are counters of their own to the Dragon's rules: a yellow counter that is the
artifact of its id.

The City of the Mages is a pile of its own beside Return of the Heroes' market pile (the Dragon's
``market`` is the combined state's ``city``): the Dragon's lens shows the Dragon's rules a state
whose ``market`` is the City's (:class:`CityView`), every other field the one state's.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from overlord.games.dragon import load as dl
from overlord.games.heroes.regions import RegionBoard, relaid
from overlord.games.roth import load as rl
from overlord.games.roth.counters import RothArtifact
from overlord.games.roth.heroes import RothHero

from .boxes import Boxes

# where a Dragon's counter starts, to RotH's set-up words (the combined game places them itself)
_ROTH_START = {"covered": "chits", "bag": "bag"}
_ROTH_KINDS = {"armour": "armour", "shield": "shield"}
_DRAGON_KINDS = {"armour": "armour", "shield": "shield"}
_ROTH_ORIGINS = {"market": "market", "chain": "magic", "special": "special", "counter": "special"}
_DRAGON_ORIGINS = {"market": "market", "magic": "special", "part": "counter", "special": "special"}
DRAGON_KIND = "dragon-"
# the RotH sheets' squares the Dragon's heroes get (ours: Return of the Heroes' own sheets')
TASK_SLOTS, ITEM_SLOTS = 4, 4


# -- the Dragon's box to Return of the Heroes' rules -------------------------------------------------------

def roth_counter(d: dl.CounterSpec) -> rl.CounterSpec:
    return rl.CounterSpec(d.id, d.name, d.border, chit=d.start == "covered", start_intro="out",
                          start_standard=_ROTH_START.get(d.start, "out"), copies=d.copies, at=d.at, hearts=d.life,
                          dots=d.dots, reward=d.reward, gold=d.gold, back=d.flip, artifact=d.artifact, text=d.text,
                          task=d.task)


def roth_artifact(a: dl.ArtifactSpec) -> RothArtifact:
    return RothArtifact.model_construct(name=a.name, kind=_ROTH_KINDS.get(a.kind, "other"),
                                        origin=_ROTH_ORIGINS[a.origin], star=False, bonus=dict(a.bonus),
                                        movement=a.movement, life=a.life, uses=0, heal=0, price=a.price, effect="",
                                        returns_on=0, text=a.text, ours=[])


def roth_hero(h: dl.HeroSpec) -> RothHero:
    return RothHero.model_construct(name=h.name, kind=DRAGON_KIND + h.id, skills=dict(h.skills),
                                    thresholds={s: list(t) for s, t in h.thresholds}, movement=h.movement,
                                    life=h.life, gold=h.gold, special="", task_slots=TASK_SLOTS,
                                    item_slots=ITEM_SLOTS, stone=True, manor="", text=h.text, ours=[])


# -- Return of the Heroes' box to the Dragon's rules -------------------------------------------------------

def dragon_counter(r: rl.CounterSpec, artifacts: dict) -> dl.CounterSpec:
    """RotH's counter to the Dragon's rules: its back is the Dragon's ``flip`` where it is an artifact
    (a deed's counter turned over shows the deed's next thing, no artifact: none)."""
    return dl.CounterSpec(r.id, r.name, r.border, "covered" if r.chit else "bag", copies=r.copies, at=r.at,
                          dots=r.dots, reward=r.reward, gold=r.gold, flip=r.back if r.back in artifacts else "",
                          artifact=r.artifact, task=r.task, life=r.hearts, text=r.text)


def dragon_artifact(aid: str, a: RothArtifact) -> dl.ArtifactSpec:
    return dl.ArtifactSpec(aid, a.name, _DRAGON_KINDS.get(a.kind, "other"), _DRAGON_ORIGINS[a.origin],
                           tuple(a.bonus.items()), a.movement, a.life, price=a.price, text=a.text)


def dragon_hero(hid: str, h: RothHero) -> dl.HeroSpec:
    return dl.HeroSpec(hid, h.name, tuple(h.skills.items()), tuple((s, tuple(t)) for s, t in h.thresholds.items()),
                       h.movement, h.life, h.gold, text=h.text)


# -- the lenses' contents ------------------------------------------------------------------------------------

def roth_content(boxes: Boxes, scenario: Any) -> rl.RothContent:
    """The combined box as Return of the Heroes' content (the maps merged, every Dragon's thing
    translated); its board is laid by the state's layout as RotH's own Standard Game's is
    (``roth.state.laid_out``)."""
    r, d = boxes.roth, boxes.dragon
    counters = {**r.counters, **{cid: roth_counter(spec) for cid, spec in d.counters.items()}}
    artifacts = {**r.artifacts, **{aid: roth_artifact(a) for aid, a in d.artifacts.items()}}
    heroes = {**r.heroes, **{hid: roth_hero(h) for hid, h in d.heroes.items()}}
    return dataclasses.replace(r, scenario=scenario, board=boxes.board, counters=counters, artifacts=artifacts,
                               heroes=heroes, instances={**r.instances, **d.instances})


def dragon_content(boxes: Boxes, scenario: Any, board: RegionBoard) -> dl.DragonContent:
    """The combined box as the Dragon's content, on ``board`` (the maps as they lie)."""
    r, d = boxes.roth, boxes.dragon
    counters = {**{cid: dragon_counter(spec, r.artifacts) for cid, spec in r.counters.items()}, **d.counters}
    artifacts = {**{aid: dragon_artifact(aid, a) for aid, a in r.artifacts.items()}, **d.artifacts}
    heroes = {**{hid: dragon_hero(hid, h) for hid, h in r.heroes.items()}, **d.heroes}
    objects = {aid: dl.CounterSpec(aid, a.name, "yellow", "bag", artifact=aid, text=a.text)
               for aid, a in r.artifacts.items() if aid not in counters and aid not in r.instances}
    return dataclasses.replace(d, scenario=scenario, board=board, counters={**counters, **objects},
                               artifacts=artifacts, heroes=heroes,
                               instances={**r.instances, **d.instances, **{aid: aid for aid in objects}})


def laid(board: RegionBoard, layout: list[str]) -> RegionBoard:
    """The merged maps as the layout lays them (5 by 5)."""
    return relaid(board, list(layout))


# -- the Dragon's view of the one state ----------------------------------------------------------------------

class CityView:
    """The one state as the Dragon's rules read it: its ``market`` is the City of the Mages' pile
    (the combined state's ``city``), its ``mode`` the Dragon's rules' own ("book": the Dragon's
    Events go into the bag with him, as its book's game has them); every other field, read or
    written, is the state's own."""

    __slots__ = ("_state", "_mode")
    RENAMED = {"market": "city"}

    def __init__(self, state, mode: str):
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_mode", mode)

    def __getattr__(self, name: str):
        if name == "mode":
            return object.__getattribute__(self, "_mode")
        return getattr(object.__getattribute__(self, "_state"), self.RENAMED.get(name, name))

    def __setattr__(self, name: str, value) -> None:
        if name == "mode":
            raise AttributeError("the Dragon's rules never change the game's mode")
        setattr(object.__getattribute__(self, "_state"), self.RENAMED.get(name, name), value)
