"""The players roll their heroes' dice and type them (issue 42): "every die the rulebook gives to a
player ... can be rolled by the players and typed"; "A typed roll that cannot be - a 7 on a
six-sided die, three dice where two were asked for - is refused in one line and changes nothing;
`undo` takes a roll back." Done when "a game of each shipped scenario is played at the table with
every player die typed ... and gives the same result as the program rolling those same faces".

Forgotten Souls' table always took the players' results (``hurt``, ``attack ... DAMAGE``, ``stand
HERO HEARTS``): it asks for no faces (``Table.typed_dice`` is False), tested in its own files.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
import yaml

from overlord.core.dice import DiceWanted, Hand, check_typed, rolled, typed
from overlord.core.game import match_json
from overlord.games import registry
from overlord.session.session import Session
from overlord.sim.play import bot_of
from web_helpers import PARTIES

FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: the race beneath Return of the Heroes with a round cap of 50 (the shipped one's 150 rounds are minutes typed)
SHORT = str(FIXTURES / "roth-underworld-short.yaml")
HEROES = {**PARTIES, SHORT: ["leandra", "gro"]}
LIMITS = {SHORT: 1500}
#: seed 11: four heroes go down and 46 of the Underworld's trials are typed in its 50 rounds (seed 4: the gate stays in the bag)
SEEDS = {SHORT: 11}
DICE_GAMES = ["underworld", "heldentaufe", "heldentaufe-race", "dragon", "dragon-duel", "roth", "roth-race",
              "roth-standard", "roth-unknown", "kingdom-dragon", "kingdom-dragon-together", SHORT]
OPTION = re.compile(r"^\s*(\d+)\. (.*)$")


def start(tmp_path, scenario: str, dice: str = "players", seed: int | None = None, name: str = "g.db"):
    seed = SEEDS.get(scenario, 4) if seed is None else seed
    return Session.start(*registry.open_scenario(scenario), HEROES[scenario], seed, tmp_path / name, dice)


def guided_line(session: Session, bot, rng) -> str:
    """The line that plays the heuristic bot's choice: its numbered option, or `VERB FIELD` where
    the options list its move as one line of fields (the Heroes family: `teleport FIELD`); the
    first option where the enemy acts."""
    rules, match = session.rules, session.match
    lines = session.execute("options").lines
    numbered = [m.groups() for m in map(OPTION.match, lines) if m]
    if rules.to_act(match) is not None:
        choice = bot(match, rules.legal_actions(match), rng)
        if choice["do"] in getattr(session.table, "field_choices", ()):
            return f"{choice['do']} {choice['to']}"
        want = rules.describe(choice)
        hit = next((n for n, label in numbered if label == want or want.endswith(": " + label)), None)
        assert hit is not None, f"the bot's choice {want!r} is not among the options: {lines}"
        return hit
    assert numbered, f"no numbered option: {lines}"
    return numbered[0][0]


def program_game(tmp_path, scenario: str, limit: int) -> tuple[Session, list[tuple[str, list]]]:
    """A game at the table with ``--dice program``, guided by the heuristic bot; each command with
    the faces the program rolled for the heroes during it."""
    session, _ = start(tmp_path, scenario, "program", name="program.db")
    bot, rng = bot_of(session.rules, "heuristic"), np.random.default_rng(7)
    played = []
    while session.rules.outcome(session.match) is None and len(played) < limit:
        line = guided_line(session, bot, rng)
        with typed(Hand(record=True)) as hand:
            reply = session.execute(line)
        assert reply.ok, (line, reply.lines)
        played.append((line, hand.rolls))
    return session, played


# -- a whole game typed ------------------------------------------------------------------------------

@pytest.mark.parametrize("scenario", DICE_GAMES)
def test_a_game_typed_with_the_programs_faces_is_the_programs_game(tmp_path, scenario):
    """Issue 42, done when: played "with every player die typed ... gives the same result as the
    program rolling those same faces" - the same state, byte for byte, and the same narration."""
    program, played = program_game(tmp_path, scenario, limit=LIMITS.get(scenario, 1000))
    assert program.rules.outcome(program.match) is not None, "the game is played to its end"
    assert sum(len(r) for _, r in played) >= 30, "a game with hardly a roll proves nothing"
    players, _ = start(tmp_path, scenario, "players", name="players.db")
    asked = 0
    for line, rolls in played:
        reply = players.execute(line)
        told = []
        for faces in rolls:
            assert players.waiting is not None, f"{line!r}: the program rolled {faces} but asked for none"
            assert reply.lines[-1].startswith(f"roll {len(faces)} di"), reply.lines
            asked += 1
            reply = players.execute(" ".join(map(str, faces)))
            told = reply.lines
        assert players.waiting is None and reply.ok, (line, reply.lines)
        assert told or not rolls
    assert asked == sum(len(r) for _, r in played)
    assert match_json(players.match) == match_json(program.match)
    assert players.rules.outcome(players.match) == program.rules.outcome(program.match)
    assert [c.split(" (dice ")[0] for c in players.save.commands()] == program.save.commands()


