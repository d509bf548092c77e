"""Boards of square map tiles joined by exits (Heroes in the Underworld, "Map Tiles" and
"Movement": "1 step = 1 map tile = 1 MP").

Each tile is one space. It lies at ``[col, row]`` on the tile grid (the row grows downward, so
N is up) and has exits on some of its four sides. Two tiles are adjacent only when they lie side
by side and both have an exit on the sides that face each other: a hero cannot move from a tile
to a newly placed one when "no connection or path exists between the current tile and the newly
placed tile" (Heroes in the Underworld, "Movement in Detail").

A map file lists the tiles::

    {"kind": "tiles", "tiles": [
        {"id": "styx", "at": [0, 0], "exits": "NESW"},
        {"id": "hades", "at": [1, 0], "exits": "W", "terrain": "floor"}]}

Line of sight is the base rule: the same or an adjacent tile.
"""

from __future__ import annotations

import difflib
from typing import Sequence

from .board import Board, BoardError
from .terrain import TerrainTable

SIDES = "NESW"
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


def _position(at, what: str) -> tuple[int, int]:
    if (isinstance(at, (list, tuple)) and len(at) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in at)):
        return int(at[0]), int(at[1])
    raise BoardError(f"{what}: 'at' must be a tile position [col, row] of two integers, not {at!r}")


class TileBoard(Board):
    kind = "tiles"
    los_rule = "same or adjacent tile (adjacent: joined by matching exits)"
    stacking = True

    def __init__(self, tiles: Sequence[dict], terrains: TerrainTable | None = None):
        terrains = terrains or TerrainTable()
        if not tiles:
            raise BoardError("a tile map needs at least one tile")
        ids: list[str] = []
        at: list[tuple[int, int]] = []
        exits: list[str] = []
        terrain: list[int] = []
        by_pos: dict[tuple[int, int], int] = {}
        for i, t in enumerate(tiles):
            tid = t.get("id") if isinstance(t, dict) else None
            if not isinstance(tid, str) or not tid:
                raise BoardError(f"tile {i + 1}: needs an 'id' (a non-empty string)")
            if tid in ids:
                raise BoardError(f"tile id {tid!r} is used twice")
            pos = _position(t.get("at"), f"tile {tid!r}")
            if pos in by_pos:
                raise BoardError(f"tiles {ids[by_pos[pos]]!r} and {tid!r} both lie at {list(pos)}")
            ex = t.get("exits", "")
            if not isinstance(ex, str) or any(c not in SIDES for c in ex):
                raise BoardError(f"tile {tid!r}: exits must be letters from {SIDES!r} (N is up), not {ex!r}")
            name = t.get("terrain", "floor")
            if name not in terrains:
                raise BoardError(f"tile {tid!r}: unknown terrain {name!r} (known: {', '.join(terrains.names)})")
            by_pos[pos] = len(ids)
            ids.append(tid)
            at.append(pos)
            exits.append("".join(s for s in SIDES if s in ex))
            terrain.append(terrains.index(name))
        neighbours = []
        for (x, y), ex in zip(at, exits):
            nbrs = []
            for side in ex:
                dx, dy = STEP[side]
                other = by_pos.get((x + dx, y + dy))
                if other is not None and OPPOSITE[side] in exits[other]:
                    nbrs.append(other)
            neighbours.append(nbrs)
        super().__init__(terrains, terrain, neighbours, ids)
        self.tile_at: tuple[tuple[int, int], ...] = tuple(at)
        self.exits: tuple[str, ...] = tuple(exits)
        self._by_pos = by_pos

    # -- addressing -------------------------------------------------------------------------
    def node_at(self, col: int, row: int) -> int | None:
        """The tile at ``[col, row]``, or None where no tile has been placed."""
        return self._by_pos.get((col, row))

    def node_of(self, at) -> int:
        """The node of a tile, by its id or by its position ``[col, row]``."""
        if isinstance(at, str):
            if at in self._label_index:
                return self._label_index[at]
            near = difflib.get_close_matches(at, self.labels, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise BoardError(f"no tile {at!r} on this board{hint}")
        pos = _position(at, f"tile position {at!r}")
        node = self.node_at(*pos)
        if node is None:
            raise BoardError(f"no tile placed at {list(pos)}")
        return node

    def free_sides(self, node: int) -> list[str]:
        """The exit sides of a tile with no tile placed beyond them, in the order N, E, S, W:
        where a new map tile may be placed next to a hero's tile (Heroes in the Underworld,
        "Phase 1: Extending the Underworld")."""
        x, y = self.tile_at[node]
        return [s for s in self.exits[node] if (x + STEP[s][0], y + STEP[s][1]) not in self._by_pos]
