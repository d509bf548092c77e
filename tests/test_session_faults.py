"""A fault of the program at the table (issue 39: "A command that fails inside the engine must never
leave a save that cannot go on: if it happens, the table says so in one line and `undo` still
works"). A Heroes in the Underworld game once raised ``KeyError: 'skill'`` in its narration on
every `end` of a trapped hero; the command was rolled back, every resume failed on the same `end`
and `undo` was refused past the trap's hidden draw: the save was dead. Here any game's command
that raises what is no refusal of the rules is told in one line, the game is as it was, the fault
is kept in the save, and `undo` goes back past hidden draws until a command goes through."""

from __future__ import annotations

import json
import sqlite3

import pytest

from session_helpers import TableSession
from overlord.core.game import match_json

SCENARIO, HEROES, SEED = "underworld", ["bard", "gladiator"], 1
DRAW = "extend 1 N"                   # bard draws the top tile of stack 1: a hidden draw


@pytest.fixture
def faulty(monkeypatch):
    """The Underworld's table with a bug: `skip` carries out the command (the engine changes the
    game), then fails as a narration reading a missing key would; `end` fails at once."""
    from overlord.games.underworld.table import UnderworldTable as table
    real = table.execute

    def execute(self, verb, args, line):
        if verb == "end":
            raise KeyError("skill")
        reply = real(self, verb, args, line)
        if verb == "skip":
            raise KeyError("skill")
        return reply
    monkeypatch.setattr(table, "execute", execute)


def state(session) -> str:
    return match_json(session.match)


def meta(path) -> dict:
    conn = sqlite3.connect(path)
    rows = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    conn.close()
    return rows


def test_a_fault_is_one_line_and_the_game_is_as_it_was(faulty, tmp_path):
    session, _ = TableSession.start(SCENARIO, HEROES, SEED, tmp_path / "g.db")
    before, commands = state(session), session.save.commands()
    reply = session.execute("skip")
    assert not reply.ok and len(reply.lines) == 1
    assert reply.lines[0].startswith("the program failed on 'skip' (KeyError: 'skill'): a fault of Overlord")
    assert "Traceback" not in reply.lines[0]
    assert state(session) == before and session.save.commands() == commands   # the engine's change taken back
    session.close()
    fault = json.loads(meta(tmp_path / "g.db")["fault"])
    assert fault["command"] == "skip" and fault["error"] == "KeyError: 'skill'"
    assert "Traceback" in fault["traceback"] and "raise KeyError" in fault["traceback"]


def test_after_a_fault_undo_goes_back_past_a_hidden_draw_even_after_resume(faulty, tmp_path):
    """The rule the scenario keeps (no undo past a hidden draw) gives way only to a fault."""
    save = tmp_path / "g.db"
    session, _ = TableSession.start(SCENARIO, HEROES, SEED, save)
    assert session.execute(DRAW).ok
    refused = session.execute("undo")
    assert not refused.ok and "does not take back what was drawn face down" in refused.lines[0]
    session.execute("1")                                      # the tile turned and placed
    assert not session.execute("end").ok                      # the fault
    session.close()
    again, reply = TableSession.resume(save)
    undone = again.execute("undo")
    assert undone.ok and undone.lines[0].startswith("undone: 1")
    assert again.execute("undo").ok                            # and on, past the draw itself
    assert again.save.commands() == ["start"]
    again.close()


def test_a_command_that_goes_through_ends_the_fault(faulty, tmp_path):
    save = tmp_path / "g.db"
    session, _ = TableSession.start(SCENARIO, HEROES, SEED, save)
    assert not session.execute("skip").ok
    assert session.save.meta["fault"]["command"] == "skip"
    assert session.execute(DRAW).ok
    assert "fault" not in session.save.meta
    refused = session.execute("undo")
    assert not refused.ok and "does not take back what was drawn face down" in refused.lines[0]
    session.close()


def test_a_fault_in_a_command_of_the_session_is_one_line_too(monkeypatch, tmp_path):
    from overlord.games.underworld.table import UnderworldTable as table

    def picture(self):
        raise IndexError("list index out of range")
    monkeypatch.setattr(table, "picture", picture)
    session, _ = TableSession.start(SCENARIO, HEROES, SEED)
    before = state(session)
    reply = session.execute("map")
    assert reply.lines == ["the program failed on 'map' (IndexError: list index out of range): a fault of "
                           "Overlord, not of the command; the game is as it was before it, try another command"]
    assert state(session) == before and session.execute("status").ok
    session.close()
