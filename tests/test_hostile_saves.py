"""Hostile saves and hostile typing at the table (issue 17): a game open in two places, two games
racing for one save file, saves edited by hand, digits other than 0-9, bytes that are not UTF-8,
a command that cannot be saved, a choice about an undone decision. Each is refused in one line,
whole, the save untouched; for every game where the case applies to it."""

from __future__ import annotations

import hashlib
import json
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import cli
from overlord.core.game import RulesError, match_json
from overlord.games import registry
from overlord.session import session as session_module
from overlord.session.session import Session
from overlord.session.store import SaveError, SaveFile

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"forgotten-souls": ["leoric", "tarha"], "underworld": ["bard", "gnome"],
         "heldentaufe": ["erla", "corlof"], "dragon": ["paladin", "halfling"], "roth": ["leandra", "gro"],
         "roth-race": ["glingal", "antrax"], "kingdom-dragon": ["leandra", "paladin"],
         "kingdom-dragon-together": ["orc", "glingal"], "roth-underworld": ["leandra", "gro"],
         "roth-underworld-together": ["leandra", "gro"]}


def start(scenario: str, save: Path | None = None, seed: int = 4) -> Session:
    session, _ = Session.start(*registry.open_scenario(scenario), GAMES[scenario], seed, save)
    return session


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def resume(save: Path):
    result = CliRunner().invoke(cli.main, ["resume", str(save)], input="quit\n")
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def refused_untouched(save: Path, message: str) -> None:
    """``resume`` refuses the save in one line saying ``message``, its bytes as they were."""
    before = digest(save)
    result = resume(save)
    assert result.exit_code == 1 and len(result.stderr.splitlines()) == 1 and message in result.stderr, result.stderr
    assert digest(save) == before


def overlord(*args, stdin: bytes = b"", env=None, timeout=120):
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *map(str, args)], input=stdin,
                          capture_output=True, timeout=timeout, cwd=ROOT, env={**os.environ, **(env or {})})


# -- one game, one place ------------------------------------------------------------------------------

