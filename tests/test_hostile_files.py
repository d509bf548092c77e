"""Hostile files (issue 17): content with absurd numbers, scenarios that name what is not a content
file, file names of 5,000 characters, files that are not content, tampered game logs. Each is
one clear line - FILE:LINE:COL where the problem has a place - with exit 1 (a problem with the
input) or 2 (a usage error), never a traceback, on every command that reads it."""

from __future__ import annotations

import json
import time
import re
from pathlib import Path

import pytest

from overlord.content.validate import json_schema, load_content, validate_paths
from test_authors_folder import copy_quest
from cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
LONG = "a" * 5000


def lines(result) -> list[str]:
    """What a refusal says: validate's problems are its output; other commands say it on stderr."""
    said = result.stdout + result.stderr
    return [ln for ln in said.splitlines() if ln.strip() and not re.match(r"\d+ problems? in \d+ of \d+ files? checked", ln)]


# -- every number has a range ---------------------------------------------------------------------

def test_every_number_of_every_format_has_a_range_in_the_json_schema():
    """'Give every number in the formats a range that makes sense for the game, in the schema too':
    every integer of every registered kind of content has a least and a greatest value (or is one
    of a few listed)."""
    unbounded = []

    def walk(node, where):
        if isinstance(node, dict):
            if node.get("type") in ("integer", "number") and "enum" not in node:
                if not ({"minimum", "exclusiveMinimum"} & node.keys() and {"maximum", "exclusiveMaximum"} & node.keys()):
                    unbounded.append(where)
            for k, v in node.items():
                walk(v, f"{where}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{where}[{i}]")
    schema = json_schema()
    walk(schema, "")
    assert unbounded == []
    assert len(schema["$defs"]) > 100          # every game's formats are in it


# (scenario, file beside the copied quest, line as shipped, the line made absurd, what the problem says)
ABSURD = [
    ("forgotten-souls", "monsters.yaml", "    size: [2, 1]", "    size: [1, 1000000000000000000000000000000]",
     "less than or equal to 3"),
    ("forgotten-souls", "monsters.yaml", "minion: {speed: 3, health: 3,", "minion: {speed: 3, health: 18446744073709551616,",
     "less than or equal to 60"),
    ("forgotten-souls", "forgotten-souls.yaml", "    spaces: 18", "    spaces: 1000000", "less than or equal to 40"),
    ("underworld", "counters.yaml", "    life: 2", "    life: 18446744073709551616", "less than or equal to 20"),
    ("underworld", "heroes.yaml", "    movement: 4", "    movement: 1000000000", "less than or equal to 10"),
    ("underworld", "underworld.yaml", "  max_rounds: 120", "  max_rounds: 99999999999", "less than or equal to 500"),
    ("heldentaufe", "supply.yaml", "  small_teeth: 38", "  small_teeth: 1000000000", "less than or equal to 99"),
    ("heldentaufe", "heroes.yaml", "    hearts: 4 ", "    hearts: 100000 ", "less than or equal to 9"),
    ("dragon", "counters.yaml", "    life: 3", "    life: 18446744073709551616", "less than or equal to 20"),
    ("dragon", "counters.yaml", "    copies: 2", "    copies: 1000000000", "less than or equal to 20"),
    ("roth", "counters.yaml", "    copies: 3", "    copies: 1000000000", "less than or equal to 10"),
    ("roth", "heroes.yaml", "    movement: 3", "    movement: 1000000000", "less than or equal to 10"),
    ("roth", "nameless.yaml", "    life: 6", "    life: 18446744073709551616", "less than or equal to 20"),
    ("roth", "nameless-deck.yaml", "march: {fields: 3,", "march: {fields: 1000000000,", "less than or equal to 6"),
    ("roth", "my-quest.yaml", "darkness_limit: {1: 64,", "darkness_limit: {1: 99999999999,",
     "less than or equal to 200"),
]


@pytest.mark.parametrize("scenario, name, shipped, absurd, message", ABSURD,
                         ids=[f"{a[0]}-{a[1]}-{a[2].split(':')[0].strip()}" for a in ABSURD])
