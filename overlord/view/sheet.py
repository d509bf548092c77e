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
* a legend on the first page says what each kind of space, link and marker is, with its swatch;
* ``window``: the part of the drawing to print (default: all of it) - a region map with the halves
  of the routes that leave it, cut where they meet the next map's; ``cuts``: rectangles drawn as
  dashed lines to cut along (a tile of its own, a map);
* an id is written as large as its space holds it; one too small to read at print size (an exit's
  small square) is left unwritten - its shape carries its id (``data-space``) and its words;
* :func:`cards`: cards the players hold (a hero sheet, an item), 63 x 88 mm each (ours), side by
  side with shared cut lines, each its title and its lines of text.

No game is named here; a game gives its drawing and its scale.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from .drawing import Drawing, Space
from .svg import BLOCKING, LINK_STYLE, UNIT, arrow, centre_of, fill_of, space_shape

A4_LANDSCAPE = (297.0, 210.0)           # mm
MARGIN_MM = 10.0
LEGEND_MM = 34.0                        # the band under the first page's board that holds the legend
SCALE_BAR_MM = 50.0
HEADING_MM = 11.0                       # the page's two heading lines
OUTLINE_MM = 0.3                        # a space's outline on paper, whatever the scale
MIN_TEXT_MM = 2.0                       # an id smaller than this on paper is not written (its shape says it)
CARD_MM = (63.0, 88.0)                  # a card to cut out (ours: a common card size)
WORDS = "words"                         # a marker of this kind is words on its space, no sign, no legend
Box = tuple[float, float, float, float]  # left, top, right, bottom in the drawing's units


@dataclass(frozen=True)
class Paper:
    width: float = A4_LANDSCAPE[0]
    height: float = A4_LANDSCAPE[1]
    margin: float = MARGIN_MM

    @property
    def inner(self) -> tuple[float, float]:
        return self.width - 2 * self.margin, self.height - 2 * self.margin - HEADING_MM


def room(unit_mm: float, paper: Paper = Paper(), legend: bool = True) -> tuple[int, int]:
    """The whole units a page holds across and down at ``unit_mm`` (the legend's band kept when
    ``legend``): a square is never cut at a page's edge."""
    inner_w, inner_h = paper.inner
    return math.floor(inner_w / unit_mm), math.floor((inner_h - (LEGEND_MM if legend else 0)) / unit_mm)


def pages(d: Drawing, unit_mm: float, paper: Paper = Paper(), title: str = "", window: Box | None = None,
          cuts: tuple[Box, ...] = (), legend: bool = True, label: Callable[[Space], str] | None = None) -> list[str]:
    """The drawing as SVG pages at ``unit_mm`` millimetres a unit (see the module's docstring)."""
    if unit_mm <= 0:
        raise ValueError(f"{d.title}: a unit is a positive number of millimetres, not {unit_mm}")
    d.check()
    left, top, right, bottom = window or d.bounds()
    per_w, per_h = room(unit_mm, paper, legend)
    width, height = right - left, bottom - top
    if (per_w < 2 and width > per_w) or (per_h < 2 and height > per_h) or min(per_w, per_h) < 1:
        raise ValueError(f"{title or d.title}: at {unit_mm:g} mm a unit, the paper holds less than two units a page")
    cols = 1 if width <= per_w else math.ceil((width - 1) / (per_w - 1))
    rows = 1 if height <= per_h else math.ceil((height - 1) / (per_h - 1))
    out = []
    for r in range(rows):
        for c in range(cols):
            x0 = left + c * (per_w - 1) if cols > 1 else left
            y0 = top + r * (per_h - 1) if rows > 1 else top
            w = min(per_w, width - (x0 - left)) if window else per_w
            h = min(per_h, height - (y0 - top)) if window else per_h
            where = f"page {r * cols + c + 1} of {rows * cols}: row {r + 1}, column {c + 1}; " if rows * cols > 1 else ""
            out.append(_page(d, unit_mm, paper, (x0, y0, w, h), title or d.title, where,
                             legend=legend and r == c == 0, cuts=cuts, label=label or _label))
    return out


