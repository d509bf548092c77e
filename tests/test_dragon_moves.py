"""Movement and its hazards in Under the Shadow of the Dragon (UtSotD), on the shipped maps with the
dice forced: covered counters, creatures, hidden routes, the teleporters and the City, the dump,
the Labyrinth, the Desert, Orchan, the Storm, Pegasus, the Camel and the Basilisk's forced move."""

from __future__ import annotations

import pytest

from dragon_helpers import DUEL, act, at_table, cubes, events_of, force_dice, give, legal, lines, match, place, stand, typed
from overlord.games.heroes.state import face_up


def moves_of(m):
    return sorted(a["to"] for a in legal(m) if a["do"] == "move")


def test_a_covered_counter_stops_the_hero_but_does_not_end_his_movement():
    """"A covered marker ... requires you to stop and uncover (turn over) the counter. This does not
    constitute an action, and thus does not end movement.\""""
    m = match(("paladin",))
    place(m, "herbalist", "T4", down=True)
    stand(m, "paladin", "T2", mp=3)
    evs = act(m, {"do": "move", "to": "T4"})
    assert events_of(evs, "revealed")[0]["name"] == "Herbalist" and face_up(m.state, "herbalist")
    assert m.state.turn.mp == 2 and moves_of(m)


def test_an_uncovered_creature_ends_movement_in_a_fight():
    """"If a counter with a red border (monster) is uncovered, this leads to combat with the monster,
    thus ending movement"; "Combat is always the first action".\""""
    m = match(("paladin",))
    place(m, "wolves", "T4", down=True)
    stand(m, "paladin", "T2", mp=3)
    act(m, {"do": "move", "to": "T4"})
    assert {a["do"] for a in legal(m)} == {"fight"} and m.state.turn.mp == 0


def test_the_halfling_may_hide_and_move_on():
    """"On a roll of 1 to 3, he is successful in hiding; otherwise, he has to fight. If he manages to
    hide from a creature and still has movement allowance to spend, he may continue moving.\""""
    m = match(("halfling",))
    place(m, "wolves", "X4")
    stand(m, "halfling", "X2", mp=4)
    act(m, {"do": "move", "to": "X4"})
    evs = act(m, {"do": "hide", "target": "wolves"}, [3])
    assert events_of(evs, "hide")[0]["hidden"] and m.state.turn.mp == 3 and "X6" in moves_of(m)
    m2 = match(("halfling",))
    place(m2, "wolves", "X4")
    stand(m2, "halfling", "X2", mp=4)
    act(m2, {"do": "move", "to": "X4"})
    act(m2, {"do": "hide", "target": "wolves"}, [4])
    assert {a["do"] for a in legal(m2)} == {"fight"}


@pytest.mark.parametrize("first, second, where, phase", [
    pytest.param([2, 3], None, "T5", "move", id="found at once: on he goes"),
    pytest.param([4, 4], [3, 3], "T5", "move", id="found on the next turn: the remaining movement"),
    pytest.param([4, 4], [6, 6], "T5", "act", id="not found again: on the field, movement over"),
])
def test_hidden_routes(first, second, where, phase):
    """"If the total sum exceeds the number on the field ... The game figure is placed in between the
    two fields. You need to repeat the trial on your next turn. If ... equal to or lower than the
    number, your hero has found the field and may use his remaining movement allowance to continue
    onward. If the sum exceeds the number, the game figure is placed on the field ... but has to skip
    the rest of this movement phase" - T5 is green, 7."""
    m = match(("paladin",))
    stand(m, "paladin", "T4", mp=3)
    evs = act(m, {"do": "move", "to": "T5"}, first)
    if second is not None:
        assert m.state.at["paladin"].between == "T5" and "between the fields" in lines(m, evs)[0]
        act(m, {"do": "end"})
        assert legal(m) == [{"do": "search"}, {"do": "pray"}] or legal(m) == [{"do": "search"}]
        act(m, {"do": "search"}, second)
    assert m.state.at["paladin"].field == where and m.state.turn.phase == phase


def test_the_teleporters_and_the_city():
    """"A hero who enters one of these fields (even when on his last movement point), may roll a die
    directly afterwards ... Each accumulated blue EC allows you to roll an additional die"; "from the
    City of the Mages, you may return to any of the fields S3, S4, S5, or S6 without rolling the die.
    This costs you one movement point".\""""
    m = match(("mage",))
    cubes(m, "mage", blue=1)
    stand(m, "mage", "S11", mp=1)
    act(m, {"do": "move", "to": "S3"})
    assert {"do": "teleport"} in legal(m)
    evs = act(m, {"do": "teleport"}, [4, 1])
    assert events_of(evs, "teleport")[0] == {**events_of(evs, "teleport")[0], "roll": [4, 1], "picked": 1}
    assert m.state.at["mage"].field == "S1" and {"do": "market"} in legal(m)
    act(m, {"do": "end"})
    assert moves_of(m) == ["S3", "S4", "S5", "S6"]


