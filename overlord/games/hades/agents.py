"""The Underworld beneath Return of the Heroes for learning agents (the PettingZoo environment,
``overlord.sim.environment``): a fixed ``Discrete`` action space behind a mask and a float observation
in [0, 1].

The actions: Return of the Heroes' moves as it numbers them, then the Underworld's own (its extend,
step, encounters, duels...) as the Underworld numbers them, a verb both books have taking the indices
of both (the world the hero to act stands in names the index), then ``enter`` and ``leave``. The
observation: the hero's field among the sixteen maps' fields (as the box holds them), his sheet, his
deed and the stone, whether he is below and on which tile, the Nameless's machine, the Dark Side, the
Damned One's machine, the Evil Marks, whether the gate is out.
"""

from __future__ import annotations

import numpy as np

from overlord.core.game import AgentSpec
from overlord.games.heroes.sheet import SKILLS, artificial_life, cube_count, dice_for, shadow_cubes, skill_value
from overlord.games.roth.machines import NAMELESS_STATES
from overlord.games.underworld.machines import DAMNED_STATES
from overlord.games.underworld.state import DARK_SIDE_BOXES

from .context import Ctx
from .load import HadesContent
from overlord.games.beneath.shadows import gate_field
from .verbs import MOVES

NAMELESS_NAMES = [st if isinstance(st, str) else st["name"] for st in NAMELESS_STATES]
DAMNED_NAMES = [st if isinstance(st, str) else st["name"] for st in DAMNED_STATES]
EXTRA = 24


def agent_spec(content: HadesContent, heroes: list[str]) -> AgentSpec:
    fields = list(content.board.fields)
    where = {f: i for i, f in enumerate(fields)}
    tiles = [t.id for t in content.under.tiles]
    at_tile = {t: i for i, t in enumerate(tiles)}
    obs_size = len(fields) + len(tiles) + EXTRA + len(NAMELESS_NAMES) + len(DAMNED_NAMES)

    def observe(match, hero: str) -> np.ndarray:
        s, c = match.state, match.content
        v = np.zeros(obs_size, np.float32)
        hs, sheet = s.at[hero], s.sheets[hero]
        if hero in s.below:
            v[len(fields) + at_tile[s.part.map.heroes[hero]]] = 1.0
        elif hs.field:
            v[where[hs.between or hs.field]] = 1.0
        k = len(fields) + len(tiles)
        done = max((n / max(1, len(c.deeds[d].steps)) for d, n in hs.deeds.items()), default=0.0)
        extra = [sheet.natural / max(1, sheet.natural_max), artificial_life(sheet) / 3, sheet.gold / 10]
        extra += [skill_value(sheet, sk) / 11 for sk in SKILLS] + [dice_for(sheet, sk) / 5 for sk in SKILLS]
        extra += [cube_count(sheet, sk) / 12 for sk in SKILLS]
        extra += [len(sheet.tasks) / 4, len(sheet.items) / 4, done, float(hs.stone), float(hs.guard_beaten),
                  min(1.0, s.round / c.scenario.max_rounds), float(hero in s.below), shadow_cubes(sheet) / 11,
                  s.part.dark_side / DARK_SIDE_BOXES, len(s.marks) / 16, float(bool(gate_field(s, c)))]
        v[k:k + len(extra)] = np.clip(extra, 0, 1)
        v[k + EXTRA + NAMELESS_NAMES.index(s.nameless)] = 1.0
        v[k + EXTRA + len(NAMELESS_NAMES) + DAMNED_NAMES.index(s.part.damned)] = 1.0
        return v

    told = " ".join(__doc__.split("The actions: ", 1)[1].split())
    return MOVES.agent_spec(obs_size, observe, lambda match: Ctx.reading(match.state, match.content), told)
