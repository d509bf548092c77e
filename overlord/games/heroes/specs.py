"""What a behaviour spec may ask of a game of the Heroes family (``overlord check``), shared by
the games that fight counters the same way (the Underworld, the Dragon, Return of the Heroes), and
the helpers the Dragon's and Return of the Heroes' setups share."""

from __future__ import annotations

from typing import Callable, Literal

from overlord.content.models import Strict
from overlord.core.game import RulesError

from .state import lift, put, where


class Fight(Strict):
    """A hero fights a counter on its space: the skill (the best permitted one when none is
    named), the trial's target after the counter's dot, and who wins with the spec's dice."""

    hero: str
    counter: str
    skill: Literal["magic", "ranged", "close"] | None = None


# -- setting a scenario's game up (the Dragon's and Return of the Heroes' ``setup:``) --------------

def take_counter(s, inst: str, held: Callable[[str], list[list[str]]] = lambda hero: []) -> None:
    """A counter lifted from wherever it lies - a field, the bag, aside, the market's pile, out of
    the game, the market's offer, a hero's artifacts or tasks, or a list of the hero's own that
    ``held`` names (RotH's deed card) - so that every counter stays in one place."""
    if where(s, inst) is not None:
        lift(s, inst)
        return
    for pile in (s.bag, s.aside, s.market, s.removed, s.offer):
        if inst in pile:
            pile.remove(inst)
            return
    for h in s.heroes:
        sheet = s.sheets[h]
        if any(i.id == inst for i in sheet.items):
            sheet.items = [i for i in sheet.items if i.id != inst]
            return
        for kept in [sheet.tasks, *held(h)]:
            if inst in kept:
                kept.remove(inst)
                return
    raise RulesError(f"counter {inst} is nowhere to take it from")


def known_counter(c, inst: str, what: str, example: str) -> str:
    """``inst`` when the game has a counter of that instance; else the setup's line that names it."""
    if inst not in c.instances:
        raise RulesError(f"setup.{what}: no counter {inst!r} in the game (counters are named by instance, "
                         f"e.g. {example})")
    return inst


def known_field(c, fid: str, what: str) -> str:
    """``fid`` when it is a field of the board; else the setup's line that names it."""
    if fid not in c.board.fields:
        raise RulesError(f"setup.{what}: no field {fid!r} on the board")
    return fid


def lay_counters(s, c, empty: bool, counters: dict[str, str], down: list[str], example: str,
                 keep: frozenset[str] = frozenset(), take: Callable[[object, str], None] | None = None) -> None:
    """A setup's board: with ``empty`` every counter but those in ``keep`` lifted aside (out of play,
    nothing drawn for it); then ``counters`` laid on their fields (taken from wherever they are:
    ``take``, the family's :func:`take_counter` by default), face down where ``down`` says."""
    take = take or take_counter
    if empty:
        for fid in list(s.board):
            for inst in list(s.board[fid]):
                if inst not in keep:
                    lift(s, inst)
                    s.aside.append(inst)
    for inst, fid in counters.items():
        take(s, known_counter(c, inst, "counters", example))
        put(s, known_field(c, fid, f"counters.{inst}"), inst, face_down=inst in down)
    for inst in down:
        if inst not in counters:
            raise RulesError(f"setup.down: {inst} is not laid by setup.counters")
