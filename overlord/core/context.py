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
  compares "part of a key" again: what is not the rules' key is the tie-break. The decision
  records what players read (a distance where the key compares it negated, a space "4,2" for its
  node, a field "T4"), and a table's heroes may take another of the ties (``choose``);
  :func:`ranking` gives the whole order for a rule that goes down the list.
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
from .dice import rolled
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
    def roll(self, n: int, sides: int = 6, why: str = "") -> list[int]:
        """``n`` dice of the heroes (at a table whose players roll, the faces they typed:
        :func:`overlord.core.dice.rolled`); ``why`` tells them what for."""
        return rolled([int(v) for v in self.dice.integers(1, sides + 1, size=n)], why, tuple(range(1, sides + 1)))

    def die(self, sides: int = 6, why: str = "") -> int:
        return self.roll(1, sides, why)[0]

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
               order: Order | None = None, policy: str | None = None, shown: Callable[[Any], tuple] | None = None,
               choose: Callable[[list], int] | None = None, named: Callable[[Any], Any] | None = None) -> Decision:
        """The candidate with the lowest ``key`` (see the module's docstring), ties recorded."""
        return decide(what, candidates, key, fields, order, policy, shown, choose, named)

    def fire(self, machine: Kept, trigger: str) -> str:
        """Fire ``trigger`` on ``machine`` (its state kept in ``state.<machine.field>``), guards
        asked of (state, content); the new state, also written into the state."""
        new = machine.step(getattr(self.state, machine.field), trigger, self.state, self.content)
        setattr(self.state, machine.field, new)
        return new


#: a tie-break: ``(name, rank)`` or ``(name, rank, recorded)`` - ``rank(candidate)`` sorts the
#: candidates the rules' key leaves equal; ``recorded(candidate)`` is the value the decision keeps
#: for it where that is not the rank (a space "4,2" for its node number, a field "T4" for (T, 4))
Order = tuple


def ranking(what: str, candidates: Iterable, key: Callable[[Any], tuple], fields: Sequence[str],
            order: Order | None = None, policy: str | None = None, shown: Callable[[Any], tuple] | None = None,
            choose: Callable[[list], int] | None = None, named: Callable[[Any], Any] | None = None) -> tuple[list, Decision]:
    """Every candidate, best first (by the rules' key, then the order, then as listed), and the
    :func:`decide` decision; for a rule that goes down the list when the first will not do."""
    keyed, decision = _cut(what, candidates, key, fields, order, policy, shown, choose, named)
    return [k[3] for k in keyed], decision


def decide(what: str, candidates: Iterable, key: Callable[[Any], tuple], fields: Sequence[str],
           order: Order | None = None, policy: str | None = None, shown: Callable[[Any], tuple] | None = None,
           choose: Callable[[list], int] | None = None, named: Callable[[Any], Any] | None = None) -> Decision:
    """:meth:`Context.decide` for code that has no context (a bot, a behaviour spec's answer).

    ``key(candidate)`` is the rules' key, a tuple compared in full; ``order``, when given, the
    tie-break (:data:`Order`), recorded as the key's last field (its name is the policy unless
    ``policy`` words it otherwise: "first in turn order"; without an order the candidates' own
    order, policy "first").
    ``shown(candidate)``: the rules' key as players read it, where it is not the key compared (a
    distance where the key holds it negated; None for "no way there"); ``fields`` name its values.
    ``choose(tied)``: at a table, the heroes' choice among the tied candidates (best first):
    the index of the one taken; another than the first is recorded with the policy "the heroes'
    choice", the first among the ties. ``named(candidate)``: the choice and the ties as the
    decision records them, where that is not the candidate itself (a space "4,2" for its node)."""
    return _cut(what, candidates, key, fields, order, policy, shown, choose, named)[1]


def _cut(what, candidates, key, fields, order, policy, shown, choose, named) -> tuple[list, Decision]:
    """The candidates keyed (key, rank, listed position, candidate) in order, and the decision.
    On the enemy's hot paths (a monster's target, the space it counts from): kept lean."""
    pool = candidates if isinstance(candidates, list) else list(candidates)
    if not pool:
        raise ValueError(f"{what}: nothing to choose from")
    if order:
        rank = order[1]
        keyed = [(tuple(key(c)), rank(c), n, c) for n, c in enumerate(pool)]
    else:
        keyed = [(tuple(key(c)), 0, n, c) for n, c in enumerate(pool)]
    keyed.sort()                      # the listed position n is unique: candidates are never compared
    best = keyed[0][0]
    last = 1
    while last < len(keyed) and keyed[last][0] == best:
        last += 1
    i = choose([k[3] for k in keyed[:last]]) if choose is not None else 0
    chosen = keyed[i][3]
    if i:
        policy = "the heroes' choice"
    elif policy is None:
        policy = order[0] if order else "first"
    values = tuple(shown(chosen)) if shown is not None else keyed[i][0]
    if order:
        names = (*fields, order[0])
        values = (*values, (order[2] if len(order) > 2 else order[1])(chosen))
    else:
        names = tuple(fields)
    ties = [k[3] for n, k in enumerate(keyed[:last]) if n != i]
    if named is not None:
        return keyed, Decision(what, named(chosen), names, values, tuple(map(named, ties)), policy, len(pool))
    return keyed, Decision(what, chosen, names, values, tuple(ties), policy, len(pool))


def tied(ties: Iterable, who: str = "the players", more: int = 0) -> str:
    """The ties of a decision for players, the same words in every game: "as good: T4, T5 (the
    players may choose)"; empty without ties. Each tie stands apart from the others by a mark none
    of them holds: ", " between names, "; " between spaces ("as good: 4,3; 4,4"), " | " between
    plans of several steps. ``who``: who may choose; ``more``: ties counted but not shown ("and 3
    more")."""
    words = [spoken(t) for t in ties]
    if not words:
        return ""
    mark = " | " if any(";" in w for w in words) else "; " if any("," in w for w in words) else ", "
    return f"as good: {mark.join(words)}{f' and {more} more' if more else ''} ({who} may choose)"
