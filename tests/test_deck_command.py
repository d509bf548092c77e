"""`overlord deck SCENARIO DECK --seed N`: the order a deck would be drawn in, as the game with
that seed draws it (Forgotten Souls, "General Setup" and "Assembling the Exploration Deck")."""

import json

import pytest
from click.testing import CliRunner

from cli import main
from test_content_validation import FILES, write


@pytest.fixture
def scenario(tmp_path):
    write(tmp_path, FILES)
    return str(tmp_path / "scenario.yaml")


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("seed", range(12))
def test_exploration_order_follows_the_assembly_rules(scenario, seed):
    """Starting encounter aside; #1 in the top stack (cards 1-4), #2 in the middle (5-8), #3 in
    the bottom stack of three (9-11)."""
    out = json.loads(run("deck", scenario, "exploration", "--seed", str(seed), "--json").output)
    order = out["order"]
    assert out["starting"] == "e0" and "e0" not in order and len(order) == 11
    assert "e1" in order[0:4] and "e2" in order[4:8] and "e3" in order[8:11]
    assert [len(s) for s in out["stacks"]] == [4, 4, 3]
    assert sum(out["stacks"], []) == order


def test_the_same_seed_gives_the_same_order_and_another_seed_another(scenario):
    a = run("deck", scenario, "peril", "--seed", "7", "--json").output
    assert a == run("deck", scenario, "peril", "--seed", "7", "--json").output
    orders = {tuple(json.loads(run("deck", scenario, "exploration", "--seed", str(s), "--json").output)["order"])
              for s in range(8)}
    assert len(orders) > 1


@pytest.mark.parametrize("args, code, words", [
    (["deck", "no-such-scenario", "peril", "--seed", "1"], 1, "no such file, nor the name of a shipped scenario"),
    (["deck", "SCENARIO", "peril", "--seed", "-1"], 2, "--seed"),
    (["deck", "SCENARIO", "perils", "--seed", "1"], 2, "'perils' is not one of"),
    (["deck", "SCENARIO", "peril", "--seed", "1", "--heroes", "5"], 2, "--heroes"),
])
def test_bad_arguments_get_one_clear_line(scenario, args, code, words):
    result = run(*[scenario if a == "SCENARIO" else a for a in args])
    assert result.exit_code == code
    assert words in result.output and "Traceback" not in result.output
