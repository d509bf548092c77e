"""Return of the Heroes' part of the bag (the family's draw and placement: ``overlord.games.heroes.
draws``), and what a drawn counter brings: the Nameless with his Guards and Servants, an event.

What the book says (Return of the Heroes, "Drawing Counters", "Events", "The Final Battle Against
the Nameless"), and where it lives:

- "They are always drawn when a counter is taken off the map" (once a turn: the family's
  ``replace``); "You draw a new counter and then return the creature to the bag" (``then_bag``).
- "Newly drawn random encounter chits are put anywhere the drawing player chooses on a normal tan
  colored field, but not in the region where the player currently is"; "All other counters are
  placed with the location coordinates facing up ... On their coordinates" (the family's
  ``place``). Not for placing (ours): the tower, the Guards' posts and the manors.
- "Once the Nameless counter has been drawn, no more counters are placed back in the bag. The
  counters remaining in the bag can be drawn for play until it is empty" (:func:`replace`: a
  defeated creature leaves the game once he is out of the bag).
- The Nameless drawn (:func:`nameless_drawn`): "It is put on its location, H3 ... the four Guards
  are placed on the four fields surrounding the tower ... the players tally the number of
  unfulfilled tasks on their character sheets. The total is the number of Servants that are drawn
  unseen and immediately placed on their coordinates ... the remaining Servants ... are put into
  the bag"; the Guards' and the Servants' values hidden (face down).
- An event drawn (:func:`event`): "all players take part ... one player after the other attempts a
  trial ... if unsuccessful, a player is eliminated, but doesn't lose any hit points ... all those
  who succeed in the first trial attempt a second one, but this time with the combat rating
  reduced by one. If successful, players receive the specified prize of ECs"; "The event counter
  is out of the game, but no new counter is drawn."

Readings: the drawing player's choice of a field is the program's by the family's key (a chit is
placed face down: nobody knows whether it is harmful, so it goes where it is farthest from every
hero); the event's trials start with the drawing hero and go round in turn order; a prize cube of
several colours is the first colour the counter lists (an event's prizes are of its skill's colour).
"""

from __future__ import annotations

from overlord.core.decks import shuffled
from overlord.games.heroes import draws as family
from overlord.games.heroes.state import put
from overlord.games.heroes.trials import skill_trial

from . import lands, machines
from .content import DOT_SKILL
from .counters import EVENT_SECOND
from .regions import guard_posts
from .state import Ctx

NOT_FOR_PLACING = ("tower", "guard_post", "manor")
EVENT_BORDER = "orange"


class RothBag:
    """RotH's part of the family's draw (``heroes.draws.BagRules``)."""

    not_for_placing = NOT_FOR_PLACING

    def harmful(self, ctx: Ctx, instance: str) -> bool:
        """Placed by choice, a counter is a face-down chit: nobody knows what it is."""
        return False

    def ask_first(self, ctx: Ctx, drawer: str, why: str, then_bag: str) -> list[dict]:
        return []

    def dealt(self, ctx: Ctx, instance: str, drawer: str | None) -> list[dict] | None:
        spec = ctx.c.spec(instance)
        if spec.effect == "nameless":
            return nameless_drawn(ctx, instance)
        if spec.border == EVENT_BORDER:
            return event(ctx, instance, drawer)
        if lands.waits(ctx, instance):
            return wait(ctx, instance)
        return None

    def placed(self, ctx: Ctx, instance: str) -> None:
        return None


BAG = RothBag()


def replace(ctx: Ctx, drawer: str, why: str, then_bag: str = "") -> list[dict]:
    """A counter was taken off the map: draw its replacement (once a turn); ``then_bag``, a defeated
    creature, goes back into the bag after the draw - or out of the game once the Nameless has come
    out of the bag."""
    if then_bag and nameless_out(ctx):
        out = family.replace(ctx, BAG, drawer, why)
        if then_bag in ctx.s.aside:
            ctx.s.aside.remove(then_bag)
        ctx.s.removed.append(then_bag)
        return out + [ctx.log({"event": "out_of_game", "counter": then_bag, "name": ctx.c.spec(then_bag).name,
                               "why": "the Nameless has been drawn: no more counters go back into the bag"})]
    return family.replace(ctx, BAG, drawer, why, then_bag)


def draw_one(ctx: Ctx, drawer: str | None, why: str) -> list[dict]:
    return family.draw_one(ctx, BAG, drawer, why)


def candidate_fields(ctx: Ctx, drawer: str | None) -> list[str]:
    """The fields the drawing player may put the counter he drew on (``rules.program_choices: false``):
    "anywhere the drawing player chooses on a normal tan colored field, but not in the region where the
    player currently is" (Drawing Counters; the family's ``heroes.draws``)."""
    return family.candidate_fields(ctx, BAG, drawer)


def nameless_out(ctx: Ctx) -> bool:
    return ctx.s.nameless not in ("absent", "in_bag")


