"""The co-operative Underworld at a real table (``overlord play underworld``): numbered options
and typed actions, one-line refusals that change nothing, undo from the save file, resume."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from overlord.core.state import dumps
from underworld_helpers import UnderworldSession

SCENARIO = "scenarios/underworld.yaml"


def test_typed_and_numbered_actions_play_a_round_and_the_damned_one_answers(tmp_path):
    session, first = UnderworldSession.start(SCENARIO, ["bard", "gnome", "shaman"], 3, tmp_path / "g.db")
    assert "1. draw a tile from stack 1 and place it to the N" in "\n".join(first.lines)
    lines = []
    for line in ("skip", "stop", "end", "13", "1", "1", "skip", "stop", "end"):
        reply = session.execute(line)
        assert reply.ok, reply.lines
        lines += reply.lines
    assert session.state.round == 2
    assert any(line.startswith("== The Damned One plays:") for line in lines)


def test_bad_commands_say_one_line_and_change_nothing(tmp_path):
    session, _ = UnderworldSession.start(SCENARIO, ["bard"], 1, tmp_path / "g.db")
    before = dumps(session.state)
    for line, expected in [("bogus", "unknown command 'bogus'"), ("extend 9 N", "is not legal now"),
                           ("extend x N", "the stack is 1, 2 or 3"), ("99", "no option 99"),
                           ("fight", "usage: fight COUNTER SKILL"), ("move styx", "is not legal now")]:
        reply = session.execute(line)
        assert not reply.ok and len(reply.lines) == 1 and expected in reply.lines[0], (line, reply.lines)
    assert dumps(session.state) == before


def test_undo_takes_back_the_last_command_and_resume_continues(tmp_path):
    path = tmp_path / "g.db"
    session, _ = UnderworldSession.start(SCENARIO, ["bard"], 1, path)
    session.execute("skip")
    after_one = dumps(session.state)
    session.execute("stop")
    reply = session.execute("undo")
    assert reply.ok and dumps(session.state) == after_one
    session.close()                            # the game is played in one place at a time
    again, _ = UnderworldSession.resume(path)
    assert dumps(again.state) == after_one
    # a command that turned up hidden tiles or markers is not taken back (scenario flag
    # undo_hidden_draws: false), so nobody peeks and redraws
    again.execute("stop")
    again.execute("end")
    again.execute("extend 1 N")
    refused = again.execute("undo")
    assert not refused.ok and "drawn face down" in refused.lines[0]


def test_play_command_runs_without_a_terminal():
    result = CliRunner().invoke(cli.main, ["play", "underworld", "--heroes", "bard,shaman", "--seed", "2"],
                                input="skip\nstop\nend\nmap\nstatus\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Into the Underworld, Together" in result.output and "Dark Side" in result.output
    assert "Traceback" not in result.output


def test_unknown_hero_is_a_clear_error():
    result = CliRunner().invoke(cli.main, ["play", "underworld", "--heroes", "bart", "--seed", "2"], input="quit\n")
    assert result.exit_code != 0 and "unknown hero 'bart'" in result.output and "Traceback" not in result.output


def _only_marker(state, cid):
    """Arrange the face-down Adventure markers so that the next tile gets ``cid`` (the others are
    set aside: this test does not check the counters' invariant)."""
    state.removed += [c for c in state.adventure if c != cid]
    state.adventure[:] = [cid]


def _walk_north_onto(session, tile, turns):
    from test_underworld_engine import on_top
    on_top(session.state, tile)
    assert session.execute("extend 1 N").ok
    if session.state.turn.phase == "orient":
        assert session.execute(f"turn {turns}").ok
    reply = session.execute(f"move {tile}")
    assert reply.ok, reply.lines


def test_players_choices_ride_along_with_an_action(tmp_path):
    # Lethe: "give up a blue, red or green EC ... to remove 1 SC from the Dark Side"; "1 SC may
    # be lost along with the regular EC" - the player says which cube, and whether the SC goes
    from overlord.games.heroes.sheet import gain_cube
    session, _ = UnderworldSession.start(SCENARIO, ["bard", "gnome"], 5, tmp_path / "g.db")
    state = session.state
    _only_marker(state, "hermes")
    sheet = state.sheets["bard"]
    gain_cube(sheet, "red")
    gain_cube(sheet, "green")
    gain_cube(sheet, "black", "magic")
    state.dark_side = 3
    _walk_north_onto(session, "lethe", 2)                       # Lethe N,W turned twice: S,E
    reply = session.execute("use lethe ranged keep-shadow")
    assert reply.ok, reply.lines
    assert sheet.cubes["ranged"] == [] and sheet.cubes["close"] == ["red"] and sheet.cubes["magic"] == ["black"]
    assert state.dark_side == 2
    reply = session.execute("encounter hermes stay")            # Hermes: "if the hero wishes it"
    assert reply.ok and state.map.heroes["bard"] == "lethe"


def test_a_choice_the_rules_refuse_changes_nothing(tmp_path):
    # Alekto's reward is a red cube: a blue one is refused, and the roll is taken back with it
    session, _ = UnderworldSession.start(SCENARIO, ["gladiator"], 2, tmp_path / "g.db")
    state = session.state
    _only_marker(state, "alekto")
    state.sheets["gladiator"].skills["close"] = 11
    _walk_north_onto(session, "hades", 0)
    before = dumps(session.state)
    reply = session.execute("fight alekto close blue")
    assert not reply.ok and "may be red, not 'blue'" in reply.lines[0]
    assert dumps(session.state) == before
    assert session.execute("fight alekto close red").ok
    assert session.execute("fight alekto close purple").lines[0].startswith("fight: unexpected 'purple'")


def test_the_end_of_a_game_says_the_victory_points(tmp_path):
    # HitU "Victory Points": "+10 ... -20 ... multiplied by the total number of remaining natural
    # LPs and then divided by the number of Shadow Cubes that were on the Dark Side at the start of
    # the final Duel" - told for every hero when the game ends
    session, _ = UnderworldSession.start(SCENARIO, ["bard", "gnome", "shaman"], 3, tmp_path / "g.db")
    session.state.dark_side = 10
    session.state.sheets["gnome"].gold = 4
    lines = []
    while not session.state.outcome:
        reply = session.execute("1")
        assert reply.ok, reply.lines
        lines += reply.lines
    assert "== Defeat ==" in lines and "Victory points (HitU):" in lines
    scores = lines[lines.index("Victory points (HitU):") + 1:]
    gnome = next(line for line in scores if line.startswith("  gnome: "))
    assert "(10 x (4 gold" in gnome and "/ 11 SC" in gnome


def test_choose_needs_a_tied_move_of_the_last_dark_phase(tmp_path):
    session, _ = UnderworldSession.start(SCENARIO, ["bard"], 1, tmp_path / "g.db")
    reply = session.execute("choose 1 area-01")
    assert not reply.ok and "no decision 1" in reply.lines[0]
    session.table.decisions = [{"counter": "alekto", "end": "area-02", "ties": ["area-03"]}]
    reply = session.execute("choose 1 area-09")
    assert not reply.ok and "not one of the equally good ends" in reply.lines[0]


def test_wishing_for_luck_shows_three_and_the_players_pick_one(tmp_path):
    # HitU "By the Way, a Hero May Wish for Good Luck…": "by forfeiting 1 gold piece the player
    # may flip over 3 treasure markers and select the one desired"; the two others "are put face
    # down and mixed back into the treasure heap"
    from overlord.games.underworld.state import where
    session, _ = UnderworldSession.start(SCENARIO, ["gladiator"], 2, tmp_path / "g.db")
    state = session.state
    _only_marker(state, "empusa")                              # beaten: one treasure
    state.sheets["gladiator"].skills.update(magic=11, ranged=11)
    _walk_north_onto(session, "hades", 0)
    before = dumps(session.state)
    asked = session.execute("fight empusa ranged wish")
    assert asked.ok and "three treasures turn up" in asked.lines[0] and dumps(session.state) == before
    shown = session.table.pending["shown"]
    assert len(shown) == 3
    refused = session.execute("pick nothing-here")
    assert not refused.ok and "pick one of" in refused.lines[0]
    choice = shown[-1]
    done = session.execute(f"pick {choice}")
    assert done.ok, done.lines
    [revealed] = [e for e in session.state.log if e["event"] == "treasure_revealed"]
    assert revealed["markers"] == shown and revealed["wish"]     # the same three, from the same dice
    assert where(session.state, choice) != "treasure"
    for other in shown[:-1]:
        assert where(session.state, other) == "treasure", "the two others go back face down"


# -- the table shows what it did ---------------------------------------------------------------------

def _told(state):
    from overlord.games.underworld.narrate import narrate
    return "\n".join(narrate(state.log))


def test_an_encounters_trial_shows_its_dice_and_outcome():
    # as for combat: the dice rolled, the pair kept, the (modified) skill and the outcome - not only "Hekate"
    from test_underworld_rules import make_state, put
    from overlord.games.underworld.places import encounter
    state = make_state()
    state.rules["abilities"] = {"hippolyte": "shaman_gray"}      # +1 to Magic outside combat: a modified skill
    put(state, "hekate", "styx")
    encounter(state, "hippolyte", "hekate", dice=[4, 3])
    assert "hippolyte tests magic (Hekate): rolled 4 and 3, kept 3+4=7: > 5+1=6, failure" in _told(state)


@pytest.mark.parametrize("dice, words", [([1, 1], "passes the trap trap-1 with"),
                                         ([6, 6], "is caught in the trap trap-1 with")])
def test_a_traps_trial_shows_its_dice(dice, words):
    from test_underworld_rules import heap, make_state
    from overlord.games.underworld.treasure import draw_treasure
    state = make_state()
    heap(state, "trap-1")
    draw_treasure(state, "hippolyte", dice=dice)
    told = _told(state)
    assert words in told and f"rolled {dice[0]} and {dice[1]}," in told


def test_hermes_taking_a_hero_to_styx_is_told():
    # glossary Hermes: "Will take the hero back to the Styx tile if the hero wishes it."
    from test_underworld_rules import make_state, put, stand
    from overlord.games.underworld.places import encounter
    state = make_state()
    stand(state, "hippolyte", "field")
    put(state, "hermes", "field")
    encounter(state, "hippolyte", "hermes")
    assert "hippolyte is taken to styx by hermes" in _told(state)


def test_a_won_fight_names_the_cubes_and_the_item_gained():
    # "Take the reward: ... experience cubes which are added to the hero's reference card"; "Enemies showing a
    # treasure symbol allow the hero to choose a treasure marker as a reward" - the table hears which
    from test_underworld_rules import heap, make_state, put
    from overlord.games.underworld.combat import fight
    state = make_state()
    heap(state, "ring")
    put(state, "avatar-1", "styx")
    state.avatars["avatar-1"] = "revealed"
    fight(state, "hippolyte", "avatar-1", skill="close", colours=["green"], dice=[1, 1])
    told = _told(state)
    assert "hippolyte gains a green cube on ranged" in told and "hippolyte takes ring" in told
    assert "treasure for hippolyte: ring turned up" in told


def test_the_damned_ones_reveal_names_who_revealed_it():
    # a Dark card turns up the marker nearest a hero: the Avatar's cube is "revealed by" the Damned One's card
    from underworld_helpers import dark_content, make_state, with_decks
    from overlord.games.underworld.coop_formats import DarkCard
    from overlord.games.underworld import dark
    state = make_state("S-a-b", {"h1": "a"}, markers={"b": ["avatar-1"]})
    content = dark_content([DarkCard.model_validate({"id": "t", "name": "Door", "omen": [{"reveal": "nearest"}]})])
    with_decks(state, content)
    dark.dark_phase(state, content)
    told = _told(state)
    assert "revealed by the Damned One's card:" in told and "revealed by :" not in told


def test_undo_refused_after_a_tile_draw_says_so_plainly(tmp_path):
    # `help` promises nothing the scenario does not keep: a drawn tile stays, and the refusal names it
    session, _ = UnderworldSession.start(SCENARIO, ["bard"], 3, tmp_path / "g.db")
    assert session.execute("extend 1 N").ok
    refused = session.execute("undo")
    assert not refused.ok and len(refused.lines) == 1
    assert refused.lines[0].startswith("undo refused: 'extend 1 N' turned up the map tile ")
    assert "only where the scenario allows it" in session.execute("help undo").lines[0]


def test_resume_shows_the_options_again(tmp_path):
    path = tmp_path / "g.db"
    session, _ = UnderworldSession.start(SCENARIO, ["bard"], 1, path)
    session.execute("skip")
    session.close()
    again, reply = UnderworldSession.resume(path)
    assert "bard, phase move, 4 MP left:" in reply.lines and any("stop moving" in line for line in reply.lines)


@pytest.mark.parametrize("line, action", [
    ("encounter hekate discard sickle-1", {"do": "encounter", "counter": "hekate", "with": {"discard": "sickle-1"}}),
    ("encounter hekate keep-all", {"do": "encounter", "counter": "hekate", "with": {"discard": ""}}),
    ("fulfil hades-task discard sickle-1 wish",
     {"do": "fulfil", "task": "hades-task", "with": {"discard": "sickle-1", "treasure": {"wish": True}}}),
    ("use hades discard scythe-of-thanatos", {"do": "use", "place": "hades", "with": {"discard": "scythe-of-thanatos"}}),
    ("discard sickle-1", {"do": "discard", "item": "sickle-1"}),
    ("attack golden-staff no-drink", {"do": "attack_damned", "weapon": "golden-staff", "skill": None,
                                      "with": {"drink": False}}),
])
def test_making_room_discarding_and_drinking_are_said_at_the_table(tmp_path, line, action):
    # "Extra weapons and armor can be discarded"; "Between rounds of combat, Nektar or Ambrosia can be used" - the
    # players say which item goes, or that nothing does
    session, _ = UnderworldSession.start(SCENARIO, ["bard"], 1, tmp_path / "g.db")
    words = line.split()
    assert session.table._parse(words[0], words[1:]) == action


def test_a_save_from_before_the_game_interface_resumes(tmp_path, monkeypatch):
    """Saves written before issue 12 (meta 'game': 'underworld', the scenario path as typed,
    relative to where the game began) still load and go on: the path is found as the shipped
    scenario of that name, and the state reads as it was written."""
    save = tmp_path / "old.db"
    shutil.copy(Path(__file__).parent / "fixtures" / "underworld-before-interface.db", save)
    monkeypatch.chdir(tmp_path)
    session, reply = UnderworldSession.resume(save)
    assert reply.lines[0] == f"resumed {save} after 2 commands"
    assert "  bard on styx: life 5 (5/5 natural)" in "\n".join(reply.lines)
    assert reply.lines[-1] == "   1. stop moving"
    assert session.execute("1").ok and session.state.turn.hero == "bard"


# -- issue 39: a save that always goes on -----------------------------------------------------------

TRAP_REPRODUCTION = ("extend 1 N", "1", "1", "end", "extend 2 E", "1", "1", "accept chronos", "end", "extend 1 W",
                     "1", "1", "end", "extend 1 N", "1", "1", "1", "1", "1", "3", "1", "1", "stop", "end",
                     "extend 3 E", "1", "1", "fight avatar-2 close", "4", "move styx", "stop", "end")


class AtRandom:
    """What a player typing ``count`` option numbers at random types: each drawn by numpy's
    generator of ``seed`` among the options shown at that moment."""

    def __init__(self, seed: int, count: int):
        self.seed, self.count = seed, count

    def __iter__(self):
        import numpy as np
        rng = np.random.default_rng(self.seed)
        return iter([lambda session: str(int(rng.integers(1, len(session.table.options()))))] * self.count)


@pytest.mark.parametrize("heroes, seed, lines", [
    pytest.param(["bard", "gladiator"], 1181762565, TRAP_REPRODUCTION,
                 id="the issue's commands: gladiator caught by a trap drawn as a creature's reward"),
    pytest.param(["bard", "gladiator"], 0, AtRandom(7, 108), id="seed 0, 108 option numbers typed at random"),
])
def test_a_turn_begun_in_a_trap_is_told_and_the_save_goes_on(tmp_path, heroes, seed, lines):
    """HitU "Traps of the Damned One": "If the skill check fails, the hero is stuck in the trap, and
    the turn ends. Heroes in traps cannot take any further actions except to attempt to escape."
    The trapped hero's next turn began with an event the narration could not tell (KeyError
    'skill'): every `end` failed the same way and the save could not go on."""
    path = tmp_path / "trap.db"
    session, _ = UnderworldSession.start(SCENARIO, heroes, seed, path)
    for line in lines:
        typed = line if isinstance(line, str) else line(session)
        reply = session.execute(typed)
        assert reply.ok, (typed, reply.lines)
    told = "\n".join(reply.lines)
    trapped = next(h for h in heroes if h in session.state.trapped)
    assert session.state.turn.hero == trapped and "Traceback" not in told
    assert f"{trapped} is caught in the trap" in told and "the only action is to try to escape" in told
    session.close()
    again, resumed = UnderworldSession.resume(path)
    assert any("try to escape the trap with" in line for line in resumed.lines)
    assert f"{trapped} is caught in the trap" in "\n".join(again.execute("why").lines)
    assert again.execute("1").ok                        # the escape is tried: the game goes on
    again.close()


# -- hidden draws: undo may not take them back ------------------------------------------------------

@pytest.mark.parametrize("heroes, seed, before, line, refused", [
    pytest.param(["bard", "gladiator"], 4, (), "extend 1 N", "the map tile area-17",
                 id="a tile drawn from a stack, seen before it is turned"),
    pytest.param(["bard", "gladiator"], 4, ("extend 1 N",), "turn 0", "",
                 id="turning the tile already seen draws nothing"),
    pytest.param(["bard", "gladiator"], 4, ("extend 1 N", "turn 0"), "move area-17", "the marker ixion (Ixion)",
                 id="a face-down marker turned up on entering its tile"),
    pytest.param(["bard", "gladiator"], 4, ("extend 1 N", "turn 0", "move area-17"), "fight ixion magic", "",
                 id="a fight only rolls dice"),
    pytest.param(["bard", "gnome", "shaman"], 3, ("skip", "stop", "end", "skip", "stop", "end", "skip", "stop"),
                 "end", "the Dark card", id="the Damned One's card drawn after the last hero's turn"),
])
def test_undo_is_refused_after_a_hidden_draw_and_allowed_after_a_roll(tmp_path, heroes, seed, before, line, refused):
    """The scenario does not take back what was drawn face down (its rules: undo_hidden_draws
    false), so nobody peeks and draws again; a command that only rolled dice is taken back with
    its dice. The mark is the engine's (``core.game.hidden_draw``), not the table's guess."""
    from overlord.core.game import drew_hidden
    session, _ = UnderworldSession.start(SCENARIO, heroes, seed, tmp_path / "g.db")
    for typed in before:
        assert session.execute(typed).ok, typed
    reply = session.execute(line)
    assert reply.ok, reply.lines
    assert drew_hidden(reply.events) == bool(refused)
    undone = session.execute("undo")
    if refused:
        assert not undone.ok and undone.lines[0].startswith(f"undo refused: '{line}' turned up ")
        assert refused in undone.lines[0] and "drawn face down" in undone.lines[0]
    else:
        assert undone.ok and undone.lines[0] == f"undone: {line}"
    session.close()


# -- why, options and choose after a resume ------------------------------------------------------------

def test_why_after_resume_explains_the_last_command(tmp_path):
    """`why` - "the reasons behind what the last command did": the table reads the last command
    back from the saved game (it forgot it on resume)."""
    path = tmp_path / "g.db"
    session, _ = UnderworldSession.start(SCENARIO, ["bard", "gladiator"], 4, path)
    for line in ("1", "1", "1", "fight ixion magic"):
        assert session.execute(line).ok
    before = session.execute("why").lines
    session.close()
    again, _ = UnderworldSession.resume(path)
    assert again.execute("why").lines == before
    assert '    Heroes in the Underworld, "Combat": one successful trial wins: rolled 3 and 3, kept 3+3=6: <= 8, ' \
           'success - won' in before
    assert again.execute("undo").ok                              # the fight only rolled
    assert again.execute("why").lines[0] == "  bard: move to area-17"
    again.close()


def test_options_says_the_game_is_over_when_nothing_is_left(tmp_path):
    session, _ = UnderworldSession.start(SCENARIO, ["bard", "gnome", "shaman"], 3, tmp_path / "g.db")
    session.state.dark_side = 10
    while not session.state.outcome:
        assert session.execute("1").ok
    reply = session.execute("options")
    assert reply.ok and reply.lines[0].startswith("the game is over (the Dark Side filled")


def _damned_one_waits_aside(state):
    """The Damned One came into play before Chaos was laid: "the marker of the Damned One is kept
    aside and appears as soon as the Chaos tile is revealed" (a test arranges it)."""
    state.damned = "waiting"
    state.card.remove("damned-one")
    state.aside.append("damned-one")


def test_the_active_player_chooses_the_tile_for_the_adventure_markers_of_chaos(tmp_path):
    """HitU "The Damned One Appears": "The Adventure markers which would normally be placed on the
    Chaos tile are placed on another empty map tile of the active player's choosing." The program
    lays them on the tile without markers nearest to Chaos and numbers the choice; `choose 1 TILE`
    puts them on another tile without markers - gladiator's Styx is one (a hero is no marker)."""
    from test_underworld_engine import on_top
    path = tmp_path / "g.db"
    session, _ = UnderworldSession.start(SCENARIO, ["bard", "gladiator"], 4, path)
    state = session.state
    _damned_one_waits_aside(state)
    on_top(state, "passage-13")                         # a passageway: no Adventure marker
    for line in ("extend 1 E", "stop", "end"):
        assert session.execute(line).ok, line
    on_top(state, "chaos")
    laid = session.execute("extend 1 N")
    assert laid.ok, laid.lines
    told = "\n".join(laid.lines)
    assert "[1] the Adventure marker of Chaos goes to styx, a tile without markers (the nearest to Chaos; " \
           "also open: passage-13); `choose 1 TILE` to take one" in told
    assert "the Damned One appears on chaos" in told
    [marker] = [c for c in state.map.placed[0].markers]             # Styx
    refused = session.execute("choose 1 chaos")
    assert not refused.ok and refused.lines == ["chaos is not one of the tiles they may go to: styx, passage-13"]
    moved = session.execute("choose 1 passage-13")
    assert moved.ok and moved.lines == ["    a marker moves from styx to passage-13"]
    from overlord.games.underworld.tiles import placed_tile
    assert placed_tile(state.map, "passage-13").markers == [marker] and placed_tile(state.map, "styx").markers == []
    assert placed_tile(state.map, "chaos").markers == ["damned-one"]
    session.close()
    again, _ = UnderworldSession.resume(path)                     # the choice is still open after a resume
    back = again.execute("choose 1 styx")
    assert back.ok and back.lines == ["    a marker moves from passage-13 to styx"]
    again.close()
