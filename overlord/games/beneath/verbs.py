"""Every action of a combination with the Underworld (:class:`TwoWorlds`): a hero above takes the upper
game's actions and ``enter`` (on a gate); a hero below the Underworld's, ``leave`` (on Styx) and
``drop_task`` (a task of the Upper World given up). Each is played by its own world's rules; after every
step the other world answers (``settle``). The foe the Damned One's fall opens is held back until it
has fallen (``fall``).

A verb both books have (``fight``, ``fulfil``, ``use``...) is one move of the combination: the upper
game's words, help and params (a table reads a hero below by the Underworld's own moves), worded by the
move whose params an action holds, indexed for learning agents by the world the hero to act stands in.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from overlord.core.game import Match, RulesError
from overlord.core.moves import Move, Moves, Param
from overlord.games.heroes import turns as family_turns
from overlord.games.heroes import verbs as family_verbs
from overlord.games.underworld import engine as under_engine
from overlord.games.underworld.context import UnderworldContext
from overlord.games.underworld.verbs import MOVES as U

from . import fall, gate
from .settle import settled
from .view import UnderView

SHED = Param("shed", "int", "N", keyword="shed", optional=True)


def _end_turn(ctx) -> list[dict]:
    return family_turns.end_turn(ctx, ctx.turn_rules)


def _enter(ctx, action: dict, hero: str, choice: dict) -> list[dict]:
    return gate.enter(ctx, hero) + _end_turn(ctx)


def _leave(ctx, action: dict, hero: str, choice: dict) -> list[dict]:
    return gate.leave(ctx, hero, int(action.get("shed", 0))) + _end_turn(ctx)


def _discard(ctx, action: dict, hero: str, choice: dict) -> list[dict]:
    return gate.discard_task(ctx, hero, action["task"])


ENTER = Move("enter", "go down into the Underworld by the gate to Hades/Styx (1 gold; your turn ends, the next is "
             "played below)", (), _enter, when="standing on the gate to Hades/Styx, with a gold piece",
             tells={"enters_underworld": lambda s, c, e: f"  {e['hero']} pays {e['paid']} gold and goes down through the "
                                                         f"gate on {e['at']} to Styx"})
LEAVE = Move("leave", "come up from Styx by the gate (shed N: shed N shadow cubes; your turn ends, the next is played "
             "above)", (SHED,), _leave, words=lambda a: "leave" + (f" shed {a['shed']}" if a.get("shed") else ""),
             when="on Styx in your turn below, holding no Underworld task, black creature, Mail or Trident",
             tells={"leaves_underworld": lambda s, c, e: f"  {e['hero']} comes up through the gate on {e['at']}"
                                                         + (f", shedding {e['shed']} shadow cubes" if e['shed'] else "")})
#: below, a task of the Upper World given up ("Tasks from the Upper World may be discarded in the Underworld")
DISCARD_TASK = Move("drop_task", "below: discard a task of the Upper World (out of the game)", (Param("task", "task",
                    "TASK"),), _discard, when="in the Underworld, holding a task of the Upper World",
                    tells={"task_discarded": lambda s, c, e: f"  {e['hero']} discards {e['name']} in the Underworld "
                                                             "(out of the game)"})


def down(ctx) -> bool:
    """Whether the hero to act stands below (his actions are the Underworld's)."""
    s = ctx.s
    hero = s.pending.get("hero") if s.pending else s.turn.hero
    return hero in s.below and not s.pending


def under_reading(ctx) -> UnderworldContext:
    return UnderworldContext.reading(UnderView(ctx.s, None), ctx.c.under)


class TwoWorlds:
    """The combination's moves over the upper game's (``above``: its moves; ``above_legal(ctx, hero)``: what
    a hero above may do by its rules; ``current(s)``: the hero whose player acts now)."""

    def __init__(self, above: Moves, above_legal: Callable, current: Callable):
        self.above, self.above_legal, self.current = above, above_legal, current
        names = list(above.moves) + [n for n in U.moves if n not in above.moves]
        self.moves = Moves([self._routed(n) for n in names] + [ENTER, LEAVE], tuple(above.choices),
                           listing=lambda ctx: self.legal(ctx))
        #: what a hero types in each world (a page draws the forms of the world the hero to act stands in)
        self.above_moves = Moves(list(above.moves.values()) + [ENTER], tuple(above.choices))
        self.below_moves = Moves(list(U.moves.values()) + [LEAVE, DISCARD_TASK], tuple(U.choices))

    def _words(self, action: dict) -> str:
        """An action of a verb both books have, in words: by the move whose params it holds (the
        Underworld's ``fight`` names its ``counter``, Return of the Heroes' its ``target``)."""
        name = action.get("do")
        keys = {k for k in action if k not in ("do", "with")}
        if not keys <= {p.name for p in self.above.moves[name].params}:
            return U.describe(action)
        return self.above.describe(action)

    def _routed(self, name: str) -> Move:
        r, u = self.above.moves.get(name), U.moves.get(name)
        base = r if r is not None else u
        assert base is not None
        slots = tuple(dict.fromkeys((r.slot_names() if r else ()) + (u.slot_names() if u else ())))

        def slot(ctx, action: dict, memo: dict) -> str | None:
            if down(ctx):
                return u.slot_of(under_reading(ctx), action, memo.setdefault("u", {})) if u is not None else None
            return r.slot_of(ctx, action, memo.setdefault("r", {})) if r is not None else None

        return dataclasses.replace(base, slots=slots, slot=slot, words=self._words if r is not None and u is not None
                                   else base.words)

    # -- what may be done now ---------------------------------------------------------------------------------
    def legal(self, ctx, hero: str | None = None) -> list[dict]:
        """What the hero to act may do now, in his world."""
        s = ctx.s
        hero = hero or self.current(s)
        if hero is None or s.outcome:
            return []
        if hero in s.below and not s.pending:
            acts = U.legal(under_reading(ctx))
            if s.part.turn is not None and s.part.turn.phase != "done":
                acts += [DISCARD_TASK(t) for t in gate.upper_tasks(ctx, hero)]
            if gate.leave_problem(ctx, hero) is None:
                shed = len(gate.shed_order(s.sheets[hero]))
                acts += [LEAVE()] + [LEAVE(shed=k) for k in range(1, shed + 1)]
            return acts
        acts = [a for a in self.above_legal(ctx, hero) if not fall.barred(ctx, a)]
        if gate.enter_problem(ctx, hero) is None:
            ends = [k for k, a in enumerate(acts) if a["do"] == "end"]
            acts.insert(ends[0] if ends else len(acts), ENTER())
        return acts

    def apply(self, ctx, action: dict, hero: str | None = None) -> list[dict]:
        """One legal action (RulesError, nothing changed, for one that is not legal now), then the other
        world's answer."""
        s = ctx.s
        hero = hero or self.current(s)
        if hero is None:
            raise RulesError("nobody acts now: the game is over or the program plays")
        problem = (gate.enter_problem(ctx, hero) if action.get("do") == "enter"
                   else gate.leave_problem(ctx, hero) if action.get("do") == "leave" else None)
        if problem:
            raise RulesError(f"{action['do']}: {problem}")
        if hero in s.below and not s.pending and action.get("do") == "drop_task":
            if action not in self.legal(ctx, hero):
                raise RulesError(f"{self.describe(action)}: {hero} holds no such task of the Upper World")
            s.last_action = len(s.log)
            return gate.discard_task(ctx, hero, action["task"]) + settled(ctx)
        if action.get("do") in ("enter", "leave") or hero not in s.below or s.pending:
            if action.get("do") in self.moves.moves and fall.barred(ctx, action):
                raise RulesError(f"{self.describe(action)}: {fall.barred(ctx, action)}")
            out = family_verbs.apply(self.moves, ctx, action, self.legal(ctx, hero), hero)
        else:
            out = self._under(ctx, action, hero)
        return out + settled(ctx)

    def _under(self, ctx, action: dict, hero: str) -> list[dict]:
        """A hero's action below, by the Underworld's rules (its ``engine.HeroTurns``, on the view); his turn
        ends when the Underworld's does."""
        s = ctx.s
        bare, choices = under_engine.split_choices(action)
        legal_now = self.legal(ctx, hero)
        if bare not in legal_now:
            raise RulesError(U.refusal(bare, legal_now) if bare.get("do") in U.moves
                             else f"{bare} is not an action of the Underworld")
        s.last_action = len(s.log)
        under_engine.TURNS.play(Match(ctx.c.under, UnderView(s, ctx)), bare, None, choices)
        part = s.part
        if part.turn is not None and part.turn.hero == hero and part.turn.phase == "done" and not s.outcome:
            part.last_hero = hero
            s.turn.why_over = "his turn below is over"
            return _end_turn(ctx)
        return []

    def describe(self, action: dict) -> str:
        return self.moves.describe(action)

    def tell(self, s, c, e: dict) -> str | None:
        return family_verbs.tell(self.moves, s, c, e)
