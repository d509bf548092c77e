"""Heldentaufe through the framework, with no line of its own outside its package: `overlord games`,
`deck`, `play` (scripted) and `resume`, `simulate` (1 job and 2 the same), `replay`, `soak`. What
every game must pass (PettingZoo's tests, the same seed the same game) is tests/test_conformance.py."""

from __future__ import annotations

import json

import pytest

from heldentaufe_helpers import COOP, RACE, content
from overlord.games.heldentaufe.game import GAME
from cli_helpers import run


def test_games_lists_it():
    assert any(line.startswith("heldentaufe ") for line in run("games").output.splitlines())


def test_deck_shows_the_order_of_the_tiles():
    out = json.loads(run("deck", COOP, "areas", "--seed", "3", "--heroes", "2", "--json").output)
    assert len(out["order"]) == 30 - 1 and "campfire" not in out["order"]
    assert out == json.loads(run("deck", COOP, "areas", "--seed", "3", "--heroes", "2", "--json").output)


def test_simulate_gives_the_same_records_with_two_jobs_and_the_logs_replay(tmp_path):
    one = run("simulate", COOP, "--games", "3", "--heroes", "1,2", "--json", "--log", tmp_path / "a")
    two = run("simulate", COOP, "--games", "3", "--heroes", "1,2", "--json", "--jobs", "2")
    assert one.exit_code == 0 and one.output == two.output
    logs = sorted((tmp_path / "a").glob("*.jsonl"))
    assert len(logs) == 6
    assert "every event and the end match" in run("replay", logs[2]).output
    lines = logs[2].read_text().splitlines()
    first = next(i for i, ln in enumerate(lines) if '"event": "fight"' in ln)
    lines[first] = lines[first].replace('"rolls": [', '"rolls": [9, ', 1)
    tampered = tmp_path / "t.jsonl"
    tampered.write_text("\n".join(lines) + "\n")
    out = run("replay", tampered)
    assert out.exit_code == 1 and f"event {first} differs" in out.output


def test_soak_finds_no_violation():
    out = run("soak", COOP, "--games", "6")
    assert out.exit_code == 0 and out.output.strip().endswith("0 violations")
    out = run("soak", RACE, "--games", "4")
    assert out.exit_code == 0 and out.output.strip().endswith("0 violations")


def test_play_at_the_table_then_resume(tmp_path):
    save = tmp_path / "g.db"
    script = "\n".join(["1", "explore 1,0", "status", "fly away", "fight ulumu", "end", "why 1", "quit"]) + "\n"
    out = run("play", COOP, "--heroes", "erla,corlof", "--seed", "4", "--save", save, "--dice", "program", input=script)
    assert out.exit_code == 0, out.output
    text = out.output
    assert "Heldentaufe, Together: erla, corlof (seed 4)" in text
    assert "erla's turn, 4 action points left:\n   1. explore 0,-1" in text
    assert "> 1\n  erla explores 0,-1: forest" in text
    assert "unknown command 'fly'" in text
    assert "corlof cannot fight now; possible: decline, descend, end, explore, mission, move" in text
    assert "no plan 1: the monsters have made no plan yet" in text
    again = run("resume", save, input="undo\nundo\nquit\n")
    assert "resumed" in again.output and "undone: corlof: end" in again.output
    assert "'corlof: explore 1,0' drew hidden cards; this scenario does not allow undoing past a hidden draw" \
        in again.output


def test_the_monsters_turn_at_the_table_says_each_step_and_why():
    """Erla goes down through portal 2, beside Ulumu's nest, and ends her turn: the program plays the monsters, says each
    plan with its key and each monster's step with its plan; `why 1` repeats the key and the ties."""
    from heldentaufe_helpers import put_above
    c = content()
    match = GAME.new_match(c, ["erla", "corlof"], 5)
    put_above(match.state, "erla", "0,1", "portal-2")
    table = GAME.table(match)
    reply = table.execute("descend", [], "descend")
    assert reply.changed and "erla is the first below" in "\n".join(reply.lines)
    reply = table.execute("end", [], "end")
    text = "\n".join(reply.lines)
    assert "== The monsters' turn: 4 action points (the program's plan) ==" in text
    assert "plan 1 (4 points, the program's plan): " + "; ".join(["ulumu attacks erla"] * 4) in text  # beside portal 2
    assert "why: balance " in text and "[plan 1]" in text
    why = table.execute("why", ["1"], "why 1").lines
    assert why[0] == "plan 1 (4 points, the program's plan): " + "; ".join(["ulumu attacks erla"] * 4)
    assert why[2].startswith("    1. balance ") and " - more is better (in hearts" in why[2]
    with pytest.raises(Exception, match="no plan 9"):
        table.execute("why", ["9"], "why 9")


