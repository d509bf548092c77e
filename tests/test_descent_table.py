"""Issue 10 at the table (`overlord play forgotten-souls`): what the players type for the rules
put right - knocked-out heroes, attacks the players roll, conditions, hero sheets, health and
fatigue - and what the program tells them. Sessions run in-process on the shipped quest."""

from overlord.games.descent.content.quest import resolve_scenario
from descent_helpers import DescentSession as Session

SCENARIO = resolve_scenario("forgotten-souls")
# seed 4, leoric and tarha: round 1's activation has zombie-master-1, zombie-minion-1 and
# barghest-minion-1 each attack leoric (see test_play_session)
ANSWERS = ["hurt leoric 2", "hurt leoric 1", "hurt leoric 0"]


def start(tmp_path, heroes="leoric,tarha", seed=4):
    session, _ = Session.start(SCENARIO, heroes.split(","), seed, tmp_path / "game.db")
    return session


def play(session, *lines):
    return [session.execute(line) for line in lines]


def text(replies):
    return "\n".join(line for r in replies for line in r.lines)


def saved(session):
    return [c for c, in session.save.conn.execute("SELECT command FROM steps ORDER BY seq")]


def test_status_shows_each_heros_health_and_fatigue_from_its_sheet(tmp_path):
    s = start(tmp_path)
    out = text(play(s, "fatigue tarha 1", "hurt leoric 3", "status"))
    assert "leoric 5/8 health, 0/5 fatigue" in out and "tarha 10/10 health, 1/4 fatigue" in out


def test_a_knocked_out_hero_is_refused_damage_and_a_hero_who_is_up_cannot_stand(tmp_path):
    """Issue 10: "`hurt`/`defeated` on it is refused until it stands up"; "a `stand` for a hero
    who is up" gets one clear line and changes nothing."""
    s = start(tmp_path)
    play(s, "defeated leoric")
    commands = saved(s)
    for line, words in [("hurt leoric 2", "leoric is knocked out"), ("defeated leoric", "leoric is knocked out"),
                        ("stand tarha", "tarha is not knocked out"), ("move leoric 4,3", "leoric is knocked out")]:
        reply = s.execute(line)
        assert not reply.ok and len(reply.lines) == 1 and words in reply.lines[0], (line, reply.lines)
    assert saved(s) == commands


def test_stand_is_the_heros_whole_turn_and_undo_takes_it_back(tmp_path):
    """Stand up (the base game): the knocked-out hero's turn; it recovers the hearts rolled."""
    s = start(tmp_path)
    out = text(play(s, "defeated tarha", "stand tarha 3 1"))
    tarha = s.match.state.figure("tarha")
    assert not tarha.knocked_out and s.match.health(tarha) == 3 and "tarha" in s.match.state.turn_done
    assert "tarha stands up: 3 hearts, 1 surges; 3 health" in out
    assert s.execute("undo").ok and s.match.state.figure("tarha").knocked_out


def test_a_monster_never_targets_a_knocked_out_hero(tmp_path):
    s = start(tmp_path)
    replies = play(s, "defeated leoric", "end leoric", "end tarha")
    while s.match.state.pending is not None:
        assert s.match.state.pending["hero"] == "tarha"
        replies += play(s, "hurt tarha 0")
    out = text(replies)
    assert "attacks tarha" in out and "attacks leoric" not in out and "engage leoric" not in out


def test_the_program_waits_for_each_attacks_damage_and_undo_takes_an_answer_back(tmp_path):
    s = start(tmp_path)
    out = text(play(s, "end leoric", "end tarha"))
    assert out.endswith("tell me the damage with `hurt leoric N` (0 if none)")
    refused = play(s, "move tarha 7,4", "hurt tarha 1")
    assert not any(r.ok for r in refused) and "first that" in refused[0].lines[0]
    assert "waits for leoric's damage" in refused[1].lines[0]
    play(s, "hurt leoric 2")
    assert s.match.state.pending["answers"] == [["leoric", 2]]
    undone = s.execute("undo")
    assert undone.ok and s.match.state.pending["answers"] == [] and "waiting: zombie-master-1" in text([undone])
    play(s, *ANSWERS)
    assert s.match.state.pending is None and s.match.health(s.match.state.figure("leoric")) == 5


