"""Issue 42 at the Forgotten Souls table: every die the rules give a player is the players' to
roll. The Forgotten Souls rulebook has the heroes play "following the normal steps of a hero turn
in the base game" (Playing the Game: Hero Phase), whose rules the program keeps in
``overlord.games.descent.heroes``, in our words:

* "Attribute test: 1 gray and 1 black defence die; the hero passes when the shields rolled are
  at most the attribute" - at the table the program stops at each test and waits for `test HERO
  pass` or `test HERO fail`, and applies a failure as it applies a rolled one;
* "Knocked out: ... it stands up ... it rolls 2 red dice, recovers a health for each heart and a
  fatigue for each surge ... A hero next to the token may instead revive it with an action (the
  same roll)" - at the table the players type the hearts and surges; a roll left out is asked
  for, and a roll the dice cannot show is refused.

Sessions run in-process on the shipped quest. Seed 10 with four heroes: round 1's Activation card
fs-act-08; after the zombies' four attacks on leoric, the master barghest performs its Howl
("each hero within 3 spaces tests Willpower; a failure costs 1 fatigue", the Forgotten Souls
monster cards as ``decks/forgotten-souls/monsters.yaml`` keeps them), and all four heroes are
within 3 spaces. Seed 4 with leoric and tarha: they stand side by side at 5,3 and 6,3."""

from __future__ import annotations

import re

import pytest

from descent_helpers import clear_monsters, rolled
from overlord.core.state import dumps
from overlord.games.descent.asking import TableResolver
from overlord.games.descent.content.effects import HeroTestSpec
from overlord.games.descent.content.quest import load_quest, resolve_scenario
from overlord.games.descent.engine import new_game
from overlord.games.descent.heroes import test_heroes as heroes_test
from overlord.web.offers import offers
from session_helpers import TableSession as Session

SCENARIO = resolve_scenario("forgotten-souls")
FOUR = ["leoric", "tarha", "syndrael", "jain"]
HOWL = [f"end {h}" for h in FOUR] + ["hurt leoric 0"] * 4            # seed 10: up to leoric's Willpower test
WILLPOWER = {"leoric": 2, "tarha": 3, "syndrael": 2, "jain": 2}      # their printed sheets


def start(tmp_path, heroes=FOUR, seed=10, *lines):
    session, _ = Session.start(SCENARIO, list(heroes), seed, tmp_path / "game.db")
    for line in lines:
        reply = session.execute(line)
        assert reply.ok, (line, reply.lines)
    return session


def fatigue(session) -> dict[str, int]:
    return {h: session.match.state.figure(h).fatigue for h in session.match.state.heroes}


def waiting(hero: str) -> str:
    return (f"waiting: {hero} tests Willpower (barghest-master-1: on a fail, 1 fatigue) - roll 1 gray and 1 black "
            f"die (a pass: {WILLPOWER[hero]} shields or fewer, {hero}'s Willpower) and tell me `test {hero} pass` or "
            f"`test {hero} fail`")


def refused(session, line: str, match: str) -> str:
    """``line`` is refused in one line matching ``match``, and the game and its save are as they were."""
    before, saved = dumps(session.match.state), session.save.commands()
    reply = session.execute(line)
    assert not reply.ok and len(reply.lines) == 1, (line, reply.lines)
    assert re.search(match, reply.lines[0]), (line, reply.lines[0])
    assert dumps(session.match.state) == before and session.save.commands() == saved
    return reply.lines[0]


# -- attribute tests ------------------------------------------------------------------------------------------

def test_the_howl_stops_at_the_first_heros_test_and_says_what_to_roll(tmp_path):
    s = start(tmp_path, FOUR, 10, *HOWL[:-1])
    reply = s.execute(HOWL[-1])
    assert reply.lines[-2:] == ["    barghest-master-1 performs every hero within 3 spaces test willpower; failing: "
                                "1 fatigue", waiting("leoric")]
    assert s.match.state.pending["test"] == {"attribute": "willpower", "source": "fs-act-08 (barghest-master-1)",
                                             "actor": "barghest-master-1", "fail": {"fatigue": 1}}


