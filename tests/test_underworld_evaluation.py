"""What the search bot reads of an Underworld game it stops early (overlord/games/underworld/
evaluation.py), on the shipped scenario: a lone hero's games are read with weights of their own.

Solitaire Play (the Heroes in the Underworld rulebook, "Solitaire Play") changes what wins: the special
treasures count towards the Damned One's entry ("The number of defeated Avatars and acquired
special treasures are added together"), the battle is a cycle of skills beginning with Magic, and
"If the Damned One's marker is placed on the Chaos tile, on each turn 1 Shadow Cube is placed on
the Dark Side". The weights fitted on 1-4 heroes read a lone hero's games worse than a constant
does (issue 15); the solitaire's own weights (``WEIGHTS_BY_HEROES[1]``) read them better.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from overlord.games import registry
from overlord.games.heroes.sheet import SHADOW, SKILLS, gain_cube
from overlord.games.underworld import evaluation
from overlord.games.underworld.bots import attack_odds, solo_odds
from overlord.sim.play import bot_of, play, players_rng

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import fit_evaluation  # noqa: E402


def positions(heroes: int, seed: int, every: int = 7):
    """Every ``every``-th position of a heuristic game of the shipped scenario."""
    rules, content, _ = registry.open_scenario("underworld")
    match = rules.new_match(content, rules.party(content, heroes, seed), seed)
    bot, players, step = bot_of(rules, "heuristic"), players_rng(seed), 0
    while rules.outcome(match) is None and match.state.round <= 120:
        if rules.to_act(match) is None:
            rules.enemy_phase(match, players)
        else:
            rules.apply(match, bot(match, rules.legal_actions(match), players), players)
        step += 1
        if step % every == 0 and rules.outcome(match) is None:
            yield rules, match


@pytest.mark.parametrize("game, heroes, own", [
    ("underworld", 1, True),           # the solitaire's own: WEIGHTS_BY_HEROES[1]
    ("underworld", 2, False),          # the joint ones: WEIGHTS
    ("underworld", 4, False),
    ("heldentaufe", 1, False),         # a game with no count of its own
])
def test_the_weights_a_match_is_read_with_go_by_its_hero_count(game, heroes, own):
    rules, content, _ = registry.open_scenario(game)
    match = rules.new_match(content, rules.party(content, heroes, 3), 3)
    expected = rules.search.weights_by_heroes[heroes] if own else rules.search.weights
    assert rules.search.weights_for(len(match.state.heroes)) == expected
    assert set(expected) - {"bias"} <= set(rules.search.features(match))    # every weight weighs a feature


@pytest.mark.parametrize("heroes", [1, 2, 3])
def test_strength_is_the_chance_with_a_weapon_so_never_below_the_odds_with_what_is_carried(heroes):
    """``strength`` reads the hero's skills as if it carried a weapon for each; ``odds`` only with
    the weapons it carries: strength >= odds in every position, and alone strength is the
    solitaire battle's chance itself (the cycle of skills at the Dark Side's cubes)."""
    seen = 0
    for rules, match in positions(heroes, seed=40 + heroes):
        f = rules.search.features(match)
        assert 0.0 <= f["odds"] <= f["strength"] + 1e-9 <= 1.0 + 1e-9, (match.state.round, f)
        if heroes == 1:
            hero = match.state.heroes[0]
            assert f["strength"] == pytest.approx(solo_odds(match.state, hero))
            if attack_odds(match.state, hero)[1] is not None:             # a weapon in hand
                assert f["odds"] == pytest.approx(f["strength"])
        seen += 1
    assert seen > 20


def test_a_skill_with_a_shadow_cube_adds_no_strength():
    """"Skill tests with Shadow Cubes automatically fail" (Solitaire Play); with 2+ heroes a skill
    with a shadow cube is not one a hero takes the Damned One on with."""
    rules, match = next(positions(2, seed=8))
    state = match.state
    hero = state.heroes[0]
    assert evaluation.strength(state, hero) > 0
    for skill in SKILLS:
        gain_cube(state.sheets[hero], SHADOW, skill)
    assert evaluation.strength(state, hero) == 0.0


def test_the_solitaires_weights_read_a_lone_heros_games_better_than_the_joint_ones():
    """On 60 lone games of the heuristic bot (seeds the fit did not use), the reading the weights
    exist for: the solitaire's weights rank the positions of games won above those of games lost
    more often (AUC) and their chances are nearer the outcomes (log loss) than the joint ones'."""
    games = [fit_evaluation.samples(("underworld", seed, 1)) for seed in range(90_000, 90_060)]
    names = sorted({k for rows, _ in games for r in rows for k in r})
    x = np.array([[1.0] + [r.get(k, 0.0) for k in names] for rows, _ in games for r in rows])
    y = np.array([won for rows, won in games for _ in rows], dtype=float)
    assert 0 < y.mean() < 1

    def read(weights):
        w = np.array([weights.get("bias", 0.0)] + [weights.get(k, 0.0) for k in names])
        return fit_evaluation.log_loss(x, y, w), fit_evaluation.auc(x @ w, y)

    (solo_loss, solo_auc), (joint_loss, joint_auc) = read(evaluation.WEIGHTS_BY_HEROES[1]), read(evaluation.WEIGHTS)
    assert solo_loss < joint_loss and solo_auc > joint_auc
