"""What a search bot reads of a Return of the Heroes game it stops playing early (its
``SearchModel``'s ``features``, ``evaluate``), and how it deals the hidden counters again
(``determinize``).

Features, each about 0 to 1 and each the higher the better for the players' heroes: the best
chance one of them would have to kill the Nameless at full natural hit points (the heuristic bot's
exact odds, ``bots.Planner.kill_odds``), how far the furthest is along his heroic deed (the precious
stone counts as done), the darkness's room left together (the race: the rivals' furthest deed, as
room), the rounds left, their hit points and experience.

Hidden from the heroes (dealt again): which chit lies face down where (one pool to them; the
Guards among the Guards' posts and the Servants among the Servants' places, whose kind shows), the
bag, the market's pile, the Nameless deck; the Nameless card where the variant draws it face down,
no hero has asked the mice and nobody has fought him yet (dealt again from the six); in the
Unknown Land which region lies face down where, and the chits kept for them; and every die. (The
list of covered counters keeps the order they were laid: dealt again, it names the counters now
lying there.)

Weights: fitted with ``python bench/fit_evaluation.py roth --games 200 --heroes 1,2,3,4 --jobs 2``
(800 heuristic games of the co-operative scenario, 56,481 positions): on the games held out, log
loss 0.569 and AUC 0.744, against 0.767 and 0.627 for the weights we had written (a constant: log
loss 0.659; the rounds left alone: 0.637).
"""

from __future__ import annotations

from ...core.game import Match
from ...core.rng import new_rng, rng_state
from ...core.state import clone as clone_state
from .bots import Planner

WEIGHTS: dict[str, float] = {"bias": -6.695, "cubes": 0.625, "deed": 2.425, "hp": 0.639, "odds": 1.000, "room": 4.234,
                             "time_left": 1.459}


def _deed(s, c, h: str) -> float:
    hs = s.at[h]
    if hs.stone:
        return 1.0
    return max((n / max(1, len(c.deeds[d].steps)) for d, n in hs.deeds.items()), default=0.0)


def features(match) -> dict[str, float]:
    c, s = match.content, match.state
    players = [h for h in s.heroes if h not in s.rivals] or list(s.heroes)
    n = max(1, len(players))
    odds = 0.0
    for h in players:
        planner = Planner(s, c, h)
        odds = max(odds, max(planner.kill_odds().values()))
    coop = c.scenario.coop
    if coop is not None:
        room = 1 - s.darkness / max(1, coop.darkness_limit[len(s.heroes)])
    else:
        room = 1 - max((_deed(s, c, h) for h in s.rivals), default=0.0)
    sheets = [s.sheets[h] for h in players]
    return {
        "odds": odds,
        "deed": max(_deed(s, c, h) for h in players),
        "room": room,
        "time_left": max(0.0, 1 - s.round / max(1, c.scenario.max_rounds)),
        "hp": sum(sh.natural / max(1, sh.natural_max) for sh in sheets) / n,
        "cubes": min(1.0, sum(sum(len(v) for v in sh.cubes.values()) for sh in sheets) / (8 * n)),
    }


def _kind(c, inst: str) -> str:
    spec = c.spec(inst)
    return spec.effect if spec.effect in ("guard", "servant") else "chit"


def determinize(match, rng):
    """A clone with the face-down counters dealt again among the face-down places of their kind,
    the bag, the market's pile and the Nameless deck shuffled (from their sorted contents: nothing
    of the hidden order leaks), the Nameless card dealt again where nobody may know it, the Unknown
    Land's regions face down dealt again, and the generator reseeded."""
    s = clone_state(match.state)
    c = match.content
    down = set(s.down)
    dealt: dict[str, str] = {}
    for kind in ("chit", "guard", "servant"):
        slots = [(fid, i) for fid, here in sorted(s.board.items()) for i, inst in enumerate(here)
                 if inst in down and _kind(c, inst) == kind]
        was = [s.board[fid][i] for fid, i in slots]
        pool = sorted(was)
        pool = [pool[i] for i in rng.permutation(len(pool))]
        for (fid, i), inst in zip(slots, pool):
            s.board[fid][i] = inst
        dealt.update(zip(was, pool))
    s.down = [dealt.get(i, i) for i in s.down]
    piles = [s.bag, s.market] + ([s.nameless_deck.draw] if s.nameless_deck is not None else [])
    for pile in piles:
        cards = sorted(pile)
        pile[:] = [cards[i] for i in rng.permutation(len(cards))]
    fought = any(e["event"] == "final_battle" for e in s.log)          # his card was turned up
    hidden_card = s.variant != "introductory" and not s.looked and not fought
    if hidden_card and c.nameless:
        cards = sorted(c.nameless)
        s.nameless_card = cards[int(rng.integers(len(cards)))]
    if s.variant == "unknown_land":
        _deal_the_land(s, rng)
    s.rng = rng_state(new_rng(int(rng.integers(2**62))))
    return Match(match.content, s)


def _deal_the_land(s, rng) -> None:
    """The Unknown Land: the regions face down dealt again among their spots of the layout, and the
    chits kept for them shuffled ("The regions remain face down and have to be explored")."""
    seen = set(s.explored)
    spots = [(r, k) for r, row in enumerate(s.layout) for k, letter in enumerate(row) if letter not in seen]
    letters = sorted(s.layout[r][k] for r, k in spots)
    letters = [letters[i] for i in rng.permutation(len(letters))]
    rows = [list(row) for row in s.layout]
    for (r, k), letter in zip(spots, letters):
        rows[r][k] = letter
    s.layout = ["".join(row) for row in rows]
    chits = sorted(s.land_chits)
    s.land_chits = [chits[i] for i in rng.permutation(len(chits))]
