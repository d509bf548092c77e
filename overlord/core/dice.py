"""The heroes' dice, rolled by the program or typed by the players who rolled them.

Every die the rulebooks give to a player (a skill trial, a search for a hidden route, a hero's
combat die, a Herbalist's roll) is drawn through :func:`rolled`, one place for every game. Headless
and with ``--dice program`` the faces are the ones the game's generator drew. At a table whose
players roll their own dice the session holds a :class:`Hand` of the faces they typed (``with
typed(hand):``): the generator still draws the same faces - so the enemy's draws after it are the
same as if the program had rolled, and a game typed with the faces the program would have rolled
is that game, byte for byte - and the players' faces replace them. A roll the hand has no faces
for stops the command with :class:`DiceWanted`, which the session turns into the question
"roll 2 dice for ... and type them"; the command is then played again from its start with the
faces typed so far (the rules are deterministic, so everything before the new roll happens again
as it did).

The enemy's own dice (a program's decision, a tile turned, a bag drawn) never come through here.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Callable, Iterator, Sequence, Union


SIX = tuple(range(1, 7))
#: a die's face: a number, or a word on a die with pictures (Heldentaufe's treasure die: ``ring``)
Face = Union[int, str]
#: what a roll is for: its words, or a function that words them (only called when players are asked)
Why = Union[str, Callable[[], str]]


class DiceWanted(Exception):
    """A roll the players make and have not typed yet: ``n`` dice showing one of ``faces``,
    ``why`` says what for (``a close combat trial against the Orc``)."""

    def __init__(self, n: int, faces: Sequence[Face], why: Why):
        self.n, self.faces, self.why = n, tuple(faces), why() if callable(why) else why
        super().__init__(question(n, self.faces, why))


def question(n: int, faces: Sequence[Face], why: str) -> str:
    """"roll 2 dice for a magic trial and type them (`dice A B`)"."""
    shows = "" if tuple(faces) == SIX else f" (showing {_either(faces)})"
    dice = f"1 die{shows}" if n == 1 else f"{n} dice{shows}"
    letters = " ".join("ABCDEF"[i % 6] for i in range(n))
    return f"roll {dice}" + (f" for {why}" if why else "") + f" and type {'it' if n == 1 else 'them'}: `dice {letters}` (or just {'the face' if n == 1 else 'the faces'})"


@dataclass
class Hand:
    """The rolls the players typed for one command, in the order the rules asked for them; with
    ``record`` the program's own faces are kept instead (what a table would have typed)."""

    rolls: list[list[Face]] = field(default_factory=list)
    record: bool = False
    used: int = 0

    def take(self, drawn: list, faces: Sequence[Face], why: Why) -> list:
        if self.record:
            self.rolls.append(list(drawn))
            return drawn
        if self.used < len(self.rolls):
            typed = self.rolls[self.used]
            self.used += 1
            if len(typed) == len(drawn) and all(f in faces for f in typed):
                return list(typed)
        raise DiceWanted(len(drawn), faces, why)


_HAND: ContextVar[Hand | None] = ContextVar("overlord_hand", default=None)


@contextmanager
def typed(hand: Hand | None) -> Iterator[Hand | None]:
    """Within it the heroes' dice are ``hand``'s (None: the program's)."""
    token = _HAND.set(hand)
    try:
        yield hand
    finally:
        _HAND.reset(token)


def rolled(drawn: list, why: Why = "", faces: Sequence[Face] = SIX) -> list:
    """The heroes' dice: ``drawn`` (what the game's generator rolled, already drawn), or, at a table
    whose players roll, the faces they typed for this roll. ``faces``: what the die may show;
    ``why`` what the roll is for (or a function wording it, called only when the players are asked)."""
    hand = _HAND.get()
    return drawn if hand is None else hand.take(drawn, faces, why)


def check_typed(words: Sequence[str], wanted: DiceWanted | dict) -> list:
    """The faces typed for a question (``wanted``: the exception or its saved dict), or a
    ValueError in one line: a word that is no face, too many or too few dice."""
    n, faces = (wanted.n, wanted.faces) if isinstance(wanted, DiceWanted) else (wanted["n"], tuple(wanted["faces"]))
    shown = "1 to 6" if tuple(faces) == SIX else _either(faces)
    by_word = {str(f).lower(): f for f in faces}
    out = []
    for w in words:
        face = by_word.get(w.lower())
        if face is None:
            told = repr(w[:20]) if not (w.isascii() and w.isdigit() and len(w) < 4) else w
            raise ValueError(f"a die shows {shown}: {told} is not a face")
        out.append(face)
    if len(out) != n:
        raise ValueError(f"{n} {'die' if n == 1 else 'dice'} asked for, {len(out)} typed: "
                         f"type {n} {'face' if n == 1 else 'faces'}")
    return out


def _either(faces: Sequence[Face]) -> str:
    words = list(dict.fromkeys(str(f) for f in sorted(faces, key=lambda f: (isinstance(f, str), f))))
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
