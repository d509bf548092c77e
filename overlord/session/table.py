"""A game at a real table: the players type what their heroes did, the program runs the enemy
and tells them what to do on the board. Every command that changes the game is saved (state and
command, one transaction) before its result is shown.

Commands (``help`` lists them; a bad command gets one line and changes nothing)::

    move HERO X,Y          attack MONSTER DAMAGE [by HERO]     hurt HERO DAMAGE
    defeated HERO          open HERO                           search HERO
    rest HERO              objective                           end HERO
    choose N X,Y|HERO      map    status    why N    undo    help [COMMAND]    quit
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field

from ..content.quest import load_quest
from ..core.state import dumps, from_json
from ..games.descent.engine import (Game, GameError, complete_encounter, damage_figure, move_figure,
                                    new_game, open_door, overlord_phase)
from ..games.descent.state import DescentState
from ..view.text import draw
from .narrate import narrate
from .store import SaveError, SaveFile

HELP = {
    "move": "move HERO X,Y - the hero moved to that space (x,y as `map` numbers them)",
    "attack": "attack MONSTER DAMAGE [by HERO] - a hero's attack dealt this much damage to a monster",
    "hurt": "hurt HERO DAMAGE - a monster's attack (or anything else) dealt this much damage to a hero",
    "defeated": "defeated HERO - the hero is defeated (fate advances)",
    "open": "open HERO - the hero opens the door of the current encounter: a new encounter is explored",
    "search": "search HERO - the hero searches (takes a search token next to them)",
    "rest": "rest HERO - the hero rests",
    "objective": "objective - the heroes completed the active encounter's objective",
    "end": "end HERO - the hero's turn is over; when every hero's is, the overlord plays",
    "map": "map - draw the dungeon with every figure",
    "status": "status - round, tracks, the active exploration card, the heroes",
    "why": "why N - the comparison keys behind the monster decision numbered N",
    "choose": "choose N X,Y|HERO - take another of the equally good options of decision N (the rulebook lets you)",
    "undo": "undo - take back the last command (the dice and cards go back with it)",
    "help": "help [COMMAND] - this list, or one command",
    "quit": "quit - stop here; `overlord resume FILE` continues",
}
CHANGES = {"move", "attack", "hurt", "defeated", "open", "search", "rest", "objective", "end", "choose"}


class CommandError(ValueError):
    """A command that cannot be carried out; the game is unchanged."""


@dataclass
class Reply:
    command: str
    ok: bool
    lines: list[str]
    events: list[dict] = field(default_factory=list)


class Session:
    def __init__(self, game: Game, save: SaveFile | None):
        self.game = game
        self.save = save
        self.decisions: list[dict] = []

    # -- starting and resuming ----------------------------------------------------------------
    @classmethod
    def start(cls, scenario_path, heroes: list[str], seed: int, save_path=None) -> tuple["Session", Reply]:
        quest = load_quest(scenario_path)
        try:
            game = new_game(quest, heroes, seed)
        except GameError as e:
            raise CommandError(str(e)) from None
        save = None
        if save_path is not None:
            save = SaveFile.create(save_path, {"scenario": str(scenario_path), "seed": seed, "heroes": heroes})
            save.append("start", dumps(game.state))
        session = cls(game, save)
        _, (sx, sy) = game.board()
        lines = [f"{quest.scenario.name}: {', '.join(heroes)} (seed {seed})"]
        lines += [f"  {f.id} starts at {f.at[0] + sx},{f.at[1] + sy}" for f in game.state.hero_figures()]
        lines += narrate(game.state.log, game, session.decisions)
        lines += session._status()
        return session, Reply("start", True, lines, list(game.state.log))

    @classmethod
    def resume(cls, save_path) -> tuple["Session", Reply]:
        save = SaveFile.open(save_path)
        meta = save.meta
        quest = load_quest(meta["scenario"])
        latest = save.latest()
        if latest is None:
            raise SaveError(f"{save_path}: the save holds no game yet")
        state = _load_state(latest[1], save_path)
        session = cls(Game(quest, state), save)
        lines = [f"resumed {save_path} after {len(save.commands()) - 1} command(s)"] + session._status()
        return session, Reply("resume", True, lines)

    # -- one command ----------------------------------------------------------------------------
    def execute(self, line: str) -> Reply:
        words = line.split()
        if not words or words[0].startswith("#"):
            return Reply(line, True, [])
        verb = words[0].lower()
        if verb not in HELP:
            hint = difflib.get_close_matches(verb, HELP, n=1)
            return Reply(line, False, [f"unknown command {verb!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                                       + "; `help` lists the commands"])
        if self.game.over and verb in CHANGES:
            return Reply(line, False, [f"the game is over ({self.game.state.phase}); `undo` or `quit`"])
        try:
            if verb in CHANGES:
                return self._change(line, verb, words[1:])
            return Reply(line, True, getattr(self, f"_{verb}")(words[1:]))
        except (CommandError, GameError, SaveError) as e:
            return Reply(line, False, [str(e)])

    def _change(self, line: str, verb: str, args: list[str]) -> Reply:
        state = self.game.state
        before = len(state.log)
        before_draws = (len(state.peril.draw), len(state.activation.draw), len(state.exploration.draw))
        getattr(self, f"_{verb}")(args)
        events = state.log[before:]
        drew = before_draws != (len(state.peril.draw), len(state.activation.draw), len(state.exploration.draw))
        if self.save is not None:
            self.save.append(line, dumps(state), drew)
        lines = narrate(events, self.game, self.decisions) or [f"ok: {line}"]
        if self.game.over:
            lines += self._epilogue()
        return Reply(line, True, lines, events)

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

    @staticmethod
    def _number(text: str, what: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise CommandError(f"{what} must be a whole number, not {text!r}") from None
        if n < 0:
            raise CommandError(f"{what} must be 0 or more, not {n}")
        return n

    @staticmethod
    def _args(args, n, usage):
        if len(args) != n:
            raise CommandError(f"usage: {usage}")
        return args

    def _move(self, args):
        hero, xy = self._args(args, 2, HELP["move"])
        try:
            at = [int(v) for v in xy.split(",")]
            assert len(at) == 2
        except (ValueError, AssertionError):
            raise CommandError(f"{xy!r} is not a space X,Y") from None
        move_figure(self.game, self._hero(hero), self._board_to_dungeon(at, xy))

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
        damage_figure(self.game, self._hero(hero), self._number(n, "DAMAGE"))

    def _defeated(self, args):
        (hero,) = self._args(args, 1, HELP["defeated"])
        hero = self._hero(hero)
        damage_figure(self.game, hero, max(1, self.game.state.figure(hero).health))

    def _open(self, args):
        (hero,) = self._args(args, 1, HELP["open"])
        open_door(self.game, self._hero(hero))

    def _search(self, args):
        (hero,) = self._args(args, 1, HELP["search"])
        hero = self._hero(hero)
        f = self.game.state.figure(hero)
        near = [t for t in self.game.state.tokens if t.token == "search"
                and max(abs(t.at[0] - f.at[0]), abs(t.at[1] - f.at[1])) <= 1]
        if not near:
            raise CommandError(f"there is no search token on or next to {hero}")
        self.game.state.tokens.remove(near[0])
        self.game.log({"event": "note", "text": f"{hero} takes the search token: draw a Search card"})

    def _rest(self, args):
        (hero,) = self._args(args, 1, HELP["rest"])
        self.game.log({"event": "note", "text": f"{self._hero(hero)} rests"})

    def _objective(self, args):
        self._args(args, 0, HELP["objective"])
        complete_encounter(self.game)

    def _end(self, args):
        (hero,) = self._args(args, 1, HELP["end"])
        hero = self._hero(hero)
        state = self.game.state
        if hero in state.turn_done:
            raise CommandError(f"{hero} has already ended this round's turn")
        state.turn_done.append(hero)
        if len(state.turn_done) < len(state.heroes):
            self.game.log({"event": "note", "text": f"{hero}'s turn is over"})
            return
        state.turn_done = []
        self.decisions.clear()
        self.game.log({"event": "note", "text": f"== Overlord phase of round {state.round} =="})
        overlord_phase(self.game)
        if not self.game.over:
            self.game.log({"event": "note", "text": f"== Round {state.round}: the heroes' turns =="})

    def _choose(self, args):
        n, option = self._args(args, 2, HELP["choose"])
        i = self._number(n, "N")
        if not 1 <= i <= len(self.decisions):
            raise CommandError(f"no decision {i}; this round's are numbered 1 to {len(self.decisions)}")
        d = self.decisions[i - 1]
        if "move" in d:
            try:
                at = [int(v) for v in option.split(",")]
            except ValueError:
                raise CommandError(f"{option!r} is not a space X,Y") from None
            if at not in d["move"]:
                raise CommandError(f"{option} is not one of the equally good spaces: "
                                   f"{'; '.join(f'{x},{y}' for x, y in d['move'])}")
            move_figure(self.game, d["monster"], self._board_to_dungeon(at, option))
        elif "attack" in d:
            if option not in d["attack"]:
                raise CommandError(f"{option!r} is not one of the tied targets: {', '.join(d['attack'])}")
            self.game.log({"event": "note", "text": f"{d['monster']} attacks {option} instead (the heroes' choice)"})
        else:
            raise CommandError(f"decision {i} has nothing to choose")

    def _map(self, args):
        return draw(self.game.scene()).splitlines()

    def _status(self, args=()):
        s = self.game.state
        heroes = ", ".join(f"{f.id} {f.health} health at {f.at[0]},{f.at[1]}" +
                           (" (turn over)" if f.id in s.turn_done else "") for f in s.hero_figures())
        active = self.game.cards[s.active_exploration].name if s.active_exploration else "none (fate advances each round)"
        return [f"round {s.round}, {s.phase.replace('_', ' ')}; doom {s.track.doom}, fate {s.track.fate} "
                f"(top {s.track.spaces - 1}); act {s.act}; loot {s.loot.tokens} token(s)",
                f"active exploration card: {active}; monsters on the map: {len(s.monsters())}",
                f"heroes: {heroes}"]

    def _why(self, args):
        (n,) = self._args(args, 1, HELP["why"])
        i = self._number(n, "N")
        if not 1 <= i <= len(self.decisions):
            raise CommandError(f"no decision {i}; this round's are numbered 1 to {len(self.decisions)}")
        d = self.decisions[i - 1]
        out = [f"[{i}] {d['monster']} {d['action']}:"]
        for dec in d["decisions"]:
            key = ", ".join(f"{k}={v}" for k, v in dec["key"].items())
            ties = f"; tied with {dec['ties']}" if dec["ties"] else ""
            out.append(f"  {dec['what']}: {dec['choice']} - the lowest key ({key}) of {dec['considered']}{ties}")
        return out

    def _undo(self, args):
        if self.save is None:
            raise CommandError("undo needs a save file (--save FILE)")
        allow = not self.game.quest.scenario.rules.get("no_undo_past_hidden_draw", False)
        command, state_json = self.save.undo(allow_hidden=allow)
        self.game = Game(self.game.quest, _load_state(state_json, self.save.path))
        return [f"undone: {command}"] + self._status()

    def _help(self, args):
        if args:
            return [HELP.get(args[0].lower(), f"no command {args[0]!r}")]
        return [HELP[k] for k in HELP]

    def _quit(self, args):
        return ["bye" + (f"; continue with `overlord resume {self.save.path}`" if self.save else "")]

    # -- the table loop's needs -------------------------------------------------------------------
    def prompt(self) -> str:
        """The round, the tracks and the active card, always in view."""
        s = self.game.state
        card = self.game.cards[s.active_exploration].name if s.active_exploration else "no active card"
        return f"[round {s.round} | doom {s.track.doom} fate {s.track.fate} | {card}] overlord> "

    def words(self) -> list[str]:
        """What Tab completes: commands, heroes, monsters."""
        return list(HELP) + self.game.state.heroes + [f.id for f in self.game.state.monsters()]

    def reply_json(self, reply: Reply) -> str:
        return reply_json(reply, self.game)

    def _epilogue(self):
        s = self.game.state
        text = self.game.quest.scenario.epilogue.get("win" if s.phase == "victory" else "lose", "")
        return [f"== {'Victory' if s.phase == 'victory' else 'Defeat'} ==", text] if text else []


def _load_state(text: str, where) -> DescentState:
    try:
        return from_json(DescentState, json.loads(text))
    except (ValueError, KeyError, TypeError) as e:
        raise SaveError(f"{where}: the saved game state cannot be read ({e})") from None


def reply_json(reply: Reply, game: Game) -> str:
    s = game.state
    return json.dumps({"command": reply.command, "ok": reply.ok, "lines": reply.lines, "events": reply.events,
                       "round": s.round, "phase": s.phase, "doom": s.track.doom, "fate": s.track.fate})
