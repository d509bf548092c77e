"""Return of the Heroes' heroic deeds on the shipped deeds (the book's "What to Do First", "Counters",
"Heroic Deeds", "Hit Points", "The Final Battle Against the Nameless", "Alternative Rules: The
Standard Game"): the Axe of the Gnomes part by part as the book tells it, who sees and fights a
deed's counters, the Nameless into the bag, what a death does to a deed, the dealt deeds and
Option 2."""

from __future__ import annotations

import pytest

from overlord.core.game import RulesError
from overlord.core.rng import Faces
from overlord.games import registry
from overlord.games.heroes.sheet import Item, cube_count
from overlord.games.heroes.state import put, where
from overlord.games.roth import deeds, fights
from overlord.games.roth.load import load
from overlord.games.roth.setup import new_state
from overlord.games.roth.state import Ctx, TurnState, sees
from roth_helpers import box_folder

WIN, LOSE = [1, 1], [6, 6]          # two dice, no cube yet: 2 wins any trial, 12 loses any
AXE = "axe-of-the-gnomes"


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    registry.games()
    return load(box_folder(tmp_path_factory.mktemp("roth"), "race"))


@pytest.fixture(scope="module")
def option1(tmp_path_factory):
    return load(box_folder(tmp_path_factory.mktemp("roth1"), "race", "{nameless_at_start: true}"))


@pytest.fixture(scope="module")
def option2(tmp_path_factory):
    return load(box_folder(tmp_path_factory.mktemp("roth2"), "race", "{deeds_at_court: true}"))


def game(box, seed: int = 1):
    """Leandra (the fighter: the Blade of the Stormblades) and Gro (the dwarf: the Axe of the
    Gnomes), Gro's turn."""
    s = new_state(box, ["leandra", "gro"], seed)
    s.turn = TurnState(hero="gro")
    return s


def next_turn(s, hero: str = "gro") -> None:
    s.turn = TurnState(hero=hero)


def on_map(s, inst: str, fid: str | None = None) -> None:
    """A counter drawn and placed (on ``fid``, else its coordinates)."""
    for place in (s.bag, s.aside, s.removed):
        if inst in place:
            place.remove(inst)
    if where(s, inst) is not None:
        s.board[where(s, inst)].remove(inst)
    put(s, fid or s.at["gro"].field, inst)


def to(s, hero: str, fid: str) -> None:
    s.at[hero].field = fid


def events(out, name):
    return [e for e in out if e["event"] == name]


# -- the Axe of the Gnomes, as the book tells it ------------------------------------------------------------

def test_the_axe_of_the_gnomes_part_by_part(box):
    """Heroic Deeds, the Axe of the Gnomes: "I'll go to the lizards and vanquish them. Then turn over
    the counter and find the sought after silver hammer. You also receive a colored EP and a gold
    piece as a reward. I then bring the hammer to the gnomes. If the gnomes have already been drawn.
    At the beginning of the game, they are still in the bag, so you have to wait until they are on
    the map ... You bring them the hammer. The counter with the hammer is discarded and the gnomes
    counter is turned over, revealing the axe. I place the axe on the card with the heroic deed. And
    you draw a new counter from the bag. When I bring this axe home, I receive a precious stone? Yes,
    and you draw another counter from the bag. Now you are a hero"."""
    s = game(box)
    hs, sheet = s.at["gro"], s.sheets["gro"]
    assert hs.deeds == {AXE: 0} and where(s, "lizard-people") == "K6" and "gnomes" in s.bag
    # part 1: vanquish the Lizard People (K6), in combat
    to(s, "gro", "K6")
    ctx = Ctx.open(s, box, dice=Faces(WIN + [3] * 40))
    assert deeds.next_part(ctx, "gro", AXE)[0] == 0 and deeds.parts_here(ctx, "gro") == []
    with pytest.raises(RulesError, match="vanquishes the Lizard People: a fight"):
        deeds.do_part(ctx, "gro", AXE)
    gold = sheet.gold
    out = fights.fight(ctx, "gro", "lizard-people", "close", cubes=["blue"])
    part = events(out, "deed_part")[0]
    assert (part["part"], part["verb"], part["cubes"], part["gold"]) == (1, "vanquish", ["blue"], 1)
    assert "lizard-people" in s.backs and hs.card == ["lizard-people"] and where(s, "lizard-people") is None
    assert "lizard-people" not in s.bag and sheet.gold == gold + 1 and cube_count(sheet, "magic") == 1
    assert len(events(out, "drawn")) == 1 and hs.deeds[AXE] == 1
    # part 2: bring the hammer to the Gnomes (C8), once they are on the map
    next_turn(s)
    to(s, "gro", "C8")
    ctx = Ctx.open(s, box, dice=Faces([3] * 40))
    with pytest.raises(RulesError, match="If the gnomes have already been drawn"):
        deeds.do_part(ctx, "gro", AXE)
    on_map(s, "gnomes", "C8")
    assert deeds.parts_here(ctx, "gro") == [(AXE, 1)]
    out = deeds.do_part(ctx, "gro", AXE)
    assert "lizard-people" in s.removed and "gnomes" in s.backs and hs.card == ["gnomes"]
    assert where(s, "gnomes") is None and len(events(out, "drawn")) == 1 and s.turn.acted
    # part 3: bring the Axe home
    next_turn(s)
    with pytest.raises(RulesError, match="brings the Axe of the Gnomes home"):
        deeds.do_part(Ctx.open(s, box), "gro", AXE)
    to(s, "gro", hs.manor)
    out = deeds.do_part(Ctx.open(s, box, dice=Faces([3] * 40)), "gro", AXE)
    assert hs.stone and events(out, "deed_part")[0]["fulfilled"] and len(events(out, "drawn")) == 1
    assert deeds.next_part(Ctx.open(s, box), "gro", AXE) is None


