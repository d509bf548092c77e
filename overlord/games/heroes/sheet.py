"""The hero sheet of the Heroes family as plain data, and the pure rules that change it.

Rulebook sources (quoted in ``tests/test_heroes_family.py``): Heroes in the Underworld (HitU,
the authority for that game), Return of the Heroes (RotH), Under the Shadow of the Dragon (UtSotD).
Every function either reads a sheet or mutates the one passed in and returns a plain record of
what happened; nothing here draws dice.
"""

from __future__ import annotations

from ...core.game import RulesError as GameRulesError

from dataclasses import dataclass, field
from typing import Callable

SKILLS = ("magic", "ranged", "close")
# "Red cubes = Close Combat / Green cubes = Ranged Combat / Blue cubes = Magic /
#  Black cubes = 'Dark' experience, which may be used in any category" (HitU, Experience)
CUBE_SKILL = {"blue": "magic", "green": "ranged", "red": "close"}
SKILL_CUBE = {v: k for k, v in CUBE_SKILL.items()}
SHADOW = "black"
# "Up to a maximum of 11, either by an instructor or by artifacts." (RotH); "cannot go higher
# than 11" (UtSotD, Skills)
SKILL_MAX = 11
BASE_DICE = 2
MAX_DICE = 5
ITEM_SLOTS = 4          # "a maximum of four" (RotH); "A hero may carry up to four artifacts" (UtSotD)
CENTAUR_ITEM_SLOTS = 5  # "This hero may carry 5 items instead of four." (HitU, Centaur)
TASK_SLOTS = 4          # "You may not take up more than four tasks." (UtSotD)
ITEM_KINDS = ("weapon", "armour", "shield", "helmet", "other")
LIFE_POLICIES = ("artificial_first", "natural_first")


class RulesError(GameRulesError):
    """An action the rules do not allow; the message says which rule."""


@dataclass
class Item:
    """An item (yellow border) on the sheet. ``life`` artificial LP it grants, ``lost`` of them
    already lost (the glass stones put on the item marker)."""

    id: str
    name: str = ""
    kind: str = "other"                                   # one of ITEM_KINDS
    bonus: dict[str, int] = field(default_factory=dict)   # skill -> +n
    movement: int = 0
    life: int = 0
    lost: int = 0
    combinable: bool = False    # "Can be combined with another item" (Opal, Ring, Amazon Belt...)
    black: str | None = None    # Black Weapon: the skill whose shadow cubes forbid discarding it
    special: bool = False       # special / magic weapon (games route it elsewhere at death)


@dataclass
class Start:
    """The starting values printed on the sheet: rebirth restores them."""

    skills: dict[str, int]
    movement: int
    life: int
    gold: int


@dataclass
class HeroSheet:
    hero: str
    skills: dict[str, int]                 # skill values (base + training), in sheet order
    thresholds: dict[str, list[int]]       # cubes at which a skill rolls 3, 4, 5 dice
    movement: int
    natural_max: int
    natural: int
    gold: int
    start: Start
    item_slots: int = ITEM_SLOTS
    task_slots: int = TASK_SLOTS
    items: list[Item] = field(default_factory=list)
    tasks: list[str] = field(default_factory=list)
    cubes: dict[str, list[str]] = field(default_factory=dict)   # skill -> colours in placing order
    dead: bool = False


def new_sheet(hero: str, skills: dict[str, int], thresholds: dict[str, list[int]], movement: int,
              life: int, gold: int, *, item_slots: int = ITEM_SLOTS, task_slots: int = TASK_SLOTS) -> HeroSheet:
    """A fresh sheet. ``thresholds[skill]`` lists the cube counts at the sheet's die pictures
    (3, 4, 5 dice); they differ per hero and skill, so they are sheet data."""
    if len(skills) != 3:
        raise RulesError(f"a hero sheet has three skills, got {list(skills)}")
    if set(thresholds) != set(skills):
        raise RulesError(f"thresholds must name the sheet's skills {list(skills)}, got {list(thresholds)}")
    for skill, steps in thresholds.items():
        if len(steps) > MAX_DICE - BASE_DICE or list(steps) != sorted(steps) or any(s < 1 for s in steps):
            raise RulesError(f"thresholds for {skill} must be up to 3 rising cube counts, got {steps}")
    if life < 1:
        raise RulesError("a hero starts with at least one natural life point")
    return HeroSheet(hero=hero, skills=dict(skills), thresholds={k: list(v) for k, v in thresholds.items()},
                     movement=movement, natural_max=life, natural=life, gold=gold,
                     start=Start(dict(skills), movement, life, gold), item_slots=item_slots,
                     task_slots=task_slots, cubes={s: [] for s in skills})


