"""Map files: a board and the figures on it, in YAML (the interface authors and tools use).

```yaml
map:
  kind: grid            # grid (default) | hex | tiles | routes
  rows: ["#####", "#..~#", "#####"]
  legend: {"s": sludge}         # characters beyond the defaults
  terrain: {bog: {cost: 3}}     # new terrain kinds, or changed properties
rules: {figures_block_counting: false}
figures:
  - {id: tarha, side: heroes, at: [3, 1]}
  - {id: barghest, side: monsters, at: [1, 1], speed: 4, size: [2, 1]}
```

A grid may also name its places, as an encounter's map does (a Descent Exploration card's
``map:``, or a group's own map of a box tile that a scenario's ``maps:`` puts in its place):
``entrance`` and ``exit`` ([x, y]), ``hero_start`` (a list of [x, y]), ``markers`` (name ->
[x, y]), ``spawns`` and ``tokens`` (lists of mappings, each with its ``at``). Here each must be a
space of the map that a figure can stand on; what a spawn or a token is (its group, its hero
count) is the game's to check, against the card the map stands for.

Every problem is reported as ``FILE:LINE:COL: message``; nothing here raises a traceback on bad
input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..core.board import Board, BoardError
from ..core.figures import SIDES, Figure, Scene
from ..core.grids import GridBoard
from ..core.terrain import DEFAULT_LEGEND, TERRAIN_FIELDS, TerrainTable
from .errors import ContentError, Problem, nearest, strangers
from .models import MAX_MAP
from .yamlio import Located, load_yaml, parse_yaml
from ..core.hexes import HexBoard
from ..core.routes import RouteBoard
from ..core.tiles import TileBoard

KINDS = ("grid", "hex", "tiles", "routes")
TOP_KEYS = ("map", "figures", "rules", "name", "description", "source")
SPACE_KEYS = {"tiles": ("id", "at", "exits", "terrain"), "fields": ("id", "terrain")}
PLACE_KEYS = ("entrance", "exit", "hero_start", "spawns", "tokens", "markers")   # an encounter's places (grids)
MAP_KEYS = {"grid": ("kind", "rows", "legend", "terrain") + PLACE_KEYS, "hex": ("kind", "rows", "legend", "terrain"),
            "tiles": ("kind", "tiles", "terrain"), "routes": ("kind", "fields", "routes", "terrain")}
FIGURE_KEYS = ("id", "side", "at", "speed", "size", "name")
RULE_FLAGS = {"figures_block_counting": bool}
_TERRAIN_TYPES = {"cost": int, "blocks_move": bool, "blocks_los": bool, "damage": int, "pit": bool}
_TERRAIN_RANGES = {"cost": (1, 999), "damage": (0, 999)}
RESERVED_IDS = ("closest", "furthest")      # target rules of the movement words, never figure ids
# ranges (ours): a map is at most MAX_MAP spaces across (models.MAX_MAP), a figure at most
# MAX_SIZE spaces each way (Descent's largest monsters cover 2x3), its speed at most MAX_SPEED
MAX_SIZE = 4
MAX_SPEED = 99


@dataclass
class MapFile:
    file: str
    scene: Scene
    figures: list[Figure]
    rules: dict = field(default_factory=dict)
    lines: dict = field(default_factory=dict)      # figure id -> (line, column) where it is written

    @property
    def board(self) -> Board:
        return self.scene.board


class _Checker:
    def __init__(self, doc: Located):
        self.doc = doc
        self.problems: list[Problem] = []

    def add(self, path, message, col_offset=0):
        self.problems.append(self.doc.problem(tuple(path), message, col_offset=col_offset))

    def keys(self, mapping: dict, path: tuple, known, what: str) -> None:
        for k in mapping:
            if k not in known:
                self.add(path + (k,), f"{what}: unknown field {k!r}{nearest(k, known)}; expected one of {', '.join(known)}")

    def typed(self, value, tp, path, what) -> bool:
        ok = isinstance(value, tp) and not (tp is int and isinstance(value, bool))
        if not ok:
            names = {int: "a whole number", bool: "true or false", str: "a string", list: "a list", dict: "a mapping"}
            self.add(path, f"{what} must be {names.get(tp, tp.__name__)}, got {_show(value)}")
        return ok


def _kind(data) -> str:
    """What a file that is no mapping holds, without quoting it (it may not be content at all)."""
    return "a list" if isinstance(data, list) else "text" if isinstance(data, str) else f"a {type(data).__name__}"


def _show(value) -> str:
    text = repr(value)
    return text if len(text) < 40 else text[:37] + "..."


def load_map(path: str | Path) -> MapFile:
    return check_map(load_yaml(path))


def parse_map(text: str, file: str = "<map>") -> MapFile:
    return check_map(parse_yaml(text, file))


def check_map(doc: Located) -> MapFile:
    c = _Checker(doc)
    data = doc.data
    if data is None:
        raise ContentError([doc.problem((), "the file is empty; a map file is a mapping with 'map' and 'figures'")])
    if not isinstance(data, dict):
        raise ContentError([doc.problem((), "a map file is a mapping with 'map' and 'figures', got "
                                                f"{_kind(data)} (not a map file)")])
    c.keys(data, (), TOP_KEYS, "map file")
    m = data.get("map")
    if not isinstance(m, dict):
        c.add(("map",), "missing 'map': a mapping with the board" if m is None else f"'map' must be a mapping, got {_show(m)}")
        raise ContentError(c.problems)
    rules = _check_rules(c, data.get("rules", {}) or {})
    terrains = _check_terrain(c, m.get("terrain", {}) or {})
    board = _build_board(c, m, terrains)
    if board is not None and m.get("kind", "grid") == "grid":
        _check_places(c, m, board)
    figures = _check_figures(c, data.get("figures", []) or [], board, m.get("kind", "grid"))
    if c.problems:
        raise ContentError(c.problems)
    scene = Scene(board, [], rules)
    for i, f in enumerate(figures):
        try:
            scene.add(f)
        except BoardError as e:
            c.add(("figures", i, "at"), str(e))
    if c.problems:
        raise ContentError(c.problems)
    lines = {f.id: doc.where(("figures", i)) for i, f in enumerate(figures)}
    return MapFile(doc.file, scene, figures, rules, lines)


def _check_rules(c: _Checker, rules) -> dict:
    if not isinstance(rules, dict):
        c.add(("rules",), f"'rules' must be a mapping of flags, got {_show(rules)}")
        return {}
    c.keys(rules, ("rules",), tuple(RULE_FLAGS), "rules")
    out = {}
    for k, tp in RULE_FLAGS.items():
        if k in rules and c.typed(rules[k], tp, ("rules", k), f"rules.{k}"):
            out[k] = rules[k]
    return out


def _check_terrain(c: _Checker, extra) -> TerrainTable:
    table = TerrainTable()
    if not isinstance(extra, dict):
        c.add(("map", "terrain"), f"'terrain' must map names to properties, got {_show(extra)}")
        return table
    good = {}
    for name, props in extra.items():
        path = ("map", "terrain", name)
        if not isinstance(props, dict):
            c.add(path, f"terrain {name!r} must be a mapping of {', '.join(TERRAIN_FIELDS)}")
            continue
        c.keys(props, path, TERRAIN_FIELDS, f"terrain {name!r}")
        ok = {}
        for k, v in props.items():
            if k in _TERRAIN_TYPES and c.typed(v, _TERRAIN_TYPES[k], path + (k,), f"terrain {name!r} {k}"):
                lo, hi = _TERRAIN_RANGES.get(k, (v, v))
                if not lo <= v <= hi:
                    c.add(path + (k,), f"terrain {name!r} {k} must be from {lo} to {hi}, got {v}")
                    continue
                ok[k] = v
        good[str(name)] = ok
    return table.with_kinds(good)


def _check_legend(c: _Checker, legend, terrains: TerrainTable) -> dict:
    if not isinstance(legend, dict):
        c.add(("map", "legend"), f"'legend' must map characters to terrain names, got {_show(legend)}")
        return {}
    out = {}
    for ch, name in legend.items():
        path = ("map", "legend", ch)
        if not isinstance(ch, str) or len(ch) != 1:
            c.add(path, f"legend keys are single characters, got {_show(ch)}")
        elif not isinstance(name, str) or name not in terrains:
            c.add(path, f"legend {ch!r}: unknown terrain {_show(name)}{nearest(name, terrains.names)}; known: {', '.join(terrains.names)}")
        else:
            out[ch] = name
    return out


def _build_board(c: _Checker, m: dict, terrains: TerrainTable) -> Board | None:
    kind = m.get("kind", "grid")
    if kind not in KINDS:
        c.add(("map", "kind"), f"unknown map kind {_show(kind)}{nearest(kind, KINDS)}; expected one of {', '.join(KINDS)}")
        return None
    c.keys(m, ("map",), MAP_KEYS[kind], f"map of kind {kind}")
    if kind in ("grid", "hex"):
        legend = {**DEFAULT_LEGEND, **_check_legend(c, m.get("legend", {}) or {}, terrains)}
        rows = m.get("rows")
        if not isinstance(rows, list) or not rows:
            c.add(("map", "rows"), "'rows' must be a non-empty list of strings, one per row of the map")
            return None
        if all(isinstance(row, str) and not row for row in rows):
            c.add(("map", "rows"), "'rows' are all empty: the map has no spaces")
            return None
        if len(rows) > MAX_MAP:
            c.add(("map", "rows", MAX_MAP), f"the map has {len(rows)} rows; at most {MAX_MAP}")
            return None
        wide = next((y for y, row in enumerate(rows) if isinstance(row, str) and len(row) > MAX_MAP), None)
        if wide is not None:
            c.add(("map", "rows", wide), f"row {wide} has {len(rows[wide])} spaces; at most {MAX_MAP}")
            return None
        for y, row in enumerate(rows):
            if not isinstance(row, str):
                c.add(("map", "rows", y), f"row {y} must be a string, got {_show(row)}")
                continue
            for ch, x, at in strangers(row, legend):
                c.add(("map", "rows", y), f"row {y}, {at}: unknown map character {ch!r}; "
                      f"known: {''.join(sorted(legend))!r} (add it under map.legend)", col_offset=x)
        if c.problems:
            return None
        if kind == "grid":
            return GridBoard(rows, legend, terrains)
        return _guard(c, lambda: HexBoard(rows, legend, terrains))
    if not _check_spaces(c, m, "tiles" if kind == "tiles" else "fields", terrains):
        return None
    if kind == "tiles":
        return _guard(c, lambda: TileBoard(m.get("tiles") or [], terrains=terrains), ("map", "tiles"), m)
    return _guard(c, lambda: RouteBoard(m.get("fields") or [], m.get("routes") or [], terrains=terrains), ("map",), m)


def places(m: dict) -> list[tuple[tuple, object]]:
    """Every place a grid map names (``PLACE_KEYS``) as (its path in the file, its [x, y] as
    written); a list or mapping that is not one is left out (:func:`_check_places` says so)."""
    out: list[tuple[tuple, object]] = [(("map", k), m[k]) for k in ("entrance", "exit") if m.get(k) is not None]
    starts = m.get("hero_start")
    if isinstance(starts, list):
        out += [(("map", "hero_start", i), at) for i, at in enumerate(starts)]
    markers = m.get("markers")
    if isinstance(markers, dict):
        out += [(("map", "markers", name), at) for name, at in markers.items()]
    for key in ("spawns", "tokens"):
        items = m.get(key)
        if isinstance(items, list):
            out += [(("map", key, i, "at"), item["at"]) for i, item in enumerate(items)
                    if isinstance(item, dict) and "at" in item]
    return out


def _place_words(path: tuple) -> str:
    """A place as the file names it: "exit", "hero_start 2", "marker 'gate'", "spawn 3"."""
    if len(path) == 2:
        return path[1]
    key, which = path[1], path[2]
    if key == "markers":
        return f"marker {which!r}"
    return f"{'hero_start' if key == 'hero_start' else key[:-1]} {which + 1}"


def _check_places(c: _Checker, m: dict, board: Board) -> None:
    """Each place a grid names is [x, y] on a space of the map that a figure can stand on."""
    shapes = {"hero_start": list, "markers": dict, "spawns": list, "tokens": list}
    for key, tp in shapes.items():
        if key in m and m[key] is not None and not isinstance(m[key], tp):
            c.add(("map", key), f"'{key}' must be {'a mapping of names to [x, y]' if tp is dict else 'a list'}, "
                  f"got {_show(m[key])}")
    for key in ("spawns", "tokens"):
        for i, item in enumerate(m.get(key) if isinstance(m.get(key), list) else []):
            if not isinstance(item, dict) or "at" not in item:
                c.add(("map", key, i), f"{key[:-1]} {i + 1} must be a mapping with its space 'at: [x, y]', "
                      f"got {_show(item)}")
    for path, at in places(m):
        what = _place_words(path)
        if not _is_xy(at):
            c.add(path, f"{what} must be [x, y], two whole numbers (column and row from 0), got {_show(at)}")
            continue
        try:
            node = board.node_of(at)
        except BoardError as e:
            c.add(path, f"{what}: {e}")
            continue
        if board.blocks_move[node]:
            c.add(path, f"{what}: {list(at)} is {board.terrain(node).name}, not a space a figure can stand on")


def _check_spaces(c: _Checker, m: dict, key: str, terrains: TerrainTable) -> bool:
    """What the tile and route boards cannot point to a line for: the list itself and each
    space's terrain. False when there is a problem."""
    items = m.get(key) or []
    lists = [(key, items)] + ([("routes", m.get("routes") or [])] if key == "fields" else [])
    ok = True
    for name, value in lists:
        if not isinstance(value, list):
            c.add(("map", name), f"'{name}' must be a list, got {_show(value)}")
            ok = False
    if not isinstance(items, list):
        return False
    for i, item in enumerate(items):
        if isinstance(item, dict):
            c.keys(item, ("map", key, i), SPACE_KEYS[key], f"{key[:-1]} {item.get('id', i + 1)!r}")
        if isinstance(item, dict) and "terrain" in item:
            t = item["terrain"]
            if not isinstance(t, str) or t not in terrains:
                c.add(("map", key, i, "terrain"), f"{key[:-1]} {item.get('id', i + 1)!r}: unknown terrain {_show(t)}"
                      f"{nearest(t, terrains.names)}; known: {', '.join(terrains.names)}")
                ok = False
    return ok


