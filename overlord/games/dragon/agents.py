"""The Dragon for learning agents (the PettingZoo environment, ``overlord.sim.environment``): a
fixed ``Discrete`` action space behind a mask and a float observation in [0, 1].

The actions (:data:`SLOTS`): ``end``; ``move`` to the k-th field the hero may step to (up to 8, in
the board's reading order); ``jump`` to the k-th landing of the Boots of Jumping (up to 12, reading
order); ``vision`` on the k-th field the hero may step to; fight with magic, ranged, close (the
creature that must be fought, else the first on the field), or with Lightning; the single-word
actions (``draw`` among them); ``try`` by skill; ``use`` an encounter (Cerberos by the skill
trained); buying the k-th offered counter for oneself; dropping the k-th artifact; Clairvoyance's
k-th pick (up to 32, in the order offered); the Mage's k-th spell for his gold; an attacked hero's
answer to Attack! (the trial by skill, Lightning, or the k-th artifact given up). Pegasus flights,
buying for another hero and the players' own placements have no index (they are masked out).
"""

from __future__ import annotations

import numpy as np

from overlord.core.game import AgentSpec
from overlord.games.heroes.sheet import SKILLS, artificial_life, cube_count, dice_for, skill_value

from . import draws, jumps, moves, spells
from .load import DragonContent
from .machines import DRAGON_STATES
from .state import Ctx, carried

MOVES = 8
JUMPS = 12
PICKS = 32
SPELLS = 8
SINGLE = ("hide", "search", "teleport", "roll", "rummage", "rappel", "ferry", "forge", "take_task", "fulfil", "take",
          "deliver", "market", "close", "drink", "cast", "pray", "rest", "repair", "drop_task", "draw")
SLOTS: list[str] = (["end"] + [f"move {k}" for k in range(MOVES)] + [f"fight {sk}" for sk in SKILLS] + ["fight lightning"]
                    + list(SINGLE) + [f"try {sk}" for sk in SKILLS] + ["use"] + [f"use {sk}" for sk in SKILLS]
                    + [f"buy {k}" for k in range(4)] + [f"drop {k}" for k in range(4)]
                    + [f"jump {k}" for k in range(JUMPS)] + [f"vision {k}" for k in range(MOVES)]
                    + [f"clairvoyance {k}" for k in range(PICKS)] + [f"spell {k}" for k in range(SPELLS)]
                    + [f"defend {sk}" for sk in SKILLS] + ["defend lightning"] + [f"lose {k}" for k in range(4)])
INDEX = {name: i for i, name in enumerate(SLOTS)}
DRAGON_NAMES = [st if isinstance(st, str) else st["name"] for st in DRAGON_STATES]


def agent_spec(content: DragonContent, heroes: list[str]) -> AgentSpec:
    fields = list(content.board.fields)
    where = {f: i for i, f in enumerate(fields)}
    obs_size = len(fields) + 20 + len(DRAGON_NAMES)

    def observe(match, hero: str) -> np.ndarray:
        s, c = match.state, match.content
        v = np.zeros(obs_size, np.float32)
        hs, sheet = s.at[hero], s.sheets[hero]
        v[where[hs.between or hs.field]] = 1.0
        k = len(fields)
        have = set(carried(s, c, hero).values())
        coop = c.scenario.coop
        limit = coop.hoard_limit[len(s.heroes)] if coop else 12
        extra = [sheet.natural / max(1, sheet.natural_max), artificial_life(sheet) / 3, (sheet.gold + hs.purse) / 10]
        extra += [skill_value(sheet, sk) / 11 for sk in SKILLS] + [dice_for(sheet, sk) / 5 for sk in SKILLS]
        extra += [cube_count(sheet, sk) / 12 for sk in SKILLS]
        extra += [float(any(c.artifacts[a].origin == "chain" and a.startswith("scroll") for a in have)),
                  float(any(c.artifacts[a].origin == "chain" and not a.startswith("scroll") for a in have)),
                  float(any(c.artifacts[a].dragon for a in have)), len(sheet.tasks) / 4,
                  s.hoard / limit, s.dragon_life / 5, float(s.storm), min(1.0, s.round / c.scenario.max_rounds)]
        v[k:k + len(extra)] = np.clip(extra, 0, 1)
        v[k + 20 + DRAGON_NAMES.index(s.dragon)] = 1.0
        return v

    def encode(match, legal: list[dict]) -> list[int | None]:
        s, c = match.state, match.content
        hero = s.pending.get("hero") if s.pending else s.turn.hero
        ctx = Ctx(s, c, None, None)
        steps = moves.step_targets(ctx, hero) if hero else []
        items = [i.id for i in s.sheets[hero].items] if hero else []
        landings = jumps.targets(ctx, hero) if hero and any(a["do"] == "jump" for a in legal) else []
        picks = draws.pickable(ctx) if any(a["do"] == "clairvoyance" for a in legal) else []
        gifts = spells.gold_spells(ctx, hero) if hero and any(a["do"] == "spell" for a in legal) else []
        out: list[int | None] = []
        for a in legal:
            do = a["do"]
            name = None
            if do == "end":
                name = "end"
            elif do == "move" and a["to"] in steps and steps.index(a["to"]) < MOVES:
                name = f"move {steps.index(a['to'])}"
            elif do == "jump" and a["to"] in landings[:JUMPS]:
                name = f"jump {landings.index(a['to'])}"
            elif do == "vision" and a["to"] in steps[:MOVES]:
                name = f"vision {steps.index(a['to'])}"
            elif do == "clairvoyance" and a["target"] in picks[:PICKS]:
                name = f"clairvoyance {picks.index(a['target'])}"
            elif do == "spell" and a["item"] in gifts[:SPELLS]:
                name = f"spell {gifts.index(a['item'])}"
            elif do == "fight":
                name = "fight lightning" if a.get("spell") else f"fight {a['skill']}"
            elif do == "try":
                name = f"try {a['skill']}"
            elif do == "use":
                name = f"use {a['skill']}" if a.get("skill") else "use"
            elif do == "buy" and a["for"] == hero and a["item"] in s.offer:
                name = f"buy {s.offer.index(a['item'])}"
            elif do == "drop" and a["item"] in items:
                name = f"drop {items.index(a['item'])}"
            elif do == "defend":
                name = "defend lightning" if a.get("spell") else f"defend {a['skill']}"
            elif do == "lose" and a["item"] in items:
                name = f"lose {items.index(a['item'])}"
            elif do in SINGLE:
                name = do
            out.append(INDEX.get(name) if name else None)
        return out

    told = " ".join(__doc__.split("The actions (:data:`SLOTS`): ", 1)[1].split())
    return AgentSpec(len(SLOTS), obs_size, observe, encode,
                     told + "\n" + ", ".join(f"{i} {n}" for i, n in enumerate(SLOTS)))
