"""What a search bot reads of a co-operative Dragon game it stops playing early
(its ``SearchModel``'s ``features``, ``evaluate``), and how it deals the hidden counters again
(``determinize``).

Features, each about 0 to 1 and each the higher the better for the heroes: the hoard's room
left and the rounds left (the enemy's clocks), no challenger fallen (else the follow-up rounds
run), the best chance a hero would have to slay the Dragon with the weapon he carries once healed,
how far the heroes are along a weapon's chain (scroll, material, weapon), their hit points and
experience.

The chance is read at full natural hit points: a wound heals in a few turns (the manor, a potion,
the Herbalist), and counting it twice - as hit points and as a lower chance - made a one-round
search stand still to keep a hit point: it ended turns, dropped items and turned down fights the
heuristic bot takes (traced on 4 games: 61 of 62 departures gained only through those two
features).
Weights: a logistic model fitted on the heuristic bot's games, none negative
(``bench/fit_evaluation.py``); ours.

Hidden from the heroes: which covered counter lies face down where (one pool to them), the bag,
the City of the Mages' pile, the Dragon deck, and every die. (The list of covered counters is in
the order they were laid: a determinisation that dealt the counters again but kept that list told
which counter was laid where, found by the twin test, ``tests/test_no_peek.py``.)
"""

from __future__ import annotations

from ...core.rng import new_rng, rng_state
from ...core.state import clone as clone_state
from .state import Ctx, carried
from ...core.game import Match
from .fights import dragon_odds

# fitted by `python bench/fit_evaluation.py dragon` (heuristic bot, 1-4 heroes)
WEIGHTS: dict[str, float] = {"bias": -4.182, "chain": 0.312, "hoard_room": 1.409, "hp": 0.235, "nobody_fallen": 0.992, "odds": 2.552, "time_left": 1.652}
CHAIN = {"scroll": 1, "material": 2, "weapon": 3}


def features(match) -> dict[str, float]:
    c, s = match.content, match.state
    n = max(1, len(s.heroes))
    coop = c.scenario.coop
    limit = coop.hoard_limit[len(s.heroes)] if coop is not None else 20
    ctx = Ctx(s, c, None, None)
    chain, odds = 0, 0.0
    for h in s.heroes:
        if s.at[h].out:
            continue
        have = [c.artifacts[a] for a in carried(s, c, h).values()]
        step = max([3 if a.dragon else 2 if a.seen_with else 1 if a.origin == "chain" else 0 for a in have], default=0)
        chain = max(chain, step)
        odds = max(odds, dragon_odds(ctx, h, rested=True)[0])
    sheets = [s.sheets[h] for h in s.heroes]
    return {
        "hoard_room": 1 - s.hoard / max(1, limit),
        "time_left": max(0.0, 1 - s.round / max(1, c.scenario.max_rounds)),
        "nobody_fallen": 0.0 if s.fallen else 1.0,
        "odds": odds,
        "chain": chain / 3,
        "hp": sum(sh.natural / max(1, sh.natural_max) for sh in sheets) / n,
        "cubes": min(1.0, sum(sum(len(v) for v in sh.cubes.values()) for sh in sheets) / (8 * n)),
    }


def determinize(match, rng):
    """A clone with the face-down counters dealt again among the face-down places, the bag, the
    City's pile and the Dragon deck shuffled (from their sorted contents: nothing of the hidden
    order leaks), and the generator reseeded."""
    s = clone_state(match.state)
    down = set(s.down)
    slots = [(fid, i) for fid, here in sorted(s.board.items()) for i, inst in enumerate(here) if inst in down]
    was = [s.board[fid][i] for fid, i in slots]
    pool = sorted(was)
    pool = [pool[i] for i in rng.permutation(len(pool))]
    for (fid, i), inst in zip(slots, pool):
        s.board[fid][i] = inst
    dealt = dict(zip(was, pool))                       # the list of covered counters names the ones
    s.down = [dealt.get(i, i) for i in s.down]         # now lying where they lay, in the same order
    for pile in (s.bag, s.market) + ((s.dragon_deck.draw,) if s.dragon_deck is not None else ()):
        cards = sorted(pile)
        pile[:] = [cards[i] for i in rng.permutation(len(cards))]
    s.rng = rng_state(new_rng(int(rng.integers(2**62))))
    return Match(match.content, s)
