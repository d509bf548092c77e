"""The Boots of Jumping in Under the Shadow of the Dragon (UtSotD, Glossary and Region Maps), on the
shipped maps and the shipped City of the Mages counter, the dice forced:

"These boots enable your hero to jump exactly 4 fields (no less, no more). Jumping has to follow the
routes depicted on the game board. Some of the routes remain closed to the hero; jumping into or
through the City of the Mages; into or through the Labyrinth (region map U); past the Dragon Man into
the Dragon Cave; and across or onto colored fields are all not allowed. However, a hero may jump onto
the Isle (region map Y) or across the Lake from one blue field to another."

The Elven Forest (T) and its neighbours on the shipped maps (green fields in brackets)::

                    T1
                    |
      S9 ---- T3 -- T2 -- T4 -- T6
      |             |     |      |
    S5, S11         T9   (T5)   (T7)
                      \\   |     /
                        T8 -----
                        |
                        W1 -- W4
"""

from __future__ import annotations

import pytest

from dragon_helpers import act, content, events_of, give, legal, lines, match, place, stand
from overlord.games.dragon.jumps import landings
from overlord.games.heroes.state import face_up


def jumps_of(m):
    return [a["to"] for a in legal(m) if a["do"] == "jump"]


def test_exactly_four_fields_along_the_routes():
    """"jump exactly 4 fields (no less, no more). Jumping has to follow the routes": from T4 the
    routes of four steps end on S11 and S5 (T4-T2-T3-S9-...) and W1 (T4-T2-T9-T8-W1); W4 is four
    steps away only across the green T5 (T4-T5-T8-W1-W4), and T8, two steps away, is no landing."""
    assert landings(content().board, "T4") == ["S5", "S11", "W1"]
    m = match(("paladin",))
    give(m, "paladin", "boots-of-jumping")
    stand(m, "paladin", "T4")
    assert jumps_of(m) == ["S5", "S11", "W1"]


BOARD = content().board
EVERY = {f: landings(BOARD, f) for f in BOARD.fields}


@pytest.mark.parametrize("rule, holds", [
    pytest.param("into or through the City of the Mages",
                 lambda f, to: to != "S1" and (f != "S1" or not to), id="the City (S1): never landed on, never left"),
    pytest.param("into or through the Labyrinth (region map U)",
                 lambda f, to: not to.startswith("U") and (not f.startswith("U") or not to), id="the Labyrinth"),
    pytest.param("past the Dragon Man into the Dragon Cave", lambda f, to: to != "V9", id="the lair"),
    pytest.param("across or onto colored fields",
                 lambda f, to: not to or BOARD.field(to).colour == "tan" or to.startswith("Y"), id="coloured fields"),
    pytest.param("The Boots of Jumping cannot be used to reach the City of the Mages/Location from this field [S2]; "
                 "neither may you use them to jump across the Rift", lambda f, to: f != "S2" or not to, id="the dump"),
])
def test_the_routes_closed_to_a_jump(rule, holds):
    """Checked for every field of the shipped board and every landing from it (an empty landing: a
    field with none)."""
    broken = [(f, to) for f, tos in EVERY.items() for to in (tos or [""]) if not holds(f, to)]
    assert broken == [], rule


@pytest.mark.parametrize("start, landing, across", [
    pytest.param("T4", "W4", "T5", id="T4-T5-T8-W1-W4 across the green T5"),
    pytest.param("V5", "W2", "V8", id="V5-V7-V8-V4-W2 across the red V8"),
])
def test_a_route_across_a_coloured_field_is_closed_even_between(monkeypatch, start, landing, across):
    """"across or onto colored fields ... not allowed": a field four steps away only across a hidden
    field is no landing - and would be, were that field tan."""
    from overlord.games.dragon import jumps
    assert BOARD.field(across).is_hidden and landing not in EVERY[start]
    opened = jumps.open_to_jump
    monkeypatch.setattr(jumps, "open_to_jump", lambda board, f: f == across or opened(board, f))
    assert landing in jumps.landings(BOARD, start)


def test_onto_the_isle_and_across_the_lake():
    """"However, a hero may jump onto the Isle (region map Y) or across the Lake from one blue field to
    another" - from the blue Y1: the Isle's Y7 and Y8 (over the ferry's crossing Y5-Y6) and the blue
    Y3 and Y4; "The Isle on the Lake can only be reached with the help of Orchan the Ferryman, unless
    a hero uses his Boots of Jumping"."""
    assert {"Y3", "Y4", "Y7", "Y8"} <= set(EVERY["Y1"]) and BOARD.field("Y3").colour == "blue"
    assert {"Y6", "Y7", "Y8"} <= set(EVERY["X6"])                    # from the shore X6-Y2-Y5-Y6(-Y7...)
    assert {"Y7", "Y8"} & set(BOARD.walk["Y5"]) == set()             # walking, only Orchan crosses


