"""Combat in Return of the Heroes on the shipped content (the book's "Combat and Combat Trials",
"Hit Points", "Drawing Counters", "The Final Battle Against the Nameless"): a trial a heart, the
skills a counter's dots allow, the reward and the draw, a Servant's and a Guard's fates, a lost
fight's hit point and death."""

from __future__ import annotations

import pytest

from overlord.core.game import RulesError
from overlord.core.rng import Faces
from overlord.games import registry
from overlord.games.heroes.sheet import Item, accept_task, cube_count
from overlord.games.heroes.state import face_up, put, where
from overlord.games.roth import fights
from overlord.games.roth.load import load
from overlord.games.roth.setup import new_state
from overlord.games.roth.state import Ctx
from roth_helpers import box_folder

WIN, LOSE = [1, 1], [6, 6]          # two dice, no cube yet: 2 wins any trial, 12 loses any


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    registry.games()
    return load(box_folder(tmp_path_factory.mktemp("roth"), "race"))


def facing(box, inst: str, seed: int = 1):
    """Leandra's turn, the counter ``inst`` face up on her field (taken from wherever it was)."""
    s = new_state(box, ["leandra", "gro"], seed)
    for place in (s.bag, s.aside, s.removed, s.market):
        if inst in place:
            place.remove(inst)
    if where(s, inst) is not None:
        s.board[where(s, inst)].remove(inst)
        s.down = [i for i in s.down if i != inst]
    put(s, s.at["leandra"].field, inst)
    return s


@pytest.mark.parametrize("skill, faces, won", [
    pytest.param("ranged", [3, 3], True, id="Wolves' green 0: ranged 6, a roll of 6 wins"),
    pytest.param("close", [4, 3], False, id="Wolves' red -1: close 7 - 1 = 6, a roll of 7 loses"),
    pytest.param("close", [3, 3], True, id="Wolves' red -1: a roll of 6 wins"),
])
def test_a_counters_spot_modifies_the_rating(box, skill, faces, won):
    """"What does the number in the colored spots stand for? This modifies your combat rating in the
    respective skill" (Combat and Combat Trials): Leandra's ranged 6 and close 7 against the Wolves'
    green 0 and red -1."""
    s = facing(box, "wolves-1")
    assert (s.sheets["leandra"].skills["ranged"], s.sheets["leandra"].skills["close"]) == (6, 7)
    out = fights.fight(Ctx.open(s, box, dice=Faces(faces)), "leandra", "wolves-1", skill)
    assert next(e for e in out if e["event"] == "fight")["won"] is won


def test_no_spot_no_combat_in_that_skill(box):
    """"Trials are only allowed in skills displayed on the adversary's counter. So if my opponent has
    no green spot, I cannot do battle with it using range combat? That's the way it is!\""""
    s = facing(box, "wolves-1")
    with pytest.raises(RulesError, match="Wolves is fought with ranged or close, not magic"):
        fights.fight(Ctx.open(s, box, dice=Faces(WIN)), "leandra", "wolves-1", "magic")


@pytest.mark.parametrize("faces, won, life_lost", [
    pytest.param(WIN + WIN, True, 0, id="both trials won: the Troll is defeated"),
    pytest.param(WIN + LOSE, False, 1, id="one of two fails: the battle and one hit point are lost"),
    pytest.param(LOSE, False, 1, id="the first fails: no second trial"),
])
def test_two_hearts_two_trials_in_one_turn(box, faces, won, life_lost):
    """"Adversaries with two hearts require two trials in one turn. If one of these fails, the battle
    and one hit point are lost. The opponent is defeated only if both trials are successful.\""""
    s = facing(box, "troll-1")
    before = s.sheets["leandra"].natural
    out = fights.fight(Ctx.open(s, box, dice=Faces(faces)), "leandra", "troll-1", "close")
    fight = next(e for e in out if e["event"] == "fight")
    assert fight["won"] is won and len(fight["trials"]) == len(faces) // 2
    assert s.sheets["leandra"].natural == before - life_lost


