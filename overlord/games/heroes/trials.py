"""Skill trials: roll 2 dice (3, 4, 5 with experience), keep two, succeed at or under the
modified skill value; combat against counters with one or more hearts.

The dice source is injectable: a ``numpy.random.Generator`` (the game's one seeded generator),
or a list/iterable of forced faces consumed in order (tests, replays of a physical table).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import numpy as np

from overlord.games.heroes.counters import Counter, modifier_for
from overlord.games.heroes.sheet import (
    BASE_DICE,
    SKILL_MAX,
    HeroSheet,
    RulesError,
    dice_for,
    skill_value,
)
from ...core.dice import rolled
from ...view.words import count, listing

AIMS = ("succeed", "fail")
#: a skill as the players name it when asked to roll for it
SKILL_WORDS = {"close": "close combat", "ranged": "ranged combat"}
# How many hearts a defeated counter needs.
# RotH: "Adversaries with two hearts require two trials in one turn. If one of these fails, the
# battle and one hit point are lost. The opponent is defeated only if both trials are successful."
# HitU (the authority there): "An opponent is considered defeated in combat if it loses at least
# 1 LP (from a successful combat test)."
EACH_HEART = "each_heart"
ONE_SUCCESS = "one_success"
HEART_RULES = (EACH_HEART, ONE_SUCCESS)
RETURN_HEART_RULE = EACH_HEART
DRAGON_HEART_RULE = EACH_HEART     # UtSotD creatures are fought with "just one trial"; 1 heart = 1 trial
UNDERWORLD_HEART_RULE = ONE_SUCCESS


class DiceSource:
    """Draws die faces 1-6 from a generator, or hands out forced faces in order."""

    def __init__(self, rng: np.random.Generator | None = None, dice: Iterable[int] | None = None):
        if (rng is None) == (dice is None):
            raise ValueError("give exactly one dice source: rng= (a numpy Generator) or dice= (forced faces)")
        self.rng = rng
        self._forced: Iterator[int] | None = iter(dice) if dice is not None else None

    def roll(self, n: int, why="") -> list[int]:
        """``n`` faces; from a generator they are the heroes' dice (``core.dice.rolled``: at a table
        whose players roll, the faces they typed)."""
        if self.rng is not None:
            return rolled([int(v) for v in self.rng.integers(1, 7, size=n)], why)
        faces = []
        for _ in range(n):
            try:
                face = next(self._forced)
            except StopIteration:
                raise ValueError(f"forced dice ran out: needed {n}, had {len(faces)}") from None
            if not isinstance(face, (int, np.integer)) or not 1 <= face <= 6:
                raise ValueError(f"a die face is 1-6, got {face!r}")
            faces.append(int(face))
        return faces


def source(rng: np.random.Generator | DiceSource | None = None, dice: Iterable[int] | None = None) -> DiceSource:
    if isinstance(rng, DiceSource):
        return rng
    return DiceSource(rng, dice)


@dataclass
class TrialResult:
    rolled: list[int]
    kept: list[int]
    total: int
    value: int          # the skill value before the modifier
    modifier: int
    target: int         # value + modifier: succeed at or under it
    success: bool
    reason: str
    skill: str = ""
    aim: str = "succeed"


def keep_two(rolled: list[int], aim: str = "succeed") -> list[int]:
    """The two dice the player keeps. To succeed ("equal to or lower than"), the two lowest; when
    the hero wants the trial to fail (an instructor: "the trial must fail"), the two highest."""
    if aim not in AIMS:
        raise RulesError(f"unknown aim {aim!r}; expected one of {AIMS}")
    ordered = sorted(rolled)
    return ordered[:2] if aim == "succeed" else ordered[-2:]


def trial(value: int, modifier: int = 0, n_dice: int = BASE_DICE, *, rng=None, dice=None,
          aim: str = "succeed", skill: str = "", against: str = "", who: str = "") -> TrialResult:
    """One trial: roll ``n_dice``, keep two, succeed if their sum <= value + modifier. ``who`` rolls
    it and ``against`` what, for the players asked to roll (``bard``, ``Ixion``)."""
    if n_dice < BASE_DICE:
        raise RulesError(f"a trial rolls at least {BASE_DICE} dice")
    target = value + modifier
    def why() -> str:                  # worded only when the players are asked to roll
        return (f"{who + chr(39) + 's' if who else 'a'}{' ' + SKILL_WORDS.get(skill, skill) if skill else ''} trial"
                + (f" against {against}" if against else "")
                + (f" (the two lowest count: {target} or under succeeds)" if aim == "succeed"
                   else f" (the two highest count: it must fail, over {target})"))
    faces = source(rng, dice).roll(n_dice, why)
    kept = keep_two(faces, aim)
    total = sum(kept)
    success = total <= target
    mod = f"{value}{modifier:+d}={target}" if modifier else f"{target}"
    reason = f"rolled {listing(faces)}, kept {kept[0]}+{kept[1]}={total}: {'<=' if success else '>'} {mod}"
    reason += ", success" if success else ", failure"
    return TrialResult(faces, kept, total, value, modifier, target, success, reason, skill, aim)


def skill_trial(sheet: HeroSheet, skill: str, modifier: int = 0, *, rng=None, dice=None,
                use_experience: bool = True, aim: str = "succeed", skill_max: int = SKILL_MAX,
                against: str = "") -> TrialResult:
    """A trial of one of the hero's skills: dice by experience (unless ``use_experience`` is off,
    as in a Duel: "No experience cubes are used to affect the number of dice rolled", HitU)."""
    n = dice_for(sheet, skill) if use_experience else BASE_DICE
    return trial(skill_value(sheet, skill, skill_max=skill_max), modifier, n, rng=rng, dice=dice, aim=aim, skill=skill,
                 against=against, who=sheet.hero)


@dataclass
class CombatResult:
    counter: str
    skill: str
    trials: list[TrialResult] = field(default_factory=list)
    won: bool = False
    reason: str = ""


def combat(sheet: HeroSheet, counter: Counter, skill: str, *, rng=None, dice=None, extra_modifier: int = 0,
           heart_rule: str = EACH_HEART, skill_max: int = SKILL_MAX) -> CombatResult:
    """Fight ``counter`` with ``skill`` (which one of its dots must permit). Under ``each_heart``
    one trial per heart, stopping at the first failure; under ``one_success`` one trial.
    Consequences of a loss (LP, shadow cube, ...) are the game's to apply."""
    if heart_rule not in HEART_RULES:
        raise RulesError(f"unknown heart rule {heart_rule!r}; expected one of {HEART_RULES}")
    if sheet.dead:
        raise RulesError(f"{sheet.hero} is dead")
    modifier = modifier_for(sheet, counter, skill) + extra_modifier
    needed = max(1, counter.hearts) if heart_rule == EACH_HEART else 1
    src = source(rng, dice)
    result = CombatResult(counter.id, skill)
    for _ in range(needed):
        t = skill_trial(sheet, skill, modifier, rng=src, skill_max=skill_max, against=counter.name)
        result.trials.append(t)
        if not t.success:
            break
    wins = sum(t.success for t in result.trials)
    result.won = wins == needed
    result.reason = (f"{wins} of {count(needed, 'trial')} needed against {counter.name} "
                     f"({count(counter.hearts, 'heart')}, rule {heart_rule}): {'won' if result.won else 'lost'}")
    return result


def duel_modifier(difference: int) -> int:
    """HitU Duel table: the aggressor's skill minus the defender's -> the aggressor's modifier."""
    if difference == 0:
        return 0
    step = min(3, (abs(difference) + 1) // 2)
    return step if difference > 0 else -step
