"""The Advice of Hermes in the Upper World (Heroes in the Underworld, "Combined with Return of the
Heroes": "The Advice of Hermes marker can be used in the Upper World. The Advice makes it possible to
combat an enemy with a skill not present on the enemy counter").

Below, the Advice "can convert uniquely a gray point on a marker into one point of his choice" (the
Underworld's ``combat.with_advice``): once, then used up. Above, our reading of the same marker:

- a hero above carrying it may fight a creature counter (not the Nameless's battle, which is fought
  with his card's skills) in a skill its counter does not show (:func:`skills`: ``fight COUNTER SKILL``
  offers it);
- that skill's modifier is the counter's hardest (its lowest spot: the converted spot keeps its
  value, as below; the other reading, 0, would make every creature easier fought with the Advice
  than with its own spots);
- used, the Advice is used up as below - off his sheet, onto the Underworld's pile of used treasure
  (:func:`use`), whatever the fight's end.
"""

from __future__ import annotations

from overlord.games.heroes.sheet import SKILLS
from overlord.games.heroes.counters import DOT_SKILL

from .gate import under_id

#: the Underworld's effect of the Advice of Hermes
ADVICE = "advice_of_hermes"


def carried(ctx, hero: str) -> str | None:
    """The Advice of Hermes ``hero`` carries (its counter's id), or None."""
    own = ctx.c.under.catalogue
    for item in ctx.s.sheets[hero].items:
        cid = under_id(own, item.id)
        if cid and own[cid].effect == ADVICE:
            return item.id
    return None


def skills(ctx, hero: str, inst: str) -> dict[str, int]:
    """The skills the Advice lets ``hero`` fight ``inst`` with (none on its counter), each at the counter's
    hardest modifier; {} below, without the Advice, or for a counter with no spot to convert."""
    s = ctx.s
    if hero in s.below or carried(ctx, hero) is None or inst not in ctx.c.instances:
        return {}
    dots = dict(ctx.c.spec(inst).dots)
    if not dots:
        return {}
    hardest = min(dots.values())
    return {sk: hardest for sk in SKILLS if sk not in {DOT_SKILL[d] for d in dots}}


def use(ctx, hero: str, inst: str, skill: str) -> list[dict]:
    """The Advice used up for a fight in ``skill`` against ``inst``."""
    s = ctx.s
    item = carried(ctx, hero)
    assert item is not None, "the Advice of Hermes is used only by a hero who carries it"
    modifier = skills(ctx, hero, inst)[skill]
    sheet = s.sheets[hero]
    sheet.items = [i for i in sheet.items if i.id != item]
    s.part.treasure_up.append(item)
    return [ctx.log({"event": "advice_used", "hero": hero, "item": item, "counter": inst, "skill": skill,
                     "modifier": modifier,
                     "why": "The Advice makes it possible to combat an enemy with a skill not present on the enemy "
                            "counter (used up, as below)"})]
