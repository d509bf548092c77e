"""A combination with the Underworld for learning agents (the PettingZoo environment,
``overlord.sim.environment``): the upper game's observation of the hero, then the Underworld's - the tile
he stands on below, whether he is below, his shadow cubes, the Dark Side, the Evil Marks, whether a gate
is open, the Damned One's machine - behind the combination's moves (``verbs.TwoWorlds``: the upper game's
numbering, then the Underworld's own, a verb both books have taking the indices of both)."""

from __future__ import annotations

from typing import Callable

import numpy as np

from overlord.core.game import AgentSpec
from overlord.games.heroes.sheet import shadow_cubes
from overlord.games.underworld.machines import DAMNED_STATES
from overlord.games.underworld.state import DARK_SIDE_BOXES

from .shadows import gate_fields

DAMNED_NAMES = [st if isinstance(st, str) else st["name"] for st in DAMNED_STATES]
EXTRA = 5


def agent_spec(content, above: AgentSpec, moves, reading: Callable, told: str) -> AgentSpec:
    """The combination's spec: ``above`` the upper game's (its observation of a hero is kept first)."""
    tiles = [t.id for t in content.under.tiles]
    at_tile = {t: i for i, t in enumerate(tiles)}
    base = above.obs_size
    obs_size = base + len(tiles) + EXTRA + len(DAMNED_NAMES)

    def observe(match, hero: str) -> np.ndarray:
        s, c = match.state, match.content
        v = np.zeros(obs_size, np.float32)
        v[:base] = above.observe(match, hero)
        if hero in s.below:
            v[base + at_tile[s.part.map.heroes[hero]]] = 1.0
        k = base + len(tiles)
        maps = max(1, len(c.up.maps(s)))
        extra = [float(hero in s.below), shadow_cubes(s.sheets[hero]) / 11, s.part.dark_side / DARK_SIDE_BOXES,
                 len(s.marks) / maps, float(bool(gate_fields(s, c)))]
        v[k:k + EXTRA] = np.clip(extra, 0, 1)
        v[k + EXTRA + DAMNED_NAMES.index(s.part.damned)] = 1.0
        return v

    return moves.agent_spec(obs_size, observe, reading, told)
