"""After every step, what one world's rules did that the other world answers (``state.BeneathOwn.seen``:
the log is answered up to there, once):

- a shadow cube put on the Dark Side: an Evil Mark above (``shadows.evil_marks``);
- an Adventure marker a hero below turned up: a draw from the bag above (``shadows.draws_above``);
- the Damned One fallen: its consequences above (``fall.fallen``); the Dark Side full: the end
  (``fall.dark_side_full``).
"""

from __future__ import annotations

from overlord.games.underworld.state import KIND_HEAP

from . import fall, shadows
from .view import RULES


def settled(ctx) -> list[dict]:
    s = ctx.s
    out: list[dict] = []
    while s.seen < len(s.log) and not s.outcome:
        new = [e for e in s.log[s.seen:] if e.get("rules") == RULES]
        s.seen = len(s.log)
        cubes = sum(e["change"] for e in new if e["event"] == "dark_side" and e["change"] > 0)
        markers = [e["counter"] for e in new if e["event"] == "revealed" and e.get("by")
                   and KIND_HEAP.get(e.get("kind", "")) == "adventure"]
        over = [e for e in new if e["event"] == "game_over"]
        if cubes:
            out += shadows.evil_marks(ctx, cubes)
        if markers:
            out += shadows.draws_above(ctx, markers)
        if over and s.part.outcome == "lost":
            out += fall.dark_side_full(ctx)
        elif over and s.part.outcome == "won":
            out += fall.fallen(ctx)
    s.seen = len(s.log)
    return out
