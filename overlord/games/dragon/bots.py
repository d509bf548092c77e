"""Hero bots for headless play: a random one (uniform over the legal actions) and a heuristic one.

The heuristic bot takes the legal action with the lowest key ``(class, cost, listed order)``:

- class 0, what the moment demands: the forced fight with the best chance (Halfling: hiding when
  a fight is worse than his 1-3 in 6), the players' pending choices (Attack!: Lightning first, then
  the trial with the best chance, and the least valuable artifact lost), the market's best buy, a draw
  owed (Clairvoyance's pick when the bag holds what the plan needs: the next being of the weapon's
  chain, a held task's counter, the Rope once armed; else the plain draw);
- class 1, progress that is here now: fulfil a task, forge a weapon, deliver, take a useful
  artifact, win a scroll or material (the trial with the best chance), cast Strength, rummage,
  rappel into the lair when ready; the Mage's spell for his gold (Strength first);
- class 2, healing when hurt (a potion, the manor, the Herbalist, the Befuddled Healer at more than
  one hit point, the Paladin's prayer);
- class 3, what is worth stopping for when there is nowhere better to go this turn: train with
  Cerberos (the weapon's skill), the Juggler when rich, take a task, an optional fight with a good
  chance, call the City's market;
- class 4, a step towards the plan's field, cost the route's length from there (hidden fields,
  creatures in the way - face up or seen by Vision -, the Desert and the Labyrinth cost more);
  before it, Vision on the covered counter that step leads onto, and a jump of the Boots of Jumping
  when it leaves less of the way than the best walk this turn;
- class 5, end the turn; class 9, what it never wants (drops, Labyrinth rolls, Pegasus but to the
  Dragon).

The plan's field, first that applies: the Mouth of the Cave (or the Rope's point) when the chance
to slay the Dragon (exact: the trials after the hoard's cubes, its life against the hero's hit
points) reaches the readiness bar (lower when the clock runs out); healing when low; the next step
of a weapon's chain (loremaster, material being, scroll being or a scroll lying about); Cerberos
with a weapon; a held task's place; the nearest covered counter; the nearest creature worth
fighting; the hero's manor.

The search bot's other plans (:data:`SEARCH_POLICIES`, ``overlord.sim.mcts``: switching plans) are
this bot with a higher readiness bar (:func:`heuristic_daring_at`).
"""

from __future__ import annotations

import heapq

from overlord.games.heroes.odds import p_success
from overlord.games.heroes.sheet import SKILLS, dice_for, skill_value
from overlord.games.heroes.state import face_up

from . import events, fights, moves
from .state import Ctx, artifact, carried, counter, sees

READY = 0.55               # the chance to slay the Dragon that sends a hero to the lair (+0.15 early)
READY_LATE = 0.2           # ... its floor, when the clock is out or a challenger has fallen
FAR = 10 ** 6


def choose_heuristic(match, actions, rng, ready: float = READY):
    bot = Planner(match.state, match.content, ready)
    keyed = sorted((bot.rank(a), n) for n, a in enumerate(actions))
    return dict(actions[keyed[0][1]])


def heuristic_daring_at(ready: float):
    """The heuristic bot with another readiness bar: the same plan, but it sends a hero to the lair
    at ``ready`` (+0.15 early) instead of :data:`READY` - a search bot's other plan."""
    def choose(match, actions, rng):
        return choose_heuristic(match, actions, rng, ready)
    choose.__name__ = f"heuristic_ready_{ready:g}"
    return choose


#: the plans a search bot may switch between (``SearchModel.policies``): the heuristic
#: itself first, then the same plan with a higher readiness bar - when to dare the lair is the one
#: choice that shows its worth only at the game's end (bars ours)
SEARCH_POLICIES = {f"ready {READY:g}": choose_heuristic,
                   "ready 0.7": heuristic_daring_at(0.70),
                   "ready 0.85": heuristic_daring_at(0.85)}


