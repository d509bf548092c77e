"""Return of the Heroes' tasks, artifacts, the healing potion and healing by a turn sat out, on the
shipped content (the book's "Tasks", "Drawing Counters", "Counters", "Hit Points", "Rewards and
Experience"); the encounters are tests/test_roth_places.py's."""

from __future__ import annotations

import dataclasses

import pytest

from overlord.core.game import RulesError
from overlord.core.rng import Faces
from overlord.games.heroes.state import put, where
from overlord.games.heroes import life
from overlord.games.roth import actions, fights
from overlord.games.roth.setup import new_state
from overlord.games.roth.state import Ctx
from roth_helpers import box_fixture, unplace

box = box_fixture("box")
dice_box = box_fixture("dice_box", "{hobiro_roll: dice, cart_price: movement}")


def game(box, at: str, *lying: str, seed: int = 1):
    """Leandra's turn on field ``at`` with the counters ``lying`` face up there (taken from wherever
    they were)."""
    s = new_state(box, ["leandra", "gro"], seed)
    s.at["leandra"].field = at
    for inst in lying:
        unplace(s, inst)
        put(s, at, inst)
    return s


def holding(s, hero, *insts, box):
    """Counters onto the hero's sheet: tasks onto his trays, artifacts onto his squares."""
    ctx = Ctx.open(s, box)
    for inst in insts:
        unplace(s, inst)
        if inst in box.instances and box.spec(inst).task is not None:
            s.sheets[hero].tasks.append(inst)
        else:
            s.sheets[hero].items.append(actions.item_of(ctx, inst))


def kinds(out):
    return [e["event"] for e in out]


# -- tasks ---------------------------------------------------------------------------------------------

def test_a_task_taken_goes_on_a_tray_and_a_counter_is_drawn_for_it(box):
    """"You take the counter and place it on one of your four blue-bordered trays on your character
    sheet" and "always remember to replace a counter you take from the map with a new counter from
    the bag"; "If you decide to accept the task ... your movement is ended" (Counters)."""
    s = game(box, "G4", "lost-lamb-2")
    bag = len(s.bag)
    out = actions.take_task(Ctx.open(s, box), "leandra", "lost-lamb-2")
    assert s.sheets["leandra"].tasks == ["lost-lamb-2"] and where(s, "lost-lamb-2") is None
    assert kinds(out)[:2] == ["task_taken", "drawn"] and len(s.bag) == bag - 1
    assert s.turn.mp == 0 and s.turn.phase == "act"


def test_four_tasks_at_the_same_time_at_most(box):
    """"Which means I can only have four tasks at the same time? Correct.\""""
    s = game(box, "G4", "lost-lamb-2")
    holding(s, "leandra", "merchant", "pilgrim-1", "hobiro-task", "curses-clue", box=box)
    assert actions.task_targets(Ctx.reading(s, box), "leandra") == []
    with pytest.raises(RulesError, match="four tasks at the same time"):
        actions.take_task(Ctx.open(s, box), "leandra", "lost-lamb-2")


def test_a_task_laid_down_lies_face_up_and_draws_nothing(box):
    """Laying a task down (ours, the Dragon's rule): "place one of your ... current tasks face up on
    the field ... no replacement counter is drawn"."""
    s = game(box, "A3")
    holding(s, "leandra", "merchant", box=box)
    bag = list(s.bag)
    out = actions.drop_task(Ctx.open(s, box), "leandra", "merchant")
    assert where(s, "merchant") == "A3" and s.sheets["leandra"].tasks == [] and s.bag == bag
    assert kinds(out) == ["task_dropped"]


@pytest.mark.parametrize("task, at, also, lying, done", [
    pytest.param("lost-lamb-1", "I5", (), (), True, id="the lamb carried to the White Village: level 1 done"),
    pytest.param("lost-lamb-1", "N5", (), (), False, id="the lamb at the Temple: not its destination"),
    pytest.param("merchant", "G2", (), (), True, id="'Escort this merchant to Zenda': at Zenda, done"),
    pytest.param("royal-messenger", "J7", (), (), True, id="a place to visit, visited"),
    pytest.param("curses-clue", "N5", ("book-of-curses",), (), True,
                 id="'Did you find it here? Then bring it to the temple': the book at the Temple"),
    pytest.param("curses-clue", "N5", (), (), False, id="at the Temple without the book: not done"),
    pytest.param("hobiro-task", "F7", (), ("don-hobiro",), True, id="'Find Don Hobiro': he is on the field"),
    pytest.param("hobiro-task", "F7", (), (), False, id="'Is Don Hobiro home (counter already drawn)?' not yet"),
])
def test_when_a_task_is_done(box, task, at, also, lying, done):
    """"The triangle points to the location where you are to bring someone or something. When you
    reach your destination, you receive the reward"; "There are other tasks requiring you to first
    find the person, creature or artifact, as they are not yet on the map but in the bag" (Tasks)."""
    s = game(box, at, *lying)
    holding(s, "leandra", task, *also, box=box)
    assert actions.task_done(Ctx.reading(s, box), "leandra", task) is done