def test_the_garbage_dump():
    """"Any hero getting to this field may roll a die: on a roll of 1, he has found an artifact ...
    To leave this field again, the hero needs to activate the teleporter while still on field S2 ...
    at the very beginning of a turn".\""""
    m = match(("mage",))
    stand(m, "mage", "S11", mp=2)
    act(m, {"do": "move", "to": "S2"})
    assert moves_of(m) == [] and {"do": "rummage"} in legal(m)
    evs = act(m, {"do": "rummage"}, [1])
    assert events_of(evs, "found")[0]["to"] == "sheet" and len(m.state.sheets["mage"].items) == 1
    act(m, {"do": "end"})
    assert {"do": "teleport"} in legal(m) and moves_of(m) == []


def test_the_labyrinth():
    """"Whoever enters one of the four corner fields ... may roll a die directly afterwards. The hero
    is automatically transported to the field corresponding to the number rolled. Also, as long as
    the hero is inside the Labyrinth, roll the die once per round.\""""
    m = match(("orc",))
    stand(m, "orc", "R8", mp=3)
    act(m, {"do": "move", "to": "U1"})
    act(m, {"do": "roll"}, [5])
    assert m.state.at["orc"].field == "U5" and moves_of(m) == []
    act(m, {"do": "end"}, [3])
    assert m.state.at["orc"].field == "U3" and moves_of(m) == ["V2"]


def test_the_map_of_the_labyrinth_walks_its_dotted_lines_and_finds_hidden_fields():
    """"The owner of this map may move freely around the Labyrinth ... without having to roll the die.
    In addition, he may freely enter all hidden routes.\""""
    m = match(("orc",))
    give(m, "orc", "minotaur", back=True)
    stand(m, "orc", "U1", mp=3)
    assert moves_of(m) == ["R8", "U2", "U4"]
    stand(m, "orc", "T4", mp=3)
    act(m, {"do": "move", "to": "T5"})
    assert m.state.at["orc"].field == "T5"


@pytest.mark.parametrize("end_on, carry, hurt", [
    pytest.param("W4", None, True, id="a turn ending in the Desert costs a hit point"),
    pytest.param("W6", None, False, id="not on the Oasis"),
    pytest.param("W3", None, False, id="not on the Caravanserai"),
    pytest.param("W4", ("moray-eel", True), False, id="not with the Waterskin"),
])
def test_the_desert(end_on, carry, hurt):
    """"Once per turn of play, a hero in the Desert loses 1 HP, unless he ends his movement on field 6
    – the Oasis – or field 3 – the Caravanserai"; "A hero does not lose any HPs if he rides the Camel
    or owns the Waterskin.\""""
    m = match(("orc", "paladin"))
    if carry:
        give(m, "orc", carry[0], back=carry[1])
    stand(m, "orc", end_on)
    evs = act(m, {"do": "end"})
    assert bool(events_of(evs, "wounded")) is hurt


@pytest.mark.parametrize("roll, carry, where, wounds", [
    pytest.param([6, 6], None, "between W7 and W5", 2,
                 id="lost the way to W5: the additional HP, and the Desert's at the turn's end"),
    pytest.param([1, 1], None, "W5", 2, id="found W5: the additional HP, and the Desert's at the turn's end"),
    pytest.param([6, 6], ("moray-eel", True), "between W7 and W5", 0,
                 id="the Waterskin: 'may move across the Desert region map (W) without losing HPs'"),
    pytest.param([1, 1], ("moray-eel", True), "W5", 0, id="the Waterskin, W5 found"),
    pytest.param([6, 6], ("tea-leaves", True), "between W7 and W5", 0,
                 id="the Camel: 'does not suffer any HP loss while on the Desert region map (W)'"),
])
def test_the_search_for_w5_over_a_whole_turn(roll, carry, where, wounds):
    """"Once per turn of play, a hero in the Desert loses 1 HP, unless he ends his movement on field 6
    ... or field 3 ... A hero who tried and failed to find the hidden route to field 5 loses an
    additional HP, and even if he does get to field 5, he loses the additional HP."; "A hero does
    not lose any HPs if he rides the Camel or owns the Waterskin." (The Desert) A hero between W7
    and W5 is in the Desert and ended his movement on neither the Oasis nor the Caravanserai."""
    m = match(("orc", "paladin"))
    if carry:
        give(m, "orc", carry[0], back=carry[1])
    stand(m, "orc", "W7", mp=3)
    evs = act(m, {"do": "move", "to": "W5"}, roll)
    hs = m.state.at["orc"]
    assert (f"between {hs.field} and {hs.between}" if hs.between else hs.field) == where
    evs += act(m, {"do": "end"})
    assert len(events_of(evs, "wounded")) == wounds and m.state.sheets["orc"].natural == 5 - wounds


