"""Forgotten Souls, General Setup 6: "Assemble the Search and Shop Item Decks: Take all Search cards
from the base game and shuffle them together ... Separate the Act I and Act II Shop Item cards and
shuffle them separately". At a table those decks are the players', from the box (the set-up says
so): the program draws none of them, it says how many Shop Item cards to draw and asks which was
kept ("Loot": "He gives one of the Shop Item cards to any hero of his choice and places any
remaining cards at the bottom of the Shop Item deck") and which Search card a hero drew. Headless
the program draws the Shop Item cards as before, each draw marked hidden (issue 39)."""

from __future__ import annotations

from descent_helpers import DescentSession, shipped
from overlord.core.game import drew_hidden
from overlord.games.descent.content.quest import resolve_scenario
from overlord.games.descent.engine import damage_figure, new_game

LOOT = "He gives one of the Shop Item cards to any hero of his choice"
# seed 4, leoric and tarha: the three monsters of The Onset make 4 loot tokens, the loot limit of two heroes
KILL = ["attack zombie-master-1 20 by leoric", "attack zombie-minion-1 20 by leoric",
        "attack barghest-minion-1 20 by leoric"]


def start(tmp_path, seed=4):
    session, _ = DescentSession.start(resolve_scenario("forgotten-souls"), ["leoric", "tarha"], seed,
                                      tmp_path / "g.db")
    return session


def said(session, *lines):
    out = []
    for line in lines:
        reply = session.execute(line)
        assert reply.ok, (line, reply.lines)
        out += reply.lines
    return "\n".join(out)


def test_at_the_table_the_program_draws_no_shop_item_card_and_asks_which_was_kept(tmp_path):
    """Killing the barghest fills the loot track: the program says how many cards to draw from the
    players' Act I deck (not "leoric draws Chainmail, Magic Staff; keeps Chainmail") and asks."""
    s = start(tmp_path)
    shop = list(s.match.state.shop["I"].draw)
    out = said(s, *KILL)
    assert ("  leoric draws 2 Shop Item cards from your Act I Shop Item deck, gives one to a hero of their choice and "
            "puts the rest at the bottom of the deck: tell me which with `loot CARD to HERO`") in out
    assert "keeps" not in out and s.match.state.shop["I"].draw == shop and s.match.state.items == {}
    assert "  still to tell me: the Shop Item card leoric gave away (`loot CARD to HERO`)" in s.execute("status").lines
    assert said(s, "loot magic staff to tarha") == "tarha keeps the Shop Item card Magic Staff from leoric's loot", LOOT
    assert s.match.state.items == {"tarha": ["Magic Staff"]} and "Magic Staff" not in s.match.state.shop["I"].draw
    assert s.execute("status").lines[3].endswith("; cards: Magic Staff")
    s.close()


def test_a_loot_report_is_refused_in_one_line_when_it_cannot_be(tmp_path):
    s = start(tmp_path)
    for line, words in [("loot Chainmail to tarha", "no loot is waiting to be told"),
                        ("loot Chainmail tarha", "usage: loot CARD to HERO")]:
        reply = s.execute(line)
        assert not reply.ok and len(reply.lines) == 1 and words in reply.lines[0], (line, reply.lines)
    said(s, *KILL)
    reply = s.execute("loot Chainmale to tarha")
    assert not reply.ok and reply.lines[0].startswith("no Act I Shop Item 'Chainmale' (did you mean 'Chainmail'?)")
    s.close()


def test_a_search_card_is_the_players_and_told_by_its_name(tmp_path):
    """A hero takes a search token (the Shiny Corridor's, seed 16) and draws from the players'
    Search deck: the program asks which card, and takes its name as printed."""
    s = start(tmp_path, seed=16)
    out = said(s, "objective confirm", "open leoric", "move leoric 18,4", "search leoric")
    assert out.endswith("leoric draws a Search card from your deck: tell me which with `search leoric CARD`")
    refused = s.execute("search leoric Healing Potion")
    assert not refused.ok and refused.lines[0].startswith("no Search card 'Healing Potion' (did you mean "
                                                          "'Health Potion'?)")
    assert said(s, "search leoric Health Potion") == "leoric draws the Search card Health Potion"
    assert s.match.state.search == {"leoric": ["Health Potion"]} and s.match.state.search_due == []
    s.close()


def test_headless_the_loot_is_drawn_from_the_programs_deck_and_marked_hidden():
    """Headless play has no table to ask: the drawing hero keeps the first Shop Item card, the rest
    go to the bottom - a draw from a pile whose order the players do not know, marked so."""
    game = new_game(shipped(), ["leoric", "tarha"], 4)
    top = list(game.state.shop["I"].draw[:2])
    for monster in ("zombie-master-1", "zombie-minion-1", "barghest-minion-1"):
        damage_figure(game, monster, 20, by="leoric")
    loot = next(e for e in game.state.log if e["event"] == "loot")
    assert loot["drawn"] == top and loot["kept"] == top[0] and game.state.items == {"leoric": [top[0]]}
    assert drew_hidden([loot]) and game.state.shop["I"].draw[-1] == top[1]
