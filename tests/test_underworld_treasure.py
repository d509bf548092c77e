"""Heroes in the Underworld: the treasure heap, wishing for good luck, traps and creatures of the
Damned One. Rule readings: see ``overlord.games.underworld.treasure``."""

import copy

import pytest
from test_underworld_rules import heap, make_state

from overlord.games.heroes.sheet import RulesError, gain_cube
from overlord.games.underworld.handling import relocate
from overlord.games.underworld.state import TurnState, counter_problems, where
from overlord.games.underworld.treasure import draw_treasure, escape_trap

SIX = ("ring", "sandals", "mirror", "advice-of-hermes", "nektar-1", "lightning-bolts")


@pytest.mark.parametrize("keep, place, gold", [
    # HitU "Items": "the player must place the item marker on a free box in the item section"
    (True, "items:hippolyte", 2),
    # HitU "Treasure": "it can be exchanged for 1 gold piece ... The treasure marker is put back in the heap and
    # remains revealed"
    (False, "treasure_up", 3),
])
def test_a_drawn_item_is_kept_or_traded(keep, place, gold):
    state = make_state()
    heap(state, "sickle-1")
    draw_treasure(state, "hippolyte", keep=keep)
    assert where(state, "sickle-1") == place
    assert state.sheets["hippolyte"].gold == gold
    assert counter_problems(state) == []


def test_a_draw_is_random_from_the_face_down_heap():
    # HitU: "one face-down marker is selected at random"
    seen = set()
    for seed in range(12):
        state = make_state(seed)
        heap(state, *SIX)
        events = draw_treasure(state, "hippolyte")
        seen.add(events[0]["markers"][0])
        assert counter_problems(state) == []
    assert len(seen) > 2


def test_item_that_cannot_be_carried_is_traded_headless():
    # HitU: "If the hero does not want this item, or cannot carry any more items, it can be exchanged for 1 gold"
    state = make_state()
    heap(state, "sling-1")
    relocate(state, "sickle-1", "items:hippolyte")
    draw_treasure(state, "hippolyte")
    assert where(state, "sling-1") == "treasure_up" and state.sheets["hippolyte"].gold == 3
    assert counter_problems(state) == []


def test_reshuffle_when_no_face_down_marker_remains():
    # HitU: "If no uncovered treasure markers remain, turn all the face-up treasure markers face down and mix them
    # into a new treasure heap."
    state = make_state()
    heap(state)
    relocate(state, "ring", "treasure_up")
    events = draw_treasure(state, "hippolyte")
    assert [e["event"] for e in events][:2] == ["treasure_reshuffled", "treasure_revealed"]
    assert where(state, "ring") == "items:hippolyte"
    assert counter_problems(state) == []


def test_hylonome_two_draws_wishing_for_luck():
    # HitU: "Example: Hylonome may draw 2 treasures. For the first draw she spends 1 gold, reveals three treasure
    # markers and selects one to keep. The two unselected markers remain face up. For the second treasure draw, she
    # likewise will spend 1 gold – again 3 treasure markers are uncovered, one of which may be selected. The two
    # face-up treasure markers of the first "round" may not be selected for the second draw."
    state = make_state()
    heap(state, *SIX)
    events = draw_treasure(state, "hippolyte", 2, wish=[True, True])
    shown = [e["markers"] for e in events if e["event"] == "treasure_revealed"]
    assert len(shown) == 2 and all(len(s) == 3 for s in shown)
    assert not set(shown[0]) & set(shown[1])       # the first round's two stay face up: not drawn again
    sheet = state.sheets["hippolyte"]
    assert sheet.gold == 0                         # 1 gold per wish
    kept = [i.id for i in sheet.items]
    assert len(kept) == 2 and kept[0] in shown[0] and kept[1] in shown[1]
    # "The two markers not selected are put face down and mixed back into the treasure heap."
    assert sorted(state.treasure) == sorted(set(SIX) - set(kept))
    assert not any(k.startswith("showing:") for k in state.uses)
    assert counter_problems(state) == []


def test_hylonome_may_not_choose_from_the_first_round():
    # HitU: "the hero may only select from the 3 most recent draws"
    state = make_state()
    heap(state, *SIX)
    probe = copy.deepcopy(state)
    first = next(e for e in draw_treasure(probe, "hippolyte", 2, wish=True) if e["event"] == "treasure_revealed")
    first_pick = probe.sheets["hippolyte"].items[0].id
    left_up = next(c for c in first["markers"] if c != first_pick)
    with pytest.raises(RulesError, match="3 most recent"):
        draw_treasure(state, "hippolyte", 2, wish=True, pick=[first_pick, left_up])
    # the failed call left nothing face up
    assert not any(k.startswith("showing:") for k in state.uses)
    assert counter_problems(state) == []


def test_wishing_costs_a_gold_piece():
    # HitU: "by forfeiting 1 gold piece the player may flip over 3 treasure markers"
    state = make_state()
    heap(state, *SIX)
    state.sheets["hippolyte"].gold = 0
    with pytest.raises(RulesError):
        draw_treasure(state, "hippolyte", wish=True)
    assert counter_problems(state) == []


@pytest.mark.parametrize("pick, ok", [("ring", False), ("soul-sword", True), (None, True)])
def test_a_black_weapon_must_be_chosen_with_a_shadow_cube_in_its_skill(pick, ok):
    # HitU: "Black Weapons must be taken by a hero if that hero has at least 1 SC in the matching skill – even if
    # there is a choice between the taking of several items!"
    state = make_state()
    heap(state, "soul-sword", "ring", "mirror")
    gain_cube(state.sheets["hippolyte"], "black", "close")
    if ok:
        draw_treasure(state, "hippolyte", wish=True, pick=pick)
        assert where(state, "soul-sword") == "items:hippolyte"
        assert state.dark_side == 1        # "If the item is taken by a hero, place 1 SC on the Dark Side."
    else:
        with pytest.raises(RulesError, match="must be chosen"):
            draw_treasure(state, "hippolyte", wish=True, pick=pick)
    assert counter_problems(state) == []


