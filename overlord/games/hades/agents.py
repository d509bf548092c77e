"""The Underworld beneath Return of the Heroes for learning agents (the PettingZoo environment,
``overlord.sim.environment``): Return of the Heroes' observation, then the Underworld's (``beneath.agents``);
the actions Return of the Heroes' moves as it numbers them, then the Underworld's own, a verb both books have
taking the indices of both, then ``enter`` and ``leave``."""

from __future__ import annotations

from overlord.core.game import AgentSpec
from overlord.games.beneath.agents import agent_spec as both
from overlord.games.roth.agents import agent_spec as roth_spec

from .context import Ctx
from .load import HadesContent
from .verbs import MOVES


def agent_spec(content: HadesContent, heroes: list[str]) -> AgentSpec:
    return both(content, roth_spec(content, heroes), MOVES, lambda match: Ctx.reading(match.state, match.content),
                " ".join(__doc__.split()).split("; ", 1)[1])
