"""The Upper World ("Move", "Travel Guide", "Setup"): exploring, the areas' effects and the
buildings.

Readings (docs/readings.md, "Heldentaufe"):

- Tiles are squares on a grid, four neighbours each, the campfire at "0,0" (ours); one
  face-down stack ("Form one or more face-down stacks").
- "Depending on the area type, you may continue your turn or must end it on that area": only an
  explored forest ends the turn. Food sources are collected from as a free action, as often as
  the hero likes while standing there ("you can regenerate all your hearts on these spaces at
  once").
- Laboratory: "End your turn here to improve the value of any one piece of equipment by +1" -
  the improvement is chosen with the end of the turn (``end`` ... ``improve TOKEN``).
- Blacksmith: two pieces of one type for one of that type worth at most their sum, at most +3,
  "multiple times in a single turn". Trader: one piece for a piece of another type of equal value,
  once a turn. Both take from the supply and give back to it.
"""

from __future__ import annotations

import re

from .board import cell, upper_neighbours
from .content import FOOD_SOURCES, SLOTS, Content
from .heroes import equipment, give_back, receive, remove_equipment, slot_of, take, value_of
from .state import UPPER, HState, Hero

CAMPFIRE = cell(0, 0)
_NUMBER = re.compile(r"-[0-9]+$")


def kind_of(tile: str) -> str:
    """A tile's kind from its id ("forest-3" -> "forest", "campfire" -> "campfire")."""
    return _NUMBER.sub("", tile)


def portal_number(tile: str) -> int:
    """The number of a portal tile ("portal-3" -> 3); 0 for other tiles."""
    return int(tile.rsplit("-", 1)[1]) if kind_of(tile) == "portal" else 0


def tile_ids(c: Content, players: int) -> list[str]:
    """The tiles of a game: the content's mix less the removals for the player count ("Depending
    on player count, remove the following Upper World area tiles"); one hero removes as for
    ``solo`` players (ours). Portals are numbered 1-5; the others count up by kind."""
    removed = c.areas.remove.get(players if players >= 2 else c.areas.solo, {})
    out = []
    for kind, n in c.areas.tiles.items():
        keep = n - removed.get(kind, 0)
        if kind == "campfire":
            out.append("campfire")
        else:
            out.extend(f"{kind}-{i}" for i in range(1, keep + 1))
    return out


def area_kind(state: HState, hero: Hero) -> str:
    """The kind of Upper World area the hero stands on ("" in the Underworld)."""
    return kind_of(state.upper[hero.at]) if hero.world == UPPER else ""


def explorable(state: HState, hero: Hero) -> list[str]:
    """Empty grid cells next to the hero where a new area may be laid ("First choose the direction
    your hero will travel"), while tiles remain."""
    if hero.world != UPPER or not state.tiles.draw:
        return []
    return [n for n in upper_neighbours(hero.at) if n not in state.upper]


def walkable(state: HState, hero: Hero) -> list[str]:
    """Explored areas next to the hero ("onto an already-explored, adjacent area")."""
    if hero.world != UPPER:
        return []
    return [n for n in upper_neighbours(hero.at) if n in state.upper]


def portal_cell(state: HState, number: int) -> str | None:
    """Where Upper World portal ``number`` lies, if explored."""
    for at, tile in state.upper.items():
        if portal_number(tile) == number:
            return at
    return None


def lowest_portal(state: HState) -> str:
    """"Your hero is placed back in the Upper World, on the portal with the lowest number" - the
    lowest-numbered portal explored; the campfire when none is (ours: a hero who teleported down
    before any portal was found)."""
    found = sorted((portal_number(t), at) for at, t in state.upper.items() if portal_number(t))
    return found[0][1] if found else CAMPFIRE


# -- the buildings ------------------------------------------------------------------------------------

def food_here(state: HState, hero: Hero) -> str | None:
    return FOOD_SOURCES.get(area_kind(state, hero))


def forge_options(state: HState, hero: Hero) -> list[tuple[tuple[str, str], str]]:
    """Blacksmith: "give up two pieces of equipment of the same type to receive an improved version
    of that same equipment. The value of the new equipment may not be higher than the sum of the
    equipment given up, but may be lower" - every (pair given, piece taken) the supply allows, the
    piece taken better than either given (ours: a swap for something no better is no forging)."""
    if area_kind(state, hero) != "blacksmith":
        return []
    carried = sorted([t for t in hero.inventory.values()] + [t for t in hero.backpack if slot_of(t)])
    out = []
    seen = set()
    for i in range(len(carried)):
        for j in range(i + 1, len(carried)):
            a, b = carried[i], carried[j]
            if slot_of(a) != slot_of(b) or (a, b) in seen:
                continue
            seen.add((a, b))
            best = max(value_of(a), value_of(b))
            for v in range(best + 1, min(3, value_of(a) + value_of(b)) + 1):
                t = equipment(slot_of(a), v)
                if state.supply.get(t, 0) > 0:
                    out.append(((a, b), t))
    return out


def forge(c: Content, state: HState, hero: Hero, given: tuple[str, str], taken: str) -> str:
    for t in given:
        remove_equipment(hero, t)
        give_back(state, t)
    return receive(c, state, hero, taken)


def trade_options(state: HState, hero: Hero, turn_traded: bool) -> list[tuple[str, str]]:
    """Trader: "exchange different equipment of equal value" - once a turn."""
    if area_kind(state, hero) != "trader" or turn_traded:
        return []
    carried = sorted(set(list(hero.inventory.values()) + [t for t in hero.backpack if slot_of(t)]))
    return [(t, equipment(s, value_of(t))) for t in carried for s in SLOTS
            if s != slot_of(t) and state.supply.get(equipment(s, value_of(t)), 0) > 0]


def trade(c: Content, state: HState, hero: Hero, given: str, taken: str) -> str:
    """"Exchanged equipment may be used immediately": the piece taken is worn when its slot is free
    or the piece given was worn."""
    was_worn = hero.inventory.get(slot_of(given)) == given and given not in hero.backpack
    remove_equipment(hero, given)
    give_back(state, given)
    if was_worn and slot_of(taken) not in hero.inventory:
        take(state, taken)
        hero.inventory[slot_of(taken)] = taken
        return "inventory"
    return receive(c, state, hero, taken)


def improve_options(state: HState, hero: Hero) -> list[str]:
    """Laboratory: "improve the value of any one piece of equipment by +1" (a +3 cannot be)."""
    if area_kind(state, hero) != "laboratory":
        return []
    carried = sorted(set(list(hero.inventory.values()) + [t for t in hero.backpack if slot_of(t)]))
    return [t for t in carried if value_of(t) < 3 and state.supply.get(equipment(slot_of(t), value_of(t) + 1), 0) > 0]


def improve(state: HState, hero: Hero, token: str) -> str:
    better = equipment(slot_of(token), value_of(token) + 1)
    take(state, better)
    give_back(state, token)
    if hero.inventory.get(slot_of(token)) == token and token not in hero.backpack:
        hero.inventory[slot_of(token)] = better
    else:
        hero.backpack[hero.backpack.index(token)] = better
    return better