# -- the questions and the refusals ------------------------------------------------------------------------

def first_question(tmp_path, scenario: str = "underworld") -> tuple[Session, str]:
    """The Underworld (seed 4): bard draws, turns and enters a tile where Ixion turns up; fighting
    it with magic is a trial of 2 dice."""
    session, _ = start(tmp_path, scenario)
    for line in ("1", "1", "1"):
        assert session.execute(line).ok
    reply = session.execute("fight ixion magic")
    assert reply.ok
    return session, reply.lines[-1]


def test_the_program_asks_for_the_roll_and_says_what_for(tmp_path):
    session, question = first_question(tmp_path)
    assert question == ("roll 2 dice for bard's magic trial against Ixion (the two lowest count: 8 or under "
                        "succeeds) and type them: `dice A B` (or just the faces)")
    assert session.prompt() == "dice> "
    assert session.save.meta["waiting"]["line"] == "fight ixion magic"


@pytest.mark.parametrize("typed_line, refusal", [
    ("dice 7 2", "a die shows 1 to 6: 7 is not a face"),            # a 7 on a six-sided die
    ("0 3", "a die shows 1 to 6: 0 is not a face"),
    ("dice 4 2 5", "2 dice asked for, 3 typed: type 2 faces"),       # three dice where two were asked for
    ("dice 4", "2 dice asked for, 1 typed: type 2 faces"),
    ("dice four two", "a die shows 1 to 6: 'four' is not a face"),
    ("dice", "2 dice asked for, 0 typed: type 2 faces"),
])
def test_a_roll_that_cannot_be_is_refused_in_one_line_and_changes_nothing(tmp_path, typed_line, refusal):
    session, question = first_question(tmp_path)
    before, waiting, commands = match_json(session.match), session.waiting, session.save.commands()
    reply = session.execute(typed_line)
    assert not reply.ok and len(reply.lines) == 1
    assert reply.lines[0].startswith(refusal) and reply.lines[0].endswith(question)
    assert (match_json(session.match), session.waiting, session.save.commands()) == (before, waiting, commands)


@pytest.mark.parametrize("dice, refusal", [
    ("players", "no roll is asked for now: the program asks when one of your dice is rolled"),
    ("program", "the program rolls the heroes' dice in this game (it was started with --dice program)"),
])
def test_a_roll_when_none_is_asked_is_refused(tmp_path, dice, refusal):
    session, _ = start(tmp_path, "underworld", dice)
    reply = session.execute("dice 3 4")
    assert (reply.ok, reply.lines) == (False, [refusal])


def test_another_command_while_a_roll_waits_is_refused(tmp_path):
    session, question = first_question(tmp_path)
    reply = session.execute("end")
    assert not reply.ok
    assert reply.lines == [f"fight ixion magic waits for your dice: {question}; or `undo` to take it back"]
    for looking in ("status", "map", "help dice", "why"):    # looking is allowed, and the roll still waits
        assert session.execute(looking).ok and session.waiting is not None
    assert session.execute("options").lines == [f"fight ixion magic waits for your dice: {question}"]


def test_the_typed_faces_are_the_trials_faces_and_the_save_names_them(tmp_path):
    session, _ = first_question(tmp_path)
    reply = session.execute("dice 6 5")
    assert reply.ok and session.waiting is None
    assert any("rolled 6 and 5, kept 5+6=11: > 8, failure - lost" in line for line in reply.lines)
    assert session.save.commands()[-1] == "fight ixion magic (dice 6 5)"
    assert "waiting" not in session.save.meta


