"""Boards drawn as rows of characters, one space per character: square grids and hex grids.

Both carry a one-space ring of "nothing" around the drawn map (so map edges block sight like
walls and flat-index arithmetic never wraps a row), address spaces as ``[x, y]`` (x the column,
y the row, both from 0, row 0 at the top), and answer line of sight from per-pair bitmasks of the
spaces each candidate line crosses: terrain is checked once per pair, figures on every call.
"""

from __future__ import annotations

from functools import cached_property

from typing import Sequence

import numpy as np

from .board import Board, BoardError
from .terrain import DEFAULT_LEGEND, TerrainTable


def iy_ix_node(at, board) -> int:
    x, y = at
    if not (0 <= x < board.width and 0 <= y < board.height):
        raise BoardError(f"link end {list(at)} is off the map")
    return (y + 1) * board.pw + (x + 1)


class _Geometry:
    """What a board's shape alone decides (its class and padded size), shared by every board of
    that shape: neighbours before links, labels, and the neighbours as bitsets."""

    def __init__(self, cls, pw: int, ph: int):
        neighbours, labels = [], []
        for iy in range(ph):
            steps = cls.neighbour_steps(None, iy - 1)
            rows_ok = [(dx, dy * pw + dx) for dx, dy in steps if 0 <= iy + dy < ph]
            inner = tuple(off for _, off in rows_ok)
            for ix in range(pw):
                base = iy * pw + ix
                if 0 < ix < pw - 1 and all(-1 <= dx <= 1 for dx, _ in rows_ok):
                    neighbours.append(tuple(base + off for off in inner))
                else:
                    neighbours.append(tuple(base + off for dx, off in rows_ok if 0 <= ix + dx < pw))
                labels.append(f"{ix - 1},{iy - 1}")
        self.neighbours = tuple(neighbours)
        self.labels = tuple(labels)
        self.touch = tuple(frozenset(n) for n in neighbours)
        self.masks = tuple(sum(1 << v for v in set(n)) for n in neighbours)


_GEOMETRIES: dict[tuple, _Geometry] = {}
GEOMETRIES_KEPT = 256


def _geometry(cls, pw: int, ph: int) -> _Geometry:
    key = (cls, pw, ph)
    hit = _GEOMETRIES.get(key)
    if hit is None:
        if len(_GEOMETRIES) >= GEOMETRIES_KEPT:
            _GEOMETRIES.pop(next(iter(_GEOMETRIES)))
        hit = _GEOMETRIES[key] = _Geometry(cls, pw, ph)
    return hit


