"""The actions of a turn besides fighting: encounters, tasks, artifacts, the City's market, the
Healing Potion, healing (the spells are ``spells``). Taking up and laying down a task, the
market's call, sale and close and the manor's rest are the family's (``overlord.games.heroes.actions``);
:data:`WARES` is the City's part of them.

The book (Actions, Encounters, Tasks, Artifacts, Glossary):
- "Encounters ... may be used once per turn, with no upper limit to their total usage"; "Taking up
  a task counts as an action as does solving the task"; "You may not take up more than four tasks.
  To take up an additional task, you first need to place one of your four current tasks face up on
  the field ... no replacement counter is drawn"; "A hero may carry up to four artifacts. If he
  wants to pick up a fifth one, he needs to drop another artifact first. Should this be an artifact
  from the City of the Mages (S1), it is again placed with the other 'City of the Mages' counters.
  All other artifacts are placed on their field".
- The encounters: the Herbalist ("a fee of 1 gold piece ... On a roll of 3-6, all lost natural HPs
  are restored"), the Befuddled Healer ("on a roll of 1, he loses 1 HP; on a roll of 2 to 6, he
  regains all lost HPs"), the Juggler ("1 to 3, the hero gains 1 EC of his choice; on 4 and 5,
  nothing happens; and on a 6, the mischievous Juggler steals another gold piece"), Cerberos ("1 HP
  as well as 1 EC as payment ... increases one skill value of your choice by 1 ... the hero finds
  himself on field Z6").
- Healing at the manor: "The hero sits out one turn and regains all lost hit points"; the Smithy:
  "damaged armor of up to 2 artificial HPs repaired. Your hero needs to sit out one turn of play per
  HP"; the Paladin: "on an empty field and may not perform any other action ... on a roll of 2 to 6,
  he regains 1 HP"; the Healing Potion "returns all natural HPs; it may only be used once".

Readings:
- Level 2 and 4 tasks: the person found (and the artifact delivered) leave play with the task.
- Cerberos takes a natural hit point and never the last one (a fee cannot kill).
- A Healing Potion goes back to the City's pile once drunk ("it may only be used once"); drinking
  it is an action (the book says so).
"""

from __future__ import annotations

from overlord.games.heroes.counters import ActionRules
from overlord.games.heroes import actions as family
from overlord.games.heroes.actions import acted
from overlord.games.heroes.sheet import SKILL_MAX, Item, heal
from overlord.games.heroes.tasks import fulfilled
from overlord.games.heroes.state import face_up, lift, put

from . import draws, fights, life
from .state import Ctx, artifact, carried, counter, sees


# -- encounters ----------------------------------------------------------------------------------------

def use(ctx: Ctx, hero: str, inst: str, choice: dict) -> list[dict]:
    s, c = ctx.s, ctx.c
    spec = counter(c, inst)
    acted(ctx)
    s.turn.used.append(inst)
    sheet = s.sheets[hero]
    out = [ctx.log({"event": "encounter", "hero": hero, "counter": inst, "name": spec.name})]
    if spec.effect == "herbalist":
        life.pay(ctx, hero, 1)
        roll = ctx.die(why=f"{hero} at the Herbalist (3 or more heals)")
        healed = heal(sheet) if roll >= 3 else 0
        out.append(ctx.log({"event": "herbalist", "hero": hero, "roll": roll, "healed": healed}))
    elif spec.effect == "healer":
        roll = ctx.die(why=f"{hero} at the Befuddled Healer (a 1 is his mistake)")
        if roll == 1:
            out.append(ctx.log({"event": "healer", "hero": hero, "roll": roll, "healed": 0}))
            out += life.wound(ctx, hero, "the Befuddled Healer's mistake", choice.get("lose"), keep=choice.get("keep"))
        else:
            out.append(ctx.log({"event": "healer", "hero": hero, "roll": roll, "healed": heal(sheet)}))
    elif spec.effect == "juggler":
        life.pay(ctx, hero, 1)
        roll = ctx.die(why=f"{hero} against the Juggler (1 to 3 wins)")
        got: dict = {}
        if roll <= 3:
            colour = fights.reward_colours(ctx, hero, (("blue", "green", "red"),), [choice["cube"]] if choice.get("cube") else None)[0]
            ctx.gain_cube(sheet, colour)
            got = {"cube": colour}
        elif roll == 6 and life.gold(ctx, hero):
            life.pay(ctx, hero, 1)
            got = {"stolen": 1}
        out.append(ctx.log({"event": "juggler", "hero": hero, "roll": roll, **got}))
    elif spec.effect == "cerberos":
        skill = choice["skill"]
        out += fights.lose_cube(ctx, hero, "Cerberos' fee", choice.get("cube"))
        sheet.natural -= 1
        sheet.skills[skill] = min(SKILL_MAX, sheet.skills[skill] + 1)
        barrow = c.board.with_feature("barrow")[0]
        s.at[hero].field = barrow
        out.append(ctx.log({"event": "trained", "hero": hero, "skill": skill, "value": sheet.skills[skill],
                            "natural": sheet.natural, "to": barrow}))
    return out


