"""Setting up Return of the Heroes' introductory game (the book's "What to Do First") on the
shipped content, and the Nameless and his Guards as machines: each case quotes the book."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from overlord.core import machines as core_machines
from overlord.core.game import RulesError
from overlord.core.state import dumps
from overlord.games import registry
from overlord.games.heroes.state import face_up, where
from overlord.games.roth import machines
from overlord.games.roth.load import instance_ids, load
from overlord.games.roth.setup import new_state
from roth_helpers import box_folder

ROOT = Path(__file__).resolve().parent.parent


def content(tmp_path: Path, rules: str = ""):
    registry.games()
    return load(box_folder(tmp_path, "race", rules))


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    return content(tmp_path_factory.mktemp("roth"))


FOUR = ["leandra", "antrax", "glingal", "gro"]


@pytest.mark.parametrize("hero, start, deed", [
    ("leandra", "A3", "blade-of-the-stormblades"),
    ("antrax", "D3", "staff-of-the-archmage"),
    ("glingal", "M3", "bow-of-the-silver-moon"),
    ("gro", "P3", "axe-of-the-gnomes"),
])
def test_each_hero_starts_next_to_his_manor_with_his_kinds_deed(box, hero, start, deed):
    """"place your character on the indicated location and put your manor house next to it";
    "Every character has a given heroic deed to fulfill" (What to Do First)."""
    s = new_state(box, FOUR, 1)
    assert s.at[hero].field == start and s.at[hero].manor in box.board.walk[start]
    assert s.at[hero].deeds == {deed: 0}
    sheet, spec = s.sheets[hero], box.heroes[hero]
    assert (sheet.natural, sheet.gold, sheet.movement) == (spec.life, spec.gold, spec.movement)


def test_the_first_part_of_each_deed_in_play_lies_on_the_map_and_the_deeds_of_no_one_are_out(box):
    """"Every character has a given heroic deed ... check out where the first part of it will occur";
    "Should you play with less than four players, simply disregard those characters (and their
    deeds), whom nobody wants to play" (What to Do First)."""
    s = new_state(box, ["gro", "antrax"], 1)
    assert where(s, "lizard-people") == "K6" and face_up(s, "lizard-people")     # Axe of the Gnomes, part 1
    assert "gnomes" in s.bag                     # "At the beginning of the game, they are still in the bag"
    for cid in box.deeds["blade-of-the-stormblades"].counters:                   # the fighter plays not
        assert cid in s.removed


def test_two_random_encounter_chits_lie_face_down_on_each_region_and_the_rest_are_in_the_bag(box):
    """"distribute two random encounter chits on each region!" (The Standard Game; our reading for
    the introductory game too); "These are placed with the logo facing upwards" (Drawing Counters)."""
    s = new_state(box, FOUR, 1)
    chits = [i for i in box.instances if box.spec(i).chit]
    on_map = [i for i in chits if where(s, i) is not None]
    assert Counter(box.board.fields[where(s, i)].region for i in on_map) == {r: 2 for r in box.board.grid}
    assert all(not face_up(s, i) for i in on_map)
    assert sorted(set(chits) - set(on_map)) == sorted(i for i in s.bag if box.spec(i).chit)


def test_the_nameless_waits_outside_the_bag_with_his_guards_and_servants(box):
    """"At the beginning of the game, the Nameless counter is not yet in the bag. It is added to the
    cloth bag only after a player has fulfilled the first part of his or her heroic deed" (The Final
    Battle Against the Nameless); the introductory game's Nameless is predetermined."""
    s = new_state(box, FOUR, 1)
    assert s.nameless == "absent" and "nameless" in s.aside and "nameless" not in s.bag
    assert {i for i in s.aside if box.spec(i).effect in ("guard", "servant")} == \
        {i for i in box.instances if box.spec(i).effect in ("guard", "servant")}
    assert box.nameless[s.nameless_card].introductory


def test_option_1_puts_the_nameless_in_the_bag_from_the_start(tmp_path):
    """"Option 1: The Nameless counter is placed in the bag right from the start" (The Standard Game)."""
    s = new_state(content(tmp_path, "{nameless_at_start: true}"), FOUR, 1)
    assert s.nameless == "in_bag" and "nameless" in s.bag


def test_every_counter_lies_in_exactly_one_place(box):
    s = new_state(box, ["gro"], 3)
    places = Counter(s.bag + s.market + s.aside + s.removed + [i for here in s.board.values() for i in here])
    assert places == Counter(list(box.instances))


def test_a_seed_gives_one_set_up_and_another_seed_another(box):
    assert dumps(new_state(box, FOUR, 5)) == dumps(new_state(box, FOUR, 5))
    assert dumps(new_state(box, FOUR, 5)) != dumps(new_state(box, FOUR, 6))


@pytest.mark.parametrize("heroes, refusal", [
    (["frieda"], "Frieda Soulsoother is a cleric: the introductory game is played by the fighter, mage, elf and dwarf"),
    (["leandra", "agin"], "are the two sides of one fighter's sheet: choose one"),
    (["nobody"], "unknown hero 'nobody'"),
    ([], "is for 1 or 2 or 3 or 4 heroes, not 0"),
])
def test_the_introductory_game_is_for_one_hero_of_each_of_four_kinds(box, heroes, refusal):
    """"each player chooses one of four heroes - fighter, mage, elf or dwarf - and selects the gender
    of their character by choosing one side of the character sheet" (What to Do First)."""
    with pytest.raises(RulesError, match=refusal):
        new_state(box, heroes, 1)


# -- the machines ------------------------------------------------------------------------------------

@pytest.mark.parametrize("start, trigger, end, rule", [
    ("absent", "enter", "in_bag", "It is added to the cloth bag only after a player has fulfilled the first part"),
    ("in_bag", "drawn", "on_tower", "It is put on its location, H3"),
    ("on_tower", "challenged", "in_battle", "you can continue on to the Nameless and do battle with him"),
    ("in_battle", "slain", "slain", "Once the Nameless has no hit points left, do I win? Yes"),
    ("in_battle", "won", "on_tower", "the Nameless always retains his initial values as specified on his card"),
])
def test_the_nameless(box, start, trigger, end, rule):
    s = new_state(box, FOUR, 1)
    assert machines.fire("nameless", start, trigger, s, box) == end, rule


@pytest.mark.parametrize("start, trigger", [("absent", "drawn"), ("in_bag", "challenged"), ("slain", "won")])
def test_what_the_nameless_cannot_do(box, start, trigger):
    s = new_state(box, FOUR, 1)
    with pytest.raises(machines.TriggerRefused, match=start):
        machines.fire("nameless", start, trigger, s, box)


def test_the_guards_are_reincarnated_after_every_battle(box):
    """"Are the Guards then removed from the game? No. They are reincarnated by the Nameless after every battle.\""""
    s = new_state(box, FOUR, 1)
    state = machines.fire("guards", "absent", "posted", s, box)
    state = machines.fire("guards", state, "beaten", s, box)
    assert machines.fire("guards", state, "reincarnated", s, box) == "posted"


def test_counter_instances_are_named_as_the_familys(box):
    assert instance_ids(box.counters["wolves"]) == ["wolves-1", "wolves-2", "wolves-3"]


@pytest.mark.parametrize("name", ["nameless", "guards"])
def test_the_shipped_drawings_are_current(name):
    drawing = ROOT / "docs" / "machines" / f"{name}.mmd"
    assert drawing.read_text(encoding="utf-8") == core_machines.mermaid(name), (
        f"regenerate with `overlord diagram {name} > docs/machines/{name}.mmd`")