def test_the_players_may_command_the_monsters_as_in_the_book(tmp_path):
    """"Players whose hero figures are not in the Underworld command the monsters and play the role of
    the monster boss" - ``rules.monster_boss: players``: the table shows the program's plan as advice
    and takes the players' commands, within the 4 points and the monsters' rules."""
    import dataclasses
    from heldentaufe_helpers import put_above
    c = content()
    rules = c.scenario.rules.model_copy(update={"monster_boss": "players"})
    c = dataclasses.replace(c, scenario=c.scenario.model_copy(update={"rules": rules}))
    match = GAME.new_match(c, ["erla", "corlof"], 5)
    put_above(match.state, "erla", "0,1", "portal-2")
    table = GAME.table(match)
    table.execute("descend", [], "descend")
    reply = table.execute("end", [], "end")
    text = "\n".join(reply.lines)
    assert "you command the monsters (4 points)" in text and "the program would play:" in text
    assert "corlof commands the monsters (their heroes are not in the Underworld)" in text
    assert table.options()[0] == "the monsters' turn, 4 points left (corlof commands):"
    with pytest.raises(Exception, match="the monsters cannot do that now"):
        table.execute("monster", ["ulumu", "move", "3,3"], "monster ulumu move 3,3")    # the treasure's space
    with pytest.raises(Exception, match="the monsters' turn: monster ID move X,Y"):
        table.execute("end", [], "end")                                  # no hero acts meanwhile
    reply = table.execute("monster", ["ulumu", "attack", "erla"], "monster ulumu attack erla")
    assert any("ulumu attacks erla" in ln for ln in reply.lines)
    assert match.state.monster_points == 3
    reply = table.execute("monster", ["done"], "monster done")
    assert match.state.cycle in ("marked", "empty") and GAME.to_act(match) == "corlof"
    assert "  the monsters hold back 3 points" in reply.lines


def test_the_boss_benchmark_runs_quick():
    """bench/heldentaufe_boss.py --quick --json: both policies timed on the same turns, both played."""
    import subprocess
    import sys
    from heldentaufe_helpers import ROOT
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "heldentaufe_boss.py"), "--quick", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    for policy in ("planner", "greedy"):
        assert out["speed"][policy]["decisions"] == 20 and out["speed"][policy]["cpu"]["max_ms"] > 0
        assert set(out["strength"]["2"][policy]) == {"win_rate", "win_ci", "hearts", "knockouts"}
    assert out["speed"]["reference_loop_seconds"] > 0


def test_the_heuristic_steps_off_the_campfire_to_enter_it_with_the_teeth():
    """The campfire wins when a hero enters it: a hero standing there when the team's teeth arrive
    steps off, and back on next."""
    import numpy as np
    from heldentaufe_helpers import act, game, put_above
    c, s = game(("erla", "corlof"))
    put_above(s, "corlof", "1,0", "meadow-1")
    s.board["corlof"].teeth = [1] * c.scenario.target[2]
    s.supply["tooth"] -= c.scenario.target[2]
    match = GAME.new_match(c, ["erla", "corlof"], 1)
    match.state = s
    choice = GAME.bots["heuristic"](match, GAME.legal_actions(match), np.random.default_rng(0))
    assert choice == {"do": "move", "hero": "erla", "to": "1,0"}
    act(c, s, **{k: v for k, v in choice.items() if k != "hero"})
    choice = GAME.bots["heuristic"](match, GAME.legal_actions(match), np.random.default_rng(0))
    assert choice == {"do": "move", "hero": "erla", "to": "0,0"}
