"""``overlord soak``: many seeded games of a scenario, both bots, with the rules' invariants
checked after every hero action and every Overlord phase (not part of the test suite)."""

from __future__ import annotations

import numpy as np

from ..games.descent.engine import new_game, overlord_phase
from ..games.descent.invariants import violations
from .bots import TURNS
from .run import HERO_NAMES, game_seeds, resolve_monster_attacks


def soak(quest, games: int, seed: int, max_rounds: int = 40) -> tuple[int, list[str]]:
    """Returns (steps checked, violations found, each naming game and round)."""
    found: list[str] = []
    steps = 0
    for i, s in enumerate(game_seeds(seed, games)):
        bot = ("heuristic", "random")[i % 2]
        heroes = list(HERO_NAMES[: 2 + i % 3])
        game = new_game(quest, heroes, s)
        players = np.random.default_rng(np.random.SeedSequence(s).spawn(1)[0])
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
            start = len(game.state.log)
            overlord_phase(game)
            resolve_monster_attacks(game, game.state.log[start:], players)
            problems = violations(game, doom, full=True)
            steps += 1
            found += [f"game {i} (seed {s}, {bot}) round {game.state.round}: {p}" for p in problems]
            doom = game.state.track.doom
    return steps, found
