"""The co-operative Underworld game's turn flow over the shipped content: setup, the three
phases of a hero's turn as legal actions, and the rounds with the Dark phase (HitU "Preparation",
"Course of Play", "Phase 1: Extending the Underworld", "Phase 2: Hero Movement", "Phase 3:
Actions"). Random play with the invariants checked after every step finds what examples miss.
"""

from __future__ import annotations

import json
import random

import pytest

from overlord.core.state import dumps
from overlord.games.underworld import engine
from overlord.games.underworld.invariants import violations
from overlord.games.underworld.setup import load_game
from overlord.games.underworld.state import where

SCENARIO = "scenarios/underworld.yaml"


@pytest.fixture(scope="module")
def content():
    return load_game(SCENARIO)


def on_top(state, tile_id):
    """Put a tile on top of the first stack (a test arranges the shuffle)."""
    for stack in state.map.stacks:
        if tile_id in stack:
            stack.remove(tile_id)
    state.map.stacks[0].insert(0, tile_id)


def test_setup(content):
    # HitU "Preparation": "Place the Styx map tile on the center of the play area"; "The
    # remaining map tiles are mixed and put face down in 3 equal piles" (47: 16/16/15);
    # "Place the treasure markers in a loose heap ... face down"; "Place the Damned One's
    # marker, and the 5 special weapon markers on the Damned One's reference card"; "Place all
    # the hero tokens being used on the Styx map tile"
    state = engine.new_game(content, ["bard", "gnome", "shaman"], 3)
    assert [t.id for t in state.map.placed] == ["styx"] and state.map.placed[0].at == [0, 0]
    assert sorted(len(s) for s in state.map.stacks) == [15, 16, 16]
    assert set(state.map.heroes.values()) == {"styx"}
    assert sorted(state.card) == sorted(["bow-of-herkules", "damned-one", "golden-staff", "mail-of-persephone",
                                         "scythe-of-thanatos", "trident-of-hades"])
    assert all(state.catalogue[c.rsplit("-", 1)[0] if c not in state.catalogue else c].kind in
               ("item", "black_weapon", "trap", "damned_creature") for c in state.treasure)
    assert state.dark_side == content.scenario.dark_side_start[3]
    assert state.turn.hero == "bard" and state.turn.phase == "extend"
    assert violations(state, content, full=True) == []


def test_extending_offers_each_stack_and_free_side_and_may_be_skipped(content):
    # "The active player may draw one map tile from the top of any stack in Phase 1"; "adding a
    # new map tile is voluntary"
    state = engine.new_game(content, ["bard"], 1)
    acts = engine.legal_actions(state)
    extends = [a for a in acts if a["do"] == "extend"]
    assert len(extends) == 3 * 4                       # Styx has 4 free exits, 3 stacks
    assert {"do": "skip_extend"} in acts


def test_an_arrow_tile_is_placed_as_printed_and_the_first_move_must_enter_it(content):
    # "The new map tile must be oriented so that the directional arrow points the same direction
    # as the arrow on the Styx tile"; "If a new map tile was placed in Phase 1, then the hero's
    # first move must be to this new tile"
    state = engine.new_game(content, ["bard"], 1)
    on_top(state, "hades")                             # Hades: exits N and S, an arrow
    engine.apply(state, content, {"do": "extend", "stack": 0, "side": "N"})
    tile = state.map.placed[-1]
    assert (tile.id, tile.at, tile.exits) == ("hades", [0, -1], "NS")
    assert state.turn.phase == "move"
    assert [a for a in engine.legal_actions(state) if a["do"] == "step"] == [{"do": "step", "to": "hades"}]


def test_a_tile_without_an_arrow_is_turned_by_the_player(content):
    # "If no directional arrow is present, then the tile may be oriented as the drawing player chooses."
    state = engine.new_game(content, ["bard"], 1)
    on_top(state, "elysion")                           # Elysion: exits E and S, no arrow
    engine.apply(state, content, {"do": "extend", "stack": 0, "side": "E"})
    options = engine.legal_actions(state)
    assert [a["exits"] for a in options] == ["ES", "SW", "NW", "NE"]
    engine.apply(state, content, {"do": "orient", "turns": 1, "exits": "SW"})
    assert state.map.placed[-1].exits == "SW"
    assert [a for a in engine.legal_actions(state) if a["do"] == "step"] == [{"do": "step", "to": "elysion"}]


