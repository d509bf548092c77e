"""The co-operative Underworld as a PettingZoo AEC environment: its action mask allows exactly the
engine's legal actions (PettingZoo's own api_test and seed_test run on every game in
tests/test_conformance.py)."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from overlord.games.underworld.engine import legal_actions  # noqa: E402
from overlord.games.underworld.agents import ACTION_SLOTS, OBS_SIZE  # noqa: E402
from overlord.sim import environment  # noqa: E402


def env(**kwargs):
    return environment.env(scenario="underworld", **kwargs)


def test_masked_random_play_runs_to_the_end_and_rewards_the_outcome():
    e = env(heroes=3, max_rounds=12)
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    rewards = []
    for agent in e.agent_iter(max_iter=20000):
        obs, reward, terminated, truncated, _ = e.last()
        assert obs["observation"].shape == (OBS_SIZE,)
        if terminated or truncated:
            rewards.append(reward)
            e.step(None)
            continue
        assert agent == e.match.state.turn.hero
        mask = obs["action_mask"]
        assert mask.sum() == min(ACTION_SLOTS, len(legal_actions(e.match.state)))
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert not e.agents and rewards
    assert set(rewards) <= {-1.0, 0.0, 1.0}


def test_an_illegal_action_is_refused():
    e = env(heroes=2, max_rounds=5)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
