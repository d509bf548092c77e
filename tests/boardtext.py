"""Maps drawn as ASCII for tests: terrain with the default legend, figures as letters.

Upper-case letters are heroes, lower-case letters monsters (except o, p, l, which are the
obstacle, pit and lava terrains). A letter repeated in a w x h block is one large figure. A
figure's space is floor. ``?`` marks a space where a move may equally well end (a tie), ``@``
where it must end; both are floor.
"""

from __future__ import annotations

import textwrap

from overlord.core.figures import Figure, Scene
from overlord.core.grids import GridBoard

TERRAIN_LETTERS = set("opl")


def parse(drawing: str, speeds: dict[str, int] | None = None, rules: dict | None = None,
          legend: dict | None = None, under: dict[str, str] | None = None):
    """(scene, marks) for a drawing; marks maps '?' and '@' to lists of [x, y]. ``under`` gives
    the terrain character beneath a figure's letter (default floor), e.g. {"m": "p"} for a pit."""
    rows = textwrap.dedent(drawing).strip("\n").splitlines()
    cells: dict[str, list[tuple[int, int]]] = {}
    marks: dict[str, list[list[int]]] = {"?": [], "@": []}
    terrain_rows = []
    for y, row in enumerate(rows):
        out = []
        for x, ch in enumerate(row):
            if ch.isalpha() and ch not in TERRAIN_LETTERS:
                cells.setdefault(ch, []).append((x, y))
                out.append((under or {}).get(ch, "."))
            elif ch in marks:
                marks[ch].append([x, y])
                out.append(".")
            else:
                out.append(ch)
        terrain_rows.append("".join(out))
    board = GridBoard(terrain_rows, legend)
    figures = []
    for ch, spaces in cells.items():
        xs = [x for x, _ in spaces]
        ys = [y for _, y in spaces]
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        assert w * h == len(spaces), f"figure {ch!r} is not a rectangle"
        side = "heroes" if ch.isupper() else "monsters"
        figures.append(Figure(ch, side, [min(xs), min(ys)], (speeds or {}).get(ch, 0), [w, h]))
    return Scene(board, figures, rules), marks
