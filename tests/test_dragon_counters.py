"""The bag, the events, the encounters, the tasks, the market and death in Under the Shadow of the
Dragon (UtSotD), on the shipped counters with the dice forced. Each case quotes the rule it checks."""

from __future__ import annotations

import pytest

from dragon_helpers import (COOP, DUEL, Dice, act, at_table, cubes, events_of, give, legal, lines, match, place,
                            stand, take_from_anywhere, task, typed)
from overlord.core.game import drew_hidden
from overlord.games.dragon import events
from overlord.games.dragon.game import GAME
from overlord.games.heroes.state import where
from overlord.games.dragon.state import Ctx
from overlord.games.heroes.sheet import skill_value



def ctx(m, faces=()):
    return Ctx(m.state, m.content, __import__("numpy").random.default_rng(0), Dice(faces))


def bag_only(m, *instances):
    """The bag holds exactly these counters (the rest set aside)."""
    s = m.state
    s.aside.extend(s.bag)
    s.bag[:] = []
    for inst in instances:
        take_from_anywhere(m, inst)
        s.bag.append(inst)


# -- replenishing ---------------------------------------------------------------------------------------

def heroes_stand(m, **fields):
    for hero, fid in fields.items():
        stand(m, hero, fid)


@pytest.mark.parametrize("path, heroes, drawer, counter, stands, flag, under", [
    pytest.param(COOP, ("paladin", "orc"), None, "troll", {"paladin": "T4", "orc": "Z6"}, True, False,
                 id="the Brood (co-operative): a creature is not put under a hero"),
    pytest.param(DUEL, ("halfling", "orc"), "halfling", "troll", {"halfling": "T2", "orc": "Z6"}, True, False,
                 id="the game for two: the halfling's draw is not put under the orc"),
    pytest.param(DUEL, ("halfling", "orc"), "halfling", "troll", {"halfling": "T2", "orc": "Z6"}, False, True,
                 id="heroes_occupy false: only counters occupy a field, the nearest is the orc's own"),
])
def test_a_drawn_creature_goes_to_a_field_with_no_hero(path, heroes, drawer, counter, stands, flag, under):
    """"placed in any non-occupied tan field" / "on an empty tan field": read as no counter and no
    hero there (``rules.heroes_occupy``), so the program's nearest-hero key (distance 0) never puts
    a creature under a hero."""
    m = match(heroes, path=path, heroes_occupy=flag)
    heroes_stand(m, **stands)
    bag_only(m, counter)
    from overlord.games.dragon import draws
    c = Ctx(m.state, m.content, __import__("numpy").random.default_rng(0), Dice([]))
    placed = events_of(draws.draw_one(c, drawer, "a test's draw"), "placed")[0]
    on_heroes = {m.state.at[h].field for h in heroes}
    assert (placed["at"] in on_heroes) is under
    assert placed["decision"]["key"]["spaces to the nearest hero"] == (0 if under else 1)


def test_the_brood_at_the_table_puts_no_creature_under_a_hero(tmp_path):
    """At the table, the co-operative Dragon's The Brood (a counter "drawn from the bag and placed in
    any non-occupied tan field"): the troll goes beside a hero, never onto him."""
    session = at_table(tmp_path, ("paladin", "orc"), seed=1)
    m = session.match
    heroes_stand(m, paladin="T4", orc="Z6")
    bag_only(m, "troll")
    m.state.round = m.content.scenario.coop.dragon_every[2]
    m.state.dragon_deck.draw.remove("brood")
    m.state.dragon_deck.draw.insert(0, "brood")
    told = typed(session, "end", "end")
    assert "the Dragon plays The Brood" in told
    line = next(x for x in told.splitlines() if "Troll is placed on" in x)
    assert "[key: spaces to the nearest hero 1," in line
    assert where(m.state, "troll") not in ("T4", "Z6")

def test_one_draw_a_turn():
    """"A player may draw no more than one counter per turn, regardless of how many requirements for
    counter replenishment he has fulfilled in his turn of play.\""""
    m = match(("orc",))
    bag_only(m, "rope", "adept")
    place(m, "task-pilgrim", "T2")
    place(m, "tea-leaves", "T2")
    evs = act(m, {"do": "take_task", "target": "task-pilgrim"})
    assert len(events_of(evs, "drawn")) == 1
    evs = act(m, {"do": "take", "target": "tea-leaves"})
    assert events_of(evs, "no_draw") and not events_of(evs, "drawn")


