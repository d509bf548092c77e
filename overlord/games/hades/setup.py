"""Setting up the Underworld beneath Return of the Heroes (Heroes in the Underworld, "Combined with
Return of the Heroes"):

- "The 16 map tiles of the Upper World are laid out. Hero Quests must be granted at the Capital
  (select one)": Return of the Heroes' Standard Game (``roth.setup``) with the heroic deeds at the
  royal court (Option 2), no deed dealt.
- "The Gate marker to the Underworld/Styx ... is mixed in with the Adventure markers of Return of
  the Heroes": the gate's counter (``load.GATE``) starts in the bag.
- "Place the Styx map tile beside the map of the Upper World": the Underworld's tiles as its own
  Preparation lays them - Styx, the other tiles in three face-down stacks - with no hero on Styx
  yet; its treasure heap and Adventure markers face down, the Damned One's marker and the special
  weapons on its card (the Underworld's ``engine.new_game``, the heroes' part left out). The gate
  to Hades/Lethe stays in the box ("only used if all three games are combined").
- The race's rivals (``seats``, ours) as in Return of the Heroes' race.
- Together (``mode: coop``, ours): Return of the Heroes' Nameless deck (its co-operative set-up) and
  the Underworld's Dark deck and perils, shuffled as its co-operative Preparation shuffles them.

Both worlds draw from the one generator: Return of the Heroes' set-up first, then the Underworld's.
"""

from __future__ import annotations

import dataclasses

from overlord.core.decks import new_deck
from overlord.core.rng import rng_from_state, rng_state
from overlord.games.roth import setup as roth_setup
from overlord.games.roth.state import RothState
from overlord.games.underworld import tiles
from overlord.games.underworld.state import KIND_HEAP, instance_ids

from .load import COMBINED_RULES, HadesContent, under_rules
from overlord.games.beneath.state import UnderPart

from .state import HadesState


def new_state(c: HadesContent, heroes: list[str], seed: int) -> HadesState:
    rs = roth_setup.new_state(c, heroes, seed)
    s = HadesState(**{f.name: getattr(rs, f.name) for f in dataclasses.fields(RothState)})
    s.rules = {**s.rules, **c.hades.rules.model_dump(), **COMBINED_RULES}
    rng = rng_from_state(s.rng)
    s.under = _part(c, rng)
    s.rng = rng_state(rng)
    s.log.append({"event": "underworld_laid", "stacks": [len(k) for k in s.part.map.stacks],
                  "adventure": len(s.part.adventure), "treasure": len(s.part.treasure),
                  "why": "Place the Styx map tile beside the map of the Upper World"})
    s.seen = len(s.log)
    return s


def _part(c: HadesContent, rng) -> UnderPart:
    """The Underworld as its Preparation lays it, with no hero below."""
    u = c.under
    piles: dict[str, list[str]] = {"adventure": [], "treasure": [], "card": []}
    for spec in u.catalogue.values():
        piles[KIND_HEAP[spec.kind]] += instance_ids(spec)
    part = UnderPart(map=tiles.setup(u.tiles, [], rng), catalogue=c.catalogue,
                     adventure=sorted(piles["adventure"]), treasure=sorted(piles["treasure"]),
                     card=sorted(piles["card"]), rules={**u.scenario.rules.model_dump(), **under_rules(c.hades),
                                                          "abilities": {}})
    part.avatars = {cid: "hidden" for spec in u.catalogue.values() if spec.kind == "avatar"
                    for cid in instance_ids(spec)}
    if c.hades.mode == "coop":                  # together (ours): the Damned One's Dark deck and perils
        part.dark_deck = new_deck("dark", list(u.dark.cards), rng)
        part.peril_deck = new_deck("peril", list(u.dark.perils), rng)
    return part
