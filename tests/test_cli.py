"""The ``overlord`` command: the JSON contracts of ``move``, ``los`` and ``distance`` on the
example map of docs/boards.md (``readme-example``), the pictures for people, and one clear message (never a traceback) for
every bad argument.

The example map (scenarios/maps/readme-example.yaml)::

       012345678
     0 #########
     1 #a..~...#      a = zombie-1 (monsters, speed 3)
     2 #.bb...A#      b = barghest (monsters, speed 4, 2x1)   A = tarha (heroes)
     3 #########
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli

ROOT = Path(__file__).resolve().parent.parent

MAP = "readme-example"
MOVE_KEYS = {"figure", "verb", "target", "target_ties", "performed", "from", "to", "path", "mp", "ties"}


@pytest.fixture
def runner():
    return CliRunner()


def run(runner, *args):
    result = runner.invoke(cli.main, list(args))
    assert "Traceback" not in result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def run_json(runner, *args):
    result = run(runner, *args, "--json")
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output          # one object, nothing else
    return json.loads(lines[0])


# -- maps -----------------------------------------------------------------------------------

def test_maps_lists_the_shipped_example(runner):
    result = run(runner, "maps")
    assert result.exit_code == 0
    listed = dict(line.split() for line in result.output.splitlines())
    assert listed[MAP].endswith("readme-example.yaml") and os.path.isfile(listed[MAP])
    assert {"spotting-example", "engaging-example", "underworld-tiles", "heldentaufe-hexes",
            "village-routes"} <= listed.keys()


@pytest.mark.parametrize("name", ["readme-example", "spotting-example", "engaging-example",
                                  "underworld-tiles", "heldentaufe-hexes", "village-routes"])
def test_every_shipped_map_loads_and_its_documented_command_runs(runner, name):
    """Each shipped map says in a comment which command shows it off; that command works."""
    from overlord.content.paths import shipped_maps
    text = shipped_maps()[name].read_text()
    commands = [line.split("overlord ", 1)[1].split() for line in text.splitlines() if line.startswith("#   overlord ")]
    assert commands or name == "readme-example"
    for args in commands:
        result = run(runner, *args)
        assert result.exit_code == 0, result.output
        assert "performed" in result.output


def test_version(runner):
    result = run(runner, "--version")
    assert result.exit_code == 0 and result.output.startswith("overlord, version ")


# -- move: the JSON contract ----------------------------------------------------------------

def test_move_engage_closest(runner):
    out = run_json(runner, "move", MAP, "--figure", "zombie-1", "--verb", "engage", "--target", "closest")
    assert MOVE_KEYS <= out.keys()
    assert out["figure"] == "zombie-1" and out["verb"] == "engage"
    assert out["target"] == "tarha" and out["target_ties"] == []
    assert out["performed"] is True
    assert out["from"] == [1, 1] and out["to"] == [4, 2]
    assert out["path"] == [[1, 1], [2, 1], [3, 1], [4, 2]]   # cheapest; among equals, upper rows first
    assert out["mp"] == 3 and isinstance(out["mp"], int)
    assert out["ties"] == []


def test_move_target_is_closest_by_default(runner):
    default = run_json(runner, "move", MAP, "--figure", "zombie-1", "--verb", "engage")
    explicit = run_json(runner, "move", MAP, "--figure", "zombie-1", "--verb", "engage", "--target", "closest")
    assert default == explicit


def test_move_large_figure_toward_a_hero(runner):
    out = run_json(runner, "move", MAP, "--figure", "barghest", "--verb", "toward", "--target", "tarha")
    assert MOVE_KEYS <= out.keys()
    assert out["from"] == [2, 2]
    assert out["to"] == [5, 1]                    # top-left of the 2x1 barghest
    assert out["size"] == [2, 1]
    assert out["ties"] == [[5, 2]]                # as close, as cheap: the heroes may choose
    assert out["path"][-1] == [5, 1] and out["mp"] == len(out["path"]) - 1
    assert out["performed"] is True


def test_move_toward_a_space(runner):
    out = run_json(runner, "move", MAP, "--figure", "zombie-1", "--verb", "toward", "--target", "6,1")
    assert out["target"] == "6,1"
    assert out["to"] == [4, 2] and out["mp"] == 3


def test_move_target_space_may_have_spaces(runner):
    out = run_json(runner, "move", MAP, "--figure", "zombie-1", "--verb", "toward", "--target", " 6 , 1 ")
    assert out["target"] == "6,1"


def test_move_speed_overrides_the_figure(runner):
    out = run_json(runner, "move", MAP, "--figure", "zombie-1", "--verb", "toward", "--target", "tarha", "--speed", "1")
    assert out["mp"] == 1 and len(out["path"]) == 2
    still = run_json(runner, "move", MAP, "--figure", "zombie-1", "--verb", "engage", "--speed", "0")
    assert still["performed"] is False and still["to"] == still["from"] == [1, 1] and still["path"] == [[1, 1]]


def test_move_away_from_a_corner_is_not_performed(runner):
    out = run_json(runner, "move", MAP, "--figure", "zombie-1", "--verb", "away", "--target", "furthest")
    assert out["performed"] is False and out["to"] == [1, 1] and out["mp"] == 0


def test_move_spot_when_already_seeing(runner):
    out = run_json(runner, "move", MAP, "--figure", "tarha", "--verb", "spot")
    assert MOVE_KEYS <= out.keys()
    assert out["performed"] is False and out["target"] == "barghest"


def test_move_leave_pit_outside_a_pit(runner):
    out = run_json(runner, "move", MAP, "--figure", "zombie-1", "--verb", "leave-pit", "--exit", "7,1")
    assert MOVE_KEYS <= out.keys()
    assert out["performed"] is False


# -- los and distance: the JSON contracts ---------------------------------------------------

def test_los_json(runner):
    assert run_json(runner, "los", MAP, "--from", "1,1", "--to", "7,2") == {"los": True}
    assert run_json(runner, "los", MAP, "--from", "0,0", "--to", "7,2") == {"los": False}   # a wall sees nothing


def test_los_blocked_by_a_wall(tmp_path, runner):
    path = tmp_path / "pillar.yaml"
    path.write_text('map:\n  rows: ["#####", "#...#", "#.#.#", "#...#", "#####"]\n')
    assert run_json(runner, "los", str(path), "--from", "1,2", "--to", "3,2") == {"los": False}
    assert run_json(runner, "los", str(path), "--from", "1,1", "--to", "3,3") == {"los": True}


def test_distance_json(runner):
    out = run_json(runner, "distance", MAP, "--from", "1,1", "--to", "7,2")
    assert out == {"spaces": 6, "mp": 6}
    assert all(isinstance(v, int) for v in out.values())
    assert run_json(runner, "distance", MAP, "--from", "1,1", "--to", "1,1") == {"spaces": 0, "mp": 0}
    assert run_json(runner, "distance", MAP, "--from", "1,1", "--to", "0,0") == {"spaces": None, "mp": None}


# -- pictures for people --------------------------------------------------------------------

def test_move_human_output_draws_the_map(runner):
    result = run(runner, "move", MAP, "--figure", "zombie-1", "--verb", "engage")
    assert result.exit_code == 0
    out = result.output
    assert "zombie-1" in out and "tarha" in out
    assert "path: 1,1 -> 2,1 -> 3,1 -> 4,2  (3 MP)" in out
    assert "   012345678" in out                     # the ruler
    assert " 0 #########" in out and " 3 #########" in out
    assert " 1 #+**~...#" in out                     # the start of the path, and the path
    assert " 2 #.bba..A#" in out                     # zombie-1 (a) ended at 4,2
    assert "+= start" in out
    assert not out.lstrip().startswith("{")


def test_move_human_output_shows_ties(runner):
    out = run(runner, "move", MAP, "--figure", "barghest", "--verb", "toward", "--target", "tarha").output
    assert "equally good: 5,2" in out
    assert "ends at 5,1 as 2x1" in out
    assert " 1 #a..~bb.#" in out


def test_los_human_output_draws_the_map(runner):
    result = run(runner, "los", MAP, "--from", "1,1", "--to", "7,2")
    assert result.exit_code == 0
    assert result.output.startswith("1,1 sees 7,2")
    assert " 1 #1..~...#" in result.output and " 2 #.bb...2#" in result.output


def test_distance_human_output_draws_the_map(runner):
    result = run(runner, "distance", MAP, "--from", "1,1", "--to", "7,2")
    assert result.exit_code == 0
    assert result.output.startswith("1,1 to 7,2: 6 spaces counted, 6 movement points (monsters)")
    assert " 0 #########" in result.output


# -- other kinds of board: spaces named by id -----------------------------------------------

ROUTES = """\
map:
  kind: routes
  fields: [{id: T1}, {id: T2}, {id: T3}]
  routes: [[T1, T2], [T2, T3]]