def test_an_absurd_number_is_refused_at_its_place_in_validate_and_simulate(tmp_path, scenario, name, shipped,
                                                                           absurd, message):
    """A monster of size [1, 10^30] once ran out of memory after 30 s and a counter of 2^64 life
    points made simulate run for ever; each is now a problem at its line and column."""
    quest = copy_quest(scenario, tmp_path)
    path = quest if name.endswith((f"{scenario}.yaml", "my-quest.yaml")) else tmp_path / "decks" / name
    text = path.read_text(encoding="utf-8")
    assert shipped in text
    path.write_text(text.replace(shipped, absurd, 1), encoding="utf-8")
    line = text[:text.index(shipped)].count("\n") + 1
    for args in (["validate", path], ["validate", quest], ["simulate", quest, "--games", "1"]):
        result = run(*args)
        assert result.exit_code == 1
        assert any(ln.startswith(f"{path}:{line}:") and message in ln for ln in lines(result)), result.output


@pytest.mark.parametrize("text, line, message", [
    ("map: {rows: ['#.x#']}\nfigures: []\n", 1, "unknown map character 'x'"),
    ("map:\n  rows:\n" + "    - '#'\n" * 201 + "figures: []\n", 203, "the map has 201 rows; at most 200"),
    ("map:\n  rows: ['" + "." * 201 + "']\nfigures: []\n", 2, "row 0 has 201 spaces; at most 200"),
    ("map: {rows: ['...']}\nfigures: [{id: a, side: monsters, at: [0, 0], size: [1, 1000000000000]}]\n", 2,
     "size must be [w, h], whole numbers from 1 to 4"),
    ("map: {rows: ['...']}\nfigures: [{id: a, side: monsters, at: [0, 0], speed: 1000000000}]\n", 2,
     "speed must be from 0 to 99"),
    ("map: {}\nfigures: []\n", 1, "'rows' must be a non-empty list"),
    ("map: {kind: tiles, tiles: []}\nfigures: []\n", 1, "a tile map needs at least one tile"),
    ("map: {kind: routes, fields: []}\nfigures: []\n", 1, "a route map needs at least one field"),
])
def test_a_map_too_large_an_absurd_figure_or_an_empty_map_is_a_problem_at_its_place(tmp_path, text, line, message):
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    for args in (["validate", path], ["move", path, "--figure", "a", "--verb", "engage"]):
        result = run(*args)
        assert result.exit_code == 1
        assert any(ln.startswith(f"{path}:{line}:") and message in ln for ln in lines(result)), result.output


# -- what a scenario names -------------------------------------------------------------------------

NAMED = [("forgotten-souls", "peril"), ("underworld", "dark_cards"), ("heldentaufe", "supply"), ("dragon", "counters"),
         ("roth", "counters"), ("roth", "deck")]


@pytest.mark.parametrize("scenario, key", NAMED)
@pytest.mark.parametrize("target, why", [("decks", "is a directory, not a content file"),
                                         ("decks/nothing.yaml", "no such file"),
                                         ("/dev/null", "not a regular file"),
                                         (LONG + ".yaml", "file name too long")])
def test_a_file_a_scenario_names_that_is_not_one_is_a_problem_at_the_scenarios_line(tmp_path, scenario, key,
                                                                                  target, why):
    """'a deck path that is a folder (name the scenario's line that points at it)'; a missing file
    names the scenario's line too - for every game."""
    quest = copy_quest(scenario, tmp_path)
    text = quest.read_text(encoding="utf-8")
    found = re.search(rf"^(\s*{key}:\s*)(decks/[\w\-.]+\.yaml)", text, re.M)
    assert found, f"{scenario} names its {key} file"
    line = text[:found.start()].count("\n") + 1
    col = len(found.group(1)) + 1
    quest.write_text(text[:found.start(2)] + target + text[found.end(2):], encoding="utf-8")
    for args in (["validate", quest], ["play", quest, "--heroes", "a,b"], ["simulate", quest, "--games", "1"]):
        result = run(*args)
        assert result.exit_code == 1
        found_lines = [ln for ln in lines(result) if ln.startswith(f"{quest}:{line}:{col}: ")]
        assert found_lines and why in found_lines[0], result.output
        assert len(found_lines[0]) < 300                # a 5,000-character name is shortened


