"""The turn's actions every game of the family has, on the family's state: an action ends
movement, taking up and laying down a task, a market called, a sale and the market closed,
sitting out a turn at the manor house (Return of the Heroes, "Actions", "Rewards and Experience",
"Hit Points"; Under the Shadow of the Dragon, "Actions", "Tasks", "City of the Mages").

- "Actions always end movement." (RotH; :func:`acted`)
- "Taking up a task counts as an action" and a task counter taken off the map is replaced from
  the bag; "To take up an additional task, you first need to place one of your four current tasks
  face up on the field ... no replacement counter is drawn" (UtSotD; :func:`take_task`,
  :func:`drop_task`).
- "The player at the market draws three counters if he is at the small market or six counters if
  at the large one" (RotH), four in the City of the Mages (UtSotD); the buyer pays the price, the
  seller his provision (``heroes.market``; :func:`call_market`, :func:`buy`, :func:`close`).
- "Go to your manor house and sit out one turn, then all your starting hit points are restored."
  (RotH; :func:`rest`)

What a game adds comes through its :class:`Wares` (the Dragon's is in its own ``actions``): a
ware's name and price, how a hero pays, and the item a bought counter becomes on his sheet.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from overlord.core.game import hidden_draw
from overlord.games.heroes.draws import BagRules, replace
from overlord.games.heroes.market import close_market, sale
from overlord.games.heroes.market import call_market as draw_offer
from overlord.games.heroes.sheet import Item, heal
from overlord.games.heroes.state import HeroesCtx, lift, put

C = TypeVar("C", bound=HeroesCtx, contravariant=True)
X = TypeVar("X", bound=HeroesCtx)


class Wares(Protocol[C]):
    """What a game adds to the family's markets."""

    def name(self, ctx: C, instance: str) -> str: ...

    def price(self, ctx: C, instance: str) -> int: ...

    def pay(self, ctx: C, hero: str, gold: int) -> None:
        """Take ``gold`` from the hero (the game's purse rules)."""
        ...

    def item(self, ctx: C, instance: str) -> Item:
        """The item a counter becomes on a hero's sheet."""
        ...


def acted(ctx: HeroesCtx) -> None:
    """An action was taken: the movement is over."""
    t = ctx.s.turn
    t.acted, t.fresh, t.mp = True, False, 0
    if t.phase == "move":
        t.phase = "act"


# -- tasks ----------------------------------------------------------------------------------------------

def take_task(ctx: X, bag: BagRules[X], hero: str, inst: str) -> list[dict]:
    """A task taken up from the hero's field onto his sheet, and its replacement drawn."""
    s = ctx.s
    acted(ctx)
    lift(s, inst)
    s.sheets[hero].tasks.append(inst)
    out = [ctx.log({"event": "task_taken", "hero": hero, "counter": inst, "name": ctx.c.spec(inst).name})]
    return out + replace(ctx, bag, hero, f"{hero} took up a task")


def drop_task(ctx: HeroesCtx, hero: str, inst: str) -> list[dict]:
    """A task laid face up on the hero's field; no replacement is drawn."""
    s = ctx.s
    acted(ctx)
    s.sheets[hero].tasks.remove(inst)
    put(s, s.at[hero].field, inst)
    return [ctx.log({"event": "task_dropped", "hero": hero, "counter": inst, "at": s.at[hero].field,
                     "why": "placed face up; no replacement is drawn"})]


# -- markets --------------------------------------------------------------------------------------------

def call_market(ctx: X, wares: Wares[X], hero: str, count: int) -> list[dict]:
    """``count`` counters drawn from the market's pile: the offer."""
    s = ctx.s
    acted(ctx)
    s.turn.market = True
    s.offer = draw_offer(s.market, count, ctx.rng)
    return [ctx.log(hidden_draw({"event": "market", "hero": hero, "offer": list(s.offer),
                                 "names": [wares.name(ctx, i) for i in s.offer]}))]


def buy(ctx: X, wares: Wares[X], seller: str, inst: str, buyer: str) -> list[dict]:
    """A counter of the offer bought: the buyer pays its price, the seller (the hero who called
    the market, selling to another) gets his provision."""
    s = ctx.s
    deal = sale(wares.price(ctx, inst), seller, buyer)
    wares.pay(ctx, buyer, deal.buyer_pays)
    s.sheets[seller].gold += deal.seller_gets
    s.offer.remove(inst)
    s.sheets[buyer].items.append(wares.item(ctx, inst))
    return [ctx.log({"event": "bought", "hero": buyer, "seller": seller, "counter": inst,
                     "name": wares.name(ctx, inst), "paid": deal.buyer_pays, "provision": deal.seller_gets})]


def close(ctx: HeroesCtx, hero: str) -> list[dict]:
    """The unsold counters back into the pile."""
    back = close_market(ctx.s.market, ctx.s.offer)
    return [ctx.log({"event": "market_closed", "hero": hero, "unsold": len(back)})]


# -- healing --------------------------------------------------------------------------------------------

def rest(ctx: HeroesCtx, hero: str) -> list[dict]:
    """Sitting out the turn at the manor house: all lost natural hit points back."""
    s = ctx.s
    healed = heal(s.sheets[hero])
    s.turn.phase, s.turn.mp, s.turn.why_over = "over", 0, "sat out the turn at the manor"
    return [ctx.log({"event": "rested", "hero": hero, "healed": healed})]
