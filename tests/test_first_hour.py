"""A table group's first hour (issue 16), for every shipped game through the interface: the start
of a game says which components to put out, what the program keeps instead and how its
coordinates map onto the table; `overlord scenarios` lists what can be played and with whom;
heroes are named as in the box, spaces and all; a save resumes from any folder and asks before
going on when the scenario's files changed; `overlord --help` is grouped."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from overlord import cli
from overlord.content.paths import shipped_scenarios
from overlord.core.game import ScenarioInfo
from overlord.games import registry
from overlord.session.session import Session, hero_ids
from overlord.session.store import SaveError

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted(shipped_scenarios())


def invoke(*args, input=None):
    result = CliRunner().invoke(cli.main, list(args), input=input)
    assert "Traceback" not in result.output
    return result


# -- what to put on the table ---------------------------------------------------------------------

@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_start_of_a_game_says_what_to_put_out_and_where_things_are(scenario):
    rules, content, path = registry.open_scenario(scenario)
    info = rules.info(content)
    heroes = rules.party(content, info.hero_counts[0], 0)
    session, first = Session.start(rules, content, path, heroes, 3)
    told = rules.components(session.match)
    assert told.use and told.replaced and told.coordinates, f"{rules.name} leaves a part unsaid"
    lines = first.lines
    shown = session.execute("components").lines                        # and again when asked
    printing = f"  - what of ours differs from your box, printed to lay on the table: `overlord print {info.id}` (PDF or SVG)"
    assert [line for line in shown if line != printing] == told.lines()
    assert printing in shown                                  # issue 42: ours where it differs, to print
    assert lines[0].startswith(info.name)                     # the game's own title first
    assert lines[1:1 + len(shown)] == shown                   # then what to put on the table


def test_descent_names_the_track_spaces_and_the_monster_figures_of_the_quest():
    rules, content, path = registry.open_scenario("forgotten-souls")
    session, _ = Session.start(rules, content, path, ["leoric", "tarha", "avric"], 1)
    text = "\n".join(rules.components(session.match).lines())
    # "place an orange hero token on the space that corresponds to the number of heroes playing"
    assert "doom starts on space 3 and fate on 17" in text
    assert "Zombie, Flesh Moulder, Barghest and Shadow Dragon" in text
    assert "X the column from 0 at the left, Y the row from 0 at the top" in text


# -- the scenarios and their heroes ---------------------------------------------------------------

def test_scenarios_lists_every_shipped_scenario_with_game_counts_and_heroes():
    out = invoke("scenarios").output
    for name in SCENARIOS:
        rules, content, _ = registry.open_scenario(name)
        info = rules.info(content)
        line = next(line for line in out.splitlines() if line.startswith(name + " "))
        assert rules.name in line.split() and info.name in line
        assert all(h in out for h in info.heroes)
    assert "Widow Tarha" in out and "any other name plays" in out


def test_play_help_says_a_scenario_may_be_a_path():
    out = " ".join(invoke("play", "--help").output.split())
    assert "the path of a scenario file" in out and "Widow Tarha" in out


def test_help_groups_the_commands_for_players_authors_and_testers():
    out = invoke("--help").output
    sections = [out.index(t) for t in ("For players:", "For authors:", "For testers:")]
    assert sections == sorted(sections)
    assert out.index("play ") < sections[1] < out.index("validate ") < sections[2] < out.index("soak ")
    for name in cli.main.commands:                          # every command is in a group
        assert f"  {name} " in out


INFO = ScenarioInfo("q", "Q", (2, 3), ("leoric", "tarha"), hero_names={"leoric": "Leoric of the Book",
                                                                         "tarha": "Widow Tarha"},
                    other_heroes="any other name plays with the stand-in's numbers")


@pytest.mark.parametrize("typed, ids", [
    (["leoric", "tarha"], ["leoric", "tarha"]),
    (["Widow Tarha", "Leoric of the Book"], ["tarha", "leoric"]),      # the box's names, spaces and all
    (["LEORIC", " tarha "], ["leoric", "tarha"]),                      # any case, spaces around
    (["leoric tarha"], ["leoric", "tarha"]),                           # two ids in one quoted value
    (["Old Bob"], ["old-bob"]),                                        # another name, where any may play
])
def test_heroes_are_named_by_id_or_by_their_name_in_the_box(typed, ids):
    assert hero_ids(INFO, typed)[0] == ids


def test_a_name_with_spaces_plays_from_the_command_line(tmp_path):
    out = invoke("play", "forgotten-souls", "--heroes", "Widow Tarha,Leoric of the Book", "--seed", "4",
                 input="status\nquit\n")
    assert out.exit_code == 0
    assert "Widow Tarha plays as tarha" in out.output and "tarha 10/10 health" in out.output
    refused = invoke("play", "underworld", "--heroes", "Sir Nobody", "--seed", "4")
    assert refused.exit_code == 2 and "Sir Nobody" in refused.output


# -- resuming from anywhere --------------------------------------------------------------------------

def _cli(args, cwd, stdin=""):
    """``overlord ARGS`` run in folder ``cwd`` with ``stdin`` typed (no terminal), in this process."""
    registry._OPENED.clear()                   # the tests change files between commands
    here = os.getcwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(cli.main, list(args), input=stdin)
    finally:
        os.chdir(here)
    assert "Traceback" not in result.output
    return subprocess.CompletedProcess(args, result.exit_code, result.stdout, result.stderr)


def _quest(folder: Path) -> Path:
    """A copy of the shipped quest with its decks, in a folder of an author's own."""
    shutil.copytree(ROOT / "decks", folder / "decks")
    shutil.copytree(ROOT / "scenarios", folder / "scenarios")
    return folder / "scenarios" / "forgotten-souls.yaml"


