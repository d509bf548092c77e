"""The state codec compiled from type hints (``core.state``): it gives exactly what the
reflective reference gives, on toy dataclasses and on mid-game states of every shipped game,
and a clone shares nothing a rule may change (only logged events and content marked shared)."""

import copy
import json
from dataclasses import dataclass, field

import pytest

from overlord.games.descent.content.quest import load_quest, resolve_scenario
from overlord.core.state import (clone, dumps, events, from_json, reflect_from_json, reflect_to_json,
                                 shared, to_json)
from overlord.games.underworld.game import GAME as UNDERWORLD
from overlord.sim import play as headless
from overlord.games.descent.state import DescentState
from overlord.games.underworld.state import UnderworldState


@dataclass
class Leaf:
    name: str
    at: list[int]
    score: float = 0.0


@dataclass
class Node:
    leaf: Leaf
    maybe: Leaf | None
    leaves: list[Leaf]
    by_name: dict[str, Leaf]
    counts: dict[str, int]
    nested: dict[str, list[int]]
    anything: dict
    either: int | str
    child: "Node | None" = None
    kind: str = "node"
    log: list[dict] = events()


def _node() -> Node:
    return Node(Leaf("a", [1, 2]), None, [Leaf("b", [3]), Leaf("c", [], 2.5)], {"d": Leaf("d", [4])},
                {"x": 1}, {"y": [1, 2]}, {"deep": {"list": [1, {"k": "v"}]}}, "text",
                Node(Leaf("e", [5]), Leaf("f", [6]), [], {}, {}, {}, {}, 7), log=[{"event": "setup", "seed": 1}])


def test_compiled_codec_agrees_with_the_reflective_reference():
    n = _node()
    assert to_json(n) == reflect_to_json(n)
    assert dumps(n) == json.dumps(reflect_to_json(n), separators=(",", ":"))
    data = json.loads(dumps(n))
    assert from_json(Node, data) == reflect_from_json(Node, data) == n


def test_fields_missing_from_old_data_take_their_defaults():
    """Saves written before a field existed still load (the field's default)."""
    data = to_json(_node())
    del data["kind"], data["child"], data["log"]
    back = from_json(Node, data)
    assert (back.kind, back.child, back.log) == ("node", None, [])


@pytest.mark.parametrize("data, problem", [
    ({"name": 3, "at": []}, "expected str, got int"),
    ({"name": "a", "at": ["x"]}, "expected int, got str"),
])
def test_wrongly_typed_data_is_refused(data, problem):
    with pytest.raises(TypeError, match=problem):
        from_json(Leaf, data)


def test_a_clone_shares_nothing_a_rule_may_change_but_the_logged_events():
    n = _node()
    c = clone(n)
    assert c == n and dumps(c) == dumps(n)
    c.leaf.at.append(9)
    c.leaves[0].name = "z"
    c.by_name["d"].at[0] = 0
    c.counts["x"] = 5
    c.nested["y"].append(3)
    c.anything["deep"]["list"][1]["k"] = "w"
    c.child.leaf.at.clear()
    c.log.append({"event": "more"})
    assert n == _node()
    assert c.log[0] is n.log[0]            # events are shared: they never change once logged


@dataclass
class WithCatalogue:
    catalogue: dict[str, Leaf] = shared()
    mine: list[int] = field(default_factory=list)


def test_content_marked_shared_is_not_copied_by_a_clone():
    w = WithCatalogue({"a": Leaf("a", [1])}, [1])
    c = clone(w)
    assert c.catalogue is w.catalogue and c.mine is not w.mine and c == w


@pytest.fixture(scope="module")
def mid_games():
    from descent_helpers import play
    quest = load_quest(resolve_scenario("forgotten-souls"))
    game, _ = play(quest, 7, 3, "heuristic", 6)
    content = UNDERWORLD.load(resolve_scenario("underworld"))
    state = headless.play(UNDERWORLD, content, 7, 3, "heuristic", 10)[0].state
    return {"descent": (DescentState, game.state), "underworld": (UnderworldState, state)}


@pytest.mark.parametrize("game", ["descent", "underworld"])
def test_shipped_mid_game_states_round_trip_exactly_as_the_reference(mid_games, game):
    cls, state = mid_games[game]
    text = dumps(state)
    assert text == json.dumps(reflect_to_json(state), separators=(",", ":"))
    assert from_json(cls, json.loads(text)) == reflect_from_json(cls, json.loads(text)) == state
    assert clone(state) == copy.deepcopy(state) == state
    assert dumps(clone(state)) == text
