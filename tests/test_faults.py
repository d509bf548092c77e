"""Faults at the edges (issue 46): a disk that fills up, an output that cannot be written, a save
whose start never got written, a save whose scenario moved, ctrl-C in the middle of a command, a
game resumed half way. Each ends in one line naming the file and what went wrong, exit 1, the save
as it was - or, where the game can go on, goes on and says what it did.

A full disk is made for real without root: the process's file size limit (``RLIMIT_FSIZE``, its
``SIGXFSZ`` ignored) makes every write past it fail with "file too large", as a full disk's does
with "no space left on device"; SQLite calls both "database or disk is full"."""

from __future__ import annotations

import os
import random
import re
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from overlord.games import registry
from overlord.session.session import Session
from overlord.session.store import SaveFile

ROOT = Path(__file__).resolve().parent.parent
HEROES = {"forgotten-souls": ["leoric", "tarha"], "underworld": ["bard", "gnome"], "heldentaufe": ["erla", "corlof"],
          "heldentaufe-race": ["erla", "corlof"], "dragon": ["paladin", "halfling"], "dragon-duel": ["paladin", "orc"]}


def overlord(*args, stdin: bytes = b"", limit: int | None = None, stdout=subprocess.PIPE, timeout=300):
    """``overlord ARGS`` in its own process; ``limit``: the largest file it may write (bytes)."""
    def small_disk():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *map(str, args)], input=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, timeout=timeout, cwd=ROOT, preexec_fn=small_disk if limit else None)


def one_line(result, *parts: str) -> str:
    err = result.stderr.decode()
    assert result.returncode == 1 and len(err.splitlines()) == 1 and "Traceback" not in err, err
    for part in parts:
        assert part in err, err
    return err


# -- outputs that cannot be written ----------------------------------------------------------------------

@pytest.mark.parametrize("args, told", [
    pytest.param(["scenarios"], "overlord: cannot write the output: no space left on device", id="a listing"),
    pytest.param(["schema"], "overlord: cannot write the output: no space left on device", id="the schema"),
    pytest.param(["simulate", "underworld", "--games", "1", "--json"],
                 "overlord: cannot write the output: no space left on device", id="a summary after the games"),
    pytest.param(["schema", "-o", "/dev/full"], "overlord: --output /dev/full: no space left on device",
                 id="schema --output"),
    # one spec file of the shipped suite (31 specs, a fifth of a second): the report is written the same
    # whatever it holds, and the whole suite's run is tested in test_check.py
    pytest.param(["check", "scenarios/specs/descent-vocabulary.yaml", "--junit", "/dev/full", "-q"],
                 "overlord: --junit /dev/full: No space left on device", id="check --junit"),
])
def test_an_output_on_a_full_disk_is_one_line_and_exit_1(args, told):
    """/dev/full: every write fails with ENOSPC, as on a disk that filled up."""
    with open("/dev/full", "wb") as full:
        result = overlord(*args, stdout=full if "-o" not in args and "--junit" not in args else subprocess.PIPE)
    one_line(result, told)


