"""The co-operative game's clock (ours) and the end of a game.

The clock goes up by 1 each round and by ``per_knockout`` each time a hero is knocked out; when it
reaches its limit for the number of heroes, the team has lost ("the night is over"). It never
passes the limit: the game ends the moment it gets there, even in the middle of the monsters' turn.
"""

from __future__ import annotations

from .content import Content
from .state import HState


def end_game(s: HState, result: str, reason: str) -> None:
    if s.outcome:
        return
    s.outcome, s.reason = result, reason
    s.log.append({"event": "end", "result": result, "reason": reason, "winner": s.winner})


def limit(c: Content, s: HState) -> int:
    return c.scenario.clock.limit[len(s.heroes)] if c.coop and c.scenario.clock is not None else 0


def tick(c: Content, s: HState, n: int) -> None:
    """Move the clock ``n`` on (co-operative games only); at its limit the team loses."""
    top = limit(c, s)
    if not top or s.outcome:
        return
    s.clock = min(top, s.clock + n)
    if s.clock >= top:
        end_game(s, "defeat", f"the clock reached {top} before the team brought its teeth home")