# -- file names and files that are not content ---------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["play", LONG, "--heroes", "a,b"], ["simulate", LONG], ["deck", LONG, "peril", "--seed", "1"],
    ["move", LONG, "--figure", "a", "--verb", "engage"], ["validate", LONG], ["soak", LONG, "--games", "1"],
    ["replay", LONG], ["resume", LONG], ["los", LONG, "--from", "1,1", "--to", "2,2"],
    ["play", "forgotten-souls", "--heroes", "leoric,tarha", "--save", LONG + ".db"],
    ["simulate", "forgotten-souls", "--games", "1", "--log", LONG], ["schema", "-o", LONG],
], ids=lambda a: " ".join(x if len(x) < 20 else "LONG" for x in a))
def test_a_file_name_of_5000_characters_is_one_short_line(args):
    """'A file name of 5,000 characters gives a traceback in play, simulate, deck, move, validate and
    soak': one line now, naming the file shortened."""
    result = run(*args)
    assert result.exit_code in (1, 2)
    out = lines(result)
    assert len(out) == 1 and len(out[0]) < 300 and "5,0" in out[0], result.output


NOT_CONTENT = {
    "passwd": b"root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n",
    "notes.txt": b"Dear diary, the secret word is swordfish.\n",
    "image.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR secret swordfish",
    "table.csv": b"name,secret\nbob,swordfish\n",
}


@pytest.mark.parametrize("name", NOT_CONTENT)
@pytest.mark.parametrize("command", ["validate", "play", "move", "simulate", "replay", "resume"])
def test_an_error_about_a_file_that_is_not_content_names_the_file_not_its_contents(tmp_path, name, command):
    path = tmp_path / name
    path.write_bytes(NOT_CONTENT[name])
    extra = {"play": ["--heroes", "a"], "move": ["--figure", "a", "--verb", "engage"]}.get(command, [])
    result = run(command, path, *extra)
    assert result.exit_code == 1
    assert "swordfish" not in result.output and "root:x" not in result.output and "daemon" not in result.output
    assert name in result.output


# -- game logs ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def game_log(tmp_path_factory):
    folder = tmp_path_factory.mktemp("logs")
    out = run("simulate", "forgotten-souls", "--games", "1", "--seed", "2", "--json", "--log", folder,
              "--max-rounds", "3")
    assert out.exit_code == 0
    return (folder / "game-000000.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize("field, value, message", [
    ("seed", "seven", "seed: a whole number from 0, got \"seven\""),
    ("seed", -1, "seed: a whole number from 0, got -1"),
    ("bot", "no-such-bot", "bot: unknown bot 'no-such-bot'"),
    ("heroes", "many", "heroes: a number of heroes, got \"many\""),
    ("heroes", 9, "heroes: 9, but Forgotten Souls is for 2, 3, 4 heroes"),
    ("max_rounds", "x", "max_rounds: a whole number from 1 to 10,000, got \"x\""),
    ("enemy", "kind", "enemy: Forgotten Souls has no enemy policy 'kind'"),
    ("result", None, "the game line lacks result"),
    ("result", "triumph", "result: one of victory, defeat, unfinished, got \"triumph\""),
    ("rounds", 99, "the log ends with rounds 99"),
])
def test_a_tampered_log_header_or_a_removed_result_is_refused_in_one_line(tmp_path, game_log, field, value, message):
    rows = game_log.splitlines()
    header = json.loads(rows[0])
    if value is None:
        del header["game"][field]
    else:
        header["game"][field] = value
    log = tmp_path / "t.jsonl"
    log.write_text("\n".join([json.dumps(header)] + rows[1:]) + "\n", encoding="utf-8")
    result = run("replay", log)
    assert result.exit_code == 1
    assert len(lines(result)) == 1 and message in result.output, result.output


