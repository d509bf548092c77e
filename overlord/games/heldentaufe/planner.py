"""The monster boss as a planner: how the monsters spend their 4 shared action points.

"The monsters have 4 action points together, which may be distributed among one or more
monsters. The monsters may also move and fight against heroes (but not against other monsters).
They may move onto portals and thereby block them, but they may never pass through them. Monsters
do not trigger traps and, as long as the treasure remains on its space, may not enter the
treasure space." ("The Monsters Take Their Turn"; one figure per area: "Each Underworld area may
therefore be occupied by at most one figure".)

A **plan** is a sequence of up to ``points`` steps, each a monster's move to a free adjacent area
or its attack on an adjacent hero. :func:`plan` searches them all, breadth first by points used,
and **merges** plans that reach the same positions with the same attacks in the same order: of
those only the first found is kept - the one with the fewest points, then first in the fixed
order (monsters in content order, neighbours in the board's order) - since anything the others
can still do, it can too.

Each merged plan is scored by an **ordered comparison key**, the least wins:

1. the balance, in hearts (``forecast.py``): the hearts the plan's attacks are expected to take,
   with a hero knocked out counting more, less the teeth they are expected to hand over (a
   Monster Hunter card's 2 teeth included), plus the heroes' expected reply to the monsters
   where the plan leaves them - more is better;
2. heroes knocked out (expected, over the combat dice) - more is better;
3. hearts taken from heroes (expected) - more is better;
4. teeth handed over (expected points of the teeth heroes take from monsters that lose their last
   heart attacking) - fewer is better;
5. the heroes' reply (the balance of the fights the heroes can bring the monsters next, where the
   plan leaves them; 0 or less) - more is better;
6. blocked: usable portals held (a monster on an Underworld portal whose Upper World portal is
   explored) plus the treasure's neighbours held while the treasure lies there - more is better;
7. distance: the sum over monsters of the steps from each to the nearest hero below - less is
   better;
8. points used - fewer is better (a monster holds back what it has no use for);
9. the fixed order of the plan's steps (monster, attack before move, target), which breaks ties.

2-5 make up the balance (1); they come after it so that plans of one balance are told apart by
what makes it. The expectations branch over every attack's two outcomes, in order: a hero knocked
out is attacked no more, a monster that lost its last heart acts no more. Positions (5-7) are
those the plan's moves reach. Plans equal in 1-8 are the **ties**: the heroes may choose among
them at the table; headless, the fixed order decides (the Decision record keeps them).

Until issue 39 the key began with heroes knocked out and hearts taken, and teeth handed over only
broke their ties: a monster on its last heart attacked at any odds (a 1-heart Ulumu attacking
Corlof four times, 0.56 hearts expected against 0.98 teeth handed over).

The boss carries a plan out until its first attack's dice have fallen, then plans again with the
points left (``boss.py``): the planner never commits to a plan whose later steps the dice may have
made pointless.

**Greedy** (the baseline): one step at a time, each the best single step by the same key (or stop,
when holding back is allowed and no step beats it), then the next from where that left the board.

Reading (docs/readings.md, "Heldentaufe"): "whether monsters may leave points unused" - yes (the
heroes may: "Players may also let action points go unused"); ``rules.monsters_may_hold_back: false``
makes every plan use as many points as it can.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass

from overlord.core.trace import Decision

from . import forecast
from .dice import win_chance

# the key's fields, most significant first, each with the way it counts (the key holds a "more is
# better" field negated, so that the least key wins)
KEY_FIELDS = ("balance", "heroes knocked out", "hearts taken", "teeth handed over", "the heroes' reply",
              "blocked", "distance", "points used", "fixed order")
MORE_IS_BETTER = frozenset({"balance", "heroes knocked out", "hearts taken", "the heroes' reply", "blocked"})


@dataclass(frozen=True)
class Fighter:
    """A monster on the board, as the planner sees it."""

    id: str
    area: int
    hearts: int
    sword: int
    tooth: int            # the tooth a hero takes if it loses its last heart


@dataclass(frozen=True)
class Target:
    """A hero below."""

    id: str
    area: int
    hearts: int
    defence: int          # sword and a used Berserker (what it fights with, attacked or attacking)
    actions: int = 4      # its action points on its next turn
    hunts: tuple = ()     # (monster id, teeth) of each Monster Hunter card it holds


@dataclass(frozen=True)
class Situation:
    monsters: tuple[Fighter, ...]
    heroes: tuple[Target, ...]
    treasure: bool                    # the chest lies on its space (monsters may not enter it)
    portals: frozenset                # usable portal areas
    faces: tuple[int, ...]            # the combat die
    points: int = 4
    hold_back: bool = True


@dataclass(frozen=True)
class Plan:
    steps: tuple                      # ("move", monster index, area) / ("attack", monster index, hero index)
    key: tuple                        # KEY_FIELDS' values, the fixed order last


@dataclass(frozen=True)
class Result:
    best: Plan
    ties: tuple[Plan, ...]
    considered: int

    def decision(self, board, situation: Situation, what: str = "monster plan") -> Decision:
        return Decision(what, describe(board, situation, self.best.steps), KEY_FIELDS[:-1], self.best.key[:-1],
                        tuple(describe(board, situation, p.steps) for p in self.ties), "fixed order", self.considered)


def describe(board, s: Situation, steps) -> list[str]:
    """A plan in words, step by step ("ulumu 4,1 -> 4,2", "ulumu attacks erla")."""
    at = [m.area for m in s.monsters]
    out = []
    for kind, i, x in steps:
        if kind == "move":
            out.append(f"{s.monsters[i].id} {board.labels[at[i]]} -> {board.labels[x]}")
            at[i] = x
        else:
            out.append(f"{s.monsters[i].id} attacks {s.heroes[x].id}")
    return out


def _step_order(step) -> tuple:
    kind, i, x = step
    return (i, 0 if kind == "attack" else 1, x)


class _Scorer:
    """What the key needs, computed once per situation: per-area values, the attacks' expectations
    by attack sequence (shared by every plan with that sequence) and the heroes' reply."""

    def __init__(self, board, s: Situation):
        self.s = s
        heroes = [h.area for h in s.heroes]
        self.dist = [min((board.dist[a][h] for h in heroes), default=0) for a in range(board.size)]
        guard = set(board.neighbours[board.treasure]) if s.treasure and board.treasure >= 0 else set()
        self.block = [(1 if a in s.portals else 0) + (1 if a in guard else 0) for a in range(board.size)]
        self._attacks: dict[tuple, tuple] = {}
        self._expected: dict[tuple, forecast.Attacks] = {}
        self.p = [[win_chance(s.faces, m.sword, h.defence) for h in s.heroes] for m in s.monsters]
        self.reply = forecast.Reply(board, s)
        self.teeth_of = [[forecast.bounty(s, i, j) for j in range(len(s.heroes))] for i in range(len(s.monsters))]

    def attacks(self, seq: tuple) -> tuple:
        """(the attacks' balance, knocked out, hearts taken, teeth handed over, and the heroes' reply by
        monster and area - expected over the ways the attacks may end) of an attack sequence, each
        number rounded to a multiple of :data:`forecast.QUANTUM`."""
        hit = self._attacks.get(seq)
        if hit is None:
            a = self.expected(seq)
            n = len(self.s.monsters)
            if len(a.ends) == 1:
                _, mh, hh = a.ends[0]
                rows = tuple(self.reply.row(i, mh[i], hh) for i in range(n))
            else:
                rows = tuple(self._mixed(i, a.ends) for i in range(n))
            q = forecast.quantized
            hit = self._attacks[seq] = (q(forecast.value(a.knocked_out, a.hearts, a.teeth)), q(a.knocked_out),
                                        q(a.hearts), q(a.teeth), rows)
        return hit

    def _mixed(self, i: int, ends) -> list[float]:
        """Monster ``i``'s reply row expected over the ways attacks may end (those leaving it and the
        heroes' hearts alike share a row)."""
        weights: dict = {}
        for prob, mh, hh in ends:
            key = (mh[i], hh if mh[i] > 0 else ())
            weights[key] = weights.get(key, 0.0) + prob
        array = self.reply.array
        return forecast.quantized_all(sum(w * array(i, h, hh) for (h, hh), w in weights.items() if h > 0)
                                      + self.reply.zero).tolist()

    def expected(self, seq: tuple) -> forecast.Attacks:
        """The attacks of ``seq`` expected, from those of ``seq`` less its last (every plan's attacks
        are a plan's attacks and one more: each sequence costs one step of the dice)."""
        got = self._expected.get(seq)
        if got is None:
            got = self._expected[seq] = (forecast.then(self.expected(seq[:-1]), seq[-1], self.p, self.teeth_of)
                                         if seq else forecast.start(self.s))
        return got

    def lead(self, positions: tuple, seq: tuple) -> float:
        """The key's first field alone (the balance, negated)."""
        value, _, _, _, rows = self._attacks.get(seq) or self.attacks(seq)
        return -(value + sum(map(_at, rows, positions)))

    def prefix(self, positions: tuple, seq: tuple, points: int) -> tuple:
        """The key without its last field (the fixed order). Run for every merged plan, so kept lean:
        every number is a multiple of a power of two (``forecast.quantized``), so that sums of a few
        of them are exact and plans of equal worth tie exactly, whatever the order of the sums."""
        value, ko, hearts, teeth, rows = self._attacks.get(seq) or self.attacks(seq)
        reply = sum(map(_at, rows, positions))
        block = sum(map(self.block.__getitem__, positions))
        dist = sum(map(self.dist.__getitem__, positions))
        return (-(value + reply), -ko, -hearts, teeth, -reply, -block, dist, points)


