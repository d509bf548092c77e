"""Artifacts, spells and healing in Under the Shadow of the Dragon (UtSotD), on the shipped counters
with the dice forced; the turn's order of actions. Each case quotes the rule it checks."""

from __future__ import annotations

import pytest

from dragon_helpers import DUEL, Dice, act, at_table, cubes, events_of, force_dice, give, legal, match, place, stand, typed
from overlord.games.dragon.game import GAME
from overlord.games.dragon import events
from overlord.games.heroes.state import where
from overlord.games.dragon.state import Ctx
from overlord.games.heroes.sheet import artificial_life


def test_combat_comes_first_and_only_once():
    """"Combat is always the first action" and "You only need to spend one turn of play to fight
    any creature": a hero on a creature's field does nothing else there before fighting it."""
    m = match(("paladin",))
    place(m, "wolves", "T2")
    place(m, "herbalist", "T2")
    m.state.sheets["paladin"].natural = 3
    assert {a["do"] for a in legal(m) if a["do"] not in ("move", "end")} == {"fight", "rest"}  # "if there is a
    # creature on the field in front of the manor house, the hero does not have to fight it" to sit out
    act(m, {"do": "fight", "target": "wolves", "skill": "close"}, [1, 1])
    assert {"do": "use", "target": "herbalist"} in legal(m)


def test_four_artifacts_at_most_and_where_a_dropped_one_goes():
    """"A hero may carry up to four artifacts. If he wants to pick up a fifth one, he needs to drop
    another artifact first. Should this be an artifact from the City of the Mages (S1), it is again
    placed with the other 'City of the Mages' counters. All other artifacts are placed on their
    field currently occupied by the hero.\""""
    m = match(("orc",))
    for inst in ("armour", "rope", "yeti", "moray-eel"):
        give(m, "orc", inst, back=inst in ("yeti", "moray-eel"))
    place(m, "tea-leaves", "T2")
    assert not any(a["do"] == "take" for a in legal(m))
    act(m, {"do": "drop", "item": "armour"})
    assert "armour" in m.state.market
    act(m, {"do": "drop", "item": "rope"})
    assert where(m.state, "rope") == "T2"


def test_the_player_chooses_which_hit_point_and_the_ring_is_lost_forever():
    """"the player decides whether to lose a natural or an artificial hit point"; the Ring: "If the
    hero loses the HP represented by the Ring, the artifact is lost forever.\""""
    m = match(("orc",))
    give(m, "orc", "adept", back=True)
    place(m, "wolves", "T4")
    stand(m, "orc", "T2", mp=3)
    act(m, {"do": "move", "to": "T4"})
    act(m, {"do": "fight", "target": "wolves", "skill": "ranged", "lose": "natural"}, [6, 6])
    assert m.state.sheets["orc"].natural == 4 and artificial_life(m.state.sheets["orc"]) == 1
    act(m, {"do": "end"})
    act(m, {"do": "fight", "target": "wolves", "skill": "ranged", "lose": "adept"}, [6, 6])
    assert artificial_life(m.state.sheets["orc"]) == 0 and "adept" in m.state.removed


@pytest.mark.parametrize("where_, fresh, allowed", [
    ("T2", True, True), ("T2", False, False), ("X2", True, False),
])
def test_the_manor_heals_a_hero_who_sits_out_a_turn(where_, fresh, allowed):
    """"At the hero's manor house. The hero sits out one turn and regains all lost hit points. To sit
    out a turn means the player gives up a complete turn of play including movement".\""""
    m = match(("orc",))
    stand(m, "orc", where_)
    m.state.sheets["orc"].natural = 2
    m.state.turn.fresh = fresh
    assert ({"do": "rest"} in legal(m)) is allowed
    if allowed:
        act(m, {"do": "rest"})
        assert m.state.sheets["orc"].natural == 5 and legal(m) == [{"do": "end"}]


def test_the_smithy_repairs_armour_a_hit_point_a_turn():
    """"You may use the Smithy (R2) to have damaged armor of up to 2 artificial HPs repaired. Your
    hero needs to sit out one turn of play per HP to be restored.\""""
    m = match(("orc",))
    give(m, "orc", "armour")
    m.state.sheets["orc"].items[0].lost = 1
    stand(m, "orc", "R2")
    act(m, {"do": "repair"})
    assert m.state.sheets["orc"].items[0].lost == 0 and legal(m) == [{"do": "end"}]


