"""The gates: entering and leaving the Underworld by them (Heroes in the Underworld, "Combined with
Return of the Heroes" and "Combined with In the Shadow of the Dragon", "Entering and Leaving the
Underworld"). Which gates there are, their price and what stays above are the game above's
(``upper.Upper``); the rest is one rule in every section. Said of the gate to Hades/Styx:

- "When this marker is pulled from the bag, it is treated like a defeated enemy counter (but it is
  not an enemy)": our reading (the translator's too: "it can be placed into any neutral clearing") -
  placed as a drawn counter with no coordinates is, on a free tan field off the drawer's region, by
  the drawing player's choice (the program's key, or the player's: ``rules.program_choices``), face
  up. Nothing more is done with it above: it is no encounter to use, no creature to fight.
- "Using the Gate marker to the Underworld/Styx, a hero can enter the Underworld at any time; this
  however costs 1 GP" (:func:`enter`): standing on the gate's field in his turn, with no creature to
  fight first. Our reading of "at any time": his turn above ends there, and his next turn is the
  Underworld's, from Styx (a turn is played in one world).
- "Horses and Carts cannot be taken into the Underworld": left lying on the gate's field (ours:
  whoever comes by may take them). "The Witch's Broom does not work in the Underworld": carried, it
  flies nowhere below (the Underworld's rules know no broomstick).
- "Also it is possible to leave the Underworld via the Gate marker" (:func:`leave`): on Styx, in his
  turn below, not caught in a trap; free (only entering costs a gold piece in this section). His turn
  ends, his figure stands on the gate's field, and his next turn is the Upper World's.
- "A hero cannot leave the Underworld if that hero holds a Task marker, the Mail of Persephone, the
  Trident of Hades, or a defeated Black creature on their hero reference card" (:func:`leave_problem`:
  the Underworld's tasks and creatures; the Upper World's tasks are his to carry back up).
- "When leaving the Underworld, the hero may discard 1 or more SCs" (``shed``: how many he sheds, his
  choice; taken from the skill with the most shadow cubes first, ours).
- "Tasks from the Upper World may be discarded in the Underworld" (:func:`discard_task`): below, a task of
  Return of the Heroes held is given up at any time of his turn, out of the game (ours: "discarded"; the
  Underworld's own tasks are laid on a tile by its own rules).
"""

from __future__ import annotations

from overlord.core.game import RulesError
from overlord.games.heroes.sheet import remove_cube, shadow_cubes
from overlord.games.heroes.state import put
from overlord.games.underworld import tiles

from .shadows import gate_fields
from .state import BeneathOwn

#: the Underworld's things that may not go up
STAY_BELOW = ("mail-of-persephone", "trident-of-hades")
#: the Underworld's counter kinds on a sheet's task boxes that keep a hero below
HELD_BELOW = ("task", "black_creature")


def gate_under(ctx, hero: str) -> str:
    """The gate ``hero`` stands on above ("" when none)."""
    hs = ctx.s.at[hero]
    return next((g for g, f in gate_fields(ctx.s, ctx.c).items() if f == hs.field and not hs.between), "")


def enter_problem(ctx, hero: str) -> str | None:
    """Why ``hero`` cannot enter the Underworld now, or None."""
    s: BeneathOwn = ctx.s
    gates = gate_fields(s, ctx.c)
    gate = gate_under(ctx, hero)
    if hero in s.below:
        return f"{hero} is in the Underworld already"
    if s.part.outcome:
        return "the Damned One has fallen: the gate is gone"
    if not gates:
        return "the gate to Hades/Styx has not been drawn from the bag"
    if not gate:
        return f"the gate to the Underworld lies on {', '.join(gates.values())}: a hero enters standing on it"
    if s.turn.combat or s.offer or s.pending:
        return "a creature to fight, a market or a choice comes first"
    if s.turn.phase == "over":
        return f"{hero}'s turn is over"
    price = ctx.c.up.gates[gate]
    if s.sheets[hero].gold < price:
        return f"entering the Underworld \"costs {price} GP\": {hero} has no gold"
    return None