def test_undo_takes_back_a_waiting_command_and_a_command_with_its_dice(tmp_path):
    """`undo` while a command waits for its first roll takes the command back (nothing of it was
    played); once played, `undo` takes it back with the faces typed for it."""
    session, question = first_question(tmp_path)
    before = match_json(session.match)
    undone = session.execute("undo")
    assert undone.ok and undone.lines[0] == "undone: fight ixion magic (it waited for dice: nothing of it was played)"
    assert session.waiting is None and "waiting" not in session.save.meta and match_json(session.match) == before
    assert session.execute("fight ixion magic").lines[-1] == question
    assert session.execute("3 3").ok
    assert session.execute("undo").lines[0] == "undone: fight ixion magic (dice 3 3)"
    assert match_json(session.match) == before


def test_a_die_of_words_at_the_table(tmp_path):
    """Heldentaufe's treasure die shows pictures ("boots (+1), ring (+1), sword (+1), 1 small monster
    tooth, or 2 small monster teeth"): its faces are typed as words."""
    session, _ = start(tmp_path, "heldentaufe")
    reply = session.execute("1")
    assert reply.lines[-1] == ("roll 1 die (showing boots, ring, sword, tooth or two-teeth) for erla's treasure "
                               "die and type it: `dice A` (or just the face)")
    assert not session.execute("dice 3").ok
    reply = session.execute("Ring")
    assert reply.ok and session.waiting is None
    assert session.save.commands()[-1] == "erla: explore 0,-1 (dice ring)"


def test_undo_of_one_roll_of_several(tmp_path):
    """A command with several rolls (Heldentaufe, seed 4: the sixth command, whose monsters' turn
    fights a hero three times, found by playing the guided game): undo takes back the last roll
    typed, not the command, and asks for it again."""
    session, played = program_game(tmp_path, "heldentaufe", limit=10)
    line, rolls = next((line, r) for line, r in played if len(r) >= 2)
    players, _ = start(tmp_path, "heldentaufe", name="p.db")
    for earlier, earlier_rolls in played[:played.index((line, rolls))]:
        players.execute(earlier)
        for faces in earlier_rolls:
            players.execute(" ".join(map(str, faces)))
    players.execute(line)
    first_question_line = players.question()
    assert players.execute(" ".join(map(str, rolls[0]))).ok
    assert players.waiting["rolls"] == [rolls[0]]
    undone = players.execute("undo")
    assert undone.lines == [f"undone: the roll {' '.join(map(str, rolls[0]))} for "
                            f"{players.waiting['asked'][-1]['why'] or line}", first_question_line]
    assert players.waiting["rolls"] == []


def test_a_waiting_roll_is_asked_again_after_resume(tmp_path):
    session, question = first_question(tmp_path)
    path = session.save.path
    session.close()
    again, reply = Session.resume(path, registry.open_scenario)
    assert reply.lines[-1] == question and again.prompt() == "dice> "
    assert again.execute("3 3").ok and again.waiting is None
    assert again.save.commands()[-1] == "fight ixion magic (dice 3 3)"


def test_with_dice_program_nothing_is_asked(tmp_path):
    session, _ = start(tmp_path, "underworld", "program")
    for line in ("1", "1", "1", "fight ixion magic"):
        reply = session.execute(line)
        assert reply.ok and session.waiting is None
    assert any("rolled" in line for line in reply.lines)


def test_forgotten_souls_players_report_their_results(tmp_path):
    """Forgotten Souls' table takes results, not faces: nothing is asked as faces, whatever --dice."""
    session, reply = start(tmp_path, "forgotten-souls", "players")
    assert session.dice == "program" and not session.table.typed_dice
    assert ("  - the dice: you roll your heroes' attacks, attribute tests (`test HERO pass|fail` when asked) and "
            "stand-ups (2 red dice: `stand HERO HEARTS SURGES`), and their defence dice against every monster attack "
            "(tell the damage with `hurt HERO N`)") in reply.lines


@pytest.mark.parametrize("scenario, dice, told", [
    ("underworld", "players", "  - the dice, for the heroes' trials: combat, tests, defence, duels and the battle with "
                              "the Damned One: you roll them and type the faces when the program asks (`dice 4 2`, or "
                              "just `4 2`)"),
    ("underworld", "program", "  - every die, the heroes' trials: combat, tests, defence, duels and the battle with the "
                              "Damned One too: the program rolls them and tells the faces (--dice program)"),
    ("heldentaufe", "players", "  - the dice, for the heroes' combat dice and the treasure die (the monsters' combat die "
                               "is the program's): you roll them and type the faces when the program asks (`dice 4 2`, "
                               "or just `4 2`)"),
    ("heldentaufe-race", "players", "  - the dice, for the heroes' combat dice and the treasure die (the monsters' combat "
                                    "die is the program's): you roll them and type the faces when the program asks "
                                    "(`dice 4 2`, or just `4 2`)"),     # the shipped race: monster_boss: program
    ("dragon", "players", "  - the dice, for the heroes' trials, searches for hidden routes, hiding, the storm and the "
                          "places' rolls: you roll them and type the faces when the program asks (`dice 4 2`, or just "
                          "`4 2`)"),
])
def test_the_start_says_who_rolls_what(tmp_path, scenario, dice, told):
    """Issue 42: each game says "who rolls what, and what the program asks you to type"."""
    session, reply = start(tmp_path, scenario, dice)
    assert told in reply.lines
    assert told in session.execute("components").lines


