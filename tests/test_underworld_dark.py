"""The Dark phase of the co-operative Underworld: the program moves the Damned One's face-up
counters over the tile map by the movement vocabulary and resolves its omens and perils.

The rules here are ours (the rulebook's enemies lie still): ``overlord/games/underworld/dark.py``
says them. Movement over tiles is the rulebook's: "1 step = 1 map tile = 1 MP" and tiles are
joined only by matching exits ("if no connection or path exists between the current tile and
the newly placed tile"). Descent's activation shape: "Each monster may perform up to two
actions", at most one attack.
"""

from __future__ import annotations

import pytest
from underworld_helpers import dark_content, make_state, with_decks

from overlord.games.underworld.coop_formats import DarkCard, DarkPeril
from overlord.games.underworld import dark
from overlord.games.underworld.state import counter_problems

MAP = """
S-a-b-c
  |   |
  d-e f
"""


def card(**groups):
    return DarkCard.model_validate({"id": "t", "name": "Test", "groups": groups})


def tile_of(state, cid):
    return next(t.id for t in state.map.placed if cid in t.markers)


@pytest.mark.parametrize("enemy_at, hero_at, speed, verb, expected, why", [
    ("c", "a", 1, "toward", "a", "two move actions of one tile each: c-b-a (figures share tiles)"),
    ("c", "a", 2, "toward", "a", "the first action reaches the hero's tile; the second has no effect"),
    ("f", "a", 1, "toward", "b", "f joins only c: f-c-b, the way round, not through the wall"),
    ("e", "b", 1, "toward", "a", "e-d-a: the only path toward b; no exit joins e and b directly"),
    ("b", "a", 1, "away", "f", "away from the closest hero: b-c-f"),
])
def test_enemy_moves_over_the_tile_graph(enemy_at, hero_at, speed, verb, expected, why):
    state = make_state(MAP, {"h1": hero_at}, markers={enemy_at: ["alekto"]}, revealed=("alekto",))
    content = dark_content([card(creature=[{verb: "closest"}])], speeds={"creature": speed})
    with_decks(state, content)
    events = dark.dark_phase(state, content)
    assert tile_of(state, "alekto") == expected, why
    moves = [e for e in events if e.get("action") == verb]
    assert moves and moves[0]["why"], "every move says why"
    assert counter_problems(state) == []


def test_heroes_on_styx_are_out_of_reach_and_counters_do_not_cross_it():
    # ours (scenario flag enemies_cross_styx: false): Styx is the heroes' sanctuary
    state = make_state(MAP, {"h1": "S"}, markers={"b": ["alekto"]}, revealed=("alekto",))
    content = dark_content([card(creature=[{"toward": "closest"}, {"attack": "closest"}])])
    with_decks(state, content)
    events = dark.dark_phase(state, content)
    assert tile_of(state, "alekto") == "b"
    assert any("no hero is within" in e["why"] for e in events if e.get("event") == "enemy_action")


@pytest.mark.parametrize("actions", [
    [{"attack": "closest"}],                                # the list repeats while a pass performs an action
    [{"attack": "closest"}, {"attack": "closest"}],
    [{"attack": "all"}, {"toward": "closest"}, {"attack": "closest"}],
])
def test_one_attack_per_activation(actions):
    # ours, the shape of Descent's activation: "Each monster may perform up to two actions" - at most one of them
    # an attack; a second attack is not performed and the enemy has done one action
    state = make_state(MAP, {"h1": "a"}, markers={"a": ["alekto"]}, revealed=("alekto",))
    state.sheets["h1"].natural = state.sheets["h1"].natural_max = 9       # lives through two strikes
    content = dark_content([card(creature=actions)])
    with_decks(state, content)
    events = dark.dark_phase(state, content)
    assert len([e for e in events if e["event"] == "defence"]) == 1
    done = next(e for e in events if e["event"] == "enemy_done")
    assert done["actions"] == 1
    if len(actions) > 1:
        assert any(e.get("action") == "attack" and not e["performed"] and e["why"] == "only one attack per activation"
                   for e in events)
    assert counter_problems(state) == []


