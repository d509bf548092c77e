"""What a monsters' plan is expected to give and to cost, in one measure: the **balance**.

"If your total is higher than your opponent's, the opponent is wounded and loses 1 heart. If the
opponent's total is higher, you must give up 1 heart yourself. On a tie, the attacker wins."
("The 3rd Action: Fight") A monster that attacks takes a hero's heart when it wins and loses one of
its own when it loses; at its last heart "you receive the topmost monster tooth" ("Defeating a
Monster"), and a hero holding the Monster Hunter card of that monster takes 2 teeth more ("These
are the only missions you may also complete during the monster turn (if you are attacked by the
corresponding monster and it loses its last heart in that attack)").

So the boss weighs both sides of its attacks, in hearts (ours):

- a heart taken from a hero counts 1;
- a hero knocked out counts :data:`KNOCKOUT` more (the hero gives up its equipment, food and
  potions, goes back to the Upper World and, together, the clock moves on);
- a point of teeth handed over counts :data:`TOOTH` against (a tooth is for good, a heart is
  eaten back with one food).

**The heroes' reply.** A monster left within the heroes' reach is attacked on their turns, and a
monster that stays beside a hero on its last heart hands its tooth over all the same. So the
balance also counts, for each monster at the end of the plan, the fight the most dangerous hero
below can bring it next (ours, a plain model of a player): a hero at ``d`` areas (as the board
counts them) with ``a`` action points attacks it ``a - (d - 1)`` times, while the monster lives and
the hero has more than 1 heart left; the hero attacks, so the hero wins the ties. Its expected
hearts lost count for the monsters and the expected teeth against them, as above; a fight that
would cost the hero more than the monster counts as none (no hero need attack), so the reply is 0
at best. A hero knocked out by the plan's attacks brings no fight. Several monsters count each its
own most dangerous hero (a hero's points are not shared out between them).

Every expectation is rounded to a multiple of :data:`QUANTUM` (a power of two), so that the sums
of the key are exact and plans of equal worth tie exactly, whatever the order of the sums.

Every expectation branches over the dice in order: a hero knocked out is attacked no more, a
monster that lost its last heart acts no more.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .dice import win_chance

TOOTH = 1.0           # hearts a point of teeth handed over is worth to the monsters (ours)
KNOCKOUT = 3.0        # hearts a hero knocked out is worth beyond its last heart (ours)
QUANTUM = 2.0 ** -30  # expectations are compared as multiples of this (about 1e-9), so sums are exact


def quantized(v: float) -> float:
    """``v`` rounded to a multiple of :data:`QUANTUM`: sums of a few such numbers (far below 2**20) are
    exact in floating point, so equal sums made in another order compare equal."""
    return round(v / QUANTUM) * QUANTUM


def quantized_all(v):
    """:func:`quantized` of each number of a numpy array."""
    return np.round(v / QUANTUM) * QUANTUM


@dataclass(frozen=True)
class Attacks:
    """What a sequence of attacks is expected to give: hearts taken, heroes knocked out, teeth
    handed over, and how it may end (probability, monsters' hearts, heroes' hearts)."""

    knocked_out: float
    hearts: float
    teeth: float
    ends: tuple[tuple[float, tuple[int, ...], tuple[int, ...]], ...]


def bounty(s, i: int, j: int) -> int:
    """The teeth hero ``j`` takes when monster ``i`` loses its last heart: its top tooth, and a
    Monster Hunter card's teeth."""
    m = s.monsters[i]
    return m.tooth + dict(s.heroes[j].hunts).get(m.id, 0)


def start(s) -> Attacks:
    """No attack yet: the situation's hearts, for certain."""
    return Attacks(0.0, 0.0, 0.0, ((1.0, tuple(m.hearts for m in s.monsters), tuple(h.hearts for h in s.heroes)),))


def then(before: Attacks, attack: tuple[int, int], p, teeth_of) -> Attacks:
    """``before`` followed by one more attack (monster ``i`` on hero ``j``): from each way the
    attacks before may have ended, the monster wins (``p[i][j]``: the hero loses a heart, and is
    knocked out at his last) or loses (a heart; at its last it hands over ``teeth_of[i][j]``); an
    attacker gone or a hero out changes nothing. Ways that end alike are merged."""
    i, j = attack
    q = p[i][j]
    ko, hearts, teeth = before.knocked_out, before.hearts, before.teeth
    ends: dict = {}
    for prob, mh, hh in before.ends:
        if mh[i] <= 0 or hh[j] <= 0:
            ends[(mh, hh)] = ends.get((mh, hh), 0.0) + prob
            continue
        if q > 0:
            won = hh[:j] + (hh[j] - 1,) + hh[j + 1:]
            hearts += prob * q
            if hh[j] == 1:
                ko += prob * q
            ends[(mh, won)] = ends.get((mh, won), 0.0) + prob * q
        if q < 1:
            lost = mh[:i] + (mh[i] - 1,) + mh[i + 1:]
            if mh[i] == 1:
                teeth += prob * (1 - q) * teeth_of[i][j]
            ends[(lost, hh)] = ends.get((lost, hh), 0.0) + prob * (1 - q)
    return Attacks(ko, hearts, teeth, tuple((prob, mh, hh) for (mh, hh), prob in ends.items()))


