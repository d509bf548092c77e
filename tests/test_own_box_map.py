"""Issue 42: a group plays an encounter on its own box's map. A scenario names the quest it plays
and, for an Exploration card, a map file holding the encounter's whole map (docs/authoring.md,
"Your own box's map"); the card keeps its rules and spawns, the map is the group's. Everything the
card refers to must be on that map ("Entrances and Exits", "Spawn and Place": the spaces marked 2,
3 and 4), or `overlord validate` says what is missing at FILE:LINE:COL. Played on the shipped
example, scenarios/examples/my-box: The Onset on a room drawn for tile 19B."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import doc_examples
from descent_helpers import DescentSession as Session, soak
from overlord import cli
from overlord.content.errors import ContentError
from overlord.content.mapfile import parse_map
from overlord.content.validate import validate_paths
from overlord.games.descent.content.quest import load_quest, resolve_scenario
from overlord.games.descent.drawing import board_drawing
from overlord.games.descent.engine import marker_at
from overlord.games.descent.game import GAME
from overlord.sim.play import play

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "scenarios" / "examples" / "my-box"
BOX = EXAMPLE / "forgotten-souls.yaml"
TILE = (EXAMPLE / "tile-19b.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def quest():
    return load_quest(BOX)


# -- what the group's map must hold ------------------------------------------------------------------

def _written(tmp_path, box: str | None = None, tile: str | None = None) -> Path:
    shutil.copy(BOX, tmp_path / "forgotten-souls.yaml")
    if box is not None:
        (tmp_path / "forgotten-souls.yaml").write_text(box, encoding="utf-8")
    (tmp_path / "tile-19b.yaml").write_text(TILE if tile is None else tile, encoding="utf-8")
    return tmp_path / "forgotten-souls.yaml"


def _changed(old: str, new: str) -> str:
    assert old in TILE, old
    return TILE.replace(old, new, 1)


BOX_TEXT = "game: descent\nscenario: forgotten-souls\nmaps:\n  the-onset: tile-19b.yaml\n"

# (what is checked, the scenario file's text, the map file's text, the file and the text of the
# line the problem is at, the problem)
REFUSED = [
    ("the map file is missing", BOX_TEXT.replace("tile-19b.yaml", "tile-91b.yaml"), None,
     "forgotten-souls.yaml", "the-onset:", "maps, the-onset: tile-91b.yaml: no such file"),
    ("the map file is a folder", BOX_TEXT.replace("tile-19b.yaml", "."), None,
     "forgotten-souls.yaml", "the-onset:", r"maps, the-onset: \.: is a directory, not a content file"),
    ("the map file does not parse", None, 'map:\n  rows: ["..."]]\n',
     "tile-19b.yaml", "rows:", "YAML does not parse"),
    ("the file holds no map", None, "monsters: {}\n",
     "forgotten-souls.yaml", "the-onset:", "maps, the-onset: tile-19b.yaml holds monsters, not a map file"),
    ("a card the deck does not have", BOX_TEXT.replace("the-onset:", "the-onst:"), None,
     "forgotten-souls.yaml", "the-onst:", r"maps: no Exploration card 'the-onst' in exploration.yaml \(did you mean "
                                          r"'the-onset'\?\)"),
    ("a quest nothing ships", BOX_TEXT.replace("scenario: forgotten-souls", "scenario: forgoten-souls"), None,
     "forgotten-souls.yaml", "scenario:", r"scenario: no file forgoten-souls beside this one, nor a shipped scenario "
                                          r"\(did you mean 'forgotten-souls'\?\)"),
    ("a quest that names a quest", BOX_TEXT.replace("scenario: forgotten-souls", "scenario: forgotten-souls.yaml"),
     None, "forgotten-souls.yaml", "scenario:", "names a quest in its turn"),
    ("the card's exit is missing", None, _changed("  exit: [9, 3]", ""),
     "tile-19b.yaml", "map:", r"card 'the-onset' has an exit \(the next encounter's map joins it\): give map.exit"),
    ("an entrance the card has not", None, _changed("  exit: [9, 3]", "  exit: [9, 3]\n  entrance: [9, 4]"),
     "tile-19b.yaml", "entrance:", "card 'the-onset' has no entrance: leave map.entrance out"),
    ("the exit inside the map", None, _changed("exit: [9, 3]", "exit: [8, 3]"),
     "tile-19b.yaml", "exit:", r"the exit \[8, 3\] is not on the map's edge"),
    ("the exit on a wall square", None, _changed("exit: [9, 3]", "exit: [0, 0]"),
     "tile-19b.yaml", "exit:", r"exit: \[0, 0\] is nothing, not a space a figure can stand on"),
    ("a spawn point off the map", None, _changed("at: [1, 5]", "at: [1, 7]"),
     "tile-19b.yaml", "at: [1, 7]", r"spawn 4: \[1, 7\] is off the map \(10 wide, 7 high\)"),
    ("too few starting squares", None, _changed("[[4, 2], [5, 2], [4, 4], [5, 4]]", "[[4, 2], [5, 2], [4, 4]]"),
     "tile-19b.yaml", "hero_start:", "card 'the-onset' is where the heroes start: map.hero_start needs a space for "
                                     "each of up to 4 heroes, has 3"),
    ("a starting square twice", None, _changed("[[4, 2], [5, 2], [4, 4], [5, 4]]", "[[4, 2], [5, 2], [4, 4], [4, 2]]"),
     "tile-19b.yaml", "hero_start:", r"hero_start 4: \[4, 2\] is named twice"),
    ("a spawn the card has is missing", None, _changed("    - {group: barghest, rank: master, at: [0, 6], heroes: 4}\n", ""),
     "tile-19b.yaml", "spawns:", r"card 'the-onset' spawns a barghest master \(4 heroes or more\): this map has no "
                                 r"spawn point for it; add \{group: barghest, rank: master, heroes: 4, at: \[x, y\]\}"),
    ("a spawn the card has not", None, _changed("rank: minion, at: [0, 4], heroes: 3", "rank: minion, at: [0, 4], heroes: 2"),
     "tile-19b.yaml", "at: [0, 4]", r"spawn 3: card 'the-onset' spawns only 1 zombie minion \(2 heroes or more\)"),
    ("a token the card has not", None, _changed("  markers:\n", "  tokens:\n    - {token: lost-soul, at: [8, 6]}\n  markers:\n"),
     "tile-19b.yaml", "token: lost-soul", r"token 1: card 'the-onset' places no lost-soul token \(2 heroes or more\); "
                                          "its tokens: none"),
    ("a rank that is none", None, _changed("rank: master, at: [1, 3]", "rank: boss, at: [1, 3]"),
     "tile-19b.yaml", "rank: boss", "spawn 1, rank: 'boss' is not allowed; expected 'minion' or 'master'"),
    ("a marker an effect names is missing", None, _changed("    gate: [0, 3]", "    gates: [0, 3]"),
     "tile-19b.yaml", "markers:", r"card 'the-onset' names the marker 'gate' \(its overlord step 1, effect 1, "
                                  r"place_monsters\): this map has none \(did you mean 'gates'\?\)"),
    ("figures on an encounter's map", None, TILE + "figures:\n  - {id: a, side: heroes, at: [4, 2]}\n",
     "tile-19b.yaml", "figures:", "an encounter's map has no figures"),
    ("terrain of its own", None, _changed("map:\n", "map:\n  terrain: {bog: {cost: 3}}\n"),
     "tile-19b.yaml", "terrain:", "an encounter's map uses the game's terrain"),
    ("an unknown map character", None, _changed('"..o...o..."', '"..o...x..."'),
     "tile-19b.yaml", '"..o...x..."', "row 3, x=6: unknown map character 'x'"),
]


@pytest.mark.parametrize("what, box, tile, file, line_of, message", REFUSED, ids=[c[0] for c in REFUSED])
def test_validate_says_what_the_groups_map_lacks_at_its_line(tmp_path, what, box, tile, file, line_of, message):
    scenario = _written(tmp_path, box, tile)
    problems, _ = validate_paths([scenario])
    lines = (tmp_path / file).read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if line_of in text)
    assert any(re.match(rf"{re.escape(str(tmp_path / file))}:{line}:\d+: .*{message}", str(p)) for p in problems), \
        "\n".join(map(str, problems))


@pytest.mark.parametrize("tile, message", [
    (_changed("    - {group: zombie, rank: minion, at: [0, 2], heroes: 2}\n", ""), "card 'the-onset' spawns a zombie minion"),
    (_changed("exit: [9, 3]", "exit: [9, 9]"), r"exit: \[9, 9\] is off the map"),
])
def test_no_game_is_set_up_on_a_map_that_lacks_what_its_card_needs(tmp_path, tile, message):
    with pytest.raises(ContentError, match=message):
        load_quest(_written(tmp_path, tile=tile))


def test_play_on_a_broken_map_is_one_line_and_no_game(tmp_path):
    scenario = _written(tmp_path, tile=_changed("    gate: [0, 3]", ""))      # `markers:` left empty
    out = CliRunner().invoke(cli.main, ["play", str(scenario), "--heroes", "tarha,leoric"])
    assert out.exit_code == 1 and isinstance(out.exception, SystemExit), out.output
    assert re.fullmatch(r".*tile-19b\.yaml:24:3: card 'the-onset' names the marker 'gate' [^\n]*\n", out.output), out.output


@pytest.mark.parametrize("text", [
    "game: underworld\nscenario: underworld\nmaps:\n  the-onset: tile-19b.yaml\n",
])
def test_only_a_descent_scenario_takes_maps(tmp_path, text):
    problems, _ = validate_paths([_written(tmp_path, text)])
    assert [p.message for p in problems] == ["unknown top-level key 'maps'; an Underworld scenario file has game, "
                                             "scenario"]


def test_the_shipped_example_is_valid_and_names_the_shipped_quest():
    problems, files = validate_paths([BOX])
    assert problems == [] and files == 9          # it, its map, and the shipped quest's scenario and 6 decks


@pytest.mark.parametrize("old, new, message", [
    ("exit: [9, 3]", "exit: 9,3", r"tile-19b\.yaml:15:9: exit must be \[x, y\], two whole numbers"),
    ("[[4, 2], [5, 2], [4, 4], [5, 4]]", "[[4, 2], [5, 2], [4, 4], [5, 9]]", r":16:40: hero_start 4: \[5, 9\] is off the map"),
    ("{group: zombie, rank: minion, at: [0, 2], heroes: 2}", "{group: zombie, rank: minion}",
     r":19:7: spawn 2 must be a mapping with its space 'at: \[x, y\]'"),
    ("gate: [0, 3]", "gate: [6, 3]", r":25:11: marker 'gate': \[6, 3\] is obstacle, not a space a figure can stand on"),
    ("  markers:\n    gate: [0, 3]", "  markers: [[0, 3]]", r":24:12: 'markers' must be a mapping of names to \[x, y\]"),
])
def test_a_map_file_alone_checks_its_places_are_squares_a_figure_stands_on(old, new, message):
    """What `overlord validate tile-19b.yaml` says without the scenario: each place of the map is a
    square of it that a figure can stand on (what each spawn is, the card decides)."""
    with pytest.raises(ContentError, match=message):
        parse_map(_changed(old, new), "tile-19b.yaml")


# -- played at the table on the group's map ------------------------------------------------------------

def test_the_table_lays_the_groups_map_and_spawns_on_its_squares(tmp_path):
    session, opening = Session.start(str(BOX), ["leoric", "tarha"], 4, tmp_path / "game.db")
    told = "\n".join(opening.lines)
    assert "on your own maps: The Onset (tile-19b.yaml)" in told
    assert "map: yours, drawn in tile-19b.yaml" in told
    # the Encounter Guide's monsters for 2 heroes, each on the group's square (masters first)
    for line in ("spawn zombie-master-1 at 1,3", "spawn zombie-minion-1 at 0,2", "spawn barghest-minion-1 at 2,0",
                 "leoric starts at 4,2", "tarha starts at 5,2"):
        assert line in told
    drawn = session.execute("map").lines
    assert drawn[1:8] == [" 0   cc......", " 1   ........", " 2 b...AB....", " 3 .ao...o...", " 4 ..........",
                          " 5 ...~~.....", " 6 ...~~....."]
    picture = board_drawing(session.match)
    spaces = {s.id: s.kind for s in picture.spaces}
    assert "0,0" not in spaces and spaces["2,3"] == "obstacle" and spaces["3,5"] == "water"     # the group's squares
    assert {p.id: p.spaces for p in picture.pieces}["zombie-master-1"] == ("1,3",)
    session.close()
    resumed, _ = Session.resume(tmp_path / "game.db")
    assert resumed.execute("map").lines[1:8] == drawn[1:8]


@pytest.mark.parametrize("heroes, spawned", [
    (2, {"zombie-master-1": [1, 3], "zombie-minion-1": [0, 2], "barghest-minion-1": [2, 0]}),
    (4, {"zombie-master-1": [1, 3], "barghest-master-1": [0, 6], "zombie-minion-1": [0, 2], "zombie-minion-2": [0, 4],
         "zombie-minion-3": [1, 5], "barghest-minion-1": [2, 0]}),
])
def test_spawns_are_placed_by_hero_count_on_the_groups_spawn_points(quest, heroes, spawned):
    """Spawn and Place: with 2 heroes the spaces marked 2, with 4 those marked 2, 3 and 4."""
    game = GAME.new_match(quest, ["leoric", "tarha", "syndrael", "avric"][:heroes], 1)
    assert {f.id: f.at for f in game.state.monsters()} == spawned


def test_the_overlords_zombie_comes_in_at_the_groups_gate(quest):
    """The Onset's hourglass places a zombie "at gate": the group's marker, [0, 3]."""
    game = GAME.new_match(quest, ["leoric", "tarha"], 1)
    assert marker_at(game, "gate") == [0, 3] and marker_at(game, "exit") == [9, 3]


def test_only_the_named_encounter_changes(quest):
    shipped = load_quest(resolve_scenario("forgotten-souls"))
    ours = {c.id: c for c in shipped.exploration}
    mine = {c.id: c for c in quest.exploration}
    assert [cid for cid in ours if ours[cid] != mine[cid]] == ["the-onset"]
    assert mine["the-onset"].rules == ours["the-onset"].rules and mine["the-onset"].map.rows[0] == "  ........"
    assert quest.scenario == shipped.scenario and quest.maps == {"the-onset": str(EXAMPLE / "tile-19b.yaml")}


# -- headless ------------------------------------------------------------------------------------------

def test_simulate_plays_whole_games_on_the_groups_map(tmp_path):
    out = CliRunner().invoke(cli.main, ["simulate", str(BOX), "--games", "2", "--heroes", "2", "--seed", "3", "--json",
                                        "--log", str(tmp_path)])
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output)
    assert summary["games"] == 2 and summary["wins"] + summary["losses"] == 2 and summary["unfinished"] == 0
    for log in sorted(tmp_path.glob("*.jsonl")):
        events = [json.loads(line) for line in log.read_text().splitlines()]
        spawned = [(e["monster"], e["at"]) for e in events if e.get("event") == "spawn"][:3]
        assert spawned == [("zombie-master-1", [1, 3]), ("zombie-minion-1", [0, 2]), ("barghest-minion-1", [2, 0])]


def test_a_short_soak_on_the_groups_map_finds_no_violation(quest):
    steps, violations = soak(quest, games=2, seed=5, max_rounds=12)
    assert steps > 0 and not violations


def test_the_board_tools_read_the_groups_map_file():
    """The map file is a map file like any (docs/boards.md): `los` and `distance` work on the tile."""
    tile = str(EXAMPLE / "tile-19b.yaml")
    out = CliRunner().invoke(cli.main, ["distance", tile, "--from", "0,3", "--to", "9,3", "--json"])
    assert out.exit_code == 0 and json.loads(out.output) == {"spaces": 9, "mp": 9}
    out = CliRunner().invoke(cli.main, ["los", tile, "--from", "0,3", "--to", "9,3"])
    assert out.exit_code == 0 and out.output.startswith("0,3 does not see 9,3")      # the rubble at 2,3 and 6,3


def test_the_example_that_ships_is_the_one_docs_authoring_draws():
    """docs/authoring.md, "Your own box's map", builds my-box/ step by step: its last map file is
    scenarios/examples/my-box/tile-19b.yaml, its scenario the example's."""
    written = {}
    for block in doc_examples.blocks((ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")):
        if block.file and block.file.startswith("my-box/"):
            written[block.file] = "\n".join(block.lines[1:]) + "\n"
    assert written["my-box/tile-19b.yaml"] == TILE
    assert yaml.safe_load(written["my-box/forgotten-souls.yaml"]) == yaml.safe_load(BOX.read_text(encoding="utf-8"))


def test_our_own_maps_written_as_map_files_play_the_same_game(tmp_path):
    """Every shipped card's map, written out as a group would write its tile, is accepted for its
    card (the checks ask for nothing a card does not need), and the quest played on them is the
    shipped quest's game, event for event."""
    shipped = load_quest(resolve_scenario("forgotten-souls"))
    maps = {}
    for card in shipped.exploration:
        (tmp_path / f"{card.id}.yaml").write_text(yaml.safe_dump({"map": card.map.model_dump(exclude_defaults=True)}))
        maps[card.id] = f"{card.id}.yaml"
    box = tmp_path / "box.yaml"
    box.write_text(yaml.safe_dump({"game": "descent", "scenario": "forgotten-souls", "maps": maps}))
    problems, _ = validate_paths([box])
    assert problems == []
    mine = load_quest(box)
    assert mine.exploration == shipped.exploration and set(mine.maps) == set(maps)
    played = [play(GAME, quest, 7, 3, "heuristic", 15)[0].state.log for quest in (shipped, mine)]
    assert played[0] == played[1]


def test_a_quest_written_out_names_its_maps_too(tmp_path):
    """`maps:` beside a scenario written in full (an author's quest): its card plays on the file."""
    text = (ROOT / "scenarios" / "forgotten-souls.yaml").read_text(encoding="utf-8")
    text = text.replace("../decks/", f"{ROOT / 'decks'}/") + "maps:\n  the-onset: tile-19b.yaml\n"
    (tmp_path / "quest.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "tile-19b.yaml").write_text(TILE, encoding="utf-8")
    quest = load_quest(tmp_path / "quest.yaml")
    assert quest.exploration_card("the-onset").map.markers == {"gate": [0, 3]} and list(quest.maps) == ["the-onset"]
