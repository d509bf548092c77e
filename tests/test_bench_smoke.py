"""Smoke test of the board benchmark: ``bench/board_bench.py --quick --json`` runs and reports
every figure. Timings are not checked (PASS/FAIL depends on the machine), only the shape."""

import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("networkx")

BENCH = Path(__file__).resolve().parent.parent / "bench" / "board_bench.py"


def test_board_bench_quick_json():
    proc = subprocess.run([sys.executable, str(BENCH), "--quick", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)

    assert {"machine", "config", "boards", "targets", "all_pass"} <= result.keys()
    assert {"platform", "python", "numpy", "scipy", "networkx", "blas"} <= result["machine"].keys()
    assert result["config"]["quick"] is True
    assert set(result["boards"]) == {"20x20", "30x30", "50x50"}
    for name, board in result["boards"].items():
        mp = board["mp_field"]
        for key in ("overlord_us", "networkx_us", "heapq_us", "speedup_vs_networkx", "speedup_vs_heapq"):
            assert isinstance(mp[key], (int, float)) and mp[key] > 0, (name, key)
        assert mp["results_agree"] is True, name
        for verb in ("toward", "engage", "away", "spot"):
            assert board["move"][f"{verb}_us"] > 0, (name, verb)
        assert board["los"]["warm_us"] > 0 and board["los"]["cold_us"] > 0, name
        assert board["count_field"]["cold_us"] > 0, name

    targets = {(c["board"], c["target"]) for c in result["targets"]}
    for name in ("20x20", "30x30"):          # targets apply up to 30x30 only
        for key in ("mp_field_us", "move_us", "los_warm_us", "speedup_vs_networkx"):
            assert (name, key) in targets
    assert not any(board == "50x50" for board, _ in targets)
    assert all(c["pass"] in (True, False) for c in result["targets"])


def test_sim_bench_covers_every_shipped_scenario_and_bot():
    """Issue 5: "Games per second per core for each shipped scenario with each bot, measured in the
    same run as a fixed pure-Python reference loop"; the pool's busy ratio. One game a scenario and
    bot (and one through the pool) runs every path of the bench - each figure is that game's, an
    average over one - for every shipped scenario; two games a bot took 90 s of the suite (one,
    about 60: the Kingdom's games are most of it). The figures themselves are the bench's, run at
    length (docs/performance.md)."""
    sim = BENCH.parent / "sim_bench.py"
    proc = subprocess.run([sys.executable, str(sim), "--games", "1", "--json"], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    from overlord.content.paths import shipped_scenarios
    assert set(result["scenarios"]) == set(shipped_scenarios()) and not result.get("skipped")
    assert {"forgotten-souls", "underworld"} <= set(result["scenarios"])
    assert result["reference_loop_seconds"] > 0
    for scenario in result["scenarios"].values():
        assert set(scenario["bots"]) == {"heuristic", "random"}
        for fig in scenario["bots"].values():
            assert fig["games_per_core_second"] > 0 and fig["games_per_reference_loop"] > 0
        assert scenario["pool"]["busy_ratio"] > 0


@pytest.mark.parametrize("scenario", ["forgotten-souls", "underworld", "dragon"])
def test_balance_bench_prints_a_row_per_hero_count(scenario):
    balance = BENCH.parent / "balance.py"
    proc = subprocess.run([sys.executable, str(balance), scenario, "--games", "1", "--heroes", "2,3"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()[2:]
    tracks = next((i for i, line in enumerate(lines) if line.startswith("where the tracks went")), len(lines))
    rows = [line.split() for line in lines[:tracks]]
    assert [r[0] for r in rows] == ["2", "3"] and all("victory" in " ".join(r) for r in rows)
    if scenario == "forgotten-souls":           # a Descent quest also says where fate and doom went
        assert [line.split()[0] for line in lines[tracks + 1:]] == ["2", "3"]


STATE_BENCH = Path(__file__).resolve().parent.parent / "bench" / "state_bench.py"


def test_state_bench_reports_every_game_and_figure():
    proc = subprocess.run([sys.executable, str(STATE_BENCH), "--repeat", "1", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    from overlord.content.paths import shipped_scenarios
    assert set(result) == set(shipped_scenarios())
    for row in result.values():
        for key in ("deepcopy_ms", "clone_ms", "json_out_reference_ms", "json_out_ms", "json_in_reference_ms",
                    "json_in_ms", "clone_speedup", "round_trip_speedup"):
            assert row[key] > 0, key


def test_mcts_bench_runs_paired_games_and_reports_the_search():
    """bench/mcts_bench.py (the MCTS against the heuristic bot, figures in docs/testing-the-ai.md),
    briefly on the test suite's tiny game."""
    import os
    tests = Path(__file__).resolve().parent
    scenario = tests / "tinygame" / "content" / "gauntlet.yaml"
    env = {**os.environ, "OVERLORD_GAMES": "tinygame.game:GAME",
           "PYTHONPATH": os.pathsep.join([str(tests), str(tests.parent)])}
    proc = subprocess.run([sys.executable, str(BENCH.parent / "mcts_bench.py"), "--cases", f"{scenario}:2",
                           "--games", "3", "--budget", "4", "--horizon", "2", "--json"], capture_output=True,
                          text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    case = json.loads(proc.stdout)["cases"][0]
    assert case["games"] == 3 and case["a"] == "mcts" and case["b"] == "heuristic" and case["horizon"] == 2
    assert case["decisions_per_second"] > 0 and -1 <= case["interval"][0] <= case["interval"][1] <= 1


def test_mcts_bench_keeps_each_game_as_it_ends_and_summarises_a_stopped_run(tmp_path):
    """``--partial FILE``: every game's record, both bots, a line as it ends - so a run stopped early
    keeps what it played; ``--summarise FILE`` pairs the games both bots finished (the tiny game)."""
    import os
    tests = Path(__file__).resolve().parent
    scenario = tests / "tinygame" / "content" / "gauntlet.yaml"
    env = {**os.environ, "OVERLORD_GAMES": "tinygame.game:GAME",
           "PYTHONPATH": os.pathsep.join([str(tests), str(tests.parent)])}
    kept = tmp_path / "run.jsonl"
    bench = [sys.executable, str(BENCH.parent / "mcts_bench.py")]
    proc = subprocess.run(bench + ["--cases", f"{scenario}:2", "--games", "3", "--budget", "4", "--horizon", "2",
                                   "--jobs", "2", "--json", "--partial", str(kept)],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    whole = json.loads(proc.stdout)["cases"][0]
    lines = [json.loads(line) for line in kept.read_text().splitlines()]
    assert [r["bot"] for r in lines] == ["heuristic"] * 3 + ["mcts"] * 3
    assert len({r["seed"] for r in lines}) == 3 and "timeline" not in lines[0]

    def summary(path):
        proc = subprocess.run(bench + ["--summarise", str(path)], capture_output=True, text=True, timeout=60, env=env)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout
    pairs = whole["pairs"]
    assert (f"both won {pairs['both']}, only mcts {pairs['only_a']}, only heuristic {pairs['only_b']}, "
            f"neither {pairs['neither']}") in summary(kept)
    stopped = tmp_path / "stopped.jsonl"                  # the last search game never ended ...
    lines = kept.read_text().splitlines()
    stopped.write_text("".join(line + "\n" for line in lines[:-1]) + lines[-1][:40])   # ... its line cut short
    assert "2 paired games: mcts against heuristic" in summary(stopped)
    again = subprocess.run(bench + ["--cases", f"{scenario}:2", "--games", "1", "--partial", str(kept)],
                           capture_output=True, text=True, timeout=60, env=env)
    assert again.returncode == 2 and "the file exists and holds games" in again.stderr
    # --resume plays only the game the stopped file lacks, and reports on all three as the whole run did
    run = ["--cases", f"{scenario}:2", "--games", "3", "--budget", "4", "--horizon", "2", "--json",
           "--partial", str(stopped), "--resume"]
    resumed = subprocess.run(bench + run, capture_output=True, text=True, timeout=120, env=env)
    assert resumed.returncode == 0, resumed.stderr
    assert stopped.read_text().count('"bot": "mcts"') == 3 and stopped.read_text().count('"bot": "heuristic"') == 3
    case = json.loads(resumed.stdout)["cases"][0]
    assert (case["games"], case["pairs"], case["rounds"]) == (3, whole["pairs"], whole["rounds"])
    other = subprocess.run(bench + [x if x != "4" else "8" for x in run], capture_output=True, text=True,
                           timeout=60, env=env)            # budget 8: not the run the file kept
    assert other.returncode == 1 and f"{stopped}:1: a game of a run with other settings" in other.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text(lines[0] + "\n" + "{not json\n")
    proc = subprocess.run(bench + ["--summarise", str(bad)], capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 1 and f"{bad}:2: not a game kept by --partial" in proc.stderr


def test_search_departures_traces_where_the_search_leaves_the_heuristic():
    """bench/search_departures.py on the shipped Underworld, one short game of 2 heroes (the Dragon
    grows no tree): every departure is a line with the features' paired differences, and the table
    sums them by kind."""
    proc = subprocess.run([sys.executable, str(BENCH.parent / "search_departures.py"), "underworld", "--heroes", "2",
                           "--games", "1", "--budget", "16", "--worlds", "2", "--seed", "2024", "--max-rounds", "12"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    departures = [line for line in lines if line.startswith("seed 2024 round ")]
    table = lines[lines.index("") + 1:]
    assert table[0].startswith("| heuristic -> search | departures |") and "odds" in table[0]
    assert departures and sum(int(row.split(" | ")[1]) for row in table[1:]) == len(departures)
    assert "seed 2024: None" in lines                  # stopped after round 12


def test_search_departures_to_the_end_counts_games_won():
    """``--to-end``: each departure of the tree (unchecked) played to the game's end - Heldentaufe
    alone, seed 2024, departs in round 2 (docs/testing-the-ai.md); each line says the worlds' two
    halves, a summary what the first half's test keeps and what those win on the second half, and
    the table has one column, won."""
    proc = subprocess.run([sys.executable, str(BENCH.parent / "search_departures.py"), "heldentaufe", "--heroes", "1",
                           "--games", "1", "--worlds", "4", "--seed", "2024", "--max-rounds", "3", "--to-end"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    departures = [line for line in lines if line.startswith("seed 2024 round ")]
    assert departures[0].startswith("seed 2024 round 2: ")
    assert all(re.search(r": won [+-]\d\.\d{3} \(first half [+-]\d\.\d{3}, second half [+-]\d\.\d{3}", line)
               for line in departures)
    summary = next(line for line in lines if line.startswith("departures "))
    assert summary.startswith(f"departures {len(departures)} in 1 games; kept by the first half's test ")
    table = lines[lines.index("| heuristic -> search | departures | won |"):]
    assert sum(int(row.split(" | ")[1]) for row in table[1:]) == len(departures)


def _departures_bench():
    import importlib.util
    spec = importlib.util.spec_from_file_location("departures_bench", BENCH.parent / "search_departures.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


@pytest.mark.parametrize("ours, theirs, kept, second, rule", [
    ([1] * 10 + [0] * 10 + [1] * 5 + [0] * 15, [0] * 40, 1.0, 0.25,
     "10 worlds of 20 won only by the departure: the first half passes; the second half reads 5 of 20"),
    ([1] * 5 + [0] * 15 + [1] * 20, [0] * 40, 1.0, 1.0,
     "5 of 20 won only by the departure and none lost: ahead by more than 2 standard errors (0.25 > 0.20)"),
    ([1] * 3 + [0] * 17 + [1] * 20, [0] * 40, 0.0, 1.0,
     "3 of 20 and none lost: 0.15, within 2 standard errors (0.16) - not kept"),
    ([1, 0] * 10 + [1] * 20, [0, 1] * 10 + [0] * 20, 0.0, 1.0,
     "as many worlds won as lost on the first half: not kept, whatever the second half says"),
])
def test_search_departures_judges_on_one_half_and_reads_the_other(ours, theirs, kept, second, rule):
    """The test of the search model's ``confirm`` (ahead by SWITCH_Z standard errors of the paired differences)
    on the first half of the worlds; the second half, unused by the test, is the kept departures'
    honest worth (docs/testing-the-ai.md)."""
    bench = _departures_bench()

    class Bot:
        rollout_bot = None

        def played_out(self, match, picks, plans, seeds):
            assert len(seeds) == len(ours)
            return np.array([ours, theirs], dtype=float)
    d = bench.won_difference(Bot(), None, {}, {}, len(ours), 0)
    assert (d["kept"], d["second"]) == (kept, second), rule
    rows = [d, {"kept": 0.0, "second": -0.5}]
    assert bench.split_summary(rows, 2).startswith(
        f"departures 2 in 2 games; kept by the first half's test {int(kept)} ({kept / 2:.2f} a game): "
        f"on the second half {(second if kept else 0.0):+.3f}"), rule


def test_hostile_bench_runs_variants_of_each_kind_of_file_and_finds_nothing():
    # issue 17: "a script generating at least 3,000 variants of every shipped content file and map
    # ... reporting tracebacks, hangs over 2 s and errors without FILE:LINE": a few variants of a
    # deck, a scenario and a map here (the whole run's figures are in docs/hostile-input.md)
    hostile = BENCH.parent / "hostile.py"
    proc = subprocess.run([sys.executable, str(hostile), "--variants", "3", "--use-every", "1", "--json",
                           "--files", r"forgotten-souls/peril|heldentaufe/supply|scenarios/dragon\.yaml|readme-example"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    result = json.loads(proc.stdout)
    assert len(result["files"]) == 4 and result["config"]["hang_cpu_seconds"] == 2.0
    total = result["total"]
    assert total["variants"] == 12 and total["runs"] >= 12 + 4 * 3           # validate, then the using commands
    assert total["tracebacks"] == total["hangs"] == total["unplaced"] == total["odd_exit"] == 0
    assert total["refused"] > 0                                               # the variants are hostile


def test_hostile_bench_counts_a_traceback_and_an_error_without_a_line(monkeypatch, tmp_path):
    """The bench's judge can fail: an exception escaping a command is a traceback, a refusal
    without FILE:LINE is counted (a missing file named on the command line has no line)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("hostile_bench", BENCH.parent / "hostile.py")
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "hostile_bench", bench)           # its dataclasses look it up
    spec.loader.exec_module(bench)
    worker = bench.Worker()
    try:
        tally = bench.Tally()
        worker._run(tally, "x.yaml", "a missing file", ["validate", str(tmp_path / "missing.yaml")])

        def boom(*args, **kwargs):
            raise RuntimeError("a bug")
        monkeypatch.setattr("overlord.content.validate.check_paths", boom)
        worker._run(tally, "x.yaml", "any", ["validate", "forgotten-souls"])
        assert (tally.runs, tally.unplaced, tally.tracebacks, tally.refused) == (2, 1, 1, 1)
        assert "RuntimeError: a bug" in tally.examples["tracebacks"][0]["detail"]
    finally:
        worker.close()


def test_the_hostile_bench_runs_one_variant_again_by_its_index():
    """`--only INDEX`: the hang the whole run found (variant 2560 of the Heldentaufe board: a row of
    10,000 letters, 14.6 s of CPU before the fix) runs alone and is one quick refusal."""
    proc = subprocess.run([sys.executable, str(BENCH.parent / "hostile.py"), "--files", "heldentaufe/underworld",
                           "--only", "2560", "--json"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    total = json.loads(proc.stdout)["total"]
    assert total["variants"] == 1 and total["runs"] == 2 and total["refused"] == 2     # validate and simulate
    assert total["slowest_cpu_s"] < 2.0


def test_solo_ready_bench_compares_schedules_in_paired_games():
    """bench/solo_ready.py (the lone hero's SOLO_READY schedules, figures in docs/underworld.md):
    the shipped schedule against the one before on two seeds, and a schedule it cannot read."""
    bench = [sys.executable, str(BENCH.parent / "solo_ready.py")]
    proc = subprocess.run(bench + ["--seeds", "0:2"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("2 paired games of the Underworld alone (seeds 0-1)")
    assert "shipped - before: " in proc.stdout and "won only by shipped" in proc.stdout
    bad = subprocess.run(bench + ["--seeds", "0:2", "before", "late=30:x"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "'late=30:x' is not a schedule: ROUND:P,...,P" in bad.stderr
