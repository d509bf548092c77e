"""The table soak, briefly, on every shipped scenario (issue 39: "many seeds of every shipped
scenario driven through the real table session by random commands and random option numbers,
narration included ... runs in the tests (briefly) and as `overlord soak SCENARIO --table` (at
length)"). Random command forms from each game's `help`, option numbers, `undo`, save, quit and
resume: no traceback, no fault of the program, no refusal longer than a line, no word of the code
in what players read, and every save resumes to the state it was left in. The long run's figures
are in docs/hostile-input.md."""

from __future__ import annotations

import pytest

from overlord.games import registry
from overlord.session.soak import report, table_soak

SCENARIOS = ["forgotten-souls", "underworld", "heldentaufe", "heldentaufe-race", "dragon", "dragon-duel", "roth",
             "roth-race"]

#: the race's seeds 11-13 type no command that asks the players' dice in 120 commands (one player's
#: hero among the program's rivals: the rounds go by in a few `end`s); 14-16 do
SEEDS = {"roth-race": [14, 15, 16]}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_commands_at_the_table_never_break_it(scenario, tmp_path):
    rules, content, path = registry.open_scenario(scenario)
    found = table_soak(rules, content, path, SEEDS.get(scenario, [11, 12, 13]), commands=120, folder=tmp_path)
    assert found.commands == 360 and found.resumed >= 3
    assert not found.problems, "\n".join(report(found))
    if scenario != "forgotten-souls":          # its players report what their dice did (`hurt`, `stand`)
        assert found.asked >= 1, "the players' dice are asked for and typed (issue 42)"
