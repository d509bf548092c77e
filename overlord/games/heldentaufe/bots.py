"""Hero bots for headless Heldentaufe: ``choose(match, actions, rng) -> action``, the action one of
``actions`` (the legal ones); ``rng`` (the players' generator) breaks ties only, so a seeded game is
the same every time.

* :func:`overlord.core.game.choose_random` - any legal action, uniformly (every game's random bot).
* :func:`choose_heuristic` - a player that tries to win. Every choice is the **minimum of an
  ordered key** ``(rank, measure, tie)`` over the legal actions:

====  ==============================================================================================
rank  actions worth taking, best first
====  ==============================================================================================
0     a step or teleport onto the campfire that wins (the team's teeth reach the target)
1     heal: eat when a heart is lost; drink Healing at 1 heart, or below half in the Underworld
2     equip a better piece; collect food when there is room; play a Porter mission, a Companion's
      boots when points are short, an Observer mission when no point is left (it ends the turn)
3     forge a better piece at the Blacksmith; brew Healing (then Berserker, then Teleportation)
      when the rack has room and no such potion is on it
4     drink Berserker next to a monster it means to fight
5     the costly step toward the hero's **goal** (below): fight the monster it means to fight, or
      the move, explore, descend or ascend that brings it nearest its goal (measure: steps left)
8     end the turn (with a Laboratory's improvement of the piece worn, when there is one)
9     anything else (drop, unequip, trade, decline): never, since ``end`` is always there
====  ==============================================================================================

The goal, by the first that applies: **home** (the team holds its target: to the campfire, by a
portal or a Teleportation potion; a hero standing on it when the teeth arrive steps off, to enter it); **flee** (in the Underworld at 1 heart, or at 2 against a
monster that outfights it: to the nearest usable portal); **fight** (an adjacent monster it beats
with P >= 0.5, or any adjacent monster with 3+ hearts left); **treasure** (the chest lies and the
hero has at least 3 hearts: to its space, skulls avoided when the path allows); **hunt** (the
weakest monster on the board, when the hero has 3+ hearts); **heal** (above, hurt and no food: to
a food source explored); **down** (ready - full hearts - and a portal explored: to it, then down);
**explore** (the nearest empty cell next to an explored area, toward the campfire's side).
"""

from __future__ import annotations

import heapq
from collections import deque

from . import heroes as hb, monsters, upper
from .board import upper_neighbours
from .content import FOOD_SOURCES
from .dice import win_chance
from .engine import ap_left
from .state import UNDER, UPPER
from .under import figures

END = 8
NEVER = 9


def choose_heuristic(match, actions, rng):
    c, s = match.content, match.state
    hero = s.board[actions[0]["hero"]]
    mind = _Mind(c, s, hero)
    keyed = [(mind.key(a), i) for i, a in enumerate(actions)]
    best = min(k for k, _ in keyed)
    tied = [i for k, i in keyed if k == best]
    return actions[tied[int(rng.integers(len(tied)))] if len(tied) > 1 else tied[0]]


