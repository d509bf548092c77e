"""Typing at the edges (issue 46, "Saying exactly what happened" and "Security"): "`1 now please`
plays option 1 in Heldentaufe and the Underworld (the Dragon refuses it): words after an option
number are refused in every game"; "A 1 MB unknown command at the table is echoed back whole (a
2 MB JSON reply): quote a bounded prefix"."""

from __future__ import annotations


import sqlite3

import pytest

from overlord.core.game import match_json
from session_helpers import TableSession
from web_helpers import PARTIES

SCENARIOS = sorted(PARTIES)
MEGABYTE = "x" * 1_000_000


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_words_after_an_option_number_are_refused_in_every_game(scenario, tmp_path):
    session, _ = TableSession.start(scenario, PARTIES[scenario], 4, tmp_path / "g.db")
    before, commands = match_json(session.match), session.save.commands()
    reply = session.execute("1 now please")
    assert (reply.ok, reply.lines) == (False, ["an option is its number alone: `1` (not '1 now please')"])
    assert (match_json(session.match), session.save.commands()) == (before, commands)
    assert session.execute("1").ok                       # the number alone is the option


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("typed", [MEGABYTE, f"move {MEGABYTE}", f"why {MEGABYTE}"])
def test_a_megabyte_typed_is_not_told_back_whole(scenario, typed):
    session, _ = TableSession.start(scenario, PARTIES[scenario], 4)
    reply = session.execute(typed)
    assert len(reply.lines) == 1 and (not reply.ok or typed.startswith("why"))   # `why` may ignore its words
    assert len(reply.lines[0]) < 1_100 and len(reply.command) < 100
    assert len(session.reply_json(reply)) < 4_000


@pytest.mark.parametrize("scenario, typed", [("forgotten-souls", ("end leoric",)), ("underworld", ("1", "1"))])
def test_undo_on_a_save_that_cannot_be_written_is_one_line_and_loses_nothing(scenario, typed, tmp_path):
    """Issue 46: "`undo` on a save that cannot be written raises `sqlite3.OperationalError`
    ("attempt to write a readonly database") with a traceback, in every game"; now one line
    naming the file, the game and the save as they were."""
    path = tmp_path / "g.db"
    session, _ = TableSession.start(scenario, PARTIES[scenario], 4, path)
    for line in typed:                                   # the last of them drew nothing hidden: undo may take it
        assert session.execute(line).ok
    before, commands = match_json(session.match), session.save.commands()
    session.save.conn.close()
    session.save.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)   # read-only now
    reply = session.execute("undo")
    assert not reply.ok and len(reply.lines) == 1
    assert reply.lines[0].startswith(f"{path}: cannot undo, the save cannot be written (attempt to write a readonly")
    assert reply.lines[0].endswith("; the game is as it was")
    assert match_json(session.match) == before and session.save.commands() == commands
