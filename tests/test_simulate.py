"""Headless play: bots choose only legal actions, every game's seed derives from the master
seed, and the same command gives the same summary and logs whatever the number of jobs."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from overlord.games.descent.content.quest import load_quest, resolve_scenario
from descent_helpers import play_game, soak
from overlord.games.descent import bots
from overlord.sim.run import game_seeds

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def quest():
    return load_quest(resolve_scenario("forgotten-souls"))


def test_game_seeds_derive_from_the_master_seed():
    assert game_seeds(7, 5) == game_seeds(7, 5)
    assert len(set(game_seeds(7, 50))) == 50 and game_seeds(7, 3) != game_seeds(8, 3)
    assert game_seeds(7, 5)[:3] == game_seeds(7, 3)


@pytest.mark.parametrize("bot", bots.BOTS)
def test_bots_choose_only_legal_actions(quest, bot, monkeypatch):
    real = bots.perform
    chosen = []

    def checked(game, hero, kind, option, rng):
        legal = bots.legal_actions(game, hero)
        assert kind in legal and option in legal[kind], (kind, option, sorted(legal))
        chosen.append(kind)
        return real(game, hero, kind, option, rng)
    monkeypatch.setattr(bots, "perform", checked)
    record = play_game(quest, 3, 3, bot, max_rounds=8)
    assert chosen and record["rounds"] >= 1


def test_a_record_says_how_the_game_ended(quest):
    r = play_game(quest, 11, 2, "heuristic", max_rounds=30)
    assert r["result"] in ("victory", "defeat", "unfinished") and r["reason"]
    assert r["heroes"] == 2 and r["timeline"] and set(r["cards"]) == {"exploration", "peril", "activation"}
    assert json.loads(json.dumps(r)) == r


def run_cli(*args):
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_the_same_seed_gives_the_same_summary_and_logs_with_one_or_two_jobs(tmp_path):
    outs = []
    for jobs in (1, 2):
        out = run_cli("simulate", "forgotten-souls", "--games", "4", "--seed", "9", "--heroes", "2,3",
                      "--jobs", str(jobs), "--json", "--log", str(tmp_path / f"logs{jobs}"), "--max-rounds", "12")
        assert out.returncode == 0, out.stderr
        outs.append(out.stdout)
    assert outs[0] == outs[1]
    summary = json.loads(outs[0])
    assert summary["games"] == 8
    one = sorted((tmp_path / "logs1").iterdir())
    two = sorted((tmp_path / "logs2").iterdir())
    assert [p.name for p in one] == [p.name for p in two] and len(one) == 8
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(one, two))


def test_a_short_soak_finds_no_violation(quest):
    steps, found = soak(quest, 3, seed=5, max_rounds=10)
    assert steps > 20 and found == []


def test_replay_checks_a_logged_game_and_finds_a_tampered_one(tmp_path):
    out = run_cli("simulate", "forgotten-souls", "--games", "1", "--seed", "2", "--json",
                  "--log", str(tmp_path), "--max-rounds", "6")
    assert out.returncode == 0, out.stderr
    log = tmp_path / "game-000000.jsonl"
    ok = run_cli("replay", str(log))
    assert ok.returncode == 0 and "every event and the end match" in ok.stdout
    board = run_cli("replay", str(log), "--round", "2")
    assert board.returncode == 0 and "after round 2" in board.stdout and "A=syndrael" in board.stdout
    lines = log.read_text().splitlines()
    event = json.loads(lines[5])
    event["tampered"] = True
    lines[5] = json.dumps(event)
    log.write_text("\n".join(lines) + "\n")
    bad = run_cli("replay", str(log))
    assert bad.returncode == 1 and "event 5 differs" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_is_told_each_game_as_its_record_comes_in(jobs):
    """``simulate``'s ``progress`` gets each game's record (the bar counts them, bench/mcts_bench.py
    keeps them as they end): the same records, in the same order, as the batch returns."""
    from overlord.sim import run
    seen = []
    records = run.simulate(str(resolve_scenario("forgotten-souls")), 3, 9, [2], "heuristic", jobs,
                           progress=seen.append, max_rounds=4)
    assert seen == records and [r["seed"] for r in seen] == game_seeds(92, 3)


def test_skip_leaves_out_the_games_played_already_and_plays_the_rest_alike():
    """``skip`` (a stopped run resumed): the games named are not played again; the others are the
    whole batch's games, the same records."""
    from overlord.sim import run
    scenario = str(resolve_scenario("forgotten-souls"))
    whole = run.simulate(scenario, 4, 9, [2], "heuristic", 1, max_rounds=4)
    done = frozenset((2, r["seed"]) for r in whole[1:3])
    rest = run.simulate(scenario, 4, 9, [2], "heuristic", 2, max_rounds=4, skip=done)
    drop = lambda r: {k: v for k, v in r.items() if k != "cpu_seconds"}   # noqa: E731
    assert [drop(r) for r in rest] == [drop(whole[0]), drop(whole[3])]


def test_the_dask_backend_gives_the_same_summary_as_the_local_pool():
    pytest.importorskip("dask.distributed")
    args = ["simulate", "forgotten-souls", "--games", "3", "--seed", "9", "--heroes", "2", "--json",
            "--max-rounds", "8"]
    local = run_cli(*args)
    dask = run_cli(*args, "--backend", "dask", "--jobs", "2")
    assert local.returncode == 0 and dask.returncode == 0, dask.stderr
    assert local.stdout == dask.stdout


