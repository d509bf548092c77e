"""Return of the Heroes as the game above the Underworld (``beneath.upper.Upper``; Heroes in the
Underworld, "Combined with Return of the Heroes"):

- the gate to Hades/Styx, drawn from the bag: "a hero can enter the Underworld at any time; this however
  costs 1 GP"; leaving is free (only entering costs a gold piece in this section);
- "Horses and Carts cannot be taken into the Underworld";
- "The Nameless One may be fought only after the Damned One is defeated": the final battle, and any way
  onto his tower;
- the slayer "receives a Jewel": Return of the Heroes' precious stone ("the key to the four secret
  entries to the tower");
- the draw above for a marker taken below, a draw of nobody's (Return of the Heroes' ``draws``).
"""

from __future__ import annotations

from overlord.games.roth import draws as roth_draws
from overlord.games.roth import turns as roth_turns
from overlord.games.roth.state import laid_out

#: the gate to Hades/Styx: its counter's id in both boxes
GATE = "gate-styx"
#: Return of the Heroes' artifacts that stay above ("Horses and Carts cannot be taken into the Underworld")
STAY_ABOVE = ("horse", "cart")


class RothUpper:
    name = "Return of the Heroes"
    gates = {GATE: 1}
    gate_words = {GATE: "the gate to Hades/Styx"}
    leave_price = 0
    foe = "the Nameless"
    barred_why = "\"The Nameless One may be fought only after the Damned One is defeated\""
    arrival = GATE
    closing = (GATE,)
    black_worth = 1                          # "Against the Nameless One, they have a value of +1"
    void: tuple[str, ...] = ()

    def board(self, s, c):
        return laid_out(s, c).board

    def maps(self, s) -> list[str]:
        return [ch for row in s.layout for ch in row]

    def draw_one(self, ctx, why: str) -> list[dict]:
        return roth_draws.draw_one(ctx, None, why)

    def stays_above(self, ctx, inst: str) -> bool:
        c = ctx.c
        if inst in c.instances:
            spec = c.spec(inst)
            return (spec.artifact or spec.back) in STAY_ABOVE
        return inst in STAY_ABOVE

    def tasks(self, ctx, hero: str) -> list[str]:
        c = ctx.c
        return [t for t in ctx.s.sheets[hero].tasks if t in c.instances and c.spec(t).task is not None]

    def barred(self, ctx, action: dict) -> bool:
        return action["do"] == "battle" or bool(action.get("to")) and action["to"] == tower(ctx)

    def reward(self, ctx, slayer: str) -> str:
        ctx.s.at[slayer].stone = True
        return "a Jewel"

    def slain(self, ctx, hero: str, name: str) -> list[dict]:
        return roth_turns.nameless_slain(ctx, hero, name)

    def end(self, ctx, outcome: str, reason: str, winners: list[str] | tuple = ()) -> list[dict]:
        if winners:
            ctx.s.winner = ",".join(winners)
        return roth_turns.end(ctx, outcome, reason)


def tower(ctx) -> str:
    """The field the Nameless stands on ("" while he is not on the board)."""
    s, c = ctx.s, ctx.c
    for fid, here in s.board.items():
        if any(i in c.instances and c.spec(i).effect == "nameless" for i in here):
            return fid
    return ""


UPPER = RothUpper()
