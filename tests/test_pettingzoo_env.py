"""The PettingZoo AEC environment's action mask allows exactly the legal actions, and its episode
ends as the game does (PettingZoo's own api_test and seed_test run on every game in
tests/test_conformance.py)."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from overlord.games.descent import bots  # noqa: E402
from overlord.sim import environment  # noqa: E402


def env(**kwargs):
    return environment.env(scenario="forgotten-souls", **kwargs)


def test_masked_random_play_runs_to_the_end_and_rewards_the_outcome():
    e = env(heroes=3, max_rounds=10)
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        # at the start of a round the first hero takes the group's order of turns, and nothing else
        legal = {} if e.match.state.order is None else bots.legal_actions(e.match, agent)
        assert mask.sum() >= 1 and (mask[2] == 1) == ("objective" in legal)
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert e.match.over or e.match.state.round > 10
    assert not e.agents


def test_an_illegal_action_is_refused():
    e = env(heroes=2, max_rounds=6)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        e.step(int(np.flatnonzero(mask == 0)[0]))


# -- for the tester (issue 16): every game's environment ---------------------------------------

GAMES = ["forgotten-souls", "underworld", "heldentaufe", "dragon", "kingdom-dragon-together", "roth-underworld",
         "roth-underworld-together"]


@pytest.mark.parametrize("scenario", GAMES)
def test_every_hero_knows_how_the_episode_ended(scenario):
    e = environment.env(scenario=scenario, heroes=2, max_rounds=8)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    last = {}
    for agent in e.agent_iter(max_iter=20000):
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            last[agent] = info
            e.step(None)
            continue
        assert info == {}                                  # nothing to tell until the end
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert set(last) == set(e.possible_agents)
    for info in last.values():
        assert info["result"] in ("victory", "defeat", "unfinished") and info["reason"] and info["rounds"] >= 1
        if info["result"] == "unfinished":
            assert info["reason"] == "the round limit (8) was reached" and info["rounds"] == 8


@pytest.mark.parametrize("scenario, heroes", [("forgotten-souls", 1), ("forgotten-souls", 5), ("dragon", 5),
                                              ("underworld", 0), ("heldentaufe", "2"), ("underworld", True)])
def test_an_impossible_hero_count_is_refused_not_replaced(scenario, heroes):
    with pytest.raises(ValueError, match=rf"heroes={heroes!r}: .* is for .* heroes"):
        environment.env(scenario=scenario, heroes=heroes)


@pytest.mark.parametrize("scenario", GAMES)
def test_the_numbering_is_told(scenario):
    e = environment.env(scenario=scenario, heroes=2)
    assert e.numbering() == e.spec.describe and len(e.numbering()) > 40
