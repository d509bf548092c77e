"""Fights in Under the Shadow of the Dragon (UtSotD): creatures and their special failures, the
scroll beings, the loremasters, the Dragon Man and the fight to the death in the lair, on the
shipped counters, with the dice forced. Each case quotes the rule it checks."""

from __future__ import annotations

import pytest

from dragon_helpers import DUEL, act, cubes, events_of, give, legal, lines, match, place, stand
from overlord.games.dragon import fights
from overlord.games.dragon.state import Ctx
from overlord.games.heroes.sheet import dice_for, skill_value


def ready_halfling(path=DUEL, hoard=4, **rules):
    """The book's example: "The Halfling has a ranged combat value of 9. He visited Cerberos twice ...
    and has also received the magic bow (+1 to ranged combat) from Rondel. He has collected 7 green
    ECs ... The Dragon has plundered a total of 4 gold pieces". He stands on V1 with the Rope."""
    m = match(("halfling", "paladin"), path=path, **rules)
    s = m.state
    s.sheets["halfling"].skills["ranged"] += 2
    give(m, "halfling", "rondel", back=True)
    give(m, "halfling", "rope")
    cubes(m, "halfling", green=7, blue=2, red=1)
    s.hoard = hoard
    stand(m, "halfling", "V1")
    return m


def test_the_worked_example_of_the_final_battle():
    """"This means that the Halfling needs to discard 4 ECs ... He discards all of his blue and red
    ECs, and also 1 green EC. ... the Halfling needs to roll 6 (9 – 3) or less to hit the Dragon for
    1 HP. The Halfling is allowed to use 4 dice for his trials; while this was 5 dice when he entered
    ... He rolls 6, 5, 3, and 3. He chooses the 3's (for a total of 6) and hits the Dragon ... The
    Halfling rolls 6, 6, 5, and 4, i.e., the trial fails and the Dragon instead hits the Halfling,
    who loses 1 HP.\""""
    m = ready_halfling()
    sheet = m.state.sheets["halfling"]
    assert skill_value(sheet, "ranged") == 9 and dice_for(sheet, "ranged") == 5
    evs = act(m, {"do": "rappel"}, [6, 5, 3, 3, 6, 6, 5, 4, 1, 2, 3, 4, 1, 1, 2, 2])
    paid = events_of(evs, "hoard_paid")[0]
    assert paid["discarded"] == ["blue", "blue", "red", "green"] and dice_for(sheet, "ranged") == 4
    trials = events_of(evs, "dragon_trial")
    assert trials[0]["trial"] == "rolled 6, 5, 3 and 3, kept 3+3=6: <= 9-3=6, success" and trials[0]["hit"]
    assert trials[1]["trial"] == "rolled 6, 6, 5 and 4, kept 4+5=9: > 9-3=6, failure" and not trials[1]["hit"]
    assert events_of(evs, "wounded")[0]["why"] == "the Dragon hits"
    assert "  *** halfling slays the Dragon! ***" in lines(m, evs)
    assert m.state.results == {"halfling": "major"} and GAME_OUTCOME(m) == ("victory", "Major Victory")


def GAME_OUTCOME(m):
    from overlord.games.dragon.game import GAME
    out = GAME.outcome(m)
    return (out.result, out.reason) if out else None


def test_the_other_reading_of_the_bow():
    """Reading: the example's 9 counts the Bow's +1; with ``weapon_bonus_against_dragon: false`` (the
    Glossary's "+1 against all other creatures" only) the Halfling fights at 8 - 3 = 5."""
    m = ready_halfling(weapon_bonus_against_dragon=False)
    evs = act(m, {"do": "rappel"}, [6, 5, 3, 3] + [1, 1, 1, 1] * 4)
    assert events_of(evs, "dragon_trial")[0]["trial"] == "rolled 6, 5, 3 and 3, kept 3+3=6: > 8-3=5, failure"


