"""Forgotten Souls, "Monster Activation": "If an action has no effect, monsters do not perform that
action." A ``perform`` action (card effects as one of a monster's two actions) is judged when it
comes up, like a move that would not move or an attack with no target; one that would do nothing
is not performed and the monster goes on down its list. On the shipped card fs-act-03 the master
flesh moulder's Heal with nothing damaged: it spots, then attacks (issue 39)."""

from __future__ import annotations

import pytest

from descent_helpers import DescentSession, effects, moulder_in_the_onset, shipped
from overlord.games.descent.content.quest import resolve_scenario
from overlord.games.descent.effects import no_effect
from overlord.games.descent.engine import damage_figure, monster_activation, new_game
from overlord.games.descent.resolve import Headless
from overlord.sim.play import players_rng

RULE = "If an action has no effect, monsters do not perform that action."


def master_steps(game, fid):
    return [(e["action"], e["performed"], e["why"]) for e in game.state.log
            if e.get("event") == "action" and e.get("monster") == fid]


def test_fs_act_03_the_master_moulders_heal_with_nothing_damaged_is_not_performed():
    """fs-act-03, master flesh moulder: perform (Heal: the most damaged monster within 3 spaces),
    spot closest, attack closest in line of sight. Nothing is damaged: the Heal has no effect, is
    not performed, and its two actions are the spot and the attack."""
    game = new_game(shipped(), ["leoric", "tarha"], 4)
    fid = moulder_in_the_onset(game)
    game.resolver = Headless(players_rng(4))
    monster_activation(game)
    steps = master_steps(game, fid)
    assert steps[0] == ("perform", False, "no damaged monster is within 3 spaces to heal"), RULE
    assert [(a, p) for a, p, _ in steps if p] == [("spot", True), ("attack", True)]
    assert not any(e["event"] == "heal_monster" for e in game.state.log)


def test_fs_act_03_the_heal_is_performed_when_a_monster_in_reach_is_damaged():
    """The same card with the master itself damaged: the Heal has an effect, is performed at once
    (its hearts rolled), and with the spot it makes the two actions - no attack."""
    game = new_game(shipped(), ["leoric", "tarha"], 4)
    fid = moulder_in_the_onset(game)
    damage_figure(game, fid, 2)
    game.resolver = Headless(players_rng(4))
    monster_activation(game)
    steps = master_steps(game, fid)
    assert [(a, p) for a, p, _ in steps if p] == [("perform", True), ("spot", True)]
    assert steps[0][2].startswith("Heal: the most damaged monster within 3 spaces")
    healed = next(e for e in game.state.log if e["event"] == "heal_monster")
    assert healed["monster"] == fid and healed["source"] == f"fs-act-03 ({fid})"
    # performed when it came up: before the spot's move, not after the activation
    log = game.state.log
    assert log.index(healed) < next(i for i, e in enumerate(log) if e.get("action") == "spot")


@pytest.mark.parametrize("rule, items, setup, idle", [
    ("the Heal: no damaged monster in reach", [{"heal_monster": {"within": 3}}], None,
     "no damaged monster is within 3 spaces to heal"),
    ("a Howl: no hero within 1 space tests", [{"test_heroes": {"attribute": "willpower", "within": 1,
                                                                "fail": {"fatigue": 1}}}], None,
     "no hero is within 1 space"),
    ("a condition every hero it reaches has", [{"condition_heroes": {"condition": "stunned"}}], "stun",
     "every hero is stunned already"),
    ("fate refreshed on the top space", ["refresh_fate"], None, "fate is on the top space already"),
    ("Act II once it is Act II", ["transition_act_ii"], "act2", "it is Act II already"),
    ("a token that is not on the map", [{"remove_token": {"token": "villager"}}], None,
     "there is no villager token on the map"),
    ("an `if` whose test fails and has no `else`", [{"if": {"test": {"monsters_on_map": False},
                                                           "then": ["refresh_fate"]}}], None,
     "there are no monsters on the map does not hold"),
])
def test_card_effects_with_no_effect_are_judged_so(rule, items, setup, idle):
    """Every kind of card effect a ``perform`` may hold is judged the same way (not only the
    Heal): ``no_effect`` says why it would do nothing, and '' once it would do something."""
    game = new_game(shipped(), ["leoric", "tarha"], 4)
    fid = moulder_in_the_onset(game)
    if setup == "stun":
        for hero in game.state.hero_figures():
            hero.conditions.append("stunned")
    if setup == "act2":
        game.state.act = "II"
    assert no_effect(game, effects(*items), fid) == idle, rule
    assert no_effect(game, effects(*items, {"advance_doom": 1}), fid) == "", "doom advancing always does something"


def test_a_perform_with_an_effect_is_performed_and_one_of_several_is_enough():
    game = new_game(shipped(), ["leoric", "tarha"], 4)
    fid = moulder_in_the_onset(game)
    assert no_effect(game, effects({"heal_monster": {"within": 3}}, {"say": "The moulder gurgles."}), fid) == ""


def test_at_the_table_the_master_moulder_spots_and_attacks(tmp_path):
    """The same activation typed at the table: the narration tells the spot and the attack (which
    waits for leoric's damage); `why` tells the Heal not performed, in one plain line."""
    session, _ = DescentSession.start(resolve_scenario("forgotten-souls"), ["leoric", "tarha"], 4,
                                      tmp_path / "g.db")
    moulder_in_the_onset(session.match)
    out = "\n".join(session.execute("end leoric").lines + session.execute("end tarha").lines)
    assert "flesh-moulder-master-1 spot leoric" in out and "flesh-moulder-master-1 attacks leoric" in out
    assert out.endswith("tell me the damage with `hurt leoric N` (0 if none)")
    why = session.execute("why").lines
    assert "    perform: not performed - no damaged monster is within 3 spaces to heal" in why, RULE
    assert "    attack: performed - attacks leoric" in why
    session.close()


def test_at_the_table_a_performed_heal_names_its_effect(tmp_path):
    """'perform' is told by what it does (the Heal), not "performs the card's effects"."""
    session, _ = DescentSession.start(resolve_scenario("forgotten-souls"), ["leoric", "tarha"], 4,
                                      tmp_path / "g.db")
    fid = moulder_in_the_onset(session.match)
    damage_figure(session.match, fid, 2)
    out = "\n".join(session.execute("end leoric").lines + session.execute("end tarha").lines)
    assert (f"{fid} performs Heal: the most damaged monster within 3 spaces (itself too) recovers 1 damage for "
            "each heart rolled on 1 red die") in out
    assert f"roll 1 red die; {fid} recovers the hearts: report it with `heal {fid} N`" in out
    assert "the card's effects" not in out
    session.close()
