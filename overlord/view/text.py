"""Plain-text pictures of boards for people: the map, its figures and a path."""

from __future__ import annotations

import string

from ..core.figures import Scene
from ..core.raster import RasterBoard

_HERO_SYMBOLS = string.ascii_uppercase
_MONSTER_SYMBOLS = string.ascii_lowercase


def figure_symbols(scene: Scene) -> dict[str, str]:
    """One letter per figure: heroes A, B, C...; monsters a, b, c... in listed order."""
    symbols, h, m = {}, 0, 0
    for fid, f in scene.figures.items():
        if f.side == "heroes":
            symbols[fid] = _HERO_SYMBOLS[h % 26]
            h += 1
        else:
            symbols[fid] = _MONSTER_SYMBOLS[m % 26]
            m += 1
    return symbols


def draw(scene: Scene, path_nodes: list[int] | None = None, moved: tuple[str, list[int]] | None = None,
         marks: dict[int, str] | None = None) -> str:
    """The map with figures (letters), the path (``*``, the start ``+``) and extra marks.
    ``moved``: (figure id, its spaces at the end) to draw a figure where it ended."""
    board = scene.board
    symbols = figure_symbols(scene)
    if not isinstance(board, RasterBoard):
        return _draw_graph(scene, symbols, path_nodes, moved)
    rows = [list(r.ljust(board.width)) for r in board.rows]

    def put(node, ch):
        x, y = board.xy(node)
        rows[y][x] = ch

    for node in (path_nodes or [])[:-1]:
        put(node, "*")
    if path_nodes:
        put(path_nodes[0], "+")
    for fid, cells in scene.cells.items():
        if moved and fid == moved[0]:
            continue
        for c in cells:
            put(c, symbols[fid])
    if moved:
        for c in moved[1]:
            put(c, symbols[moved[0]])
    for node, ch in (marks or {}).items():
        put(node, ch)
    width = board.width
    if board.kind == "hex":      # odd rows shifted right by half a hex
        ruler = "   " + " ".join(str(x % 10) for x in range(width))
        lines = [ruler] + [f"{y:>2} " + (" " if y % 2 else "") + " ".join(r) for y, r in enumerate(rows)]
    else:
        ruler = "   " + "".join(str(x % 10) for x in range(width))
        lines = [ruler] + [f"{y:>2} " + "".join(r) for y, r in enumerate(rows)]
    key = "  ".join(f"{s}={fid}" for fid, s in symbols.items())
    if path_nodes:
        key += "  += start  *=path"
    return "\n".join(lines + [key])


def _draw_graph(scene: Scene, symbols, path_nodes, moved) -> str:
    board = scene.board
    where = {fid: [board.label(c) for c in cells] for fid, cells in scene.cells.items()}
    if moved:
        where[moved[0]] = [board.label(c) for c in moved[1]]
    lines = [f"{symbols[fid]}={fid} at {', '.join(spaces)}" for fid, spaces in where.items()]
    if path_nodes:
        lines.append("path: " + " -> ".join(board.label(n) for n in path_nodes))
    return "\n".join(lines)


def terrain_key(board) -> str:
    """What each terrain sign of a drawn map means ("#=wall  .=floor  o=obstacle  ~=water"; a
    blank is off the map), for the signs the map holds."""
    rows = getattr(board, "rows", None)
    legend = getattr(board, "legend", None)
    if not rows or not legend:
        return ""
    used = set("".join(rows))
    signs = [f"{ch}={name}" for ch, name in legend.items() if ch in used and ch != " "]
    blank = "; a blank is off the map" if " " in used else ""
    return "terrain: " + "  ".join(signs) + blank
