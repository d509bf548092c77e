"""Events in the Upper and Under Worlds (Heroes in the Underworld, "Combined with Return of the
Heroes" and "Combined with In the Shadow of the Dragon", "Events in the Upper and Under Worlds"), over
the game above (``upper``):

- "If a Shadow Cube is placed on the Dark Side, at the same time an Evil Mark is placed on any Upper
  World area map tile. On this tile, all skill tests have an increased difficulty of -1. Only 1 Evil
  Mark can be on a map tile" (:func:`evil_marks`). Whose choice "any" is the book does not say; the
  program makes it for the Damned One (ours), by an ordered key, lowest first (:func:`mark_key`):
  the map where most heroes above stand, then the map with the most counters lying on it (the trials
  still to come there), then the layout's reading order. With every map marked, a cube puts none.
- "If in the Underworld a marker is taken, also pull a marker from the bag in the Upper World"
  (:func:`draws_above`): our reading of "taken" is an Adventure marker turned up by a hero below
  (the Dragon's section says it "picked up by a hero"); the counter drawn is placed by the upper game's
  rules as a draw of nobody's (the program's key, no region barred: the hero is below).
- The Damned One's ten round markers, which no sentence explains (:func:`round_marker`): left in
  the box (``rules.round_markers: 0``, our reading); N (ours) puts one on its card at each round's
  end and, with the N-th, a shadow cube on the Dark Side, the markers taken off again.
"""

from __future__ import annotations

from overlord.core.context import decide
from overlord.core.trace import Decision
from overlord.games.heroes.state import where
from overlord.games.underworld import darkside

from .view import UnderView

MARK_KEY = ("heroes above on it (most first)", "counters on it (most first)", "reading order")


def maps(ctx) -> list[str]:
    """The Upper World's maps in reading order (the layout's rows, top first)."""
    return ctx.c.up.maps(ctx.s)


def mark_key(ctx, letter: str) -> tuple:
    s, board = ctx.s, ctx.c.board
    above = [h for h in s.heroes if h not in s.below and not s.at[h].out and s.at[h].field]
    heroes = sum(1 for h in above if board.region_of(s.at[h].between or s.at[h].field) == letter)
    lying = sum(len(here) for fid, here in s.board.items() if board.region_of(fid) == letter)
    return (-heroes, -lying, maps(ctx).index(letter))


def mark_choice(ctx) -> Decision | None:
    """The map the next Evil Mark goes on (None: every map has one)."""
    free = [m for m in maps(ctx) if m not in ctx.s.marks]
    if not free:
        return None
    return decide("evil mark", free, lambda m: mark_key(ctx, m), MARK_KEY)


def evil_marks(ctx, cubes: int) -> list[dict]:
    """An Evil Mark for each of ``cubes`` shadow cubes put on the Dark Side."""
    out = []
    for _ in range(cubes):
        d = mark_choice(ctx)
        if d is None:
            out.append(ctx.log({"event": "no_evil_mark", "why": "every Upper World map has its Evil Mark already "
                                                                "(\"Only 1 Evil Mark can be on a map tile\")"}))
            continue
        ctx.s.marks.append(d.choice)
        out.append(ctx.log({"event": "evil_mark", "map": d.choice, "decision": d.to_json(),
                            "why": "a shadow cube on the Dark Side: an Evil Mark on an Upper World map, every skill "
                                   "test there -1"}))
    return out


def mark_modifier(ctx, hero: str) -> int:
    """-1 to every trial of a hero above who stands on a map with an Evil Mark."""
    s = ctx.s
    if hero in s.below or not s.marks:
        return 0
    hs = s.at[hero]
    fid = hs.between or hs.field
    return -1 if fid and ctx.c.board.region_of(fid) in s.marks else 0


def draws_above(ctx, markers: list[str]) -> list[dict]:
    """A draw from the bag above for each Adventure marker a hero below turned up."""
    out: list[dict] = []
    for cid in markers:
        if ctx.s.outcome:
            break
        out += ctx.c.up.draw_one(ctx, f"a marker taken in the Underworld ({cid})")
    return out


def round_marker(ctx) -> list[dict]:
    """The Damned One's round markers (``rules.round_markers``: 0, left in the box)."""
    s = ctx.s
    every = int(s.rules.get("round_markers", 0) or 0)
    if not every or s.part.outcome:
        return []
    s.round_markers += 1
    out = [ctx.log({"event": "round_marker", "markers": s.round_markers, "of": every})]
    if s.round_markers >= every:
        s.round_markers = 0
        view = UnderView(s, ctx)
        out.append(darkside.add(view, 1, f"the Damned One's {every}th round marker (ours: rules.round_markers)"))
    return out


def gate_fields(s, c) -> dict[str, str]:
    """Each gate on the board above and the field it lies on (none while in the bag or out of the game)."""
    return {g: f for g in c.up.gates if (f := where(s, g))}


def gate_field(s, c) -> str:
    """The field the first gate on the board lies on ("" while none is)."""
    return next(iter(gate_fields(s, c).values()), "")
