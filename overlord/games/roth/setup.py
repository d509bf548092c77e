"""Setting a Return of the Heroes game up: the introductory game (Return of the Heroes, "What to Do
First"), and Option 1 of the Standard Game.

- "Place all the open counters mentioned on the introductory game sheet in the bag, the remaining
  counters are not required for the introduction game": each counter's ``start`` (``counters.
  STARTS``) - on its coordinates, in the bag, the market's pile, out of this game; the Nameless
  waits outside the bag, his Guards and Servants with him.
- "each player chooses one of four heroes - fighter, mage, elf or dwarf - and selects the gender of
  their character by choosing one side of the character sheet": one hero a kind, of those four.
- "filling the sheet with the specified number of red hit points ... and gold pieces".
- "Make sure that the four heroes start on their specified regions ... place your character on the
  indicated location and put your manor house next to it": each hero on the field next to his
  kind's manor (``regions.start_field``).
- "Every character has a given heroic deed to fulfill": the deed the deeds file gives the kind in
  the introductory game; its counters on the map or in the bag as the file says. "Should you play
  with less than four players, simply disregard those characters (and their deeds)": the counters
  of deeds nobody holds are out of the game.
- The random encounter chits: two on each region, face down ("distribute two random encounter
  chits on each region", said of the Standard Game; our reading: the introductory game too), on
  the family's set-up spots - opposite entry fields of each map, alternating north-south and
  east-west (``heroes.regions.setup_fields``; the Unknown Land puts its two "on two opposite ends of
  the region" too); the rest, shuffled, into the bag.
- "The oldest player begins": the first hero named.
- The introductory game's Nameless is predetermined: the card the Nameless file marks.
- Option 1 (``rules.nameless_at_start``): "The Nameless counter is placed in the bag right from the
  start".
- Together (``mode: coop``, ours): the Nameless deck (``enemy``), shuffled at its first draw.

The Standard Game and the Unknown Land (Alternative Rules; ``lands`` for the board):

- "The regions 'Nameless' (H) and 'Temple' (N) are separated and rest shuffled. Subsequently, every
  player draws one region from the pack. This is their home region ... The home regions are placed
  on the corners of the map" (``lands.deal_regions``; ``RothOwn.layout``); "Your manor house is
  placed in your home region and your character on the field next to it" (``regions.home_manor``).
  Every hero of the game draws one, the race's rivals too.
- "distribute two random encounter chits on each region! They are placed on any tan fields": on the
  set-up spots of the board as it lies (our reading, as the introductory game's); the Unknown Land
  turns up only the home regions, and keeps two chits for each region face down
  (``RothOwn.land_chits``).
- "the magic artifacts and the first part of the heroic deeds are put into the bag instead of on
  the map. The mice counter ... also goes in the bag": each counter's ``start.standard``.
- "One of the six Nameless cards is drawn face down from the deck, and the rest are removed from
  the game (also face down)": the card drawn with the game's generator, shown to nobody
  (``RothOwn.nameless_card``; the mice let a hero look, ``places``).
- "The heroic deeds are shuffled, and every player is dealt two of the cards" (``deeds.deal``;
  Option 2, ``rules.deeds_at_court``: none dealt, the deck at the royal court).
- "You can pick one of the five heroes" (:func:`hero_kinds`: the clerics too).
- Option 1 as in the introductory game above.
"""

from __future__ import annotations

from overlord.core.decks import Deck, shuffled
from overlord.core.game import RulesError
from overlord.core.rng import new_rng, rng_state
from overlord.games.heroes.regions import setup_fields
from overlord.games.heroes.sheet import new_sheet
from overlord.games.heroes.state import put

from . import lands, machines
from .content import INTRODUCTORY_KINDS
from .counters import CHITS_PER_REGION
from .deeds import deal as deeds_dealt
from .load import RothContent, instance_ids
from .regions import home_manor, start_field
from .state import Ctx, HeroState, RothState, laid_out, own_layout