def test_a_won_fight_gives_the_reward_draws_a_counter_and_the_creature_goes_into_the_bag_after(box):
    """"Then you receive the reward specified on the opponent's counter, draw a new marker from the
    cloth bag and throw the defeated creature into the bag.\""""
    s = facing(box, "troll-1")
    gold = s.sheets["leandra"].gold
    out = fights.fight(Ctx.open(s, box, dice=Faces(WIN + WIN)), "leandra", "troll-1", "close")
    kinds = [e["event"] for e in out]
    assert kinds.index("drawn") < kinds.index("back_in_bag") and "troll-1" in s.bag
    assert cube_count(s.sheets["leandra"], "close") == 1 and cube_count(s.sheets["leandra"], "ranged") == 1
    assert s.sheets["leandra"].gold == gold + box.spec("troll-1").gold and where(s, "troll-1") is None


def test_a_lost_fight_may_be_left_and_one_fight_a_turn(box):
    """"If I lose a battle, do I have to fight again in the next turn? No. You can either take up
    combat again or move along"; "Combat (only once per turn)" (Actions)."""
    s = facing(box, "wolves-1")
    ctx = Ctx.open(s, box, dice=Faces(LOSE + WIN))
    fights.fight(ctx, "leandra", "wolves-1", "ranged")
    assert where(s, "wolves-1") == s.at["leandra"].field and s.turn.phase == "act"
    with pytest.raises(RulesError, match="a fight a turn"):
        fights.fight(ctx, "leandra", "wolves-1", "ranged")


def test_a_servant_beaten_leaves_the_game_and_one_that_wins_is_turned_down_again(box):
    """"defeated Servants are not returned to the bag, they are removed from play"; "What happens if
    the unthinkable takes place and a Servant wins a battle? The Servant marker is turned over again
    and its ratings hidden.\""""
    s = facing(box, "servant-1")
    s.down.append("servant-1")
    fights.fight(Ctx.open(s, box, dice=Faces(LOSE)), "leandra", "servant-1", "magic")
    assert not face_up(s, "servant-1") and where(s, "servant-1") is not None
    s.turn.fought = False
    out = fights.fight(Ctx.open(s, box, dice=Faces(WIN)), "leandra", "servant-1", "magic")
    assert "servant-1" in s.removed and "servant-1" not in s.bag and any(e["event"] == "drawn" for e in out)


def test_a_guard_is_fought_with_a_precious_stone_and_opens_the_way_next_turn(box):
    """"First you need a precious stone, as it is the key to the four secret entries to the tower of
    evil. But first I have to overwhelm one of the guards? Correct. If you beat him, then you can
    continue on to the Nameless and do battle with him in your next turn.\""""
    s = facing(box, "guard-1")
    s.guards = "posted"
    with pytest.raises(RulesError, match="a Guard is fought with a precious stone"):
        fights.fight(Ctx.open(s, box, dice=Faces(WIN + WIN)), "leandra", "guard-1", "magic")
    s.at["leandra"].stone = True
    fights.fight(Ctx.open(s, box, dice=Faces(WIN + WIN)), "leandra", "guard-1", "magic")
    assert s.guards == "breached" and s.at["leandra"].guard_beaten and "guard-1" in s.aside


def test_the_last_hit_point_lost_the_hero_dies_and_begins_again_at_his_manor(box):
    """"Oh, and if I've lost my last hit point? Then you are dead"; "You lose all experience cubes,
    tasks and all but one artifact and begin again at your manor house with your starting values";
    the tasks "remain on the field" (Hit Points)."""
    s = facing(box, "wolves-1")
    sheet, field = s.sheets["leandra"], s.at["leandra"].field
    sheet.natural = 1
    accept_task(sheet, "merchant")
    out = fights.fight(Ctx.open(s, box, dice=Faces(LOSE)), "leandra", "wolves-1", "ranged")
    assert any(e["event"] == "died" for e in out)
    assert s.at["leandra"].field == s.at["leandra"].manor and s.at["leandra"].generation == 2
    assert sheet.natural == box.heroes["leandra"].life and sheet.tasks == [] and "merchant" in s.board[field]


# -- the final battle ----------------------------------------------------------------------------------