def cerberos_ok(ctx: Ctx, hero: str) -> bool:
    sheet = ctx.s.sheets[hero]
    return sheet.natural >= 2 and any(sheet.cubes[sk] for sk in sheet.cubes)


# -- tasks ----------------------------------------------------------------------------------------------------

def task_done(ctx: Ctx, hero: str, inst: str) -> bool:
    s, c = ctx.s, ctx.c
    spec = counter(c, inst).task
    here = s.at[hero].field
    have = {c.instances.get(i, i) for i in carried(s, c, hero)}
    visible = {c.instances.get(i, i) for i in s.board.get(here, []) if face_up(s, i) and sees(s, c, hero, i)}
    return fulfilled(spec, here, have, visible)


def fulfil(ctx: Ctx, hero: str, inst: str, choice: dict) -> list[dict]:
    s, c = ctx.s, ctx.c
    spec = counter(c, inst)
    task = spec.task
    acted(ctx)
    sheet = s.sheets[hero]
    sheet.tasks.remove(inst)
    gone = []
    for part in (task.find, task.to_person):
        if not part:
            continue
        where = next((i for i in carried(s, c, hero) if c.instances.get(i, i) == part), None)
        if where is not None:
            sheet.items = [i for i in sheet.items if i.id != where]
            s.removed.append(where)
            gone.append(where)
        elif task.level in (2, 4):
            here = next((i for i in s.board.get(s.at[hero].field, []) if c.instances.get(i, i) == part), None)
            if here is not None:
                lift(s, here)
                s.removed.append(here)
                gone.append(here)
    out = [ctx.log({"event": "fulfilled", "hero": hero, "counter": inst, "name": spec.name, "level": task.level,
                    "gone": gone})]
    if spec.flip:
        out.append(ctx.log({"event": "turned_over", "hero": hero, "counter": inst, **fights.take_back(ctx, hero, inst)}))
    else:
        s.removed.append(inst)
    if spec.reward or spec.gold:
        out.append(ctx.log({"event": "reward", "hero": hero, **fights.give_reward(ctx, hero, inst, choice)}))
    return out + draws.replace(ctx, hero, f"{hero} fulfilled a task")


# -- artifacts ------------------------------------------------------------------------------------------------

