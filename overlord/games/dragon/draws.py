"""The Dragon's part of the bag (the family's draw and placement: ``overlord.games.heroes.draws``).

"If such a counter [an event] is drawn, the effects need to be applied immediately ... Once an
event has taken place, the next player gets his turn. The event counter is discarded and you do
not need to draw a replacement counter." (UtSotD, Counters, Replenishing Counters, Events)

What the Dragon adds to the family's draw (:data:`BAG`, its ``BagRules``):

- The program puts a creature (red border) near the heroes (``harmful``).
- Fields that are not for placing: the City of the Mages, the lair, the Mouth of the Cave (the
  Dragon Man's), and the Isle's landing (Orchan's shore is blue anyway). A counter the Dragon
  draws (the co-operative Brood) has no drawing hero: every region is open.
- A drawing hero who carries Clairvoyance ("Whenever a player has to draw a counter from the bag,
  he may cast the 'Clairvoyance' spell") owes a choice first: the draw waits (``pending``), and a
  defeated creature waits aside until it is made (``spells``).
- Drawn, the Dragon goes to its lair and an event is applied at once, ending the drawer's turn;
  the Dragon Man placed on his coordinates starts his machine.
"""

from __future__ import annotations

from overlord.games.heroes import draws as family
from overlord.games.heroes.state import put

from . import events, machines
from .state import Ctx, artifact, counter

NOT_FOR_PLACING = ("city", "lair", "cave_mouth", "landing")
EVENT_BORDERS = ("orange", "orange-lilac")


def harmful(ctx: Ctx, instance: str) -> bool:
    """A counter the program places near the heroes: a creature (red border)."""
    return counter(ctx.c, instance).border == "red" and instance not in ctx.s.backs


def clairvoyant(ctx: Ctx, hero: str | None) -> str | None:
    """The Clairvoyance spell the hero carries, if any."""
    if hero is None:
        return None
    for item in ctx.s.sheets[hero].items:
        a = artifact(ctx.s, ctx.c, item.id)
        if a is not None and a.effect == "clairvoyance":
            return item.id
    return None


def pickable(ctx: Ctx) -> list[str]:
    """The counters Clairvoyance may pick from the bag, one instance of each kind (the first): "He
    may not pick a covered counter (i.e., a counter with the PA logo on its back)."
    """
    s, c = ctx.s, ctx.c
    kinds: dict[str, str] = {}
    for inst in sorted(s.bag):
        spec = counter(c, inst)
        if not spec.covered:
            kinds.setdefault(spec.id, inst)
    return sorted(kinds.values())


def dragon_drawn(ctx: Ctx, inst: str) -> list[dict]:
    """The expansion's Dragon: "As soon as a player draws the Dragon counter from the bag, it is
    placed on field V9 and the Dragon counters are placed in the bag." (UtSotD)"""
    s, c = ctx.s, ctx.c
    lair = c.board.with_feature("lair")[0]
    put(s, lair, inst)
    ctx.fire(machines.DRAGON, "place")
    events = ctx.events_enter(ctx) if ctx.events_enter is not None else s.mode == "book"
    entering = [i for i in list(s.aside) if (counter(c, i).start == "event" and events)
                or counter(c, i).start == "guard"]
    for i in entering:
        s.aside.remove(i)
        s.bag.append(i)
    return [ctx.log({"event": "dragon_placed", "counter": inst, "at": lair, "bag_gains": entering,
                     "machine": "dragon", "state": s.dragon})]




class DragonBag:
    """The Dragon's part of the family's draw (``heroes.draws.BagRules``)."""

    not_for_placing = NOT_FOR_PLACING

    def harmful(self, ctx: Ctx, instance: str) -> bool:
        return harmful(ctx, instance)

    def ask_first(self, ctx: Ctx, drawer: str, why: str, then_bag: str) -> list[dict]:
        """A drawer who carries Clairvoyance chooses first: draw, or cast it to pick an open
        counter (``spells.clairvoyance``); a defeated creature waits aside meanwhile."""
        if not (pickable(ctx) and clairvoyant(ctx, drawer)):
            return []
        s = ctx.s
        if then_bag and then_bag not in s.aside:     # Return of the Heroes' fight set it aside already
            s.aside.append(then_bag)
        s.pending = {"draw": why, "hero": drawer, "then_bag": then_bag}
        return [ctx.log({"event": "draw_pending", "hero": drawer, "why": why,
                         "spell": clairvoyant(ctx, drawer)})]

    def dealt(self, ctx: Ctx, instance: str, drawer: str | None) -> list[dict] | None:
        """The Dragon to its lair; an event applied at once, the drawer's turn cut."""
        s = ctx.s
        spec = counter(ctx.c, instance)
        if spec.effect == "dragon":
            return dragon_drawn(ctx, instance)
        if spec.border not in EVENT_BORDERS or instance in s.backs:
            return None
        s.removed.append(instance)
        out = list(events.from_bag(ctx, instance, drawer))
        if drawer is not None and s.turn.hero == drawer and not s.outcome:
            s.turn.phase = "over"
            s.turn.why_over = f"{spec.name} was drawn: the next player gets his turn"
            out.append(ctx.log({"event": "turn_cut", "hero": drawer, "why": s.turn.why_over}))
        return out

    def placed(self, ctx: Ctx, instance: str) -> None:
        if counter(ctx.c, instance).effect == "dragon_man":
            ctx.fire(machines.DRAGON_MAN, "place")


BAG = DragonBag()


def replace(ctx: Ctx, drawer: str, why: str, then_bag: str = "") -> list[dict]:
    """A counter was taken off the map: the family's draw, once a turn (``heroes.draws.replace``)."""
    return family.replace(ctx, BAG, drawer, why, then_bag)


def draw_one(ctx: Ctx, drawer: str | None, why: str) -> list[dict]:
    return family.draw_one(ctx, BAG, drawer, why)


def deal(ctx: Ctx, inst: str, drawer: str | None, why: str, picked: bool = False) -> list[dict]:
    return family.deal(ctx, BAG, inst, drawer, why, picked)


def candidate_fields(ctx: Ctx, drawer: str | None) -> list[str]:
    return family.candidate_fields(ctx, BAG, drawer)
