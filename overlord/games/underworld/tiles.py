"""The Underworld map (Heroes in the Underworld, "Map Tiles", "The Styx Map Tile", "Phase 1:
Extending the Underworld", "Phase 2: Hero Movement", "Movement in Detail"), as plain data and
pure functions.

Conventions
-----------
* A tile lies at ``[col, row]``; the row grows downward, so N is up (as in ``core.tiles``).
  Styx lies at ``[0, 0]`` and is never turned: its directional arrow points N, so every tile
  with an arrow is placed as printed ("must be oriented so that the directional arrow points the
  same direction as the arrow on the Styx tile").
* ``TileSpec.exits`` are the exits as printed, read with the tile's arrow pointing N (a tile
  without an arrow: read any way up, then turned by the placing player).
* ``turns`` are quarter turns clockwise: one turn takes an N exit to E, E to S, S to W, W to N.
* A stack is a list of tile ids, top first (``stacks[i][0]`` is drawn next).
* Functions never change the map passed in; they return a new one, which shares with it what
  they did not change (the catalogue, the tiles already placed, the other stacks): copying the
  whole map each turn was a third of a headless game's time.
* ``markers`` on a placed tile are marker ids; a face-down Adventure marker put on a new place or
  area is :data:`ADVENTURE` until a later module draws a real one ("If a marker is to be pulled,
  one may select any face down marker").

Rule readings
-------------
* "The remaining map tiles are mixed and put face down in 3 equal piles." The game has "48 area
  maps" and Styx is one of them, so 47 remain: no 3 piles are equal. The piles are dealt as
  equal as possible, the first piles one tile larger (47: 16, 16, 15); when the count divides by
  3 they are exactly equal.
* "The active player draws one face-down map tile from the stack if an exit exists on the tile
  they currently occupy" and "placed ... adjacent to the tile occupied by the hero": a new tile
  goes beside an exit of the hero's tile, on a side with no tile yet ("Map tiles already placed
  are not covered by new map tiles"). A tile surrounded on all four sides - or whose exits all
  face placed tiles - takes no new tile; nor can one be drawn when every stack is empty.
* The new tile need not connect: "If this is not possible (for example, if a wall blocks the
  path), then the hero cannot move."
* "Place an Adventure marker immediately on the new tile" is narrowed by "Map tile types":
  places and areas get one, passageways do not.
* Phase 2: "If a new map tile was placed in Phase 1, then the hero's first move must be to this
  new tile (if the hero moves at all). If this is not possible ... then the hero cannot move."
  Without a new tile (e.g. "on a map tile surrounded by tiles already") the hero "can then move
  in any direction". "1 step = 1 map tile = 1 MP"; "If a marker is on the tile, movement is
  interrupted ... This also applies to already revealed markers still on map tiles."
* Not modelled here: the Chaos tile's special placement of Adventure markers when the Damned One
  appears, and the Lethe tile laid "4 spaces away from the Styx map tile" when the three games
  are combined.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace

import numpy as np

from overlord.core.decks import shuffled
from overlord.core.state import shared
from overlord.core.tiles import OPPOSITE, SIDES, STEP, TileBoard

KINDS = ("styx", "place", "area", "passageway")
MARKED_KINDS = ("place", "area")        # "On Places and Areas, an Adventure counter is placed"
ADVENTURE = "adventure"                 # a face-down Adventure marker not yet drawn
STACKS = 3                              # "put face down in 3 equal piles"
STYX_AT = [0, 0]                        # "Place the Styx map tile on the center of the play area."


class TileError(ValueError):
    """A map operation the rules do not allow (placing on a covered side, an empty stack, ...)."""


@dataclass
class TileSpec:
    """One map tile as printed."""

    id: str
    kind: str          # "styx" | "place" | "area" | "passageway"
    name: str
    exits: str         # subset of "NESW", read with the arrow pointing N
    arrow: bool = False


@dataclass
class PlacedTile:
    id: str
    at: list[int]                                       # [col, row]
    exits: str                                          # after turning, in NESW order
    turns: int = 0                                      # quarter turns clockwise (0 for arrow tiles)
    markers: list[str] = field(default_factory=list)    # markers and counters lying on the tile


@dataclass
class UnderworldMap:
    catalogue: dict[str, TileSpec] = shared()   # every tile of the game, by id (content: clones share it)
    stacks: list[list[str]]              # face-down stacks, top first
    placed: list[PlacedTile]             # in the order placed; Styx first
    heroes: dict[str, str]               # hero id -> id of the tile the hero stands on
    placed_this_turn: str | None = None  # the tile placed in Phase 1 of the current turn


@dataclass
class Placement:
    """What :func:`place_tile` did: the tile as placed, and whether the hero's first move can
    enter it (its exit faces the hero's exit). If not, the hero cannot move this turn."""

    tile: PlacedTile
    side: str
    connected: bool


@dataclass
class FirstMove:
    """The tiles the hero's first MP may enter this turn, and why."""

    options: list[str]
    forced: bool          # a tile was placed this turn: the first move must enter it
    reason: str


@dataclass
class Walk:
    """A hero's walk along a path: the tiles entered, the MP spent, and why it stopped early."""

    entered: list[str]
    mp: int
    stopped: str | None   # None when the whole path was walked


# -- tiles ------------------------------------------------------------------------------------

def rotate(exits: str, turns: int) -> str:
    """``exits`` turned ``turns`` quarter turns clockwise, in NESW order."""
    k = turns % 4
    out = {SIDES[(SIDES.index(s) + k) % 4] for s in exits}
    return "".join(s for s in SIDES if s in out)


def check_spec(spec: TileSpec) -> None:
    """Raise :class:`TileError` if a tile is not one of the rulebook's kinds."""
    if not isinstance(spec.id, str) or not spec.id:
        raise TileError(f"a map tile needs an id (a non-empty string), got {spec.id!r}")
    if spec.kind not in KINDS:
        raise TileError(f"tile {spec.id!r}: kind must be one of {', '.join(KINDS)}, not {spec.kind!r}")
    if not isinstance(spec.exits, str) or any(c not in SIDES for c in spec.exits) \
            or len(set(spec.exits)) != len(spec.exits):
        raise TileError(f"tile {spec.id!r}: exits must be distinct letters from {SIDES!r}, not {spec.exits!r}")
    n = len(spec.exits)
    # "Areas: Tiles having 3 or 4 exits"; "Passageways: Tiles having 2, 3 or 4 exits."
    if spec.kind == "area" and n not in (3, 4):
        raise TileError(f"tile {spec.id!r}: an area has 3 or 4 exits, not {n}")
    if spec.kind == "passageway" and n not in (2, 3, 4):
        raise TileError(f"tile {spec.id!r}: a passageway has 2, 3 or 4 exits, not {n}")


def gets_marker(spec: TileSpec) -> bool:
    """Places and areas get an Adventure marker when placed; passageways (and Styx) do not."""
    return spec.kind in MARKED_KINDS


# -- setup ------------------------------------------------------------------------------------

def stack_sizes(n: int, stacks: int = STACKS) -> list[int]:
    """Pile sizes for ``n`` tiles: equal, or as equal as possible with the first piles larger."""
    return [n // stacks + (1 if i < n % stacks else 0) for i in range(stacks)]


def setup(tiles: list[TileSpec], heroes: list[str], rng: np.random.Generator) -> UnderworldMap:
    """"Separate the Styx map tile ... The remaining map tiles are mixed and put face down in 3
    equal piles"; "Place the Styx map tile on the center of the play area"; "Place all the hero
    tokens being used on the Styx map tile"."""
    catalogue: dict[str, TileSpec] = {}
    for spec in tiles:
        check_spec(spec)
        if spec.id in catalogue:
            raise TileError(f"tile id {spec.id!r} is used twice")
        catalogue[spec.id] = copy.deepcopy(spec)
    styx = [s.id for s in tiles if s.kind == "styx"]
    if len(styx) != 1:
        raise TileError(f"the Underworld needs exactly one Styx tile, got {len(styx)}")
    if len(set(heroes)) != len(heroes):
        raise TileError(f"hero ids must be unique, got {heroes}")
    rest = shuffled([s.id for s in tiles if s.kind != "styx"], rng)
    stacks, at = [], 0
    for size in stack_sizes(len(rest)):
        stacks.append(rest[at:at + size])
        at += size
    start = PlacedTile(styx[0], list(STYX_AT), rotate(catalogue[styx[0]].exits, 0), 0, [])
    return UnderworldMap(catalogue, stacks, [start], {h: styx[0] for h in heroes}, None)


# -- looking at the map -----------------------------------------------------------------------

def styx_id(m: UnderworldMap) -> str:
    return m.placed[0].id


def placed_tile(m: UnderworldMap, tile: str) -> PlacedTile:
    for t in m.placed:
        if t.id == tile:
            return t
    raise TileError(f"tile {tile!r} is not on the Underworld map "
                    f"(placed: {', '.join(t.id for t in m.placed)})")


def tile_at(m: UnderworldMap, col: int, row: int) -> PlacedTile | None:
    for t in m.placed:
        if t.at[0] == col and t.at[1] == row:
            return t
    return None


def beyond(t: PlacedTile, side: str) -> list[int]:
    dx, dy = STEP[side]
    return [t.at[0] + dx, t.at[1] + dy]


def top_tile(m: UnderworldMap, stack_index: int) -> TileSpec:
    """The tile the active player would draw from a stack."""
    _check_stack(m, stack_index)
    return m.catalogue[m.stacks[stack_index][0]]


def connected(m: UnderworldMap, a: str, b: str) -> bool:
    """Whether tiles ``a`` and ``b`` lie side by side with exits facing each other."""
    ta, tb = placed_tile(m, a), placed_tile(m, b)
    for side in ta.exits:
        if beyond(ta, side) == tb.at:
            return OPPOSITE[side] in tb.exits
    return False


def neighbours(m: UnderworldMap, tile: str) -> list[str]:
    """The tiles joined to ``tile`` by matching exits, in the order N, E, S, W."""
    t = placed_tile(m, tile)
    out = []
    for side in t.exits:
        other = tile_at(m, *beyond(t, side))
        if other is not None and OPPOSITE[side] in other.exits:
            out.append(other.id)
    return out


def adjacency(m: UnderworldMap) -> dict[str, list[str]]:
    """:func:`neighbours` of every placed tile at once (one pass with a position index, where
    calling ``neighbours`` tile by tile scans the map for each exit)."""
    at = {(t.at[0], t.at[1]): t for t in m.placed}
    out = {}
    for t in m.placed:
        joined = []
        for side in t.exits:
            dx, dy = STEP[side]
            other = at.get((t.at[0] + dx, t.at[1] + dy))
            if other is not None and OPPOSITE[side] in other.exits:
                joined.append(other.id)
        out[t.id] = joined
    return out


def open_sides(m: UnderworldMap) -> dict[str, list[str]]:
    """:func:`can_place` of every placed tile at once (one pass with a position index)."""
    if not any(m.stacks):
        return {t.id: [] for t in m.placed}
    at = {(t.at[0], t.at[1]) for t in m.placed}
    return {t.id: [s for s in t.exits if (t.at[0] + STEP[s][0], t.at[1] + STEP[s][1]) not in at]
            for t in m.placed}


def distances(m: UnderworldMap, sources) -> dict[str, int]:
    """Tiles walked from the nearest of ``sources`` (tile ids) through tiles joined by matching
    exits, for every tile that can be reached."""
    adj = adjacency(m)
    frontier = list(dict.fromkeys(sources))
    dist = {t: 0 for t in frontier}
    while frontier:
        nxt = []
        for t in frontier:
            for n in adj[t]:
                if n not in dist:
                    dist[n] = dist[t] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


# -- Phase 1: Extending the Underworld --------------------------------------------------------

def can_place(m: UnderworldMap, hero_tile: str) -> list[str]:
    """The sides of ``hero_tile`` where a new tile may go, in the order N, E, S, W: its exits
    with no tile placed beyond them. None when the tile is surrounded ("Map tiles already placed
    are not covered by new map tiles"), or when every stack is empty."""
    t = placed_tile(m, hero_tile)
    if not any(m.stacks):
        return []
    return [s for s in t.exits if tile_at(m, *beyond(t, s)) is None]


def place_tile(m: UnderworldMap, hero_tile: str, stack_index: int, side: str, turns: int | None = 0,
               rng: np.random.Generator | None = None) -> tuple[UnderworldMap, Placement]:
    """Phase 1: draw the top tile of stack ``stack_index`` and place it beside ``hero_tile`` on
    ``side``. A tile with an arrow is placed as printed (its arrow points the way Styx's does);
    any other tile is turned ``turns`` quarter turns clockwise - or, with ``turns=None``, a
    random number of turns from ``rng`` (the choice of a player who does not care). Places and
    areas get a face-down Adventure marker; passageways do not.

    Returns the new map (which remembers the tile as ``placed_this_turn``) and the placement:
    whether the hero's first move can enter the new tile."""
    if m.placed_this_turn is not None:
        raise TileError(f"a map tile ({m.placed_this_turn!r}) was already placed this turn; "
                        "call new_turn first")
    sides = can_place(m, hero_tile)
    if side not in SIDES:
        raise TileError(f"side must be one of N, E, S, W, not {side!r}")
    spec = top_tile(m, stack_index)
    if side not in sides:
        t = placed_tile(m, hero_tile)
        if side not in t.exits:
            why = f"tile {hero_tile!r} has no exit to the {side}"
        else:
            why = f"a map tile is already placed to the {side} of {hero_tile!r} (tiles are not covered)"
        raise TileError(f"cannot place a tile there: {why}; free sides: {', '.join(sides) or 'none'}")
    if spec.arrow:
        if turns not in (None, 0):
            raise TileError(f"tile {spec.id!r} has a directional arrow: it must point the same "
                            f"direction as the arrow on the Styx tile, so it cannot be turned {turns} times")
        turns = 0
    elif turns is None:
        if rng is None:
            raise TileError("turns=None chooses the orientation at random: pass an rng")
        turns = int(rng.integers(0, 4))
    elif not isinstance(turns, int) or isinstance(turns, bool):
        raise TileError(f"turns must be an integer number of quarter turns, not {turns!r}")
    turns %= 4
    stacks = list(m.stacks)
    stacks[stack_index] = stacks[stack_index][1:]
    new = replace(m, stacks=stacks, placed=list(m.placed))
    host = placed_tile(new, hero_tile)
    tile = PlacedTile(spec.id, beyond(host, side), rotate(spec.exits, turns), turns,
                      [ADVENTURE] if gets_marker(spec) else [])
    new.placed.append(tile)
    new.placed_this_turn = tile.id
    return new, Placement(copy.deepcopy(tile), side, OPPOSITE[side] in tile.exits)


def new_turn(m: UnderworldMap) -> UnderworldMap:
    """The map at the start of the next player's turn: no tile placed yet this turn."""
    return replace(m, placed_this_turn=None)


# -- Phase 2: movement ------------------------------------------------------------------------

def first_move_rule(m: UnderworldMap, hero_tile: str) -> FirstMove:
    """The tiles the hero's first MP may enter. After a tile was placed this turn, only that
    tile, if a connection exists; otherwise none - the hero cannot move. With no tile placed,
    any tile joined to the hero's ("that hero can then move in any direction")."""
    new = m.placed_this_turn
    if new is None:
        return FirstMove(neighbours(m, hero_tile), False,
                         "no map tile was placed this turn: the hero may move in any direction")
    if connected(m, hero_tile, new):
        return FirstMove([new], True, f"a map tile was placed this turn: the first move must enter {new!r}")
    return FirstMove([], True, f"a map tile was placed this turn but no connection exists between "
                               f"{hero_tile!r} and {new!r}: the hero cannot move")


def walk(m: UnderworldMap, hero_tile: str, path: list[str], mp: int) -> Walk:
    """Walk a hero from ``hero_tile`` along ``path`` (the tiles entered, in order) with ``mp``
    movement points: 1 MP per tile, the first step by :func:`first_move_rule`, each step to a
    joined tile; movement is interrupted on entering a tile with a marker or counter on it.
    Raises :class:`TileError` for a step the rules do not allow."""
    if len(path) > mp:
        raise TileError(f"the path enters {len(path)} tiles but the hero has {mp} MP (1 tile = 1 MP)")
    entered: list[str] = []
    here = hero_tile
    for i, nxt in enumerate(path):
        allowed = first_move_rule(m, hero_tile).options if i == 0 else neighbours(m, here)
        if nxt not in allowed:
            why = first_move_rule(m, hero_tile).reason if i == 0 else \
                f"{nxt!r} is not joined to {here!r} by matching exits"
            raise TileError(f"step {i + 1} to {nxt!r} is not allowed: {why}")
        entered.append(nxt)
        here = nxt
        if placed_tile(m, nxt).markers and i < len(path) - 1:
            return Walk(entered, len(entered), f"a marker lies on {nxt!r}: movement is interrupted")
    return Walk(entered, len(entered), None)


def to_board(m: UnderworldMap) -> TileBoard:
    """The map as a :class:`overlord.core.tiles.TileBoard` (tile ids as labels), for counting
    and the movement vocabulary."""
    return TileBoard([{"id": t.id, "at": list(t.at), "exits": t.exits} for t in m.placed])


def _check_stack(m: UnderworldMap, stack_index: int) -> None:
    if not isinstance(stack_index, int) or not 0 <= stack_index < len(m.stacks):
        raise TileError(f"stack must be 0 to {len(m.stacks) - 1}, not {stack_index!r}")
    if not m.stacks[stack_index]:
        raise TileError(f"stack {stack_index} is empty")
