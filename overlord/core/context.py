"""One rule context: what every rule of a game acts on (boardgame.io's ``(G, ctx)``).

A rule is a function of a :class:`Context`: the game's state (plain data), its content (loaded
once, never changed), the kept generator (the game's own, rebuilt from the state and written back
by :meth:`Context.commit`) and the heroes' dice (the players' own generator headless; the kept
one at a table). The context also says, once for every game, how the enemy decides, how a machine
fires and how a hidden card is drawn:

* :meth:`Context.decide` - the candidate with the lowest comparison key, and every candidate the
  rules' key leaves equal with it (:class:`overlord.core.trace.Decision`). **The one declared way
  ties are cut:** the rules' key (``key``, named by ``fields``) is compared in full; the candidates
  it leaves equal are the ties, which the heroes may choose among at a table; among them the first
  in ``order`` is taken (a named rank such as the turn order or the reading order, recorded as the
  key's last field; without one, the candidates' own order, recorded as the policy). No rule
  compares "part of a key" again: what is not the rules' key is the tie-break.
* :meth:`Context.fire` - a machine's trigger (:func:`overlord.core.machines.define`); a trigger the
  machine does not allow now raises :class:`overlord.core.machines.TriggerRefused`, a
  :class:`~overlord.core.game.RulesError`.
* :meth:`Context.draw` - the top card of a deck with the kept generator, its event logged and
  marked as one that brought something hidden into view (:func:`overlord.core.game.hidden_draw`),
  the one mark every table's ``undo`` reads.

:func:`tied` words the ties for players, the same in every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from .decks import Deck, draw_card
from .game import hidden_draw
from .machines import Kept
from .rng import rng_from_state, rng_state
from .trace import Decision, spoken


@dataclass
class Context:
    """One step of play (an action, an enemy phase): see the module's docstring. ``start`` is where
    the step's events begin in the state's log (:meth:`commit` returns them)."""

    state: Any
    content: Any
    rng: np.random.Generator | None = None
    dice: np.random.Generator | None = None
    start: int = 0

    @classmethod
    def open(cls, state: Any, content: Any, dice: np.random.Generator | None = None):
        """A step that may draw: the kept generator rebuilt from ``state.rng``; the heroes' dice are
        ``dice`` (headless: the players' generator) or, at a table, the kept one."""
        rng = rng_from_state(state.rng)
        return cls(state, content, rng, dice if dice is not None else rng, len(state.log))

    @classmethod
    def reading(cls, state: Any, content: Any):
        """A context that only reads (legal actions, narration, bots): it has no generator."""
        return cls(state, content, None, None, len(state.log))

    def commit(self) -> list[dict]:
        """Write the kept generator back into the state; the step's events."""
        self.state.rng = rng_state(self.rng)
        return self.state.log[self.start:]

    def log(self, event: dict) -> dict:
        self.state.log.append(event)
        return event

    # -- chance ---------------------------------------------------------------------------------------
    def roll(self, n: int, sides: int = 6) -> list[int]:
        """``n`` dice of the heroes."""
        return [int(v) for v in self.dice.integers(1, sides + 1, size=n)]

    def die(self, sides: int = 6) -> int:
        return self.roll(1, sides)[0]

    def draw(self, deck: Deck, event: Callable[[str], dict] | dict | None = None) -> str:
        """The top card of ``deck`` (reshuffled from its discards when empty) with the kept generator.
        ``event``: the event that tells the draw (a dict, the card added as ``card``, or a function
        of the card), logged and marked as a hidden draw."""
        card = draw_card(deck, self.rng)
        if event is not None:
            self.log(hidden_draw(event(card) if callable(event) else {**event, "card": card}))
        return card

    # -- the enemy's choices and machines ---------------------------------------------------------------
    def decide(self, what: str, candidates: Iterable, key: Callable[[Any], tuple], fields: Sequence[str],
               order: tuple[str, Callable[[Any], Any]] | None = None, policy: str | None = None) -> Decision:
        """The candidate with the lowest ``key`` (see the module's docstring), ties recorded."""
        return decide(what, candidates, key, fields, order, policy)

    def fire(self, machine: Kept, trigger: str) -> str:
        """Fire ``trigger`` on ``machine`` (its state kept in ``state.<machine.field>``), guards
        asked of (state, content); the new state, also written into the state."""
        new = machine.step(getattr(self.state, machine.field), trigger, self.state, self.content)
        setattr(self.state, machine.field, new)
        return new


def decide(what: str, candidates: Iterable, key: Callable[[Any], tuple], fields: Sequence[str],
           order: tuple[str, Callable[[Any], Any]] | None = None, policy: str | None = None) -> Decision:
    """:meth:`Context.decide` for code that has no context (a bot, a behaviour spec's answer).
    ``key(candidate)`` is the rules' key, a tuple named by ``fields``; ``order``, when given, is
    ``(name, rank)``: the tie-break, recorded as the key's last field (its name is the policy
    unless ``policy`` words it otherwise: "first in turn order"). Without an order the policy
    says how the candidates were listed (default "first")."""
    pool = list(candidates)
    if not pool:
        raise ValueError(f"{what}: nothing to choose from")
    rank = order[1] if order else (lambda _c: 0)
    keyed = sorted(((tuple(key(c)), rank(c), n, c) for n, c in enumerate(pool)), key=lambda k: k[:3])
    best = keyed[0]
    ties = tuple(c for k, _, _, c in keyed[1:] if k == best[0])
    if order:
        return Decision(what, best[3], (*fields, order[0]), (*best[0], best[1]), ties, policy or order[0], len(pool))
    return Decision(what, best[3], tuple(fields), best[0], ties, policy or "first", len(pool))


def tied(ties: Iterable, who: str = "the players") -> str:
    """The ties of a decision for players, the same words in every game: "as good: T4, T5 (the
    players may choose)"; empty without ties."""
    ties = list(ties)
    return f"as good: {', '.join(spoken(t) for t in ties)} ({who} may choose)" if ties else ""
