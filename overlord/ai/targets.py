"""Choosing targets by counted spaces: "closest" and "furthest" (Forgotten Souls, "Movement
Vocabulary"), and the spaces between two figures."""

from __future__ import annotations

from ..core.board import BoardError
from ..core.figures import Scene
from ..core.pathing import count_layers, count_of
from ..core.context import ranking
from ..core.trace import Decision

TARGET_RULES = ("closest", "furthest")


class MoveError(BoardError):
    """A move that cannot be asked for (unknown figure or verb, no target)."""


def counting_blockers(scene: Scene, *leave_out: str) -> list[int]:
    """Spaces that block counting: none, unless the scenario sets ``figures_block_counting``;
    then every figure's space but those of ``leave_out``."""
    if not scene.rules.get("figures_block_counting", False):
        return []
    return [c for c, ids in scene.stack.items() if any(g not in leave_out for g in ids)]


def layers_to(scene: Scene, cells, *leave_out: str) -> tuple[int, ...]:
    """Counting layers from ``cells`` (bitsets: layer k = spaces k away)."""
    return count_layers(scene.board, cells, counting_blockers(scene, *leave_out))


def spaces_between(scene: Scene, a_cells, b_cells, *leave_out: str) -> float:
    """Spaces counted between two sets of spaces (the nearest pair); inf when no chain exists."""
    mask = 0
    for c in a_cells:
        mask |= 1 << c
    k = count_of(layers_to(scene, b_cells, *leave_out), mask)
    return float("inf") if k is None else float(k)


def choose_target(scene: Scene, fid: str, rule: str, candidates: list[str] | None = None,
                  exclude: tuple[str, ...] = ()) -> tuple[list[str], Decision]:
    """Order the enemy figures of ``fid`` by the target rule ("closest" or "furthest"); returns
    the ordered ids (best first; unreachable ones last, or for furthest left out) and the
    decision. Ties keep the order of the figures in the scene (policy "listed first")."""
    if rule not in TARGET_RULES:
        raise MoveError(f"target rule must be one of {', '.join(TARGET_RULES)} or a figure id, not {rule!r}")
    candidates = [c for c in (candidates or scene.enemies_of(fid)) if c not in exclude]
    if not candidates:
        raise MoveError(f"{fid} has no {'enemy ' if not exclude else 'other '}figure to target")
    inf = float("inf")
    spaces = {cid: spaces_between(scene, scene.cells[fid], scene.cells[cid], fid, cid) for cid in candidates}
    listed = {cid: n for n, cid in enumerate(candidates)}
    reached = [cid for cid in candidates if spaces[cid] != inf] if rule == "furthest" else candidates
    if not reached:
        raise MoveError(f"no target of {fid} can be reached by counting spaces")
    sign = -1 if rule == "furthest" else 1
    return ranking(f"{rule} target", reached, lambda cid: (sign * spaces[cid],), ("spaces",),
                   ("listed order", listed.__getitem__), "listed first",
                   lambda cid: (None if spaces[cid] == inf else int(spaces[cid]),))