@pytest.mark.parametrize("roll, healed", [(1, 0), (2, 1)])
def test_the_paladin_heals_himself(roll, healed):
    """"To do so, he needs to be on an empty field and may not perform any other action. He then
    rolls the die: on a roll of 1, his efforts are in vain, while on a roll of 2 to 6, he regains 1
    HP. The paladin may use this ability if he is looking for a secret route and is standing between
    fields.\""""
    m = match(("paladin",))
    m.state.sheets["paladin"].natural = 2
    assert {"do": "pray"} in legal(m)
    act(m, {"do": "pray"}, [roll])
    assert m.state.sheets["paladin"].natural == 2 + healed and legal(m) == [{"do": "end"}]
    m2 = match(("paladin",))
    m2.state.sheets["paladin"].natural = 2
    place(m2, "juggler", "T2")
    assert {"do": "pray"} not in legal(m2)
    m2.state.at["paladin"].between = "T5"
    assert {"do": "pray"} in legal(m2)


def test_the_cookies_earn_the_bag_of_gold_which_refills():
    """"You will immediately find 1 gold piece (no die roll necessary) in the bag ... Whenever the Bag
    of Gold is empty at the beginning of a turn, roll a die: on a roll of 1 or 2 a new gold piece
    wondrously appears in the Bag.\""""
    m = match(("orc", "paladin"), path=DUEL)
    give(m, "orc", "chestnut-cookies")
    place(m, "befuddled-healer", "T2")
    act(m, {"do": "deliver", "item": "chestnut-cookies"})
    assert m.state.at["orc"].purse == 1
    m.state.sheets["orc"].gold = 0
    events.plunder(Ctx(m.state, m.content, None, None), 1, "orc")
    assert m.state.at["orc"].purse == 0
    act(m, {"do": "end"})
    act(m, {"do": "end"}, [2])
    assert m.state.at["orc"].purse == 1


def test_invisibility_passes_creatures_and_the_attack():
    """"If he succeeds, he becomes invisible for the rest of his turn and is able to pass by all red
    counters (creatures) without combat ... The spell does work against the Dragon Events Attack!
    and Plunder!"; "If the magic trial fails, the spell dissipates".\""""
    m = match(("mage",))
    give(m, "mage", "invisibility")
    place(m, "wolves", "T4")
    stand(m, "mage", "T2", mp=3)
    act(m, {"do": "cast", "item": "invisibility"}, [1, 2])
    evs = act(m, {"do": "move", "to": "T4"})
    assert events_of(evs, "passes") and m.state.turn.mp == 2
    evs = events.attack(Ctx(m.state, m.content, None, Dice([])), -3, "mage")
    assert events_of(evs, "attack_hero")[0]["result"] == "invisible" and not m.state.pending
    m2 = match(("mage",))
    give(m2, "mage", "invisibility")
    act(m2, {"do": "cast", "item": "invisibility"}, [6, 6])
    assert "invisibility" in m2.state.market and not m2.state.turn.invisible


def invisible_in_the_last_turn_of_a_round(m, card: str):
    """The co-operative game, two heroes: the orc, last in the round, casts Invisibility; the round
    ends with the Dragon's phase due, ``card`` on top of the Dragon deck."""
    give(m, "orc", "invisibility")
    m.state.sheets["orc"].gold = 1
    m.state.round = m.content.scenario.coop.dragon_every[2]
    deck = m.state.dragon_deck
    deck.draw.remove(card)
    deck.draw.insert(0, card)


@pytest.mark.parametrize("card", ["plunder", "attack"])
def test_invisibility_does_not_last_into_the_dragon_s_phase(card):
    """Invisibility: "he becomes invisible for the rest of his turn ... The spell does work against
    the Dragon Events Attack! and Plunder!" - in his turn. The co-operative Dragon's phase comes
    after the round's last turn: the orc who cast it then is plundered and attacked like the
    paladin."""
    m = match(("paladin", "orc"), seed=3)
    invisible_in_the_last_turn_of_a_round(m, card)
    act(m, {"do": "end"})
    act(m, {"do": "cast", "item": "invisibility"}, [1, 2])
    assert m.state.turn.invisible
    act(m, {"do": "end"})
    evs = GAME.enemy_phase(m, Dice([]))
    if card == "plunder":
        assert events_of(evs, "plunder")[0]["taken"] == {"paladin": 1, "orc": 1} and m.state.hoard == 2
        return
    while m.state.pending:                                      # every attacked hero fails his trial
        evs += act(m, {"do": "defend", "skill": "close"}, [6, 6])
    assert sorted((e["hero"], e["result"]) for e in events_of(evs, "attack_hero")) == [("orc", "failed"),
                                                                                      ("paladin", "failed")]


