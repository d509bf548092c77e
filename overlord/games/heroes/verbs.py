"""The family's part of a game's ``verbs`` (its moves, ``overlord.core.moves``): one legal action
applied, with the log's mark of where the players' last command began (``why`` and ``undo`` read
it), and the line of an event a move tells. A game's ``verbs`` passes its ``MOVES`` and its legal
actions.
"""

from __future__ import annotations

from overlord.core.moves import Moves
from overlord.games.heroes.state import HeroesCtx


def apply(moves: Moves, ctx: HeroesCtx, action: dict, legal: list[dict], hero: str | None) -> list[dict]:
    """``hero``'s action, one of ``legal`` (RulesError, nothing changed, for one that is not), with the
    player's choices that ride along."""
    s = ctx.s
    moves.check(action, legal)
    s.last_action = len(s.log)
    choice = {k: v for k, v in action.items() if k in moves.choice_names()}
    return moves.apply(ctx, action, hero, choice)


def tell(moves: Moves, s, c, e: dict) -> str | None:
    """The line of an event a move tells (None: not one of theirs)."""
    teller = moves.teller(e["event"])
    return None if teller is None else teller(s, c, e)