@pytest.mark.parametrize("results, suffered", [
    # each hero tested by one effect is asked in turn; a failure costs the Howl's 1 fatigue, a pass nothing
    (("pass", "pass", "pass", "pass"), {"leoric": 0, "tarha": 0, "syndrael": 0, "jain": 0}),
    (("fail", "pass", "pass", "pass"), {"leoric": 1, "tarha": 0, "syndrael": 0, "jain": 0}),
    (("pass", "fail", "fail", "pass"), {"leoric": 0, "tarha": 1, "syndrael": 1, "jain": 0}),
    (("fail", "fail", "fail", "fail"), {"leoric": 1, "tarha": 1, "syndrael": 1, "jain": 1}),
])
def test_each_hero_the_howl_tests_is_asked_one_by_one(tmp_path, results, suffered):
    s = start(tmp_path, FOUR, 10, *HOWL)
    for i, (hero, result) in enumerate(zip(FOUR, results)):
        assert s.match.state.pending["hero"] == hero
        reply = s.execute(f"test {hero} {result}")
        assert reply.ok and f"  {hero} tests willpower ({WILLPOWER[hero]}): {result}ed" in reply.lines
        if i + 1 < len(FOUR):
            assert reply.lines[-1] == waiting(FOUR[i + 1])
    assert s.match.state.pending is None and fatigue(s) == suffered
    assert s.match.state.phase == "hero_phase" and s.match.state.round == 2   # the activation went on to its end


HARMS = [
    # (what the card says a failure costs, its fail)
    ("the Howl: 1 fatigue", {"fatigue": 1}),
    ("damage", {"damage": 2}),
    ("a condition", {"condition": "poisoned"}),
    ("fatigue beyond the stamina is suffered as damage (leoric's stamina is 5)", {"fatigue": 7}),
    ("all three: the condition, the fatigue, then the damage", {"condition": "immobilized", "fatigue": 1,
                                                                  "damage": 9}),
]


@pytest.mark.parametrize("harm", [h for _, h in HARMS], ids=[w for w, _ in HARMS])
@pytest.mark.parametrize("results, faces", [
    # the players' results, and gray + black faces the program would roll for them (dice.DICE):
    # a blank and a blank, 0 shields, pass every attribute; 3 and 4 shields fail every one
    (("pass", "pass"), ([0, 0], [0, 0])),
    (("fail", "pass"), ([5, 5], [0, 0])),
    (("fail", "fail"), ([5, 5], [5, 5])),
])
def test_a_result_typed_is_applied_as_the_program_applies_a_rolled_one(harm, results, faces):
    """The same rules carry out a failure, whoever rolled it: the game after the players' `test`
    answers is the game after the program's roll of those results, event for event."""
    quest = load_quest(SCENARIO)
    spec = HeroTestSpec.model_validate({"attribute": "might", "fail": harm})
    games = []
    for typed in (False, True):
        g = new_game(quest, ["leoric", "tarha"], 3)
        clear_monsters(g)
        if typed:
            g.resolver = TableResolver([[h, r] for h, r in zip(("leoric", "tarha"), results)])
        else:
            rolled(g, *faces)
        heroes_test(g, ["leoric", "tarha"], spec, "a card")
        g.resolver = None
        games.append(g)
    headless, table = games
    assert table.state.log == headless.state.log and dumps(table.state) == dumps(headless.state)
    assert [e["passed"] for e in table.state.log if e["event"] == "test"] == [r == "pass" for r in results]


