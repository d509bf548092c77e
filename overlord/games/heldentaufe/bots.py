"""Hero bots for headless play."""

from __future__ import annotations


def choose_random(match, actions, rng):
    """Any legal action, uniformly."""
    return actions[int(rng.integers(len(actions)))]


def choose_heuristic(match, actions, rng):
    return choose_random(match, actions, rng)
