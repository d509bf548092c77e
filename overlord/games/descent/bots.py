"""Hero bots for headless Descent games. They choose only among the legal actions that
:func:`legal_actions` enumerates from the rules core; a hero has two actions a turn.

* ``random``: a legal action kind at random, then one of its options at random.
* ``heuristic``: plays like a competent group (``games.descent.tactics``): the objective first,
  a knocked-out friend revived, the next door opened as soon as the room is done, focus fire on
  the monster that threatens the objective most, rest when tired, never a step into lava.

A hero's turn: its conditions act at the start (``heroes.begin_turn``); a knocked-out hero's
whole turn is standing up (2 red dice); otherwise two actions (a Stunned hero spends the first
throwing the condition off); at its end a rest recovers all fatigue (``heroes.end_turn``).
Each hero plays from its hero sheet (``decks/descent/heroes.yaml``).
"""

from __future__ import annotations

import numpy as np

from . import tactics
from .engine import Game
from .heroes import begin_turn, end_turn
from .listing import legal_actions
from .verbs import MOVES, action_of

BOTS = ("random", "heuristic")
__all__ = ["BOTS", "TURNS", "choose_random", "legal_actions", "perform", "play_turn"]


# -- carrying an action out ---------------------------------------------------------------------

def perform(game: Game, hero: str, kind: str, option, rng: np.random.Generator) -> None:
    """The action ``kind`` with its option, applied by its move (``verbs``) with the players' dice."""
    MOVES.apply(game, action_of(hero, kind, option), rng)


def play_turn(game: Game, hero: str, rng: np.random.Generator, choose) -> None:
    """A hero's turn: a knocked-out hero stands up (the whole turn); otherwise two actions, each
    chosen by ``choose(game, hero, legal_actions, rng, actions left) -> (kind, option)``."""
    begin_turn(game, hero)
    if game.over:
        return
    if game.state.figure(hero).knocked_out:
        perform(game, hero, "stand_up", None, rng)
    else:
        for left in (2, 1):
            if game.over or game.state.figure(hero).knocked_out:
                break
            kind, option = choose(game, hero, legal_actions(game, hero), rng, left)
            perform(game, hero, kind, option, rng)
    if not game.over:
        end_turn(game, hero)


def choose_random(game: Game, hero: str, actions: dict, rng, left: int = 1) -> tuple[str, object]:
    """A legal action kind at random, then one of its options at random."""
    kinds = sorted(actions)
    kind = kinds[int(rng.integers(len(kinds)))]
    options = actions[kind]
    return kind, options[int(rng.integers(len(options)))]


def random_turn(game: Game, hero: str, rng: np.random.Generator) -> None:
    play_turn(game, hero, rng, choose_random)


def heuristic_turn(game: Game, hero: str, rng: np.random.Generator) -> None:
    play_turn(game, hero, rng, tactics.choose)


TURNS = {"random": random_turn, "heuristic": heuristic_turn}