def test_a_drawn_counter_goes_to_its_coordinates_or_off_the_drawers_map():
    """"On the front of some counters ... on which region map (letter) and field (number) you need to
    place the counter"; else "any non-occupied tan field of the player's choice ... not ... on a
    region map containing the player's own hero" - the program's choice, its key told."""
    m = match(("orc",))
    bag_only(m, "hildebrandt")
    place(m, "task-pilgrim", "T2")
    act(m, {"do": "take_task", "target": "task-pilgrim"})
    assert where(m.state, "hildebrandt") == "R4"
    m2 = match(("orc",))
    bag_only(m2, "rope")
    place(m2, "task-pilgrim", "T2")
    evs = act(m2, {"do": "take_task", "target": "task-pilgrim"})
    placed = events_of(evs, "placed")[0]
    assert not placed["at"].startswith("T") and placed["decision"]["what"] == "placement"
    assert "[key: spaces from the nearest hero (negated)" in " ".join(lines(m2, evs))


def test_the_players_may_place_what_they_draw():
    """``program_choices: false`` gives "the player's choice" back to the drawing player."""
    m = match(("orc",), program_choices=False)
    bag_only(m, "rope")
    place(m, "task-pilgrim", "T2")
    act(m, {"do": "take_task", "target": "task-pilgrim"})
    options = legal(m)
    assert options and {a["do"] for a in options} == {"place"} and not any(a["to"].startswith("T") for a in options)
    act(m, {"do": "place", "target": "rope", "to": "Z6"})
    assert where(m.state, "rope") == "Z6"


def test_a_drawn_event_happens_at_once_and_ends_the_turn():
    """"If such a counter is drawn, the effects need to be applied immediately ... Once an event has
    taken place, the next player gets his turn. The event counter is discarded and you do not need
    to draw a replacement counter.\""""
    m = match(("orc", "paladin"), path=DUEL)
    bag_only(m, "storm")
    place(m, "task-pilgrim", "X2")
    stand(m, "orc", "X2")
    evs = act(m, {"do": "take_task", "target": "task-pilgrim"})
    assert m.state.storm and "storm" in m.state.removed and events_of(evs, "turn_cut")
    assert legal(m) == [{"do": "end"}]


# -- the events ----------------------------------------------------------------------------------------------

def attacked(m, first: str, faces=()):
    """Attack! drawn by ``first`` (the book's event); the first attacked hero owes his answer."""
    return events.attack(ctx(m, faces), -3, first)


def test_attack_stops_at_the_first_hero_who_drives_the_dragon_off():
    """Attack!: "The attacked hero needs to succeed in a trial of his choice at -3. Heroes who fail
    this trial lose one artifact of their choice ... As soon as a hero succeeds in a trial, the Dragon
    immediately breaks off the attack" - each choice the attacked player's, asked in turn."""
    m = match(("orc", "paladin", "halfling"))
    give(m, "orc", "armour")
    give(m, "orc", "yeti", back=True)
    give(m, "paladin", "shield")
    give(m, "halfling", "rope")
    evs = attacked(m, "orc")
    assert GAME.to_act(m) == "orc" and legal(m) == [{"do": "defend", "skill": "magic"}, {"do": "defend", "skill": "ranged"},
                                                    {"do": "defend", "skill": "close"}]
    evs += act(m, {"do": "defend", "skill": "ranged"}, [6, 6])
    assert legal(m) == [{"do": "lose", "item": "armour"}, {"do": "lose", "item": "yeti"}]     # "of their choice"
    evs += act(m, {"do": "lose", "item": "yeti"})
    assert "yeti" in m.state.removed                                     # a special artifact: out of the game
    assert GAME.to_act(m) == "paladin"
    evs += act(m, {"do": "defend", "skill": "close"}, [1, 1])
    results = [(e["hero"], e.get("skill"), e["result"]) for e in events_of(evs, "attack_hero")]
    assert results == [("orc", "ranged", "failed"), ("paladin", "close", "driven off")]
    assert not m.state.pending and [i.id for i in m.state.sheets["halfling"].items] == ["rope"]


