"""Forgotten Souls, the Golden Rules: "If a game effect has multiple potential targets and the
intended target is unclear, heroes choose the target of the effect from among the potential
targets." And "Monster Activation": "If a monster has multiple potential targets during monster
activation, the target closest to the activating monster is chosen" - where that still ties, the
heroes choose (issue 39).

At the table a monster's tie is told on its own line, the program's pick first; `choose N HERO`
(or `choose N X,Y`) takes another while the command that made it is the last one - also while an
attack of it waits for its damage - and the command is played again from that choice, the
answers after it asked again. An effect that picks "the hero with the most (least) health" among
tied heroes asks the players first; headless the named policy "listed first" decides, as before."""

from __future__ import annotations

from descent_helpers import DescentSession, clear_monsters, effects, shipped
from overlord.games.descent.content.quest import resolve_scenario
from overlord.games.descent.engine import new_game, run_effects
from overlord.games.descent.resolve import Headless
from overlord.sim.play import players_rng

GOLDEN = "If a game effect has multiple potential targets and the intended target is unclear, heroes choose"
# seed 4, The Onset: leoric and tarha with the same health (8), two spaces from the master zombie
TIED = ["sheet tarha 8 4", "move leoric 4,3", "move tarha 4,4"]


def start(tmp_path):
    session, _ = DescentSession.start(resolve_scenario("forgotten-souls"), ["leoric", "tarha"], 4, tmp_path / "g.db")
    return session


def play(session, *lines):
    out = []
    for line in lines:
        reply = session.execute(line)
        assert reply.ok, (line, reply.lines)
        out += reply.lines
    return out


def test_a_tied_engage_target_is_told_on_the_main_line(tmp_path):
    """The master zombie engages the closest hero: leoric and tarha are both 2 spaces away. The
    activation's own line says so, not only `why`."""
    s = start(tmp_path)
    out = play(s, *TIED, "end leoric", "end tarha")
    line = next(x for x in out if "zombie-master-1 engage" in x)
    assert line.startswith("    [1] zombie-master-1 engage leoric (tied with tarha: the heroes may choose, "
                           "`choose 1 HERO`): 2,3 -> 3,2"), GOLDEN
    assert "  closest target: leoric - the lowest key (spaces=2, listed order=0) of 2; tied with tarha" \
        in s.execute("why 1").lines
    s.close()


def test_choose_hero_while_the_attack_waits_plays_the_activation_again(tmp_path):
    """`choose 1 tarha` while zombie-master-1's attack on leoric waits for its damage: it engages
    tarha instead, and its attack - adjacent to both heroes of the same health, a tie of its own,
    told on its line - waits again; `choose 2 tarha` makes tarha its target."""
    s = start(tmp_path)
    play(s, *TIED, "end leoric", "end tarha")
    assert s.match.state.pending["hero"] == "leoric"
    out = play(s, "choose 1 tarha")
    assert out[0].startswith("    [1] zombie-master-1 engage tarha (tied with leoric: the heroes may choose, "
                             "`choose 1 HERO`): 2,3 -> 3,3 (1 MP)"), GOLDEN
    assert out[1].startswith("    [2] zombie-master-1 attacks leoric (tied with tarha: the heroes may choose, "
                             "`choose 2 HERO`)")
    out = play(s, "choose 2 tarha")
    assert out[0].startswith("    [2] zombie-master-1 attacks tarha (tied with leoric")
    assert s.match.state.pending["hero"] == "tarha" and s.match.state.pending["answers"] == []
    assert "  closest target: tarha (the heroes' choice) - the lowest key (spaces=2, listed order=0) of 2; " \
           "tied with leoric" in s.execute("why 1").lines
    s.close()


def test_a_choice_keeps_the_answers_before_it_and_asks_again_after_it(tmp_path):
    """The damage reported before the chosen tie stands (leoric's 1 from the master zombie); the
    attacks after it are asked again."""
    s = start(tmp_path)
    play(s, *TIED, "end leoric", "end tarha", "hurt leoric 1", "hurt leoric 0")
    assert s.match.state.pending["monster"] == "barghest-minion-1"
    play(s, "choose 5 4,2")                                   # the barghest's end space, across
    pending = s.match.state.pending
    assert pending["answers"] == [["leoric", 1], ["leoric", 0]] and pending["monster"] == "barghest-minion-1"
    assert s.match.health(s.match.state.figure("leoric")) == 7
    s.close()


def test_a_choice_after_the_command_ended_plays_it_again_until_another_command(tmp_path):
    """Once the Overlord phase is over the choice is still open; another command closes it."""
    s = start(tmp_path)
    play(s, *TIED, "end leoric", "end tarha")
    while s.match.state.pending:
        play(s, f"hurt {s.match.state.pending['hero']} 0")
    out = play(s, "choose 1 tarha")
    assert "zombie-master-1 engage tarha" in out[0] and s.match.state.pending is not None
    while s.match.state.pending:
        play(s, f"hurt {s.match.state.pending['hero']} 0")
    play(s, "rest leoric")                                   # another command: its decisions are none
    reply = s.execute("choose 1 leoric")
    assert not reply.ok and reply.lines == ["no decision 1; the last command made none to choose from"]
    s.close()