def test_a_trapped_hero_cannot_be_attacked():
    # HitU "Traps of the Damned One": "Heroes in a trap cannot be attacked."
    state = make_state(MAP, {"h1": "a"}, markers={"a": ["alekto"]}, revealed=("alekto",))
    state.trapped["h1"] = state.adventure.pop(state.adventure.index("hermes"))   # any counter as the trap
    content = dark_content([card(creature=[{"attack": "closest"}])])
    with_decks(state, content)
    events = dark.dark_phase(state, content)
    assert not any(e.get("event") == "defence" for e in events)


def test_face_down_counters_do_not_move():
    state = make_state(MAP, {"h1": "a"}, markers={"c": ["alekto"]})
    content = dark_content([card(creature=[{"toward": "closest"}])])
    with_decks(state, content)
    dark.dark_phase(state, content)
    assert tile_of(state, "alekto") == "c"


def test_at_most_two_actions_and_the_list_repeats_while_it_performs():
    # Descent "Perform actions": up to two actions; the list again while one was performed
    state = make_state(MAP, {"h1": "a"}, markers={"c": ["alekto"]}, revealed=("alekto",))
    content = dark_content([card(creature=[{"toward": "closest"}])])
    with_decks(state, content)
    events = dark.dark_phase(state, content)
    done = [e for e in events if e["event"] == "enemy_done"]
    assert done[0]["actions"] == 2
    assert tile_of(state, "alekto") == "a"


@pytest.mark.parametrize("omen, dark_side, why", [
    ([{"dark_side": 2}], 2, "a plain omen feeds the Dark Side"),
    ([{"if": {"test": {"enemies_on_map": True}, "then": [{"dark_side": 1}]}}], 1, "an enemy is abroad"),
    ([{"if": {"test": {"avatars_abroad": 1}, "then": [{"dark_side": 1}], "else": [{"say": "quiet"}]}}], 0,
     "no Avatar is abroad: the else branch"),
    ([{"if": {"test": {"dark_side_at_least": 0}, "then": [{"dark_side": 3}]}}], 3, "at least 0 always holds"),
])
def test_omens(omen, dark_side, why):
    state = make_state(MAP, {"h1": "a"}, markers={"c": ["alekto"]}, revealed=("alekto",))
    content = dark_content([DarkCard.model_validate({"id": "t", "name": "T", "omen": omen})])
    with_decks(state, content)
    dark.dark_phase(state, content)
    assert state.dark_side == dark_side, why


def test_the_eleventh_cube_ends_the_game_mid_phase():
    # HitU: "If there are 11 Shadow Cubes on the Dark Side, the game is over!"
    state = make_state(MAP, {"h1": "a"}, markers={"c": ["alekto"]}, revealed=("alekto",))
    state.dark_side = 10
    content = dark_content([DarkCard.model_validate({"id": "t", "name": "T", "omen": [{"dark_side": 3}],
                                                     "groups": {"creature": [{"toward": "closest"}]}})])
    with_decks(state, content)
    dark.dark_phase(state, content)
    assert (state.dark_side, state.outcome) == (11, "lost")
    assert tile_of(state, "alekto") == "c", "nothing moves once the game is over"


def test_peril_follows_when_the_card_says_so():
    state = make_state(MAP, {"h1": "a", "h2": "b"}, markers={"c": ["alekto"]})
    peril = DarkPeril.model_validate({"id": "p", "name": "Toll", "effects": [{"lose_gold": {"pick": "all"}}]})
    content = dark_content([DarkCard.model_validate({"id": "t", "name": "T", "peril": True})], [peril])
    with_decks(state, content)
    dark.dark_phase(state, content)
    assert [state.sheets[h].gold for h in ("h1", "h2")] == [0, 0]
    assert state.peril_deck.discard == ["p"] and state.dark_deck.discard == ["t"]


def test_an_event_never_takes_the_last_life_point():
    state = make_state(MAP, {"h1": "a"})
    state.sheets["h1"].natural = 1
    content = dark_content([DarkCard.model_validate({"id": "t", "name": "T", "omen": [{"lose_life": {"pick": "all", "amount": 2}}]})])
    with_decks(state, content)
    events = dark.dark_phase(state, content)
    assert state.sheets["h1"].natural == 1
    assert any(e["event"] == "spared" for e in events)


