"""Mission cards ("Mission Cards", "Mission Objectives", "Decline Mission").

Readings (docs/readings.md, "Heldentaufe"):

- Porter and Observer areas are Upper World areas (the Travel Guide's kinds).
- Completing an Observer mission ends the hero's turn on that area ("End your turn on the
  specified area"), with the reward chosen: 1 tooth or the card's equipment.
- Explorer and Monster Hunter missions are played for the hero the moment they are earned (a
  trap triggered, the pictured monster defeated - on the hero's turn or, for Monster Hunter, in
  the monsters' turn); one card for each trap or defeat. Nobody would hold one back.
- Thief: "You receive 1 small tooth from your opponent's supply. If they have no tooth in their
  possession, this mission has no effect" - a victim with only valuable teeth gives nothing (a
  small tooth is what the card takes). Not in the co-operative game.
- A Companion's boots give +1 action point at once (played as a mission); its ring and sword ride
  on the brewing or the fight they help ("played immediately before").
"""

from __future__ import annotations

from overlord.core.decks import discard_card, draw_card
from overlord.core.rng import rng_from_state, rng_state

from . import heroes as hb
from .content import Content
from .state import UPPER, HState, Hero
from .upper import area_kind

HAND = 3             # "deal each player 3 face-down hand cards"


def card(c: Content, cid: str):
    return c.missions[cid]


def tokens_held(hero: Hero) -> list[str]:
    """Every token the hero could give up for a Porter mission (unused potions only)."""
    return list(hero.inventory.values()) + list(hero.backpack) + [p for p in hero.rack if ":" not in p]


def has_tokens(hero: Hero, give: list[str]) -> bool:
    held = tokens_held(hero)
    for t in give:
        if t not in held:
            return False
        held.remove(t)
    return True


def pay(state: HState, hero: Hero, give: list[str]) -> None:
    """Give up the pictured tokens (the backpack's before the worn piece)."""
    for t in give:
        if t in hero.backpack:
            hero.backpack.remove(t)
        elif t in hero.rack:
            hero.rack.remove(t)
        else:
            del hero.inventory[hb.slot_of(t)]
        hb.give_back(state, t)


def completable(c: Content, state: HState, hero: Hero, cid: str) -> list[dict]:
    """The ways to complete a hand card now as a mission action (its extra fields): [] if none.
    Explorer and Monster Hunter are never played this way (see the readings); the Companion's ring
    and sword ride on ``brew`` and ``fight``."""
    m = card(c, cid)
    here = area_kind(state, hero)
    if m.kind == "porter":
        return [{}] if hero.world == UPPER and here == m.area and has_tokens(hero, m.give) else []
    if m.kind == "observer":
        if hero.world != UPPER or here != m.area:
            return []
        out = [{"reward": "tooth"}]
        if state.supply.get(m.reward.equipment, 0) > 0:
            out.append({"reward": "equipment"})
        return out
    if m.kind == "thief":
        if c.coop or hero.world != UPPER:
            return []
        return [{"target": o} for o in state.heroes if o != hero.id and state.board[o].world == UPPER
                and state.board[o].at == hero.at and 1 in state.board[o].teeth]
    if m.kind == "companion" and m.boost == "boots":
        return [{}] if m.food in hero.backpack else []
    return []


def companions(c: Content, hero: Hero, boost: str) -> list[str]:
    """Companion cards in hand with that boost whose food the hero carries."""
    return [cid for cid in hero.hand if card(c, cid).kind == "companion" and card(c, cid).boost == boost
            and card(c, cid).food in hero.backpack]


def feed(c: Content, state: HState, hero: Hero, cid: str) -> None:
    """"Activate the companion by giving up the required food (and discarding the card).\""""
    m = card(c, cid)
    hero.backpack.remove(m.food)
    hb.give_back(state, m.food)
    done(state, hero, cid)


def done(state: HState, hero: Hero, cid: str) -> None:
    """"Place it face up next to the mission-card draw pile" (the discard pile)."""
    hero.hand.remove(cid)
    discard_card(state.missions, cid)


def complete(c: Content, state: HState, hero: Hero, cid: str, extra: dict) -> dict:
    """Carry out a mission of :func:`completable`; returns its event."""
    m = card(c, cid)
    event = {"event": "mission", "hero": hero.id, "card": cid, "kind": m.kind}
    if m.kind == "porter":
        pay(state, hero, m.give)
        event["gave"] = list(m.give)
        event.update(reward(c, state, hero, m.reward.teeth, m.reward.equipment))
        done(state, hero, cid)
    elif m.kind == "observer":
        if extra.get("reward") == "equipment":
            event.update(reward(c, state, hero, 0, m.reward.equipment))
        else:
            event.update(reward(c, state, hero, 1, None))
        done(state, hero, cid)
    elif m.kind == "thief":
        victim = state.board[extra["target"]]
        victim.teeth.remove(1)
        hero.teeth.append(1)
        event["from"] = victim.id
        done(state, hero, cid)
    elif m.kind == "companion":
        feed(c, state, hero, cid)
        event["boost"] = m.boost
    state.log.append(event)
    return event


def reward(c: Content, state: HState, hero: Hero, teeth: int, equipment: str | None) -> dict:
    out = {}
    if teeth:
        out["teeth"] = hb.receive_teeth(state, hero, teeth)
    if equipment:
        out["equipment"] = equipment
        out["went"] = hb.receive(c, state, hero, equipment)
    return out


def play_explorer(c: Content, state: HState, hero: Hero) -> None:
    """An Explorer mission in hand, played when the hero triggers a trap."""
    cid = next((x for x in hero.hand if card(c, x).kind == "explorer"), None)
    if cid is not None:
        event = {"event": "mission", "hero": hero.id, "card": cid, "kind": "explorer"}
        event.update(reward(c, state, hero, card(c, cid).reward.teeth, None))
        done(state, hero, cid)
        state.log.append(event)


def play_hunter(c: Content, state: HState, hero: Hero, monster: str) -> None:
    """A Monster Hunter mission for the monster just defeated."""
    cid = next((x for x in hero.hand if card(c, x).kind == "hunter" and card(c, x).monster == monster), None)
    if cid is not None:
        event = {"event": "mission", "hero": hero.id, "card": cid, "kind": "hunter", "monster": monster}
        event.update(reward(c, state, hero, card(c, cid).reward.teeth, None))
        done(state, hero, cid)
        state.log.append(event)


def draw_one(state: HState) -> str:
    rng = rng_from_state(state.rng)
    cid = draw_card(state.missions, rng)
    state.rng = rng_state(rng)
    return cid


def refill(state: HState, hero: Hero) -> list[str]:
    """"At the end of your turn, draw mission cards until you again hold 3 in hand. Once the last
    card has been drawn from the draw pile, the discarded mission cards are shuffled and placed as
    the new draw pile" (``overlord.core.decks.draw_card`` reshuffles at once)."""
    drawn = []
    while len(hero.hand) < HAND and (state.missions.draw or state.missions.discard):
        cid = draw_one(state)
        hero.hand.append(cid)
        drawn.append(cid)
    return drawn


def decline(state: HState, hero: Hero, cid: str) -> str:
    """"Spend 1 action point to discard 1 hand card and draw a new one.\""""
    done(state, hero, cid)
    new = draw_one(state)
    hero.hand.append(new)
    return new
