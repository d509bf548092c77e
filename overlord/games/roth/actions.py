"""Return of the Heroes' actions besides combat and the heroic deeds: tasks taken up, laid down and
fulfilled, artifacts picked up and dropped, the healing potion, the markets' wares, a turn sat out
to heal. The encounters are ``places``. Taking up and laying down a task, the market's call, sale
and close and the manor's rest are the family's (``overlord.games.heroes.actions``); RotH passes
its bag (``draws.BAG``) and its wares (:data:`WARES`).

The book (Return of the Heroes, "Tasks", "Drawing Counters", "Counters", "Hit Points", "Rewards
and Experience", "Improvement of Skills"):

- "You take the counter and place it on one of your four blue-bordered trays on your character
  sheet." "Which means I can only have four tasks at the same time? Correct." "And always remember
  to replace a counter you take from the map with a new counter from the bag" (:func:`take_task`).
- "When you reach your destination, you receive the reward specified on the counter, (which is
  usually) a colored Experience Point and a gold piece"; "There are other tasks requiring you to
  first find the person, creature or artifact, as they are not yet on the map but in the bag";
  "And when I've fulfilled a task? You draw a counter from the bag, as well. And the task? Is
  removed from the game." (:func:`task_done`, :func:`fulfil`). Don Hobiro's task: "he trains you in
  range combat: +2 for a roll of 1-4, +1 for a roll of 5-10".
- "Artifacts on the map with a blue/yellow border are part of a task, and these are only visible to
  the player whose task it is to find this artifact ... only then can you pick it up and take it
  with you" (:func:`take`); "You will draw a counter from the bag whenever you pick up a counter from
  a region" (What to Do First).
- "The number of artifacts you are allowed to have is limited by the number of yellow-bordered trays
  on your character sheet, which means a maximum of four"; "armor can only be combined with a
  shield, not with another piece of armor" (:func:`carry_problem`).
- "At the market, you can buy a Healing Potion, which gives you a hit point back three times";
  "Can I gain hit points below the line? No, only down to the line." (:func:`drink`)
- The market: "they pay the price to the bank, but you receive a commission of one gold piece for
  every artifact sold to another player, regardless of what the price is"; "What happens to
  artifacts that aren't sold? They are mixed back into the pile" (the family's; :class:`RothWares`).
- "Go to your manor house and sit out one turn, then all your starting hit points are restored. In
  the Temple (N5) and White Village (I5), you acquire one hit point per turn sat out." (:func:`rest`)

Readings (ours; the other reading after "against"):
- A task laid down lies face up on the hero's field and draws nothing (Under the Shadow of the
  Dragon's rule; RotH says nothing of laying one down).
- A person found (level 2: Don Hobiro) stays where he is - an encounter "remain[s] where they are";
  a thing found and brought (levels 3, 4) leaves the sheet: a market artifact (the magic staff for
  the boat) back to the market pile, any other out of the game.
- A task's artifact (``gives``) goes on the sheet; with the four squares full the task waits
  until one is dropped (against: the artifact left on the field).
- Don Hobiro's "roll" (``rules.hobiro_roll``, ``counters.HOBIRO_ROLL``): the hero's ranged rating on
  the sheet (``rating``), against two dice (``dice``); a value no step names (11, 12) teaches nothing.
- The Cart's price (``rules.cart_price``, ``counters.CART_PRICE``): the artifact's 4 (``price``),
  against "the -4 is not a price": the cart then costs what the dearest other vehicle costs
  (``movement``).
- Dropping an artifact follows the dead's rule: "the artifacts bought on the market decay and are
  placed back on the stack of the market counters", the others lie on his field. Picking up and
  dropping are actions (they end movement); drinking a draught is not (it is not among the book's
  actions) and is refused at full hit points (a draught would be lost).
- The heroes' special skill ``healer`` (heroes.yaml, ours): a turn sat out anywhere heals one.
"""

