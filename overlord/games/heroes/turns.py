"""A hero's turn and the rounds, on the family's state: the heroes play in turn order, a hero out
of the game is skipped, and a round ends after the last of them (Return of the Heroes and Under
the Shadow of the Dragon, "Sequence of Play").

- :func:`start_turn`: a new turn with the hero's movement allowance (``heroes.sheet``), the
  "turn" event, then what the game does at a turn's start.
- :func:`end_turn`: the "turn_end" event, what the game does at a turn's end, then the next hero
  still in the game, or the round's end.
- :func:`round_end`: the "round_end" event, what the game does between rounds (which may wait:
  the Dragon's phase), then the next round from the first hero still in the game.

What a game adds comes through its :class:`TurnRules` (the Dragon's is in its own ``turns``); a
combined game's context names its own (``HeroesCtx.turn_rules``).
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from overlord.games.heroes.sheet import movement_allowance
from overlord.games.heroes.state import HeroesCtx, Turn

C = TypeVar("C", bound=HeroesCtx, contravariant=True)
X = TypeVar("X", bound=HeroesCtx)


class TurnRules(Protocol[C]):
    """What a game adds to the family's turns and rounds."""

    def new_turn(self, hero: str, mp: int) -> Turn:
        """The game's turn for ``hero`` with ``mp`` movement points."""
        ...

    def turn_started(self, ctx: C, hero: str) -> list[dict]: ...

    def turn_ended(self, ctx: C, hero: str) -> list[dict]: ...

    def round_over(self, ctx: C) -> tuple[list[dict], bool]:
        """The game's events between rounds; True: the next round waits (an enemy phase is due, or
        the game is over)."""
        ...


def start_turn(ctx: X, rules: TurnRules[X]) -> list[dict]:
    rules = ctx.turn_rules or rules
    s = ctx.s
    hero = s.heroes[s.order]
    hs = s.at[hero]
    s.turn = rules.new_turn(hero, movement_allowance(s.sheets[hero]))
    out = [ctx.log({"event": "turn", "hero": hero, "round": s.round, "at": hs.between or hs.field})]
    return out + rules.turn_started(ctx, hero)


def end_turn(ctx: X, rules: TurnRules[X]) -> list[dict]:
    rules = ctx.turn_rules or rules
    s = ctx.s
    hero = s.turn.hero
    out = [ctx.log({"event": "turn_end", "hero": hero, "why": s.turn.why_over or "the player ends his turn"})]
    out += rules.turn_ended(ctx, hero)
    if s.outcome:
        return out
    live = [k for k, h in enumerate(s.heroes) if not s.at[h].out]
    later = [k for k in live if k > s.order]
    if later:
        s.order = later[0]
        return out + start_turn(ctx, rules)
    return out + round_end(ctx, rules)


def round_end(ctx: X, rules: TurnRules[X]) -> list[dict]:
    rules = ctx.turn_rules or rules
    out = [ctx.log({"event": "round_end", "round": ctx.s.round})]
    own, waits = rules.round_over(ctx)
    out += own
    return out if waits else out + next_round(ctx, rules)


def next_round(ctx: X, rules: TurnRules[X]) -> list[dict]:
    rules = ctx.turn_rules or rules
    s = ctx.s
    s.round += 1
    s.order = next(k for k, h in enumerate(s.heroes) if not s.at[h].out)
    return start_turn(ctx, rules)
