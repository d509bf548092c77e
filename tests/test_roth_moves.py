"""Movement in Return of the Heroes on the shipped content (the book's "Movement", "Fields and Hidden
Locations", "Counters", "Actions", "The Final Battle Against the Nameless"): steps and their
refusals, the lake and the boat, hidden paths, what a hero meets where he arrives, the tower, the
vehicles, the teleporter and the Magic Broomstick."""

from __future__ import annotations

import pytest

from overlord.core.game import RulesError
from overlord.core.rng import Faces
from overlord.games import registry
from overlord.games.heroes.sheet import Item
from overlord.games.heroes.state import face_up, put, where
from overlord.games.roth import fights, moves
from overlord.games.roth.load import load
from overlord.games.roth.setup import new_state
from overlord.games.roth.state import Ctx, TurnState
from roth_helpers import box_folder

HEROES = ["leandra", "gro", "glingal"]      # a fighter (3 fields), a dwarf (2), an elf (4, pathfinder)


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    registry.games()
    return load(box_folder(tmp_path_factory.mktemp("roth"), "race"))


@pytest.fixture(scope="module")
def box_f4(tmp_path_factory):
    registry.games()
    return load(box_folder(tmp_path_factory.mktemp("roth-f4"), "race", rules="{boat_field: F4}"))


def standing(box, hero: str, fid: str, mp: int | None = None, seed: int = 1):
    """``hero``'s turn at its start, on ``fid``, every counter taken off the board (into the bag)."""
    s = new_state(box, HEROES, seed)
    for here in s.board.values():
        s.bag.extend(here)
    s.board, s.down = {}, []
    s.at[hero].field = fid
    s.turn = TurnState(hero=hero, mp=moves.allowance(Ctx.open(s, box), hero) if mp is None else mp)
    return s


def off(s, inst: str) -> None:
    """The counter ``inst`` taken from wherever it was."""
    for place in (s.bag, s.aside, s.removed, s.market):
        if inst in place:
            place.remove(inst)
    if where(s, inst) is not None:
        s.board[where(s, inst)].remove(inst)


def lay(s, fid: str, inst: str, down: bool = False) -> None:
    """The counter ``inst`` onto ``fid`` (from wherever it was)."""
    off(s, inst)
    put(s, fid, inst, face_down=down)


def carrying(box, s, hero: str, *artifacts: str) -> None:
    """Artifacts of the shipped file on the hero's sheet, as the sheet's items."""
    for aid in artifacts:
        a = box.artifacts[aid]
        s.sheets[hero].items.append(Item(aid, a.name, movement=a.movement))


def events(out, name):
    return [e for e in out if e["event"] == name]


# -- steps -------------------------------------------------------------------------------------------

def test_a_step_follows_the_routes_for_one_movement_point(box):
    """"Number in footprint = number of fields you can move in a turn"; "The tan fields are normal ones
    and cost one movement point to enter" (Movement, Fields and Hidden Locations)."""
    s = standing(box, "leandra", "K6")
    ctx = Ctx.open(s, box)
    assert moves.step_targets(ctx, "leandra") == ["K2", "K4", "K7"]
    assert moves.mp_left(ctx, "leandra") == 3
    moves.step(ctx, "leandra", "K7")
    assert (s.at["leandra"].field, s.turn.mp, s.turn.phase) == ("K7", 2, "move")


@pytest.mark.parametrize("turn, match", [
    pytest.param(dict(phase="act", acted=True), "Any action ends movement",
                 id="\"Any action ends movement\": after an action, no step"),
    pytest.param(dict(mp=0), "Number in footprint",
                 id="\"Number in footprint = number of fields you can move in a turn\": none left, no step"),
    pytest.param(dict(combat="wolves-1"), "must do battle with",
                 id="\"creatures that you must do battle with, thus ending your movement\""),
    pytest.param(dict(hero="gro"), "gro's turn",
                 id="a step is the mover's own: not in another hero's turn"),
])
def test_no_step_when_the_movement_is_over(box, turn, match):
    s = standing(box, "leandra", "K6")
    for key, value in turn.items():
        setattr(s.turn, key, value)
    ctx = Ctx.open(s, box)
    assert moves.step_targets(ctx, "leandra") == [] and not moves.can_move(ctx, "leandra")
    with pytest.raises(RulesError, match=match):
        moves.step(ctx, "leandra", "K7")