def test_undo_takes_a_test_result_back_and_the_test_is_asked_again(tmp_path):
    s = start(tmp_path, FOUR, 10, *HOWL, "test leoric fail")
    assert fatigue(s)["leoric"] == 1 and s.match.state.pending["hero"] == "tarha"
    undone = s.execute("undo")
    assert undone.ok and undone.lines[0] == "undone: test leoric fail" and waiting("leoric") in undone.lines
    assert fatigue(s)["leoric"] == 0 and s.match.state.pending["answers"] == [["leoric", 0]] * 4
    assert s.execute("test leoric pass").ok and fatigue(s)["leoric"] == 0


def test_a_game_left_while_a_test_waits_asks_it_again_when_resumed(tmp_path):
    s = start(tmp_path, FOUR, 10, *HOWL, "test leoric fail")
    s.save.close()
    again, reply = Session.resume(tmp_path / "game.db")
    assert reply.lines[-1] == waiting("tarha")
    for hero in ("tarha", "syndrael", "jain"):
        assert again.execute(f"test {hero} pass").ok
    assert again.match.state.pending is None and fatigue(again) == {"leoric": 1, "tarha": 0, "syndrael": 0, "jain": 0}


def test_a_tie_chosen_before_the_howl_asks_its_tests_again(tmp_path):
    """Golden Rules: the heroes choose a tied target; the command is played again from its start
    with the answers given before the tie, and what follows it - the Howl's tests - asked again."""
    s = start(tmp_path, FOUR, 10, *HOWL, "test leoric fail")
    reply = s.execute("choose 9 syndrael")
    assert reply.ok and reply.lines[-1].startswith("waiting: barghest-minion-1 attacks syndrael")
    assert fatigue(s)["leoric"] == 0
    assert s.execute("hurt syndrael 0").ok and s.match.state.pending["hero"] == "leoric"


def test_options_while_a_test_waits_number_its_two_answers(tmp_path):
    s = start(tmp_path, FOUR, 10, *HOWL)
    lines = s.execute("options").lines
    assert lines[1:3] == ["   1. test leoric pass - leoric passed the Willpower test",
                          "   2. test leoric fail - leoric failed the Willpower test"]
    assert s.execute("2").ok and fatigue(s)["leoric"] == 1


@pytest.mark.parametrize("before, line, match", [
    # the answer names the hero asked
    (HOWL, "test tarha pass", r"^the program waits for leoric's Willpower test, not tarha's: `test leoric pass` or "
                              r"`test leoric fail`$"),
    (HOWL, "test leoric maybe", r"^usage: test HERO pass\|fail - "),
    (HOWL, "test leoric", r"^usage: test HERO pass\|fail - "),
    (HOWL, "test bob pass", r"^no hero 'bob'"),
    # one question at a time: a test's answer is not an attack's, nor the other way round
    (HOWL, "hurt leoric 0", r"^waiting: leoric tests Willpower .*; first that \(or `undo`\)$"),
    (HOWL[:4], "test leoric pass", r"^waiting: zombie-master-1 attacks leoric .*; first that \(or `undo`\)$"),
    (HOWL, "end leoric", r"^waiting: leoric tests Willpower .*; first that \(or `undo`\)$"),
    # no test waits
    ((), "test leoric pass", r"^no test is waiting: the program asks for one when a card or a monster makes a hero "
                             r"test an attribute$"),
])
def test_a_test_answer_that_does_not_fit_is_refused_and_changes_nothing(tmp_path, before, line, match):
    s = start(tmp_path, FOUR, 10, *before)
    refused(s, line, match)


# -- standing up and reviving: 2 red dice ---------------------------------------------------------------------

