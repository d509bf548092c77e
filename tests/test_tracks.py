"""The Track sheet of the Descent co-op quest (Forgotten Souls rulebook): "The Overlord Track"
(doom and fate), "Loot" and "Loot Track Anatomy". Track sizes, doom starts and the payout are
scenario data; the numbers here are illustrative, shaped like the sheet."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from overlord.core.state import dumps, from_json
from overlord.games.descent.tracks import (LOOT_LIMITS, LootTrack, OverlordTrack, Payout, TrackError,
                                  advance_doom, advance_fate, defeat_monster, fate_back,
                                  flip_search_card, loot_limit, met, refresh_fate, start_track)

SPACES = 10                           # space 0 the bottom, 9 the top
DOOM_START = {2: 0, 3: 1, 4: 2}
PAYOUT = [1, 2, 3]                    # Shop Item cards by fatigue space, 0 the lowest (start)


# -- the Overlord track ---------------------------------------------------------------------

@pytest.mark.parametrize("heroes, doom", [(2, 0), (3, 1), (4, 2)])
def test_setup_puts_doom_by_hero_count_and_fate_on_top(heroes, doom):
    """"General Setup" 2: "place an orange hero token on the space that corresponds to the
    number of heroes playing ... place a purple hero token on the upper space of the track"."""
    assert start_track(SPACES, DOOM_START, heroes) == OverlordTrack(SPACES, doom, SPACES - 1)


@pytest.mark.parametrize("spaces, doom_start, heroes, message", [
    pytest.param(10, DOOM_START, 5, "no doom start for 5 heroes", id="an unknown hero count"),
    pytest.param(10, {2: 9}, 2, "from 0 to 8", id="doom would start on fate's space"),
    pytest.param(10, {2: -1}, 2, "from 0 to 8", id="doom below the track"),
    pytest.param(1, {2: 0}, 2, "at least 2 spaces", id="a one-space track"),
])
def test_setup_is_checked(spaces, doom_start, heroes, message):
    with pytest.raises(TrackError, match=message):
        start_track(spaces, doom_start, heroes)


@pytest.mark.parametrize("doom, fate, move, n, to_doom, to_fate, lost", [
    pytest.param(2, 9, advance_doom, 1, 3, 9, False, id="(1) doom advances by 1: up"),
    pytest.param(2, 9, advance_fate, 1, 2, 8, False, id="(2) fate advances by 1: down"),
    pytest.param(2, 7, fate_back, 1, 2, 8, False, id="(3) fate moves backward by 1: up"),
    pytest.param(2, 4, refresh_fate, None, 2, 9, False, id="(4) fate refreshes: to the top"),
    pytest.param(2, 8, fate_back, 3, 2, 9, False, id="fate moves backward no higher than the top"),
    pytest.param(2, 9, fate_back, 1, 2, 9, False, id="fate on top moves backward nowhere"),
    pytest.param(2, 9, advance_doom, 0, 2, 9, False, id="advancing by 0 moves nothing"),
    pytest.param(4, 6, advance_doom, 2, 6, 6, True, id="doom reaches fate: the quest is lost"),
    pytest.param(4, 6, advance_fate, 2, 4, 4, True, id="fate reaches doom: the quest is lost"),
    pytest.param(4, 6, advance_doom, 5, 6, 6, True, id="doom passing fate meets it on the way"),
    pytest.param(4, 6, advance_fate, 9, 4, 4, True, id="fate passing doom meets it on the way"),
    pytest.param(0, 9, advance_doom, 30, 9, 9, True, id="doom never passes the top"),
])
def test_doom_and_fate_moves(doom, fate, move, n, to_doom, to_fate, lost):
    """"The Overlord Track": advance fate = down, advance doom = up, fate backward = up,
    refresh fate = the top space; "If the doom or fate tokens ever occupy the same space on the
    overlord track, the heroes immediately fail the quest". A token moving past the other
    occupies its space on the way, so crossing is meeting and the token stops there."""
    track = OverlordTrack(SPACES, doom, fate)
    event = move(track) if n is None else move(track, n)
    assert (track.doom, track.fate, met(track)) == (to_doom, to_fate, lost)
    token = "doom" if move is advance_doom else "fate"
    assert (event["from"], event["to"], event["met"]) == ({"doom": doom, "fate": fate}[token],
                                                          getattr(track, token), lost)
    assert json.loads(json.dumps(event)) == event           # plain data for the game log