class _Mind:
    """What the heuristic works out once per decision."""

    def __init__(self, c, s, hero):
        self.c, self.s, self.hero = c, s, hero
        self.ap = ap_left(c, s, hero)
        self.maxh = hb.max_hearts(c, hero)
        self.team = sum(hb.points(s.board[h]) for h in s.heroes)
        target = c.scenario.target[len(s.heroes)]
        self.home = (self.team >= target) if c.coop else (hb.points(hero) >= target)
        self.b = c.underworld
        self.goal, self.dist = self._goal()

    # -- the goal ------------------------------------------------------------------------------------
    def _goal(self):
        s, hero = self.s, self.hero
        if self.home:
            return "home", self._dist_home
        if hero.world == UNDER:
            foes = self._foes()
            worst = max((1 - self._odds(m) for m in foes), default=0)
            if hero.hearts <= 1 or (hero.hearts <= 2 and worst > 0.5):
                return "flee", self._dist_exit
            if any(self._odds(m) >= 0.5 or hero.hearts >= 3 for m in foes):
                return "fight", None
            if s.treasure and hero.hearts >= 3:
                return "treasure", self._dist_treasure
            if hero.hearts >= 3 and monsters.active(s):
                return "hunt", self._dist_prey
            return "flee", self._dist_exit
        if hero.hearts < self.maxh and "apple" not in hero.backpack and "fish" not in hero.backpack \
                and "mushroom" not in hero.backpack and self._sources():
            return "heal", self._dist_food
        worth = s.cycle == "empty" or s.treasure or monsters.active(s)
        if hero.hearts >= min(self.maxh, 4) and worth and self._portals_open():
            return "down", self._dist_portal
        return "explore", self._dist_frontier

    def _foes(self):
        b = self.b
        around = {b.labels[n] for n in b.neighbours[b.area(self.hero.at)]}
        return [m for m in monsters.active(self.s) if m.at in around]

    def _odds(self, monster, bonus=0):
        return win_chance(tuple(self.c.supply.combat_die), hb.fight_value(self.c, self.hero) + bonus,
                          monsters.sword(self.c, monster))

    # -- distances -----------------------------------------------------------------------------------
    def _upper_bfs(self, goals: set[str]) -> dict[str, int]:
        """Steps over explored areas from each area to the nearest of ``goals``."""
        out = {g: 0 for g in goals if g in self.s.upper}
        todo = deque(out)
        while todo:
            a = todo.popleft()
            for n in upper_neighbours(a):
                if n in self.s.upper and n not in out:
                    out[n] = out[a] + 1
                    todo.append(n)
        return out

    def _under_bfs(self, goals: set[int], skull_cost: int = 2) -> dict[int, int]:
        """Steps below from each area to the nearest goal, other figures in the way, unknown
        dangers costing ``skull_cost`` (Dijkstra over small integer costs)."""
        b, s = self.b, self.s
        taken = {b.area(s.board[h].at) for h in s.down() if h != self.hero.id}
        taken |= {b.area(m.at) for m in monsters.active(s)}
        danger = {b.area(a) for a in s.dangers}
        out = {g: 0 for g in goals}
        frontier = sorted((0, g) for g in goals)
        while frontier:
            d, a = heapq.heappop(frontier)
            if d > out.get(a, d):
                continue
            cost = 1 + (skull_cost if a in danger else 0)
            for n in b.neighbours[a]:
                if n in taken and n not in goals:
                    continue
                nd = d + cost
                if nd < out.get(n, 1 << 30):
                    out[n] = nd
                    heapq.heappush(frontier, (nd, n))
        return out

    def _portals_open(self) -> list[str]:
        s = self.s
        return [at for at, t in s.upper.items() if upper.portal_number(t)
                and self.b.labels[self.b.portals[upper.portal_number(t)]] not in _figures(s)]

    def _sources(self):
        return [at for at, t in self.s.upper.items() if upper.kind_of(t) in FOOD_SOURCES]

    def _dist_home(self, world, at):
        if world == UPPER:
            return self._cached("home", lambda: self._upper_bfs({upper.CAMPFIRE})).get(at, 99)
        return 10 + self._dist_exit(world, at)

    def _dist_exit(self, world, at):
        if world == UPPER:
            return 0
        b, s = self.b, self.s
        exits = {b.portals[k] for k in b.portals if upper.portal_cell(s, k)}
        return self._cached("exit", lambda: self._under_bfs(exits)).get(b.area(at), 99)

    def _dist_treasure(self, world, at):
        if world != UNDER:
            return 99
        return self._cached("treasure", lambda: self._under_bfs({self.b.treasure})).get(self.b.area(at), 99)

    def _dist_prey(self, world, at):
        if world != UNDER:
            return 99
        prey = min(monsters.active(self.s), key=lambda m: (monsters.hearts(self.c, m) + monsters.sword(self.c, m),
                                                            -monsters.top(m)))
        area = self.b.area(prey.at)
        return self._cached("prey", lambda: self._under_bfs({area}, skull_cost=1)).get(self.b.area(at), 99)

    def _dist_food(self, world, at):
        if world != UPPER:
            return 99
        return self._cached("food", lambda: self._upper_bfs(set(self._sources()))).get(at, 99)

    def _dist_portal(self, world, at):
        if world == UNDER:
            return 0
        return self._cached("portal", lambda: self._upper_bfs(set(self._portals_open()))).get(at, 99)

    def _dist_frontier(self, world, at):
        if world != UPPER:
            return 99
        s = self.s

        def frontier():
            cells = {n for a in s.upper for n in upper_neighbours(a) if n not in s.upper} if s.tiles.draw else set()
            reach = self._upper_bfs({a for a in s.upper if any(n in cells for n in upper_neighbours(a))})
            return reach
        return self._cached("frontier", frontier).get(at, 99)

    def _cached(self, name, make):
        cache = self.__dict__.setdefault("_cache", {})
        if name not in cache:
            cache[name] = make()
        return cache[name]

    # -- the key ------------------------------------------------------------------------------------
    def key(self, a: dict) -> tuple:
        do = a["do"]
        c, hero = self.c, self.hero
        if do in ("move", "explore", "descend", "ascend", "fight", "teleport") and self._wins(a):
            return (0, 0)
        if do == "eat":
            return (1, 0)
        if do == "drink" and a["potion"] == "healing":
            low = hero.hearts <= 1 or (hero.world == UNDER and hero.hearts * 2 < self.maxh)
            return (1, 1) if low else (NEVER, 0)
        if do == "equip":
            slot = hb.slot_of(a["token"])
            return (2, 0) if hb.value_of(a["token"]) > hb.worn(hero, slot) else (NEVER, 0)
        if do == "collect":
            return (2, 1)
        if do == "mission":
            m = c.missions[a["card"]]
            if m.kind == "observer":
                return (2, 2) if self.ap == 0 and a.get("reward") == "tooth" else (NEVER, 0)
            if m.kind == "companion":
                return (2, 3) if self.ap == 0 and self.goal != "explore" else (NEVER, 0)
            return (2, 2)
        if do == "forge":
            return (3, -hb.value_of(a["take"]))
        if do == "brew":
            if "companion" in a:
                return (NEVER, 0)
            order = {"healing": 0, "berserker": 1, "teleport": 2}[a["potion"]]
            if a["potion"] in hero.rack or (a["potion"] == "healing" and hero.rack.count("healing") >= 1):
                return (NEVER, 0)
            return (3, order)
        if do == "drink" and a["potion"] == "berserker":
            return (4, 0) if self.goal == "fight" else (NEVER, 0)
        if do == "teleport":
            return (NEVER, 0)
        if do in ("move", "explore", "descend", "ascend", "fight"):
            return self._costly(a)
        if do == "end":
            return (END, 0 if a.get("improve") and self._worn(a["improve"]) else 1)
        return (NEVER, 0)

    def _worn(self, token):
        return self.hero.inventory.get(hb.slot_of(token)) == token

    def _wins(self, a) -> bool:
        if not self.home:
            return False
        if a["do"] == "teleport":
            return a["world"] == UPPER and a["to"] == upper.CAMPFIRE
        return a["do"] == "move" and self.hero.world == UPPER and a["to"] == upper.CAMPFIRE

    def _costly(self, a) -> tuple:
        do, hero = a["do"], self.hero
        if do == "fight":
            if self.goal != "fight" or a["target"] not in self.s.monsters:
                return (NEVER, 0)
            m = self.s.monsters[a["target"]]
            bonus = 2 if "companion" in a else 0
            return (5, -self._odds(m, bonus), monsters.hearts(self.c, m))
        if self.goal == "fight" or self.dist is None:
            return (NEVER, 0)
        if do == "descend":
            return (5, -1) if self.goal == "down" else (NEVER, 0)
        if do == "ascend":
            return (5, -1) if self.goal in ("home", "flee") else (NEVER, 0)
        if do == "explore":
            if self.goal != "explore":
                return (NEVER, 0)
            x, y = (int(v) for v in a["to"].split(","))
            return (5, -1, abs(x) + abs(y))
        if self.goal == "home" and hero.world == UPPER and hero.at == upper.CAMPFIRE and do == "move":
            return (5, 0)           # the teeth came while it stood there: "enters" it again next step
        here = self.dist(hero.world, hero.at)
        after = self.dist(hero.world, a["to"])
        return (5, after) if after < here else (NEVER, 0)


def _figures(s):
    return figures(s)
