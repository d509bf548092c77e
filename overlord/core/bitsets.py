"""Sets of spaces as Python ints (bitboards, as chess engines keep them): bit ``n`` is node ``n``.

On raster boards the neighbours of a whole set are a handful of shifts (the one-space ring of
"nothing" round the map stops every shift from wrapping a row), so a breadth-first layer costs
about a microsecond whatever its size. On graph boards (tiles, routes) the neighbours of a set
are the union of each member's neighbour mask.

Movement points as layers (Dial's algorithm over bitsets): entering a space costs its terrain's
cost, and since the cost belongs to the space entered, the first layer from which a space is
touched gives its cheapest cost. Costs are small integers, so a move of speed 5 is six layers.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np


def bits(mask: int):
    """The set bits of ``mask`` (nodes), lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_from_bools(flags: np.ndarray) -> int:
    """The bitset of the True entries of a bool array over nodes."""
    packed = np.packbits(np.asarray(flags, dtype=bool), bitorder="little")
    return int.from_bytes(packed.tobytes(), "little")


def bools_from_mask(mask: int, size: int) -> np.ndarray:
    raw = np.frombuffer(mask.to_bytes((size + 7) // 8 + 1, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:size].astype(bool)


class BitBoard:
    """Bitset views of one board: terrain masks and the neighbour operator."""

    def __init__(self, board):
        self.board = board
        self.size = board.size
        self.all = (1 << board.size) - 1
        shifts = getattr(board, "neighbour_shifts", None)
        self._groups = shifts() if shifts else None
        self._links = tuple(getattr(board, "links", ()))

    def expand(self, s: int) -> int:
        """Every node adjacent to a node of ``s`` (not masked by terrain)."""
        if self._groups is not None:
            out = 0
            for rows, offsets in self._groups:
                part = s & rows if rows is not None else s
                if not part:
                    continue
                for off in offsets:
                    out |= part << off if off > 0 else part >> -off
            for a, b in self._links:
                if s >> a & 1:
                    out |= 1 << b
                if s >> b & 1:
                    out |= 1 << a
            return out & self.all
        out = 0
        nbr = self.neighbour_masks
        for n in bits(s):
            out |= nbr[n]
        return out

    @cached_property
    def neighbour_masks(self) -> list[int]:
        """For each node, the bitset of its neighbours."""
        shared = getattr(self.board, "neighbour_mask_list", None)
        if shared is not None:
            return shared()
        out = []
        for nbrs in self.board.neighbours:
            m = 0
            for v in nbrs:
                m |= 1 << v
            out.append(m)
        return out

    @cached_property
    def walk(self) -> int:
        """Spaces that can be entered and counted through (terrain only)."""
        return mask_from_bools(~self.board.blocks_move)

    @cached_property
    def safe(self) -> int:
        """Spaces a monster may enter: no damage."""
        return self.walk & mask_from_bools(self.board.damage == 0)

    @cached_property
    def cost_classes(self) -> tuple[tuple[int, int], ...]:
        """(cost, mask of walkable spaces with that cost), cheapest first."""
        cost = self.board.cost
        out = []
        for c in sorted({int(x) for x, w in zip(cost, ~self.board.blocks_move) if w}):
            out.append((c, self.walk & mask_from_bools(cost == c)))
        return tuple(out)

    def iter_layers(self, sources: int, passable: int):
        """Breadth-first layers from ``sources`` through ``passable`` spaces, lazily: layer k
        holds the spaces exactly k steps away (counting spaces)."""
        seen = frontier = sources
        while frontier:
            yield frontier
            frontier = self.expand(frontier) & passable & ~seen
            seen |= frontier

    def layers(self, sources: int, passable: int) -> list[int]:
        return list(self.iter_layers(sources, passable))

    def iter_mp_levels(self, source: int, passable: int, limit: int, step_ok=None):
        """Movement-point levels from the space ``source`` (a node), lazily: level d holds the
        spaces whose cheapest cost is exactly d, up to ``limit``; only ``passable`` spaces are
        entered. ``step_ok(level_set) -> mask`` optionally narrows where a level may step next
        (used by "away")."""
        current = done = touched = 1 << source
        pending: dict[int, int] = {}
        classes = self.cost_classes
        expand = self.expand
        d = 0
        while True:
            yield current
            reach = expand(current) if step_ok is None else step_ok(current)
            fresh = reach & passable & ~touched
            if fresh:
                touched |= fresh
                for c, cls in classes:
                    part = fresh & cls
                    if part and d + c <= limit:
                        pending[d + c] = pending.get(d + c, 0) | part
            d += 1
            if d > limit or not pending:
                return
            current = pending.pop(d, 0) & ~done
            done |= current

    def mp_levels(self, source: int, passable: int, limit: int, step_ok=None) -> list[int]:
        return list(self.iter_mp_levels(source, passable, limit, step_ok))
