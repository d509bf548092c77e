"""What the players report at a Descent table: their heroes' moves, attacks, damage, standing up,
tokens, doors, loot and searches - one method per command, each reading its words and carrying it
out on ``self.game`` (the :class:`~.table.DescentTable` mixes them in). A command that cannot be
carried out raises :class:`CommandError` with one line and changes nothing (the table plays
commands on a copy of the state).

The help lines are here too: ``HELP`` is what `help` prints, one line a command, its usage
before " - ".
"""

from __future__ import annotations

import difflib
from typing import Any

from ...core.game import RulesError
from ...core.rng import Dice
from .dice import roll
from .engine import GameError, complete_encounter, damage_figure, move_figure, open_door, overlord_phase
from .heroes import STAND_DICE, end_turn, recover, rest, stand_up, suffer_fatigue, take_token

HELP = {
    "move": "move HERO X,Y - the hero moved to that space (x,y as `map` numbers them)",
    "attack": "attack MONSTER DAMAGE [by HERO] - a hero's attack dealt this much damage to a monster",
    "hurt": "hurt HERO DAMAGE - a monster's attack (or anything else) dealt this much damage to a hero",
    "defeated": "defeated HERO - the hero is defeated (knocked out; fate advances)",
    "stand": "stand HERO [HEARTS [SURGES]] - the knocked-out hero stands up (its whole turn): it recovers "
             "HEARTS health and SURGES fatigue rolled on 2 red dice (without numbers the program rolls them)",
    "revive": "revive HERO by HERO [HEARTS [SURGES]] - a hero next to a knocked-out one revives it (an action; "
              "2 red dice as for standing up, without numbers the program rolls them)",
    "fatigue": "fatigue HERO N - the hero suffered N fatigue (beyond its stamina: damage); -N: it recovered N",
    "heal": "heal FIGURE N - a monster (its own Heal, a read-aloud ability) or a hero recovered N damage",
    "condition": "condition FIGURE NAME [off] - a hero or a monster has a condition now (`off`: no longer)",
    "sheet": "sheet HERO HEALTH STAMINA - the hero's health and stamina as its sheet has them",
    "take": "take HERO TOKEN - the hero takes a token on or next to its space (search, objective...)",
    "open": "open HERO - the hero opens the door of the current encounter: a new encounter is explored",
    "search": "search HERO [CARD] - the hero searches: takes the search token next to it and draws a Search card "
              "from your deck; CARD: the card drawn, by its name in the box (without it the program asks)",
    "loot": "loot CARD to HERO - the Shop Item card the drawing hero gave to HERO from the loot just drawn from "
            "your deck (its name in the box; the rest went to the bottom)",
    "rest": "rest HERO - the hero rests (all its fatigue is recovered at the end of its turn)",
    "objective": "objective [confirm] - the heroes completed the active encounter's objective",
    "end": "end HERO - the hero's turn is over; when every hero's is, the overlord plays",
}


class CommandError(RulesError):
    """A command that cannot be carried out; the game is unchanged."""


