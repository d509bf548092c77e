"""Moving along the routes, searching for hidden routes, and what a hero meets where he arrives, on
the family's state (Return of the Heroes, "Fields and Hidden Locations", "Movement"; Under the
Shadow of the Dragon, "Movement", "Hidden Routes").

- "Movement is effected by following the routes from field to field" (UtSotD): one movement
  point a step (:func:`step`).
- Hidden fields: "By rolling equal to or less than the number displayed in the field with two
  dice. If your roll was successful, you have found the path and can enter as if it were a normal
  tan field. If not ... Place your character halfway on the path to the chosen colored field. You
  may try again on your next turn. If you make it, see above. If you did not find it your next
  turn, you may place your character on the colored field anyway - you found the hidden path, but
  your movement is over for this turn." (RotH; :func:`step`, :func:`search_again`)
- "A covered marker ... requires you to stop and uncover (turn over) the counter. This does not
  constitute an action, and thus does not end movement. Exception: If a counter with a red border
  (monster) is uncovered, this leads to combat" and "As soon as a player uncovers a creature, or
  moves onto an already uncovered creature counter, combat ensues automatically and the movement
  phase is immediately ended." (UtSotD; :func:`arrival`: the covered counters revealed, then the
  creature that must be fought now)

What a game adds comes through its :class:`MoveRules` (the Dragon's is in its own ``moves``; a
combined game's context names its own, ``HeroesCtx.move_rules``):
who needs no search (a map of the hidden routes), who finds a path more easily, what a failed
search costs besides the turn's movement, which face-down counters arriving turns over, what else
happens on arrival, which counter forces a fight, and who passes it by.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from overlord.games.heroes.draws import reveal
from overlord.games.heroes.regions import search as found_route
from overlord.games.heroes.state import HeroesCtx

C = TypeVar("C", bound=HeroesCtx, contravariant=True)
X = TypeVar("X", bound=HeroesCtx)


class MoveRules(Protocol[C]):
    """What a game adds to the family's movement."""

    def sure_way(self, ctx: C, hero: str) -> bool:
        """Whether the hero enters hidden fields without searching."""
        ...

    def search_ease(self, ctx: C, hero: str, to: str) -> int:
        """How much higher than the field's number the hero's search may roll (0: the field's)."""
        ...

    def turns_over(self, ctx: C, hero: str, instance: str) -> bool:
        """Whether arriving turns this face-down counter over (a covered counter; a game may keep
        other counters' values hidden until fought)."""
        ...

    def lost_way(self, ctx: C, hero: str, to: str) -> list[dict]:
        """The events of what a failed search for ``to`` costs besides the turn's movement."""
        ...

    def arrived(self, ctx: C, hero: str, fid: str, hidden: bool) -> tuple[list[dict], bool]:
        """The game's events on arrival, once the covered counters are revealed; True: nothing more
        happens there (the hero died, his turn is over)."""
        ...

    def foe(self, ctx: C, hero: str, fid: str) -> str | None:
        """The creature on ``fid`` the hero must fight now, if any."""
        ...

    def passes(self, ctx: C, hero: str, foe: str) -> str:
        """Why the hero passes the creature by ("invisible"); "" to fight it."""
        ...


def eased(event: dict, ease: int) -> dict:
    """A search's event, with the points its number was raised by when it was."""
    return {**event, "ease": ease} if ease else event


def search_why(hero: str, to: str, again: bool = False) -> str:
    return f"{hero}'s search for the hidden route to {to}" + (", again" if again else "")


def step(ctx: X, rules: MoveRules[X], hero: str, to: str) -> list[dict]:
    """One step along a route; a hidden field is searched first (failing, the figure stands
    between the two fields and the movement is over)."""
    rules = ctx.move_rules or rules
    s = ctx.s
    hs = s.at[hero]
    spec = ctx.c.board.field(to)
    s.turn.fresh = False
    if spec.is_hidden and not rules.sure_way(ctx, hero):
        roll = ctx.roll(2, why=search_why(hero, to))
        ease = rules.search_ease(ctx, hero, to)
        ok = found_route(roll, spec, ease)
        out = [ctx.log(eased({"event": "search", "hero": hero, "to": to, "roll": roll, "number": spec.hidden + ease,
                              "found": ok}, ease))]
        if not ok:
            hs.between = to
            s.turn.mp, s.turn.phase = 0, "act"
            return out + rules.lost_way(ctx, hero, to)
        s.turn.mp -= 1
        return out + enter(ctx, rules, hero, to, hidden=True)
    s.turn.mp -= 1
    return enter(ctx, rules, hero, to)


def search_again(ctx: X, rules: MoveRules[X], hero: str) -> list[dict]:
    """The repeated trial at the start of the next turn: found, the hero walks on with the rest of
    his movement; not found, he is on the field anyway and his movement is over."""
    rules = ctx.move_rules or rules
    s = ctx.s
    hs = s.at[hero]
    to = hs.between
    spec = ctx.c.board.field(to)
    roll = ctx.roll(2, why=search_why(hero, to, again=True))
    ease = rules.search_ease(ctx, hero, to)
    ok = found_route(roll, spec, ease)
    s.turn.fresh = False
    out = [ctx.log(eased({"event": "search", "hero": hero, "to": to, "roll": roll, "number": spec.hidden + ease,
                          "found": ok, "again": True}, ease))]
    if ok:
        s.turn.mp = max(0, s.turn.mp - 1)
    else:
        s.turn.mp, s.turn.phase = 0, "act"
    return out + enter(ctx, rules, hero, to, hidden=True, how="found the hidden route" if ok else "found the field at last")


def enter(ctx: X, rules: MoveRules[X], hero: str, to: str, hidden: bool = False, how: str = "moves") -> list[dict]:
    """The figure onto ``to`` (by a step, or carried there: ``how``), and what it meets there."""
    rules = ctx.move_rules or rules
    s = ctx.s
    hs = s.at[hero]
    frm = hs.field
    hs.field, hs.between = to, ""
    s.turn.entered = to
    out = [ctx.log({"event": "moved", "hero": hero, "from": frm, "to": to, "how": how, "mp": s.turn.mp})]
    return out + arrival(ctx, rules, hero, to, hidden)


def arrival(ctx: X, rules: MoveRules[X], hero: str, fid: str, hidden: bool = False) -> list[dict]:
    """On arriving: the covered counters turned over, the game's own, then a creature fought at
    once (the movement ends) unless the hero passes it by."""
    rules = ctx.move_rules or rules
    s = ctx.s
    out = reveal(ctx, fid, hero, lambda inst: rules.turns_over(ctx, hero, inst))
    own, over = rules.arrived(ctx, hero, fid, hidden)
    out += own
    if over:
        return out
    foe = rules.foe(ctx, hero, fid)
    if foe is not None:
        why = rules.passes(ctx, hero, foe)
        if why:
            out.append(ctx.log({"event": "passes", "hero": hero, "counter": foe, "why": why}))
        else:
            s.turn.combat, s.turn.mp = foe, 0
            out.append(ctx.log({"event": "must_fight", "hero": hero, "counter": foe, "name": ctx.c.spec(foe).name}))
    return out
