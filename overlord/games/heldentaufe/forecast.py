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
hearts lost count for the monsters and the expected teeth against them, as above. A hero knocked
out by the plan's attacks brings no fight. Several monsters count each its own most dangerous
hero (a hero's points are not shared out between them).

Every expectation branches over the dice in order: a hero knocked out is attacked no more, a
monster that lost its last heart acts no more.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .dice import win_chance

TOOTH = 1.0           # hearts a point of teeth handed over is worth to the monsters (ours)
KNOCKOUT = 3.0        # hearts a hero knocked out is worth beyond its last heart (ours)
ROUND = 9             # expectations compared to 9 decimals (sums of products of n/36)


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


def attacks(s, seq: tuple, p) -> Attacks:
    """The attacks ``seq`` ((monster, hero) pairs, in order) from the situation's hearts;
    ``p[i][j]``: the chance that monster i wins against hero j."""
    ends: dict = {}
    ko = hearts = teeth = 0.0

    def walk(k, hh, mh, prob, k_o, h_, t_):
        nonlocal ko, hearts, teeth
        while k < len(seq) and not (mh[seq[k][0]] > 0 and hh[seq[k][1]] > 0):
            k += 1                     # the attacker is gone or the hero is out: no effect
        if k == len(seq):
            ko, hearts, teeth = ko + prob * k_o, hearts + prob * h_, teeth + prob * t_
            ends[(mh, hh)] = ends.get((mh, hh), 0.0) + prob
            return
        i, j = seq[k]
        q = p[i][j]
        if q > 0:
            won = hh[:j] + (hh[j] - 1,) + hh[j + 1:]
            walk(k + 1, won, mh, prob * q, k_o + (hh[j] == 1), h_ + 1, t_)
        if q < 1:
            lost = mh[:i] + (mh[i] - 1,) + mh[i + 1:]
            walk(k + 1, hh, lost, prob * (1 - q), k_o, h_, t_ + (bounty(s, i, j) if mh[i] == 1 else 0))

    walk(0, tuple(h.hearts for h in s.heroes), tuple(m.hearts for m in s.monsters), 1.0, 0, 0, 0)
    return Attacks(ko, hearts, teeth, tuple((prob, mh, hh) for (mh, hh), prob in ends.items()))


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
        self._rows: dict = {}

    def row(self, i: int, hearts: int, hh: tuple[int, ...]) -> list[float]:
        """The balance for monster ``i`` with ``hearts`` left, at each area of the board."""
        key = (i, hearts, hh)
        got = self._rows.get(key)
        if got is None:
            got = self._rows[key] = self._row(i, hearts, hh)
        return got

    def _row(self, i: int, hearts: int, hh: tuple[int, ...]) -> list[float]:
        out = [0.0] * self.board.size
        if hearts <= 0:
            return out
        for j, h in enumerate(self.s.heroes):
            if hh[j] <= 1:
                continue
            # by distance: a hero d areas away attacks actions - (d - 1) times
            by_d = [0.0] + [_balance(self.q[j][i], h.actions - (d - 1), hearts, hh[j], self.bounty[j][i])
                            for d in range(1, h.actions + 1)]
            reach = len(by_d)
            for a, d in enumerate(self.board.dist[h.area]):
                if 0 < d < reach and by_d[d] < out[a]:
                    out[a] = by_d[d]
        return out


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
