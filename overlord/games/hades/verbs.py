"""Every action of the Underworld beneath Return of the Heroes: a hero above takes Return of the
Heroes' actions and ``enter``; a hero below the Underworld's and ``leave`` (``gate``). Each is played
by its own world's rules; after every step the other world answers (``settle``).

Return of the Heroes' final battle is held back until the Damned One has fallen (``fall``).
"""

from __future__ import annotations

import dataclasses

from overlord.core.game import Match, RulesError
from overlord.core.moves import Move, Moves, Param
from overlord.games.heroes import verbs as family_verbs
from overlord.games.roth import verbs as roth_verbs
from overlord.games.underworld import engine as under_engine
from overlord.games.underworld.context import UnderworldContext
from overlord.games.underworld.verbs import MOVES as U

from overlord.games.beneath import fall, gate
from overlord.games.beneath.settle import settled

from . import turns
from overlord.games.beneath.view import UnderView

R = roth_verbs.MOVES

SHED = Param("shed", "int", "N", keyword="shed", optional=True)


def _enter(ctx, action: dict, hero: str, choice: dict) -> list[dict]:
    return gate.enter(ctx, hero) + turns.end_turn(ctx)


def _leave(ctx, action: dict, hero: str, choice: dict) -> list[dict]:
    return gate.leave(ctx, hero, int(action.get("shed", 0))) + turns.end_turn(ctx)


ENTER = Move("enter", "go down into the Underworld by the gate to Hades/Styx (1 gold; your turn ends, the next is "
             "played below)", (), _enter, when="standing on the gate to Hades/Styx, with a gold piece",
             tells={"enters_underworld": lambda s, c, e: f"  {e['hero']} pays {e['paid']} gold and goes down through the "
                                                         f"gate on {e['at']} to Styx"})
LEAVE = Move("leave", "come up from Styx by the gate (shed N: shed N shadow cubes; your turn ends, the next is played "
             "above)", (SHED,), _leave, words=lambda a: "leave" + (f" shed {a['shed']}" if a.get("shed") else ""),
             when="on Styx in your turn below, holding no Underworld task, black creature, Mail or Trident",
             tells={"leaves_underworld": lambda s, c, e: f"  {e['hero']} comes up through the gate on {e['at']}"
                                                         + (f", shedding {e['shed']} shadow cubes" if e['shed'] else "")})

def _down(ctx) -> bool:
    """Whether the hero to act stands below (his actions are the Underworld's)."""
    s = ctx.s
    hero = s.pending.get("hero") if s.pending else s.turn.hero
    return hero in s.below and not s.pending


def _words(action: dict) -> str:
    """An action of a verb both books have, in words: by the move whose params it holds (the Underworld's
    ``fight`` names its ``counter``, Return of the Heroes' its ``target``)."""
    name = action.get("do")
    keys = {k for k in action if k not in ("do", "with")}
    if not keys <= {p.name for p in R.moves[name].params}:
        return U.describe(action)
    return R.describe(action)


def _routed(name: str) -> Move:
    """The move ``name`` of the combination: Return of the Heroes' where it has it (its words, help and
    params: the table reads a hero below by the Underworld's own moves), worded by the move whose params
    an action holds (:func:`describe`), indexed for learning agents by the world the hero to act stands in
    (both worlds' indices where both books have the verb)."""
    r, u = R.moves.get(name), U.moves.get(name)
    base = r if r is not None else u
    assert base is not None
    slots = tuple(dict.fromkeys((r.slot_names() if r else ()) + (u.slot_names() if u else ())))

    def slot(ctx, action: dict, memo: dict) -> str | None:
        if _down(ctx):
            return u.slot_of(_under_reading(ctx), action, memo.setdefault("u", {})) if u is not None else None
        return r.slot_of(ctx, action, memo.setdefault("r", {})) if r is not None else None

    return dataclasses.replace(base, slots=slots, slot=slot, words=_words if r is not None and u is not None
                               else base.words)


def _discard(ctx, action: dict, hero: str, choice: dict) -> list[dict]:
    return gate.discard_task(ctx, hero, action["task"])


#: below, a task of the Upper World given up ("Tasks from the Upper World may be discarded in the Underworld")
DISCARD_TASK = Move("drop_task", "below: discard a task of the Upper World (out of the game)", (Param("task", "task",
                    "TASK"),), _discard, when="in the Underworld, holding a task of the Upper World",
                    tells={"task_discarded": lambda s, c, e: f"  {e['hero']} discards {e['name']} in the Underworld "
                                                             "(out of the game)"})

