"""Hit points, death and rebirth at the manor house, on the family's state (Return of the Heroes,
"Hit Points", "Death"; Under the Shadow of the Dragon, "Death of a Hero").

- "If you've lost your last hit point? Then you are dead." "That's up to you, as long as you still
  have one hit point left above the line" (RotH): :func:`wound` takes one hit point, where the
  player says (``lose``: "natural" or an item) or by the named policy ``artificial_first``
  (``heroes.sheet.lose_life``). An artifact whose hit points are all lost goes where it came from
  (one bought at a market back to its pile) or out of the game.
- "You lose all experience cubes, tasks and all but one artifact and begin again at your manor
  house with your starting values." "The magic items remain on the field where you died, but the
  artifacts bought on the market decay and are placed back on the stack of the market counters"
  (RotH): :func:`die`; the routing of what he leaves is ``heroes.death``. The one kept is the
  player's choice (``keep``), else the game's key.

What a game adds comes through its :class:`LifeRules` (the Dragon's is in its own ``life``):
where an artifact came from, the key of the artifact a dead hero keeps, and what else of the
figure a rebirth resets; a combined game's context wraps the game's part in its own
(``HeroesCtx.life_rules``).
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from overlord.core.trace import Decision
from overlord.games.heroes.death import route_at_death
from overlord.games.heroes.sheet import lose_life, rebirth
from overlord.games.heroes.state import HeroesCtx, put

C = TypeVar("C", bound=HeroesCtx, contravariant=True)
X = TypeVar("X", bound=HeroesCtx)


class LifeRules(Protocol[C]):
    """What a game adds to the family's hit points and death."""

    def provenance(self, ctx: C, instance: str) -> str:
        """Where a counter on a sheet came from: "market", another origin of the game's artifacts,
        or "counter" for one that is no artifact."""
        ...

    def keep_choice(self, ctx: C, hero: str) -> Decision | None:
        """The artifact a dead hero keeps when the player names none; None: he has none."""
        ...

    def reborn(self, ctx: C, hero: str) -> None:
        """What else of the hero's figure his death resets (his own market returns go after the
        family's)."""
        ...


def wound(ctx: X, rules: LifeRules[X], hero: str, why: str, lose: str | None = None, never_last: bool = False,
          keep: str | None = None) -> list[dict]:
    """One hit point lost (``lose``: the player's "natural" or an item); the hero dies with his last
    natural one, bequeathing ``keep`` if he names it (``never_last``: a wound that does not kill).
    Returns the events."""
    rules = ctx.life_rules(rules) if ctx.life_rules else rules
    s = ctx.s
    sheet = s.sheets[hero]
    if sheet.dead or s.at[hero].out:
        return []
    if never_last and sheet.natural <= 1 and not any(i.life - i.lost > 0 for i in sheet.items):
        return [ctx.log({"event": "spared", "hero": hero, "why": f"{why}: the last hit point is spared"})]
    loss = lose_life(sheet, lose if lose in ("natural", None) or any(i.id == lose for i in sheet.items) else None)
    if never_last and loss.died:
        sheet.dead, sheet.natural = False, 1
        return [ctx.log({"event": "spared", "hero": hero, "why": f"{why}: the last hit point is spared"})]
    out = [ctx.log({"event": "wounded", "hero": hero, "why": why, "source": loss.source,
                    "destroyed": loss.destroyed.id if loss.destroyed else None, "natural": sheet.natural,
                    "policy": loss.policy})]
    if loss.destroyed is not None:
        out += item_gone(ctx, rules, loss.destroyed.id)
    if loss.died:
        out += die(ctx, rules, hero, why, keep)
    return out


def item_gone(ctx: X, rules: LifeRules[X], inst: str) -> list[dict]:
    """An artifact whose hit points are all lost: "If the hero loses the HP represented by the
    Ring, the artifact is lost forever" (UtSotD); armour bought at a market returns to its pile."""
    rules = ctx.life_rules(rules) if ctx.life_rules else rules
    if rules.provenance(ctx, inst) == "market":
        ctx.s.market.append(inst)
        return [ctx.log({"event": "item_lost", "counter": inst, "to": "market"})]
    if rules.provenance(ctx, inst) == "bag":
        ctx.s.bag.append(inst)
        return [ctx.log({"event": "item_lost", "counter": inst, "to": "bag"})]
    ctx.s.removed.append(inst)
    return [ctx.log({"event": "item_lost", "counter": inst, "to": "removed"})]


def die(ctx: X, rules: LifeRules[X], hero: str, why: str, keep: str | None = None) -> list[dict]:
    """Death and rebirth at the manor house: what he leaves on the field where he died (or the
    field he was searching a route to), at the market and in the bag."""
    rules = ctx.life_rules(rules) if ctx.life_rules else rules
    s = ctx.s
    hs = s.at[hero]
    sheet = s.sheets[hero]
    where = hs.between or hs.field
    decision = None
    if keep is None or not any(i.id == keep for i in sheet.items):
        decision = rules.keep_choice(ctx, hero)
        keep = decision.choice if decision else None
    items = [(i.id, rules.provenance(ctx, i.id)) for i in sheet.items]
    routing = route_at_death(items, keep)
    tasks = list(sheet.tasks)
    record = rebirth(sheet, keep)
    for inst in tasks:
        put(s, where, inst)
    for inst in routing.to_field:
        put(s, where, inst)
    s.market.extend(routing.to_market)
    rules.reborn(ctx, hero)
    s.bag.extend(routing.to_bag)
    hs.field, hs.between = hs.manor, ""
    hs.generation += 1
    if s.turn.hero == hero:
        s.turn.phase, s.turn.mp, s.turn.combat = "over", 0, ""
        s.turn.why_over = f"{hero} died"
    return [ctx.log({"event": "died", "hero": hero, "why": why, "at": where, "kept": keep,
                     "decision": decision.to_json() if decision else None, "tasks_left": tasks,
                     "left_on_field": routing.to_field, "to_market": routing.to_market, "to_bag": routing.to_bag,
                     "cubes_lost": sum(len(v) for v in record.returned_cubes.values()), "reborn_at": hs.manor,
                     "generation": hs.generation})]
