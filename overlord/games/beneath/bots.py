"""The program's heroes in a combination with the Underworld (the race's rivals, the heuristic bot of a
headless game): the Damned One must fall before the foe above may be fought, so a hero goes down as soon
as he can and stays below until it falls, keeping the Upper World's tasks he holds; above, the upper
game's plan, steered to a gate while one lies open and he has the gold to pay; below, the Underworld's
own bot.

The choice above is an ordered key (lowest first): ``enter`` when it is legal; else, while a gate lies
open and the Damned One stands, the step that ends nearest a gate (spaces to it), the upper game's plan's
rank breaking ties; else the upper game's plan alone (:func:`heuristic` over the upper game's bot)."""

from __future__ import annotations

from typing import Callable

from overlord.games.underworld import bots as under_bots

from .shadows import gate_fields
from .view import UnderView


def heuristic(above: Callable) -> Callable:
    """The combination's heuristic bot over the upper game's (``above(match, actions, rng)``)."""

    def choose(match, actions, rng):
        s, c = match.state, match.content
        hero = s.pending.get("hero") if s.pending else s.turn.hero
        if hero in s.below and not s.pending:
            own = [a for a in actions if a["do"] not in ("leave", "drop_task")]     # his tasks above kept for later
            if not own:
                return dict(actions[0])
            return under_bots.choose_heuristic(UnderView(s), own, rng)
        for a in actions:
            if a["do"] == "enter":
                return dict(a)
        gates = list(gate_fields(s, c).values())
        board = c.up.board(s, c)
        if gates and not s.part.outcome and s.sheets[hero].gold >= min(c.up.gates.values()) and not s.pending:
            def spaces(fid: str) -> int | None:
                found = [d for g in gates if (d := board.spaces(fid, g)) is not None]
                return min(found) if found else None
            steps = [a for a in actions if a["do"] == "move" and spaces(a["to"]) is not None]
            here = spaces(s.at[hero].field) if s.at[hero].field else None
            closer = [a for a in steps if here is None or spaces(a["to"]) < here]
            if closer:
                best = min(spaces(a["to"]) for a in closer)
                actions = [a for a in closer if spaces(a["to"]) == best]
        return above(match, actions, rng)

    return choose