def _skill(sheet: HeroSheet, skill: str) -> str:
    if skill not in sheet.skills:
        raise RulesError(f"{sheet.hero} has no skill {skill!r}; the sheet's skills are {list(sheet.skills)}")
    return skill


# ---------------------------------------------------------------- experience

def cube_count(sheet: HeroSheet, skill: str) -> int:
    """Cubes on the skill's track, shadow cubes included ("Shadow Cubes act as normal ECs for
    the purposes of improving experience levels", HitU)."""
    return len(sheet.cubes.get(_skill(sheet, skill), []))


def dice_for(sheet: HeroSheet, skill: str) -> int:
    """Dice rolled in a trial of ``skill``: 2, plus one for each die picture reached."""
    n = cube_count(sheet, skill)
    return min(MAX_DICE, BASE_DICE + sum(1 for step in sheet.thresholds[skill] if n >= step))


def shadow_cubes(sheet: HeroSheet, skill: str | None = None) -> int:
    skills = [skill] if skill else list(sheet.skills)
    return sum(sheet.cubes.get(s, []).count(SHADOW) for s in skills)


def gain_cube(sheet: HeroSheet, colour: str, skill: str | None = None) -> tuple[str, str]:
    """Place one experience cube; returns (skill, colour placed).

    A coloured cube goes on its own skill's track. A black cube (SC) goes on the ``skill`` named.
    "after a single Shadow Cube in a skill, no more normal red, green or blue Experience Cubes can
    be placed in that skill" - the cube "must be exchanged for an SC" (HitU), so it is placed black.
    """
    if sheet.dead:
        raise RulesError(f"{sheet.hero} is dead")
    if colour == SHADOW:
        if skill is None:
            raise RulesError("a shadow cube must be placed on a skill the player names")
        _skill(sheet, skill)
    else:
        if colour not in CUBE_SKILL:
            raise RulesError(f"unknown cube colour {colour!r}; expected one of {sorted(CUBE_SKILL) + [SHADOW]}")
        own = CUBE_SKILL[colour]
        if skill is not None and skill != own:
            raise RulesError(f"a {colour} cube goes on {own}, not {skill}")
        skill = _skill(sheet, own)
        if SHADOW in sheet.cubes[skill]:
            colour = SHADOW
    sheet.cubes[skill].append(colour)
    return skill, colour


def remove_cube(sheet: HeroSheet, skill: str, colour: str | None = None) -> str:
    """Take one cube off a skill's track (the last placed, or the last of ``colour``)."""
    track = sheet.cubes[_skill(sheet, skill)]
    if not track:
        raise RulesError(f"{sheet.hero} has no cube on {skill}")
    if colour is None:
        return track.pop()
    for i in range(len(track) - 1, -1, -1):
        if track[i] == colour:
            return track.pop(i)
    raise RulesError(f"{sheet.hero} has no {colour} cube on {skill}")


# ---------------------------------------------------------------- skills and movement

def item_with(sheet: HeroSheet, effect: str, effect_of: Callable[[str], str]) -> str | None:
    """The first item on the sheet whose effect is ``effect`` (``effect_of``: an item id's effect,
    the game's artifacts), or None."""
    return next((i.id for i in sheet.items if effect_of(i.id) == effect), None)


def item_bonus(sheet: HeroSheet, skill: str) -> int:
    """"Only one artifact can be used per combat skill to improve your rating." (RotH) - the best
    ordinary item counts; items that "can be combined with another item" add on top (HitU Opal,
    Ring, Diana's Arrows)."""
    plain = [i.bonus.get(skill, 0) for i in sheet.items if not i.combinable and i.bonus.get(skill)]
    extra = [i.bonus.get(skill, 0) for i in sheet.items if i.combinable and i.bonus.get(skill)]
    return (max(plain) if plain else 0) + sum(extra)


