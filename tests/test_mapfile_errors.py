"""Bad map files: every problem is one clear message ``FILE:LINE:COL: message`` (or ``FILE:
message`` where the file has no line to point at) and a non-zero exit, never a traceback.

The table gives each case a name, the YAML text, the line the message must point at and a
substring the message must contain (often the nearest-name suggestion).
"""

from __future__ import annotations

import re
import textwrap

import pytest
from click.testing import CliRunner

import cli
from overlord.content.errors import ContentError
from overlord.content.mapfile import load_map, parse_map

ROOM = """\
map:
  rows:
    - "#######"
    - "#.....#"
    - "#..#..#"
    - "#######"
"""
# a valid file: ROOM (lines 1-6) and two figures (lines 8 and 9)
GOOD = ROOM + """\
figures:
  - {id: tarha, side: heroes, at: [5, 2]}
  - {id: zombie, side: monsters, at: [1, 1], speed: 3}
"""

TILES = """\
map:
  kind: tiles
  tiles:
    - {id: styx, at: [0, 0], exits: "E"}
    - {id: hades, at: [1, 0], exits: "W"}
"""

ROUTES = """\
map:
  kind: routes
  fields:
    - {id: T1}
    - {id: T2}
  routes:
    - [T1, T2]
"""


def fig(*lines: str) -> str:
    """ROOM followed by a figures list of the given flow mappings (the first on line 8)."""
    return ROOM + "figures:\n" + "".join(f"  - {line}\n" for line in lines)


