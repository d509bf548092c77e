"""What the PettingZoo environments share (optional extra ``rl``): heroes as agents, one
``Discrete`` action space behind an action mask, a float observation vector, the AEC episode
bookkeeping, and the reward at the end (+1 every hero for a victory, -1 for a defeat, 0 when the
rounds run out)."""

from __future__ import annotations

import functools

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.agent_selector import AgentSelector as agent_selector  # noqa: F401  (for pz_env)
except ImportError as e:  # pragma: no cover - the extra is optional
    raise ImportError("the PettingZoo environment needs: pip install 'overlord[rl]'") from e


class MaskedHeroesEnv(AECEnv):
    """A subclass sets ``OBS_SIZE`` and ``N_ACTIONS`` and writes ``_view(agent)`` and
    ``_mask(agent)``; it calls :meth:`_start_episode` in ``reset`` and :meth:`_settle` after each
    step."""

    OBS_SIZE = 0
    N_ACTIONS = 0

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent):
        return spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.OBS_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.N_ACTIONS,), np.int8),
        })

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent):
        return spaces.Discrete(self.N_ACTIONS)

    def observe(self, agent):
        return {"observation": self._view(agent), "action_mask": self._mask(agent)}

    def _start_episode(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}

    def _settle(self, over: bool, out_of_rounds: bool, reward: float) -> None:
        """Every hero's reward for this step: ``reward`` and the end of the episode when the game
        is ``over`` (terminated) or ran ``out_of_rounds`` (truncated), else 0."""
        for a in self.agents:
            if over or out_of_rounds:
                self.rewards[a] = reward
                if over:
                    self.terminations[a] = True
                else:
                    self.truncations[a] = True
            else:
                self.rewards[a] = 0.0