def skill_value(sheet: HeroSheet, skill: str, *, skill_max: int = SKILL_MAX) -> int:
    """The skill's value with items, capped at ``skill_max`` (counter modifiers come after)."""
    return min(skill_max, sheet.skills[_skill(sheet, skill)] + item_bonus(sheet, skill))


def movement_allowance(sheet: HeroSheet) -> int:
    """Movement with the best movement item ("horse, cart or boots. These cannot be combined",
    RotH), never below 1 (HitU Gorgon: "Movement cannot go below 1")."""
    best = max((i.movement for i in sheet.items if i.movement), default=0)
    return max(1, sheet.movement + best)


# ---------------------------------------------------------------- life points

def artificial_life(sheet: HeroSheet) -> int:
    return sum(i.life - i.lost for i in sheet.items if i.life)


def life_total(sheet: HeroSheet) -> int:
    return sheet.natural + artificial_life(sheet)


@dataclass
class LifeLoss:
    source: str                    # "natural" or the item id that lost an artificial LP
    destroyed: Item | None = None  # the item discarded because all its LP are lost
    died: bool = False
    policy: str = ""               # set when the loss was chosen by policy, not by the player


def lose_life(sheet: HeroSheet, source: str | None = None, *, policy: str = "artificial_first") -> LifeLoss:
    """Lose one life point.

    "The player decides whether to lose a 'natural' or 'artificial' LP (if one is available). A
    hero is 'dead' when the last 'natural' LP is lost – even if there are 'artificial' LP
    remaining." (HitU). ``source`` is the player's choice ("natural" or an item id); without it
    the named ``policy`` picks: ``artificial_first`` (the most-worn item first, then listed
    order) or ``natural_first`` (natural unless it is the last one and an item can take it).
    """
    if sheet.dead:
        raise RulesError(f"{sheet.hero} is already dead")
    if policy not in LIFE_POLICIES:
        raise RulesError(f"unknown life policy {policy!r}; expected one of {LIFE_POLICIES}")
    armour = sorted((i for i in sheet.items if i.life - i.lost > 0), key=lambda i: -i.lost)
    chosen_by = ""
    if source is None:
        chosen_by = policy
        if armour and (policy == "artificial_first" or sheet.natural <= 1):
            source = armour[0].id
        else:
            source = "natural"
    if source == "natural":
        sheet.natural -= 1
        if sheet.natural <= 0:
            sheet.natural = 0
            sheet.dead = True
        return LifeLoss("natural", None, sheet.dead, chosen_by)
    item = next((i for i in sheet.items if i.id == source), None)
    if item is None or item.life - item.lost <= 0:
        raise RulesError(f"{sheet.hero} has no artificial life point on item {source!r}")
    item.lost += 1
    destroyed = None
    if item.lost >= item.life:
        # "Items that grant more than 1 LP are only discarded if all of the LPs granted by that
        # item are lost." (HitU)
        sheet.items.remove(item)
        destroyed = item
    return LifeLoss(item.id, destroyed, False, chosen_by)


def heal(sheet: HeroSheet, points: int | None = None) -> int:
    """Heal natural LP up to the maximum ("Only natural LP can be healed or regenerated", HitU);
    ``None`` heals all. Returns the points healed."""
    if sheet.dead:
        raise RulesError(f"{sheet.hero} is dead")
    room = sheet.natural_max - sheet.natural
    healed = room if points is None else max(0, min(points, room))
    sheet.natural += healed
    return healed


def can_lose_life_in_duel(sheet: HeroSheet) -> bool:
    """"Only possible if it is not the hero's last LP ... It makes no difference if the last LP
    is 'natural' or 'artificial'" (HitU, Duel)."""
    return life_total(sheet) > 1


# ---------------------------------------------------------------- items