class Planner:
    def __init__(self, s, c, ready: float = READY):
        self.s, self.c = s, c
        self.ready_bar = ready
        self.ctx = Ctx(s, c, None, None)
        self.hero = s.pending.get("hero") if s.pending else s.turn.hero
        self.hs = s.at[self.hero]
        self.sheet = s.sheets[self.hero]
        self._target = None
        self._dist = None
        self._costs = None
        self._from_here = None

    # -- what the hero has and sees ------------------------------------------------------------------
    def have(self) -> list[str]:
        """The artifacts the hero carries, by id, in the order of his trays."""
        return list(dict.fromkeys(carried(self.s, self.c, self.hero).values()))

    def visible(self):
        s, c = self.s, self.c
        for fid, here in s.board.items():
            for inst in here:
                if face_up(s, inst) and sees(s, c, self.hero, inst):
                    yield fid, inst, counter(c, inst)

    def odds_ready(self) -> float:
        return fights.dragon_odds(self.ctx, self.hero)[0]

    def bar(self) -> float:
        """The chance to slay the Dragon that is good enough now: high while there is time, lower as
        the clock (the hoard, the rounds) runs out or once a challenger has fallen."""
        s, c = self.s, self.c
        coop = c.scenario.coop
        pressure = s.round / c.scenario.max_rounds
        if coop is not None:
            pressure = max(pressure, s.hoard / coop.hoard_limit[len(s.heroes)])
        if s.dragon == "victorious":
            return 0.45 if s.mode == "book" else READY_LATE
        return max(READY_LATE, self.ready_bar + 0.15 - max(0.0, pressure - 0.5))

    def ready(self) -> bool:
        return self.s.dragon in ("lair", "victorious") and self.odds_ready() >= self.bar()

    def hurt(self) -> bool:
        sh = self.sheet
        return sh.natural <= 1 or (sh.natural * 2 <= sh.natural_max and sh.natural < sh.natural_max)

    # -- the plan ---------------------------------------------------------------------------------------------
    def target(self) -> str | None:
        if self._target is None:
            self._target = self._plan() or ""
        return self._target or None

    def _plan(self) -> str | None:
        """The first stage of :meth:`stages` with a field within reach."""
        for fields, limit in self.stages():
            found = self.nearest(fields, limit)
            if found:
                return found
        return None

    def stages(self):
        """The plan's candidate fields, most wanted first, each with the route cost it is worth."""
        s, c, b = self.s, self.c, self.c.board
        if self.ready():
            rope = moves.has_effect(self.ctx, self.hero, "rope")
            yield [b.with_feature("rope_point" if rope else "cave_mouth")[0]], FAR
            return
        have = self.have()
        seen = list(self.visible())
        sheet = self.sheet
        healing = [self.hs.manor] + [f for f, i, sp in seen if sp.effect == "herbalist" and self.gold() >= 1
                                     or sp.effect == "healer" and sheet.natural >= 2]
        if self.hurt():
            yield healing, FAR
            return
        weapons = [a for a in have if c.artifacts[a].dragon]
        chains = [a for a in have if c.artifacts[a].origin == "chain"]
        yield self.chain_fields(seen, have, weapons, chains), 90.0
        if weapons and sheet.natural < sheet.natural_max:
            yield healing, FAR
        cubes = sum(len(v) for v in sheet.cubes.values())
        creatures = [(f, inst) for f, inst, sp in seen if sp.border == "red" and sp.effect not in ("dragon", "dragon_man")
                     and inst not in s.backs]
        if (weapons or chains) and cubes and sheet.natural >= 3 and sheet.skills[self.training_skill()] < 11:
            yield [f for f, i, sp in seen if sp.effect == "cerberos"], 60.0
        if (weapons or chains) and not cubes:
            yield ([f for f, inst in creatures if self.best_odds(inst) >= 0.35]
                   + [f for f, inst, sp in seen if sp.effect == "juggler" and self.gold() >= 1]), 60.0
        if weapons:
            skill = self.training_skill()
            yield [f for f, inst in creatures if skill in fights.fight_skills(self.ctx, inst)
                   and fights.odds(self.ctx, self.hero, inst, skill) >= 0.45], 60.0
        yield self.task_fields(seen), 60.0
        yield [f for f, here in s.board.items() if any(i in s.down for i in here) and f != self.hs.field
               and b.field(f).feature != "corner" and b.region_of(f) not in self.barred_regions()], 40.0
        bold = sheet.natural >= max(3, sheet.natural_max - 1)
        yield [f for f, inst in creatures if self.best_odds(inst) >= (0.3 if bold else 0.55)], 60.0
        if sheet.natural < sheet.natural_max:
            yield healing, FAR
        # nothing left to do but wait for the bag: fight the likeliest creature, for a draw
        odds = sorted((-self.best_odds(inst), b.order(f), f) for f, inst in creatures)
        if odds and -odds[0][0] >= 0.15:
            yield [f for k, _, f in odds if k == odds[0][0]], 80.0

    def chain_fields(self, seen, have, weapons, chains) -> list[str]:
        """The next step of a weapon's chain: a scroll or material lying about, the loremaster, the
        material being, the scroll being - each with a chance worth trying."""
        s, c = self.s, self.c
        goals = []
        for f, inst, sp in seen:
            if inst in s.backs or sp.artifact:
                a = artifact(s, c, inst)
                if a is not None and (a.origin == "chain" and not weapons or a.dragon):
                    goals.append(f)
            elif sp.effect == "loremaster" and all(n in have for n in sp.needs):
                goals.append(f)
            elif sp.needs and sp.flip and not weapons and self.best_odds(inst) >= (0.1 if sp.effect == "trial" else 0.3):
                goals.append(f)                                     # a material being
            elif sp.flip and c.artifacts[sp.flip].origin == "chain" and not weapons and not chains \
                    and self.best_odds(inst) >= 0.3:
                goals.append(f)                                     # a scroll being
        return goals

    def barred_regions(self) -> set[str]:
        b = self.c.board
        return {r for r, f in b.features.items() if f in ("labyrinth",)}

    def task_fields(self, seen) -> list[str]:
        s, c = self.s, self.c
        out = []
        have_ids = {c.instances.get(i, i) for i in carried(s, c, self.hero)}
        for t in self.sheet.tasks:
            task = counter(c, t).task
            if task.level == 1:
                out.append(task.visit or task.to) if (task.visit or task.bring in have_ids) else None
            elif task.level == 2 or task.find not in have_ids:
                out += [f for f, i, sp in seen if c.instances.get(i, i) == task.find]
            elif task.level == 3:
                out.append(task.to)
            else:
                out += [f for f, i, sp in seen if c.instances.get(i, i) == task.to_person]
        for item in self.sheet.items:
            sp = counter(c, item.id)
            if item.id not in s.backs and sp.deliver_field and self.c.board.field(sp.deliver_field).feature != "city":
                out.append(sp.deliver_field)
            elif item.id not in s.backs and sp.deliver_counter:
                out += [f for f, i, spec in seen if spec.id == sp.deliver_counter]
        return [f for f in out if f]

    def gold(self) -> int:
        return self.sheet.gold + self.hs.purse

    def best_odds(self, inst: str) -> float:
        return max((fights.odds(self.ctx, self.hero, inst, sk) for sk in fights.fight_skills(self.ctx, inst)), default=0.0)

    # -- routes -------------------------------------------------------------------------------------------------
    def step_cost(self, f: str) -> float:
        s, c, b = self.s, self.c, self.c.board
        spec = b.field(f)
        cost = 1.0
        if spec.feature in ("teleporter", "corner", "dump", "lair", "city"):
            cost += 50
        if spec.feature == "cave_mouth" and not self.ready():
            cost += 1000
        if spec.is_hidden and not moves.has_effect(self.ctx, self.hero, "labyrinth_map"):
            p = sum(1 for a in range(1, 7) for d in range(1, 7) if a + d <= spec.hidden) / 36
            cost += (1 - p) * 2
        low = self.sheet.natural <= 1
        if moves.in_region_feature(self.ctx, f, "desert") and not (moves.has_effect(self.ctx, self.hero, "waterskin")
                                                                    or moves.has_effect(self.ctx, self.hero, "camel")):
            cost += 50 if self.sheet.natural <= 2 else 20 if self.sheet.natural <= 3 else 3
        foe = moves.creature_here(self.ctx, self.hero, f) or self.known_foe(f)
        if foe is not None and counter(c, foe).effect != "dragon_man":
            cost += (50 if low else 4) + 20 * (1 - self.best_odds(foe))
        elif any(i in s.down and i not in self.hs.known for i in s.board.get(f, [])) and low:
            cost += 20
        return cost

    def known_foe(self, f: str) -> str | None:
        """A creature lying face down on ``f`` that the hero has seen by Vision."""
        s, c = self.s, self.c
        for inst in s.board.get(f, []):
            spec = counter(c, inst)
            if inst in s.down and inst in self.hs.known and spec.border == "red" and sees(s, c, self.hero, inst):
                return inst
        return None

    def costs(self) -> dict[str, float]:
        """What stepping into each field costs (computed once a decision)."""
        if self._costs is None:
            self._costs = {f: self.step_cost(f) for f in self.c.board.fields}
        return self._costs

    def distances(self) -> dict[str, float]:
        """Route cost from every field to the plan's field (Dijkstra on the reversed steps; entering
        the plan's field itself costs 1)."""
        if self._dist is not None:
            return self._dist
        goal = self.target()
        b = self.c.board
        dist: dict[str, float] = {}
        if goal is None:
            self._dist = dist
            return dist
        back: dict[str, list[str]] = {}
        for f, nbs in b.walk.items():
            for g in nbs:
                back.setdefault(g, []).append(f)
        ferry = self.ferry_edges()
        for a, z in ferry:
            back.setdefault(z, []).append(a)
        costs = self.costs()
        heap = [(0.0, goal)]
        while heap:
            d, f = heapq.heappop(heap)
            if f in dist:
                continue
            dist[f] = d
            here_cost = costs[f] if f != goal else 1.0
            for g in back.get(f, []):
                if g not in dist:
                    heapq.heappush(heap, (d + (2.0 if (g, f) in ferry else here_cost), g))
        self._dist = dist
        return dist

    def from_here(self) -> dict[str, float]:
        """Route cost from the hero to every field, entering that field itself for 1 (one forward
        Dijkstra; the same costs :meth:`distances` gives from the other end)."""
        if self._from_here is not None:
            return self._from_here
        b, costs, ferry = self.c.board, self.costs(), self.ferry_edges()
        here = self.hs.field
        through: dict[str, float] = {}
        arrive: dict[str, float] = {here: 0.0}
        heap = [(0.0, here)]
        while heap:
            d, f = heapq.heappop(heap)
            if f in through:
                continue
            through[f] = d
            nbs = list(b.walk[f]) + [z for a, z in ferry if a == f]
            for g in nbs:
                step = 2.0 if (f, g) in ferry else 1.0
                if d + step < arrive.get(g, FAR):
                    arrive[g] = d + step
                if g not in through:
                    heapq.heappush(heap, (d + (2.0 if (f, g) in ferry else costs[g]), g))
        self._from_here = arrive
        return arrive

    def ferry_edges(self) -> set[tuple[str, str]]:
        shore = moves.orchan_at(self.ctx, self.hero)
        if shore is None or self.gold() < 1:
            return set()
        landing = self.c.board.with_feature("landing")[0]
        return {(shore, landing), (landing, shore)}

    def nearest(self, fields, limit: float = 40.0) -> str | None:
        """The field of ``fields`` cheapest to reach (then reading order), if any is within
        ``limit`` (a route that costs more crosses the Desert at low hit points or a creature the
        hero cannot beat)."""
        fields = [f for f in fields if f]
        if not fields:
            return None
        if self.hs.field in fields:
            return self.hs.field
        arrive = self.from_here()
        best = min((arrive.get(f, FAR), self.c.board.order(f), f) for f in set(fields))
        return best[2] if best[0] < limit else None

    # -- ranking the legal actions ------------------------------------------------------------------------------
    def rank(self, a: dict) -> tuple:
        do = a["do"]
        fn = getattr(self, f"_r_{do}", None)
        return fn(a) if fn else (9, 0)

    def _r_fight(self, a):
        if a.get("spell"):
            p = p_success(dice_for(self.sheet, "magic"), skill_value(self.sheet, "magic"))
        else:
            p = fights.odds(self.ctx, self.hero, a["target"], a["skill"])
        forced = bool(self.s.turn.combat)
        bold = self.sheet.natural >= max(3, self.sheet.natural_max - 1)
        cheap = counter(self.c, a["target"]).effect in ("lose_ec", "basilisk") \
            or counter(self.c, a["target"]).effect == "doppelganger" and any(self.sheet.cubes.values())
        planned = self.target() == self.hs.field and (self.sheet.natural >= 2 or cheap)
        bar = 0.15 if planned else 0.25 if cheap else 0.3 if bold else 0.5
        if not forced and (p < bar or self.sheet.natural <= 1 and not cheap):
            return (8, -p)
        return (0 if forced else 3, -p)

    def _r_hide(self, a):
        return (0, -0.5 if self.best_odds(a["target"]) < 0.5 else 1)

    def _r_try(self, a):
        p = fights.odds(self.ctx, self.hero, a["target"], a["skill"])
        return (1, -p)

    def _r_forge(self, a):
        return (1, 0)

    def _r_fulfil(self, a):
        return (1, 0)

    def _r_deliver(self, a):
        return (1, 0)

    def _r_take(self, a):
        return (1, 1)

    def wanted_here(self) -> bool:
        """A scroll, material or magic weapon lies on the hero's field."""
        s, c = self.s, self.c
        for inst in s.board.get(self.hs.field, []):
            a = artifact(s, c, inst)
            if a is not None and (a.origin == "chain" or a.dragon) and face_up(s, inst) and sees(s, c, self.hero, inst):
                return True
        return False

    def _r_drop(self, a):
        """Make room for a scroll, material or weapon lying here: drop the cheapest other artifact."""
        sheet = self.sheet
        if len(sheet.items) < sheet.item_slots or not self.wanted_here():
            return (9, 0)
        art = artifact(self.s, self.c, a["item"])
        if art.origin == "chain" or art.dragon:
            return (9, 0)
        return (1, 0, art.price, art.life)

    def _r_take_task(self, a):
        return (1, 4)

    def _r_rummage(self, a):
        return (1, 2)

    def _r_rappel(self, a):
        return (1, -1) if self.ready() else (9, 0)

    def _r_cast(self, a):
        eff = artifact(self.s, self.c, a["item"]).effect
        if eff == "strength":
            return (1, 3)
        if eff in ("experience", "great_experience"):
            near = self.distances().get(self.hs.field, FAR) <= self.s.turn.mp + 1
            return (1, 4) if self.ready() and near else (9, 0)
        return (9, 0)

    def _r_drink(self, a):
        return (2, 0) if self.hurt() or self.sheet.natural <= self.sheet.natural_max - 2 else (9, 0)

    def _r_rest(self, a):
        if self.sheet.natural < self.sheet.natural_max and (self.hurt() or self.target() == self.hs.field):
            return (2, 1)
        return (9, 0)

    def _r_pray(self, a):
        return (2, 2) if self.sheet.natural < self.sheet.natural_max and self.no_better_move() else (9, 0)

    def _r_use(self, a):
        sp = counter(self.c, a["target"])
        sh = self.sheet
        if sp.effect == "herbalist":
            return (2, 3) if sh.natural < sh.natural_max and (self.hurt() or self.no_better_move()) else (9, 0)
        if sp.effect == "healer":
            return (2, 4) if sh.natural < sh.natural_max and sh.natural >= 2 else (9, 0)
        if sp.effect == "juggler":
            planned = self.target() == self.hs.field and not any(sh.cubes.values())
            return (3, 2) if (self.gold() >= 3 or planned) and self.no_better_move() else (9, 0)
        if sp.effect == "cerberos":
            skill = a["skill"]
            wanted = self.training_skill()
            if skill == wanted and sh.natural >= 3:
                return (3, 0)
            return (9, 0)
        return (9, 0)

    def training_skill(self) -> str:
        have = self.have()
        for aid in have:
            if self.c.artifacts[aid].dragon:
                return self.c.artifacts[aid].dragon
        for aid in have:
            chain = self.c.artifacts[aid].chain
            if chain:
                return self.c.artifacts[chain].dragon
        return max(SKILLS, key=lambda sk: (skill_value(self.sheet, sk), -SKILLS.index(sk)))

    def _r_market(self, a):
        return (3, 1) if self.gold() >= 2 else (9, 0)

    def _r_buy(self, a):
        if a["for"] != self.hero:
            return (9, 0)
        wish = {"armour": 0, "shield": 1, "strength": 2, "healing_potion": 3, "great_experience": 4, "experience": 5,
                "jumping": 6, "vision": 7, "clairvoyance": 8}
        art = artifact(self.s, self.c, a["item"])
        key = art.kind if art.kind in ("armour", "shield") else art.effect
        if key in wish:
            return (0, wish[key])
        if art.bonus and self.training_skill() in dict(art.bonus):
            return (0, 6)
        return (9, 0)

    def _r_close(self, a):
        return (0, 9)

    def _r_ferry(self, a):
        to, _ = moves.ferry_to(self.ctx, self.hero)
        d = self.distances()
        return (4, d.get(to, FAR) + 1) if d.get(to, FAR) < d.get(self.hs.field, FAR) else (9, 0)

    def _r_move(self, a):
        d = self.distances()
        here = d.get(self.hs.field, FAR)
        there = d.get(a["to"], FAR)
        if there >= here:
            return (9, there)
        return (4, there)

    def _r_jump(self, a):
        """A jump when it leaves less of the way (and of the penalties met on it) than the best
        walk this turn would."""
        d, costs = self.distances(), self.costs()
        jumped = costs[a["to"]] - 1 + d.get(a["to"], FAR)
        return (4, jumped - 100) if jumped + 0.5 < self.walk_value() else (9, 0)

    def walk_value(self) -> float:
        """The least (penalties met + way left) over the fields the hero may walk to this turn; a
        covered counter, a creature or a hidden field stops the walk."""
        s, b = self.s, self.c.board
        d, costs = self.distances(), self.costs()
        here = self.hs.field
        best = d.get(here, FAR)
        frontier, seen = [(here, 0.0)], {here}
        for _ in range(s.turn.mp):
            nxt = []
            for f, pen in frontier:
                if f != here and (any(i in s.down for i in s.board.get(f, [])) or b.field(f).is_hidden
                                  or moves.creature_here(self.ctx, self.hero, f)):
                    continue
                for g in b.walk[f]:
                    if g in seen:
                        continue
                    seen.add(g)
                    p = pen + costs[g] - 1
                    best = min(best, p + d.get(g, FAR))
                    nxt.append((g, p))
            frontier = nxt
        return best

    def _r_vision(self, a):
        """Look before stepping onto the covered counter the way leads to."""
        d = self.distances()
        here = d.get(self.hs.field, FAR)
        steps = [f for f in moves.step_targets(self.ctx, self.hero) if d.get(f, FAR) < here]
        if not steps or a["to"] != min(steps, key=lambda f: (d.get(f, FAR), self.c.board.order(f))):
            return (9, 0)
        p = p_success(dice_for(self.sheet, "magic"), skill_value(self.sheet, "magic"))
        return (4, -1, -p) if p >= 0.25 else (9, 0)

    def _r_draw(self, a):
        return (0, 5)

    def _r_clairvoyance(self, a):
        """Pick what the hero's plan needs: the next being of his weapon's chain, the counter a held
        task asks for, the Rope once armed; anything else is left to the draw."""
        c = self.c
        sp = counter(c, a["target"])
        have = self.have()
        armed = any(c.artifacts[x].dragon for x in have)
        if sp.needs and not armed and sp.needs[0] in have:
            return (0, 0 if all(n in have for n in sp.needs[1:]) or sp.effect != "loremaster" else 1)
        held = [counter(c, t).task for t in self.sheet.tasks]
        if any(sp.id in (tk.find, tk.to_person) for tk in held if tk):
            return (0, 2)
        if sp.artifact == "rope" and armed:
            return (0, 3)
        return (9, 0)

    def _r_spell(self, a):
        """The Mage's spell for his gold: a lasting hit point first, then what passes creatures."""
        wish = ("strength", "invisibility", "lightning", "vision", "clairvoyance", "great_experience", "experience",
                "pegasus")
        eff = artifact(self.s, self.c, a["item"]).effect
        return (1, wish.index(eff)) if eff in wish else (9, 0)

    def _r_defend(self, a):
        """Attack!: Lightning first when carried, then the trial with the best chance (sheet order)."""
        if a.get("spell"):
            return (0, -2.0)
        sk = a["skill"]
        return (0, -p_success(dice_for(self.sheet, sk), skill_value(self.sheet, sk) + int(self.s.pending["attack"])))

    def _r_lose(self, a):
        """Attack!: the least valuable artifact (the City's first, then plain counters, then special;
        the cheapest)."""
        art = artifact(self.s, self.c, a["item"])
        return (0, events.UNSPARED_ORDER[art.origin], art.price)

    def _r_search(self, a):
        return (0, 0)

    def _r_teleport(self, a):
        feature = self.c.board.field(self.hs.field).feature
        return (4, 0) if feature == "dump" else (9, 0)

    def _r_pegasus(self, a):
        if self.ready() and a["to"] == self.target() and self.distances().get(self.hs.field, FAR) > self.s.turn.mp:
            return (1, 0)
        return (9, 0)

    def _r_end(self, a):
        return (5, 0)

    def _r_place(self, a):
        """Players' placement (``program_choices: false``): a creature far from the heroes, anything
        else near the drawing hero."""
        b = self.c.board
        near = b.spaces_from([self.hs.field])
        d = near.get(a["to"], 99)
        harmful = counter(self.c, a["target"]).border == "red"
        return (0, -d if harmful else d, b.order(a["to"]))

    def _r_steer(self, a):
        b = self.c.board
        return (0, b.order(a["to"]))

    def no_better_move(self) -> bool:
        """No step brings the plan's field nearer (or it is here, or movement is over)."""
        if self.s.turn.phase != "move" or self.s.turn.mp <= 0:
            return True
        d = self.distances()
        here = d.get(self.hs.field, FAR)
        if here == 0 or here >= FAR:
            return True
        return not any(d.get(f, FAR) < here for f in moves.step_targets(self.ctx, self.hero))