def attacks(s, seq: tuple, p, teeth_of=None) -> Attacks:
    """The attacks ``seq`` ((monster, hero) pairs, in order) from the situation's hearts;
    ``p[i][j]``: the chance that monster i wins against hero j; ``teeth_of[i][j]``: :func:`bounty`
    (worked out here when not given)."""
    if teeth_of is None:
        teeth_of = [[bounty(s, i, j) for j in range(len(s.heroes))] for i in range(len(s.monsters))]
    out = start(s)
    for attack in seq:
        out = then(out, attack, p, teeth_of)
    return out


def value(knocked_out: float, hearts: float, teeth: float) -> float:
    """The balance of expected hearts taken, heroes knocked out and teeth handed over, in hearts."""
    return hearts + KNOCKOUT * knocked_out - TOOTH * teeth


class Reply:
    """The heroes' expected reply to a monster left at an area: the balance (for the monsters) of
    the fight the most dangerous hero below brings it, by the monster's hearts and the heroes'."""

    def __init__(self, board, s):
        self.board, self.s = board, s
        self.q = [[win_chance(s.faces, h.defence, m.sword) for m in s.monsters] for h in s.heroes]
        self.bounty = [[bounty(s, i, j) for i in range(len(s.monsters))] for j in range(len(s.heroes))]
        self.dist = [np.array(board.dist[h.area]) for h in s.heroes]
        self.zero = np.zeros(board.size)
        self._heroes: dict = {}
        self._arrays: dict = {}
        self._rows: dict = {}

    def row(self, i: int, hearts: int, hh: tuple[int, ...]) -> list[float]:
        """The balance for monster ``i`` with ``hearts`` left, at each area of the board."""
        key = (i, hearts, hh)
        got = self._rows.get(key)
        if got is None:
            got = self._rows[key] = self.array(i, hearts, hh).tolist()
        return got

    def array(self, i: int, hearts: int, hh: tuple[int, ...]):
        """:meth:`row` as a numpy array: the worst, area by area, of each hero's fight - or none (0),
        since no hero need attack where the fight would cost him more than the monster."""
        key = (i, hearts, hh)
        got = self._arrays.get(key)
        if got is None:
            each = [self._hero(i, hearts, j, hh[j]) for j in range(len(hh)) if hearts > 0 and hh[j] > 1]
            got = self._arrays[key] = np.minimum.reduce([self.zero, *each])
        return got

    def _hero(self, i: int, hearts: int, j: int, hero_hearts: int):
        """Hero ``j``'s fight against monster ``i`` left at each area: a hero ``d`` areas away attacks
        ``actions - (d - 1)`` times; out of reach (or on the area itself), nothing."""
        key = (i, hearts, j, hero_hearts)
        got = self._heroes.get(key)
        if got is None:
            actions = self.s.heroes[j].actions
            by_d = np.array([0.0] + [quantized(_balance(self.q[j][i], actions - (d - 1), hearts, hero_hearts,
                                                        self.bounty[j][i])) for d in range(1, actions + 1)] + [0.0])
            got = self._heroes[key] = by_d[np.minimum(self.dist[j], actions + 1)]
        return got


def _balance(q: float, n: int, monster: int, hero: int, tooth: int) -> float:
    lost, teeth = _hero_fight(q, n, monster, hero, tooth)
    return lost - TOOTH * teeth


@lru_cache(maxsize=65536)
def _hero_fight(q: float, n: int, monster: int, hero: int, tooth: int) -> tuple[float, float]:
    """A hero attacking a monster up to ``n`` times (``q``: the hero's chance), stopping when the
    monster is defeated or the hero is down to 1 heart: (hearts the hero loses, teeth it takes)."""
    if n == 0 or monster == 0 or hero <= 1:
        return 0.0, 0.0
    win = _hero_fight(q, n - 1, monster - 1, hero, tooth)
    loss = _hero_fight(q, n - 1, monster, hero - 1, tooth)
    return (q * win[0] + (1 - q) * (1 + loss[0]),
            q * ((tooth if monster == 1 else 0) + win[1]) + (1 - q) * loss[1])
