"""The movement vocabulary of the Forgotten Souls rulebook ("Movement Vocabulary", "Large
Monsters"), word for word:

* toward   - move into the target's space if possible, otherwise end in the closest possible
             space to it; always by the route of fewest movement points.
* away     - every space moved must increase the spaces between figure and target; a figure that
             cannot increase them does not move.
* closest / furthest - the target the fewest / greatest number of spaces away.
* engage   - a move action toward the target; not performed if the monster would not move.
* spot     - a move action toward the closest space from which the monster would have line of
             sight to the target; not performed if it already has line of sight; if no space on
             the map gives line of sight, a different target is selected.
* large monsters - movement is counted from one space they occupy (toward: the one closest to
             the target; away: the furthest) as if 1x1, then the monster is placed as close to
             (toward) or as far from (away) the target as possible.

Every result says whether the action was performed, the path, the movement points spent, the end
space, the comparison key that decided it and every end placement or target that tied.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import islice

import numpy as np

from ..core.bitsets import bits
from ..core.board import INF, BoardError
from ..core.context import ranking
from ..core.figures import Scene
from ..core.pathing import count_of, iter_count_layers, iter_mp_levels, levels_array, mp_levels, trace_back
from ..core.trace import Decision
from . import placement
from .targets import TARGET_RULES, MoveError, choose_target, counting_blockers, layers_to
from .targets import spaces_between  # noqa: F401 - re-exported: tests/test_movement_properties.py imports it from here

VERBS = ("toward", "away", "engage", "spot", "leave-pit")


@dataclass
class MoveResult:
    figure: str
    verb: str
    target: str | None
    target_ties: list[str]
    performed: bool
    start: object                 # position as a map file writes it (top-left for a large figure)
    end: object
    size: list[int]               # orientation [w, h] at the end
    path: list                    # spaces entered from start to end (the counted-from space first)
    mp: int
    ties: list                    # other end positions with the same key (heroes may choose)
    key: dict
    reason: str
    decisions: list[Decision] = field(default_factory=list)
    tie_sizes: list = field(default_factory=list)   # each tie's orientation [w, h] (a large monster may lie either way)

    def to_json(self) -> dict:
        return {
            "figure": self.figure, "verb": self.verb, "target": self.target,
            "target_ties": list(self.target_ties), "performed": self.performed,
            "from": self.start, "to": self.end, "size": list(self.size), "path": self.path,
            "mp": self.mp, "ties": self.ties, "tie_sizes": [list(t) for t in self.tie_sizes],
            "key": self.key, "reason": self.reason, "decisions": [d.to_json() for d in self.decisions],
        }


def _resolve_target(scene: Scene, fid: str, target: str) -> tuple[str, tuple[int, ...], str | None]:
    """(label, spaces, figure id or None) of an explicit target: a figure id or a space."""
    if target in scene.figures:
        if target == fid:
            raise MoveError(f"{fid} cannot target itself")
        return target, scene.cells[target], target
    try:
        node = scene.board.node_of(target)
    except BoardError:
        raise MoveError(f"unknown target {target!r}: not a figure ({', '.join(scene.figures)}), "
                        f"a space, or one of {', '.join(TARGET_RULES)}") from None
    if scene.board.blocks_move[node]:
        raise MoveError(f"target {scene.board.at_of(node)} is {scene.board.terrain(node).name}: "
                        "no figure can stand there")
    return scene.board.label(node), (node,), None


# -- one movement toward or away from a set of spaces -----------------------------------------

@dataclass
class _Moved:
    anchor: int                   # the placement's anchor (top-left) at the end
    size: tuple[int, int]
    path: list[int]
    mp: int
    count: int | None             # spaces to the target at the end (None: no chain)
    ties: list[int]               # anchors of equally good placements
    considered: int
    tie_sizes: list = field(default_factory=list)   # their orientations (1x1: [1, 1] each)


def _stand_mask(scene: Scene, fid: str, monster: bool) -> int:
    """Bitset of the spaces figure ``fid`` may end on (see ``placement.free_mask``)."""
    bb = scene.board.bitboard
    stand = bb.safe if monster else bb.walk
    if not scene.board.stacking:
        stand &= ~scene.figure_mask(fid)
    return stand


def _choose_small(levels: list[int], layers: tuple[int, ...], cand: int, toward: bool):
    """The 1x1 end space among ``cand`` (bitset): fewest (toward) or most (away) spaces to the
    target, then fewest movement points, then reading order. Returns (node, count, mp, ties)."""
    order = range(len(layers)) if toward else range(len(layers) - 1, -1, -1)
    best_k, pool = None, cand            # spaces with no chain to the target come last
    for k in order:
        if layers[k] & cand:
            best_k, pool = k, layers[k] & cand
            break
    for d, level in enumerate(levels):
        hit = level & pool
        if hit:
            nodes = list(bits(hit))
            return nodes[0], best_k, d, nodes[1:]
    raise AssertionError("the start is always a candidate")  # pragma: no cover


def _step(scene: Scene, fid: str, target_cells, target_id: str | None, speed: int, toward: bool,
          known: tuple[int, list[int]] | None = None) -> tuple[_Moved, list[Decision]]:
    """Move figure ``fid`` toward (or away from) the target spaces with ``speed`` movement points.
    ``known``: (source, movement levels) already computed from one of the figure's spaces (spot
    reuses them when it counts from that space)."""
    board = scene.board
    f = scene.get(fid)
    monster = f.side == "monsters"
    leave_out = (fid, target_id) if target_id else (fid,)
    layers = layers_to(scene, target_cells, *leave_out)

    def spaces(node):
        k = count_of(layers, 1 << node)
        return INF if k is None else k

    anchor, anchor_decision = placement.anchor_cell(scene, fid, spaces, toward)
    decisions = [anchor_decision] if anchor_decision else []
    if known is not None and known[0] == anchor and toward:
        levels = known[1][: speed + 1]
    else:
        enemies = scene.enemy_cells(fid)
        if board.stacking and target_id:   # where figures share spaces, the target's can be entered
            enemies = [c for c in enemies if c not in target_cells]
        levels = mp_levels(board, anchor, monster=monster, enemies=enemies, limit=speed,
                           away_from=None if toward else layers)
    start = scene.anchor[fid]
    if not f.large:
        cand = 0
        for level in levels:
            cand |= level
        cand = (cand & _stand_mask(scene, fid, monster)) | (1 << start)   # staying put is always possible
        end, k, mp, ties = _choose_small(levels, layers, cand, toward)
        moved = _Moved(end, (1, 1), [], mp, k, ties, cand.bit_count(), [[1, 1]] * len(ties))
        end_node = end
    else:
        dist = levels_array(levels, board.size)
        count = levels_array(layers, board.size)
        cands = placement.candidates(scene, fid, dist, count, monster)
        current = (cands.anchor == start) & (cands.orient == 0)
        eligible = (cands.mp <= speed) & ((cands.mp > 0) | current)
        best, ties = placement.pick(cands, cands.count if toward else -cands.count, eligible)
        size = cands.orientations[int(cands.orient[best])]
        a = int(cands.anchor[best])
        end_node = placement.end_space(scene, a, size, dist)
        k = cands.count[best]
        tie_anchors, tie_sizes = _unique_placements(cands, ties, (a, tuple(size)))
        moved = _Moved(a, size, [], int(dist[end_node]), None if k == INF else int(k),
                       tie_anchors, int(eligible.sum()), tie_sizes)
    moved.path = trace_back(board, levels, end_node, moved.mp, None if toward else layers)
    return moved, decisions


def toward_end(scene: Scene, fid: str, target: str, speed: int, levels: list[int] | None = None) -> int | None:
    """The end space of ``move(scene, fid, "toward", target, speed)`` for a 1x1 figure, without
    its path, key and reasons (for bots weighing a move); None when it would not move.
    ``target``: a figure id or a space. ``levels``: the figure's movement levels, when known."""
    f = scene.get(fid)
    if f.large:
        result = move(scene, fid, "toward", target, speed)
        return scene.board.node_of(result.end) if result.performed else None
    _, cells, tid = _resolve_target(scene, fid, target)
    board = scene.board
    monster = f.side == "monsters"
    layers = layers_to(scene, cells, *((fid, tid) if tid else (fid,)))
    start = scene.anchor[fid]
    if levels is None:
        enemies = scene.enemy_cells(fid)
        if board.stacking and tid:
            enemies = [c for c in enemies if c not in cells]
        levels = mp_levels(board, start, monster=monster, enemies=enemies, limit=speed)
    cand = 0
    for level in levels[: speed + 1]:
        cand |= level
    cand = (cand & _stand_mask(scene, fid, monster)) | (1 << start)
    end = _choose_small(levels[: speed + 1], layers, cand, True)[0]
    return None if end == start else end


