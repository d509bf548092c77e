"""Who rolls what the program cannot see. Headless play (simulations, soaks, benches) rolls every
die with the players' generator - a second seeded generator, apart from the game's own that
draws the cards, so the bots' choices are the players' inputs (``sim.run``). A table's resolver
lives in ``asking``: the players roll there and report."""

from __future__ import annotations

import numpy as np

from . import combat
from .dice import Roll, roll


class Headless:
    """Rolls monsters' attacks, heroes' attribute tests and other dice (a monster's Heal)."""

    def __init__(self, rng: np.random.Generator):
        self.rng = rng

    def monster_attack(self, game, fid: str, event: dict) -> None:
        combat.monster_attack(game, fid, event, self.rng)

    def test(self, game, hid: str, attribute: str, why: dict | None = None) -> bool:
        return combat.attribute_test(game, hid, attribute, self.rng)

    def roll(self, game, dice: list[str]) -> Roll:
        return roll(dice, self.rng)

    def choose(self, game, question: dict) -> tuple[int, None]:
        """A tie the heroes would break at a table: the named policy "listed first"."""
        return 0, None
