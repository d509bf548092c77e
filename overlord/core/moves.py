"""A move defined once (boardgame.io's ``moves``, OpenSpiel's ``legal_actions`` beside
``action_to_string``): what the heroes' side may do, each action written in one place.

A :class:`Move` is a verb with its :class:`Param` s (each a key of the action dict, with what it
names - a hero, a field, a counter, an integer in a range, one of a few words - and how the table
types it), its help line, when it is possible, how its legal instances are listed, how it is
applied, how an instance is worded, the events it tells, and its indices for learning agents. A
game's moves are one :class:`Moves`, and everything the framework needs of an action comes from it:

* the legal actions: plain JSON-able dicts ``{"do": verb, param: value, ...}`` (the same in a
  save, a log, a bot's choice and a typed command), listed move by move (:meth:`Moves.legal`) or by
  the game in its own order from the moves' constructors (``BUY(item, buyer)``);
* applying one (:meth:`Moves.apply`: the move's own function);
* the table: its help lines (:meth:`Moves.commands`), and its parsing by parameter name - from the
  words typed alone (:meth:`Moves.read`: types and ranges checked) or matched against the legal
  actions, which fill in what was not typed (:meth:`Moves.parse`);
* the words of an action (:meth:`Moves.describe`: numbered options, logs, the save's labels) and
  of the events a move logs (:meth:`Moves.teller`);
* the PettingZoo numbering: a fixed ``Discrete`` index per action (:meth:`Moves.slots`,
  :meth:`Moves.encode`, :meth:`Moves.agent_spec`): each move takes the indices it names, in the
  moves' order (or a kept layout, :attr:`Moves.numbering`, new moves after it), so adding a move
  never renumbers the others;
* the JSON form of each move (:meth:`Move.to_json`, :meth:`Moves.buttons`) a web page draws a
  button or a form from.

A game whose table reports what happened rather than choosing (Forgotten Souls: ``hurt``,
``defeated``) defines those commands the same way: a move with no ``legal`` (never offered),
whose ``apply`` records the report.

The player's own choices that ride along with any action of a game (the Dragon's ``cubes=...``,
``lose=...``) are :attr:`Moves.choices`: params typed as ``word=value``, never part of a legal
instance; a move's help shows those it names in ``shows``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from .context import Context
from .game import AgentSpec, RulesError, Table, TableReply

KINDS = ("hero", "monster", "figure", "field", "space", "counter", "item", "card", "skill", "task", "int", "word",
         "words", "yes/no", "flag", "repeated", "one")
#: the kinds typed after a move's other words, in any order, each optional: a ``flag`` is its one word
#: (``wish``: True when typed), a ``repeated`` param any number of its ``choices`` (``red blue``: a list),
#: a ``one`` param one of its ``choices`` (``stay red``: the colour a word among the others)
LOOSE = ("flag", "repeated", "one")
#: a keyword param's default: the hero to act (``buy ITEM`` buys for the buyer himself)
ACTOR = "the hero to act"
#: an optional param's default where words are matched exactly (:meth:`Move.matches`): left out, it
#: names any of the legal instances (``descend`` alone: the one portal there is)
ANY = "any listed"


@dataclass(frozen=True)
class Param:
    """One parameter of a move: ``name`` is its key in the action. ``kind`` says what it names
    (:data:`KINDS`); ``word`` how help writes it (``FIELD``; default the name in capitals);
    ``choices`` the words it may be where they are fixed (the skills), else the legal instances
    say; ``low``/``high`` an integer's range. At the table it is typed in its place among the
    move's words, or after ``keyword`` (``for HERO``, ``with SPELL``: ``default`` is what it means
    when not typed: None, or :data:`ACTOR`); ``optional`` shows it in brackets; ``shown=False``
    leaves it out of the help (it may still be typed); ``typed=False``: never typed, the legal
    instance gives it (the confused hero a ``steer`` moves); ``listed=False``: the legal instances
    do not carry it - the players say it (a die they rolled) or a default decides. The kinds
    typed loosely after the move's other words (:data:`LOOSE`): a ``flag`` is typed as its word
    (``wish``; its value ``sets``, True unless said), a ``repeated`` param as any number of its
    ``choices`` (``red blue``; its value the list), a ``one`` param as one of them; all optional.
    A ``space`` is typed ``X,Y`` (its value the list ``[x, y]``); ``joined``: the last param typed
    in place takes the rest of the words, joined by spaces (a card's name of several words:
    ``search leoric Health Potion``). How a typed word is read: ``case`` "lower" or "upper" reads
    it in that case; an ``int`` typed counting from ``base`` (the players' stack 1 is the action's
    0); ``refusal``, where set, is also what a word that is no number is told. Where the value
    goes in the action read from the words: under its name, or along ``into``, a path of keys
    ("with.treasure.wish": the Underworld's choices ride in the action's ``with``); ``nullable``:
    an optional param left out is None in the action (the Underworld's ``attack`` without a
    skill)."""

    name: str
    kind: str = "word"
    word: str = ""
    choices: tuple = ()
    low: int | None = None
    high: int | None = None
    keyword: str = ""
    default: Any = None
    optional: bool = False
    shown: bool = True
    typed: bool = True
    listed: bool = True
    refusal: str = ""          # a keyword param whose value fits nothing (a word no number): what the refusal says
    unordered: bool = False
    joined: bool = False
    sets: Any = True
    case: str = ""
    base: int = 0
    into: str = ""
    nullable: bool = False

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"param {self.name}: kind {self.kind!r} is not one of {', '.join(KINDS)}")
        if self.case not in ("", "lower", "upper"):
            raise ValueError(f"param {self.name}: case {self.case!r} is not lower or upper")

    @property
    def shape(self) -> str:
        if self.kind == "flag":
            return self.word or self.name
        return self.word or self.name.upper()

    @property
    def loose(self) -> bool:
        return self.kind in LOOSE

    def usage(self) -> str:
        text = f"{self.keyword} {self.shape}" if self.keyword else self.shape
        if self.kind == "repeated":
            text += " ..."
        return f"[{text}]" if self.optional or self.loose else text

    def takes(self, typed: str) -> bool:
        """Whether a loose param takes the word ``typed`` (a flag its word, a repeated one a choice)."""
        if self.kind == "flag":
            return typed.lower() == self.shape.lower()
        return self.kind in ("repeated", "one") and typed.lower() in self.choices

    def value(self, typed: str, verb: str) -> Any:
        """A typed word as this param's value; RulesError (one line) for a word it cannot be."""
        typed = typed.lower() if self.case == "lower" else typed.upper() if self.case == "upper" else typed
        if self.kind == "int":
            if not typed.lstrip("-").isdigit():
                raise RulesError(f"{verb}: {self.refusal}, not {typed!r}" if self.refusal
                                 else f"{verb}: {self.shape} is a number, not {typed}")
            number = int(typed) - self.base
            if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
                low, high = (None if v is None else v + self.base for v in (self.low, self.high))
                raise RulesError(f"{verb}: {self.shape} is {low} to {high}, not {number + self.base}")
            return number
        if self.kind == "space":
            x, comma, y = typed.partition(",")
            if not (comma and x.lstrip("-").isdigit() and y.lstrip("-").isdigit()):
                raise RulesError(f"{verb}: {self.shape} is a space X,Y, not {typed}")
            return [int(x), int(y)]
        if self.kind == "yes/no":
            return typed.lower() in ("yes", "true", "1")
        if self.kind == "flag":
            return self.sets
        if self.kind == "repeated":
            return [typed.lower()]
        if self.kind == "one":
            return typed.lower()
        if self.kind == "words":
            return [v for v in typed.split(",") if v]
        if self.choices and typed not in self.choices:
            raise RulesError(f"{verb}: {self.shape} is one of {', '.join(map(str, self.choices))}, not {typed}")
        return typed

    def to_json(self) -> dict:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "word": self.shape}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.low is not None or self.high is not None:
            out["range"] = [self.low, self.high]
        if self.keyword:
            out["keyword"] = self.keyword
        out.update(optional=self.optional, typed=self.typed, listed=self.listed)
        if self.unordered:
            out["unordered"] = True
        if self.joined:
            out["joined"] = True
        return out


