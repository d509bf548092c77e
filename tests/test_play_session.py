"""`overlord play` at a table, scripted: commands on standard input, a plain transcript out.
Saves commit every command before its result is shown; a game killed with SIGKILL and resumed
ends exactly as one played straight through (issue 6)."""

import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-u", str(ROOT / "cli.py")]
# the Overlord phase stops at each monster attack until the table reports its damage (`hurt`)
SCRIPT = ["move leoric 4,3", "end leoric", "end tarha", "hurt leoric 2", "hurt leoric 1", "hurt leoric 0",
          "attack zombie-master-1 3 by tarha", "end leoric", "end tarha", "hurt leoric 1", "status"]


def run(args, lines, **kw):
    return subprocess.run(CLI + args, input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=120, cwd=ROOT, **kw)


def final_state(save):
    conn = sqlite3.connect(save)
    state = conn.execute("SELECT state FROM steps ORDER BY seq DESC LIMIT 1").fetchone()[0]
    conn.close()
    return state


def test_a_scripted_session_prints_a_plain_transcript(tmp_path):
    out = run(["play", "forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4",
               "--save", str(tmp_path / "g.db")], SCRIPT)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "== The Onset ==" in text and "> end tarha" in text
    assert "Activation card" in text and "roll" in text          # monsters act, attacks to roll
    assert "waiting: zombie-master-1 attacks leoric" in text      # and the program waits for each one
    assert "Traceback" not in text + out.stderr


def test_json_mode_prints_one_object_per_step(tmp_path):
    out = run(["play", "forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4", "--json"], SCRIPT)
    objects = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(objects) == len(SCRIPT) + 1
    assert objects[0]["command"] == "start" and all({"ok", "lines", "phase", "doom", "fate"} <= o.keys() for o in objects)


@pytest.mark.parametrize("bad, words", [
    ("hurt nobody 2", "no hero 'nobody'"),
    ("move leoric 99,99", "off the map"),
    ("move leoric 0,0", "wall"),
    ("attack zombie-master-1 lots", "DAMAGE must be a whole number"),
    ("mve leoric 1,1", "did you mean 'move'"),
    ("open leoric", "cannot open a door while an Exploration card is active"),
    ("why 7", "no decision 7"),
])
def test_a_bad_command_gets_one_line_and_changes_nothing(tmp_path, bad, words):
    save = tmp_path / "g.db"
    out = run(["play", "forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4", "--save", str(save)],
              ["status", bad, "status"])
    assert out.returncode == 0
    after = out.stdout.split(f"> {bad}\n", 1)[1].split("> status", 1)[0]
    assert words in after and len(after.strip().splitlines()) == 1
    conn = sqlite3.connect(save)
    assert [r[0] for r in conn.execute("SELECT command FROM steps")] == ["start"]