@pytest.mark.parametrize("hoard, rule, natural", [
    pytest.param(12, "discard_all", 3, id="fewer cubes than gold: he discards them all and fights"),
    pytest.param(12, "life", 1, id="the other reading: a hit point for each cube short"),
])
def test_a_challenger_with_fewer_cubes_than_the_hoard(hoard, rule, natural):
    """"Whoever challenges the Dragon needs to discard as many ECs prior to combat as there are gold
    pieces in the Dragon's lair" - the Halfling has 10 cubes against 12 gold."""
    m = ready_halfling(hoard=hoard, short_of_cubes=rule)
    m.state.sheets["halfling"].natural_max = m.state.sheets["halfling"].natural = 3
    evs = act(m, {"do": "rappel"}, [1, 1] * 8)
    paid = events_of(evs, "hoard_paid")[0]
    assert len(paid["discarded"]) == 10 and paid["short"] == 2
    wounds = [e for e in events_of(evs, "wounded") if e["why"] == "a cube short for the hoard"]
    assert 3 - len(wounds) == natural


def test_without_a_magic_weapon_the_challenger_dies_at_once():
    """"A hero approaching the Dragon without a magic weapon dies instantaneously, no trial needed."
    Reading: an ordinary death (rebirth at the manor), not a Dragon Victory: there was no fight."""
    m = match(("paladin", "halfling"), path=DUEL)
    give(m, "paladin", "rope")
    stand(m, "paladin", "V1")
    evs = act(m, {"do": "rappel"})
    assert events_of(evs, "unarmed") and events_of(evs, "died")[0]["reborn_at"] == "T2"
    assert m.state.dragon == "lair" and not m.state.fallen


def test_the_dragon_man_must_be_beaten_and_then_the_lair_entered():
    """"To get to the Dragon, you need to defeat the Dragon Man first. A hero who defeats the Dragon
    Man must enter the Dagon's lair immediately." Reading: he guards the Mouth again afterwards."""
    m = match(("paladin", "halfling"), path=DUEL)
    give(m, "paladin", "hildebrandt", back=True)
    stand(m, "paladin", "V3", mp=3)
    evs = act(m, {"do": "move", "to": "V10"})
    assert events_of(evs, "must_fight")[0]["counter"] == "dragon-man"
    assert {a["skill"] for a in legal(m)} == {"magic", "ranged", "close"}
    evs = act(m, {"do": "fight", "target": "dragon-man", "skill": "close"}, [1, 1] + [6, 6] * 6)
    kinds = [e["event"] for e in evs]
    assert kinds.index("dragon_man_beaten") < kinds.index("enters_lair") < kinds.index("dragon_trial")
    assert m.state.at["paladin"].out and m.state.dragon == "victorious" and m.state.dragon_man == "guarding"


def test_a_fallen_challenger_gives_the_other_four_turns():
    """"If the Dragon wins, however, the second player now has the option of also challenging the
    beast before the next four turns have passed ... If he does not, or does not want to do so, he
    has still scored a Minor Victory, for he has at least survived."""
    m = ready_halfling()
    act(m, {"do": "rappel"}, [6, 6] * 10)
    s = m.state
    assert s.fallen == ["halfling"] and s.dragon == "victorious" and s.follow_up == 4
    assert legal(m) == [{"do": "end"}]
    act(m, {"do": "end"})
    for turn in range(4):
        assert s.turn.hero == "paladin", turn
        act(m, {"do": "end"})
    assert GAME_OUTCOME(m) == ("defeat", "Dragon Victory and a Minor Victory")
    assert s.results == {"halfling": "dragon", "paladin": "minor"} and s.dragon == "triumphant"


def test_the_dragon_regenerates_between_challengers_unless_the_flag_says_not():
    """Reading (RotH's Nameless: "Hit points he lost ... during a previous battle are not
    permanent"): each challenger meets the Dragon whole; ``dragon_regenerates: false`` keeps his wounds."""
    for regenerates, life in ((True, 3), (False, 2)):
        m = ready_halfling(dragon_regenerates=regenerates)
        act(m, {"do": "rappel"}, [1, 1, 1, 1] + [6, 6, 6, 6] * 3)
        assert m.state.dragon_life == 2
        act(m, {"do": "end"})
        give(m, "paladin", "hildebrandt", back=True)
        give(m, "paladin", "rope")
        stand(m, "paladin", "V1")
        evs = act(m, {"do": "rappel"}, [6, 6] * 8)
        assert events_of(evs, "dragon_trial")[0]["dragon_life"] == life


