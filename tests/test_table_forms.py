"""Every command form each game's ``help`` documents has a test at the table (issue 39: "every
command form each game's `help` documents, with and without its optional parts, has a test at the
table"). The forms live beside each game's table tests (``tests/test_table_forms_<game>.py``);
this file checks that they cover the help: a new command, or an optional part added to one,
without a form typed at the table fails here."""

from __future__ import annotations

import importlib

import pytest

from session_helpers import TableSession
from table_forms import help_lines, needs_two

# game -> (its forms' module, a shipped scenario and heroes whose help it covers)
GAMES = {
    "descent": ("test_table_forms_descent", "forgotten-souls", ["leoric", "tarha"]),
    "underworld": ("test_table_forms_underworld", "underworld", ["bard", "gladiator"]),
    "heldentaufe": ("test_table_forms_heldentaufe", "heldentaufe", ["erla", "corlof"]),
    "heldentaufe-race": ("test_table_forms_heldentaufe", "heldentaufe-race", ["erla", "corlof"]),
    "dragon": ("test_table_forms_dragon", "dragon", ["orc", "paladin"]),
    "dragon-duel": ("test_table_forms_dragon", "dragon-duel", ["halfling", "orc"]),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_help_line_has_its_forms_typed_at_the_table(game, tmp_path):
    module, scenario, heroes = GAMES[game]
    forms = importlib.import_module(module).FORMS
    session, _ = TableSession.start(scenario, heroes, 1)
    try:
        helps = help_lines(session)
    finally:
        session.close()
    typed: dict[str, int] = {}
    for form in forms:
        verb = "n" if form.verb.isdigit() else form.verb         # help's "N - the N-th of `options`"
        typed[verb] = typed.get(verb, 0) + 1
    missing = [helps[v] for v in helps if v not in typed]
    assert not missing, f"{game}: help forms with no test at the table: {missing}"
    short = [helps[v] for v in helps if needs_two(helps[v]) and typed[v] < 2]
    assert not short, f"{game}: help forms with optional parts typed only one way: {short}"
