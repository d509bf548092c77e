"""Return of the Heroes' encounters on the shipped content (the book's "Encounters", "Improvement of
Skills", "Rewards and Experience" - the market -, "Hit Points", "Alternative Rules: The Standard
Game"): the instructors, the markets and their wares, the Fountain of Life, the
mice, King Foebus's court, the chits' trials and healer; each once a turn."""

from __future__ import annotations

import pytest

from overlord.core.game import RulesError
from overlord.core.rng import Faces
from overlord.games.heroes.state import put, where
from overlord.games.roth import actions, places
from overlord.games.roth.setup import new_state
from overlord.games.roth.state import Ctx
from roth_helpers import box_fixture, unplace

WIN, LOSE = [1, 1], [6, 6]

box = box_fixture("box")
court_box = box_fixture("court_box", "{deeds_at_court: true, cart_price: movement}")


def at(box, inst: str, seed: int = 1):
    """Leandra's turn on the field of ``inst``'s coordinates, the counter face up there."""
    s = new_state(box, ["leandra", "gro"], seed)
    fid = box.spec(inst).at or "A3"
    unplace(s, inst)
    put(s, fid, inst)
    s.at["leandra"].field = fid
    return s


def kinds(out):
    return [e["event"] for e in out]


# -- the instructors ------------------------------------------------------------------------------------

@pytest.mark.parametrize("faces, learnt", [
    pytest.param(LOSE, True, id="a roll of 12 over close 7: the trial failed, the rating rises by 1"),
    pytest.param(WIN, False, id="a roll of 2: the trial succeeded, nothing learnt, the gold paid all the same"),
])
def test_an_instructor_teaches_on_a_failed_trial(box, faces, learnt):
    """"You pay one gold piece ... And then you conduct a trial with the relevant combat skill. But what
    is very important here is that the trial must fail"; "A failed trial increases the corresponding
    rating by 1"; "Training costs 1 gold piece per turn" (Improvement of Skills): Gasconier (J3), close
    combat."""
    s = at(box, "gasconier")
    gold = s.sheets["leandra"].gold
    out = places.use(Ctx.open(s, box, dice=Faces(faces)), "leandra", "gasconier", {})
    assert s.sheets["leandra"].skills["close"] == (8 if learnt else 7) and s.sheets["leandra"].gold == gold - 1
    assert next(e for e in out if e["event"] == "lesson")["learnt"] is learnt
    assert where(s, "gasconier") == "J3"


def test_extra_dice_help_the_trial_fail(box):
    """"Can I make use of my experience during these trials? You can. Your extra dice can be used
    during any trial": with two red cubes Leandra rolls three dice for close combat and keeps the two
    highest - 1, 6, 6 is 12, the trial fails and she learns."""
    s = at(box, "gasconier")
    s.sheets["leandra"].cubes["close"] = ["red", "red"]
    places.use(Ctx.open(s, box, dice=Faces([1, 6, 6])), "leandra", "gasconier", {})
    assert s.sheets["leandra"].skills["close"] == 8


@pytest.mark.parametrize("gold, close, problem", [
    pytest.param(0, 7, "You pay one gold piece", id="'You pay one gold piece': none to pay"),
    pytest.param(2, 11, "Up to a maximum of 11", id="'Up to a maximum of 11'"),
])
def test_when_an_instructor_cannot_teach(box, gold, close, problem):
    """"You pay one gold piece"; "How high can my combat rating rise? Up to a maximum of 11, either by
    an instructor or by artifacts" (Improvement of Skills)."""
    s = at(box, "gasconier")
    s.sheets["leandra"].gold, s.sheets["leandra"].skills["close"] = gold, close
    assert not places.can_use(Ctx.reading(s, box), "leandra", "gasconier")
    with pytest.raises(RulesError, match=problem):
        places.use(Ctx.open(s, box, dice=Faces(LOSE)), "leandra", "gasconier", {})


