"""Figures (heroes and monsters) and where they stand on a board.

A :class:`Figure` is plain state data. A :class:`Scene` resolves figures onto a board: the spaces
each covers, who occupies which space, and the bitmask of occupied spaces line of sight uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .board import Board, BoardError, mask_of

SIDES = ("heroes", "monsters")


@dataclass
class Figure:
    id: str
    side: str
    at: list | str                     # [x, y] (top-left for a large figure) or a space label
    speed: int = 0
    size: list[int] = field(default_factory=lambda: [1, 1])   # [w, h]

    @property
    def large(self) -> bool:
        return tuple(self.size) != (1, 1)


class Scene:
    """A board with figures on it; validates that every figure stands on the map, on terrain it
    may occupy, and alone."""

    def __init__(self, board: Board, figures: Iterable[Figure], rules: dict | None = None):
        self.board = board
        self.figures: dict[str, Figure] = {}
        self.cells: dict[str, tuple[int, ...]] = {}
        self.anchor: dict[str, int] = {}              # the node of each figure's ``at``
        self._mask: int | None = None
        self.occupant: dict[int, str] = {}           # the (first) figure on each space
        self.stack: dict[int, list[str]] = {}        # every figure on each space
        self.rules = dict(rules or {})
        for f in figures:
            self.add(f)

    def add(self, f: Figure) -> None:
        if f.id in self.figures:
            raise BoardError(f"figure id {f.id!r} is used twice")
        if f.side not in SIDES:
            raise BoardError(f"figure {f.id!r}: side must be one of {', '.join(SIDES)}, not {f.side!r}")
        anchor = self.board.node_of(f.at)
        cells = self.board.footprint(anchor, tuple(f.size))
        if cells is None:
            raise BoardError(f"figure {f.id!r} of size {f.size} does not fit on the map at {f.at}")
        blocked = self.board.blocks_move_list
        for c in cells:
            if blocked[c]:
                t = self.board.terrain(c)
                raise BoardError(f"figure {f.id!r} stands on {t.name} at {self.board.at_of(c)}")
            if c in self.occupant and not self.board.stacking:
                raise BoardError(f"figures {self.occupant[c]!r} and {f.id!r} share the space {self.board.at_of(c)}")
        self.figures[f.id] = f
        self.anchor[f.id] = anchor
        self.cells[f.id] = cells
        self._mask = None
        for c in cells:
            self.occupant.setdefault(c, f.id)
            self.stack.setdefault(c, []).append(f.id)

    def get(self, fid: str) -> Figure:
        try:
            return self.figures[fid]
        except KeyError:
            raise BoardError(f"no figure {fid!r} (known: {', '.join(self.figures) or 'none'})") from None

    def enemies_of(self, fid: str) -> list[str]:
        side = self.get(fid).side
        return [g for g, f in self.figures.items() if f.side != side]

    def enemy_cells(self, fid: str) -> list[int]:
        return [c for g in self.enemies_of(fid) for c in self.cells[g]]

    def other_cells(self, fid: str) -> list[int]:
        """Spaces holding a figure other than ``fid``."""
        return [c for c, ids in self.stack.items() if any(g != fid for g in ids)]

    def figure_mask(self, *leave_out: str) -> int:
        """Bitmask of spaces holding figures, without those of ``leave_out``."""
        if self.board.stacking:
            return mask_of(c for c, ids in self.stack.items() if any(g not in leave_out for g in ids))
        if self._mask is None:
            self._mask = mask_of(self.occupant)
        out = self._mask
        for g in leave_out:
            if g in self.cells:
                for c in self.cells[g]:
                    out &= ~(1 << c)
        return out

    def sees(self, a: str, b: str) -> bool:
        """Figure a has line of sight to figure b: from any space of a to any space of b, other
        figures blocking."""
        blockers = self.figure_mask(a, b)
        los = self.board.line_of_sight
        return any(los(x, y, blockers) for x in self.cells[a] for y in self.cells[b])

    def moved(self, fid: str, anchor: int, size: tuple[int, int]) -> "Scene":
        """A copy with figure ``fid`` placed at ``anchor`` in orientation ``size``. Only that figure
        is placed and checked again (on boards where figures share spaces, and when the new place
        is refused, the copy is built afresh: the same scene and errors as a new :class:`Scene`)."""
        old = self.get(fid)
        new = Figure(old.id, old.side, self.board.at_of(anchor), old.speed, list(size))
        board = self.board
        cells = board.footprint(anchor, tuple(size))
        blocked = board.blocks_move_list
        occupant = self.occupant
        if board.stacking or cells is None or any(blocked[c] or occupant.get(c, fid) != fid for c in cells):
            return Scene(board, [new if f.id == fid else f for f in self.figures.values()], self.rules)
        out = Scene.__new__(Scene)
        out.board, out.rules = board, dict(self.rules)
        out.figures = dict(self.figures)
        out.figures[fid] = new
        out.cells = dict(self.cells)
        out.cells[fid] = cells
        out.anchor = dict(self.anchor)
        out.anchor[fid] = anchor
        out.occupant = dict(occupant)
        out.stack = dict(self.stack)
        gone = 0
        for c in self.cells[fid]:
            del out.occupant[c], out.stack[c]
            gone |= 1 << c
        here = 0
        for c in cells:
            out.occupant[c] = fid
            out.stack[c] = [fid]
            here |= 1 << c
        out._mask = None if self._mask is None else (self._mask & ~gone) | here
        return out
