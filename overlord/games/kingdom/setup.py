"""Setting up Return of the Heroes with the Dragon (Under the Shadow of the Dragon, "as an Expansion
Set", Rules Changes):

- "The oldest player goes first. He chooses one of the eight heroes. Choice of heroes then proceeds
  clockwise": the heroes as named, each a kind of his own (Return of the Heroes' fighter, mage,
  elf, dwarf and cleric, one side of a sheet each; the Dragon's Paladin, Halfling, Orc and Mage).
  Our reading: "the eight heroes" counts four kinds a box; Return of the Heroes' Standard Game adds
  its cleric ("You can pick one of the five heroes"), so nine kinds may be chosen. The race's
  rivals (``seats``, ours) are the first side of each kind no player took, Return of the Heroes'
  first.
- "All 25 region maps are shuffled together and laid out in a square 5 by 5 region maps"
  (:func:`deal_layout`).
- "All of the 50 covered counters are also shuffled and distributed according to the basic rules":
  two on each region's set-up spots (Return of the Heroes' Standard Game: "distribute two random
  encounter chits on each region"), face down; the rest into the bag. The boxes as shipped hold 51
  (Return of the Heroes' 33 chits, the Dragon's 18 covered counters): the one left over goes into
  the bag.
- "All open counters are put into the bag, except for: the Nameless, his Guards, and his Servants;
  the 6 Dragon counters (5x Dragon Events, 1x Dragon Man)": those wait beside the board (``aside``);
  the Dragon himself goes into the bag ("The Dragon begins the game in the bag"). The market
  counters of each box are its market's pile: Return of the Heroes' (``market``) and the City of
  the Mages' (``city``).
- "Finally, the Nameless cards are shuffled, and one of them is placed face down next to the game
  board."
- "No player gets a heroic deed at the beginning of the game": the deck of deeds lies at the
  Capital (Return of the Heroes' Option 2, ``roth.deeds.deal``), their counters in the bag.
- The manor houses are placed by the players, the last to choose first (``manors``): a choice each
  player owes before the first turn (``pending: {"house": ...}``).
- "The oldest player goes first, the others following clockwise."
- Together (``mode: coop``, ours): no rivals; the Nameless deck and the Dragon deck wait to be
  shuffled at their first draw (``enemy``).
"""

from __future__ import annotations

from overlord.core.decks import Deck, shuffled
from overlord.core.game import RulesError
from overlord.core.rng import new_rng, rng_state
from overlord.games.heroes.regions import setup_fields
from overlord.games.heroes.sheet import new_sheet
from overlord.games.heroes.state import put
from overlord.games.roth import deeds as roth_deeds
from overlord.games.roth.counters import CHITS_PER_REGION
from overlord.games.roth.load import instance_ids as roth_instances
from overlord.games.dragon.load import instance_ids as dragon_instances

from . import context, houses
from .load import KingdomContent, dragon_cards, rules_of
from .state import HeroState, KingdomState

SIDE = 5                 # "a square 5 by 5 region maps"
ROTH_KINDS = ("fighter", "mage", "elf", "dwarf", "cleric")
# where each box's counters wait at the start, by their own box's words
ROTH_START = {"chits": "covered", "bag": "bag", "market": "market", "deed": "aside", "guard": "aside",
              "servant": "aside"}
DRAGON_START = {"covered": "covered", "bag": "bag", "market": "city", "lair": "bag", "guard": "aside",
                "event": "aside"}


def kinds(c: KingdomContent) -> list[str]:
    """The kinds of hero that may be chosen: Return of the Heroes' five, then the Dragon's four."""
    theirs = [k for k in ROTH_KINDS if any(h.kind == k for h in c.boxes.roth.heroes.values())]
    return theirs + [c.heroes[h].kind for h in c.boxes.dragon.heroes]


def kind_of(c: KingdomContent, hero: str) -> str:
    return c.heroes[hero].kind


def deal_layout(letters: list[str], rng) -> list[str]:
    """The maps shuffled and laid five by five, a row a string."""
    deck = shuffled(sorted(letters), rng)
    return ["".join(deck[r * SIDE:(r + 1) * SIDE]) for r in range(SIDE)]