def test_invisibility_does_not_last_into_the_dragon_s_phase_at_the_table(tmp_path, monkeypatch):
    """At the table (seed 3, paladin and orc): "invisible for the rest of his turn" (Invisibility),
    so the next Plunder! takes the orc's gold too."""
    session = at_table(tmp_path, ("paladin", "orc"), seed=3)
    invisible_in_the_last_turn_of_a_round(session.match, "plunder")
    typed(session, "end")
    force_dice(monkeypatch, [1, 2])
    told = typed(session, "cast invisibility", "end")
    assert "orc casts Invisibility" in told and "Plunder! The Dragon takes: paladin 1, orc 1" in told
    assert "invisible" not in told.split("the Dragon plays")[1]


def test_lightning_strikes_a_creature_magic_cannot_fight():
    """"You may only cast Lightning on creatures (counters with red borders) that cannot be attacked
    by magic (no blue circle on the counter) ... If the trial succeeds, the target loses 1 HP; if the
    trial fails, the spell dissipates harmlessly".\""""
    m = match(("mage",))
    give(m, "mage", "lightning")
    place(m, "wolves", "T4")
    place(m, "skeleton", "T9")
    stand(m, "mage", "T2", mp=3)
    act(m, {"do": "move", "to": "T4"})
    assert {"do": "fight", "target": "wolves", "skill": "magic", "spell": "lightning"} in legal(m)
    evs = act(m, {"do": "fight", "target": "wolves", "skill": "magic", "spell": "lightning"}, [2, 3])
    assert events_of(evs, "won") and "lightning" in [i.id for i in m.state.sheets["mage"].items]
    m.state.at["mage"].field, m.state.turn.combat, m.state.turn.fought = "T9", "skeleton", False
    assert not any(a.get("spell") for a in legal(m)), "the Skeleton has a blue circle"


def test_lightning_against_the_attack():
    """"Lightning may be used to counter the Dragon Event Attack. If the magic trial succeeds, the
    Dragon is driven off. If it fails, standard combat ensues".\""""
    m = match(("mage", "orc"))
    give(m, "mage", "lightning")
    events.attack(Ctx(m.state, m.content, None, Dice([])), -3, "mage")
    assert {"do": "defend", "spell": "lightning"} in legal(m)
    evs = act(m, {"do": "defend", "spell": "lightning"}, [6, 6])
    assert events_of(evs, "lightning")[0]["success"] is False and "lightning" in m.state.market
    assert legal(m) == [{"do": "defend", "skill": sk} for sk in ("magic", "ranged", "close")]   # "standard combat ensues"
    evs = act(m, {"do": "defend", "skill": "magic"}, [1, 1])
    assert events_of(evs, "attack_hero")[0]["result"] == "driven off" and not m.state.pending
    m2 = match(("mage", "orc"))
    give(m2, "mage", "lightning")
    events.attack(Ctx(m2.state, m2.content, None, Dice([])), -3, "mage")
    evs = act(m2, {"do": "defend", "spell": "lightning"}, [1, 1])
    assert events_of(evs, "attack_hero")[0] == {**events_of(evs, "attack_hero")[0], "result": "driven off"}
    assert "lightning" in [i.id for i in m2.state.sheets["mage"].items] and GAME.to_act(m2) == "mage"


def test_an_experience_spell_rolls_more_dice_once():
    """"The spell '(Great) Experience' allows a hero to roll one single trial with four (five) dice,
    regardless of how many ECs he actually has with that skill.\""""
    m = match(("orc",))
    give(m, "orc", "great-experience")
    act(m, {"do": "cast", "item": "great-experience"})
    place(m, "wolves", "T4")
    stand(m, "orc", "T2", mp=3)
    act(m, {"do": "move", "to": "T4"})
    evs = act(m, {"do": "fight", "target": "wolves", "skill": "close"}, [6, 6, 6, 1, 2])
    assert events_of(evs, "fight")[0]["trial"].startswith("rolled 6, 6, 6, 1 and 2, kept 1+2=3")
    assert m.state.at["orc"].primed == "" and "great-experience" in m.state.market


def test_the_halfling_cannot_hide_on_a_camel():
    """"This special ability does not work when riding a mount".\""""
    m = match(("halfling",))
    give(m, "halfling", "tea-leaves", back=True)
    place(m, "wolves", "X4")
    stand(m, "halfling", "X2", mp=4)
    act(m, {"do": "move", "to": "X4"})
    assert not any(a["do"] == "hide" for a in legal(m))


def test_the_orc_counts_his_gold_in_the_purse_too():
    """Paying takes the Bag of Gold's piece first ("The gold piece remains on the counter until it
    has been spent")."""
    m = match(("orc",))
    m.state.at["orc"].purse, m.state.sheets["orc"].gold = 1, 1
    place(m, "herbalist", "T2")
    act(m, {"do": "use", "target": "herbalist"}, [2])
    assert (m.state.at["orc"].purse, m.state.sheets["orc"].gold) == (0, 1)