# -- creatures ----------------------------------------------------------------------------------------

def test_a_creature_is_fought_with_one_trial_of_a_skill_its_circles_allow():
    """"To fight a creature, you need to roll just one trial in one of the skills indicated by the
    colored circles on the counter. If a circle indicates a modifier, you need to subtract that
    amount"; the Skeleton: magic and close unmodified, ranged -1; the Lionbear: no magic."""
    m = match(("paladin",))
    place(m, "skeleton", "T4")
    stand(m, "paladin", "T2", mp=3)
    act(m, {"do": "move", "to": "T4"})
    assert [a["skill"] for a in legal(m)] == ["magic", "ranged", "close"]
    evs = act(m, {"do": "fight", "target": "skeleton", "skill": "ranged"}, [2, 2])
    assert events_of(evs, "fight")[0]["trial"] == "rolled 2 and 2, kept 2+2=4: <= 5-1=4, success"
    m2 = match(("paladin",))
    place(m2, "lionbear", "T4")
    stand(m2, "paladin", "T2", mp=3)
    act(m2, {"do": "move", "to": "T4"})
    assert [a["skill"] for a in legal(m2)] == ["close"]


def test_a_won_fight_gives_its_cubes_draws_a_counter_and_then_bags_the_creature():
    """"If the counter shows two cubes, you may even choose two ECs – however, these have to be
    different colors"; "The player draws a new counter and only afterwards puts the defeated
    creature back into the bag.\""""
    m = match(("orc",))
    place(m, "lionbear", "T4")
    stand(m, "orc", "T2", mp=3)
    act(m, {"do": "move", "to": "T4"})
    evs = act(m, {"do": "fight", "target": "lionbear", "skill": "close", "cubes": ["green", "red"]}, [1, 1])
    assert events_of(evs, "won")[0]["cubes"] == ["green", "red"]
    kinds = [e["event"] for e in evs]
    assert kinds.index("drawn") < kinds.index("back_in_bag") and "lionbear" in m.state.bag
    evs = act(match(("orc",)), {"do": "end"})
    assert evs


def test_the_orc_takes_gold_for_his_cubes():
    """"The Orc can turn won ECs into gold pieces ... he may decide to forego the EC and take 1 gold
    piece instead.\""""
    m = match(("orc",))
    place(m, "wolves", "T4")
    stand(m, "orc", "T2", mp=3)
    act(m, {"do": "move", "to": "T4"})
    gold = m.state.sheets["orc"].gold
    evs = act(m, {"do": "fight", "target": "wolves", "skill": "ranged", "gold": True}, [1, 1])
    assert events_of(evs, "won")[0] == {**events_of(evs, "won")[0], "cubes": [], "gold": 1}
    assert m.state.sheets["orc"].gold == gold + 1 and not m.state.sheets["orc"].cubes["ranged"]


@pytest.mark.parametrize("creature, skill, what", [
    pytest.param("wolves", "ranged", "wounded", id="a lost fight costs a hit point"),
    pytest.param("basilisk", "magic", "confused", id="the Basilisk: no hit point, confusion"),
    pytest.param("doppelganger", "close", "cube_lost", id="the Doppelganger: a cube"),
    pytest.param("nightmare", "magic", "cube_lost", id="the Nightmare: a cube"),
])
def test_the_price_of_a_lost_fight(creature, skill, what):
    """"Your hero has been wounded"; the Basilisk: "he does not lose HP, but instead becomes
    confused"; the Doppelganger, Nightmare, Dwarven Ghost: "the hero loses 1 EC of his choice"; and
    "If you lose in combat, you may not undertake further actions in this turn"."""
    m = match(("paladin",))
    give(m, "paladin", "unicorn", back=True)
    cubes(m, "paladin", red=1)
    place(m, creature, "T4")
    stand(m, "paladin", "T2", mp=3)
    act(m, {"do": "move", "to": "T4"})
    evs = act(m, {"do": "fight", "target": creature, "skill": skill}, [6, 6])
    assert events_of(evs, what)
    assert legal(m) == [{"do": "end"}]