def _unique_placements(cands, ties: list[int], chosen: tuple[int, tuple]) -> tuple[list[int], list]:
    """Tied placements - anchor and orientation - each once, without the chosen one: a large
    monster lying across is another placement than one lying along from the same space."""
    anchors: list[int] = []
    sizes: list = []
    seen = {chosen}
    for t in ties:
        placed = (int(cands.anchor[t]), tuple(cands.orientations[int(cands.orient[t])]))
        if placed not in seen:
            seen.add(placed)
            anchors.append(placed[0])
            sizes.append(list(placed[1]))
    return anchors, sizes


def _summary(scene: Scene, moved: _Moved, toward: bool, decisions: list[Decision]) -> dict:
    board = scene.board
    key_names = ("spaces to target" if toward else "-spaces to target", "movement points")
    count = None if moved.count is None else (moved.count if toward else -moved.count)
    key = (count, moved.mp)
    ties = [board.at_of(t) for t in moved.ties]
    decisions.append(Decision("end space", board.at_of(moved.anchor), key_names, key, tuple(ties),
                              "reading order", moved.considered))
    return {"end": board.at_of(moved.anchor), "size": list(moved.size),
            "path": [board.at_of(n) for n in moved.path], "mp": moved.mp, "ties": ties,
            "tie_sizes": [list(t) for t in moved.tie_sizes], "key": dict(zip(key_names, key))}


