"""The search bot's switching plans (overlord/sim/mcts.py, "Switching plans"): where a game's other
plans (its search model's ``policies``: ``overlord.core.search``) choose differently from its heuristic, each is played to
the game's end in the same worlds and the bot follows the one that won clearly more. On the shipped
Dragon: the heuristic's plan with a higher readiness bar (docs/dragon.md: a hero goes to the lair
when his chance to slay the Dragon reaches the bar). The figures are a bench
(bench/mcts_bench.py, docs/testing-the-ai.md)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from overlord.games import registry
from overlord.games.dragon import bots, moves
from overlord.sim import mcts
from overlord.sim.play import play, players_rng
from overlord.sim.stats import budget, departures
from overlord.core.game import match_json


def daring_moment(seed: int = 5000):
    """The Dragon alone (seed 5000): the first decision where the shipped bar sends the hero
    towards the lair and the plan of bar 0.85 does not (round 41 of the heuristic's game)."""
    rules, content, _ = registry.open_scenario("dragon")
    match = rules.new_match(content, rules.party(content, 1, seed), seed)
    players = players_rng(seed)
    plans = list(rules.search.policies.values())
    for _ in range(20000):
        if rules.outcome(match) is not None:
            break
        if rules.to_act(match) is None:
            rules.enemy_phase(match, players)
            continue
        legal = rules.legal_actions(match)
        picks = [mcts.key_of(plan(match, legal, np.random.default_rng(0))) for plan in plans]
        if picks[0] != picks[-1]:
            return rules, match, legal
        rules.apply(match, plans[0](match, legal, players), players)
    pytest.fail(f"the plans never disagree in the game of seed {seed}")


@pytest.fixture(scope="module")
def moment():
    return daring_moment()


def test_the_dragons_plans_are_its_heuristic_and_higher_readiness_bars():
    rules, _, _ = registry.open_scenario("dragon")
    plans = rules.search.policies
    assert list(plans) == ["ready 0.55", "ready 0.7", "ready 0.85"]
    assert plans["ready 0.55"] is rules.bots["heuristic"]


def test_a_plan_with_the_shipped_bar_plays_the_heuristics_game():
    """The bar is the plan's only difference: at the shipped bar it is the heuristic, byte for byte."""
    rules, content, _ = registry.open_scenario("dragon")
    heuristic, _ = play(rules, content, 5000, 1, "heuristic", 45)
    same, _ = play(rules, content, 5000, 1, "heuristic", 45, chooser=bots.heuristic_daring_at(bots.READY))
    assert match_json(same) == match_json(heuristic)


def test_the_plans_disagree_where_the_chance_to_slay_lies_between_their_bars(moment):
    """docs/dragon.md: the plan's field is the Mouth of the Cave "when the chance to slay the
    Dragon reaches the readiness bar"; between two bars, one plan goes and the other prepares."""
    rules, match, _ = moment
    s, c = match.state, match.content
    shipped, choosy = bots.Planner(s, c), bots.Planner(s, c, 0.85)
    assert shipped.bar() <= shipped.odds_ready() < choosy.bar()
    assert shipped.ready() and not choosy.ready()
    rope = moves.has_effect(shipped.ctx, shipped.hero, "rope")
    cave = c.board.with_feature("rope_point" if rope else "cave_mouth")[0]
    assert shipped.target() == cave != choosy.target()


def scripted(wins: dict[int, set[int]]):
    """A stand-in for ``MCTS._play_out``: plan i (by its action's place in ``picks``) wins the
    worlds numbered in ``wins[i]``."""
    def play_out(self, match, first, plan, seed, last):
        i = self.plans.index(plan) + 1 if plan in self.plans else 0
        world = self._worlds.setdefault(seed, len(self._worlds))
        return 1.0 if world in wins[i] else 0.0
    return play_out


@pytest.mark.parametrize("wins, follows, rule", [
    ({0: set(range(40)), 1: set(range(40)), 2: set(range(60))}, 2,
     "a plan that wins 20 more of 100 shared worlds is followed"),
    ({0: set(range(40)), 1: set(range(20, 65)), 2: set(range(40))}, 0,
     "5 more of 100, with 25 worlds won only by the plan and 20 only by the heuristic, is within the "
     "noise (2 standard errors of the paired differences): the heuristic's plan is kept"),
    ({0: set(range(40)), 1: set(range(45)), 2: set(range(40))}, 1,
     "5 more of 100 where the plan wins every world the heuristic wins (paired: 5 to 0) is followed"),
    ({0: set(range(40)), 1: set(range(60)), 2: set(range(70))}, 2,
     "of two plans that beat the heuristic clearly, the one that wins most"),
    ({0: set(range(50)), 1: set(range(30)), 2: set(range(20))}, 0,
     "plans that lose more are never followed"),
])
def test_switching_follows_the_plan_that_wins_clearly_more_played_out_games(moment, monkeypatch, wins, follows, rule):
    rules, match, legal = moment
    monkeypatch.setattr(mcts.MCTS, "_play_out", scripted(wins))
    bot = mcts.mcts_bot(rules, 2)
    bot._worlds = {}
    plans = list(rules.search.policies.values())
    chosen = bot(match, legal, np.random.default_rng(1))
    assert bot.stats.judged == 1, rule
    expected = plans[follows](match, legal, np.random.default_rng(0))
    if follows:
        assert chosen == expected and bot.stats.switched == 1 and bot.stats.deviations == 1, rule
    else:
        assert bot.stats.switched == 0, rule


def test_a_plan_chosen_holds_for_the_rest_of_the_heros_round(moment, monkeypatch):
    """Judged once a round: the next disagreement of the same hero's round follows the same plan
    without playing the plans out again."""
    rules, match, legal = moment
    monkeypatch.setattr(mcts.MCTS, "_play_out", scripted({0: set(), 1: set(), 2: set(range(50))}))
    bot = mcts.mcts_bot(rules, 2)
    bot._worlds = {}
    first = bot(match, legal, np.random.default_rng(1))
    again = bot(match, legal, np.random.default_rng(2))
    assert first == again and bot.stats.judged == 1 and bot.stats.switched == 2


def test_switching_plays_the_plans_out_to_the_end_and_replays_exactly(moment):
    """The real play-outs (a few worlds): each scores a whole game (1 or 0), the same seed gives
    the same choice, and ``switch=0`` turns switching off."""
    rules, match, legal = moment
    chosen = []
    for _ in range(2):
        bot = mcts.mcts_bot(rules, 2, switch=12)
        chosen.append(bot(match, legal, np.random.default_rng(7)))
        assert bot.stats.judged == 1 and bot.stats.unplayable == 0
    assert chosen[0] == chosen[1]
    plan = rules.search.policies["ready 0.85"]
    scores = {mcts.MCTS(rules, mcts.Budget(simulations=1))._play_out(match, plan(match, legal, None), plan, seed,
                                                                     rules.info(match.content).max_rounds)
              for seed in range(6)}
    assert scores <= {0.0, 1.0}
    off = mcts.mcts_bot(rules, 2, switch=0)
    off(match, legal, np.random.default_rng(7))
    assert off.stats.judged == 0 and off.stats.switched == 0


@pytest.mark.parametrize("scenario", ["forgotten-souls", "underworld", "heldentaufe"])
def test_a_game_without_other_plans_is_searched_as_before(scenario):
    rules, _, _ = registry.open_scenario(scenario)
    assert rules.search.policies == {} and mcts.mcts_bot(rules, 2).plans == []


def test_the_summary_says_how_often_another_plan_was_followed():
    assert departures({"deviations": 3}) == "the heuristic's choice left 3 times"
    assert departures({"deviations": 3, "judged": 2, "switched": 1}) == (
        "the heuristic's choice left 3 times (1 following another plan; the plans played out at 2 decisions)")
    assert budget({"budget": "16", "tree": True}) == "budget 16 a decision"
    assert budget({"budget": "16", "tree": False, "worlds": 100}) == (
        "plans played out in 100 worlds each (no tree: the budget is not used)")


def test_simulate_says_the_dragon_is_searched_by_its_plans():
    from cli_helpers import run
    out = run("simulate", "dragon", "--heroes", "1", "--bot", "mcts", "--games", "1", "--max-rounds", "4", "--json")
    search = json.loads(out.output)["search"]
    assert out.exit_code == 0 and search["tree"] is False and search["worlds"] == mcts.SWITCH


def test_the_dragon_is_searched_by_its_plans_alone():
    """The search model's ``tree`` False: where the plans agree the heuristic's choice stands and no tree is
    grown (the one-round tree measured on the Dragon won nothing, docs/testing-the-ai.md); a game
    with a tree grows one as before."""
    rules, content, _ = registry.open_scenario("dragon")
    assert rules.search.tree is False
    bot = mcts.mcts_bot(rules, 8)
    searched, _ = play(rules, content, 5000, 1, "mcts", 10, chooser=bot)
    heuristic, _ = play(rules, content, 5000, 1, "heuristic", 10)
    assert bot.stats.decisions > 10 and bot.stats.simulations == 0 and bot.stats.judged == 0
    assert match_json(searched) == match_json(heuristic)
    underworld, content, _ = registry.open_scenario("underworld")
    assert underworld.search.tree is True
    tree = mcts.mcts_bot(underworld, 4)
    play(underworld, content, 5000, 2, "mcts", 1, chooser=tree)
    assert tree.stats.simulations == 4 * tree.stats.decisions > 0
