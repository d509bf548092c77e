"""The family's actions (``overlord.games.heroes.actions``): tasks taken up and laid down, markets
called and sold from, a turn sat out at the manor, staged on the Dragon's shipped content; a
market's wares are the game's (``Wares``)."""

from __future__ import annotations

import numpy as np
import pytest
from dragon_helpers import Dice, match, place, stand
from test_heroes_draws import PLAIN

from overlord.games.dragon.actions import WARES
from overlord.games.dragon.state import Ctx
from overlord.games.heroes import actions
from overlord.games.heroes.sheet import Item


class Priced:
    """A game whose every ware costs the same and is paid from the sheet's gold."""

    def __init__(self, price: int):
        self.cost = price

    def name(self, ctx, instance):
        return instance

    def price(self, ctx, instance):
        return self.cost

    def pay(self, ctx, hero, gold):
        ctx.s.sheets[hero].gold -= gold

    def item(self, ctx, instance):
        return Item(id=instance, kind="other")


def staged():
    m = match(("orc", "halfling"))
    stand(m, "orc", "T4", mp=4)
    m.state.turn.hero = "orc"
    return m, Ctx(m.state, m.content, np.random.default_rng(0), Dice([]))


@pytest.mark.parametrize("count", [3, 4, 6], ids=["RotH's small market: three", "the City of the Mages: four",
                                                  "RotH's large market: six"])
def test_a_market_draws_its_count_from_the_pile_and_ends_movement(count):
    """"The player at the market draws three counters if he is at the small market or six counters
    if at the large one, from the face down pile of market counters" (RotH); "Actions always end
    movement"."""
    m, ctx = staged()
    pile = len(m.state.market)
    evs = actions.call_market(ctx, WARES, "orc", count)
    assert len(m.state.offer) == count and len(m.state.market) == pile - count
    assert evs[0]["event"] == "market" and len(evs[0]["names"]) == count
    assert (m.state.turn.mp, m.state.turn.phase, m.state.turn.market) == (0, "act", True)
    actions.close(ctx, "orc")
    assert m.state.offer == [] and len(m.state.market) == pile


@pytest.mark.parametrize("buyer, orc_gold, halfling_gold", [
    ("orc", 1 - 1, 2),          # the caller buys for himself: no provision
    ("halfling", 1 + 1, 2 - 1),  # sold to another: the caller's provision of 1
], ids=["bought by the hero who called the market", "sold to another hero: 1 gold provision"])
def test_a_sale_from_the_offer(buyer, orc_gold, halfling_gold):
    """"you receive a commission of one gold piece for every artifact sold to another player" (RotH)."""
    m, ctx = staged()
    actions.call_market(ctx, Priced(1), "orc", 3)
    ware = m.state.offer[0]
    evs = actions.buy(ctx, Priced(1), "orc", ware, buyer)
    assert evs[0]["event"] == "bought" and ware not in m.state.offer
    assert (m.state.sheets["orc"].gold, m.state.sheets["halfling"].gold) == (orc_gold, halfling_gold)
    assert [i.id for i in m.state.sheets[buyer].items] == [ware]


def test_a_task_taken_up_is_replaced_and_one_laid_down_is_not():
    """"Taking up a task counts as an action"; a task laid down: "no replacement counter is drawn"
    (UtSotD)."""
    m, ctx = staged()
    m.state.bag = ["rope"]
    place(m, "task-pilgrim", "T4")
    taken = actions.take_task(ctx, PLAIN, "orc", "task-pilgrim")
    assert [e["event"] for e in taken] == ["task_taken", "drawn", "placed"]
    assert m.state.sheets["orc"].tasks == ["task-pilgrim"] and m.state.bag == []
    dropped = actions.drop_task(ctx, "orc", "task-pilgrim")
    assert [e["event"] for e in dropped] == ["task_dropped"] and m.state.board["T4"] == ["task-pilgrim"]


def test_sitting_out_a_turn_at_the_manor_heals():
    """"Go to your manor house and sit out one turn, then all your starting hit points are
    restored." (RotH)"""
    m, ctx = staged()
    m.state.sheets["orc"].natural -= 2
    evs = actions.rest(ctx, "orc")
    assert evs[0]["healed"] == 2 and m.state.turn.phase == "over"
