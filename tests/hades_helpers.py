"""The Underworld beneath Return of the Heroes for its tests: the shipped scenario (its rivals and round cap set by a case),
a match, a step's context, and the few placings a rule's case needs."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from pathlib import Path

from overlord.games.hades.context import Ctx
from overlord.games.hades.game import GAME
from overlord.games.hades.load import GATE, HadesContent, load
from overlord.games.heroes.state import lift, put
from overlord.games.roth.actions import item_of
from overlord.games.underworld import tiles

SCENARIO = Path(__file__).parent.parent / "scenarios" / "roth-underworld.yaml"


@lru_cache(maxsize=None)
def content(seats: int = 0, shorter: bool = False, max_rounds: int = 150) -> HadesContent:
    """The tests' scenario; ``seats``: the race's rivals fill the table to so many heroes (0: none)."""
    c = load(SCENARIO)
    return dataclasses.replace(c, scenario=c.scenario.model_copy(update={"seats": seats, "max_rounds": max_rounds}),
                               hades=c.hades.model_copy(update={"seats": seats, "max_rounds": max_rounds,
                                                                "rules": c.hades.rules.model_copy(
                                                                    update={"shorter": shorter})}))


def match(heroes=("leandra", "gro"), seed: int = 1, **kw):
    return GAME.new_match(content(**kw), list(heroes), seed)


def ctx(m) -> Ctx:
    return Ctx.open(m.state, m.content, None)


def lay_gate(m, field: str) -> None:
    """The gate drawn and placed on ``field``."""
    s = m.state
    s.bag.remove(GATE)
    put(s, field, GATE)


def stand(m, hero: str, field: str) -> None:
    m.state.at[hero].field = field


def carry(m, hero: str, inst: str) -> None:
    """``hero`` carries Return of the Heroes' artifact counter ``inst`` (taken from wherever it waits)."""
    s = m.state
    for pile in (s.bag, s.market, s.aside):
        if inst in pile:
            pile.remove(inst)
    if any(inst in here for here in s.board.values()):
        lift(s, inst)
    s.sheets[hero].items.append(item_of(ctx(m), inst))


def below_at_styx(m, hero: str) -> None:
    """``hero`` below on Styx (as if he had gone down through the gate)."""
    s = m.state
    s.below[hero] = GATE
    s.part.map.heroes[hero] = tiles.styx_id(s.part.map)
