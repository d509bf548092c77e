"""The gate to Hades/Styx: where it lies, and entering and leaving the Underworld by it (Heroes in
the Underworld, "Combined with Return of the Heroes", "Entering and Leaving the Underworld").

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

from .load import GATE
from .shadows import gate_field
from .state import HadesState

ENTRY_PRICE = 1
#: Return of the Heroes' artifacts that stay above ("Horses and Carts cannot be taken into the Underworld")
STAY_ABOVE = ("horse", "cart")
#: the Underworld's things that may not go up
STAY_BELOW = ("mail-of-persephone", "trident-of-hades")
#: the Underworld's counter kinds on a sheet's task boxes that keep a hero below
HELD_BELOW = ("task", "black_creature")


def enter_problem(ctx, hero: str) -> str | None:
    """Why ``hero`` cannot enter the Underworld now, or None."""
    s: HadesState = ctx.s
    gate = gate_field(s)
    hs = s.at[hero]
    if hero in s.below:
        return f"{hero} is in the Underworld already"
    if s.part.outcome:
        return "the Damned One has fallen: the gate is gone"
    if not gate:
        return "the gate to Hades/Styx has not been drawn from the bag"
    if hs.field != gate or hs.between:
        return f"the gate to Hades/Styx lies on {gate}: a hero enters standing on it"
    if s.turn.combat or s.offer or s.pending:
        return "a creature to fight, a market or a choice comes first"
    if s.turn.phase == "over":
        return f"{hero}'s turn is over"
    if s.sheets[hero].gold < ENTRY_PRICE:
        return f"entering the Underworld \"costs 1 GP\": {hero} has no gold"
    return None


def enter(ctx, hero: str) -> list[dict]:
    s: HadesState = ctx.s
    problem = enter_problem(ctx, hero)
    if problem:
        raise RulesError(problem)
    sheet = s.sheets[hero]
    sheet.gold -= ENTRY_PRICE
    left = [i for i in sheet.items if _artifact(ctx, i.id) in STAY_ABOVE]
    for item in left:
        sheet.items.remove(item)
        put(s, s.at[hero].field, item.id)
    styx = tiles.styx_id(s.part.map)
    s.below[hero] = GATE
    s.part.map.heroes[hero] = styx
    s.turn.phase, s.turn.mp = "over", 0
    s.turn.why_over = "he went down into the Underworld: his next turn is played below"
    return [ctx.log({"event": "enters_underworld", "hero": hero, "gate": GATE, "at": s.at[hero].field, "tile": styx,
                     "paid": ENTRY_PRICE, "left": [i.id for i in left],
                     "why": "Using the Gate marker to the Underworld/Styx, a hero can enter the Underworld at any time; "
                            "this however costs 1 GP"})]


def _artifact(ctx, inst: str) -> str:
    c = ctx.c
    if inst in c.instances:
        spec = c.spec(inst)
        return spec.artifact or spec.back
    return inst


def leave_problem(ctx, hero: str) -> str | None:
    """Why ``hero`` cannot leave the Underworld now, or None."""
    s: HadesState = ctx.s
    part = s.part
    if hero not in s.below:
        return f"{hero} is not in the Underworld"
    if part.map.heroes.get(hero) != tiles.styx_id(part.map):
        return "the gate leads up from Styx: a hero leaves standing on Styx"
    if part.turn is None or part.turn.hero != hero or part.turn.phase == "done":
        return f"it is not {hero}'s turn below"
    if hero in part.trapped:
        return f"{hero} is caught in a trap"
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
    s: HadesState = ctx.s
    problem = leave_problem(ctx, hero)
    if problem:
        raise RulesError(problem)
    sheet = s.sheets[hero]
    order = shed_order(sheet)
    if not 0 <= shed <= len(order):
        raise RulesError(f"{hero} has {len(order)} shadow cubes to shed, not {shed}")
    for skill in order[:shed]:
        remove_cube(sheet, skill, "black")
    del s.below[hero]
    del s.part.map.heroes[hero]
    s.part.turn.phase = "done"
    s.turn.why_over = "he came up from the Underworld: his next turn is played above"
    return [ctx.log({"event": "leaves_underworld", "hero": hero, "gate": GATE, "at": s.at[hero].field,
                     "shed": shed, "skills": order[:shed],
                     "why": "it is possible to leave the Underworld via the Gate marker; when leaving, the hero may "
                            "discard 1 or more SCs"})]


def upper_tasks(ctx, hero: str) -> list[str]:
    """The tasks of the Upper World ``hero`` holds (Return of the Heroes' task counters)."""
    c = ctx.c
    return [t for t in ctx.s.sheets[hero].tasks if t in c.instances and c.spec(t).task is not None]


def discard_task(ctx, hero: str, task: str) -> list[dict]:
    s: HadesState = ctx.s
    if hero not in s.below:
        raise RulesError(f"{hero} is above: a task of the Upper World is laid down there by its own rules")
    if task not in upper_tasks(ctx, hero):
        raise RulesError(f"{hero} holds no task of the Upper World {task!r}")
    s.sheets[hero].tasks.remove(task)
    s.removed.append(task)
    return [ctx.log({"event": "task_discarded", "hero": hero, "counter": task, "name": ctx.c.spec(task).name,
                     "why": "Tasks from the Upper World may be discarded in the Underworld"})]