def test_no_step_but_along_a_route(box):
    """A step follows a route ("Movement is effected by following the routes from field to field",
    Under the Shadow of the Dragon, Movement; the family's): K6 is not joined to K5 on our map."""
    s = standing(box, "leandra", "K6")
    with pytest.raises(RulesError, match="no route from K6 to K5"):
        moves.step(Ctx.open(s, box), "leandra", "K5")


# -- the lake and the boat ---------------------------------------------------------------------------

@pytest.mark.parametrize("boat, frm, to, paid", [
    pytest.param(False, "L1", "L4", 0, id="\"There is no roll required to move onto a blue field\": L1 to L4 free"),
    pytest.param(False, "L4", "L8", 1, id="\"from one blue field to another ... one gold piece\": L4 to L8"),
    pytest.param(False, "L6", "L4", 1, id="the other lake route, L6 to L4: one gold piece"),
    pytest.param(True, "L4", "L8", 0, id="\"Crossing the lake from the field where the boat lies ... is free\""),
    pytest.param(True, "L4", "L6", 0, id="\"If the boat is in play, the crossing from L4 is free\": to L6 too"),
    pytest.param(True, "L8", "L4", 1, id="towards the boat's field the crossing is not from it: one gold piece"),
])
def test_crossing_the_lake(box, boat, frm, to, paid):
    """"Moving from one blue field to another blue field over the two routes (in region L) costs the
    exorbitant price of one gold piece. This only changes if the boat is in play" (Fields and Hidden
    Locations)."""
    s = standing(box, "leandra", frm)
    if boat:
        lay(s, "L4", "boat")
    gold = s.sheets["leandra"].gold
    out = moves.step(Ctx.open(s, box), "leandra", to)
    assert s.at["leandra"].field == to and s.turn.mp == 2
    assert s.sheets["leandra"].gold == gold - paid
    assert [e["paid"] for e in events(out, "lake_crossing")] == ([] if frm == "L1" else [paid])


def test_no_gold_no_crossing(box):
    """"costs the exorbitant price of one gold piece": with none, the crossing is no target."""
    s = standing(box, "leandra", "L4")
    s.sheets["leandra"].gold = 0
    ctx = Ctx.open(s, box)
    assert moves.step_targets(ctx, "leandra") == ["L1", "L2"]
    with pytest.raises(RulesError, match="costs 1 gold piece, he has 0"):
        moves.step(ctx, "leandra", "L8")


def test_the_boat_on_f4_reading(box_f4):
    """"Crossing the lake from the field where the boat lies (F4) is free" (the reading boat_field:
    F4): no crossing starts from F4, so the boat frees none from L4."""
    s = standing(box_f4, "leandra", "L4")
    lay(s, "L4", "boat")
    moves.step(Ctx.open(s, box_f4), "leandra", "L8")
    assert s.sheets["leandra"].gold == box_f4.heroes["leandra"].gold - 1


# -- hidden paths ------------------------------------------------------------------------------------

@pytest.mark.parametrize("hero, roll, found", [
    pytest.param("leandra", [4, 5], True, id="\"rolling equal to or less than the number\": 9 on C2's 9 finds it"),
    pytest.param("leandra", [5, 5], False, id="10 on C2's 9: the path is not found"),
    pytest.param("glingal", [5, 5], True, id="\"the elves find hidden paths a point easier\" (ours): 10 on 9"),
    pytest.param("glingal", [5, 6], False, id="the elf's 11 on C2's 9: not found"),
])
def test_a_hidden_field_is_found_with_two_dice(box, hero, roll, found):
    """"By rolling equal to or less than the number displayed in the field with two dice. If your roll
    was successful, you have found the path and can enter as if it were a normal tan field. If not
    ... Place your character halfway on the path to the chosen colored field" (Fields and Hidden
    Locations)."""
    s = standing(box, hero, "C3", mp=3)
    out = moves.step(Ctx.open(s, box, dice=Faces(roll)), hero, "C2")
    assert events(out, "search")[0]["found"] is found
    hs = s.at[hero]
    if found:
        assert (hs.field, hs.between, s.turn.mp, s.turn.phase) == ("C2", "", 2, "move")
    else:
        assert (hs.field, hs.between, s.turn.mp, s.turn.phase) == ("C3", "C2", 0, "act")


