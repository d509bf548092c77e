"""Return of the Heroes' bag on the shipped content (the book's "Drawing Counters", "Events", "The
Final Battle Against the Nameless"): where a drawn counter goes, what comes back into the bag and
what no longer does, the Nameless with his Guards and Servants, an event every hero takes part in."""

from __future__ import annotations

import pytest

from overlord.core.rng import Faces
from overlord.games import registry
from overlord.games.heroes.sheet import accept_task, cube_count
from overlord.games.heroes.state import face_up, where
from overlord.games.roth import draws
from overlord.games.roth.load import load
from overlord.games.roth.regions import guard_posts
from overlord.games.roth.setup import new_state
from overlord.games.roth.state import Ctx
from roth_helpers import box_folder

HEROES = ["leandra", "antrax", "glingal", "gro"]


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    registry.games()
    return load(box_folder(tmp_path_factory.mktemp("roth"), "race"))


def game(box, bag: list[str], seed: int = 1):
    """A fresh introductory game whose bag holds ``bag`` alone (the rest of it set aside)."""
    s = new_state(box, HEROES, seed)
    for inst in bag:
        for place in (s.bag, s.aside, s.removed, s.market):
            if inst in place:
                place.remove(inst)
    s.removed.extend(s.bag)
    s.bag = list(bag)
    return s


def test_a_drawn_chit_goes_face_down_on_a_tan_field_off_the_drawing_heros_region(box):
    """"Newly drawn random encounter chits are put anywhere the drawing player chooses on a normal tan
    colored field, but not in the region where the player currently is" (Drawing Counters)."""
    chit = next(i for i in box.instances if box.spec(i).chit)
    s = game(box, [chit])
    ctx = Ctx.open(s, box)
    draws.replace(ctx, "leandra", "took a task")
    fid = where(s, chit)
    f = box.board.fields[fid]
    assert f.colour == "tan" and f.region != box.board.fields[s.at["leandra"].field].region
    assert f.feature not in draws.NOT_FOR_PLACING and not face_up(s, chit)


def test_an_open_counter_goes_on_its_coordinates(box):
    """"All other counters are placed with the location coordinates facing up ... On their coordinates\""""
    s = game(box, ["fountain-of-life"])
    draws.replace(Ctx.open(s, box), "leandra", "beat a creature")
    assert where(s, "fountain-of-life") == "O5" and face_up(s, "fountain-of-life")


def test_a_defeated_creature_goes_back_into_the_bag_after_the_draw_it_caused(box):
    """"You draw a new counter and then return the creature to the bag" (Drawing Counters): the
    creature cannot be its own replacement."""
    s = game(box, ["fountain-of-life"])
    s.aside.append("wolves-1")
    events = draws.replace(Ctx.open(s, box), "leandra", "beat the wolves", then_bag="wolves-1")
    assert [e["event"] for e in events] == ["drawn", "placed", "back_in_bag"] and s.bag == ["wolves-1"]


def test_one_draw_a_turn(box):
    s = game(box, ["fountain-of-life", "boat"])
    ctx = Ctx.open(s, box)
    draws.replace(ctx, "leandra", "took a task")
    second = draws.replace(ctx, "leandra", "took another")
    assert second[0]["event"] == "no_draw" and len(s.bag) == 1