def _page(d: Drawing, unit_mm: float, paper: Paper, window: tuple[float, float, float, float], title: str,
          where: str, legend: bool, cuts: tuple[Box, ...] = (), label: Callable[[Space], str] = lambda s: s.id) -> str:
    x0, y0, w, h = window
    mm = unit_mm / UNIT                       # millimetres a drawing pixel (the picture's UNIT a unit)
    kinds = list(dict.fromkeys([*d.legend, *(s.kind for s in d.spaces)]))
    board_top = paper.margin + HEADING_MM
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{paper.width}mm" height="{paper.height}mm" '
           f'viewBox="0 0 {paper.width} {paper.height}" class="sheet">',
           f'<title>{escape(title)}</title>',
           f'<text x="{paper.margin}" y="{paper.margin + 4}" font-size="5" font-family="sans-serif" font-weight="bold">'
           f'{escape(title)}</text>',
           f'<text x="{paper.margin}" y="{paper.margin + 8.5}" font-size="3.5" font-family="sans-serif">'
           f'{escape(where)}print at 100 % (actual size): the bar below is 5 cm</text>',
           # the board, clipped to this page's window, in millimetres
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#000000"/></marker></defs>',
           f'<clipPath id="page"><rect x="{x0 * UNIT:.1f}" y="{y0 * UNIT:.1f}" width="{w * UNIT:.1f}" '
           f'height="{h * UNIT:.1f}"/></clipPath>',
           f'<g class="board" transform="translate({paper.margin},{board_top}) scale({mm:.5f}) '
           f'translate({-x0 * UNIT:.1f},{-y0 * UNIT:.1f})"><g clip-path="url(#page)">']
    for k in d.links:
        (ax, ay), (bx, by) = centre_of(d, (k.a,)), centre_of(d, (k.b,))
        if max(ax, bx) < x0 * UNIT or min(ax, bx) > (x0 + w) * UNIT or max(ay, by) < y0 * UNIT \
                or min(ay, by) > (y0 + h) * UNIT:
            continue                                 # wholly off this page
        out.append(f'<line class="link" data-link={quoteattr(k.a + " " + k.b)} x1="{ax:.1f}" y1="{ay:.1f}" '
                   f'x2="{bx:.1f}" y2="{by:.1f}" stroke="#000000" '
                   f'stroke-width="2" {LINK_STYLE.get(k.kind, "")}/>')
        if k.kind == "one way":                      # its arrow half way, where no field covers it
            out.append(arrow((ax + bx) / 2, (ay + by) / 2, bx - ax, by - ay, UNIT * 0.22))
    for s in d.spaces:
        told = ", ".join(w for w in (s.name or s.id, d.legend.get(s.kind, s.kind)) if w)
        shape = space_shape(s, fill_of(s.kind, kinds, False), told, "#000000")
        out.append(shape.replace('stroke-width="1"', f'stroke-width="{OUTLINE_MM / mm:.2f}"', 1))     # one thickness on paper
        cx, cy = s.centre()
        ink = "#ffffff" if s.kind in BLOCKING else "#000000"
        words = label(s)
        # as large as the space holds it across (a character about 0.65 of its size wide)
        size = min(min(s.w, s.h) * UNIT * 0.22, s.w * UNIT * 0.85 / (0.65 * len(words)))
        if size * mm < MIN_TEXT_MM:
            continue
        lift = UNIT * 0.12 if any(m.space == s.id for m in d.markers) else 0.0     # room for a marker's words
        out.append(f'<text class="id" data-space={quoteattr(s.id)} x="{cx * UNIT:.1f}" y="{cy * UNIT - lift:.1f}" '
                   f'font-size="{size:.1f}" font-family="sans-serif" text-anchor="middle" '
                   f'dominant-baseline="central" fill="{ink}">{escape(words)}</text>')
    for a in d.areas:
        x, y = centre_of(d, a.spaces)
        out.append(f'<text class="area" x="{x:.1f}" y="{y - UNIT * 0.3:.1f}" font-size="{UNIT * 0.35:.1f}" '
                   f'font-family="sans-serif" text-anchor="middle" fill="#000000" opacity="0.6">{escape(a.name)}</text>')
    on: dict[str, list[str]] = {}
    signed: set[str] = set()
    for m in d.markers:                  # each marker's words under its square's id, a small sign before them
        on.setdefault(m.space, []).append(m.name or d.legend.get(m.kind, m.kind))
        if m.kind != WORDS:
            signed.add(m.space)
    for sid, names in on.items():
        sp = d.space(sid)
        x, y = centre_of(d, (sid,))
        size = min(sp.w, sp.h) * UNIT * 0.11
        across = max(8, int(sp.w * UNIT * 0.92 / (0.6 * size)))        # the characters its width holds
        lines = [w for name in names for w in textwrap.wrap(name, across)][:4]
        r = size * 0.5
        inset = 0.38 if sp.shape in ("square", "rect") else 0.22      # inside a hex's or a circle's corner
        sx, sy = x - sp.w * UNIT * inset, y - sp.h * UNIT * (inset + 0.02)
        if sid in signed:
            out.append(f'<polygon class="marker" points="{sx:.1f},{sy:.1f} {sx + 2 * r:.1f},{sy:.1f} '
                       f'{sx + r:.1f},{sy + 1.7 * r:.1f}" fill="#f2c200" stroke="#000000" stroke-width="0.5"/>')
        for i, line in enumerate(lines):
            out.append(f'<text class="marker-words" x="{x:.1f}" y="{y + UNIT * 0.18 + i * size * 1.1:.1f}" '
                       f'font-size="{size:.1f}" font-family="sans-serif" text-anchor="middle" '
                       f'dominant-baseline="hanging">{escape(line)}</text>')
    for x1, y1, x2, y2 in cuts:
        out.append(f'<rect class="cut" x="{x1 * UNIT:.1f}" y="{y1 * UNIT:.1f}" width="{(x2 - x1) * UNIT:.1f}" '
                   f'height="{(y2 - y1) * UNIT:.1f}" fill="none" stroke="#000000" stroke-width="{0.25 / mm:.2f}" '
                   f'stroke-dasharray="{2 / mm:.1f} {1.5 / mm:.1f}"/>')
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
    marks = list(dict.fromkeys(m.kind for m in d.markers if m.kind != WORDS))
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
            if style == "one way":
                out.append(arrow(x + 2.5, y - font * 0.3, 1, 0, 1.0))
        else:
            out.append(f'<polygon points="{x + 0.5},{y - font * 0.9:.2f} {x + 4.5},{y - font * 0.9:.2f} '
                       f'{x + 2.5},{y + font * 0.2:.2f}" fill="#f2c200" stroke="#000000" stroke-width="0.2"/>')
        out.append(f'<text x="{x + 7}" y="{y}" class="legend-words">{escape(words)}</text>')
    out.append("</g>")
    return "\n".join(out)


