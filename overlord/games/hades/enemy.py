"""The Underworld beneath Return of the Heroes together (``mode: coop``, ours: the book has only the
race): the enemy phase the program plays when a round ends, from the parts each single game's
co-operative mode already has, and the clocks that beat the heroes. Every rule here is ours.

- Above, Return of the Heroes together (``roth.enemy``): the top card of the Nameless deck, then the
  darkness rises by ``coop.darkness_each_round``; at ``coop.darkness_limit`` the heroes have lost.
  A hero below takes no part in it (``Ctx.elsewhere``: no Servant walks to him, strikes him or
  tries him with an ordeal).
- Below, every ``coop.dark_phase_every`` rounds, the Underworld together (``underworld.dark``): the
  top card of the Damned One's Dark deck - its omen (which feeds the Dark Side when the Damned One
  has reason to), its face-up counters walking and striking the heroes below, a peril when it says
  so. The Underworld's own clock, its patience, is left out: the darkness above is the
  combination's clock (the other reading, both clocks, would end a game of 100 rounds by round 40).
- Each shadow cube the Dark phase puts on the Dark Side is an Evil Mark above (``settle``); the
  eleventh is the company's defeat (``fall.dark_side_full``). Then the Damned One's round marker
  (``rules.round_markers``) and the next round from the first hero.
- The heroes win together when one of them kills the Nameless - after the Damned One has fallen -
  or, with ``rules.shorter``, when one of them defeats either.
"""

from __future__ import annotations

import dataclasses

from overlord.core.game import RulesError
from overlord.games.roth import enemy as roth_enemy
from overlord.games.underworld.dark import dark_phase

from overlord.games.beneath import shadows
from overlord.games.beneath.settle import settled

from . import turns
from .narrate import rounds
from overlord.games.beneath.view import UnderView


def coop(ctx):
    """The scenario's co-operative numbers (RulesError in the race)."""
    numbers = ctx.c.hades.coop
    if ctx.c.hades.mode != "coop" or numbers is None:
        raise RulesError("the enemy phase and its clocks are the co-operative mode's (mode: coop)")
    return numbers


def dark_due(ctx) -> bool:
    """A Dark card this round: the round ends a span of ``coop.dark_phase_every`` rounds and the
    Damned One stands."""
    s = ctx.s
    return not s.part.outcome and s.round % coop(ctx).dark_phase_every[len(s.heroes)] == 0


def enemy_phase(ctx) -> list[dict]:
    """The enemy phase at a round's end (see the module's docstring); the next round begins unless a
    clock has ended the game."""
    s = ctx.s
    coop(ctx)
    if s.outcome:
        return []
    out = roth_enemy.enemy_phase(ctx) + settled(ctx)
    if not s.outcome and dark_due(ctx):
        out.append(ctx.log({"event": "dark_due", "round": s.round, "below": sorted(s.below),
                            "why": f"the Damned One plays a card {rounds(coop(ctx).dark_phase_every[len(s.heroes)])} "
                                   "(ours)"}))
        content = dataclasses.replace(ctx.c.under.dark, patience=None)
        out += dark_phase(UnderView(s, ctx), content) + settled(ctx)
    if not s.outcome:
        out += shadows.round_marker(ctx) + settled(ctx)
    if s.outcome:
        return out
    s.phase = "heroes"
    return out + turns.next_round(ctx)
