"""One game at the table shared by every open page: the web companion's heart, naming no game.

A :class:`Hub` owns one :class:`~overlord.session.session.Session` (the same one ``overlord play``
and ``resume`` use: the same save, undo and commands) and answers the pages:

* every command goes through the session, one at a time, in the order they arrive;
* the game's **step** counts the changes it went through while this server ran (a command that
  changed the game, an undo): a page sends the step it last saw with each command, and a command
  sent from a step that is not the latest is refused, unapplied, with the game as it is now - a
  command is never applied on a game its player did not see, never twice and never lost;
* the steps count from 0 each time a server starts: each start has its own ``server`` id, which a
  page sends with its step, so a page that saw step 3 of a server that stopped is not taken for
  one that saw step 3 of the one serving now (the game may have gone on at the terminal between);
* after a change every listener (each open page's event stream) gets the new :meth:`snapshot`:
  a page that lost its connection asks for the latest one when it comes back and is caught up;
* who typed each command that changed the game is kept in the save (meta ``typed_by``, one name a
  command) so that ``undo`` names what it takes back and who typed it, after a restart too.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from ..core.game import match_json
from ..session.session import Reply, Session
from ..session.store import SaveError
from ..view.svg import render
from .offers import dice_offer, forms, offers

NARRATION_KEPT = 60          # the entries a snapshot carries (a page shows the latest first)
WHO_LIMIT = 40               # a device's name, as long as it may be
DECISIONS_SHOWN = 20         # the last command's decisions a snapshot explains (why 1, why 2, ...)


class Stale(Exception):
    """A command sent from a page that had not seen the latest step."""


@dataclass
class Entry:
    """One command as the pages show it: who typed it, the step it made, what the game answered."""

    step: int
    who: str
    command: str
    ok: bool
    lines: list[str]
    changed: bool

    def to_json(self) -> dict:
        return {"step": self.step, "who": self.who, "command": self.command, "ok": self.ok, "lines": self.lines,
                "changed": self.changed}


@dataclass
class Hub:
    session: Session
    title: str = ""
    step: int = 0
    server: str = field(default_factory=lambda: secrets.token_hex(4))
    entries: list[Entry] = field(default_factory=list)
    listeners: set = field(default_factory=set)
    _snapshot: dict | None = None
    _state: str = ""

    def __post_init__(self):
        self._state = _seen(self.session)
        # a page shows every answer as the hub hands it out; a server stopped mid-command leaves
        # none for `resume` to tell again (the terminal's table keeps it: Session.keep_answers)
        self.session.keep_answers = False

    def opened(self, reply: Reply, who: str = "") -> None:
        """The lines the game opened with (a new game's setup, or a resumed game's place), as the
        first entry the pages show."""
        self.entries.append(Entry(self.step, _who(who), reply.command, reply.ok, list(reply.lines), True))
        self._snapshot = None

    # -- commands -------------------------------------------------------------------------------
    def command(self, line: str, step: int | None, who: str = "", server: str | None = None) -> tuple[Reply, bool]:
        """Carry out ``line`` typed by ``who`` on a page that last saw ``step`` of ``server`` (None:
        a page that does not say, such as a script; it is taken as seen). Returns the reply and
        whether the game changed. :class:`Stale` when ``step`` is not the latest: nothing is done."""
        who = _who(who)
        if server is not None and server != self.server:
            raise Stale(f"refused: the server was started again since this page showed step {step} (the game may "
                        "have gone on meanwhile); nothing was done - here is the game as it is now")
        if step is not None and step != self.step:
            raise Stale(f"refused: the game changed on another device since this page showed step {step} "
                        f"(it is at step {self.step}); nothing was done - here is the game as it is now")
        verb = (line.split() or [""])[0].lower()
        undoing = self._undoing() if verb == "undo" else None
        reply = self.session.execute(line)
        now = _seen(self.session)
        changed = now != self._state
        if changed:
            self._state = now
            self.step += 1
            self._note_author(verb, who)
            if undoing is not None and reply.ok and reply.lines and reply.lines[0].startswith("undone: "):
                reply.lines[0] += f" (typed by {undoing['who']})" if undoing["who"] else ""
        lines = list(reply.lines)
        if changed and reply.ok:                    # what may be done next is the page's own panel
            closing = self.session.table.closing()
            if closing and len(lines) > len(closing) and lines[-len(closing):] == closing \
                    and self.session.rules.outcome(self.session.match) is None:
                lines = lines[:-len(closing)]
        command = reply.command
        if changed and verb != "undo" and self.session.save is not None:
            command = self.session.save.commands()[-1]      # a number as what it did: "2 (end leoric)"
        entry = Entry(self.step, who, command, reply.ok, lines, changed)
        if changed:
            self.entries = (self.entries + [entry])[-NARRATION_KEPT:]
            self._snapshot = None
            self._tell()
        return reply, changed

    def _undoing(self) -> dict | None:
        """What ``undo`` would take back now: the command, who typed it and, where undo would be
        refused (a hidden draw the scenario keeps), why; None: nothing."""
        save = self.session.save
        try:
            preview = self.session.undo_preview()
            if save is None or preview is None:
                return None
            n = len(save.commands())
            typed = list(save.meta.get("typed_by") or [])
        except SaveError:
            return None
        command, refused = preview
        who = typed[n - 1] if len(typed) >= n else ""
        return {"command": command, "who": who or "", **({"refused": refused} if refused else {})}

    def _note_author(self, verb: str, who: str) -> None:
        save = self.session.save
        if save is None:
            return
        try:
            n = len(save.commands())
            typed = list(save.meta.get("typed_by") or [])[:n]
            typed += [""] * (n - len(typed))
            if verb != "undo" and typed:
                typed[-1] = who
            save.set_meta("typed_by", typed)
        except SaveError:
            pass                            # the name is a courtesy: the game itself is saved

    # -- what the pages see ---------------------------------------------------------------------
    def snapshot(self) -> dict:
        """Everything a page draws, for the current step (computed once a step)."""
        if self._snapshot is None:
            self._snapshot = self._make_snapshot()
        return self._snapshot

    def _make_snapshot(self) -> dict:
        s = self.session
        table = s.table
        drawing = table.drawing()
        outcome = s.rules.outcome(s.match)
        why = s.execute("why").lines if "why" in table.commands else []
        decisions = self._decisions() if why else []
        options = (s.execute("options").lines if "options" in table.commands else table.options()) \
            if outcome is None and s.waiting is None else []
        return {
            "step": self.step,
            "server": self.server,
            "title": self.title,
            "game": s.rules.title or s.rules.name,
            "prompt": s.question() if s.waiting is not None else table.prompt().strip(),
            "over": table.epilogue() if outcome is not None else None,
            "status": table.status(),
            "options": [dice_offer(s.waiting["asked"][-1], s.question())] if s.waiting is not None
            else offers(options, table),
            "forms": forms(table),
            "svg": render(drawing) if drawing is not None else "",
            "positions": [list(row) for row in drawing.positions()] if drawing is not None else [],
            "why": why,
            "decisions": decisions,
            "narration": [e.to_json() for e in reversed(self.entries)],
            "undo": self._undoing(),
            "words": s.words(),
            "state_hash": hashlib.sha256(self._state.encode("utf-8")).hexdigest()[:16],
        }

    def _decisions(self) -> list[dict]:
        """Each numbered decision of the last command (``Table.numbered_decisions``) with its
        comparison key and ties: ``why N``'s answer (at most :data:`DECISIONS_SHOWN`)."""
        out = []
        for n in self.session.table.numbered_decisions()[:DECISIONS_SHOWN]:
            reply = self.session.execute(f"why {n}")
            if reply.ok and reply.lines:
                out.append({"n": n, "lines": reply.lines})
        return out

    def board(self, large: bool = False, contrast: bool = False) -> str:
        drawing = self.session.table.drawing()
        return render(drawing, large=large, contrast=contrast) if drawing is not None else ""

    # -- listeners --------------------------------------------------------------------------------
    def listen(self) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue()
        self.listeners.add(queue)
        return queue

    def forget(self, queue: asyncio.Queue) -> None:
        self.listeners.discard(queue)

    def _tell(self) -> None:
        for queue in list(self.listeners):
            queue.put_nowait(self.step)

    def close(self) -> None:
        """The server stops: every event stream ends, then the save is closed (its lock goes)."""
        for queue in list(self.listeners):
            queue.put_nowait(None)
        self.session.close()


def _who(name: Any) -> str:
    """A device's name as pages show it: printable, one line, at most :data:`WHO_LIMIT` long."""
    text = re.sub(r"\s+", " ", str(name or "")).strip()
    text = "".join(ch for ch in text if ch.isprintable())
    return text[:WHO_LIMIT]


def _seen(session: Session) -> str:
    """What a page has seen of the game: its state, and a command waiting for the players' dice."""
    state = match_json(session.match)
    return state if session.waiting is None else state + json.dumps(session.waiting, sort_keys=True)
