"""One draw a turn and where the drawn counter goes, on the family's state (Return of the Heroes,
"Drawing Counters"; Under the Shadow of the Dragon, "Counters", "Replenishing Counters").

"Each time a counter is taken off the map another counter is drawn from the bag and placed in any
non-occupied tan field of the player's choice." "A player may draw no more than one counter per
turn, regardless of how many requirements for counter replenishment he has fulfilled." (UtSotD)
"The player draws a new counter and only afterwards puts the defeated creature back into the bag."

What every game of the family does the same is here; what a game adds comes through its
:class:`BagRules` (the Dragon's is in its own ``draws``):

- a choice the drawing hero owes before the draw (the Dragon's Clairvoyance): ``ask_first``;
- counters the game deals with itself when drawn (an event, the Dragon): ``dealt``;
- what happens when a counter is placed (a machine fired): ``placed``;
- which counters the program puts near the heroes (a creature): ``harmful``;
- the features no drawn counter is placed on (the Dragon's City of the Mages, lair...):
  ``not_for_placing``.

A combined game's context names its own (``HeroesCtx.bag_rules``): every draw made through it
takes those in place of the game's, whichever box's rules made the draw.

Readings (the book's game, with the program as "the player"):

- "the player's choice" of a field works against the other players, so the program makes it
  (``rules.program_choices``): a harmful counter on the free tan field nearest a hero, any other
  on the one farthest from every hero (``heroes.bag.placement_choice``, ties returned). With
  ``program_choices: false`` the drawing player chooses (a pending choice).
- "It may not be placed on a region map containing the player's own hero" (UtSotD, said of a
  redrawn creature) is read for every counter placed by choice (RotH: "not in the region where the
  player currently is"). A counter drawn with no drawing hero may go on any region.
- "non-occupied": no counter lies there and no hero stands there (``rules.heroes_occupy``;
  false: only counters occupy a field). A hero searching for a hidden route stands between two
  fields, on neither.
- A counter with coordinates goes there even when another counter lies there.
"""

from __future__ import annotations

from typing import Callable, Protocol, TypeVar

from overlord.core.game import hidden_draw
from overlord.games.heroes.bag import draw as bag_draw
from overlord.games.heroes.bag import free_tan_fields, placement_choice
from overlord.games.heroes.state import HeroesCtx, put


C = TypeVar("C", bound=HeroesCtx, contravariant=True)
X = TypeVar("X", bound=HeroesCtx)


class BagRules(Protocol[C]):
    """What a game adds to the family's draw (see the module's docstring), on its own context."""

    @property
    def not_for_placing(self) -> tuple[str, ...]: ...

    def harmful(self, ctx: C, instance: str) -> bool: ...

    def ask_first(self, ctx: C, drawer: str, why: str, then_bag: str) -> list[dict]:
        """The events of a choice the drawer owes before drawing (the draw then waits); [] to draw now."""
        ...

    def dealt(self, ctx: C, instance: str, drawer: str | None) -> list[dict] | None:
        """The events of a drawn counter the game deals with itself; None to place it."""
        ...

    def placed(self, ctx: C, instance: str) -> None: ...


def replace(ctx: X, rules: BagRules[X], drawer: str, why: str, then_bag: str = "") -> list[dict]:
    """A counter was taken off the map: draw its replacement, once a turn; ``then_bag``, a defeated
    creature, goes into the bag after the draw."""
    rules = ctx.bag_rules or rules
    s = ctx.s
    if s.turn.hero == drawer and s.turn.drawn:
        out = [ctx.log({"event": "no_draw", "hero": drawer, "why": f"{why}; {drawer} has drawn this turn already "
                        "(no more than one counter a turn)"})]
        return out + back_in_bag(ctx, then_bag)
    if s.turn.hero == drawer:
        s.turn.drawn = True
    asked = rules.ask_first(ctx, drawer, why, then_bag)
    if asked:
        return asked
    return draw_one(ctx, rules, drawer, why) + back_in_bag(ctx, then_bag)


def back_in_bag(ctx: HeroesCtx, inst: str) -> list[dict]:
    """A defeated creature into the bag, once the draw it caused is made."""
    if not inst:
        return []
    s = ctx.s
    if inst in s.aside:
        s.aside.remove(inst)
    s.bag.append(inst)
    return [ctx.log({"event": "back_in_bag", "counter": inst, "name": ctx.c.spec(inst).name})]


def draw_one(ctx: X, rules: BagRules[X], drawer: str | None, why: str) -> list[dict]:
    """Draw one counter and deal with it."""
    rules = ctx.bag_rules or rules
    inst = bag_draw(ctx.s.bag, ctx.rng)
    if inst is None:
        ctx.log({"event": "bag_empty", "hero": drawer, "why": why})
        return []
    return deal(ctx, rules, inst, drawer, why)