def test_a_waiting_game_resumed_asks_again(tmp_path):
    s = start(tmp_path)
    play(s, "end leoric", "end tarha", "hurt leoric 2")
    s.save.close()
    again, reply = Session.resume(tmp_path / "game.db")
    assert "waiting: zombie-minion-1 attacks leoric" in reply.lines[-1]
    play(again, "hurt leoric 1", "hurt leoric 0")
    assert again.match.state.pending is None and again.match.health(again.match.state.figure("leoric")) == 5


def test_conditions_are_reported_by_name_and_a_slip_is_one_line(tmp_path):
    """The players report a condition put on a monster or a hero (and taken off); an Immobilized
    monster then performs no move action."""
    s = start(tmp_path)
    bad = s.execute("condition zombie-master-1 immobilised")
    assert not bad.ok and bad.lines == ["no condition 'immobilised' (did you mean 'immobilized'?); "
                                        "conditions: stunned, immobilized, poisoned, diseased"]
    out = text(play(s, "condition zombie-master-1 immobilized", "condition tarha poisoned",
                    "condition tarha poisoned off", "end leoric", "end tarha"))
    assert "zombie-master-1 engage" not in out and "Immobilized: performs no move action" not in out
    assert s.match.state.figure("tarha").conditions == []


def test_a_monsters_own_heal_and_a_heros_real_sheet_are_reported(tmp_path):
    s = start(tmp_path)
    out = text(play(s, "attack zombie-master-1 4 by tarha", "heal zombie-master-1 2", "sheet tarha 11 5",
                    "fatigue tarha 6", "fatigue tarha -2"))
    zombie = s.match.state.figure("zombie-master-1")
    tarha = s.match.state.figure("tarha")
    assert zombie.damage == 2 and (tarha.max_health, tarha.stamina, tarha.fatigue, tarha.damage) == (11, 5, 3, 1)
    assert "zombie-master-1 recovers 2 damage" in out and "1 more is suffered as damage" in out


def test_objective_asks_for_confirmation_while_the_goal_is_plainly_not_met(tmp_path):
    s = start(tmp_path)
    reply = s.execute("objective")
    assert not reply.ok and "`objective confirm`" in reply.lines[0] and s.match.state.active_exploration
    assert s.execute("objective confirm").ok and s.match.state.active_exploration is None


def test_the_last_monster_reported_defeated_discards_the_card_at_once(tmp_path):
    """The Onset: 'When there are no monsters on the map, discard this Exploration card.'"""
    s = start(tmp_path)
    out = text(play(s, *(f"attack {m.id} 20 by tarha" for m in list(s.match.state.monsters()))))
    assert out.endswith("discard the exploration card The Onset") and s.match.state.active_exploration is None


def test_act_ii_counts_for_a_monster_that_came_in_during_act_i(tmp_path):
    """Transition to Act II: 'The new cards apply to monsters currently on the map'."""
    s = start(tmp_path)
    s.match.state.act = "II"
    out = text(play(s, "attack zombie-minion-1 3 by tarha"))
    act2 = s.match.quest.monsters["zombie"].act_ii.minion.health
    assert f"zombie-minion-1 takes 3 damage: {act2 - 3} health left" in out


def test_the_setup_tells_the_overlord_lines_and_hourglasses(tmp_path):
    _, reply = Session.start(SCENARIO, ["leoric", "tarha"], 4)
    out = text([reply])
    assert "overlord, hourglass 3 (a fatigue token each Overlord phase; at 3): place 1 minion zombie at gate" in out
    assert "the program applies: when there are no monsters on the map: discard this Exploration card" in out
    assert "(read aloud) The last of the daylight" in out


def test_an_activation_tells_what_monsters_did_and_why_tells_everything(tmp_path):
    """An activation narrates what the monsters did; `why` lists every action, with what was not
    performed and why (here an Immobilized zombie's engage)."""
    s = start(tmp_path)
    replies = play(s, "condition zombie-master-1 immobilized", "end leoric", "end tarha")
    while s.match.state.pending is not None:
        replies += play(s, f"hurt {s.match.state.pending['hero']} 0")
    out = text(replies)
    assert "not performed" not in out and "zombie-master-1 engage" not in out
    why = text([s.execute("why")])
    assert "engage: not performed - Immobilized: performs no move action" in why
    assert "attack: performed - attacks leoric" in why


