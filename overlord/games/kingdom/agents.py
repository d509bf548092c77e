"""Return of the Heroes with the Dragon for learning agents (the PettingZoo environment,
``overlord.sim.environment``): a fixed ``Discrete`` action space behind a mask and a float
observation in [0, 1].

The actions: each move's indices as its own box numbers them (``verbs``: Return of the Heroes'
moves first, then the Dragon's own - its spells, jumps, the lair), a shared move's indices those of
both boxes; a manor house the k-th map it may go on (by the map's first site). The observation: the hero's field among the 25 maps' fields (as the boxes
hold them, not as laid), his sheet, his deed, the stone, the Nameless's and the Dragon's machines,
the hoard, the storm and (together) the darkness.
"""

from __future__ import annotations

import numpy as np

from overlord.core.game import AgentSpec
from overlord.games.dragon.machines import DRAGON_STATES
from overlord.games.heroes.sheet import SKILLS, artificial_life, cube_count, dice_for, skill_value
from overlord.games.roth.machines import NAMELESS_STATES

from .context import Ctx
from .load import KingdomContent
from .verbs import MOVES

NAMELESS_NAMES = [st if isinstance(st, str) else st["name"] for st in NAMELESS_STATES]
DRAGON_NAMES = [st if isinstance(st, str) else st["name"] for st in DRAGON_STATES]
EXTRA = 21


def _darkness(s, c: KingdomContent) -> float:
    """Together: the darkness as a share of its limit (0 in the race)."""
    coop = c.scenario.coop
    return s.darkness / coop.darkness_limit[len(s.heroes)] if coop is not None else 0.0


def agent_spec(content: KingdomContent, heroes: list[str]) -> AgentSpec:
    fields = list(content.board.fields)
    where = {f: i for i, f in enumerate(fields)}
    obs_size = len(fields) + EXTRA + len(NAMELESS_NAMES) + len(DRAGON_NAMES)

    def observe(match, hero: str) -> np.ndarray:
        s, c = match.state, match.content
        v = np.zeros(obs_size, np.float32)
        hs, sheet = s.at[hero], s.sheets[hero]
        if hs.field:
            v[where[hs.between or hs.field]] = 1.0
        k = len(fields)
        done = max((n / max(1, len(c.roth.deeds[d].steps)) for d, n in hs.deeds.items()), default=0.0)
        extra = [sheet.natural / max(1, sheet.natural_max), artificial_life(sheet) / 3, sheet.gold / 10]
        extra += [skill_value(sheet, sk) / 11 for sk in SKILLS] + [dice_for(sheet, sk) / 5 for sk in SKILLS]
        extra += [cube_count(sheet, sk) / 12 for sk in SKILLS]
        extra += [len(sheet.tasks) / 4, len(sheet.items) / 4, done, float(hs.stone), float(hs.guard_beaten),
                  s.hoard / 10, float(s.storm), min(1.0, s.round / c.scenario.max_rounds), _darkness(s, c)]
        v[k:k + len(extra)] = np.clip(extra, 0, 1)
        v[k + EXTRA + NAMELESS_NAMES.index(s.nameless)] = 1.0
        v[k + EXTRA + len(NAMELESS_NAMES) + DRAGON_NAMES.index(s.dragon)] = 1.0
        return v

    told = " ".join(__doc__.split("The actions: ", 1)[1].split())
    return MOVES.agent_spec(obs_size, observe, lambda match: Ctx.reading(match.state, match.content), told)
