"""The Underworld's Black Weapons in the Upper World (Heroes in the Underworld, "Combined with Return of
the Heroes", "Entering and Leaving the Underworld"):

- "Black Weapons can be used in the Upper World, however they grant no experience as Shadow Cubes are
  not acquired in the Upper World" (:func:`black_weapon_fought`): a fight above won with a Black Weapon
  counting in its skill (the best artifact of the skill is the Black Weapon) brings no cube.
- "Against the Nameless One, they have a value of +1" (:func:`against_the_foe`): a Black Weapon
  counts +1 in the final battle, not its printed bonus. "They do not work against skills which are
  marked by an asterisk": our Nameless cards mark no skill (the Return of the Heroes box we ship gives
  each card a ``magic`` value instead), so none is barred.
"""

from __future__ import annotations

from overlord.games.heroes.sheet import HeroSheet, Item

#: a Black Weapon's worth against the Nameless
AGAINST_THE_NAMELESS = 1


def best_plain(sheet: HeroSheet, skill: str) -> Item | None:
    """The artifact whose bonus counts in ``skill`` ("Only one artifact can be used per combat skill"):
    the best one not combinable, the first of the best."""
    plain = [i for i in sheet.items if not i.combinable and i.bonus.get(skill)]
    return max(plain, key=lambda i: i.bonus[skill]) if plain else None


def black_weapon_in(sheet: HeroSheet, skill: str) -> Item | None:
    """The Black Weapon that counts in ``skill``, or None."""
    best = best_plain(sheet, skill)
    return best if best is not None and best.black else None


def against_the_foe(sheet: HeroSheet, skill: str, black_worth: int = AGAINST_THE_NAMELESS,
                    void: tuple[str, ...] = ()) -> int:
    """The change to a trial against the foe the Damned One's fall opens, in ``skill``: a Black Weapon
    counts ``black_worth``, not its bonus (the Nameless: +1; the Dragon: nothing, "The Black Weapons do not
    function against the Dragon"); an item of ``void`` nothing ("the Dragon cannot be attacked using these
    weapons"); the next best artifact may count more."""
    best = best_plain(sheet, skill)
    if best is None or not (best.black or best.id in void):
        return 0
    worth = black_worth if best.black else 0
    rest = max((i.bonus.get(skill, 0) for i in sheet.items if not i.combinable and not i.black and i.id not in void),
               default=0)
    return max(rest, worth) - best.bonus[skill]


def black_weapon_fought(ctx, hero: str) -> Item | None:
    """The Black Weapon that counted in the fight ``hero`` fought in this step, or None."""
    fought = next((e for e in reversed(ctx.s.log[ctx.start:]) if e["event"] == "fight" and e.get("hero") == hero
                   and e.get("rules") is None), None)
    return None if fought is None else black_weapon_in(ctx.s.sheets[hero], fought["skill"])
