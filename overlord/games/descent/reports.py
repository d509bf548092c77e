"""Reading what the players type at a Descent table: each word of a report command is the value of
one param of its move (``verbs``), read here against the match - a hero of this party, a monster on
the map, a whole number, a space as `map` numbers it - with the nearest name as a hint. A word that
cannot be read raises :class:`CommandError` with one line and changes nothing (the table plays
commands on a copy of the state).
"""

from __future__ import annotations

import difflib
from typing import Any, Callable

from ...core.game import RulesError
from ...core.moves import Param
from ...core.rng import Dice
from .dice import roll
from .engine import Game, GameError
from .heroes import STAND_DICE


class CommandError(RulesError):
    """A command that cannot be carried out; the game is unchanged."""


def hero_named(game: Game, name: str) -> str:
    heroes = game.state.heroes
    if name in heroes:
        return name
    hint = difflib.get_close_matches(name, heroes, n=1)
    raise CommandError(f"no hero {name!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                       + f"; heroes: {', '.join(heroes)}")


def monster_named(game: Game, name: str) -> str:
    ids = [f.id for f in game.state.monsters()]
    if name in ids:
        return name
    hint = difflib.get_close_matches(name, ids, n=1)
    raise CommandError(f"no monster {name!r} on the map" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                       + (f"; monsters: {', '.join(ids)}" if ids else "; there are none"))


def figure_named(game: Game, name: str) -> str:
    if name in game.state.heroes:
        return name
    if any(f.id == name for f in game.state.monsters()):
        return name
    known = game.state.heroes + [f.id for f in game.state.monsters()]
    hint = difflib.get_close_matches(name, known, n=1)
    raise CommandError(f"no hero or monster {name!r}" + (f" (did you mean {hint[0]!r}?)" if hint else ""))


def up(game: Game, hero: str) -> str:
    """The hero, refused where it is knocked out (it may only stand up or be revived)."""
    if game.state.figure(hero).knocked_out:
        raise CommandError(f"{hero} is knocked out: `stand {hero}` on its turn (or `revive {hero} by HERO`)")
    return hero


def number(text: str, what: str, negative: bool = False) -> int:
    try:
        n = int(text)
    except ValueError:
        raise CommandError(f"{what} must be a whole number, not {text!r}") from None
    if n < 0 and not negative:
        raise CommandError(f"{what} must be 0 or more, not {n}")
    return n


def xy(text: str) -> list[int]:
    try:
        at = [int(v) for v in text.split(",")]
        assert len(at) == 2
    except (ValueError, AssertionError):
        raise CommandError(f"{text!r} is not a space X,Y") from None
    return at


def board_to_dungeon(game: Game, at: list[int], text: str) -> list[int]:
    """A space as `map` numbers it, in the dungeon's coordinates (which the rules keep)."""
    board, (sx, sy) = game.board()
    if not (0 <= at[0] < board.width and 0 <= at[1] < board.height):
        raise CommandError(f"{text} is off the map (`map` shows it {board.width} wide, {board.height} high)")
    return [at[0] - sx, at[1] - sy]


def card_named(words: list[str], names: list[str], what: str) -> str:
    """A card typed by its name (any case, with its spaces) among ``names``."""
    typed = " ".join(words)
    by_key = {" ".join(n.lower().split()): n for n in names}
    found = by_key.get(" ".join(typed.lower().split()))
    if found is None:
        hint = difflib.get_close_matches(typed, names, n=1)
        raise CommandError(f"no {what} {typed!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                           + f"; {what}s: {', '.join(names)}")
    return found


Check = Callable[[Game, Any, dict], Any]


def words_of(game: Game, checks: dict[str, Check] | None = None) -> Callable[[Param, str, str], Any]:
    """How the table reads a typed word as a report param's value (``Moves.read``'s ``value``).
    ``checks``: param name -> ``check(game, value, read so far)``, what the table refuses of that
    value as soon as it is read (a knocked-out hero moving), so a command with two faults is
    refused for the first one typed."""
    seen: dict[str, Any] = {}

    def value(p: Param, word: str, verb: str) -> Any:
        if p.kind == "hero":
            read: Any = hero_named(game, word)
        elif p.kind == "monster":
            read = monster_named(game, word)
        elif p.kind == "figure":
            read = figure_named(game, word)
        elif p.kind == "int":
            read = number(word, p.shape, negative=p.low is None)
        elif p.kind == "space":
            read = board_to_dungeon(game, xy(word), word)
        else:
            read = word
        if checks and p.name in checks:
            checks[p.name](game, read, seen)
        seen[p.name] = read
        return read
    return value


def players_roll(game: Game) -> tuple[int, int]:
    """Hearts and surges of 2 red dice the players left to the program: rolled with the game's
    generator and told."""
    with Dice(game.state.__dict__) as rng:
        r = roll(list(STAND_DICE), rng)
    game.log({"event": "note", "text": f"the program rolls 2 red dice: {r.hearts} hearts, {r.surges} surges"})
    return r.hearts, r.surges


__all__ = ["CommandError", "GameError", "board_to_dungeon", "card_named", "figure_named", "hero_named",
           "monster_named", "number", "players_roll", "up", "words_of", "xy"]