def _moved_at_all(scene: Scene, fid: str, moved: _Moved) -> bool:
    f = scene.get(fid)
    return not (moved.anchor == scene.anchor[fid] and tuple(moved.size) == tuple(f.size))


def take_tie(scene: Scene, fid: str, result: MoveResult, k: int, speed: int | None = None) -> MoveResult:
    """``result`` moved to its ``k``-th tied end placement instead (0: the first of
    ``result.ties``): where the rulebook lets the heroes choose among equally good spaces
    (Golden Rules), the move the heroes chose. The path is traced again to the chosen placement;
    the chosen end's key is the same (it tied), the end it replaces joins the ties."""
    board = scene.board
    f = scene.get(fid)
    speed = f.speed if speed is None else speed
    sizes = result.tie_sizes or [result.size] * len(result.ties)
    end, size = result.ties[k], list(sizes[k])
    anchor = board.node_of(end)
    source = board.node_of(result.path[0])
    monster = f.side == "monsters"
    away = None
    enemies = scene.enemy_cells(fid)
    if result.target is not None and result.verb in ("toward", "away", "engage"):
        _, cells, tid = _resolve_target(scene, fid, result.target)
        if result.verb == "away":
            away = layers_to(scene, cells, *((fid, tid) if tid else (fid,)))
        elif board.stacking and tid:
            enemies = [c for c in enemies if c not in cells]
    levels = mp_levels(board, source, monster=monster, enemies=enemies, limit=speed, away_from=away)
    dist = levels_array(levels, board.size)
    end_node = placement.end_space(scene, anchor, tuple(size), dist) if f.large else anchor
    if dist[end_node] == INF:         # pragma: no cover - a tie is always reached
        raise MoveError(f"{fid} cannot reach the tied placement {board.label(anchor)}")
    mp = int(dist[end_node])
    path = trace_back(board, levels, end_node, mp, away)
    ties = [result.end] + [t for i, t in enumerate(result.ties) if i != k]
    tie_sizes = [list(result.size)] + [list(s) for i, s in enumerate(sizes) if i != k]
    decisions = [replace(d, choice=end, ties=tuple(ties), policy="the heroes' choice") if d.what == "end space" else d
                 for d in result.decisions]
    return replace(result, end=end, size=size, path=[board.at_of(n) for n in path], mp=mp, ties=ties,
                   tie_sizes=tie_sizes, decisions=decisions)


