"""The Dragon for learning agents (the PettingZoo environment, ``overlord.sim.environment``): a
fixed ``Discrete`` action space behind a mask and a float observation in [0, 1].

The actions (:data:`SLOTS`): ``end``; ``move`` to the k-th field the hero may step to (up to 8, in
the board's reading order); ``jump`` to the k-th landing of the Boots of Jumping (up to 12, reading
order); ``vision`` on the k-th field the hero may step to; fight with magic, ranged, close (the
creature that must be fought, else the first on the field), or with Lightning; the single-word
actions (``draw`` among them); ``try`` by skill; ``use`` an encounter (Cerberos by the skill
trained); buying the k-th offered counter for oneself; dropping the k-th artifact; Clairvoyance's
k-th pick (up to 32, in the order offered); the Mage's k-th spell for his gold; an attacked hero's
answer to Attack! (the trial by skill, Lightning, or the k-th artifact given up). Pegasus flights,
buying for another hero and the players' own placements have no index (they are masked out).
"""

from __future__ import annotations

import numpy as np

from overlord.core.game import AgentSpec
from overlord.games.heroes.sheet import SKILLS, artificial_life, cube_count, dice_for, skill_value

from .load import DragonContent
from .machines import DRAGON_STATES
from .state import Ctx, carried
from .verbs import MOVES

SLOTS: list[str] = MOVES.slots()          # the numbering: each move's indices (``verbs``), in the kept layout
DRAGON_NAMES = [st if isinstance(st, str) else st["name"] for st in DRAGON_STATES]


def agent_spec(content: DragonContent, heroes: list[str]) -> AgentSpec:
    fields = list(content.board.fields)
    where = {f: i for i, f in enumerate(fields)}
    obs_size = len(fields) + 20 + len(DRAGON_NAMES)

    def observe(match, hero: str) -> np.ndarray:
        s, c = match.state, match.content
        v = np.zeros(obs_size, np.float32)
        hs, sheet = s.at[hero], s.sheets[hero]
        v[where[hs.between or hs.field]] = 1.0
        k = len(fields)
        have = set(carried(s, c, hero).values())
        coop = c.scenario.coop
        limit = coop.hoard_limit[len(s.heroes)] if coop else 12
        extra = [sheet.natural / max(1, sheet.natural_max), artificial_life(sheet) / 3, (sheet.gold + hs.purse) / 10]
        extra += [skill_value(sheet, sk) / 11 for sk in SKILLS] + [dice_for(sheet, sk) / 5 for sk in SKILLS]
        extra += [cube_count(sheet, sk) / 12 for sk in SKILLS]
        extra += [float(any(c.artifacts[a].origin == "chain" and a.startswith("scroll") for a in have)),
                  float(any(c.artifacts[a].origin == "chain" and not a.startswith("scroll") for a in have)),
                  float(any(c.artifacts[a].dragon for a in have)), len(sheet.tasks) / 4,
                  s.hoard / limit, s.dragon_life / 5, float(s.storm), min(1.0, s.round / c.scenario.max_rounds)]
        v[k:k + len(extra)] = np.clip(extra, 0, 1)
        v[k + 20 + DRAGON_NAMES.index(s.dragon)] = 1.0
        return v

    told = " ".join(__doc__.split("The actions (:data:`SLOTS`): ", 1)[1].split())
    return MOVES.agent_spec(obs_size, observe, lambda match: Ctx.reading(match.state, match.content), told)