NAMES = list(R.moves) + [n for n in U.moves if n not in R.moves]
MOVES = Moves([_routed(n) for n in NAMES] + [ENTER, LEAVE], tuple(R.choices), listing=lambda ctx: legal(ctx))
#: what a hero types in each world (a page draws the forms of the world the hero to act stands in)
ABOVE = Moves(list(R.moves.values()) + [ENTER], tuple(R.choices))
BELOW = Moves(list(U.moves.values()) + [LEAVE, DISCARD_TASK], tuple(U.choices))


def below(ctx, hero: str) -> bool:
    return hero in ctx.s.below


def _under_reading(ctx) -> UnderworldContext:
    return UnderworldContext.reading(UnderView(ctx.s, None), ctx.c.under)


# -- what may be done now ---------------------------------------------------------------------------------------

def legal(ctx, hero: str | None = None) -> list[dict]:
    """What the hero to act may do now, in his world."""
    s = ctx.s
    hero = hero or turns.current(s)
    if hero is None or s.outcome:
        return []
    if below(ctx, hero) and not s.pending:
        acts = U.legal(_under_reading(ctx))
        if s.part.turn is not None and s.part.turn.phase != "done":
            acts += [DISCARD_TASK(t) for t in gate.upper_tasks(ctx, hero)]
        if gate.leave_problem(ctx, hero) is None:
            shed = len(gate.shed_order(s.sheets[hero]))
            acts += [LEAVE()] + [LEAVE(shed=k) for k in range(1, shed + 1)]
        return acts
    acts = [a for a in roth_verbs.legal(ctx, hero) if not fall.barred(ctx, a)]
    if gate.enter_problem(ctx, hero) is None:
        ends = [k for k, a in enumerate(acts) if a["do"] == "end"]
        acts.insert(ends[0] if ends else len(acts), ENTER())
    return acts


def apply(ctx, action: dict, hero: str | None = None) -> list[dict]:
    """One legal action (RulesError, nothing changed, for one that is not legal now), then the other
    world's answer."""
    s = ctx.s
    hero = hero or turns.current(s)
    if hero is None:
        raise RulesError("nobody acts now: the game is over or the program plays")
    problem = (gate.enter_problem(ctx, hero) if action.get("do") == "enter"
               else gate.leave_problem(ctx, hero) if action.get("do") == "leave" else None)
    if problem:
        raise RulesError(f"{action['do']}: {problem}")
    if below(ctx, hero) and not s.pending and action.get("do") == "drop_task":
        legal_now = legal(ctx, hero)
        if action not in legal_now:
            raise RulesError(f"{describe(action)}: {hero} holds no such task of the Upper World")
        s.last_action = len(s.log)
        return gate.discard_task(ctx, hero, action["task"]) + settled(ctx)
    if action.get("do") in ("enter", "leave") or not below(ctx, hero) or s.pending:
        if action.get("do") in MOVES.moves and fall.barred(ctx, action):
            raise RulesError(f"{describe(action)}: {fall.barred(ctx, action)}")
        out = family_verbs.apply(MOVES, ctx, action, legal(ctx, hero), hero)
    else:
        out = _under(ctx, action, hero)
    return out + settled(ctx)


def _under(ctx, action: dict, hero: str) -> list[dict]:
    """A hero's action below, by the Underworld's rules (its ``engine.HeroTurns``, on the view); his turn
    ends when the Underworld's does."""
    s = ctx.s
    bare, choices = under_engine.split_choices(action)
    legal_now = legal(ctx, hero)
    if bare not in legal_now:
        raise RulesError(U.refusal(bare, legal_now) if bare.get("do") in U.moves
                         else f"{bare} is not an action of the Underworld")
    s.last_action = len(s.log)
    under_engine.TURNS.play(Match(ctx.c.under, UnderView(s, ctx)), bare, None, choices)
    part = s.part
    if part.turn is not None and part.turn.hero == hero and part.turn.phase == "done" and not s.outcome:
        part.last_hero = hero
        s.turn.why_over = "his turn below is over"
        return turns.end_turn(ctx)
    return []


def describe(action: dict) -> str:
    return MOVES.describe(action)


def tell(s, c, e: dict) -> str | None:
    return family_verbs.tell(MOVES, s, c, e)

