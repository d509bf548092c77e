"""The tiny game of the test suite (``tests/tinygame``) goes through every generic command and
tool of the framework with no line of its own outside its package: ``games``, ``validate``,
``schema``, ``deck``, ``diagram``, ``play`` (scripted) and ``resume``, ``simulate --jobs 2``,
``replay``, ``soak``, and the PettingZoo environment's refusal of a party the scenario does not
allow (what every game must pass - PettingZoo's own tests among them - is tests/test_conformance.py).
If this passes, a new game written to the interface gets all of them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from overlord.core.behaviour import Situation
from overlord.core.game import RulesError
from overlord.games import registry
from tinygame.game import GAME
from cli_helpers import run

SCENARIO = str(Path(__file__).resolve().parent / "tinygame" / "content" / "gauntlet.yaml")
CONTENT = str(Path(SCENARIO).parent)


@pytest.fixture(autouse=True)
def tiny(monkeypatch):
    monkeypatch.setenv(registry.ENVIRONMENT, "tinygame.game:GAME")   # for worker processes
    registry.register(GAME)


def test_games_lists_it():
    assert any(line.startswith("tiny ") and "The Gauntlet" in line for line in run("games").output.splitlines())


def test_validate_and_schema_know_its_content(tmp_path):
    assert run("validate", CONTENT).output.strip() == "3 files checked: no problems"
    schema = json.loads(run("schema").output)
    assert any("tiny_cards" in json.dumps(d) for d in schema["$defs"].values())
    bad = tmp_path / "cards.yaml"
    bad.write_text("tiny_cards:\n  - {id: creep, advance: 9}\n")
    out = run("validate", str(bad))
    assert out.exit_code == 1
    assert f"{bad}:2:26: card 'creep', advance: input should be less than or equal to 6, got 9" in out.output
    bad.write_text("tiny_cards:\n  - {id: creep}\n  - {id: creep}\n")
    assert f"{bad}:3:10: card id 'creep' is used twice" in run("validate", str(bad)).output


def test_a_scenario_that_names_no_game_or_an_unknown_one_is_one_line(tmp_path):
    text = Path(SCENARIO).read_text()
    unknown = tmp_path / "a.yaml"
    unknown.write_text(text.replace("game: tiny", "game: tinny"))
    out = run("simulate", str(unknown), "--games", "1")
    assert out.exit_code == 1
    assert out.output.strip().startswith(f"{unknown}:2:7: unknown game 'tinny' (did you mean 'tiny'?); registered games:")


def test_deck_and_diagram():
    out = json.loads(run("deck", SCENARIO, "warden", "--seed", "3", "--json").output)
    assert out["order"] == ["maul", "watch", "lunge", "charge", "creep"]
    assert "asleep --> hunting: wake" in run("diagram", "tiny-warden").output


def test_play_scripted_then_resume_from_the_save(tmp_path):
    save = tmp_path / "g.db"
    out = run("play", SCENARIO, "--heroes", "ana,bo", "--seed", "3", "--save", str(save),
              input="step ana\ndash bo 2\nstep zed\nquit\n")
    assert out.exit_code == 0, out.output
    assert "bo dashes (rolled 2): space 2, health 3" in out.output
    assert "the Warden draws maul: moves 1 toward bo (closest: 3 spaces), now on 4" in out.output
    assert "not legal now: step zed; legal: step ana; dash ana; rest ana" in out.output
    again = run("resume", str(save), input="status\nundo\nquit\n")
    assert "resumed" in again.output and "round 2; doom 1/12; the Warden on 4, hunting" in again.output
    assert "undone: dash bo 2" in again.output


def test_simulate_gives_the_same_records_with_two_jobs_and_the_logs_replay(tmp_path):
    one = run("simulate", SCENARIO, "--games", "6", "--heroes", "1,2", "--json", "--log", str(tmp_path / "a"))
    two = run("simulate", SCENARIO, "--games", "6", "--heroes", "1,2", "--json", "--jobs", "2")
    assert one.exit_code == 0 and one.output == two.output
    logs = sorted((tmp_path / "a").glob("*.jsonl"))
    assert len(logs) == 12
    assert "every event and the end match" in run("replay", str(logs[3])).output
    board = run("replay", str(logs[3]), "--round", "1").output.splitlines()   # the table's status and picture
    assert board[-2].startswith("after round 1: round 2; doom") and board[-1].split()[-1] == "X", board
    tampered = tmp_path / "t.jsonl"
    lines = logs[3].read_text().splitlines()
    first_doom = next(i for i, line in enumerate(lines) if '"event": "doom"' in line)
    lines[first_doom] = lines[first_doom].replace('"doom": 1', '"doom": 2')
    tampered.write_text("\n".join(lines) + "\n")
    out = run("replay", str(tampered))
    assert out.exit_code == 1 and f"event {first_doom} differs" in out.output


def test_soak_finds_no_violation():
    out = run("soak", SCENARIO, "--games", "20")
    assert out.exit_code == 0 and out.output.strip().endswith("0 violations")


def test_the_pettingzoo_environment_refuses_a_party_the_scenario_does_not_allow():
    pytest.importorskip("pettingzoo")
    from overlord.sim.environment import env
    with pytest.raises(ValueError, match="heroes=3: The Gauntlet is for 1, 2 heroes"):
        env(scenario=SCENARIO, heroes=3)


def test_the_tiny_games_behaviour_specs_pass():
    """A game from outside the package answers `overlord check` through the interface's arrange
    and ask (docs/adding-a-game.md, 8), its specs beside its scenario."""
    out = run("check", str(Path(CONTENT) / "specs.yaml"))
    assert out.exit_code == 0, out.output
    assert "3 specs in 1 file: 3 passed" in out.output


def test_a_situation_drawn_as_a_map_is_refused_by_a_game_that_answers_on_none():
    """A game answers a spec drawn as a map only where it says how (SpecSupport.on_map)."""
    with pytest.raises(RulesError, match="tiny sets up no situation from a map: name a scenario instead"):
        GAME.specs.pose(GAME, Situation(board=object()))
