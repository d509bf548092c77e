"""The Underworld's map as drawing data (:mod:`overlord.view.drawing`): the tiles laid so far, each
where ``map`` draws it (north up), with its exits; the heroes and the face-up enemies on them; the
other counters lying there as markers; and the enemies' moves of the last Dark card as paths.

* A tile is a square space (its ``id`` the tile's, named as players read it: a place by its
  name, "Area 16", "Passageway 14"), one :class:`Area` each. Tiles lie :data:`PITCH` units apart, so
  a gap runs between them; each exit is a small square of kind "exit" in the gap by the middle of
  its side, and two exits that face each other (the tiles are joined, ``tiles.neighbours``) touch
  and are a :class:`Link`. An exit that faces no tile shows where the map may grow.
* What stands or lies on a tile gets a spot of its own on the tile's rim (a small square named as
  the tile; the middle is left to the tile's name), in the order ``map`` writes them: the heroes
  in turn order, then the counters in the order they lie on the tile - a face-up enemy (a
  creature, an Avatar, the Damned One...) as a piece, anything else as a marker (a face-down
  Adventure marker ``?``, a face-up encounter or task ``*``).
* A path runs from tile to tile through their middles and ends on the spot of its enemy when the
  enemy still stands where it went.
"""

from __future__ import annotations

from ...core.tiles import OPPOSITE, STEP
from ...view.drawing import Area, Drawing, Link, Marker, Path, Piece, Space
from ...view.words import count
from ..heroes.sheet import life_total
from . import darkside
from .handling import CORNERS
from .state import DARK_SIDE_BOXES, ENEMY_KINDS, UnderworldState, kind_of
from .tiles import ADVENTURE, adjacency

TILE = 4.0          # a tile's side, in the drawing's units (wide enough for "Passageway 13" in large print)
PITCH = 5.0         # from one tile to the next: a tile and the gap its exits lie in
EXIT = 0.5          # an exit's side (half the gap: two facing exits meet in its middle)
SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}

KIND_WORDS = {"creature": "creature", "black_creature": "black creature", "encounter": "encounter", "task": "task",
              "item": "treasure", "black_weapon": "black weapon", "trap": "trap", "special_weapon": "special weapon"}
LEGEND = {"styx": "Styx, where the heroes start", "place": "a place", "area": "an area",
          "passageway": "a passageway", "exit": "an exit of a tile (joined where two meet)",
          "face-down": "a face-down Adventure marker",
          **{kind: f"a face-up {words} counter" for kind, words in KIND_WORDS.items() if kind not in ENEMY_KINDS}}


def tile_name(state: UnderworldState, tile: str) -> str:
    """A tile as players read it: a place by its name; an area or a passageway by its name and
    number ("Area 16", as ``map`` writes A16)."""
    spec = state.map.catalogue[tile]
    if spec.name in ("Area", "Passageway"):
        return f"{spec.name} {int(tile.rsplit('-', 1)[-1])}"
    return spec.name


def counter_name(state: UnderworldState, cid: str) -> str:
    """A counter's name; one of several copies with its number ("Trap of the Damned One 2")."""
    spec = kind_of(state, cid)
    return spec.name if cid == spec.id else f"{spec.name} {cid.rsplit('-', 1)[-1]}"


def spots(n: int) -> list[tuple[float, float, float]]:
    """``n`` spots on a tile's rim: (x, y) of each spot's middle from the tile's corner, and the
    spots' side. The corners first, then the middles of the north and south sides, then of the
    west and east sides (the tile's name lies across its middle); a larger ring when the rim of
    three by three is full, and the ring again from its start when that is full too."""
    side = 3
    while 4 * (side - 1) < n and side < 6:
        side += 1
    cell, last = TILE / side, side - 1
    ring = [(0, 0), (last, 0), (0, last), (last, last)]
    ring += [(c, r) for c in range(1, last) for r in (0, last)]
    ring += [(c, r) for r in range(1, last) for c in (0, last)]
    return [((c + 0.5) * cell, (r + 0.5) * cell, min(cell * 0.8, 0.9)) for c, r in (ring[i % len(ring)] for i in range(n))]


def tile_spaces(tile: str, kind: str, name: str, sides: str, x: float, y: float) -> tuple[Space, list[Space]]:
    """A tile as drawn, its top-left corner at ``x``, ``y``: its square (named ``name``) and a small
    square for each exit in ``sides``, in the gap by the middle of that side (the board and a
    printed tile draw them so)."""
    mid = (TILE - EXIT) / 2
    exits = []
    for side in sides:
        ex, ey = {"N": (mid, -EXIT), "E": (TILE, mid), "S": (mid, TILE), "W": (-EXIT, mid)}[side]
        exits.append(Space(f"{tile}:{side}", x + ex, y + ey, "exit", f"{SIDE_WORDS[side]} exit of {name}",
                           "square", EXIT, EXIT))
    return Space(tile, x, y, kind, name, "square", TILE, TILE), exits


def last_moves(log: list[dict]) -> list[dict]:
    """The enemies' moves of the last Dark card (each event's ``move``), in order, with the tile
    the heroes chose instead of a move's end where they did (``choose``): ``chosen``."""
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i]["event"] == "dark_card"), None)
    if start is None:
        return []
    moves: list[dict] = []
    for e in log[start + 1:]:
        if e["event"] == "enemy_action" and len(e.get("move", {}).get("path", ())) > 1:
            moves.append(dict(e["move"]))
        elif e["event"] == "enemy_choice":
            for m in reversed(moves):
                if m["figure"] == e["counter"] and m["path"][-1] == e["from"]:
                    m["chosen"] = e["to"]
                    break
    return moves


