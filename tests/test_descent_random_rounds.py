"""Many seeded rounds of the shipped quest with random hero actions; the rules' invariants are
checked after every step (issue: 'doom never decreases, fate stays on the track, no figure on a
blocked space, decks never lose or duplicate a card'), and the same seed and actions replay the
same game byte for byte."""

import json
from collections import Counter

import numpy as np
import pytest

from overlord.content.quest import load_quest, resolve_scenario
from overlord.core.state import dumps, from_json
from overlord.games.descent.engine import (GameError, complete_encounter, damage_figure, move_figure,
                                            new_game, open_door, overlord_phase)
from overlord.games.descent.state import DescentState


@pytest.fixture(scope="module")
def quest():
    return load_quest(resolve_scenario("forgotten-souls"))


def check(game, last_doom, full=False):
    s = game.state
    assert s.track.doom >= last_doom, "doom never moves down"
    assert 0 <= s.track.doom <= s.track.fate <= s.track.spaces - 1, "fate stays on the track"
    board, _ = game.board()
    seen = set()
    scene = game.scene()
    for fid, cells in scene.cells.items():
        for c in cells:
            assert not board.blocks_move[c], f"{fid} on {board.terrain(c).name}"
            assert c not in seen, f"two figures on one space ({fid})"
            seen.add(c)
    for deck, cards in ((s.activation, game.quest.activation.cards), (s.peril, game.quest.perils)):
        assert Counter(deck.draw + deck.discard) == Counter(c.id for c in cards), deck.name
    given = [item for items in s.items.values() for item in items]
    shop = [c for deck in s.shop.values() for c in deck.draw]
    assert sorted(shop + given) == sorted(c for deck in game.quest.scenario.loot.shop.values()
                                          for c in deck), "shop items never lost or doubled"
    placed = [p.card for p in s.dungeon.placements]
    assert Counter(placed + s.exploration.draw) == Counter(c.id for c in game.quest.exploration)
    if full:    # the state is plain data: through JSON and back, byte for byte
        text = dumps(s)
        assert dumps(from_json(DescentState, json.loads(text))) == text
    return s.track.doom


def play(quest, seed, rounds=12):
    """Plays with random reported actions; returns the game and the actions taken."""
    rng = np.random.default_rng(seed + 1000)
    heroes = ["leoric", "tarha", "syndrael", "tomble"][: 2 + seed % 3]
    game = new_game(quest, heroes, seed)
    doom = check(game, 0)
    actions = []
    for _ in range(rounds):
        for hero in heroes:
            if game.over:
                return game, actions
            kind = rng.choice(["move", "hit", "hurt", "door", "complete", "rest"], p=[.35, .3, .1, .1, .05, .1])
            try:
                if kind == "move":
                    board, _ = game.board()
                    f = game.state.figure(hero)
                    x, y = f.at
                    move_figure(game, hero, [x + int(rng.integers(-2, 3)), y + int(rng.integers(-2, 3))])
                elif kind == "hit" and game.state.monsters():
                    target = game.state.monsters()[int(rng.integers(len(game.state.monsters())))]
                    damage_figure(game, target.id, int(rng.integers(1, 7)), by=hero)
                elif kind == "hurt":
                    damage_figure(game, hero, int(rng.integers(1, 4)))
                elif kind == "door":
                    open_door(game, hero)
                elif kind == "complete":
                    complete_encounter(game)
            except (GameError, KeyError, ValueError):
                pass                          # not allowed now: nothing changed
            actions.append(str(kind))
            doom = check(game, doom)
        if game.over:
            break
        overlord_phase(game)
        doom = check(game, doom, full=True)
    return game, actions


@pytest.mark.parametrize("seed", range(12))
def test_random_rounds_keep_the_invariants(quest, seed):
    game, _ = play(quest, seed)
    assert game.state.round >= 1


def test_the_same_seed_and_actions_replay_byte_for_byte(quest):
    a, _ = play(quest, 5)
    b, _ = play(quest, 5)
    assert dumps(a.state) == dumps(b.state)
    c, _ = play(quest, 6)
    assert dumps(c.state) != dumps(a.state)