@pytest.mark.parametrize("hero, deed, at, bring_to", [
    pytest.param("glingal", "bow-of-the-silver-moon", "K3", None,
                 id="find: the Moon Dryad (K3), a part done on reaching it"),
    pytest.param("antrax", "staff-of-the-archmage", "D6", "stone-golem",
                 id="bring to a field: the Heart of Stone to the circle of stones (D6)"),
])
def test_find_and_bring_to_a_field(box, hero, deed, at, bring_to):
    """"On the counters for simple tasks, there is always a person or creature that you meet, an
    artifact that you find or a place for you to visit" (Tasks), and a heroic deed's parts likewise:
    a part is done where its counter or field is, and nowhere else."""
    s = new_state(box, [hero, "gro"], 1)
    s.turn = TurnState(hero=hero)
    hs = s.at[hero]
    if bring_to:
        hs.deeds[deed], hs.card = 1, [bring_to]
    ctx = Ctx.open(s, box, dice=Faces([3] * 40))
    assert deeds.parts_here(ctx, hero) == []
    with pytest.raises(RulesError, match=f"part {hs.deeds[deed] + 1} of the"):
        deeds.do_part(ctx, hero, deed)
    to(s, hero, at)
    assert deeds.parts_here(ctx, hero) == [(deed, hs.deeds[deed])]
    before = hs.deeds[deed]
    deeds.do_part(ctx, hero, deed)
    assert hs.deeds[deed] == before + 1


def test_a_bring_part_needs_the_counter_on_the_card(box):
    """"I then bring the hammer to the gnomes": he brings what lies on his deed card."""
    s = game(box)
    s.at["gro"].deeds[AXE] = 1
    on_map(s, "gnomes", "C8")
    to(s, "gro", "C8")
    with pytest.raises(RulesError, match="not on the deed card"):
        deeds.do_part(Ctx.open(s, box), "gro", AXE)


@pytest.mark.parametrize("cubes, taken", [
    pytest.param(["red"], ["red"], id="Sometimes multicolored cubes are pictured: the player's colour"),
    pytest.param(None, None, id="no colour named: the family's key"),
])
def test_the_reward_cube_is_the_players_colour(box, cubes, taken):
    """"Sometimes multicolored cubes are pictured, which means you can choose one of the colors
    displayed" (Rewards and Experience): the Lizard People's cube is blue, green or red."""
    s = game(box)
    to(s, "gro", "K6")
    out = fights.fight(Ctx.open(s, box, dice=Faces(WIN + [3] * 40)), "gro", "lizard-people", "close", cubes=cubes)
    got = events(out, "deed_part")[0]["cubes"]
    assert len(got) == 1 and got[0] in ("blue", "green", "red") and (taken is None or got == taken)


def test_a_deed_is_done_by_its_holder(box):
    """"Every character has a given heroic deed to fulfill" (What to Do First): Leandra's is the
    Blade of the Stormblades, not Gro's Axe."""
    s = game(box)
    to(s, "leandra", "K6")
    with pytest.raises(RulesError, match="leandra does not hold the heroic deed 'axe-of-the-gnomes'"):
        deeds.do_part(Ctx.open(s, box), "leandra", AXE)


