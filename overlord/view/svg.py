"""One renderer for every game's board: a :class:`~overlord.view.drawing.Drawing` as SVG.

The picture is made to be read across a table and by everyone at it:

* each side has its own shape as well as its colour (heroes round, monsters square, anything else
  a diamond) and every piece carries its letter, so nothing is told by colour alone;
* pointing at a piece, a space, a marker or a path tells what it is (an SVG ``<title>``, which
  browsers show on hover and screen readers read);
* ``large=True`` draws letters and names bigger, ``contrast=True`` draws in black, white and two
  strong colours;
* the picture has a title and a description of who is where (``role="img"``); the page shows the
  text table of positions (:meth:`Drawing.positions`) beside it.

No game is named here and nothing is fetched: the SVG is one self-contained string.
"""

from __future__ import annotations

import math

from xml.sax.saxutils import escape, quoteattr

from .drawing import Drawing, Piece, Space

UNIT = 40                                           # pixels per unit of the drawing
# a fill for each kind of space, in the order the drawing first names them (the first 8 for most boards;
# Heldentaufe's two worlds name up to 20 kinds: its field types, five numbered portals, three nests)
PALETTE = ("#e8dcc0", "#c9d9b0", "#b8cfe0", "#e0c0c0", "#d8c8e8", "#c0e0d8", "#e8d0a8", "#d0d0d0",
           "#f5e27a", "#9fd38a", "#7fb2e5", "#f29b7f", "#b596e0", "#72cbbf", "#d9a066", "#a0a0a0",
           "#d4ed8e", "#f2a7d6", "#8fa8b8", "#e3c6f5")
SIDE_COLOUR = {"heroes": "#1f5fbf", "monsters": "#b3261e", "neutral": "#6b4f1d"}
CONTRAST_SIDE = {"heroes": "#0000cc", "monsters": "#cc0000", "neutral": "#000000"}
BLOCKING = ("wall", "blocked", "void")
#: how a link of each kind is drawn (any other: a plain line): dashes, dots; a "one way" link has an
#: arrowhead half way along it (:func:`arrow`: a line's end marker would lie under its space)
LINK_STYLE = {"route": 'stroke-dasharray="6 4"', "hidden route": 'stroke-dasharray="2 4"', "dotted": 'stroke-dasharray="2 4"'}
#: a link of these kinds is drawn solid and twice as wide, in its colour (black where ``contrast``):
#: a route that costs something to take (Return of the Heroes' crossings of the lake)
LINK_COLOUR = {"lake": "#2f6fb5"}


def fill_of(kind: str, kinds: list[str], contrast: bool) -> str:
    if kind in BLOCKING:
        return "#000000" if contrast else "#4a4a4a"
    if contrast:
        return "#ffffff"
    return PALETTE[kinds.index(kind) % len(PALETTE)] if kind in kinds else PALETTE[0]


def _hex_points(cx: float, cy: float, r: float) -> str:
    corners = [(cx + r * dx, cy + r * dy) for dx, dy in
               ((0, -1), (0.866, -0.5), (0.866, 0.5), (0, 1), (-0.866, 0.5), (-0.866, -0.5))]
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def space_shape(s: Space, fill: str, told: str, stroke: str) -> str:
    title = f"<title>{escape(told)}</title>"
    common = f'class="space" data-space={quoteattr(s.id)} fill="{fill}" stroke="{stroke}" stroke-width="1"'
    if s.shape == "circle":
        return f'<circle cx="{s.x * UNIT:.1f}" cy="{s.y * UNIT:.1f}" r="{s.w * UNIT / 2:.1f}" {common}>{title}</circle>'
    if s.shape == "hex":
        return f'<polygon points="{_hex_points(s.x * UNIT, s.y * UNIT, s.w * UNIT / 2)}" {common}>{title}</polygon>'
    return (f'<rect x="{s.x * UNIT:.1f}" y="{s.y * UNIT:.1f}" width="{s.w * UNIT:.1f}" height="{s.h * UNIT:.1f}" '
            f'{common}>{title}</rect>')