def take(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    s, c = ctx.s, ctx.c
    acted(ctx)
    lift(s, inst)
    a = artifact(s, c, inst)
    s.sheets[hero].items.append(fights.item_of(a, inst))
    out = [ctx.log({"event": "taken", "hero": hero, "counter": inst, "name": a.name})]
    for t in s.sheets[hero].tasks:
        task = counter(c, t).task
        if task and task.level in (3, 4) and task.find == c.instances.get(inst, inst) and t not in s.at[hero].found:
            s.at[hero].found.append(t)
            s.sheets[hero].gold += task.found_gold
            out.append(ctx.log({"event": "found", "hero": hero, "task": t, "gold": task.found_gold}))
    return out + draws.replace(ctx, hero, f"{a.name} was taken off the map")


def drop(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    s, c = ctx.s, ctx.c
    acted(ctx)
    a = artifact(s, c, inst)
    s.sheets[hero].items = [i for i in s.sheets[hero].items if i.id != inst]
    if a.origin == "market":
        s.market.append(inst)
        to = "the City of the Mages"
    else:
        put(s, s.at[hero].field, inst)
        to = s.at[hero].field
    return [ctx.log({"event": "dropped", "hero": hero, "counter": inst, "name": a.name, "to": to})]


def deliver_here(ctx: Ctx, hero: str, inst: str) -> bool:
    s, c = ctx.s, ctx.c
    spec = counter(c, inst)
    if inst in s.backs or not (spec.deliver_field or spec.deliver_counter):
        return False
    here = s.at[hero].field
    if spec.deliver_field:
        return here == spec.deliver_field
    return any(c.instances.get(i, i) == spec.deliver_counter and face_up(s, i) for i in s.board.get(here, []))


def deliver(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    s, c = ctx.s, ctx.c
    acted(ctx)
    sheet = s.sheets[hero]
    sheet.items = [i for i in sheet.items if i.id != inst]
    got = fights.take_back(ctx, hero, inst)
    a = artifact(s, c, inst)
    if a.effect == "bag_of_gold":
        s.at[hero].purse = 1
    return [ctx.log({"event": "delivered", "hero": hero, "counter": inst, "name": counter(c, inst).name, **got})]


# -- the City of the Mages ------------------------------------------------------------------------------------

class DragonWares:
    """The City of the Mages' counters as the family's markets sell them (``heroes.actions.Wares``)."""

    def name(self, ctx: Ctx, instance: str) -> str:
        return artifact(ctx.s, ctx.c, instance).name

    def price(self, ctx: Ctx, instance: str) -> int:
        return price(ctx, instance)

    def pay(self, ctx: Ctx, hero: str, gold: int) -> None:
        life.pay(ctx, hero, gold)

    def item(self, ctx: Ctx, instance: str) -> Item:
        return fights.item_of(artifact(ctx.s, ctx.c, instance), instance)


WARES = DragonWares()


def take_task(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    return family.take_task(ctx, draws.BAG, hero, inst)


def market(ctx: Ctx, hero: str) -> list[dict]:
    """A market called in the City of the Mages: ``rules.market_size`` counters (the book's four)."""
    return family.call_market(ctx, WARES, hero, ctx.s.rules.get("market_size", 4))


def price(ctx: Ctx, inst: str) -> int:
    return artifact(ctx.s, ctx.c, inst).price


def buy(ctx: Ctx, seller: str, inst: str, buyer: str) -> list[dict]:
    return family.buy(ctx, WARES, seller, inst, buyer)


# -- the potion and healing ----------------------------------------------------------------------------------------

def _off_sheet(ctx: Ctx, hero: str, inst: str, to_market: bool = True) -> None:
    sheet = ctx.s.sheets[hero]
    sheet.items = [i for i in sheet.items if i.id != inst]
    if to_market:
        ctx.s.market.append(inst)


def drink(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    acted(ctx)
    _off_sheet(ctx, hero, inst)
    return [ctx.log({"event": "drank", "hero": hero, "counter": inst, "healed": heal(ctx.s.sheets[hero])})]


def pray(ctx: Ctx, hero: str) -> list[dict]:
    s = ctx.s
    roll = ctx.die(why=f"{hero}'s prayer (2 or more heals 1)")
    healed = heal(s.sheets[hero], 1) if roll >= 2 else 0
    s.turn.phase, s.turn.mp, s.turn.why_over = "over", 0, "the Paladin prayed"
    return [ctx.log({"event": "prayed", "hero": hero, "roll": roll, "healed": healed})]


def damaged_armour(ctx: Ctx, hero: str) -> str | None:
    for item in ctx.s.sheets[hero].items:
        if item.life and item.lost and item.kind in ("armour", "shield"):
            return item.id
    return None


def repair(ctx: Ctx, hero: str) -> list[dict]:
    s = ctx.s
    inst = damaged_armour(ctx, hero)
    item = next(i for i in s.sheets[hero].items if i.id == inst)
    item.lost -= 1
    s.turn.phase, s.turn.mp, s.turn.why_over = "over", 0, "sat out the turn at the Smithy"
    return [ctx.log({"event": "repaired", "hero": hero, "counter": inst, "left": item.life - item.lost})]


# UtSotD, "Sequence of Play": "Combat is always the first action. After this, apply all other
# actions in any order you like" - the family's default (Return of the Heroes' order), for the
# family's action_problem; the turn (turns.py) keeps that order in its own legal actions.
DRAGON_ACTIONS = ActionRules(strict_order=False, once_each=False)