def before_the_tower(box):
    """The Nameless on his tower (the introductory game's, the Hollow King: 6 hit points, every spot
    -1), his Guards on their posts but guard-1, whom Leandra beat in her last turn."""
    s = new_state(box, ["leandra", "gro"], 1)
    for inst in [i for i in list(s.aside) if box.spec(i).effect in ("nameless", "guard")]:
        s.aside.remove(inst)
    put(s, "H3", "nameless")
    for post, guard in zip(["H5", "H6", "H7"], ["guard-2", "guard-3", "guard-4"]):
        put(s, post, guard, face_down=True)
    s.aside.append("guard-1")
    s.nameless, s.guards = "on_tower", "breached"
    s.at["leandra"].stone = s.at["leandra"].guard_beaten = True
    return s


def test_the_battle_goes_on_until_only_one_has_hit_points_left(box):
    """"With the Nameless, you conduct one trial after the other until only you or he has hit points
    left. If you win the trial, the Nameless loses one hit point. If he wins the trial, you lose a hit
    point ... The battle goes on after one trial, right? ... you continue to fight against him until
    only one of you has any hit points left"; "Once the Nameless has no hit points left, do I win?
    Yes, you have won the game.\""""
    s = before_the_tower(box)
    faces = WIN + LOSE + WIN + LOSE + WIN + WIN + WIN + WIN        # 6 won, 2 lost: Leandra (4) lives
    out = fights.final_battle(Ctx.open(s, box, dice=Faces(faces)), "leandra", "close")
    trials = [e for e in out if e["event"] == "battle_trial"]
    assert [e["won"] for e in trials] == [True, False, True, False, True, True, True, True]
    assert s.nameless == "slain" and s.outcome == "victory" and s.sheets["leandra"].natural == 2


def test_a_challenger_who_loses_is_dead_and_the_nameless_and_his_guards_are_whole_again(box):
    """"But what happens if the Nameless wins? ... you are dead and start again in your manor house";
    "the Nameless always retains his initial values as specified on his card. Hit points he lost ...
    during a previous battle are not permanent"; the Guards "are reincarnated by the Nameless after
    every battle.\""""
    s = before_the_tower(box)
    faces = WIN + WIN + LOSE * 4
    fights.final_battle(Ctx.open(s, box, dice=Faces(faces)), "leandra", "magic")
    assert s.nameless == "on_tower" and s.nameless_life == 0 and not s.outcome
    assert s.at["leandra"].field == s.at["leandra"].manor and s.at["leandra"].generation == 2
    assert where(s, "guard-1") == "H8" and not face_up(s, "guard-1") and s.guards == "posted"
    assert not s.at["leandra"].guard_beaten


@pytest.mark.parametrize("change, refusal", [
    pytest.param(lambda s: setattr(s.at["leandra"], "guard_beaten", False), "in the turn after a Guard is beaten",
                 id="In order to challenge the Nameless, you must first overcome a guard"),
    pytest.param(lambda s: setattr(s.turn, "fought", True), "in the turn after a Guard is beaten",
                 id="do battle with him in your next turn (a fight a turn)"),
    pytest.param(lambda s: setattr(s, "nameless", "in_bag"), "the Nameless is not on his tower", id="not drawn yet"),
])
def test_who_may_challenge_the_nameless(box, change, refusal):
    s = before_the_tower(box)
    change(s)
    with pytest.raises(RulesError, match=refusal):
        fights.final_battle(Ctx.open(s, box, dice=Faces(WIN * 6)), "leandra", "close")


def test_a_magic_object_counts_against_the_nameless(box):
    """"Magic objects can prove extremely useful in combat against the Nameless in some cases"
    (Improvement of Skills): the card's `magic` (ours) on top of the spot, in the object's skill - the
    Bow (a magic object a special task gives) in ranged combat, not in close."""
    s = before_the_tower(box)
    card = box.nameless[s.nameless_card]
    ctx = Ctx.open(s, box)
    assert fights.nameless_modifier(ctx, "leandra", "ranged") == card.dots["green"]
    bow = box.artifacts["bow"]
    assert bow.origin == "magic" and "ranged" in bow.bonus and card.magic > 0
    s.sheets["leandra"].items.append(Item("bow", bow.name, "weapon", dict(bow.bonus)))
    assert fights.nameless_modifier(ctx, "leandra", "ranged") == card.dots["green"] + card.magic
    assert fights.nameless_modifier(ctx, "leandra", "close") == card.dots["red"]