def test_events_name_the_move_and_its_size():
    track = OverlordTrack(SPACES, 2, 6)
    assert advance_fate(track, 2) == {"what": "advance fate", "by": 2, "from": 6, "to": 4, "met": False}
    assert refresh_fate(track) == {"what": "refresh fate", "by": 5, "from": 4, "to": 9, "met": False}


@pytest.mark.parametrize("move, n, message", [
    pytest.param(advance_doom, -1, "doom never moves down", id="doom down"),
    pytest.param(advance_fate, -1, ">= 0", id="fate advances by a negative number"),
    pytest.param(fate_back, -2, ">= 0", id="fate backward by a negative number"),
    pytest.param(advance_doom, 1.0, "whole number", id="a fraction of a space"),
    pytest.param(advance_doom, True, "whole number", id="a bool is not a count"),
])
def test_bad_moves_raise(move, n, message):
    """"Players cannot move the doom token down the overlord track"."""
    track = OverlordTrack(SPACES, 2, 9)
    with pytest.raises(TrackError, match=message):
        move(track, n)
    assert track == OverlordTrack(SPACES, 2, 9)


@pytest.mark.parametrize("move", [advance_doom, advance_fate, fate_back, refresh_fate])
def test_nothing_moves_once_the_quest_is_lost(move):
    """"the heroes immediately fail the quest and lose the game": a lost track takes no moves."""
    track = OverlordTrack(SPACES, 5, 5)
    with pytest.raises(TrackError, match="the quest is lost"):
        move(track) if move is refresh_fate else move(track, 1)


MOVES = st.lists(st.tuples(st.sampled_from(["doom", "fate", "back", "refresh"]), st.integers(0, 12)),
                 max_size=60)


@settings(max_examples=300, deadline=None)
@given(spaces=st.integers(2, 16), doom=st.integers(0, 14), moves=MOVES)
def test_doom_never_decreases_and_fate_stays_on_the_track(spaces, doom, moves):
    """Over any sequence of track effects: doom only rises, fate stays between doom and the
    top, and the moves stop the moment the tokens meet."""
    track = start_track(spaces, {2: min(doom, spaces - 2)}, 2)
    do = {"doom": advance_doom, "fate": advance_fate, "back": fate_back}
    for what, n in moves:
        before = track.doom
        event = refresh_fate(track) if what == "refresh" else do[what](track, n)
        assert track.doom >= before
        assert 0 <= track.doom <= track.fate <= spaces - 1
        assert event["met"] == met(track)
        if met(track):
            break


def test_an_overlord_track_round_trips_through_json_byte_for_byte():
    track = start_track(SPACES, DOOM_START, 3)
    advance_doom(track, 2), advance_fate(track, 3)
    text = dumps(track)
    back = from_json(OverlordTrack, json.loads(text))
    assert back == track and dumps(back) == text


# -- the Loot track -------------------------------------------------------------------------

@pytest.mark.parametrize("heroes, limit", [(2, 4), (3, 5), (4, 6)])
def test_loot_limits(heroes, limit):
    """"Loot limits": 2 heroes 4, 3 heroes 5, 4 heroes 6. One-space minions: the token that
    makes the count equal the limit pays out."""
    assert LOOT_LIMITS[heroes] == loot_limit(heroes) == limit
    track = LootTrack()
    for placed in range(1, limit):
        assert defeat_monster(track, 1, False, heroes, PAYOUT) is None
        assert track.tokens == placed
    assert defeat_monster(track, 1, False, heroes, PAYOUT) == Payout(cards=1, fatigue=0, placed=1, ignored=0)
    assert track == LootTrack(0, 0)


def test_a_barghest_places_two_tokens():
    """"Loot": "if the hero defeats a barghest, he places two damage tokens on the loot track"."""
    track = LootTrack()
    assert defeat_monster(track, 2, False, 4, PAYOUT) is None
    assert track == LootTrack(tokens=2, fatigue=0)


