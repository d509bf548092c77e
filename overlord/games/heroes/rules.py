"""The family's rules on the game interface (``overlord.core.game``): what every game of the family
answers alike - a match begun (the state set up, the first turn started), whose move it is, an
action applied, the outcome, the game's deck in a headless batch - once, on the game's own modules
the game names as class data (:class:`HeroesRules`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, cast

import numpy as np

from overlord.core.decks import new_deck
from overlord.core.game import Match, Outcome, RulesError, choose_random
from overlord.core.moves import MovesRules
from overlord.core.rng import new_rng


class Setup(Protocol):
    """A game's ``setup`` module: its state at the start of a match."""

    def new_state(self, c: Any, heroes: list[str], seed: int) -> Any: ...


class Turns(Protocol):
    """A game's ``turns`` module: a turn started, and whose move it is (None: the program's)."""

    def start_turn(self, ctx: Any) -> list[dict]: ...

    def current(self, s: Any) -> str | None: ...


class Verbs(Protocol):
    """A game's ``verbs`` module: one legal action applied (RulesError for one that is not)."""

    def apply(self, ctx: Any, action: dict) -> list[dict]: ...


class RaceTurns(Turns, Protocol):
    """A race's ``turns``: whose turn the program plays now (a rival's name, "" for none)."""

    def playing(self, s: Any) -> str: ...


class RaceVerbs(Protocol):
    """A race's ``verbs``: the legal actions and one applied for a hero the program plays."""

    def legal(self, ctx: Any, hero: str | None = None) -> list[dict]: ...

    def apply(self, ctx: Any, action: dict, hero: str | None = None) -> list[dict]: ...


class HeroesRules(MovesRules):
    """The family's game on the interface (a mixin, named before ``GameRules`` among the bases, in
    place of ``MovesRules``). A game sets ``moves`` and ``context`` (``MovesRules``) and names its
    own modules and deck below."""

    #: the game's ``setup``, ``turns`` and ``verbs`` modules
    setup: ClassVar[Setup]
    turns: ClassVar[Turns]
    verbs: ClassVar[Verbs]
    #: the name of the game's deck of the program's cards, in a headless batch's ``decks``
    deck: ClassVar[str]

    def decks(self, content: Any):
        if not content.cards:
            return {}

        def order(seed: int, heroes: int) -> dict:
            return {"order": new_deck(self.deck, list(content.cards), new_rng(seed)).draw,
                    "names": {cid: card.name for cid, card in content.cards.items()}}
        return {self.deck: order}

    # -- a match ---------------------------------------------------------------------------------
    def new_match(self, content: Any, heroes: list[str], seed: int) -> Match:
        state = self.setup.new_state(content, list(heroes), seed)
        ctx = self.context.open(state, content, None)
        self.turns.start_turn(ctx)
        ctx.commit()
        return Match(content, state)

    def to_act(self, match: Match) -> str | None:
        return self.turns.current(match.state)

    def apply(self, match: Match, action: dict, dice: np.random.Generator | None = None) -> list[dict]:
        ctx = self.context.open(match.state, match.content, dice)
        self.verbs.apply(ctx, action)
        return ctx.commit()

    def outcome(self, match: Match) -> Outcome | None:
        s = match.state
        return Outcome(s.outcome, s.reason) if s.outcome else None

    # -- the race's rivals ---------------------------------------------------------------------
    #: actions a rival's turn may take at most (a turn is a few steps and actions; past this, a bug)
    RIVAL_ACTIONS: ClassVar[int] = 200

    def rival_turn(self, match: Match, who: str, heuristic: Any) -> list[dict]:
        """A race's rival's whole turn, which the program plays: ``heuristic`` (the game's hero bot)
        chooses, or a random legal action where the match's rival policy is "random"; the rival's dice
        are the game's generator ("the program also does everything the book leaves to chance ... for
        its own heroes"). The players' last command stays the one `why` and `undo` speak of. The game's
        ``turns`` names whose turn the program plays (``playing``), its ``verbs`` take the hero."""
        s = match.state
        turns, verbs = cast(RaceTurns, self.turns), cast(RaceVerbs, self.verbs)
        out: list[dict] = []
        minds = np.random.default_rng([s.seed, s.round, s.order, len(s.log)])
        choose = choose_random if s.rival_policy == "random" else heuristic
        for _ in range(self.RIVAL_ACTIONS):
            if turns.playing(s) != who:
                return out
            ctx = self.context.open(s, match.content, None)
            action = choose(match, verbs.legal(ctx, who), minds)
            last = s.last_action
            verbs.apply(ctx, action, who)
            s.last_action = last
            out += ctx.commit()
        raise RulesError(f"{who}'s turn did not end in {self.RIVAL_ACTIONS} actions")
