"""Heldentaufe at the table (issue 39): the monsters' plans as the players read them - numbered
from 1 as shown, `why N` for every plan shown, `why` for the last command even after `resume`,
each number of a plan's key said with the way it counts - and the hidden draws marked one way,
so that `undo` is refused after a draw and allowed after a roll.

"Players whose hero figures are not in the Underworld command the monsters and play the role of the
monster boss." (Heldentaufe, "The Monsters Take Their Turn"); the players' fixture
(``tests/fixtures/heldentaufe-players.yaml``) is the co-operative game played so.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from heldentaufe_helpers import game, put_below
from overlord.core.game import RulesError, drew_hidden
from overlord.games.heldentaufe import engine, monster_commands
from overlord.games.heldentaufe.game import GAME
from overlord.games.heldentaufe.table import HeldentaufeTable
from session_helpers import TableSession

PLAYERS = str(Path(__file__).resolve().parent / "fixtures" / "heldentaufe-players.yaml")
# issue 39's game: seed 3, mathian and corlof; corlof goes down through portal 3 and ends his turn
TO_THE_MONSTERS = ("explore 0,1; explore 0,2; explore 1,2; explore 1,1; end; explore 1,0; explore 1,-1; collect; "
                   "explore 0,-1; descend 3; end").split("; ")
# seed 1, erla and corlof: erla goes down through portal 4 and ends her turn; the program plays the monsters
ERLA_DOWN = ("explore 0,-1", "descend 4", "end")


def typed(session, *lines):
    replies = []
    for line in lines:
        reply = session.execute(line)
        assert reply.ok, f"{line!r}: {reply.lines}"
        replies.append(reply)
    return replies


def text(reply) -> str:
    return "\n".join(reply.lines)


def test_the_players_first_advice_is_plan_1_and_their_commands_carry_no_plan_number(tmp_path):
    """Issue 39, rule 11: with the players as the monster boss the first advice was labelled "plan 2",
    `why 2` was refused and the players' own commands were narrated with "[plan N]". The advice is
    plan 1 and `why 1` tells it; the players' commands carry no plan number; the next monsters' turn
    advises plan 2, and `why 2` tells it."""
    session, _ = TableSession.start(PLAYERS, ["mathian", "corlof"], 3, tmp_path / "g.db")
    try:
        end = typed(session, *TO_THE_MONSTERS)[-1]
        assert "  plan 1 (4 points, the program's advice): " in end.lines[3]
        assert not any(re.search(r"\bplan [2-9]", ln) for ln in end.lines)
        why = session.execute("why 1")
        assert why.ok and why.lines[0].startswith("plan 1 (4 points, the program's advice): zibbler")
        refused = session.execute("why 2")
        assert not refused.ok and refused.lines == ["no plan 2: the only plan of this game is plan 1"]
        moved, done = typed(session, "monster zibbler move 5,3", "monster done")
        assert "[plan" not in text(moved) + text(done)
        assert moved.lines[0] == "  zibbler moves 5,4 -> 5,3 (leaves its nest)"
        again = typed(session, "end", "end")[-1]            # mathian, then corlof: the monsters' turn again
        assert any(ln.startswith("  plan 2 (4 points, the program's advice): ") for ln in again.lines)
        assert session.execute("why 2").lines[0].startswith("plan 2 (4 points, the program's advice): ")
    finally:
        session.close()


def test_the_programs_plans_are_numbered_across_the_game_and_tagged_on_their_steps(tmp_path):
    """The program as the boss: every plan of the game has its number, counted from 1 in the game's
    log; each monster's step names the plan it carries out, and `why N` answers every number shown."""
    session, _ = TableSession.start("heldentaufe", ["erla", "corlof"], 1, tmp_path / "g.db")
    try:
        shown: list[int] = []
        for line in (*ERLA_DOWN, "end", "end", "end", "end"):
            reply = session.execute(line)
            assert reply.ok, reply.lines
            plans = [int(m.group(1)) for ln in reply.lines for m in [re.match(r"  plan (\d+) \(", ln)] if m]
            tags = {int(n) for ln in reply.lines for n in re.findall(r"\[plan (\d+)\]$", ln)}
            assert tags <= set(plans)                       # a step names a plan of its own turn
            shown += plans
        assert len(shown) >= 2 and shown == list(range(1, len(shown) + 1))
        for n in shown:
            assert session.execute(f"why {n}").lines[0].startswith(f"plan {n} (")
    finally:
        session.close()


