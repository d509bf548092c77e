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
from .combat import can_attack
from .engine import Game, marker_at
from .heroes import begin_turn, end_turn, heal_targets
from .reach import Spaces, hero_levels
from .verbs import MOVES, action_of

BOTS = ("random", "heuristic")


# -- what a hero may do now ----------------------------------------------------------------------

def _near(at_a, at_b, reach: int = 1) -> bool:
    return max(abs(at_a[0] - at_b[0]), abs(at_a[1] - at_b[1])) <= reach


def goal_reached(game: Game, hero: str) -> bool:
    """The headless stand-in for an objective: a hero at the encounter's goal space (with as
    many heroes there as the goal needs), and its monsters defeated if the card says so."""
    state = game.state
    if state.active_exploration is None:
        return False
    card = game.cards[state.active_exploration]
    goal = card.goal
    if goal.clear and any(m.encounter == card.id for m in state.monsters()):
        return False
    at = marker_at(game, goal.at)
    if not _near(state.figure(hero).at, at):
        return False
    return sum(_near(h.at, at) for h in state.heroes_up()) >= goal.heroes


def stunned(game: Game, hero: str) -> str | None:
    """A condition the hero must spend its next action on (Stunned), if it has one."""
    defs = game.quest.conditions
    return next((c for c in game.state.figure(hero).conditions if c in defs and defs[c].discard == "action"), None)


def held(game: Game, hero: str) -> bool:
    defs = game.quest.conditions
    return any(c in defs and defs[c].no_move for c in game.state.figure(hero).conditions)


def legal_actions(game: Game, hero: str) -> dict[str, list]:
    """Action kinds and their options for ``hero`` now."""
    state = game.state
    f = state.figure(hero)
    if f.knocked_out:
        # a knocked-out hero's whole turn is to stand up (two red dice)
        return {"stand_up": [None]}
    condition = stunned(game, hero)
    if condition:
        return {"discard": [condition]}
    actions: dict[str, list] = {"rest": [None]}
    if not held(game, hero):
        speed = game.speed(f)
        reach = speed + max(0, f.stamina - f.fatigue)            # fatigue buys movement points
        scene, levels = hero_levels(game, hero, reach)
        board = scene.board
        stand = board.bitboard.walk & ~scene.figure_mask()
        spaces = Spaces([level & stand for level in levels[1:]], board, game.board()[1])
        if spaces:
            actions["move"] = spaces
    targets = [m.id for m in state.monsters() if can_attack(game, hero, m.id)]
    if targets:
        actions["attack"] = targets
    down = [h.id for h in state.hero_figures() if h.knocked_out and _near(f.at, h.at)
            and h.id != hero]
    if down:
        actions["revive"] = down
    healed = heal_targets(game, hero)
    if healed:
        actions["heal"] = healed
    if goal_reached(game, hero):
        actions["objective"] = [None]
    card = game.cards[state.current_encounter]
    if state.active_exploration is None and card.map.exit is not None and state.exploration.draw \
            and _near(f.at, marker_at(game, "exit")):
        actions["open"] = [None]
    return actions


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