def nameless_drawn(ctx: Ctx, inst: str) -> list[dict]:
    """The Nameless drawn: to his tower (:func:`nameless_placed`), or in the Unknown Land, his
    region face down, beside the map until it is explored ("The 'Nameless' counter is only active
    when its region is explored")."""
    s = ctx.s
    ctx.fire(machines.NAMELESS, "drawn")
    if s.nameless == "waiting":
        s.waiting.append(inst)
        return [ctx.log({"event": "nameless_waiting", "counter": inst, "at": ctx.c.spec(inst).at,
                         "machine": "nameless", "state": s.nameless,
                         "why": "\"The 'Nameless' counter is only active when its region is explored\""})]
    return nameless_placed(ctx, inst)


def nameless_placed(ctx: Ctx, inst: str) -> list[dict]:
    """The Nameless to his tower, the four Guards to their posts, as many Servants as there are
    unfulfilled tasks on the sheets onto their coordinates (or beside the map, their region face
    down), the other Servants into the bag."""
    s, c = ctx.s, ctx.c
    tower = c.spec(inst).at
    put(s, tower, inst)
    guards = sorted(i for i in s.aside if c.spec(i).effect == "guard")
    posts = guard_posts(c.board)
    for post, guard in zip(posts, guards):
        s.aside.remove(guard)
        put(s, post, guard, face_down=True)
    ctx.fire(machines.GUARDS, "posted")
    servants = sorted(i for i in s.aside if c.spec(i).effect == "servant")
    tasks = sum(len(s.sheets[h].tasks) for h in s.heroes)
    called = shuffled(servants, ctx.rng)[:tasks]                  # "drawn unseen"
    for inst_s in servants:
        s.aside.remove(inst_s)
        if inst_s in called and lands.waits(ctx, inst_s):
            s.waiting.append(inst_s)
        elif inst_s in called:
            put(s, c.spec(inst_s).at, inst_s, face_down=True)
        else:
            s.bag.append(inst_s)
    return [ctx.log({"event": "nameless_drawn", "counter": inst, "at": tower, "guards": dict(zip(posts, guards)),
                     "tasks": tasks, "servants": {i: c.spec(i).at for i in called},
                     "to_bag": len(servants) - len(called), "machine": "nameless", "state": s.nameless})]


def wait(ctx: Ctx, inst: str) -> list[dict]:
    """The Unknown Land: a counter drawn for a region face down is "placed next to the map"
    (``RothOwn.waiting``) until its region is explored (:func:`arrive`)."""
    s, spec = ctx.s, ctx.c.spec(inst)
    s.waiting.append(inst)
    return [ctx.log({"event": "waiting", "counter": inst, "name": spec.name, "at": spec.at, "region": spec.at[0],
                     "why": "its region is not explored: \"placed next to the map and put on their positions only "
                            "when their region is explored\""})]


def arrive(ctx: Ctx, letter: str) -> list[dict]:
    """Region ``letter`` turned up: the counters waiting for it onto their coordinates, the Nameless
    to his tower with his Guards and Servants (the ``nameless`` machine's ``explored``)."""
    s, c = ctx.s, ctx.c
    out: list[dict] = []
    for inst in [i for i in s.waiting if c.spec(i).at[0] == letter]:
        s.waiting.remove(inst)
        spec = c.spec(inst)
        if spec.effect == "nameless":
            ctx.fire(machines.NAMELESS, "explored")
            out += nameless_placed(ctx, inst)
            continue
        down = spec.covered and inst not in s.backs
        put(s, spec.at, inst, face_down=down)
        BAG.placed(ctx, inst)
        out.append(ctx.log({"event": "placed", "counter": inst, "name": "a covered counter" if down else spec.name,
                            "at": spec.at, "down": down, "why": "its region explored: onto its coordinates"}))
    return out


def event(ctx: Ctx, inst: str, drawer: str | None) -> list[dict]:
    """A competition every hero takes part in: two trials in the event's skill, the second at -1;
    both won, the prize. The counter leaves the game; nothing is drawn for it."""
    s, c = ctx.s, ctx.c
    spec = c.spec(inst)
    s.removed.append(inst)
    (colour, modifier), = spec.dots
    skill = DOT_SKILL[colour]
    first = s.heroes.index(drawer) if drawer in s.heroes else s.order
    order = s.heroes[first:] + s.heroes[:first]
    out = [ctx.log({"event": "event_drawn", "counter": inst, "name": spec.name, "hero": drawer, "skill": skill,
                    "order": order})]
    for hero in order:
        sheet = s.sheets[hero]
        if sheet.dead or ctx.elsewhere(hero):
            continue
        tries = []
        for k in range(2):
            t = skill_trial(sheet, skill, modifier + (EVENT_SECOND if k else 0) + ctx.trial_modifier(hero), rng=ctx.dice,
                            against=spec.name)
            tries.append(t.reason)
            if not t.success:
                break
        won = len(tries) == 2 and t.success
        prize = [ctx.gain_cube(sheet, cube[0])[1] for cube in spec.reward] if won else []
        out.append(ctx.log({"event": "event_trials", "counter": inst, "hero": hero, "trials": tries, "won": won,
                            "prize": prize}))
    return out