def test_reveal_nearest_turns_up_the_closest_face_down_marker_and_feeds_the_dark_side():
    # HitU: "When drawing an Avatar of the Damned One" a shadow cube goes on the Dark Side
    state = make_state(MAP, {"h1": "a"}, markers={"b": ["avatar-1"], "f": ["alekto"]})
    content = dark_content([DarkCard.model_validate({"id": "t", "name": "T", "omen": [{"reveal": "nearest"}]})])
    with_decks(state, content)
    events = dark.dark_phase(state, content)
    assert "avatar-1" in state.revealed and "alekto" not in state.revealed
    assert state.dark_side == 1
    assert state.avatars["avatar-1"] == "revealed"
    assert any(e["event"] == "reveal_nearest" and e["tiles"] == 1 for e in events)
    assert counter_problems(state) == []


@pytest.mark.parametrize("pick, sheets, expected", [
    ("lowest_life", {"h1": 4, "h2": 2}, "h2"),
    ("lowest_life", {"h1": 3, "h2": 3}, "h1"),     # a tie: the heroes choose; headless, turn order
])
def test_hero_picks_are_keys_with_ties(pick, sheets, expected):
    state = make_state(MAP, {h: "a" for h in sheets})
    for h, life in sheets.items():
        state.sheets[h].natural = life
    chosen, decision = dark.pick_heroes(state, pick)
    assert chosen == [expected]
    assert (len(decision.ties) == 1) == (len(set(sheets.values())) == 1)


TIE_MAP = """
S-a-b
  | |
  c-d
"""


def test_equally_good_ends_are_listed_and_the_heroes_may_choose():
    # Golden Rules (Forgotten Souls): where the rules leave a choice, the heroes choose; the
    # enemy at d steps toward the hero on a: b and c are both one tile from a
    from overlord.games.underworld.narrate import narrate, tie_decisions
    state = make_state(TIE_MAP, {"h1": "a"}, markers={"d": ["alekto"]}, revealed=("alekto",))
    content = dark_content([DarkCard.model_validate({"id": "t", "name": "T", "omen": [{"restless": 1}]})])
    with_decks(state, content)
    events = dark.dark_phase(state, content)                  # one step toward the closest hero
    [decision] = tie_decisions(events)
    end, other = decision["end"], decision["ties"][0]
    assert {end, other} == {"b", "c"} and tile_of(state, "alekto") == end
    assert any("[1] alekto moves toward" in line and "choose 1 TILE" in line for line in narrate(events))
    dark.choose_end(state, "alekto", end, other, decision["ties"])
    assert tile_of(state, "alekto") == other
    with pytest.raises(ValueError, match="not one of the equally good ends"):
        dark.choose_end(state, "alekto", other, "styx", decision["ties"])
    assert counter_problems(state) == []


@pytest.mark.parametrize("drawing, markers, revealed", [
    ("S-a b", {"b": ["alekto"]}, None),                # b joins no exit: no hero can reach it
    ("S-a b\n  |\n  c", {"b": ["alekto"], "c": ["hermes"]}, "hermes"),
])
def test_a_dark_card_turns_up_only_a_marker_a_hero_can_reach(drawing, markers, revealed):
    # ours (card "A Door Left Open": reveal the face-down marker nearest to a hero): nearness is walked through
    # matching exits, so a marker no hero can walk to is nobody's nearest (it was shown as "1000000 tiles away")
    state = make_state(drawing, {"h1": "a"}, markers=markers)
    content = dark_content([DarkCard.model_validate({"id": "t", "name": "Door", "omen": [{"reveal": "nearest"}]})])
    with_decks(state, content)
    events = dark.dark_phase(state, content)
    assert not any("1000000" in e.get("why", "") for e in events)
    if revealed is None:
        assert "alekto" not in state.revealed
        assert any(e["event"] == "reveal" and "within a hero's reach" in e["why"] for e in events)
    else:
        assert state.revealed == [revealed]
