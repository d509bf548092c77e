"""Return of the Heroes for learning agents (the PettingZoo environment, ``overlord.sim.environment``):
a fixed ``Discrete`` action space behind a mask and a float observation in [0, 1].

The actions (:data:`SLOTS`): ``move`` to the k-th field the hero may step to (up to 8, in the routes'
order); ``search``; fight with magic, ranged, close (the creature that must be fought, else the
first on the field); the final battle by skill; taking up a task; laying down or fulfilling the k-th
task held; doing a heroic deed's part; taking an artifact; dropping the k-th artifact; using an
encounter; buying the k-th offered counter for oneself; closing the market; drinking; resting; a
dead hero's things recovered; the k-th deed picked at the court; ``end``. The broomstick's and the
teleporter's flights, buying for another hero and the players' own placements have no index (they
are masked out).
"""

from __future__ import annotations

import numpy as np

from overlord.core.game import AgentSpec
from overlord.games.heroes.sheet import SKILLS, artificial_life, cube_count, dice_for, skill_value

from .load import RothContent
from .machines import NAMELESS_STATES
from .state import Ctx
from .verbs import MOVES

SLOTS: list[str] = MOVES.slots()          # the numbering: each move's indices (``verbs``), in the moves' order
NAMELESS_NAMES = [st if isinstance(st, str) else st["name"] for st in NAMELESS_STATES]
EXTRA = 20


def agent_spec(content: RothContent, heroes: list[str]) -> AgentSpec:
    fields = list(content.board.fields)
    where = {f: i for i, f in enumerate(fields)}
    obs_size = len(fields) + EXTRA + len(NAMELESS_NAMES)

    def observe(match, hero: str) -> np.ndarray:
        s, c = match.state, match.content
        v = np.zeros(obs_size, np.float32)
        hs, sheet = s.at[hero], s.sheets[hero]
        v[where[hs.between or hs.field]] = 1.0
        k = len(fields)
        done = max((n / max(1, len(c.deeds[d].steps)) for d, n in hs.deeds.items()), default=0.0)
        coop = c.scenario.coop
        limit = coop.darkness_limit[len(s.heroes)] if coop else 1
        extra = [sheet.natural / max(1, sheet.natural_max), artificial_life(sheet) / 3, sheet.gold / 10]
        extra += [skill_value(sheet, sk) / 11 for sk in SKILLS] + [dice_for(sheet, sk) / 5 for sk in SKILLS]
        extra += [cube_count(sheet, sk) / 12 for sk in SKILLS]
        extra += [len(sheet.tasks) / 4, len(sheet.items) / 4, done, float(hs.stone), float(hs.guard_beaten),
                  s.darkness / limit, min(1.0, s.round / c.scenario.max_rounds)]
        v[k:k + len(extra)] = np.clip(extra, 0, 1)
        v[k + EXTRA + NAMELESS_NAMES.index(s.nameless)] = 1.0
        return v

    told = " ".join(__doc__.split("The actions (:data:`SLOTS`): ", 1)[1].split())
    return MOVES.agent_spec(obs_size, observe, lambda match: Ctx.reading(match.state, match.content), told)
