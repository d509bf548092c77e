"""Save files: a SQLite database holding every command typed at the table and the game state
after it, each committed in one transaction before its result is shown. Killing the program at
any moment loses nothing that was shown; ``undo`` steps back one command.

Tables: ``meta`` (key, value: format version, scenario, seed, heroes, created), ``steps`` (seq,
command text, state JSON, whether the command drew hidden cards). A file of an older format is
upgraded in place by the migrations below; a newer, corrupt or foreign file is refused with a
clear message and never written to.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

FORMAT = 1
APP = "overlord"
MIGRATIONS: dict[int, list[str]] = {}   # from version -> statements that make it version + 1


class SaveError(Exception):
    """A save file that cannot be used (missing, foreign, corrupt, too new, or already there)."""


class SaveFile:
    def __init__(self, path: Path, conn: sqlite3.Connection):
        self.path = path
        self.conn = conn

    # -- opening ----------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | Path, meta: dict) -> "SaveFile":
        path = Path(path)
        if path.exists():
            raise SaveError(f"{path}: already exists; continue it with `overlord resume {path}` "
                            "or choose another --save file")
        try:
            conn = sqlite3.connect(path, isolation_level=None)
        except sqlite3.Error as e:
            raise SaveError(f"{path}: cannot create the save file ({e})") from None
        conn.execute("PRAGMA synchronous=FULL")
        with _transaction(conn):
            conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            conn.execute("CREATE TABLE steps (seq INTEGER PRIMARY KEY, command TEXT NOT NULL, "
                         "state TEXT NOT NULL, drew INTEGER NOT NULL DEFAULT 0)")
            rows = {"app": APP, "format": str(FORMAT), **{k: json.dumps(v) for k, v in meta.items()}}
            conn.executemany("INSERT INTO meta VALUES (?, ?)", rows.items())
        return cls(path, conn)

    @classmethod
    def open(cls, path: str | Path) -> "SaveFile":
        path = Path(path)
        if not path.is_file():
            raise SaveError(f"{path}: no such save file")
        with open(path, "rb") as f:
            head = f.read(16)
        if head != b"SQLite format 3\x00":
            raise SaveError(f"{path}: not an Overlord save file (not a SQLite database); left untouched")
        try:
            conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True, isolation_level=None)
            conn.execute("PRAGMA synchronous=FULL")
            if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise SaveError(f"{path}: the save file is damaged (SQLite's check failed); left untouched")
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.DatabaseError as e:
            raise SaveError(f"{path}: not a readable Overlord save file ({e}); left untouched") from None
        if meta.get("app") != APP:
            raise SaveError(f"{path}: a SQLite file, but not an Overlord save; left untouched")
        version = int(meta.get("format", "0"))
        if version > FORMAT:
            raise SaveError(f"{path}: saved by a newer Overlord (save format {version}, this one reads "
                            f"up to {FORMAT}); upgrade Overlord to continue it")
        save = cls(path, conn)
        save._upgrade(version)
        return save

    def _upgrade(self, version: int) -> None:
        while version < FORMAT:
            steps = MIGRATIONS.get(version)
            if steps is None:
                raise SaveError(f"{self.path}: save format {version} is too old to upgrade")
            with _transaction(self.conn):
                for sql in steps:
                    self.conn.execute(sql)
                self.conn.execute("UPDATE meta SET value = ? WHERE key = 'format'", (str(version + 1),))
            version += 1

    # -- reading and writing ----------------------------------------------------------------
    @property
    def meta(self) -> dict:
        rows = dict(self.conn.execute("SELECT key, value FROM meta").fetchall())
        return {k: (json.loads(v) if k not in ("app", "format") else v) for k, v in rows.items()}

    def append(self, command: str, state: str, drew: bool = False) -> int:
        """Record a command and the state after it, durably, before anything is shown."""
        with _transaction(self.conn):
            cur = self.conn.execute("INSERT INTO steps (command, state, drew) VALUES (?, ?, ?)",
                                    (command, state, int(drew)))
        return cur.lastrowid

    def latest(self) -> tuple[int, str] | None:
        row = self.conn.execute("SELECT seq, state FROM steps ORDER BY seq DESC LIMIT 1").fetchone()
        return (row[0], row[1]) if row else None

    def commands(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT command FROM steps ORDER BY seq")]

    def undo(self, allow_hidden: bool = True) -> tuple[str, str]:
        """Remove the last command (never the game's start); returns (its text, the state now)."""
        rows = self.conn.execute("SELECT seq, command, drew FROM steps ORDER BY seq DESC LIMIT 2").fetchall()
        if len(rows) < 2:
            raise SaveError("nothing to undo")
        seq, command, drew = rows[0]
        if drew and not allow_hidden:
            raise SaveError(f"'{command}' drew hidden cards; this scenario does not allow undoing past a hidden draw")
        with _transaction(self.conn):
            self.conn.execute("DELETE FROM steps WHERE seq = ?", (seq,))
        return command, self.latest()[1]

    def close(self) -> None:
        self.conn.close()


class _transaction:
    def __init__(self, conn):
        self.conn = conn

    def __enter__(self):
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, *_):
        self.conn.execute("COMMIT" if kind is None else "ROLLBACK")
        return False
