"""A PettingZoo AEC environment of a Descent quest, for people training hero agents (optional
extra: ``pip install '.[rl]'``). The heroes are the agents; the program plays the enemy.

Each hero's turn is two actions; when every hero has acted, the Overlord phase runs (monster
attacks rolled headless) and a new round begins. Actions are one ``Discrete`` space with an
action mask of the legal ones (from :func:`overlord.sim.bots.legal_actions`):

* 0 rest, 1 open the door, 2 complete the objective, 3 stand up (a defeated hero's whole turn),
  4 throw off a Stun (the action a Stunned hero must spend first);
* 5 .. 5+MONSTER_SLOTS-1: attack the i-th monster in reach (monsters sorted by id);
* then revive the i-th hero (heroes in party order);
* then moves: the space at (dx, dy) from the hero, -4 <= dx, dy <= 4 (81 offsets).

A hero's turn begins (its conditions act) before its first action and ends (a rest recovers
its fatigue) after its second; monsters' attacks are rolled headless (``Headless``).

Observation: ``{"observation": float32 vector, "action_mask": int8 vector}``: a 9x9 view around
the hero (walkable, heroes, monsters) and the hero's health, doom, fate and round, scaled.
Reward at the end: +1 to every hero for a victory, -1 for a defeat.
"""

from __future__ import annotations

import numpy as np

from ..content.quest import load_quest, resolve_scenario
from ..games.descent.engine import overlord_phase
from ..games.descent.heroes import begin_turn, end_turn
from . import bots
from .pz_common import MaskedHeroesEnv, agent_selector
from .run import HERO_NAMES, start_game

FIXED = ("rest", "open", "objective", "stand_up", "discard")
MONSTER_SLOTS = 8
HERO_SLOTS = 4
RADIUS = 4
MOVES = [(dx, dy) for dy in range(-RADIUS, RADIUS + 1) for dx in range(-RADIUS, RADIUS + 1)]
N_ACTIONS = len(FIXED) + MONSTER_SLOTS + HERO_SLOTS + len(MOVES)
VIEW = 2 * RADIUS + 1
OBS_SIZE = 3 * VIEW * VIEW + 4


class DescentHeroesEnv(MaskedHeroesEnv):
    metadata = {"name": "overlord_descent_v0", "render_modes": ["ansi"], "is_parallelizable": False}
    OBS_SIZE = OBS_SIZE
    N_ACTIONS = N_ACTIONS

    def __init__(self, scenario: str = "forgotten-souls", heroes: int = 2, max_rounds: int = 30,
                 render_mode: str | None = None):
        super().__init__()
        self.quest = load_quest(resolve_scenario(scenario))
        self.possible_agents = list(HERO_NAMES[:heroes])
        self.max_rounds = max_rounds
        self.render_mode = render_mode
        self.game = None

    # -- life cycle -------------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        seed = 0 if seed is None else int(seed)
        self.game, self.players = start_game(self.quest, seed, list(self.possible_agents))
        self._start_episode()
        self._selector = agent_selector(self.agents)
        self.agent_selection = self._selector.reset()
        self._actions_left = 2
        begin_turn(self.game, self.agent_selection)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        kind, option = self._decode(agent, int(action))
        bots.perform(self.game, agent, kind, option, self.players)
        out = self.game.state.figure(agent).knocked_out
        self._actions_left = 0 if kind == "stand_up" or out else self._actions_left - 1
        if not self.game.over and self._actions_left <= 0:
            end_turn(self.game, agent)
            self._actions_left = 2
            if self._selector.is_last() and not self.game.over:
                overlord_phase(self.game)
            self.agent_selection = self._selector.next()
            if not self.game.over:
                begin_turn(self.game, self.agent_selection)
        self._finish_if_over()
        self._accumulate_rewards()

    def _finish_if_over(self):
        state = self.game.state
        reward = 1.0 if state.phase == "victory" else (-1.0 if state.phase == "defeat" else 0.0)
        self._settle(self.game.over, state.round > self.max_rounds, reward)

    def render(self):
        from ..view.text import draw
        return draw(self.game.scene()) if self.game else ""

    def close(self):
        self.game = None

    # -- actions and observations --------------------------------------------------------------
    def _legal(self, agent):
        return bots.legal_actions(self.game, agent)

    def _mask(self, agent) -> np.ndarray:
        mask = np.zeros(N_ACTIONS, np.int8)
        if agent not in self.agents or self.terminations.get(agent) or self.truncations.get(agent):
            return mask
        legal = self._legal(agent)
        for i, kind in enumerate(FIXED):
            if kind in legal:
                mask[i] = 1
        base = len(FIXED)
        for i, monster in enumerate(self._monsters()):
            if monster in legal.get("attack", []):
                mask[base + i] = 1
        base += MONSTER_SLOTS
        for i, hero in enumerate(self.game.state.heroes[:HERO_SLOTS]):
            if hero in legal.get("revive", []):
                mask[base + i] = 1
        base += HERO_SLOTS
        here = self.game.state.figure(agent).at
        reachable = {tuple(p) for p in legal.get("move", [])}
        for i, (dx, dy) in enumerate(MOVES):
            if (here[0] + dx, here[1] + dy) in reachable:
                mask[base + i] = 1
        if not mask.any():
            mask[0] = 1
        return mask

    def _monsters(self) -> list[str]:
        return sorted(m.id for m in self.game.state.monsters())[:MONSTER_SLOTS]

    def _decode(self, agent, action):
        if not self._mask(agent)[action]:
            raise ValueError(f"action {action} is not legal for {agent} now (see the action mask)")
        if action < len(FIXED):
            kind = FIXED[action]
            return kind, (self._legal(agent)[kind][0] if kind == "discard" else None)
        action -= len(FIXED)
        if action < MONSTER_SLOTS:
            return "attack", self._monsters()[action]
        action -= MONSTER_SLOTS
        if action < HERO_SLOTS:
            return "revive", self.game.state.heroes[action]
        dx, dy = MOVES[action - HERO_SLOTS]
        here = self.game.state.figure(agent).at
        return "move", [here[0] + dx, here[1] + dy]

    def _view(self, agent) -> np.ndarray:
        obs = np.zeros(OBS_SIZE, np.float32)
        if self.game is None:
            return obs
        state = self.game.state
        scene = self.game.scene()
        board = scene.board
        me = state.figure(agent)
        cx, cy = me.at
        _, (sx, sy) = self.game.board()
        occupant = scene.occupant
        for j in range(VIEW):
            for i in range(VIEW):
                x, y = cx - RADIUS + i + sx, cy - RADIUS + j + sy
                if not (0 <= x < board.width and 0 <= y < board.height):
                    continue
                n = board.node(x, y)
                k = j * VIEW + i
                obs[k] = 0.0 if board.blocks_move[n] else 1.0
                who = occupant.get(n)
                if who is not None:
                    side = scene.figures[who].side
                    obs[VIEW * VIEW * (1 if side == "heroes" else 2) + k] = 1.0
        spaces_ = max(1, state.track.spaces - 1)
        obs[-4:] = [self.game.health(me) / max(1, me.max_health), state.track.doom / spaces_,
                    state.track.fate / spaces_, min(1.0, state.round / max(1, self.max_rounds))]
        return np.clip(obs, 0.0, 1.0)


def env(**kwargs) -> DescentHeroesEnv:
    return DescentHeroesEnv(**kwargs)