@dataclass(frozen=True)
class Move:
    """One action of the heroes' side, defined once (see the module's docstring). ``apply`` is
    called as ``apply(ctx, action, *extra)`` (the extra arguments are the game's: the Dragon passes
    the hero to act and the player's choices); ``legal(ctx)`` lists this move's instances where the
    game lists move by move; ``words(action)`` words an instance (default: the verb and its values
    in order); ``tells``: event name -> how the game words that event, for the events only this
    move logs; ``slots``: the names of its indices for learning agents (default: one, its name)
    and ``slot(ctx, action, memo)`` the one an instance takes (None: it has none; ``memo``: a dict
    shared by one call of :meth:`Moves.encode`); ``typed``: the order its params are typed in,
    where it is not the order of their keys in the action (and read in: a keyword param named
    there is read in that place); ``numbered=False``: the table lists its
    instances as one line of values rather than as numbered options; ``cost``: what it costs of the
    hero's action points (the game's unit; 0: free, as Heldentaufe's ``eat``); ``verb``: the word
    the table types for it where it is not its name (the Underworld's ``skip`` for ``skip_extend``);
    ``after``: where set, a word typed after the move's own that no param takes (or a keyword
    without its value) is refused as "VERB: unexpected 'WORD'; AFTER" rather than as too many words;
    ``rides``: the player's choices an instance may carry beside its params (the Underworld's
    ``with``: the rules' keyword arguments, typed or a bot's), in the order a refusal names them."""

    name: str
    help: str
    params: tuple[Param, ...] = ()
    apply: Callable[..., Any] | None = None
    legal: Callable[[Any], list[dict]] | None = None
    words: Callable[[dict], str] | None = None
    when: str = ""
    usage: str = ""
    shows: tuple[str, ...] = ()
    typed: tuple[str, ...] = ()
    slots: tuple[str, ...] | None = None
    slot: Callable[[Any, dict, dict], str | None] | None = None
    tells: dict[str, Callable] = field(default_factory=dict)
    numbered: bool = True
    cost: int = 0
    verb: str = ""
    after: str = ""
    rides: tuple[str, ...] = ()

    def __call__(self, *values, **named) -> dict:
        """An instance: ``{"do": name, param: value, ...}`` in the params' order; values by position
        or by name (a param left out is left out of the action)."""
        if len(values) > len(self.params):
            raise TypeError(f"{self.name} takes {len(self.params)} values, got {len(values)}")
        given = {p.name: v for p, v in zip(self.params, values)}
        unknown = set(named) - {p.name for p in self.params}
        if unknown:
            raise TypeError(f"{self.name} has no param {', '.join(sorted(unknown))}")
        given.update(named)
        return {"do": self.name, **{p.name: given[p.name] for p in self.params if p.name in given}}

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)

    def typed_params(self) -> list[Param]:
        """The params typed in place (not after a keyword, not loose), in the order they are typed."""
        order = list(self.typed) or [p.name for p in self.params]
        return [self.param(n) for n in order
                if self.param(n).typed and not self.param(n).keyword and not self.param(n).loose]

    def syntax(self, choices: Sequence[Param] = ()) -> str:
        if self.usage:
            return self.usage
        shown = [p.usage() for p in self.typed_params() if p.shown]
        shown += [p.usage() for p in self.params if (p.keyword or p.loose) and p.shown]
        shown += [f"[{c.name}={c.shape}]" for c in choices if c.name in self.shows]
        return " ".join(shown)

    @property
    def said(self) -> str:
        """The word the table types for this move."""
        return self.verb or self.name

    def help_line(self, choices: Sequence[Param] = ()) -> str:
        syntax = self.syntax(choices)
        return f"{self.said}{' ' + syntax if syntax else ''} - {self.help}"

    def form(self, **values: Any) -> str:
        """The command as typed at the table with these values (``move leoric X,Y``, ``revive
        leoric by tarha``): a param given shows its value (None: its shape, a space as ``X,Y``), a
        required one not given its shape, an optional one not given nothing; a flag given True
        its word."""
        def typed(p: Param, value: Any) -> str:
            if value is None:
                return p.shape
            if p.kind == "space":
                return f"{value[0]},{value[1]}"
            if p.kind == "int" and p.base and isinstance(value, int):
                return str(value + p.base)            # typed counting from its base (the players' stack 1)
            return " ".join(map(str, value)) if isinstance(value, list) else str(value)

        words = [self.said]
        words += [typed(p, values.get(p.name)) for p in self.typed_params() if p.name in values or not p.optional]
        for p in self.params:
            if p.keyword and (p.name in values or not p.optional):
                words += [p.keyword, typed(p, values.get(p.name))]
            elif p.kind == "flag" and values.get(p.name):
                words.append(p.shape)
            elif p.kind == "repeated" and values.get(p.name):
                words += list(values[p.name])
        return " ".join(words)

    def describe(self, action: dict) -> str:
        if self.words is not None:
            return self.words(action)
        return " ".join([self.name] + [str(v) for k, v in action.items() if k != "do"])

    def matches(self, action: dict, words: Sequence[str]) -> bool:
        """Whether the words typed name this instance exactly (a table that takes every word, as
        Heldentaufe's): the values of its typed params in order, a list value as its words (in any
        order where ``unordered``), compared without case; a param the instance lacks is not typed,
        and one left out at the end matches only where its ``default`` is :data:`ANY`."""
        typed = [w.lower() for w in words]
        k = 0
        for p in self.typed_params():
            value = action.get(p.name)
            if value is None:
                continue
            values = [str(x).lower() for x in value] if isinstance(value, list) else [str(value).lower()]
            got = typed[k:k + len(values)]
            if not got and p.default == ANY:
                continue
            if (sorted(got) != sorted(values)) if p.unordered else (got != values):
                return False
            k += len(values)
        return k == len(typed)

    def slot_names(self) -> tuple[str, ...]:
        return (self.name,) if self.slots is None else self.slots

    def slot_of(self, ctx: Any, action: dict, memo: dict) -> str | None:
        return self.name if self.slot is None else self.slot(ctx, action, memo)

    def to_json(self, choices: Sequence[Param] = ()) -> dict:
        """What a web page needs to draw this move as a button (no params) or a form."""
        return {"name": self.name, "help": self.help, "usage": self.help_line(choices).split(" - ", 1)[0],
                "when": self.when, "params": [p.to_json() for p in self.params],
                "choices": [c.to_json() for c in choices if c.name in self.shows],
                **({"cost": self.cost} if self.cost else {}), **({"rides": list(self.rides)} if self.rides else {})}