def test_what_lies_between_is_jumped_over_and_the_landing_is_entered():
    """The hero touches only the field he lands on (our reading): the Wolves on T2 are not fought
    and the covered counter on T9 stays covered; landing on a covered creature turns it over and
    "combat ensues automatically and the movement phase is immediately ended"."""
    m = match(("paladin",))
    give(m, "paladin", "boots-of-jumping")
    stand(m, "paladin", "T4")
    place(m, "wolves", "T2")
    place(m, "herbalist", "T9", down=True)
    place(m, "giant", "W1", down=True)
    evs = act(m, {"do": "jump", "to": "W1"})
    assert m.state.at["paladin"].field == "W1" and not face_up(m.state, "herbalist") and face_up(m.state, "wolves")
    assert [e["event"] for e in evs] == ["jump", "moved", "revealed", "must_fight"]
    assert {a["do"] for a in legal(m)} == {"fight"}
    assert lines(m, evs)[:2] == ["  paladin jumps exactly 4 fields with the Boots of Jumping (the turn's movement)",
                                 "  paladin jumps T4 -> W1 (0 movement left)"]


@pytest.mark.parametrize("reading, hero, mp, first_step, can, left", [
    pytest.param("turn", "paladin", 3, False, True, 0, id="turn: a hero of 3 jumps 4, instead of walking"),
    pytest.param("turn", "halfling", 4, True, False, None, id="turn: not after a step"),
    pytest.param("points", "paladin", 3, False, False, None, id="points: 4 movement points needed"),
    pytest.param("points", "halfling", 4, False, True, 0, id="points: 4 of 4"),
    pytest.param("points", "halfling", 6, True, True, 1, id="points: 4 of the 5 left after a step, walking on"),
])
def test_the_two_readings_of_a_jumps_cost(reading, hero, mp, first_step, can, left):
    """The book does not say what a jump costs. Ours (``rules.jump: turn``): it is the turn's
    movement, made instead of walking whatever the allowance; ``points``: it spends 4 movement
    points and walking may go on."""
    m = match((hero,), jump=reading)
    give(m, hero, "boots-of-jumping")
    stand(m, hero, "T2", mp=mp)
    if first_step:
        act(m, {"do": "move", "to": "T4"})
    assert bool(jumps_of(m)) is can
    if can:
        act(m, {"do": "jump", "to": jumps_of(m)[0]})
        assert m.state.turn.mp == left
        assert any(a["do"] == "move" for a in legal(m)) is (left > 0)


def test_a_jump_onto_the_isle_ends_the_movement():
    """"If this is the case, this turn's movement has to end on the Isle, though" - with ``jump:
    points`` too, where walking could otherwise go on."""
    m = match(("halfling",), jump="points")
    give(m, "halfling", "boots-of-jumping")
    stand(m, "halfling", "Y1", mp=6)
    evs = act(m, {"do": "jump", "to": "Y7"})
    assert m.state.turn.mp == 0 and "the Isle" in events_of(evs, "jump")[0]["why"]


@pytest.mark.parametrize("scene, field", [
    ("storm", "T2"), ("between", "T2"), ("labyrinth", "U2"), ("city", "S1"), ("dump", "S2"), ("no boots", "T2"),
])
def test_when_nobody_jumps(scene, field):
    """In a Storm ("Movement is reduced to 1"), searching between fields, in the Labyrinth ("the
    Boots of Jumping cannot be used in the Labyrinth"), in the City and on the dump (the Rift), or
    without the boots."""
    m = match(("halfling",))
    if scene != "no boots":
        give(m, "halfling", "boots-of-jumping")
    stand(m, "halfling", field, mp=4)
    m.state.storm = scene == "storm"
    if scene == "between":
        m.state.at["halfling"].between = "T5"
    assert jumps_of(m) == []


def test_at_the_table_a_jump_is_typed_or_numbered():
    from overlord.games.dragon.game import GAME
    m = match(("paladin",))
    give(m, "paladin", "boots-of-jumping")
    stand(m, "paladin", "T4")
    table = GAME.table(m)
    options = table.options()
    assert "jump W1" in "\n".join(options)
    number = next(int(ln.split(".")[0]) for ln in options[1:] if ln.strip().endswith("jump W1"))
    reply = table.execute(str(number), [], str(number))
    assert reply.label == "jump W1" and m.state.at["paladin"].field == "W1"
    m2 = match(("paladin",))
    give(m2, "paladin", "boots-of-jumping")
    stand(m2, "paladin", "T4")
    assert GAME.table(m2).execute("jump", ["S11"], "jump S11").changed and m2.state.at["paladin"].field == "S11"


def test_the_heuristic_jumps_over_a_creature_in_its_way():
    """The bot's key: a jump when it leaves less of the way to its plan's field (and of what is met
    on it) than the best walk this turn - here the Orc, with the Axe's scroll and the Special Metal,
    bound for Hildebrandt on R4 with the Wolves on S9 across the way, jumps T2-T3-S9-S11-S8."""
    import numpy as np
    from overlord.games.dragon.game import GAME
    m = match(("orc",))
    for inst in ("boots-of-jumping", "scorpion", "dwarven-ghost"):
        give(m, "orc", inst, back=inst != "boots-of-jumping")
    place(m, "hildebrandt", "R4")
    place(m, "wolves", "S9")
    choice = GAME.bots["heuristic"](m, GAME.legal_actions(m), np.random.default_rng(0))
    assert choice == {"do": "jump", "to": "S8"}