def test_a_second_resume_of_an_open_game_is_refused_in_one_line_and_loses_nothing(tmp_path):
    """'Two resume of one save at once both open, and one player's command is lost': the second is
    refused (SQLite's exclusive lock, held while the first plays), the first's commands all saved;
    once the first quits, the game resumes."""
    save = tmp_path / "g.db"
    first = subprocess.Popen([sys.executable, str(ROOT / "cli.py"), "play", "forgotten-souls", "--heroes",
                              "leoric,tarha", "--seed", "4", "--save", str(save)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT,
                             env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        first.stdin.write(b"move leoric 4,3\n")
        first.stdin.flush()
        while b"> move leoric 4,3" not in first.stdout.readline():      # shown once it is saved
            pass
        second = overlord("resume", save, stdin=b"end tarha\nquit\n")
        err = second.stderr.decode()
        assert second.returncode == 1 and err.count("\n") == 1 and "the game is open elsewhere" in err, err
        first.stdin.write(b"end leoric\nquit\n")
        first.stdin.close()
        assert first.wait(60) == 0
    finally:
        first.kill()
    assert _commands(save) == 3                         # start, move, end leoric: nothing lost
    again = overlord("resume", save, stdin=b"quit\n")
    assert again.returncode == 0 and b"resumed" in again.stdout


def _commands(save: Path) -> int:
    conn = sqlite3.connect(save)
    try:
        return conn.execute("SELECT count(*) FROM steps").fetchone()[0]
    finally:
        conn.close()


def test_two_games_racing_to_create_one_save_one_wins_the_other_gets_one_line(tmp_path, monkeypatch):
    """'two play --save racing to create one file: one wins, the other gets one line' - the race
    window (both saw no file there) made to happen: the file is created with O_EXCL."""
    save = tmp_path / "g.db"
    import overlord.session.store as store
    monkeypatch.setattr(store, "kind_of", lambda path: "missing")      # both looked before either created
    winner = SaveFile.create(save, {"scenario": "s", "seed": 1, "heroes": ["a"]})
    with pytest.raises(SaveError, match=r"g\.db: already exists \(another game was just saved there\)"):
        SaveFile.create(save, {"scenario": "s", "seed": 2, "heroes": ["b"]})
    winner.close()
    monkeypatch.undo()
    assert SaveFile.open(save).meta["seed"] == 1                       # the winner's game, whole


def test_two_play_commands_started_together_on_one_save(tmp_path):
    save = tmp_path / "g.db"
    args = [sys.executable, str(ROOT / "cli.py"), "play", "forgotten-souls", "--heroes", "leoric,tarha", "--save",
            str(save)]
    procs = [subprocess.Popen(args + ["--seed", str(k)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, cwd=ROOT) for k in (1, 2)]
    outs = [p.communicate(b"status\nquit\n", timeout=120) for p in procs]
    codes = sorted(p.returncode for p in procs)
    assert codes == [0, 2], outs
    loser = next(err.decode() for (out, err), p in zip(outs, procs) if p.returncode == 2)
    assert loser.count("\n") == 1 and "already exists" in loser and "Traceback" not in loser


# -- saves edited by hand ------------------------------------------------------------------------------

def _saved(scenario: str, tmp_path: Path) -> Path:
    save = tmp_path / "g.db"
    s = start(scenario, save)
    for line in ("status",):
        s.execute(line)
    s.close()
    return save


def _edit_meta(save: Path, sql: str, *args) -> None:
    conn = sqlite3.connect(save)
    conn.execute(sql, args)
    conn.commit()
    conn.close()


def _edit_state(save: Path, change) -> None:
    conn = sqlite3.connect(save)
    seq, text = conn.execute("SELECT seq, state FROM steps ORDER BY seq DESC LIMIT 1").fetchone()
    data = json.loads(text)
    new = change(data)
    conn.execute("UPDATE steps SET state = ? WHERE seq = ?", (new if isinstance(new, str) else json.dumps(data), seq))
    conn.commit()
    conn.close()


def _first_hero(data: dict) -> str:
    return data["heroes"][0]


def _rename_hero(data: dict) -> None:
    data["heroes"][0] = "nobody-of-this-game"


def _unknown_card(scenario: str):
    def change(data):
        deck = {"forgotten-souls": lambda d: d["activation"]["draw"], "underworld": lambda d: d["dark_deck"]["draw"],
                "heldentaufe": lambda d: d["missions"]["draw"], "dragon": lambda d: d["bag"],
                "roth": lambda d: d["bag"], "roth-race": lambda d: d["bag"],
                "kingdom-dragon": lambda d: d["bag"], "kingdom-dragon-together": lambda d: d["bag"],
                "roth-underworld": lambda d: d["bag"],
                "roth-underworld-together": lambda d: d["under"]["dark_deck"]["draw"]}[scenario](data)
        deck[0] = "no-such-card"
    return change


META = [
    ("meta not JSON", "UPDATE meta SET value = '{not json' WHERE key = 'heroes'", "meta value 'heroes' is not JSON"),
    ("format not a number", "UPDATE meta SET value = 'one' WHERE key = 'format'", "format is not a number"),
    ("the scenario missing", "DELETE FROM meta WHERE key = 'scenario'", "meta has no 'scenario'"),
    ("the seed not a number", "UPDATE meta SET value = '\"seven\"' WHERE key = 'seed'", "meta 'seed' is not a whole number"),
    ("no steps table", "DROP TABLE steps", "not a readable Overlord save file (no such table: steps)"),
]


@pytest.mark.parametrize("scenario", GAMES)
@pytest.mark.parametrize("case, sql, message", META, ids=[m[0] for m in META])
def test_a_save_whose_meta_was_edited_by_hand_is_refused_untouched(tmp_path, scenario, case, sql, message):
    save = _saved(scenario, tmp_path)
    _edit_meta(save, sql)
    refused_untouched(save, message)


STATES = [
    ("a state nested 100,000 deep", lambda d: "[" * 100_000 + "]" * 100_000, "nests too deeply"),
    ("a state that is not JSON", lambda d: "{\"heroes\": ", "the saved game state is not one of"),
    ("a key missing", lambda d: d.pop("heroes"), "the saved game state is not one of"),
    ("a hero that does not exist", _rename_hero, "nobody-of-this-game"),
    ("a generator of another kind", lambda d: d["rng"].update(bit_generator="MT19937"), "unsupported bit generator 'MT19937'"),
    ("a generator's numbers out of range", lambda d: d["rng"]["state"].update(state=-1), "a damaged PCG64 state"),
    ("a list where a number goes", lambda d: d.update(round=[1]), "the saved game state is not one of"),
]


@pytest.mark.parametrize("scenario", GAMES)
@pytest.mark.parametrize("case, change, message", STATES, ids=[s[0] for s in STATES])
def test_a_save_whose_state_was_edited_by_hand_is_refused_untouched(tmp_path, scenario, case, change, message):
    """'A save edited by hand ... today tracebacks at resume or a few commands later': each is
    refused at resume, in one line, the file as it was."""
    save = _saved(scenario, tmp_path)
    _edit_state(save, change)
    refused_untouched(save, message)


@pytest.mark.parametrize("scenario", GAMES)
def test_a_save_naming_a_card_or_counter_that_does_not_exist_is_refused(tmp_path, scenario):
    save = _saved(scenario, tmp_path)
    _edit_state(save, _unknown_card(scenario))
    before = digest(save)
    result = resume(save)
    assert result.exit_code == 1 and len(result.stderr.splitlines()) == 1, result.stderr
    assert "not one this game can be in" in result.stderr and digest(save) == before


def _descent_wall(save: Path) -> list[int]:
    """Dungeon coordinates of a wall space of the saved Descent game."""
    rules, content, _ = registry.open_scenario("forgotten-souls")
    conn = sqlite3.connect(save)
    text = conn.execute("SELECT state FROM steps ORDER BY seq DESC LIMIT 1").fetchone()[0]
    conn.close()
    board, (sx, sy) = rules.from_json(content, text).board()
    x, y = next((x, y) for y in range(board.height) for x in range(board.width)
                if board.blocks_move[board.node_of([x, y])])
    return [x - sx, y - sy]


@pytest.mark.parametrize("where, message", [("wall", "leoric stands on wall"),
                                            ("off the map", "leoric stands off the map at [999, 999]")])
def test_a_descent_hero_put_inside_a_wall_or_off_the_map_is_refused(tmp_path, where, message):
    save = _saved("forgotten-souls", tmp_path)
    at = _descent_wall(save) if where == "wall" else [999, 999]

    def move(data):
        next(f for f in data["figures"] if f["id"] == "leoric")["at"] = at
    _edit_state(save, move)
    refused_untouched(save, message)


@pytest.mark.parametrize("scenario, change, message", [
    ("underworld", lambda d: d["map"]["placed"][0]["at"].__setitem__(1, 10 ** 9), "do not lie on distinct squares"),
    ("underworld", lambda d: d["map"]["heroes"].__setitem__("bard", "nowhere"), "bard stands on 'nowhere'"),
    ("heldentaufe", lambda d: d["board"]["erla"].update(world="moon"), "erla stands in 'moon'"),
    ("dragon", lambda d: d["at"]["paladin"].update(field="nowhere"), "at.paladin.field is 'nowhere', not one of the fields (R1, R2"),
    ("roth", lambda d: d["at"]["leandra"].update(field="nowhere"), "at.leandra.field is 'nowhere', not one of the fields"),
    ("roth-race", lambda d: d["board"].update(Q1=d["board"].pop(sorted(d["board"])[0])), "Q1"),
    ("roth", lambda d: d["at"]["gro"]["deeds"].update({"no-such-deed": 0}), "no-such-deed"),
    # found by the random hand edits once RotH was among them: rules null passed, then failed at the first option
    ("roth", lambda d: d.update(rules=None), "rules is None, not the scenario's rules"),
    ("roth-race", lambda d: d["rules"].update(program_choices="maybe"), "rules.program_choices is 'maybe', not one of"),
    # found by the random hand edits: a map of the kingdom's unexplored, played on, crashed at the first step
    ("kingdom-dragon", lambda d: d["explored"].__setitem__(10, "no-such-map"), "not the boxes' 25 maps"),
    # the Underworld's part of the combined game is checked by the Underworld's own ranges
    ("roth-underworld", lambda d: d["under"].update(dark_side=99), "under.dark_side is 99, outside 0 to 11"),
    ("roth-underworld", lambda d: d["under"].update(damned="asleep"), "under.damned is 'asleep', not one of"),
    ("roth-underworld", lambda d: d["under"]["map"]["placed"][0].update(turns=7), "under.map.placed.0.turns is 7"),
    ("roth-underworld", lambda d: d.update(round_markers=-2), "round_markers is -2, outside 0 to 20"),
    ("roth-underworld", lambda d: d["marks"].append("Z"), "marks.0 is 'Z', not one of the maps of the layout"),
])
def test_a_hero_or_a_tile_put_off_the_board_is_refused(tmp_path, scenario, change, message):
    save = _saved(scenario, tmp_path)
    _edit_state(save, change)
    result = resume(save)
    assert result.exit_code == 1 and message in result.stderr, result.stderr


def test_undo_to_a_state_edited_by_hand_is_refused_and_removes_nothing(tmp_path):
    save = tmp_path / "g.db"
    s = start("forgotten-souls", save)
    s.execute("move leoric 4,3")
    conn = sqlite3.connect(save, timeout=0)
    with pytest.raises(sqlite3.OperationalError, match="locked"):       # the open game holds its lock
        conn.execute("SELECT count(*) FROM steps").fetchone()
    conn.close()
    s.save.conn.execute("UPDATE steps SET state = ? WHERE seq = 1", ("[" * 100_000 + "]" * 100_000,))
    reply = s.execute("undo")
    assert not reply.ok and "nests too deeply" in reply.lines[0] and len(reply.lines) == 1
    assert s.save.commands() == ["start", "move leoric 4,3"]


def _mutate(data, rng: random.Random, heroes: list[str]) -> None:
    """One random hand edit: a value replaced by another of a different kind or out of range, a
    key removed, a hero renamed, a list element doubled."""
    items = []

    def walk(value, path):
        if path:
            items.append((path, value))
        if isinstance(value, dict):
            for k, v in value.items():
                if k != "log":
                    walk(v, path + (k,))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, path + (i,))
    walk(data, ())
    path, value = rng.choice(items)
    parent = data
    for p in path[:-1]:
        parent = parent[p]
    how = rng.choice(["int", "str", "drop", "type", "hero", "double"])
    if how == "hero":
        named = [(p, v) for p, v in items if isinstance(v, str) and v in heroes]
        if named:
            path, value = rng.choice(named)
            parent = data
            for p in path[:-1]:
                parent = parent[p]
            parent[path[-1]] = "ghost"
            return
    if how == "int" and isinstance(value, int) and not isinstance(value, bool):
        parent[path[-1]] = rng.choice([-1, -1000, 10 ** 9, value + 1, value - 1])
    elif how == "str" and isinstance(value, str):
        parent[path[-1]] = rng.choice(["", "no-such-thing", "x" * 100])
    elif how == "drop" and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == "double" and isinstance(value, list) and value:
        value.append(value[0])
    else:
        parent[path[-1]] = rng.choice([None, [], {}, "s", 1.5, True])


@pytest.mark.parametrize("scenario", GAMES)
def test_random_hand_edits_are_refused_or_play_on_without_an_error(scenario):
    """Random play with invariants, over random hand edits of a mid-game state: each edit is
    refused on load (the game's check_state) or the game plays on from it - twenty hero actions
    and enemy phases by a random bot, its status shown after each - raising nothing but the
    rules' own refusals."""
    rules, content, _ = registry.open_scenario(scenario)
    match = rules.new_match(content, GAMES[scenario], 1)
    dice = np.random.default_rng(1)
    for _ in range(30):
        if rules.outcome(match):
            break
        if rules.to_act(match) is None:
            rules.enemy_phase(match, dice)
        else:
            legal = rules.legal_actions(match)
            rules.apply(match, legal[dice.integers(len(legal))], dice)
    base = match_json(match)
    rng = random.Random(scenario)
    refused = played = 0
    for i in range(40):
        data = json.loads(base)
        _mutate(data, rng, GAMES[scenario])
        text = json.dumps(data)
        try:
            session_module._check_saved(rules, content, text, "save")
        except SaveError:
            refused += 1
            continue
        played += 1
        m = rules.from_json(content, text)
        table = rules.table(m)
        d = np.random.default_rng(i)
        for _ in range(20):
            if rules.outcome(m):
                break
            try:
                if rules.to_act(m) is None:
                    rules.enemy_phase(m, d)
                else:
                    legal = rules.legal_actions(m)
                    rules.apply(m, legal[d.integers(len(legal))], d)
            except RulesError:
                break
            table.status()
    assert refused > 0 and refused + played == 40


# -- the table ----------------------------------------------------------------------------------

@pytest.mark.parametrize("scenario", GAMES)
@pytest.mark.parametrize("line, message", [
    ("1²", "write numbers with the digits 0-9, not '²'"),
    ("٣", "write numbers with the digits 0-9"),
    ("9" * 5000, "a number of 5,000 digits is no number at this table"),
    ("status " + "9" * 20, "a number of 20 digits"),
    ("undo\udcff", "the line is not UTF-8 text"),
])
def test_digits_other_than_0_to_9_and_bytes_that_are_not_utf8_are_one_line_and_change_nothing(tmp_path, scenario,
                                                                                             line, message):
    save = tmp_path / "g.db"
    s = start(scenario, save)
    before = (match_json(s.match), s.save.commands())
    reply = s.execute(line)
    assert not reply.ok and reply.lines == [next(ln for ln in reply.lines if message in ln)]
    assert (match_json(s.match), s.save.commands()) == before
    json.dumps(s.reply_json(reply))                # the reply itself can be written out


@pytest.mark.parametrize("env", [{"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8:strict"}, {"LC_ALL": "C"}],
                         ids=["strict UTF-8 locale", "C locale"])
def test_bytes_that_are_not_utf8_on_standard_input_are_refused_whole(tmp_path, env):
    """'With --save, an invalid byte after an action made the action apply in memory and then fail
    to save': the line is refused before it is applied; the next line goes on."""
    save = tmp_path / "g.db"
    out = overlord("play", "forgotten-souls", "--heroes", "leoric,tarha", "--seed", "4", "--save", save,
                   stdin=b"move leoric 4,3\xff\n\xfe\xfe\nmove leoric 4,3\nquit\n", env=env)
    err, text = out.stderr.decode(), out.stdout.decode("utf-8", "replace")
    assert out.returncode == 0 and "Traceback" not in err, err
    assert text.count("the line is not UTF-8 text") == 2
    conn = sqlite3.connect(save)
    assert [c for c, in conn.execute("SELECT command FROM steps ORDER BY seq")] == ["start", "move leoric 4,3"]
    conn.close()


def test_a_command_that_cannot_be_saved_is_taken_back_whole(tmp_path, monkeypatch):
    save = tmp_path / "g.db"
    s = start("forgotten-souls", save)
    before = match_json(s.match)

    def full_disk(*args, **kwargs):
        raise SaveError(f"{save}: the command could not be saved (database or disk is full); it was not applied")
    monkeypatch.setattr(s.save, "append", full_disk)
    reply = s.execute("move leoric 4,3")
    assert not reply.ok and "it was not applied" in reply.lines[0]
    assert match_json(s.match) == before


def test_choose_after_undo_does_not_apply_an_undone_decision(tmp_path):
    """'end leoric, end tarha, undo, choose 1 4,3 moves a monster during the heroes' phase and
    saves it': a choose refers only to the decisions of the command just shown."""
    save = tmp_path / "g.db"
    s = start("forgotten-souls", save)
    shown = [s.execute(line) for line in ("end leoric", "end tarha")]
    assert "`choose 1 X,Y`" in "\n".join(shown[-1].lines)
    assert s.execute("undo").ok
    before = (match_json(s.match), s.save.commands())
    for line in ("choose 1 4,3", "why 1"):
        reply = s.execute(line)
        assert not reply.ok and reply.lines[0].startswith("no decision 1; the last command made none")
    assert (match_json(s.match), s.save.commands()) == before


def test_without_undo_the_heroes_still_choose_after_the_attacks_are_answered():
    s = start("forgotten-souls")
    for line in ("end leoric", "end tarha"):
        s.execute(line)
    while s.match.state.pending:
        assert s.execute(f"hurt {s.match.state.pending['hero']} 0").ok
    reply = s.execute("choose 1 4,4")     # the activation is played again from the choice: its attacks asked again
    assert reply.ok and "[1] zombie-master-1 engage leoric: 2,3 -> 3,3 -> 4,4 (2 MP), ends at 4,4" in reply.lines[0]
    while s.match.state.pending:
        assert s.execute(f"hurt {s.match.state.pending['hero']} 0").ok
    s.execute("move tarha 7,4")
    assert s.execute("choose 1 4,2").lines[0].startswith("no decision 1")      # another command since


JUNK = ["", "0", "1", "-1", "99", "999999999", "1²", "x", "3,4", "99,99", "-1,-1", "a,b", "'", "\"", "N", "nobody",
        "all", "across", "along", "confirm", "off", "🐉", "\x00"]


@pytest.mark.parametrize("scenario", GAMES)
def test_random_lines_at_every_games_table_are_answered_never_raised(scenario):
    """Random lines of each game's commands and numbered options with junk arguments: every one
    is answered (Reply), and one refused leaves the game as it was."""
    s = start(scenario)
    rng = random.Random(scenario)
    words = s.words() + [str(n) for n in range(1, 6)]
    for _ in range(150):
        line = " ".join([rng.choice(words)] + [rng.choice(JUNK + words) for _ in range(rng.randrange(4))])
        if line.split()[:1] in (["quit"], ["undo"]):
            continue
        before = match_json(s.match)
        reply = s.execute(line)
        if not reply.ok:
            assert match_json(s.match) == before, line


def test_a_heldentaufe_save_naming_code_for_its_boss_is_refused(tmp_path):
    """A plugged-in enemy policy (``module:function``, issue 15) is headless only: a save edited
    to name one would run code on resume; it is refused in one line, untouched."""
    save = _saved("heldentaufe", tmp_path)
    _edit_state(save, lambda d: d.update(monster_policy="os:system"))
    refused_untouched(save, "its monster boss plays as 'os:system', not the planner or the greedy boss")