def test_a_large_monsters_tie_names_its_orientation_and_can_be_chosen(tmp_path):
    """Large Monsters: after moving toward a target the monster is placed as close as possible,
    in either orientation; where placements tie the heroes choose (Golden Rules)."""
    s = start(tmp_path)
    out = text(play(s, "move leoric 4,3", "end leoric", "end tarha", *ANSWERS))
    line = next(l for l in out.splitlines() if "barghest-minion-1 engage leoric" in l)
    assert "lying along (top to bottom); as good: 4,2 across (`choose 5 X,Y across|along`)" in line
    assert not s.execute("choose 5 4,2 along").ok            # listed lying across only
    assert s.execute("choose 5 4,2").ok
    # the activation is played again from the choice: the barghest's attack waits for its damage again
    assert s.match.state.pending["monster"] == "barghest-minion-1" and s.execute("hurt leoric 0").ok
    board, (sx, sy) = s.match.board()
    barghest = s.match.state.figure("barghest-minion-1")
    assert barghest.size == [2, 1] and [barghest.at[0] + sx, barghest.at[1] + sy] == [4, 2]


def test_the_exploring_hero_is_the_one_the_table_says_opened_the_door(tmp_path):
    s = start(tmp_path)
    play(s, "objective confirm", "open tarha")
    assert s.match.state.exploring_hero == "tarha"


def test_a_save_from_before_damage_was_kept_still_loads(tmp_path):
    """Saves made when figures kept health left (not damage taken) load: damage is worked out
    from the figure's card (a hero: the old stand-in's 12)."""
    import json
    from overlord.core.state import dumps
    from overlord.games.descent.game import load_state
    s = start(tmp_path)
    play(s, "attack zombie-master-1 2 by tarha", "hurt leoric 3")
    data = json.loads(dumps(s.match.state))
    for f in data["figures"]:
        full = 12 if f["side"] == "heroes" else s.match.max_health(s.match.state.figure(f["id"]))
        f["health"] = full - f.pop("damage")
        for key in ("fatigue", "knocked_out", "sheet", "max_health", "stamina"):
            f.pop(key)
    old = load_state(s.match.quest, json.dumps(data))
    assert old.figure("zombie-master-1").damage == 2 and old.figure("leoric").damage == 3
    assert old.figure("leoric").max_health == 12 and not old.figure("leoric").knocked_out


def test_a_placement_that_ties_both_ways_asks_which_way_it_lies(tmp_path):
    """Every listed tie can be chosen, also two at one space: across and along."""
    s = start(tmp_path)
    out = text(play(s, "end leoric", "end tarha", *ANSWERS))
    assert "4,4 across" in out and "4,4 along" in out
    reply = s.execute("choose 5 4,4")
    assert not reply.ok and "`choose 5 4,4 across` or `choose 5 4,4 along`" in reply.lines[0]
    assert s.execute("choose 5 4,4 along").ok and s.execute("hurt leoric 0").ok    # its attack, asked again
    assert s.match.state.figure("barghest-minion-1").size == [1, 2]


def test_the_game_ends_at_the_attack_that_decides_it(tmp_path):
    """The Overlord Track: 'If the doom or fate tokens ever occupy the same space ... the heroes
    immediately fail the quest': a hero knocked out by the first attack, fate meeting doom, and
    no monster acts after it; the program asks for nothing more."""
    s = start(tmp_path)
    s.match.state.track.fate = s.match.state.track.doom + 1
    out = text(play(s, "end leoric", "end tarha", "hurt leoric 8"))
    assert s.match.state.phase == "defeat" and s.match.state.pending is None
    assert "zombie-minion-1" not in out.split("leoric is knocked out")[1] and "== Defeat ==" in out
    assert not s.execute("end leoric").ok


def test_a_save_from_before_the_game_interface_resumes(tmp_path, monkeypatch):
    """Saves written before issue 12 (no 'game' in their meta: Descent; the scenario path as
    typed, relative to where the game began; a monster's attack waiting for its damage) still
    load, ask again, and go on."""
    import shutil
    from pathlib import Path
    save = tmp_path / "old.db"
    shutil.copy(Path(__file__).parent / "fixtures" / "descent-before-interface.db", save)
    monkeypatch.chdir(tmp_path)
    s, reply = Session.resume(save)
    told = text([reply])
    assert reply.lines[0] == f"resumed {save} after 3 commands"
    assert "waiting: zombie-minion-1 attacks leoric" in told and "leoric 6/8 health" in told
    after = text(play(s, "hurt leoric 1"))
    assert "leoric takes 1 damage: 5 health left" in after


# -- issue 39 ---------------------------------------------------------------------------------------

STRICT = {"no_undo_past_hidden_draw": True}