def test_no_part_before_the_combat(box):
    """"The first thing that happens after movement is always combat" (Actions)."""
    s = game(box)
    s.at["gro"].deeds[AXE], s.at["gro"].card = 1, ["lizard-people"]
    on_map(s, "gnomes", "C8")
    to(s, "gro", "C8")
    s.turn.combat = "wolves-1"
    with pytest.raises(RulesError, match="always combat"):
        deeds.do_part(Ctx.open(s, box), "gro", AXE)


# -- who sees and fights a deed's counters --------------------------------------------------------------------

def test_another_hero_can_never_fight_a_deeds_creature(box):
    """"The lizard people are already on the map. Can another player defeat them? No, a part of a
    heroic deed can only be seen by the player who has this task" (Heroic Deeds); "the counters with
    half their bordering in purple are part of a heroic deed and are thus only visible to the one
    with the matching heroic deed" (Counters)."""
    s = game(box)
    next_turn(s, "leandra")
    to(s, "leandra", "K6")
    assert not sees(s, box, "leandra", "lizard-people") and sees(s, box, "gro", "lizard-people")
    ctx = Ctx.open(s, box)
    assert not deeds.can_fight(ctx, "leandra", "lizard-people") and deeds.can_fight(ctx, "gro", "lizard-people")
    with pytest.raises(RulesError, match="can only be seen by the player who has this task"):
        fights.fight(Ctx.open(s, box, dice=Faces(WIN)), "leandra", "lizard-people", "close")
    assert where(s, "lizard-people") == "K6" and not s.turn.fought


def test_the_parts_are_done_in_order(box):
    """"The second part of your heroic deed is more a matter of time" (What to Do First): the Barrow
    King is Leandra's first part; the Smith of Zenda is not found before it."""
    s = game(box)
    next_turn(s, "leandra")
    on_map(s, "smith-of-zenda", "G5")
    to(s, "leandra", "G5")
    ctx = Ctx.open(s, box)
    assert deeds.parts_here(ctx, "leandra") == []
    s.at["leandra"].deeds = {"shield-of-the-temple": 2}        # (as if) the Bone Wraith were her part to do
    on_map(s, "grave-robbers", "G5")
    with pytest.raises(RulesError, match="done in order"):
        fights.fight(ctx, "leandra", "grave-robbers", "close")


# -- the Nameless into the bag ------------------------------------------------------------------------------------

def test_the_first_part_of_any_deed_puts_the_nameless_into_the_bag_once(box):
    """"Once the first part of any heroic deed is fulfilled, put the Nameless counter in the bag"
    (What to Do First); "It is added to the cloth bag only after a player has fulfilled the first
    part of his or her heroic deed" (The Final Battle Against the Nameless) - once."""
    s = game(box)
    assert s.nameless == "absent" and "nameless" in s.aside and "nameless" not in s.bag
    to(s, "gro", "K6")
    out = fights.fight(Ctx.open(s, box, dice=Faces(WIN + [3] * 40)), "gro", "lizard-people", "close")
    assert [e["state"] for e in events(out, "nameless_enters")] == ["in_bag"]
    assert s.nameless == "in_bag" and "nameless" in s.bag and "nameless" not in s.aside
    next_turn(s, "leandra")
    to(s, "leandra", "E3")
    out = fights.fight(Ctx.open(s, box, dice=Faces(WIN + WIN + [3] * 40)), "leandra", "barrow-king", "close")
    assert events(out, "deed_part") and not events(out, "nameless_enters") and s.bag.count("nameless") == 1


def test_option_1_the_nameless_is_in_the_bag_already(option1):
    """"Option 1: The Nameless counter is placed in the bag right from the start, and not when a
    player has fulfilled the first part of their heroic deed.\""""
    s = game(option1)
    assert s.nameless == "in_bag"
    to(s, "gro", "K6")
    out = fights.fight(Ctx.open(s, option1, dice=Faces(WIN + [3] * 40)), "gro", "lizard-people", "close")
    assert events(out, "deed_part") and not events(out, "nameless_enters")


# -- death ------------------------------------------------------------------------------------------------------------