class RasterBoard(Board):
    """Subclasses give ``neighbour_steps(y)`` ((dx, dy) pairs for a space in row y) and
    ``line_masks(a, b)`` (bitmasks of the spaces each candidate sight line passes, ends left
    out)."""

    what = "space"

    def __init__(self, rows: Sequence[str], legend: dict[str, str] | None = None,
                 terrains: TerrainTable | None = None, links: Sequence = ()):
        terrains = terrains or TerrainTable()
        legend = {**DEFAULT_LEGEND, **(legend or {})}
        if not rows:
            raise BoardError(f"a {self.kind} map needs at least one row")
        self.width = max(len(r) for r in rows)
        self.height = len(rows)
        self.pw, self.ph = self.width + 2, self.height + 2     # padded
        cells = np.full((self.ph, self.pw), terrains.index("nothing"), dtype=np.int16)
        index_of = {ch: terrains.index(name) for ch, name in legend.items() if name in terrains}
        for y, row in enumerate(rows):
            try:
                cells[y + 1, 1:len(row) + 1] = [index_of[ch] for ch in row]
            except KeyError:
                x = next(x for x, ch in enumerate(row) if ch not in index_of)
                raise BoardError(f"row {y}, x={x}: unknown map character {row[x]!r}") from None
        self.rows = tuple(rows)
        self.legend = legend
        geometry = _geometry(type(self), self.pw, self.ph)
        neighbours, labels = geometry.neighbours, geometry.labels
        self._touch = geometry.touch                                # geometric neighbours only
        self.links: list[tuple[int, int]] = []
        if links:
            neighbours = list(neighbours)
        for a_at, b_at in links:                 # linked end caps: one step apart, not in sight
            a, b = (iy_ix_node(at, self) for at in (a_at, b_at))
            self.links.append((a, b))
            neighbours[a] += (b,)
            neighbours[b] += (a,)
        super().__init__(terrains, cells.ravel(), neighbours, labels)
        self._static_masks: dict[int, tuple[int, ...]] = {}
        self._geometry = geometry

    def touching(self, a: int, b: int) -> bool:
        """Spaces side by side or corner to corner on the board (a link between end caps lets
        figures step across, but not attack or see across)."""
        return b in self._touch[a]

    def neighbour_steps(self, y: int) -> Sequence[tuple[int, int]]:
        """(dx, dy) of a space's neighbours in row ``y``; the same for every board of the class
        (it is asked of the class, ``self`` None, once per shape)."""
        raise NotImplementedError

    def neighbour_mask_list(self) -> list[int]:
        """For each node, the bitset of its neighbours (links included)."""
        masks = list(self._geometry.masks)
        for a, b in self.links:
            masks[a] |= 1 << b
            masks[b] |= 1 << a
        return masks

    def line_masks(self, a: int, b: int):
        raise NotImplementedError

    # -- addressing -------------------------------------------------------------------------
    def node(self, x: int, y: int) -> int:
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise BoardError(f"[{x}, {y}] is off the map ({self.width} wide, {self.height} high)")
        return (y + 1) * self.pw + (x + 1)

    def xy(self, node: int) -> tuple[int, int]:
        return self._xy[node]

    @cached_property
    def _xy(self) -> list[tuple[int, int]]:
        return [(n % self.pw - 1, n // self.pw - 1) for n in range(self.size)]

    def node_of(self, at) -> int:
        """The node of ``[x, y]`` (also written ``"x,y"``); whole numbers only."""
        parts = at.split(",") if isinstance(at, str) else at
        if isinstance(parts, (list, tuple)) and len(parts) == 2:
            try:
                x, y = (int(p) if not isinstance(p, (bool, float)) else None for p in parts)
            except (TypeError, ValueError):
                x = y = None
            if x is not None and y is not None:
                return self.node(x, y)
        raise BoardError(f"{at!r} is not a {self.what} position [x, y] (column, row)")

    def at_of(self, node: int):
        return list(self._xy[node])

    def on_map(self, node: int) -> bool:
        x, y = self.xy(node)
        return 0 <= x < self.width and 0 <= y < self.height

    @property
    def grid(self) -> np.ndarray:
        """Terrain indices as a (padded) 2-D array, [row, column]."""
        return self.node_terrain.reshape(self.ph, self.pw)

    # -- line of sight ------------------------------------------------------------------------
    @property
    def los_wall_mask(self) -> int:
        """Bitmask of the spaces whose terrain blocks sight (the padding ring included)."""
        m = self.__dict__.get("_los_wall_mask")
        if m is None:
            m = 0
            for n in np.flatnonzero(self.blocks_los):
                m |= 1 << int(n)
            self.__dict__["_los_wall_mask"] = m
        return m

    def static_sight(self, a: int, b: int) -> tuple[int, ...]:
        """The minimal set of line masks between a and b that terrain leaves clear (empty when
        terrain blocks every line). Cached per unordered pair, drawn from the lower node, so
        that sight is symmetric."""
        if a > b:
            a, b = b, a
        key = a * self.size + b
        hit = self._static_masks.get(key)
        if hit is None:
            walls = self.los_wall_mask
            clear = sorted({m for m in self.line_masks(a, b) if not m & walls}, key=int.bit_count)
            minimal: list[int] = []
            for m in clear:                  # a line crossing a superset of spaces adds nothing
                if not any(m & k == k for k in minimal):
                    minimal.append(m)
            hit = self._static_masks[key] = tuple(minimal)
        return hit

    def line_of_sight(self, a: int, b: int, blockers: int = 0) -> bool:
        """Line of sight between spaces a and b (``los_rule``); ``blockers`` is a bitmask of the
        spaces holding figures (the two ends are ignored). Adjacent spaces always see each
        other; a space in a pit sees and is seen only from adjacent spaces."""
        blocks, pit = self._los_lists
        if blocks[a] or blocks[b]:
            return False
        if a == b or b in self._touch[a]:
            return True
        if pit[a] or pit[b]:
            return False
        masks = self._static_masks.get(a * self.size + b if a < b else b * self.size + a)
        if masks is None:
            masks = self.static_sight(a, b)
        for m in masks:
            if not m & blockers:
                return True
        return False

    @cached_property
    def _los_lists(self) -> tuple[list[bool], list[bool]]:
        """blocks_los and pit as Python lists: one element of a list is read several times
        quicker than one element of a numpy array."""
        return self.blocks_los.tolist(), self.pit.tolist()
