"""The Boots of Jumping.

The book (Glossary, Region Maps):
- "These boots enable your hero to jump exactly 4 fields (no less, no more). Jumping has to follow
  the routes depicted on the game board. Some of the routes remain closed to the hero; jumping into
  or through the City of the Mages; into or through the Labyrinth (region map U); past the Dragon
  Man into the Dragon Cave; and across or onto colored fields are all not allowed. However, a hero
  may jump onto the Isle (region map Y) or across the Lake from one blue field to another."
- The garbage dump (S2): "The Boots of Jumping cannot be used to reach the City of the
  Mages/Location from this field; neither may you use them to jump across the Rift."
- The Labyrinth: "While the Boots of Jumping cannot be used in the Labyrinth ..."
- The Isle: "The Isle on the Lake can only be reached with the help of Orchan the Ferryman, unless
  a hero uses his Boots of Jumping. If this is the case, this turn's movement has to end on the
  Isle, though."

Readings (docs/readings.md, "Under the Shadow of the Dragon"):
- A jump follows a route of exactly 4 steps through 4 different fields, none of them the start;
  the hero touches only the field he lands on: what lies on the 3 fields between is jumped over
  (not uncovered, not fought). Landing is entering: a covered counter there is turned over, a
  creature fought, a teleporter may be rolled.
- ``rules.jump: turn`` (ours): the jump is the turn's movement, made instead of walking at the
  start of it, whatever the hero's allowance (a hero of 3 jumps 4 fields too), and his movement
  ends where he lands; the Isle's sentence then says that a jump onto the Isle ends there.
  ``jump: points``: a jump spends 4 movement points at any time in the movement phase and walking
  may go on after it, but not after landing on the Isle.
- Closed to a jump, between and on landing: the City of the Mages (S1) and every field of the
  Labyrinth's map; the lair (violet), which is also how "past the Dragon Man into the Dragon Cave"
  is closed (the Mouth itself may be jumped over or onto: landing there is meeting the Dragon Man);
  every coloured field but the blue fields of the Lake's map ("across the Lake from one blue field
  to another"). A hero may not jump from the City (its routes cross the Rift), from the dump, from
  the Labyrinth, nor while searching for a hidden route (he stands between fields).
- The routes are the walked ones and the ferry's crossing (the only way onto the Isle there is).
- In a Storm ("Movement is reduced to 1") nobody jumps.
"""

from __future__ import annotations

from overlord.games.heroes.regions import RegionBoard

from .moves import enter, has_effect
from .state import Ctx

JUMP = 4                    # "exactly 4 fields (no less, no more)"
CLOSED_FEATURES = ("city", "lair")
NO_TAKEOFF = ("city", "dump")


def open_to_jump(board: RegionBoard, fid: str) -> bool:
    """Whether a jump may pass over or land on ``fid``."""
    spec = board.field(fid)
    region = board.features.get(spec.region, "")
    if spec.feature in CLOSED_FEATURES or region == "labyrinth":
        return False
    if spec.colour == "tan":
        return True
    return spec.colour == "blue" and region == "lake"


def on_isle(board: RegionBoard, fid: str) -> bool:
    """A tan field of the Lake's map: the Isle."""
    spec = board.field(fid)
    return spec.colour == "tan" and board.features.get(spec.region, "") == "lake"


def jump_routes(board: RegionBoard) -> dict[str, tuple[str, ...]]:
    """The routes a jump follows: the walked ones and the ferry's crossing, both ways."""
    out = {f: list(nbs) for f, nbs in board.walk.items()}
    for a, b in board.ferries:
        out[a].append(b)
        out[b].append(a)
    return {f: tuple(dict.fromkeys(nbs)) for f, nbs in out.items()}


def landings(board: RegionBoard, start: str) -> list[str]:
    """Every field a jump from ``start`` may land on (reading order): the ends of the routes of
    exactly 4 steps through different open fields; a route that reaches the Isle stays on it."""
    if board.field(start).feature in NO_TAKEOFF or board.features.get(board.region_of(start), "") == "labyrinth":
        return []
    routes = jump_routes(board)
    found: set[str] = set()

    def go(at: str, path: tuple[str, ...]) -> None:
        if len(path) == JUMP + 1:
            found.add(at)
            return
        for nxt in routes[at]:
            if nxt in path or not open_to_jump(board, nxt):
                continue
            if on_isle(board, at) and not on_isle(board, nxt) and not all(on_isle(board, f) for f in path):
                continue                                   # come onto the Isle: "movement has to end on the Isle"
            go(nxt, path + (nxt,))

    go(start, (start,))
    return sorted(found, key=board.order)


def can_jump(ctx: Ctx, hero: str) -> bool:
    s = ctx.s
    t = s.turn
    if s.storm or t.phase != "move" or s.at[hero].between or not has_effect(ctx, hero, "jumping"):
        return False
    if s.rules.get("jump", "turn") == "points":
        return t.mp >= JUMP
    return t.fresh and t.mp >= 1


def targets(ctx: Ctx, hero: str) -> list[str]:
    """Where the hero may jump now."""
    if not can_jump(ctx, hero):
        return []
    return landings(ctx.c.board, ctx.s.at[hero].field)


def jump(ctx: Ctx, hero: str, to: str) -> list[dict]:
    s, b = ctx.s, ctx.c.board
    frm = s.at[hero].field
    t = s.turn
    t.fresh = False
    if s.rules.get("jump", "turn") == "points" and not on_isle(b, to):
        t.mp -= JUMP
        why = f"{JUMP} movement points"
    else:
        t.mp = 0
        why = "the turn's movement" if not on_isle(b, to) else "the Isle: the turn's movement ends there"
    out = [ctx.log({"event": "jump", "hero": hero, "from": frm, "to": to, "why": why})]
    return out + enter(ctx, hero, to, how="jumps")

