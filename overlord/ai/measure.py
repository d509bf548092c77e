"""Measures between two spaces of a scene, as the map tools give them (``overlord los``,
``overlord distance``): whether the spaces see each other, and the spaces counted and movement
points between them (Forgotten Souls, "Movement Vocabulary"; DESIGN.md, "Boards and movement").

The figures standing on the two spaces themselves are left out of every measure: a figure never
blocks its own sight or its own way.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.board import INF
from ..core.figures import Scene
from ..core.pathing import count_field, mp_field, path_to


def sight(scene: Scene, a: int, b: int) -> bool:
    """Whether spaces ``a`` and ``b`` see each other: figures between them block the line of
    sight, the figures on ``a`` and ``b`` do not."""
    leave = {scene.occupant.get(a), scene.occupant.get(b)} - {None}
    return scene.board.line_of_sight(a, b, scene.figure_mask(*leave))


@dataclass
class Distance:
    """Spaces counted and movement points from one space to another (None: no chain of spaces,
    or unreachable), for a figure of ``side``; ``path`` the spaces of a cheapest way there."""

    side: str
    spaces: int | None
    mp: int | None
    path: list[int] | None

    def to_json(self) -> dict:
        return {"spaces": self.spaces, "mp": self.mp}


def distance(scene: Scene, a: int, b: int, side: str | None = None) -> Distance:
    """From space ``a`` to space ``b``. Who moves is ``side``, by default the side of the figure
    on ``a``, else a monster. Movement points are for a figure of unbounded speed: enemy figures
    cannot be passed, monsters avoid damaging terrain. Figures block counting only under the
    scene's rule ``figures_block_counting``."""
    mover = scene.occupant.get(a)
    if side is None:
        side = scene.figures[mover].side if mover else "monsters"
    leave = {mover, scene.occupant.get(b)} - {None}
    blockers = [c for c, g in scene.occupant.items() if g not in leave] \
        if scene.rules.get("figures_block_counting") else []
    spaces = count_field(scene.board, [a], blockers)[b]
    enemies = [c for c, g in scene.occupant.items() if scene.figures[g].side != side and g not in leave]
    dist, pred = mp_field(scene.board, a, monster=(side == "monsters"), enemies=enemies)
    mp = dist[b]
    return Distance(side, None if spaces == INF else int(spaces), None if mp == INF else int(mp),
                    path_to(pred, b) if mp != INF else None)