def _guard(c: _Checker, build, path=("map",), m: dict | None = None):
    try:
        return build()
    except (BoardError, TypeError, KeyError, ValueError) as e:
        c.add(_item_path(m, str(e)) or path, f"{e}")
        return None


def _item_path(m: dict | None, message: str) -> tuple | None:
    """The tile, field or route a board's message names ("tile 'styx': ...", "route 2 ..."), so
    the problem points at its line."""
    match = re.match(r"(tile|field|route)s? (?:id )?(\d+|'[^']*')(?: and ('[^']*'))?", message)
    if m is None or not match:
        return None
    key, ref = match.group(1) + "s", match.group(3) or match.group(2)
    items = m.get(key)
    if not isinstance(items, list):
        return ("map", key)
    if ref.isdigit():
        return ("map", key, int(ref) - 1)
    named = [i for i, it in enumerate(items) if isinstance(it, dict) and repr(it.get("id")) == ref]
    return ("map", key, named[-1]) if named else ("map", key)


def _check_figures(c: _Checker, figs, board: Board | None, kind) -> list[Figure]:
    if not isinstance(figs, list):
        c.add(("figures",), f"'figures' must be a list, got {_show(figs)}")
        return []
    out = []
    seen = set()
    for i, f in enumerate(figs):
        path = ("figures", i)
        if not isinstance(f, dict):
            c.add(path, f"figure {i} must be a mapping with id, side, at, got {_show(f)}")
            continue
        c.keys(f, path, FIGURE_KEYS, f"figure {f.get('id', i)!r}")
        fid = f.get("id")
        ok = True
        if not isinstance(fid, str) or not fid:
            c.add(path + ("id",), f"figure {i}: 'id' must be a non-empty string")
            ok = False
        elif fid in seen:
            c.add(path + ("id",), f"figure id {fid!r} is used twice")
            ok = False
        elif fid in RESERVED_IDS:
            c.add(path + ("id",), f"figure id {fid!r} is reserved (a target rule: {', '.join(RESERVED_IDS)}); choose another id")
            ok = False
        else:
            seen.add(fid)
        side = f.get("side")
        if "side" not in f:
            c.add(path, f"figure {fid!r}: missing 'side' ({' or '.join(SIDES)})")
            ok = False
        elif side not in SIDES:
            c.add(path + ("side",), f"figure {fid!r}: side must be one of {', '.join(SIDES)}, got {_show(side)}{nearest(side, SIDES)}")
            ok = False
        speed = f.get("speed", 0)
        if not c.typed(speed, int, path + ("speed",), f"figure {fid!r} speed"):
            ok = False
        elif not 0 <= speed <= MAX_SPEED:
            c.add(path + ("speed",), f"figure {fid!r}: speed must be from 0 to {MAX_SPEED}, got {_show(speed)}")
            ok = False
        size = f.get("size", [1, 1])
        if not (isinstance(size, list) and len(size) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_SIZE for v in size)):
            c.add(path + ("size",), f"figure {fid!r}: size must be [w, h], whole numbers from 1 to {MAX_SIZE}, "
                  f"got {_show(size)}")
            ok = False
        elif size != [1, 1] and kind in KINDS and kind != "grid":
            c.add(path + ("size",), f"figure {fid!r}: figures larger than one space exist only on maps of kind grid")
            ok = False
        if "at" not in f:
            c.add(path, f"figure {fid!r}: missing 'at' (its space, [x, y] on a grid)")
            ok = False
        elif kind in ("grid", "hex") and not _is_xy(f["at"]):
            c.add(path + ("at",), f"figure {fid!r}: 'at' must be [x, y], two whole numbers (column and row from 0), "
                  f"got {_show(f['at'])}")
            ok = False
        elif board is not None:
            try:
                board.node_of(f["at"])
            except BoardError as e:
                c.add(path + ("at",), f"figure {fid!r}: {e}")
                ok = False
        if ok and board is not None:
            out.append(Figure(fid, side, f["at"], speed, list(size)))
    return out