def test_the_untampered_log_replays(tmp_path, game_log):
    log = tmp_path / "ok.jsonl"
    log.write_text(game_log, encoding="utf-8")
    assert "every event and the end match" in run("replay", log).output


@pytest.mark.parametrize("text, message", [
    ("[" * 100_000 + "]" * 100_000 + "\n", "not an Overlord game log (not a line of JSON)"),
    ("\"just a string\"\n", "a line is a JSON object"),
    ("{\"game\": 3}\n", "the first line names the game"),
])
def test_a_log_that_is_no_log_is_one_line(tmp_path, text, message):
    log = tmp_path / "x.jsonl"
    log.write_text(text, encoding="utf-8")
    result = run("replay", log)
    assert result.exit_code == 1 and len(lines(result)) == 1 and message in result.output, result.output


def test_a_file_too_large_in_a_folder_is_one_problem_on_its_first_line_and_the_rest_are_checked(tmp_path):
    (tmp_path / "big.yaml").write_text("monsters:\n" + "# x\n" * 70_000, encoding="utf-8")
    (tmp_path / "conditions.yaml").write_bytes((ROOT / "decks" / "descent" / "conditions.yaml").read_bytes())
    problems, count = validate_paths([tmp_path])
    assert count == 2 and len(problems) == 1
    assert str(problems[0]).startswith(f"{tmp_path / 'big.yaml'}:1:1: too large for a content file")
    assert load_content(tmp_path / LONG).problems[0].message == "file name too long"


def test_a_named_file_that_cannot_be_read_is_placed_at_the_scenarios_line(tmp_path, monkeypatch):
    """(As root every file can be read: the refusal is made to happen.)"""
    import pathlib
    quest = copy_quest("underworld", tmp_path)
    text = quest.read_text(encoding="utf-8")
    line = text[:text.index("dark_cards:")].count("\n") + 1
    real = pathlib.Path.read_bytes

    def read_bytes(self):
        if self.name == "dark-cards.yaml":
            raise PermissionError(13, "Permission denied")
        return real(self)
    monkeypatch.setattr(pathlib.Path, "read_bytes", read_bytes)
    result = run("validate", quest)
    assert result.exit_code == 1
    assert f"{quest}:{line}:" in result.output and "dark-cards.yaml: cannot read: permission denied" in result.output


# found by bench/hostile.py: each was a traceback or a refusal without a place
@pytest.mark.parametrize("scenario, name, shipped, hostile, message", [
    ("underworld", "dark-cards.yaml", "- id: dark-10", "- id: ''", "at least 1 character"),
    ("dragon", "dragon.yaml", "counters: decks/counters.yaml", "counters: ''", "at least 1 character"),
    ("dragon", "dragon.yaml", "manors: [T2, X2]", "manors: ['', X2]", "at least 1 character"),
    ("underworld", "underworld.yaml", "dark_cards: decks/dark-cards.yaml", "dark_cards: ../readme-example.yaml",
     "dark_cards: ../readme-example.yaml holds a map, not a game's content"),
    ("heldentaufe", "heldentaufe.yaml", "supply: decks/supply.yaml", "supply: ../readme-example.yaml",
     "supply: ../readme-example.yaml holds a map, not a game's content"),
])
def test_what_the_hostile_bench_found_is_one_line_at_its_place(tmp_path, scenario, name, shipped, hostile, message):
    quest = copy_quest(scenario, tmp_path / "q")
    (tmp_path / "readme-example.yaml").write_bytes((ROOT / "scenarios" / "maps" / "readme-example.yaml").read_bytes())
    path = quest if name == f"{scenario}.yaml" else tmp_path / "q" / "decks" / name
    text = path.read_text(encoding="utf-8")
    assert shipped in text
    line = text[:text.index(shipped)].count("\n") + 1
    path.write_text(text.replace(shipped, hostile, 1), encoding="utf-8")
    for args in (["validate", quest], ["simulate", quest, "--games", "1"], ["play", quest, "--heroes", "a"]):
        result = run(*args)
        assert result.exit_code == 1
        assert any(ln.startswith(f"{path}:{line}:") and message in ln for ln in lines(result)), result.output