@pytest.mark.parametrize("carried, lost, where_to", [
    pytest.param(["armour"], "armour", "market", id="bought in the City: 'the counter is returned to that location'"),
    pytest.param(["rope"], "rope", "removed", id="a plain counter: removed from the game"),
    pytest.param(["hildebrandt", "unicorn", "nightmare"], None, None,
                 id="'The Dragon cannot destroy magic weapons, scrolls, or the three magic materials'"),
    pytest.param(["hildebrandt", "shield"], "shield", "market", id="one artifact it can destroy: no choice to ask"),
])
def test_what_the_dragon_destroys(carried, lost, where_to):
    """Attack!: "Heroes who fail this trial lose one artifact of their choice to the Dragon's
    destructive power. If the artifact was bought in one of the markets ... the counter is returned
    to that location. If it is a special artifact ... removed from the game. The Dragon cannot destroy
    magic weapons, scrolls, or the three magic materials"."""
    m = match(("orc",))
    for inst in carried:
        give(m, "orc", inst, back=inst in ("hildebrandt", "unicorn", "nightmare"))
    attacked(m, "orc")
    evs = act(m, {"do": "defend", "skill": "close"}, [6, 6])
    gone = events_of(evs, "dragon_destroys")
    assert [e["counter"] for e in gone] == ([lost] if lost else []) and not m.state.pending
    if lost:
        assert lost in (m.state.market if where_to == "market" else m.state.removed)
    assert "fails, but carries nothing the Dragon can destroy" in " ".join(lines(m, evs)) or lost


def test_the_heuristic_bot_answers_attack_as_the_program_did():
    """Headless the attacked hero's bot answers: the heuristic takes Lightning first, then the best
    chance, and gives up the least valuable artifact (the City's, the cheapest)."""
    from overlord.games.dragon.bots import choose_heuristic
    m = match(("orc",))
    give(m, "orc", "armour")
    give(m, "orc", "shield")
    give(m, "orc", "yeti", back=True)
    attacked(m, "orc")
    assert choose_heuristic(m, legal(m), None) == {"do": "defend", "skill": "close"}       # close 6 is his best
    act(m, {"do": "defend", "skill": "close"}, [6, 6])
    assert choose_heuristic(m, legal(m), None) == {"do": "lose", "item": "shield"}
    give(m, "orc", "lightning")
    attacked(m, "orc")
    assert choose_heuristic(m, legal(m), None) == {"do": "defend", "spell": "lightning"}


def test_fear_empties_the_maps_beside_the_cave():
    """Fear!: "All open counters on all region maps adjacent to the Dragon's lair (not diagonally
    adjacent, and not on the region map itself) flee into the bag. This does not apply to artifacts,
    though. Revealed PA counters are covered again.\""""
    m = match(("orc",))
    place(m, "orchan", "Y5")          # open, beside the Cave: flees
    place(m, "herbalist", "W4")       # a revealed PA counter: covered again
    place(m, "rope", "S7")            # an artifact: stays
    place(m, "rondel", "T4")          # open, but T touches the Cave only diagonally
    place(m, "juggler", "V3")         # on the Cave's own map
    evs = events.fear(ctx(m))
    e = events_of(evs, "fear")[0]
    assert e["fled"] == ["orchan"] and e["covered"] == ["herbalist"] and e["regions"] == ["S", "U", "W", "Y"]
    assert "orchan" in m.state.bag and where(m.state, "rope") == "S7" and where(m.state, "rondel") == "T4"


def test_plunder_fills_the_lair():
    """Plunder!: "The Dragon takes 1 gold piece per hero ... These gold pieces he deposits in the
    Dragon's lair (V9). Heroes without any gold pieces will not be robbed.\""""
    m = match(("orc", "paladin", "halfling"))
    m.state.sheets["paladin"].gold = 0
    events.plunder(ctx(m), 1, "orc")
    assert m.state.hoard == 2 and m.state.sheets["paladin"].gold == 0


def test_the_market_is_burning():
    """"The Dragon destroys 4 'City of the Mages' counters ... chosen at random, without being
    revealed first, and removed from the game for the entire game session.\""""
    m = match(("orc",))
    before = list(m.state.market)
    evs = events.burn_market(ctx(m), 4)
    assert len(m.state.market) == len(before) - 4 and len(set(before) - set(m.state.market) & set(m.state.removed)) == 4
    assert drew_hidden(events_of(evs, "market_burns"))


