"""Setting up the Descent co-op decks (Forgotten Souls, "General Setup", steps 1, 4 and 5), in
the rulebook's order, from one seeded generator: the exploration deck is assembled, then the
activation deck and the peril deck are shuffled. ``overlord deck`` shows these orders, so what
an author sees for a seed is what a game with that seed draws."""

from __future__ import annotations

import numpy as np

from .content.quest import Quest
from ...core.decks import Deck, new_deck
from .exploration import Assembly, assemble_exploration

DECKS = ("exploration", "activation", "peril")


def setup_decks(quest: Quest, rng: np.random.Generator) -> dict[str, Assembly | Deck]:
    cards = quest.exploration
    starting = next(c.id for c in cards if c.kind == "starting")
    mains = {c.number: c.id for c in cards if c.kind == "main"}
    regular = [c.id for c in cards if c.kind == "regular"]
    return {
        "exploration": assemble_exploration(starting, mains, regular, rng,       # 1. Assemble the Exploration Deck
                                            [(s.regular, s.main) for s in quest.scenario.exploration_stacks]),
        "activation": new_deck("activation", [c.id for c in quest.activation.cards], rng),  # 4.
        "peril": new_deck("peril", [c.id for c in quest.perils], rng),         # 5. Assemble the Peril Deck
    }