def test_the_doppelganger_is_fought_with_the_starting_value():
    """"The Orc has the Saber, bringing his close combat value to 7; he has two red ECs ... the Orc
    needs to roll a close combat trial against his original starting value of 6.\""""
    m = match(("orc",))
    give(m, "orc", "yeti", back=True)
    cubes(m, "orc", red=2)
    place(m, "doppelganger", "T4")
    assert skill_value(m.state.sheets["orc"], "close") == 7
    assert fights.value_against(Ctx(m.state, m.content, None, None), "orc", "doppelganger", "close") == (6, 0, 2)


def test_a_creature_with_a_back_leaves_its_artifact():
    """"Some creature counters also have an artifact depicted on their reverse sides; once you defeat
    the creature, you receive that artifact" - the Yeti's Saber."""
    m = match(("orc",))
    place(m, "yeti", "T4")
    stand(m, "orc", "T2", mp=3)
    act(m, {"do": "move", "to": "T4"})
    evs = act(m, {"do": "fight", "target": "yeti", "skill": "close"}, [1, 1])
    assert events_of(evs, "turned_over")[0]["back_name"] == "Saber"
    assert skill_value(m.state.sheets["orc"], "close") == 7


# -- the magic weapons --------------------------------------------------------------------------------

def test_a_weapon_from_scroll_material_and_loremaster():
    """"To receive the scroll, you need to succeed in the appropriate trial"; the material being is
    "visible only to the hero who has the appropriate scroll"; "scroll and material need to be taken
    to one particular person ... The scroll and material counters are then discarded. In their
    stead, you pick up the loremaster counter and flip it over.\""""
    m = match(("halfling", "paladin"))
    place(m, "phoenix", "T4")
    place(m, "keeper", "T9")
    place(m, "rondel", "T4")
    stand(m, "halfling", "T4")
    m.state.turn.phase = "act"
    assert not any(a.get("target") == "rondel" for a in legal(m))
    evs = act(m, {"do": "try", "target": "phoenix", "skill": "ranged"}, [1, 2])
    assert events_of(evs, "turned_over")[0]["back_name"] == "Scroll for a Magic Bow"
    s = m.state
    from overlord.games.dragon.state import sees
    assert sees(s, m.content, "halfling", "keeper") and not sees(s, m.content, "paladin", "keeper")
    stand(m, "halfling", "T9")
    act(m, {"do": "try", "target": "keeper", "skill": "ranged"}, [1, 2])
    stand(m, "halfling", "T4")
    s.turn.used.clear()
    evs = act(m, {"do": "forge", "target": "rondel"})
    assert events_of(evs, "forged")[0]["spent"] == ["phoenix", "keeper"]
    assert {i.id for i in s.sheets["halfling"].items} == {"rondel"} and {"phoenix", "keeper"} <= set(s.removed)
    assert fights.weapons(Ctx(s, m.content, None, None), "halfling") == [("rondel", "ranged")]


def test_a_failed_encounter_trial_costs_nothing_and_waits_for_the_next_turn():
    """Encounters "may be used once per turn"; RotH: "Hit points can only be lost if a trial is
    unsuccessful during battle.\""""
    m = match(("halfling",))
    place(m, "unicorn", "T4")
    stand(m, "halfling", "T4")
    m.state.turn.phase = "act"
    evs = act(m, {"do": "try", "target": "unicorn", "skill": "magic"}, [6, 6])
    assert not events_of(evs, "wounded") and not any(a["do"] == "try" for a in legal(m))