class Moves:
    """A game's moves (see the module's docstring). ``numbering``: the names of moves whose
    indices keep a published layout, in that order (or of one index of a move, where a move's
    indices are not side by side: Heldentaufe's ``end`` is 0 and, improving, 52); the other moves'
    follow in their own order.
    ``listing(ctx)``: the legal actions where the game lists them in an order of its own (the
    Dragon's: a pending choice, a market, a fight, movement, actions, spells) from the moves'
    constructors; without it, every move's ``legal`` in turn."""

    def __init__(self, moves: Iterable[Move], choices: Iterable[Param] = (), numbering: Sequence[str] = (),
                 listing: Callable[[Any], list[dict]] | None = None):
        self.listing = listing
        self.moves: dict[str, Move] = {}
        for m in moves:
            if m.name in self.moves:
                raise ValueError(f"two moves are named {m.name!r}")
            self.moves[m.name] = m
        self.choices: tuple[Param, ...] = tuple(choices)
        slots = {s for m in self.moves.values() for s in m.slot_names()}
        unknown = [n for n in numbering if n not in self.moves and n not in slots]
        if unknown:
            raise ValueError(f"numbering names no move or index {', '.join(unknown)}")
        self.numbering = tuple(numbering)

    def __getitem__(self, name: str) -> Move:
        return self.moves[name]

    def __contains__(self, name: str) -> bool:
        return name in self.moves

    def __iter__(self):
        return iter(self.moves.values())

    @property
    def names(self) -> list[str]:
        return list(self.moves)

    def of(self, action: dict) -> Move:
        move = self.moves.get(action.get("do")) if isinstance(action, dict) else None
        if move is None:
            raise RulesError(f"no such action: {action.get('do') if isinstance(action, dict) else action}")
        return move

    def with_move(self, move: Move, after: str | None = None) -> "Moves":
        """These moves and one more (a variant, a test), placed after ``after`` (default: last)."""
        moves = list(self.moves.values())
        at = len(moves) if after is None else self.names.index(after) + 1
        return Moves(moves[:at] + [move] + moves[at:], self.choices, self.numbering, self.listing)

    # -- play ----------------------------------------------------------------------------------------
    def legal(self, ctx: Any) -> list[dict]:
        """The legal actions: the game's ``listing``, else every move's instances, move by move
        (the moves with a ``legal``)."""
        if self.listing is not None:
            return self.listing(ctx)
        return [a for m in self.moves.values() if m.legal is not None for a in m.legal(ctx)]

    def choice_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.choices)

    def core(self, action: dict) -> dict:
        """The action without the player's choices and what the players say (as legal lists it)."""
        move = self.moves.get(action.get("do"))
        said = {p.name for p in move.params if not p.listed} if move else set()
        return {k: v for k, v in action.items() if k not in self.choice_names() and k not in said}

    def find(self, verb: str, words: Sequence[str], legal: list[dict]) -> dict | None:
        """The first of ``legal`` the words typed name exactly (:meth:`Move.matches`), or None."""
        move = self[verb]
        return next((a for a in legal if a.get("do") == verb and move.matches(a, words)), None)

    def apply(self, ctx: Any, action: dict, *extra) -> Any:
        move = self.of(action)
        if move.apply is None:
            raise RulesError(f"{move.name} is not played, only reported")
        return move.apply(ctx, action, *extra)

    # -- words -------------------------------------------------------------------------------------------
    def describe(self, action: dict) -> str:
        """An action in words (one not well formed: its keys and values)."""
        move = self.moves.get(action.get("do"))
        try:
            if move is not None:
                return move.describe(action)
        except (KeyError, TypeError, ValueError):
            pass
        return " ".join(str(v) if k == "do" else f"{k}={v}" for k, v in action.items())

    def check(self, action: dict, legal: list[dict]) -> None:
        """Refuse (one line) an action that is not one of ``legal`` (its choices apart)."""
        if self.core(action) not in legal:
            raise RulesError(self.refusal(action, legal))

    def refusal(self, action: dict, legal: list[dict]) -> str:
        """The one line that refuses ``action``: it and the legal actions, in words."""
        return (f"not legal now: {self.describe(action)}; legal: "
                + ("; ".join(self.describe(a) for a in legal[:12]) or "nothing")
                + (" ..." if len(legal) > 12 else ""))

    def teller(self, event: str) -> Callable | None:
        """How the event ``event`` is worded, where a move tells it."""
        for m in self.moves.values():
            if event in m.tells:
                return m.tells[event]
        return None

    # -- the table ---------------------------------------------------------------------------------------
    def commands(self) -> dict[str, str]:
        """verb -> its help line, for :attr:`overlord.core.game.Table.commands`."""
        return {m.said: m.help_line(self.choices) for m in self.moves.values()}

    def typed(self, verb: str) -> Move:
        """The move the table's word ``verb`` names (its ``verb``, else its name)."""
        move = next((m for m in self.moves.values() if m.said == verb), None)
        if move is None:
            raise RulesError(f"no such action: {verb}")
        return move

    def read_choices(self, args: Iterable[str]) -> dict:
        """The player's ``word=value`` choices typed."""
        out: dict = {}
        known = {c.name: c for c in self.choices}
        for arg in args:
            word, _, value = arg.partition("=")
            if word not in known:
                raise RulesError(f"{arg}: not a choice; choices are {', '.join(f'{w}=...' for w in known) or 'none'}")
            kind = known[word].kind
            if kind == "int" and not value.isdigit():
                raise RulesError(f"{arg}: {word} is a number")
            out[word] = known[word].value(value, arg)
        return out

    def read(self, verb: str, args: list[str], value: Callable[[Param, str, str], Any] | None = None,
             usage: bool = False) -> dict:
        """The action the words typed say, every typed param checked against its kind and range,
        none against the legal actions (``apply`` refuses what is not legal now). The move's
        required words come first; after them, keyword params (``shadow SKILL``: the keyword and
        its value, the words after it read on: ``revive HERO by HERO HEARTS``) and loose params
        (flags, repeated words, one of a few words) in any order; a ``joined`` param takes the rest
        of the words. A param's value goes into the action under its name or along its ``into``.
        The words in place are read in the move's ``typed`` order, a keyword param named there in
        its place (the others when their keyword is found). ``value(param, word, verb)``: how the
        game reads a typed word as a param's value where it checks more than the kind (a hero of
        this match, with a hint; default :meth:`Param.value`). ``usage``: a command with words
        missing or too many, a keyword with no word after it or a required keyword left out, is
        refused as "usage: " and its help line (Forgotten Souls' table)."""
        move = self.typed(verb)
        read = value or (lambda p, w, v: p.value(w, v))

        def malformed(refusal: str) -> RulesError:
            return RulesError(f"usage: {move.help_line(self.choices)}" if usage else refusal)

        words = [a for a in args if "=" not in a]
        choices = self.read_choices([a for a in args if "=" in a])
        raw: dict[str, str] = {}
        values: dict[str, Any] = {}
        typed = move.typed_params()
        head = len([p for p in typed if not p.optional])

        def unexpected(word: str) -> RulesError:
            return RulesError(f"{verb}: unexpected {word.lower()!r}; {move.after}")

        for p in move.params:
            low = [w.lower() for w in words]
            if not p.keyword or p.keyword.lower() not in low[head:]:
                if p.keyword and not p.optional and p.typed:
                    raise malformed(f"{verb}: say {p.keyword} {p.shape} ({verb} {move.syntax(self.choices)})")
                continue
            k = low.index(p.keyword.lower(), head)
            if k + 1 >= len(words):
                if move.after:
                    raise unexpected(words[k])
                if usage:
                    raise malformed("")
                words = words[:k]
                continue
            if p.name in move.typed:
                raw[p.name] = words[k + 1]            # read in its place among the typed words
            else:
                try:
                    values[p.name] = read(p, words[k + 1], verb)
                except RulesError:
                    if move.after:
                        raise unexpected(words[k]) from None
                    raise
            words = words[:k] + words[k + 2:]
        loose = [p for p in move.params if p.loose]
        if loose:
            rest = []
            for w in words[head:]:
                p = next((p for p in loose if p.takes(w)), None)
                if p is None:
                    rest.append(w)
                elif p.kind == "repeated":
                    values.setdefault(p.name, []).append(w.lower())
                else:
                    values[p.name] = p.value(w, verb)
            words = words[:head] + rest
        if typed and typed[-1].joined and len(words) > len(typed):
            words = words[:len(typed) - 1] + [" ".join(words[len(typed) - 1:])]
        if len(words) > len(typed):
            if move.after:
                raise unexpected(words[len(typed)])
            raise malformed(f"{' '.join([verb] + args)}: too many words ({move.help_line(self.choices)})")
        missing = [p.shape for p in typed[len(words):] if not p.optional]
        if missing and usage:
            raise malformed("")
        raw.update((p.name, w) for p, w in zip(typed, words))
        for name in dict.fromkeys([*move.typed, *(p.name for p in move.params)]):   # in the order typed
            if name in raw:
                values[name] = read(move.param(name), raw[name], verb)
        if missing:
            raise RulesError(f"{verb}: say {' '.join(missing)} ({verb} {move.syntax(self.choices)})")
        for p in typed[len(words):]:
            if p.nullable:
                values[p.name] = None
        action: dict[str, Any] = {"do": move.name}
        for p in move.params:
            if p.name in values:
                *path, last = (p.into or p.name).split(".")
                at = action
                for key in path:
                    at = at.setdefault(key, {})
                at[last] = values[p.name]
        return {**action, **choices}

    def parse(self, verb: str, args: list[str], legal: list[dict], actor: str | None = None,
              options: list[dict] | None = None) -> dict:
        """The legal action the words typed name: the words fill the move's typed params in order
        (keyword params after their word; one not typed means its ``default``), the legal actions
        that agree give the rest; several that agree where words are missing are asked about
        ("say which"), and the player's ``word=value`` choices ride along. An option typed word for
        word as ``options`` shows it (a gloss in brackets too) is that option. ``options``: what the
        refusal lists when the move is not possible now (default: the legal actions)."""
        move = self.typed(verb)
        words = [a for a in args if "=" not in a]
        choices = self.read_choices([a for a in args if "=" in a])
        mine = [a for a in legal if a.get("do") == move.name]
        shown = [a for a in mine if self.describe(a).lower() == " ".join([verb, *args]).lower()]
        if len(shown) == 1:                   # an option typed as `options` shows it, its gloss and all
            return dict(shown[0])
        if not mine:
            when = f" (only {move.when})" if move.when else ""
            raise RulesError(f"{verb}: not possible now{when}; the options: "
                             + "; ".join(self.describe(a) for a in (legal if options is None else options)[:12]))
        for p in move.params:
            if not p.keyword:
                continue
            if p.keyword in words:
                k = words.index(p.keyword)
                words, given = words[:k], words[k + 1:]
                fits = [a for a in mine if a.get(p.name) == (given[0] if given else p.default)]
                if not fits and p.refusal:
                    raise RulesError(f"{' '.join([verb] + args)}: {p.refusal}; possible: "
                                     + "; ".join(self.describe(a) for a in mine))
                mine = fits
            elif p.default == ACTOR:
                mine = [a for a in mine if a.get(p.name) == actor]
            else:
                mine = [a for a in mine if not a.get(p.name)]
        keys = [p for p in move.typed_params() if p.listed and any(p.name in a for a in mine)]
        given = [p.value(w, verb) if p.kind == "int" and w.lstrip("-").isdigit() else w for p, w in zip(keys, words)]
        fits = [a for a in mine if all(a.get(p.name) == w for p, w in zip(keys, given))]
        if len(words) > len(keys) or not fits:
            raise RulesError(f"{' '.join([verb] + args)}: not possible now; possible: "
                             + "; ".join(self.describe(a) for a in mine[:12]))
        if len(fits) > 1 and len(words) < len(keys):
            raise RulesError(f"{verb}: say which - " + "; ".join(self.describe(a) for a in fits[:12]))
        return {**fits[0], **choices}

    # -- learning agents ---------------------------------------------------------------------------------
    def slots(self) -> list[str]:
        """The names of the ``Discrete`` indices, in order: the kept layout (a move named there
        takes its indices, an index named alone its place), then the other moves' indices."""
        kept = [s for n in self.numbering for s in (self.moves[n].slot_names() if n in self.moves else (n,))]
        return kept + [s for m in self.moves.values() for s in m.slot_names() if s not in kept]

    def encode(self, ctx: Any, legal: list[dict]) -> list[int | None]:
        """Each legal action's index (None: it has none)."""
        index = {name: i for i, name in enumerate(self.slots())}
        memo: dict = {}
        out: list[int | None] = []
        for a in legal:
            move = self.moves.get(a.get("do"))
            name = move.slot_of(ctx, a, memo) if move is not None else None
            out.append(index.get(name) if name is not None else None)
        return out

    def agent_spec(self, obs_size: int, observe: Callable[[Any, str], np.ndarray], context: Callable[[Any], Any],
                   told: str = "") -> AgentSpec:
        """The PettingZoo view: the moves' numbering behind a mask, the game's observation.
        ``context(match)``: what the moves' ``slot`` functions read."""
        names = self.slots()
        described = ", ".join(f"{i} {n}" for i, n in enumerate(names))
        return AgentSpec(len(names), obs_size, observe, lambda match, legal: self.encode(context(match), legal),
                         f"{told}\n{described}" if told else described)

    # -- the web -----------------------------------------------------------------------------------------
    def to_json(self) -> list[dict]:
        """Every move's JSON form (:meth:`Move.to_json`)."""
        return [m.to_json(self.choices) for m in self.moves.values()]

    def buttons(self, legal: list[dict]) -> list[dict]:
        """The legal actions as a page draws them: the action, its words and its move's name."""
        return [{"move": a["do"], "label": self.describe(a), "action": a} for a in legal]