def test_an_encounter_once_a_players_turn(box):
    """"Do these counters disappear after they've been used once? No, they remain where they are and
    can be used once per player's turn" (Encounters)."""
    s = at(box, "mirabar")
    ctx = Ctx.open(s, box, dice=Faces(LOSE + LOSE))
    places.use(ctx, "leandra", "mirabar", {})
    assert places.usable(Ctx.reading(s, box), "leandra") == [] and where(s, "mirabar") == "O3"
    with pytest.raises(RulesError, match="once per player's turn"):
        places.use(ctx, "leandra", "mirabar", {})


# -- the markets -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("market, count", [
    pytest.param("small-market", 3, id="'three counters if he is at the small market'"),
    pytest.param("large-market", 6, id="'or six counters if at the large one'"),
])
def test_a_market_draws_its_counters_from_the_pile(box, market, count):
    """"When a player moves onto one of the two market counters, then it's time to barter. The player
    at the market draws three counters if he is at the small market or six counters if at the large
    one, from the face down pile of market counters" (Rewards and Experience)."""
    s = at(box, market)
    pile = len(s.market)
    places.use(Ctx.open(s, box), "leandra", market, {})
    assert len(s.offer) == count and len(s.market) == pile - count and actions.market_open(Ctx.reading(s, box))


def test_the_caller_gets_a_gold_piece_for_each_artifact_sold_to_another(box):
    """"they pay the price to the bank, but you receive a commission of one gold piece for every
    artifact sold to another player, regardless of what the price is"; "If I'm the player at the
    market, can I buy something myself? Yes"; "What happens to artifacts that aren't sold? They are
    mixed back into the pile of face down market counters.\""""
    s = at(box, "small-market")
    s.market = ["chain-mail", "short-bow-1", "horse"]         # the pile: the three it draws
    ctx = Ctx.open(s, box)
    places.use(ctx, "leandra", "small-market", {})
    assert sorted(s.offer) == ["chain-mail", "horse", "short-bow-1"] and s.market == []
    leandra, gro = s.sheets["leandra"].gold, s.sheets["gro"].gold
    actions.buy(ctx, "leandra", "chain-mail", "gro")
    assert (s.sheets["leandra"].gold, s.sheets["gro"].gold) == (leandra + 1, gro - 4)
    actions.buy(ctx, "leandra", "short-bow-1", "leandra")
    assert s.sheets["leandra"].gold == leandra + 1 - 1
    actions.close(ctx, "leandra")
    assert s.market == ["horse"] and s.offer == []
    assert [i.id for i in s.sheets["gro"].items] == ["chain-mail"] and [i.id for i in s.sheets["leandra"].items] == ["short-bow-1"]


@pytest.mark.parametrize("gold, held, problem", [
    pytest.param(3, (), "has 3 gold; Chain Mail costs 4", id="the price in gold pieces"),
    pytest.param(9, ("leather-armour-1",), "not with another piece of armor", id="armour with armour"),
])
def test_what_a_buyer_cannot_buy(box, gold, held, problem):
    """"I also see a gold piece with a -1. Does that mean that the magic staff costs one piece of gold?
    You got it" (Rewards and Experience); "armor can only be combined with a shield" (Hit Points)."""
    s = at(box, "small-market")
    s.offer = ["chain-mail"]
    unplace(s, "chain-mail")
    s.sheets["gro"].gold = gold
    for inst in held:
        unplace(s, inst)
        s.sheets["gro"].items.append(actions.item_of(Ctx.reading(s, box), inst))
    assert "gro" not in actions.buyers(Ctx.reading(s, box), "chain-mail")
    with pytest.raises(RulesError, match=problem):
        actions.buy(Ctx.open(s, box), "leandra", "chain-mail", "gro")