def test_a_reader_that_stops_reading_ends_the_command_quietly():
    """`overlord schema | true`: what it writes has nowhere to go - no message, no traceback."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "cli.py"), "schema"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1 and err == ""


def test_a_log_folder_that_cannot_be_written_is_refused_before_any_game(tmp_path):
    one_line(overlord("simulate", "underworld", "--games", "1", "--log", "/proc/self"),
             "overlord: --log /proc/self: cannot write there (no such file or directory)")


def test_a_disk_that_fills_up_during_a_run_keeps_the_whole_logs_and_removes_the_cut_one(tmp_path):
    logs = tmp_path / "logs"
    result = overlord("simulate", "underworld", "--games", "6", "--log", logs, limit=60_000)
    err = one_line(result, f"overlord: --log {logs}: cannot write game-0000", "file too large",
                   "the logs of the games before it are whole")
    cut = re.search(r"cannot write (game-\d+\.jsonl)", err).group(1)
    assert not (logs / cut).exists()
    for log in logs.glob("game-*.jsonl"):                 # every one left is whole: it replays
        assert overlord("replay", log).returncode == 0, log


# -- saves ------------------------------------------------------------------------------------------------

def test_a_start_that_does_not_fit_on_the_disk_leaves_no_file(tmp_path):
    save = tmp_path / "g.db"
    result = overlord("play", "underworld", "--heroes", "bard,gnome", "--save", save, stdin=b"quit\n", limit=20_000)
    one_line(result, f"overlord: {save}: the game's start could not be saved (", "); no file was left behind")
    assert not save.exists()
    assert overlord("play", "underworld", "--heroes", "bard,gnome", "--save", save, stdin=b"quit\n").returncode == 0


def test_a_save_whose_start_was_never_written_is_started_by_resume(tmp_path):
    """A save made by an older Overlord that stopped between creating the file and its first step:
    `resume` starts the game its meta names and says so."""
    save = tmp_path / "g.db"
    SaveFile.create(save, {"scenario": "underworld", "seed": 3, "heroes": ["bard", "gnome"], "game": "underworld",
                           "dice": "program"}).close()
    result = CliRunner().invoke(cli.main, ["resume", str(save)], input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{save}: the game's start had not been saved (a full disk or an interruption); "
                                    "it is started now as the save names it\nresumed")
    fresh = CliRunner().invoke(cli.main, ["play", "underworld", "--heroes", "bard,gnome", "--seed", "3"],
                               input="1\nquit\n")
    assert result.output.split("\n> 1\n")[1].split("> quit")[0] == fresh.output.split("\n> 1\n")[1].split("> quit")[0]


@pytest.fixture
def own_scenario(tmp_path) -> Path:
    """A copy of the shipped Underworld scenario in a folder of the group's own."""
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "decks").symlink_to(ROOT / "decks")
    shutil.copy(ROOT / "scenarios" / "underworld.yaml", tmp_path / "scenarios" / "underworld.yaml")
    return tmp_path / "scenarios" / "underworld.yaml"


def test_a_save_whose_scenario_moved_says_which_file_it_plays(tmp_path, own_scenario):
    save = tmp_path / "g.db"
    assert CliRunner().invoke(cli.main, ["play", str(own_scenario), "--heroes", "bard,gnome", "--save", str(save)],
                              input="1\nquit\n").exit_code == 0
    own_scenario.rename(own_scenario.with_name("elsewhere.yaml"))
    result = CliRunner().invoke(cli.main, ["resume", str(save)], input="quit\n")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == (f"{save}: its scenario {own_scenario} is no longer there; the game goes "
                                             f"on with {ROOT / 'scenarios' / 'underworld.yaml'} (the same content the "
                                             "game was saved with)")


def test_a_save_whose_scenario_moved_and_differs_asks_before_going_on(tmp_path, own_scenario):
    save = tmp_path / "g.db"
    text = own_scenario.read_text()
    own_scenario.write_text(text.replace("name: Into the Underworld, Together", "name: Our Underworld"))
    assert CliRunner().invoke(cli.main, ["play", str(own_scenario), "--heroes", "bard,gnome", "--save", str(save)],
                              input="quit\n").exit_code == 0
    own_scenario.unlink()
    before = save.read_bytes()
    result = CliRunner().invoke(cli.main, ["resume", str(save)], input="quit\n")
    assert result.exit_code == 1 and f"its scenario {own_scenario} is no longer there; the game goes on with" \
        in result.stderr and "the scenario's content changed" in result.stderr
    assert "not resumed: `overlord resume --yes FILE` goes on all the same" in result.stderr
    assert save.read_bytes() == before
    assert CliRunner().invoke(cli.main, ["resume", "--yes", str(save)], input="quit\n").exit_code == 0


# -- ctrl-C ----------------------------------------------------------------------------------------------

def _pressing(monkeypatch, presses: int) -> None:
    """ctrl-C pressed ``presses`` times while the table carries out `1` (after the command is saved)."""
    execute = Session.execute

    def pressed(self, line):
        reply = execute(self, line)
        if line == "1":
            for _ in range(presses):
                os.kill(os.getpid(), signal.SIGINT)
        return reply
    monkeypatch.setattr(Session, "execute", pressed)


