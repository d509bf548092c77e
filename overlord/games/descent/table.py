"""A game at a real table: the players type what their heroes did, the program runs the enemy
and tells them what to do on the board. Every command that changes the game is saved (state and
command, one transaction) before its result is shown.

Commands (``help`` lists them; a bad command gets one line and changes nothing)::

    move HERO X,Y          attack MONSTER DAMAGE [by HERO]     hurt HERO DAMAGE
    defeated HERO          stand HERO [HEARTS [SURGES]]        revive HERO by HERO [HEARTS [SURGES]]
    fatigue HERO N         heal FIGURE N                       condition FIGURE NAME [off]
    sheet HERO HEALTH STAMINA                                  take HERO TOKEN
    open HERO              search HERO                         rest HERO
    objective [confirm]    end HERO                            choose N X,Y|HERO
    why [N]     (and the session's: map    status    undo    help [COMMAND]    quit)

The players roll for their heroes: a monster's attack is rolled by the hero it targets, so the
program stops at each attack and waits for the damage (`hurt HERO N`, 0 for none) before the
next monster acts - a hero knocked out by one attack is no target for the next. The waiting
command is saved with the answers so far: `undo` takes an answer back, `resume` asks again.
"""

from __future__ import annotations

import difflib

from ...core.game import RulesError, Table, TableReply
from ...core.state import dumps
from ...core.trace import spoken
from ...view.text import draw
from .engine import (Game, GameError, complete_encounter, damage_figure, move_figure, open_door, overlord_phase,
                     place_figure)
from .heroes import STAND_DICE, end_turn, recover, rest, stand_up, suffer_fatigue, take_token
from .narrate import narrate
from ...view.words import count

HELP = {
    "move": "move HERO X,Y - the hero moved to that space (x,y as `map` numbers them)",
    "attack": "attack MONSTER DAMAGE [by HERO] - a hero's attack dealt this much damage to a monster",
    "hurt": "hurt HERO DAMAGE - a monster's attack (or anything else) dealt this much damage to a hero",
    "defeated": "defeated HERO - the hero is defeated (knocked out; fate advances)",
    "stand": "stand HERO [HEARTS [SURGES]] - the knocked-out hero stands up (its whole turn): it recovers "
             "HEARTS health and SURGES fatigue rolled on 2 red dice (without numbers the program rolls them)",
    "revive": "revive HERO by HERO [HEARTS [SURGES]] - a hero next to a knocked-out one revives it (an action; "
              "2 red dice as for standing up)",
    "fatigue": "fatigue HERO N - the hero suffered N fatigue (beyond its stamina: damage); -N: it recovered N",
    "heal": "heal FIGURE N - a monster (its own Heal, a read-aloud ability) or a hero recovered N damage",
    "condition": "condition FIGURE NAME [off] - a hero or a monster has a condition now (`off`: no longer)",
    "sheet": "sheet HERO HEALTH STAMINA - the hero's health and stamina as its sheet has them",
    "take": "take HERO TOKEN - the hero takes a token on or next to its space (search, objective...)",
    "open": "open HERO - the hero opens the door of the current encounter: a new encounter is explored",
    "search": "search HERO - the hero searches (takes a search token next to them)",
    "rest": "rest HERO - the hero rests (all its fatigue is recovered at the end of its turn)",
    "objective": "objective [confirm] - the heroes completed the active encounter's objective",
    "end": "end HERO - the hero's turn is over; when every hero's is, the overlord plays",
    "map": "map - draw the dungeon with every figure",
    "status": "status - round, tracks, the active exploration card, the heroes' health and fatigue",
    "why": "why [N] - every monster action of the last activation, or the comparison keys behind decision N",
    "choose": "choose N X,Y [across|along]|HERO - take another of the equally good options of decision N (the "
              "rulebook lets you); a large monster's placement says which way it lies",
    "undo": "undo - take back the last command (the dice and cards go back with it)",
    "help": "help [COMMAND] - this list, or one command",
    "quit": "quit - stop here; `overlord resume FILE` continues",
}
CHANGES = {"move", "attack", "hurt", "defeated", "stand", "revive", "fatigue", "heal", "condition", "sheet",
           "take", "open", "search", "rest", "objective", "end", "choose"}