# -- the verbs --------------------------------------------------------------------------------

def move(scene: Scene, fid: str, verb: str, target: str = "closest", speed: int | None = None,
         exit_at=None) -> MoveResult:
    """Carry out one movement word for figure ``fid``. ``target``: a figure id, a space, or
    "closest" / "furthest" (among the figure's enemies). ``exit_at``: the current encounter's
    exit, for "leave-pit"."""
    if verb not in VERBS:
        raise MoveError(f"unknown verb {verb!r}; expected one of {', '.join(VERBS)}")
    f = scene.get(fid)
    speed = f.speed if speed is None else speed
    if speed < 0:
        raise MoveError(f"speed must be 0 or more, not {speed}")
    if verb == "leave-pit":
        return leave_pit(scene, fid, exit_at)

    decisions: list[Decision] = []
    if target in TARGET_RULES:
        order, choice = choose_target(scene, fid, target)
        decisions.append(choice)
        target_ties = list(choice.ties)
    else:
        order, target_ties = [target], []

    base = dict(figure=fid, verb=verb, start=f.at, size=list(f.size), path=[f.at], mp=0, ties=[])

    if verb == "spot":
        return _spot(scene, fid, order, target, speed, decisions, target_ties, base)

    label, cells, tid = _resolve_target(scene, fid, order[0])
    toward = verb != "away"
    moved, more = _step(scene, fid, cells, tid, speed, toward)
    decisions.extend(more)
    out = _summary(scene, moved, toward, decisions)
    performed = _moved_at_all(scene, fid, moved)
    if verb == "engage":
        reason = f"moves {moved.mp} MP toward {label}" if performed else f"it would not move toward {label}"
    elif verb == "toward":
        reason = f"moves {moved.mp} MP toward {label}" if performed else f"it is as close to {label} as it can get"
    else:
        reason = (f"moves {moved.mp} MP away from {label}" if performed
                  else f"it cannot increase the spaces between it and {label}")
    return MoveResult(figure=fid, verb=verb, target=label, target_ties=target_ties, performed=performed,
                      start=f.at, reason=reason, decisions=decisions, **out)


def _spot(scene, fid, order, rule, speed, decisions, target_ties, base) -> MoveResult:
    board = scene.board
    f = scene.get(fid)
    skipped = []
    for tgt in order:
        label, cells, tid = _resolve_target(scene, fid, tgt)
        skip_note = f" ({', '.join(skipped)}: no space on the map sees it)" if skipped else ""
        blockers = scene.figure_mask(fid, tid) if tid else scene.figure_mask(fid)
        if any(board.line_of_sight(c, t, blockers) for c in scene.cells[fid] for t in cells):
            return MoveResult(target=label, target_ties=[] if skipped else target_ties, performed=False,
                              end=f.at, key={}, decisions=decisions, **base,
                              reason=f"it already has line of sight to {label}{skip_note}")
        goal = _spot_goal(scene, fid, cells, blockers, speed)
        if goal is None:
            skipped.append(label)
            if rule not in TARGET_RULES:
                return MoveResult(target=label, target_ties=target_ties, performed=False, end=f.at, key={},
                                  reason=f"no space on the map gives line of sight to {label}",
                                  decisions=decisions, **base)
            continue
        goal_anchor, goal_size, goal_decision, levels = goal
        decisions.append(goal_decision)
        goal_cells = tuple(goal_anchor + o for o in board.offsets(goal_size))
        moved, more = _step(scene, fid, goal_cells, None, speed, True, known=(scene.cells[fid][0], levels))
        decisions.extend(more)
        if not f.large:
            _stop_on_sight(scene, fid, moved, cells, blockers, goal_cells)
        if moved.anchor == goal_anchor:
            moved.ties = [board.node_of(t) for t in goal_decision.ties]   # as close, and they see too
            moved.tie_sizes = [list(goal_size)] * len(moved.ties)
        if len(moved.tie_sizes) != len(moved.ties):
            moved.tie_sizes = [list(moved.size)] * len(moved.ties)
        out = _summary(scene, moved, True, decisions)
        performed = _moved_at_all(scene, fid, moved)
        reason = (f"moves {moved.mp} MP to gain line of sight to {label}{skip_note}" if performed
                  else f"it cannot move closer to a space that sees {label}{skip_note}")
        return MoveResult(figure=fid, verb="spot", target=label, target_ties=target_ties if not skipped else [],
                          performed=performed, start=f.at, reason=reason, decisions=decisions, **out)
    return MoveResult(target=None, target_ties=[], performed=False, end=f.at, key={},
                      reason=f"no space on the map gives line of sight to any target ({', '.join(skipped)})",
                      decisions=decisions, **base)