def test_simulate_writes_png_charts_and_reports_bad_arguments(tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "charts.png"
    out = run_cli("simulate", "forgotten-souls", "--games", "2", "--heroes", "2,3", "--max-rounds", "5",
                  "--plot", str(png))
    assert out.returncode == 0, out.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Win rate" in out.stdout
    bad = run_cli("simulate", "forgotten-souls", "--heroes", "5")
    assert bad.returncode == 2 and "is for 2, 3, 4 heroes" in bad.stderr and "Traceback" not in bad.stderr


def test_move_options_answer_as_the_list_they_stand_for(quest):
    """legal_actions keeps a hero's move options as bitsets (games.descent.reach.Spaces): they answer
    length, indexing, iteration and ``in`` as the plain list of spaces would."""
    from overlord.core.bitsets import bits
    from overlord.core.pathing import mp_levels
    from descent_helpers import play
    game, _ = play(quest, 21, 3, "heuristic", max_rounds=3)
    checked = 0
    for hero in game.state.heroes:
        legal = bots.legal_actions(game, hero)
        if "move" not in legal:
            continue
        scene = game.scene()
        board = scene.board
        f = game.state.figure(hero)
        reach = game.speed(f) + f.stamina - f.fatigue          # speed, and fatigue for more
        levels = mp_levels(board, scene.cells[hero][0], monster=False, enemies=scene.enemy_cells(hero),
                           limit=reach)
        stand = board.bitboard.walk & ~scene.figure_mask()
        _, (sx, sy) = game.board()
        plain = [[x - sx, y - sy] for level in levels[1:] for x, y in map(board.xy, bits(level & stand))]
        spaces = legal["move"]
        assert list(spaces) == plain and spaces == plain and len(spaces) == len(plain)
        assert [spaces[i] for i in range(len(plain))] == plain and spaces[-1] == plain[-1]
        assert all(p in spaces for p in plain)
        assert [999, 999] not in spaces and "x" not in spaces and [0.5, 1] not in spaces
        checked += 1
    assert checked


def test_the_bots_toward_is_the_movement_vocabularys_toward(quest):
    """movement.toward_end (what the heuristic bot weighs) ends where move(..., "toward") does."""
    from overlord.ai.movement import move, toward_end
    from descent_helpers import play
    compared = 0
    for seed in (4, 5, 6):
        game, _ = play(quest, seed, 3, "random", max_rounds=4)
        scene = game.scene()
        for hero in game.state.heroes:
            if hero not in scene.figures:
                continue                             # knocked out: not on the map
            speed = game.speed(game.state.figure(hero))
            for target in [f.id for f in game.state.monsters()] + ["3,3", "1,1"]:
                try:
                    result = move(scene, hero, "toward", target, speed)
                except ValueError:
                    continue
                want = scene.board.node_of(result.end) if result.performed else None
                assert toward_end(scene, hero, target, speed) == want
                compared += 1
    assert compared > 10


def test_a_scene_moved_on_is_the_scene_built_afresh(quest, monkeypatch):
    """game.scene() moves its cached scene on when figures move (Scene.moved); after every
    action it holds what a new Scene of the same figures holds."""
    from overlord.core.figures import Figure, Scene
    real = bots.perform
    compared = []

    def checked(game, hero, kind, option, rng):
        real(game, hero, kind, option, rng)
        scene = game.scene()
        _, (sx, sy) = game.board()
        fresh = Scene(scene.board, [Figure(f.id, f.side, [f.at[0] + sx, f.at[1] + sy], game.speed(f), list(f.size))
                                    for f in game.state.figures if not f.knocked_out], quest.scenario.rules.model_dump())
        for attr in ("cells", "anchor", "occupant", "stack"):
            assert getattr(scene, attr) == getattr(fresh, attr), attr
        assert list(scene.figures) == list(fresh.figures) and scene.figure_mask() == fresh.figure_mask()
        assert [(f.at, f.size, f.speed) for f in scene.figures.values()] == \
            [(f.at, f.size, f.speed) for f in fresh.figures.values()]
        compared.append(kind)
    monkeypatch.setattr(bots, "perform", checked)
    play_game(quest, 8, 3, "heuristic", max_rounds=10)
    assert "move" in compared


def test_a_log_from_before_the_game_interface_replays(tmp_path):
    """Logs written before issue 12 name their scenario by a path of the machine they were made
    on (here /home/someone/overlord/...); the replay finds it as the shipped scenario of that
    name and plays the game again event for event (a random-bot game of three heroes, its header
    as the code before Descent moved onto the game interface wrote it). Its events were logged
    again after issue 39: "If an action has no effect, monsters do not perform that action"
    changed this game from the master flesh moulder's first Heal with nothing to heal (event 289,
    once counted as an action, now not performed: it attacks instead); before it only the words
    of the reasons and the hidden-draw marks changed. The result is the same (defeat, round 19)."""
    log = tmp_path / "old.jsonl"
    log.write_bytes((ROOT / "tests" / "fixtures" / "descent-before-interface.jsonl").read_bytes())
    out = run_cli("replay", str(log))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("every event and the end match")
