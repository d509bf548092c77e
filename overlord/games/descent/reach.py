"""Where a hero can move this action, kept as bitsets: the movement levels are worked out once
per hero and board position, and the spaces are listed only when someone asks for the list."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

from ...core.bitsets import bits
from ...core.figures import Scene
from ...core.pathing import mp_levels


def hero_levels(game, hero: str, speed: int) -> tuple[Scene, list[int]]:
    """The scene and the hero's movement levels (up to ``speed``), enemies not passed. Kept on
    the game while the scene is the same (one action asks for them more than once)."""
    scene = game.scene()
    hit = game.__dict__.get("_reach")
    if hit is not None and hit[0] is scene and hit[1] == (hero, speed):
        return scene, hit[2]
    levels = mp_levels(scene.board, scene.cells[hero][0], monster=False, enemies=scene.enemy_cells(hero),
                       limit=speed)
    game.__dict__["_reach"] = (scene, (hero, speed), levels)
    return scene, levels


class Spaces(Sequence):
    """Spaces as ``[x, y]`` in dungeon coordinates, level by level (fewest movement points first),
    each level in reading order: a list's answers (length, indexing, iteration, ``in``) from the
    levels' bitsets without building the list."""

    def __init__(self, levels: list[int], board, shift: tuple[int, int]):
        self._levels = [m for m in levels if m]
        self._counts = [m.bit_count() for m in self._levels]
        self._len = sum(self._counts)
        self._all = 0
        for m in self._levels:
            self._all |= m
        self._board, self._shift = board, shift

    def _at(self, node: int) -> list[int]:
        x, y = self._board.xy(node)
        return [x - self._shift[0], y - self._shift[1]]

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("space index out of range")
        for level, count in zip(self._levels, self._counts):
            if i < count:
                return self._at(next(islice(bits(level), i, None)))
            i -= count
        raise IndexError("space index out of range")  # pragma: no cover

    def __iter__(self):
        for level in self._levels:
            for n in bits(level):
                yield self._at(n)

    def __contains__(self, at) -> bool:
        try:
            x, y = at
            board = self._board
            if x != int(x) or y != int(y):
                return False
            x, y = int(x) + self._shift[0], int(y) + self._shift[1]
            if not (0 <= x < board.width and 0 <= y < board.height):
                return False
            return bool(self._all >> board.node(x, y) & 1)
        except (TypeError, ValueError):
            return False

    def __eq__(self, other) -> bool:
        if isinstance(other, (Spaces, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"Spaces({list(self)!r})"