@pytest.mark.parametrize("line, match", [
    # the players roll the 2 red dice: the program asks for the roll rather than roll it
    ("stand leoric", r"^roll 2 red dice for leoric standing up and type `stand leoric HEARTS SURGES`$"),
    ("revive leoric by tarha", r"^roll 2 red dice for leoric revived by tarha and type "
                               r"`revive leoric by tarha HEARTS SURGES`$"),
    # a red die shows 1 to 3 hearts and at most 1 surge (dice.DICE): 2 of them 2 to 6 hearts, 0 to 2 surges
    ("stand leoric 7", r"^2 red dice show 2 to 6 hearts, not 7$"),
    ("stand leoric 1 0", r"^2 red dice show 2 to 6 hearts, not 1$"),
    ("stand leoric 0", r"^2 red dice show 2 to 6 hearts, not 0$"),
    ("stand leoric 6 3", r"^2 red dice show 0 to 2 surges, not 3$"),
    ("stand leoric -2", r"^HEARTS must be 0 or more, not -2$"),
    ("revive leoric by tarha 12", r"^2 red dice show 2 to 6 hearts, not 12$"),
    ("revive leoric by tarha 3 4", r"^2 red dice show 0 to 2 surges, not 4$"),
    # the knocked-out hero's own refusal comes first
    ("move leoric 4,3", r"^leoric is knocked out: `stand leoric HEARTS SURGES` on its turn, as 2 red dice show "
                        r"\(or `revive leoric by HERO HEARTS SURGES`\)$"),
])
def test_a_stand_up_roll_left_out_or_impossible_is_refused_and_changes_nothing(tmp_path, line, match):
    s = start(tmp_path, ["leoric", "tarha"], 4, "defeated leoric")
    refused(s, line, match)
    assert s.match.state.figure("leoric").knocked_out


@pytest.mark.parametrize("line, health, fatigue_left", [
    # "recovers a health for each heart and a fatigue for each surge" - every roll 2 red dice can show
    ("stand leoric 2", 2, 2), ("stand leoric 2 0", 2, 2), ("stand leoric 4 1", 4, 1), ("stand leoric 6 2", 6, 0),
    ("revive leoric by tarha 3", 3, 2), ("revive leoric by tarha 5 1", 5, 1),
])
def test_the_red_dice_the_players_typed_are_what_the_hero_recovers(tmp_path, line, health, fatigue_left):
    s = start(tmp_path, ["leoric", "tarha"], 4, "fatigue leoric 2", "defeated leoric")
    assert s.execute(line).ok
    leoric = s.match.state.figure("leoric")
    assert not leoric.knocked_out and s.match.health(leoric) == health and leoric.fatigue == fatigue_left


def test_options_for_a_knocked_out_hero_show_the_roll_to_type(tmp_path):
    """Nothing the program would roll is numbered: standing up and reviving need the players' dice."""
    s = start(tmp_path, ["leoric", "tarha"], 4, "defeated leoric")
    lines = s.execute("options").lines
    assert "      stand leoric HEARTS SURGES - leoric stands up (its whole turn): roll 2 red dice, type the hearts " \
           "and surges" in lines
    assert "      revive leoric by tarha HEARTS SURGES - tarha revives leoric: roll 2 red dice, type the hearts and " \
           "surges" in lines
    assert not any("program rolls" in line for line in lines)


def test_the_page_asks_for_hearts_and_surges_within_what_2_red_dice_show(tmp_path):
    """The web companion draws `stand`'s roll as a form whose number fields hold what the dice can show."""
    s = start(tmp_path, ["leoric", "tarha"], 4, "defeated leoric")
    forms = [o for o in offers(s.execute("options").lines, s.table) if o["kind"] == "form"]
    stand = next(o for o in forms if o["label"] == "stand leoric HEARTS SURGES")
    assert [(w["fill"], w["range"]) for w in stand["words"] if "fill" in w] == [("HEARTS", [2, 6]), ("SURGES", [0, 2])]


def test_answers_kept_in_a_save_that_do_not_fit_the_command_are_refused(tmp_path):
    """A command is played again with its answers in the order it asked for them; a save whose kept
    answer is a test's result where an attack's damage is asked (a save the table did not make) is
    refused in one line, not played."""
    s = start(tmp_path, FOUR, 10, *HOWL[:5])
    s.match.state.pending["answers"] = [["leoric", "pass"]]
    refused(s, "hurt leoric 0", r"^the answers kept for this command do not fit it: damage for leoric asked, pass "
                                r"for leoric kept$")
