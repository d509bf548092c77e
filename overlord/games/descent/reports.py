"""The players' reports at a Descent table. Each word of a report command is the value of one
param of its move (``verbs``), read here against the match - a hero of this party, a monster on the
map, a whole number, a space as `map` numbers it - with the nearest name as a hint, and what the
table refuses of it checked as soon as it is read (:data:`CHECKS`). A word that cannot be read
raises :class:`CommandError` with one line and changes nothing (the table plays commands on a copy
of the state). The reports that only the players tell (``hurt``, ``defeated``, ``fatigue``,
``condition``, ``sheet``, ``take``, ``search``, ``loot``, ``end``: moves never offered headless)
are carried out here too.
"""

from __future__ import annotations

import difflib
from typing import Any, Callable

from ...core.game import RulesError
from ...core.moves import Param
from . import describe
from .dice import shows
from .engine import Game, GameError, damage_figure, overlord_phase
from .heroes import STAND_DICE, end_turn, recover, suffer_fatigue, take_token


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
        raise CommandError(f"{hero} is knocked out: `stand {hero} HEARTS SURGES` on its turn, as 2 red dice show "
                           f"(or `revive {hero} by HERO HEARTS SURGES`)")
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


# -- what only the players tell (moves never offered headless: ``verbs``) -----------------------------------

def hurt(game: Game, a: dict, rng=None, told: bool = True) -> None:
    damage_figure(game, a["hero"], a["damage"])


def defeated(game: Game, a: dict, rng=None, told: bool = True) -> None:
    hero = a["hero"]
    damage_figure(game, hero, max(1, game.health(game.state.figure(hero))))


def fatigue(game: Game, a: dict, rng=None, told: bool = True) -> None:
    hero, n = a["hero"], a["n"]
    if n >= 0:
        suffer_fatigue(game, hero, n)
    else:
        recover(game, hero, fatigue=-n)


