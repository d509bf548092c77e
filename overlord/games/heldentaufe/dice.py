"""The combat die and the treasure die ("The 3rd Action: Fight", "The Treasure Die").

A fight: "The players involved each roll a combat die and add their combat-sword value to the
roll. If your total is higher than your opponent's, the opponent is wounded and loses 1 heart. If
the opponent's total is higher, you must give up 1 heart yourself. On a tie, the attacker wins."
Monsters fight the same way ("a fight is a die plus sword against the same"). The die's faces are
ours (content ``combat_die``); every roll comes from the game's generator in the state.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np


def attacker_wins(attack_total: int, defence_total: int) -> bool:
    """"If your total is higher than your opponent's, the opponent is wounded ... On a tie, the
    attacker wins.\""""
    return attack_total >= defence_total


def roll(faces: tuple[int, ...] | list[int], rng: np.random.Generator) -> int:
    return faces[int(rng.integers(len(faces)))]


@lru_cache(maxsize=4096)
def win_chance(faces: tuple[int, ...], attack: int, defence: int) -> float:
    """The chance that an attacker with ``attack`` (sword and bonuses) beats a defender with
    ``defence``: P(die + attack >= die + defence), each die uniform over ``faces``."""
    n = len(faces)
    wins = sum(1 for a in faces for d in faces if attacker_wins(a + attack, d + defence))
    return wins / (n * n)


def fight(faces, attack: int, defence: int, rng: np.random.Generator) -> tuple[int, int, bool]:
    """Roll both dice: (attacker's die, defender's die, attacker wins)."""
    a, d = roll(faces, rng), roll(faces, rng)
    return a, d, attacker_wins(a + attack, d + defence)
