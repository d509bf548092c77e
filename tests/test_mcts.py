"""The MCTS hero bot (overlord/sim/mcts.py) and what the games give it: determinised worlds that
keep what the heroes see and deal again what they cannot, and an evaluation of a position. The
comparisons of MCTS against the heuristic bot are a bench (bench/mcts_bench.py, figures in
docs/testing-the-ai.md); here only small games. That neither the search nor the heuristic bot reads
what the heroes cannot see is tests/test_no_peek.py (a twin dealt again at every decision of whole
games)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from overlord.core.state import to_json
from overlord.games import registry
from overlord.sim import mcts
from overlord.sim.play import bot_of, play, play_game, players_rng
from tinygame.game import GAME as TINY
from cli_helpers import run
from overlord.core.game import match_json

SHIPPED = ["forgotten-souls", "underworld", "heldentaufe", "dragon"]
TINY_SCENARIO = str(Path(__file__).resolve().parent / "tinygame" / "content" / "gauntlet.yaml")


def midgame(scenario: str, steps: int = 40, seed: int = 3):
    """A match after ``steps`` steps of the heuristic bot (enemy phases included)."""
    rules, content, _ = registry.open_scenario(scenario)
    match = rules.new_match(content, rules.party(content, 2, seed), seed)
    players = players_rng(seed)
    bot = rules.bots["heuristic"]
    for _ in range(steps):
        if rules.outcome(match) is not None:
            break
        if rules.to_act(match) is None:
            rules.enemy_phase(match, players)
        else:
            rules.apply(match, bot(match, rules.legal_actions(match), players), players)
    return rules, match


@pytest.mark.parametrize("text, budget", [("200", mcts.Budget(simulations=200)), ("50ms", mcts.Budget(ms=50.0)),
                                          (None, mcts.Budget(simulations=64)), (" 8 ", mcts.Budget(simulations=8))])
def test_a_budget_is_simulations_or_milliseconds(text, budget):
    assert mcts.parse_budget(text) == budget


@pytest.mark.parametrize("text", ["0", "-5", "fast", "5s", "ms"])
def test_a_bad_budget_is_refused(text):
    with pytest.raises(mcts.BudgetError, match="is not a budget: N simulations a decision"):
        mcts.parse_budget(text)


def test_budget_on_the_command_line_is_one_line():
    out = run("simulate", "heldentaufe", "--bot", "mcts", "--budget", "lots", "--games", "1")
    assert out.exit_code == 2 and "--budget 'lots' is not a budget" in out.output
    out = run("simulate", "heldentaufe", "--bot", "heuristic", "--budget", "8", "--games", "1")
    assert out.exit_code == 2 and "--budget is the search bot's (mcts); no --bot here searches" in out.output


@pytest.mark.parametrize("scenario", SHIPPED)
def test_a_determinised_world_keeps_what_the_heroes_see(scenario):
    """Information-set search: every world agrees with the match on the heroes' legal actions and
    on what is face up; the hidden piles hold the same cards, dealt again; the generator differs."""
    rules, match = midgame(scenario)
    before = to_json(match.state)
    worlds = [rules.search.determinize(rules, match, np.random.default_rng(s)) for s in (1, 2)]
    assert to_json(match.state) == before                   # the match itself is untouched
    legal = [json.dumps(a, sort_keys=True) for a in rules.legal_actions(match)]
    for world in worlds:
        assert [json.dumps(a, sort_keys=True) for a in rules.legal_actions(world)] == legal
        assert rules.to_act(world) == rules.to_act(match) and world.state.round == match.state.round
        assert world.state.rng != match.state.rng
    assert to_json(worlds[0].state) != to_json(worlds[1].state)


def _hidden(scenario: str, state) -> list[list[str]]:
    """The piles a determinisation deals again, as multisets."""
    if scenario == "forgotten-souls":
        return [sorted(state.exploration.draw), sorted(state.activation.draw), sorted(state.peril.draw)]
    if scenario == "underworld":
        down = [c for t in state.map.placed for c in t.markers if c not in state.revealed]
        return [sorted(down + state.adventure), sorted(state.treasure), sorted(t for s in state.map.stacks for t in s)]
    if scenario == "heldentaufe":
        return [sorted(state.tiles.draw), sorted(state.missions.draw), sorted(state.dangers.values())]
    return [sorted(state.down), sorted(state.bag), sorted(state.market)]


@pytest.mark.parametrize("scenario", SHIPPED)
def test_a_determinised_world_holds_the_same_hidden_things(scenario):
    rules, match = midgame(scenario)
    world = rules.search.determinize(rules, match, np.random.default_rng(7))
    assert _hidden(scenario, world.state) == _hidden(scenario, match.state)


@pytest.mark.parametrize("scenario", SHIPPED)
def test_the_evaluation_is_a_chance_and_an_ended_game_is_certain(scenario):
    rules, match = midgame(scenario)
    features = rules.search.features(match)
    assert features and all(-0.01 <= v <= 1.5 for v in features.values()), features
    assert set(rules.search.weights) - {"bias"} <= set(features)        # every weight weighs a feature
    assert 0.0 < rules.search.evaluate(rules, match) < 1.0


def test_where_the_search_keeps_the_heuristics_choice_the_game_is_the_heuristics():
    """The heuristic's choice is made with the players' generator as the heuristic bot makes it,
    and the search draws nothing from it: a search that never moves off the heuristic's choice
    plays the heuristic bot's game, byte for byte (so a paired comparison sees only what the
    search changed)."""
    rules, content, _ = registry.open_scenario("heldentaufe")
    heuristic, _ = play(rules, content, 5, 2, "heuristic", 6)
    bot = mcts.mcts_bot(rules, 2, margin=2.0)                         # no gain is ever enough
    searched, _ = play(rules, content, 5, 2, "mcts", 6, chooser=bot)
    assert bot.stats.decisions > 10 and bot.stats.deviations == 0
    assert match_json(searched) == match_json(heuristic)


@pytest.fixture
def tiny(monkeypatch):
    monkeypatch.setenv(registry.ENVIRONMENT, "tinygame.game:GAME")
    registry.register(TINY)


def test_mcts_runs_through_simulate_and_compare_and_reports_its_speed(tiny):
    out = json.loads(run("simulate", TINY_SCENARIO, "--bot", "mcts", "--budget", "8", "--games", "4",
                         "--heroes", "2", "--json").output)
    assert out["games"] == 4 and out["bots"] == {"mcts": 4}
    search = out["search"]
    assert search["budget"] == "8" and search["decisions"] > 0 and search["decisions_per_second"] > 0
    assert search["simulations"] == 8 * search["decisions"]
    text = run("compare", TINY_SCENARIO, "--bot", "heuristic", "--bot", "mcts", "--budget", "8", "--games", "4",
               "--heroes", "2").output
    assert "4 paired games: heuristic against mcts" in text
    assert "search     mcts: budget 8 a decision" in text and "decisions a CPU second" in text


def test_a_budget_in_simulations_replays_exactly(tiny):
    rules, content, _ = registry.open_scenario(TINY_SCENARIO)
    a = play_game(rules, content, 9, 2, "mcts", 20, budget="6")
    b = play_game(rules, content, 9, 2, "mcts", 20, budget="6")
    for r in (a, b):
        r.pop("cpu_seconds"), r["search"].pop("seconds")
    assert a == b


def test_the_bot_needs_a_heuristic_to_roll_out_with():
    class NoHeuristic:
        name, bots = "none", {"random": None}
    with pytest.raises(ValueError, match="has no heuristic bot to roll out with"):
        mcts.MCTS(NoHeuristic(), mcts.Budget(simulations=1))
    assert isinstance(bot_of(TINY, "mcts", "4"), mcts.MCTS)


def test_a_heuristic_choice_refined_beyond_the_listed_actions_is_searched_too():
    """Found by bench/mcts_bench.py on the Underworld alone: its heuristic bot fights "with" the
    cubes it spends (the solitaire rule), an action the legal list holds only without them; the
    search took its key for a listed action and failed (KeyError) at the first such fight."""
    rules, content, _ = registry.open_scenario("underworld")
    match = rules.new_match(content, rules.party(content, 1, 2024), 2024)
    players = players_rng(2024)
    bot, heuristic = mcts.mcts_bot(rules, 4), rules.bots["heuristic"]
    for _ in range(400):
        if rules.to_act(match) is None:
            rules.enemy_phase(match, players)
            continue
        legal = rules.legal_actions(match)
        if "with" in heuristic(match, legal, np.random.default_rng(0)):
            break
        rules.apply(match, heuristic(match, legal, players), players)
    else:
        pytest.fail("no refined fight in 400 steps")
    assert mcts.key_of(heuristic(match, legal, np.random.default_rng(0))) not in {mcts.key_of(a) for a in legal}
    chosen = bot(match, legal, np.random.default_rng(0))
    assert chosen["do"] == "fight" and bot.stats.decisions == 1 and bot.stats.unplayable == 0


def _every_party():
    for scenario in SHIPPED:
        rules, content, _ = registry.open_scenario(scenario)
        for heroes in rules.info(content).hero_counts:
            yield scenario, heroes


@pytest.mark.parametrize("scenario, heroes", list(_every_party()))
def test_the_search_plays_every_shipped_scenario_at_every_party_size(scenario, heroes):
    """The first rounds of a search game of each shipped scenario at each hero count it allows
    (the Underworld alone failed where the benches at 2 heroes never looked)."""
    rules, content, _ = registry.open_scenario(scenario)
    record = play_game(rules, content, 2024, heroes, "mcts", 4, budget="2")
    assert record["search"]["decisions"] > 0 and record["search"]["unplayable"] == 0
    assert record["rounds"] >= 1


@pytest.mark.parametrize("scenario, heroes, rounds", [
    ("forgotten-souls", 2, 3),         # Descent: an objective done, a door opened show later
    ("underworld", 1, 3),              # the solitaire: the bench's 600 paired games (docs/testing-the-ai.md)
    ("underworld", 2, 1),
    ("heldentaufe", 1, 1),
    ("dragon", 2, 1),
])
def test_rollouts_play_the_rounds_the_bench_measured_for_the_hero_count(scenario, heroes, rounds):
    rules, content, _ = registry.open_scenario(scenario)
    match = rules.new_match(content, rules.party(content, heroes, 1), 1)
    assert mcts.mcts_bot(rules, 4).horizon_for(match) == rounds
    assert mcts.mcts_bot(rules, 4, horizon=2).horizon_for(match) == 2      # the bot's own, if given


def test_a_lone_heros_underworld_rollouts_stop_three_rounds_on():
    """The horizon read for the hero count is the one the rollouts stop at."""
    rules, content, _ = registry.open_scenario("underworld")
    match = rules.new_match(content, rules.party(content, 1, 2), 2)
    players, heuristic = players_rng(2), rules.bots["heuristic"]
    while rules.to_act(match) is None or len(rules.legal_actions(match)) < 2:
        if rules.to_act(match) is None:
            rules.enemy_phase(match, players)
        else:
            rules.apply(match, heuristic(match, rules.legal_actions(match), players), players)
    bot = mcts.mcts_bot(rules, 2)
    bot(match, rules.legal_actions(match), players_rng(7))
    assert bot.stats.simulations == 2 and bot._stop_round == match.state.round + 3
