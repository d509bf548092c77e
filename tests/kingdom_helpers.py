"""A combined game played through by the heuristic bot (the tests of ``games.kingdom``)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from overlord.sim.play import bot_of


def played_out(rules, match, seed: int, steps: int = 6000) -> Iterator[list[dict]]:
    """Each step's events, the heuristic bot choosing for the players and the program playing its
    phases and rivals, until the game ends; the invariants hold after every step."""
    choose, minds = bot_of(rules, "heuristic"), np.random.default_rng(seed)
    for _ in range(steps):
        if rules.outcome(match) is not None:
            return
        if rules.to_act(match) is None:
            evs = rules.enemy_phase(match)
        else:
            evs = rules.apply(match, choose(match, rules.legal_actions(match), minds))
        assert rules.violations(match) == []
        yield evs
