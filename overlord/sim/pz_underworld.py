"""A PettingZoo AEC environment of the co-operative Underworld, for people training hero agents
(optional extra: ``pip install '.[rl]'``). The heroes are the agents; the program plays the
Damned One (its Dark phase runs inside the step that ends a round).

The agent to act is the hero whose turn it is (HitU "Course of Play"); one step is one of the
engine's legal actions. The action space is ``Discrete(ACTION_SLOTS)``: action i is the i-th of
:func:`overlord.games.underworld.engine.legal_actions` in its stable order (extend by stack and
side, turns of the drawn tile, steps, fights by counter and skill, encounters, tasks, places,
items, the final battle, end); the action mask marks the slots that hold a legal action.

Observation: ``{"observation": float32 vector of OBS_SIZE, "action_mask": int8 vector}`` with the
Dark Side, the round, the Damned One's and the turn's state (one-hot), the Avatars, the map's size
and the acting hero's sheet and tile, scaled to 0..1. Reward at the end: +1 to every hero when
one of them defeats the Damned One, -1 when the Dark Side fills, 0 when the rounds run out.
"""

from __future__ import annotations

import numpy as np

from ..content.quest import resolve_scenario
from ..games.heroes.sheet import SKILLS, artificial_life, cube_count, shadow_cubes, skill_value
from ..games.underworld.engine import apply, legal_actions, new_game
from ..games.underworld.machines import chaos_tile
from ..games.underworld.markers import enemies_on, face_down_on
from ..games.underworld.state import DARK_SIDE_BOXES, kind_of
from ..games.underworld.tiles import styx_id
from .pz_common import MaskedHeroesEnv
from .underworld_run import hero_ids, load

ACTION_SLOTS = 64
DAMNED_STATES = ("dormant", "abroad", "waiting", "in_chaos", "in_battle", "defeated", "triumphant")
PHASES = ("extend", "orient", "move", "act", "done")
OBS_SIZE = 2 + len(DAMNED_STATES) + 3 + len(PHASES) + 1 + 2 + 3 * 3 + 4 + 5 + 1


class UnderworldHeroesEnv(MaskedHeroesEnv):
    metadata = {"name": "overlord_underworld_v0", "render_modes": ["ansi"], "is_parallelizable": False}
    OBS_SIZE = OBS_SIZE
    N_ACTIONS = ACTION_SLOTS

    def __init__(self, scenario: str = "underworld", heroes: int = 2, max_rounds: int = 30,
                 render_mode: str | None = None):
        super().__init__()
        self.content = load(resolve_scenario(scenario))
        self.possible_agents = hero_ids(self.content, heroes)
        self.max_rounds = max_rounds
        self.render_mode = render_mode
        self.state = None

    # -- life cycle -------------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        seed = 0 if seed is None else int(seed)
        self.state = new_game(self.content, list(self.possible_agents), seed)
        self._start_episode()
        self.agent_selection = self.state.turn.hero

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if not self._mask(agent)[int(action)]:
            raise ValueError(f"action {action} is not legal for {agent} now (see the action mask)")
        apply(self.state, self.content, legal_actions(self.state)[int(action)])
        s = self.state
        self._settle(bool(s.outcome), s.round > self.max_rounds, {"won": 1.0, "lost": -1.0}.get(s.outcome, 0.0))
        if not s.outcome and s.round <= self.max_rounds:
            self.agent_selection = s.turn.hero
        self._accumulate_rewards()

    def render(self):
        from ..view.underworld_text import draw_map
        return draw_map(self.state) if self.state else ""

    def close(self):
        self.state = None

    # -- actions and observations --------------------------------------------------------------
    def _mask(self, agent) -> np.ndarray:
        mask = np.zeros(ACTION_SLOTS, np.int8)
        if (self.state is None or agent not in self.agents or self.terminations.get(agent)
                or self.truncations.get(agent) or self.state.turn is None or self.state.turn.hero != agent):
            return mask
        mask[:min(ACTION_SLOTS, len(legal_actions(self.state)))] = 1
        return mask

    def _view(self, agent) -> np.ndarray:
        obs = np.zeros(OBS_SIZE, np.float32)
        s = self.state
        if s is None:
            return obs
        sheet = s.sheets[agent]
        here = s.map.heroes[agent]
        values = [s.dark_side / DARK_SIDE_BOXES, s.round / max(1, self.max_rounds)]
        values += [float(s.damned == d) for d in DAMNED_STATES]
        values += [sum(v == "banished" for v in s.avatars.values()) / 3,
                   sum(v != "hidden" for v in s.avatars.values()) / 3, len(s.map.placed) / 48]
        phase = s.turn.phase if s.turn is not None and s.turn.hero == agent else "done"
        values += [float(phase == p) for p in PHASES]
        values += [(s.turn.mp_left if phase == "move" else 0) / 6]
        values += [sheet.natural / max(1, sheet.natural_max), artificial_life(sheet) / 6]
        for skill in SKILLS:
            values += [skill_value(sheet, skill) / 11, cube_count(sheet, skill) / 10, shadow_cubes(sheet, skill) / 5]
        values += [sheet.gold / 10, len(sheet.items) / 5, len(sheet.tasks) / 4,
                   float(any(kind_of(s, i.id).kind == "special_weapon" for i in sheet.items))]
        values += [float(here == styx_id(s.map)), float(here == chaos_tile(s)), len(enemies_on(s, here)) / 3,
                   len(face_down_on(s, here)) / 3, float(agent in s.trapped)]
        values += [min(1.0, len(legal_actions(s)) / ACTION_SLOTS) if phase != "done" else 0.0]
        obs[:len(values)] = values
        return np.clip(obs, 0.0, 1.0)


def env(**kwargs) -> UnderworldHeroesEnv:
    return UnderworldHeroesEnv(**kwargs)
