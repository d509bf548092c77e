"""The game interface: what every game package implements, and all that the framework (the
table, headless play, replays, soaks, the PettingZoo environment, validation and the CLI) knows
of a game.

Shaped after OpenSpiel's ``Game``/``State`` (rules apart from the match; legal actions, apply,
terminal, clone, serialize), PettingZoo's AEC API (one agent acts at a time, an action mask) and
boardgame.io's game objects (plain-data state, moves as data, ``endIf``), as fits a program that
plays the *enemy* of a co-operative game:

* a **match** is the content a game is played with (loaded once, never changed) and the
  game's state, plain data (``overlord.core.state``); the rules are functions over it. A game
  may use :class:`Match` or its own pair that also caches what is derived from the two
  (Descent's ``Game`` keeps the dungeon's board) - the framework only passes it back to the
  game, and saves, clones and replays the state;
* the heroes' side acts through **actions**: small JSON-able dicts, the same in a save file, a
  log, a bot's choice and a typed command. :meth:`GameRules.to_act` names the hero who decides;
  when it is ``None`` and the game is not over, the **enemy's phase** is due
  (:meth:`GameRules.enemy_phase`): the program's own turn, whose decisions stay in the AI layer
  with their comparison keys and ties;
* **dice**: every draw of the rules comes from the generator kept in the state. Where a game
  lets the heroes roll their own dice (Descent: the players roll attack and defence dice),
  headless play passes a second generator, the players' hands, to ``apply`` and
  ``enemy_phase``; at the table it is ``None`` and the players report what they rolled;
* events are plain dicts appended to the state's log (never changed once logged); the game
  narrates them (:meth:`GameRules.narrate`).

A game package (``overlord/games/NAME/``) defines a subclass of :class:`GameRules`, one instance
``GAME`` in its ``game`` module, and one line in ``overlord/games/registry.py`` names it.
``docs/adding-a-game.md`` walks through the smallest real one (``tests/tinygame``).
"""

from __future__ import annotations

import json
import math
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from .plugins import PluginError, load_function
from .rng import new_rng, rng_from_state, rng_state
from .state import clone as clone_state, from_json
from .state import dumps

ENEMY_ENTRY_POINTS = "overlord.enemies"    # enemy policies of the user's own, by name

Action = dict
Event = dict
#: the key that marks an event which brought something hidden into view: a card, tile or counter
#: taken from a pile whose order the players do not know (a die roll never is one). Every game
#: marks its draws this one way (:func:`hidden_draw`) and the table reads it (:func:`drew_hidden`):
#: ``undo`` past such a command may be refused, as players could draw again until they liked it
HIDDEN_DRAW = "drew_hidden"
# a hero bot: (match, legal actions, the players' generator) -> one of the actions
Bot = Callable[[Any, list, np.random.Generator], Action]


def hidden_draw(event: Event) -> Event:
    """Mark ``event`` as one that drew something hidden (see :data:`HIDDEN_DRAW`); returns it."""
    event[HIDDEN_DRAW] = True
    return event


def drew_hidden(events: list[Event]) -> bool:
    """Whether any of ``events`` drew something hidden (marked by :func:`hidden_draw`)."""
    return any(e.get(HIDDEN_DRAW) for e in events if isinstance(e, dict))


def logistic(features: dict[str, float], weights: dict[str, float]) -> float:
    """1 / (1 + exp(-(bias + sum of weight * feature))): a fitted model's chance."""
    z = weights.get("bias", 0.0) + sum(w * features.get(k, 0.0) for k, w in weights.items() if k != "bias")
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


class RulesError(ValueError):
    """An action or a set-up the rules do not allow now; the message says why (one line)."""


@dataclass
class Match:
    """A game in progress: its content (shared by clones) and its state (plain data)."""

    content: Any
    state: Any


@dataclass(frozen=True)
class Outcome:
    """How a game ended, from the heroes' side: ``result`` is "victory" or "defeat"."""

    result: str
    reason: str

    def __post_init__(self):
        if self.result not in ("victory", "defeat"):
            raise ValueError(f"an outcome is a victory or a defeat, not {self.result!r}")


