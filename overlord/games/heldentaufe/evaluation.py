"""What a search bot reads of a co-operative Heldentaufe game it stops playing early
(its ``SearchModel``'s ``features``, ``evaluate``), and how it deals the hidden tiles again
(``determinize``).

Features, each about 0 to 1 and each the higher the better for the heroes: the team's teeth
against the target, the clock's rounds left, the heroes' hearts, swords and boots, how many are
down in the Underworld, and the teeth taken from the monsters. Weights: a logistic model fitted on
the heuristic bot's games, none negative (``bench/fit_evaluation.py``); ours.

Hidden from the heroes: the order of the face-down Upper World tiles and of the mission cards,
which skull area holds which danger ("No player may know where the two traps are"), and every
die. The co-operative team sees each other's hands; in the race a hero sees only his own ("deal
each player 3 face-down hand cards": a determinisation that kept the rivals' hands let the search
read them, found by the twin test, ``tests/test_no_peek.py``).
"""

from __future__ import annotations

from ...core.rng import new_rng, rng_state
from ...core.state import clone as clone_state
from . import heroes as hb
from .state import UNDER
from ...core.game import Match

# fitted by `python bench/fit_evaluation.py heldentaufe` (heuristic bot, 1-4 heroes)
WEIGHTS: dict[str, float] = {"bias": -5.438, "below": 0.059, "boots": 1.545, "hearts": 0.377, "points": 3.525, "sword": 3.252, "teeth_taken": 0.747, "time_left": 4.796}


def features(match) -> dict[str, float]:
    c, s = match.content, match.state
    n = max(1, len(s.heroes))
    target = c.scenario.target[len(s.heroes)] if c.coop and c.scenario.target else 20
    limit = c.scenario.clock.limit[len(s.heroes)] if c.coop and c.scenario.clock else 60
    board = [s.board[h] for h in s.heroes]
    return {
        "points": min(1.5, sum(hb.points(h) for h in board) / target),
        "time_left": 1 - s.clock / max(1, limit),
        "hearts": sum(h.hearts / max(1, hb.max_hearts(c, h)) for h in board) / n,
        "sword": sum(hb.worn(h, "sword") for h in board) / (3 * n),
        "boots": sum(hb.worn(h, "boots") for h in board) / (3 * n),
        "below": sum(h.world == UNDER for h in board) / n,
        "teeth_taken": 1 - sum(len(m.stack) for m in s.monsters.values()) / 12,
    }


def determinize(match, rng):
    """A clone with the face-down tiles, the mission draw pile and the dangers still lying dealt
    again (from their sorted contents: nothing of the hidden order leaks), and the generator
    reseeded. In the race the other heroes' hands are dealt again with the draw pile too (each
    keeps its size): the hero deciding sees only his own."""
    s = clone_state(match.state)
    tiles = sorted(s.tiles.draw)
    s.tiles.draw = [tiles[i] for i in rng.permutation(len(tiles))]
    me = s.heroes[s.seat] if s.seat < len(s.heroes) else None
    others = [h for h in s.heroes if h != me] if s.mode == "race" else []
    missions = sorted(list(s.missions.draw) + [card for h in others for card in s.board[h].hand])
    missions = [missions[i] for i in rng.permutation(len(missions))]
    for h in others:
        n = len(s.board[h].hand)
        s.board[h].hand, missions = missions[:n], missions[n:]
    s.missions.draw = missions
    areas = sorted(s.dangers)
    dealt = sorted(s.dangers.values())
    dealt = [dealt[i] for i in rng.permutation(len(dealt))]
    s.dangers = dict(zip(areas, dealt))
    s.rng = rng_state(new_rng(int(rng.integers(2**62))))
    return Match(match.content, s)
