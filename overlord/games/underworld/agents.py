"""How learning agents see the co-operative Underworld (``overlord.sim.environment`` makes it a
PettingZoo AEC environment; optional extra ``pip install '.[rl]'``). The heroes are the agents;
the program plays the Damned One (its Dark phase runs inside the step that ends a round).

The agent to act is the hero whose turn it is (HitU "Course of Play"); one step is one of the
engine's legal actions. The action space is ``Discrete(ACTION_SLOTS)``: action i is the i-th of
:func:`overlord.games.underworld.engine.legal_actions` in its stable order (extend by stack and
side, turns of the drawn tile, steps, fights by counter and skill, encounters, tasks, places,
items, the final battle, end); the action mask marks the slots that hold a legal action.

Observation: ``{"observation": float32 vector of OBS_SIZE, "action_mask": int8 vector}`` with the
Dark Side, the round (of the scenario's max_rounds), the Damned One's and the turn's state (one-hot), the Avatars, the map's size
and the acting hero's sheet and tile, scaled to 0..1. Reward at the end: +1 to every hero when
one of them defeats the Damned One, -1 when the Dark Side fills, 0 when the rounds run out.
"""

from __future__ import annotations

import numpy as np

from ...core.game import AgentSpec, Match
from ..heroes.sheet import SKILLS, artificial_life, cube_count, shadow_cubes, skill_value
from .engine import legal_actions
from .machines import chaos_tile
from .markers import enemies_on, face_down_on
from .state import DARK_SIDE_BOXES, kind_of
from .tiles import styx_id

ACTION_SLOTS = 64
DAMNED_STATES = ("dormant", "abroad", "waiting", "in_chaos", "in_battle", "defeated", "triumphant")
PHASES = ("extend", "orient", "move", "act", "done")
OBS_SIZE = 2 + len(DAMNED_STATES) + 3 + len(PHASES) + 1 + 2 + 3 * 3 + 4 + 5 + 1
NUMBERING = ("action i is the i-th of the engine's legal actions, in their stable order (extend by stack and side, "
             f"turns, steps, fights, encounters, tasks, places, items, the final battle, end); {ACTION_SLOTS} slots")


def agent_spec(max_rounds: int) -> AgentSpec:
    return AgentSpec(ACTION_SLOTS, OBS_SIZE, lambda match, agent: observe(match, agent, max_rounds), encode, NUMBERING)


def encode(match: Match, legal: list[dict]) -> list[int | None]:
    return [i if i < ACTION_SLOTS else None for i in range(len(legal))]


def observe(match: Match, agent: str, max_rounds: int) -> np.ndarray:
    obs = np.zeros(OBS_SIZE, np.float32)
    s = match.state
    sheet = s.sheets[agent]
    here = s.map.heroes[agent]
    values = [s.dark_side / DARK_SIDE_BOXES, s.round / max(1, max_rounds)]
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