def _is_xy(at) -> bool:
    return (isinstance(at, list) and len(at) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in at))


def map_schema() -> dict:
    """The JSON Schema of a map file (for editors; :func:`check_map` is what Overlord checks, and a
    test keeps the two agreeing on the shipped maps and on broken ones)."""
    xy = {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": MAX_MAP - 1}, "minItems": 2, "maxItems": 2}
    terrain_props = {"cost": {"type": "integer", "minimum": 1, "maximum": 999},
                     "blocks_move": {"type": "boolean"}, "blocks_los": {"type": "boolean"},
                     "damage": {"type": "integer", "minimum": 0, "maximum": 999}, "pit": {"type": "boolean"}}
    rows = {"type": "array", "items": {"type": "string"}, "minItems": 1,
            "description": "one string per row; x = column from 0, y = row from 0 at the top"}
    placed = {"type": "array", "items": {"type": "object", "required": ["at"], "properties": {"at": xy}}}
    encounter = {"entrance": xy, "exit": xy, "hero_start": {"type": "array", "items": xy},
                 "markers": {"type": "object", "additionalProperties": xy,
                             "description": "named spaces that an encounter's effects refer to"},
                 "spawns": {**placed, "description": "an encounter's spawn points (a Descent card's: group, rank, "
                                                     "heroes, conditions; checked against the card)"},
                 "tokens": {**placed, "description": "an encounter's tokens (a Descent card's: token, heroes)"}}
    kinds = {
        "grid": {"rows": rows, "legend": {"type": "object", "additionalProperties": {"type": "string"},
                                          "description": "map characters beyond the defaults: character -> terrain"},
                 **encounter},
        "hex": {"rows": rows, "legend": {"type": "object", "additionalProperties": {"type": "string"}}},
        "tiles": {"tiles": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["id", "at", "exits"],
            "properties": {"id": {"type": "string"}, "at": {"type": "array", "items": {"type": "integer", "minimum": -MAX_MAP,
                                                                                     "maximum": MAX_MAP},
                                                           "minItems": 2, "maxItems": 2},
                           "exits": {"type": "string", "pattern": "^[NESW]*$"}, "terrain": {"type": "string"}}}}},
        "routes": {"fields": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["id"],
            "properties": {"id": {"type": "string"}, "terrain": {"type": "string"}}}},
            "routes": {"type": "array", "items": {"type": "array", "items": {"type": "string"},
                                                  "minItems": 2, "maxItems": 2}}},
    }
    terrain = {"type": "object", "description": "new terrain kinds, or changed properties of known ones",
               "additionalProperties": {"type": "object", "additionalProperties": False, "properties": terrain_props}}
    required = {"grid": ["rows"], "hex": ["kind", "rows"], "tiles": ["kind", "tiles"], "routes": ["kind", "fields"]}
    maps = [{"type": "object", "additionalProperties": False, "required": required[kind],
             "properties": {"kind": {"const": kind}, **kinds[kind], "terrain": terrain}} for kind in KINDS]
    figure = {"type": "object", "additionalProperties": False, "required": ["id", "side", "at"],
              "properties": {"id": {"type": "string", "not": {"enum": list(RESERVED_IDS)}},
                             "side": {"enum": list(SIDES)},
                             "at": {"anyOf": [xy, {"type": "string"}],
                                    "description": "[x, y] on grids and hexes (a large figure's top-left), a "
                                                   "tile's or field's id on the others"},
                             "speed": {"type": "integer", "minimum": 0, "maximum": MAX_SPEED},
                             "size": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": MAX_SIZE},
                                      "minItems": 2, "maxItems": 2},
                             "name": {"type": "string"}}}
    return {"title": "Map file", "type": "object", "additionalProperties": False, "required": ["map"],
            "properties": {"map": {"oneOf": maps}, "figures": {"type": "array", "items": figure},
                           "rules": {"type": "object", "additionalProperties": False,
                                     "properties": {k: {"type": "boolean"} for k in RULE_FLAGS}},
                           "name": {"type": "string"}, "description": {"type": "string"},
                           "source": {"type": "string"}}}
