"""Markets of the Heroes family: a face-down pile of market counters, a market called by a hero
who draws some of them, sales with a provision, and counters destroyed from the pile.

- Return of the Heroes, "Rewards and Experience": "The player at the market draws three counters
  if he is at the small market or six counters if at the large one, from the face down pile of
  market counters"; "they pay the price to the bank, but you receive a commission of one gold
  piece for every artifact sold to another player"; "They are mixed back into the pile".
- Under the Shadow of the Dragon, "City of the Mages/Location": "Shuffle the 'City of the Mages'
  counters and draw four of them ... The player calling the market may elect to buy these
  artifacts, or he may offer them to the other players ... For each artifact sold, the seller
  receives a provision of 1 gold piece ... If the player calling the market elects to buy the
  artifact himself, he does not have to pay the provision ... Unsold artifacts are returned";
  "The Market is Burning!": "The counters are chosen at random, without being revealed first,
  and removed from the game for the entire game session."

Functions over plain lists of counter ids; every random choice from the generator passed in.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

PROVISION = 1     # "a provision of 1 gold piece, regardless of actual price" (UtSotD); RotH the same


def call_market(pile: list[str], count: int, rng: np.random.Generator) -> list[str]:
    """Draw ``count`` counters at random from the pile (fewer if it holds fewer): the offer."""
    offer = []
    for _ in range(min(count, len(pile))):
        offer.append(pile.pop(int(rng.integers(len(pile)))))
    return offer


def close_market(pile: list[str], offer: list[str]) -> list[str]:
    """The unsold counters go back into the pile (it is shuffled before every draw, so where
    they go in it does not matter); returns them."""
    back = list(offer)
    pile.extend(back)
    offer.clear()
    return back


@dataclass(frozen=True)
class Sale:
    buyer_pays: int
    seller_gets: int     # the provision, out of the price
    bank_gets: int


def sale(price: int, seller: str, buyer: str) -> Sale:
    """What a sale moves: the buyer pays the printed price; when the hero who called the market
    sells to another, 1 gold of it is his provision and the rest goes to the bank; buying for
    himself, all of it goes to the bank."""
    if price < 0:
        raise ValueError(f"a price is not negative, got {price}")
    provision = min(PROVISION, price) if seller != buyer else 0
    return Sale(price, provision, price - provision)


def burn(pile: list[str], count: int, rng: np.random.Generator) -> list[str]:
    """Destroy ``count`` counters of the pile at random, unseen; returns them (for the game to
    put out of play)."""
    return call_market(pile, count, rng)
