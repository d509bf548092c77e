"""Hit points, gold, death and rebirth, and the end of the game.

- "Your hero has been wounded and needs to mark off either a natural or an artificial HP ... Once
  the last of the natural glass stones (i.e., those above the line) is removed, your hero is dead."
  "If a hero loses a fight, the player decides whether to lose a natural or an artificial hit
  point." Headless the named policy ``artificial_first`` decides (``heroes.sheet.lose_life``); a
  player's choice rides along as ``lose`` ("natural" or an item).
- "Once your hero loses his last natural HP, he is dead. All the ECs he has accumulated so far are
  removed ... all the tasks he has taken on are placed on the field in which he died. You may keep
  one artifact ... His game figure is placed next to the field containing its manor house and is
  once again prepared for beginning play" and "Death of a Hero": "All ECs, all skill increases,
  all artifacts, and all gold pieces are lost, except for a single artifact ... The new hero gets
  the usual amount of starting hit points and gold pieces." (:func:`die`; the routing of what he
  leaves is ``heroes.death``). The one kept is the player's choice (``keep``), else the key of
  :func:`keep_choice`: a magic weapon, then a scroll ("We recommend discarding the material, since
  while the scroll is visible to anyone, the material is only visible to the owner of the
  scroll"), then a material, then the dearest artifact.
- A hero who falls fighting the Dragon "remains dead" (:func:`fall`): out of the game; what he
  carried stays in the lair.
- The Bag of Gold: "The gold piece remains on the counter until it has been spent": a hero's gold
  is his sheet's and the purse's; paying takes the purse's piece first.
"""

from __future__ import annotations

from overlord.core.trace import Decision
from overlord.games.heroes import life as family
from overlord.games.heroes.state import put

from . import machines
from .state import Ctx, artifact


def gold(ctx: Ctx, hero: str) -> int:
    return ctx.s.sheets[hero].gold + ctx.s.at[hero].purse


def pay(ctx: Ctx, hero: str, n: int) -> None:
    s = ctx.s
    if gold(ctx, hero) < n:
        raise ValueError(f"{hero} has {gold(ctx, hero)} gold, not {n}")
    from_purse = min(n, s.at[hero].purse)
    s.at[hero].purse -= from_purse
    s.sheets[hero].gold -= n - from_purse


def spell_gone(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    """A failed spell: "the spell vanishes back to the other 'City of the Mages' counters"."""
    sheet = ctx.s.sheets[hero]
    sheet.items = [i for i in sheet.items if i.id != inst]
    ctx.s.market.append(inst)
    return [ctx.log({"event": "spell_gone", "hero": hero, "counter": inst})]


KEEP_RANK = {"weapon": 0, "scroll": 1, "material": 2, "other": 3}


def keep_choice(ctx: Ctx, hero: str) -> Decision | None:
    """The artifact a dead hero keeps, by the key (kind: magic weapon, scroll, material, other;
    price; artificial hit points; listed order), ties returned."""
    s, c = ctx.s, ctx.c
    items = [i.id for i in s.sheets[hero].items if artifact(s, c, i.id) is not None]
    if not items:
        return None

    def rank(inst):
        a = artifact(s, c, inst)
        kind = "weapon" if a.dragon else ("scroll" if a.origin == "chain" and a.id.startswith("scroll")
                                          else "material" if a.origin == "chain" else "other")
        return KEEP_RANK[kind], -a.price, -a.life

    return ctx.decide("artifact kept", items, rank, ("kind (weapon, scroll, material, other)", "-price", "-hit points"),
                      policy="listed order")


def fall(ctx: Ctx, hero: str, lair: str) -> list[dict]:
    """A hero slain by the Dragon: "the Dragon has won"; he stays dead, out of the game, and what
    he carried lies in the lair."""
    s = ctx.s
    sheet = s.sheets[hero]
    hs = s.at[hero]
    left = [i.id for i in sheet.items] + list(sheet.tasks)
    for inst in left:
        put(s, lair, inst)
    s.market.extend(hs.strength)
    hs.strength = []
    sheet.items, sheet.tasks = [], []
    sheet.dead, sheet.natural = True, 0
    hs.out, hs.field, hs.between = True, lair, ""
    if hero not in s.fallen:
        s.fallen.append(hero)
    if s.mode == "book":
        s.results[hero] = "dragon"
    if s.turn.hero == hero:
        s.turn.phase, s.turn.mp = "over", 0
        s.turn.why_over = f"{hero} fell to the Dragon"
    return [ctx.log({"event": "fell", "hero": hero, "left_in_lair": left})]


class DragonLife:
    """The Dragon's part of the family's hit points and death (``heroes.life.LifeRules``)."""

    def provenance(self, ctx: Ctx, instance: str) -> str:
        a = artifact(ctx.s, ctx.c, instance)
        return a.origin if a is not None else "counter"

    def keep_choice(self, ctx: Ctx, hero: str) -> Decision | None:
        return keep_choice(ctx, hero)

    def reborn(self, ctx: Ctx, hero: str) -> None:
        """The Strength spells cast go back to the City's pile; the Basilisk's confusion, a spell
        made ready, the Bag of Gold's piece and the tasks' finding gold are gone."""
        hs = ctx.s.at[hero]
        ctx.s.market.extend(hs.strength)
        hs.confused, hs.primed, hs.purse = False, "", 0
        hs.strength, hs.found = [], []


LIFE = DragonLife()


def wound(ctx: Ctx, hero: str, why: str, lose: str | None = None, never_last: bool = False,
          keep: str | None = None) -> list[dict]:
    """One hit point lost (``heroes.life.wound``; ``never_last``: a wound that does not kill, our
    Scorched Sky)."""
    return family.wound(ctx, LIFE, hero, why, lose, never_last, keep)


def die(ctx: Ctx, hero: str, why: str, keep: str | None = None) -> list[dict]:
    """Death and rebirth at the manor (``heroes.life.die``; not in the lair: see :func:`fall`)."""
    return family.die(ctx, LIFE, hero, why, keep)


# -- the end of the game --------------------------------------------------------------------------------

def end(ctx: Ctx, result: str, reason: str) -> list[dict]:
    s = ctx.s
    if s.outcome:
        return []
    s.outcome, s.reason = result, reason
    if s.phase != "over":
        ctx.fire(machines.PHASE, "end")
    return [ctx.log({"event": "end", "result": result, "reason": reason,
                     **({"results": dict(s.results)} if s.mode == "book" else {})})]


def check_hoard(ctx: Ctx) -> list[dict]:
    """The co-operative clock (ours): the hoard at its limit ends the game."""
    s, c = ctx.s, ctx.c
    if s.outcome or not machines.hoard_at_limit(s, c) or s.dragon in machines.FINAL["dragon"]:
        return []
    ctx.fire(machines.DRAGON, "hoard_full")
    return [ctx.log({"event": "hoard_full", "hoard": s.hoard, "machine": "dragon", "state": s.dragon})] + \
        end(ctx, "defeat", "the Dragon's hoard is complete")


def add_hoard(ctx: Ctx, n: int, why: str) -> list[dict]:
    ctx.s.hoard += n
    out = [ctx.log({"event": "hoard", "gold": n, "hoard": ctx.s.hoard, "why": why})]
    return out + check_hoard(ctx)

