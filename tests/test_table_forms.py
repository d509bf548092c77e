"""Every command form each game's ``help`` documents has a test at the table (issue 39: "every
command form each game's `help` documents, with and without its optional parts, has a test at the
table"). The forms live beside each game's table tests (``tests/test_table_forms_<game>.py``);
this file checks that they cover the help: a new command, or an optional part added to one,
without a form typed at the table fails here."""

from __future__ import annotations

import importlib

import pytest

from session_helpers import TableSession
from table_forms import help_lines, uncovered

# game -> (its forms' module, a shipped scenario and heroes whose help it covers)
GAMES = {
    "descent": ("test_table_forms_descent", "forgotten-souls", ["leoric", "tarha"]),
    "underworld": ("test_table_forms_underworld", "underworld", ["bard", "gladiator"]),
    "heldentaufe": ("test_table_forms_heldentaufe", "heldentaufe", ["erla", "corlof"]),
    "heldentaufe-race": ("test_table_forms_heldentaufe", "heldentaufe-race", ["erla", "corlof"]),
    # the players command the monsters: the `monster` commands' help
    "heldentaufe-players": ("test_table_forms_heldentaufe", "PLAYERS", ["erla", "corlof"]),
    "dragon": ("test_table_forms_dragon", "dragon", ["orc", "paladin"]),
    "dragon-duel": ("test_table_forms_dragon", "dragon-duel", ["halfling", "orc"]),
    "roth": ("test_table_forms_roth", "roth", ["leandra", "gro"]),
    "roth-race": ("test_table_forms_roth", "roth-race", ["glingal"]),
    # the drawing player places what he drew: the `place` command's help
    "roth-players-choose": ("test_table_forms_roth", "PLAYERS_CHOOSE", ["glingal"]),
    "kingdom-dragon": ("test_table_forms_kingdom", "kingdom-dragon", ["leandra", "paladin"]),
    "kingdom-dragon-together": ("test_table_forms_kingdom", "kingdom-dragon-together", ["leandra", "paladin"]),
    "roth-underworld": ("test_table_forms_hades", "roth-underworld", ["leandra", "gro"]),
    "roth-underworld-together": ("test_table_forms_hades", "roth-underworld-together", ["leandra", "gro"]),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_help_line_has_its_forms_typed_at_the_table(game, tmp_path):
    module, scenario, heroes = GAMES[game]
    forms_module = importlib.import_module(module)
    forms = forms_module.FORMS
    scenario = getattr(forms_module, scenario, scenario)         # a fixture the module names
    session, _ = TableSession.start(scenario, heroes, 1)
    try:
        helps = help_lines(session)
    finally:
        session.close()
    missing, short = uncovered(helps, forms)
    assert not missing, f"{game}: help forms with no test at the table: {missing}"
    assert not short, f"{game}: help forms with optional parts typed only one way: {short}"
