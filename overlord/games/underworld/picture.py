"""The Underworld's tile map as text: each placed tile a 7x3 box, exits as gaps in its walls,
its name's first letters, heroes by initial and the counters on it (``?`` face down, ``!`` a
face-up enemy, ``*`` anything else face up)."""

from __future__ import annotations

from .state import ENEMY_KINDS, UnderworldState, kind_of
from .tiles import ADVENTURE

W, H = 7, 4


def _label(state: UnderworldState, tile) -> str:
    name = state.map.catalogue[tile.id].name
    if name in ("Area", "Passageway"):
        return name[0] + tile.id.rsplit("-", 1)[-1][-2:]
    return name[:5]


def _marks(state: UnderworldState, tile) -> str:
    out = ""
    for c in tile.markers:
        if c == ADVENTURE or c not in state.revealed:
            out += "?"
        else:
            out += "!" if kind_of(state, c).kind in ENEMY_KINDS else "*"
    heroes = "".join(h[0].upper() for h, t in state.map.heroes.items() if t == tile.id)
    return (heroes + out)[:5]


def draw_map(state: UnderworldState) -> str:
    """The map, north up; a legend line below."""
    placed = state.map.placed
    x0 = min(t.at[0] for t in placed)
    y0 = min(t.at[1] for t in placed)
    cols = max(t.at[0] for t in placed) - x0 + 1
    rows = max(t.at[1] for t in placed) - y0 + 1
    grid = [[" "] * (cols * W) for _ in range(rows * H)]
    for t in placed:
        west = " " if "W" in t.exits else "|"
        east = " " if "E" in t.exits else "|"
        box = ["+--" + (" " if "N" in t.exits else "-") + "--+",
               west + _label(state, t).center(5) + east,
               west + _marks(state, t).center(5) + east,
               "+--" + (" " if "S" in t.exits else "-") + "--+"]
        gx, gy = (t.at[0] - x0) * W, (t.at[1] - y0) * H
        for dy, line in enumerate(box):
            grid[gy + dy][gx:gx + W] = list(line)
    text = "\n".join("".join(r).rstrip() for r in grid)
    legend = ("heroes by initial; ? face-down marker, ! face-up enemy, * face-up counter; "
              f"Dark Side {state.dark_side}/11")
    return text + "\n" + legend
