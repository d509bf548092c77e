"""Small hand-built Heroes in the Underworld states for the Damned One's tests.

The map is drawn in ASCII, one token per tile, separated by spaces; ``.`` is no tile. ``S`` is
Styx (it must be there), ``X`` is Chaos, any other word is an area tile of that id. A suffix
``*`` puts a face-up creature counter on the tile, ``?`` a face-down Adventure marker not yet
drawn. Every tile has exits on all four sides. Row 0 is the top line (N is up).

    .  n  .
    w  X* e
    .  S  .
"""

from __future__ import annotations

from overlord.core.rng import new_rng, rng_state
from overlord.games.heroes.sheet import Item, new_sheet
from overlord.games.underworld.items import item_of
from overlord.games.underworld import tiles
from overlord.games.underworld.setup import shipped_catalogue
from overlord.games.underworld.state import (KIND_HEAP, CounterSpec, UnderworldState, counter_problems, instances,
                                             kind_of, where)
from overlord.games.underworld.tiles import ADVENTURE, PlacedTile, TileSpec

SHIPPED = shipped_catalogue()
# the shipped counters these states play with ("Test rules on the shipped content wherever it
# exists"), and one counter of our own: ``shade``, six faceless red creatures to crowd tiles with
# (no shipped creature has six copies)
CATALOGUE = [SHIPPED[k] for k in ("avatar", "damned-one", "golden-staff", "bow-of-herkules", "scythe-of-thanatos",
                                  "trident-of-hades", "mail-of-persephone", "soul-sword", "minos", "ring", "nektar",
                                  "hekate", "hades-task", "persephone-task")]
CATALOGUE.append(CounterSpec("shade", "Shade (test only)", "creature", copies=6, dots={"red": 0}))
SKILLS = {"magic": 7, "ranged": 6, "close": 5}
THRESHOLDS = {"magic": [3, 6, 9], "ranged": [3, 6, 9], "close": [3, 6, 9]}

PLUS = """
    .  .  .
    .  X  .
    .  S  .
"""


def parse(drawing: str) -> dict[str, tuple[list[int], str]]:
    """Tile id -> ([col, row] relative to Styx, suffix)."""
    rows = [line.split() for line in drawing.strip("\n").splitlines() if line.strip()]
    cells = {}
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if token == ".":
                continue
            name, suffix = token.rstrip("*?"), token[len(token.rstrip("*?")):]
            cells[{"S": "styx", "X": "chaos"}.get(name, name)] = ([c, r], suffix)
    sx, sy = cells["styx"][0]
    return {t: ([x - sx, y - sy], suffix) for t, ((x, y), suffix) in cells.items()}


def build(drawing: str = PLUS, *, heroes=("hera",), solitaire: bool = False, seed: int = 7,
          chaos: bool = True) -> UnderworldState:
    """A state with the drawn tiles laid (Chaos too when ``chaos``; otherwise it waits in a
    stack), the catalogue's counters in their starting heaps, every hero on Styx."""
    cells = parse(drawing)
    specs = [TileSpec("styx", "styx", "Styx", "NESW"), TileSpec("chaos", "place", "Chaos", "NESW")]
    specs += [TileSpec(t, "area", t.title(), "NESW") for t in cells if t not in ("styx", "chaos")]
    rng = new_rng(seed)
    m = tiles.setup(specs, list(heroes), rng)
    for tid, (at, _) in cells.items():
        if tid == "styx" or (tid == "chaos" and not chaos):
            continue
        for stack in m.stacks:
            if tid in stack:
                stack.remove(tid)
        m.placed.append(PlacedTile(tid, at, "NESW", 0, []))
    catalogue = {spec.id: spec for spec in CATALOGUE}
    state = UnderworldState(scenario="test", seed=seed, heroes=list(heroes), rng=rng_state(rng), map=m,
                            catalogue=catalogue,
                            sheets={h: new_sheet(h, SKILLS, THRESHOLDS, 4, 3, 2) for h in heroes},
                            solitaire=solitaire)
    for cid in instances(catalogue):
        heap = KIND_HEAP[kind_of(state, cid).kind]
        getattr(state, heap).append(cid)
    for tid, (_, suffix) in cells.items():
        if suffix == "?":
            tile(state, tid).markers.append(ADVENTURE)
        elif suffix == "*":
            put(state, next(c for c in state.adventure if c.startswith("shade")), tid)
    assert counter_problems(state) == []
    return state


def tile(state: UnderworldState, tid: str) -> PlacedTile:
    return tiles.placed_tile(state.map, tid)


def _take(state: UnderworldState, cid: str) -> None:
    place = where(state, cid)
    if place.startswith("tile:"):
        tile(state, place[5:]).markers.remove(cid)
        if cid in state.revealed:
            state.revealed.remove(cid)
    elif place.startswith("items:"):
        sheet = state.sheets[place[6:]]
        sheet.items = [i for i in sheet.items if i.id != cid]
    else:
        getattr(state, place).remove(cid)


def put(state: UnderworldState, cid: str, tid: str, face_up: bool = True) -> None:
    """Move counter ``cid`` from wherever it lies onto map tile ``tid``."""
    _take(state, cid)
    tile(state, tid).markers.append(cid)
    if face_up:
        state.revealed.append(cid)


def give(state: UnderworldState, hero: str, cid: str) -> Item:
    """Move counter ``cid`` onto ``hero``'s item boxes (carry limits not checked here)."""
    _take(state, cid)
    item = item_of(state, cid)
    state.sheets[hero].items.append(item)
    return item


def stand(state: UnderworldState, hero: str, tid: str) -> None:
    state.map.heroes[hero] = tid


def markers(state: UnderworldState) -> dict[str, list[str]]:
    """Every placed tile that has markers -> its markers."""
    return {t.id: list(t.markers) for t in state.map.placed if t.markers}
