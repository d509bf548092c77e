"""How learning agents see a Descent quest (``overlord.sim.environment`` makes it a PettingZoo AEC
environment; optional extra ``pip install '.[rl]'``). The heroes are the agents; the program
plays the enemy, whose Overlord phase runs inside the step that ends the heroes' round.

The agent to act is the hero whose turn it is (``Descent.to_act``); at the start of each round
the first hero takes, for the group, the order of the turns. Actions are one ``Discrete`` space
with an action mask of the legal ones:

* 0 rest, 1 open the door, 2 complete the objective, 3 stand up (a knocked-out hero's whole
  turn), 4 throw off a Stun (the action a Stunned hero must spend first);
* 5 .. 5+MONSTER_SLOTS-1: attack the i-th monster in reach (monsters sorted by id);
* then revive the i-th hero (heroes in party order);
* then moves: the space at (dx, dy) from the hero, -4 <= dx, dy <= 4 (81 offsets);
* the last: the round's turns in the order the heroes are listed (the only order an agent
  takes; the heuristic bot orders them by tactics).

The indices are the moves' (``verbs``: :data:`~.verbs.MOVES` keeps this layout). Heal actions are
not in the space. Observation: a 9x9 view around the hero (walkable, heroes,
monsters) and the hero's health, doom, fate and round, scaled to 0..1.
"""

from __future__ import annotations

import numpy as np

from ...core.game import AgentSpec
from .verbs import HERO_SLOTS, MONSTER_SLOTS, MOVES, RADIUS

SLOTS = MOVES.slots()
FIXED = tuple(SLOTS[:SLOTS.index("attack 0")])
ORDER = SLOTS.index("order")
N_ACTIONS = len(SLOTS)
VIEW = 2 * RADIUS + 1
OBS_SIZE = 3 * VIEW * VIEW + 4


def numbering() -> str:
    """The action numbering with its numbers, for people (``GameEnv.numbering``)."""
    attack, revive, move = len(FIXED), len(FIXED) + MONSTER_SLOTS, len(FIXED) + MONSTER_SLOTS + HERO_SLOTS
    return "\n".join([
        "0 rest, 1 open the door, 2 complete the objective, 3 stand up (a knocked-out hero's whole turn), "
        "4 throw off a Stun (the action a Stunned hero must spend first)",
        f"{attack}-{revive - 1}: attack the 1st to {MONSTER_SLOTS}th monster in reach (monsters sorted by id)",
        f"{revive}-{move - 1}: revive the 1st to {HERO_SLOTS}th hero (in party order)",
        f"{move}-{ORDER - 1}: move to the space (dx, dy) from the hero, -{RADIUS} <= dx, dy <= {RADIUS}, row by row: "
        f"{move} is ({-RADIUS}, {-RADIUS}), {move + RADIUS} is (0, {-RADIUS}), {ORDER - 1} is ({RADIUS}, {RADIUS})",
        f"{ORDER}: the round's turns in the order the heroes are listed (the first hero's choice at a round's start)",
        "Heal actions are not in the space."])


def agent_spec(max_rounds: int) -> AgentSpec:
    return AgentSpec(N_ACTIONS, OBS_SIZE, lambda game, agent: observe(game, agent, max_rounds),
                     lambda game, legal: MOVES.encode(game, legal), numbering())


def observe(game, agent: str, max_rounds: int) -> np.ndarray:
    obs = np.zeros(OBS_SIZE, np.float32)
    state = game.state
    scene = game.scene()
    board = scene.board
    me = state.figure(agent)
    cx, cy = me.at
    _, (sx, sy) = game.board()
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
    obs[-4:] = [game.health(me) / max(1, me.max_health), state.track.doom / spaces_,
                state.track.fate / spaces_, min(1.0, state.round / max(1, max_rounds))]
    return np.clip(obs, 0.0, 1.0)
