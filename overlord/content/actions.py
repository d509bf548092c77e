"""The movement vocabulary as content: the actions an enemy's card may give a figure (toward,
away, engage, spot, attack) with a hero target rule, shared by every game whose enemies act by
cards (Descent's activation cards, the Underworld's Dark cards)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator

from .models import OrNames, Strict

Pick = Literal["closest", "furthest", "lowest_health", "highest_health", "all"]
Where = Literal["any", "adjacent", "in_los", "in_range"]


class Target(Strict):
    """A hero target rule: e.g. the adjacent hero with the lowest remaining health is
    ``{pick: lowest_health, where: adjacent}``; all heroes in line of sight, ``{pick: all,
    where: in_los}``. Ties go to the closest, then the heroes choose."""

    pick: Pick = "closest"
    where: Where = "any"


def _target(v):
    return {"pick": v} if isinstance(v, str) else v


TargetRule = Annotated[Target, BeforeValidator(_target), OrNames(Pick.__args__)]


class Toward(Strict):
    """Move toward a target (Movement Vocabulary)."""
    toward: TargetRule


class Away(Strict):
    """Move away from a target."""
    away: TargetRule


class Engage(Strict):
    """A move action toward the target; not performed if the monster would not move."""
    engage: TargetRule


class SpotAction(Strict):
    """A move action toward the closest space with line of sight to the target."""
    spot: TargetRule


class Attack(Strict):
    """Attack the target(s); at most one attack per activation."""
    attack: TargetRule