def test_a_move_the_map_leaves_no_target_for_is_refused_at_the_figures_line(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("map: {rows: ['.....']}\nfigures:\n  - {id: a, side: monsters, at: [0, 0], speed: 2}\n",
                    encoding="utf-8")
    result = run("move", path, "--figure", "a", "--verb", "engage")
    assert result.exit_code == 1 and lines(result) == [f"{path}:3:5: a has no enemy figure to target"]


@pytest.mark.parametrize("key, shipped", [("map", "map: spotting-example"), ("scenario", "scenario: forgotten-souls")])
def test_a_spec_naming_a_file_of_5000_characters_is_one_line_at_its_place(tmp_path, key, shipped):
    """Found by bench/hostile.py on the spec files: a spec's map or scenario named by 5,000
    characters was a traceback ("File name too long") in validate and check; now a problem at the
    spec's line, the name shortened."""
    text = (ROOT / "scenarios" / "specs" / "descent-examples.yaml").read_text(encoding="utf-8")
    assert shipped in text
    line = text[:text.index(shipped)].count("\n") + 1
    spec = tmp_path / "specs.yaml"
    spec.write_text(text.replace(shipped, f"{key}: {'a' * 5000}.yaml", 1), encoding="utf-8")
    for command in ("validate", "check"):
        said = [ln for ln in lines(run(command, spec)) if not ln.startswith(("PASS", "FAIL", "0 specs", "1 spec"))]
        found = [ln for ln in said if ln.startswith(f"{spec}:{line}:")]
        assert found and "(5,005 characters)" in found[0] and len(found[0]) < 300, said


def test_check_given_a_name_of_5000_characters_is_one_line():
    result = run("check", "b" * 5000)
    assert result.exit_code == 1 and "(5,000 characters): file name too long" in result.output


def test_descent_hero_sheets_without_the_stand_in_are_a_problem_not_a_keyerror(tmp_path):
    """Found by bench/hostile.py (decks/descent/heroes.yaml cut short): a heroes file without the
    'stand-in' sheet validated and simulate then raised KeyError 'stand-in'."""
    quest = copy_quest("forgotten-souls", tmp_path)
    heroes = tmp_path / "decks" / "heroes.yaml"
    text = (ROOT / "decks" / "descent" / "heroes.yaml").read_text(encoding="utf-8")
    heroes.write_text(text[:text.index("  stand-in:")], encoding="utf-8")
    assert "heroes: decks/heroes.yaml" in quest.read_text(encoding="utf-8")
    for args in (["validate", quest], ["simulate", quest, "--games", "1"]):
        result = run(*args)
        assert result.exit_code == 1 and "no 'stand-in' hero sheet" in result.output, result.output


def test_a_board_row_of_10000_letters_is_one_problem_in_well_under_two_seconds(tmp_path):
    """Found by bench/hostile.py (decks/heldentaufe/underworld.yaml, variant 2560): a row of the
    Heldentaufe board replaced by 10,000 letters made 10,000 problems, and merging them one by one
    (``p not in problems``) took 14.6 s of CPU in simulate. A row is now at most 40 characters."""
    import time
    quest = copy_quest("heldentaufe", tmp_path)
    board = tmp_path / "decks" / "underworld.yaml"
    text = board.read_text(encoding="utf-8")
    row = '    - " .!.U. "'
    assert row in text
    line = text[:text.index(row)].count("\n") + 1
    board.write_text(text.replace(row, "    - " + "A" * 10_000, 1), encoding="utf-8")
    for args in (["validate", board], ["simulate", quest, "--games", "1"]):
        started = time.process_time()
        result = run(*args)
        assert time.process_time() - started < 2.0
        assert result.exit_code == 1
        said = [ln for ln in lines(result) if not re.match(r"\d+ problems? in", ln)]
        assert len(said) == 1 and re.match(rf"{re.escape(str(board))}:{line}:\d+: .*row 2: string should have "
                                           r"at most 40 characters, got 'AAAA", said[0]), said


@pytest.mark.parametrize("row, said", [
    ("AAAAAAAAAAAAAAAAAAAAAAAB", ["row 1, x=0 and 22 more places: unknown board character 'A'",
                                  "row 1, x=23: unknown board character 'B'"]),
    (" .!.Q. ", ["row 1, x=4: unknown board character 'Q'"]),
])
def test_unknown_board_characters_are_one_problem_a_character_a_row(tmp_path, row, said):
    """The Heldentaufe board's drawing (decks/heldentaufe/underworld.yaml): a character that is no
    area, portal, skull, treasure or nest is named once a row, at its first place."""
    board = tmp_path / "underworld.yaml"
    text = (ROOT / "decks" / "heldentaufe" / "underworld.yaml").read_text(encoding="utf-8")
    board.write_text(text.replace('" .!.U. "', f'"{row}"', 1), encoding="utf-8")
    found = [ln.split(": ", 1)[1].split(";")[0] for ln in lines(run("validate", board)) if "unknown board" in ln]
    assert found == said


def test_merging_problems_is_linear():
    """``errors.merge`` keeps the first of equal problems, in order, and 20,000 of them merge in a
    blink (the quadratic ``p not in problems`` took 14.6 s for 10,000: the hang bench/hostile.py found)."""
    import time
    from overlord.content.errors import Problem, merge
    many = [Problem("f.yaml", i, 1, "unknown") for i in range(20_000)]
    started = time.process_time()
    merged = merge(list(many[:10]), many + many[::-1])
    assert time.process_time() - started < 0.5
    assert merged == many


def test_a_map_row_of_unknown_characters_is_one_problem_a_character():
    """The same for a map file (200 columns of strangers were 200 problems)."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "m.yaml"
        path.write_text("map: {rows: ['" + "x" * 150 + "#y']}\nfigures: []\n", encoding="utf-8")
        said = [ln for ln in lines(run("validate", path)) if "unknown map character" in ln]
    assert [ln.split(": ", 1)[1].split(";")[0] for ln in said] == [
        "row 0, x=0 and 149 more places: unknown map character 'x'", "row 0, x=151: unknown map character 'y'"]


# found by bench/hostile.py in the 3,000 variants of scenarios/forgotten-souls.yaml: 42 tracebacks
# (KeyError in simulate, deck and play; DeckError in simulate and play) - each now one line at its place
@pytest.mark.parametrize("shipped, hostile, message", [
    ("    monsters: decks/monsters.yaml\n", "", "scenario 'forgotten-souls', decks: no 'monsters' deck; a quest names "
                                                  "its monsters, activation, peril and exploration files"),
    ("    activation: decks/activation.yaml\n", "", "decks: no 'activation' deck"),
    ("    peril: decks/peril.yaml\n", "", "decks: no 'peril' deck"),
    ("    exploration: decks/exploration.yaml\n", "", "decks: no 'exploration' deck"),
    ("Chainmail, Leather", "'', Leather", "scenario 'forgotten-souls', loot, shop, I, item 2: string should have at least 1 character"),
    ("Dragontooth Hammer", "Bearded Axe", "the Act II shop names 'Bearded Axe' twice; each Shop Item is one card"),
])
def test_a_quest_without_one_of_its_decks_or_with_a_shop_item_empty_or_twice_is_one_line(tmp_path, shipped, hostile,
                                                                                         message):
    quest = copy_quest("forgotten-souls", tmp_path)
    text = quest.read_text(encoding="utf-8")
    assert shipped in text
    line = text[:text.index(shipped)].count("\n") + 1
    quest.write_text(text.replace(shipped, hostile, 1), encoding="utf-8")
    for args in (["validate", quest], ["simulate", quest, "--games", "1"], ["deck", quest, "exploration", "--seed", "1"],
                 ["play", quest, "--heroes", "leoric,tarha"]):
        result = run(*args)
        said = [ln for ln in lines(result) if not re.match(r"\d+ problems? in", ln)]
        assert result.exit_code == 1 and len(said) == 1 and message in said[0], (args, said)
        place = int(said[0].split(":")[1])
        decks = text[:text.index("  decks:\n")].count("\n") + 1
        assert place == (decks + 1 if hostile == "" else line), said    # a deck deleted: at the decks' first


EVIL = "from pathlib import Path\nPath('ran.txt').write_text('imported')\ndef bot(match, legal, rng):\n    return legal[0]\n"


@pytest.mark.parametrize("bot", ["rel_evil:bot", "this:x", "os:system", "builtins:print"])
def test_a_log_names_no_code_to_run(tmp_path, game_log, monkeypatch, bot):
    """Issue 46: "`overlord replay LOG` imports the log's `bot: module:function` and calls it,
    searching the current folder: a `rel_evil.py` beside a downloaded log is imported and run ...
    A log is data someone may send you: it names only registered bots unless the user passes the
    same plug-in on the command line". Nothing is imported: no file written, no Zen printed."""
    (tmp_path / "rel_evil.py").write_text(EVIL, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    rows = game_log.splitlines()
    header = json.loads(rows[0])
    header["game"]["bot"] = bot
    (tmp_path / "sent.jsonl").write_text("\n".join([json.dumps(header)] + rows[1:]) + "\n", encoding="utf-8")
    result = run("replay", tmp_path / "sent.jsonl")
    assert result.exit_code == 1 and len(lines(result)) == 1
    assert f"bot: \"{bot}\" names code to run, and a log names none" in result.output
    assert f"overlord replay --bot {bot} FILE" in result.output
    assert not (tmp_path / "ran.txt").exists() and "Beautiful is better than ugly" not in result.output


def test_a_plugged_in_bot_the_user_names_is_trusted(tmp_path, monkeypatch):
    """The user's own bot, named on the command line as in the log, replays."""
    (tmp_path / "mine.py").write_text("def bot(match, legal, rng):\n    return legal[0]\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = run("simulate", "forgotten-souls", "--games", "1", "--seed", "2", "--bot", "mine:bot", "--log", tmp_path / "logs",
              "--max-rounds", "3")
    assert out.exit_code == 0, out.output
    log = tmp_path / "logs" / "game-000000.jsonl"
    assert run("replay", log).exit_code == 1                       # the log alone: refused
    trusted = run("replay", "--bot", "mine:bot", log)
    assert trusted.exit_code == 0 and "every event and the end match" in trusted.output, trusted.output


@pytest.mark.parametrize("write, where, told", [
    # issue 46: "A huge log is read whole before it is checked: 40 MB of `{}` lines take 30-41 s and
    # about 2 GB of memory before the refusal ... Check the header first, stream the rest, bound what
    # one line may be."
    (lambda f, log: f.write("{}\n" * 3_000_000), 1, "not an Overlord game log (the first line names the game)"),
    (lambda f, log: f.write(log.splitlines()[0] + "\n" + "{}\n" * 3_000_000), 2,
     "not an event of a game log (a line after the first names its event)"),
    (lambda f, log: f.write(log.splitlines()[0] + "\n" + '{"event": "' + "x" * 2_000_000 + '"}\n'), 2,
     "not an Overlord game log (a line longer than 1,048,576 bytes)"),
])
def test_a_huge_log_is_refused_at_its_first_wrong_line_without_reading_it_whole(tmp_path, game_log, write, where, told):
    log = tmp_path / "big.jsonl"
    with log.open("w", encoding="utf-8") as f:
        write(f, game_log)
    started = time.perf_counter()
    result = run("replay", log)
    assert result.exit_code == 1 and len(lines(result)) == 1
    assert f"big.jsonl:{where}: {told}" in result.output
    assert time.perf_counter() - started < 3.0, "refused before the rest of the file is read"
