"""The program's heroes in the Underworld beneath Return of the Heroes (the race's rivals, the
heuristic bot of a headless game): the Damned One must fall before the Nameless may be fought, so a
hero goes down as soon as he can and stays below until it falls, keeping the Upper World's tasks he holds; above, Return of the Heroes' plan,
steered to the gate while it lies open and he has the gold to pay; below, the Underworld's own bot.

The choice above is an ordered key (lowest first): ``enter`` when it is legal; else, while the gate
lies open and the Damned One stands, the step that ends nearest the gate (spaces to it), Return of
the Heroes' plan's rank breaking ties; else Return of the Heroes' plan alone."""

from __future__ import annotations

from overlord.games.roth import bots as roth_bots
from overlord.games.underworld import bots as under_bots

from overlord.games.beneath.shadows import gate_field
from overlord.games.beneath.view import UnderView


def choose_heuristic(match, actions, rng):
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
    gate = gate_field(s, c)
    board = roth_bots.Ctx.reading(s, c).c.board
    if gate and not s.part.outcome and s.sheets[hero].gold >= 1 and not s.pending:
        steps = [a for a in actions if a["do"] == "move" and board.spaces(a["to"], gate) is not None]
        here = board.spaces(s.at[hero].field, gate) if s.at[hero].field else None
        closer = [a for a in steps if here is None or board.spaces(a["to"], gate) < here]
        if closer:
            best = min(board.spaces(a["to"], gate) for a in closer)
            actions = [a for a in closer if board.spaces(a["to"], gate) == best]
    return roth_bots.choose_heuristic(match, actions, rng)
