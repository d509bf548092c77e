"""Where the heroes' manor houses go in Return of the Heroes with the Dragon (Under the Shadow of
the Dragon, "as an Expansion Set", Rules Changes):

- "Once every player has made his choice, the manor houses of the heroes are placed on the game
  board. The player who chose his hero last goes first now; all others place their heroes' homes
  now counter-clockwise" (:func:`placing_order`).
- "No manor house may be placed on the following region maps: H, the Tower of the Nameless; J, the
  Capital; N, the Temple; R, the Gate to the Underworld; V, the Dragon's Cave. Neither can it be
  placed on field S1, the City of the Mages" (:data:`TABOO_MAPS`, :data:`TABOO_FIELDS`).
- "The manor house needs to be placed adjacent to a tan field" (:func:`sites`).
- "The manor houses may not be placed adjacent to another, either horizontally or vertically. The
  map on which the house has been placed counts for this calculation. Two diagonally adjacent
  region maps may hold one manor house each" (:func:`open_maps`).
- "Each game figure is placed on the field next to its house" (:func:`start`).

Readings (docs/kingdom.md, ours):

- Where on a map a house stands: a map with a manor field (every RotH map but H and N, the
  Dragon's T2 and X2) holds it there, as each single game places it; a map without one holds it
  beside any of its tan fields but S1 (the book excludes that one field alone), and the hero
  stands on that field, as the Dragon's heroes stand on T2 and X2.
- The same map cannot hold two houses ("The map on which the house has been placed counts").
- When no map is left that the rule allows (six houses, a crowded layout), the last houses go on
  any map that is not taboo and holds no house (ours: the book says nothing of it).
"""

from __future__ import annotations

from overlord.games.heroes.regions import RegionBoard

TABOO_MAPS = ("H", "J", "N", "R", "V")
TABOO_FIELDS = ("S1",)
TAN = "tan"
MANOR = "manor"


def placing_order(heroes: list[str]) -> list[str]:
    """Who places his house first: the last to choose a hero, then counter-clockwise (the heroes
    are listed in the order they chose, clockwise from the oldest player)."""
    return list(reversed(heroes))


def sites(board: RegionBoard, letter: str) -> list[str]:
    """The fields of a map a house may stand by: its manor field, else its tan fields but S1 and those
    from which no route leads off the map (the Garbage Dump, the Isle)."""
    if letter in TABOO_MAPS:
        return []
    fields = board.region_fields(letter)
    manors = [f for f in fields if board.field(f).feature == MANOR]
    if manors:
        return manors
    return [f for f in fields if f not in TABOO_FIELDS and board.field(f).colour == TAN and leads_out(board, f)]


def leads_out(board: RegionBoard, field: str) -> bool:
    """Whether the routes from ``field`` lead, step by step, onto another map."""
    region, seen, todo = board.field(field).region, {field}, [field]
    while todo:
        for g in board.walk.get(todo.pop(), ()):
            if board.field(g).region != region:
                return True
            if g not in seen:
                seen.add(g)
                todo.append(g)
    return False


def start(board: RegionBoard, manor: str) -> str:
    """The field a hero stands on next to his house: a manor field joined by one route to the field
    "next to it" (Return of the Heroes' maps: "place your character on the indicated location and put
    your manor house next to it") starts him there; any other site is his field itself (the Dragon's
    "Place your game figure on either T2 or X2")."""
    if board.field(manor).feature == MANOR and len(board.walk[manor]) == 1:
        (field,) = board.walk[manor]
        return field
    return manor


def _map_of(board: RegionBoard, field: str) -> str:
    return board.field(field).region


def open_maps(board: RegionBoard, houses: list[str]) -> list[str]:
    """The maps a house may go on now, given the fields of the houses placed, in reading order
    (top row first): no taboo map, a site on it, no house on it or on a map beside it; when the
    rule leaves none, any map that is not taboo and holds no house (ours)."""
    taken = {board.grid[_map_of(board, h)] for h in houses}
    near = {(r + dr, k + dk) for r, k in taken for dr, dk in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))}
    mapped = sorted((rk, letter) for letter, rk in board.grid.items() if sites(board, letter))
    allowed = [letter for rk, letter in mapped if rk not in near]
    return allowed or [letter for rk, letter in mapped if rk not in taken]
