"""Exact chances of the Heroes family's trials and of a battle of trials, for bots and balance
work: a trial rolls 2 to 5 dice and keeps the two lowest (or, when the hero wants to fail, the
two highest); a battle runs trials until one side has lost all its life points."""

from __future__ import annotations

import itertools
import math
from functools import lru_cache


def _table() -> dict[tuple[int, int], float]:
    out = {}
    for n in range(2, 6):
        counts = [0] * 13
        for roll in itertools.product(range(1, 7), repeat=n):
            a, b = sorted(roll)[:2]
            counts[a + b] += 1
        cum = 0
        for t in range(13):
            cum += counts[t]
            out[(n, t)] = cum / 6 ** n
    return out


_P = _table()


def p_success(n_dice: int, target: int) -> float:
    """P(the two lowest of ``n_dice`` dice sum to ``target`` or less)."""
    n = min(5, max(2, n_dice))
    if target < 2:
        return 0.0
    if target >= 12:
        return 1.0
    return _P[(n, target)]


def p_fail(n_dice: int, target: int) -> float:
    """P(the two highest of ``n_dice`` dice sum above ``target``) - for trials the hero wants to
    fail (Low Demon, Well of Wisdom)."""
    # by symmetry (face f -> 7 - f) the two highest summing > t is the two lowest summing < 14 - t
    return p_success(n_dice, 13 - target) if target >= 1 else 1.0


@lru_cache(maxsize=4096)
def p_battle(p: float, damned_lp: int, hero_lp: int) -> float:
    """P(``damned_lp`` successes come before ``hero_lp`` failures), each trial succeeding with
    ``p``: the final battle "until either the Damned One is defeated, or the attacking hero
    loses the last LP"."""
    if hero_lp <= 0:
        return 0.0
    if damned_lp <= 0:
        return 1.0
    q = 1 - p
    return sum(math.comb(damned_lp - 1 + k, k) * p ** damned_lp * q ** k for k in range(hero_lp))


@lru_cache(maxsize=65536)
def p_cycle_battle(ps: tuple[float, ...], damned_lp: int, hero_lp: int, i: int = 0) -> float:
    """P(``damned_lp`` successes before ``hero_lp`` failures) when trial k succeeds with
    ``ps[k % len(ps)]`` (the solitaire battle's cycle of skills), starting at position ``i``."""
    if hero_lp <= 0:
        return 0.0
    if damned_lp <= 0:
        return 1.0
    p = ps[i]
    j = (i + 1) % len(ps)
    return p * p_cycle_battle(ps, damned_lp - 1, hero_lp, j) + (1 - p) * p_cycle_battle(ps, damned_lp, hero_lp - 1, j)