@pytest.mark.parametrize("roll, mp, phase", [
    pytest.param([4, 5], 2, "move", id="\"You may try again on your next turn. If you make it, see above\""),
    pytest.param([6, 6], 0, "act", id="\"you may place your character on the colored field anyway - you found the "
                                      "hidden path, but your movement is over for this turn\""),
])
def test_searching_again_on_the_next_turn(box, roll, mp, phase):
    s = standing(box, "leandra", "C3", mp=3)
    moves.step(Ctx.open(s, box, dice=Faces([6, 6])), "leandra", "C2")
    assert s.at["leandra"].searched == 1
    s.turn = TurnState(hero="leandra", mp=3)
    ctx = Ctx.open(s, box, dice=Faces(roll))
    assert moves.step_targets(ctx, "leandra") == [] and moves.can_search_again(ctx, "leandra")
    moves.search_again(ctx, "leandra")
    assert (s.at["leandra"].field, s.at["leandra"].between, s.turn.mp, s.turn.phase) == ("C2", "", mp, phase)
    assert s.at["leandra"].searched == 0


def test_the_search_again_is_the_next_turns_first_thing(box):
    """"You may try again on your next turn": not in the turn the search failed."""
    s = standing(box, "leandra", "C3", mp=3)
    ctx = Ctx.open(s, box, dice=Faces([6, 6]))
    moves.step(ctx, "leandra", "C2")
    assert not moves.can_search_again(ctx, "leandra")
    with pytest.raises(RulesError, match="at the start of the next turn"):
        moves.search_again(ctx, "leandra")


def test_the_amulet_needs_no_dice(box):
    """The Amulet: "Can move through all special fields without rolling the dice" (Improvement of
    Skills, Magic Objects): no die is rolled (none is scripted)."""
    s = standing(box, "leandra", "C3", mp=3)
    carrying(box, s, "leandra", "amulet")
    out = moves.step(Ctx.open(s, box, dice=Faces([])), "leandra", "C2")
    assert not events(out, "search") and s.at["leandra"].field == "C2" and s.turn.mp == 2


# -- what a hero meets -------------------------------------------------------------------------------

@pytest.mark.parametrize("chit, fight", [
    pytest.param("wolves-1", True, id="\"The ones with a red border ... you must do battle with, thus ending your "
                                      "movement\""),
    pytest.param("lost-lamb-1", False, id="\"a counter with a blue border, which are tasks ... After looking at "
                                          "these, you can continue to move\""),
    pytest.param("hermit-1", False, id="\"or a green border, which are encounters ... you can continue to move\""),
])
def test_a_random_encounter_chit_is_turned_over(box, chit, fight):
    """"At every random encounter chit, you have to stop and turn it over" (Counters)."""
    s = standing(box, "leandra", "K6")
    lay(s, "K7", chit, down=True)
    out = moves.step(Ctx.open(s, box), "leandra", "K7")
    assert face_up(s, chit) and [e["counter"] for e in events(out, "revealed")] == [chit]
    assert (s.turn.combat, s.turn.mp) == ((chit, 0) if fight else ("", 2))


def test_a_face_up_creature_must_be_fought_too(box):
    """A creature left face up by a lost fight ("You can either take up combat again or move along")
    is a creature "that you must do battle with" for the next hero who enters its field (ours)."""
    s = standing(box, "leandra", "K6")
    lay(s, "K7", "troll-1")
    moves.step(Ctx.open(s, box), "leandra", "K7")
    assert s.turn.combat == "troll-1" and moves.creature_here(Ctx.open(s, box), "leandra", "K7") == "troll-1"


def test_a_magic_item_left_where_a_hero_died_is_no_creature(box):
    """"The magic items remain on the field where you died" (Hit Points): a task's magic object lies
    there by its artifact id, not as a counter of the bag; the next hero who steps onto the field
    meets no creature (the program crashed looking it up as a counter, found past round 80 of a
    Standard Game)."""
    s = standing(box, "leandra", "K6")
    put(s, "K7", "yew-staff")
    moves.step(Ctx.open(s, box), "leandra", "K7")
    assert s.at["leandra"].field == "K7" and not s.turn.combat
    assert moves.creature_here(Ctx.open(s, box), "leandra", "K7") is None


@pytest.mark.parametrize("hero, fight", [
    pytest.param("gro", True, id="the Lizard People are Gro's deed: a creature he must vanquish there"),
    pytest.param("leandra", False, id="\"Does this mean other players have to move away from counters that concern "
                                      "somebody else's heroic deed? Yes\""),
])
def test_a_deeds_creature_is_its_holders_alone(box, hero, fight):
    """"the counters with half their bordering in purple are part of a heroic deed and are thus only
    visible to the one with the matching heroic deed" (Counters)."""
    s = standing(box, hero, "K7")
    lay(s, "K6", "lizard-people")
    out = moves.step(Ctx.open(s, box), hero, "K6")
    assert s.turn.combat == ("lizard-people" if fight else "")
    assert [e["counter"] for e in events(out, "unnoticed")] == ([] if fight else ["lizard-people"])


