"""``overlord soak``: many seeded games of a scenario, both bots, with the rules' invariants
checked after every hero action and every Overlord phase (not part of the test suite)."""

from __future__ import annotations

from ..games.descent.engine import overlord_phase
from ..games.descent.invariants import violations
from .bots import play_round
from .run import game_seeds, start_game


def soak(quest, games: int, seed: int, max_rounds: int | None = None) -> tuple[int, list[str]]:
    """Returns (steps checked, violations found, each naming game and round). ``max_rounds``:
    the scenario's, unless given."""
    max_rounds = max_rounds or quest.scenario.max_rounds
    found: list[str] = []
    steps = 0
    for i, s in enumerate(game_seeds(seed, games)):
        bot = ("heuristic", "random")[i % 2]
        game, players = start_game(quest, s, 2 + i % 3)
        doom = [game.state.track.doom]

        def check(hero, full=False):
            nonlocal steps, found
            problems = violations(game, doom[0], full)
            steps += 1
            found += [f"game {i} (seed {s}, {bot}) round {game.state.round}: {p}" for p in problems]
            doom[0] = game.state.track.doom
        while not game.over and game.state.round <= max_rounds:
            play_round(game, bot, players, check)
            if game.over:
                break
            overlord_phase(game)
            check(None, full=True)
    return steps, found