def test_the_search_for_w5_at_the_table(tmp_path, monkeypatch):
    """At the table: "A hero who tried and failed to find the hidden route to field 5 loses an
    additional HP" (The Desert), and the turn's hit point of the Desert with it - each told."""
    session = at_table(tmp_path)
    stand(session.match, "orc", "W7", mp=3)
    force_dice(monkeypatch, [6, 6])
    told = typed(session, "move W5", "end")
    assert "not found: between the fields" in told
    assert "orc loses a natural hit point (lost the way to W5 in the Desert): 4 natural left" in told
    assert "orc loses a natural hit point (the Desert's heat): 3 natural left" in told
    assert "orc: between W7 and W5; 3/5 HP" in typed(session, "status")


def test_the_desert_s_hidden_field_costs_a_hit_point_found_or_not():
    """"A hero who tried and failed to find the hidden route to field 5 loses an additional HP, and
    even if he does get to field 5, he loses the additional HP.\""""
    for roll in ([1, 1], [6, 6]):
        m = match(("orc",))
        stand(m, "orc", "W6", mp=3)
        evs = act(m, {"do": "move", "to": "W5"}, roll)
        assert len(events_of(evs, "wounded")) == 1


def test_orchan_ferries_a_hero_to_the_isle_and_back():
    """"Orchan ferries a hero to the Isle (region map Y) and back again at a cost of 1 gold piece."
    Reading: that one gold pays for both ways."""
    m = match(("orc",))
    place(m, "orchan", "Y5")
    stand(m, "orc", "Y5", mp=3)
    gold = m.state.sheets["orc"].gold
    act(m, {"do": "ferry"})
    assert m.state.at["orc"].field == "Y6" and m.state.sheets["orc"].gold == gold - 1
    act(m, {"do": "end"})
    act(m, {"do": "ferry"})
    assert m.state.at["orc"].field == "Y5" and m.state.sheets["orc"].gold == gold - 1


def test_the_storm():
    """"Movement is reduced to 1 ... all are affected, and everybody rolls a die before moving; on a
    roll of 6, the weather returns to normal.\""""
    m = match(("orc", "paladin"), path=DUEL)
    m.state.storm = True
    act(m, {"do": "end"}, [4])
    assert m.state.turn.hero == "paladin" and m.state.turn.mp == 1 and m.state.storm
    act(m, {"do": "end"}, [6])
    assert m.state.turn.mp == 3 and not m.state.storm


def test_pegasus_flies_to_a_tan_field_and_home_to_the_city():
    """"The Pegasus takes you to any tan field of your choice. After landing, he (meaning, the
    counter) returns to the rest of the 'City of the Mages' counters"; not "during the Storm".\""""
    m = match(("orc",))
    give(m, "orc", "pegasus")
    assert {"do": "pegasus", "to": "Z6"} in legal(m)
    act(m, {"do": "pegasus", "to": "Z6"})
    assert m.state.at["orc"].field == "Z6" and "pegasus" in m.state.market
    m.state.storm = True
    give(m, "orc", "pegasus")
    assert not any(a["do"] == "pegasus" for a in legal(m))


def test_the_camel_may_refuse():
    """"before you get the Camel to move, you need to roll a die first: on a roll of 1, the stubborn
    beast refuses to move"; otherwise "+2 on movement rate".\""""
    m = match(("orc", "paladin"), path=DUEL)
    give(m, "paladin", "tea-leaves", back=True)
    act(m, {"do": "end"}, [1])
    assert m.state.turn.mp == 0
    act(m, {"do": "end"})
    act(m, {"do": "end"}, [2])
    assert m.state.turn.mp == 5


def test_a_confused_hero_is_moved_by_the_program():
    """The Basilisk: "On his next turn, your hero is moved by the player on your left in a direction
    of his choosing." The program is that player: as far as his movement goes along plain routes, to
    the field farthest from the Mouth of the Cave; the key and its ties are told."""
    m = match(("orc", "paladin"))
    m.state.at["paladin"].confused = True
    evs = act(m, {"do": "end"})
    steered = events_of(evs, "steered")[0]
    far = -m.content.board.spaces("X8", "V10")
    assert steered["to"] == "X8" and steered["decision"]["key"] == {
        "spaces from the Mouth of the Cave (negated)": far, "reading order": "X8"}
    assert "(the players may choose)" in " ".join(lines(m, evs)) or not steered["decision"]["ties"]
    assert m.state.turn.phase == "act" and not m.state.at["paladin"].confused


def test_the_players_may_take_the_choice_back():
    """``program_choices: false``: the player on the confused hero's left chooses where he goes."""
    m = match(("orc", "paladin"), program_choices=False)
    m.state.at["paladin"].confused = True
    act(m, {"do": "end"})
    options = legal(m)
    assert options and all(a["do"] == "steer" and a["hero"] == "paladin" for a in options)
    act(m, {"do": "steer", "hero": "paladin", "to": options[0]["to"]})
    assert m.state.at["paladin"].field == options[0]["to"] and m.state.turn.hero == "paladin"