CASES = [
    # -- YAML itself -------------------------------------------------------------------------
    ("yaml-unclosed-flow", "map: {rows: ['...']\nfigures: []\n", 2, "YAML does not parse"),
    ("yaml-tab-indent", "map:\n\trows: ['...']\n", 2, "not tabs"),
    ("yaml-bad-indent", "map:\n  rows: ['...']\n legend: {}\n", 3, "YAML does not parse"),
    ("yaml-unterminated-string", 'map:\n  rows: ["...\n', 3, "YAML does not parse"),
    ("yaml-two-documents", "map: {rows: ['.']}\n---\nmap: {rows: ['.']}\n", 2, "single document"),
    ("yaml-python-tag", "map: !!python/object:os.system {}\n", 1, "could not determine a constructor"),
    ("yaml-nul-character", "map: {rows: ['...']}\n\x00\n", 2, "unacceptable character #x0000"),
    ("yaml-duplicate-key", "map: {rows: ['...']}\nfigures: []\nmap: {rows: ['#']}\n", 3,
     "duplicate key 'map' (first written on line 1)"),
    ("yaml-duplicate-figure-key", fig("{id: a, side: monsters, at: [1, 1], at: [2, 1]}"), 8, "duplicate key 'at'"),
    ("yaml-recursive-alias", ROOM + "figures: &f [*f]\n", 7, "an alias refers to the value that holds it"),
    # -- the top level -----------------------------------------------------------------------
    ("top-level-list", "- map\n- figures\n", 1, "a map file is a mapping with 'map' and 'figures'"),
    ("top-level-scalar", "just words\n", 1, "a map file is a mapping"),
    ("unknown-top-field", GOOD + "figuers: []\n", 10, "unknown field 'figuers' (did you mean 'figures'?)"),
    ("missing-map", "figures: []\n", 1, "missing 'map'"),
    ("map-is-a-list", "map: [1, 2]\n", 1, "'map' must be a mapping"),
    ("rules-not-a-mapping", GOOD + "rules: [1]\n", 10, "'rules' must be a mapping"),
    ("rules-unknown-flag", GOOD + "rules: {figures_block_countin: true}\n", 10,
     "did you mean 'figures_block_counting'?"),
    ("rules-flag-wrong-type", GOOD + "rules: {figures_block_counting: 3}\n", 10, "must be true or false, got 3"),
    # -- the board ---------------------------------------------------------------------------
    ("unknown-map-field", "map:\n  rowz: ['...']\n", 2, "unknown field 'rowz' (did you mean 'rows'?)"),
    ("unknown-map-kind", "map:\n  kind: grud\n  rows: ['...']\n", 2, "unknown map kind 'grud' (did you mean 'grid'?)"),
    ("rows-missing", "map:\n  legend: {}\n", 2, "'rows' must be a non-empty list of strings"),
    ("rows-a-string", "map:\n  rows: '#####'\n", 2, "'rows' must be a non-empty list of strings"),
    ("rows-all-empty", "map:\n  rows: ['', '']\n", 2, "the map has no spaces"),
    ("row-not-a-string", "map:\n  rows:\n    - '...'\n    - 42\n", 4, "row 1 must be a string, got 42"),
    ("unknown-legend-character", ROOM.replace("#..#..#", "#..x..#"), 5,
     "unknown map character 'x'"),
    ("tab-in-a-row", 'map:\n  rows: [".\\t."]\n', 2, "unknown map character '\\t'"),
    ("legend-unknown-terrain", ROOM + '  legend: {"s": sluge}\n', 7,
     "unknown terrain 'sluge' (did you mean 'sludge'?)"),
    ("legend-key-not-a-character", ROOM + '  legend: {"ss": sludge}\n', 7, "legend keys are single characters"),
    ("legend-not-a-mapping", ROOM + "  legend: [sludge]\n", 7, "'legend' must map characters to terrain names"),
    ("terrain-cost-zero", ROOM + "  terrain: {bog: {cost: 0}}\n", 7, "terrain 'bog' cost must be from 1 to 999, got 0"),
    ("terrain-cost-huge", ROOM + "  terrain: {bog: {cost: 10000000000}}\n", 7, "cost must be from 1 to 999"),
    ("terrain-damage-huge", ROOM + "  terrain: {lava: {damage: 10000000000}}\n", 7, "damage must be from 0 to 999"),
    ("terrain-damage-negative", ROOM + "  terrain: {lava: {damage: -1}}\n", 7, "damage must be from 0 to 999, got -1"),
    ("terrain-cost-float", ROOM + "  terrain: {bog: {cost: 1.5}}\n", 7, "cost must be a whole number, got 1.5"),
    ("terrain-flag-string", ROOM + "  terrain: {bog: {pit: 'yes'}}\n", 7, "pit must be true or false, got 'yes'"),
    ("terrain-unknown-field", ROOM + "  terrain: {bog: {cots: 2}}\n", 7, "unknown field 'cots' (did you mean 'cost'?)"),
    ("terrain-not-a-mapping", ROOM + "  terrain: {bog: 3}\n", 7, "terrain 'bog' must be a mapping"),
    ("terrain-a-list", ROOM + "  terrain: [bog]\n", 7, "'terrain' must map names to properties"),
    # -- figures -----------------------------------------------------------------------------
    ("figures-a-dict", ROOM + "figures: {tarha: [1, 1]}\n", 7, "'figures' must be a list, got {'tarha': [1, 1]}"),
    ("figure-a-string", fig("tarha"), 8, "figure 0 must be a mapping with id, side, at"),
    ("figure-unknown-field", fig("{id: a, sid: monsters, at: [1, 1]}"), 8,
     "unknown field 'sid' (did you mean 'side'?)"),
    ("figure-missing-side", fig("{id: a, at: [1, 1]}"), 8, "figure 'a': missing 'side'"),
    ("figure-side-typo", fig("{id: a, side: monster, at: [1, 1]}"), 8, "(did you mean 'monsters'?)"),
    ("figure-missing-id", fig("{side: monsters, at: [1, 1]}"), 8, "'id' must be a non-empty string"),
    ("figure-id-a-list", fig("{id: [a], side: monsters, at: [1, 1]}"), 8, "'id' must be a non-empty string"),
    ("figure-id-a-number", fig("{id: 5, side: monsters, at: [1, 1]}"), 8, "'id' must be a non-empty string"),
    ("figure-id-twice", fig("{id: a, side: monsters, at: [1, 1]}", "{id: a, side: heroes, at: [2, 1]}"), 9,
     "figure id 'a' is used twice"),
    ("figure-id-reserved", fig("{id: closest, side: monsters, at: [1, 1]}"), 8, "figure id 'closest' is reserved"),
    ("figure-missing-at", fig("{id: a, side: monsters}"), 8, "figure 'a': missing 'at'"),
    ("figure-at-letters", fig('{id: a, side: monsters, at: "a,b"}'), 8, "'at' must be [x, y], two whole numbers"),
    ("figure-at-string", fig('{id: a, side: monsters, at: "1,1"}'), 8, "'at' must be [x, y]"),
    ("figure-at-float", fig("{id: a, side: monsters, at: [1.5, 1]}"), 8, "got [1.5, 1]"),
    ("figure-at-bool", fig("{id: a, side: monsters, at: [true, 1]}"), 8, "got [True, 1]"),
    ("figure-at-three-numbers", fig("{id: a, side: monsters, at: [1, 1, 1]}"), 8, "'at' must be [x, y]"),
    ("figure-at-null", fig("{id: a, side: monsters, at: null}"), 8, "got None"),
    ("figure-off-the-map", fig("{id: a, side: monsters, at: [99, 99]}"), 8, "[99, 99] is off the map (7 wide, 4 high)"),
    ("figure-negative-at", fig("{id: a, side: monsters, at: [-1, 1]}"), 8, "[-1, 1] is off the map"),
    ("figure-on-a-wall", fig("{id: a, side: monsters, at: [3, 2]}"), 8, "figure 'a' stands on wall at [3, 2]"),
    ("figure-on-nothing", "map:\n  rows: ['.. .']\nfigures:\n  - {id: a, side: monsters, at: [2, 0]}\n", 4,
     "stands on nothing at [2, 0]"),
    ("two-figures-one-space", fig("{id: a, side: monsters, at: [1, 1]}", "{id: b, side: heroes, at: [1, 1]}"), 9,
     "figures 'a' and 'b' share the space [1, 1]"),
    ("large-figure-on-a-wall", fig("{id: big, side: monsters, at: [2, 1], size: [2, 2]}"), 8,
     "figure 'big' stands on wall at [3, 2]"),
    ("large-figure-on-the-edge-wall", fig("{id: big, side: monsters, at: [4, 2], size: [3, 1]}"), 8,
     "figure 'big' stands on wall at [6, 2]"),
    ("large-figure-past-the-map", fig("{id: big, side: monsters, at: [5, 3], size: [3, 2]}"), 8,
     "does not fit on the map"),
    ("large-figure-on-a-figure", fig("{id: a, side: heroes, at: [2, 1]}", "{id: big, side: monsters, at: [1, 1], size: [2, 1]}"),
     9, "figures 'a' and 'big' share the space [2, 1]"),
    ("size-zero", fig("{id: a, side: monsters, at: [1, 1], size: [0, 1]}"), 8,
     "size must be [w, h], whole numbers from 1 to 4, got [0, 1]"),
    ("size-a-number", fig("{id: a, side: monsters, at: [1, 1], size: 2}"), 8, "size must be [w, h]"),
    ("speed-a-string", fig("{id: a, side: monsters, at: [1, 1], speed: '3'}"), 8, "speed must be a whole number, got '3'"),
    ("speed-negative", fig("{id: a, side: monsters, at: [1, 1], speed: -1}"), 8, "speed must be from 0 to 99, got -1"),
    ("speed-bool", fig("{id: a, side: monsters, at: [1, 1], speed: true}"), 8, "speed must be a whole number, got True"),
    # -- other kinds of board -----------------------------------------------------------------
    ("hex-large-figure", "map:\n  kind: hex\n  rows: ['....', '....']\nfigures:\n"
     "  - {id: big, side: monsters, at: [0, 0], size: [2, 1]}\n", 5,
     "figures larger than one space exist only on maps of kind grid"),
    ("hex-at-string", "map:\n  kind: hex\n  rows: ['....']\nfigures:\n  - {id: a, side: monsters, at: '1,0'}\n", 5,
     "'at' must be [x, y]"),
    ("tiles-unknown-terrain", TILES + "    - {id: lethe, at: [2, 0], terrain: lavaa}\n", 6,
     "tile 'lethe': unknown terrain 'lavaa' (did you mean 'lava'?)"),
    ("tiles-terrain-a-list", TILES + "    - {id: lethe, at: [2, 0], terrain: [floor]}\n", 6, "unknown terrain ['floor']"),
    ("tiles-unknown-field", TILES + "    - {id: lethe, at: [2, 0], exit: N}\n", 6,
     "unknown field 'exit' (did you mean 'exits'?)"),
    ("tiles-same-place", TILES + "    - {id: lethe, at: [1, 0]}\n", 6, "tiles 'hades' and 'lethe' both lie at [1, 0]"),
    ("tiles-bad-exits", TILES + "    - {id: lethe, at: [2, 0], exits: WX}\n", 6, "exits must be letters from 'NESW'"),
    ("tiles-bad-at", TILES + "    - {id: lethe, at: [2, x]}\n", 6, "'at' must be a tile position [col, row]"),
    ("tiles-empty", "map:\n  kind: tiles\n  tiles: []\n", 3, "a tile map needs at least one tile"),
    ("tiles-figure-on-unknown-tile", TILES + "figures:\n  - {id: a, side: monsters, at: stix}\n", 7,
     "no tile 'stix' on this board (did you mean 'styx'?)"),
    ("routes-unknown-field-end", ROUTES + "    - [T2, T9]\n", 8, "route 2 ['T2', 'T9']: no field 'T9'"),
    ("routes-field-twice", ROUTES.replace("{id: T2}", "{id: T1}"), 5, "field id 'T1' is used twice"),
    ("routes-field-without-id", ROUTES.replace("{id: T2}", "{idd: T2}"), 5, "unknown field 'idd' (did you mean 'id'?)"),
    ("routes-field-unknown-terrain", ROUTES.replace("{id: T2}", "{id: T2, terrain: {x: 1}}"), 5, "unknown terrain {'x': 1}"),
    ("routes-not-a-list", "map:\n  kind: routes\n  fields: [{id: T1}]\n  routes: T1-T2\n", 4, "'routes' must be a list"),
    ("routes-loop", ROUTES + "    - [T2, T2]\n", 8, "a route must join two different fields"),
]


