"""Headless play of the co-operative Underworld (issue 5 for this scenario): simulate runs it to
a summary, the same seed gives the same summary and logs with 1 and 2 jobs, replay checks a
logged game, and a short soak finds no violation of the rules' invariants."""

import json
import subprocess
import sys
from pathlib import Path

from overlord.games.underworld.game import GAME
from overlord.sim import play as headless
from overlord.sim.run import game_seeds
from overlord.sim.soak import soak_game


def load(path):
    return GAME.load(path)


def play_game(content, seed, heroes, bot, max_rounds):
    return headless.play_game(GAME, content, seed, heroes, bot, max_rounds)


def play(content, seed, heroes, bot, max_rounds, check):
    match, timeline = headless.play(GAME, content, seed, heroes, bot, max_rounds, lambda m: check(m.state))
    return match.state, timeline


def soak(content, seeds, max_rounds):
    return soak_game(GAME, content, seeds, max_rounds)

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


def test_a_headless_game_with_the_trident_the_mail_and_a_discarded_weapon():
    # Seed 41, two heroes, the heuristic bots, the shipped scenario, every invariant checked after every action.
    # Glossary Hades: "Bring Hades to the Throne Room ... receive the Trident of Hades"; Persephone: "receive as a
    # reward the Mail of Persephone"; "Extra weapons and armor can be discarded. The player will receive 1 gold for
    # a discarded weapon or armor"; "The Mail of Persephone and/or Trident of Hades can be obtained without a skill
    # test". The gladiator, who keeps his Bow, leaves the Trident on the Damned One's card; the gnome discards a
    # Wurfspeer and takes it at the Throne Hall; the gladiator defeats the Damned One with the Bow.
    from overlord.games.underworld.invariants import violations
    content = load(ROOT / "scenarios" / "underworld.yaml")
    checked = []

    def check(state):
        checked.append(violations(state, content, full=len(checked) % 25 == 0))

    state, _ = play(content, 41, 2, "heuristic", content.scenario.max_rounds, check)
    assert checked and not any(checked)
    log = state.log
    gained = {e["weapon"]: e["hero"] for e in log if e["event"] == "special_weapon_gained"}
    assert gained["trident-of-hades"] == "gnome" and gained["mail-of-persephone"] == "gladiator"
    left = next(e for e in log if e["event"] == "no_weapon" and e["weapon"] == "trident-of-hades")
    assert "stays on the Damned One's card; it can be taken at the Throne Hall" in left["why"]
    discarded = next(e for e in log if e["event"] == "item_discarded")
    assert discarded["item"].startswith("wurfspeer") and discarded["gold"] == 1 and discarded["to"] == "treasure_up"
    at_throne = [e for e in log if e["event"] == "action" and e["action"] == {"do": "use", "place": "hades"}]
    assert at_throne and log.index(at_throne[0]) < log.index(discarded)
    assert state.outcome == "won" and state.winner == "gladiator"
    battle = next(e for e in log if e["event"] == "final_battle")
    assert battle["weapon"] == "bow-of-herkules"
