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

from dataclasses import dataclass, field

import numpy as np

from ..core.board import INF, BoardError
from ..core.figures import Scene
from ..core.pathing import away_weights, count_field, mp_field, path_to
from ..core.trace import Decision

VERBS = ("toward", "away", "engage", "spot", "leave-pit")
TARGET_RULES = ("closest", "furthest")


class MoveError(BoardError):
    """A move that cannot be asked for (unknown figure or verb, no target)."""


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

    def to_json(self) -> dict:
        return {
            "figure": self.figure, "verb": self.verb, "target": self.target,
            "target_ties": list(self.target_ties), "performed": self.performed,
            "from": self.start, "to": self.end, "size": list(self.size), "path": self.path,
            "mp": self.mp, "ties": self.ties, "key": self.key, "reason": self.reason,
            "decisions": [d.to_json() for d in self.decisions],
        }


# -- distances between figures ---------------------------------------------------------------

def _counting_blockers(scene: Scene, *leave_out: str) -> list[int]:
    if not scene.rules.get("figures_block_counting", False):
        return []
    return [c for c, ids in scene.stack.items() if any(g not in leave_out for g in ids)]


def spaces_between(scene: Scene, a_cells, b_cells, *leave_out: str) -> float:
    """Spaces counted between two sets of spaces (the nearest pair); inf when no chain exists."""
    field_ = count_field(scene.board, b_cells, _counting_blockers(scene, *leave_out))
    return float(min(field_[c] for c in a_cells))


def choose_target(scene: Scene, fid: str, rule: str, candidates: list[str] | None = None,
                  exclude: tuple[str, ...] = ()) -> tuple[list[str], Decision]:
    """Order the enemy figures of ``fid`` by the target rule ("closest" or "furthest"); returns
    the ordered ids (best first, unreachable ones last or, for furthest, left out) and the
    decision. Ties keep the order of the figures in the scene (policy "listed first")."""
    if rule not in TARGET_RULES:
        raise MoveError(f"target rule must be one of {', '.join(TARGET_RULES)} or a figure id, not {rule!r}")
    candidates = [c for c in (candidates or scene.enemies_of(fid)) if c not in exclude]
    if not candidates:
        raise MoveError(f"{fid} has no {'enemy ' if not exclude else 'other '}figure to target")
    keyed = []
    for order, cid in enumerate(candidates):
        d = spaces_between(scene, scene.cells[fid], scene.cells[cid], fid, cid)
        if rule == "furthest":
            if d == INF:
                continue
            keyed.append(((-d, order), cid, d))
        else:
            keyed.append(((d, order), cid, d))
    if not keyed:
        raise MoveError(f"no target of {fid} can be reached by counting spaces")
    keyed.sort()
    best_d = keyed[0][0][0]
    ties = [cid for k, cid, _ in keyed[1:] if k[0] == best_d]
    spaces = keyed[0][2]
    decision = Decision(f"{rule} target", keyed[0][1], ("spaces", "listed order"),
                        (None if spaces == INF else int(spaces), keyed[0][0][1]),
                        tuple(ties), "listed first", len(keyed))
    return [cid for _, cid, _ in keyed], decision


# -- placements -------------------------------------------------------------------------------

@dataclass
class _Candidates:
    anchor: np.ndarray
    orient: np.ndarray
    mp: np.ndarray
    count: np.ndarray             # spaces from the placement to the target (nearest cells)
    orientations: list[tuple[int, int]]


def _free_mask(scene: Scene, fid: str, monster: bool) -> np.ndarray:
    board = scene.board
    free = ~board.blocks_move
    if monster:
        free = free & (board.damage == 0)
    free = free.copy()
    if not board.stacking:     # Descent: a figure may not end its movement on another figure
        others = scene.other_cells(fid)
        if others:
            free[others] = False
    return free


def _candidates(scene: Scene, fid: str, dist: np.ndarray, count: np.ndarray, monster: bool) -> _Candidates:
    """Every placement of the figure (anchor, orientation) on free spaces, with the fewest
    movement points to reach one of its spaces and its spaces counted to the target."""
    board = scene.board
    f = scene.get(fid)
    free = _free_mask(scene, fid, monster)
    anchors, orients, mps, counts = [], [], [], []
    orientations = board.placements(tuple(f.size))
    start = board.node_of(f.at)
    for oi, size in enumerate(orientations):
        offs = board.offsets(size)
        a = np.arange(board.size - max(offs))
        ok = np.logical_and.reduce([free[a + o] for o in offs])
        if oi == 0:
            ok[start] = True     # staying put is always possible, even in a pit or on lava
        a = a[ok]
        anchors.append(a)
        orients.append(np.full(len(a), oi))
        mps.append(np.minimum.reduce([dist[a + o] for o in offs]))
        counts.append(np.minimum.reduce([count[a + o] for o in offs]))
    return _Candidates(np.concatenate(anchors), np.concatenate(orients), np.concatenate(mps),
                       np.concatenate(counts), orientations)


