"""The family's state: what every game of the Heroes family keeps of its heroes, its board and its
turn, as plain data that goes through JSON unchanged (``overlord.core.state``). A game's state
extends it with what is the game's own (the Dragon's hoard and its machines; the Nameless).

Every counter instance lies in exactly one place: the bag, a field of the board (``board``: field
-> instances, face down when in ``down``), a hero's sheet, a market's pile (``market``), a market
on offer (``offer``), waiting to enter the bag (``aside``: a defeated creature goes back "only
afterwards", once its replacement is drawn), or out of the game (``removed``). A counter turned
over is in ``backs``: it is the thing on its back wherever it lies.

The saved order of a state's fields is the family's board (:class:`HeroesBoard`), the game's own
fields, then the family's clock (:class:`HeroesClock`). A game writes its own fields in a subclass
of ``HeroesBoard`` and joins the two::

    @dataclass
    class DragonOwn(HeroesBoard[HeroState]):
        hoard: int = 0
        ...

    @dataclass
    class DragonState(HeroesState[HeroState, TurnState], DragonOwn):
        turn: TurnState = field(default_factory=TurnState)

(Python orders a dataclass's fields by its classes from the last base up: the board, then what
the game's class adds to it, then the clock.) The figure on the board (``at``) and the turn are
the game's own dataclasses; the family's rules read of them only what :class:`Figure` and
:class:`Turn` name. A game names its ``at`` and ``turn`` types again in its own class, so that
the saves read them back as its dataclasses.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from overlord.core.context import Context
from overlord.core.state import events
from overlord.games.heroes.regions import RegionBoard
from overlord.games.heroes.sheet import HeroSheet


class Figure(Protocol):
    """What the family's rules read of a hero's figure: the field it stands on, the field it is
    searching a hidden route to (standing between the two, on neither), whether it is out of the
    game, his manor house (where he is reborn) and his generation (2 for the first's successor)."""

    field: str
    between: str
    out: bool
    manor: str
    generation: int


class Turn(Protocol):
    """What the family's rules read of the turn: whose it is, its phase (move, act, over), the
    movement points left, whether nothing is done yet, the field the last step entered, whether
    the turn's one draw from the bag is used, the creature that must be fought now, whether an
    action was taken, whether a market was called, and why the turn is over."""

    hero: str
    phase: str
    mp: int
    fresh: bool
    entered: str
    acted: bool
    market: bool
    drawn: bool
    combat: str
    why_over: str


class CounterFace(Protocol):
    """What the family's rules read of a counter's printed face: its name, whether it is a covered
    counter (the PA logo: placed face down), the field printed on it ("" for none) and its border."""

    @property
    def name(self) -> str: ...
    @property
    def covered(self) -> bool: ...
    @property
    def at(self) -> str: ...
    @property
    def border(self) -> str: ...


class HeroesContent(Protocol):
    """What the family's rules read of a game's content: the board and each counter's face."""

    @property
    def board(self) -> RegionBoard: ...
    def spec(self, instance: str) -> CounterFace: ...


F = TypeVar("F", bound=Figure)
T = TypeVar("T", bound=Turn)


@dataclass
class HeroesBoard(Generic[F]):
    """The heroes, their sheets and figures, the bag, the board's counters and the markets."""

    scenario: str
    seed: int
    mode: str                  # the game's modes (the Dragon: coop or book)
    heroes: list[str]
    rng: dict
    rules: dict
    sheets: dict[str, HeroSheet]
    at: dict[str, F]
    bag: list[str]
    board: dict[str, list[str]]
    down: list[str]
    backs: list[str]
    market: list[str]
    offer: list[str] = dataclasses.field(default_factory=list)
    removed: list[str] = dataclasses.field(default_factory=list)
    aside: list[str] = dataclasses.field(default_factory=list)
    pending: dict[str, str] = dataclasses.field(default_factory=dict)   # a choice the players owe


@dataclass
class HeroesClock(Generic[T]):
    """The round, whose turn it is and the turn itself, the end, and the log."""

    round: int = 1
    order: int = 0             # the index in ``heroes`` of the hero whose turn it is
    turn: T = dataclasses.field(kw_only=True)      # the game's turn: a game names it with its default
    outcome: str = ""
    reason: str = ""
    last_action: int = -1      # where in the log the last action's events begin (the table's `why`); -1: none
    log: list[dict] = events()


@dataclass
class HeroesState(HeroesClock[T], HeroesBoard[F], Generic[F, T]):
    """The family's state: its board, then its clock (a game's own fields go between)."""


class HeroesCtx(Context):
    """One step of play (``overlord.core.context``) as the family's rules see it: the state
    (``s``), its content (``c``), the hero whose turn it is. A game's context narrows ``s`` and
    ``c`` to its own state and content.

    A combined game's context names its own parts of the family's rules, which every rule of the
    family run through it takes in place of the game's own (a counter of the other box drawn by
    this game's rules is dealt by its own box's; a turn starts with both games' starts); None: the
    game's: ``bag_rules`` (``heroes.draws.BagRules``), ``turn_rules`` (``heroes.turns.TurnRules``),
    ``move_rules`` (``heroes.moves.MoveRules``); and ``life_rules``, a function of the game's part of
    hit points and death (``heroes.life.LifeRules``: one a wound, it keeps what the wound decided)
    that gives the part to use, wrapping it."""

    bag_rules: ClassVar[Any] = None
    turn_rules: ClassVar[Any] = None
    life_rules: ClassVar[Any] = None
    move_rules: ClassVar[Any] = None

    @property
    def s(self) -> HeroesState:
        return self.state

    @property
    def c(self) -> HeroesContent:
        return self.content

    @property
    def hero(self) -> str:
        return self.state.turn.hero


# -- the counters on the board ------------------------------------------------------------------------

def lying(s: HeroesBoard, fid: str) -> list[str]:
    return s.board.get(fid, [])


def where(s: HeroesBoard, instance: str) -> str | None:
    """The field a counter lies on, or None."""
    for fid, here in s.board.items():
        if instance in here:
            return fid
    return None


def put(s: HeroesBoard, fid: str, instance: str, face_down: bool = False) -> None:
    s.board.setdefault(fid, []).append(instance)
    if face_down and instance not in s.down:
        s.down.append(instance)


def lift(s: HeroesBoard, instance: str) -> str:
    """Take a counter off the board; returns the field it lay on."""
    fid = where(s, instance)
    if fid is None:
        raise KeyError(f"{instance} is not on the board")
    s.board[fid].remove(instance)
    if not s.board[fid]:
        del s.board[fid]
    if instance in s.down:
        s.down.remove(instance)
    return fid


def face_up(s: HeroesBoard, instance: str) -> bool:
    return instance not in s.down
