"""The enemy's policies where a game has more than one (GameRules.enemies, use_enemy):
Heldentaufe's monster boss plays as the planner or as the greedy baseline, and `overlord compare
--enemy` pits them against each other on the same seeds."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import cli
from overlord.games import registry
from overlord.core.enemies import use_enemy
from overlord.core.game import RulesError, match_json
from overlord.sim.play import play


def test_heldentaufe_names_its_two_policies_and_the_match_keeps_the_one_chosen():
    rules, content, _ = registry.open_scenario("heldentaufe")
    assert list(rules.enemies.names) == ["planner", "greedy"]
    match, _ = play(rules, content, 3, 2, "heuristic", 6, enemy="greedy")
    turns = [e for e in match.state.log if e.get("event") == "monster_turn"]
    assert turns and {e["policy"] for e in turns} == {"greedy"}
    again = rules.from_json(content, match_json(match))          # a save keeps it
    assert again.state.monster_policy == "greedy"
    with pytest.raises(RulesError, match="heldentaufe has no enemy policy 'clever'; it has planner, greedy"):
        use_enemy(rules, match, "clever")


def test_compare_the_planner_and_the_greedy_boss():
    out = CliRunner().invoke(cli.main, ["compare", "heldentaufe", "--enemy", "planner", "--enemy", "greedy",
                                        "--games", "4", "--heroes", "2", "--json"])
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output)
    assert summary["a"] == "planner" and summary["b"] == "greedy" and summary["games"] == 4