def test_killed_and_resumed_ends_as_a_game_played_through(tmp_path):
    straight = tmp_path / "straight.db"
    run(["play", "forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4", "--save", str(straight)], SCRIPT)
    killed = tmp_path / "killed.db"
    cut = 6
    proc = subprocess.Popen(CLI + ["play", "forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4",
                                   "--save", str(killed)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)
    for line in SCRIPT[:cut]:
        proc.stdin.write(line + "\n")
    proc.stdin.flush()
    seen = ""
    deadline = time.time() + 60
    while f"> {SCRIPT[cut - 1]}" not in seen and time.time() < deadline:
        seen += proc.stdout.readline()
    time.sleep(0.2)                       # the reply to the last command is being printed
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    conn = sqlite3.connect(killed)
    saved = [r[0] for r in conn.execute("SELECT command FROM steps")]
    conn.close()
    assert saved == ["start"] + SCRIPT[:cut]            # everything shown was saved
    resumed = run(["resume", str(killed)], SCRIPT[cut:])
    assert resumed.returncode == 0, resumed.stderr
    assert final_state(killed) == final_state(straight)


def test_undo_takes_back_a_command_and_its_random_draws(tmp_path):
    save = tmp_path / "g.db"
    out = run(["play", "forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4", "--save", str(save)],
              ["end leoric", "end tarha", "undo", "end tarha"])
    first, again = out.stdout.split("> end tarha\n")[1:3]
    first = first.split("> undo")[0]
    assert "Activation card" in first and first == again      # the same cards, the same moves


def _digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def test_foreign_corrupt_and_newer_save_files_are_refused_untouched(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("my shopping list\n")
    digest = _digest(text)
    out = run(["resume", str(text)], [])
    assert out.returncode != 0 and "not an Overlord save file" in out.stderr and "Traceback" not in out.stderr
    assert _digest(text) == digest

    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    out = run(["resume", str(other)], [])
    assert out.returncode != 0 and "not" in out.stderr and "Traceback" not in out.stderr

    save = tmp_path / "g.db"
    run(["play", "forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4", "--save", str(save)], ["end leoric"])
    conn = sqlite3.connect(save)
    conn.execute("UPDATE meta SET value = '99' WHERE key = 'format'")
    conn.commit()
    conn.close()
    digest = _digest(save)
    out = run(["resume", str(save)], [])
    assert out.returncode != 0 and "newer Overlord" in out.stderr
    assert _digest(save) == digest

    broken = tmp_path / "broken.db"
    broken.write_bytes(save.read_bytes()[:2000])
    out = run(["resume", str(broken)], [])
    assert out.returncode != 0 and "Traceback" not in out.stderr


def test_a_save_file_is_never_overwritten_by_a_new_game(tmp_path):
    save = tmp_path / "g.db"
    run(["play", "forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4", "--save", str(save)], ["end leoric"])
    digest = _digest(save)
    out = run(["play", "forgotten-souls", "--heroes", "a,b", "--seed", "1", "--save", str(save)], [])
    assert out.returncode != 0 and "already exists" in out.stderr and _digest(save) == digest


def test_a_scenario_may_forbid_undoing_past_a_hidden_draw(tmp_path):
    import yaml
    shipped = ROOT / "scenarios" / "forgotten-souls.yaml"
    data = yaml.safe_load(shipped.read_text())
    data["scenario"]["decks"] = {k: str((shipped.parent / v).resolve()) for k, v in data["scenario"]["decks"].items()}
    data["scenario"]["rules"] = {"no_undo_past_hidden_draw": True}
    scenario = tmp_path / "strict.yaml"
    scenario.write_text(yaml.safe_dump(data))
    out = run(["play", str(scenario), "--heroes", "leoric,tarha", "--seed", "4", "--save", str(tmp_path / "g.db")],
              ["move leoric 4,3", "undo", "end leoric", "end tarha", "undo"])
    assert "undone: move leoric 4,3" in out.stdout
    assert "drew hidden cards" in out.stdout.split("> undo")[-1]


def test_the_heroes_may_choose_another_equally_good_space(tmp_path):
    """The Golden Rules: 'If a game effect has multiple potential targets and the intended target
    is unclear, heroes choose the target'. The program moved the zombie to the first of three
    equally good spaces; the table takes another, and the activation is played again from there
    (the later zombie moves again around it; the attacks after the choice are asked again)."""
    out = run(["play", "forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4"],
              ["move leoric 4,3", "end leoric", "end tarha", "hurt leoric 2", "hurt leoric 1", "hurt leoric 0",
               "choose 1 9,9", "choose 1 3,3", "hurt leoric 2", "hurt leoric 1", "hurt leoric 0", "map"])
    assert "[1] zombie-master-1 engage leoric: 2,3 -> 3,2" in out.stdout and "`choose 1 X,Y`" in out.stdout
    assert "9,9 is not one of the equally good placements" in out.stdout
    again = out.stdout.split("> choose 1 3,3")[1]
    assert again.startswith("\n    [1] zombie-master-1 engage leoric: 2,3 -> 3,3 (1 MP), ends at 3,3; as good: 3,2; 3,4")
    assert "waiting: zombie-master-1 attacks leoric" in again.split("\n> ")[0]
    assert "[3] zombie-minion-1 engage leoric" in again and "taken by" not in again
    assert " 3 #..aA" in again                # the master zombie at 3,3, beside leoric at 4,3


def test_an_older_save_format_without_an_upgrade_is_refused_clearly(tmp_path):
    save = tmp_path / "g.db"
    run(["play", "forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4", "--save", str(save)], ["end leoric"])
    conn = sqlite3.connect(save)
    conn.execute("UPDATE meta SET value = '0' WHERE key = 'format'")
    conn.commit()
    conn.close()
    out = run(["resume", str(save)], [])
    assert out.returncode != 0 and "save format 0 is too old to upgrade" in out.stderr


def test_the_encounter_setup_is_told_to_the_table(tmp_path):
    """The program tells the table what to set up: where heroes start, each monster's spawn
    space for this many heroes, tokens, the flavour and the rules."""
    out = run(["play", "forgotten-souls", "--heroes", "leoric,tarha,syndrael,tomble", "--seed", "2"], ["quit"])
    text = out.stdout
    assert "leoric starts at" in text and "tomble starts at" in text
    assert text.count("spawn ") >= 3 and "== The Onset ==" in text and "(read aloud)" in text