from __future__ import annotations

from overlord.core.game import RulesError
from overlord.games.heroes import actions as family
from overlord.games.heroes.actions import acted
from overlord.games.heroes.rewards import cube_colours
from overlord.games.heroes.sheet import SKILL_MAX, Item, heal
from overlord.games.heroes.state import face_up, lift, put
from overlord.games.heroes.tasks import fulfilled

from . import draws
from .counters import sheet_kind
from .state import Ctx, artifact, sees


# -- what the hero sees and carries ---------------------------------------------------------------------

def seen(ctx: Ctx, hero: str, inst: str) -> bool:
    """Whether the hero sees a thing on the board: an artifact lying by its own id (a magic object
    the dead left) is seen by all; a counter as ``state.sees`` says."""
    return inst not in ctx.c.instances or sees(ctx.s, ctx.c, hero, inst)


def here(ctx: Ctx, hero: str) -> list[str]:
    """The things on the hero's field that he sees face up."""
    s = ctx.s
    return [i for i in s.board.get(s.at[hero].field, []) if face_up(s, i) and seen(ctx, hero, i)]


def carried(ctx: Ctx, hero: str) -> set[str]:
    """What the hero carries as the tasks name it: his artifacts' counter ids and his tasks' (a task
    counter brought somewhere is carried on its tray: the merchant, the lamb)."""
    c, sheet = ctx.c, ctx.s.sheets[hero]
    return {c.instances.get(i, i) for i in [item.id for item in sheet.items] + sheet.tasks}


def item_of(ctx: Ctx, inst: str) -> Item:
    """The artifact ``inst`` as an item on a sheet."""
    a = artifact(ctx.s, ctx.c, inst)
    return Item(inst, a.name, sheet_kind(a.kind), dict(a.bonus), a.movement, a.life, 0,
                special=a.origin in ("magic", "special"))


def carry_problem(ctx: Ctx, hero: str, inst: str) -> str | None:
    """Why the hero cannot carry the artifact ``inst`` now, or None."""
    sheet = ctx.s.sheets[hero]
    kind = artifact(ctx.s, ctx.c, inst).kind
    if len(sheet.items) >= sheet.item_slots:
        return f"the {sheet.item_slots} artifact squares are full (\"a maximum of four\")"
    if kind in ("armour", "shield") and any(i.kind == kind for i in sheet.items):
        return ("\"armor can only be combined with a shield, not with another piece of armor\"" if kind == "armour"
                else "one shield goes with one armour (ours)")
    return None


# -- tasks -------------------------------------------------------------------------------------------------

def task_targets(ctx: Ctx, hero: str) -> list[str]:
    """The tasks on the hero's field he may take up now."""
    if len(ctx.s.sheets[hero].tasks) >= ctx.s.sheets[hero].task_slots:
        return []
    return [i for i in here(ctx, hero) if i in ctx.c.instances and ctx.c.spec(i).task is not None]


