"""Setting a game up (UtSotD, "The Story Begins").

1. The nine maps R to Z in a square (``decks/dragon/regions.yaml``).
2-3. Each player's hero, with his natural hit points and gold.
4. "Shuffle the covered counters (still covered, of course), then place one counter each on
   opposing entry fields of each map piece" (``heroes.regions.setup_fields``); "pick the Dragon
   counter ... and place it on its appropriate field (V 9)"; "Put the remaining open counters into
   the bag. Put all 'City of the Mages' counters face down next to the game board."
6. "Place your game figure on either T2 or X2" - hero k on ``scenario.manors[k % len]``.

Readings: the Dragon Man waits on V10 from the start (``rules.dragon_man: guard``; ``bag``: an
open counter in the bag, placed on V10 when drawn; until then the lair is open only to the Rope).
With the expansion's ``dragon_in_bag`` the Dragon is in the bag and the Events (book) and the
Dragon Man (``bag``) wait aside until he is drawn. In the co-operative mode the five Dragon Events
are the Dragon deck's first five cards: their counters wait aside, out of the bag; with
``coop.open_chains`` (ours) the material beings and the loremasters start on their coordinates.
"""

from __future__ import annotations

from overlord.core.decks import new_deck, shuffled
from overlord.core.game import RulesError
from overlord.core.rng import new_rng, rng_state
from overlord.games.heroes.regions import setup_fields
from overlord.games.heroes.sheet import new_sheet
from overlord.games.heroes.state import put

from . import machines
from .load import DragonContent, instance_ids
from .state import DragonState, HeroState


def new_state(c: DragonContent, heroes: list[str], seed: int) -> DragonState:
    sc = c.scenario
    if len(heroes) not in sc.heroes:
        raise RulesError(f"{sc.name} is for {' or '.join(map(str, sc.heroes))} heroes, not {len(heroes)}")
    unknown = [h for h in heroes if h not in sc.names]
    if unknown:
        raise RulesError(f"unknown hero {unknown[0]!r}; heroes: {', '.join(sc.names)}")
    if len(set(heroes)) != len(heroes):
        raise RulesError(f"each hero may be chosen once, got {', '.join(heroes)}")
    rng = new_rng(seed)
    rules = sc.rules.model_dump()
    sheets, at = {}, {}
    for k, h in enumerate(heroes):
        spec = c.heroes[h]
        sheets[h] = new_sheet(h, dict(spec.skills), {s: list(t) for s, t in spec.thresholds}, spec.movement,
                              spec.life, spec.gold)
        manor = sc.manors[k % len(sc.manors)]
        at[h] = HeroState(field=manor, manor=manor)
    s = DragonState(scenario=sc.id, seed=seed, mode=sc.mode, heroes=list(heroes), rng={}, rules=rules,
                    sheets=sheets, at=at, bag=[], board={}, down=[], backs=[], market=[])
    covered = []
    for spec in c.counters.values():
        for inst in instance_ids(spec):
            if spec.start == "covered":
                covered.append(inst)
            elif spec.start == "market":
                s.market.append(inst)
            elif spec.start == "lair":
                (s.bag if rules["dragon_in_bag"] else s.aside).append(inst)
            elif spec.start == "guard":
                (s.aside if rules["dragon_man"] == "guard" or rules["dragon_in_bag"] else s.bag).append(inst)
            elif spec.start == "event":
                (s.bag if sc.mode == "book" and not rules["dragon_in_bag"] else s.aside).append(inst)
            else:
                s.bag.append(inst)
    if sc.coop is not None and sc.coop.open_chains:
        for inst in [i for i in s.bag if c.spec(i).needs]:
            s.bag.remove(inst)
            put(s, c.spec(inst).at, inst)
    for fid, inst in zip(setup_fields(c.board), shuffled(sorted(covered), rng)):
        put(s, fid, inst, face_down=True)
    for inst in list(s.aside):
        spec = c.spec(inst)
        if spec.start == "lair":
            s.aside.remove(inst)
            put(s, spec.at, inst)
            s.dragon = machines.fire("dragon", s.dragon, "place", s, c)
        elif spec.start == "guard" and rules["dragon_man"] == "guard":
            s.aside.remove(inst)
            put(s, spec.at, inst)
            s.dragon_man = machines.fire("dragon-man", s.dragon_man, "place", s, c)
    if sc.mode == "coop":
        s.dragon_deck = new_deck("dragon", list(c.cards), rng)
    s.bag.sort()
    s.rng = rng_state(rng)
    s.log.append({"event": "setup", "heroes": list(heroes), "seed": seed, "mode": sc.mode,
                  "manors": {h: at[h].field for h in heroes}, "dragon": s.dragon, "dragon_man": s.dragon_man,
                  "covered": len(covered), "bag": len(s.bag), "market": len(s.market)})
    return s
