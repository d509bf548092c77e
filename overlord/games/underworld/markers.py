"""Adventure markers on the map: drawing one onto a new tile, turning one face up, and which
counters lie face up where (HitU, "Adventure Marker Set Up", "Phase 1", "Phase 2").

- "Place an Adventure marker immediately on the new tile": places and areas get one, drawn at
  random from the face-down markers ("one may select any face down marker. The piles of counters
  may at any time be mixed to ensure a random selection"). With no face-down marker left, the
  tile stays empty.
- "Examine the recently entered map tile for any counters or markers. Reveal any counters at the
  hero's new location." A revealed Avatar or black creature puts a shadow cube on the Dark Side
  ("When drawing an Avatar ... When a black creature is drawn"); only the first time it turns up.
"""

from __future__ import annotations

from ...core.game import hidden_draw
from . import darkside
from .state import ENEMY_KINDS, UnderworldState, counters_on, kind_of, rolling
from .tiles import ADVENTURE, placed_tile
from .damned import avatar_revealed


def draw_adventure(state: UnderworldState, tile: str) -> list[dict]:
    """Replace the undrawn-marker placeholder on ``tile`` by a face-down Adventure marker drawn
    at random; with none left, take the placeholder away."""
    t = placed_tile(state.map, tile)
    if ADVENTURE not in t.markers:
        return []
    i = t.markers.index(ADVENTURE)
    if not state.adventure:
        t.markers.pop(i)
        event = {"event": "no_adventure_marker", "tile": tile, "why": "no face-down Adventure marker is left"}
    else:
        with rolling(state) as rng:
            pick = int(rng.integers(len(state.adventure)))
        cid = state.adventure.pop(pick)
        t.markers[i] = cid
        # drawn at random but laid face down: nothing comes into view until it turns up (``reveal``,
        # a hidden draw), so laying it is no hidden draw (undo may take back the turn of a tile)
        event = {"event": "adventure_marker", "tile": tile, "why": "a new place or area gets an Adventure marker"}
    state.log.append(event)
    return [event]


def face_down_on(state: UnderworldState, tile: str) -> list[str]:
    return [c for c in counters_on(state, tile) if c not in state.revealed]


def reveal(state: UnderworldState, cid: str, by: str = "") -> list[dict]:
    """Turn counter ``cid`` (on a map tile) face up. Avatars and black creatures feed the Dark
    Side when they turn up; an Avatar's machine moves to "revealed"."""
    if cid in state.revealed:
        return []
    spec = kind_of(state, cid)
    state.revealed.append(cid)
    events = [hidden_draw({"event": "revealed", "counter": cid, "name": spec.name, "kind": spec.kind, "by": by,
                           "why": f"{by or 'the Damned One'} turns up {spec.name}"})]
    state.log.append(events[0])
    if spec.kind == "avatar":
        events += avatar_revealed(state, cid, by)
    elif spec.kind == "black_creature":
        events.append(darkside.add(state, 1, f"{spec.name}, a black creature, turned up"))
    return events


def enemies_on(state: UnderworldState, tile: str) -> list[str]:
    """Face-up enemy counters on ``tile`` (the Damned One included)."""
    return [c for c in counters_on(state, tile) if c in state.revealed and kind_of(state, c).kind in ENEMY_KINDS]


def enemies_on_map(state: UnderworldState, *, damned_one: bool = False) -> list[tuple[str, str]]:
    """(counter, tile) of every face-up enemy counter on the map, in the order tiles were placed."""
    out = []
    for t in state.map.placed:
        for c in t.markers:
            if c == ADVENTURE or c not in state.revealed:
                continue
            kind = kind_of(state, c).kind
            if kind in ENEMY_KINDS and (damned_one or kind != "damned_one"):
                out.append((c, t.id))
    return out


def move_counter(state: UnderworldState, cid: str, src: str, dst: str) -> None:
    placed_tile(state.map, src).markers.remove(cid)
    placed_tile(state.map, dst).markers.append(cid)