WHILE_WAITING = {"map", "status", "why", "undo", "help", "quit", "hurt"}
LIES = ("across", "along")             # a large monster lying left to right, or top to bottom


def _placement(p, size) -> str:
    return f"{p[0]},{p[1]}" + ("" if size[0] == size[1] else f" {LIES[0] if size[0] > size[1] else LIES[1]}")


class CommandError(RulesError):
    """A command that cannot be carried out; the game is unchanged."""


class AwaitAttack(Exception):
    """A monster attacked a hero: the program waits for the damage the players rolled."""

    def __init__(self, monster: str, hero: str, event: dict):
        super().__init__(f"{monster} attacks {hero}")
        self.monster, self.hero, self.event = monster, hero, event


class TableResolver:
    """The players roll: each attack's damage comes from the answers they gave (in the order the
    attacks were made); the first attack without one stops the command (:class:`AwaitAttack`).
    Attribute tests and other rolls are theirs to make: the program only tells them."""

    def __init__(self, answers: list):
        self.answers = list(answers)
        self.used = 0

    def monster_attack(self, game: Game, fid: str, event: dict) -> None:
        for target in event["targets"]:
            if game.over:
                return
            if not any(h.id == target for h in game.state.heroes_up()):
                continue
            if self.used >= len(self.answers):
                raise AwaitAttack(fid, target, event)
            hero, damage = self.answers[self.used]
            self.used += 1
            game.log({"event": "attack_result", "attacker": fid, "target": hero, "damage": damage, "why": "reported"})
            if damage:
                damage_figure(game, hero, damage)

    def test(self, game, hid, attribute):
        return None

    def roll(self, game, dice):
        return None