def deal(ctx: X, rules: BagRules[X], inst: str, drawer: str | None, why: str,
         picked: bool = False) -> list[dict]:
    """A counter out of the bag (drawn, or ``picked`` from it): the game's to deal with, or placed."""
    rules = ctx.bag_rules or rules
    s = ctx.s
    if inst in s.bag:
        s.bag.remove(inst)
    drawn = {"event": "drawn", "hero": drawer, "counter": inst, "name": ctx.c.spec(inst).name, "why": why}
    out = [ctx.log({**drawn, "picked": True} if picked else hidden_draw(drawn))]
    own = rules.dealt(ctx, inst, drawer)
    return out + (own if own is not None else place(ctx, rules, inst, drawer))


def face_down(ctx: HeroesCtx, inst: str) -> bool:
    """A covered counter is placed face down, unless it has been turned over."""
    return ctx.c.spec(inst).covered and inst not in ctx.s.backs


def place(ctx: X, rules: BagRules[X], inst: str, drawer: str | None) -> list[dict]:
    """A drawn counter onto the board: on its coordinates, else on a free tan field of the drawing
    player's choice (the program's, or a pending choice)."""
    rules = ctx.bag_rules or rules
    s = ctx.s
    spec = ctx.c.spec(inst)
    down = face_down(ctx, inst)
    if spec.at and inst not in s.backs:
        put(s, spec.at, inst, face_down=down)
        rules.placed(ctx, inst)
        return [ctx.log({"event": "placed", "counter": inst, "name": spec.name, "at": spec.at, "down": down,
                         "why": "its coordinates"})]
    candidates = candidate_fields(ctx, rules, drawer)
    if not candidates:
        s.bag.append(inst)
        return [ctx.log({"event": "placed", "counter": inst, "name": spec.name, "at": None, "down": down,
                         "why": "no free tan field: back into the bag"})]
    if not s.rules.get("program_choices", True) and drawer is not None:
        s.pending = {"place": inst, "hero": drawer}
        return [ctx.log({"event": "place_pending", "counter": inst, "name": "a counter" if down else spec.name,
                         "hero": drawer, "fields": len(candidates)})]
    heroes_at = [s.at[h].field for h in s.heroes if not s.at[h].out]
    harmful = rules.harmful(ctx, inst)
    decision = placement_choice(ctx.c.board, candidates, heroes_at, harmful)
    put(s, decision.choice, inst, face_down=down)
    return [ctx.log({"event": "placed", "counter": inst, "name": "a covered counter" if down else spec.name,
                     "at": decision.choice, "down": down, "harmful": harmful,
                     "decision": decision.to_json(), "why": "the program's choice, as the player's"})]


def candidate_fields(ctx: X, rules: BagRules[X], drawer: str | None) -> list[str]:
    """The free tan fields a drawn counter may go on: off the drawing hero's region and the
    game's features not for placing."""
    rules = ctx.bag_rules or rules
    s, board = ctx.s, ctx.c.board
    exclude = {board.region_of(s.at[drawer].field)} if drawer is not None else set()
    occupied = [f for f, here in s.board.items() if here]
    if s.rules.get("heroes_occupy", True):
        occupied += [s.at[h].field for h in s.heroes if not s.at[h].out and not s.at[h].between]
    return free_tan_fields(board, occupied, exclude, rules.not_for_placing)


def place_by_player(ctx: HeroesCtx, to: str) -> list[dict]:
    """The drawing player's choice of field (``rules.program_choices: false``)."""
    s = ctx.s
    inst = s.pending["place"]
    spec = ctx.c.spec(inst)
    down = face_down(ctx, inst)
    s.pending = {}
    put(s, to, inst, face_down=down)
    return [ctx.log({"event": "placed", "counter": inst, "name": "a covered counter" if down else spec.name,
                     "at": to, "down": down, "why": "the player's choice"})]


def reveal(ctx: HeroesCtx, fid: str, hero: str, turns: Callable[[str], bool] | None = None) -> list[dict]:
    """"A covered marker ... requires you to stop and uncover (turn over) the counter. This does
    not constitute an action"; ``turns``: which face-down counters arriving turns over (all of them
    when None; RotH's Guards and Servants keep their values hidden until fought)."""
    s = ctx.s
    out = []
    for inst in list(s.board.get(fid, [])):
        if inst in s.down and (turns is None or turns(inst)):
            s.down.remove(inst)
            out.append(ctx.log(hidden_draw({"event": "revealed", "hero": hero, "counter": inst,
                                            "name": ctx.c.spec(inst).name, "at": fid})))
    return out
