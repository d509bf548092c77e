"""One PettingZoo AEC environment for any registered game (optional extra ``rl``), for people
training hero agents: the heroes are the agents, the program plays the enemy, whose phase runs
inside the step that ends the heroes' round.

The agent to act is the hero :meth:`GameRules.to_act` names. Actions are one ``Discrete`` space
of the game's size behind an action mask of the legal ones; the game's
:class:`overlord.core.game.AgentSpec` numbers them (:meth:`GameEnv.numbering` tells how) and makes
the observation vector. Reward at the end: +1 to every hero for a victory, -1 for a defeat, 0
when the rounds run out; every hero's ``info`` then says how it ended (``result``: victory,
defeat or unfinished; ``reason``; ``rounds``).

    from overlord.sim.environment import env
    e = env(scenario="underworld", heroes=2)
"""

from __future__ import annotations

import functools

from typing import Any

import numpy as np

from ..core.game import AgentSpec
from ..core.moves import enemy_until_hero
from ..games.registry import open_scenario
from .play import players_rng

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as e:  # pragma: no cover - the extra is optional
    raise ImportError("the PettingZoo environment needs: pip install 'overlord[rl]'") from e


class MaskedHeroesEnv(AECEnv):
    """The AEC bookkeeping: spaces from ``OBS_SIZE`` and ``N_ACTIONS``, observations from
    ``_view(agent)`` and ``_mask(agent)``, the episode's start and each step's rewards."""

    OBS_SIZE = 0
    N_ACTIONS = 0

    @functools.lru_cache(maxsize=None)  # noqa: B019 - one space object per agent, as PettingZoo's own environments keep it; the cache keeps each environment alive (a few per run)
    def observation_space(self, agent):
        return spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.OBS_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.N_ACTIONS,), np.int8),
        })

    @functools.lru_cache(maxsize=None)  # noqa: B019 - as observation_space
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
        self.infos: dict[str, dict] = {a: {} for a in self.agents}

    def _settle(self, over: bool, out_of_rounds: bool, reward: float, info: dict | None = None) -> None:
        """Every hero's reward for this step: ``reward`` and the end of the episode when the game
        is ``over`` (terminated) or ran ``out_of_rounds`` (truncated), else 0; at the end every
        hero's info is ``info``."""
        for a in self.agents:
            if over or out_of_rounds:
                self.infos[a] = dict(info or {})
                self.rewards[a] = reward
                if over:
                    self.terminations[a] = True
                else:
                    self.truncations[a] = True
            else:
                self.rewards[a] = 0.0




class GameEnv(MaskedHeroesEnv):
    metadata = {"name": "overlord_v1", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, scenario: str, heroes: int = 2, max_rounds: int = 30, render_mode: str | None = None):
        super().__init__()
        self.rules, self.content, _ = open_scenario(scenario)
        info = self.rules.info(self.content)
        if not isinstance(heroes, int) or isinstance(heroes, bool) or heroes not in info.hero_counts:
            raise ValueError(f"heroes={heroes!r}: {info.name} is for {', '.join(map(str, info.hero_counts))} heroes")
        self.possible_agents = self.rules.party(self.content, heroes, 0)
        spec = self.rules.agents(self.content, self.possible_agents)
        if spec is None:
            raise ValueError(f"{self.rules.name} has no view for learning agents")
        self.spec: AgentSpec = spec
        self.OBS_SIZE, self.N_ACTIONS = self.spec.obs_size, self.spec.n_actions
        self.max_rounds = max_rounds
        self.render_mode = render_mode
        self.match: Any = None

    # -- life cycle -------------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        seed = 0 if seed is None else int(seed)
        self.match = self.rules.new_match(self.content, list(self.possible_agents), seed)
        self.players = players_rng(seed)
        self._start_episode()
        self._enemy()
        self.agent_selection = self.rules.to_act(self.match) or self.possible_agents[0]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        chosen = self._legal(agent).get(int(action))
        if chosen is None:
            raise ValueError(f"action {action} is not legal for {agent} now (see the action mask)")
        self.rules.apply(self.match, chosen, self.players)
        self._enemy()
        out = self.rules.outcome(self.match)
        reward = {None: 0.0, "victory": 1.0, "defeat": -1.0}[out.result if out else None]
        rounds = self.match.state.round
        ended = {"result": out.result if out else "unfinished",
                 "reason": out.reason if out else f"the round limit ({self.max_rounds}) was reached",
                 "rounds": min(rounds, self.max_rounds) if out is None else rounds}
        self._settle(out is not None, rounds > self.max_rounds, reward, ended)
        hero = self.rules.to_act(self.match)
        if hero is not None and out is None:
            self.agent_selection = hero
        self._accumulate_rewards()

    def numbering(self) -> str:
        """How this game numbers its actions (the game's own words)."""
        return self.spec.describe

    def index_of(self, bot, rng=None) -> int:
        """The action index a hero bot (``(match, legal, rng) -> action``: the game's own, a
        plugged-in one, any function) takes for the agent to act: drives the environment with
        a bot, or pits an agent against one."""
        legal = self._legal(self.agent_selection)
        if not legal:
            raise ValueError(f"{self.agent_selection} has nothing to do now")
        actions = list(legal.values())
        chosen = bot(self.match, actions, rng if rng is not None else self.players)
        return next(i for i, a in legal.items() if a == chosen)

    def _enemy(self):
        """Run the enemy's phases that are due (within the round limit)."""
        enemy_until_hero(self.rules, self.match, self.players, last_round=self.max_rounds)

    def render(self):
        return "\n".join(self.rules.table(self.match).picture()) if self.match is not None else ""

    def close(self):
        self.match = None

    # -- actions and observations --------------------------------------------------------------
    def _legal(self, agent) -> dict[int, dict]:
        """Index -> action, for the agent to act now (empty for the others)."""
        if (self.match is None or agent not in self.agents or self.terminations.get(agent)
                or self.truncations.get(agent) or self.rules.to_act(self.match) != agent):
            return {}
        legal = self.rules.legal_actions(self.match)
        out: dict[int, dict] = {}
        for index, action in zip(self.spec.encode(self.match, legal), legal):
            if index is not None and 0 <= index < self.N_ACTIONS:
                out.setdefault(index, action)
        return out

    def _mask(self, agent) -> np.ndarray:
        mask = np.zeros(self.N_ACTIONS, np.int8)
        mask[list(self._legal(agent))] = 1
        return mask

    def _view(self, agent) -> np.ndarray:
        if self.match is None:
            return np.zeros(self.OBS_SIZE, np.float32)
        return np.clip(np.asarray(self.spec.observe(self.match, agent), np.float32), 0.0, 1.0)


def env(**kwargs) -> GameEnv:
    return GameEnv(**kwargs)