def test_why_says_which_way_each_number_counts():
    """`why N` lists the plan's key, a number a line, each with "more is better", "fewer is better"
    or "less is better" - in words, never a field of the code."""
    session, _ = TableSession.start("heldentaufe", ["erla", "corlof"], 1)
    try:
        typed(session, *ERLA_DOWN)
        lines = session.execute("why 1").lines
    finally:
        session.close()
    fields = [ln for ln in lines if re.match(r"    \d\. ", ln)]
    names = [re.match(r"    \d\. ([a-z' ]+?) -?\d", ln).group(1) for ln in fields]
    assert names == ["balance", "heroes knocked out", "hearts taken", "teeth handed over", "the heroes' reply",
                     "blocked", "distance", "points used"]
    assert all(re.search(r" - (more|fewer|less) is better \(", ln) for ln in fields)
    assert "teeth handed over" in fields[3] and " - fewer is better (" in fields[3]
    assert " - less is better (" in fields[6]


def test_why_after_resume_explains_the_last_command(tmp_path):
    """`why` alone tells the monsters' plans of the last command - read from the game's log, so a
    resumed game tells the same as the session that played it."""
    save = tmp_path / "g.db"
    session, _ = TableSession.start("heldentaufe", ["erla", "corlof"], 1, save)
    try:
        typed(session, *ERLA_DOWN)
        before, one = session.execute("why").lines, session.execute("why 1").lines
    finally:
        session.close()
    assert before[0] == "the last command: erla: end" and before[1].startswith("plan 1 (4 points, the program's plan)")
    again, _ = TableSession.resume(save)
    try:
        assert again.execute("why").lines == before
        assert again.execute("why 1").lines == one
        typed(again, "explore 1,0")                        # corlof: no plan comes of it
        plans = sum(1 for e in again.state.log if e.get("event") in ("monster_plan", "monster_advice"))
        assert again.execute("why").lines == ["the last command: corlof: explore 1,0",
                                              f"  the monsters made no plan after it; `why N` tells plan N (1 to "
                                              f"{plans} so far)"]
    finally:
        again.close()


# -- hidden draws ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("line, before, hidden", [
    pytest.param("explore 1,0", (), True, id="an Upper World tile explored"),
    pytest.param("decline hunter-wallrog-2", (), True, id="a mission declined: another drawn"),
    pytest.param("end", (), False, id="an end with a full hand: nothing drawn"),
    pytest.param("move 4,5", ("explore 0,-1", "descend 4"), False, id="a step below onto no danger"),
    pytest.param("fight zibbler", ("explore 0,-1", "descend 4", "move 4,5"), False, id="a fight: dice only"),
])
def test_a_command_that_draws_something_hidden_is_marked_and_undo_refuses_it(line, before, hidden, tmp_path):
    """"take an area from a face-down stack" ("Move"); "discard 1 hand card and draw a new one"
    ("Decline Mission"): the events that bring something hidden into view are marked
    (``hidden_draw``), and with ``no_undo_past_hidden_draw`` `undo` is refused after them - and
    allowed after a command that only rolled dice or drew nothing."""
    session, _ = TableSession.start("heldentaufe", ["erla", "corlof"], 1, tmp_path / "g.db")
    try:
        typed(session, *before)
        logged = len(session.state.log)
        reply = session.execute(line)
        assert reply.ok, reply.lines
        assert drew_hidden(session.state.log[logged:]) is hidden
        undo = session.execute("undo")
        assert undo.ok is not hidden
        if hidden:
            assert undo.lines[0].endswith("drew hidden cards; this scenario does not allow undoing past a hidden draw")
    finally:
        session.close()


