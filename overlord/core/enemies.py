"""The enemy's policies, where a game has more than one (``overlord compare --enemy``): the game's
own object beside the rules every game must give (``GameRules.enemies``; None: the enemy plays one
way only).

A policy is named by the game (:attr:`EnemyPolicies.names`), or - where the game's enemy turn is a
series of steps chosen from a list (:attr:`EnemyPolicies.plugged`) - is a function of the user's
own, ``module:function`` or an entry point of the group :data:`ENEMY_ENTRY_POINTS`:
``(match, steps, rng) -> one of the steps``. The match keeps the policy chosen in its state
(:attr:`EnemyPolicies.keep`), so saves and replays keep it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .game import GameRules, RulesError
from .plugins import PluginError, load_function

ENEMY_ENTRY_POINTS = "overlord.enemies"    # enemy policies of the user's own, by name


@dataclass(frozen=True)
class EnemyPolicies:
    """A game's enemy policies."""

    #: name -> one line; the first is the default
    names: Mapping[str, str]
    #: ``(match, policy)``: the match keeps ``policy`` (in its state) for its enemy's phases
    keep: Callable[[Any, str], None]
    #: whether a policy of the user's own may choose the enemy's steps
    plugged: bool = False


def enemy_policy_problem(rules: GameRules, policy: str) -> str:
    """Why ``policy`` cannot play this game's enemy ('' when it can): one of the game's
    :attr:`EnemyPolicies.names`, or a plugged-in one where the game takes one."""
    enemies: EnemyPolicies | None = rules.enemies
    names = enemies.names if enemies is not None else {}
    if policy in names:
        return ""
    plugged = ""
    if enemies is not None and enemies.plugged:
        try:
            if load_function(policy, ENEMY_ENTRY_POINTS, "enemy policy") is not None:
                return ""
        except PluginError as e:
            return str(e)
        plugged = f", a plugged-in one (entry points '{ENEMY_ENTRY_POINTS}') or module:function"
    return (f"{rules.name} has no enemy policy {policy!r}; it has "
            f"{', '.join(names) or 'one only'}{plugged}")


def use_enemy(rules: GameRules, match: Any, policy: str) -> None:
    """Let ``policy`` (one of the game's, or a plugged-in one) play the enemy of this match (kept
    in its state, so saves and replays keep it); raises :class:`RulesError` for one that cannot."""
    problem = enemy_policy_problem(rules, policy)
    if problem:
        raise RulesError(problem)
    if rules.enemies is not None:
        rules.enemies.keep(match, policy)