def take_task(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    """A task on the hero's field onto a blue tray, and a counter drawn in its place."""
    sheet = ctx.s.sheets[hero]
    if inst not in here(ctx, hero) or inst not in ctx.c.instances or ctx.c.spec(inst).task is None:
        raise RulesError(f"{inst} is no task lying face up on {hero}'s field")
    if len(sheet.tasks) >= sheet.task_slots:
        raise RulesError("\"I can only have four tasks at the same time\"")
    return family.take_task(ctx, draws.BAG, hero, inst)


def drop_task(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    """A task laid face up on the hero's field; nothing drawn."""
    if inst not in ctx.s.sheets[hero].tasks:
        raise RulesError(f"{hero} holds no task {inst}")
    return family.drop_task(ctx, hero, inst)


def task_done(ctx: Ctx, hero: str, inst: str) -> bool:
    """Whether the held task ``inst`` is fulfilled where the hero stands (the family's steps)."""
    s = ctx.s
    task = ctx.c.spec(inst).task
    if inst not in s.sheets[hero].tasks or task is None:
        return False
    lying = {ctx.c.instances.get(i, i) for i in here(ctx, hero)}
    return fulfilled(task, s.at[hero].field, carried(ctx, hero), lying)


def fulfil_problem(ctx: Ctx, hero: str, inst: str) -> str | None:
    """Why the task cannot be fulfilled now, or None."""
    if not task_done(ctx, hero, inst):
        return f"{ctx.c.spec(inst).name} is not fulfilled here"
    gives = ctx.c.spec(inst).gives
    sheet = ctx.s.sheets[hero]
    if gives and len(sheet.items) >= sheet.item_slots:
        return f"the reward {ctx.c.artifacts[gives].name} needs an artifact square: drop an artifact first"
    return None


def fulfil(ctx: Ctx, hero: str, inst: str, choice: dict) -> list[dict]:
    """The task fulfilled: the thing brought handed over, the reward (``choice["cubes"]``: the
    player's colours), the task out of the game and a counter drawn."""
    s, c = ctx.s, ctx.c
    problem = fulfil_problem(ctx, hero, inst)
    if problem:
        raise RulesError(problem)
    spec = c.spec(inst)
    task = spec.task
    acted(ctx)
    sheet = s.sheets[hero]
    sheet.tasks.remove(inst)
    s.removed.append(inst)
    handed = []
    if task.level in (3, 4) or (task.level == 1 and task.bring and task.bring != spec.id):
        wanted = task.find or task.bring
        for thing in [i.id for i in sheet.items if c.instances.get(i.id, i.id) == wanted][:1]:
            sheet.items = [i for i in sheet.items if i.id != thing]
            market = artifact(s, c, thing).origin == "market"
            (s.market if market else s.removed).append(thing)
            handed.append(thing)
    out = [ctx.log({"event": "fulfilled", "hero": hero, "counter": inst, "name": spec.name, "level": task.level,
                    "handed": handed, "why": "the task is removed from the game"})]
    colours = cube_colours(sheet, spec.reward, choice.get("cubes"))
    for colour in colours:
        ctx.gain_cube(sheet, colour)
    sheet.gold += spec.gold
    got: dict = {"cubes": colours, "gold": spec.gold}
    if spec.gives:
        sheet.items.append(item_of(ctx, spec.gives))
        got["artifact"] = spec.gives
    if colours or spec.gold or spec.gives:
        out.append(ctx.log({"event": "reward", "hero": hero, "counter": inst, **got}))
    if spec.training:
        out += train(ctx, hero, spec.training, spec.name)
    return out + draws.replace(ctx, hero, f"{hero} fulfilled {spec.name}")


def train(ctx: Ctx, hero: str, training: tuple, teacher: str) -> list[dict]:
    """A task's training (Don Hobiro's): the step the roll falls in raises the skill, to 11 at most."""
    skill, steps = training
    sheet = ctx.s.sheets[hero]
    if ctx.s.rules.get("hobiro_roll", "rating") == "dice":
        roll = sum(ctx.roll(2, why=f"{hero}'s lesson with {teacher}"))
    else:
        roll = sheet.skills[skill]
    gain = next((g for low, high, g in steps if low <= roll <= high), 0)
    before = sheet.skills[skill]
    sheet.skills[skill] = min(SKILL_MAX, before + gain)
    return [ctx.log({"event": "trained", "hero": hero, "skill": skill, "roll": roll, "gain": sheet.skills[skill] - before,
                     "value": sheet.skills[skill], "by": teacher})]


# -- artifacts ------------------------------------------------------------------------------------------------

def take_targets(ctx: Ctx, hero: str) -> list[str]:
    """The artifacts on the hero's field he sees and may pick up now."""
    return [i for i in here(ctx, hero) if _artifact_here(ctx, i) and carry_problem(ctx, hero, i) is None]


def _artifact_here(ctx: Ctx, inst: str) -> bool:
    return artifact(ctx.s, ctx.c, inst) is not None and not (inst in ctx.c.instances and ctx.c.spec(inst).deed)


def take(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    """An artifact picked up onto an artifact square; a counter drawn in its place."""
    s, c = ctx.s, ctx.c
    if inst not in here(ctx, hero) or not _artifact_here(ctx, inst):
        raise RulesError(f"{inst} is no artifact {hero} sees on his field")
    problem = carry_problem(ctx, hero, inst)
    if problem:
        raise RulesError(problem)
    acted(ctx)
    lift(s, inst)
    a = artifact(s, c, inst)
    s.sheets[hero].items.append(item_of(ctx, inst))
    out = [ctx.log({"event": "taken", "hero": hero, "counter": inst, "name": a.name})]
    for t in s.sheets[hero].tasks:
        task = c.spec(t).task
        if task is not None and task.level in (3, 4) and task.find == c.instances.get(inst, inst):
            s.sheets[hero].gold += task.found_gold
            out.append(ctx.log({"event": "found", "hero": hero, "task": t, "counter": inst, "gold": task.found_gold}))
    return out + draws.replace(ctx, hero, f"{a.name} was taken off the map")


def drop(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    """An artifact off the sheet: a market artifact back to the market pile, any other on his field."""
    s = ctx.s
    sheet = s.sheets[hero]
    if not any(i.id == inst for i in sheet.items):
        raise RulesError(f"{hero} carries no {inst}")
    acted(ctx)
    a = artifact(s, ctx.c, inst)
    sheet.items = [i for i in sheet.items if i.id != inst]
    s.draughts.pop(inst, None)
    if a.origin == "market":
        s.market.append(inst)
        to = "market"
    else:
        put(s, s.at[hero].field, inst)
        to = s.at[hero].field
    return [ctx.log({"event": "dropped", "hero": hero, "counter": inst, "name": a.name, "to": to})]


def potions(ctx: Ctx, hero: str) -> list[str]:
    """The healing potions the hero may drink from now (he is below the line)."""
    s = ctx.s
    sheet = s.sheets[hero]
    if sheet.natural >= sheet.natural_max:
        return []
    return [i.id for i in sheet.items if (a := artifact(s, ctx.c, i.id)) is not None and a.effect == "healing_potion"]


def drink(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    """A draught of a healing potion: its hit point, down to the line; the last of its uses sends
    it back to the market pile."""
    s = ctx.s
    sheet = s.sheets[hero]
    a = artifact(s, ctx.c, inst)
    if not any(i.id == inst for i in sheet.items) or a is None or a.effect != "healing_potion":
        raise RulesError(f"{hero} carries no healing potion {inst}")
    if sheet.natural >= sheet.natural_max:
        raise RulesError("hit points are restored \"only down to the line\"")
    healed = heal(sheet, a.heal)
    s.draughts[inst] = s.draughts.get(inst, 0) + 1
    left = a.uses - s.draughts[inst]
    if left <= 0:
        sheet.items = [i for i in sheet.items if i.id != inst]
        del s.draughts[inst]
        s.market.append(inst)
    return [ctx.log({"event": "drank", "hero": hero, "counter": inst, "healed": healed, "left": max(0, left),
                     "natural": sheet.natural})]


# -- the markets' wares -------------------------------------------------------------------------------------

def price(ctx: Ctx, inst: str) -> int:
    """A market artifact's price; the Cart's by the reading ``cart_price``."""
    a = artifact(ctx.s, ctx.c, inst)
    if ctx.s.rules.get("cart_price", "price") == "movement" and ctx.c.instances.get(inst) == "cart":
        return max(o.price for k, o in ctx.c.artifacts.items() if o.kind == "vehicle" and k != "cart")
    return a.price


class RothWares:
    """The market counters as the family's markets sell them (``heroes.actions.Wares``)."""

    def name(self, ctx: Ctx, instance: str) -> str:
        return artifact(ctx.s, ctx.c, instance).name

    def price(self, ctx: Ctx, instance: str) -> int:
        return price(ctx, instance)

    def pay(self, ctx: Ctx, hero: str, gold: int) -> None:
        ctx.s.sheets[hero].gold -= gold

    def item(self, ctx: Ctx, instance: str) -> Item:
        return item_of(ctx, instance)


WARES = RothWares()


def market_open(ctx: Ctx) -> bool:
    """A market's offer is on the table (buy or close, nothing else)."""
    return bool(ctx.s.offer)


def buyers(ctx: Ctx, inst: str) -> list[str]:
    """The heroes who may buy ``inst`` of the offer: the gold for it and a square it fits. In the race
    a purchase is its buyer's choice, so the players' market sells to their heroes and a rival's to
    the rival alone: a player never spends a rival's gold, nor the program a player's (ours; the
    book's seller offers "to your fellow players", each of whom decides)."""
    s = ctx.s
    seller = s.turn.hero
    side = [seller] if seller in s.rivals else [h for h in s.heroes if h not in s.rivals]
    return [h for h in side if not s.sheets[h].dead and s.sheets[h].gold >= price(ctx, inst)
            and carry_problem(ctx, h, inst) is None]


def buy(ctx: Ctx, seller: str, inst: str, buyer: str) -> list[dict]:
    """``buyer`` buys ``inst`` of the offer ``seller`` drew: the price to the bank, the seller's
    commission of one gold when he sells to another."""
    if inst not in ctx.s.offer:
        raise RulesError(f"{inst} is not on offer")
    if ctx.s.sheets[buyer].gold < price(ctx, inst):
        raise RulesError(f"{buyer} has {ctx.s.sheets[buyer].gold} gold; {WARES.name(ctx, inst)} costs {price(ctx, inst)}")
    problem = carry_problem(ctx, buyer, inst)
    if problem:
        raise RulesError(problem)
    return family.buy(ctx, WARES, seller, inst, buyer)


def close(ctx: Ctx, hero: str) -> list[dict]:
    """The unsold artifacts mixed back into the pile."""
    return family.close(ctx, hero)


# -- a turn sat out --------------------------------------------------------------------------------------

def rest_kind(ctx: Ctx, hero: str) -> str | None:
    """Where the hero may sit out his turn to heal: "manor" (his own), "temple", "village", "healer"
    (the special skill, anywhere), or None."""
    s, c = ctx.s, ctx.c
    hs = s.at[hero]
    if hs.between:
        return None
    if hs.field == hs.manor:
        return "manor"
    feature = c.board.field(hs.field).feature
    if feature in ("temple", "village"):
        return feature
    return "healer" if c.heroes[hero].special == "healer" else None


def can_rest(ctx: Ctx, hero: str) -> bool:
    """Nothing done yet this turn, below the line, on a place that heals."""
    sheet = ctx.s.sheets[hero]
    return ctx.s.turn.fresh and sheet.natural < sheet.natural_max and rest_kind(ctx, hero) is not None


def rest(ctx: Ctx, hero: str) -> list[dict]:
    """The turn sat out: at his manor all hit points back (the family's rest), at the Temple or the
    White Village one."""
    kind = rest_kind(ctx, hero)
    if kind is None:
        raise RulesError("hit points come back by a turn sat out at the hero's own manor house, the Temple (N5) "
                         "or the White Village (I5)")
    if not ctx.s.turn.fresh:
        raise RulesError("\"sit out one turn\": nothing else is done in it")
    if kind == "manor":
        return family.rest(ctx, hero)
    s = ctx.s
    healed = heal(s.sheets[hero], 1)
    s.turn.phase, s.turn.mp, s.turn.why_over = "over", 0, f"sat out the turn ({kind})"
    return [ctx.log({"event": "rested", "hero": hero, "healed": healed, "at": kind})]