@pytest.mark.parametrize("cubes, taken", [
    pytest.param(["red"], ["red"], id="the player's colour of the two pictured"),
    pytest.param(None, ["red"], id="none named: the family's key (close is one cube from its third die)"),
])
def test_a_fulfilled_task_pays_its_reward_leaves_the_game_and_draws_a_counter(box, cubes, taken):
    """"you receive the reward specified on the counter, (which is usually) a colored Experience Point
    and a gold piece"; "Sometimes multicolored cubes are pictured, which means you can choose one of
    the colors displayed"; "And when I've fulfilled a task? You draw a counter from the bag, as well.
    And the task? Is removed from the game.\""""
    s = game(box, "I5")
    holding(s, "leandra", "lost-lamb-1", box=box)
    s.sheets["leandra"].cubes["close"] = ["red"]
    gold = s.sheets["leandra"].gold
    out = actions.fulfil(Ctx.open(s, box), "leandra", "lost-lamb-1", {"cubes": cubes} if cubes else {})
    reward = next(e for e in out if e["event"] == "reward")
    assert reward["cubes"] == taken and s.sheets["leandra"].gold == gold + 1
    assert "lost-lamb-1" in s.removed and s.sheets["leandra"].tasks == [] and "drawn" in kinds(out)


def test_a_task_not_done_is_not_fulfilled(box):
    """"When you reach your destination, you receive the reward" - not before."""
    s = game(box, "A3")
    holding(s, "leandra", "lost-lamb-1", box=box)
    with pytest.raises(RulesError, match="Lost Lamb is not fulfilled here"):
        actions.fulfil(Ctx.open(s, box), "leandra", "lost-lamb-1", {})


def test_the_book_of_curses_brought_to_the_temple_gives_the_magic_cross(box):
    """"This clue helps you to find the book of curses. E6 Find the Book of Curses ... N5 Bring it to
    the temple, and receive the magic cross" (Tasks)."""
    s = game(box, "N5")
    holding(s, "leandra", "curses-clue", "book-of-curses", box=box)
    out = actions.fulfil(Ctx.open(s, box), "leandra", "curses-clue", {})
    assert [i.id for i in s.sheets["leandra"].items] == ["cross"] and "book-of-curses" in s.removed
    assert next(e for e in out if e["event"] == "reward")["artifact"] == "cross"


def test_a_bought_staff_brought_to_the_boat_goes_back_to_the_market_pile(box):
    """"Buy a magic staff. L4 Bring to the Boat. Is the market open? Then buy a magic staff, bring it
    to the boat, and receive a stately reward" (Tasks); the staff handed over is a market artifact,
    back to its pile (ours)."""
    s = game(box, "L4")
    holding(s, "leandra", "staff-for-the-boat", "magic-staff-1", box=box)
    out = actions.fulfil(Ctx.open(s, box), "leandra", "staff-for-the-boat", {})
    assert "magic-staff-1" in s.market and s.sheets["leandra"].items == []
    assert len(next(e for e in out if e["event"] == "reward")["cubes"]) == 2


def test_a_reward_artifact_needs_a_square(box):
    """"The number of artifacts you are allowed to have is limited by the number of yellow-bordered
    trays on your character sheet, which means a maximum of four" (Improvement of Skills)."""
    s = game(box, "N5")
    holding(s, "leandra", "curses-clue", "book-of-curses", "short-bow-1", "short-sword-1", "horse", box=box)
    with pytest.raises(RulesError, match="needs an artifact square: drop an artifact first"):
        actions.fulfil(Ctx.open(s, box), "leandra", "curses-clue", {})