class Reports:
    """The report commands of the Descent table (``self.game`` is the game they act on)."""

    game: Any = None        # the table's game (a property of DescentTable)

    # -- reading the words --------------------------------------------------------------------------
    def _hero(self, name: str) -> str:
        heroes = self.game.state.heroes
        if name in heroes:
            return name
        hint = difflib.get_close_matches(name, heroes, n=1)
        raise CommandError(f"no hero {name!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                           + f"; heroes: {', '.join(heroes)}")

    def _monster(self, name: str) -> str:
        ids = [f.id for f in self.game.state.monsters()]
        if name in ids:
            return name
        hint = difflib.get_close_matches(name, ids, n=1)
        raise CommandError(f"no monster {name!r} on the map" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                           + (f"; monsters: {', '.join(ids)}" if ids else "; there are none"))

    def _figure(self, name: str) -> str:
        if name in self.game.state.heroes:
            return name
        if any(f.id == name for f in self.game.state.monsters()):
            return name
        known = self.game.state.heroes + [f.id for f in self.game.state.monsters()]
        hint = difflib.get_close_matches(name, known, n=1)
        raise CommandError(f"no hero or monster {name!r}" + (f" (did you mean {hint[0]!r}?)" if hint else ""))

    def _up(self, hero: str) -> str:
        if self.game.state.figure(hero).knocked_out:
            raise CommandError(f"{hero} is knocked out: `stand {hero}` on its turn (or `revive {hero} by HERO`)")
        return hero

    @staticmethod
    def _number(text: str, what: str, negative: bool = False) -> int:
        try:
            n = int(text)
        except ValueError:
            raise CommandError(f"{what} must be a whole number, not {text!r}") from None
        if n < 0 and not negative:
            raise CommandError(f"{what} must be 0 or more, not {n}")
        return n

    @staticmethod
    def _args(args, n, usage):
        if len(args) != n:
            raise CommandError(f"usage: {usage}")
        return args

    @staticmethod
    def _xy(text):
        try:
            at = [int(v) for v in text.split(",")]
            assert len(at) == 2
        except (ValueError, AssertionError):
            raise CommandError(f"{text!r} is not a space X,Y") from None
        return at

    def _board_to_dungeon(self, at, text):
        board, (sx, sy) = self.game.board()
        if not (0 <= at[0] < board.width and 0 <= at[1] < board.height):
            raise CommandError(f"{text} is off the map (`map` shows it {board.width} wide, {board.height} high)")
        return [at[0] - sx, at[1] - sy]

    def _card(self, words: list[str], names: list[str], what: str) -> str:
        """A card typed by its name (any case, with its spaces) among ``names``."""
        typed = " ".join(words)
        by_key = {" ".join(n.lower().split()): n for n in names}
        found = by_key.get(" ".join(typed.lower().split()))
        if found is None:
            hint = difflib.get_close_matches(typed, names, n=1)
            raise CommandError(f"no {what} {typed!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                               + f"; {what}s: {', '.join(names)}")
        return found

    # -- the commands -------------------------------------------------------------------------------
    def _move(self, args):
        hero, xy = self._args(args, 2, HELP["move"])
        move_figure(self.game, self._up(self._hero(hero)), self._board_to_dungeon(self._xy(xy), xy))

    def _attack(self, args):
        if len(args) not in (2, 4) or (len(args) == 4 and args[2] != "by"):
            raise CommandError(f"usage: {HELP['attack']}")
        by = self._hero(args[3]) if len(args) == 4 else None
        damage_figure(self.game, self._monster(args[0]), self._number(args[1], "DAMAGE"), by=by)

    def _hurt(self, args):
        hero, n = self._args(args, 2, HELP["hurt"])
        damage_figure(self.game, self._up(self._hero(hero)), self._number(n, "DAMAGE"))

    def _defeated(self, args):
        (hero,) = self._args(args, 1, HELP["defeated"])
        hero = self._up(self._hero(hero))
        f = self.game.state.figure(hero)
        damage_figure(self.game, hero, max(1, self.game.health(f)))

    def _dice(self, args, start: int, usage: str) -> tuple[int, int]:
        """HEARTS and SURGES as typed, or rolled on the 2 red dice by the game's generator."""
        rest = args[start:]
        if len(rest) > 2:
            raise CommandError(f"usage: {usage}")
        if not rest:
            with Dice(self.game.state.__dict__) as rng:
                r = roll(list(STAND_DICE), rng)
            self.game.log({"event": "note", "text": f"the program rolls 2 red dice: {r.hearts} hearts, {r.surges} surges"})
            return r.hearts, r.surges
        hearts = self._number(rest[0], "HEARTS")
        surges = self._number(rest[1], "SURGES") if len(rest) > 1 else 0
        return hearts, surges

    def _stand(self, args):
        if not args:
            raise CommandError(f"usage: {HELP['stand']}")
        hero = self._hero(args[0])
        if not self.game.state.figure(hero).knocked_out:
            raise CommandError(f"{hero} is not knocked out: there is nothing to stand up from")
        if hero in self.game.state.turn_done:
            raise CommandError(f"{hero} has already had this round's turn: it stands up on its next one")
        hearts, surges = self._dice(args, 1, HELP["stand"])
        stand_up(self.game, hero, hearts, surges)
        self._end([hero])                          # standing up is the hero's whole turn

    def _revive(self, args):
        if len(args) < 3 or args[1] != "by":
            raise CommandError(f"usage: {HELP['revive']}")
        hero, by = self._hero(args[0]), self._up(self._hero(args[2]))
        if not self.game.state.figure(hero).knocked_out:
            raise CommandError(f"{hero} is not knocked out: there is no one to revive")
        hearts, surges = self._dice(args, 3, HELP["revive"])
        stand_up(self.game, hero, hearts, surges, by=by)

    def _fatigue(self, args):
        hero, n = self._args(args, 2, HELP["fatigue"])
        hero = self._up(self._hero(hero))
        n = self._number(n, "N", negative=True)
        if n >= 0:
            suffer_fatigue(self.game, hero, n)
        else:
            recover(self.game, hero, fatigue=-n)

    def _heal(self, args):
        fid, n = self._args(args, 2, HELP["heal"])
        fid = self._figure(fid)
        if self.game.state.figure(fid).side == "heroes":
            self._up(fid)
        recover(self.game, fid, health=self._number(n, "N"))

    def _condition(self, args):
        if len(args) not in (2, 3) or (len(args) == 3 and args[2] != "off"):
            raise CommandError(f"usage: {HELP['condition']}")
        fid = self._figure(args[0])
        known = self.game.quest.conditions
        name = args[1].lower()
        if name not in known:
            hint = difflib.get_close_matches(name, known, n=1)
            raise CommandError(f"no condition {args[1]!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                               + f"; conditions: {', '.join(known)}")
        f = self.game.state.figure(fid)
        if len(args) == 3:
            if name not in f.conditions:
                raise CommandError(f"{fid} is not {name}")
            f.conditions.remove(name)
            self.game.log({"event": "condition_gone", "figure": fid, "condition": name, "why": "the table says so"})
            return
        if name in f.conditions:
            raise CommandError(f"{fid} is {name} already")
        f.conditions.append(name)
        self.game.log({"event": "condition", "source": "the table", "condition": name,
                       **({"monster": fid} if f.side == "monsters" else {"heroes": [fid]})})

    def _sheet(self, args):
        hero, health, stamina = self._args(args, 3, HELP["sheet"])
        f = self.game.state.figure(self._hero(hero))
        health, stamina = self._number(health, "HEALTH"), self._number(stamina, "STAMINA")
        if health < 1 or stamina < 1:
            raise CommandError("a hero sheet has at least 1 health and 1 stamina")
        if not f.knocked_out and f.damage >= health:
            raise CommandError(f"{hero} has taken {f.damage} damage: a health of {health} would knock it out; "
                               "report that with `defeated`")
        f.max_health, f.stamina = health, stamina
        f.fatigue = min(f.fatigue, stamina)
        if f.knocked_out:                        # its damage is its whole health, whatever the sheet says
            f.damage = health
        self.game.log({"event": "note", "text": f"{hero}: {health} health, {stamina} stamina on the sheet; "
                                                f"{self.game.health(f)} health left, {f.fatigue} fatigue"})

    def _take(self, args):
        hero, token = self._args(args, 2, HELP["take"])
        take_token(self.game, self._hero(hero), token)

    def _open(self, args):
        (hero,) = self._args(args, 1, HELP["open"])
        open_door(self.game, self._up(self._hero(hero)))

    def _search(self, args):
        """A search token taken and a Search card drawn from the players' deck; the card named now,
        or later (``search HERO CARD`` for a hero whose drawn card was not named yet)."""
        if not args:
            raise CommandError(f"usage: {HELP['search']}")
        hero = self._hero(args[0])
        state = self.game.state
        card = self._card(args[1:], self.game.quest.scenario.loot.search, "Search card") \
            if len(args) > 1 and self.game.quest.scenario.loot.search else " ".join(args[1:])
        if card and hero in state.search_due:            # the card of an earlier search, told now
            state.search_due.remove(hero)
        else:
            take_token(self.game, self._up(hero), "search")
            if not card:
                state.search_due.append(hero)
                self.game.log({"event": "search", "hero": hero, "card": None})
                return
        state.search.setdefault(hero, []).append(card)
        self.game.log({"event": "search", "hero": hero, "card": card})

    def _loot(self, args):
        """The players' report of a loot draw: the Shop Item card given away, and to whom."""
        if len(args) < 3 or args[-2].lower() != "to":
            raise CommandError(f"usage: {HELP['loot']}")
        state = self.game.state
        if not state.loot_due:
            raise CommandError("no loot is waiting to be told: a hero draws Shop Item cards when the loot track "
                               "reaches its limit")
        due = state.loot_due[0]
        hero = self._hero(args[-1])
        shop = self.game.quest.scenario.loot.shop.get(due["act"], [])
        card = self._card(args[:-2], sorted({c.split(" #")[0] for c in shop}), f"Act {due['act']} Shop Item")
        deck = state.shop.get(due["act"])
        copy = next((c for c in (deck.draw if deck else []) if c.split(" #")[0] == card), None)
        if copy is None:
            held = [h for h, items in state.items.items() if any(i.split(" #")[0] == card for i in items)]
            raise CommandError(f"{card} is held already ({', '.join(held)}): the program knows one card of it")
        deck.draw.remove(copy)                   # the program's copy of the deck: the cards nobody holds
        state.items.setdefault(hero, []).append(copy)
        state.loot_due.pop(0)
        self.game.log({"event": "loot_kept", "hero": hero, "card": card, "by": due["hero"]})

    def _rest(self, args):
        (hero,) = self._args(args, 1, HELP["rest"])
        rest(self.game, self._hero(hero))

    def _objective(self, args):
        if args not in ([], ["confirm"]):
            raise CommandError(f"usage: {HELP['objective']}")
        state = self.game.state
        if state.active_exploration is None:
            raise CommandError("there is no active encounter to complete")
        card = self.game.cards[state.active_exploration]
        left = [m.id for m in state.monsters() if m.encounter == card.id]
        if card.goal.clear and left and args != ["confirm"]:
            raise CommandError(f"{card.name}'s goal asks for its monsters defeated, and {len(left)} are on the map "
                               f"({', '.join(left)}); if the objective is done anyway, `objective confirm`")
        complete_encounter(self.game)

    def _end(self, args):
        (hero,) = self._args(args, 1, HELP["end"])
        hero = self._hero(hero)
        state = self.game.state
        if hero in state.turn_done:
            raise CommandError(f"{hero} has already ended this round's turn")
        end_turn(self.game, hero)
        state.turn_done.append(hero)
        if len(state.turn_done) < len(state.heroes):
            self.game.log({"event": "note", "text": f"{hero}'s turn is over"})
            return
        state.turn_done = []
        self.game.log({"event": "overlord_phase", "text": f"== Overlord phase of round {state.round} =="})
        overlord_phase(self.game)
        if not self.game.over:
            self.game.log({"event": "note", "text": f"== Round {state.round}: the heroes' turns =="})


__all__ = ["CommandError", "GameError", "HELP", "Reports"]
