"""A game at a real table, for any registered game: the players type what their heroes did, the
program runs the enemy. The session reads commands, keeps the save (every command that changes
the game is saved with the state after it, in one transaction, before its result is shown),
undoes, resumes, and answers ``help``, ``status``, ``map``, ``undo`` and ``quit`` itself; the
game's own commands are its :class:`overlord.core.game.Table`'s.

A command that the rules refuse changes nothing: the match is put back as it was before the
command, from its JSON, whatever the game's command did before it refused. A command is applied
and saved whole or refused whole: one whose save fails is taken back too.

A fault of the program itself (an exception a game's command raised that is no refusal of the
rules: a bug) is told in one line too, never as a traceback: the game is put back as it was before
the command, the fault is kept in the save (meta ``fault``: the command, the error and its
traceback, for a report), and until a command goes through again ``undo`` may take back commands
that drew hidden cards - a save must never be left where the only way on fails and the way back
is refused.

Hostile input gets one line: a line that is not UTF-8 text, a number written with other digits
than 0-9 (``²``) or longer than any option (5,000 digits) are refused before a game sees them, and
a save edited by hand is checked on load (the game's ``check_state``: its formats, invariants and
generator) and refused, untouched, when it is not a state the game could be in.
"""

from __future__ import annotations

import difflib
from contextlib import nullcontext
import json
import re
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from ..content.paths import find_scenario, kind_of, shipped_scenarios, shown
from ..core.dice import DiceWanted, Hand, check_typed, question, typed
from ..core.game import HIDDEN_DRAW, GameRules, RulesError, ScenarioInfo, Table, drew_hidden, match_json
from ..games.registry import content_hash, scenario_files
from .store import SaveError, SaveFile, hidden_refusal
from ..view.svg import render
from ..view.words import count

# the session's own commands (a game's table may word their help its own way)
COMMON = {
    "map": "map - draw the board",
    "picture": "picture - draw the board as a picture beside the save (FILE.svg): open it in a browser, or print it",
    "status": "status - the round, the enemy's tracks and the heroes",
    "undo": "undo - take back the last command (the dice and cards go back with it); while a command waits "
            "for your dice, the last roll you typed",
    "dice": "dice A B ... - the faces you rolled, when the program asks for a roll (the faces alone do too)",
    "components": "components - what to put on the table, what the program keeps instead, and where things are",
    "help": "help [COMMAND] - this list, or one command",
    "quit": "quit - stop here; `overlord resume FILE` continues",
}


PLAYERS, PROGRAM = "players", "program"
#: who rolls the heroes' dice at a table (``--dice``): the players, who type the faces when asked,
#: or the program, with the game's generator
DICE_MODES = (PLAYERS, PROGRAM)


QUOTED = 40       # how much of a word typed a refusal quotes back
REFUSAL_MAX = 1000                      # the longest line a refusal tells


def _quoted(text: str) -> str:
    """What was typed, quoted back in a refusal: its first :data:`QUOTED` characters."""
    return repr(text) if len(text) <= QUOTED else f"{text[:QUOTED]!r}... ({len(text):,} characters)"


def _named(waiting: dict) -> str:
    """The waiting command as the players know it (a number with what it did)."""
    named = waiting.get("named")
    return named if isinstance(named, str) and named else waiting["line"]


def _faces(words: list[str], waiting: dict) -> bool:
    """Whether a line typed while dice are asked is a roll: numbers, or the asked die's words."""
    named = {str(f).lower() for f in waiting["asked"][-1]["faces"]}
    return all(_number(w) or w.lower() in named for w in words)


def _is_waiting(w) -> bool:
    """A ``waiting`` record read from a save's meta (edited by hand, perhaps) that can be asked."""
    try:
        return (isinstance(w["line"], str) and len(w["asked"]) == len(w["rolls"]) + 1
                and all(isinstance(q["n"], int) and isinstance(q["why"], str) and q["faces"] for q in w["asked"])
                and all(isinstance(f, (int, str)) for r in w["rolls"] for f in r)
                and isinstance(w.get("told", []), list) and all(isinstance(t, str) for t in w.get("told", [])))
    except (KeyError, TypeError):
        return False