@dataclass(frozen=True)
class ScenarioInfo:
    """What the framework needs to know of a loaded scenario."""

    id: str
    name: str
    hero_counts: tuple[int, ...]        # how many heroes may play
    heroes: tuple[str, ...]             # the heroes that may be named (in the content's order)
    max_rounds: int = 40                # where headless games stop (a scenario may set it)
    tracks: dict = field(default_factory=lambda: {"doom": "doom", "fate": "fate"})   # names for reports
    hero_names: dict = field(default_factory=dict)   # hero -> its name in the box ("Widow Tarha")
    other_heroes: str = ""              # what another name gets, where the game takes any name


@dataclass(frozen=True)
class Components:
    """What a table needs to play a match with the program (told when a game starts, and again by
    ``components`` at the table): the box's components to set out, what the program keeps or
    brings instead (our cards, tiles and maps where they differ from the box, the tracks and where
    each token starts), and how the program's coordinates map onto what is on the table."""

    use: tuple[str, ...]
    replaced: tuple[str, ...]
    coordinates: tuple[str, ...]

    def lines(self) -> list[str]:
        out = ["What to put on the table:"]
        out += [f"  - {line}" for line in self.use]
        out += ["What the program keeps instead (leave these in the box, or set them as it says):"]
        out += [f"  - {line}" for line in self.replaced]
        out += ["Where things are:"]
        out += [f"  - {line}" for line in self.coordinates]
        return out


@dataclass
class AgentSpec:
    """How learning agents see a game (the PettingZoo environment): a fixed ``Discrete`` action
    space behind a mask, and a float observation vector in [0, 1]. ``encode`` numbers the legal
    actions: for each, its index in the action space (None for one the space cannot name; of
    two with one index, the first is taken)."""

    n_actions: int
    obs_size: int
    observe: Callable[[Any, str], np.ndarray]                         # (match, hero) -> vector
    encode: Callable[[Any, list[Action]], list[int | None]]           # (match, legal) -> indices
    describe: str = ""                                                # the numbering, for the docs


@dataclass(frozen=True)
class Answer:
    """One part of the enemy's answer to a spec's instruction (``overlord check``): where a
    monster ends, whom it attacks, which plan the boss takes, what an event did. ``value`` is plain
    data in the spec's terms; ``ties`` are the other values the rules tie with it (the heroes may
    choose among them: every one of them is a right answer too); ``key`` is the comparison key
    that chose it (``{name: value}``, empty where the rules leave no choice)."""

    part: str
    value: Any
    ties: tuple = ()
    key: dict = field(default_factory=dict)
    why: str = ""

    def to_json(self) -> dict:
        return {"part": self.part, "value": self.value, "ties": list(self.ties), "key": dict(self.key),
                "why": self.why}


@dataclass
class Situation:
    """What a spec sets up for the enemy (``overlord check``): a map drawn as text with its
    figures (``board``: an ``overlord.content.mapfile.MapFile``), or a game from a scenario, a
    seed and scripted actions; and what the game itself arranges (``setup``, validated by the
    game's :attr:`GameRules.setup_model`). ``dice``: the players' dice (a generator, or the
    faces a spec forces, in the order they are rolled)."""

    content: Any = None
    board: Any = None
    heroes: list[str] = field(default_factory=list)
    seed: int = 0
    actions: list = field(default_factory=list)      # action dicts, or "enemy" for the enemy's phase
    setup: Any = None
    dice: Any = None


@dataclass
class TableReply:
    """What one command at the table gives: the lines to print and the events it caused."""

    lines: list[str]
    events: list[Event] = field(default_factory=list)
    changed: bool = False        # the game changed: the session saves it
    label: str = ""              # how the save names the command (default: the line typed)
    closing: bool = True         # after a change, the session adds Table.closing() (options, epilogue)


