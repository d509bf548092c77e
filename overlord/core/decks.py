"""Card decks as plain data: a draw pile and a discard pile of card ids.

Descent co-op (Forgotten Souls): the Peril and Activation decks ("Peril Cards", "3. Monster
Activation") and the Exploration deck ("Assembling the Exploration Deck"). Functions, not
methods: every shuffle uses the ``numpy.random.Generator`` passed in (see ``core.rng``).

Conventions
-----------
* The top of the draw pile is ``draw[0]``; the newest discard is ``discard[-1]``.
* Card ids are card *instances*: unique within a deck. Copies of one card get distinct ids
  (``"potion-1"``, ``"potion-2"``), so a card that is lost or duplicated is always visible.
* A drawn card is *in play* until it is discarded; the deck does not hold it meanwhile.
  ``deck_cards(deck, in_play)`` counts every card wherever it is.

Reshuffle timing. "If the Peril deck runs out of cards, the discard pile is immediately
shuffled to create a new Peril deck" (same words for the Activation deck). "Immediately" is
taken to be *right after the draw that empties the draw pile*: the card just drawn is still in
play, so it is not part of the new deck; it goes to the new discard pile when discarded. If the
discard pile is empty at that moment there is nothing to shuffle; the next draw from the empty
pile shuffles whatever has been discarded by then.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

import numpy as np

REGULAR_STACKS = (3, 3, 2)   # "two stacks of three cards and one stack of two cards"
# Forgotten Souls' structure, as (regular cards, main encounter) per stack in the order they are
# dealt: #3 into the stack of two, #2 into the first stack of three, #1 into the other
FORGOTTEN_SOULS = ((3, 2), (3, 1), (2, 3))


class DeckError(ValueError):
    """A deck operation the rules do not allow (drawing from no cards, a card twice, ...)."""


@dataclass
class Deck:
    name: str
    draw: list[str]                                      # draw[0] is the top card
    discard: list[str] = field(default_factory=list)     # discard[-1] is the newest


@dataclass
class Assembly:
    """The Exploration deck as assembled: the starting card set aside, the three stacks in the
    order they end up (top stack first), and the combined draw pile."""

    starting: str
    stacks: list[list[str]]
    deck: Deck


def shuffled(cards: Iterable[str], rng: np.random.Generator) -> list[str]:
    """``cards`` in a random order drawn from ``rng``."""
    cards = list(cards)
    return [cards[i] for i in rng.permutation(len(cards))]


def new_deck(name: str, card_ids: Iterable[str], rng: np.random.Generator) -> Deck:
    """A shuffled deck, empty discard pile ("General Setup" 4 and 5: "shuffle them together")."""
    cards = list(card_ids)
    _check_unique(name, cards)
    return Deck(name, shuffled(cards, rng), [])


def draw_card(deck: Deck, rng: np.random.Generator) -> str:
    """Take the top card of the draw pile; it is in play until :func:`discard_card`.

    If the draw pile is empty, the discard pile is shuffled into a new one first; if this draw
    empties the pile, the discard pile (without the card just drawn) becomes the new draw pile
    at once ("If the ... deck runs out of cards, the discard pile is immediately shuffled").
    Raises :class:`DeckError` when both piles are empty.
    """
    if not deck.draw:
        if not deck.discard:
            raise DeckError(f"the {deck.name} deck has no cards to draw: its draw and discard piles "
                            f"are both empty (every card is in play)")
        _reshuffle(deck, rng)
    card = deck.draw.pop(0)
    if not deck.draw and deck.discard:
        _reshuffle(deck, rng)
    return card


def discard_card(deck: Deck, card: str) -> None:
    """Put a card in play onto the discard pile ("4. Discard the Peril card")."""
    if card in deck.draw or card in deck.discard:
        where = "draw" if card in deck.draw else "discard"
        raise DeckError(f"card {card!r} is already in the {deck.name} deck's {where} pile; "
                        f"only a card in play can be discarded")
    deck.discard.append(card)


def deck_cards(deck: Deck, in_play: Iterable[str] = ()) -> Counter:
    """The multiset of every card: draw pile, discard pile and the cards in play."""
    return Counter(deck.draw) + Counter(deck.discard) + Counter(in_play)


def assemble_exploration(starting: str, mains: dict[int, str], regular: list[str],
                         rng: np.random.Generator, structure=FORGOTTEN_SOULS) -> Assembly:
    """"Assembling the Exploration Deck", steps 1-6, for a deck of any ``structure``: (regular
    cards, main encounter) for each stack in the order they are dealt; the main encounters are
    shuffled into their stacks from the last to #1, and the stack of #1 goes on top. A scenario
    declares its structure (Forgotten Souls' is the default, below).

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
    _check_unique("Exploration", [starting, *mains.values(), *regular])
    dealt: dict[int, list[str]] = {}
    at = 0
    cards = shuffled(regular, rng)
    for size, main in structure:
        dealt[main] = cards[at:at + size]
        at += size
    by_main = {main: shuffled(dealt[main] + [mains[main]], rng) for main in sorted(dealt, reverse=True)}
    stacks = [by_main[main] for main in sorted(by_main)]
    return Assembly(starting, stacks, Deck("exploration", [c for s in stacks for c in s], []))


def _reshuffle(deck: Deck, rng: np.random.Generator) -> None:
    deck.draw.extend(shuffled(deck.discard, rng))
    deck.discard.clear()


def _check_unique(name: str, cards: list) -> None:
    for c in cards:
        if not isinstance(c, str) or not c:
            raise DeckError(f"{name} deck: card ids are non-empty strings, got {c!r}")
    twice = sorted(c for c, k in Counter(cards).items() if k > 1)
    if twice:
        raise DeckError(f"{name} deck: card ids must be unique (copies get distinct ids), "
                        f"repeated: {', '.join(twice)}")