_at = list.__getitem__


def fixed_order(steps: tuple) -> tuple:
    return tuple(_step_order(x) for x in steps)


def _blocked(board, s: Situation) -> set[int]:
    """Areas no monster may enter: the heroes', and the treasure's while it lies there."""
    out = {h.area for h in s.heroes}
    if s.treasure and board.treasure >= 0:
        out.add(board.treasure)
    return out


def enumerate_plans(board, s: Situation) -> list[tuple[tuple, tuple, int, object]]:
    """Every plan of up to ``s.points`` steps, merged: one (positions, attacks, points, ref) for
    each (positions, attacks) reached, where :func:`steps_of` turns ``ref`` into the plan's steps.
    With ``hold_back`` false, plans of every length are kept apart and only the longest returned.

    This loop runs a few thousand times a decision, so positions are packed into one int (a few
    bits per monster), the areas taken are a bitmask, and a plan is kept as a link to the plan it
    extends and its last step (the steps are spelt out only for the plans that win or tie)."""
    nbrs = [tuple((n, 1 << n) for n in ns) for ns in board.neighbours]
    bits = max(6, board.size.bit_length())
    mask = (1 << bits) - 1
    shifts = [bits * i for i in range(len(s.monsters))]
    fixed = 0
    for a in _blocked(board, s):
        fixed |= 1 << a
    hero_at = [h.area for h in s.heroes]
    near = [tuple(j for j, h in enumerate(hero_at) if h in board.neighbours[a]) for a in range(board.size)]
    start = 0
    for i, m in enumerate(s.monsters):
        start |= m.area << shifts[i]
    seen: dict = {start: (0, None, None)}          # key -> (points, key of the plan it extends, step)
    tables = [seen]                                # the table of the plans of each length
    layer = [(start, ())]
    for points in range(1, s.points + 1):
        nxt = []
        level: dict = seen if s.hold_back else {}
        for code, seq in layer:
            parent = (code, seq) if seq else code
            occupied = fixed
            pos = [(code >> sh) & mask for sh in shifts]
            for p in pos:
                occupied |= 1 << p
            for i, here in enumerate(pos):
                sh = shifts[i]
                base = code ^ (here << sh)
                for n, bit in nbrs[here]:
                    if occupied & bit:
                        continue
                    moved = base | (n << sh)
                    key = (moved, seq) if seq else moved
                    if key not in level:
                        level[key] = (points, parent, ("move", i, n))
                        nxt.append((moved, seq))
                for j in near[here]:
                    more = seq + ((i, j),)
                    key = (code, more)
                    if key not in level:
                        level[key] = (points, parent, ("attack", i, j))
                        nxt.append((code, more))
        if not nxt:
            break
        layer = nxt
        tables.append(level)
    final = seen if s.hold_back else tables[-1]
    out = []
    for key, (points, _, _) in final.items():
        code, seq = key if isinstance(key, tuple) else (key, ())
        out.append((tuple((code >> sh) & mask for sh in shifts), seq, points, (tables, key, points)))
    return out