def _stop_on_sight(scene: Scene, fid: str, moved: _Moved, target_cells, blockers: int, goal_cells) -> None:
    """Spotting Example: 'Once the flesh moulder has line of sight to Syndrael, it stops.' The
    move ends on the first space of its path from which the target is seen."""
    board = scene.board
    stand = _stand_mask(scene, fid, scene.get(fid).side == "monsters")
    los = board.line_of_sight
    spent = 0
    for i, node in enumerate(moved.path[1:], start=1):
        spent += int(board.cost[node])
        if stand >> node & 1 and any(los(node, t, blockers) for t in target_cells):
            if node != moved.anchor:
                moved.anchor, moved.path, moved.mp, moved.ties = node, moved.path[: i + 1], spent, []
                moved.count = count_of(layers_to(scene, goal_cells, fid), 1 << node)
            return


def _spot_goal(scene: Scene, fid: str, target_cells, blockers: int, speed: int):
    """The closest placement (fewest spaces from the figure, then fewest movement points, then
    reading order) from which the figure would see the target; None when none on the map does.
    Returns (anchor, size, decision, the figure's movement levels: at least speed + 1 of them)."""
    board = scene.board
    f = scene.get(fid)
    monster = f.side == "monsters"
    source = scene.cells[fid][0]
    levels_iter = iter_mp_levels(board, source, monster=monster, enemies=scene.enemy_cells(fid))
    if f.large:
        levels = list(levels_iter)
        found, ties, checked = _spot_goal_large(scene, fid, target_cells, blockers, levels, monster)
    else:
        levels = []
        found, ties, checked = _spot_goal_small(scene, fid, target_cells, blockers, levels, levels_iter, monster)
        levels.extend(islice(levels_iter, max(0, speed + 1 - len(levels))))
    if found is None:
        return None
    (count, mp), anchor, size = found
    decision = Decision("space with line of sight", board.at_of(anchor),
                        ("spaces from monster", "movement points"),
                        (None if count == INF else int(count), None if mp == INF else int(mp)),
                        tuple(ties), "reading order", checked)
    return anchor, size, decision, levels