def _end_space(scene: Scene, anchor: int, size, dist: np.ndarray) -> int:
    cells = [anchor + o for o in scene.board.offsets(size)]
    return min(cells, key=lambda c: (dist[c], c))


def _anchor_cell(scene: Scene, fid: str, target_count: np.ndarray, toward: bool) -> tuple[int, Decision | None]:
    """The space a (large) figure counts its movement from: closest to the target for toward,
    furthest for away."""
    cells = scene.cells[fid]
    if len(cells) == 1:
        return cells[0], None
    sign = 1 if toward else -1
    ranked = sorted(cells, key=lambda c: (sign * target_count[c], c))
    best = ranked[0]
    ties = tuple(scene.board.at_of(c) for c in ranked[1:] if target_count[c] == target_count[best])
    d = Decision("space counted from", scene.board.at_of(best),
                 ("spaces to target" if toward else "-spaces to target", "reading order"),
                 (int(sign * target_count[best]) if target_count[best] != INF else None, scene.board.at_of(best)),
                 ties, "reading order", len(cells))
    return best, d


def _pick(cands: _Candidates, primary: np.ndarray, eligible: np.ndarray):
    idx = np.flatnonzero(eligible)
    if len(idx) == 0:
        return None, []
    order = np.lexsort((cands.orient[idx], cands.anchor[idx], cands.mp[idx], primary[idx]))
    best = idx[order[0]]
    same = idx[(primary[idx] == primary[best]) & (cands.mp[idx] == cands.mp[best])]
    ties = [int(i) for i in same if i != best]
    return int(best), ties


# -- the verbs --------------------------------------------------------------------------------

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


def _step(scene: Scene, fid: str, verb: str, target_cells, target_id: str | None, speed: int,
          toward: bool, stop_on_sight: tuple | None = None,
          field: tuple | None = None) -> tuple[dict, list[Decision]]:
    """Move figure ``fid`` toward (or away from) the target spaces with ``speed`` movement points.
    ``stop_on_sight``: (spaces, figure id or None) of a figure being spotted: the move ends on the
    first space of the path from which the mover sees it."""
    board = scene.board
    f = scene.get(fid)
    monster = f.side == "monsters"
    leave_out = (fid,) + ((target_id,) if target_id else ())
    counting_blockers = _counting_blockers(scene, *leave_out)
    count = count_field(board, target_cells, counting_blockers)
    anchor_cell, anchor_decision = _anchor_cell(scene, fid, count, toward)
    enemies = scene.enemy_cells(fid)
    if board.stacking and target_id:   # where figures share spaces, the target's space can be entered
        enemies = [c for c in enemies if c not in target_cells]
    allowed = weights = None
    if not toward:
        if counting_blockers:
            allowed = count[board.edge_target] > count[board.edge_source]
        else:   # the counting field is cached on the board, and the away weights with it
            weights = away_weights(board, tuple(int(c) for c in target_cells), count, monster)
    if field is not None and toward and anchor_cell == field[0]:
        dist = np.where(field[1] <= speed, field[1], INF)   # spot: the goal's field, limited
        pred = field[2]
    else:
        dist, pred = mp_field(board, anchor_cell, monster=monster, enemies=enemies, limit=speed,
                              allowed_edges=allowed, weights=weights)
    start_anchor = board.node_of(f.at)
    decisions = [anchor_decision] if anchor_decision else []
    if not f.large:
        # a 1x1 figure can only end on a space the (limited) field reached
        anchor, best_count, ties, considered = _pick_small(scene, fid, dist, count, speed, toward,
                                                           start_anchor, monster)
        size = (1, 1)
        end = anchor
    else:
        cands = _candidates(scene, fid, dist, count, monster)
        current = (cands.anchor == start_anchor) & (cands.orient == 0)
        eligible = (cands.mp <= speed) & ((cands.mp > 0) | current)
        primary = cands.count if toward else -cands.count
        best, ties_i = _pick(cands, primary, eligible)
        if best is None:   # not even the current placement is free (cannot happen on a valid scene)
            raise MoveError(f"{fid} has no legal placement")
        anchor = int(cands.anchor[best])
        size = cands.orientations[int(cands.orient[best])]
        end = _end_space(scene, anchor, size, dist)
        best_count = cands.count[best]
        ties = [int(cands.anchor[t]) for t in ties_i]
        considered = int(eligible.sum())
    path = path_to(pred, end)
    if stop_on_sight and not f.large:
        # spot: "once the monster has line of sight to the target, it stops"
        sight_cells, sight_id = stop_on_sight
        blockers = scene.figure_mask(fid, sight_id) if sight_id else scene.figure_mask(fid)
        free = _free_mask(scene, fid, monster)
        los = board.line_of_sight
        for i, node in enumerate(path[1:], start=1):
            if free[node] and any(los(node, t, blockers) for t in sight_cells):
                path = path[: i + 1]
                anchor, end = node, node
                ties = []
                break
    key_names = ("spaces to target" if toward else "-spaces to target", "movement points")
    key = (None if best_count == INF else int(best_count) * (1 if toward else -1),
           int(dist[end]))
    tie_positions = [board.at_of(t) for t in ties]
    decisions.append(Decision("end space", board.at_of(anchor), key_names, key, tuple(tie_positions),
                              "reading order", considered))
    moved = not (anchor == start_anchor and tuple(size) == tuple(f.size))
    return {
        "anchor": anchor, "size": list(size), "path": [board.at_of(n) for n in path],
        "mp": int(dist[end]), "ties": tie_positions,
        "key": dict(zip(key_names, key)), "moved": moved,
    }, decisions


