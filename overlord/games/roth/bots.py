"""Hero bots for Return of the Heroes (headless play, and the race's rivals): the random bot is the
framework's; the heuristic bot, modelled on Under the Shadow of the Dragon's, takes the legal action
with the lowest key ``(class, cost, listed order)``:

- class 0, what the moment demands: the forced fight or the final battle in the skill with the best
  chance (exact: ``heroes.odds``; the battle's chance to bring the Nameless's hit points down before
  the hero's run out), the search halfway on a hidden path, the market's best buy (armour, a
  shield, the Healing Potion, what adds to the battle's skill, a faster vehicle) then closing it, a
  drawn counter placed (a creature far from the hero, anything else near);
- class 1, progress that is here now: the next part of a heroic deed, a task fulfilled, what a dead
  hero left taken back, an artifact picked up (a square free), a task taken up, a lesson with an
  instructor in the battle's skill (he has the gold, the rating is under 11 and the plan brings him
  here or he has nowhere better to go), a market called when rich, a deed picked at the court;
- class 2, healing when hurt: a draught of the potion, a turn sat out (the manor, the Temple, the
  White Village), the Fountain of Life and the Wandering Healer;
- class 3, what is worth stopping for: an optional fight with a good chance (0.45; 0.3 while the
  plan waits for the bag, a won fight drawing a counter; 0.25 the plan's creature; 0.8 at one hit
  point; never once the way to the Nameless is open: "Combat (only once per turn)"), an
  encounter's trial with a fair chance, the teleporter when it leaves less of the way;
- class 4, a step towards the plan's field, cost the route's cost from there;
- class 5, end the turn; class 8, a fight not worth its risk; class 9, what it never wants
  (dropping a task or an artifact, a step that brings the plan no nearer).

The plan's field, first that applies (each a field within a route cost worth it): the tower when
the way is open (a Guard beaten last turn); a Guard's post when the hero holds the precious stone
and his chance to kill the Nameless reaches the readiness bar (:data:`READY`, lower as the clock -
the darkness together, the rounds in the race - runs out, down to :data:`READY_LATE`; the search
bot's other plans, :data:`SEARCH_POLICIES`, are this bot at other bars); healing when
low (his manor, the Temple N5, the White Village I5, the Fountain, the Wandering Healer - the way
there and the turns sat out: the manor heals all in a turn, the Temple and the Village one a turn);
the next part of his heroic deed (where its counter lies, the field, home); a held task's
destination; healing to full with the stone; an instructor in the battle's skill when he has the
gold and the trial may fail; a market when rich; the nearest covered chit or creature worth
fighting (farther while the plan waits for the bag: "you have to wait until they are on the map");
healing to full; and with nothing else, any chit, the Guards with the stone, the likeliest
creature.

Movement is by route cost (Dijkstra on the board's ``walk``): a hidden field costs more by the
chance of not finding its path, a lake crossing a gold piece (none without the gold), a creature
the hero sees on a field by its risk, the tower only when open. The bot reads only what the hero
sees (``state.sees``): a face-down counter's values are unknown (a Guard's or a Servant's chance is
the mean over the counters it may be), the Nameless's card is known in the introductory game or
to a hero who asked the mice, else its chance is the mean over the cards. Deterministic (ties by
the listed order).
"""

from __future__ import annotations

import heapq

from overlord.games.heroes.odds import p_battle, p_fail, p_success
from overlord.games.heroes.sheet import SKILL_MAX, SKILLS, dice_for, life_total, skill_value
from overlord.games.heroes.state import face_up, where

from . import deeds, lands, moves
from .content import DOT_SKILL
from .heroes import destination
from .state import Ctx, artifact, laid_out, sees

READY = 0.5          # the chance to kill the Nameless that sends a hero with the stone to the Guards
READY_LATE = 0.15    # ... its floor, when the clock has run out
FAR = 10.0 ** 6
SKILL_COLOUR = {sk: col for col, sk in DOT_SKILL.items()}
WISH = ("armour", "shield", "healing_potion", "bonus", "vehicle")    # the market's buys, best first