def _hero_about(state: UnderworldState, content, hero: str, where: str) -> str:
    sheet = state.sheets[hero]
    life = life_total(sheet)
    natural = f"{sheet.natural} of {sheet.natural_max}"
    about = f"{content.heroes[hero].name}, a hero, on {where}: life " + (
        natural if life == sheet.natural else f"{life} ({natural} natural)")
    if sheet.dead:
        about += ", dead"
    if hero in state.trapped:
        about += f", caught in {counter_name(state, state.trapped[hero])}"
    return about


def _counter(state: UnderworldState, cid: str, spot: str, where: str) -> Piece | Marker:
    """A counter on a tile: a face-up enemy as a piece (its life: its hearts; the Damned One's,
    the cubes of the Dark Side), anything else as a marker."""
    if cid == ADVENTURE or cid not in state.revealed:
        return Marker(spot, "face-down", "a face-down Adventure marker")
    spec = kind_of(state, cid)
    if spec.kind in ENEMY_KINDS:
        life = count(darkside.life(state), "life point") if spec.kind == "damned_one" else count(spec.hearts, "heart")
        what = f" ({KIND_WORDS[spec.kind]})" if spec.kind in KIND_WORDS else ""    # an Avatar's name says what it is
        return Piece(cid, counter_name(state, cid), "monsters", spec.name.removeprefix("The ")[0].upper(), (spot,),
                     f"{counter_name(state, cid)}{what} on {where}: {life}")
    used = state.uses.get(f"corners:{cid}", 0)
    told = [KIND_WORDS.get(spec.kind, "counter")] + ([f"{used} of {CORNERS} corners used"] if used else [])
    return Marker(spot, spec.kind, f"{counter_name(state, cid)} ({', '.join(told)})")


def board_drawing(state: UnderworldState, content) -> Drawing:
    floors: list[Space] = []
    exits: list[Space] = []
    spaces: list[Space] = []                   # the spots
    areas: list[Area] = []
    pieces: list[Piece] = []
    markers: list[Marker] = []
    standing: dict[str, str] = {}              # a piece -> its spot
    for t in state.map.placed:
        kind, name = state.map.catalogue[t.id].kind, tile_name(state, t.id)
        x, y = t.at[0] * PITCH, t.at[1] * PITCH
        floor, its_exits = tile_spaces(t.id, kind, name, t.exits, x, y)
        floors.append(floor)
        exits += its_exits
        areas.append(Area(t.id, name, (t.id,), kind))
        heroes = [h for h, at in state.map.heroes.items() if at == t.id]
        for i, (who, (sx, sy, w)) in enumerate(zip(heroes + t.markers, spots(len(heroes) + len(t.markers)))):
            spot = f"{t.id}@{i + 1}"
            if who in heroes:
                thing: Piece | Marker = Piece(who, content.heroes[who].name, "heroes", who[0].upper(), (spot,),
                                              _hero_about(state, content, who, name))
            else:
                thing = _counter(state, who, spot, name)
            if isinstance(thing, Piece):
                pieces.append(thing)
                standing[who] = spot
            else:
                markers.append(thing)
            look = thing.kind if isinstance(thing, Marker) else kind       # a marker's spot is coloured by its kind
            spaces.append(Space(spot, x + sx - w / 2, y + sy - w / 2, look, name, "square", w, w))
    placed = {t.id: t for t in state.map.placed}
    links = [Link(f"{a}:{side}", f"{b}:{OPPOSITE[side]}", "exit") for a, joined in adjacency(state.map).items()
             for b in joined if a < b for side in [_side_towards(placed, a, b)]]
    paths = []
    for m in last_moves(state.log):
        tiles = m["path"][:-1] + [m["chosen"]] if "chosen" in m else list(m["path"])
        way = list(tiles)                     # from middle to middle: through the exits between
        if _tile_of(state, m["figure"]) == tiles[-1] and m["figure"] in standing:
            side = _side_towards(placed, tiles[-1], tiles[-2])
            way[-1:] = ([f"{tiles[-1]}:{side}"] if side else []) + [standing[m["figure"]]]
        why = m.get("reason", "") + (f"; the heroes chose {tile_name(state, m['chosen'])} instead"
                                     if "chosen" in m else "")
        paths.append(Path(counter_name(state, m["figure"]), tuple(way), why))
    title = f"{content.scenario.name}, round {state.round}: Dark Side {state.dark_side} of {DARK_SIDE_BOXES}"
    # the floors first, then the exits, then the spots: the renderer colours a kind by the order kinds
    # first come in, so a tile's colour stays what it was as the map grows and counters come and go
    return Drawing(title, floors + exits + spaces, links, areas, pieces, markers, paths, dict(LEGEND)).check()


def _side_towards(placed: dict, a: str, b: str) -> str:
    """The side of tile ``a`` whose exit faces tile ``b`` ("" when none does)."""
    ta, tb = placed[a], placed[b]
    return next((s for s in ta.exits if s in SIDE_WORDS and OPPOSITE[s] in tb.exits
                 and [ta.at[0] + STEP[s][0], ta.at[1] + STEP[s][1]] == tb.at), "")


def _tile_of(state: UnderworldState, cid: str) -> str | None:
    return next((t.id for t in state.map.placed if cid in t.markers), None)
