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


def soak_game(rules, content, seeds: list[int], max_rounds: int = 40) -> tuple[int, list[str]]:
    """Any registered game: both bots by turns, every hero count the scenario allows by turns,
    the game's invariants after every step, and what every game must keep: every 25 steps the
    state goes through JSON and back unchanged, a clone is equal to it, and no logged event has
    changed since it was logged. Returns (steps checked, violations naming game and round)."""
    from .play import play
    found: list[str] = []
    steps = 0
    counts = list(rules.info(content).hero_counts)
    bots = [b for b in ("heuristic", "random") if b in rules.bots] or list(rules.bots)
    for i, s in enumerate(seeds):
        bot = bots[i % len(bots)]
        heroes = counts[i % len(counts)]
        logged: list[str] = []

        def check(match, i=i, s=s, bot=bot, heroes=heroes):
            nonlocal steps
            steps += 1
            full = steps % 25 == 0
            problems = list(rules.violations(match, full=full))
            if full:
                problems += _kept(rules, content, match, logged)
            found.extend(f"game {i} (seed {s}, {bot}, {heroes} heroes) round {rules.round(match)}: {p}" for p in problems)

        play(rules, content, s, heroes, bot, max_rounds, check)
    return steps, found


def _kept(rules, content, match, logged: list[str]) -> list[str]:
    """The generic invariants: JSON round trip, clone, logged events unchanged."""
    import json
    problems = []
    text = rules.to_json(match)
    if rules.to_json(rules.from_json(content, text)) != text:
        problems.append("the state does not come back the same through JSON")
    if rules.to_json(rules.clone(match)) != text:
        problems.append("a clone differs from the state")
    log = rules.log(match)
    if [json.dumps(e) for e in log[:len(logged)]] != logged:
        problems.append("an event changed after it was logged")
    logged[:] = [json.dumps(e) for e in log]
    return problems
