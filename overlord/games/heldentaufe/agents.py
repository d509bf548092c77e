"""How learning agents see Heldentaufe (the PettingZoo environment, ``overlord.sim.environment``).

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

from overlord.core.game import AgentSpec

from . import heroes as hb, monsters
from .board import xy
from .content import SLOTS
from .engine import ap_left
from .state import UNDER

N_ACTIONS = 53
HERO_FEATURES = 9
OBS = 5 * HERO_FEATURES + 3 * 4 + 8
MONSTERS = ("ulumu", "zibbler", "wallrog")
FOOD = ("apple", "fish", "mushroom")
POTIONS = ("healing", "berserker", "teleport")
EQUIP = tuple(f"{s}+{v}" for s in SLOTS for v in (1, 2, 3))
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
        c, s = match.content, match.state
        out: list[int | None] = []
        forge = trade = improve = False
        for a in legal:
            do = a["do"]
            hero = s.board[a["hero"]]
            i = None
            if do == "end":
                if "improve" not in a:
                    i = 0
                elif not improve:
                    i, improve = 52, True
            elif do in ("move", "explore") and hero.world != UNDER:
                (x, y), (tx, ty) = xy(hero.at), xy(a["to"])
                i = 1 + [(0, -1), (1, 0), (0, 1), (-1, 0)].index((tx - x, ty - y))
            elif do == "move":
                b = c.underworld
                i = 5 + b.neighbours[b.area(hero.at)].index(b.area(a["to"]))
            elif do == "descend":
                i = 11
            elif do == "ascend":
                i = 12
            elif do == "fight" and "companion" not in a:
                i = 13 + MONSTERS.index(a["target"]) if a["target"] in MONSTERS else 16 + s.heroes.index(a["target"])
            elif do == "decline":
                i = 21 + hero.hand.index(a["card"])
            elif do == "eat":
                i = 24 + FOOD.index(a["food"])
            elif do == "brew" and "companion" not in a:
                i = 27 + POTIONS.index(a["potion"])
            elif do == "drink":
                i = 30 + POTIONS.index(a["potion"])
            elif do == "teleport":
                treasure = c.underworld.labels[c.underworld.treasure]
                i = 32 if (a["world"], a["to"]) == ("upper", "0,0") else 33 if (a["world"], a["to"]) == ("under", treasure) else None
            elif do == "collect":
                i = 34
            elif do == "equip":
                i = 35 + EQUIP.index(a["token"])
            elif do == "unequip":
                i = 44 + SLOTS.index(a["slot"])
            elif do == "forge" and not forge:
                i, forge = 47, True
            elif do == "trade" and not trade:
                i, trade = 48, True
            elif do == "mission":
                i = 49 + hero.hand.index(a["card"])
            out.append(i)
        return out

    return AgentSpec(N_ACTIONS, OBS, observe, encode, __doc__.split("Actions:")[1].split("Observation")[0].strip())
