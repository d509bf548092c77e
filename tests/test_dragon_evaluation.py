"""What the search bot reads of a Dragon game it stops early (overlord/games/dragon/evaluation.py),
on the shipped content: a wound is read once, as hit points, not again as a lower chance to slay
the Dragon - a one-round search that read the chance at today's hit points stood still to keep
them (it ended turns, dropped items and turned down fights the heuristic takes: issue 15's trace)."""

from __future__ import annotations

import pytest

from overlord.games.dragon.evaluation import features
from overlord.games.dragon.fights import dragon_odds
from overlord.games.dragon.state import Ctx

from dragon_helpers import cubes, give, match


def armed_paladin():
    m = match(("paladin",))
    give(m, "paladin", "hildebrandt", back=True)
    cubes(m, "paladin", red=3)
    return m


@pytest.mark.parametrize("wounds", [1, 2, 3])
def test_a_wound_lowers_the_chance_now_and_leaves_the_chance_once_healed(wounds):
    m = armed_paladin()
    ctx = Ctx(m.state, m.content, None, None)
    whole = dragon_odds(ctx, "paladin")[0]
    assert whole > 0.05
    m.state.sheets["paladin"].natural -= wounds
    assert dragon_odds(ctx, "paladin")[0] < whole
    assert dragon_odds(ctx, "paladin", rested=True)[0] == whole


def test_the_evaluation_reads_a_wound_as_hit_points_only():
    m = armed_paladin()
    before = features(m)
    m.state.sheets["paladin"].natural -= 2
    after = features(m)
    assert after["odds"] == before["odds"] > 0
    assert after["hp"] < before["hp"]
    assert {k for k in before if before[k] != after[k]} == {"hp"}