@pytest.mark.parametrize("stone, fight", [
    pytest.param(True, True, id="with the precious stone, the Guard must be fought"),
    pytest.param(False, False, id="\"First you need a precious stone, as it is the key\": without, he passes"),
])
def test_a_guard_on_his_post(box, stone, fight):
    """"The four guards are placed (values hidden) on their posts" (The Emergence of the Nameless): a
    hero with the precious stone must fight him, and the Guard is turned up as the fight begins (the
    skills he may choose are its dots); a hero without the stone is not made to fight him and his
    values stay hidden (ours)."""
    s = standing(box, "leandra", "H1")
    s.at["leandra"].stone = stone
    lay(s, "H5", "guard-1", down=True)
    out = moves.step(Ctx.open(s, box), "leandra", "H5")
    assert face_up(s, "guard-1") is fight and bool(events(out, "revealed")) is fight
    assert s.turn.combat == ("guard-1" if fight else "")
    assert [e["why"][:19] for e in events(out, "passes")] == ([] if fight else ["no precious stone: "])


def test_a_servants_values_stay_hidden_until_the_fight(box):
    """"the number of servants that appear on the map (values also hidden)": a Servant is a creature
    to fight, face down until a hero meets him - turned up as the fight begins, when he must be fought
    (ours: the skills the hero may choose are its dots)."""
    s = standing(box, "leandra", "O6")
    lay(s, "O7", "servant-7", down=True)
    lay(s, "O5", "servant-6", down=True)
    assert not face_up(s, "servant-6")
    out = moves.step(Ctx.open(s, box), "leandra", "O7")
    assert s.turn.combat == "servant-7" and face_up(s, "servant-7") and events(out, "revealed")
    assert not face_up(s, "servant-6")                     # one he has not met keeps its values hidden


# -- the tower -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("nameless, stone, beaten, match", [
    pytest.param("absent", True, True, "the Nameless is not on it", id="no Nameless on his tower"),
    pytest.param("on_tower", False, True, "First you need a precious stone", id="no precious stone"),
    pytest.param("on_tower", True, False, "If you beat him, then you can continue on to the Nameless",
                 id="\"In order to challenge the Nameless, you must first overcome a guard\""),
    pytest.param("on_tower", True, True, None, id="a Guard beaten last turn: \"continue on to the Nameless\""),
])
def test_the_tower_is_entered_past_a_beaten_guard(box, nameless, stone, beaten, match):
    """"If you beat him, then you can continue on to the Nameless and do battle with him in your next
    turn"; "Once there you can't go back. It's him or you!" - the Nameless must be fought there."""
    s = standing(box, "leandra", "H5")
    s.nameless = nameless
    if nameless == "on_tower":
        lay(s, "H3", "nameless")
    s.at["leandra"].stone, s.at["leandra"].guard_beaten = stone, beaten
    ctx = Ctx.open(s, box)
    assert ("H3" in moves.step_targets(ctx, "leandra")) is (match is None)
    if match is not None:
        with pytest.raises(RulesError, match=match):
            moves.step(ctx, "leandra", "H3")
        return
    moves.step(ctx, "leandra", "H3")
    assert (s.turn.combat, s.turn.mp) == ("nameless", 0)
    fights.final_battle(Ctx.open(s, box, dice=Faces([1, 1] * box.nameless[s.nameless_card].life)), "leandra",
                        "close")
    assert s.outcome == "victory" and s.turn.combat == ""


# -- horse, cart and boots -----------------------------------------------------------------------------

@pytest.mark.parametrize("hero, vehicles, allowance", [
    pytest.param("gro", [], 2, id="\"Dwarves like me can only move two fields per turn\""),
    pytest.param("gro", ["horse"], 3, id="\"Horse: +1\""),
    pytest.param("gro", ["boots"], 3, id="\"Boots: +1\""),
    pytest.param("gro", ["cart"], 4, id="\"Cart: ... +2\": \"a cart can easily take care of this problem\""),
    pytest.param("gro", ["horse", "cart"], 4, id="\"you can't ride a horse and a cart at the same time\""),
    pytest.param("leandra", ["horse", "boots"], 4, id="\"These cannot be combined\": horse and boots, +1"),
])
def test_vehicles_cannot_be_combined(box, hero, vehicles, allowance):
    """"Your hero's movement points can be altered with a horse, cart or boots. These cannot be
    combined" (Movement): the shipped vehicles, the best one counted."""
    s = standing(box, hero, "K6")
    carrying(box, s, hero, *vehicles)
    assert moves.allowance(Ctx.open(s, box), hero) == allowance