def _top(s: Space) -> float:
    return s.y - s.h / 2 if s.shape in ("circle", "hex") else s.y


def centre_of(d: Drawing, spaces: tuple[str, ...]) -> tuple[float, float]:
    points = [d.space(n).centre() for n in spaces]
    return (sum(p[0] for p in points) / len(points) * UNIT, sum(p[1] for p in points) / len(points) * UNIT)


def _piece(d: Drawing, p: Piece, contrast: bool, font: float, place: tuple[int, int] = (0, 1)) -> str:
    """``place``: (its number, how many) among the pieces on the same spaces, set side by side."""
    x, y = centre_of(d, p.spaces)
    span = max(1, len(p.spaces)) ** 0.5
    k, n = place
    r = UNIT * 0.38 * span * (1 if n == 1 else max(0.45, 0.8 / n ** 0.5))
    x += (k - (n - 1) / 2) * r * 1.9
    font = min(font, r * 1.5) / max(1, len(p.letter)) ** 0.5
    colour = (CONTRAST_SIDE if contrast else SIDE_COLOUR)[p.side]
    common = f'fill="{colour}" stroke="#ffffff" stroke-width="2"'
    if p.side == "heroes":
        shape = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {common}/>'
    elif p.side == "monsters":
        shape = f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" rx="3" {common}/>'
    else:
        shape = f'<polygon points="{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r:.1f} {x - r:.1f},{y:.1f}" {common}/>'
    about = p.about or f"{p.name} ({p.side}) on {d.where(p.spaces)}"
    return (f'<g class="piece {p.side}" data-piece={quoteattr(p.id)} tabindex="0"><title>{escape(about)}</title>{shape}'
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{font:.0f}" text-anchor="middle" dominant-baseline="central" '
            f'fill="#ffffff" font-weight="bold">{escape(p.letter)}</text></g>')