class DescentTable(Table):
    commands = {k: v for k, v in HELP.items()}
    changes = CHANGES

    def __init__(self, rules, game: Game):
        super().__init__(rules, game)
        game.resolver = TableResolver([])
        self.decisions: list[dict] = []
        self.actions: list[dict] = []        # every monster action of the last activation, for `why`
        self.partial: Game | None = None     # while waiting: the game as far as the command got
        self.before: list[dict] = []         # the decisions before the command that waits

    @property
    def game(self) -> Game:
        return self.match

    @game.setter
    def game(self, value: Game) -> None:
        self.match = value

    # -- starting and resuming ----------------------------------------------------------------
    def opening(self, heroes: list[str], seed: int) -> list[str]:
        game = self.game
        _, (sx, sy) = game.board()
        lines = [f"{game.quest.scenario.name}: {', '.join(heroes)} (seed {seed})"]
        for f in game.state.hero_figures():
            sheet = game.sheet(f)
            told = sheet.name if f.sheet != "stand-in" else "no sheet of that name: stand-in numbers, `sheet` sets yours"
            lines.append(f"  {f.id} starts at {f.at[0] + sx},{f.at[1] + sy} ({told}: {f.max_health} health, "
                         f"{f.stamina} stamina)")
        lines += narrate(game.state.log, game, self.decisions)
        return lines + self._status()

    def restore(self, match: Game) -> list[str]:
        """After undo or resume (or a refused command): a command waiting for an attack's damage
        is played again up to the question, which is asked again."""
        self.match = match
        match.resolver = TableResolver([])
        self.decisions, self.actions, self.before = [], [], []     # they were the undone command's
        return self._restore()

    # -- one command ----------------------------------------------------------------------------
    def execute(self, verb: str, args: list[str], line: str) -> TableReply:
        pending = self.game.state.pending
        if pending is not None and verb not in WHILE_WAITING:
            raise CommandError(self._waiting_line() + "; first that (or `undo`)")
        if verb in CHANGES:
            if pending is not None:
                return self._answer(line, args)
            return self._change(line, line)
        return TableReply(getattr(self, f"_{verb}")(args))

    def over_line(self) -> str:
        return f"the game is over ({self.game.state.phase}); `undo` or `quit`"

    def _change(self, line: str, command: str, answers=(), base: str | None = None) -> TableReply:
        """Carry out ``command`` on the game (from ``base``, the state before it, with the attack
        results given so far); the session saves ``line`` with the state after it - or, when a
        monster's attack waits for the players' dice, with the state before it and the answers."""
        if base is None:                     # a new command: the decisions so far are kept for its replays
            base = dumps(self.game.state)
            # `choose N` refers to the decisions of the command just shown: a choice keeps them,
            # any other command numbers its own from 1
            self.before = list(self.decisions) if command.split()[0].lower() == "choose" else []
        before_decisions = list(self.before)
        shown = (self.game.state.pending or {}).get("shown", 0)
        game = self.rules.from_json(self.game.quest, base)
        game.resolver = TableResolver(list(answers))
        start = len(game.state.log)
        before_draws = self._draws(game)
        self.game, kept = game, self.game
        try:
            self._run(command)
        except AwaitAttack as wait:
            events = game.state.log[start:]
            lines = self._tell(events, shown, before_decisions)
            saved = self.rules.from_json(game.quest, base)
            saved.state.pending = {"command": command, "answers": [list(a) for a in answers], "shown": len(events),
                                   "monster": wait.monster, "hero": wait.hero}
            self.partial = game
            self.game = saved
            self.game.resolver = TableResolver([])
            return TableReply(lines + [self._waiting_line()], events, changed=True,
                              drew=self._draws(game) != before_draws, closing=False)
        except (CommandError, GameError):
            self.game, self.decisions = kept, before_decisions
            raise
        events = game.state.log[start:]
        self.partial = None
        lines = self._tell(events, shown, before_decisions) or [f"ok: {line}"]
        game.resolver = TableResolver([])
        return TableReply(lines, events, changed=True, drew=self._draws(game) != before_draws)

    def _tell(self, events, shown: int, before_decisions) -> list[str]:
        """Narrate the command's events, the first ``shown`` of them already told (their decision
        numbers kept)."""
        self.decisions = list(before_decisions)
        narrate(events[:shown], self.game, self.decisions)
        actions = [e for e in events if e["event"] in ("action", "monster", "group")]
        if actions:
            self.actions = actions
        return narrate(events[shown:], self.game, self.decisions)

    @staticmethod
    def _draws(game: Game) -> tuple:
        s = game.state
        return len(s.peril.draw), len(s.activation.draw), len(s.exploration.draw)

    def _run(self, command: str) -> None:
        words = command.split()
        getattr(self, f"_{words[0].lower()}")(words[1:])

    def _answer(self, line: str, args: list[str]) -> TableReply:
        """`hurt HERO N` while an attack waits: the damage rolled; the command goes on."""
        pending = self.game.state.pending
        hero, n = self._args(args, 2, HELP["hurt"])
        hero = self._hero(hero)
        if hero != pending["hero"]:
            raise CommandError(f"the program waits for {pending['hero']}'s damage from {pending['monster']}, "
                               f"not {hero}'s: `hurt {pending['hero']} N`")
        damage = self._number(n, "DAMAGE")
        base = self.game.state
        base.pending = None
        text = dumps(base)
        base.pending = pending
        return self._change(line, pending["command"], [*pending["answers"], [hero, damage]], text)

    def _restore(self) -> list[str]:
        """After undo or resume: a command waiting for an attack's damage is played again up to
        the question, which is asked again."""
        pending = self.game.state.pending
        self.partial = None
        if pending is None:
            return []
        base = self.game.state
        base.pending = None
        text = dumps(base)
        base.pending = pending
        game = self.rules.from_json(self.game.quest, text)
        game.resolver = TableResolver(pending["answers"])
        start = len(game.state.log)
        kept, self.game = self.game, game
        try:
            self._run(pending["command"])
        except AwaitAttack:
            self.before = []
            self._tell(game.state.log[start:], len(game.state.log) - start, [])
            self.partial = game
        finally:
            self.game = kept
        return [self._waiting_line()]

    def _waiting_line(self) -> str:
        p = self.game.state.pending
        return f"waiting: {p['monster']} attacks {p['hero']} - roll its dice with {p['hero']}'s defence dice " \
               f"and tell me the damage with `hurt {p['hero']} N` (0 if none)"

    # -- the commands -----------------------------------------------------------------------------
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

    def _move(self, args):
        hero, xy = self._args(args, 2, HELP["move"])
        move_figure(self.game, self._up(self._hero(hero)), self._board_to_dungeon(self._xy(xy), xy))

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
        rest = args[start:]
        if len(rest) > 2:
            raise CommandError(f"usage: {usage}")
        if not rest:
            from ...core.rng import Dice
            from .dice import roll
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
        self.game.log({"event": "note", "text": f"{hero}: {health} health, {stamina} stamina on the sheet; "
                                                f"{self.game.health(f)} health left, {f.fatigue} fatigue"})

    def _take(self, args):
        hero, token = self._args(args, 2, HELP["take"])
        take_token(self.game, self._hero(hero), token)

    def _open(self, args):
        (hero,) = self._args(args, 1, HELP["open"])
        open_door(self.game, self._up(self._hero(hero)))

    def _search(self, args):
        (hero,) = self._args(args, 1, HELP["search"])
        hero = self._hero(hero)
        take_token(self.game, hero, "search")
        self.game.log({"event": "note", "text": f"{hero} draws a Search card"})

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

    def _choose(self, args):
        if len(args) not in (2, 3) or (len(args) == 3 and args[2] not in LIES):
            raise CommandError(f"usage: {HELP['choose']}")
        n, option = args[:2]
        i = self._number(n, "N")
        if not 1 <= i <= len(self.decisions):
            raise CommandError(self._no_decision(i))
        d = self.decisions[i - 1]
        if "move" in d:
            at = self._xy(option)
            sizes = [s for p, s in d["move"] if p == at]
            if len(args) == 3:
                sizes = [s for s in sizes if (s[0] > s[1]) == (args[2] == "across")]
            if not sizes:
                raise CommandError(f"{' '.join(args[1:])} is not one of the equally good placements: "
                                   f"{'; '.join(_placement(p, s) for p, s in d['move'])}")
            if len({tuple(s) for s in sizes}) > 1:
                raise CommandError(f"{d['monster']} may lie across or along at {option}: "
                                   f"`choose {i} {option} across` or `choose {i} {option} along`")
            place_figure(self.game, d["monster"], self._board_to_dungeon(at, option), sizes[0])
            self.game.log({"event": "move", "figure": d["monster"], "to": self._board_to_dungeon(at, option)})
        elif "attack" in d:
            if option not in d["attack"]:
                raise CommandError(f"{option!r} is not one of the tied targets: {', '.join(d['attack'])}")
            self.game.log({"event": "note", "text": f"{d['monster']} attacks {option} instead (the heroes' choice)"})
        else:
            raise CommandError(f"decision {i} has nothing to choose")

    def _view(self) -> Game:
        return self.partial or self.game

    def _map(self, args):
        return draw(self._view().scene()).splitlines()

    def _status(self, args=()):
        return status_lines(self._view(), self._waiting_line() if self.game.state.pending is not None else "")

    def _why(self, args):
        if not args:
            if not self.actions:
                return ["no monster has acted yet"]
            return [self._action_line(e) for e in self.actions]
        (n,) = self._args(args, 1, HELP["why"])
        i = self._number(n, "N")
        if not 1 <= i <= len(self.decisions):
            raise CommandError(self._no_decision(i))
        d = self.decisions[i - 1]
        out = [f"[{i}] {d['monster']} {d['action']}:"]
        for dec in d["decisions"]:
            key = ", ".join(f"{k}={spoken(v)}" for k, v in dec["key"].items())
            ties = f"; tied with {'; '.join(spoken(t) for t in dec['ties'])}" if dec["ties"] else ""
            out.append(f"  {dec['what']}: {spoken(dec['choice'])} - the lowest key ({key}) of {dec['considered']}{ties}")
        return out

    def _no_decision(self, i: int) -> str:
        """``choose``/``why`` refer to the decisions of the command just shown, nothing older."""
        if not self.decisions:
            return f"no decision {i}; the last command made none to choose from"
        if len(self.decisions) == 1:
            return f"no decision {i}; the last command's one is numbered 1"
        return f"no decision {i}; the last command's are numbered 1 to {len(self.decisions)}"

    @staticmethod
    def _action_line(e: dict) -> str:
        if e["event"] == "group":
            return f"{e['group']}"
        if e["event"] == "monster":
            return f"  {e['monster']} ({e['rank']})"
        return f"    {e['action']}: {'performed' if e['performed'] else 'not performed'} - {e['why']}"

    def undo_hidden_draws(self) -> bool:
        return not self.game.quest.scenario.rules.no_undo_past_hidden_draw

    # -- the table loop's needs -------------------------------------------------------------------
    def status(self) -> list[str]:
        return self._status()

    def picture(self) -> list[str]:
        return self._map([])

    def prompt(self) -> str:
        """The round, the tracks and the active card, always in view."""
        s = self.game.state
        card = self.game.cards[s.active_exploration].name if s.active_exploration else "no active card"
        return f"[round {s.round} | doom {s.track.doom} fate {s.track.fate} | {card}] overlord> "

    def words(self) -> list[str]:
        """What Tab completes besides the commands: heroes, monsters, conditions."""
        return self.game.state.heroes + [f.id for f in self.game.state.monsters()] + list(self.game.quest.conditions)

    def json_extra(self) -> dict:
        s = self.game.state
        return {"round": s.round, "phase": s.phase, "doom": s.track.doom, "fate": s.track.fate}

    def epilogue(self) -> list[str]:
        s = self.game.state
        text = self.game.quest.scenario.epilogue.get("win" if s.phase == "victory" else "lose", "")
        return [f"== {'Victory' if s.phase == 'victory' else 'Defeat'} ==", text] if text else []


def status_lines(game: Game, waiting: str = "") -> list[str]:
    """Round, phase, tracks, act and loot; the active card; each hero's health, fatigue,
    conditions and space."""
    s = game.state
    _, (sx, sy) = game.board()
    heroes = []
    for f in s.hero_figures():
        where = "knocked out, token at" if f.knocked_out else "at"
        conditions = f", {', '.join(f.conditions)}" if f.conditions else ""
        heroes.append(f"{f.id} {game.health(f)}/{f.max_health} health, {f.fatigue}/{f.stamina} fatigue"
                      f"{conditions}, {where} {f.at[0] + sx},{f.at[1] + sy}" +
                      (" (turn over)" if f.id in s.turn_done else ""))
    active = game.cards[s.active_exploration].name if s.active_exploration else "none (fate advances each round)"
    lines = [f"round {s.round}, {s.phase.replace('_', ' ')}; doom {s.track.doom}, fate {s.track.fate} "
             f"(top {s.track.spaces - 1}); act {s.act}; loot {count(s.loot.tokens, 'token')}",
             f"active exploration card: {active}; monsters on the map: {len(s.monsters())}"]
    lines += [f"  {h}" for h in heroes]
    return lines + ([waiting] if waiting else [])