class Table(ABC):
    """A game's commands at the table (``overlord play``), for one match. The session (common
    to every game) reads lines, handles ``help``, ``undo``, ``quit``, ``status``, ``map``,
    saving and resuming, and hands the rest here. A command that cannot be carried out raises
    :class:`RulesError` (or a subclass) and leaves the match as it was."""

    #: verb -> one help line ("move HERO X,Y - the hero moved to that space")
    commands: dict[str, str] = {}
    #: the verbs that change the game (refused once it is over); None: all of them. A number
    #: (a numbered option) always changes it.
    changes: set[str] | None = None
    #: whether the game numbers its options: a number typed is then one (passed to
    #: :meth:`execute` as the verb); otherwise the session answers that it is no command
    numbered: bool = False

    def __init__(self, rules: "GameRules", match: Any):
        self.rules = rules
        self.match = match

    @abstractmethod
    def opening(self, heroes: list[str], seed: int) -> list[str]:
        """The lines shown when a game starts (what to set up on the table); the session adds
        :meth:`options`."""

    @abstractmethod
    def execute(self, verb: str, args: list[str], line: str) -> TableReply:
        """Carry out one command of :attr:`commands` (or a number, if the game numbers its
        options: ``verb`` is then the number). After a command that changed the game the
        session adds :meth:`closing` to the reply's lines (unless ``closing=False``)."""

    def options(self) -> list[str]:
        """What may be done now, for the players (after each command and on resume)."""
        return []

    def closing(self) -> list[str]:
        """The lines after a command that changed the game: the epilogue when it has just
        ended, else what may be done now."""
        return self.epilogue() if self.rules.outcome(self.match) is not None else self.options()

    def undo_refused(self, command: str, message: str) -> str:
        """What to say when ``undo`` may not take back ``command`` (it drew hidden cards)."""
        return message

    def status(self) -> list[str]:
        return self.rules.status(self.match)

    def picture(self) -> list[str]:
        return self.rules.picture(self.match).splitlines()

    def prompt(self) -> str:
        return f"[round {self.rules.round(self.match)}] {self.rules.name}> "

    def words(self) -> list[str]:
        """What Tab completes besides the commands."""
        return list(self.rules.heroes(self.match))

    def undo_hidden_draws(self) -> bool:
        """Whether ``undo`` may go back past a command that drew hidden cards."""
        return True

    def epilogue(self) -> list[str]:
        """Lines when the game has just ended."""
        out = self.rules.outcome(self.match)
        return [f"== {out.result.capitalize()} ==", out.reason] if out else []

    def json_extra(self) -> dict:
        """What ``--json`` adds to every reply besides the command, lines and events."""
        return {"round": self.rules.round(self.match)}

    def restore(self, match: Any) -> list[str]:
        """The match after ``undo``, on ``resume`` or after a refused command replaces the
        current one; returns lines to tell (a question the game was waiting on, asked again).
        A table that remembers more (the last phase's decisions) forgets it here."""
        self.match = match
        return []

    def over_line(self) -> str:
        """Why a command that changes the game is refused once the game is over."""
        out = self.rules.outcome(self.match)
        return f"the game is over ({out.reason if out else 'ended'}); `undo` or `quit`"