class CommandError(ValueError):
    """A command that cannot be carried out; the game is unchanged."""


@dataclass
class Reply:
    command: str
    ok: bool
    lines: list[str]
    events: list[dict] = field(default_factory=list)


class Session:
    def __init__(self, rules: GameRules, content, table: Table, save: SaveFile | None, dice: str = PROGRAM):
        self.rules = rules
        self.content = content
        self.table = table
        self.save = save
        self.dice = dice if table.typed_dice else PROGRAM      # who rolls the heroes' dice (DICE_MODES)
        self.waiting: dict | None = None        # a command waiting for the players' dice (``rolls``)
        self.scenario_path: Path | None = None  # the scenario file the game was started or resumed from
        self.keep_answers = True                # a command's answer kept with it until shown (SaveFile.append)

    @property
    def match(self):
        return self.table.match

    @property
    def state(self):
        """The match's plain-data state."""
        return self.match.state

    # -- starting and resuming ------------------------------------------------------------------
    @classmethod
    def start(cls, rules: GameRules, content, scenario_path: Path, heroes: list[str], seed: int,
              save_path=None, dice: str = PROGRAM) -> tuple["Session", Reply]:
        """A new game. ``heroes`` as the players typed them: each is a hero of the scenario by its
        id or its name in the box, whatever the case ("Widow Tarha" is tarha). ``dice``: who rolls
        the heroes' dice, ``players`` (they type the faces when asked) or ``program``."""
        if dice not in DICE_MODES:
            raise CommandError(f"--dice is {' or '.join(DICE_MODES)}, not {dice!r}")
        heroes, told = hero_ids(rules.info(content), heroes)
        try:
            match = rules.new_match(content, heroes, seed)
        except RulesError as e:
            raise CommandError(str(e)) from None
        save = None
        if save_path is not None:
            files = scenario_files(scenario_path)
            save = SaveFile.create(save_path, {"scenario": str(Path(scenario_path).resolve()), "seed": seed,
                                               "heroes": heroes, "game": rules.name, "dice": dice,
                                               "content": files, "content_hash": content_hash(files)})
            save.begin(match_json(match))
        session = cls(rules, content, rules.table(match), save, dice)
        session.scenario_path = Path(scenario_path)
        lines = session.table.opening(heroes, seed)
        lines = lines[:1] + told + session._components([]) + lines[1:] + session.table.options()
        return session, Reply("start", True, lines, list(match.state.log))

    @classmethod
    def resume(cls, save_path, opener, confirm=None) -> tuple["Session", Reply]:
        """``opener(scenario) -> (rules, content, path)`` opens the scenario a save names (by its
        absolute path, or as :func:`find_scenario` finds an older save's). When the scenario's
        content changed since the game was saved, ``confirm(warning)`` is asked whether to go on
        (None: go on); a no raises :class:`SaveError` and the save is left as it was."""
        save = SaveFile.open(save_path)
        try:
            return cls._resume(save, save_path, opener, confirm)
        except BaseException:
            save.close()                    # the lock goes with the refusal
            raise

    @classmethod
    def _resume(cls, save: SaveFile, save_path, opener, confirm) -> tuple["Session", Reply]:
        meta = save.meta
        where = shown(save_path)
        saved, beside = meta["scenario"], Path(save_path).resolve().parent
        found = find_scenario(saved, beside)
        rules, content, path = opener(found)
        if meta.get("game", rules.name) != rules.name:         # saves before games were named have none
            raise SaveError(f"{where}: a game of {meta['game']}, but its scenario "
                            f"{meta['scenario']} is now a {rules.name} scenario")
        warning = changed_content(meta, scenario_files(path))
        told: list[str] = []
        if Path(saved).is_absolute() and kind_of(Path(saved)) != "file":
            # the scenario file the game was saved with (a save names it by its absolute path; older
            # ones by a name or a relative path, found as before) is gone: the shipped one of its name plays
            moved = f"its scenario {_clip(saved)} is no longer there; the game goes on with {shown(path)}"
            if warning or not isinstance(meta.get("content"), dict):
                warning = f"{moved}; " + (warning or "the save does not record the scenario's content, so the game "
                                                     "may play differently")
            else:
                told.append(f"{where}: {moved} (the same content the game was saved with)")
        if warning and confirm is not None and not confirm(f"{where}: {warning}"):
            raise SaveError(f"{where}: not resumed (the content changed since it was saved); left untouched")
        latest = save.latest()
        begun: list[str] = []
        if latest is None:                  # its start was never written (a full disk, a kill): start it now
            latest, begun = cls._begin(save, rules, content, meta, where)
        _check_saved(rules, content, latest[1], where)
        match = _read(rules, content, latest[1], where)
        dice = meta.get("dice", PROGRAM)             # saves from before the players rolled: the program's
        session = cls(rules, content, rules.table(match), save, dice if dice in DICE_MODES else PROGRAM)
        session.scenario_path = Path(path)
        waiting = meta.get("waiting")
        session.waiting = waiting if _is_waiting(waiting) else None
        unshown = save.unshown()
        if unshown is not None:
            told.append(f"the last command, `{unshown['command'][:200]}`, was saved but the program stopped before its "
                        "answer was shown; it answered:")
            told += unshown["lines"]
        lines = told + begun + [f"resumed {where} after {count(len(save.commands()) - 1, 'command')}"] + session.table.restore(match) \
            + session.table.status()
        lines += [session._question()] if session.waiting else session.table.options()
        return session, Reply("resume", True, lines)

    @staticmethod
    def _begin(save: SaveFile, rules: GameRules, content, meta: dict, where: str) -> tuple[tuple[int, str], list[str]]:
        """The start of a game whose save holds none yet, written now from what its meta names."""
        try:
            match = rules.new_match(content, list(meta["heroes"]), int(meta["seed"]))
        except RulesError as e:
            raise SaveError(f"{where}: the save holds no game yet, and its heroes cannot start one ({e})") from None
        text = match_json(match)
        try:
            seq = save.append("start", text)
        except SaveError as e:
            raise SaveError(f"{where}: the save holds no game yet (its start was never written) and it cannot be "
                            f"written now: {str(e).partition(': ')[2]}") from None
        return (seq, text), [f"{where}: the game's start had not been saved (a full disk or an interruption); it is "
                        "started now as the save names it"]

    # -- one command ------------------------------------------------------------------------------
    def execute(self, line: str) -> Reply:
        reply = self._execute(line)
        if not reply.ok and any(len(told) > REFUSAL_MAX for told in reply.lines):
            # a refusal quotes what was typed: a megabyte typed is not a megabyte told back
            reply.lines = [told if len(told) <= REFUSAL_MAX else f"{told[:REFUSAL_MAX]}... ({len(told):,} characters)"
                           for told in reply.lines]
        if len(reply.command) > REFUSAL_MAX:          # echoed in a JSON reply: a bounded prefix
            reply.command = f"{reply.command[:QUOTED]}... ({len(reply.command):,} characters)"
        return reply

    def _execute(self, line: str) -> Reply:
        refused = _unreadable(line)
        if refused:
            return Reply(line.encode("utf-8", "replace").decode("utf-8"), False, [refused])
        words = line.split()
        if not words or words[0].startswith("#"):
            return Reply(line, True, [])
        verb = words[0].lower()
        if verb == "dice" or (self.waiting is not None and _faces(words, self.waiting)):
            return self._dice(line, words[1:] if verb == "dice" else words)
        if verb in COMMON:
            before = match_json(self.match) if verb == "undo" else None
            try:
                return Reply(line, True, getattr(self, f"_{verb}")(words[1:]))
            except (CommandError, RulesError, SaveError) as e:
                return Reply(line, False, [str(e)])
            except Exception as e:  # noqa: BLE001 - a fault of the program, told in one line
                return self._fault(line, before, e)
        if verb not in self.table.commands and not (_number(verb) and self.table.numbered):
            known = list(self.table.commands) + list(COMMON)
            hint = difflib.get_close_matches(verb, known, n=1)
            return Reply(line, False, [f"unknown command {_quoted(verb)}" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                                       + "; `help` lists the commands"])
        if _number(verb) and self.table.numbered and len(words) > 1:
            return Reply(line, False, [f"an option is its number alone: `{int(verb)}` (not {_quoted(line.strip())})"])
        over = self.rules.outcome(self.match)
        changes = self.table.changes
        if over is not None and (_number(verb) or changes is None or verb in changes):
            return Reply(line, False, [self.table.over_line()])
        if self.waiting is not None and verb == "options":
            return Reply(line, True, [f"{_named(self.waiting)} waits for your dice: {self._question()}"])
        if self.waiting is not None and (_number(verb) or changes is None or verb in changes):
            return Reply(line, False, [f"{_named(self.waiting)} waits for your dice: {self._question()}; "
                                       "or `undo` to take it back"])
        return self._command(line, verb, words[1:], None)

    def _command(self, line: str, verb: str, args: list[str], rolls: list[list] | None) -> Reply:
        """A table's command; ``rolls``: the players' dice typed so far for the waiting command it is
        (None: a new command). Where the players roll their own, a command that changes the game is
        carried out with them and saved whole, or - when it needs a roll not typed yet - put back
        as it was and kept waiting for that roll (``waiting``, in the save's meta too)."""
        before = match_json(self.match)
        logged = len(self.match.state.log)
        changes = self.table.changes
        changing = changes is None or verb in changes or _number(verb)
        hand = Hand([list(r) for r in rolls or []]) if self.dice == PLAYERS and changing else None
        try:
            with typed(hand) if hand is not None else nullcontext():
                reply = self.table.execute(verb, args, line)
                lines = reply.lines or [f"ok: {line}"]
                if reply.changed and reply.closing:
                    lines = lines + self.table.closing()
        except DiceWanted as wanted:
            so_far = self._so_far(logged)
            drew = sum(1 for e in self.match.state.log[logged:] if isinstance(e, dict) and e.get(HIDDEN_DRAW))
            if match_json(self.match) != before:
                self.table.restore(_read(self.rules, self.content, before, "the match"))
            rolls = rolls or []
            waiting = self.waiting if rolls else None
            asked = (waiting or {}).get("asked", [])[:len(rolls)]
            told = list((waiting or {}).get("told", []))
            new = so_far[len(told):] if so_far[:len(told)] == told else so_far
            named = (waiting or {}).get("named") or self._option_named(line)
            asking = self._wait({"line": line, "named": named, "rolls": [list(r) for r in rolls], "told": so_far,
                                 "asked": asked + [{"n": wanted.n, "faces": list(wanted.faces), "why": wanted.why,
                                                    "drew": drew}]})
            return Reply(asking.command, asking.ok, new + asking.lines if asking.ok else asking.lines)
        except (CommandError, RulesError, SaveError) as e:
            if match_json(self.match) != before:          # put back what the command did
                self.table.restore(_read(self.rules, self.content, before, "the match"))
            return Reply(line, False, [str(e)])
        except Exception as e:  # noqa: BLE001 - a fault of the program, told in one line
            return self._fault(line, before, e)
        told = (self.waiting or {}).get("told", []) if rolls is not None else []
        if told and lines[:len(told)] == told:             # what the questions showed is not told again
            lines = lines[len(told):] or lines
        label = (reply.label or line) + (f" (dice {'; '.join(' '.join(map(str, r)) for r in rolls)})" if rolls else "")
        if reply.changed and self.save is not None:
            try:
                drew = drew_hidden(self.match.state.log[logged:])
                self.save.append(label, match_json(self.match), drew, lines if self.keep_answers else None)
                if rolls is not None:
                    self.save.set_meta("waiting", None)
            except SaveError as e:                          # refused whole: the game as it was
                self.table.restore(_read(self.rules, self.content, before, "the match"))
                return Reply(line, False, [str(e)])
            self._clear_fault()
        if rolls is not None:
            self.waiting = None
        return Reply(line, True, lines, reply.events)

    # -- the players' dice ----------------------------------------------------------------------------
    def _option_named(self, line: str) -> str:
        """A numbered option typed as its number, named as the options say it ("1 (fight ixion with
        magic)"); another line as typed."""
        if not (_number(line.strip()) and self.table.numbered):
            return line
        found = re.compile(rf"^\s*{int(line)}\. (.+)$")
        try:
            labels = [m.group(1) for m in map(found.match, self.table.options()) if m]
        except Exception:  # noqa: BLE001 - a name for the question only: the number will do
            labels = []
        return f"{line} ({labels[0]})" if labels else line

    def _so_far(self, logged: int) -> list[str]:
        """What a command did before it stopped for a roll (told with the question)."""
        try:
            return self.rules.narrate(self.match, self.match.state.log[logged:])
        except Exception:  # noqa: BLE001 - a partial command's events may not all be tellable: the question alone
            return []

    def _wait(self, waiting: dict | None) -> Reply:
        """Keep ``waiting`` (a command and the rolls typed for it), in the save too; ask its roll."""
        if self.save is not None:
            try:
                self.save.set_meta("waiting", waiting)
            except SaveError as e:
                return Reply(waiting["line"] if waiting else "", False, [str(e)])
        self.waiting = waiting
        return Reply(waiting["line"] if waiting else "", True, [self._question()] if waiting else [])

    def question(self) -> str:
        """The roll a waiting command asks for (``waiting`` set)."""
        return self._question()

    def _question(self) -> str:
        w = self.waiting
        assert w is not None, "a question is asked only while a command waits for dice"
        q = w["asked"][-1]
        return question(q["n"], q["faces"], q["why"])

    def _dice(self, line: str, words: list[str]) -> Reply:
        """`dice A B` (or `A B`): the faces the players rolled for the roll asked; the waiting command
        is played again from its start with them."""
        w = self.waiting
        if w is None:
            return Reply(line, False, ["no roll is asked for now: the program asks when one of your dice is "
                                       "rolled" if self.dice == PLAYERS else
                                       "this game takes what your dice did, not their faces (`help` says how)"
                                       if not self.table.typed_dice else
                                       "the program rolls the heroes' dice in this game (it was started with "
                                       "--dice program)"])
        try:
            faces = check_typed(words, w["asked"][-1])
        except ValueError as e:
            return Reply(line, False, [f"{e}; {self._question()}"])
        reply = self._command(w["line"], w["line"].split()[0].lower(), w["line"].split()[1:], [*w["rolls"], faces])
        return Reply(line, reply.ok, reply.lines, reply.events)

    # -- a fault of the program -------------------------------------------------------------------
    def _fault(self, line: str, before: str | None, error: Exception) -> Reply:
        """One line for a fault of the program's own (not a refusal): the game as it was before
        the command (``before``: its JSON, or the save's latest state; None when the command could
        change nothing), the fault kept
        in the save, and ``undo`` allowed past hidden draws until a command goes through."""
        told = f"{type(error).__name__}: {_clip(str(error))}" if str(error) else type(error).__name__
        if before is not None and self.save is not None:
            try:                                    # the save holds the truth (an undo may have gone through)
                latest = self.save.latest()
                before = latest[1] if latest is not None else before
            except SaveError:
                pass
        if before is not None:
            try:
                self.table.restore(_read(self.rules, self.content, before, "the match"))
            except Exception:  # noqa: BLE001 - the table could not even take the game back
                self.table = self.rules.table(_read(self.rules, self.content, before, "the match"))
        kept = ""
        if self.save is not None:
            fault = {"command": line[:200], "error": told, "after": len(self.save.commands()),
                     "traceback": "".join(traceback.format_exception(error))[-4000:]}
            try:
                self.save.set_meta("fault", fault)
                kept = "; the fault is kept in the save for a report"
            except SaveError:
                pass
        way_back = ("`undo` takes back the last command, hidden draws too, so the game can go another way"
                    if self.save is not None else "try another command")
        return Reply(line, False, [f"the program failed on {line[:60]!r} ({told}): a fault of Overlord, not of the "
                                   f"command; the game is as it was before it, {way_back}{kept}"])

    def _faulted(self) -> bool:
        """Whether the program failed on a command since the last one that went through."""
        try:
            return self.save is not None and bool(self.save.meta.get("fault"))
        except SaveError:
            return False

    def _clear_fault(self) -> None:
        if self.save is not None and self._faulted():
            try:
                self.save.set_meta("fault", None)
            except SaveError:
                pass

    # -- the session's own commands ----------------------------------------------------------------
    def _map(self, args):
        return self.table.picture()

    def _picture(self, args):
        if args:
            raise CommandError(f"picture takes no words ({COMMON['picture']})")
        drawing = self.table.drawing()
        if drawing is None:
            raise CommandError("this game draws no picture of its board yet; `map` draws it as text")
        if self.save is None:
            raise CommandError("picture needs a save file (--save FILE): the picture is written beside it")
        out = Path(self.save.path).with_suffix(".svg")
        try:
            out.write_text(render(drawing), encoding="utf-8")
        except OSError as e:
            raise CommandError(f"{shown(out)}: cannot write the picture ({(e.strerror or str(e)).lower()})") from None
        return [f"the board is drawn in {shown(out)}: open it in a browser, or print it"]

    def _status(self, args):
        return self.table.status()

    def _undo(self, args):
        if self.waiting is not None:
            return self._undo_roll()
        if self.save is None:
            raise CommandError("undo needs a save file (--save FILE)")
        try:
            where = shown(self.save.path)
            command, state_json = self.save.undo(self.table.undo_hidden_draws() or self._faulted(),
                                                 lambda text: _check_saved(self.rules, self.content, text, where))
        except SaveError as e:
            commands = self.save.commands()
            if "hidden" not in str(e) or not commands:
                raise
            raise CommandError(self.table.undo_refused(commands[-1], str(e))) from None
        told = self.table.restore(_read(self.rules, self.content, state_json, where))
        return [f"undone: {command}"] + told + self.table.status() + self.table.options()

    def _undo_roll(self) -> list[str]:
        """``undo`` while a command waits for dice: the last roll typed for it is taken back (its
        question asked again), or - none typed - the command itself, which changed nothing yet."""
        w = self.waiting
        assert w is not None
        refused = self._roll_undo_refused()
        if refused:
            raise CommandError(f"{refused}; {self._question()}")
        if w["rolls"]:
            faces, asked = w["rolls"][-1], w["asked"][-2]
            reply = self._wait({**w, "rolls": w["rolls"][:-1], "asked": w["asked"][:-1]})
            if not reply.ok:
                raise CommandError(reply.lines[0])
            return [f"undone: the roll {' '.join(map(str, faces))} for {asked['why'] or _named(w)}", self._question()]
        reply = self._wait(None)
        if not reply.ok:
            raise CommandError(reply.lines[0])
        return [f"undone: {_named(w)} (it waited for dice: nothing of it was played)"] + self.table.options()

    def _roll_undo_refused(self) -> str:
        """Why ``undo`` may not take back the last roll typed (or, none typed, the waiting command):
        the command turned up something face down since, and the scenario keeps hidden draws."""
        w = self.waiting
        assert w is not None
        before = w["asked"][-2].get("drew", 0) if w["rolls"] else 0
        if w["asked"][-1].get("drew", 0) <= before or self.table.undo_hidden_draws() or self._faulted():
            return ""
        what = f"the roll {' '.join(map(str, w['rolls'][-1]))}" if w["rolls"] else f"'{_named(w)}'"
        return (f"undo refused: since {what} the command turned up something face down, and this scenario does "
                "not take back what was drawn")

    def undo_preview(self) -> tuple[str, str] | None:
        """What ``undo`` would take back now, and why it would be refused (one line; empty: it
        would not be); None: nothing to take back."""
        if self.waiting is not None:
            w = self.waiting
            return (f"the roll {' '.join(map(str, w['rolls'][-1]))}" if w["rolls"] else _named(w)), \
                self._roll_undo_refused()
        if self.save is None:
            return None
        last = self.save.last()
        if last is None:
            return None
        command, drew = last
        if drew and not (self.table.undo_hidden_draws() or self._faulted()):
            return command, self.table.undo_refused(command, hidden_refusal(command))
        return command, ""

    def _components(self, args):
        told = self.rules.components(self.match)
        lines = told.lines(self.dice == PLAYERS) if told is not None else []
        if lines and type(self.table).printout is not Table.printout and "Where things are:" in lines:
            at = lines.index("Where things are:")
            lines.insert(at, f"  - what of ours differs from your box, printed to lay on the table: "
                             f"`overlord print {self._scenario_word()}` (PDF or SVG)")
        return lines

    def _common(self) -> dict[str, str]:
        """The session's own commands for this game (``dice`` where its players may type faces)."""
        return {k: v for k, v in COMMON.items() if k != "dice" or self.table.typed_dice}

    def _scenario_word(self) -> str:
        """How a command names this game's scenario: a shipped one by its name, another by its path."""
        name = self.rules.info(self.content).id
        shipped = shipped_scenarios().get(name)
        path = self.scenario_path
        if path is None or (shipped is not None and path.resolve() == shipped.resolve()):
            return name
        return shown(path)

    def _help(self, args):
        every = {**self.table.commands, **{k: v for k, v in self._common().items() if k not in self.table.commands}}
        if args:
            return [every.get(args[0].lower(), f"no command {args[0]!r}")]
        return list(every.values())

    def _quit(self, args):
        return ["bye" + (f"; continue with `overlord resume {self.save.path}`" if self.save else "")]

    def close(self, shown: bool = True) -> None:
        """Close the save (its lock goes: the game may be resumed elsewhere). ``shown``: the last
        answer reached the players (False: the program is stopped mid-command, and ``resume`` shows
        the answer of a command saved then)."""
        if self.save is not None:
            if shown:
                self.save.shown()
            self.save.close()

    # -- the table loop's needs ---------------------------------------------------------------------
    def prompt(self) -> str:
        return "dice> " if self.waiting is not None else self.table.prompt()

    def words(self) -> list[str]:
        return list(dict.fromkeys([*self.table.commands, *self._common(), *self.table.words()]))

    def reply_json(self, reply: Reply) -> str:
        return json.dumps({"command": reply.command, "ok": reply.ok, "lines": reply.lines, "events": reply.events,
                           **self.table.json_extra()}, default=str)