def test_a_forced_black_weapon_cannot_be_refused():
    # HitU Black Crossbow: "A hero with an SC in the Ranged Combat skill must take the Black Crossbow."
    state = make_state()
    heap(state, "soul-sword")
    gain_cube(state.sheets["hippolyte"], "black", "close")
    with pytest.raises(RulesError, match="must be taken"):
        draw_treasure(state, "hippolyte", keep=False)
    assert counter_problems(state) == []


def test_an_unforced_black_weapon_is_left_headless_and_never_traded():
    # HitU: "Black weapons may not be traded for gold."
    state = make_state()
    heap(state, "soul-sword")
    draw_treasure(state, "hippolyte")
    assert where(state, "soul-sword") == "treasure_up"
    assert state.sheets["hippolyte"].gold == 2 and state.dark_side == 0
    assert counter_problems(state) == []


@pytest.mark.parametrize("dice, trapped", [([1, 1], False), ([6, 6], True)])
def test_a_trap(dice, trapped):
    # HitU "Traps": "Place 1 SC on the Dark Side ... The hero must immediately perform a skill check ... If the skill
    # check fails, the hero is stuck in the trap, and the turn ends." "A trap is removed from play as soon as the
    # hero passes the skill check."
    state = make_state()
    heap(state, "trap-1")
    draw_treasure(state, "hippolyte", dice=dice)
    assert state.dark_side == 1
    if trapped:
        assert state.trapped == {"hippolyte": "trap-1"} and state.turn.phase == "done"
    else:
        assert where(state, "trap-1") == "removed" and state.trapped == {}
    assert counter_problems(state) == []


def test_a_trap_skill_must_be_pictured():
    # HitU: "The hero must test against any skill pictured on the counter." (our traps picture all three skills;
    # this one, as a printed trap may, pictures two)
    state = make_state()
    state.catalogue["trap"].dots = {"red": -1, "blue": -1}
    heap(state, "trap-1")
    with pytest.raises(RulesError, match="pictured"):
        draw_treasure(state, "hippolyte", trap_skill="ranged", dice=[1, 1])
    assert counter_problems(state) == []


def test_escaping_a_trap_takes_an_action():
    # HitU: "To leave the trap takes an action ... If it succeeds, the marker is discarded. If it fails, the hero must
    # attempt to escape again on the next turn and can take no further action."
    state = make_state()
    heap(state, "trap-1", "trap-2")
    relocate(state, "trap-1", "trap:hippolyte")
    escape_trap(state, "hippolyte", skill="close", dice=[6, 6])
    assert state.trapped == {"hippolyte": "trap-1"} and state.turn.phase == "done"
    with pytest.raises(RulesError):
        escape_trap(state, "hippolyte", dice=[1, 1])            # the turn is over
    state.turn = TurnState(hero="hippolyte", phase="act")
    state.round += 1
    escape_trap(state, "hippolyte", skill="magic", dice=[1, 1])
    assert state.trapped == {} and where(state, "trap-1") == "removed"
    assert counter_problems(state) == []


def test_trapped_heroes_take_no_other_draws():
    # HitU: "Heroes in traps cannot take any further actions except to attempt to escape."
    state = make_state()
    heap(state, "trap-1")
    relocate(state, "ring", "treasure_up")
    events = draw_treasure(state, "hippolyte", 2, dice=[6, 6])
    assert state.trapped == {"hippolyte": "trap-1"}
    assert events[-1]["event"] == "draws_lost" and where(state, "ring") == "treasure_up"
    assert counter_problems(state) == []


def test_a_creature_of_the_damned_one_defeated():
    # HitU: "When creatures of the Damned One are revealed, combat occurs immediately and 1 SC is placed on the Dark
    # Side"; "When a creature is defeated, remove the marker from the game."; Glossary: "If this creature is
    # defeated, a new treasure marker may be drawn."
    state = make_state()
    heap(state, "damned-creature-1")
    relocate(state, "ring", "treasure_up")
    draw_treasure(state, "hippolyte", dice=[1, 1])
    assert state.dark_side == 1
    assert where(state, "damned-creature-1") == "removed"
    assert where(state, "ring") == "items:hippolyte"
    assert counter_problems(state) == []


def test_a_creature_of_the_damned_one_lost():
    # HitU: "If the combat against the creature fails, the treasure marker is placed face up on the map tile occupied
    # by the hero and will remain until it is defeated."
    state = make_state()
    heap(state, "damned-creature-1")
    draw_treasure(state, "hippolyte", dice=[6, 6])
    assert where(state, "damned-creature-1") == "tile:styx" and "damned-creature-1" in state.revealed
    assert sum(c == "black" for t in state.sheets["hippolyte"].cubes.values() for c in t) == 1
    assert state.turn.combat_lost
    assert counter_problems(state) == []


def test_draws_without_forced_dice_replay_from_the_state():
    # the game's one generator (state.rng) draws the marker and the dice: the same state replays the same game
    outcomes = []
    for _ in range(2):
        state = make_state(5)
        heap(state, "trap-1", "trap-2", "ring", "mirror")
        before = dict(state.rng)
        events = draw_treasure(state, "hippolyte", 2)
        assert state.rng != before
        outcomes.append([(e["event"], e.get("markers"), e.get("trial")) for e in events])
        assert counter_problems(state) == []
    assert outcomes[0] == outcomes[1]