# -- the one place the heroes' dice come from ---------------------------------------------------------------

def test_rolled_is_the_programs_faces_without_a_hand():
    assert rolled([3, 4], "x") == [3, 4]


def test_a_hand_gives_its_rolls_in_order_then_asks():
    with typed(Hand([[1, 2], [6]])):
        assert rolled([3, 4]) == [1, 2]
        assert rolled([5]) == [6]
        with pytest.raises(DiceWanted, match=r"^roll 2 dice for a search and type them"):
            rolled([2, 2], "a search")
    assert rolled([2, 2]) == [2, 2]                          # the hand is gone with the block


def test_a_hand_asks_again_when_its_roll_does_not_fit():
    """A saved roll of the wrong size (a save edited by hand) is asked again, never used."""
    with typed(Hand([[1, 2, 3]])), pytest.raises(DiceWanted, match="roll 2 dice"):
        rolled([3, 4])


def test_a_die_of_words():
    wanted = DiceWanted(1, ("boots", "ring"), "a treasure die")
    assert str(wanted) == ("roll 1 die (showing boots or ring) for a treasure die and type it: `dice A` "
                           "(or just the face)")
    assert check_typed(["RING"], wanted) == ["ring"]
    with pytest.raises(ValueError, match="a die shows boots or ring: 'sword' is not a face"):
        check_typed(["sword"], wanted)


def test_recording_keeps_the_programs_faces():
    with typed(Hand(record=True)) as hand:
        assert rolled([3, 4]) == [3, 4]
        rolled([6])
    assert hand.rolls == [[3, 4], [6]]


def test_players_who_command_the_monsters_roll_the_monsters_die_too(tmp_path):
    """Heldentaufe, "The 3rd Action: Fight": "The players involved each roll a combat die"; with
    the players commanding the monsters (scenario rule ``monster_boss: players``) the monster's die
    is theirs too, asked for before the hero's (the attacker's die first)."""
    route = yaml.safe_load((FIXTURES / "heldentaufe-forms.yaml").read_text(encoding="utf-8"))["routes"][
        "heldentaufe-players monster attack"]
    session, _ = Session.start(*registry.open_scenario(FIXTURES / "heldentaufe-players.yaml"), route["heroes"],
                               route["seed"], tmp_path / "g.db", "players")
    for line in route["before"].split("; "):
        assert session.execute(line).ok, line
        while session.waiting is not None:                # the heroes' own dice on the way: the lowest face
            assert session.execute(str(min(session.waiting["asked"][-1]["faces"]))).ok
    asked = session.execute("monster zibbler attack erla")
    assert asked.lines[-1].startswith("roll 1 die (showing ") and "for the zibbler's combat die against erla" in asked.lines[-1]
    again = session.execute(asked.lines[-1].split("showing ")[1].split(",")[0])      # its lowest face
    assert again.lines[-1].startswith("roll 1 die") and "for erla's combat die against the zibbler" in again.lines[-1]


def test_undo_of_a_waiting_command_that_turned_up_a_hidden_tile_is_refused(tmp_path):
    """A waiting command whose first part turned up a face-down tile (Heldentaufe: erla explores a
    forest, then rolls the treasure die) is not taken back where the scenario keeps hidden draws:
    the players have seen the tile ("undo never goes back past an explored tile")."""
    session, _ = start(tmp_path, "heldentaufe")
    asked = session.execute("1")
    assert asked.lines[-2:] == ["  erla explores 0,-1: forest", session.question()]
    refused = session.execute("undo")
    assert not refused.ok and refused.lines == [
        "undo refused: since '1 (explore 0,-1)' the command turned up something face down, and this scenario does "
        f"not take back what was drawn; {session.question()}"]
    assert session.undo_preview() == ("1 (explore 0,-1)", refused.lines[0].split("; roll")[0])     # the page's undo button says so
    assert session.waiting is not None and session.execute("ring").ok