def choose_heuristic(match, actions, rng, hero: str | None = None, ready: float = READY):
    bot = Planner(match.state, match.content, hero, ready)
    best = min(range(len(actions)), key=lambda n: (bot.rank(actions[n]), n))
    return dict(actions[best])


def heuristic_ready_at(ready: float, heuristic=None):
    """The heuristic bot with another readiness bar: the same plan, but a hero with the precious
    stone goes to the Guards at ``ready`` instead of :data:`READY` - a search bot's other plan
    (``heuristic``: a bot of this plan taking ``ready``, a combined game's; this game's by default)."""
    def choose(match, actions, rng):
        return (heuristic or choose_heuristic)(match, actions, rng, ready=ready)
    choose.__name__ = f"heuristic_ready_{ready:g}"
    return choose


#: the search bot's plans (``overlord.sim.mcts``: switching plans): the heuristic bot at three bars
SEARCH_POLICIES = {f"ready {READY:g}": choose_heuristic, "ready 0.35": heuristic_ready_at(0.35),
                   "ready 0.7": heuristic_ready_at(0.7)}


class Planner:
    """One decision of one hero: his plan's field and the keys of the legal actions."""

    def __init__(self, s, c, hero: str | None = None, ready: float = READY):
        self.ctx = Ctx.reading(s, c)
        self.s, self.c = s, self.ctx.c       # the board as it lies (the Standard Game's shuffled maps)
        self.ready_bar = ready
        self.hero = hero or (s.pending.get("hero") if s.pending else s.turn.hero)
        self.hs = s.at[self.hero]
        self.sheet = s.sheets[self.hero]
        self._target: str | None = None
        self._dist: dict[str, float] | None = None
        self._arrive: dict[str, float] | None = None
        self._costs: dict[str, float] | None = None
        self._kill: dict[str, float] | None = None
        self._frontier: list[str] | None = None
        self.exploring = False                # the plan's field is on the frontier (:meth:`frontier`)

    # -- chances ------------------------------------------------------------------------------------------
    def trial(self, skill: str, modifier: int) -> float:
        return p_success(dice_for(self.sheet, skill), skill_value(self.sheet, skill) + modifier)

    def spec_odds(self, spec, skill: str) -> float:
        mods = [m for col, m in spec.dots if DOT_SKILL[col] == skill]
        if not mods:
            return 0.0
        return self.trial(skill, max(mods)) ** max(1, spec.hearts)

    def candidates(self, inst: str) -> list:
        """What a counter may be for this hero: itself when its values show, else every counter of
        its kind (a face-down Guard or Servant)."""
        s, c = self.s, self.c
        spec = c.spec(inst)
        if inst in s.down and spec.effect in ("guard", "servant"):
            return [c.spec(i) for i in c.instances if c.spec(i).effect == spec.effect]
        return [spec]

    def odds(self, inst: str, skill: str) -> float:
        specs = self.candidates(inst)
        return sum(self.spec_odds(sp, skill) for sp in specs) / len(specs)

    def best_odds(self, inst: str) -> float:
        return max(self.odds(inst, sk) for sk in SKILLS)

    def cards(self) -> list:
        """The Nameless cards he may be: the card itself when the hero knows it (the introductory
        game's predetermined one, or the mice told him), else every card."""
        s, c = self.s, self.c
        if s.nameless_card and (s.variant == "introductory" or self.hero in s.looked):
            return [c.nameless[s.nameless_card]]
        return list(c.nameless.values())

    def kill_odds(self) -> dict[str, float]:
        """The chance to kill the Nameless in each skill, the battle fought to the end."""
        if self._kill is None:
            life = life_total(self.sheet)
            magic = {sk for i in self.sheet.items if (a := artifact(self.s, self.c, i.id)) is not None
                     and a.origin == "magic" for sk in a.bonus}
            out = {}
            cards = self.cards()
            for sk in SKILLS:
                total = 0.0
                for card in cards:
                    col = SKILL_COLOUR[sk]
                    if col in card.dots:
                        mod = card.dots[col] + (card.magic if sk in magic else 0)
                        total += p_battle(self.trial(sk, mod), card.life, life)
                out[sk] = total / len(cards)
            self._kill = out
        return self._kill

    def kill_chance(self) -> float:
        return max(self.kill_odds().values())

    def battle_skill(self) -> str:
        """The skill he will fight the Nameless in: the best chance, then the best trial."""
        k = self.kill_odds()
        return max(SKILLS, key=lambda sk: (round(k[sk], 6), skill_value(self.sheet, sk) + dice_for(self.sheet, sk),
                                           -SKILLS.index(sk)))

    def pressure(self) -> float:
        s, c = self.s, self.c
        coop = c.scenario.coop
        if coop is not None:
            return s.darkness / coop.darkness_limit[len(s.heroes)]
        return s.round / c.scenario.max_rounds

    def bar(self) -> float:
        return max(READY_LATE, self.ready_bar - 1.2 * max(0.0, self.pressure() - 0.45))

    def ready(self) -> bool:
        return self.hs.stone and self.s.nameless == "on_tower" and self.kill_chance() >= self.bar()

    def hurt(self) -> bool:
        sh = self.sheet
        return sh.natural <= 1 or (sh.natural * 2 <= sh.natural_max and sh.natural < sh.natural_max)

    def gold(self) -> int:
        return self.sheet.gold

    # -- what lies where, as he sees it ---------------------------------------------------------------------
    def lying(self):
        s, c = self.s, self.c
        for fid, here in s.board.items():
            for inst in here:
                if inst in c.instances and sees(s, c, self.hero, inst):
                    yield fid, inst, c.spec(inst)

    def foe_on(self, fid: str) -> str | None:
        """A creature the hero would have to fight on ``fid`` (a Guard only with the stone)."""
        s, c = self.s, self.c
        for inst in s.board.get(fid, []):
            if inst not in c.instances or not moves.is_creature(self.ctx, self.hero, inst):
                continue
            eff = c.spec(inst).effect
            if eff == "nameless" or eff == "guard" and not self.hs.stone:
                continue
            if c.spec(inst).deed and not deeds.can_fight(self.ctx, self.hero, inst):
                continue
            return inst
        return None

    # -- the plan ------------------------------------------------------------------------------------------
    def target(self) -> str | None:
        if self._target is None:
            self._target = self._plan() or ""
        return self._target or None

    def _plan(self) -> str | None:
        for fields, limit in self.stages():
            found = self.nearest(fields, limit, self.healing_costs() if self.hs.manor in fields else None)
            if found:
                self.exploring = fields is self._frontier
                return found
        return None

    def frontier(self) -> list[str]:
        """The Unknown Land: the known fields from which a route leads into a region still face
        down (that one lies there shows; which region it is does not, and is not read)."""
        if self._frontier is None:
            self._frontier = []
            if lands.unknown_land(self.ctx):
                whole = laid_out(self.s, self.ctx.content, whole=True).board
                known = self.c.board.fields
                self._frontier = [f for f in known if any(g not in known for g in whole.walk[f])]
        return self._frontier

    def stages(self):
        s, b, hs, sh = self.s, self.c.board, self.hs, self.sheet
        tower = moves.tower(self.ctx)
        if moves.tower_open(self.ctx, self.hero):
            yield [tower], FAR
        seen = list(self.lying())
        if self.ready():
            yield [f for f, i, sp in seen if sp.effect == "guard"], FAR
        healing = [hs.manor] + b.with_feature("temple") + b.with_feature("village") + [
            f for f, i, sp in seen if sp.effect in ("fountain", "healer") and face_up(s, i)]
        if self.hurt():
            yield healing, FAR
        yield self.deed_fields(), 60.0
        yield self.task_fields(seen), 40.0
        yield self.frontier(), FAR            # the Unknown Land: what the deeds and tasks need may lie there
        if hs.stone and s.nameless == "on_tower" and sh.natural < sh.natural_max:
            yield healing, 30.0
        if self.wants_lesson():
            skill = self.battle_skill()
            yield [f for f, i, sp in seen if sp.effect == "instructor" and self.lesson_skill(i) == skill], 25.0
        if self.gold() >= 4 and len(sh.items) < sh.item_slots:
            yield [f for f, i, sp in seen if sp.effect == "market" and face_up(s, i)], 20.0
        chits = [f for f, i, sp in seen if i in s.down and sp.chit]
        bold = sh.natural >= max(2, sh.natural_max - 1)
        creatures = [(f, i) for f, i, sp in seen if moves.is_creature(self.ctx, self.hero, i)
                     and sp.effect not in ("nameless", "guard") and not sp.deed]
        waiting = self.waiting()
        worth = [f for f, i in creatures if self.best_odds(i) >= (0.7 if not bold else 0.3 if waiting else 0.45)]
        yield [f for f in chits if f != hs.field] + worth, 25.0 if waiting else 12.0
        if sh.natural < sh.natural_max:
            yield healing, FAR
        yield [f for f in chits if f != hs.field], FAR
        if self.hs.stone and s.nameless == "on_tower":
            yield [f for f, i, sp in seen if sp.effect == "guard"], FAR
        odds = sorted((-self.best_odds(i), b.order(f), f) for f, i in creatures)
        if odds and -odds[0][0] >= 0.2:
            yield [odds[0][2]], FAR

    def waiting(self) -> bool:
        """Whether his plan waits for the bag: the Nameless or the counter his deed's next part brings
        something to is still in it ("you have to wait until they are on the map") - a won fight, a
        task taken up or fulfilled draws a counter."""
        s = self.s
        if s.nameless == "in_bag":
            return True
        for deed in self.hs.deeds:
            nxt = deeds.next_part(self.ctx, self.hero, deed)
            if nxt is None:
                continue
            verb, what = nxt[1].action()
            kind, to = destination(nxt[1].to) if verb == "bring" else ("", "")
            if where(s, what) is None and what not in self.hs.card or kind == "counter" and where(s, to) is None:
                return True
        return False

    def deed_fields(self) -> list[str]:
        """Where the next part of each of his deeds is done (a counter not yet on the map: nowhere)."""
        s, hs = self.s, self.hs
        out = []
        for deed in hs.deeds:
            nxt = deeds.next_part(self.ctx, self.hero, deed)
            if nxt is None:
                continue
            verb, what = nxt[1].action()
            if verb == "visit":
                out.append(what)
            elif verb in ("vanquish", "find"):
                fid = where(s, what)
                if fid and (verb == "find" or self.best_odds(what) >= 0.2 or self.pressure() > 0.5):
                    out.append(fid)
            elif what in hs.card:
                kind, to = destination(nxt[1].to)
                out.append(hs.manor if kind == "home" else to if kind == "field" else where(s, to) or "")
            else:                                            # left where he died
                out += [f for f in (where(s, what),) if f]
        return [f for f in out if f]

    def task_fields(self, seen) -> list[str]:
        c = self.c
        have = {c.instances.get(i.id, i.id) for i in self.sheet.items}
        out: list[str] = []
        for t in self.sheet.tasks:
            task = c.spec(t).task
            if task is None:
                continue
            if task.level == 1:
                out.append(task.visit if task.visit else task.to if task.bring in have else "")
            elif task.level == 2 or task.find not in have:
                out += [f for f, i, sp in seen if sp.id == task.find]
            elif task.level == 3:
                out.append(task.to)
            else:
                out += [f for f, i, sp in seen if sp.id == task.to_person]
        return [f for f in out if f]

    def lesson_skill(self, inst: str) -> str:
        (colour, _), = self.c.spec(inst).dots
        return DOT_SKILL[colour]

    def wants_lesson(self) -> bool:
        skill = self.battle_skill()
        rating = self.sheet.skills[skill]
        return self.gold() >= 1 and rating < SKILL_MAX and p_fail(dice_for(self.sheet, skill), rating) >= 0.25

    # -- routes --------------------------------------------------------------------------------------------
    def step_cost(self, f: str) -> float:
        s, b = self.s, self.c.board
        spec = b.field(f)
        cost = 1.0
        if spec.feature == "tower" and not moves.tower_open(self.ctx, self.hero):
            return FAR
        if spec.hidden and not moves.carried(self.ctx, self.hero, "amulet"):
            p = sum(1 for a in range(1, 7) for d in range(1, 7) if a + d <= spec.hidden) / 36
            cost += (1 - p) * 2
        foe = self.foe_on(f)
        if foe is not None and f != self._target:
            low = self.sheet.natural <= 1
            cost += (30 if low else 3) + 12 * (1 - self.best_odds(foe))
        elif self.sheet.natural <= 1 and any(i in s.down for i in s.board.get(f, [])):
            cost += 6
        return cost

    def costs(self) -> dict[str, float]:
        if self._costs is None:
            self._costs = {f: self.step_cost(f) for f in self.c.board.fields}
        return self._costs

    def edge(self, a: str, z: str) -> float:
        """What crossing from ``a`` to ``z`` costs beyond entering ``z``: the lake's gold."""
        if not moves.lake_route(self.ctx, a, z):
            return 0.0
        price = moves.lake_price(self.ctx, a, z)
        return 0.0 if not price else 1.0 if self.gold() >= price else FAR

    def from_here(self) -> dict[str, float]:
        """Route cost from the hero to every field, entering that field itself for 1."""
        if self._arrive is not None:
            return self._arrive
        walk, costs = self.c.board.walk, self.costs()
        here = self.hs.between or self.hs.field
        through: dict[str, float] = {}
        arrive: dict[str, float] = {here: 0.0}
        heap = [(0.0, here)]
        while heap:
            d, f = heapq.heappop(heap)
            if f in through:
                continue
            through[f] = d
            for g in walk[f]:
                e = self.edge(f, g)
                if e >= FAR or costs[g] >= FAR and g != moves.tower(self.ctx):
                    continue
                arrive[g] = min(arrive.get(g, FAR), d + 1 + e)
                if g not in through and costs[g] < FAR:
                    heapq.heappush(heap, (d + costs[g] + e, g))
        self._arrive = arrive
        return arrive

    def healing_costs(self) -> dict[str, float]:
        """What healing costs beyond the way there, in fields (a turn sat out is a turn's movement):
        the manor heals all in a turn, the Temple and the White Village one a turn, the Fountain a
        die's worth at once."""
        sh = self.sheet
        lost = sh.natural_max - sh.natural
        turn = float(max(1, sh.movement))
        slow = {f: lost * turn for f in self.c.board.with_feature("temple") + self.c.board.with_feature("village")}
        return {self.hs.manor: turn, **slow}

    def nearest(self, fields, limit: float, extra: dict[str, float] | None = None) -> str | None:
        fields = [f for f in fields if f in self.c.board.fields]      # a field face down is nowhere yet
        if not fields:
            return None
        extra = extra or {}
        here = self.hs.between or self.hs.field
        arrive = {**self.from_here(), here: 0.0}
        best = min((arrive.get(f, FAR) + extra.get(f, 0.0), self.c.board.order(f), f) for f in set(fields))
        return best[2] if best[0] < min(limit, FAR) else None

    def distances(self) -> dict[str, float]:
        """Route cost from every field to the plan's field (Dijkstra on the reversed routes)."""
        if self._dist is not None:
            return self._dist
        goal = self.target()
        dist: dict[str, float] = {}
        if goal is not None:
            back: dict[str, list[str]] = {}
            for f, nbs in self.c.board.walk.items():
                for g in nbs:
                    back.setdefault(g, []).append(f)
            costs = self.costs()
            heap = [(0.0, goal)]
            while heap:
                d, f = heapq.heappop(heap)
                if f in dist:
                    continue
                dist[f] = d
                enter = 1.0 if f == goal else costs[f]
                if enter >= FAR:
                    continue
                for g in back.get(f, []):
                    e = self.edge(g, f)
                    if g not in dist and e < FAR:
                        heapq.heappush(heap, (d + enter + e, g))
        self._dist = dist
        return dist

    def no_better_move(self) -> bool:
        """No step brings the plan's field nearer (or it is here, or movement is over)."""
        t = self.s.turn
        if t.phase != "move" or t.mp <= 0:
            return True
        d = self.distances()
        here = d.get(self.hs.field, FAR)
        if here == 0 or here >= FAR:
            return True
        return not any(d.get(f, FAR) < here for f in moves.step_targets(self.ctx, self.hero))

    def planned_here(self) -> bool:
        return self.target() == self.hs.field

    # -- ranking the legal actions -------------------------------------------------------------------------
    def rank(self, a: dict) -> tuple:
        fn = getattr(self, f"_r_{a['do']}", None)
        return fn(a) if fn else (9, 0.0)

    def _r_battle(self, a):
        return (0, -self.kill_odds()[a["skill"]])

    def _r_fight(self, a):
        p = self.odds(a["target"], a["skill"])
        if self.s.turn.combat:
            return (0, -p)
        spec = self.c.spec(a["target"])
        if moves.tower_open(self.ctx, self.hero):
            return (9, -p)                      # "Combat (only once per turn)": kept for the Nameless
        if spec.deed:
            return (1, -p)
        bar = 0.25 if self.planned_here() else 0.8 if self.sheet.natural < 2 else 0.3 if self.waiting() else 0.45
        return (3, -p) if p >= bar else (8, -p)

    def _r_search(self, a):
        return (0, 0.0)

    def _r_place(self, a):
        near = self.c.board.spaces_from([self.hs.field])
        d = near.get(a["to"], 99)
        harmful = self.c.spec(a["target"]).border == "red"
        return (0, -d if harmful else d, self.c.board.order(a["to"]))

    def _r_buy(self, a):
        if a["for"] != self.hero:
            return (9, 0.0)
        art = artifact(self.s, self.c, a["item"])
        if art is None:
            return (9, 0.0)
        if art.kind in ("armour", "shield"):
            return (0, WISH.index(art.kind))
        if art.effect == "healing_potion" and not any(getattr(artifact(self.s, self.c, i.id), "effect", "")
                                                      == "healing_potion" for i in self.sheet.items):
            return (0, WISH.index("healing_potion"))
        if art.bonus and self.battle_skill() in dict(art.bonus):
            return (0, WISH.index("bonus"))
        if art.movement and art.movement > max((i.movement for i in self.sheet.items), default=0):
            return (0, WISH.index("vehicle"))
        return (9, 0.0)

    def _r_close(self, a):
        return (0, 9)

    def _r_deed(self, a):
        return (1, 0)

    def _r_fulfil(self, a):
        return (1, 1)

    def _r_recover(self, a):
        return (1, 2)

    def _r_take(self, a):
        return (1, 3)

    def _r_take_task(self, a):
        return (1, 4) if not self.ready() else (9, 0.0)

    def _r_pick(self, a):
        return (1, 8)

    def _r_use(self, a):
        spec = self.c.spec(a["target"])
        sh = self.sheet
        eff = spec.effect
        if eff == "instructor":
            wanted = self.lesson_skill(a["target"]) == self.battle_skill() and self.wants_lesson()
            return (1, 5) if wanted and (self.planned_here() or self.no_better_move()) else (9, 0.0)
        if eff == "market":
            return (1, 6) if self.gold() >= 3 and len(sh.items) < sh.item_slots else (9, 0.0)
        if eff in ("fountain", "healer"):
            return (2, 3) if sh.natural < sh.natural_max else (9, 0.0)
        if eff == "trial":
            (colour, mod), = spec.dots
            p = self.trial(DOT_SKILL[colour], mod)
            return (3, -p) if p >= 0.3 and self.no_better_move() else (9, 0.0)
        if eff == "mice":
            return (3, 1) if self.hero not in self.s.looked and self.s.variant != "introductory" else (9, 0.0)
        return (9, 0.0)

    def _r_drink(self, a):
        return (2, 0) if self.sheet.natural < self.sheet.natural_max else (9, 0.0)

    def _r_rest(self, a):
        sh = self.sheet
        if sh.natural < sh.natural_max and (self.hurt() or self.planned_here()):
            return (2, 1)
        return (9, 0.0)

    def _r_teleport(self, a):
        d = self.distances()
        here = d.get(self.hs.field, FAR)
        there = d.get(a["to"], FAR)
        return (3, there) if there + 3 < here - self.s.turn.mp else (9, 0.0)

    def _r_fly(self, a):
        return self._r_teleport(a)

    def _r_move(self, a):
        if a["to"] not in self.c.board.fields:          # the Unknown Land: a step into a region face down
            return (4, 0.0) if self.planned_here() and self.exploring else (9, FAR)
        d = self.distances()
        here = d.get(self.hs.field, FAR)
        there = d.get(a["to"], FAR)
        return (4, there) if there < here else (9, there)

    def _r_end(self, a):
        return (5, 0)
