"""Save files: a SQLite database holding every command typed at the table and the game state
after it, each committed in one transaction before its result is shown. Killing the program at
any moment loses nothing that was shown; ``undo`` steps back one command.

Tables: ``meta`` (key, value: format version, scenario, seed, heroes, created), ``steps`` (seq,
command text, state JSON, whether the command drew hidden cards). A file of an older format is
upgraded in place by the migrations below; a newer, corrupt or foreign file is refused with a
clear message and never written to.

One game is played in one place: a save is opened with SQLite's exclusive locking mode and an
exclusive lock taken at once and kept until it is closed, so a second ``resume`` of an open game
(or a ``play --save`` racing for the same new file) is refused in one line, never let in to lose
the other's commands. The operating system drops the lock of a killed program.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from urllib.request import pathname2url

from ..content.paths import kind_of, shown

FORMAT = 1
APP = "overlord"
MIGRATIONS: dict[int, list[str]] = {}   # from version -> statements that make it version + 1
REQUIRED = {"scenario": str, "seed": int, "heroes": list}     # meta every save has (JSON values)
KINDS = {str: "text", int: "a whole number", list: "a list"}
ANSWER_LINES, ANSWER_WIDTH = 400, 2_000     # the most of an answer kept for ``resume`` (ours)


class SaveError(Exception):
    """A save file that cannot be used (missing, foreign, corrupt, too new, or already there)."""


class SaveFault(SaveError):
    """A save that could not be written (a full disk, a read-only folder): not the user's mistake."""


