"""The players' commands of the monsters (``rules.monster_boss: players``), each defined once as a
second :class:`~overlord.core.moves.Moves` beside the heroes' actions (``verbs``): the steps of the
monsters' turn the book leaves to the players who command them ("The monsters may also move ...
fight against heroes"; holding back, our reading of "Players may also let action points go unused"
for the monsters), and the roll that settles who commands ("If they cannot agree, a die roll
decides which player controls the monsters").

The table types them after ``monster`` (``monster ulumu move 4,2``, ``monster ulumu attack erla``,
``monster done``, ``monster roll``): its one help line (:func:`help_line`), its parsing
(:func:`read`) and its refusal come from :data:`BOSS`; the steps offered are ``boss.options`` (the
moves' listing), each worded by ``boss.step_words``.
"""

from __future__ import annotations

from overlord.core.context import Context
from overlord.core.game import RulesError
from overlord.core.moves import Move, Moves, Param

from . import boss, engine

MONSTER = Param("monster", "word", "ID")


def _step(ctx: Context, step: dict) -> list[dict]:
    return engine.command_monsters(ctx.content, ctx.state, step)


BOSS = Moves([
    Move("move", "a monster steps to a free area next to it", (MONSTER, Param("to", "space", "X,Y")), _step,
         words=boss.step_words, usage="ID move X,Y"),
    Move("attack", "a monster attacks a hero next to it", (MONSTER, Param("target", "hero", "HERO")), _step,
         words=boss.step_words, usage="ID attack HERO"),
    Move("done", "hold back the rest", (), _step, words=boss.step_words),
    Move("roll", "the players commanding them cannot agree, the highest combat die commands", (),
         lambda ctx, a: engine.roll_for_monsters(ctx.content, ctx.state), words=boss.step_words),
], listing=lambda ctx: boss.options(ctx.content, ctx.state))


def usage() -> str:
    """Every command of the monsters as typed: "monster ID move X,Y | ... | monster roll"."""
    return " | ".join(f"monster {m.usage or m.name}" for m in BOSS)


def help_line() -> str:
    return (f"{usage()} - command the monsters (when the players are the monster boss); `monster roll`: "
            f"{BOSS['roll'].help}")


def read(args: list[str]) -> dict:
    """The command typed after ``monster``: a move without words (``done``, ``roll``) by its name
    alone, one with a monster and a place or a hero as ``ID VERB VALUE`` (the names without case)."""
    move = BOSS.moves.get(args[0]) if args else None
    if move is not None and not move.params:
        return {"do": move.name}
    move = BOSS.moves.get(args[1]) if len(args) == 3 else None
    if move is not None and move.params:
        return {"do": move.name, **{p.name: w.lower() for p, w in zip(move.params, (args[0], args[2]))}}
    raise RulesError(f"the monsters' turn: {usage()}")


def option_words(step: dict) -> str:
    """A step offered, as ``options`` numbers it ("ulumu move 5,0", "done (hold back the rest)")."""
    move = BOSS.of(step)
    return BOSS.describe(step) if move.params else f"{BOSS.describe(step)} ({move.help})"