def test_the_nameless_drawn_takes_his_tower_calls_his_guards_and_a_servant_a_task(box):
    """"It is put on its location, H3 ... the four Guards are placed on the four fields surrounding
    the tower ... the players tally the number of unfulfilled tasks on their character sheets. The
    total is the number of Servants that are drawn unseen and immediately placed on their
    coordinates ... the remaining Servants ... are put into the bag" (The Final Battle Against the
    Nameless); "The four guards are placed (values hidden)" (The Emergence of the Nameless)."""
    s = game(box, ["nameless"])
    s.nameless = "in_bag"
    s.aside.remove("nameless") if "nameless" in s.aside else None
    accept_task(s.sheets["leandra"], "merchant")
    accept_task(s.sheets["leandra"], "pilgrim-1")
    accept_task(s.sheets["gro"], "hermit-1")
    draws.replace(Ctx.open(s, box), "leandra", "took a task")
    assert where(s, "nameless") == "H3" and s.nameless == "on_tower" and s.guards == "posted"
    posts = guard_posts(box.board)
    guards = [i for i in box.instances if box.spec(i).effect == "guard"]
    assert sorted(where(s, g) for g in guards) == sorted(posts) and not any(face_up(s, g) for g in guards)
    servants = [i for i in box.instances if box.spec(i).effect == "servant"]
    placed = [i for i in servants if where(s, i) is not None]
    assert len(placed) == 3 and all(where(s, i) == box.spec(i).at and not face_up(s, i) for i in placed)
    assert sorted(set(servants) - set(placed)) == sorted(i for i in s.bag if i in servants)


def test_once_the_nameless_is_drawn_no_counter_goes_back_into_the_bag(box):
    """"Once the Nameless counter has been drawn, no more counters are placed back in the bag. The
    counters remaining in the bag can be drawn for play until it is empty" (Drawing Counters)."""
    s = game(box, ["fountain-of-life"])
    s.nameless = "on_tower"
    s.aside.append("wolves-1")
    events = draws.replace(Ctx.open(s, box), "leandra", "beat the wolves", then_bag="wolves-1")
    assert events[-1]["event"] == "out_of_game" and "wolves-1" in s.removed and "wolves-1" not in s.bag


@pytest.mark.parametrize("faces, won", [
    pytest.param([1, 1, 1, 1] * 4, {"leandra": True, "antrax": True, "glingal": True, "gro": True},
                 id="every hero wins both trials: several may take the prize"),
    pytest.param([6, 6, 1, 1, 1, 1, 6, 6, 1, 1, 6, 6, 1, 1], {"leandra": False, "antrax": True, "glingal": False,
                                                              "gro": False},
                 id="a failed trial eliminates, the second trial at -1"),
])
def test_an_event_is_a_competition_every_hero_takes_part_in(box, faces, won):
    """"all players take part in the event ... one player after the other attempts a trial. And if
    unsuccessful, a player is eliminated, but doesn't lose any hit points ... all those who succeed in
    the first trial attempt a second one, but this time with the combat rating reduced by one. If
    successful, players receive the specified prize of ECs"; "The event counter is out of the game,
    but no new counter is drawn" (Events)."""
    s = game(box, ["archery-competition"])
    life = {h: s.sheets[h].natural for h in HEROES}
    ctx = Ctx.open(s, box, dice=Faces(faces))
    events = draws.replace(ctx, "leandra", "took a task")
    trials = {e["hero"]: e for e in events if e["event"] == "event_trials"}
    assert [e["hero"] for e in events if e["event"] == "event_trials"] == HEROES     # the drawer first
    assert {h: e["won"] for h, e in trials.items()} == won
    assert all(cube_count(s.sheets[h], "ranged") == (2 if won[h] else 0) for h in HEROES)
    assert {h: s.sheets[h].natural for h in HEROES} == life
    assert "archery-competition" in s.removed and where(s, "archery-competition") is None and not s.bag


def test_the_second_trial_of_an_event_is_one_harder(box):
    """"all those who succeed in the first trial attempt a second one, but this time with the combat
    rating reduced by one" (Events): the same roll that won the first trial loses the second."""
    s = game(box, ["archery-competition"])
    value = s.sheets["leandra"].skills["ranged"]
    roll = [min(6, value - 1), value - min(6, value - 1)]             # two dice totalling the rating
    others = [6, 6] * 3
    events = draws.replace(Ctx.open(s, box, dice=Faces(roll + roll + others)), "leandra", "took a task")
    first = next(e for e in events if e["event"] == "event_trials")
    assert first["hero"] == "leandra" and len(first["trials"]) == 2 and not first["won"]
    assert first["trials"][0].endswith("success") and first["trials"][1].endswith("failure")
