"""Card decks as plain data: a draw pile and a discard pile of card ids.

Any game's decks: Descent co-op's Peril and Activation decks (Forgotten Souls, "Peril Cards",
"3. Monster Activation"), the Underworld's, the Dragon's. Functions, not methods: every shuffle
uses the ``numpy.random.Generator`` passed in (see ``core.rng``). A deck assembled in a game's
own way is the game's (Descent's Exploration deck: ``games/descent/exploration.py``).

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

class DeckError(ValueError):
    """A deck operation the rules do not allow (drawing from no cards, a card twice, ...)."""


@dataclass
class Deck:
    name: str
    draw: list[str]                                      # draw[0] is the top card
    discard: list[str] = field(default_factory=list)     # discard[-1] is the newest


def shuffled(cards: Iterable[str], rng: np.random.Generator) -> list[str]:
    """``cards`` in a random order drawn from ``rng``."""
    cards = list(cards)
    return [cards[i] for i in rng.permutation(len(cards))]


def new_deck(name: str, card_ids: Iterable[str], rng: np.random.Generator) -> Deck:
    """A shuffled deck, empty discard pile ("General Setup" 4 and 5: "shuffle them together")."""
    cards = list(card_ids)
    check_unique(name, cards)
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


def _reshuffle(deck: Deck, rng: np.random.Generator) -> None:
    deck.draw.extend(shuffled(deck.discard, rng))
    deck.discard.clear()


def check_unique(name: str, cards: list) -> None:
    """Card ids are non-empty strings, each once in a deck (copies get distinct ids)."""
    for c in cards:
        if not isinstance(c, str) or not c:
            raise DeckError(f"{name} deck: card ids are non-empty strings, got {c!r}")
    twice = sorted(c for c, k in Counter(cards).items() if k > 1)
    if twice:
        raise DeckError(f"{name} deck: card ids must be unique (copies get distinct ids), "
                        f"repeated: {', '.join(twice)}")
