"""The Orc's companion (Under the Shadow of the Dragon, the Orc): "In the expansion game, the Orc may
pick up the other Orc (a creature counter from Return of the Heroes) as a companion after he has
defeated him in combat. This creature counter is not considered an artifact and may be placed
anywhere on the character sheet. The 'creature Orc' provides the player Orc with 1 additional HP.
Should this additional HP get lost later in the game, the 'creature Orc' goes, too, and disappears
into the bag. When exactly this may be the case is the decision of the Orc player. As long as the
'creature Orc' accompanies the 'hero Orc', the latter's close combat value is increased by 1."

- After the Dragon's Orc has beaten Return of the Heroes' Orcs in a fight this turn (the counter
  gone into the bag, its replacement drawn), ``befriend ORCS`` takes that counter out of the bag
  onto his sheet (an action; ours: in the same turn, one companion at a time).
- On the sheet it is a thing with one hit point and close combat +1 on top of his weapon (``heroes.sheet.Item``, combinable), in a
  square of its own beside the four artifact squares ("not considered an artifact"): the sheet's
  squares are four and one while it goes with him (:func:`settle`).
- "When exactly this may be the case is the decision of the Orc player": its hit point is lost as
  any artificial one, where the player says (``lose=ORCS``); lost, or when the Orc dies, it goes
  into the bag (``context.KingdomLife``: its provenance is the bag).
"""

from __future__ import annotations

from overlord.core.game import RulesError
from overlord.games.heroes.sheet import Item

from . import context

ORC = "orc"                  # the Dragon's hero (his id in the Dragon's box)
ORCS = "orcs"                # Return of the Heroes' creature counter (its id in Return of the Heroes' box)
NAME = "Orcs (the Orc's companion)"
BONUS = {"close": 1}


def companions(ctx, hero: str) -> list[str]:
    """The companion counters on the hero's sheet."""
    s = context._state(ctx)
    return [i.id for i in s.sheets[hero].items if is_companion(ctx, i.id)]


def is_companion(ctx, instance: str) -> bool:
    return ctx.kc.boxes.roth.instances.get(instance) == ORCS


def befriend_targets(ctx, hero: str) -> list[str]:
    """The Orcs the Dragon's Orc beat in a fight this turn and who lie in the bag now."""
    s = context._state(ctx)
    if hero != ORC or ORC not in ctx.kc.boxes.dragon.heroes or companions(ctx, hero) or s.turn.hero != hero:
        return []
    begun = max((k for k, e in enumerate(s.log) if e["event"] == "turn" and e.get("hero") == hero), default=0)
    beaten = [e["counter"] for e in s.log[begun:] if e["event"] == "fight" and e.get("hero") == hero and e.get("won")
              and is_companion(ctx, e["counter"])]
    return [i for i in dict.fromkeys(beaten) if i in s.bag]


def befriend(ctx, hero: str, target: str) -> list[dict]:
    if target not in befriend_targets(ctx, hero):
        raise RulesError("\"the Orc may pick up the other Orc ... as a companion after he has defeated him in combat\"")
    s = context._state(ctx)
    s.bag.remove(target)
    s.sheets[hero].items.append(Item(target, NAME, bonus=dict(BONUS), life=1, combinable=True))
    settle(ctx)
    s.turn.acted = True
    return [ctx.log({"event": "companion", "hero": hero, "counter": target,
                     "why": "the creature Orc goes with the hero Orc: 1 hit point more, close combat +1"})]


def settle(ctx) -> None:
    """The companion's square: a sheet's artifact squares and one more while a companion goes with
    the hero."""
    s = context._state(ctx)
    for hero in s.heroes:
        base = ctx.kc.heroes[hero].item_slots
        s.sheets[hero].item_slots = base + len(companions(ctx, hero))
