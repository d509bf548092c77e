"""The bag: drawing a replacement, placing what is drawn, revealing covered counters.

"Each time a counter is taken off the map another counter is drawn from the bag and placed in any
non-occupied tan field of the player's choice." "A player may draw no more than one counter per
turn, regardless of how many requirements for counter replenishment he has fulfilled." "If such a
counter [an event] is drawn, the effects need to be applied immediately ... Once an event has
taken place, the next player gets his turn. The event counter is discarded and you do not need to
draw a replacement counter." (UtSotD, Counters, Replenishing Counters, Events)

Readings:
- "the player's choice" of a field works against the other players in the book's game, so the
  program makes it (``rules.program_choices``): a creature on the free tan field nearest a hero, a
  helpful counter on the one farthest from every hero (``heroes.bag.placement_choice``, ties
  returned). With ``program_choices: false`` the drawing player chooses (a pending choice).
- "It may not be placed on a region map containing the player's own hero" is said of a redrawn
  creature; it is read for every counter placed by choice (RotH: "Newly drawn random encounter
  chits are put anywhere ... but not in the region where the player currently is"). A counter the
  Dragon draws (the co-operative Brood) has no drawing hero: every region is open.
- Fields that are not for placing: the City of the Mages, the lair, the Mouth of the Cave (the
  Dragon Man's), and the Isle's landing (Orchan's shore is blue anyway). "non-occupied" ("placed,
  face down, on an empty tan field"): no counter lies there and no hero stands there, so a creature
  is never put under a hero (``rules.heroes_occupy``; false: only counters occupy a field). A hero
  searching for a hidden route stands between two fields, on neither.
- A counter with coordinates goes there even when another counter lies there (a field may hold
  several).
- A drawing hero who carries Clairvoyance ("Whenever a player has to draw a counter from the bag,
  he may cast the 'Clairvoyance' spell") owes a choice first: the draw waits (``pending``), and a
  defeated creature waits aside until it is made (``spells``).
"""

from __future__ import annotations

from overlord.core.game import hidden_draw
from overlord.games.heroes.bag import draw as bag_draw
from overlord.games.heroes.bag import free_tan_fields, placement_choice
from overlord.games.heroes.state import put

from . import events, machines
from .state import Ctx, artifact, counter

NOT_FOR_PLACING = ("city", "lair", "cave_mouth", "landing")
EVENT_BORDERS = ("orange", "orange-lilac")


def harmful(ctx: Ctx, instance: str) -> bool:
    """A counter the program places near the heroes: a creature (red border)."""
    return counter(ctx.c, instance).border == "red" and instance not in ctx.s.backs


def replace(ctx: Ctx, drawer: str, why: str, then_bag: str = "") -> list[dict]:
    """A counter was taken off the map: draw its replacement, once a turn; ``then_bag``, a defeated
    creature, goes into the bag after the draw ("The player draws a new counter and only afterwards
    puts the defeated creature back into the bag"). A drawer who carries Clairvoyance is asked first
    (a pending choice: draw, or cast it to pick an open counter; ``spells.clairvoyance``)."""
    s = ctx.s
    if s.turn.hero == drawer and s.turn.drawn:
        out = [ctx.log({"event": "no_draw", "hero": drawer, "why": f"{why}; {drawer} has drawn this turn already "
                        "(no more than one counter a turn)"})]
        return out + back_in_bag(ctx, then_bag)
    if s.turn.hero == drawer:
        s.turn.drawn = True
    if pickable(ctx) and clairvoyant(ctx, drawer):
        if then_bag:
            s.aside.append(then_bag)
        s.pending = {"draw": why, "hero": drawer, "then_bag": then_bag}
        return [ctx.log({"event": "draw_pending", "hero": drawer, "why": why,
                         "spell": clairvoyant(ctx, drawer)})]
    return draw_one(ctx, drawer, why) + back_in_bag(ctx, then_bag)


def back_in_bag(ctx: Ctx, inst: str) -> list[dict]:
    """A defeated creature into the bag, once the draw it caused is made."""
    if not inst:
        return []
    s = ctx.s
    if inst in s.aside:
        s.aside.remove(inst)
    s.bag.append(inst)
    return [ctx.log({"event": "back_in_bag", "counter": inst, "name": counter(ctx.c, inst).name})]


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


def draw_one(ctx: Ctx, drawer: str | None, why: str) -> list[dict]:
    """Draw one counter and deal with it (place it, or apply an event)."""
    s = ctx.s
    inst = bag_draw(s.bag, ctx.rng)
    if inst is None:
        ctx.log({"event": "bag_empty", "hero": drawer, "why": why})
        return []
    return deal(ctx, inst, drawer, why)