MAX_DIGITS = 9       # an option or a number at the table (a longer one is no option of any game)


def _number(word: str) -> bool:
    """A number the way the tables read them: ASCII digits 0-9 only."""
    return word.isascii() and word.isdigit()


def _unreadable(line: str) -> str:
    """Why a line typed at the table is refused before a game sees it ('' when it is not): bytes
    that were not UTF-8 (read with surrogate escapes), digits other than 0-9, absurd numbers."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return "the line is not UTF-8 text; type it again"
    for word in line.split():
        odd = next((c for c in word if c.isdigit() and not c.isascii()), None)
        if odd is not None:
            return f"{word[:20]!r}: write numbers with the digits 0-9, not {odd!r}"
        longest = max((len(run) for run in re.findall(r"[0-9]+", word)), default=0)
        if longest > MAX_DIGITS:
            return f"a number of {longest:,} digits is no number at this table (at most {MAX_DIGITS} digits)"
    return ""


def _check_saved(rules: GameRules, content, text: str, where) -> None:
    """Refuse (one SaveError line) a state read from a save, which may have been edited by hand,
    unless it reads as this game's state, passes the game's ``check_state`` (formats, invariants,
    generator) and can be shown at a table (restored, status, options)."""
    try:
        match = rules.from_json(content, text)
        problems = rules.check_state(match)
        if not problems:
            table = rules.table(match)
            table.restore(match) + table.status() + table.options()
    except RecursionError:
        raise SaveError(f"{where}: the saved game state nests too deeply to be a game's; left untouched") from None
    except Exception as e:  # noqa: BLE001 - a save is untrusted data: whatever the game's code
        # raises on it means it is no state of this game
        raise SaveError(f"{where}: the saved game state is not one of {rules.name} "
                        f"({type(e).__name__}: {_clip(str(e))}); left untouched") from None
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise SaveError(f"{where}: the saved game state is not one this game can be in: {_clip(problems[0])}{more}; "
                        "left untouched")


def _clip(text: str) -> str:
    return text if len(text) <= 160 else text[:157] + "..."


def hero_ids(info: ScenarioInfo, given: list[str]) -> tuple[list[str], list[str]]:
    """The heroes the players named, as the scenario's hero ids: an id or a name in the box, in
    any case, with spaces ("Widow Tarha"); a name of several heroes' ids ("leoric tarha") is
    those heroes. A name that is none of them stays as typed (the game refuses it or, where any
    name may play, gives it an id without spaces). Also the lines that tell what became of a
    name that is not an id."""
    def key(name: str) -> str:
        return " ".join(name.replace("-", " ").replace("_", " ").lower().split())
    known = {key(h): h for h in info.heroes}
    known.update({key(n): h for h, n in info.hero_names.items() if key(n) not in known})
    out, told = [], []
    for name in (n.strip() for n in given):
        if not name:
            continue
        if key(name) in known:
            out.append(known[key(name)])
        elif all(key(w) in known for w in name.split()):
            out.extend(known[key(w)] for w in name.split())
            continue
        elif " " in name and info.other_heroes:
            out.append("-".join(name.lower().split()))
        else:
            out.append(name)
        if out[-1] != name:
            told.append(f"  {name} plays as {out[-1]} (the name to type at the table)")
    return out, told


def changed_content(meta: dict, files: dict[str, str]) -> str:
    """What changed in a scenario's content since a save recorded it ("" when nothing did, or
    when the save is older than the record)."""
    saved = meta.get("content")
    if not isinstance(saved, dict) or meta.get("content_hash") == content_hash(files) \
            or sorted(saved.values()) == sorted(files.values()):          # the same files, found in another folder
        return ""
    changed = [f for f in files if f in saved and saved[f] != files[f]]
    gone = [f for f in saved if f not in files]
    new = [f for f in files if f not in saved]
    parts = ([f"changed: {', '.join(changed)}"] if changed else []) + ([f"no longer read: {', '.join(gone)}"] if gone else []) \
        + ([f"now read too: {', '.join(new)}"] if new else [])
    return ("the scenario's content changed since this game was saved (" + "; ".join(parts or ["its files"])
            + "); the game goes on with the content as it is now, which may play differently")


def _read(rules: GameRules, content, text: str, where):
    try:
        return rules.from_json(content, text)
    except (ValueError, KeyError, TypeError) as e:
        raise SaveError(f"{where}: the saved game state cannot be read ({e})") from None
