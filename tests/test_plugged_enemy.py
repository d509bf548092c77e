"""An enemy policy of the user's own (issue 15: "A user plugs in a bot or an enemy policy of
their own as `module:function` or through a Python entry point group"). Heldentaufe's monster boss
spends 4 action points a turn ("The Monsters Take Their Turn"); a plugged-in policy picks each step
from the steps the players commanding the monsters may take (``boss.options``), with a generator
drawn from the game's, so a seed still replays its game."""

from __future__ import annotations

import json
import sys
import textwrap

import pytest
from click.testing import CliRunner

import cli
from overlord.core.enemies import use_enemy
from overlord.core.game import RulesError, match_json
from overlord.games import registry
from overlord.sim.play import bot_of, play

BOSSES = textwrap.dedent('''
    def charge(match, steps, rng):
        """Attack whenever a monster can; otherwise a random step."""
        attacks = [s for s in steps if s["do"] == "attack"]
        return attacks[0] if attacks else steps[int(rng.integers(len(steps)))]

    def cheat(match, steps, rng):
        return {"do": "teleport"}

    def first(match, actions, rng):
        return actions[0]
''')

ENTRY_POINTS = """[overlord.enemies]
charger = mybosses:charge

[overlord.bots]
firstborn = mybosses:first
"""


@pytest.fixture
def mybosses(tmp_path, monkeypatch):
    (tmp_path / "mybosses.py").write_text(BOSSES)
    dist = tmp_path / "mybosses-0.1.dist-info"                 # an installed package's entry points
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mybosses\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(ENTRY_POINTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "mybosses", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _turns(rules, match):
    return [e for e in match.state.log if e.get("event") == "monster_turn"]


@pytest.mark.parametrize("policy", ["mybosses:charge", "charger"])      # module:function, entry point
def test_a_plugged_in_boss_plays_the_monsters_and_a_seed_replays_it(mybosses, policy):
    rules, content, _ = registry.open_scenario("heldentaufe")
    match, _ = play(rules, content, 5, 2, "heuristic", 12, enemy=policy)
    turns = _turns(rules, match)
    assert turns and {e["policy"] for e in turns} == {policy}
    steps = [e for e in match.state.log if e.get("event") in ("monster_move", "fight")]
    assert steps, "the plugged-in boss moved or attacked"
    again, _ = play(rules, content, 5, 2, "heuristic", 12, enemy=policy)
    assert match_json(again) == match_json(match)             # the same game, byte for byte
    assert rules.from_json(content, match_json(match)).state.monster_policy == policy   # a save keeps it


def test_a_plugged_in_boss_differs_from_the_planner(mybosses):
    rules, content, _ = registry.open_scenario("heldentaufe")
    planned, _ = play(rules, content, 5, 2, "heuristic", 12, enemy="planner")
    charged, _ = play(rules, content, 5, 2, "heuristic", 12, enemy="mybosses:charge")
    assert match_json(planned) != match_json(charged)


def test_a_step_that_is_none_of_the_monsters_is_refused(mybosses):
    rules, content, _ = registry.open_scenario("heldentaufe")
    with pytest.raises(RulesError, match=r"enemy policy 'mybosses:cheat' chose \{'do': 'teleport'\}, which is none "
                                         r"of the monsters' \d+ steps"):
        play(rules, content, 5, 2, "heuristic", 12, enemy="mybosses:cheat")


def test_compare_a_plugged_in_boss_with_the_planner(mybosses):
    out = CliRunner().invoke(cli.main, ["compare", "heldentaufe", "--enemy", "planner", "--enemy", "mybosses:charge",
                                        "--games", "4", "--heroes", "2", "--json"])
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output)
    assert summary["a"] == "planner" and summary["b"] == "mybosses:charge" and summary["games"] == 4


def test_a_plugged_in_bot_by_its_entry_point_name(mybosses):
    rules, _, _ = registry.open_scenario("heldentaufe")
    assert bot_of(rules, "firstborn").__name__ == "first"
    out = CliRunner().invoke(cli.main, ["simulate", "heldentaufe", "--bot", "firstborn", "--games", "2", "--heroes", "2",
                                        "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["bots"] == {"firstborn": 2}


@pytest.mark.parametrize("args, message", [
    (["heldentaufe", "--enemy", "planner", "--enemy", "nosuch:thing"],
     "--enemy: enemy policy 'nosuch:thing': cannot load it (No module named 'nosuch')"),
    (["heldentaufe", "--enemy", "planner", "--enemy", "clever"],
     "--enemy: heldentaufe has no enemy policy 'clever'; it has planner, greedy, a plugged-in one"),
    (["forgotten-souls", "--enemy", "cards", "--enemy", "mybosses:charge"],
     "--enemy: descent has no enemy policy 'cards'; it has one only"),
])
def test_an_enemy_policy_that_cannot_play_is_one_line(mybosses, args, message):
    out = CliRunner().invoke(cli.main, ["compare", *args, "--games", "2", "--heroes", "2"])
    assert out.exit_code == 2 and message in out.output, out.output
    assert "Traceback" not in out.output


def test_a_game_whose_enemy_follows_its_cards_takes_no_plugged_in_policy(mybosses):
    rules, content, _ = registry.open_scenario("forgotten-souls")
    match = rules.new_match(content, ["leoric", "tarha"], 1)
    with pytest.raises(RulesError, match="descent has no enemy policy 'mybosses:charge'; it has one only"):
        use_enemy(rules, match, "mybosses:charge")
