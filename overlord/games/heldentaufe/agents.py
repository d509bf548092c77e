"""How learning agents see Heldentaufe (the PettingZoo environment, ``overlord.sim.environment``).
Each move says its own indices (``verbs.MOVES``); this module words them and observes.

Actions: one ``Discrete(53)`` space behind the mask of the legal ones::

     0 end the turn              1-4 step north/east/south/west above (move or explore)
     5-10 step below, the hex's six neighbours in the board's order
    11 descend                  12 ascend              13-15 fight Ulumu/Zibbler/Wallrog
    16-20 fight hero 1-5 (the race)                    21-23 decline hand card 1-3
    24-26 eat apple/fish/mushroom                      27-29 brew healing/berserker/teleport
    30-31 drink healing/berserker                      32 teleport to the campfire
    33 teleport onto the treasure                      34 collect food
    35-43 equip boots/ring/sword +1..+3                44-46 unequip boots/ring/sword
    47 the first forging offered  48 the first trade offered   49-51 complete hand card 1-3
    52 end the turn improving the first piece a Laboratory offers

Actions the space does not name (dropping tokens, other teleports, forgings, trades, companions on
a fight or a brew) are left out of the mask.

Observation (floats in [0, 1]): per hero seat (5): present, below, hearts, points, action points
left, sword, potions, food, is the agent; per monster (3): on the board, hearts, sword, top tooth;
then the clock, the round, the treasure lying, the Underworld's cycle (4), the team's points.
"""

from __future__ import annotations

import numpy as np

from overlord.core.context import Context
from overlord.core.game import AgentSpec

from . import heroes as hb, monsters
from .state import UNDER
from .verbs import MOVES, MONSTERS, ap_left

N_ACTIONS = len(MOVES.slots())           # 53: each move's indices (``verbs``), in the kept layout
HERO_FEATURES = 9
OBS = 5 * HERO_FEATURES + 3 * 4 + 8
FOOD = ("apple", "fish", "mushroom")
CYCLE = ("empty", "marked", "monster_turn", "rebuilding")


def spec(content, heroes: list[str]) -> AgentSpec:
    def observe(match, hero: str) -> np.ndarray:
        c, s = match.content, match.state
        out = np.zeros(OBS, np.float32)
        target = c.scenario.target[len(s.heroes)]
        for i, h in enumerate(s.heroes[:5]):
            b = s.board[h]
            base = i * HERO_FEATURES
            out[base:base + HERO_FEATURES] = [
                1, b.world == UNDER, b.hearts / 9, min(1, hb.points(b) / target),
                ap_left(c, s, b) / 10 if h == s.turn.hero else 0, hb.sword(c, b) / 6, len(b.rack) / 5,
                sum(b.backpack.count(f) for f in FOOD) / 5, h == hero]
        base = 5 * HERO_FEATURES
        for i, mid in enumerate(MONSTERS):
            m = s.monsters.get(mid)
            if m is not None and m.at:
                out[base + 4 * i:base + 4 * i + 4] = [1, monsters.hearts(c, m) / 5, monsters.sword(c, m) / 5,
                                                     monsters.top(m) / 5]
        base += 12
        limit = c.scenario.clock.limit[len(s.heroes)] if c.coop and c.scenario.clock else 0
        team = sum(hb.points(s.board[h]) for h in s.heroes)
        out[base] = s.clock / limit if limit else 0
        out[base + 1] = min(1, s.round / c.scenario.max_rounds)
        out[base + 2] = s.treasure
        out[base + 3 + CYCLE.index(s.cycle)] = 1
        out[base + 7] = min(1, team / target)
        return np.clip(out, 0, 1)

    def encode(match, legal: list[dict]) -> list[int | None]:
        return MOVES.encode(Context.reading(match.state, match.content), legal)

    return AgentSpec(N_ACTIONS, OBS, observe, encode, __doc__.split("Actions:")[1].split("Observation")[0].strip())
