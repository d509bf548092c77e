"""The Exploration deck of a Descent co-op quest (Forgotten Souls, "Assembling the Exploration
Deck"): the starting encounter set aside and the main encounters shuffled into stacks of regular
ones, #1 on top. A scenario declares its stacks; Forgotten Souls' are the default."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core.decks import Deck, DeckError, check_unique, shuffled

REGULAR_STACKS = (3, 3, 2)   # "two stacks of three cards and one stack of two cards"
# Forgotten Souls' structure, as (regular cards, main encounter) per stack in the order they are
# dealt: #3 into the stack of two, #2 into the first stack of three, #1 into the other
FORGOTTEN_SOULS = ((3, 2), (3, 1), (2, 3))


@dataclass
class Assembly:
    """The Exploration deck as assembled: the starting card set aside, the three stacks in the
    order they end up (top stack first), and the combined draw pile."""

    starting: str
    stacks: list[list[str]]
    deck: Deck


def assemble_exploration(starting: str, mains: dict[int, str], regular: list[str],
                         rng: np.random.Generator, structure=FORGOTTEN_SOULS) -> Assembly:
    """"Assembling the Exploration Deck", steps 1-6, for a deck of any ``structure``: (regular
    cards, main encounter) for each stack in the order they are dealt; the main encounters are
    shuffled into their stacks from the last to #1, and the stack of #1 goes on top. A scenario
    declares its structure (Forgotten Souls' is the default, above).

    1-2. The starting encounter and the three main encounters are set aside.
    3. The regular cards are shuffled and dealt into stacks of 3, 3 and 2 (dealt in runs: the
       first three, the next three, the last two; after a shuffle any way of dealing is alike).
    4. #3 is shuffled into the 2-card stack, which goes at the bottom.
    5. #2 is shuffled into one of the 3-card stacks (the first dealt), placed on top of it.
    6. #1 is shuffled into the remaining stack, placed on top of both.

    So #1 is among the first four cards, #2 among the next four, #3 among the last three.
    The rulebook never reshuffles this deck: keep discarded Exploration cards out of
    ``deck.discard``. (It cannot run out before #3 is drawn: #3 is in the bottom stack.)
    """
    numbers = sorted(main for _, main in structure)
    if sorted(mains) != numbers or numbers != list(range(1, len(numbers) + 1)):
        labels = [f"#{n}" for n in numbers]
        named = labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"
        raise DeckError(f"the Exploration deck needs main encounters {named}, got {sorted(mains)}")
    sizes = [size for size, _ in structure]
    if len(regular) != sum(sizes):
        raise DeckError(f"the Exploration deck needs {sum(sizes)} regular encounters "
                        f"(stacks of {', '.join(map(str, sizes))}), got {len(regular)}")
    check_unique("Exploration", [starting, *mains.values(), *regular])
    dealt: dict[int, list[str]] = {}
    at = 0
    cards = shuffled(regular, rng)
    for size, main in structure:
        dealt[main] = cards[at:at + size]
        at += size
    by_main = {main: shuffled(dealt[main] + [mains[main]], rng) for main in sorted(dealt, reverse=True)}
    stacks = [by_main[main] for main in sorted(by_main)]
    return Assembly(starting, stacks, Deck("exploration", [c for s in stacks for c in s], []))