def _spot_goal_small(scene, fid, target_cells, blockers, levels, levels_iter, monster):
    """Spaces by (spaces from the monster, movement points), computing the layers and levels
    only as far as the search goes (the goal is usually near). Fills ``levels``."""
    board = scene.board
    source = scene.cells[fid][0]
    stand = _stand_mask(scene, fid, monster) | (1 << source)
    los = board.line_of_sight
    reached = 0
    exhausted = False

    def reach(mask):                    # extend the levels until they hold ``mask``
        nonlocal reached, exhausted
        while not exhausted and mask & ~reached:
            level = next(levels_iter, None)
            if level is None:
                exhausted = True
            else:
                levels.append(level)
                reached |= level

    found, ties, checked = None, [], 0
    counted = 0
    single, t0 = len(target_cells) == 1, target_cells[0]
    layers = iter_count_layers(board, scene.cells[fid], counting_blockers(scene, fid))
    # by spaces from the monster; spaces with no chain of spaces to it are still "on the map"
    for k, layer in _then_rest(layers, lambda: (INF, stand & ~counted)):  # noqa: B023 - late on purpose: what no layer counted
        counted |= layer
        pool = layer & stand
        if not pool:
            continue
        reach(pool)
        groups = [(d, level & pool) for d, level in enumerate(levels) if level & pool]
        groups.append((INF, pool & ~reached))           # seen, but not reachable
        for d, group in groups:
            for node in bits(group):
                checked += 1
                if los(node, t0, blockers) if single else any(los(node, t, blockers) for t in target_cells):
                    if found is None:
                        found = ((k, d), node, (1, 1))
                    else:
                        ties.append(board.at_of(node))
            if found is not None:
                return found, ties, checked
    return None, [], checked


def _then_rest(layers, rest):
    """(k, layer) for each counting layer, then ``rest()`` once they are all spent."""
    yield from enumerate(layers)
    yield rest()


def _spot_goal_large(scene, fid, target_cells, blockers, levels, monster):
    board = scene.board
    los = board.line_of_sight
    from_me = layers_to(scene, scene.cells[fid], fid)
    dist = levels_array(levels, board.size)
    cands = placement.candidates(scene, fid, dist, levels_array(from_me, board.size), monster)
    order = np.lexsort((cands.orient, cands.anchor, cands.mp, cands.count))
    found, ties, checked = None, [], 0
    for i in order:
        key = (cands.count[i], cands.mp[i])
        if found is not None and key != found[0]:
            break
        anchor = int(cands.anchor[i])
        size = cands.orientations[int(cands.orient[i])]
        checked += 1
        if any(los(anchor + o, t, blockers) for o in board.offsets(size) for t in target_cells):
            if found is None:
                found = (key, anchor, size)
            else:
                ties.append(board.at_of(anchor))
    return found, ties, checked


def leave_pit(scene: Scene, fid: str, exit_at) -> MoveResult:
    """A monster in a pit must first leave it into the adjacent space closest to the exit of the
    current encounter (Forgotten Souls, "Monster Activation")."""
    board = scene.board
    f = scene.get(fid)
    base = dict(figure=fid, verb="leave-pit", target=None, target_ties=[], start=f.at, size=list(f.size),
                path=[f.at], mp=0, ties=[], key={})
    cells = scene.cells[fid]
    if not any(board.pit[c] for c in cells):
        return MoveResult(performed=False, end=f.at, reason=f"{fid} is not in a pit", **base)
    if exit_at is None:
        raise MoveError("leave-pit needs the current encounter's exit (--exit X,Y)")
    exit_node = board.node_of(exit_at)
    base["target"] = board.label(exit_node)
    layers = layers_to(scene, (exit_node,), fid)
    stand = _stand_mask(scene, fid, f.side == "monsters")
    enemies = set(scene.enemy_cells(fid))

    def spaces(n):
        k = count_of(layers, 1 << n)
        return INF if k is None else k

    options = sorted({n for c in cells for n in board.neighbours[c]
                      if stand >> n & 1 and not board.pit[n] and n not in enemies and n not in cells})
    if not options:
        return MoveResult(performed=False, end=f.at, reason=f"{fid} has no free space beside the pit", **base)
    ranked, d = ranking("space out of the pit", options, lambda n: (spaces(n),), ("spaces to exit",),
                        ("reading order", int, board.at_of),
                        shown=lambda n: (None if spaces(n) == INF else int(spaces(n)),), named=board.at_of)
    best, ties, key = ranked[0], list(d.ties), {"spaces to exit": d.key[0]}
    base.update(path=[f.at, board.at_of(best)], mp=int(board.cost[best]), ties=ties, key=key,
                tie_sizes=[list(f.size)] * len(ties))
    return MoveResult(performed=True, end=board.at_of(best),
                      reason=f"climbs out of the pit toward the exit {board.label(exit_node)}",
                      decisions=[d], **base)