def carry_problem(sheet: HeroSheet, item: Item) -> str | None:
    """Why ``item`` cannot be carried now, or None.

    "Each hero may carry exactly 1 Armor item (plus a shield and/or helmet), and exactly 1 weapon
    (plus 'combinable' weapons, see counters)." (HitU); "armor can only be combined with a
    shield, not with another piece of armor." (RotH)
    """
    if item.kind not in ITEM_KINDS:
        return f"unknown item kind {item.kind!r}; expected one of {ITEM_KINDS}"
    if any(i.id == item.id for i in sheet.items):
        return f"{item.id} is already carried"
    if len(sheet.items) >= sheet.item_slots:
        return f"all {sheet.item_slots} item boxes are full"
    if item.kind in ("armour", "shield", "helmet") and any(i.kind == item.kind for i in sheet.items):
        return f"a hero carries only one {item.kind}"
    if item.kind == "weapon" and not item.combinable and any(
            i.kind == "weapon" and not i.combinable for i in sheet.items):
        return "a hero carries exactly one weapon (plus combinable ones)"
    return None


def take_item(sheet: HeroSheet, item: Item) -> None:
    if sheet.dead:
        raise RulesError(f"{sheet.hero} is dead")
    problem = carry_problem(sheet, item)
    if problem:
        raise RulesError(f"{sheet.hero} cannot take {item.id}: {problem}")
    sheet.items.append(item)


def drop_item(sheet: HeroSheet, item_id: str) -> Item:
    """Discard an item. "The hero may not discard Black Weapons as long as at least 1 SC remains
    in the corresponding skill." (HitU)"""
    item = next((i for i in sheet.items if i.id == item_id), None)
    if item is None:
        raise RulesError(f"{sheet.hero} does not carry {item_id!r}")
    if item.black and shadow_cubes(sheet, item.black):
        raise RulesError(f"{item_id} is a Black Weapon and {sheet.hero} has shadow cubes in {item.black}")
    sheet.items.remove(item)
    return item


# ---------------------------------------------------------------- tasks and gold

def accept_task(sheet: HeroSheet, task_id: str) -> None:
    """"If there is no empty Task box on the player's hero reference card, then no new Task
    markers may be taken" (HitU)."""
    if sheet.dead:
        raise RulesError(f"{sheet.hero} is dead")
    if task_id in sheet.tasks:
        raise RulesError(f"{sheet.hero} already holds task {task_id}")
    if len(sheet.tasks) >= sheet.task_slots:
        raise RulesError(f"{sheet.hero} has no empty task box ({sheet.task_slots} held)")
    sheet.tasks.append(task_id)


def remove_task(sheet: HeroSheet, task_id: str) -> str:
    """Fulfil or put down a held task (the game decides reward or where it lies)."""
    if task_id not in sheet.tasks:
        raise RulesError(f"{sheet.hero} does not hold task {task_id!r}")
    sheet.tasks.remove(task_id)
    return task_id


def gain_gold(sheet: HeroSheet, n: int) -> int:
    if n < 0:
        raise RulesError("use spend_gold to pay")
    sheet.gold += n
    return sheet.gold


def spend_gold(sheet: HeroSheet, n: int) -> int:
    if n < 0 or n > sheet.gold:
        raise RulesError(f"{sheet.hero} has {sheet.gold} gold, cannot pay {n}")
    sheet.gold -= n
    return sheet.gold


# ---------------------------------------------------------------- death and rebirth

@dataclass
class Rebirth:
    kept: Item | None
    left_items: list[Item]        # the game routes them (face-up treasure, map field, market...)
    left_tasks: list[str]         # "Task markers remain on the map tile where the hero died"
    returned_cubes: dict[str, list[str]]
    gold_before: int


def kill(sheet: HeroSheet) -> None:
    """Death without a life point track (e.g. facing the Dragon without a magic weapon)."""
    sheet.natural = 0
    sheet.dead = True


