"""The experience cubes a reward gives, on the family's sheets (Return of the Heroes, "Rewards and
Experience": "Sometimes multicolored cubes are pictured, which means you can choose one of the colors
displayed. However, you can never select two of the same color following one action, except at
certain events"; Under the Shadow of the Dragon the same).

The player's choice when it fits; else the program's key: each cube's colour whose skill is nearest
its next die (then sheet order), two cubes of one reward different where the reward allows.
"""

from __future__ import annotations

from overlord.games.heroes.sheet import CUBE_SKILL, SKILLS, HeroSheet, cube_count


def cube_colours(sheet: HeroSheet, reward, chosen: list[str] | None = None) -> list[str]:
    """The colours taken for ``reward`` (each cube: the colours one may choose)."""
    if chosen and len(chosen) == len(reward) and all(col in opts for col, opts in zip(chosen, reward)) \
            and len(set(chosen)) == len(chosen):
        return list(chosen)
    out: list[str] = []
    for opts in reward:
        left = [o for o in opts if o not in out] or list(opts)

        def need(col):
            skill = CUBE_SKILL[col]
            n = cube_count(sheet, skill)
            steps = [t for t in sheet.thresholds[skill] if t > n]
            return (steps[0] - n if steps else 99, SKILLS.index(skill))
        out.append(min(left, key=need))
    return out
