"""What a game tells the search bot (``overlord.sim.mcts``), where it tells it anything: the
search's own model of the game, apart from the rules every game must give (``GameRules``).

A game provides one :class:`SearchModel` as ``GameRules.search`` (None: the search plays it with
the defaults, :data:`NO_MODEL`): how the heroes' chances are judged where a simulation stops early
(``features`` and their logistic ``weights``), how the hidden cards are dealt again
(``deal``: information-set search), and the settings measured for it (rollout horizons, plans to
switch between, whether to grow a tree, play-outs that confirm a departure). What each game's
settings are and how they were measured: ``docs/search-settings.md``.

The methods that need the game (the default determinisation clones the match; the evaluation asks
whether the game is over) take the rules as their first argument.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import numpy as np

from .game import Bot, GameRules
from .rng import new_rng, rng_state


def logistic(features: Mapping[str, float], weights: Mapping[str, float]) -> float:
    """1 / (1 + exp(-(bias + sum of weight * feature))): a fitted model's chance."""
    z = weights.get("bias", 0.0) + sum(w * features.get(k, 0.0) for k, w in weights.items() if k != "bias")
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def _no_features(match: Any) -> dict[str, float]:
    return {}


@dataclass(frozen=True)
class SearchModel:
    """A game's model for the search bot; every field has the default of a game that gives none."""

    #: a few numbers of the position, each about 0 to 1 (progress, the enemy's clock, the heroes'
    #: health...): ``match -> {name: value}``, what :attr:`weights` weigh
    features: Callable[[Any], dict[str, float]] = _no_features
    #: a logistic model of the heroes' chances over :attr:`features` (name -> weight, "bias" the
    #: intercept), fitted on the heuristic bot's games (``bench/fit_evaluation.py``); empty: none
    weights: Mapping[str, float] = field(default_factory=dict)
    #: the weights of one hero count, where the game fitted that count on its own (a count whose
    #: rules differ, like the Underworld's solitaire)
    weights_by_heroes: Mapping[int, Mapping[str, float]] = field(default_factory=dict)
    #: ``(match, rng) -> match``: a clone with every hidden card, tile or counter dealt again at
    #: random from those the heroes cannot tell apart, the game's generator reseeded from ``rng``;
    #: None: the generator reseeded alone (a game with no hidden cards)
    deal: Callable[[Any, np.random.Generator], Any] | None = None
    #: rounds a search bot's simulation plays on before it asks :meth:`evaluate` (longer where a
    #: choice shows its worth late) ...
    horizon: int = 1
    #: ... by hero count, where a count's choices show their worth later than the others'
    horizons: Mapping[int, int] = field(default_factory=dict)
    #: plans a search bot may switch between, each played to the game's end where they disagree
    #: (policy switching): name -> Bot, the heuristic bot first; empty: none
    policies: Mapping[str, Bot] = field(default_factory=dict)
    #: False: the search bot only switches plans, it grows no tree
    tree: bool = True
    #: worlds, by hero count, in which a search bot plays a departure the tree found, and the
    #: heuristic's action, to the game's end before it takes it; a hero count not listed: none
    confirm: Mapping[int, int] = field(default_factory=dict)

    @classmethod
    def of_module(cls, module: Any, **settings: Any) -> "SearchModel":
        """The model of a game's search module (``games/<game>/evaluation.py``): its ``features``,
        ``WEIGHTS``, ``WEIGHTS_BY_HEROES`` (where given) and ``determinize``, with ``settings``."""
        return cls(features=module.features, weights=module.WEIGHTS,
                   weights_by_heroes=getattr(module, "WEIGHTS_BY_HEROES", {}), deal=module.determinize,
                   **settings)

    def horizon_for(self, heroes: int) -> int:
        """Rounds a rollout plays at this hero count: :attr:`horizons`' entry, else :attr:`horizon`."""
        return self.horizons.get(heroes, self.horizon)

    def confirm_for(self, heroes: int) -> int:
        """Worlds a search bot plays a departure out in at this hero count (0: none)."""
        return self.confirm.get(heroes, 0)

    def weights_for(self, heroes: int) -> Mapping[str, float]:
        """The weights :meth:`evaluate` uses at this hero count: :attr:`weights_by_heroes`' entry,
        else :attr:`weights`."""
        return self.weights_by_heroes.get(heroes, self.weights)

    def determinize(self, rules: GameRules, match: Any, rng: np.random.Generator) -> Any:
        """A clone of the match as it could be, given what the heroes know (:attr:`deal`; without
        one, a clone whose generator, where its state keeps one, is reseeded from ``rng``)."""
        if self.deal is not None:
            return self.deal(match, rng)
        out = rules.clone(match)
        state = out.state
        if isinstance(getattr(state, "rng", None), dict):
            state.rng = rng_state(new_rng(int(rng.integers(2**62))))
        return out

    def evaluate(self, rules: GameRules, match: Any) -> float:
        """The heroes' chances from here, 0 to 1, judged without playing on: 1 won, 0 lost, else
        the logistic model of :attr:`features` (one half without weights)."""
        out = rules.outcome(match)
        if out is not None:
            return 1.0 if out.result == "victory" else 0.0
        weights = self.weights_for(len(match.state.heroes))
        if not weights:
            return 0.5
        return logistic(self.features(match), weights)


#: the model of a game that provides none
NO_MODEL = SearchModel()


def search_model(rules: GameRules) -> SearchModel:
    """The game's search model, or :data:`NO_MODEL`."""
    return rules.search if rules.search is not None else NO_MODEL
