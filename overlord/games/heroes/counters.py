"""Counters by border colour, the skills a counter's coloured dots permit, and the turn's
action rules a game engine checks ("combat before any other action", "a lost combat ends the
actions")."""

from __future__ import annotations

from dataclasses import dataclass, field

from overlord.core.context import decide
from overlord.core.trace import Decision
from overlord.games.heroes.sheet import HeroSheet, RulesError, cube_count

# Border colour -> what the counter is. "Red Borders: Combat ... Green Borders: Encounters ...
# Blue Borders: Tasks" (UtSotD); "Markers with a blue border (or gray border with a blue base)
# are Tasks" and "Grauer Rand (Gray Edges) – Signifies Black Creatures" (HitU); "Items are
# markers with a yellow border" (HitU); "Events are counters with either an orange or an
# orange-lilac border" (UtSotD); task parts "have a two-color border (blue/yellow)" (UtSotD).
BORDERS = {
    "red": "creature",
    "gray": "black creature",
    "green": "encounter",
    "blue": "task",
    "yellow": "item",
    "orange": "event",
    "orange-lilac": "dragon event",
    "blue/yellow": "task part",
}
ENEMY_BORDERS = ("red", "gray")
# "Red dot = Close Combat / Green dot = Ranged Combat / Blue dot = Magic Combat / Gray dot = the
# hero's skill with the least experience cubes (EC)" (HitU, Permitted Combat Skills)
DOT_SKILL = {"red": "close", "green": "ranged", "blue": "magic"}
GRAY = "gray"
TIE_POLICIES = ("first",)


@dataclass
class Counter:
    id: str
    name: str
    border: str
    dots: dict[str, int] = field(default_factory=dict)      # dot colour -> modifier (0, -1, ...)
    hearts: int = 1
    reward: list[list[str]] = field(default_factory=list)   # each cube: the colours one may choose
    treasure: int = 0
    gold: int = 0
    blue_base: bool = False   # gray edge with blue base: a defeated black creature becomes a task


def kind(counter: Counter) -> str:
    if counter.border not in BORDERS:
        raise RulesError(f"unknown border {counter.border!r} on {counter.id}; expected one of {sorted(BORDERS)}")
    return BORDERS[counter.border]


def is_enemy(counter: Counter) -> bool:
    """"If the marker is an Adventure marker with a red or gray edge, this indicates that an
    opponent has come to fight!" (HitU)"""
    kind(counter)
    return counter.border in ENEMY_BORDERS


def must_fight(counters: list[Counter]) -> bool:
    """"The hero cannot evade combat against a counter." (HitU) - a face-up enemy on the space
    forces combat before anything else."""
    return any(is_enemy(c) for c in counters)


def defeated_becomes_task(counter: Counter) -> bool:
    """"Markers with a gray border and blue base (black creatures) become Tasks." (HitU)"""
    return counter.border == "gray" and counter.blue_base


# ---------------------------------------------------------------- permitted skills

def gray_dot_choice(sheet: HeroSheet, policy: str = "first") -> Decision:
    """The skill with the fewest experience cubes; ties are returned for the player ("If there
    is a tie for the skill with the least number of ECs, then the player may choose", HitU).
    Headless, the named ``policy`` "first" takes the first in sheet order."""
    if policy not in TIE_POLICIES:
        raise RulesError(f"unknown tie policy {policy!r}; expected one of {TIE_POLICIES}")
    order = {s: i for i, s in enumerate(sheet.skills)}
    return decide("gray dot skill", sheet.skills, lambda s: (cube_count(sheet, s),), ("cubes",),
                  ("sheet order", order.__getitem__), policy)


@dataclass
class SkillOption:
    skill: str
    modifier: int
    dot: str