def condition(game: Game, a: dict, rng=None, told: bool = True) -> None:
    fid, typed = a["figure"], a["name"]
    known = game.quest.conditions
    name = typed.lower()
    if name not in known:
        hint = difflib.get_close_matches(name, known, n=1)
        raise CommandError(f"no condition {typed!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                           + f"; conditions: {', '.join(known)}")
    f = game.state.figure(fid)
    if a.get("off"):
        if name not in f.conditions:
            raise CommandError(f"{fid} is not {name}")
        f.conditions.remove(name)
        game.log({"event": "condition_gone", "figure": fid, "condition": name, "why": "the table says so"})
        return
    if name in f.conditions:
        raise CommandError(f"{fid} is {name} already")
    f.conditions.append(name)
    game.log({"event": "condition", "source": "the table", "condition": name,
              **({"monster": fid} if f.side == "monsters" else {"heroes": [fid]})})


def sheet(game: Game, a: dict, rng=None, told: bool = True) -> None:
    hero, health, stamina = a["hero"], a["health"], a["stamina"]
    f = game.state.figure(hero)
    if health < 1 or stamina < 1:
        raise CommandError("a hero sheet has at least 1 health and 1 stamina")
    if not f.knocked_out and f.damage >= health:
        raise CommandError(f"{hero} has taken {f.damage} damage: a health of {health} would knock it out; "
                           "report that with `defeated`")
    f.max_health, f.stamina = health, stamina
    f.fatigue = min(f.fatigue, stamina)
    if f.knocked_out:                        # its damage is its whole health, whatever the sheet says
        f.damage = health
    game.log({"event": "note", "text": f"{hero}: {health} health, {stamina} stamina on the sheet; "
                                       f"{game.health(f)} health left, {f.fatigue} fatigue"})


def take(game: Game, a: dict, rng=None, told: bool = True) -> None:
    take_token(game, a["hero"], a["token"])


def search(game: Game, a: dict, rng=None, told: bool = True) -> None:
    """A search token taken and a Search card drawn from the players' deck; the card named now,
    or later (``search HERO CARD`` for a hero whose drawn card was not named yet)."""
    hero, typed = a["hero"], a.get("card", "")
    state = game.state
    names = game.quest.scenario.loot.search
    card = card_named(typed.split(), names, "Search card") if typed and names else typed
    if card and hero in state.search_due:            # the card of an earlier search, told now
        state.search_due.remove(hero)
    else:
        take_token(game, up(game, hero), "search")
        if not card:
            state.search_due.append(hero)
            game.log({"event": "search", "hero": hero, "card": None})
            return
    state.search.setdefault(hero, []).append(card)
    game.log({"event": "search", "hero": hero, "card": card})


def loot(game: Game, a: dict, rng=None, told: bool = True) -> None:
    """The players' report of a loot draw: the Shop Item card given away, and to whom."""
    state = game.state
    loot_due(game, a["card"], {})
    due = state.loot_due[0]
    hero = a["hero"]
    shop = game.quest.scenario.loot.shop.get(due["act"], [])
    card = card_named(a["card"].split(), sorted({c.split(" #")[0] for c in shop}), f"Act {due['act']} Shop Item")
    deck = state.shop.get(due["act"])
    copy = next((c for c in (deck.draw if deck else []) if c.split(" #")[0] == card), None)
    if copy is None:
        held = [h for h, items in state.items.items() if any(i.split(" #")[0] == card for i in items)]
        raise CommandError(f"{card} is held already ({', '.join(held)}): the program knows one card of it")
    deck.draw.remove(copy)                   # the program's copy of the deck: the cards nobody holds
    state.items.setdefault(hero, []).append(copy)
    state.loot_due.pop(0)
    game.log({"event": "loot_kept", "hero": hero, "card": card, "by": due["hero"]})


def end(game: Game, a: dict, rng=None, told: bool = True) -> None:
    hero = a["hero"]
    state = game.state
    if hero in state.turn_done:
        raise CommandError(f"{hero} has already ended this round's turn")
    end_turn(game, hero)
    state.turn_done.append(hero)
    if len(state.turn_done) < len(state.heroes):
        game.log({"event": "note", "text": f"{hero}'s turn is over"})
        return
    state.turn_done = []
    game.log({"event": "overlord_phase", "text": f"== Overlord phase of round {state.round} =="})
    overlord_phase(game)
    if not game.over:
        game.log({"event": "note", "text": f"== Round {state.round}: the heroes' turns =="})


# -- what the table refuses of a word as soon as it is read ----------------------------------------------------

def _standing(game: Game, hero: str, seen: dict) -> None:
    up(game, hero)


def _down(game: Game, hero: str, seen: dict) -> None:
    if not game.state.figure(hero).knocked_out:
        raise CommandError(f"{hero} is not knocked out: there is nothing to stand up from")
    if hero in game.state.turn_done:
        raise CommandError(f"{hero} has already had this round's turn: it stands up on its next one")


def _reviver(game: Game, hero: str, seen: dict) -> None:
    up(game, hero)
    if not game.state.figure(seen["target"]).knocked_out:
        raise CommandError(f"{seen['target']} is not knocked out: there is no one to revive")


def _shown(symbol: str) -> Check:
    """What refuses a number of ``symbol`` (hearts, surges) the 2 red dice of standing up cannot
    show (``dice.shows``)."""
    def check(game: Game, n: int, seen: dict) -> None:
        low, high = shows(STAND_DICE, symbol)
        if not low <= n <= high:
            raise CommandError(f"{describe.dice(STAND_DICE)} show {low} to {high} {symbol}, not {n}")
    return check


def loot_due(game: Game, card: str, seen: dict) -> None:
    if not game.state.loot_due:
        raise CommandError("no loot is waiting to be told: a hero draws Shop Item cards when the loot track "
                           "reaches its limit")


def _healed(game: Game, fid: str, seen: dict) -> None:
    if game.state.figure(fid).side == "heroes":
        up(game, fid)


#: the table's word -> its param -> what the table refuses of the value read (a report of a knocked-out
#: hero's move, damage or door; standing up a hero that is up; more hearts than 2 red dice show): checked as
#: each word is read
CHECKS = {"move": {"hero": _standing}, "hurt": {"hero": _standing}, "defeated": {"hero": _standing},
          "fatigue": {"hero": _standing}, "open": {"hero": _standing}, "heal": {"target": _healed},
          "stand": {"hero": _down, "hearts": _shown("hearts"), "surges": _shown("surges")},
          "revive": {"hero": _reviver, "hearts": _shown("hearts"), "surges": _shown("surges")},
          "loot": {"card": loot_due}}


__all__ = ["CHECKS", "CommandError", "GameError", "board_to_dungeon", "card_named", "condition", "defeated", "end",
           "fatigue", "figure_named", "hero_named", "hurt", "loot", "monster_named", "number",
           "search", "sheet", "take", "up", "words_of", "xy"]