# -- the teleporter and the Magic Broomstick ---------------------------------------------------------------

def test_the_teleporter_ends_the_move_on_a_tan_field(box):
    """Our Teleporter: "Step through to any tan field of the map; the move ends there" - exploiting
    an encounter ("If you decide to ... exploit the encounter, however, your movement is ended"),
    once a turn ("can be used once per player's turn")."""
    s = standing(box, "leandra", "E7")
    lay(s, "E7", "teleporter")
    lay(s, "K6", "wolves-1", down=True)
    ctx = Ctx.open(s, box)
    targets = moves.teleport_targets(ctx, "leandra")
    assert "K6" in targets and not {"H3", "C2", "L4", "E7"} & set(targets)
    out = moves.teleport(ctx, "leandra", "K6")
    assert s.at["leandra"].field == "K6" and s.turn.acted and s.turn.used == ["teleporter"]
    assert s.turn.combat == "wolves-1" and events(out, "revealed")


@pytest.mark.parametrize("to, match", [
    pytest.param("H3", "not H3", id="the tower: \"In order to challenge the Nameless, you must first overcome a "
                                    "guard\""),
    pytest.param("C2", "not C2", id="\"any tan field\": not a hidden (green) field"),
])
def test_the_teleporter_goes_to_tan_fields(box, to, match):
    s = standing(box, "leandra", "E7")
    lay(s, "E7", "teleporter")
    with pytest.raises(RulesError, match=match):
        moves.teleport(Ctx.open(s, box), "leandra", to)


def test_the_teleporter_once_a_turn(box):
    """Encounters "can be used once per player's turn"."""
    s = standing(box, "leandra", "E7")
    lay(s, "E7", "teleporter")
    s.turn.used.append("teleporter")
    ctx = Ctx.open(s, box)
    assert moves.teleport_targets(ctx, "leandra") == []
    with pytest.raises(RulesError, match="once per player's turn"):
        moves.teleport(ctx, "leandra", "K6")


def test_after_a_fight_no_second_fight(box):
    """"Combat (only once per turn)" (Actions): a hero who fought, then teleported onto a creature,
    passes it by."""
    s = standing(box, "leandra", "E7")
    lay(s, "E7", "teleporter")
    lay(s, "K6", "troll-1")
    s.turn.fought, s.turn.phase, s.turn.mp = True, "act", 0
    out = moves.teleport(Ctx.open(s, box), "leandra", "K6")
    assert s.turn.combat == "" and events(out, "passes")[0]["why"].startswith("he has fought this turn")


@pytest.mark.parametrize("roll, home", [
    pytest.param(1, True, id="the Magic Broomstick \"returns on a roll of 1\" to its coordinates, C5"),
    pytest.param(2, False, id="any other roll: he keeps it"),
])
def test_the_magic_broomstick(box, roll, home):
    """Our Magic Broomstick: "Fly to any field; a 1 after the flight sends it home to its coordinates"
    - no hidden path searched, the movement over."""
    s = standing(box, "leandra", "K6")
    off(s, "magic-broomstick")
    s.sheets["leandra"].items.append(Item("magic-broomstick", "Magic Broomstick"))
    ctx = Ctx.open(s, box, dice=Faces([roll]))
    assert "C2" in moves.fly_targets(ctx, "leandra") and "H3" not in moves.fly_targets(ctx, "leandra")
    out = moves.fly(ctx, "leandra", "C2")
    assert s.at["leandra"].field == "C2" and (s.turn.mp, s.turn.phase) == (0, "act") and not events(out, "search")
    assert (where(s, "magic-broomstick") == "C5") is home
    assert any(i.id == "magic-broomstick" for i in s.sheets["leandra"].items) is not home


def test_no_broomstick_no_flight(box):
    """Only the Magic Broomstick's holder flies (our counter: "A flying broom")."""
    s = standing(box, "leandra", "K6")
    with pytest.raises(RulesError, match="no Magic Broomstick"):
        moves.fly(Ctx.open(s, box), "leandra", "C2")