def test_a_new_tile_not_joined_to_the_heros_means_the_hero_cannot_move(content):
    # "If this is not possible (for example, if a wall blocks the path), then the hero cannot move."
    state = engine.new_game(content, ["bard"], 1)
    on_top(state, "elysion")
    engine.apply(state, content, {"do": "extend", "stack": 0, "side": "E"})
    engine.apply(state, content, {"do": "orient", "turns": 0, "exits": "ES"})   # no W exit facing Styx
    assert engine.legal_actions(state) == [{"do": "stop"}]


def test_places_and_areas_get_an_adventure_marker_passageways_do_not(content):
    # "Places ... Areas ...: put an Adventure marker on it"; "Passageways ... Do not place Adventure markers"
    state = engine.new_game(content, ["bard"], 1)
    passage = next(t.id for t in content.tiles if t.kind == "passageway" and t.arrow and "S" in t.exits)
    on_top(state, passage)
    engine.apply(state, content, {"do": "extend", "stack": 0, "side": "N"})
    assert state.map.placed[-1].markers == []
    state2 = engine.new_game(content, ["bard"], 1)
    on_top(state2, "hades")
    engine.apply(state2, content, {"do": "extend", "stack": 0, "side": "N"})
    [marker] = state2.map.placed[-1].markers
    assert where(state2, marker) == "tile:hades" and marker not in state2.revealed


def test_entering_a_tile_with_a_marker_stops_and_reveals_it(content):
    # "If a marker is on the tile, movement is interrupted and the marker is revealed."
    state = engine.new_game(content, ["gladiator"], 2)
    state.adventure.remove("alekto")
    state.adventure.insert(0, "alekto")
    state.adventure[:] = ["alekto"]                    # the only marker left to draw
    on_top(state, "hades")
    engine.apply(state, content, {"do": "extend", "stack": 0, "side": "N"})
    engine.apply(state, content, {"do": "step", "to": "hades"})
    assert "alekto" in state.revealed and state.turn.phase == "act"
    # "The hero cannot evade combat against a counter": only fights are offered
    acts = engine.legal_actions(state)
    assert acts and all(a["do"] == "fight" and a["counter"] == "alekto" for a in acts)
    assert {a["skill"] for a in acts} == {"close", "ranged"}   # Alekto: a red and a green dot


def test_a_black_creature_turning_up_feeds_the_dark_side(content):
    # HitU "Shadow Cubes of the Damned One": "A black creature is drawn" -> 1 SC on the Dark Side
    state = engine.new_game(content, ["gladiator"], 2)
    state.adventure[:] = ["ixion"] + [c for c in state.adventure if c != "ixion"][:0]
    before = state.dark_side
    on_top(state, "hades")
    engine.apply(state, content, {"do": "extend", "stack": 0, "side": "N"})
    engine.apply(state, content, {"do": "step", "to": "hades"})
    assert state.dark_side == before + 1


def test_an_illegal_action_is_refused_with_what_is_legal(content):
    state = engine.new_game(content, ["bard"], 1)
    with pytest.raises(engine.ActionError, match=r"move to hades is not legal now .*phase extend.*legal: draw a tile"):
        engine.apply(state, content, {"do": "step", "to": "hades"})


def pass_round(state, content):
    for _ in state.heroes:
        engine.apply(state, content, {"do": "skip_extend"})
        engine.apply(state, content, {"do": "stop"})
        engine.apply(state, content, {"do": "end"})


def test_after_the_last_hero_the_dark_phase_then_a_new_round(content):
    state = engine.new_game(content, ["bard", "gnome", "shaman"], 4)
    pass_round(state, content)
    assert state.round == 2 and state.turn.hero == "bard"
    assert len(state.dark_deck.discard) == 1
    assert any(e["event"] == "dark_card" for e in state.log)


