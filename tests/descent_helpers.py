"""Helpers for Descent rule tests on the shipped quest: dice that roll the faces a test names,
and a game moved on to an encounter of the test's choice."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from overlord.games.descent.content.cards import OverlordEffect
from overlord.games.descent.content.quest import load_quest, resolve_scenario
from overlord.games.descent.engine import complete_encounter, open_door
from overlord.games.descent.resolve import Headless
from session_helpers import TableSession as DescentSession  # noqa: F401  (as the tests call it)


@lru_cache(maxsize=1)
def shipped():
    """The shipped Forgotten Souls quest, loaded once."""
    return load_quest(resolve_scenario("forgotten-souls"))


def effects(*items):
    """Card effects as a card would list them (``{"advance_doom": 1}``, ``"discard_exploration"``)."""
    return OverlordEffect.model_validate({"effects": list(items)}).effects


class Faces:
    """A stand-in for the players' generator: each ``integers(0, 6, size=n)`` call returns the
    next n faces of the list (face indexes of ``dice.DICE``), and records the call."""

    def __init__(self, *rolls: list[int]):
        self.rolls = [list(r) for r in rolls]
        self.calls: list[int] = []

    def integers(self, low, high=None, size=None):
        if size is None:
            return self.rolls.pop(0)[0]
        faces = self.rolls.pop(0)
        assert len(faces) == size, (faces, size)
        self.calls.append(size)
        return np.array(faces)


def rolled(game, *rolls):
    """Give the game a headless resolver whose dice show ``rolls`` in turn; returns the dice."""
    faces = Faces(*rolls)
    game.resolver = Headless(faces)
    return faces


def explore(game, card_id: str, hero: str | None = None):
    """Finish the active encounter and open the door onto ``card_id`` (put on top of the deck)."""
    state = game.state
    if state.active_exploration is not None:
        complete_encounter(game)
    state.exploration.draw.remove(card_id)
    state.exploration.draw.insert(0, card_id)
    return open_door(game, hero or state.heroes[0])


def clear_monsters(game):
    game.state.figures = game.state.hero_figures()


def on_top(deck, card):
    deck.draw.remove(card)
    deck.draw.insert(0, card)


def moulder_in_the_onset(game):
    """The Onset (seed 4): leoric at 4,5 behind the obstacle at 3,5 from a master flesh moulder
    at 2,5 (2 spaces, no line of sight), tarha far off at 8,1; no other monster."""
    from overlord.games.descent.engine import place_figure, spawn_one
    clear_monsters(game)
    _, (sx, sy) = game.board()
    place_figure(game, "leoric", [4 - sx, 5 - sy])
    place_figure(game, "tarha", [8 - sx, 1 - sy])
    fid = spawn_one(game, "flesh-moulder", "master", [2 - sx, 5 - sy], game.state.current_encounter, True)
    assert fid == "flesh-moulder-master-1" and not game.scene().sees(fid, "leoric")
    on_top(game.state.activation, "fs-act-03")
    return fid




# -- headless games of the shipped quest through the game interface, as the tests called them
#    before it (overlord.sim.run.play / play_game, overlord.sim.soak.soak) ----------------------

def play(quest, seed: int, heroes: int, bot: str, max_rounds: int = 40):
    """(the game, its timeline) of one headless game."""
    from overlord.games.descent.game import GAME
    from overlord.sim import play as headless
    return headless.play(GAME, quest, seed, heroes, bot, max_rounds)


def play_game(quest, seed: int, heroes: int, bot: str, max_rounds: int = 40) -> dict:
    from overlord.games.descent.game import GAME
    from overlord.sim import play as headless
    return headless.play_game(GAME, quest, seed, heroes, bot, max_rounds)


def soak(quest, games: int, seed: int, max_rounds: int = 40):
    from overlord.games.descent.game import GAME
    from overlord.sim.run import game_seeds
    from overlord.sim.soak import soak_game
    return soak_game(GAME, quest, game_seeds(seed, games), max_rounds)


def start_game(quest, seed: int, heroes):
    """A headless game and the players' generator (which rolls every die the players would)."""
    from overlord.games.descent.game import GAME, HERO_NAMES
    from overlord.games.descent.resolve import Headless
    from overlord.sim.play import players_rng
    names = list(HERO_NAMES[:heroes]) if isinstance(heroes, int) else list(heroes)
    game = GAME.new_match(quest, names, seed)
    players = players_rng(seed)
    game.resolver = Headless(players)
    return game, players