def _pick_small(scene: Scene, fid: str, dist: np.ndarray, count: np.ndarray, speed: int,
                toward: bool, start: int, monster: bool):
    """The end space of a 1x1 figure, as _candidates + _pick choose it (fewest spaces to the
    target, or most for away; then movement points; then reading order; staying put always
    possible), but over the few spaces reached within ``speed`` instead of the whole board.
    Returns (end node, its count, tied nodes in reading order, number of spaces compared)."""
    board = scene.board
    stand = board.stand_ok[monster]
    reach = np.flatnonzero(dist <= speed)
    d = dist[reach]
    c = count[reach] if toward else -count[reach]
    order = np.lexsort((d, c)).tolist()          # stable: ties stay in reading order
    ok = (stand[reach] & (d > 0)).tolist()
    nodes, dl, cl = reach.tolist(), d.tolist(), c.tolist()
    considered = ok.count(True) + 1              # and staying put
    occupant = {} if board.stacking else scene.occupant   # stacking: figures may end on figures
    for n, g in occupant.items():
        if g != fid and 0 < dist[n] <= speed and stand[n]:
            considered -= 1
    best, ties = None, []
    for i in order:
        n = nodes[i]
        if n != start and (not ok[i] or occupant.get(n, fid) != fid):
            continue
        if best is None:
            best = i
        elif cl[i] == cl[best] and dl[i] == dl[best]:
            ties.append(n)
        else:
            break
    return nodes[best], (cl[best] if toward else -cl[best]), ties, considered


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
    out, more = _step(scene, fid, verb, cells, tid, speed, toward=(verb != "away"))
    decisions.extend(more)
    performed = out["moved"]
    if verb == "engage":
        reason = (f"moves {out['mp']} MP toward {label}" if performed
                  else f"would not move toward {label}: engage is not performed")
    elif verb == "toward":
        reason = f"moves {out['mp']} MP toward {label}" if performed else f"already as close to {label} as it can get"
    else:
        reason = (f"moves {out['mp']} MP away from {label}" if performed
                  else f"cannot increase the spaces between it and {label}: does not move")
    return MoveResult(figure=fid, verb=verb, target=label, target_ties=target_ties, performed=performed,
                      start=f.at, end=scene.board.at_of(out["anchor"]), size=out["size"],
                      path=out["path"], mp=out["mp"], ties=out["ties"], key=out["key"], reason=reason,
                      decisions=decisions)


