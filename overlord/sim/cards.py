"""Per-card figures of simulated games (``overlord simulate``'s card tables), compared like with
like.

"The win rate of the games that drew a card" flatters a card that only long games reach: the
Throne of the Fallen, the last main encounter, is drawn only by parties that got that far, and
such parties win more whatever the card does. So each card is compared with the games that were
at the same point of the same deck and turned up another card there:

* a game draws cards from a deck one after another (``record["cards"][deck]``, in the order they
  were drawn); the card's **draw** in a game is the number of the draw at which it first came up
  (the 9th card of the exploration deck);
* the games **at that draw with another card** are those that made at least as many draws from the
  deck and had not drawn the card by then: they came as far in the same deck, and a shuffled deck
  made it chance which card came up at that draw (this holds for a deck dealt in stacks too, the
  Forgotten Souls exploration deck: a stack is shuffled, and the comparison is made draw by draw);
* **won when drawn** is the share of the games that drew the card that were won; **others at that
  draw** is, for each of those games, the share won of the games at its draw with another card,
  averaged; the **difference** is the first minus the second: what the card itself did, as far as
  these games can tell;
* **chance** is the half-width of the range a card that changes nothing would show its difference
  in 19 times out of 20, roughly (the normal approximation, the overall win rate p for both
  groups: ``1.96 * sqrt(p (1 - p) (1 / N + sum_k (n_k / N)^2 / C_k))``, N the games compared, n_k
  those that drew the card at draw k, C_k the games at draw k with another card); a difference
  inside it is no evidence either way (checked on 200 batches of 200 games of a shuffled 11-card
  deck where long games win more and no card does anything: 4.7% of the differences outside it).

A game that drew the card at a draw no game reached without it (the last card of a deck that is
never reshuffled) has nothing to compare with and is left out of the comparison; a card drawn in
every game is left out of the tables (every game has it: there is no game without it to compare
with, and its "won when drawn" is the overall win rate).

Plain data in sorted order, floats rounded by the caller's ``rnd``, so the same records give the
same JSON byte for byte.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from statistics import median
from typing import Any, Callable

CHANCE_Z = 1.959964                  # the 0.975 normal quantile: "19 times out of 20"


def id_key(card: Any) -> tuple:
    """Numbers before strings, numbers by value, the rest by text: mixed ids still sort."""
    if isinstance(card, (int, float)) and not isinstance(card, bool):
        return (0, card, "")
    return (1, 0, str(card))


def per_card(records: list[dict], rnd: Callable[[float | None], float | None]) -> dict:
    """``{deck: [{id, games, draws, game_share, wins, win_rate, draw, compared, won_compared,
    others, difference, chance}]}`` (see the module docstring); ``draw`` is the median draw at
    which the card first came up, ``compared`` the games that drew it with others to compare with,
    ``won_compared`` their win rate; ``others``, ``difference`` and ``chance`` are None when no game
    can be compared."""
    n = len(records)
    won = [rec["result"] == "victory" for rec in records]
    p = sum(won) / n if n else 0.0
    sequences: dict[str, list[list]] = defaultdict(lambda: [[] for _ in records])
    for g, rec in enumerate(records):
        for deck, drawn in (rec.get("cards") or {}).items():
            sequences[str(deck)][g] = list(drawn or ())
    out = {}
    for deck in sorted(sequences):
        seqs = sequences[deck]
        draws: Counter = Counter()
        first: dict[Any, dict[int, int]] = defaultdict(dict)          # card -> {game: its first draw}
        for g, seq in enumerate(seqs):
            draws.update(seq)
            for i, card in enumerate(seq, 1):
                first[card].setdefault(g, i)
        lengths = [len(seq) for seq in seqs]
        out[deck] = [_card(card, first[card], draws[card], lengths, won, p, n, rnd)
                     for card in sorted(first, key=id_key)]
    return out


def _card(card, first: dict[int, int], draws: int, lengths: list[int], won: list[bool], p: float, n: int,
          rnd) -> dict:
    games = len(first)
    wins = sum(won[g] for g in first)
    # a game is "at draw k with another card" when it made k draws or more and had not drawn the
    # card by the k-th: k <= reach, reach = its draws before the card came (all of them without it)
    reach = [min(length, first[g] - 1) if g in first else length for g, length in enumerate(lengths)]
    top = max(reach, default=0)
    at_least = [0] * (top + 2)
    won_at_least = [0] * (top + 2)
    for g, r in enumerate(reach):
        at_least[r] += 1
        won_at_least[r] += won[g]
    for k in range(top - 1, -1, -1):                  # suffix sums: games with reach >= k
        at_least[k] += at_least[k + 1]
        won_at_least[k] += won_at_least[k + 1]
    compared = [(g, k) for g, k in first.items() if k <= top and at_least[k]]
    row = {"draws": draws, "game_share": rnd(games / n) if n else None, "games": games, "id": card,
           "draw": rnd(median(first.values())) if first else None, "wins": wins,
           "win_rate": rnd(wins / games) if games else None, "compared": len(compared),
           "won_compared": None, "others": None, "difference": None, "chance": None}
    if not compared:
        return dict(sorted(row.items()))
    size = len(compared)
    mine = sum(won[g] for g, _ in compared) / size
    others = math.fsum(won_at_least[k] / at_least[k] for _, k in compared) / size    # whatever the games' order
    strata = Counter(k for _, k in compared)
    spread = 1 / size + math.fsum((m / size) ** 2 / at_least[k] for k, m in strata.items())
    row.update(won_compared=rnd(mine), others=rnd(others), difference=rnd(mine - others),
               chance=rnd(CHANCE_Z * math.sqrt(p * (1 - p) * spread)))
    return dict(sorted(row.items()))


def left_out(cards: list[dict], games: int) -> tuple[list[dict], list[str], list[str]]:
    """The rows of a deck's table that say something, and the ids left out: drawn in every game,
    and drawn only where no game went as far without them."""
    everywhere = [c for c in cards if c["games"] == games]
    alone = [c for c in cards if c["games"] < games and not c["compared"]]
    shown = [c for c in cards if c["games"] < games and c["compared"]]
    return shown, [str(c["id"]) for c in everywhere], [str(c["id"]) for c in alone]