# -- encounters ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("who, roll, natural, gold", [
    ("herbalist", 3, 4, 1), ("herbalist", 2, 2, 1),
    ("befuddled-healer", 2, 4, 2), ("befuddled-healer", 1, 1, 2),
])
def test_healers(who, roll, natural, gold):
    """The Herbalist: "a fee of 1 gold piece ... On a roll of 1 or 2, nothing happens ... On a roll of
    3-6, all lost natural HPs are restored"; the Befuddled Healer: "on a roll of 1, he loses 1 HP; on
    a roll of 2 to 6, he regains all lost HPs"."""
    m = match(("paladin",))
    place(m, who, "T2")
    m.state.sheets["paladin"].natural = 2
    act(m, {"do": "use", "target": who}, [roll])
    assert (m.state.sheets["paladin"].natural, m.state.sheets["paladin"].gold) == (natural, gold)
    assert not any(a.get("target") == who for a in legal(m)), "once per turn"


@pytest.mark.parametrize("roll, cube, gold", [(2, 1, 1), (5, 0, 1), (6, 0, 0)])
def test_the_juggler(roll, cube, gold):
    """"The Juggler demands one gold piece ... On a roll of 1 to 3, the hero gains 1 EC of his
    choice; on 4 and 5, nothing happens; and on a 6, the mischievous Juggler steals another gold.\""""
    m = match(("paladin",))
    place(m, "juggler", "T2")
    act(m, {"do": "use", "target": "juggler", "cube": "red"}, [roll])
    sheet = m.state.sheets["paladin"]
    assert (len(sheet.cubes["close"]), sheet.gold) == (cube, gold)


def test_cerberos():
    """"Cerberos demands 1 HP as well as 1 EC as payment for his services. After training is
    finished, the hero finds himself on field Z6" - one skill of his choice +1."""
    m = match(("paladin",))
    place(m, "cerberos", "T2")
    cubes(m, "paladin", red=1)
    act(m, {"do": "use", "target": "cerberos", "skill": "ranged"})
    s = m.state
    assert (s.sheets["paladin"].skills["ranged"], s.sheets["paladin"].natural, s.at["paladin"].field) == (6, 3, "Z6")
    assert not s.sheets["paladin"].cubes["close"]


# -- tasks and artifacts --------------------------------------------------------------------------------

def test_tasks_up_to_four_and_laying_one_down():
    """"You may not take up more than four tasks. To take up an additional task, you first need to
    place one of your four current tasks face up on the field ... no replacement counter is drawn.\""""
    m = match(("paladin",))
    assert m.state.sheets["paladin"].task_slots == 4
    m.state.sheets["paladin"].task_slots = 3            # the shipped content has four tasks: hold three of three
    for t in ("task-pilgrim", "task-lost-child", "task-harp"):
        task(m, "paladin", t)
    place(m, "task-chalice", "T2")
    options = legal(m)
    assert not any(a["do"] == "take_task" for a in options)
    assert {"do": "drop_task", "task": "task-pilgrim"} in options
    evs = act(m, {"do": "drop_task", "task": "task-pilgrim"})
    assert not events_of(evs, "drawn") and where(m.state, "task-pilgrim") == "T2"


def test_a_level_3_task_pays_on_finding_and_turns_over_on_delivery():
    """Level 3: "Once you have found the artifact, you receive the reward listed on the counter (note
    the number printed in the gold piece on the counter). Now the artifact needs to be taken to the
    location ... you turn the counter over. On the back side of the counter, you will find a reward".\""""
    m = match(("paladin",))
    task(m, "paladin", "task-chalice")
    place(m, "silver-chalice", "T2")
    gold = m.state.sheets["paladin"].gold
    act(m, {"do": "take", "target": "silver-chalice"})
    assert m.state.sheets["paladin"].gold == gold + 1
    stand(m, "paladin", "R2")
    evs = act(m, {"do": "fulfil", "task": "task-chalice"})
    assert events_of(evs, "turned_over")[0]["back_name"] == "Elven Mail" and "silver-chalice" in m.state.removed