def dying(box, card=(), stone=False, items=()):
    """Gro on F5 with one hit point, the deed's counters ``card`` on his card; ``items``: artifacts."""
    s = game(box)
    hs, sheet = s.at["gro"], s.sheets["gro"]
    hs.deeds[AXE] = {(): 0, ("lizard-people",): 1, ("gnomes",): 3 if stone else 2}[tuple(card)]
    hs.card, hs.stone = list(card), stone
    for inst in card:
        on_map(s, inst)
        s.board[where(s, inst)].remove(inst)
        s.backs.append(inst)
    for inst in items:
        if inst in s.market:
            s.market.remove(inst)
        a = box.artifacts[box.spec(inst).artifact] if inst in box.instances else box.artifacts[inst]
        sheet.items.append(Item(inst, a.name, a.kind if a.kind != "vehicle" else "other", dict(a.bonus),
                                life=a.life))
    to(s, "gro", "F5")
    sheet.natural = 1
    return s


def die(box, s, keep=None):
    return fights.wound(Ctx.open(s, box), "gro", "a test's last hit point", "natural", keep)


@pytest.mark.parametrize("card, stone, items, keep, kept", [
    pytest.param(["lizard-people"], False, [], None, "lizard-people",
                 id="Including parts of the heroic deed: the hammer still to bring, by our key"),
    pytest.param(["gnomes"], True, ["short-sword-1"], None, "stone",
                 id="or the precious stone? Yes, that is possible: the stone first, by our key"),
    pytest.param(["gnomes"], True, ["short-sword-1"], "short-sword-1", "short-sword-1",
                 id="Any one artifact: the player names the sword"),
    pytest.param(["gnomes"], True, ["bow"], "gnomes", "gnomes",
                 id="parts of the heroic deed: the player names the axe over the stone and the magic bow"),
    pytest.param(["lizard-people"], False, ["bow"], "bow", "bow",
                 id="the player names the magic bow over the hammer"),
])
def test_one_thing_is_bequeathed(box, card, stone, items, keep, kept):
    """"Which artifacts may I bequeath my successor? Any one artifact with a yellow or partly yellow
    border. Including parts of the heroic deed or the precious stone? Yes, that is possible" (Hit
    Points)."""
    s = dying(box, card, stone, items)
    hs = s.at["gro"]
    out = die(box, s, keep)
    died = events(out, "died")[0]
    assert died["kept"] == kept and next(e for e in reversed(s.log) if e["event"] == "died")["kept"] == kept
    held = [i.id for i in s.sheets["gro"].items] + hs.card + (["stone"] if hs.stone else [])
    assert held == [kept]


def test_the_deed_counters_not_bequeathed_lie_where_he_died_his_alone_to_take_back(box):
    """Ours: "The magic items remain on the field where you died" (Hit Points) - the deed's counters
    he does not bequeath lie there too, seen only by him (Counters); the deed and its parts done stay
    his, and he takes them back there."""
    s = dying(box, ["lizard-people"], items=["short-sword-1"])
    out = die(box, s, "short-sword-1")
    hs = s.at["gro"]
    assert events(out, "deed_left")[0]["counters"] == ["lizard-people"] and where(s, "lizard-people") == "F5"
    assert hs.card == [] and hs.deeds == {AXE: 1} and hs.field == hs.manor
    assert not sees(s, box, "leandra", "lizard-people")
    ctx = Ctx.open(s, box)
    assert deeds.recoverable(ctx, "gro") == []
    with pytest.raises(RulesError, match="left no 'lizard-people' on"):
        deeds.recover(ctx, "gro", "lizard-people")
    to(s, "gro", "F5")
    assert deeds.recoverable(ctx, "gro") == ["lizard-people"]
    deeds.recover(ctx, "gro", "lizard-people")
    assert hs.card == ["lizard-people"] and where(s, "lizard-people") is None and s.turn.acted


def test_the_precious_stone_not_bequeathed_lies_where_he_died(box):
    """Ours: the precious stone not bequeathed ("Including ... the precious stone? Yes") lies on the
    field where he died, his to take back."""
    s = dying(box, ["gnomes"], stone=True)
    die(box, s, "gnomes")
    hs = s.at["gro"]
    assert not hs.stone and hs.stone_at == "F5" and hs.card == ["gnomes"]
    to(s, "gro", "F5")
    deeds.recover(Ctx.open(s, box), "gro", "stone")
    assert hs.stone and hs.stone_at == ""


@pytest.mark.parametrize("item, goes", [
    pytest.param("leather-armour-1", "field",
                 id="the intact piece of armor is placed on the field where you died (bought at the market)"),
    pytest.param("short-sword-1", "market",
                 id="the artifacts bought on the market decay and are placed back on the stack"),
    pytest.param("bow", "field", id="The magic items remain on the field where you died"),
])
def test_where_the_artifacts_not_bequeathed_go(box, item, goes):
    """"What happens if my only remaining hit points are from armor? Then you are dead, and the
    intact piece of armor is placed on the field where you died"; "The magic items remain on the
    field where you died, but the artifacts bought on the market decay and are placed back on the
    stack of the market counters" (Hit Points). Gro bequeaths the hammer."""
    s = dying(box, ["lizard-people"], items=[item])
    die(box, s, "lizard-people")
    assert (where(s, item) == "F5") is (goes == "field") and (item in s.market) is (goes == "market")