def permitted_skills(sheet: HeroSheet, counter: Counter) -> list[SkillOption]:
    """Every (skill, modifier) the counter's dots allow. "Heroes may only choose a combat skill
    if the same colored dot is on the enemy counter." A gray dot offers each skill tied for the
    fewest cubes (the player chooses among them; see :func:`gray_dot_choice`)."""
    options: list[SkillOption] = []
    for dot, mod in counter.dots.items():
        if dot == GRAY:
            d = gray_dot_choice(sheet)
            options += [SkillOption(s, mod, GRAY) for s in (d.choice, *d.ties)]
        elif dot in DOT_SKILL:
            if DOT_SKILL[dot] in sheet.skills:
                options.append(SkillOption(DOT_SKILL[dot], mod, dot))
        else:
            raise RulesError(f"unknown dot colour {dot!r} on {counter.id}; expected one of {sorted(DOT_SKILL) + [GRAY]}")
    return options


def modifier_for(sheet: HeroSheet, counter: Counter, skill: str) -> int:
    """The counter's modifier for ``skill``; raises if no dot permits it. When both a coloured
    dot and the gray dot permit the skill, the better modifier is taken (the player's choice)."""
    mods = [o.modifier for o in permitted_skills(sheet, counter) if o.skill == skill]
    if not mods:
        allowed = sorted({o.skill for o in permitted_skills(sheet, counter)})
        raise RulesError(f"{counter.name} cannot be fought with {skill}; its dots permit {allowed}")
    return max(mods)


# ---------------------------------------------------------------- the actions of a turn

ACTIONS = ("combat", "encounter", "accept_task", "fulfil_task", "use_place", "take_item")


@dataclass(frozen=True)
class ActionRules:
    """A game's action rules as named flags."""

    strict_order: bool      # HitU: "The actions are taken in the following order: 1. Combat/Duel
                            # 2. Encounters 3. Accepting a Task marker 4. Fulfilling a Task"
    once_each: bool         # HitU: "the same action cannot be taken twice on the same turn
                            # except fulfilling Tasks"
    repeatable: tuple[str, ...] = ("fulfil_task",)


# RotH: "Combat (only once per turn)" then "Exploit encounter and/or fulfill task and/or pick up
# object and/or complete heroic deed" "in any order you like": the family's default. A game whose
# actions are ordered otherwise names its own rules in its package (the Underworld's: places.py).
RETURN_ACTIONS = ActionRules(strict_order=False, once_each=False)
_ORDER = {"combat": 0, "encounter": 1, "accept_task": 2, "fulfil_task": 3}


@dataclass
class TurnActions:
    """Plain state of the actions taken this turn."""

    taken: list[str] = field(default_factory=list)
    combat_fought: bool = False
    over: bool = False
    reason: str = ""


def action_problem(turn: TurnActions, action: str, enemy_here: bool, rules: ActionRules = RETURN_ACTIONS) -> str | None:
    """Why ``action`` is not allowed now, or None."""
    if action not in ACTIONS:
        return f"unknown action {action!r}; expected one of {ACTIONS}"
    if turn.over:
        return f"the turn's actions are over: {turn.reason}"
    if action == "combat":
        if turn.combat_fought:
            return "only one combat per turn"
        if turn.taken:
            return "combat must always be taken before any other action"
        return None
    if enemy_here and not turn.combat_fought:
        return "combat must always be taken before any other action"
    if rules.once_each and action in turn.taken and action not in rules.repeatable:
        return f"{action} was already taken this turn"
    if rules.strict_order and action in _ORDER:
        later = [a for a in turn.taken if _ORDER.get(a, -1) > _ORDER[action]]
        if later:
            return f"{action} cannot follow {later[-1]}: actions are taken in the order {list(_ORDER)}"
    return None


def take_action(turn: TurnActions, action: str, *, enemy_here: bool = False,
                rules: ActionRules = RETURN_ACTIONS, combat_lost: bool = False) -> TurnActions:
    """Record ``action`` (raising :class:`RulesError` if not allowed). A lost combat ends the
    actions: "If you lose in combat, you may not undertake further actions in this turn" (UtSotD);
    "All further hero actions are lost" (HitU)."""
    problem = action_problem(turn, action, enemy_here, rules)
    if problem:
        raise RulesError(problem)
    turn.taken.append(action)
    if action == "combat":
        turn.combat_fought = True
        if combat_lost:
            turn.over = True
            turn.reason = "a lost combat ends the actions"
    return turn
