"""Descent 2e dice and monster attacks, for headless play (simulations and benches).

At a real table the hero player rolls the defence dice and the monster's attack dice
(Forgotten Souls, "Combat"); the table companion only names the dice. A headless run rolls
them here, with the game's one seeded ``numpy.random.Generator`` (``overlord.core.rng``).

The dice as data
----------------
Each die is a tuple of 6 faces; a face is ``(range, hearts, surges, shields, miss)``.

**The face-by-face layout is our reconstruction, not a copy of the printed dice.** What we
know are the per-die marginal probabilities published on the Descent community wiki; the faces
below match every one of those marginals exactly (``tests/test_dice.py`` checks them as
fractions), but the joint layout - which heart sits with which surge or range on one face -
may differ from the physical dice, and so may joint probabilities such as "2 hearts and a
surge on one blue die".

======  =========================================================================
blue    X (miss); 2 range 2 hearts 1 surge; 3 range 2 hearts; 4 range 2 hearts;
        5 range 1 heart; 6 range 1 heart 1 surge
yellow  1 range 1 heart; 1 range 1 surge; 2 range 1 heart; 1 heart 1 surge;
        2 hearts; 2 hearts 1 surge
red     1 heart; 2 hearts; 2 hearts; 2 hearts; 3 hearts; 3 hearts 1 surge
green   1 heart 1 surge; 1 heart 1 surge; 1 range 1 heart; 1 heart;
        1 range 1 surge; 1 range 1 surge
brown   blank; blank; blank; 1 shield; 1 shield; 2 shields
gray    blank; 1 shield; 1 shield; 1 shield; 2 shields; 3 shields
black   blank; 2 shields; 2 shields; 2 shields; 3 shields; 4 shields
======  =========================================================================

Attacks and surges
------------------
An attack misses on an X (the blue die), or when it is ranged and the range rolled, plus any
Range surges, is less than the spaces to the target. Otherwise it deals hearts plus Damage
surges minus shields (Pierce N ignores N shields), never below 0.

Surges are spent by the rulebook's priority list ("Surges"), from the top again for each
surge, until the monster has no surge left or nothing worth spending one on:

1. hero skills - not modelled;
2. Range, while a ranged attack cannot reach its target (largest bonus first);
3. Special (every ability that is not Range, Pierce or Damage), only when it has an effect.
   By default that is "the attack deals damage" - a condition such as Disease or Poison only
   lands on a hero who suffers damage; conditions are reported, not modelled. A caller who
   knows better (Mend heals the monster, a hero already Diseased) passes ``has_effect``;
4. Pierce, only while rolled shields remain unpierced (largest first);
5. Damage, the highest bonus first.

Each surge ability may be used once per attack. While a ranged attack still cannot reach its
target (its Range surges used up), it misses, so no other surge is spent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np

# -- the dice ------------------------------------------------------------------------------------

Face = tuple[int, int, int, int, bool]     # (range, hearts, surges, shields, miss)


def _f(range_: int = 0, hearts: int = 0, surges: int = 0, shields: int = 0, miss: bool = False) -> Face:
    return (range_, hearts, surges, shields, miss)


DICE: dict[str, tuple[Face, ...]] = {
    "blue": (_f(miss=True), _f(2, 2, 1), _f(3, 2), _f(4, 2), _f(5, 1), _f(6, 1, 1)),
    "yellow": (_f(1, 1), _f(1, 0, 1), _f(2, 1), _f(0, 1, 1), _f(0, 2), _f(0, 2, 1)),
    "red": (_f(0, 1), _f(0, 2), _f(0, 2), _f(0, 2), _f(0, 3), _f(0, 3, 1)),
    "green": (_f(0, 1, 1), _f(0, 1, 1), _f(1, 1), _f(0, 1), _f(1, 0, 1), _f(1, 0, 1)),
    "brown": (_f(), _f(), _f(), _f(shields=1), _f(shields=1), _f(shields=2)),
    "gray": (_f(), _f(shields=1), _f(shields=1), _f(shields=1), _f(shields=2), _f(shields=3)),
    "black": (_f(), _f(shields=2), _f(shields=2), _f(shields=2), _f(shields=3), _f(shields=4)),
}
ATTACK_DICE = ("blue", "red", "yellow", "green")
DEFENSE_DICE = ("gray", "brown", "black")


@dataclass(frozen=True)
class Roll:
    """The sum of a pool's faces; ``miss`` when any die shows an X. ``dice`` and ``faces``
    (each die's face index, 0-5) say what was rolled; they are empty for a hand-made roll."""

    range: int = 0
    hearts: int = 0
    surges: int = 0
    shields: int = 0
    miss: bool = False
    dice: tuple[str, ...] = ()
    faces: tuple[int, ...] = ()


def roll(dice: Sequence[str], rng: np.random.Generator) -> Roll:
    """Roll ``dice`` (names from :data:`DICE`) with one ``rng.integers(0, 6, size=len(dice))``."""
    unknown = [d for d in dice if d not in DICE]
    if unknown:
        raise ValueError(f"unknown die {unknown[0]!r}; the dice are {', '.join(DICE)}")
    faces = rng.integers(0, 6, size=len(dice)).tolist()
    reach = hearts = surges = shields = 0
    miss = False
    for d, i in zip(dice, faces):
        r, h, g, s, x = DICE[d][i]
        reach, hearts, surges, shields, miss = reach + r, hearts + h, surges + g, shields + s, miss or bool(x)
    return Roll(range=reach, hearts=hearts, surges=surges, shields=shields, miss=miss, dice=tuple(dice),
                faces=tuple(faces))


#: the symbols a face shows, by their place in :data:`Face`
SYMBOLS = {"range": 0, "hearts": 1, "surges": 2, "shields": 3}


def shows(dice: Sequence[str], symbol: str) -> tuple[int, int]:
    """The fewest and the most of ``symbol`` ("hearts", "surges"...) ``dice`` can show: each die's
    fewest and most, added. Only the marginals are counted, which the faces above match exactly
    (not the faces' joint layout, which is our reconstruction): a roll typed within these bounds
    may be one the printed dice show."""
    i = SYMBOLS[symbol]
    return (sum(min(face[i] for face in DICE[d]) for d in dice), sum(max(face[i] for face in DICE[d]) for d in dice))


# -- surge abilities -----------------------------------------------------------------------------

SurgeKind = Literal["range", "special", "pierce", "damage"]


@dataclass(frozen=True)
class SurgeAbility:
    kind: SurgeKind
    value: int          # the bonus (range, pierce, damage); 0 for a special
    text: str           # as written on the card: what ``surges_spent`` reports


_DAMAGE = re.compile(r"^\+\s*(\d+)\s*(damage|hearts?|health)$", re.IGNORECASE)
_RANGE = re.compile(r"^(?:range\s*\+\s*(\d+)|\+\s*(\d+)\s*range)$", re.IGNORECASE)
_PIERCE = re.compile(r"^pierce\s*(\d+)$", re.IGNORECASE)


@lru_cache(maxsize=1024)
def parse_surge(text: str) -> SurgeAbility:
    """"+2 damage" (also "+2 heart(s)", "+2 health"), "Range +1" or "+1 range", "Pierce 2";
    anything else is a Special named by its text ("Disease", "Mend 2", "Fire Breath")."""
    s = " ".join(text.split())
    if m := _DAMAGE.match(s):
        return SurgeAbility("damage", int(m.group(1)), text)
    if m := _RANGE.match(s):
        return SurgeAbility("range", int(m.group(1) or m.group(2)), text)
    if m := _PIERCE.match(s):
        return SurgeAbility("pierce", int(m.group(1)), text)
    return SurgeAbility("special", 0, text)


def _damage(hearts: int, bonus: int, shields: int, pierce: int) -> int:
    return max(0, hearts + bonus - max(0, shields - pierce))


def spend_surges(roll_attack: Roll, shields: int, abilities: Sequence[str], needed_range: int,
                 ranged: bool, *, has_effect: Callable[[str, int], bool] | None = None
                 ) -> tuple[int, int, list[str]]:
    """Spend ``roll_attack.surges`` on ``abilities`` by the rulebook's priority list, against one
    target. Returns ``(damage, range, spent)``: the damage dealt (0 on a miss or out of range),
    the range after Range surges, and the ability texts spent, in spending order.
    ``has_effect(name, damage)`` says whether a special would have an effect given the damage
    the attack deals so far; by default, that it deals damage. Pure: no dice, no state.
    """
    effect = (lambda name, damages: has_effect(name, damages[0])) if has_effect else None
    damages, reach, spent = spend_surges_many(roll_attack, [(shields, needed_range)], abilities, ranged,
                                              has_effect=effect)
    return damages[0], reach, spent


def spend_surges_many(roll_attack: Roll, targets: Sequence[tuple[int, int]], abilities: Sequence[str],
                      ranged: bool, *, has_effect: Callable[[str, list[int]], bool] | None = None
                      ) -> tuple[list[int], int, list[str]]:
    """One attack roll against several targets, each with its own defence roll: ``targets`` is
    ``[(shields rolled, spaces to it)]``. Surges are spent once for the attack, by the priority
    list ("Monsters Spending Surges"): Range while the attack "cannot hit all of its targets";
    a Special "only when it will have an effect on at least one of the monster's targets"
    (by default: it deals one damage); Pierce "only when one or more shields have been rolled
    by at least one of the monster's targets"; then Damage, the highest bonus first. Returns
    each target's damage (0 for one out of range), the range, and the abilities spent."""
    parsed = [parse_surge(a) for a in abilities]
    effect = has_effect or (lambda _name, damages: any(d > 0 for d in damages))
    reach = roll_attack.range
    if roll_attack.miss:
        return [0] * len(targets), reach, []
    bonus = pierce = 0
    used: set[int] = set()
    spent: list[str] = []

    def reaches(needed: int) -> bool:
        return not ranged or reach >= needed

    def damages() -> list[int]:
        return [_damage(roll_attack.hearts, bonus, shields, pierce) if reaches(needed) else 0
                for shields, needed in targets]

    def best(kind: str) -> int | None:
        free = [i for i, a in enumerate(parsed) if a.kind == kind and i not in used]
        return max(free, key=lambda i: parsed[i].value, default=None)   # ties: listed first

    for _ in range(roll_attack.surges):
        choice = None
        if not all(reaches(needed) for _, needed in targets):          # 2. Range
            choice = best("range")
            if choice is None and not any(reaches(needed) for _, needed in targets):
                break                                                   # out of range of every target: a miss
        if choice is None:                                              # 3. Special
            now = damages()
            choice = next((i for i, a in enumerate(parsed)
                           if a.kind == "special" and i not in used and effect(a.text, now)), None)
        if choice is None and any(shields > pierce for (shields, needed) in targets if reaches(needed)):
            choice = best("pierce")                                     # 4. Pierce
        if choice is None:                                              # 5. Damage
            choice = best("damage")
        if choice is None:
            break                                                       # nothing worth a surge
        used.add(choice)
        spent.append(parsed[choice].text)
        kind, value = parsed[choice].kind, parsed[choice].value
        if kind == "range":
            reach += value
        elif kind == "pierce":
            pierce += value
        elif kind == "damage":
            bonus += value
    return damages(), reach, spent


# -- an attack -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class AttackResult:
    damage: int
    hit: bool
    roll: Roll                 # the attack dice
    defense_roll: Roll         # the target's defence dice
    surges_spent: list[str]
    why: str
    range: int = 0             # the range after Range surges


def attack(attack_dice: Sequence[str], defense_dice: Sequence[str], needed_range: int,
           surges_abilities: Sequence[str], ranged: bool, rng: np.random.Generator, *,
           has_effect: Callable[[str, int], bool] | None = None) -> AttackResult:
    """Roll a monster's attack against one target: the attack dice, then the defence dice
    (two ``rng.integers`` calls, in that order), then :func:`spend_surges`."""
    for pool, allowed, what in ((attack_dice, ATTACK_DICE, "an attack"), (defense_dice, DEFENSE_DICE, "a defence")):
        for die in pool:
            if die not in allowed:
                raise ValueError(f"{die!r} is not {what} die; those are {', '.join(allowed)}")
    a = roll(attack_dice, rng)
    d = roll(defense_dice, rng)
    damage, reach, spent = spend_surges(a, d.shields, surges_abilities, needed_range, ranged,
                                        has_effect=has_effect)
    surges = f"; surges spent: {', '.join(spent)}" if spent else ""
    if a.miss:
        return AttackResult(0, False, a, d, [], "miss: an X on the blue die", reach)
    if ranged and reach < needed_range:
        return AttackResult(0, False, a, d, spent,
                            f"miss: range {reach} < {needed_range} spaces to the target{surges}", reach)
    bonus = sum(p.value for p in map(parse_surge, spent) if p.kind == "damage")
    pierce = sum(p.value for p in map(parse_surge, spent) if p.kind == "pierce")
    sums = f"{a.hearts} hearts" + (f" + {bonus} from surges" if bonus else "") + f" - {d.shields} shields"
    if pierce:
        sums += f" (pierce {pierce})"
    unspent = a.surges - len(spent)
    rest = f"; {unspent} surge{'s' if unspent != 1 else ''} unspent" if unspent else ""
    return AttackResult(damage, True, a, d, spent, f"hit: {sums} = {damage} damage{surges}{rest}", reach)
