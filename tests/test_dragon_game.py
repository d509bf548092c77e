"""Under the Shadow of the Dragon through the game interface: its state machines (drawn and kept
current), the co-operative mode's Dragon phase and clock, the book's game for two, seeded
determinism, random play with the invariants after every step, and every generic command of the
framework (play with saves and undo, simulate, replay, soak, deck, diagram) with no line of the
Dragon outside its package. What every game must pass (the PettingZoo view among them) is
tests/test_conformance.py."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import cli
from dragon_helpers import COOP, DUEL, ROOT, act, content, events_of, give, match, stand
from overlord.core import machines
from overlord.games import registry
from overlord.games.dragon import machines as dm
from overlord.games.dragon.game import GAME
from overlord.sim.play import play
from cli_helpers import run
from overlord.core.game import match_json


# -- the machines -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["dragon", "dragon-man", "dragon-phase"])
def test_the_shipped_drawings_are_current(name):
    drawing = ROOT / "docs" / "machines" / f"{name}.mmd"
    assert drawing.read_text(encoding="utf-8") == machines.mermaid(name), (
        f"regenerate with `overlord diagram {name} > docs/machines/{name}.mmd`")


def test_a_refused_trigger_names_the_state_and_what_is_allowed():
    m = match(("orc",))
    with pytest.raises(dm.TriggerRefused, match="trigger 'slay' is not allowed in state 'lair' .* allowed here: challenge"):
        dm.fire("dragon", "lair", "slay", m.state, m.content)
    with pytest.raises(dm.TriggerRefused, match="trigger 'hoard_full' is not allowed in state 'lair' .*needs hoard_at_limit"):
        dm.fire("dragon", "lair", "hoard_full", m.state, m.content)


# -- the co-operative mode ----------------------------------------------------------------------------------

def test_the_dragon_plays_a_card_after_every_round_its_phase_is_due():
    """Ours: after every ``dragon_every`` rounds (2 heroes: every 3rd) the Dragon plays its top card."""
    m = match(("orc", "paladin"))
    every = content().scenario.coop.dragon_every[2]
    for _ in range(2 * every):
        assert GAME.to_act(m) is not None
        act(m, {"do": "end"})
    assert GAME.to_act(m) is None and m.state.phase == "dragon" and m.state.round == every
    evs = GAME.enemy_phase(m)
    card = events_of(evs, "dragon_card")[0]
    assert card["card"] in content().cards and m.state.phase == "heroes" and m.state.round == every + 1
    assert GAME.to_act(m) == "orc"


def test_the_hoard_is_the_clock():
    """Ours: the hoard reaching its limit ends the co-operative game in defeat."""
    m = match(("orc", "paladin"))
    m.state.sheets["orc"].gold = 20
    m.state.hoard = content().scenario.coop.hoard_limit[2] - 1
    from overlord.games.dragon import events
    from overlord.games.dragon.state import Ctx
    events.plunder(Ctx(m.state, m.content, None, None), 1, "orc")
    out = GAME.outcome(m)
    assert out.result == "defeat" and out.reason.startswith("the Dragon's hoard is complete")
    assert m.state.dragon == "triumphant" and m.state.phase == "over" and GAME.legal_actions(m) == []


@pytest.mark.parametrize("start, orc_gold, paladin_gold, over", [
    pytest.param(-1, 1, 0, True, id="one below, one hero robbed: exactly on the limit, the game is lost"),
    pytest.param(-2, 1, 0, False, id="two below, one hero robbed: one below, the game goes on"),
    pytest.param(-2, 1, 1, True, id="two below, both robbed: exactly on the limit"),
    pytest.param(-1, 0, 0, False, id="'Heroes without any gold pieces will not be robbed': nothing added"),
])
def test_the_hoard_landing_exactly_on_its_limit(start, orc_gold, paladin_gold, over):
    """Plunder!: "The Dragon takes 1 gold piece per hero ... These gold pieces he deposits in the
    Dragon's lair (V9). Heroes without any gold pieces will not be robbed." Ours: the co-operative
    game is lost when the hoard reaches its limit - reaching it exactly is enough."""
    m = match(("orc", "paladin"))
    limit = content().scenario.coop.hoard_limit[2]
    m.state.hoard = limit + start
    m.state.sheets["orc"].gold, m.state.sheets["paladin"].gold = orc_gold, paladin_gold
    from overlord.games.dragon import events
    from overlord.games.dragon.state import Ctx
    evs = events.plunder(Ctx(m.state, m.content, None, None), 1, "orc")
    assert m.state.hoard == limit + start + orc_gold + paladin_gold
    assert (m.state.hoard == limit) is over
    assert bool(events_of(evs, "hoard_full")) is over and (GAME.outcome(m) is not None) is over


def test_the_hoard_completed_at_the_table(tmp_path):
    """At the table the Dragon's Hunger card (ours: "a gold piece more in his lair") brings the hoard
    from one below to exactly its limit: the game is lost, and the table says so."""
    from dragon_helpers import at_table, typed
    session = at_table(tmp_path, ("orc", "paladin"))
    m = session.match
    limit = content().scenario.coop.hoard_limit[2]
    m.state.hoard = limit - 1
    m.state.round = content().scenario.coop.dragon_every[2]
    m.state.dragon_deck.draw.remove("hunger")
    m.state.dragon_deck.draw.insert(0, "hunger")
    told = typed(session, "end", "end")
    assert f"the hoard grows by 1 to {limit} gold" in told and f"the Dragon's hoard is complete: {limit} gold" in told
    assert "== Defeat ==" in told and not session.execute("end").ok


def test_a_fallen_challenger_leaves_the_others_their_rounds():
    """Ours, after the book: a challenger falls; the others have ``follow_up_rounds`` rounds."""
    m = match(("orc", "paladin", "halfling"))
    give(m, "orc", "hildebrandt", back=True)
    give(m, "orc", "rope")
    stand(m, "orc", "V1")
    act(m, {"do": "rappel"}, [6, 6] * 8)
    assert m.state.dragon == "victorious" and m.state.follow_up == content().scenario.coop.follow_up_rounds
    rounds = 0
    while GAME.outcome(m) is None:
        if GAME.to_act(m) is None:
            GAME.enemy_phase(m)
            rounds += 1
        else:
            act(m, {"do": "end"}, [1] * 20)
    assert GAME.outcome(m).reason.startswith("Dragon Victory") and m.state.at["orc"].out


# -- determinism and invariants ----------------------------------------------------------------------------

def test_the_same_seed_gives_the_same_game_byte_for_byte_in_any_process():
    code = ("from overlord.games import registry; from overlord.sim.play import play; from overlord.core.game import match_json; "
            "r, c, _ = registry.open_scenario('dragon'); "
            "print(match_json(play(r, c, 5, 2, 'heuristic', 25)[0]))")
    outs = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        outs.add(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                                cwd=ROOT, check=True).stdout)
    assert len(outs) == 1


@pytest.mark.parametrize("path, heroes, bot", [
    (COOP, 1, "heuristic"), (COOP, 3, "random"), (COOP, 4, "heuristic"), (DUEL, 2, "random"), (DUEL, 2, "heuristic"),
])
def test_random_play_keeps_every_invariant_after_every_step(path, heroes, bot):
    rules, c = GAME, content(path)
    seen = []

    def check(m):
        problems = rules.violations(m, full=True)
        assert not problems, problems
        seen.append(m.state.round)
    m, _ = play(rules, c, 11 + heroes, heroes, bot, 30, check)
    assert len(seen) > 20
    assert match_json(rules.from_json(c, match_json(m))) == match_json(m)


# -- the book's game for two --------------------------------------------------------------------------------

def test_the_books_game_has_no_dragon_phase_and_reports_its_victories():
    m, _ = play(GAME, content(DUEL), 3, 2, "heuristic", 80)
    assert not [e for e in m.state.log if e["event"] == "dragon_card"]
    rec = GAME.record(m)
    assert "book" in rec and set(rec["book"].values()) <= {"major", "minor", "dragon"}


def test_the_duel_is_for_two():
    with pytest.raises(Exception, match="is for 2 heroes, not 3"):
        GAME.new_match(content(DUEL), ["orc", "paladin", "halfling"], 1)


# -- the framework's commands --------------------------------------------------------------------------------

def test_games_deck_and_diagram():
    assert any(line.startswith("dragon ") for line in run("games").output.splitlines())
    out = json.loads(run("deck", "dragon", "dragon", "--seed", "3", "--json").output)
    assert sorted(out["order"]) == sorted(content().cards)
    assert "challenged --> slain: slay" in run("diagram", "dragon").output


def test_play_at_the_table_then_resume_and_undo(tmp_path):
    save = tmp_path / "g.db"
    out = run("play", "dragon", "--heroes", "orc,paladin", "--seed", "4", "--save", str(save),
              input="1\nmove X9\nfight x y\nend\nstatus\nquit\n")
    assert out.exit_code == 0, out.output
    assert "orc, move (3 movement left):" in out.output and "   1. move T3" in out.output
    assert "move X9: not possible now; possible: move S9; move T2" in out.output
    again = run("resume", str(save), input="undo\nundo\nquit\n")
    assert "resumed" in again.output and "undone: end" in again.output


def test_undo_never_goes_back_past_a_hidden_draw(tmp_path):
    save = tmp_path / "g.db"
    script = "end\n" * 6 + "undo\nquit\n"     # the sixth `end` ends round 3: the Dragon plays a card
    out = run("play", "dragon", "--heroes", "orc,paladin", "--seed", "4", "--save", str(save), input=script)
    assert "the Dragon plays" in out.output
    assert "undo refused: 'end' brought into view the Dragon's card (Attack!); the players have seen it" in out.output


def test_a_command_the_rules_refuse_changes_nothing(tmp_path):
    out = run("play", "dragon", "--heroes", "orc", "--seed", "4", input="fight dragon close\nbuy x\n9\nstatus\nquit\n")
    assert "fight: not possible now" in out.output and "no option 9" in out.output
    assert "orc: T2; 5/5 HP" in out.output


def test_simulate_replay_and_soak(tmp_path):
    one = run("simulate", "dragon", "--games", "4", "--heroes", "1,2", "--json", "--log", str(tmp_path / "a"))
    two = run("simulate", "dragon", "--games", "4", "--heroes", "1,2", "--json", "--jobs", "2")
    assert one.exit_code == 0 and one.output == two.output
    logs = sorted((tmp_path / "a").glob("*.jsonl"))
    assert len(logs) == 8
    assert "every event and the end match" in run("replay", str(logs[5])).output
    out = run("soak", "dragon", "--games", "6")
    assert out.exit_code == 0 and out.output.strip().endswith("0 violations")


def test_no_module_outside_the_package_names_the_game():
    """"No module outside your package names your game", apart from the registry line and a combined
    game that combines it (``registry.COMBINES``)."""
    combining = [f"games/{name}/" for name, games in registry.COMBINES.items() if "dragon" in games]
    hits = []
    for path in (ROOT / "overlord").rglob("*.py"):
        if "games/dragon" in path.as_posix() or any(c in path.as_posix() for c in combining):
            continue
        text = path.read_text(encoding="utf-8")
        if "dragon" in text.lower() and path.name not in ("registry.py",):
            hits += [f"{path.relative_to(ROOT)}:{n}" for n, line in enumerate(text.splitlines(), 1)
                     if "games.dragon" in line or "'dragon'" in line or '"dragon"' in line]
    assert hits == [] and (ROOT / "cli.py").read_text().lower().count("dragon") == 0


def test_the_books_game_at_the_table(tmp_path):
    out = run("play", "dragon-duel", "--heroes", "halfling,orc", "--seed", "2", "--json",
              input="1\nend\nstatus\nquit\n")
    rows = [json.loads(line) for line in out.output.splitlines() if line.startswith("{")]
    assert rows[0]["command"] == "start" and rows[0]["to_act"] == "halfling" and rows[0]["hoard"] == 0
    assert any(r["command"] == "end" and r["to_act"] == "orc" for r in rows)
    assert "Dragon phase" not in out.output
