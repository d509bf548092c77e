"""The family's helpers for the PettingZoo indices of a game's moves (``overlord.core.moves``:
each move's ``slots`` and ``slot``): the hero the indices speak for, the lists the hero sees read
once a call (``memo``), the k-th of such a list as an index, the numbered indices themselves.

A game's ``verbs`` names its moves' indices with these (the Dragon's and Return of the Heroes'
alike); what lists a hero sees (the fields he may step to, the landings of a jump) stays the
game's own and is passed in.
"""

from __future__ import annotations

from typing import Any, Callable

from overlord.games.heroes.sheet import SKILLS
from overlord.games.heroes.state import HeroesCtx


def actor(ctx: HeroesCtx) -> str:
    """The hero the indices speak for: the one owing the pending choice, else the one whose turn it is."""
    s = ctx.s
    return s.pending.get("hero") if s.pending else s.turn.hero


def seen(memo: dict, key: str, make: Callable[[], Any]) -> Any:
    """``make()`` once a call: what the hero sees, kept in ``memo`` under ``key``."""
    if key not in memo:
        memo[key] = make()
    return memo[key]


def kth(kind: str, pool: list, value, limit: int) -> str | None:
    """The index ``"kind k"`` of ``value`` in ``pool`` (None: not among its first ``limit``)."""
    return f"{kind} {pool.index(value)}" if value in pool[:limit] else None


def numbered(kind: str, n: int) -> tuple[str, ...]:
    """A move's ``n`` numbered indices, ``"kind 0"`` up."""
    return tuple(f"{kind} {k}" for k in range(n))


def no_slot(ctx, a, memo) -> None:
    """A move with no index (never chosen by a learning agent)."""
    return None


def steps(ctx: HeroesCtx, memo: dict, targets: Callable[[HeroesCtx, str], list[str]]) -> list[str]:
    """The fields the hero may step to (``targets``: the game's own), read once a call."""
    return seen(memo, "steps", lambda: targets(ctx, actor(ctx)) if actor(ctx) else [])


def items(ctx: HeroesCtx, memo: dict) -> list[str]:
    """The items on the hero's sheet, read once a call."""
    return seen(memo, "items", lambda: [i.id for i in ctx.s.sheets[actor(ctx)].items] if actor(ctx) else [])


def skilled(kind: str, *more: str) -> tuple[str, ...]:
    """A move's indices by skill (``"fight magic"``...), then by ``more`` words of the game's own."""
    return tuple(f"{kind} {sk}" for sk in (*SKILLS, *more))
