"""What the table waits for, as a page's controls (overlord/web/offers.py, issue 41): the game's own
option lines and move definitions, read on the shipped games' tables."""

from __future__ import annotations

import pytest

from overlord.games import registry
from overlord.session.session import Session
from overlord.web.offers import forms, offers
from web_helpers import PARTIES


@pytest.fixture(scope="module")
def descent():
    session, _ = Session.start(*registry.open_scenario("forgotten-souls"), PARTIES["forgotten-souls"], 4)
    yield session.table
    session.close()


@pytest.mark.parametrize("line, control", [
    # a numbered option is a button that sends its number
    ("   1. rest leoric - leoric rests", {"kind": "button", "send": "1", "label": "rest leoric - leoric rests"}),
    ("  12. end tarha - tarha's turn is over", {"kind": "button", "send": "12", "label": "end tarha - tarha's turn is over"}),
    # a command with words to fill is a form: the fixed words, then each word to fill typed by its param
    ("      hurt leoric N - the damage zombie-master-1's attack dealt (0 if none)",
     {"kind": "form", "label": "hurt leoric N", "about": "the damage zombie-master-1's attack dealt (0 if none)",
      "words": [{"word": "hurt"}, {"word": "leoric"},
                {"fill": "N", "name": "damage", "kind": "int", "range": [0, None], "optional": False, "typed": True,
                 "listed": True}]}),
    ("      move leoric X,Y - leoric moved there",
     {"kind": "form", "label": "move leoric X,Y", "about": "leoric moved there",
      "words": [{"word": "move"}, {"word": "leoric"},
                {"fill": "X,Y", "name": "to", "kind": "space", "optional": False, "typed": True, "listed": True}]}),
    # a word after its keyword is that keyword's param
    ("      revive HERO by tarha - tarha revives a hero",
     {"kind": "form", "label": "revive HERO by tarha", "about": "tarha revives a hero",
      "words": [{"word": "revive"}, {"fill": "HERO", "name": "target", "kind": "hero", "optional": False,
                                     "typed": True, "listed": True}, {"word": "by"}, {"word": "tarha"}]}),
    # an optional part in brackets is left to the command line
    ("      choose 1 X,Y [across|along] - another of decision 1's spaces",
     {"kind": "form", "label": "choose 1 X,Y [across|along]", "about": "another of decision 1's spaces",
      "words": [{"word": "choose"}, {"word": "1"}, {"fill": "X,Y", "kind": "word"}]}),
    # anything else is text: a heading, what the table is waiting on, a command with nothing to fill
    ("what may be typed now (type a number to do the command beside it):",
     {"kind": "text", "text": "what may be typed now (type a number to do the command beside it):"}),
    ("      end leoric - leoric's turn is over", {"kind": "text", "text": "      end leoric - leoric's turn is over"}),
    ("      dance leoric N - not a command", {"kind": "text", "text": "      dance leoric N - not a command"}),
])
def test_an_option_line_becomes_its_control(descent, line, control):
    got = offers([line], descent)[0]
    if got["kind"] == "form":                  # a word to fill carries its param's JSON: the keys named here
        got["words"] = [{k: v for k, v in w.items() if k in want} for w, want in zip(got["words"], control["words"])]
    assert got == control


def test_numbers_are_buttons_only_at_a_table_that_numbers_its_options(descent):
    class Unnumbered:
        numbered = False
        commands = descent.commands

        def moves(self):
            return descent.moves()
    assert offers(["   1. rest leoric - leoric rests"], Unnumbered())[0]["kind"] == "text"


@pytest.mark.parametrize("scenario", sorted(PARTIES))
def test_every_form_of_a_shipped_table_is_a_command_it_takes(scenario):
    """The forms come from the game's move definitions: each one a verb of the table's help, its
    usage the help's, a number param with the range its definition gives."""
    session, _ = Session.start(*registry.open_scenario(scenario), PARTIES[scenario], 4)
    try:
        table = session.table
        made = forms(table)
        assert made, "a game defined by moves gives the page its forms"
        for f in made:
            assert f["verb"] in table.commands
            assert table.commands[f["verb"]].startswith(f["usage"]), (f["usage"], table.commands[f["verb"]])
    finally:
        session.close()
