"""A search bot for the heroes: information-set Monte Carlo tree search on the game interface's
fast clone (``overlord simulate|compare --bot mcts --budget N``).

It never peeks at what the heroes cannot see. Each simulation starts from
:meth:`SearchModel.determinize` (``overlord.core.search``, the game's model of the search): a clone of the match with every hidden card, tile and counter
dealt again from those the heroes cannot tell apart, and the game's generator reseeded, so no
future draw or die is known (single-observer information-set MCTS: Cowling, Powley and Whitehouse
2012, "Information Set Monte Carlo Tree Search"). One tree is shared by all the simulations of a
decision; its nodes are the heroes' decisions (the whole party is one player: the game is
co-operative) and its edges their actions, keyed by the action's JSON. The enemy's phases, the
cards and the dice are the environment: they happen in the simulation as the determinised world
plays them.

A simulation:

1. **select** a child of the root by UCB1, then deeper down the tree by UCB1 over the children
   whose action is legal in this determinisation, with availability counts (ISMCTS's
   "subset-armed bandit": a child's exploration term counts the simulations in which it could
   have been taken);
2. **expand** one new child under *progressive widening*: a node of v visits may have
   ``1 + WIDEN * v ** ALPHA`` children, tried in the order "the game's heuristic bot's choice
   first, then the rest by the evaluation one step ahead" - a branching of 36 moves in Descent
   cannot all be tried with a few dozen simulations;
3. **roll out** with the game's heuristic bot until ``horizon`` rounds have begun since the
   decision (truncated rollouts: a whole game is hundreds of decisions; every simulation stops at
   the same point of the game, the start of a round, so their scores compare), then score the
   end: 1 for a victory, 0 for a defeat, else :meth:`SearchModel.evaluate` - the game's own
   estimate of the heroes' chances from there (a logistic model fitted on the heuristic bot's
   games: the value of playing on as the rollouts do);
4. **back up** the score along the path.

**Common random numbers.** The k-th visit of every child of the root is played in the same
world: the same determinisation, the same dice (seed k of the decision). The children's scores
are then paired, visit by visit, and the differences between two actions are not drowned by the
differences between the dice they met - in these games the dice decide more than most moves.

**The decision.** The heuristic's action is kept unless another child beats it on at least
``PAIRED`` common visits by more than ``MARGIN`` on average and by more than ``Z`` standard errors
of the paired differences: the search moves off the heuristic's choice only for a gain it has
measured (a game has hundreds of decisions; a loose test would move off it by chance dozens of
times a game). A decision with one legal action is not searched, nor any once a round has taken
``ROUND_GUARD`` decisions (a search that found a gain in an action that undoes the last one would
otherwise walk in a circle).

**Switching plans.** Where a game lists other plans beside its heuristic
(:attr:`SearchModel.policies`: the Dragon's heuristic with a higher readiness bar) and they
choose differently now, the bot first plays each plan from here to the game's end in ``SWITCH``
shared worlds (the same determinisation and dice for every plan) and follows the plan that won most
- the heuristic's unless another beats it by more than ``SWITCH_Z`` standard errors of the paired
differences ("policy switching": Chang, Givan and Chong 2004, "Parallel rollout for online solution
of partially observable Markov decision processes"; it plays at least as well as the best of its
plans where its estimates are right). A one-round search cannot judge such a choice: its evaluation
is fitted on the heuristic's own games. The plan chosen holds for the rest of that hero's round (a
plan is not changed step by step); where another plan is followed the tree is not searched. A
game may search by its plans alone (:attr:`SearchModel.tree` False: the Dragon, where the
one-round tree was measured to win nothing and to dilute what the plans win).

**Played out before taken.** Where a game sets :attr:`SearchModel.confirm` for its hero count
(Heldentaufe alone, the Underworld alone), a departure the tree found is played to the game's end
- it, then the heuristic, and the heuristic's own action, then the heuristic - in that many fresh
shared worlds, and taken only if it wins more of them by ``SWITCH_Z`` standard errors of the
paired differences (the same test as a plan's). The tree reads its gain through the one-round
evaluation; the play-outs read it in games won, at a few hundred whole games a departure.

The budget is simulations a decision (``--budget 200``) or milliseconds a decision (``--budget
50ms``). The heuristic's choice is made first, exactly as the heuristic bot makes it (the same
draws from the players' generator); the search draws from its own generator, seeded from that
generator's state without drawing from it. Where the search keeps the heuristic's choice, the
game goes on exactly as the heuristic bot's game of that seed, so a paired comparison of the two
sees only what the search changed. A budget in simulations replays exactly (one in milliseconds
does not).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.game import GameRules, RulesError
from ..core.search import search_model

EXPLORE = 0.7            # UCB1's exploration constant (scores are in [0, 1])
WIDEN = 1.0              # progressive widening: children allowed = 1 + WIDEN * visits ** ALPHA
ALPHA = 0.5
MAX_STEPS = 200          # ... and at most this many decisions of the heroes
MAX_PHASES = 8           # enemy phases in a row before a simulation gives up waiting for a hero
MARGIN = 0.02            # another action must beat the heuristic's by this much on average ...
Z = 2.5                  # ... and by this many standard errors of the paired differences ...
PAIRED = 4               # ... over at least this many visits they share
ROUND_GUARD = 80         # decisions in one round after which only the heuristic's action is taken
SWITCH = 100             # worlds in which each plan is played to the end where plans disagree (ours)
SWITCH_Z = 2.0           # standard errors by which another plan must beat the heuristic's
SWITCH_STEPS = 20000     # a plan's game given up after this many decisions and phases


class BudgetError(ValueError):
    """A budget that is not N (simulations) or Nms (milliseconds)."""


@dataclass(frozen=True)
class Budget:
    simulations: int | None = None
    ms: float | None = None

    def __str__(self) -> str:
        return f"{self.ms:g}ms" if self.ms is not None else str(self.simulations)


def parse_budget(text: str | int | None, default: int = 64) -> Budget:
    """``"200"`` -> 200 simulations a decision; ``"50ms"`` -> 50 milliseconds a decision."""
    if text is None or text == "":
        return Budget(simulations=default)
    raw = str(text).strip().lower()
    try:
        if raw.endswith("ms"):
            ms = float(raw[:-2])
            if ms > 0:
                return Budget(ms=ms)
        else:
            n = int(raw)
            if n > 0:
                return Budget(simulations=n)
    except ValueError:
        pass
    raise BudgetError(f"{text!r} is not a budget: N simulations a decision (e.g. 200) or N milliseconds (e.g. 50ms)")


@dataclass
class Node:
    """A decision in the tree: its children by action key, tried in ``order``."""

    order: list[str] | None = None                       # action keys: the heuristic's first
    children: dict[str, "Child"] = field(default_factory=dict)
    visits: int = 0


@dataclass
class Child:
    action: Any
    node: Node = field(default_factory=Node)
    visits: int = 0
    total: float = 0.0
    available: int = 0                                   # simulations in which it was legal
    scores: list[float] = field(default_factory=list)    # a root child's score by visit (paired)


@dataclass
class Stats:
    """What the bot did (for the bench's decisions a second)."""

    decisions: int = 0                                   # decisions searched
    trivial: int = 0                                     # decisions with one legal action
    simulations: int = 0
    deviations: int = 0                                  # decisions where it left the heuristic's action
    unplayable: int = 0                                  # simulations whose world refused a root action
    judged: int = 0                                      # decisions where the plans disagreed and were played out
    unconfirmed: int = 0                                 # the tree's departures its play-outs to the end turned down
    switched: int = 0                                    # decisions that followed another plan than the heuristic
    seconds: float = 0.0                                 # CPU seconds searching


def key_of(action: dict) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def _seed_from(rng) -> int:
    """A seed from a generator's state, without drawing from it."""
    state = getattr(getattr(rng, "bit_generator", None), "state", None)
    text = json.dumps(state, sort_keys=True, default=str) if state is not None else repr(rng)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 2


def clearly_ahead(d: np.ndarray) -> bool:
    """Whether paired differences ``d`` (one a world) lead by more than ``SWITCH_Z`` standard
    errors: the test a plan, or a departure played out first, must pass."""
    se = float(d.std(ddof=1)) / math.sqrt(len(d)) if d.any() else math.inf
    return bool(d.mean() > SWITCH_Z * se)


class MCTS:
    """The bot (``bot(match, legal_actions, rng)``) for one game, with its budget."""

    def __init__(self, rules: GameRules, budget: Budget, horizon: int | None = None, explore: float = EXPLORE,
                 margin: float = MARGIN, z: float = Z, switch: int | None = None, confirm: int | None = None):
        self.rules = rules
        self.budget = budget
        self.horizon = horizon                           # None: the game's, by its hero count
        self.explore = explore
        self.margin = margin
        self.z = z
        if "heuristic" not in rules.bots:
            raise ValueError(f"{rules.name} has no heuristic bot to roll out with")
        self.rollout_bot = rules.bots["heuristic"]
        self.model = search_model(rules)              # the game's, or the defaults
        self.switch = SWITCH if switch is None else switch
        self.plans = list(self.model.policies.values())[1:] if self.switch > 0 else []
        self.confirm = confirm                           # None: the game's, by its hero count
        self.stats = Stats()
        #: what the last decision searched found, for tests and benches: ``"tree"``, each root action's
        #: (visits, total score, simulations it was available in, scores by visit); ``"order"``, the
        #: order the root's actions were tried in; ``"played"``, each pick's games won by world where
        #: plans or a departure were played out to the end
        self.last: dict = {}
        self._round = (None, 0)
        self._plan = (None, 0)                           # ((hero, round), the plan it follows)

    def __call__(self, match, actions, rng):
        # the heuristic's choice first, made exactly as the heuristic bot makes it (the same draws
        # from the players' generator): where the search keeps it, the game is the heuristic's game
        chosen = self.rollout_bot(match, actions, rng)
        self.last = {}
        actions = list(actions)
        now = match.state.round
        self._round = (now, self._round[1] + 1 if self._round[0] == now else 1)
        if len(actions) == 1 or self._round[1] > ROUND_GUARD:   # nothing to choose, or a round that does not end
            self.stats.trivial += 1
            return chosen
        started = time.process_time()
        if self.plans:
            other = self._switch(match, actions, chosen, rng)
            if other is not None:                            # another plan: a decision, and a departure
                self.stats.decisions += 1
                self.stats.deviations += 1
                self.stats.seconds += time.process_time() - started
                return other
        if not self.model.tree:                     # a game searched by its plans alone
            self.stats.decisions += 1
            self.stats.seconds += time.process_time() - started
            return chosen
        search = np.random.default_rng(_seed_from(rng))
        limit = self.budget.simulations or 10**6
        seeds = [int(s) for s in search.integers(2**62, size=min(limit, 4096))]
        by_key = {key_of(a): a for a in actions}
        by_key.setdefault(key_of(chosen), chosen)   # a heuristic may refine a listed action (the Underworld's
                                                    # solitaire fight names the cubes it spends): a root child too
        root = Node(order=self._root_order(match, key_of(chosen), by_key, seeds[0]))
        self._stop_round = now + self.horizon_for(match)
        deadline = None if self.budget.ms is None else time.perf_counter() + self.budget.ms / 1000
        n = 0
        while n < limit:
            if deadline is not None and n > 0 and time.perf_counter() >= deadline:
                break
            self._simulate(match, root, by_key, seeds, search)
            n += 1
        self.stats.decisions += 1
        self.stats.simulations += n
        self.last["tree"] = {k: (c.visits, c.total, c.available, list(c.scores)) for k, c in root.children.items()}
        self.last["order"] = list(root.order)
        best = self._decide(root)
        if best != root.order[0] and self.confirm_worlds(match) \
                and not self._confirmed(match, chosen, by_key[best], search):
            self.stats.unconfirmed += 1
            best = root.order[0]
        self.stats.seconds += time.process_time() - started
        if best != root.order[0]:
            self.stats.deviations += 1
            return by_key[best]
        return chosen

    # -- switching plans -------------------------------------------------------------------------------
    def _switch(self, match, actions, chosen, rng):
        """The action of another plan, where the plans disagree now and another one won more games
        played out from here; None: the heuristic's plan (the tree search goes on)."""
        spare = np.random.default_rng(_seed_from(rng) ^ 0x5EED)   # the other plans never draw from the players'
        picks = [chosen] + [plan(match, actions, spare) for plan in self.plans]
        keys = [key_of(a) for a in picks]
        if len(set(keys)) == 1:
            return None
        who = (self.rules.to_act(match), match.state.round)
        if self._plan[0] != who:
            self._plan = (who, self._judge(match, picks, spare))
        best = self._plan[1]
        if best == 0 or keys[best] == keys[0]:
            return None
        self.stats.switched += 1
        return picks[best]

    def _judge(self, match, picks: list, spare) -> int:
        """Which plan wins most, each played from here to the end in the same ``switch`` worlds
        after its own action now: the index of the one that beats the heuristic (index 0) by more
        than ``SWITCH_Z`` standard errors of the paired differences and wins most of those, else 0."""
        self.stats.judged += 1
        return self._best_played_out(match, picks, [self.rollout_bot, *self.plans], spare, self.switch)

    def horizon_for(self, match) -> int:
        """Rounds a rollout plays on before the evaluation is asked: the bot's own if given, else
        the game's model's for the match's hero count (``horizons``), else its ``horizon``."""
        if self.horizon:
            return self.horizon
        return self.model.horizon_for(len(match.state.heroes))

    def confirm_worlds(self, match) -> int:
        """The worlds a departure is played out in before it is taken (0: it is taken unplayed)."""
        if self.confirm is not None:
            return self.confirm
        return self.model.confirm_for(len(match.state.heroes))

    def _confirmed(self, match, chosen, other, search) -> bool:
        """Whether ``other`` (the tree's departure) still beats the heuristic's ``chosen`` when both
        are played to the game's end by the heuristic in :meth:`confirm_worlds` fresh shared worlds."""
        heuristic = self.rollout_bot
        worlds = self.confirm_worlds(match)
        return self._best_played_out(match, [chosen, other], [heuristic, heuristic], search, worlds) == 1

    def _best_played_out(self, match, picks: list, plans: list, rng, worlds: int) -> int:
        """The index of the pick (then its plan) that wins most of ``worlds`` shared play-outs to the
        end among those beating index 0 by more than ``SWITCH_Z`` standard errors of the paired
        differences; 0 when none does."""
        scores = self.played_out(match, picks, plans, [int(x) for x in rng.integers(2**62, size=worlds)])
        self.last.setdefault("played", []).append(scores.tolist())
        best = 0
        for i in range(1, len(plans)):
            if scores[i].mean() > scores[best].mean() and clearly_ahead(scores[i] - scores[0]):
                best = i
        return best

    def played_out(self, match, picks: list, plans: list, seeds: list[int]) -> np.ndarray:
        """Games won (1/0), by pick and world: each pick then its plan, played to the end in the
        worlds of ``seeds`` (the same worlds for every pick)."""
        last = self.rules.info(match.content).max_rounds
        return np.array([[self._play_out(match, pick, plan, seed, last) for seed in seeds]
                         for pick, plan in zip(picks, plans)])

    def _play_out(self, match, first, plan, seed: int, last: int) -> float:
        """1 if the heroes win a world (``seed``) where they take ``first`` now and follow ``plan``
        to the game's end (``last``: the scenario's last round), else 0."""
        rules = self.rules
        world = np.random.default_rng(seed)
        game = self.model.determinize(rules, match, world)
        dice = np.random.default_rng(int(world.integers(2**62)))
        try:
            rules.apply(game, first, dice)
        except RulesError:       # as in _simulate: a world where the choice is not legal
            self.stats.unplayable += 1
            return 0.0
        for _ in range(SWITCH_STEPS):
            if rules.outcome(game) is not None or game.state.round > last:
                break
            if rules.to_act(game) is None:
                rules.enemy_phase(game, dice)
            else:
                rules.apply(game, plan(game, rules.legal_actions(game), dice), dice)
        out = rules.outcome(game)
        return 1.0 if out is not None and out.result == "victory" else 0.0

    # -- the root --------------------------------------------------------------------------------------
    def _root_order(self, match, first: str, by_key, seed: int) -> list[str]:
        """The heuristic's action first, then the rest by the evaluation one step ahead (in one
        determinised world)."""
        rng = np.random.default_rng(seed)
        rest = [k for k in by_key if k != first]
        if len(rest) > 1:
            world = self.model.determinize(self.rules, match, rng)
            dice = np.random.default_rng(seed)
            judged = []
            for i, k in enumerate(rest):
                game = self.rules.clone(world)
                try:
                    self.rules.apply(game, by_key[k], dice)
                except RulesError:                       # not legal in this world: the game's bug
                    self.stats.unplayable += 1
                    judged.append((1.0, i, k))
                    continue
                judged.append((-self.model.evaluate(self.rules, game), i, k))
            judged.sort()
            rest = [k for _, _, k in judged]
        return [first] + rest

    def _decide(self, root: Node) -> str:
        first = root.order[0]
        kept = root.children.get(first)
        if kept is None or not kept.scores:
            return first
        best, best_gain = first, 0.0
        for k, c in root.children.items():
            if k == first or not c.scores:
                continue
            n = min(len(c.scores), len(kept.scores))
            if n < PAIRED:
                continue
            d = np.array(c.scores[:n]) - np.array(kept.scores[:n])
            gain = float(d.mean())
            se = float(d.std(ddof=1)) / math.sqrt(n)
            if gain > self.margin and gain > self.z * se and gain > best_gain:
                best, best_gain = k, gain
        return best

    # -- one simulation ------------------------------------------------------------------------------
    def _simulate(self, match, root: Node, by_key: dict, seeds: list[int], search) -> None:
        rules = self.rules
        allowed = 1 + int(WIDEN * root.visits ** ALPHA)
        root.visits += 1
        fresh = next((k for k in root.order[:allowed] if k not in root.children), None)
        if fresh is not None:
            child = root.children[fresh] = Child(by_key[fresh])
        else:
            child = self._select(root, set(root.children))
        for c in root.children.values():
            c.available += 1
        k = child.visits
        seed = seeds[k] if k < len(seeds) else int(search.integers(2**62))
        world = np.random.default_rng(seed)
        game = self.model.determinize(rules, match, world)
        dice = np.random.default_rng(int(world.integers(2**62)))
        try:
            rules.apply(game, child.action, dice)
        except RulesError:       # a world where the heroes' choice is not legal: the game's determinize is wrong
            self.stats.unplayable += 1
            return
        path = [child]
        node = child.node
        while fresh is None:
            self._enemy(game, dice)
            if rules.outcome(game) is not None or game.state.round >= self._stop_round:
                break
            legal = list(rules.legal_actions(game))
            keys = [key_of(a) for a in legal]
            if node.order is None:
                first = key_of(self.rollout_bot(game, legal, np.random.default_rng(int(world.integers(2**62)))))
                node.order = [first] + [keys[i] for i in world.permutation(len(keys)) if keys[i] != first]
            allowed = 1 + int(WIDEN * node.visits ** ALPHA)
            legal_keys = set(keys)
            node.visits += 1
            for key in legal_keys & node.children.keys():
                node.children[key].available += 1
            new = next((key for key in node.order[:allowed] if key in legal_keys and key not in node.children), None)
            nxt = self._select(node, legal_keys) if new is None else None
            if nxt is None:
                new = new or next((key for key in keys if key not in node.children), None)
                if new is None:
                    break
                nxt = node.children[new] = Child(legal[keys.index(new)], available=1)
                rules.apply(game, nxt.action, dice)
                path.append(nxt)
                break
            rules.apply(game, legal[keys.index(key_of(nxt.action))], dice)
            path.append(nxt)
            node = nxt.node
        score = self._rollout(game, dice)
        child.scores.append(score)
        for c in path:
            c.visits += 1
            c.total += score

    def _select(self, node: Node, legal_keys: set) -> Child | None:
        best, best_score = None, -math.inf
        for k, c in node.children.items():
            if k not in legal_keys or c.visits == 0:
                continue
            score = c.total / c.visits + self.explore * math.sqrt(math.log(max(c.available, 1)) / c.visits)
            if score > best_score:
                best, best_score = c, score
        return best

    def _enemy(self, game, dice) -> None:
        rules = self.rules
        for _ in range(MAX_PHASES):
            if rules.outcome(game) is not None or rules.to_act(game) is not None:
                return
            rules.enemy_phase(game, dice)

    def _rollout(self, game, dice) -> float:
        rules = self.rules
        for _ in range(MAX_STEPS):
            self._enemy(game, dice)
            if rules.outcome(game) is not None or game.state.round >= self._stop_round:
                break
            rules.apply(game, self.rollout_bot(game, rules.legal_actions(game), dice), dice)
        out = rules.outcome(game)
        if out is not None:
            return 1.0 if out.result == "victory" else 0.0
        return float(self.model.evaluate(rules, game))


def mcts_bot(rules: GameRules, budget: Budget | str | int | None = None, **options) -> MCTS:
    """The MCTS hero bot for ``rules`` (a budget as :func:`parse_budget` reads it)."""
    if not isinstance(budget, Budget):
        budget = parse_budget(budget)
    return MCTS(rules, budget, **options)
