"""Encounters joined into one dungeon (Forgotten Souls, "Exploration": 'Attach the map so that
the entrance of the new encounter is connected to the exit of the previous encounter';
"Overlapping Map Tiles": end caps when a new encounter would overlap)."""

import pytest

from overlord.games.descent.content.quest import load_quest, resolve_scenario
from overlord.core.rng import new_rng
from overlord.games.descent.dungeon import (_cells, attach, build_board, side_of, start, to_dungeon,
                                             turn_point, turn_rows)
from overlord.games.descent.setup import setup_decks


@pytest.fixture(scope="module")
def quest():
    return load_quest(resolve_scenario("forgotten-souls"))


@pytest.mark.parametrize("turns", range(5))
def test_turning_a_map_moves_its_spaces_with_it(turns):
    rows = ["#.##", "#..#", "####"]
    turned = turn_rows(rows, turns)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            tx, ty = turn_point((x, y), rows, turns)
            assert turned[ty][tx] == ch
    assert turn_rows(rows, 4) == rows


@pytest.mark.parametrize("seed", range(6))
def test_the_whole_quest_joins_exit_to_entrance_without_overlap(quest, seed):
    cards = {c.id: c for c in quest.exploration}
    order = [setup_decks(quest, new_rng(seed))["exploration"].starting] + \
        setup_decks(quest, new_rng(seed))["exploration"].deck.draw
    dungeon = start(cards[order[0]])
    for card_id in order[1:]:
        if cards[dungeon.placements[-1].card].map.exit is None:
            break                                   # the finale has no exit
        dungeon = attach(dungeon, cards, cards[card_id])
        prev, new = dungeon.placements[-2], dungeon.placements[-1]
        exit_at = to_dungeon(cards[prev.card], prev, cards[prev.card].map.exit)
        entrance_at = to_dungeon(cards[card_id], new, cards[card_id].map.entrance)
        joined = max(abs(exit_at[0] - entrance_at[0]), abs(exit_at[1] - entrance_at[1])) == 1
        linked = [exit_at, entrance_at] in dungeon.links
        assert joined or linked
        if joined:   # the entrance faces the exit across the map edge
            rows = turn_rows(cards[card_id].map.rows, new.turns)
            assert side_of(turn_point(cards[card_id].map.entrance, cards[card_id].map.rows, new.turns), rows)
    seen = set()
    for p in dungeon.placements:
        cells = _cells(cards[p.card], p)
        assert not cells & seen
        seen |= cells
    board, (sx, sy) = build_board(dungeon, cards)
    for p in dungeon.placements:
        card = cards[p.card]
        for spot in filter(None, [card.map.entrance, card.map.exit]):
            x, y = to_dungeon(card, p, spot)
            assert not board.blocks_move[board.node(x + sx, y + sy)]