def new_state(c: RothContent, heroes: list[str], seed: int) -> RothState:
    sc = c.scenario
    intro = sc.variant == "introductory"
    _check_heroes(c, heroes)
    rivals = _rivals(c, heroes) if sc.mode == "race" and sc.seats else []
    heroes = list(heroes) + rivals
    rng = new_rng(seed)
    layout, homes = (list(own_layout(c)), []) if intro else lands.deal_regions(list(own_layout(c)), len(heroes), rng)
    sheets, at, deeds = {}, {}, {}
    for k, h in enumerate(heroes):
        spec = c.heroes[h]
        sheets[h] = new_sheet(h, dict(spec.skills), {s: list(t) for s, t in spec.thresholds.items()}, spec.movement,
                              spec.life, spec.gold, item_slots=spec.item_slots, task_slots=spec.task_slots)
        if intro:
            deed = next(d for d, m in c.deeds.items() if m.intro == spec.kind)
            at[h] = HeroState(field=start_field(c.board, spec.manor), manor=spec.manor, deeds={deed: 0})
            deeds[deed] = h
        else:                       # the home region's manor; the deeds are dealt below
            manor = home_manor(c.board, homes[k])
            at[h] = HeroState(field=start_field(c.board, manor), manor=manor)
    explored = homes if sc.variant == "unknown_land" else [ch for row in layout for ch in row]
    s = RothState(scenario=sc.id, seed=seed, mode=sc.mode, heroes=list(heroes), rng={}, rules=sc.rules.model_dump(),
                  sheets=sheets, at=at, bag=[], board={}, down=[], backs=[], market=[], variant=sc.variant,
                  layout=layout, explored=sorted(explored), rivals=rivals,
                  nameless_deck=_nameless_deck(c))
    board = laid_out(s, c).board            # the regions as they lie (the Unknown Land: those turned up)
    chits: list[str] = []
    for spec in c.counters.values():
        where = "out" if spec.deed and spec.deed not in deeds else spec.start(sc.variant)
        for inst in instance_ids(spec):
            if where == "chits":
                chits.append(inst)
            elif where == "map":
                put(s, spec.at, inst)
            elif where == "bag" or (where == "deed" and sc.rules.nameless_at_start):
                s.bag.append(inst)
            elif where == "market":
                s.market.append(inst)
            elif where in ("deed", "guard", "servant"):
                s.aside.append(inst)        # the Nameless and those who come with him
            else:
                s.removed.append(inst)
    chits = shuffled(sorted(chits), rng)
    spots = setup_fields(board)
    if len(chits) < len(spots) or len(spots) != CHITS_PER_REGION * len(board.grid):
        raise RulesError(f"{len(chits)} random encounter chits for {len(spots)} set-up spots")
    for fid, inst in zip(spots, chits):
        put(s, fid, inst, face_down=True)
    kept = CHITS_PER_REGION * (len(c.board.grid) - len(board.grid))    # the Unknown Land's, for the regions face down
    s.land_chits = chits[len(spots):len(spots) + kept]
    s.bag.extend(chits[len(spots) + kept:])
    s.bag.sort()
    s.market = shuffled(sorted(s.market), rng)
    if intro:
        s.nameless_card = next(n for n, card in c.nameless.items() if card.introductory)
    else:                           # "One of the six Nameless cards is drawn face down from the deck"
        s.nameless_card = shuffled(sorted(c.nameless), rng)[0]
    if sc.rules.nameless_at_start:
        s.nameless = machines.fire("nameless", s.nameless, "enter", s, c)
    s.turn.hero = heroes[0]
    dealt = [] if intro else deeds_dealt(Ctx(s, c, rng, rng, len(s.log)))
    s.rng = rng_state(rng)
    s.log.insert(len(s.log) - len(dealt), {
        "event": "setup", "heroes": list(heroes), "rivals": rivals, "seed": seed, "mode": sc.mode, "variant": sc.variant,
        "starts": {h: at[h].field for h in heroes}, "deeds": {h: list(at[h].deeds) for h in heroes},
        "chits": len(spots), "bag": len(s.bag), "market": len(s.market), "nameless": s.nameless,
        **({} if intro else {"layout": list(layout), "homes": dict(zip(heroes, homes)), "explored": list(s.explored)})})
    return s


def _nameless_deck(c: RothContent) -> Deck | None:
    """Together (ours): the Nameless deck, its cards on the discard pile so that its first draw shuffles
    them with the game's generator (``core.decks.draw_card``) and set-up draws nothing for it."""
    if c.scenario.mode != "coop" or not c.cards:
        return None
    return Deck("nameless", [], list(c.cards))


def _check_heroes(c: RothContent, heroes: list[str]) -> None:
    sc = c.scenario
    if len(heroes) not in sc.heroes:
        raise RulesError(f"{sc.name} is for {' or '.join(map(str, sc.heroes))} heroes, not {len(heroes)}")
    unknown = [h for h in heroes if h not in c.heroes]
    if unknown:
        raise RulesError(f"unknown hero {unknown[0]!r}; heroes: {', '.join(c.heroes)}")
    kinds = [c.heroes[h].kind for h in heroes]
    odd = [h for h in heroes if c.heroes[h].kind not in hero_kinds(c)]
    if odd:
        raise RulesError(f"{c.heroes[odd[0]].name} is a {c.heroes[odd[0]].kind}: the introductory game is played by "
                         f"the {', '.join(INTRODUCTORY_KINDS[:-1])} and {INTRODUCTORY_KINDS[-1]} (What to Do First)")
    twice = sorted({k for k in kinds if kinds.count(k) > 1})
    if twice:
        both = [c.heroes[h].name for h in heroes if c.heroes[h].kind == twice[0]]
        raise RulesError(f"{' and '.join(both)} are the two sides of one {twice[0]}'s sheet: choose one")


def _rivals(c: RothContent, heroes: list[str]) -> list[str]:
    """The race's rivals, the heroes the program plays: one of each introductory kind no player took,
    in the book's order (fighter, mage, elf, dwarf), the first side of each sheet, until the
    scenario's seats are full (ours: the book's race has a player a hero)."""
    taken = {c.heroes[h].kind for h in heroes}
    free = [k for k in hero_kinds(c) if k not in taken]
    seats = c.scenario.seats - len(heroes)
    if seats < 0:
        raise RulesError(f"{c.scenario.name} seats {c.scenario.seats} heroes, the program's rivals among them: "
                         f"at most {c.scenario.seats} players")
    return [next(h for h, spec in c.heroes.items() if spec.kind == kind) for kind in free[:seats]]


def hero_kinds(c: RothContent) -> tuple[str, ...]:
    """The kinds of hero a scenario is played with: the introductory game's four ("each player
    chooses one of four heroes - fighter, mage, elf or dwarf", What to Do First), or the Standard
    Game's five ("Can we choose the cleric as our hero? Naturally. You can pick one of the five
    heroes"; the Unknown Land is played on the Standard Game's set-up)."""
    return INTRODUCTORY_KINDS if c.scenario.variant == "introductory" else INTRODUCTORY_KINDS + ("cleric",)
