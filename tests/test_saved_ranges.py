"""A save edited by hand with a value the game cannot hold (issue 46: "A negative round, an unknown
Damned One state or a clock of 999 in a hand-edited save are accepted and played on"): `resume`
refuses it in one line naming the field as the save writes it, the file as it was. The ranges are
each game's table (``saved_fields`` in its invariants, read by ``overlord.core.bounds``)."""

from __future__ import annotations

import pytest

from overlord.core.bounds import OneOf, Whole, problems
from test_hostile_saves import _edit_state, _saved, refused_untouched


def _set(path: str, value):
    """A change of the saved state: ``path`` (dots; ``*`` the first member) set to ``value``."""
    def change(data):
        *parents, last = path.split(".")
        for part in parents:
            data = data[next(iter(data))] if part == "*" and isinstance(data, dict) else data[0] if part == "*" \
                else data[part]
        data[next(iter(data)) if last == "*" else last] = value
    return change


EDITS = [
    # -- the three
    ("forgotten-souls", "round", -3, "round is -3, outside 1 to 100,000"),
    ("underworld", "round", -3, "round is -3, outside 1 to 100,000"),
    ("heldentaufe", "round", -3, "round is -3, outside 1 to 100,000"),
    ("dragon", "round", -3, "round is -3, outside 1 to 100,000"),
    ("underworld", "damned", "sleeping", "damned is 'sleeping', not one of the Damned One's states (abroad, defeated, dormant"),
    ("heldentaufe", "clock", 999, "clock is 999, outside 0 to "),
    # -- the rest of each game's table: machines' states, the content's names, the rules' numbers
    ("heldentaufe", "clock", -1, "clock is -1, outside 0 to "),
    ("underworld", "avatars.*", "asleep", "avatars.avatar-1 is 'asleep', not one of the Avatars' states"),
    ("underworld", "map.placed.*.turns", 4, "map.placed.0.turns is 4, outside 0 to 3"),
    ("underworld", "winner", "bard,nobody", "winner is 'bard,nobody', not one of the heroes"),
    ("heldentaufe", "dangers.*", "dragon-1", "is 'dragon-1', not one of the danger tiles (nothing-1"),
    ("heldentaufe", "monsters.*.wounds", -1, "wounds is -1, outside 0 to 99"),
    ("dragon", "rules.jump", "fly", "rules.jump is 'fly', not one of the choices (points, turn)"),
    ("dragon", "at.*.manor", "Q9", "manor is 'Q9', not one of the fields"),
    ("dragon", "turn.phase", "dance", "turn.phase is 'dance', not one of the phases of a turn (act, move, over)"),
    ("dragon", "mode", "duel", "mode is 'duel', not one of the scenario's modes (coop)"),
    ("underworld", "map.catalogue.*.exits", "N", "its map tiles are not the scenario's (tile 'styx' differs)"),
    ("underworld", "map.placed.*.exits", "N", "tile 'styx' lies with exits its turns do not give"),
    ("forgotten-souls", "main_encounters_completed", 4, "main_encounters_completed is 4, outside 0 to 3"),
    ("forgotten-souls", "track.spaces", 30, "track.spaces is 30, outside 18 to 18"),
    ("forgotten-souls", "figures.*.fatigue", 9, "figures.0.fatigue is 9, outside 0 to "),
]


@pytest.mark.parametrize("scenario, path, value, message", EDITS,
                         ids=[f"{e[0]}: {e[1]} = {e[2]!r}" for e in EDITS])
def test_a_value_the_game_cannot_hold_is_refused_naming_its_field(tmp_path, scenario, path, value, message):
    save = _saved(scenario, tmp_path)
    _edit_state(save, _set(path, value))
    refused_untouched(save, message)


@pytest.mark.parametrize("data, fields, told", [
    pytest.param({"a": {"x": {"n": 3}, "y": {"n": -1}}}, {"a.*.n": Whole(0, 9)}, ["a.y.n is -1, outside 0 to 9"],
                 id="a star is every member of a mapping"),
    pytest.param({"a": [1, 12]}, {"a.*": Whole(0, 9)}, ["a.1 is 12, outside 0 to 9"], id="and of a list"),
    pytest.param({"f": 3, "s": 2}, {"f": Whole(0, lambda root, parent: parent["s"])}, ["f is 3, outside 0 to 2"],
                 id="a bound taken from the field's neighbours"),
    pytest.param({"b": True}, {"b": Whole()}, ["b is True, not a whole number"], id="true is no number"),
    pytest.param({}, {"round": Whole(1)}, [], id="a field the save does not hold is not checked (an older save)"),
    pytest.param({"w": "a,b"}, {"w": OneOf("ab", "heroes", many=True)}, [], id="a list of names, each known"),
    pytest.param({"w": ["a"]}, {"w": OneOf("ab", "heroes")}, ["w is ['a'], not one of the heroes (a, b)"],
                 id="a list where a name goes"),
])
def test_the_table_reads_like_this(data, fields, told):
    assert problems(data, fields) == told