def _spot(scene, fid, order, rule, speed, decisions, target_ties, base) -> MoveResult:
    board = scene.board
    f = scene.get(fid)
    monster = f.side == "monsters"
    skipped = []
    for tgt in order:
        label, cells, tid = _resolve_target(scene, fid, tgt)
        skip_note = f" ({', '.join(skipped)}: no space on the map sees it)" if skipped else ""
        blockers = scene.figure_mask(fid, tid) if tid else scene.figure_mask(fid)
        if any(board.line_of_sight(c, t, blockers) for c in scene.cells[fid] for t in cells):
            return MoveResult(target=label, target_ties=[] if skipped else target_ties, performed=False,
                              end=f.at, key={}, decisions=decisions, **base,
                              reason=f"already has line of sight to {label}: spot is not performed{skip_note}")
        goal = _spot_goal(scene, fid, cells, tid, monster)
        if goal is None:
            skipped.append(label)
            if rule not in TARGET_RULES:
                return MoveResult(target=label, target_ties=target_ties, performed=False, end=f.at, key={},
                                  reason=f"no space on the map gives line of sight to {label}",
                                  decisions=decisions, **base)
            continue
        goal_anchor, goal_size, goal_decision, field = goal
        decisions.append(goal_decision)
        goal_cells = tuple(goal_anchor + o for o in board.offsets(goal_size))
        out, more = _step(scene, fid, "spot", goal_cells, None, speed, toward=True,
                          stop_on_sight=(cells, tid), field=field)
        decisions.extend(more)
        reason_extra = skip_note
        performed = out["moved"]
        if out["anchor"] == goal_anchor:
            out["ties"] = list(goal_decision.ties)   # the equally close spaces that see the target
        reason = (f"moves {out['mp']} MP to gain line of sight to {label}{reason_extra}" if performed
                  else f"cannot move closer to a space that sees {label}: spot is not performed{reason_extra}")
        return MoveResult(figure=fid, verb="spot", target=label, target_ties=target_ties if not skipped else [],
                          performed=performed, start=f.at, end=board.at_of(out["anchor"]), size=out["size"],
                          path=out["path"], mp=out["mp"], ties=out["ties"], key=out["key"], reason=reason,
                          decisions=decisions)
    return MoveResult(target=None, target_ties=[], performed=False, end=f.at, key={},
                      reason=f"no space on the map gives line of sight to any target ({', '.join(skipped)})",
                      decisions=decisions, **base)


def _spot_goal(scene: Scene, fid: str, target_cells, tid, monster: bool):
    """The closest placement (fewest spaces from the figure, then fewest movement points) from
    which the figure would see the target; None when no placement on the map does."""
    board = scene.board
    f = scene.get(fid)
    blockers = scene.figure_mask(fid, tid) if tid else scene.figure_mask(fid)
    from_me = count_field(board, scene.cells[fid], _counting_blockers(scene, fid))
    source = scene.cells[fid][0]
    dist, pred = mp_field(board, source, monster=monster, enemies=scene.enemy_cells(fid))
    los = board.line_of_sight
    found = None
    ties = []
    checked = 0
    if not f.large:
        # 1x1: the same order as _candidates + lexsort below, in Python values
        free = _free_mask(scene, fid, monster)
        free[source] = True                       # staying put is always possible
        idx = np.flatnonzero(free)
        cnt, mp = from_me[idx], dist[idx]
        o = np.lexsort((mp, cnt))                 # stable: ties in reading order
        for anchor, key in zip(idx[o].tolist(), zip(cnt[o].tolist(), mp[o].tolist())):
            if found is not None and key != found[0]:
                break
            checked += 1
            if any(los(anchor, t, blockers) for t in target_cells):
                if found is None:
                    found = (key, anchor, (1, 1))
                else:
                    ties.append(board.at_of(anchor))
    else:
        cands = _candidates(scene, fid, dist, from_me, monster)
        order = np.lexsort((cands.orient, cands.anchor, cands.mp, cands.count))
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
    if found is None:
        return None
    (count, mp), anchor, size = found
    decision = Decision("space with line of sight", board.at_of(anchor),
                        ("spaces from monster", "movement points"),
                        (None if count == INF else int(count), None if mp == INF else int(mp)),
                        tuple(ties), "reading order", checked)
    return anchor, size, decision, (source, dist, pred)


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
    count = count_field(board, (exit_node,), _counting_blockers(scene, fid))
    free = _free_mask(scene, fid, f.side == "monsters")
    enemies = set(scene.enemy_cells(fid))
    options = sorted({n for c in cells for n in board.neighbours[c]
                      if free[n] and not board.pit[n] and n not in enemies and n not in cells},
                     key=lambda n: (count[n], n))
    if not options:
        return MoveResult(performed=False, end=f.at, reason=f"{fid} has no free space beside the pit", **base)
    best = options[0]
    ties = [board.at_of(n) for n in options[1:] if count[n] == count[best]]
    key = {"spaces to exit": None if count[best] == INF else int(count[best])}
    d = Decision("space out of the pit", board.at_of(best), ("spaces to exit", "reading order"),
                 (key["spaces to exit"], best), tuple(ties), "reading order", len(options))
    base.update(path=[f.at, board.at_of(best)], mp=int(board.cost[best]), ties=ties, key=key)
    return MoveResult(performed=True, end=board.at_of(best),
                      reason=f"climbs out of the pit toward the exit {board.label(exit_node)}",
                      decisions=[d], **base)
