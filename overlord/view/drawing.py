"""What a board looks like, as plain data: each game says what to draw, one renderer draws it.

A :class:`Drawing` names no game. It is what the web companion draws as SVG
(:mod:`overlord.view.svg`) and what a printed sheet or a text table of positions is made from:

* **spaces** - the places figures stand on, each with its position in the drawing's own units (a
  square of a grid is 1 x 1 at its column and row; a hex, a region's field or a tile is placed
  where the game lays it), its shape, its kind (the terrain or the field's type: the legend says
  what each kind means) and the name players type for it ("4,2", "T4");
* **links** - what joins two spaces beyond their being side by side (a route between fields, a
  tile's exit, a door);
* **areas** - spaces that belong together (a map tile, a region, a room), drawn as one outline
  with their name;
* **pieces** - the figures and counters on the board: what each is, whose side, the letter drawn on
  it (shapes and letters beside colour), the spaces it covers, and a sentence for whoever points at
  it ("Zombie Master (monster) on 4,2 - 5,3");
* **markers** - tokens that are no figure (a search token, an objective, a Chaos marker);
* **paths** - what moved last, space by space, with who moved and why.

:meth:`Drawing.check` refuses (one line, ``ValueError``) a drawing that names a space it does not
have; :meth:`Drawing.positions` is the text alternative of the picture (who is where), a row each.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

SHAPES = ("square", "hex", "circle", "rect")
SIDES = ("heroes", "monsters", "neutral")


@dataclass(frozen=True)
class Space:
    """A place on the board: ``x``, ``y`` its top-left corner (its centre for a circle or a hex)
    in the drawing's units, ``w``/``h`` its size."""

    id: str
    x: float
    y: float
    kind: str = ""
    name: str = ""
    shape: str = "square"
    w: float = 1.0
    h: float = 1.0

    def centre(self) -> tuple[float, float]:
        if self.shape in ("circle", "hex"):
            return self.x, self.y
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class Link:
    a: str
    b: str
    kind: str = "route"


@dataclass(frozen=True)
class Area:
    """Spaces that belong together; ``label`` says where its name is written: across its
    ``middle`` (a tile whose middle no piece stands on) or ``above`` it (a world full of figures)."""

    id: str
    name: str
    spaces: tuple[str, ...]
    kind: str = ""
    label: str = "middle"


@dataclass(frozen=True)
class Piece:
    """A figure or a counter: ``spaces`` it covers (a large monster covers several)."""

    id: str
    name: str
    side: str
    letter: str
    spaces: tuple[str, ...]
    about: str = ""               # what pointing at it tells: what it is, where, its health


@dataclass(frozen=True)
class Marker:
    space: str
    kind: str
    name: str = ""


@dataclass(frozen=True)
class Path:
    """A move: the spaces in order (the first where it started), who moved and why."""

    who: str
    spaces: tuple[str, ...]
    why: str = ""


@dataclass
class Drawing:
    title: str
    spaces: list[Space] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    areas: list[Area] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    markers: list[Marker] = field(default_factory=list)
    paths: list[Path] = field(default_factory=list)
    legend: dict[str, str] = field(default_factory=dict)      # a space's or marker's kind -> its words

    def space(self, sid: str) -> Space:
        for s in self.spaces:
            if s.id == sid:
                return s
        raise ValueError(f"{self.title}: no space {sid!r}")

    def check(self) -> "Drawing":
        """The drawing itself when every name in it is a space it has, every shape and side one it
        knows; else ValueError naming the first that is not."""
        known = {s.id for s in self.spaces}
        if len(known) != len(self.spaces):
            raise ValueError(f"{self.title}: two spaces have one id")
        for s in self.spaces:
            if s.shape not in SHAPES:
                raise ValueError(f"{self.title}: space {s.id} has the shape {s.shape!r}, not one of {', '.join(SHAPES)}")
        named = [(f"link {k.a}-{k.b}", n) for k in self.links for n in (k.a, k.b)]
        named += [(f"area {a.id}", n) for a in self.areas for n in a.spaces]
        named += [(f"piece {p.id}", n) for p in self.pieces for n in p.spaces]
        named += [(f"marker {m.name or m.kind}", m.space) for m in self.markers]
        named += [(f"path of {p.who}", n) for p in self.paths for n in p.spaces]
        for what, n in named:
            if n not in known:
                raise ValueError(f"{self.title}: {what} names no space {n!r}")
        for p in self.pieces:
            if p.side not in SIDES:
                raise ValueError(f"{self.title}: piece {p.id} is on the side {p.side!r}, not one of {', '.join(SIDES)}")
            if not p.spaces:
                raise ValueError(f"{self.title}: piece {p.id} stands on no space")
        return self

    def where(self, spaces: tuple[str, ...]) -> str:
        names = [self.space(n).name or n for n in spaces]
        return names[0] if len(names) == 1 else f"{names[0]} - {names[-1]}"

    def positions(self) -> list[tuple[str, str, str, str]]:
        """Who is where, the text alternative of the picture: (letter, name, side, where) a row."""
        return [(p.letter, p.name, p.side, self.where(p.spaces)) for p in self.pieces] + \
            [("", m.name or self.legend.get(m.kind, m.kind), "marker", self.where((m.space,))) for m in self.markers]

    def to_json(self) -> dict:
        """The drawing as plain JSON data (lists where the dataclasses keep tuples), for a page."""
        return json.loads(json.dumps(asdict(self)))

    def bounds(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of every space."""
        xs = [v for s in self.spaces for v in ((s.x - s.w / 2, s.x + s.w / 2) if s.shape in ("circle", "hex")
                                                 else (s.x, s.x + s.w))]
        ys = [v for s in self.spaces for v in ((s.y - s.h / 2, s.y + s.h / 2) if s.shape in ("circle", "hex")
                                                 else (s.y, s.y + s.h))]
        return (min(xs), min(ys), max(xs), max(ys)) if xs else (0.0, 0.0, 1.0, 1.0)