def steps_of(ref) -> tuple:
    """The steps of an enumerated plan, first to last (following the links back)."""
    tables, key, points = ref
    steps = []
    for p in range(points, 0, -1):
        _, key, step = tables[p][key] if len(tables) > p else tables[0][key]
        steps.append(step)
    return tuple(reversed(steps))


def plan(board, s: Situation) -> Result:
    """The best plan, its ties and how many merged plans were compared.

    The search makes thousands of small tuples and no reference cycles, so Python's cyclic garbage
    collector is paused while it runs: a collection that falls inside it walks the whole process's
    heap and cost up to 40 ms a decision (``bench/heldentaufe_boss.py``), ten times the search."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return _plan(board, s)
    finally:
        if paused:
            gc.enable()


def _plan(board, s: Situation) -> Result:
    plans = enumerate_plans(board, s)
    scorer = _Scorer(board, s)
    best = None
    level = []
    lead = scorer.lead
    for pos, seq, points, ref in plans:
        if best is not None and lead(pos, seq) > best[0]:
            continue                                   # worse on the first field: the rest need not be told
        k = scorer.prefix(pos, seq, points)
        if best is None or k < best:
            best, level = k, [ref]
        elif k == best:
            level.append(ref)
    ranked = sorted((Plan(st, best + (fixed_order(st),)) for st in map(steps_of, level)), key=lambda p: p.key)
    return Result(ranked[0], tuple(ranked[1:]), len(plans))


def greedy_step(board, s: Situation) -> Result:
    """The greedy baseline's next step: the best single step by the same key, or none (stop)."""
    one = Situation(s.monsters, s.heroes, s.treasure, s.portals, s.faces, min(1, s.points), s.hold_back)
    return plan(board, one)


def key_value(name: str, stored):
    """A key field's value as the players read it (the key holds "more is better" fields negated)."""
    if name in MORE_IS_BETTER:
        stored = -stored
    return stored + 0 if isinstance(stored, (int, float)) else stored     # -0.0 reads 0.0
