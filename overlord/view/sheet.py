"""A board to print: a :class:`~overlord.view.drawing.Drawing` as pages of SVG at a physical scale
(issue 42: "a printable sheet ... at the box's scale ... PDF and SVG, from the same drawing the board
pictures use").

A sheet is drawn for the players to lay on the table, not to look at on a screen:

* every space carries its id (the coordinates or field name the program says: ``4,2``, ``S9``), and
  its name where it has one; the links, the areas and the markers the game prints are drawn as the
  picture draws them, the figures are not (the players put theirs);
* ``unit_mm``: how many millimetres one unit of the drawing is on paper (a square of the box, a
  field's spacing): the page's width and height are given in millimetres, so a printer at 100 %
  prints it at that size; a scale bar of 5 cm on each page lets the players check;
* a board larger than the paper (A4 landscape, 10 mm margins by default) is cut into pages that
  overlap by one unit, each saying which it is ("page 2 of 4: row 1, column 2") with the ids of
  the spaces at its edges written in full on both pages, so that the pages are laid side by side;
* a legend on the first page says what each kind of space, link and marker is, with its swatch.

No game is named here; a game gives its drawing and its scale.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from .drawing import Drawing
from .svg import BLOCKING, LINK_STYLE, UNIT, centre_of, fill_of, space_shape

A4_LANDSCAPE = (297.0, 210.0)           # mm
MARGIN_MM = 10.0
LEGEND_MM = 34.0                        # the band under the first page's board that holds the legend
SCALE_BAR_MM = 50.0
HEADING_MM = 11.0                       # the page's two heading lines


@dataclass(frozen=True)
class Paper:
    width: float = A4_LANDSCAPE[0]
    height: float = A4_LANDSCAPE[1]
    margin: float = MARGIN_MM

    @property
    def inner(self) -> tuple[float, float]:
        return self.width - 2 * self.margin, self.height - 2 * self.margin - HEADING_MM


def pages(d: Drawing, unit_mm: float, paper: Paper = Paper(), title: str = "") -> list[str]:
    """The drawing as SVG pages at ``unit_mm`` millimetres a unit (see the module's docstring)."""
    if unit_mm <= 0:
        raise ValueError(f"{d.title}: a unit is a positive number of millimetres, not {unit_mm}")
    d.check()
    left, top, right, bottom = d.bounds()
    inner_w, inner_h = paper.inner
    # whole units a page holds (the legend's room kept): a square is never cut at a page's edge
    per_w, per_h = math.floor(inner_w / unit_mm), math.floor((inner_h - LEGEND_MM) / unit_mm)
    if per_w < 2 or per_h < 2:
        raise ValueError(f"{d.title}: at {unit_mm} mm a unit, the paper holds less than two units a page")
    width, height = right - left, bottom - top
    cols = 1 if width <= per_w else math.ceil((width - 1) / (per_w - 1))
    rows = 1 if height <= per_h else math.ceil((height - 1) / (per_h - 1))
    out = []
    for r in range(rows):
        for c in range(cols):
            x0 = left + c * (per_w - 1) if cols > 1 else left
            y0 = top + r * (per_h - 1) if rows > 1 else top
            where = f"page {r * cols + c + 1} of {rows * cols}" + (f": row {r + 1}, column {c + 1}" if rows * cols > 1 else "")
            out.append(_page(d, unit_mm, paper, (x0, y0, per_w, per_h), title or d.title, where, legend=(r == c == 0)))
    return out


def _page(d: Drawing, unit_mm: float, paper: Paper, window: tuple[float, float, float, float], title: str,
          where: str, legend: bool) -> str:
    x0, y0, w, h = window
    mm = unit_mm / UNIT                       # millimetres a drawing pixel (the picture's UNIT a unit)
    kinds = list(dict.fromkeys([*d.legend, *(s.kind for s in d.spaces)]))
    board_top = paper.margin + HEADING_MM
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{paper.width}mm" height="{paper.height}mm" '
           f'viewBox="0 0 {paper.width} {paper.height}" class="sheet">',
           f'<title>{escape(title)}, {escape(where)}</title>',
           f'<text x="{paper.margin}" y="{paper.margin + 4}" font-size="5" font-family="sans-serif" font-weight="bold">'
           f'{escape(title)}</text>',
           f'<text x="{paper.margin}" y="{paper.margin + 8.5}" font-size="3.5" font-family="sans-serif">'
           f'{escape(where)}; print at 100 % (actual size): the bar below is 5 cm</text>',
           # the board, clipped to this page's window, in millimetres
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#000000"/></marker></defs>',
           f'<clipPath id="page"><rect x="{x0 * UNIT:.1f}" y="{y0 * UNIT:.1f}" width="{w * UNIT:.1f}" '
           f'height="{h * UNIT:.1f}"/></clipPath>',
           f'<g class="board" transform="translate({paper.margin},{board_top}) scale({mm:.5f}) '
           f'translate({-x0 * UNIT:.1f},{-y0 * UNIT:.1f})"><g clip-path="url(#page)">']
    for k in d.links:
        (ax, ay), (bx, by) = centre_of(d, (k.a,)), centre_of(d, (k.b,))
        out.append(f'<line class="link" x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="#000000" '
                   f'stroke-width="2" {LINK_STYLE.get(k.kind, "")}/>')
    for s in d.spaces:
        told = ", ".join(w for w in (s.name or s.id, d.legend.get(s.kind, s.kind)) if w)
        out.append(space_shape(s, fill_of(s.kind, kinds, False), told, "#000000"))
        cx, cy = s.centre()
        ink = "#ffffff" if s.kind in BLOCKING else "#000000"
        label = s.id if not s.name or s.name == s.id else f"{s.id} {s.name}"
        size = min(s.w, s.h) * UNIT * 0.22
        lift = UNIT * 0.12 if any(m.space == s.id for m in d.markers) else 0.0     # room for a marker's words
        out.append(f'<text class="id" data-space={quoteattr(s.id)} x="{cx * UNIT:.1f}" y="{cy * UNIT - lift:.1f}" '
                   f'font-size="{size:.1f}" font-family="sans-serif" text-anchor="middle" '
                   f'dominant-baseline="central" fill="{ink}">{escape(label)}</text>')
    for a in d.areas:
        x, y = centre_of(d, a.spaces)
        out.append(f'<text class="area" x="{x:.1f}" y="{y - UNIT * 0.3:.1f}" font-size="{UNIT * 0.35:.1f}" '
                   f'font-family="sans-serif" text-anchor="middle" fill="#000000" opacity="0.6">{escape(a.name)}</text>')
    on: dict[str, list[str]] = {}
    for m in d.markers:                  # each marker's words under its square's id, a small sign before them
        on.setdefault(m.space, []).append(m.name or d.legend.get(m.kind, m.kind))
    for sid, names in on.items():
        sp = d.space(sid)
        x, y = centre_of(d, (sid,))
        size = min(sp.w, sp.h) * UNIT * 0.11
        lines = [w for name in names for w in textwrap.wrap(name, 18)][:4]
        r = size * 0.5
        out.append(f'<polygon class="marker" points="{x - sp.w * UNIT * 0.38:.1f},{y - sp.h * UNIT * 0.4:.1f} '
                   f'{x - sp.w * UNIT * 0.38 + 2 * r:.1f},{y - sp.h * UNIT * 0.4:.1f} '
                   f'{x - sp.w * UNIT * 0.38 + r:.1f},{y - sp.h * UNIT * 0.4 + 1.7 * r:.1f}" fill="#f2c200" '
                   'stroke="#000000" stroke-width="0.5"/>')
        for i, line in enumerate(lines):
            out.append(f'<text class="marker-words" x="{x:.1f}" y="{y + UNIT * 0.18 + i * size * 1.1:.1f}" '
                       f'font-size="{size:.1f}" font-family="sans-serif" text-anchor="middle" '
                       f'dominant-baseline="hanging">{escape(line)}</text>')
    out.append("</g></g>")
    bar_y = paper.height - paper.margin
    out.append(f'<g class="scale"><rect x="{paper.margin}" y="{bar_y - 3}" width="{SCALE_BAR_MM}" height="2" '
               f'fill="#000000"/><text x="{paper.margin + SCALE_BAR_MM + 2}" y="{bar_y - 1}" font-size="3" '
               f'font-family="sans-serif">5 cm</text></g>')
    if legend:
        out.append(_legend(d, kinds, paper, bar_y - 6))
    out.append("</svg>")
    return "\n".join(out)