# -- the Standard Game and Option 2 --------------------------------------------------------------------------------

def test_the_standard_game_deals_two_deeds_and_the_first_part_done_chooses(box):
    """"The heroic deeds are shuffled, and every player is dealt two of the cards. Do I have to
    complete two heroic deeds? No, only one. But now you have the choice between the two heroic
    deeds and can decide during the game which one you choose to fulfill"; "the first part of the
    heroic deeds are put into the bag instead of on the map" (Alternative Rules: The Standard Game).
    Ours: the first part done of one makes the choice; the other's counters leave the game."""
    s = game(box)
    ctx = Ctx.open(s, box, dice=Faces(WIN + WIN + [3] * 40))
    out = deeds.deal(ctx)
    dealt = events(out, "deeds_dealt")[0]["deeds"]
    assert all(len(d) == 2 for d in dealt.values()) and len({x for d in dealt.values() for x in d}) == 4
    for did, deed in box.deeds.items():
        mine = any(did in d for d in dealt.values())
        for cid in deed.counters:
            assert (cid in s.bag) is mine and (cid in s.removed) is not mine
    first, other = dealt["gro"]
    step = box.deeds[first].steps[0]
    verb, what = step.action()
    on_map(s, what)
    if verb == "vanquish":
        out = fights.fight(ctx, "gro", what, fights.skills_against(ctx, what)[0])
    else:
        out = deeds.do_part(ctx, "gro", first)
    assert events(out, "deed_chosen")[0]["given_up"] == [other] and list(s.at["gro"].deeds) == [first]
    assert all(cid in s.removed for cid in box.deeds[other].counters)


def test_option_2_deeds_are_picked_up_at_the_royal_court(option2):
    """"Option 2: The heroic deeds are not distributed at the beginning of the game, but rather have to
    be picked up in the royal court. King Foebus does not have to be present. The deck of heroic
    deeds can be looked through and a card chosen. Only one card can be taken per turn. Players can
    have no more than two heroic deeds.\""""
    s = game(option2)
    ctx = Ctx.open(s, option2)
    deeds.deal(ctx)
    assert s.at["gro"].deeds == {} and sorted(s.court) == sorted(option2.deeds)
    assert all(cid in s.bag for d in option2.deeds.values() for cid in d.counters)
    with pytest.raises(RulesError, match="picked up in the royal court"):
        deeds.pick(ctx, "gro", AXE)
    to(s, "gro", "J7")
    assert "king-foebus" not in s.board.get("J7", []) and deeds.court_deeds(ctx, "gro") == s.court
    deeds.pick(ctx, "gro", AXE)
    with pytest.raises(RulesError, match="Only one card can be taken per turn"):
        deeds.pick(ctx, "gro", "hammer-of-the-deep")
    next_turn(s)
    deeds.pick(ctx, "gro", "hammer-of-the-deep")
    next_turn(s)
    with pytest.raises(RulesError, match="no more than two heroic deeds"):
        deeds.pick(ctx, "gro", "tome-of-binding")
    assert list(s.at["gro"].deeds) == [AXE, "hammer-of-the-deep"] and AXE not in s.court
    # ours: the first part done chooses; the other card goes back to the court's deck, its counters in play
    to(s, "gro", "K6")
    on_map(s, "lizard-people")
    out = fights.fight(Ctx.open(s, option2, dice=Faces(WIN + [3] * 40)), "gro", "lizard-people", "close")
    assert events(out, "deed_chosen")[0]["to"] == "court" and "hammer-of-the-deep" in s.court
    assert list(s.at["gro"].deeds) == [AXE] and "rock-wyrm" in s.bag
    next_turn(s)
    to(s, "gro", "J7")
    assert deeds.pick_refusal(ctx, "gro") == "his heroic deed is chosen: a part of it is done"


def test_no_picking_without_option_2(box):
    """Without Option 2 "every player is dealt two of the cards": none is picked up at the court."""
    s = game(box)
    to(s, "gro", "J7")
    with pytest.raises(RulesError, match="dealt at the start"):
        deeds.pick(Ctx.open(s, box), "gro", "tome-of-binding")