@pytest.mark.parametrize("before, size, master, heroes, after, payout", [
    pytest.param(LootTrack(3, 0), 2, True, 3, LootTrack(0, 0), Payout(2, 1, 2, 0),
                 id="master: fatigue moves up before its tokens reach the limit, paying 2 not 1"),
    pytest.param(LootTrack(0, 0), 1, True, 3, LootTrack(1, 1), None,
                 id="master below the limit: fatigue stays up"),
    pytest.param(LootTrack(0, 2), 1, True, 3, LootTrack(1, 2), None,
                 id="fatigue cannot go past the highest space"),
    pytest.param(LootTrack(4, 2), 1, True, 3, LootTrack(0, 0), Payout(3, 2, 1, 0),
                 id="fatigue on the highest space pays the most"),
    pytest.param(LootTrack(4, 1), 2, False, 3, LootTrack(0, 0), Payout(2, 1, 1, 1),
                 id="a token above the limit is ignored, not carried over"),
    pytest.param(LootTrack(3, 0), 4, False, 2, LootTrack(0, 0), Payout(1, 0, 1, 3),
                 id="three tokens above the limit are ignored"),
    pytest.param(LootTrack(2, 1), 2, False, 4, LootTrack(4, 1), None,
                 id="minions leave fatigue where it is"),
])
def test_defeating_monsters(before, size, master, heroes, after, payout):
    """"Loot": "If a hero defeats a master monster, he moves the fatigue token on the loot track
    up one space. This is done before he places any damage tokens"; "The fatigue token ...
    cannot go past the highest space"; at the limit he draws "a number of Shop Item cards ...
    equal to the number indicated by the fatigue token ... Then, he removes all damage tokens
    from the loot track and moves the fatigue token back to its starting position"; "Any
    tokens that would be placed above the loot limit as the result of an attack are ignored"."""
    track = LootTrack(before.tokens, before.fatigue)
    assert defeat_monster(track, size, master, heroes, PAYOUT) == payout
    assert track == after


@pytest.mark.parametrize("before, heroes, after, payout", [
    pytest.param(LootTrack(0, 0), 2, LootTrack(2, 0), None, id="two tokens added"),
    pytest.param(LootTrack(2, 1), 2, LootTrack(0, 0), Payout(2, 1, 2, 0), id="exactly to the limit"),
    pytest.param(LootTrack(4, 0), 3, LootTrack(0, 0), Payout(1, 0, 1, 1), id="one over the limit ignored"),
])
def test_flipping_a_search_card(before, heroes, after, payout):
    """"Loot": "he may flip one of his hero's faceup Search cards facedown ... If he does, he
    adds two damage tokens to the loot track"."""
    track = LootTrack(before.tokens, before.fatigue)
    assert flip_search_card(track, heroes, PAYOUT) == payout
    assert track == after


@pytest.mark.parametrize("track, size, heroes, payout, message", [
    pytest.param(LootTrack(), 1, 5, PAYOUT, "no loot limit for 5 heroes", id="five heroes"),
    pytest.param(LootTrack(), 0, 2, PAYOUT, "at least 1 space", id="a monster of no spaces"),
    pytest.param(LootTrack(), 1, 2, [], "non-empty list", id="no payout table"),
    pytest.param(LootTrack(), 1, 2, [1, -1], "non-empty list", id="a negative payout"),
    pytest.param(LootTrack(4, 0), 1, 2, PAYOUT, "holds 0 to 3", id="tokens at the limit already"),
    pytest.param(LootTrack(0, 3), 1, 2, PAYOUT, "off a payout of 3", id="fatigue off the payout"),
])
def test_bad_loot_raises(track, size, heroes, payout, message):
    with pytest.raises(TrackError, match=message):
        defeat_monster(track, size, False, heroes, payout)


def test_a_loot_track_round_trips_through_json_byte_for_byte():
    track = LootTrack()
    defeat_monster(track, 2, True, 4, PAYOUT)
    text = dumps(track)
    back = from_json(LootTrack, json.loads(text))
    assert back == track == LootTrack(2, 1) and dumps(back) == text
    assert from_json(Payout, json.loads(dumps(Payout(2, 1, 1, 1)))) == Payout(2, 1, 1, 1)