def _label(s: Space) -> str:
    """What a space's id is written as: its id, and its name where that says more ("area-07 Area
    7"); its name alone where it is the id capitalised ("Styx") or where the id ends with it
    (``under 3,3`` is written ``3,3``, in the Underworld's outline). A game may write its own
    (``pages(..., label=...)``)."""
    if not s.name or s.name.lower() == s.id.lower():            # "Styx" for styx
        return s.name or s.id
    if s.id.endswith(" " + s.name):
        return s.name
    return f"{s.id} {s.name}"


@dataclass(frozen=True)
class Card:
    """A card to print: its id (what the program calls it), its title and its lines of text."""

    id: str
    title: str
    lines: tuple[str, ...] = ()
    kind: str = ""                  # what it is, written small at its foot ("hero sheet", "item")


def cards(items: list[Card], title: str, paper: Paper = Paper()) -> list[str]:
    """The cards side by side, ``CARD_MM`` each, as many a page as the paper holds, each card's
    outline a cut line shared with its neighbours."""
    inner_w, inner_h = paper.inner
    cw, ch = CARD_MM
    cols, rows = int(inner_w // cw), int(inner_h // ch)
    per = cols * rows
    count = math.ceil(len(items) / per)
    out = []
    for n in range(count):
        where = f"page {n + 1} of {count}; " if count > 1 else ""
        body = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{paper.width}mm" height="{paper.height}mm" '
                f'viewBox="0 0 {paper.width} {paper.height}" class="sheet cards">',
                f'<title>{escape(title)}</title>',
                f'<text x="{paper.margin}" y="{paper.margin + 4}" font-size="5" font-family="sans-serif" '
                f'font-weight="bold">{escape(title)}</text>',
                f'<text x="{paper.margin}" y="{paper.margin + 8.5}" font-size="3.5" font-family="sans-serif">'
                f'{escape(where)}print at 100 % (actual size): a card is {cw:g} x {ch:g} mm; cut along the lines</text>']
        for i, card in enumerate(items[n * per:(n + 1) * per]):
            x = paper.margin + (i % cols) * cw
            y = paper.margin + HEADING_MM + (i // cols) * ch
            body.append(_card(card, x, y))
        body.append("</svg>")
        out.append("\n".join(body))
    return out


def _card(card: Card, x: float, y: float) -> str:
    cw, ch = CARD_MM
    pad, font = 4.0, 3.0
    out = [f'<g class="card" data-card={quoteattr(card.id)} font-family="sans-serif">',
           f'<rect x="{x}" y="{y}" width="{cw}" height="{ch}" fill="#ffffff" stroke="#000000" stroke-width="0.25" '
           'stroke-dasharray="2 1.5"/>',
           f'<text class="card-title" x="{x + pad}" y="{y + pad + 4}" '
           f'font-size="{min(4.2, (cw - 2 * pad) / (0.62 * len(card.title))):.2f}" font-weight="bold">'
           f'{escape(card.title)}</text>']
    lines = [w for line in card.lines for w in (textwrap.wrap(line, 33, subsequent_indent="  ") or [""])]
    step = min(font * 1.3, (ch - 2 * pad - 12) / max(len(lines), 1))
    size = min(font, step / 1.2)
    for i, line in enumerate(lines):
        out.append(f'<text class="card-line" x="{x + pad}" y="{y + pad + 11 + i * step:.2f}" font-size="{size:.2f}">'
                   f'{escape(line)}</text>')
    out.append(f'<text class="card-id" x="{x + pad}" y="{y + ch - pad}" font-size="2.5" fill="#444444">'
               f'{escape(card.kind + ": " if card.kind else "")}{escape(card.id)}</text></g>')
    return "\n".join(out)


def numbered(sheets: list[str] | tuple[str, ...]) -> list[str]:
    """The pages of one printout, each with "sheet N of M" at its top right (a board's own pages
    say which part of the board they hold)."""
    out = []
    for i, page in enumerate(sheets):
        head, _, rest = page.partition("\n")
        width = float(head.split('viewBox="0 0 ', 1)[1].split()[0])
        out.append(f'{head}\n<text class="sheet-number" x="{width - MARGIN_MM}" y="{MARGIN_MM + 8.5}" font-size="3.5" '
                   f'font-family="sans-serif" text-anchor="end">sheet {i + 1} of {len(sheets)}</text>\n{rest}')
    return out