def test_a_save_resumes_from_another_folder_and_keeps_the_scenarios_path_and_hash(tmp_path):
    quest = _quest(tmp_path / "author")
    (tmp_path / "here").mkdir()
    (tmp_path / "elsewhere").mkdir()
    rel = os.path.relpath(quest, tmp_path / "here")
    started = _cli(["play", rel, "--heroes", "leoric,tarha", "--seed", "4", "--save", "g.db"], tmp_path / "here",
                   "end leoric\nquit\n")
    assert started.returncode == 0, started.stderr
    meta = dict(sqlite3.connect(tmp_path / "here" / "g.db").execute("SELECT key, value FROM meta").fetchall())
    assert meta["scenario"] == f'"{quest.resolve()}"'                       # absolute, not as typed
    assert len(meta["content_hash"].strip('"')) == 64                         # SHA-256 of every file read
    assert str((tmp_path / "author" / "decks" / "forgotten-souls" / "peril.yaml").resolve()) in meta["content"]
    resumed = _cli(["resume", "../here/g.db"], tmp_path / "elsewhere", "status\nquit\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "resumed ../here/g.db after 1 command" in resumed.stdout and "(turn over)" in resumed.stdout
    assert resumed.stderr == ""                                              # nothing changed: no warning


def test_changed_content_is_named_and_the_game_goes_on_only_when_the_players_say_so(tmp_path):
    quest = _quest(tmp_path)
    save = tmp_path / "g.db"
    assert _cli(["play", str(quest), "--heroes", "leoric,tarha", "--seed", "4", "--save", str(save)], tmp_path,
                "quit\n").returncode == 0
    peril = tmp_path / "decks" / "forgotten-souls" / "peril.yaml"
    peril.write_text(peril.read_text() + "# edited\n")
    before = save.read_bytes()
    refused = _cli(["resume", str(save)], tmp_path, "status\n")             # no terminal to ask on
    assert refused.returncode == 1 and "changed since this game was saved" in refused.stderr
    assert str(peril.resolve()) in refused.stderr and "--yes" in refused.stderr
    assert save.read_bytes() == before                                        # untouched
    going = _cli(["resume", "--yes", str(save)], tmp_path, "status\nquit\n")
    assert going.returncode == 0 and "changed since" in going.stderr and "round 1" in going.stdout


def test_asked_on_a_terminal_a_no_leaves_the_save_as_it_was(tmp_path):
    quest = _quest(tmp_path)
    save = tmp_path / "g.db"
    Session.start(*registry.open_scenario(quest), ["leoric", "tarha"], 4, save)[0].save.conn.close()
    (tmp_path / "decks" / "forgotten-souls" / "monsters.yaml").write_text(
        (tmp_path / "decks" / "forgotten-souls" / "monsters.yaml").read_text() + "\n# edited\n")
    registry._OPENED.clear()
    asked = []
    with pytest.raises(SaveError, match="not resumed .the content changed"):
        Session.resume(save, registry.open_scenario, lambda warning: asked.append(warning) or False)
    assert "monsters.yaml" in asked[0]
    session, first = Session.resume(save, registry.open_scenario, lambda warning: True)
    assert first.lines[0].startswith(f"resumed {save}")


def test_the_same_files_moved_to_another_folder_are_no_change(tmp_path):
    """A quest folder moved (or a save taken to another machine) is found again
    (content.paths.find_scenario); its files are the same, so nothing is asked."""
    from overlord.session.session import changed_content
    files = registry.scenario_files("forgotten-souls")
    moved = {f"/elsewhere/{i}.yaml": h for i, h in enumerate(files.values())}
    assert changed_content({"content": files, "content_hash": registry.content_hash(files)}, moved) == ""
    edited = dict(moved, **{"/elsewhere/0.yaml": "0" * 64})
    assert "changed since this game was saved" in changed_content({"content": files, "content_hash": "x"}, edited)
    assert changed_content({}, edited) == ""                  # a save from before the record: nothing to compare