def _legend(d: Drawing, kinds: list[str], paper: Paper, bottom: float) -> str:
    """What each kind of space, link and marker is: a swatch and its words, in columns above the bar."""
    used = {s.kind for s in d.spaces}
    items = [(fill_of(k, kinds, False), d.legend.get(k, k)) for k in kinds if k in used]
    links = list(dict.fromkeys(k.kind for k in d.links))
    marks = list(dict.fromkeys(m.kind for m in d.markers))
    entries = [("space", fill, words) for fill, words in items] + [("link", k, d.legend.get(k, k)) for k in links] \
        + [("marker", k, d.legend.get(k, k)) for k in marks]
    inner_w = paper.width - 2 * paper.margin
    longest = max((len(words) for *_, words in entries), default=10)
    font = 3.0
    while True:                        # the largest font at which every entry fits the band, whole
        col_w = longest * font * 0.55 + 8
        cols = max(1, int(inner_w // col_w))
        per_col = math.ceil(len(entries) / cols)
        line = (LEGEND_MM - 6) / max(per_col, 1)
        if line >= font * 1.25 or font <= 1.6:
            break
        font -= 0.2
    line = min(line, font * 1.5)
    top = bottom - LEGEND_MM + 6
    out = [f'<g class="legend" font-family="sans-serif" font-size="{font:.1f}">']
    for i, (what, style, words) in enumerate(entries):
        x = paper.margin + (i // per_col) * col_w
        y = top + (i % per_col) * line
        if what == "space":
            out.append(f'<rect x="{x}" y="{y - font * 0.85:.2f}" width="5" height="{font * 1.05:.2f}" fill="{style}" '
                       'stroke="#000000" stroke-width="0.2"/>')
        elif what == "link":
            dash = {"route": "1.2 0.8", "hidden route": "0.4 0.8", "dotted": "0.4 0.8"}.get(style, "")
            out.append(f'<line x1="{x}" y1="{y - font * 0.3:.2f}" x2="{x + 5}" y2="{y - font * 0.3:.2f}" '
                       'stroke="#000000" stroke-width="0.4"'
                       + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        else:
            out.append(f'<polygon points="{x + 0.5},{y - font * 0.9:.2f} {x + 4.5},{y - font * 0.9:.2f} '
                       f'{x + 2.5},{y + font * 0.2:.2f}" fill="#f2c200" stroke="#000000" stroke-width="0.2"/>')
        out.append(f'<text x="{x + 7}" y="{y}" class="legend-words">{escape(words)}</text>')
    out.append("</g>")
    return "\n".join(out)