def render(d: Drawing, large: bool = False, contrast: bool = False) -> str:
    """The drawing as one SVG document (see the module's docstring)."""
    d.check()
    left, top, right, bottom = d.bounds()
    margin = 0.5
    font = UNIT * (0.6 if large else 0.45)
    for a in d.areas:            # an area's name is written across its middle: wide enough to be read whole
        x = centre_of(d, a.spaces)[0] / UNIT
        half = len(a.name) * font * 0.8 * 0.3 / UNIT
        left, right = min(left, x - half - 0.1 + margin), max(right, x + half + 0.1 - margin)
    box = (f"{(left - margin) * UNIT:.1f} {(top - margin) * UNIT:.1f} "
           f"{(right - left + 2 * margin) * UNIT:.1f} {(bottom - top + 2 * margin) * UNIT:.1f}")
    stroke = "#000000" if contrast else "#8a7f6a"
    kinds = list(dict.fromkeys([*d.legend, *(s.kind for s in d.spaces)]))    # the legend's order: a kind keeps its colour
    who = "; ".join(f"{name} ({side}) on {where}" for _, name, side, where in d.positions())
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" role="img" aria-labelledby="board-title board-desc" '
           f'class="board{" large" if large else ""}{" contrast" if contrast else ""}">',
           f'<title id="board-title">{escape(d.title)}</title>',
           f'<desc id="board-desc">{escape(who or "no figure on the board")}</desc>',
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#000000"/></marker></defs>',
           '<g class="links">']
    for k in d.links:                     # under the spaces: a line ends at a field's edge
        (ax, ay), (bx, by) = centre_of(d, (k.a,)), centre_of(d, (k.b,))
        style = LINK_STYLE.get(k.kind, "")
        colour, width = stroke, 2
        if k.kind in LINK_COLOUR:
            colour, width = ("#000000" if contrast else LINK_COLOUR[k.kind]), 4
        out.append(f'<line class="link" data-kind={quoteattr(k.kind)} x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" '
                   f'y2="{by:.1f}" stroke="{colour}" stroke-width="{width}" {style}><title>{escape(d.legend.get(k.kind, k.kind))}'
                   '</title></line>')
        if k.kind == "one way":
            out.append(arrow((ax + bx) / 2, (ay + by) / 2, bx - ax, by - ay, UNIT * 0.22))
    out.append('</g><g class="spaces">')
    for s in d.spaces:
        told = ", ".join(w for w in (s.name or s.id, d.legend.get(s.kind, s.kind)) if w)
        out.append(space_shape(s, fill_of(s.kind, kinds, contrast), told, stroke))
        if s.name and s.shape != "square":
            cx, cy = s.centre()
            out.append(f'<text x="{cx * UNIT:.1f}" y="{(cy + 0.42 * s.h) * UNIT:.1f}" font-size="{font * 0.55:.0f}" '
                       f'text-anchor="middle" fill="#000000">{escape(s.name)}</text>')
    out.append('</g><g class="areas">')
    for a in d.areas:
        x, y = centre_of(d, a.spaces)
        if a.label == "above":
            y = min(_top(d.space(n)) for n in a.spaces) * UNIT - font * 0.3
        out.append(f'<text class="area" x="{x:.1f}" y="{y:.1f}" font-size="{font * 0.8:.0f}" text-anchor="middle" '
                   f'fill="#000000" opacity="0.55"><title>{escape(a.name)}</title>{escape(a.name)}</text>')
    out.append('</g><g class="paths">')
    for p in d.paths:
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (centre_of(d, (n,)) for n in p.spaces))
        told = f"{p.who}: {' -> '.join(d.space(n).name or n for n in p.spaces)}" + (f" ({p.why})" if p.why else "")
        sx, sy = centre_of(d, p.spaces[:1])
        out.append(f'<g class="path"><title>{escape(told)}</title><circle cx="{sx:.1f}" cy="{sy:.1f}" r="{UNIT * 0.12:.1f}" '
                   f'fill="#000000"/><polyline points="{points}" fill="none" stroke="#000000" stroke-width="3" '
                   f'stroke-linejoin="round" marker-end="url(#arrow)"/></g>')
    out.append('</g><g class="markers">')
    for m in d.markers:
        x, y = centre_of(d, (m.space,))
        r = UNIT * 0.2
        told = f"{m.name or d.legend.get(m.kind, m.kind)} on {d.where((m.space,))}"
        out.append(f'<polygon class="marker" points="{x:.1f},{y - r:.1f} {x + r:.1f},{y + r:.1f} {x - r:.1f},{y + r:.1f}" '
                   f'fill="#f2c200" stroke="#000000"><title>{escape(told)}</title></polygon>')
    out.append('</g><g class="pieces">')
    together: dict[tuple[str, ...], list[Piece]] = {}
    for piece in d.pieces:
        together.setdefault(piece.spaces, []).append(piece)
    out += [_piece(d, q, contrast, font, (together[q.spaces].index(q), len(together[q.spaces]))) for q in d.pieces]
    out.append("</g></svg>")
    return "\n".join(out)


def arrow(x: float, y: float, dx: float, dy: float, size: float) -> str:
    """A filled arrowhead at ``x``, ``y`` pointing along ``dx``, ``dy``."""
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    tip = (x + ux * size, y + uy * size)
    left = (x - ux * size - uy * size * 0.8, y - uy * size + ux * size * 0.8)
    right = (x - ux * size + uy * size * 0.8, y - uy * size - ux * size * 0.8)
    return (f'<polygon class="arrow" points="{tip[0]:.1f},{tip[1]:.1f} {left[0]:.1f},{left[1]:.1f} '
            f'{right[0]:.1f},{right[1]:.1f}" fill="#000000"/>')