def test_ctrl_c_while_the_program_starts_ends_it_without_a_traceback():
    """Pressed while the command's modules load (about a second): exit 130, as a shell's ctrl-C."""
    proc = subprocess.Popen([sys.executable, "-m", "overlord", "scenarios"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode in (130, -signal.SIGINT) and b"Traceback" not in err, err.decode()


def test_ctrl_c_during_a_command_shows_its_answer_then_ends_as_at_the_prompt(tmp_path, monkeypatch):
    save = tmp_path / "g.db"
    _pressing(monkeypatch, 1)
    result = CliRunner().invoke(cli.main, ["play", "underworld", "--heroes", "bard,gnome", "--seed", "0", "--save", str(save)],
                                input="1\nstatus\n")
    assert result.exit_code == 0 and result.exception is None
    after = result.output.split("\n> 1\n")[1].splitlines()
    assert after[-1] == f"bye; continue with `overlord resume {save}`" and "> status" not in result.output
    assert len(after) > 2                                          # the answer of `1`, then bye
    monkeypatch.undo()
    again = CliRunner().invoke(cli.main, ["resume", str(save)], input="quit\n")
    assert again.output.startswith(f"resumed {save} after 1 command")      # nothing to show again


def test_ctrl_c_twice_stops_at_once_and_resume_shows_the_answer_not_shown(tmp_path, monkeypatch):
    save = tmp_path / "g.db"
    _pressing(monkeypatch, 2)
    result = CliRunner().invoke(cli.main, ["play", "underworld", "--heroes", "bard,gnome", "--seed", "0", "--save", str(save)],
                                input="1\nstatus\n")
    assert result.exit_code == 0 and result.output.rstrip().endswith(f"bye; continue with `overlord resume {save}`")
    monkeypatch.undo()
    conn = sqlite3.connect(save)
    command = conn.execute("SELECT command FROM steps ORDER BY seq DESC LIMIT 1").fetchone()[0]
    conn.close()
    again = CliRunner().invoke(cli.main, ["resume", str(save)], input="quit\n")
    lines = again.output.splitlines()
    assert lines[0] == (f"the last command, `{command}`, was saved but the program stopped before its answer was "
                        "shown; it answered:")
    fresh = CliRunner().invoke(cli.main, ["play", "underworld", "--heroes", "bard,gnome", "--seed", "0"],
                               input="1\nquit\n")
    answer = fresh.output.split("\n> 1\n")[1].split("\n> quit\n")[0].splitlines()
    assert lines[1:1 + len(answer)] == answer
    assert lines[1 + len(answer)] == f"resumed {save} after 1 command"
    third = CliRunner().invoke(cli.main, ["resume", str(save)], input="quit\n")
    assert third.output.startswith(f"resumed {save}")                  # shown once: not again


# -- a game resumed half way tells what the uninterrupted one tells --------------------------------------

def _transcript(scenario: str, save: Path, stop: int | None, commands: int = 120) -> list[list[str]]:
    rng = random.Random(7)
    session, reply = Session.start(*registry.open_scenario(scenario), HEROES[scenario], 5, save)
    told = []
    for k in range(commands):
        if k == stop:
            session.close()
            session, _ = Session.resume(save, registry.open_scenario)
        options = sum(1 for line in reply.lines if re.match(r"\s+\d+\. ", line))
        reply = session.execute(str(rng.randint(1, options)) if options else "end")
        told.append(reply.lines)
    session.close()
    return told


@pytest.mark.parametrize("scenario", HEROES)
def test_a_game_resumed_half_way_tells_what_the_uninterrupted_game_tells(tmp_path, scenario):
    """Heldentaufe's plan numbers once restarted at 1 after `resume` (`why 4` refused, the transcript
    different): every game's answers after a resume are the uninterrupted game's, word for word."""
    whole = _transcript(scenario, tmp_path / "a.db", None)
    resumed = _transcript(scenario, tmp_path / "b.db", 60)
    assert resumed == whole
    if scenario.startswith("heldentaufe"):        # the case the issue found: plans numbered after the resume
        assert any(re.search(r"\[plan \d+\]", line) for reply in whole[60:] for line in reply)