def test_with_fewer_heroes_the_damned_one_plays_less_often(content):
    # ours (scenario dark_phase_every {1: 6, 2: 2}): two heroes place half the tiles of four,
    # so the Damned One plays after every second round (alone, every sixth)
    state = engine.new_game(content, ["bard", "gnome"], 4)
    pass_round(state, content)
    assert state.round == 2 and state.dark_deck.discard == []
    assert any(e["event"] == "dark_rests" for e in state.log)
    pass_round(state, content)
    assert state.round == 3 and len(state.dark_deck.discard) == 1


@pytest.mark.parametrize("heroes, round_, spent", [
    (["bard", "gnome", "shaman"], 30, True), (["bard", "gnome", "shaman"], 29, False),
    (["bard"], 30, False), (["bard"], 78, True),       # alone, a tile a turn: from round 75
])
def test_the_damned_ones_patience_ends_long_games(content, heroes, round_, spent):
    # ours (scenario patience {from_round: {1: 75, 2: 30, 3: 30, 4: 30}}): from that round each Dark phase adds a
    # cube first, so a game ends
    state = engine.new_game(content, heroes, 4)
    state.round = round_
    before = state.dark_side
    pass_round(state, content)
    told = any("patience" in e.get("why", "") for e in state.log)
    assert told is spent and (state.dark_side >= before + 1 or not spent)


def play_random(content, heroes, seed, check_every=1, max_rounds=40, rules=None):
    state = engine.new_game(content, heroes, seed)
    state.rules.update(rules or {})
    r = random.Random(seed)
    steps = 0
    actions = []
    while not state.outcome and state.round <= max_rounds:
        a = r.choice(engine.legal_actions(state))
        actions.append(a)
        engine.apply(state, content, a)
        steps += 1
        if steps % check_every == 0:
            problems = violations(state, content, full=steps % 40 == 0)
            assert problems == [], (seed, steps, a, problems)
    return state, actions


@pytest.mark.parametrize("seed", range(12))
def test_random_legal_play_keeps_every_invariant(content, seed):
    # issue 4: "many seeded games with random legal hero actions run to an end with invariants
    # checked after every step" (``overlord soak`` runs many more)
    heroes = ["bard", "gladiator", "gnome", "shaman", "centaur"][: 1 + seed % 4]
    state, _ = play_random(content, heroes, seed)
    assert state.outcome in ("lost", "won") or state.round > 40


@pytest.mark.parametrize("seed", range(4))
def test_random_play_with_duels_allowed_keeps_every_invariant(content, seed):
    # the competitive game's Duels (scenario flag duels: true): random heroes challenge each other
    state, actions = play_random(content, ["bard", "gladiator", "gnome"], 100 + seed, rules={"duels": True})
    assert state.outcome or state.round > 40


def test_a_game_resumed_from_its_json_goes_on_exactly_as_the_uninterrupted_one(content):
    # a save, a replay and a clone are the same thing (docs/internals.md, "State is plain data"); the gray
    # dot's ties follow the sheet's skill order, which must survive the sorted JSON
    from overlord.games.underworld.state import load_state
    whole, actions = play_random(content, ["gnome", "centaur", "shaman"], 5, check_every=10**9)
    half = len(actions) // 2
    first = engine.new_game(content, ["gnome", "centaur", "shaman"], 5)
    for act in actions[:half]:
        engine.apply(first, content, act)
    resumed = load_state(json.loads(dumps(first)))
    assert list(resumed.sheets["gnome"].skills) == ["magic", "ranged", "close"]
    for act in actions[half:]:
        engine.apply(resumed, content, act)
    assert dumps(resumed) == dumps(whole)


def _send(state, cid, place):
    from overlord.games.underworld.handling import relocate
    relocate(state, cid, place)