class SaveFile:
    def __init__(self, path: Path, conn: sqlite3.Connection):
        self.path = path
        self.conn = conn

    # -- opening ----------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | Path, meta: dict) -> "SaveFile":
        path = Path(path)
        kind = kind_of(path)
        if kind != "missing":
            if kind in ("file", "folder", "other"):
                raise SaveError(f"{shown(path)}: already exists; continue it with `overlord resume {shown(path)}` "
                                "or choose another --save file")
            raise SaveError(f"{shown(path)}: cannot create the save file ({kind})")
        try:                      # O_EXCL: of two programs creating one file, one wins
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
        except FileExistsError:
            raise SaveError(f"{shown(path)}: already exists (another game was just saved there); choose another "
                            "--save file") from None
        except OSError as e:
            raise SaveError(f"{shown(path)}: cannot create the save file ({(e.strerror or str(e)).lower()})") from None
        try:
            conn = _connect(path)
            conn.execute("BEGIN EXCLUSIVE")
            conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            conn.execute("CREATE TABLE steps (seq INTEGER PRIMARY KEY, command TEXT NOT NULL, "
                         "state TEXT NOT NULL, drew INTEGER NOT NULL DEFAULT 0)")
            rows = {"app": APP, "format": str(FORMAT), **{k: json.dumps(v) for k, v in meta.items()}}
            conn.executemany("INSERT INTO meta VALUES (?, ?)", rows.items())
            conn.execute("COMMIT")
        except sqlite3.Error as e:
            path.unlink(missing_ok=True)
            raise SaveError(f"{shown(path)}: cannot create the save file ({e})") from None
        return cls(path, conn)

    def begin(self, state: str) -> None:
        """Save a new game's start; when it cannot be written (a full disk) the file this save
        created goes with the refusal: a failed start leaves nothing behind."""
        try:
            self.append("start", state)
        except SaveError as e:
            self.close()
            self.path.unlink(missing_ok=True)
            reason = str(e).partition("could not be saved (")[2].partition(")")[0] or "it could not be written"
            raise SaveFault(f"{shown(self.path)}: the game's start could not be saved ({reason}); no file was left "
                            "behind") from None

    @classmethod
    def open(cls, path: str | Path) -> "SaveFile":
        path = Path(path)
        kind = kind_of(path)
        if kind != "file":
            raise SaveError(f"{shown(path)}: " + {"missing": "no such save file", "folder": "is a directory, not a save file",
                                                  "other": "not a regular file"}.get(kind, kind))
        try:
            with open(path, "rb") as f:
                head = f.read(16)
        except OSError as e:
            raise SaveError(f"{shown(path)}: cannot read ({(e.strerror or str(e)).lower()})") from None
        if head != b"SQLite format 3\x00":
            raise SaveError(f"{shown(path)}: not an Overlord save file (not a SQLite database); left untouched")
        conn = None
        try:
            conn = _connect(path, "rw")
            conn.execute("BEGIN EXCLUSIVE")        # held until closed (exclusive locking mode)
        except sqlite3.Error as e:
            if conn is not None:
                conn.close()
            if "locked" in str(e) or "busy" in str(e):
                raise SaveError(f"{shown(path)}: the game is open elsewhere (another `overlord` plays it now); "
                                "quit it there first") from None
            raise SaveError(f"{shown(path)}: not a readable Overlord save file ({e}); left untouched") from None
        try:
            if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise SaveError(f"{shown(path)}: the save file is damaged (SQLite's check failed); left untouched")
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
            conn.execute("SELECT seq, command, state, drew FROM steps LIMIT 1").fetchall()
            conn.execute("COMMIT")
        except sqlite3.DatabaseError as e:
            conn.close()
            raise SaveError(f"{shown(path)}: not a readable Overlord save file ({e}); left untouched") from None
        except SaveError:
            conn.close()
            raise
        if meta.get("app") != APP:
            conn.close()
            raise SaveError(f"{shown(path)}: a SQLite file, but not an Overlord save; left untouched")
        version = meta.get("format", "0")
        if not isinstance(version, str) or not (version.isascii() and version.isdigit()) or len(version) > 9:
            conn.close()
            raise SaveError(f"{shown(path)}: the save's format is not a number ({_clip(version)}); left untouched")
        version = int(version)
        if version > FORMAT:
            conn.close()
            raise SaveError(f"{shown(path)}: saved by a newer Overlord (save format {version}, this one reads "
                            f"up to {FORMAT}); upgrade Overlord to continue it")
        save = cls(path, conn)
        try:
            _ = save.meta                               # every value readable, the required ones there
            save._upgrade(version)
        except SaveError:
            conn.close()
            raise
        return save

    def _upgrade(self, version: int) -> None:
        while version < FORMAT:
            steps = MIGRATIONS.get(version)
            if steps is None:
                raise SaveError(f"{shown(self.path)}: save format {version} is too old to upgrade")
            with _transaction(self.conn):
                for sql in steps:
                    self.conn.execute(sql)
                self.conn.execute("UPDATE meta SET value = ? WHERE key = 'format'", (str(version + 1),))
            version += 1

    # -- reading and writing ----------------------------------------------------------------
    @property
    def meta(self) -> dict:
        """The save's meta data; SaveError (one line) when a value is not JSON or a required one
        is missing or of the wrong type (a file edited by hand)."""
        rows = dict(self._query("SELECT key, value FROM meta"))
        out = {}
        for key, value in rows.items():
            if key in ("app", "format"):
                out[key] = value
                continue
            try:
                out[key] = json.loads(value)
            except (TypeError, ValueError, RecursionError):
                raise SaveError(f"{shown(self.path)}: the save's meta value {_clip(key)} is not JSON "
                                f"({_clip(value)}); left untouched") from None
        for key, kind in REQUIRED.items():
            if key not in out:
                raise SaveError(f"{shown(self.path)}: the save's meta has no {key!r}; left untouched")
            if not isinstance(out[key], kind) or isinstance(out[key], bool):
                raise SaveError(f"{shown(self.path)}: the save's meta {key!r} is not {KINDS[kind]} "
                                f"({_clip(out[key])}); left untouched")
        if not all(isinstance(h, str) for h in out["heroes"]) or not 0 <= out["seed"] < 2**64:
            raise SaveError(f"{shown(self.path)}: the save's heroes or seed are damaged; left untouched")
        if not isinstance(out.get("game", ""), str):
            raise SaveError(f"{shown(self.path)}: the save's meta 'game' is not a name; left untouched")
        return out

    def append(self, command: str, state: str, drew: bool = False, answer: list[str] | None = None) -> int:
        """Record a command and the state after it, durably, before anything is shown; ``answer``:
        what the table answers, kept in the same transaction (meta ``answer``) until the session
        says it was shown (:meth:`shown`), so a program stopped between the two shows it at
        ``resume``."""
        try:
            with _transaction(self.conn):
                cur = self.conn.execute("INSERT INTO steps (command, state, drew) VALUES (?, ?, ?)",
                                        (command, state, int(drew)))
                if answer is not None:
                    kept = {"seq": cur.lastrowid, "command": command,
                            "lines": [line[:ANSWER_WIDTH] for line in answer[:ANSWER_LINES]]}
                    self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('answer', ?)", (json.dumps(kept),))
        except (sqlite3.Error, UnicodeEncodeError) as e:
            raise SaveError(f"{shown(self.path)}: the command could not be saved ({e}); it was not applied") from None
        return int(cur.lastrowid or 0)          # sqlite3 gives the new row's id after an INSERT

    def set_meta(self, key: str, value) -> None:
        """Keep ``value`` (JSON) under ``key`` in the save's meta; None removes it."""
        if key in ("app", "format") or key in REQUIRED:
            raise ValueError(f"the save's meta {key!r} is not the session's to change")
        try:
            with _transaction(self.conn):
                if value is None:
                    self.conn.execute("DELETE FROM meta WHERE key = ?", (key,))
                else:
                    self.conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, json.dumps(value)))
        except sqlite3.Error as e:
            raise SaveError(f"{shown(self.path)}: the save could not be written ({e})") from None

    def shown(self) -> None:
        """The last command's answer was shown: forget it (a save that cannot be written keeps it,
        harmlessly: ``resume`` shows it once more)."""
        try:
            with _transaction(self.conn):
                self.conn.execute("DELETE FROM meta WHERE key = 'answer'")
        except sqlite3.Error:
            pass

    def unshown(self) -> dict | None:
        """The answer of the last command when the program stopped before it was shown (see
        :meth:`append`): ``{"command", "lines"}``, or None."""
        kept = self.meta.get("answer")
        latest = self.latest()
        if not isinstance(kept, dict) or latest is None or kept.get("seq") != latest[0] \
                or not isinstance(kept.get("command"), str) or not isinstance(kept.get("lines"), list) \
                or not all(isinstance(line, str) for line in kept["lines"]):
            return None
        return {"command": kept["command"][:ANSWER_WIDTH], "lines": kept["lines"][:ANSWER_LINES]}

    def latest(self) -> tuple[int, str] | None:
        rows = self._query("SELECT seq, state FROM steps ORDER BY seq DESC LIMIT 1")
        return self._step(rows[0]) if rows else None

    def commands(self) -> list[str]:
        return [str(r[0]) for r in self._query("SELECT command FROM steps ORDER BY seq")]

    def last(self) -> tuple[str, bool] | None:
        """The last command (never the game's start) and whether it drew hidden cards; None: none."""
        rows = self._query("SELECT command, drew FROM steps ORDER BY seq DESC LIMIT 2")
        return (str(rows[0][0]), bool(rows[0][1])) if len(rows) == 2 else None

    def undo(self, allow_hidden: bool = True, check=None) -> tuple[str, str]:
        """Remove the last command (never the game's start); returns (its text, the state now).
        ``check(state)`` may refuse the state to go back to (by raising) before anything is removed."""
        rows = self._query("SELECT seq, command, drew FROM steps ORDER BY seq DESC LIMIT 2")
        if len(rows) < 2:
            raise SaveError("nothing to undo")
        seq, command, drew = rows[0]
        if drew and not allow_hidden:
            raise SaveError(hidden_refusal(str(command)))
        before = self._query("SELECT seq, state FROM steps WHERE seq < ? ORDER BY seq DESC LIMIT 1", (seq,))
        state = self._step(before[0])[1]
        if check is not None:
            check(state)
        try:
            with _transaction(self.conn):
                self.conn.execute("DELETE FROM steps WHERE seq = ?", (seq,))
        except sqlite3.Error as e:                 # a read-only save, a full disk: nothing was taken back
            raise SaveError(f"{shown(self.path)}: cannot undo, the save cannot be written ({e}); the game is as it "
                            "was") from None
        return str(command), state

    def close(self) -> None:
        self.conn.close()

    def _query(self, sql: str, args=()) -> list:
        try:
            return self.conn.execute(sql, args).fetchall()
        except sqlite3.Error as e:
            raise SaveError(f"{shown(self.path)}: the save file is damaged ({e}); left untouched") from None

    def _step(self, row) -> tuple[int, str]:
        seq, state = row
        if not isinstance(state, str):
            raise SaveError(f"{shown(self.path)}: the state saved after command {seq} is not text; left untouched")
        return seq, state


def hidden_refusal(command: str) -> str:
    return f"'{command}' drew hidden cards; this scenario does not allow undoing past a hidden draw"


def _connect(path: Path, mode: str = "") -> sqlite3.Connection:
    """A connection that never waits for a lock (timeout 0) and keeps the ones it takes. It may be
    used from another thread than the one that opened it (``check_same_thread=False``): the web
    companion opens the save before its server's thread runs, and its hub lets one command at a
    time reach the session; the terminal's table has one thread."""
    target = f"file:{pathname2url(str(path))}?mode={mode}" if mode else str(path)
    conn = sqlite3.connect(target, uri=bool(mode), isolation_level=None, timeout=0, check_same_thread=False)
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA locking_mode=EXCLUSIVE")
    return conn


def _clip(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _transaction:
    def __init__(self, conn):
        self.conn = conn

    def __enter__(self):
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, *_):
        if kind is None:
            self.conn.execute("COMMIT")
        elif self.conn.in_transaction:             # a full disk may have ended it already: the first error stands
            self.conn.execute("ROLLBACK")
        return False