@pytest.mark.parametrize("fixture, ranged, faces, gain", [
    pytest.param("box", 6, [], 1, id="rating reading: ranged 6 is in 5-10, +1"),
    pytest.param("box", 3, [], 2, id="rating reading: ranged 3 is in 1-4, +2"),
    pytest.param("box", 11, [], 0, id="rating reading: 11 is in no step"),
    pytest.param("dice_box", 6, [1, 2], 2, id="dice reading: a roll of 3, +2"),
    pytest.param("dice_box", 6, [4, 5], 1, id="dice reading: a roll of 9, +1"),
    pytest.param("dice_box", 6, [6, 6], 0, id="dice reading: a roll of 12 teaches nothing"),
])
def test_don_hobiro_trains_the_hero_who_found_him(request, fixture, ranged, faces, gain):
    """"Is Don Hobiro home (counter already drawn)? Then he can give you training in range combat! F7
    Find Don Hobiro, he trains you in range combat: +2 for a roll of 1-4, +1 for a roll of 5-10"
    (Tasks); the roll read as the hero's ranged rating, or two dice (``hobiro_roll``)."""
    c = request.getfixturevalue(fixture)
    s = game(c, "F7", "don-hobiro")
    holding(s, "leandra", "hobiro-task", box=c)
    s.sheets["leandra"].skills["ranged"] = ranged
    out = actions.fulfil(Ctx.open(s, c, dice=Faces(faces)), "leandra", "hobiro-task", {})
    assert s.sheets["leandra"].skills["ranged"] == min(11, ranged + gain)
    assert next(e for e in out if e["event"] == "trained")["gain"] == gain
    assert where(s, "don-hobiro") == "F7"


# -- artifacts -----------------------------------------------------------------------------------------

def test_a_tasks_artifact_is_seen_and_taken_only_by_its_taker(box):
    """"Artifacts on the map with a blue/yellow border are part of a task, and these are only visible
    to the player whose task it is to find this artifact. The other players simply must ignore it.
    So I need to have the task 'find this object' in order to be able to see it. Correct, and only
    then can you pick it up and take it with you" (Counters)."""
    s = game(box, "E6")
    s.at["gro"].field = "E6"
    with pytest.raises(RulesError, match="no artifact leandra sees"):
        actions.take(Ctx.open(s, box), "leandra", "book-of-curses")
    holding(s, "leandra", "curses-clue", box=box)
    assert actions.take_targets(Ctx.reading(s, box), "gro") == []
    assert actions.take_targets(Ctx.reading(s, box), "leandra") == ["book-of-curses"]
    out = actions.take(Ctx.open(s, box), "leandra", "book-of-curses")
    assert kinds(out)[:2] == ["taken", "found"] and "drawn" in kinds(out)


def test_an_artifact_picked_up_draws_a_counter(box):
    """"You will draw a counter from the bag whenever you pick up a counter from a region" (What to
    Do First): the Magic Broomstick at C5."""
    s = game(box, "C5")
    out = actions.take(Ctx.open(s, box), "leandra", "magic-broomstick")
    assert [i.id for i in s.sheets["leandra"].items] == ["magic-broomstick"] and kinds(out)[:2] == ["taken", "drawn"]


@pytest.mark.parametrize("held, problem", [
    pytest.param(("short-bow-1", "short-sword-1", "horse", "boots"), "artifact squares are full",
                 id="'a maximum of four'"),
    pytest.param(("chain-mail",), "not with another piece of armor",
                 id="'armor can only be combined with a shield, not with another piece of armor'"),
])
def test_what_a_hero_cannot_carry(box, held, problem):
    """"The number of artifacts you are allowed to have is limited by the number of yellow-bordered
    trays on your character sheet, which means a maximum of four"; "armor can only be combined with a
    shield, not with another piece of armor" (Hit Points)."""
    s = game(box, "A3", "leather-armour-1")
    holding(s, "leandra", *held, box=box)
    with pytest.raises(RulesError, match=problem):
        actions.take(Ctx.open(s, box), "leandra", "leather-armour-1")


def test_armour_goes_with_a_shield(box):
    """"armor can only be combined with a shield\""""
    s = game(box, "A3", "shield-1")
    holding(s, "leandra", "chain-mail", box=box)
    actions.take(Ctx.open(s, box), "leandra", "shield-1")
    assert [i.id for i in s.sheets["leandra"].items] == ["chain-mail", "shield-1"]


@pytest.mark.parametrize("inst, to", [
    pytest.param("short-bow-1", "market", id="a market artifact back on the stack of the market counters"),
    pytest.param("magic-broomstick", "A3", id="any other artifact on the field"),
])
def test_an_artifact_dropped(box, inst, to):
    """"The magic items remain on the field where you died, but the artifacts bought on the market
    decay and are placed back on the stack of the market counters" (Hit Points), read for an artifact
    dropped."""
    s = game(box, "A3")
    holding(s, "leandra", inst, box=box)
    out = actions.drop(Ctx.open(s, box), "leandra", inst)
    assert out[0]["to"] == to and s.sheets["leandra"].items == []
    assert (inst in s.market) if to == "market" else where(s, inst) == "A3"