figures:
  - {id: orc, side: monsters, at: T1, speed: 2}
  - {id: hero, side: heroes, at: T3}
"""


def test_route_map_spaces_by_id(tmp_path, runner):
    path = tmp_path / "routes.yaml"
    path.write_text(ROUTES)
    out = run_json(runner, "move", str(path), "--figure", "orc", "--verb", "toward", "--target", "T3")
    assert out["target"] == "T3" and out["to"] == "T2" and out["path"] == ["T1", "T2"] and out["mp"] == 1
    assert run_json(runner, "los", str(path), "--from", "T1", "--to", "T2") == {"los": True}
    assert run_json(runner, "los", str(path), "--from", "T1", "--to", "T3") == {"los": False}
    assert run_json(runner, "distance", str(path), "--from", "T1", "--to", "T3") == {"spaces": 2, "mp": 2}
    bad = run(runner, "los", str(path), "--from", "T9", "--to", "T1")
    assert bad.exit_code == 2 and "--from 'T9': no field 'T9'" in bad.output


# -- bad arguments: one clear message, non-zero exit, no traceback --------------------------

BAD_ARGS = [
    ("from-not-a-number", ["los", MAP, "--from", "1,x", "--to", "1,1"], "--from '1,x' is not a coordinate X,Y"),
    ("from-three-numbers", ["los", MAP, "--from", "1,1,1", "--to", "1,1"], "is not a coordinate X,Y"),
    ("from-empty", ["los", MAP, "--from", "", "--to", "1,1"], "is not a coordinate X,Y"),
    ("from-negative", ["los", MAP, "--from", "-1,2", "--to", "1,1"], "--from '-1,2': coordinates start at 0"),
    ("from-off-the-map", ["los", MAP, "--from", "99,99", "--to", "1,1"], "--from 99,99: [99, 99] is off the map (9 wide, 4 high)"),
    ("to-off-the-map", ["distance", MAP, "--from", "1,1", "--to", "9,0"], "--to 9,0: [9, 0] is off the map"),
    ("from-missing", ["los", MAP, "--to", "1,1"], "Missing option '--from'"),
    ("figure-unknown", ["move", MAP, "--figure", "nobody", "--verb", "toward"],
     "--figure 'nobody': no such figure in"),
    ("figure-missing", ["move", MAP, "--verb", "toward"], "Missing option '--figure'"),
    ("verb-unknown", ["move", MAP, "--figure", "zombie-1", "--verb", "towards"], "'towards' is not one of"),
    ("target-a-number", ["move", MAP, "--figure", "zombie-1", "--verb", "toward", "--target", "3"],
     "--target '3': not a figure (tarha, zombie-1, barghest), a space X,Y, or one of closest, furthest"),
    ("target-unknown", ["move", MAP, "--figure", "zombie-1", "--verb", "toward", "--target", "nobody"],
     "--target 'nobody': not a figure"),
    ("target-negative", ["move", MAP, "--figure", "zombie-1", "--verb", "toward", "--target", "-1,2"],
     "--target '-1,2': coordinates start at 0"),
    ("target-malformed", ["move", MAP, "--figure", "zombie-1", "--verb", "toward", "--target", "1,x"],
     "--target '1,x' is not a coordinate X,Y"),
    ("target-off-the-map", ["move", MAP, "--figure", "zombie-1", "--verb", "toward", "--target", "99,0"],
     "--target 99,0: [99, 0] is off the map"),
    ("target-itself", ["move", MAP, "--figure", "zombie-1", "--verb", "toward", "--target", "zombie-1"],
     "zombie-1 cannot target itself"),
    ("speed-negative", ["move", MAP, "--figure", "zombie-1", "--verb", "toward", "--speed", "-1"],
     "Invalid value for '--speed'"),
    ("speed-not-a-number", ["move", MAP, "--figure", "zombie-1", "--verb", "toward", "--speed", "x"],
     "Invalid value for '--speed'"),
    ("exit-malformed", ["move", MAP, "--figure", "zombie-1", "--verb", "leave-pit", "--exit", "1,y"],
     "--exit '1,y' is not a coordinate X,Y"),
    ("exit-off-the-map", ["move", MAP, "--figure", "zombie-1", "--verb", "leave-pit", "--exit", "99,99"],
     "--exit 99,99: [99, 99] is off the map"),
    ("map-name-typo", ["move", "readme-exampel", "--figure", "zombie-1", "--verb", "toward"],
     "readme-exampel: no such file, nor the name of a shipped map (did you mean 'readme-example'?)"),
    ("map-file-missing", ["los", "no/such/map.yaml", "--from", "1,1", "--to", "1,1"], "no/such/map.yaml: no such file"),
    ("unknown-command", ["walk", MAP], "No such command 'walk'"),
]


@pytest.mark.parametrize("name, args, expected", BAD_ARGS, ids=[c[0] for c in BAD_ARGS])
def test_bad_arguments(runner, name, args, expected):
    result = run(runner, *args)
    assert result.exit_code != 0, result.output
    assert expected in result.output, result.output


def test_leave_pit_needs_an_exit(tmp_path, runner):
    path = tmp_path / "pit.yaml"
    path.write_text('map:\n  rows: ["#####", "#p..#", "#####"]\nfigures:\n  - {id: m, side: monsters, at: [1, 1]}\n')
    result = run(runner, "move", str(path), "--figure", "m", "--verb", "leave-pit")
    assert result.exit_code != 0 and "needs the current encounter's exit (--exit X,Y)" in result.output
    out = run_json(runner, "move", str(path), "--figure", "m", "--verb", "leave-pit", "--exit", "3,1")
    assert out["performed"] is True and out["to"] == [2, 1] and out["target"] == "3,1"


def test_a_map_without_figures(tmp_path, runner):
    path = tmp_path / "empty-room.yaml"
    path.write_text('map:\n  rows: ["...."]\n')
    result = run(runner, "move", str(path), "--figure", "a", "--verb", "toward")
    assert result.exit_code != 0 and "(known: none)" in result.output
    assert run_json(runner, "distance", str(path), "--from", "0,0", "--to", "3,0") == {"spaces": 3, "mp": 3}


# -- the installed console script -----------------------------------------------------------

@pytest.mark.skipif(shutil.which("overlord") is None, reason="the overlord console script is not installed")
def test_installed_console_script(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}

    def overlord(*args):
        return subprocess.run(["overlord", *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)

    maps = overlord("maps")
    assert maps.returncode == 0, maps.stderr
    assert MAP in [line.split()[0] for line in maps.stdout.splitlines()]
    moved = overlord("move", MAP, "--figure", "zombie-1", "--verb", "engage", "--target", "closest", "--json")
    assert moved.returncode == 0, moved.stderr
    out = json.loads(moved.stdout)
    assert out["to"] == [4, 2] and out["mp"] == 3 and out["path"] == [[1, 1], [2, 1], [3, 1], [4, 2]]
    picture = overlord("move", MAP, "--figure", "barghest", "--verb", "toward", "--target", "tarha")
    assert picture.returncode == 0 and " 0 #########" in picture.stdout
    bad = overlord("los", MAP, "--from", "1,x", "--to", "1,1")
    assert bad.returncode != 0 and "Traceback" not in bad.stderr and "--from '1,x'" in bad.stderr
    # the shipped decks and scenarios are found inside the installed package too
    valid = overlord("validate")
    shipped = sum(1 for d in ("decks", "scenarios") for _ in (ROOT / d).rglob("*.y*ml"))
    assert valid.returncode == 0 and f"{shipped} files checked: no problems" in valid.stdout, valid.stderr
    deck = overlord("deck", "forgotten-souls", "exploration", "--seed", "1", "--json")
    assert deck.returncode == 0 and json.loads(deck.stdout)["starting"] == "the-onset"


# -- a scenario is always named -------------------------------------------------------------

@pytest.mark.parametrize("command", ["soak", "simulate", "compare", "play"])
def test_a_command_that_plays_names_its_scenario(runner, command):
    """No command plays a scenario of its own choosing (`soak` once defaulted to forgotten-souls,
    a game named by the framework): without SCENARIO it is a usage error (exit 2) that says
    what is missing."""
    out = run(runner, command)
    assert out.exit_code == 2 and "Missing argument 'SCENARIO'" in out.output