@pytest.fixture
def runner():
    return CliRunner()


def _write(tmp_path, text: str, name: str = "bad.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _check_failure(result, path, line):
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    where = f"{path}:{line}:" if line is not None else f"{path}:"
    assert where in result.output, result.output


def test_the_good_file_loads(tmp_path, runner):
    path = _write(tmp_path, GOOD)
    mf = load_map(path)
    assert list(mf.scene.figures) == ["tarha", "zombie"]
    result = runner.invoke(cli.main, ["los", str(path), "--from", "1,1", "--to", "5,2", "--json"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("name, text, line, expected", CASES, ids=[c[0] for c in CASES])
def test_bad_map_file(tmp_path, runner, name, text, line, expected):
    path = _write(tmp_path, text)
    result = runner.invoke(cli.main, ["los", str(path), "--from", "1,1", "--to", "2,1", "--json"])
    _check_failure(result, path, line)
    assert expected in result.output, result.output
    # every line of the report is FILE:LINE:COL: message, and the expected one is on the given line
    for report in result.output.strip().splitlines():
        assert re.match(rf"^(overlord: )?{re.escape(str(path))}:\d+:\d+: \S", report), report
    with pytest.raises(ContentError) as info:
        load_map(path)
    assert any(p.line == line and expected in p.message for p in info.value.problems), info.value.problems


@pytest.mark.parametrize("name, text, line, expected", CASES, ids=[c[0] for c in CASES])
def test_bad_map_file_through_move(tmp_path, runner, name, text, line, expected):
    """The same message whichever command reads the map."""
    path = _write(tmp_path, text)
    result = runner.invoke(cli.main, ["move", str(path), "--figure", "a", "--verb", "toward", "--json"])
    _check_failure(result, path, line)
    assert expected in result.output


def test_several_problems_are_all_reported(tmp_path, runner):
    text = fig("{id: a, sid: monsters, at: [1, 1]}", "{id: b, side: heroes, at: [1, 1], speed: -2}")
    path = _write(tmp_path, text)
    result = runner.invoke(cli.main, ["los", str(path), "--from", "1,1", "--to", "2,1"])
    _check_failure(result, path, 8)
    assert f"{path}:8:18: figure 'a': unknown field 'sid' (did you mean 'side'?)" in result.output
    assert f"{path}:9:" in result.output and "speed must be from 0 to 99, got -2" in result.output


def test_column_of_an_unknown_map_character():
    text = "map:\n  rows:\n    - '#####'\n    - '#..x#'\n"
    with pytest.raises(ContentError) as info:
        parse_map(text, "m.yaml")
    (problem,) = info.value.problems
    assert (problem.line, problem.col) == (4, 11)      # the quote is column 7, 'x' the fourth character
    assert str(problem).startswith("m.yaml:4:11: row 1, x=3: unknown map character 'x'")


def test_column_of_an_unknown_map_character_in_a_plain_string():
    with pytest.raises(ContentError) as info:
        parse_map("map:\n  rows:\n    - ...\n    - ..x\n", "m.yaml")
    assert str(info.value).startswith("m.yaml:4:9: row 1, x=2: unknown map character 'x'")


# -- files that cannot be read as a map ---------------------------------------------------------

def test_missing_file(tmp_path, runner):
    path = tmp_path / "nowhere.yaml"
    result = runner.invoke(cli.main, ["los", str(path), "--from", "1,1", "--to", "1,1"])
    _check_failure(result, path, None)
    assert "no such file" in result.output


def test_a_directory(tmp_path, runner):
    result = runner.invoke(cli.main, ["move", str(tmp_path), "--figure", "a", "--verb", "toward"])
    _check_failure(result, tmp_path, None)
    assert "is a directory" in result.output


def test_not_utf8(tmp_path, runner):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("map:\n  rows: ['caf\u00e9']\n".encode("latin-1"))
    result = runner.invoke(cli.main, ["distance", str(path), "--from", "1,1", "--to", "1,1"])
    _check_failure(result, path, 2)
    assert "not UTF-8 text" in result.output


def test_utf16_file(tmp_path, runner):
    path = tmp_path / "utf16.yaml"
    path.write_bytes(GOOD.encode("utf-16"))
    result = runner.invoke(cli.main, ["los", str(path), "--from", "1,1", "--to", "1,1"])
    _check_failure(result, path, 1)
    assert "not UTF-8 text" in result.output


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "---\n"], ids=["empty", "blank", "comment", "marker"])
def test_empty_file(tmp_path, runner, text):
    path = _write(tmp_path, text)
    result = runner.invoke(cli.main, ["los", str(path), "--from", "1,1", "--to", "1,1"])
    _check_failure(result, path, None)
    assert "the file is empty" in result.output


def test_nested_too_deeply(tmp_path, runner):
    path = _write(tmp_path, "map: " + "[" * 5000 + "]" * 5000 + "\n")
    result = runner.invoke(cli.main, ["los", str(path), "--from", "1,1", "--to", "1,1"])
    _check_failure(result, path, None)
    assert "nests too deeply" in result.output


def test_utf8_with_bom_and_crlf_loads(tmp_path):
    path = tmp_path / "windows.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode("utf-8"))
    assert list(load_map(path).scene.figures) == ["tarha", "zombie"]


def test_crlf_lines_are_counted_once(tmp_path):
    path = tmp_path / "windows.yaml"
    path.write_bytes(fig("{id: a, side: monsters, at: [0, 0]}").replace("\n", "\r\n").encode("utf-8"))
    with pytest.raises(ContentError) as info:
        load_map(path)
    assert [p.line for p in info.value.problems] == [8]


def test_parse_map_names_its_file():
    with pytest.raises(ContentError) as info:
        parse_map(textwrap.dedent("""\
            map:
              rows: ['..']
            figures:
              - {id: a, side: monsters, at: [5, 0]}
            """), "inline.yaml")
    assert str(info.value) == "inline.yaml:4:33: figure 'a': [5, 0] is off the map (2 wide, 1 high)"


# -- the JSON Schema of map files (issue 16): editors check what Overlord checks -------------------

def _map_validator():
    import jsonschema
    from overlord.content.validate import json_schema
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator({**schema, "oneOf": [{"$ref": "#/$defs/MapFile"}]})


def test_every_shipped_map_is_valid_against_the_schema():
    import yaml
    from overlord.content.paths import shipped_maps
    validator = _map_validator()
    for name, path in shipped_maps().items():
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text())))
        assert not errors, f"{name}: {errors[0].message}"


@pytest.mark.parametrize("text", [
    GOOD.replace("figures:", "figurs:"),                                  # an unknown top-level key
    GOOD + "rules: {figures_block_countin: true}\n",                       # a misspelt flag
    GOOD.replace("side: heroes", "side: hero"),                            # not a side
    GOOD.replace("map:\n", "map:\n  kind: hexes\n"),                       # not a kind
])
def test_the_schema_refuses_what_validate_refuses(tmp_path, text):
    import yaml
    path = tmp_path / "m.yaml"
    path.write_text(text)
    with pytest.raises(ContentError):
        load_map(path)
    assert list(_map_validator().iter_errors(yaml.safe_load(text)))