def enemy_until_hero(rules: Any, match: Any, dice: np.random.Generator | None = None,
                     last_round: int | None = None) -> list:
    """The enemy acts until a hero must (or the game ends, or ``last_round`` is played): its
    phases, as many as are due (a table after a command, the PettingZoo environment). Returns the
    events."""
    events: list = []
    while rules.to_act(match) is None and rules.outcome(match) is None \
            and (last_round is None or match.state.round <= last_round):
        events += rules.enemy_phase(match, dice)
    return events


class MovesRules:
    """The defaults a game's :class:`Moves` give its ``GameRules`` (a mixin, named before
    ``GameRules`` among the bases): the legal actions, their words, the table's help, the
    PettingZoo numbering. The game sets :attr:`moves` (and :attr:`context` where its rules take a
    context of their own) and applies an action with :meth:`play`."""

    moves: Moves
    context: type[Context] = Context
    to_act: Callable[[Any], str | None]        # GameRules' (declared for the type checker; the mixin has none)

    def describe(self, action: dict) -> str:
        return self.moves.describe(action)

    def reading(self, match: Any) -> Any:
        """A context that only reads the match (listing the legal actions, numbering them)."""
        return self.context.reading(match.state, match.content)

    def legal_actions(self, match: Any) -> list[dict]:
        return [] if self.to_act(match) is None else self.moves.legal(self.reading(match))

    def play(self, match: Any, action: dict, dice: np.random.Generator | None = None, *extra) -> tuple[Any, Any]:
        """Check ``action`` against the legal actions (:meth:`refused` words the refusal) and apply
        it in a context opened on the match (:meth:`started` first records what the game keeps of
        an action begun); returns the context and what the move's apply returned (the game
        finishes the step and commits the context)."""
        legal = self.legal_actions(match)
        if self.moves.core(action) not in legal:
            raise self.refused(match, action, legal)
        ctx = self.context.open(match.state, match.content, dice)
        self.started(ctx, action, *extra)
        return ctx, self.moves.apply(ctx, action, *extra)

    def refused(self, match: Any, action: dict, legal: list[dict]) -> RulesError:
        """The refusal of an action that is not legal now (default: :meth:`Moves.refusal`'s line)."""
        return RulesError(self.moves.refusal(action, legal))

    def started(self, ctx: Any, action: dict, *extra) -> None:
        """What a game records when a legal action begins, before its move applies (the
        Underworld's ``action`` event); by default nothing."""


class MovesTable(Table):
    """A table whose commands are the game's moves (their help lines): a command is read by
    :meth:`action` (the words typed alone, :meth:`Moves.read`; a game whose legal actions fill in
    what is not typed uses :meth:`Moves.parse`), applied, and the enemy acts until a hero must.
    ``options`` names the moves the hero to act may make."""

    rules: Any          # a MovesRules game (the mixin is no GameRules of its own)

    def __init__(self, rules: Any, match: Any):
        super().__init__(rules, match)
        self.commands = {**rules.moves.commands(), **type(self).commands}

    def action(self, verb: str, args: list[str]) -> dict:
        return self.rules.moves.read(verb, args)

    def execute(self, verb: str, args: list[str], line: str) -> TableReply:
        action = self.action(verb, args)
        evs = self.rules.apply(self.match, action)
        evs += enemy_until_hero(self.rules, self.match)
        return TableReply(self.rules.narrate(self.match, evs), evs, changed=True, label=self.rules.describe(action))

    def options(self) -> list[str]:
        hero = self.rules.to_act(self.match)
        moves = dict.fromkeys(a["do"] for a in self.rules.legal_actions(self.match))
        return [f"{hero} to act: {', '.join(moves)}"] if hero else []