def test_a_two_coloured_counter_is_seen_by_its_tasks_holder_alone():
    m = match(("paladin", "orc"))
    place(m, "lost-child", "T2")
    assert not any(a.get("task") for a in legal(m))
    task(m, "paladin", "task-lost-child")
    assert {"do": "fulfil", "task": "task-lost-child"} in legal(m)


def test_delivering_the_adept_earns_the_ring():
    """"A hero who leads the Adept to the City of the Mages gains the Ring. This is a magic ring of
    protection, giving its bearer 1 artificial HP.\""""
    m = match(("mage",))
    give(m, "mage", "adept")
    stand(m, "mage", "S1")
    act(m, {"do": "deliver", "item": "adept"})
    assert [i.life for i in m.state.sheets["mage"].items] == [1] and "adept" in m.state.backs


def test_the_market_in_the_city():
    """"Shuffle the 'City of the Mages' counters and draw four of them ... The player calling the
    market may elect to buy these artifacts, or he may offer them to the other players ... a
    provision of 1 gold piece".\""""
    m = match(("mage", "orc"))
    stand(m, "mage", "S1")
    m.state.market[:] = [i for i in m.state.market if i in ("armour", "shield", "pegasus", "strength")]
    m.state.sheets["orc"].gold = 5
    act(m, {"do": "market"})
    assert sorted(m.state.offer) == ["armour", "pegasus", "shield", "strength"]
    act(m, {"do": "buy", "item": "armour", "for": "orc"})
    assert (m.state.sheets["orc"].gold, m.state.sheets["mage"].gold) == (2, 4)
    act(m, {"do": "close"})
    assert len(m.state.market) == 3 and not m.state.offer


def test_strength_as_in_the_example():
    """"The Paladin begins the game with 4 HPs, of which he loses 2 in combat. The 'Strength' spell
    gives him back 1 HP, bringing him up to 3. At the same time, it has increased his maximum number
    of HPs from 4 to 5. If the Paladin later drinks the Healing Potion, he ends up with 5 HPs.\""""
    m = match(("paladin",))
    sheet = m.state.sheets["paladin"]
    assert sheet.natural == 4
    sheet.natural = 2
    give(m, "paladin", "strength")
    act(m, {"do": "cast", "item": "strength"})
    assert (sheet.natural, sheet.natural_max) == (3, 5)
    give(m, "paladin", "healing-potion-1")
    act(m, {"do": "drink", "item": "healing-potion-1"})
    assert sheet.natural == 5


# -- death ------------------------------------------------------------------------------------------------------

def test_death_and_the_heir():
    """"Once your hero loses his last natural HP, he is dead. All the ECs he has accumulated so far are
    removed ... all the tasks he has taken on are placed on the field in which he died. You may keep
    one artifact. Artifacts from the City of the Mages (S1) are returned ... Special artifacts ... are
    also placed on the field"; the scroll or material not kept "is put back into the bag"."""
    m = match(("orc",))
    s = m.state
    give(m, "orc", "armour")
    give(m, "orc", "yeti", back=True)
    give(m, "orc", "unicorn", back=True)
    give(m, "orc", "nightmare", back=True)
    task(m, "orc", "task-pilgrim")
    cubes(m, "orc", red=3)
    s.sheets["orc"].skills["close"] = 8
    place(m, "giant", "T4")
    stand(m, "orc", "T2", mp=3)
    act(m, {"do": "move", "to": "T4"})
    s.sheets["orc"].natural = 1
    s.sheets["orc"].items = [i for i in s.sheets["orc"].items if i.id != "armour"]
    s.market.append("armour")
    evs = act(m, {"do": "fight", "target": "giant", "skill": "close"}, [6, 6])
    died = events_of(evs, "died")[0]
    assert died["kept"] == "unicorn" and died["decision"]["key"]["kind (weapon, scroll, material, other)"] == 1
    assert died["to_bag"] == ["nightmare"] and died["left_on_field"] == ["yeti"] and died["tasks_left"] == ["task-pilgrim"]
    sheet = s.sheets["orc"]
    assert (s.at["orc"].field, sheet.natural, sheet.gold, sheet.skills["close"]) == ("T2", 5, 1, 6)
    assert not any(sheet.cubes.values()) and where(s, "yeti") == "T4" and skill_value(sheet, "close") == 6


