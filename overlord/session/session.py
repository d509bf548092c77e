"""A game at a real table, for any registered game: the players type what their heroes did, the
program runs the enemy. The session reads commands, keeps the save (every command that changes
the game is saved with the state after it, in one transaction, before its result is shown),
undoes, resumes, and answers ``help``, ``status``, ``map``, ``undo`` and ``quit`` itself; the
game's own commands are its :class:`overlord.core.game.Table`'s.

A command that the rules refuse changes nothing: the match is put back as it was before the
command, from its JSON, whatever the game's command did before it refused.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path

from ..content.paths import find_scenario
from ..core.game import GameRules, RulesError, Table
from .store import SaveError, SaveFile

# the session's own commands (a game's table may word their help its own way)
COMMON = {
    "map": "map - draw the board",
    "status": "status - the round, the enemy's tracks and the heroes",
    "undo": "undo - take back the last command (the dice and cards go back with it)",
    "help": "help [COMMAND] - this list, or one command",
    "quit": "quit - stop here; `overlord resume FILE` continues",
}


class CommandError(ValueError):
    """A command that cannot be carried out; the game is unchanged."""


@dataclass
class Reply:
    command: str
    ok: bool
    lines: list[str]
    events: list[dict] = field(default_factory=list)


class Session:
    def __init__(self, rules: GameRules, content, table: Table, save: SaveFile | None):
        self.rules = rules
        self.content = content
        self.table = table
        self.save = save

    @property
    def match(self):
        return self.table.match

    @property
    def state(self):
        """The match's plain-data state."""
        return self.rules.state(self.match)

    # -- starting and resuming ------------------------------------------------------------------
    @classmethod
    def start(cls, rules: GameRules, content, scenario_path: Path, heroes: list[str], seed: int,
              save_path=None) -> tuple["Session", Reply]:
        try:
            match = rules.new_match(content, heroes, seed)
        except RulesError as e:
            raise CommandError(str(e)) from None
        save = None
        if save_path is not None:
            save = SaveFile.create(save_path, {"scenario": str(Path(scenario_path).resolve()), "seed": seed,
                                               "heroes": heroes, "game": rules.name})
            save.append("start", rules.to_json(match))
        session = cls(rules, content, rules.table(match), save)
        lines = session.table.opening(heroes, seed) + session.table.options()
        return session, Reply("start", True, lines, list(rules.log(match)))

    @classmethod
    def resume(cls, save_path, opener) -> tuple["Session", Reply]:
        """``opener(scenario) -> (rules, content, path)`` opens the scenario a save names."""
        save = SaveFile.open(save_path)
        meta = save.meta
        rules, content, _ = opener(find_scenario(meta["scenario"], Path(save_path).resolve().parent))
        if meta.get("game", rules.name) != rules.name:         # saves before games were named have none
            raise SaveError(f"{save_path}: a game of {meta['game']}, but its scenario "
                            f"{meta['scenario']} is now a {rules.name} scenario")
        latest = save.latest()
        if latest is None:
            raise SaveError(f"{save_path}: the save holds no game yet")
        match = _read(rules, content, latest[1], save_path)
        session = cls(rules, content, rules.table(match), save)
        lines = [f"resumed {save_path} after {len(save.commands()) - 1} command(s)"] + session.table.restore(match) \
            + session.table.status() + session.table.options()
        return session, Reply("resume", True, lines)

    # -- one command ------------------------------------------------------------------------------
    def execute(self, line: str) -> Reply:
        words = line.split()
        if not words or words[0].startswith("#"):
            return Reply(line, True, [])
        verb = words[0].lower()
        if verb in COMMON:
            try:
                return Reply(line, True, getattr(self, f"_{verb}")(words[1:]))
            except (CommandError, RulesError, SaveError) as e:
                return Reply(line, False, [str(e)])
        if verb not in self.table.commands and not verb.isdigit():
            known = list(self.table.commands) + list(COMMON)
            hint = difflib.get_close_matches(verb, known, n=1)
            return Reply(line, False, [f"unknown command {verb!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                                       + "; `help` lists the commands"])
        over = self.rules.outcome(self.match)
        changes = self.table.changes
        if over is not None and (verb.isdigit() or changes is None or verb in changes):
            return Reply(line, False, [self.table.over_line()])
        before = self.rules.to_json(self.match)
        try:
            reply = self.table.execute(verb, words[1:], line)
        except (CommandError, RulesError, SaveError) as e:
            if self.rules.to_json(self.match) != before:          # put back what the command did
                self.table.restore(_read(self.rules, self.content, before, "the match"))
            return Reply(line, False, [str(e)])
        if reply.changed and self.save is not None:
            self.save.append(reply.label or line, self.rules.to_json(self.match), reply.drew)
        lines = reply.lines or [f"ok: {line}"]
        if reply.changed and reply.closing:
            lines = lines + self.table.closing()
        return Reply(line, True, lines, reply.events)

    # -- the session's own commands ----------------------------------------------------------------
    def _map(self, args):
        return self.table.picture()

    def _status(self, args):
        return self.table.status()

    def _undo(self, args):
        if self.save is None:
            raise CommandError("undo needs a save file (--save FILE)")
        try:
            command, state_json = self.save.undo(allow_hidden=self.table.undo_hidden_draws())
        except SaveError as e:
            commands = self.save.commands()
            if "hidden" not in str(e) or not commands:
                raise
            raise CommandError(self.table.undo_refused(commands[-1], str(e))) from None
        told = self.table.restore(_read(self.rules, self.content, state_json, self.save.path))
        return [f"undone: {command}"] + told + self.table.status() + self.table.options()

    def _help(self, args):
        every = {**self.table.commands, **{k: v for k, v in COMMON.items() if k not in self.table.commands}}
        if args:
            return [every.get(args[0].lower(), f"no command {args[0]!r}")]
        return list(every.values())

    def _quit(self, args):
        return ["bye" + (f"; continue with `overlord resume {self.save.path}`" if self.save else "")]

    # -- the table loop's needs ---------------------------------------------------------------------
    def prompt(self) -> str:
        return self.table.prompt()

    def words(self) -> list[str]:
        return list(dict.fromkeys([*self.table.commands, *COMMON, *self.table.words()]))

    def reply_json(self, reply: Reply) -> str:
        return json.dumps({"command": reply.command, "ok": reply.ok, "lines": reply.lines, "events": reply.events,
                           **self.table.json_extra()}, default=str)


def _read(rules: GameRules, content, text: str, where):
    try:
        return rules.from_json(content, text)
    except (ValueError, KeyError, TypeError) as e:
        raise SaveError(f"{where}: the saved game state cannot be read ({e})") from None