def enter(ctx, hero: str) -> list[dict]:
    s: BeneathOwn = ctx.s
    problem = enter_problem(ctx, hero)
    if problem:
        raise RulesError(problem)
    gate = gate_under(ctx, hero)
    price = ctx.c.up.gates[gate]
    sheet = s.sheets[hero]
    sheet.gold -= price
    left = [i for i in sheet.items if ctx.c.up.stays_above(ctx, i.id)]
    for item in left:
        sheet.items.remove(item)
        put(s, s.at[hero].field, item.id)
    styx = tiles.styx_id(s.part.map)
    s.below[hero] = gate
    s.part.map.heroes[hero] = styx
    s.turn.phase, s.turn.mp = "over", 0
    s.turn.why_over = "he went down into the Underworld: his next turn is played below"
    return [ctx.log({"event": "enters_underworld", "hero": hero, "gate": gate, "at": s.at[hero].field, "tile": styx,
                     "paid": price, "left": [i.id for i in left],
                     "why": "Using the Gate marker to the Underworld/Styx, a hero can enter the Underworld at any time; "
                            "this however costs 1 GP"})]


def leave_problem(ctx, hero: str) -> str | None:
    """Why ``hero`` cannot leave the Underworld now, or None."""
    s: BeneathOwn = ctx.s
    part = s.part
    if hero not in s.below:
        return f"{hero} is not in the Underworld"
    if part.map.heroes.get(hero) != tiles.styx_id(part.map):
        return "the gate leads up from Styx: a hero leaves standing on Styx"
    if part.turn is None or part.turn.hero != hero or part.turn.phase == "done":
        return f"it is not {hero}'s turn below"
    if hero in part.trapped:
        return f"{hero} is caught in a trap"
    price = ctx.c.up.leave_price
    if s.sheets[hero].gold < price:
        return f"leaving the Underworld costs {price} GP: {hero} has no gold"
    own = ctx.c.under.catalogue
    sheet = s.sheets[hero]
    for t in sheet.tasks:
        kind = under_kind(own, t)
        if kind in HELD_BELOW:
            what = "a defeated Black creature, to be locked up in Erebos or Tartaros" if kind == "black_creature" \
                else "an Underworld task marker"
            return f"{hero} holds {what} ({t}): \"A hero cannot leave the Underworld if that hero holds a Task marker\""
    for item in sheet.items:
        if under_id(own, item.id) in STAY_BELOW:
            return f"{hero} carries {item.name}, which cannot leave the Underworld"
    return None


def under_id(own: dict, inst: str) -> str:
    if inst in own:
        return inst
    base, _, n = inst.rpartition("-")
    return base if n.isdigit() and base in own else ""


def under_kind(own: dict, inst: str) -> str:
    cid = under_id(own, inst)
    return own[cid].kind if cid else ""


def shed_order(sheet) -> list[str]:
    """The skills a shed shadow cube is taken from, one per cube (the skill with the most first, ties in
    the sheet's order; ours)."""
    counts = {k: shadow_cubes(sheet, k) for k in sheet.skills}
    out = []
    while sum(counts.values()):
        k = max(counts, key=lambda x: counts[x])
        out.append(k)
        counts[k] -= 1
    return out


def leave(ctx, hero: str, shed: int = 0) -> list[dict]:
    s: BeneathOwn = ctx.s
    problem = leave_problem(ctx, hero)
    if problem:
        raise RulesError(problem)
    sheet = s.sheets[hero]
    order = shed_order(sheet)
    if not 0 <= shed <= len(order):
        raise RulesError(f"{hero} has {len(order)} shadow cubes to shed, not {shed}")
    for skill in order[:shed]:
        remove_cube(sheet, skill, "black")
    price = ctx.c.up.leave_price
    sheet.gold -= price
    gate = s.below[hero]
    del s.below[hero]
    del s.part.map.heroes[hero]
    s.part.turn.phase = "done"
    s.turn.why_over = "he came up from the Underworld: his next turn is played above"
    return [ctx.log({"event": "leaves_underworld", "hero": hero, "gate": gate, "at": s.at[hero].field,
                     "shed": shed, "skills": order[:shed], **({"paid": price} if price else {}),
                     "why": "it is possible to leave the Underworld via the Gate marker; when leaving, the hero may "
                            "discard 1 or more SCs"})]


def upper_tasks(ctx, hero: str) -> list[str]:
    """The tasks of the Upper World ``hero`` holds (the game above's task counters)."""
    return ctx.c.up.tasks(ctx, hero)


def discard_task(ctx, hero: str, task: str) -> list[dict]:
    s: BeneathOwn = ctx.s
    if hero not in s.below:
        raise RulesError(f"{hero} is above: a task of the Upper World is laid down there by its own rules")
    if task not in upper_tasks(ctx, hero):
        raise RulesError(f"{hero} holds no task of the Upper World {task!r}")
    s.sheets[hero].tasks.remove(task)
    s.removed.append(task)
    return [ctx.log({"event": "task_discarded", "hero": hero, "counter": task, "name": ctx.c.spec(task).name,
                     "why": "Tasks from the Upper World may be discarded in the Underworld"})]