def check_heroes(c: KingdomContent, heroes: list[str]) -> None:
    sc = c.scenario
    if len(heroes) not in sc.heroes:
        raise RulesError(f"{sc.name} is for {' or '.join(map(str, sc.heroes))} players, not {len(heroes)}")
    unknown = [h for h in heroes if h not in c.heroes or kind_of(c, h) not in kinds(c)]
    if unknown:
        raise RulesError(f"unknown hero {unknown[0]!r}; heroes: {', '.join(h for h in c.heroes if kind_of(c, h) in kinds(c))}")
    taken = [kind_of(c, h) for h in heroes]
    twice = sorted({k for k in taken if taken.count(k) > 1})
    if twice:
        both = [c.heroes[h].name for h in heroes if kind_of(c, h) == twice[0]]
        raise RulesError(f"{' and '.join(both)} are the two sides of one {twice[0]}'s sheet: choose one")


def rivals(c: KingdomContent, heroes: list[str]) -> list[str]:
    """The race's rivals (ours): the first side of each kind no player took, filling the table to the
    scenario's seats (more players than seats: no rivals)."""
    seats = max(0, c.scenario.seats - len(heroes))
    taken = {kind_of(c, h) for h in heroes}
    free = [k for k in kinds(c) if k not in taken]
    return [next(h for h in c.heroes if kind_of(c, h) == k) for k in free[:seats]]


def new_state(c: KingdomContent, heroes: list[str], seed: int) -> KingdomState:
    check_heroes(c, heroes)
    sc = c.scenario
    rivals_ = rivals(c, heroes)
    heroes = list(heroes) + rivals_
    rng = new_rng(seed)
    layout = deal_layout(list(c.board.grid), rng)
    sheets = {}
    for h in heroes:
        spec = c.heroes[h]
        sheets[h] = new_sheet(h, dict(spec.skills), {k: list(t) for k, t in spec.thresholds.items()}, spec.movement,
                              spec.life, spec.gold, item_slots=spec.item_slots, task_slots=spec.task_slots)
    s = KingdomState(scenario=sc.id, seed=seed, mode=sc.mode, heroes=heroes, rng={}, rules=rules_of(c),
                     sheets=sheets, at={h: HeroState(field="", manor="") for h in heroes}, bag=[], board={},
                     down=[], backs=[], market=[], variant="standard", layout=layout,
                     explored=sorted(c.board.grid), rivals=rivals_)
    covered: list[str] = []
    piles = {"covered": covered, "bag": s.bag, "market": s.market, "city": s.city, "aside": s.aside}
    for spec in c.boxes.roth.counters.values():
        if spec.deed:
            continue                                  # the deeds' counters: roth_deeds.deal
        where = ROTH_START.get(spec.start_standard)
        for inst in roth_instances(spec):
            (piles[where] if where else s.removed).append(inst)
    for dspec in c.boxes.dragon.counters.values():
        for inst in dragon_instances(dspec):
            piles[DRAGON_START[dspec.start]].append(inst)
    board = context.roth(context.Ctx(s, c, rng, rng, 0)).c.board       # the maps as they lie
    spots = setup_fields(board)
    if len(spots) != CHITS_PER_REGION * len(board.grid) or len(covered) < len(spots):
        raise RulesError(f"{len(covered)} covered counters for {len(spots)} set-up spots")
    dealt = shuffled(sorted(covered), rng)
    for fid, inst in zip(spots, dealt):
        put(s, fid, inst, face_down=True)
    s.bag.extend(dealt[len(spots):])
    s.bag.sort()
    s.market = shuffled(sorted(s.market), rng)
    s.nameless_card = shuffled(sorted(c.roth.nameless), rng)[0]
    if sc.mode == "coop":
        s.nameless_deck, s.dragon_deck = _decks(c)
    s.turn.hero = heroes[0]
    s.log.append({"event": "setup", "heroes": list(heroes), "rivals": rivals_, "seed": seed, "mode": sc.mode,
                  "layout": list(layout), "covered": len(spots), "bag": len(s.bag), "market": len(s.market),
                  "city": len(s.city), "aside": len(s.aside)})
    roth_deeds.deal(context.roth(context.Ctx(s, c, rng, rng, len(s.log))), per_hero=0)
    houses.first_placer(context.Ctx(s, c, rng, rng, len(s.log)))
    s.rng = rng_state(rng)
    return s


def _decks(c: KingdomContent) -> tuple[Deck, Deck]:
    """Together (ours): the Nameless deck and the Dragon deck (its cards of ours: ``load.dragon_cards``),
    each on its discard pile so that its first draw shuffles it with the game's generator."""
    return Deck("nameless", [], list(c.roth.cards)), Deck("dragon", [], dragon_cards(c.boxes.dragon))
