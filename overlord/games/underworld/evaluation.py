"""What a search bot reads of an Underworld game it stops playing early (its ``SearchModel``'s
``features``, ``evaluate``), and how it deals the hidden markers again (``determinize``).

Features, each about 0 to 1 and each the higher the better for the heroes: the Dark Side's
boxes still empty (the enemy's clock: 11 cubes lose), the Avatars banished and the special
weapons carried (the way to the Damned One), the best chance a hero now has to win the final
battle with what it carries, the Damned One in play, the heroes' life and experience, the tiles
explored and the rounds left. Weights: a logistic model fitted on the heuristic bot's games, none
negative (``bench/fit_evaluation.py``); ours. Solitaire has weights of its own
(``WEIGHTS_BY_HEROES[1]``): its rules differ (the special treasures count towards the entry, the
battle runs a cycle of skills, the Damned One in Chaos feeds the Dark Side every turn), and the
weights fitted on 1-4 heroes read a lone hero's games worse than a constant does (held-out log loss
0.540 against 0.506 on 1,000 solo games; the solo fit 0.475, AUC 0.66 against 0.59).

Hidden from the heroes: which marker lies face down where (the face-down markers on the tiles
and the Adventure pile are one pool to them), the treasure heap, the order of the tile stacks
(the heroes know each stack's size, and the tile drawn and being turned), the Dark and peril
decks, and every future die.
"""

from __future__ import annotations

from ...core.rng import new_rng, rng_state
from ...core.state import clone as clone_state
from ..heroes.sheet import SKILLS, life_total, shadow_cubes
from . import darkside
from .machines import avatar_ids, avatar_state
from .state import kind_of
from .tiles import ADVENTURE
from ...core.game import Match
from .bots import attack_odds, battle_chance, solo_odds

# fitted by `python bench/fit_evaluation.py underworld` (heuristic bot, 1-4 heroes)
WEIGHTS: dict[str, float] = {"bias": -6.526, "banished": 0.306, "damned": 0.257, "explored": 0.713, "life": 1.048, "light": 0.942, "odds": 1.637, "time_left": 4.290}
# fitted by `python bench/fit_evaluation.py underworld --heroes 1 --games 1000 --jobs 2` (solitaire alone, on
# the heuristic with SOLO_READY 0.8/0.6/0.4/0.2: held-out log loss 0.525, AUC 0.733; the weights
# fitted on the schedule before read those games at 0.548, AUC 0.711)
WEIGHTS_BY_HEROES: dict[int, dict[str, float]] = {1: {"bias": -6.014, "cubes": 1.088, "damned": 1.285, "explored": 0.966, "light": 1.373, "odds": 0.134, "strength": 1.112, "time_left": 3.211}}


def features(match) -> dict[str, float]:
    state = match.state
    heroes = state.heroes
    n = max(1, len(heroes))
    sheets = [state.sheets[h] for h in heroes]
    avatars = avatar_ids(state)
    specials = sum(1 for sh in sheets for i in sh.items if kind_of(state, i.id).kind == "special_weapon")
    return {
        "light": 1 - state.dark_side / 11,
        "banished": sum(1 for a in avatars if avatar_state(state, a) == "banished") / 3,
        "specials": min(1.0, specials / 2),
        "odds": max((attack_odds(state, h)[0] for h in heroes if not state.sheets[h].dead), default=0.0),
        "strength": max((strength(state, h) for h in heroes if not state.sheets[h].dead), default=0.0),
        "damned": 1.0 if state.damned not in ("dormant", "abroad") else 0.0,
        "life": sum(life_total(sh) / max(1, sh.natural_max) for sh in sheets) / n,
        "cubes": min(1.0, sum(sum(len(c) for c in sh.cubes.values()) for sh in sheets) / (10 * n)),
        "explored": len(state.map.placed) / 48,
        "time_left": max(0.0, 1 - state.round / 120),
    }


def strength(state, hero: str) -> float:
    """P(``hero`` wins the final battle now with its own skills, as if it carried a weapon for each):
    solitaire, the cycle of skills (``bots.solo_odds``); else its best combat skill without a shadow
    cube, each trial at the Damned One's -3."""
    if state.solitaire:
        return solo_odds(state, hero)
    sheet = state.sheets[hero]
    lp, damned_lp = life_total(sheet), darkside.life(state)
    return max((battle_chance(sheet, s, damned_lp, lp) for s in SKILLS if not shadow_cubes(sheet, s)), default=0.0)


def determinize(match, rng):
    """A clone with the face-down markers, the treasure heap, the tile stacks and the Dark and
    peril decks dealt again (from their sorted contents: nothing of the hidden order leaks), and
    the generator reseeded."""
    state = clone_state(match.state)
    revealed = set(state.revealed)
    slots = [(t, i) for t in state.map.placed for i, c in enumerate(t.markers)
             if c != ADVENTURE and c not in revealed]
    pool = sorted([t.markers[i] for t, i in slots] + list(state.adventure))
    pool = [pool[i] for i in rng.permutation(len(pool))]
    for (t, i), cid in zip(slots, pool):
        t.markers[i] = cid
    state.adventure = pool[len(slots):]
    heap = sorted(state.treasure)
    state.treasure[:] = [heap[i] for i in rng.permutation(len(heap))]
    drawn = state.turn.pending_tile[0] if state.turn is not None and state.turn.pending_tile else None
    seen = {drawn: state.map.stacks[drawn][0]} if drawn is not None and state.map.stacks[drawn] else {}
    tiles = sorted(t for i, stack in enumerate(state.map.stacks) for t in stack[1 if i in seen else 0:])
    tiles = [tiles[i] for i in rng.permutation(len(tiles))]
    at = 0
    for i, stack in enumerate(state.map.stacks):
        keep = [seen[i]] if i in seen else []            # a tile drawn and being turned is seen
        n = len(stack) - len(keep)
        stack[:], at = keep + tiles[at:at + n], at + n
    for deck in (state.dark_deck, state.peril_deck):
        if deck is not None:
            cards = sorted(deck.draw)
            deck.draw = [cards[i] for i in rng.permutation(len(cards))]
    state.rng = rng_state(new_rng(int(rng.integers(2**62))))
    return Match(match.content, state)