def test_a_choice_refused_names_what_may_be_chosen(tmp_path):
    s = start(tmp_path)
    play(s, *TIED, "end leoric", "end tarha")
    for line, words in [("choose 1 syndrael", "'syndrael' is not one of the tied targets: leoric or tarha"),
                        ("choose 1 9,9", "9,9 is not one of the equally good placements: 3,2; 3,3; 3,4"),
                        ("choose 1 leoric", "decision 1 takes leoric already"),
                        ("choose 2 tarha", "decision 2's target had no tie to choose from"),
                        ("choose 7 tarha", "no decision 7; the last command's are numbered 1 to 2")]:
        reply = s.execute(line)
        assert not reply.ok and reply.lines == [words], (line, reply.lines)
    s.close()


def peril_on_top(session, card):
    deck = session.match.state.peril
    deck.draw.remove(card)
    deck.draw.insert(0, card)


def test_a_peril_that_picks_among_tied_heroes_asks_the_players(tmp_path):
    """Voices in the Stone (fs-peril-05), with monsters: the hero with the most health is Stunned.
    Leoric and tarha have 8 each: the program asks, and does nothing more until they answer."""
    s = start(tmp_path)
    play(s, "objective confirm", "sheet tarha 8 4")
    peril_on_top(s, "fs-peril-05")
    out = play(s, "end leoric", "end tarha")
    assert out[-1] == ("waiting: Voices in the Stone - the hero with the most health: leoric and tarha tie "
                       "(8 health each); the heroes choose: `choose 1 leoric` or `choose 1 tarha`"), GOLDEN
    assert not any("Activation card" in x for x in out)
    refused = s.execute("hurt leoric 1")
    assert not refused.ok and refused.lines[0].endswith("; first that (or `undo`)")
    out = play(s, "choose 1 tarha")
    assert out[0] == ("  [1] Voices in the Stone: the hero with the most health is tarha (tied with leoric, 8 "
                      "health each: the heroes' choice, `choose 1 NAME` to change it)")
    assert "stunned" in s.match.state.figure("tarha").conditions
    assert "stunned" not in s.match.state.figure("leoric").conditions
    s.close()
    again, reply = DescentSession.resume(tmp_path / "g.db")        # `why` after resume: the last command's
    assert again.execute("why 1").lines == ["[1] Voices in the Stone: the hero with the most health is tarha; tied "
                                            "with leoric (8 health each): the heroes choose"]
    again.close()


def test_headless_a_tie_goes_to_the_first_listed_hero_as_before():
    """Headless the named policy decides: the first listed of the tied heroes; the pick is logged
    with its options."""
    game = new_game(shipped(), ["leoric", "tarha"], 4)
    clear_monsters(game)
    game.state.figure("tarha").max_health = 8
    game.resolver = Headless(players_rng(4))
    run_effects(game, effects({"condition_heroes": {"condition": "stunned", "who": "highest_health"}}), "fs-peril-05")
    assert game.state.figure("leoric").conditions == ["stunned"] and game.state.figure("tarha").conditions == []
    pick = next(e for e in game.state.log if e["event"] == "pick")
    assert pick["options"] == ["leoric", "tarha"] and pick["chosen"] == "leoric" and "ties" not in pick


def test_the_most_damaged_monster_among_tied_ones_is_the_heroes_choice(tmp_path):
    """fs-act-03's Heal, "the most damaged monster within 3 spaces": the master flesh moulder and a
    zombie each have 1 damage. The program asks; the chosen one recovers the hearts the players
    roll."""
    from descent_helpers import moulder_in_the_onset
    from overlord.games.descent.engine import damage_figure, spawn_one
    s = start(tmp_path)
    game = s.match
    _, (sx, sy) = game.board()
    fid = moulder_in_the_onset(game)
    zombie = spawn_one(game, "zombie", "minion", [1 - sx, 5 - sy], game.state.current_encounter, True)
    damage_figure(game, fid, 1)
    damage_figure(game, zombie, 1)
    out = play(s, "end leoric", "end tarha")
    assert out[-1] == (f"waiting: fs-act-03 ({fid}) - the most damaged monster: {fid} and {zombie} tie (1 damage "
                       f"each); the heroes choose: `choose 1 {fid}` or `choose 1 {zombie}`"), GOLDEN
    out = play(s, f"choose 1 {zombie}")
    assert f"  fs-act-03 ({fid}): roll 1 red die; {zombie} recovers the hearts: report it with `heal {zombie} N`" in out
    s.close()