# -- the Dragon deck (co-operative, ours) and the readings a flag away ---------------------------------

@pytest.mark.parametrize("card, check", [
    ("hunger", lambda s: s.hoard == 1),
    ("black-wind", lambda s: s.storm and s.hoard == 1),
    ("greed", lambda s: s.hoard == 1 + 2),
    ("brood", lambda s: s.hoard == 1 and len(s.bag) == 0),
])
def test_the_dragon_cards_do_what_they_say(card, check):
    """Ours: each card's effects, in order, from the registry of decks/dragon/dragon-cards.yaml."""
    m = match(("orc", "paladin"))
    bag_only(m, "troll")
    x = ctx(m)
    from overlord.games.dragon.turns import card_effect
    for name, params in m.content.cards[card].effects:
        card_effect(x, name, params, None)
    assert check(m.state)


def test_scorched_sky_burns_but_never_kills():
    """Ours: "each hero there rolls a trial or is burnt" - never his last hit point."""
    m = match(("orc", "paladin"))
    stand(m, "orc", "V3")
    stand(m, "paladin", "T2")
    m.state.sheets["orc"].natural = 1
    evs = events.scorch(ctx(m, [6, 6]), -1, "adjacent")
    assert [e["hero"] for e in events_of(evs, "scorch_hero")] == ["orc"]
    assert events_of(evs, "spared") and m.state.sheets["orc"].natural == 1


def test_the_expansions_dragon_waits_in_the_bag():
    """"The Dragon begins the game in the bag. As soon as he is drawn, the six special Dragon
    counters (5x Dragon Events, 1x Dragon Man) are put into the bag" (``dragon_in_bag``)."""
    m = flagged(DUEL, ("orc", "paladin"), dragon_in_bag=True, dragon_man="bag")
    s = m.state
    assert s.dragon == "in_bag" and "dragon" in s.bag and {"attack", "fear", "dragon-man"} <= set(s.aside)
    bag_only(m, "dragon")
    from overlord.games.dragon import draws
    draws.draw_one(ctx(m), "orc", "a test")
    assert s.dragon == "lair" and where(s, "dragon") == "V9" and {"attack", "fear", "dragon-man"} <= set(s.bag)


def flagged(path, heroes, **flags):
    """A match of a scenario whose rules flags are changed before the set-up."""
    import dataclasses
    from overlord.core.game import Match
    from overlord.games.dragon.setup import new_state
    from overlord.games.dragon.turns import start_turn
    c = match(heroes, path=path).content
    c2 = dataclasses.replace(c, scenario=c.scenario.model_copy(
        update={"rules": c.scenario.rules.model_copy(update=flags)}))
    s = new_state(c2, list(heroes), 3)
    start_turn(Ctx(s, c2, None, Dice([])))
    return Match(c2, s)


def test_the_dragon_man_from_the_bag():
    """Reading ``dragon_man: bag``: the Dragon Man is an open counter in the bag, placed on his
    coordinates (V10) when drawn; until then the Mouth is empty and only the Rope leads in."""
    m = flagged(COOP, ("orc",), dragon_man="bag")
    s = m.state
    assert "dragon-man" in s.bag and s.dragon_man == "in_bag"
    stand(m, "orc", "V3", mp=3)
    act(m, {"do": "move", "to": "V10"})
    assert not s.turn.combat
    bag_only(m, "dragon-man")
    from overlord.games.dragon import draws
    draws.draw_one(ctx(m), "orc", "a test")
    assert where(s, "dragon-man") == "V10" and s.dragon_man == "guarding"


def test_a_dying_hero_names_the_artifact_he_bequeaths():
    """"You may keep one artifact": the player's ``keep`` wins over the headless key."""
    m = match(("orc",))
    give(m, "orc", "rope")
    give(m, "orc", "unicorn", back=True)
    place(m, "giant", "T4")
    stand(m, "orc", "T2", mp=3)
    act(m, {"do": "move", "to": "T4"})
    m.state.sheets["orc"].natural = 1
    evs = act(m, {"do": "fight", "target": "giant", "skill": "close", "keep": "rope"}, [6, 6])
    died = events_of(evs, "died")[0]
    assert died["kept"] == "rope" and died["decision"] is None and died["to_bag"] == ["unicorn"]
