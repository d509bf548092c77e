"""Hero bots for headless Descent games. They choose only among the legal actions that
:func:`legal_actions` enumerates from the rules core; a hero has two actions a turn.

* ``random``: a legal action kind at random, then one of its options at random.
* ``heuristic``: tries to win, in this order: complete the objective when it can; open the next
  door (with no active card fate advances every round); attack the weakest adjacent monster;
  move toward the door, else the nearest monster of the encounter, else its goal.
A defeated hero's whole turn is standing up (Descent 2e).

Heroes use stand-in stats until hero sheets exist (:data:`HERO`): the table's real heroes report
their own rolls; only headless play needs these.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..ai.movement import toward_end
from ..games.descent.dice import attack, roll
from ..games.descent.engine import (HERO_HEALTH, HERO_SPEED, Game, complete_encounter, damage_figure,
                                    marker_at, move_figure, open_door)
from .reach import Spaces, hero_levels


@dataclass(frozen=True)
class HeroStats:
    speed: int = HERO_SPEED
    health: int = HERO_HEALTH
    attack: tuple[str, ...] = ("blue", "yellow")
    defense: tuple[str, ...] = ("gray",)


HERO = HeroStats()
BOTS = ("random", "heuristic")


# -- what a hero may do now ----------------------------------------------------------------------

def _near(game: Game, hero: str, at: list[int]) -> bool:
    f = game.state.figure(hero)
    return max(abs(f.at[0] - at[0]), abs(f.at[1] - at[1])) <= 1


def goal_reached(game: Game, hero: str) -> bool:
    """The headless stand-in for an objective: a hero at the encounter's goal space, and its
    monsters defeated if the card says so (``goal`` in the exploration card)."""
    state = game.state
    if state.active_exploration is None:
        return False
    card = game.cards[state.active_exploration]
    if card.goal.clear and any(m.encounter == card.id for m in state.monsters()):
        return False
    return _near(game, hero, marker_at(game, card.goal.at))


def legal_actions(game: Game, hero: str) -> dict[str, list]:
    """Action kinds and their options for ``hero`` now."""
    state = game.state
    f = state.figure(hero)
    if f.health <= 0:
        # Descent 2e: a defeated hero's whole turn is to stand up (two red dice: hearts healed)
        return {"stand_up": [None]}
    scene, levels = hero_levels(game, hero, HERO.speed)
    board = scene.board
    actions: dict[str, list] = {"rest": [None]}
    stand = board.bitboard.walk & ~scene.figure_mask()
    spaces = Spaces([level & stand for level in levels[1:]], board, game.board()[1])
    if spaces:
        actions["move"] = spaces
    touch = board.touching
    mine = scene.cells[hero]
    targets = [m.id for m in state.monsters() if any(touch(a, b) for a in mine for b in scene.cells[m.id])]
    if targets:
        actions["attack"] = targets
    if goal_reached(game, hero):
        actions["objective"] = [None]
    card = game.cards[state.current_encounter]
    if state.active_exploration is None and card.map.exit is not None and state.exploration.draw \
            and _near(game, hero, marker_at(game, "exit")):
        actions["open"] = [None]
    return actions


# -- carrying an action out ---------------------------------------------------------------------

def perform(game: Game, hero: str, kind: str, option, rng: np.random.Generator) -> None:
    if kind == "move":
        move_figure(game, hero, option)
    elif kind == "attack":
        monster = game.state.figure(option)
        result = attack(list(HERO.attack), list(game.stats(monster).defense), 1, [], False, rng)
        game.log({"event": "hero_attack", "hero": hero, "monster": option, "damage": result.damage})
        if result.damage:
            damage_figure(game, option, result.damage, by=hero)
    elif kind == "objective":
        complete_encounter(game)
    elif kind == "open":
        open_door(game, hero)
    elif kind == "stand_up":
        f = game.state.figure(hero)
        f.health = max(1, min(HERO.health, roll(["red", "red"], rng).hearts))
        game.log({"event": "note", "text": f"{hero} stands up with {f.health} health"})
    elif kind == "rest":
        game.log({"event": "note", "text": f"{hero} rests"})


def _stood_up(game: Game, hero: str, rng) -> bool:
    if game.state.figure(hero).health <= 0:
        perform(game, hero, "stand_up", None, rng)
        return True
    return False


def play_turn(game: Game, hero: str, rng: np.random.Generator, choose) -> None:
    """A hero's turn: a defeated hero stands up (the whole turn); otherwise two actions, each
    chosen by ``choose(game, hero, legal_actions, rng) -> (kind, option)``."""
    if _stood_up(game, hero, rng):
        return
    for _ in range(2):
        if game.over:
            return
        kind, option = choose(game, hero, legal_actions(game, hero), rng)
        perform(game, hero, kind, option, rng)


def choose_random(game: Game, hero: str, actions: dict, rng) -> tuple[str, object]:
    """A legal action kind at random, then one of its options at random."""
    kinds = sorted(actions)
    kind = kinds[int(rng.integers(len(kinds)))]
    options = actions[kind]
    return kind, options[int(rng.integers(len(options)))]


def choose_heuristic(game: Game, hero: str, actions: dict, rng) -> tuple[str, object]:
    """Complete the objective when it can; with no active card fate advances every round, so
    head for the door and open it; otherwise fight the encounter's monsters, weakest adjacent
    first, then walk to the encounter's goal."""
    state = game.state
    if "objective" in actions:
        return "objective", None
    if "open" in actions:
        return "open", None
    if "attack" in actions:
        return "attack", min(actions["attack"], key=lambda m: (state.figure(m).health, m))
    if "move" in actions:
        end = _toward_goal(game, hero)
        if end is not None and end in actions["move"]:
            return "move", end
    return "rest", None


def _toward_goal(game: Game, hero: str) -> list[int] | None:
    """Where "toward" (the movement vocabulary, for a hero) takes the hero: to the door when no
    card is active; else to the nearest monster of the current encounter; else to its goal."""
    state = game.state
    scene = game.scene()
    card = game.cards[state.current_encounter]
    mine = [m.id for m in state.monsters() if m.encounter == card.id]
    if state.active_exploration is not None and mine:
        target = min(mine, key=lambda m: (_gap(game, hero, m), m))
    else:
        at = marker_at(game, card.goal.at if state.active_exploration else "exit")
        _, (sx, sy) = game.board()
        target = f"{at[0] + sx},{at[1] + sy}"
    try:
        _, levels = hero_levels(game, hero, HERO.speed)
        end = toward_end(scene, hero, target, HERO.speed, levels)
    except ValueError:
        return None
    return game.dungeon_at(end) if end is not None else None


def _gap(game: Game, a: str, b: str) -> int:
    fa, fb = game.state.figure(a), game.state.figure(b)
    return max(abs(fa.at[0] - fb.at[0]), abs(fa.at[1] - fb.at[1]))


def random_turn(game: Game, hero: str, rng: np.random.Generator) -> None:
    play_turn(game, hero, rng, choose_random)


def heuristic_turn(game: Game, hero: str, rng: np.random.Generator) -> None:
    play_turn(game, hero, rng, choose_heuristic)


TURNS = {"random": random_turn, "heuristic": heuristic_turn}
