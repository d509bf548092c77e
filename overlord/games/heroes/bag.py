"""The cloth bag of counters and where a drawn counter goes (Return of the Heroes, "Drawing
Counters"; Under the Shadow of the Dragon, "Counters", "Replenishing Counters").

- "Each time a counter is taken off the map another counter is drawn from the bag" and "A
  player may draw no more than one counter per turn" (UtSotD): :func:`draw` takes one counter
  at random with the game's generator; the game keeps the once-a-turn count.
- Where it goes: "On the front of some counters ... on which region map (letter) and field
  (number) you need to place the counter" (coordinates), else "in any non-occupied tan field of
  the player's choice", and "It may not be placed on a region map containing the player's own
  hero" (UtSotD); RotH: "not in the region where the player currently is".
  :func:`free_tan_fields` lists the fields allowed; :func:`placement_choice` is the program's
  choice among them when the game plays "the player" against the heroes (an ordered key whose
  ties are returned, so that a table may choose otherwise).
- "If it was once a random encounter chit, it has the PA logo on one side. These are placed
  with the logo facing upwards" (RotH): the game places such counters face down.
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

from overlord.core.context import Order, decide
from overlord.core.trace import Decision

from .regions import RegionBoard


def draw(bag: list[str], rng: np.random.Generator) -> str | None:
    """One counter out of the bag, at random; None when the bag is empty ("The counters
    remaining in the bag can be drawn for play until it is empty", RotH)."""
    if not bag:
        return None
    return bag.pop(int(rng.integers(len(bag))))


def free_tan_fields(board: RegionBoard, occupied: Iterable[str], exclude_regions: Iterable[str] = (),
                    exclude_features: Iterable[str] = ()) -> list[str]:
    """The tan fields with no counter on them, off the excluded regions and features, in reading
    order."""
    taken, regions, features = set(occupied), set(exclude_regions), set(exclude_features)
    return [f for f, spec in board.fields.items()
            if spec.colour == "tan" and f not in taken and spec.region not in regions and spec.feature not in features]


def placement_choice(board: RegionBoard, candidates: list[str], hero_fields: list[str], harmful: bool,
                     what: str = "placement") -> Decision:
    """Where the program puts a drawn counter, playing "the player" against the heroes: a harmful
    counter (a creature) on the free field *nearest* a hero, anything else on the free field
    *farthest* from every hero; then reading order. The key is (spaces to the nearest hero,
    counted along routes, negated for a helpful counter; region letter; field number); the fields
    with an equal first part are returned as ties, for the heroes to choose among at a table."""
    if not candidates:
        raise ValueError("no free field to place a counter on")
    near = board.spaces_from(hero_fields) if hero_fields else {}
    far = 10 ** 4

    def first(f: str) -> int:
        d = near.get(f, far)
        return d if harmful else -d

    name = "spaces to the nearest hero" if harmful else "spaces from the nearest hero (negated)"
    return decide(what, candidates, lambda f: (first(f),), (name,), reading_order(board))


def reading_order(board: RegionBoard) -> Order:
    """The fields' reading order as a tie-break (:func:`overlord.core.context.decide`): by region
    letter, then number; recorded as players write a field ("T4")."""
    return ("reading order", board.order, lambda f: "{}{}".format(*board.order(f)))
