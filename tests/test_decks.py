"""Decks of the Descent co-op quest (Forgotten Souls rulebook): "Peril Cards", "3. Monster
Activation" (draw, discard, reshuffle) and "Assembling the Exploration Deck"."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from overlord.core.decks import Deck, DeckError, deck_cards, discard_card, draw_card, new_deck
from overlord.games.descent.exploration import Assembly, assemble_exploration
from overlord.core.rng import new_rng, rng_from_state, rng_state
from overlord.core.state import dumps, from_json

PERIL = [f"peril-{i}" for i in range(1, 11)]           # "Components": 10 Peril Cards
REGULAR = ["treasure-vault", "shiny-corridor", "hall-of-riddles", "tunnels-end",
           "lengthy-sewers", "fog-filled-passage", "trash-heap", "deadly-kennel"]
MAINS = {1: "room-of-souls", 2: "the-lava-tomb", 3: "throne-of-the-fallen"}
STARTING = "the-onset"


# -- shuffling and drawing ------------------------------------------------------------------

def test_the_same_seed_shuffles_the_same_order():
    """All randomness comes from the generator passed in: same seed, same deck."""
    assert new_deck("peril", PERIL, new_rng(5)).draw == new_deck("peril", PERIL, new_rng(5)).draw
    assert new_deck("peril", PERIL, new_rng(5)).draw != new_deck("peril", PERIL, new_rng(6)).draw


def test_a_new_deck_is_shuffled_and_holds_every_card_once():
    """"General Setup" 5: "Take all Peril cards and shuffle them together"."""
    deck = new_deck("peril", PERIL, new_rng(1))
    assert sorted(deck.draw) == sorted(PERIL) and deck.draw != PERIL and deck.discard == []


def test_draw_takes_the_top_card():
    """"Peril Cards" 1: "Draw one Peril card" - the top of the draw pile is index 0."""
    deck = Deck("peril", ["a", "b", "c"])
    assert draw_card(deck, new_rng(0)) == "a"
    assert deck.draw == ["b", "c"]


@pytest.mark.parametrize("draw, discard, drawn, new_draw, new_discard", [
    pytest.param(["a", "b"], ["x"], "a", ["b"], ["x"],
                 id="cards left: the discard pile waits"),
    pytest.param(["a"], ["x", "y", "z"], "a", ["x", "y", "z"], [],
                 id="the draw that empties the deck shuffles the discard pile at once"),
    pytest.param(["a"], [], "a", [], [],
                 id="the deck runs out with nothing discarded: nothing to shuffle"),
    pytest.param([], ["x", "y"], None, ["x", "y"], [],
                 id="an empty deck shuffles what was discarded since before the next draw"),
])
def test_reshuffle_timing(draw, discard, drawn, new_draw, new_discard):
    """"If the Peril deck runs out of cards, the discard pile is immediately shuffled to create
    a new Peril deck" ("3. Monster Activation": the same for the Activation deck). Immediately
    = right after the draw that empties the pile; the card just drawn is in play, not in the
    new deck."""
    deck = Deck("peril", list(draw), list(discard))
    card = draw_card(deck, new_rng(3))
    if drawn is not None:
        assert card == drawn
        assert sorted(deck.draw) == sorted(new_draw) and deck.discard == new_discard
    else:                                        # the card came from the reshuffled discards
        assert card in new_draw and sorted(deck.draw + [card]) == sorted(new_draw)


def test_the_card_that_empties_the_deck_is_not_in_the_new_deck():
    """"Peril Cards" 1-4 then "runs out ... immediately shuffled": over a whole cycle each card
    is drawn, resolved and discarded; the tenth draw reshuffles the nine discards, the tenth
    card is discarded onto the fresh pile and comes back only after the new nine."""
    rng = new_rng(11)
    deck = new_deck("peril", PERIL, rng)
    first_cycle = []
    for _ in PERIL:
        card = draw_card(deck, rng)
        first_cycle.append(card)
        assert card not in deck.draw
        discard_card(deck, card)
    last = first_cycle[-1]
    assert len(deck.draw) == 9 and last not in deck.draw and deck.discard == [last]
    second_cycle = [draw_card(deck, rng) for _ in range(9)]
    assert sorted(second_cycle + [last]) == sorted(PERIL)
    assert deck.draw == [last]                    # the nine drawn cards are in play, undiscarded


def test_drawing_from_a_deck_with_no_cards_raises():
    """A deck whose every card is in play (or that never had any) has nothing to draw."""
    deck = Deck("activation", [], [])
    with pytest.raises(DeckError, match="activation deck has no cards"):
        draw_card(deck, new_rng(0))


@pytest.mark.parametrize("draw, discard, card", [
    pytest.param(["a"], [], "a", id="a card still in the draw pile"),
    pytest.param([], ["a"], "a", id="a card already discarded"),
])
def test_only_a_card_in_play_can_be_discarded(draw, discard, card):
    """"4. Discard the Peril card": the card resolved, not one that is already in the deck."""
    with pytest.raises(DeckError, match="only a card in play"):
        discard_card(Deck("peril", draw, discard), card)


def test_card_ids_are_unique_instances():
    with pytest.raises(DeckError, match="repeated: potion"):
        new_deck("search", ["potion", "potion", "rope"], new_rng(0))


@settings(max_examples=20, deadline=None)
@given(size=st.integers(1, 12), seed=st.integers(0, 2**32 - 1), hold=st.floats(0.0, 0.9))
def test_no_card_is_lost_or_duplicated_over_ten_thousand_steps(size, seed, hold):
    """Whatever the heroes and the overlord do - draw now, discard later, hold several cards in
    play - every card is always exactly once in the draw pile, the discard pile or in play, and
    the draw pile is never empty beside a discard pile after a draw."""
    cards = [f"c{i}" for i in range(size)]
    rng, choose = new_rng(seed), random.Random(seed)
    deck, in_play, everything = new_deck("d", cards, rng), [], Counter(cards)
    for _ in range(10_000):
        if in_play and (choose.random() < hold or not (deck.draw or deck.discard)):
            discard_card(deck, in_play.pop(choose.randrange(len(in_play))))
        else:
            in_play.append(draw_card(deck, rng))
            assert deck.draw or not deck.discard
        assert deck_cards(deck, in_play) == everything


# -- saving and replaying -------------------------------------------------------------------

def _play(deck: Deck, rng, steps: int) -> list[str]:
    log = []
    for _ in range(steps):
        card = draw_card(deck, rng)
        log.append(card)
        discard_card(deck, card)
    return log


def test_a_deck_round_trips_through_json_byte_for_byte():
    """State is plain data: a save, a replay and a clone are the same thing."""
    rng = new_rng(2)
    deck = new_deck("activation", [f"act-{i}" for i in range(10)], rng)
    _play(deck, rng, 13)
    text = dumps(deck)
    back = from_json(Deck, json.loads(text))
    assert back == deck and dumps(back) == text


def test_a_saved_game_draws_what_the_unsaved_one_draws():
    """Seed + inputs replay a game exactly: save deck and generator mid-game, load, continue."""
    rng = new_rng(99)
    deck = new_deck("peril", PERIL, rng)
    _play(deck, rng, 7)
    saved = json.loads(json.dumps({"deck": json.loads(dumps(deck)), "rng": rng_state(rng)}))
    expected = _play(deck, rng, 40)
    deck2, rng2 = from_json(Deck, saved["deck"]), rng_from_state(saved["rng"])
    assert _play(deck2, rng2, 40) == expected


# -- assembling the Exploration deck --------------------------------------------------------

@pytest.mark.parametrize("seed", range(200))
def test_exploration_deck_structure(seed):
    """"Assembling the Exploration Deck": 1. the starting encounter is set aside; 3. the rest
    is dealt into stacks of three, three and two; 4. #3 is shuffled into the two-card stack
    (the bottom); 5. #2 into another stack, placed on top of it; 6. #1 into the remaining
    stack, placed on top of both."""
    a = assemble_exploration(STARTING, MAINS, REGULAR, new_rng(seed))
    deck = a.deck.draw
    assert a.starting == STARTING and STARTING not in deck
    assert [len(s) for s in a.stacks] == [4, 4, 3]
    assert deck == [c for s in a.stacks for c in s] and a.deck.discard == []
    assert deck.index(MAINS[1]) in range(0, 4)
    assert deck.index(MAINS[2]) in range(4, 8)
    assert deck.index(MAINS[3]) in range(8, 11)
    assert Counter(deck) == Counter(REGULAR + list(MAINS.values()))


def test_exploration_deck_is_shuffled_and_deterministic():
    """Same seed, same deck; over seeds each main encounter takes every place in its stack."""
    same = [assemble_exploration(STARTING, MAINS, REGULAR, new_rng(4)).deck.draw for _ in range(2)]
    assert same[0] == same[1]
    places = {n: set() for n in MAINS}
    for seed in range(200):
        deck = assemble_exploration(STARTING, MAINS, REGULAR, new_rng(seed)).deck.draw
        for n, card in MAINS.items():
            places[n].add(deck.index(card))
    assert places == {1: {0, 1, 2, 3}, 2: {4, 5, 6, 7}, 3: {8, 9, 10}}


def test_an_assembly_round_trips_through_json():
    a = assemble_exploration(STARTING, MAINS, REGULAR, new_rng(8))
    text = dumps(a)
    assert from_json(Assembly, json.loads(text)) == a and dumps(from_json(Assembly, json.loads(text))) == text


@pytest.mark.parametrize("starting, mains, regular, message", [
    pytest.param(STARTING, {1: "a", 2: "b"}, REGULAR, "#1, #2 and #3", id="a main encounter missing"),
    pytest.param(STARTING, {0: "z", 1: "a", 2: "b", 3: "c"}, REGULAR, "#1, #2 and #3",
                 id="a main encounter numbered 0"),
    pytest.param(STARTING, MAINS, REGULAR[:7], "needs 8 regular", id="seven regular cards"),
    pytest.param(STARTING, MAINS, REGULAR + ["extra"], "needs 8 regular", id="nine regular cards"),
    pytest.param("trash-heap", MAINS, REGULAR, "repeated: trash-heap",
                 id="the starting card among the regular cards"),
    pytest.param(STARTING, {1: "a", 2: "a", 3: "c"}, REGULAR, "repeated: a", id="a main card twice"),
])
def test_exploration_inputs_are_checked(starting, mains, regular, message):
    """"Components": 12 Exploration cards - one starting encounter, three main encounters
    (#1, #2, #3) and the eight cards that fill the 3/3/2 stacks."""
    with pytest.raises(DeckError, match=message):
        assemble_exploration(starting, mains, regular, new_rng(0))