def rebirth(sheet: HeroSheet, keep: str | None = None) -> Rebirth:
    """Restart a dead hero (HitU, Rebirth): "Loss of all experience cubes and tasks", "1 item
    may be kept from the hero's previous life", "restart in the next turn with the standard
    starting levels of LP, gold etc…". Skills and movement go back to the printed values."""
    if not sheet.dead:
        raise RulesError(f"{sheet.hero} is not dead")
    kept = None
    if keep is not None:
        kept = next((i for i in sheet.items if i.id == keep), None)
        if kept is None:
            raise RulesError(f"{sheet.hero} did not carry {keep!r}")
    left = [i for i in sheet.items if i is not kept]
    record = Rebirth(kept, left, list(sheet.tasks), {s: list(c) for s, c in sheet.cubes.items() if c}, sheet.gold)
    sheet.items = [kept] if kept else []
    sheet.tasks = []
    sheet.cubes = {s: [] for s in sheet.start.skills}
    sheet.skills = dict(sheet.start.skills)
    sheet.movement = sheet.start.movement
    sheet.natural_max = sheet.natural = sheet.start.life
    sheet.gold = sheet.start.gold
    sheet.dead = False
    return record


MAX_GOLD = 9_999            # ours: far past any purse of the family's games
MAX_MOVEMENT = 20           # ours: the sheets give 3 to 7, items a few more


def sheet_problems(hero: str, sheet: HeroSheet) -> list[str]:
    """What a sheet read from a save edited by hand may not hold (the rules keep each within its
    range): its hero's name, skills 0..SKILL_MAX, thresholds of up to three rising cube counts,
    life, gold and movement in range, no more items or tasks than its boxes, an item's lost life
    within its life. Empty when it is sound."""
    out = []
    if sheet.hero != hero:
        out.append(f"the sheet of {hero} names {sheet.hero!r}")
    if len(sheet.skills) != 3 or any(not 0 <= v <= SKILL_MAX for v in sheet.skills.values()):
        out.append(f"{hero}'s skills are not three values 0..{SKILL_MAX}: {sheet.skills}")
    if set(sheet.thresholds) != set(sheet.skills) or any(
            len(t) > MAX_DICE - BASE_DICE or list(t) != sorted(t) or any(not 1 <= x <= 99 for x in t)
            for t in sheet.thresholds.values()):
        out.append(f"{hero}'s dice thresholds are not the sheet's: {sheet.thresholds}")
    if not 1 <= sheet.natural_max <= 99 or not 0 <= sheet.natural <= sheet.natural_max:
        out.append(f"{hero} has {sheet.natural} of {sheet.natural_max} natural life points")
    if not 0 <= sheet.gold <= MAX_GOLD or not 0 <= sheet.movement <= MAX_MOVEMENT:
        out.append(f"{hero} has {sheet.gold} gold and {sheet.movement} movement")
    if not 0 <= sheet.item_slots <= CENTAUR_ITEM_SLOTS or not 0 <= sheet.task_slots <= TASK_SLOTS:
        out.append(f"{hero} has {sheet.item_slots} item and {sheet.task_slots} task boxes")
    if len(sheet.items) > sheet.item_slots or len(sheet.tasks) > sheet.task_slots:
        out.append(f"{hero} carries {len(sheet.items)} items and {len(sheet.tasks)} tasks")
    for item in sheet.items:
        if not 0 <= item.lost <= item.life <= 99 or abs(item.movement) > MAX_MOVEMENT \
                or any(abs(b) > SKILL_MAX for b in item.bonus.values()):
            out.append(f"{hero}'s {item.id} is out of range (life {item.life}, lost {item.lost})")
    for skill, cubes in sheet.cubes.items():
        if skill not in sheet.skills or len(cubes) > 99 or any(c not in CUBE_SKILL and c != SHADOW for c in cubes):
            out.append(f"{hero} has cubes on {skill!r}")
    start = sheet.start
    if set(start.skills) != set(sheet.skills) or any(not 0 <= v <= SKILL_MAX for v in start.skills.values()) \
            or not 0 <= start.movement <= MAX_MOVEMENT or not 1 <= start.life <= 99 or not 0 <= start.gold <= MAX_GOLD:
        out.append(f"{hero}'s starting values (rebirth restores them) are out of range: skills {start.skills}, "
                   f"movement {start.movement}, life {start.life}, gold {start.gold}")
    return out