def test_the_table_computes_no_draw_of_its_own():
    """The session reads the events' mark; a table reply carries no draw flag of its own."""
    match = GAME.new_match(game()[0], ["erla", "corlof"], 1)
    table = GAME.table(match)
    reply = table.execute("explore", ["1,0"], "explore 1,0")
    assert not hasattr(reply, "drew") and drew_hidden(reply.events)


@pytest.mark.parametrize("what", ["danger", "turn end"])
def test_dangers_and_missions_drawn_at_the_turns_end_are_hidden_draws(what):
    """"If you enter the treasure chest or a danger, reveal the tile"; "At the end of your turn, draw
    mission cards until you again hold 3 in hand"."""
    c, s = game(("erla", "corlof"))
    erla = s.board["erla"]
    if what == "danger":
        skull = next(iter(s.dangers))
        near = next(c.underworld.labels[n] for n in c.underworld.neighbours[c.underworld.area(skull)]
                    if c.underworld.labels[n] not in engine.under.figures(s) and c.underworld.area(
                        c.underworld.labels[n]) != c.underworld.treasure)
        put_below(c, s, "erla", near)
        events = engine.apply(c, s, {"do": "move", "hero": "erla", "to": skull})
        kind = "danger"
    else:
        events = engine.apply(c, s, {"do": "decline", "hero": "erla", "card": erla.hand[0]})
        s.missions.discard.append(erla.hand.pop())            # one card short: the turn's end draws it
        events = engine.apply(c, s, {"do": "end", "hero": "erla"})
        kind = "turn_end"
    marked = [e for e in events if e.get("event") == kind]
    assert marked and drew_hidden(marked)


# -- the players' commands of the monsters, defined once (overlord.games.heldentaufe.monster_commands) ---------

@pytest.mark.parametrize("rule, words, read", [
    ("\"The monsters may also move\": a monster and the area it steps to, names without case",
     ["Ulumu", "move", "4,2"], {"do": "move", "monster": "ulumu", "to": "4,2"}),
    ("\"... or fight against heroes\": a monster and the hero it attacks",
     ["zibbler", "attack", "Erla"], {"do": "attack", "monster": "zibbler", "target": "erla"}),
    ("holding back the points left (our reading of \"Players may also let action points go unused\")",
     ["done"], {"do": "done"}),
    ("\"If they cannot agree, a die roll decides which player controls the monsters\"", ["roll"], {"do": "roll"}),
    ("anything else is refused with every form", ["ulumu", "fly", "4,2"],
     "the monsters' turn: monster ID move X,Y | monster ID attack HERO | monster done | monster roll"),
    ("a step needs its monster, its verb and its place or hero", ["ulumu", "move"],
     "the monsters' turn: monster ID move X,Y"),
])
def test_the_monsters_commands_are_read_from_their_one_definition(rule, words, read):
    if isinstance(read, str):
        with pytest.raises(RulesError, match=re.escape(read)):
            monster_commands.read(words)
        return
    assert monster_commands.read(words) == read, rule
    assert monster_commands.BOSS.describe(read) == " ".join(w.lower() for w in words), rule


def test_the_monsters_help_and_options_come_from_the_same_moves():
    """The table's `monster` help line is the moves' forms and the roll's help; `options` in the
    monsters' turn numbers the moves' listing (``boss.options``)."""
    help_line = monster_commands.help_line()
    assert HeldentaufeTable.commands["monster"] == help_line
    assert help_line.startswith("monster ID move X,Y | monster ID attack HERO | monster done | monster roll - ")
    assert help_line.endswith(monster_commands.BOSS["roll"].help)
    assert monster_commands.option_words({"do": "done"}) == "done (hold back the rest)"
    assert monster_commands.option_words({"do": "move", "monster": "ulumu", "to": "5,0"}) == "ulumu move 5,0"
