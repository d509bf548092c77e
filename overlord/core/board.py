"""One graph model of spaces with terrain, serving every board in the five rulebooks.

Spaces are dense integer nodes; each has a terrain (an index into a :class:`TerrainTable`), a
label people read, and neighbours. Movement and counting use the same edges: an edge joins two
neighbouring spaces when neither blocks movement. Entering a space costs its terrain's movement
points. Generators in ``grids``, ``tiles``, ``hexes`` and ``routes`` build boards of each kind.

A board is derived data (compiled from a map file, cached arrays inside); the game state keeps
the map source and the figures, never the board object.
"""

from __future__ import annotations

from functools import cached_property
from typing import Sequence

import numpy as np
from scipy.sparse import csr_matrix

from .terrain import TerrainTable
from .bitsets import BitBoard

INF = float("inf")


class BoardError(ValueError):
    """A space or coordinate that the board does not have, or a board that cannot be built."""


class Board:
    """A graph of spaces. Subclasses add geometry (coordinates, line of sight)."""

    kind = "graph"
    los_rule = "same or adjacent space"
    # Whether figures may share a space. Grids and hexes: never (Descent: "may not end on another
    # figure"). Tile and route boards: yes (Heroes in the Underworld starts every hero on Styx;
    # Return of the Heroes: "any number of characters can be on a given spot").
    stacking = False

    def __init__(self, terrains: TerrainTable, node_terrain: Sequence[int],
                 neighbours: Sequence[Sequence[int]], labels: Sequence[str]):
        if not (len(node_terrain) == len(neighbours) == len(labels)):
            raise BoardError("node_terrain, neighbours and labels must have one entry per space")
        self.terrains = terrains
        self.node_terrain = np.asarray(node_terrain, dtype=np.int16)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(n) for n in neighbours)
        self.labels: tuple[str, ...] = tuple(labels)
        self.size = len(self.labels)
        self._count_cache: dict[int, np.ndarray] = {}
        self._layer_cache: dict[tuple[int, ...], tuple[int, ...]] = {}

    @cached_property
    def _label_index(self) -> dict[str, int]:
        return {label: i for i, label in enumerate(self.labels)}

    # -- terrain properties as arrays over nodes --------------------------------------------
    def _prop(self, name: str, dtype) -> np.ndarray:
        table = np.array([getattr(self.terrains.by_index(i), name) for i in range(len(self.terrains.names))], dtype=dtype)
        return table[self.node_terrain]

    @cached_property
    def cost(self) -> np.ndarray:
        return self._prop("cost", np.float64)

    @cached_property
    def cost_list(self) -> list[int]:
        """Movement points to enter each node, as plain ints (for Python loops)."""
        return [int(c) for c in self.cost]

    @cached_property
    def blocks_move(self) -> np.ndarray:
        return self._prop("blocks_move", bool)

    @cached_property
    def blocks_move_list(self) -> list[bool]:
        """:attr:`blocks_move` as a Python list (one element is read quicker than from numpy)."""
        return self.blocks_move.tolist()

    @cached_property
    def blocks_los(self) -> np.ndarray:
        return self._prop("blocks_los", bool)

    @cached_property
    def damage(self) -> np.ndarray:
        return self._prop("damage", np.int32)

    @cached_property
    def pit(self) -> np.ndarray:
        return self._prop("pit", bool)

    @cached_property
    def bitboard(self):
        """Bitset views of this board (see ``bitsets``)."""
        return BitBoard(self)

    def terrain(self, node: int):
        return self.terrains.by_index(int(self.node_terrain[node]))

    # -- addressing -------------------------------------------------------------------------
    def label(self, node: int) -> str:
        return self.labels[node]

    def node_of(self, at) -> int:
        """The node for a position as written in a map file (a label here; [x, y] on grids)."""
        if isinstance(at, str) and at in self._label_index:
            return self._label_index[at]
        raise BoardError(f"no space {at!r} on this board")

    def at_of(self, node: int):
        """The position of ``node`` as a map file writes it."""
        return self.labels[node]

    def footprint(self, node: int, size: tuple[int, int] = (1, 1)) -> tuple[int, ...] | None:
        """The spaces a figure of ``size`` covers with ``node`` as its anchor (top-left); None when it
        does not fit. Only grids have figures larger than one space."""
        return (node,) if tuple(size) == (1, 1) else None

    def offsets(self, size: tuple[int, int]) -> list[int]:
        """Node offsets from a figure's anchor to each space it covers in orientation ``size``."""
        if tuple(size) != (1, 1):
            raise BoardError(f"figures of size {list(size)} exist only on square grids")
        return [0]

    def placements(self, size: tuple[int, int]) -> list[tuple[int, int]]:
        """Orientations (w, h) a figure of ``size`` may be placed in."""
        w, h = size
        return [(w, h)] if w == h else [(w, h), (h, w)]

    def adjacent(self, a: int, b: int) -> bool:
        """One step apart (for moving and counting)."""
        return b in self.neighbours[a]

    def touching(self, a: int, b: int) -> bool:
        """Next to each other for attacks and sight (on graph boards: one step apart)."""
        return self.adjacent(a, b)

    # -- the edge graph (CSR) used by movement and counting -----------------------------------
    @cached_property
    def _edges(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(indptr, indices, sources) of edges u->v between spaces that do not block movement."""
        blocked = self.blocks_move
        indptr = [0]
        indices: list[int] = []
        for u, nbrs in enumerate(self.neighbours):
            if not blocked[u]:
                indices.extend(v for v in nbrs if not blocked[v])
            indptr.append(len(indices))
        indptr_a = np.asarray(indptr, dtype=np.int32)
        indices_a = np.asarray(indices, dtype=np.int32)
        sources = np.repeat(np.arange(self.size, dtype=np.int32), np.diff(indptr_a))
        return indptr_a, indices_a, sources

    @cached_property
    def edge_target(self) -> np.ndarray:
        return self._edges[1]

    @cached_property
    def edge_source(self) -> np.ndarray:
        return self._edges[2]

    @cached_property
    def in_edges(self) -> list[np.ndarray]:
        """For each node, the positions (in the CSR data) of the edges entering it."""
        order = np.argsort(self.edge_target, kind="stable")
        bounds = np.searchsorted(self.edge_target[order], np.arange(self.size + 1))
        return [order[bounds[v]:bounds[v + 1]] for v in range(self.size)]

    def work_graph(self) -> csr_matrix:
        """A CSR matrix over the edges whose ``data`` callers overwrite per query (never shared
        across threads). Reused so a query allocates nothing large."""
        g = self.__dict__.get("_work")
        if g is None:
            indptr, indices, _ = self._edges
            g = csr_matrix((np.ones(len(indices)), indices, indptr), shape=(self.size, self.size))
            self.__dict__["_work"] = g
        return g

    @cached_property
    def enter_weights_hero(self) -> np.ndarray:
        """Movement points to traverse each edge: the cost of the space entered."""
        return self.cost[self.edge_target].copy()

    @cached_property
    def enter_weights_monster(self) -> np.ndarray:
        """As for heroes, but damaging terrain cannot be entered: monsters never enter terrain
        that would damage them (Forgotten Souls, "Movement")."""
        w = self.enter_weights_hero.copy()
        w[self.damage[self.edge_target] > 0] = INF
        return w

    # -- sight -------------------------------------------------------------------------------
    def line_of_sight(self, a: int, b: int, blockers: int = 0) -> bool:
        """Same or adjacent space (tile and route boards). ``blockers`` is a bitmask of spaces
        holding figures; it does not matter on boards where only neighbours see each other."""
        return a == b or self.adjacent(a, b)

    def to_json(self) -> dict:
        return {"kind": self.kind, "spaces": self.size, "los_rule": self.los_rule}


def mask_of(nodes) -> int:
    """A bitmask (Python int) with the bits of ``nodes`` set."""
    m = 0
    for n in nodes:
        m |= 1 << int(n)
    return m