@pytest.mark.parametrize("cid, place, corners, words", [
    # items go face up beside the heap ("The treasure marker is put back in the heap and remains revealed")
    ("ring", "removed", 0, "lies in removed"),
    # special weapons go back to the card ("Special weapons are placed back on the Damned One's reference card")
    ("golden-staff", "treasure_up", 0, "lies in treasure_up"),
    # Avatars go onto the card ("Avatar markers are placed on the Damned One's reference card")
    ("avatar-1", "removed", 0, "lies in removed"),
    # the Low Demon: "If 1 LP is in each corner, the Low Demon is removed from play" - not before
    ("low-demon", "removed", 3, "3 of its 4 corners"),
    ("low-demon", "removed", 4, None),
    # "Markers with a red border are taken from the board"
    ("alekto", "removed", 0, None),
    # the Damned One's marker leaves only when it is defeated
    ("damned-one", "removed", 0, "was not defeated"),
])
def test_no_counter_leaves_play_except_where_the_rules_send_it(content, cid, place, corners, words):
    state = engine.new_game(content, ["bard", "gnome"], 2)
    if corners:
        state.uses[f"corners:{cid}"] = corners
    _send(state, cid, place)
    problems = violations(state, content)
    if words is None:
        assert problems == []
    else:
        assert len(problems) == 1 and words in problems[0], problems


def _alone_before_the_damned_one(content, items):
    """A lone bard on Chaos, the Damned One there (three special treasures brought it in), carrying
    ``items``, every skill too weak to win a trial at -3."""
    from overlord.games.underworld.handling import relocate
    from overlord.games.underworld.items import item_of
    state = engine.new_game(content, ["bard"], 1)
    on_top(state, "chaos")
    engine.apply(state, content, {"do": "extend", "stack": 0, "side": "N"})     # Chaos bears an arrow
    for cid in ("golden-staff", "bow-of-herkules", "scythe-of-thanatos") + tuple(items):
        relocate(state, cid, "items:bard", item=item_of(state, cid))
    from overlord.games.underworld.damned import check_entry
    check_entry(state, "bard")
    engine.apply(state, content, {"do": "step", "to": "chaos"})
    state.sheets["bard"].skills.update(magic=1, ranged=1, close=1)
    return state


@pytest.mark.parametrize("drink, healed", [(None, True), (False, False)])
def test_alone_nektar_is_drunk_between_the_rounds_of_the_final_battle(content, drink, healed):
    # HitU "Solitaire Play", "Fight Against the Damned One": "Between rounds of combat, Nektar or Ambrosia can be
    # used." - the engine's attack drinks one that heals without waste (or on the last LP) unless told not to
    state = _alone_before_the_damned_one(content, ["nektar-1"])
    assert state.damned == "in_chaos" and state.turn.phase == "act"
    attack = next(a for a in engine.legal_actions(state) if a["do"] == "attack_damned")
    engine.apply(state, content, attack if drink is None else {**attack, "with": {"drink": drink}})
    kinds = [e["event"] for e in state.log]
    first = kinds.index("final_battle_trial")
    drank = [i for i, e in enumerate(state.log) if e["event"] == "healed" and i > first]
    assert bool(drank) is healed
    if healed:
        assert kinds[drank[0] + 1:].count("final_battle_trial") >= 1       # between rounds, not after the fight
    assert any(e["event"] == "death" for e in state.log)
    assert violations(state, content) == []


def test_a_legal_action_naming_a_face_down_counter_is_a_violation(content, monkeypatch):
    # the soak's check of "Only revealed counters are offered": were the engine to offer a face-down Hermes on a
    # hero's tile (a marker moved there, not entered), the invariants would say so
    from overlord.games.underworld import places
    from overlord.games.underworld.handling import relocate
    state = engine.new_game(content, ["bard", "gnome"], 2)
    relocate(state, "hermes", "tile:styx")
    state.revealed.remove("hermes")
    engine.apply(state, content, {"do": "skip_extend"})
    engine.apply(state, content, {"do": "stop"})
    assert violations(state, content, full=True) == []
    monkeypatch.setattr(places, "encounter_problem", lambda *a: None)
    assert any("hermes, which lies face down" in p for p in violations(state, content, full=True))
