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
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from .rng import rng_from_state
from .state import clone as clone_state, from_json
from .state import dumps

Action = dict
Event = dict
#: the key that marks an event which brought something hidden into view: a card, tile or counter
#: taken from a pile whose order the players do not know (a die roll never is one). Every game
#: marks its draws this one way (:func:`hidden_draw`) and the table reads it (:func:`drew_hidden`):
#: ``undo`` past such a command may be refused, as players could draw again until they liked it
HIDDEN_DRAW = "drew_hidden"
# a hero bot: (match, legal actions, the players' generator) -> one of the actions
Bot = Callable[[Any, list, np.random.Generator], Action]


def choose_random(match: Any, actions: list, rng: np.random.Generator) -> Action:
    """The random bot of every game: any legal action, uniformly, drawn from the players' ``rng``."""
    return actions[int(rng.integers(len(actions)))]


def hidden_draw(event: Event) -> Event:
    """Mark ``event`` as one that drew something hidden (see :data:`HIDDEN_DRAW`); returns it."""
    event[HIDDEN_DRAW] = True
    return event


def match_json(match: Any) -> str:
    """A match's state as compact JSON text (a save, a replay checkpoint); read back by
    :meth:`GameRules.from_json`."""
    return dumps(match.state)


def drew_hidden(events: list[Event]) -> bool:
    """Whether any of ``events`` drew something hidden (marked by :func:`hidden_draw`)."""
    return any(e.get(HIDDEN_DRAW) for e in events if isinstance(e, dict))


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
    #: the dice the rulebook gives to the players, named ("the heroes' trials: combat, tests and
    #: defence"), where a table may roll them (``--dice``); told as the players' or the program's
    dice: str = ""

    def lines(self, players_roll: bool = False) -> list[str]:
        """The lines told; ``players_roll``: the players roll :attr:`dice` (``--dice players``)."""
        use, replaced = list(self.use), list(self.replaced)
        if self.dice and players_roll:
            use.append(f"the dice, for {self.dice}: you roll them and type the faces when the program asks "
                       "(`dice 4 2`, or just `4 2`)")
        elif self.dice:
            replaced.append(f"every die, {self.dice} too: the program rolls them and tells the faces (--dice program)")
        out = ["What to put on the table:"]
        out += [f"  - {line}" for line in use]
        out += ["What the program keeps instead (leave these in the box, or set them as it says):"]
        out += [f"  - {line}" for line in replaced]
        out += ["Where things are:"]
        out += [f"  - {line}" for line in self.coordinates]
        return out


@dataclass(frozen=True)
class Printout:
    """What ``overlord print`` prints for a match: SVG pages sized in millimetres (A4 landscape),
    what ``--unit MM`` sizes (``measure``: "a square of the map") and its size on these pages, and
    what the pages hold, a line each."""

    pages: tuple[str, ...]
    measure: str
    measure_mm: float
    holds: tuple[str, ...]


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
    #: whether the heroes' dice of this game are drawn through :func:`overlord.core.dice.rolled`, so
    #: its players may roll them and type the faces when asked (``--dice players``); a game whose
    #: table takes the players' results in its own commands (Forgotten Souls' ``hurt``) says False
    typed_dice: bool = True

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

    def typed(self, action: Action) -> str:
        """The words a player types for ``action`` at this table (a bot typing at the table: the
        transcripts): the action's words, where the game's words are its commands."""
        return self.rules.describe(action)

    def closing(self) -> list[str]:
        """The lines after a command that changed the game: the epilogue when it has just
        ended, else what may be done now."""
        return self.epilogue() if self.rules.outcome(self.match) is not None else self.options()

    def undo_refused(self, command: str, message: str) -> str:
        """What to say when ``undo`` may not take back ``command`` (it drew hidden cards)."""
        return message

    def status(self) -> list[str]:
        """Round, tracks and the heroes, a line each (``status``, after each command)."""
        return [f"round {self.match.state.round}"]

    def picture(self) -> list[str]:
        """The board as text (``map``; empty: the game draws none)."""
        return []

    def printout(self, measure_mm: float | None = None, heroes: list[str] | None = None) -> "Printout | None":
        """The sheets to print for this match (``overlord print``): what the program's content stands
        for where the box prints it differently, at the box's scale. ``measure_mm``: the size on
        paper of the game's measure (None: the game's own); ValueError when it cannot be printed.
        ``heroes``: whose sheets to print where the game prints hero sheets (None: every hero the
        scenario names). None: the game prints nothing."""
        return None

    def drawing(self) -> Any:
        """The board as drawing data (an :class:`overlord.view.drawing.Drawing`: spaces, links,
        areas, pieces, markers, the last moves) for a picture of it; None: the game gives none yet."""
        return None

    def prompt(self) -> str:
        return f"[round {self.match.state.round}] {self.rules.name}> "

    def numbered_decisions(self) -> list[int]:
        """The numbers N of the last command's decisions that ``why N`` explains one by one (a page
        shows each one's comparison key and ties); empty: ``why`` alone tells them all."""
        return []

    def moves(self) -> list:
        """The :class:`overlord.core.moves.Moves` whose moves this table takes typed (a page draws
        its controls from them); default: the rules' own, where the game defines its moves."""
        found = getattr(self.rules, "moves", None)
        return [found] if found is not None else []

    def words(self) -> list[str]:
        """What Tab completes besides the commands."""
        return list(self.match.state.heroes)

    def undo_hidden_draws(self) -> bool:
        """Whether ``undo`` may go back past a command that drew hidden cards."""
        return True

    def epilogue(self) -> list[str]:
        """Lines when the game has just ended."""
        out = self.rules.outcome(self.match)
        return [f"== {out.result.capitalize()} ==", out.reason] if out else []

    def json_extra(self) -> dict:
        """What ``--json`` adds to every reply besides the command, lines and events."""
        return {"round": self.match.state.round}

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
    #: a scenario (a shipped one's name, or a path) and a party of its heroes: the game the
    #: conformance battery (``tests/test_conformance.py``) plays
    example: tuple[str, list[str]] = ("", [])
    #: the names of its state machines in ``overlord.core.machines`` (for ``overlord diagram``)
    machines: tuple[str, ...] = ()
    #: the hero bots: name -> Bot. "random" and "heuristic" are expected by the tools.
    bots: dict[str, Bot] = {}
    #: the dataclass of its state (for the default :meth:`from_json`)
    state_type: type | None = None
    #: the enemy's policies where the game has more than one (``overlord compare --enemy``: an
    #: ``overlord.core.enemies.EnemyPolicies``); None: the enemy plays one way only
    enemies: Any = None
    #: what the search bot knows of the game beyond its rules (``overlord.core.search.SearchModel``:
    #: its evaluation, determinisation and measured settings); None: the search's defaults
    search: Any = None
    #: what the game answers of behaviour specs (``overlord check``: an
    #: ``overlord.core.behaviour.SpecSupport``); None: it answers none
    specs: Any = None

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

    def from_json(self, content: Any, text: str) -> Any:
        """A match back from :func:`match_json` (older saves migrated on read); raises ValueError,
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
        state = match.state
        if hasattr(state, "rng"):
            rng_from_state(state.rng)
        return self.violations(match, full=True)

    # -- for people --------------------------------------------------------------------------------
    def narrate(self, match: Any, events: list[Event]) -> list[str]:
        """Lines that tell the events, in order."""
        return [str(e) for e in events]

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