def strict(tmp_path):
    """The shipped quest with the rule that undo may not take back a hidden draw."""
    import yaml
    from pathlib import Path
    shipped = Path(SCENARIO)
    data = yaml.safe_load(shipped.read_text())
    data["scenario"]["decks"] = {k: str((shipped.parent / v).resolve()) for k, v in data["scenario"]["decks"].items()}
    data["scenario"]["rules"] = dict(STRICT)
    path = tmp_path / "strict.yaml"
    path.write_text(yaml.safe_dump(data))
    session, _ = Session.start(path, ["leoric", "tarha"], 4, tmp_path / "strict.db")
    return session


def test_undo_is_refused_after_a_hidden_draw_and_allowed_after_a_roll(tmp_path):
    """The Activation card drawn by the Overlord phase is marked a hidden draw (core.game's
    hidden_draw), also while its first attack waits; the 2 red dice of standing up are only a
    roll."""
    s = strict(tmp_path)
    play(s, "defeated leoric", "stand leoric 3 1")
    undone = s.execute("undo")
    assert undone.ok and undone.lines[0] == "undone: stand leoric 3 1"
    play(s, "stand leoric 2 0", "end tarha")
    assert s.match.state.pending is not None
    refused = s.execute("undo")
    assert not refused.ok and "drew hidden cards" in refused.lines[0]
    play(s, "hurt leoric 1")                      # an answer draws nothing: it may be taken back
    assert s.execute("undo").lines[0] == "undone: hurt leoric 1"


def test_why_after_resume_explains_the_last_command(tmp_path):
    """`why` and `why N` after `overlord resume` tell the last command's activation, as they did
    before the game was left."""
    s = start(tmp_path)
    play(s, "end leoric", "end tarha", *ANSWERS)
    before = [s.execute("why").lines, s.execute("why 5").lines]
    s.save.close()
    again, _ = Session.resume(tmp_path / "game.db")
    assert [again.execute("why").lines, again.execute("why 5").lines] == before
    assert before[0][:3] == ["zombie", "  zombie-master-1 (master)", "    engage: performed - moves 2 MP toward leoric"]


def test_a_move_action_not_performed_is_told_once_and_plainly(tmp_path):
    """Engage: 'If a monster would not move when performing this action, this action is not
    performed' - `why` says it once: not "... : engage is not performed"."""
    s = start(tmp_path)
    play(s, "move leoric 3,3", "end leoric", "end tarha")
    while s.match.state.pending:
        play(s, f"hurt {s.match.state.pending['hero']} 0")
    why = text([s.execute("why")])
    assert "    engage: not performed - it would not move toward leoric" in why
    assert "is not performed" not in why and "engage is" not in why


def test_the_map_explains_its_water_and_obstacles(tmp_path):
    """Every sign `map` draws is in its key: the figures' letters and each terrain's sign."""
    from descent_helpers import explore
    s = start(tmp_path)
    explore(s.match, "lengthy-sewers")
    drawn = s.execute("map").lines
    assert drawn[-1] == "terrain: #=wall  .=floor  ~=water  o=obstacle; a blank is off the map"
    signs = set("".join(line[3:] for line in drawn[1:-2]))
    key = drawn[-2] + drawn[-1]
    assert all(f"{c}=" in key for c in signs - {" "}), signs


def test_options_while_an_attack_waits_number_the_ties_to_choose(tmp_path):
    s = start(tmp_path)
    play(s, "end leoric", "end tarha")
    out = s.execute("options").lines
    assert out[1] == "      hurt leoric N - the damage zombie-master-1's attack dealt (0 if none)"
    assert "      choose 1 X,Y - another of decision 1's equally good spaces" in out
    refused = s.execute("1")
    assert not refused.ok and refused.lines == ["no option 1; there is no option now (type `options`)"]


def test_a_sheet_given_to_a_knocked_out_hero_keeps_its_damage_within_its_health(tmp_path):
    """The table soak (issue 39) found a save that could not resume: `sheet` lowered a knocked-out
    hero's health below the damage that had knocked it out. Knocked out, its damage is its whole
    health, whatever the sheet says."""
    s = start(tmp_path)
    play(s, "defeated tarha", "sheet tarha 1 4")
    tarha = s.match.state.figure("tarha")
    assert tarha.knocked_out and tarha.damage == tarha.max_health == 1
    s.save.close()
    again, reply = Session.resume(tmp_path / "game.db")
    assert reply.ok and "tarha 0/1 health" in "\n".join(reply.lines)
    assert again.execute("stand tarha 2 0").ok and again.match.health(again.match.state.figure("tarha")) == 1
