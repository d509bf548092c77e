"""``overlord soak``: many seeded games of a scenario, both bots, every hero count by turns, with
the game's invariants checked after every step, and what every game must keep (not part of the
test suite)."""

from __future__ import annotations

import json

from .play import play
from ..core.game import match_json


def soak_game(rules, content, seeds: list[int], max_rounds: int = 40) -> tuple[int, list[str]]:
    """Any registered game: both bots by turns, every hero count the scenario allows by turns,
    the game's invariants after every step, and what every game must keep: every 25 steps the
    state goes through JSON and back unchanged, a clone is equal to it, and no logged event has
    changed since it was logged. Returns (steps checked, violations naming game and round)."""
    found: list[str] = []
    steps = 0
    counts = list(rules.info(content).hero_counts)
    bots = [b for b in ("heuristic", "random") if b in rules.bots] or list(rules.bots)
    for i, s in enumerate(seeds):
        bot = bots[i % len(bots)]
        heroes = counts[i % len(counts)]
        logged: list[str] = []

        def check(match, i=i, s=s, bot=bot, heroes=heroes, logged=logged):
            nonlocal steps
            steps += 1
            full = steps % 25 == 0
            problems = list(rules.violations(match, full=full))
            if full:
                problems += _kept(rules, content, match, logged)
            found.extend(f"game {i} (seed {s}, {bot}, {heroes} heroes) round {match.state.round}: {p}" for p in problems)

        play(rules, content, s, heroes, bot, max_rounds, check)
    return steps, found


def _kept(rules, content, match, logged: list[str]) -> list[str]:
    """The generic invariants: JSON round trip, clone, logged events unchanged."""
    problems = []
    text = match_json(match)
    if match_json(rules.from_json(content, text)) != text:
        problems.append("the state does not come back the same through JSON")
    if match_json(rules.clone(match)) != text:
        problems.append("a clone differs from the state")
    # every state a game reaches may be saved and resumed: the save's check (its fields' ranges,
    # ``core.bounds``) accepts it
    problems += [f"a save of this state would be refused: {p}"
                 for p in rules.check_state(rules.from_json(content, text))]
    log = match.state.log
    if [json.dumps(e) for e in log[:len(logged)]] != logged:
        problems.append("an event changed after it was logged")
    logged[:] = [json.dumps(e) for e in log]
    return problems
