"""``overlord compare``: two bots on the same seeds, a paired interval for the difference of
their win rates, and bots plugged in from outside the package (``module:function``) in
``simulate``, ``compare`` and the PettingZoo environment."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from overlord.games import registry
from overlord.sim.compare import paired_interval
from overlord.sim.stats import wilson_interval
from tinygame.game import GAME
from cli_helpers import run

SCENARIO = str(Path(__file__).resolve().parent / "tinygame" / "content" / "gauntlet.yaml")

PLUGIN = '''
def always_step(match, actions, rng):
    """A bot of our own: step when it may, else the first legal action."""
    return next((a for a in actions if a["do"] == "step"), actions[0])
'''


@pytest.fixture(autouse=True)
def tiny(monkeypatch, tmp_path):
    monkeypatch.setenv(registry.ENVIRONMENT, "tinygame.game:GAME")
    registry.register(GAME)
    (tmp_path / "mybots.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.delitem(sys.modules, "mybots", raising=False)   # test_plugged_bot's mybots may be imported


def unpaired(k_a, k_b, n):
    """Newcombe's hybrid score interval for two independent proportions of n each."""
    (l_a, u_a), (l_b, u_b) = wilson_interval(k_a, n), wilson_interval(k_b, n)
    d = (k_a - k_b) / n
    return (d - math.sqrt((k_a / n - l_a) ** 2 + (u_b - k_b / n) ** 2),
            d + math.sqrt((u_a - k_a / n) ** 2 + (k_b / n - l_b) ** 2))


@pytest.mark.parametrize("table", [(233, 67, 33, 67), (10, 0, 0, 90), (0, 5, 1, 4), (50, 50, 0, 0), (0, 0, 0, 7)])
def test_the_paired_interval_holds_the_difference_and_is_antisymmetric(table):
    both, only_a, only_b, neither = table
    n = sum(table)
    low, high = paired_interval(*table)
    assert -1 <= low <= (only_a - only_b) / n <= high <= 1
    swapped = paired_interval(both, only_b, only_a, neither)
    assert swapped == pytest.approx((-high, -low))


def test_with_no_correlation_it_is_newcombes_unpaired_interval():
    """phi = 0 (ad = bc): the paired interval equals the independent one (method 10 reduces to
    the hybrid score interval)."""
    both, only_a, only_b, neither = 20, 20, 30, 30          # 20*30 == 20*30
    assert paired_interval(both, only_a, only_b, neither) == pytest.approx(unpaired(40, 50, 100))


def test_pairs_that_agree_give_a_narrower_interval_than_two_unpaired_batches():
    low, high = paired_interval(233, 67, 33, 67)
    u_low, u_high = unpaired(300, 266, 400)
    assert high - low < (u_high - u_low) * 0.8


def test_compare_plays_both_bots_on_the_same_seeds():
    out = json.loads(run("compare", SCENARIO, "--bot", "heuristic", "--bot", "random", "--games", "30",
                         "--heroes", "1,2", "--json").output)
    assert out["games"] == 60 and sum(out["pairs"].values()) == 60
    assert out["difference"] == pytest.approx((out["pairs"]["only_a"] - out["pairs"]["only_b"]) / 60, abs=1e-6)
    lo, hi = out["interval"]
    assert lo <= out["difference"] <= hi
    assert out["differ_count"] >= out["pairs"]["only_a"] + out["pairs"]["only_b"]     # and defeat vs unfinished
    text = run("compare", SCENARIO, "--bot", "heuristic", "--bot", "random", "--games", "30", "--heroes", "1,2").output
    assert text.startswith("60 paired games: heuristic against random, the same seeds")


@pytest.mark.parametrize("args, message", [
    (["--bot", "heuristic"], "give two --bot, or two --enemy"),
    (["--bot", "heuristic", "--bot", "heuristic"], "compare two different ones, not 'heuristic' twice"),
    (["--bot", "heuristic", "--bot", "nosuch"], "unknown bot 'nosuch'"),
    (["--bot", "heuristic", "--bot", "nomodule:f"], "bot 'nomodule:f': cannot load it"),
    (["--enemy", "a", "--enemy", "b"], "--enemy: tiny has no enemy policy 'a'; it has one only"),
])
def test_bad_comparisons_are_one_line(args, message):
    out = run("compare", SCENARIO, *args, "--games", "2")
    assert out.exit_code == 2 and message in out.output


def test_a_plugged_in_bot_runs_through_simulate_compare_and_the_environment():
    out = json.loads(run("simulate", SCENARIO, "--bot", "mybots:always_step", "--games", "5", "--heroes", "2",
                         "--json", "--jobs", "2").output)
    assert out["games"] == 5 and out["bots"] == {"mybots:always_step": 5}
    cmp = json.loads(run("compare", SCENARIO, "--bot", "mybots:always_step", "--bot", "heuristic",
                         "--games", "5", "--heroes", "2", "--json").output)
    assert cmp["games"] == 5
    pytest.importorskip("pettingzoo")
    from mybots import always_step
    from overlord.sim.environment import env
    e = env(scenario=SCENARIO, heroes=2, max_rounds=8)
    e.reset(seed=3)
    for agent in e.agent_iter(max_iter=500):
        _, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else e.index_of(always_step))
    assert not e.agents