def test_the_dead_leave_magic_items_on_the_field_and_market_artifacts_decay(box):
    """"The magic items remain on the field where you died, but the artifacts bought on the market
    decay and are placed back on the stack of the market counters" (Hit Points): Leandra dies on A3
    with the cross, the Book of Curses, a short bow and a horse, and bequeaths the horse."""
    s = game(box, "A3")
    holding(s, "leandra", "cross", "book-of-curses", "short-bow-1", "horse", box=box)
    s.sheets["leandra"].natural = 1
    out = life.wound(Ctx.open(s, box), fights.LIFE, "leandra", "a test", "natural", keep="horse")
    assert out[-1]["event"] == "died" and sorted(s.board["A3"]) == ["book-of-curses", "cross"]
    assert "short-bow-1" in s.market and [i.id for i in s.sheets["leandra"].items] == ["horse"]


def test_the_healing_potion_gives_a_hit_point_back_three_times(box):
    """"At the market, you can buy a Healing Potion, which gives you a hit point back three times";
    "Healing Potion: 3 uses, 1 hit point per use" (Hit Points)."""
    s = game(box, "A3")
    holding(s, "leandra", "healing-potion-1", box=box)
    s.sheets["leandra"].natural = 1
    ctx = Ctx.open(s, box)
    healed = [actions.drink(ctx, "leandra", "healing-potion-1")[0] for _ in range(3)]
    assert [(e["healed"], e["left"]) for e in healed] == [(1, 2), (1, 1), (1, 0)]
    assert s.sheets["leandra"].natural == 4 and "healing-potion-1" in s.market and s.sheets["leandra"].items == []


def test_no_draught_above_the_line(box):
    """"Can I gain hit points below the line (i.e. more than my starting value)? No, only down to the
    line.\""""
    s = game(box, "A3")
    holding(s, "leandra", "healing-potion-1", box=box)
    assert actions.potions(Ctx.reading(s, box), "leandra") == []
    with pytest.raises(RulesError, match="only down to the line"):
        actions.drink(Ctx.open(s, box), "leandra", "healing-potion-1")


# -- a turn sat out ----------------------------------------------------------------------------------

@pytest.mark.parametrize("at, natural, after", [
    pytest.param("A2", 1, 4, id="'Go to your manor house and sit out one turn, then all ... restored'"),
    pytest.param("N5", 1, 2, id="'In the Temple (N5) ... one hit point per turn sat out'"),
    pytest.param("I5", 1, 2, id="'... and White Village (I5), you acquire one hit point per turn sat out'"),
])
def test_a_turn_sat_out_heals(box, at, natural, after):
    """"Go to your manor house and sit out one turn, then all your starting hit points are restored. In
    the Temple (N5) and White Village (I5), you acquire one hit point per turn sat out" (Hit Points)."""
    s = game(box, at)
    s.sheets["leandra"].natural = natural
    assert actions.can_rest(Ctx.reading(s, box), "leandra")
    actions.rest(Ctx.open(s, box), "leandra")
    assert s.sheets["leandra"].natural == after and s.turn.phase == "over"


def test_no_healing_elsewhere_nor_at_anothers_manor(box):
    """Hit points come back at "your manor house", the Temple and the White Village - Leandra's manor
    is A2, Gro's P2."""
    for at in ("A3", "P2"):
        s = game(box, at)
        s.sheets["leandra"].natural = 1
        assert not actions.can_rest(Ctx.reading(s, box), "leandra")
        with pytest.raises(RulesError, match="own manor house, the Temple"):
            actions.rest(Ctx.open(s, box), "leandra")


def test_a_healer_token_heals_a_turn_sat_out_anywhere(box):
    """The special skill tokens ("if possessed, place special skill token", Character Sheet) do what
    the book does not say; ours (heroes.yaml): the clerics' ``healer`` heals one hit point a turn sat
    out on any field. Leandra given Frieda's token."""
    c = dataclasses.replace(box, heroes={**box.heroes, "leandra": box.heroes["leandra"].model_copy(
        update={"special": box.heroes["frieda"].special})})
    s = game(c, "A3")
    s.sheets["leandra"].natural = 1
    out = actions.rest(Ctx.open(s, c), "leandra")
    assert out[-1]["at"] == "healer" and s.sheets["leandra"].natural == 2


def test_a_turn_sat_out_is_the_whole_turn(box):
    """"sit out one turn": nothing else done in it."""
    s = game(box, "A2")
    s.sheets["leandra"].natural = 1
    s.turn.fresh = False
    with pytest.raises(RulesError, match="sit out one turn"):
        actions.rest(Ctx.open(s, box), "leandra")