class GameRules(ABC):
    """One game, as the framework sees it. Subclasses set the class attributes and implement the
    abstract methods; the others have defaults that fit a :class:`Match` of plain-data state."""

    #: the registry's key and the ``game:`` of its scenario files
    name: str = ""
    #: a title and one line for ``overlord games``
    title: str = ""
    summary: str = ""
    #: the names of its state machines in ``overlord.core.machines`` (for ``overlord diagram``)
    machines: tuple[str, ...] = ()
    #: the hero bots: name -> Bot. "random" and "heuristic" are expected by the tools.
    bots: dict[str, Bot] = {}
    #: the dataclass of its state (for the default :meth:`from_json`)
    state_type: type | None = None
    #: the enemy's policies where the game has more than one (``overlord compare --enemy``):
    #: name -> one line; the first is the default
    enemy_policies: dict[str, str] = {}
    #: what a behaviour spec may ask the enemy (``overlord check``): instruction -> the pydantic
    #: model of its arguments (its docstring is the instruction's one line)
    instructions: dict[str, type] = {}
    #: the pydantic model of a spec's ``setup:`` for this game (None: the game arranges nothing)
    setup_model: type | None = None
    #: the game's search module, where a game has one (``games/<game>/evaluation.py``): its
    #: ``WEIGHTS`` are :attr:`evaluation` (its ``WEIGHTS_BY_HEROES``, where given, the weights of one
    #: hero count: :meth:`evaluation_for`), its ``features(match)`` and ``determinize(match, rng)``
    #: answer :meth:`features` and :meth:`determinize`
    search_model: Any = None
    #: rounds a search bot's simulation plays on before it asks :meth:`evaluate` (longer where a
    #: choice shows its worth late)
    search_horizon: int = 1
    #: ... by hero count, where a count's choices show their worth later than the others'
    search_horizons: dict[int, int] = {}
    #: plans a search bot may switch between, each played to the game's end where they disagree
    #: (policy switching): name -> Bot, the heuristic bot first. A game lists them where one choice
    #: of its heuristic (when to dare the lair) shows its worth only at the end; empty: none
    search_policies: dict[str, Bot] = {}
    #: False: the search bot only switches plans, it grows no tree (where the one-round tree's
    #: departures were measured to win nothing and to dilute what switching wins)
    search_tree: bool = True
    #: worlds, by hero count, in which a search bot plays a departure the tree found, and the
    #: heuristic's action, to the game's end (the heuristic playing on) before it takes it: the
    #: tree reads its gain through a one-round evaluation, a play-out to the end reads the game's
    #: result. A hero count not listed: none (where whole play-outs cost too much a decision)
    search_confirm: dict[int, int] = {}

    # -- content ---------------------------------------------------------------------------------
    @abstractmethod
    def load(self, path) -> Any:
        """The scenario file at ``path`` and every file it names, validated; raises
        ``overlord.content.errors.ContentError`` with every problem (FILE:LINE:COL)."""

    @abstractmethod
    def info(self, content: Any) -> ScenarioInfo:
        """Id, name, hero counts and names of a loaded scenario."""

    def components(self, match: Any) -> Components | None:
        """What the players take from the box for this match, what the program replaces, and how
        its coordinates map onto the table (told at the start of a game, and by ``components``)."""
        return None

    def party(self, content: Any, count: int, seed: int) -> list[str]:
        """The heroes of a headless game of ``count`` heroes (default: the first ``count``)."""
        heroes = list(self.info(content).heroes)
        if count > len(heroes):
            raise RulesError(f"{self.info(content).name} names {len(heroes)} heroes, not {count}")
        return heroes[:count]

    def decks(self, content: Any) -> dict[str, Callable[[int, int], dict]]:
        """Deck name -> ``order(seed, heroes)``: the order that deck is drawn in for a seed
        (``overlord deck``): ``{"order": [ids], "names": {id: name}}`` and what else the deck
        shows (Descent's exploration deck: its stacks)."""
        return {}

    # -- a match ---------------------------------------------------------------------------------
    @abstractmethod
    def new_match(self, content: Any, heroes: list[str], seed: int) -> Any:
        """The set-up game; raises :class:`RulesError` for heroes the scenario does not allow."""

    def state(self, match: Any) -> Any:
        """The plain-data state of a match."""
        return match.state

    def heroes(self, match: Any) -> list[str]:
        return list(self.state(match).heroes)

    #: whether the enemy's turn is a series of steps chosen from a list (:meth:`enemy_steps`),
    #: so that a policy of the user's own (``module:function``, or the entry point group
    #: ``overlord.enemies``) may choose them: ``(match, steps, rng) -> one of the steps``
    plugged_enemies: bool = False

    def enemy_policy_problem(self, policy: str) -> str:
        """Why ``policy`` cannot play this game's enemy ('' when it can): one of
        :attr:`enemy_policies`, or a plugged-in one where :attr:`plugged_enemies`."""
        if policy in self.enemy_policies:
            return ""
        plugged = ""
        if self.plugged_enemies:
            try:
                if load_function(policy, ENEMY_ENTRY_POINTS, "enemy policy") is not None:
                    return ""
            except PluginError as e:
                return str(e)
            plugged = f", a plugged-in one (entry points '{ENEMY_ENTRY_POINTS}') or module:function"
        return (f"{self.name} has no enemy policy {policy!r}; it has "
                f"{', '.join(self.enemy_policies) or 'one only'}{plugged}")

    def use_enemy(self, match: Any, policy: str) -> None:
        """Let ``policy`` (one of :attr:`enemy_policies`, or a plugged-in one) play the enemy of
        this match (kept in its state, so saves and replays keep it)."""
        problem = self.enemy_policy_problem(policy)
        if problem:
            raise RulesError(problem)

    @abstractmethod
    def to_act(self, match: Any) -> str | None:
        """The hero whose decision it is now; ``None`` when the enemy's phase is due or the game
        is over."""

    @abstractmethod
    def legal_actions(self, match: Any) -> list[Action]:
        """Every action the hero :meth:`to_act` may take now (never empty while one is to act)."""

    @abstractmethod
    def apply(self, match: Any, action: Action, dice: np.random.Generator | None = None) -> list[Event]:
        """Carry out one legal action; returns the events. Raises :class:`RulesError` for an
        action that is not legal now, leaving the match as it was."""

    @abstractmethod
    def enemy_phase(self, match: Any, dice: np.random.Generator | None = None) -> list[Event]:
        """The enemy's phase (when :meth:`to_act` is None and the game is not over): the program
        plays the enemy (a Dark phase, an Overlord phase, a monster turn), then play goes on
        (a new round, or the next hero of this one). Returns the events."""

    @abstractmethod
    def outcome(self, match: Any) -> Outcome | None:
        """None while the game goes on."""

    def round(self, match: Any) -> int:
        """The round being played (from 1)."""
        return self.state(match).round

    def log(self, match: Any) -> list[Event]:
        """Every event so far (the state's log)."""
        return self.state(match).log

    def tracks(self, match: Any) -> dict:
        """The enemy's clock for reports: ``{"doom": n, "fate": m}`` (named by
        ``ScenarioInfo.tracks``)."""
        return {}

    def record(self, match: Any) -> dict:
        """What a headless game's record adds (the cards drawn, track spaces...)."""
        return {}

    # -- plain data ------------------------------------------------------------------------------
    def clone(self, match: Any) -> Any:
        """An independent copy that shares the content (search bots make thousands a second)."""
        return Match(match.content, clone_state(match.state))

    def to_json(self, match: Any) -> str:
        """The state as compact JSON text (a save, a replay checkpoint)."""
        return dumps(self.state(match))

    def from_json(self, content: Any, text: str) -> Any:
        """A match back from :meth:`to_json` (older saves migrated on read); raises ValueError,
        TypeError or KeyError for text that is not a state of this game."""
        return Match(content, from_json(self.state_type, json.loads(text)))

    def violations(self, match: Any, full: bool = False) -> list[str]:
        """What must hold after every step and does not (``overlord soak``); ``full``: the
        costly checks too."""
        return []

    def check_state(self, match: Any) -> list[str]:
        """What is wrong with a state read from a file that may have been edited by hand (a save
        resumed or undone to): empty when play may go on from it. The default: the state's
        generator (a ``rng`` dict, if the state has one) is the kind :mod:`overlord.core.rng`
        makes, and :meth:`violations` with the costly checks - a game whose invariants do not
        cover a state at a table (a question waiting for its answer), or that must also check
        that what the state names exists in the content, overrides it. It may raise for a state
        its code cannot even look at; the session refuses that state too."""
        state = self.state(match)
        if hasattr(state, "rng"):
            rng_from_state(state.rng)
        return self.violations(match, full=True)

    # -- behaviour specs (``overlord check``) ---------------------------------------------------
    def pose(self, situation: Situation) -> Any:
        """The match a spec's situation sets up, for :meth:`ask`. Default: a new match of the
        scenario, the scripted actions carried out in order (``"enemy"``: the enemy's phase), then
        :meth:`arrange`. A game that answers on a map drawn as text overrides it."""
        if situation.board is not None:
            raise RulesError(f"{self.name} sets up no situation from a map: name a scenario instead")
        if situation.content is None:
            raise RulesError(f"{self.name} needs a scenario to set a situation up")
        match = self.new_match(situation.content, list(situation.heroes), situation.seed)
        for i, action in enumerate(situation.actions, start=1):
            if action == "enemy":
                if self.to_act(match) is not None:
                    raise RulesError(f"scripted step {i}: the enemy's phase is not due ({self.to_act(match)} is to act)")
                self.enemy_phase(match, situation.dice)
            else:
                try:
                    self.apply(match, action, situation.dice)
                except RulesError as e:
                    raise RulesError(f"scripted step {i}: {e}") from None
        if situation.setup is not None:
            self.arrange(match, situation.setup)
        return match

    def spec_names(self, content: Any, instruction: str, args: Any, setup: Any) -> list:
        """The names a behaviour spec uses that the content must hold - its cards, its monster
        groups - as ``overlord.content.specs.Named``, so ``overlord validate`` names a misspelt one
        at the line it is written on; ``content`` is the spec's scenario loaded, None where it
        names none (the game's default content). ``args``: the instruction's model; ``setup``: the
        validated setup, or None. None by default."""
        return []

    def arrange(self, match: Any, setup: Any) -> None:
        """Put the match into the position a spec's ``setup:`` describes (figures, tracks, hands);
        raises :class:`RulesError` for one it cannot take."""
        raise RulesError(f"{self.name} arranges nothing: a spec of it has no setup")

    def ask(self, posed: Any, instruction: str, args: Any, dice: Any = None) -> list[Answer]:
        """The enemy's answer to one of :attr:`instructions` in the posed situation, part by part,
        each with its comparison key and ties. ``args``: the instruction's model; ``dice``: the
        players' dice (forced faces or a generator)."""
        raise RulesError(f"{self.name} answers no instruction {instruction!r}; it answers "
                         f"{', '.join(self.instructions) or 'none'}")

    # -- search bots -----------------------------------------------------------------------------
    @property
    def evaluation(self) -> dict[str, float]:
        """A logistic model of the heroes' chances over :meth:`features` (name -> weight, "bias"
        the intercept), fitted on the heuristic bot's games (``bench/fit_evaluation.py``): the
        search module's ``WEIGHTS``; empty: none (a game may also set it as a class attribute)."""
        return getattr(self.search_model, "WEIGHTS", {})

    def evaluation_for(self, match: Any) -> dict[str, float]:
        """The weights :meth:`evaluate` uses for this match: the search module's
        ``WEIGHTS_BY_HEROES`` for its hero count where the game fitted that count on its own (a
        count whose rules differ, like the Underworld's solitaire), else :attr:`evaluation`."""
        by_count = getattr(self.search_model, "WEIGHTS_BY_HEROES", {})
        return by_count.get(len(self.heroes(match)), self.evaluation)

    def search_horizon_for(self, heroes: int) -> int:
        """Rounds a search bot's rollout plays at this hero count: :attr:`search_horizons`' entry,
        else :attr:`search_horizon`."""
        return self.search_horizons.get(heroes, self.search_horizon)

    def search_confirm_for(self, heroes: int) -> int:
        """Worlds a search bot plays a departure out in at this hero count (0: none)."""
        return self.search_confirm.get(heroes, 0)

    def determinize(self, match: Any, rng: np.random.Generator) -> Any:
        """A clone of the match as it could be, given what the heroes know (information-set
        search): every hidden card, tile or counter dealt again at random from those the heroes
        cannot tell apart, and the game's generator reseeded from ``rng`` so that no future draw
        or die is known. Default: the search module's, else the generator reseeded (a game with
        no hidden cards); a game with hidden decks or face-down counters shuffles them too."""
        if self.search_model is not None:
            return self.search_model.determinize(match, rng)
        out = self.clone(match)
        state = self.state(out)
        if isinstance(getattr(state, "rng", None), dict):
            state.rng = rng_state(new_rng(int(rng.integers(2**62))))
        return out

    def features(self, match: Any) -> dict[str, float]:
        """What :attr:`evaluation` weighs: a few numbers of the position, each about 0 to 1
        (progress, the enemy's clock, the heroes' health...). Default: the search module's."""
        return {} if self.search_model is None else self.search_model.features(match)

    def evaluate(self, match: Any) -> float:
        """The heroes' chances from here, 0 to 1, judged without playing on (a search bot's
        rollout stops early and asks this): 1 won, 0 lost, else :attr:`evaluation`'s logistic
        model of :meth:`features` (:meth:`evaluation_for`; one half without one)."""
        out = self.outcome(match)
        if out is not None:
            return 1.0 if out.result == "victory" else 0.0
        weights = self.evaluation_for(match)
        if not weights:
            return 0.5
        return logistic(self.features(match), weights)

    # -- for people --------------------------------------------------------------------------------
    def narrate(self, match: Any, events: list[Event]) -> list[str]:
        """Lines that tell the events, in order."""
        return [str(e) for e in events]

    def picture(self, match: Any) -> str:
        """The board as text."""
        return ""

    def status(self, match: Any) -> list[str]:
        """Round, tracks and the heroes, a line each."""
        return [f"round {self.round(match)}"]

    def describe(self, action: Action) -> str:
        """One action in words (numbered options, logs)."""
        return " ".join(f"{k}={v}" for k, v in action.items())

    @abstractmethod
    def table(self, match: Any) -> Table:
        """The game's commands at the table for this match."""

    # -- for learning agents ---------------------------------------------------------------------
    def agents(self, content: Any, heroes: list[str]) -> AgentSpec | None:
        """The PettingZoo view of the game (None: the game has none)."""
        return None