def deal(ctx: Ctx, inst: str, drawer: str | None, why: str, picked: bool = False) -> list[dict]:
    """A counter out of the bag (drawn, or ``picked`` by Clairvoyance): placed, or its event applied."""
    s, c = ctx.s, ctx.c
    if inst in s.bag:
        s.bag.remove(inst)
    spec = counter(c, inst)
    drawn = {"event": "drawn", "hero": drawer, "counter": inst, "name": spec.name, "why": why}
    out = [ctx.log({**drawn, "picked": True} if picked else hidden_draw(drawn))]
    if spec.effect == "dragon":
        out += dragon_drawn(ctx, inst)
    elif spec.border in EVENT_BORDERS and inst not in s.backs:
        s.removed.append(inst)
        out += events.from_bag(ctx, inst, drawer)
        if drawer is not None and s.turn.hero == drawer and not s.outcome:
            s.turn.phase = "over"
            s.turn.why_over = f"{spec.name} was drawn: the next player gets his turn"
            out.append(ctx.log({"event": "turn_cut", "hero": drawer, "why": s.turn.why_over}))
    else:
        out += place(ctx, inst, drawer)
    return out


def dragon_drawn(ctx: Ctx, inst: str) -> list[dict]:
    """The expansion's Dragon: "As soon as a player draws the Dragon counter from the bag, it is
    placed on field V9 and the Dragon counters are placed in the bag." (UtSotD)"""
    s, c = ctx.s, ctx.c
    lair = c.board.with_feature("lair")[0]
    put(s, lair, inst)
    ctx.fire(machines.DRAGON, "place")
    entering = [i for i in list(s.aside) if (counter(c, i).start == "event" and s.mode == "book")
                or counter(c, i).start == "guard"]
    for i in entering:
        s.aside.remove(i)
        s.bag.append(i)
    return [ctx.log({"event": "dragon_placed", "counter": inst, "at": lair, "bag_gains": entering,
                     "machine": "dragon", "state": s.dragon})]


def place(ctx: Ctx, inst: str, drawer: str | None) -> list[dict]:
    s, c = ctx.s, ctx.c
    spec = counter(c, inst)
    down = spec.covered and inst not in s.backs
    if spec.at and inst not in s.backs:
        put(s, spec.at, inst, face_down=down)
        if spec.effect == "dragon_man":
            ctx.fire(machines.DRAGON_MAN, "place")
        return [ctx.log({"event": "placed", "counter": inst, "name": spec.name, "at": spec.at, "down": down,
                         "why": "its coordinates"})]
    candidates = candidate_fields(ctx, drawer)
    if not candidates:
        s.bag.append(inst)
        return [ctx.log({"event": "placed", "counter": inst, "name": spec.name, "at": None, "down": down,
                         "why": "no free tan field: back into the bag"})]
    if not s.rules.get("program_choices", True) and drawer is not None:
        s.pending = {"place": inst, "hero": drawer}
        return [ctx.log({"event": "place_pending", "counter": inst, "name": "a counter" if down else spec.name,
                         "hero": drawer, "fields": len(candidates)})]
    heroes_at = [s.at[h].field for h in s.heroes if not s.at[h].out]
    decision = placement_choice(c.board, candidates, heroes_at, harmful(ctx, inst))
    put(s, decision.choice, inst, face_down=down)
    return [ctx.log({"event": "placed", "counter": inst, "name": "a covered counter" if down else spec.name,
                     "at": decision.choice, "down": down, "harmful": harmful(ctx, inst),
                     "decision": decision.to_json(), "why": "the program's choice, as the player's"})]


def candidate_fields(ctx: Ctx, drawer: str | None) -> list[str]:
    s, c = ctx.s, ctx.c
    exclude = {c.board.region_of(s.at[drawer].field)} if drawer is not None else set()
    occupied = [f for f, here in s.board.items() if here]
    if s.rules.get("heroes_occupy", True):
        occupied += [s.at[h].field for h in s.heroes if not s.at[h].out and not s.at[h].between]
    return free_tan_fields(c.board, occupied, exclude, NOT_FOR_PLACING)


def place_by_player(ctx: Ctx, to: str) -> list[dict]:
    """The drawing player's choice of field (``rules.program_choices: false``)."""
    s, c = ctx.s, ctx.c
    inst = s.pending["place"]
    spec = counter(c, inst)
    down = spec.covered and inst not in s.backs
    s.pending = {}
    put(s, to, inst, face_down=down)
    return [ctx.log({"event": "placed", "counter": inst, "name": "a covered counter" if down else spec.name,
                     "at": to, "down": down, "why": "the player's choice"})]


def reveal(ctx: Ctx, fid: str, hero: str) -> list[dict]:
    """"A covered marker ... requires you to stop and uncover (turn over) the counter. This does
    not constitute an action"."""
    s = ctx.s
    out = []
    for inst in list(s.board.get(fid, [])):
        if inst in s.down:
            s.down.remove(inst)
            out.append(ctx.log(hidden_draw({"event": "revealed", "hero": hero, "counter": inst,
                                            "name": counter(ctx.c, inst).name, "at": fid})))
    return out
