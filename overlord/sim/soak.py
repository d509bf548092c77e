"""``overlord soak``: many seeded games of a scenario, both bots, with the rules' invariants
checked after every hero action and every Overlord phase (not part of the test suite)."""

from __future__ import annotations

from ..games.descent.engine import overlord_phase
from ..games.descent.invariants import violations
from .bots import TURNS
from .run import game_seeds, start_game


def soak(quest, games: int, seed: int, max_rounds: int = 40) -> tuple[int, list[str]]:
    """Returns (steps checked, violations found, each naming game and round)."""
    found: list[str] = []
    steps = 0
    for i, s in enumerate(game_seeds(seed, games)):
        bot = ("heuristic", "random")[i % 2]
        game, players = start_game(quest, s, 2 + i % 3)
        heroes = list(game.state.heroes)
        doom = game.state.track.doom
        while not game.over and game.state.round <= max_rounds:
            for hero in heroes:
                if game.over:
                    break
                TURNS[bot](game, hero, players)
                problems = violations(game, doom)
                steps += 1
                found += [f"game {i} (seed {s}, {bot}) round {game.state.round}: {p}" for p in problems]
                doom = game.state.track.doom
            if game.over:
                break
            overlord_phase(game)
            problems = violations(game, doom, full=True)
            steps += 1
            found += [f"game {i} (seed {s}, {bot}) round {game.state.round}: {p}" for p in problems]
            doom = game.state.track.doom
    return steps, found
