"""Headless play of the co-operative Underworld (issue 5 for this scenario): simulate runs it to
a summary, the same seed gives the same summary and logs with 1 and 2 jobs, replay checks a
logged game, and a short soak finds no violation of the rules' invariants."""

import json
import subprocess
import sys
from pathlib import Path

from overlord.sim.run import game_seeds
from overlord.sim.underworld_run import load, play_game, soak

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args):
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_a_record_says_how_the_game_ended():
    content = load(ROOT / "scenarios" / "underworld.yaml")
    r = play_game(content, 11, 2, "heuristic", 40)
    assert r["result"] in ("victory", "defeat", "unfinished") and r["reason"]
    assert set(r["cards"]) == {"dark", "peril", "tiles"} and r["cards"]["tiles"]
    assert r["track_names"]["doom"] == "Dark Side" and 0 <= r["doom"] <= 11
    assert json.loads(json.dumps(r)) == r


def test_the_same_seed_gives_the_same_summary_and_logs_with_one_or_two_jobs(tmp_path):
    outs = []
    for jobs in (1, 2):
        out = run_cli("simulate", "underworld", "--games", "3", "--seed", "4", "--heroes", "1,3",
                      "--jobs", str(jobs), "--json", "--log", str(tmp_path / f"logs{jobs}"))
        assert out.returncode == 0, out.stderr
        outs.append(out.stdout)
    assert outs[0] == outs[1]
    summary = json.loads(outs[0])
    assert summary["scenario"] == "underworld" and summary["games"] == 6
    assert summary["tracks"]["names"]["doom"] == "Dark Side"
    one = sorted(p.name for p in (tmp_path / "logs1").iterdir())
    assert one == sorted(p.name for p in (tmp_path / "logs2").iterdir()) and len(one) == 6
    for name in one:
        assert (tmp_path / "logs1" / name).read_text() == (tmp_path / "logs2" / name).read_text()


def test_replay_checks_a_logged_game_and_finds_a_tampered_one(tmp_path):
    out = run_cli("simulate", "underworld", "--games", "1", "--seed", "2", "--heroes", "2", "--json",
                  "--log", str(tmp_path))
    assert out.returncode == 0, out.stderr
    log = next(tmp_path.iterdir())
    ok = run_cli("replay", str(log), "--print")
    assert ok.returncode == 0 and "every event and the end match" in ok.stdout, ok.stderr
    assert "round 1: " in ok.stdout
    board = run_cli("replay", str(log), "--round", "2")
    assert board.returncode == 0 and "Styx" in board.stdout and "Dark Side" in board.stdout
    lines = log.read_text().splitlines()
    row = json.loads(lines[3])
    row["why"] = "tampered"
    lines[3] = json.dumps(row, sort_keys=True)
    log.write_text("\n".join(lines) + "\n")
    bad = run_cli("replay", str(log))
    assert bad.returncode != 0 and "event 3 differs" in bad.stderr


def test_a_short_soak_finds_no_violation():
    content = load(ROOT / "scenarios" / "underworld.yaml")
    steps, found = soak(content, game_seeds(3, 4), max_rounds=15)
    assert steps > 100 and found == []