@pytest.mark.parametrize("fixture, cost", [
    pytest.param("box", 4, id="cart_price: price - 'Cart: -4 movement points, +2', the -4 its price"),
    pytest.param("court_box", 2, id="cart_price: movement - the -4 no price: the dearest other vehicle's"),
])
def test_the_carts_price(request, fixture, cost):
    """"Cart: -4 movement points, +2" (Movement), read by ``cart_price``."""
    c = request.getfixturevalue(fixture)
    s = new_state(c, ["leandra", "gro"], 1)
    assert actions.price(Ctx.reading(s, c), "cart") == cost


# -- the Fountain, the chits' encounters (the teleporter: test_roth_moves.py) ---------------------------------------------

@pytest.mark.parametrize("natural, roll, after", [
    pytest.param(1, 2, 3, id="a roll of 2: two hit points"),
    pytest.param(1, 6, 4, id="a roll of 6: only down to the line"),
])
def test_the_fountain_of_life_restores_a_dies_hit_points(box, natural, roll, after):
    """"At the Fountain of Life (O5), roll one die and restore that number of hit points"; "Can I gain
    hit points below the line ...? No, only down to the line" (Hit Points)."""
    s = at(box, "fountain-of-life")
    s.sheets["leandra"].natural = natural
    out = places.use(Ctx.open(s, box, dice=Faces([roll])), "leandra", "fountain-of-life", {})
    assert s.sheets["leandra"].natural == after and out[-1]["roll"] == roll


def test_the_fountain_at_full_hit_points(box):
    """"only down to the line": nothing to restore."""
    s = at(box, "fountain-of-life")
    with pytest.raises(RulesError, match="only down to the line"):
        places.use(Ctx.open(s, box, dice=Faces([3])), "leandra", "fountain-of-life", {})


@pytest.mark.parametrize("faces, cubes, natural", [
    pytest.param(WIN, ["blue"], 4, id="won: the Hermit's blue cube"),
    pytest.param(LOSE, [], 4, id="lost: nothing, and no hit point"),
])
def test_a_trial_encounter(box, faces, cubes, natural):
    """"And what is with certain encounters or events where trials are likewise required. Do I also
    lose a hit point if I fail? No. Hit points can only be lost if a trial is unsuccessful during
    battle" (Combat and Combat Trials); the Hermit's blue cube is ours."""
    s = at(box, "hermit-1")
    out = places.use(Ctx.open(s, box, dice=Faces(faces)), "leandra", "hermit-1", {})
    assert s.sheets["leandra"].cubes["magic"] == cubes and s.sheets["leandra"].natural == natural
    assert out[-1]["event"] == "trial" and out[-1]["won"] is bool(cubes)


def test_the_wandering_healer(box):
    """The Wandering Healer (ours): one hit point, down to the line."""
    s = at(box, "wandering-healer")
    s.sheets["leandra"].natural = 2
    places.use(Ctx.open(s, box), "leandra", "wandering-healer", {})
    assert s.sheets["leandra"].natural == 3


@pytest.mark.parametrize("faces, looked", [
    pytest.param(WIN, ["leandra"], id="the trial succeeds: she may look at the Nameless card"),
    pytest.param(LOSE, [], id="the trial fails: she may not"),
])
def test_the_mice_tell_who_the_nameless_is(box, faces, looked):
    """"If you encounter the mice, you can ask them (using a trial) who the Nameless is. If your trial
    succeeds, you can look at the Nameless card without showing your fellow players" (The Standard
    Game)."""
    s = at(box, "mice")
    out = places.use(Ctx.open(s, box, dice=Faces(faces)), "leandra", "mice", {})
    assert s.looked == looked and out[-1]["event"] == "asked_the_mice" and "card" not in out[-1]


def test_the_boat_is_no_encounter_to_use(box):
    """The boat makes the lake crossing from its field free ("If the boat is in play, the crossing
    from L4 is free", Lake Crossing): movement's, not a use."""
    s = at(box, "boat")
    with pytest.raises(RulesError, match="Boat is not used as an encounter"):
        places.use(Ctx.open(s, box), "leandra", "boat", {})
