"""The Descent co-op round as a state machine over plain state, checked against the rulebook
(the Forgotten Souls rulebook; sections named in each test), and its shipped Mermaid drawing."""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import event, given, settings
from hypothesis import strategies as st

import cli
from overlord.core import machines
from overlord.games.descent import round as rnd
from overlord.games.descent.round import MACHINE, RoundError, allowed, fire, new_state, settle

DRAWING = Path(__file__).resolve().parent.parent / "docs" / "machines" / "round.mmd"
FATE_TOP = 12          # a track length for the tests; the sheet's numbering is not in the rulebook
OVERLORD_PHASE = ["overlord_effects", "fate", "monster_activation"]
TRIGGERS = sorted({t["trigger"] for t in rnd.TRANSITIONS})


def started(heroes=3, **changes) -> dict:
    """A state in round 1's hero phase, then ``changes`` written in (not settled)."""
    state = new_state(heroes, FATE_TOP)
    fire(state, "setup_done")
    state.update(changes)
    return state


def plain(value) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(plain(v) for v in value)
    return value is None or type(value) in (str, int, float, bool)


def play_round(state: dict) -> list[str]:
    """One round with no special events: the phases seen, in order."""
    seen = [state["phase"]]
    for trigger in ("heroes_done", "effects_done", "fate_done", "monsters_done"):
        if trigger in allowed(state):
            seen.append(fire(state, trigger))
    return seen


# -- "Playing the Game", "Overlord Phase" --------------------------------------------------------

def test_setup_then_the_first_round_begins():
    state = new_state(3, FATE_TOP)
    assert state["phase"] == "setup" and state["round"] == 0 and allowed(state) == ["setup_done"]
    assert fire(state, "setup_done") == "hero_phase"
    assert state["round"] == 1


def test_rounds_are_hero_phase_then_the_three_overlord_steps_then_a_new_round():
    """"A round consists of two phases, the Hero phase and the Overlord phase ... Once the Overlord
    phase is complete, the round ends and a new round begins." Overlord phase: 1. Overlord Effects,
    2. Fate, 3. Monster Activation."""
    state = started()
    for n in (1, 2, 3, 4):
        assert state["round"] == n
        assert play_round(state) == ["hero_phase", *OVERLORD_PHASE, "hero_phase"]
    assert state["round"] == 5


def test_the_overlord_phase_begins_only_after_the_heroes():
    """"After all heroes have completed their turns, the Overlord phase begins.\""""
    state = started()
    assert allowed(state) == ["heroes_done"]
    with pytest.raises(RoundError):
        fire(state, "effects_done")


# -- "Overlord Phase in Detail", 2. Fate ---------------------------------------------------------

def test_fate_is_skipped_while_an_exploration_card_is_active():
    """"If there is an active Exploration card, skip the Fate step.\""""
    state = started(active_exploration="shiny-corridor")
    assert play_round(state) == ["hero_phase", "overlord_effects", "monster_activation", "hero_phase"]
    assert state["round"] == 2


def test_fate_is_taken_when_no_exploration_card_is_active():
    """"Otherwise, advance fate by one (see page 4) and resolve one Peril card.\""""
    state = started(active_exploration=None)
    fire(state, "heroes_done")
    assert fire(state, "effects_done") == "fate"
    assert allowed(state) == ["fate_done"]


def test_an_overlord_effect_that_discards_the_card_brings_the_fate_step_back():
    """The hourglass example: "Advance doom by 1. Then, discard this Exploration card." The Fate
    step looks at the card after the Overlord effects, so this round takes Fate."""
    state = started(active_exploration="lengthy-sewers")
    fire(state, "heroes_done")
    state["doom"] += 1
    state["active_exploration"] = None
    assert settle(state) == "overlord_effects"
    assert fire(state, "effects_done") == "fate"


# -- "Monster Activation During a Hero Turn" -----------------------------------------------------

def test_groups_activate_after_an_encounters_setup_and_the_hero_phase_goes_on():
    """"Some Exploration cards cause specific monster groups to activate after the corresponding
    encounter is set up, even though it is not the Overlord phase.\""""
    state = started(active_exploration="deadly-kennel")
    assert allowed(state) == ["activate_groups", "heroes_done"]
    assert fire(state, "activate_groups") == "hero_activation"
    assert allowed(state) == ["groups_done"]
    assert fire(state, "groups_done") == "hero_phase"
    assert state["round"] == 1                      # still the same round
    assert play_round(state)[1:] == ["overlord_effects", "monster_activation", "hero_phase"]


def test_no_activation_during_a_hero_turn_without_an_exploration_card():
    state = started()
    with pytest.raises(RoundError, match="needs has_active_exploration"):
        fire(state, "activate_groups")


# -- "The Overlord Track", "Defeated Heroes", "Winning the Game" ---------------------------------

@pytest.mark.parametrize("phase", rnd.PLAYING)
def test_doom_meeting_fate_loses_at_once_in_any_phase(phase):
    """"If the doom or fate tokens ever occupy the same space on the overlord track, the heroes
    immediately fail the quest and lose the game.\""""
    state = started(phase=phase)
    state["fate"] = state["doom"]
    assert "lose" in allowed(state)
    assert settle(state) == "defeat"
    assert allowed(state) == []


@pytest.mark.parametrize("phase", rnd.PLAYING)
def test_the_lose_trigger_itself_works_from_any_phase(phase):
    state = started(phase=phase, doom=FATE_TOP)
    assert fire(state, "lose") == "defeat"


def test_a_defeated_hero_advancing_fate_onto_doom_ends_the_game_at_the_next_step():
    """"Each time a hero is defeated, advance fate by one." Fate lands on doom during a hero's
    turn: the next step (here, the heroes finishing) ends in defeat, not in the Overlord phase."""
    state = started(doom=6, fate=7)
    state["fate"] -= 1                                 # a hero is defeated
    assert fire(state, "heroes_done") == "defeat"


def test_another_lose_condition_loses_too():
    """Epilogue: "or all 8 villager tokens are placed on the Throne of the Fallen".\""""
    state = started()
    state["failed"] = "all 8 villager tokens are on the Throne of the Fallen"
    assert settle(state) == "defeat"


def test_completing_the_third_main_encounter_wins():
    """"To win, the heroes must successfully complete the third main encounter of the quest.\""""
    state = started(main_encounters_completed=2)
    assert "win" not in allowed(state)
    with pytest.raises(RoundError, match="needs quest_won"):
        fire(state, "win")
    state["main_encounters_completed"] = 3
    assert settle(state) == "victory"
    assert allowed(state) == []


def test_losing_is_checked_before_winning():
    state = started(main_encounters_completed=3, doom=FATE_TOP)
    assert allowed(state) == ["heroes_done", "lose"]
    assert settle(state) == "defeat"


# -- refusals ------------------------------------------------------------------------------------

@pytest.mark.parametrize("phase, trigger, why", [
    ("setup", "heroes_done", "does not leave this phase"),
    ("hero_phase", "fate_done", "does not leave this phase"),
    ("hero_phase", "monsters_done", "does not leave this phase"),
    ("overlord_effects", "groups_done", "does not leave this phase"),
    ("fate", "lose", "needs quest_lost"),
    ("monster_activation", "win", "needs quest_won"),
    ("hero_phase", "draw_peril", "no such trigger"),
    ("victory", "heroes_done", "the game is over"),
    ("defeat", "lose", "the game is over"),
])
def test_an_illegal_trigger_raises_and_changes_nothing(phase, trigger, why):
    state = started(phase=phase)
    before = copy.deepcopy(state)
    with pytest.raises(RoundError) as e:
        fire(state, trigger)
    assert state == before
    message = str(e.value)
    assert f"phase {phase!r}" in message and why in message
    assert e.value.phase == phase and e.value.trigger == trigger and e.value.allowed == allowed(state)
    assert f"allowed here: {', '.join(allowed(state)) or 'none'}" in message


def test_a_state_with_an_unknown_phase_is_refused():
    with pytest.raises(RoundError, match="unknown phase 'lunch'"):
        allowed({"phase": "lunch", "round": 1, "doom": 3, "fate": 9})


# -- plain state, no machine inside --------------------------------------------------------------

def test_the_state_stays_plain_json_after_every_step():
    state = new_state(4, FATE_TOP)
    steps = ["setup_done", "heroes_done", "effects_done", "fate_done", "monsters_done", "heroes_done"]
    for trigger in steps:
        fire(state, trigger)
        text = json.dumps(state, sort_keys=True)
        assert json.loads(text) == state
        assert plain(state)
    assert state["phase"] == "overlord_effects" and state["round"] == 2


def test_the_machine_is_not_bound_into_the_state():
    """docs/internals.md, "State machines are data": one module-level machine, model=None, never in the state."""
    state = started(active_exploration="x")
    for trigger in ("activate_groups", "groups_done", "heroes_done", "effects_done"):
        fire(state, trigger)
    assert set(state) == {"phase", "round", "doom", "fate", "active_exploration",
                          "main_encounters_completed", "failed"}
    assert plain(state)
    assert MACHINE.models == []                      # no model was ever added to the machine
    assert rnd.RoundModel.__slots__ == ("state",)
    assert len(pickle.dumps(state)) < 400            # a machine inside would make this many KB


def test_the_machine_is_data_with_named_guards():
    assert [t["trigger"] for t in rnd.TRANSITIONS] and rnd.STATES[0] == "setup"
    for t in rnd.TRANSITIONS:
        assert set(t) <= {"trigger", "source", "dest", "conditions", "unless", "after"}
        for guard in t.get("conditions", []) + t.get("unless", []):
            assert guard.__name__.isidentifier() and getattr(rnd, guard.__name__) is guard
    assert MACHINE.auto_transitions is False


# -- every step of random play keeps the invariants ----------------------------------------------

EFFECTS = {
    "advance doom": lambda s: s.update(doom=s["doom"] + 1),
    "advance fate": lambda s: s.update(fate=s["fate"] - 1),
    "fate backward": lambda s: s.update(fate=s["fate"] + 1),
    "explore": lambda s: s.update(active_exploration="card"),
    "discard card": lambda s: s.update(active_exploration=None),
    "complete main encounter": lambda s: s.update(main_encounters_completed=s["main_encounters_completed"] + 1),
}
ACTIONS = st.one_of(st.tuples(st.just("play"), st.integers(0, 3)),      # the n-th allowed trigger
                    st.sampled_from([("fire", t) for t in TRIGGERS + ["bogus"]]),   # any, often illegal
                    st.sampled_from([("effect", e) for e in EFFECTS]))


@settings(max_examples=300, deadline=None)
@given(heroes=st.integers(2, 4), gap=st.integers(1, 6), done=st.integers(0, 2),
       actions=st.lists(ACTIONS, max_size=80))
def test_random_play_keeps_the_invariants(heroes, gap, done, actions):
    """API conformance: random triggers and effects; the invariants hold after every step."""
    state = new_state(heroes, heroes + gap)         # a short track and some main encounters done,
    state["main_encounters_completed"] = done       # so that games end often
    for kind, what in actions:
        before = copy.deepcopy(state)
        if kind == "play":
            ok = allowed(state)
            if ok:
                fire(state, ok[what % len(ok)])
        elif kind == "fire":
            ok = allowed(state)
            try:
                fire(state, what)
            except RoundError:
                assert what not in ok and state == before          # refused: nothing changed
            else:
                assert what in ok
        else:
            EFFECTS[what](state)
            settle(state)
        assert state["phase"] in rnd.PHASES
        assert state["round"] >= before["round"]
        assert json.loads(json.dumps(state)) == state and plain(state)
        if state["phase"] in rnd.TERMINAL:
            assert allowed(state) == []
            for trigger in TRIGGERS:
                with pytest.raises(RoundError):
                    fire(copy.deepcopy(state), trigger)
        else:
            assert not rnd.quest_lost(state) and not rnd.quest_won(state)   # settled
        if before["phase"] in rnd.TERMINAL:
            assert state["phase"] == before["phase"]                        # over is over
    assert MACHINE.models == []
    event(f"ended in {state['phase']}")           # see --hypothesis-show-statistics


# -- the registry and the drawing ----------------------------------------------------------------

def test_the_shipped_drawing_is_current():
    assert DRAWING.exists(), f"{DRAWING} is missing: run `overlord diagram round > docs/machines/round.mmd`"
    assert DRAWING.read_text(encoding="utf-8") == machines.mermaid("round"), (
        "docs/machines/round.mmd no longer matches the round machine; regenerate it with "
        "`overlord diagram round > docs/machines/round.mmd`")


def test_the_drawing_is_the_same_in_another_process():
    code = "from overlord.games import registry; registry.games(); from overlord.core.machines import mermaid; print(mermaid('round'), end='')"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], cwd=DRAWING.parents[2], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == machines.mermaid("round")


def test_the_drawing_shows_every_transition_and_guard():
    text = machines.mermaid("round")
    assert text.startswith("stateDiagram-v2\n") and text.endswith("\n")
    assert text == machines.mermaid("round")                                    # deterministic
    lines = [line.strip() for line in text.splitlines()]
    assert "[*] --> setup" in lines
    assert "overlord_effects --> fate: effects_done [not has_active_exploration]" in lines
    assert "overlord_effects --> monster_activation: effects_done [has_active_exploration]" in lines
    assert "victory --> [*]" in lines and "defeat --> [*]" in lines
    for phase in rnd.PLAYING:
        assert f"{phase} --> defeat: lose [quest_lost]" in lines
        assert f"{phase} --> victory: win [quest_won and not quest_lost]" in lines
    edges = [line for line in lines if "-->" in line and "[*]" not in line]
    assert len(edges) == 8 + 2 * len(rnd.PLAYING)


def test_the_registry_refuses_unknown_names_and_clashes():
    with pytest.raises(machines.UnknownMachine, match=r"did you mean 'round'"):
        machines.get("rund")
    with pytest.raises(ValueError, match="already registered"):
        machines.register("round", machines.MachineDef("x", ["a"], [], "a", module="elsewhere"))
    with pytest.raises(ValueError, match="named function"):
        machines.register("lambda-test", machines.MachineDef(
            "x", ["a", "b"], [{"trigger": "go", "source": "a", "dest": "b", "conditions": [lambda s: True]}],
            "a", module=__name__))
    assert "lambda-test" not in machines.names()


def test_cli_prints_lists_and_refuses(tmp_path):
    runner = CliRunner()
    one = runner.invoke(cli.main, ["diagram", "round"])
    assert one.exit_code == 0 and one.output == machines.mermaid("round")
    every = runner.invoke(cli.main, ["diagram"])
    assert every.exit_code == 0 and "%% round\nstateDiagram-v2\n" in every.output
    listed = runner.invoke(cli.main, ["diagram", "--list"])
    assert listed.exit_code == 0 and "round" in [line.split()[0] for line in listed.output.splitlines()]
    bad = runner.invoke(cli.main, ["diagram", "rund"])
    assert bad.exit_code == 2 and isinstance(bad.exception, SystemExit)
    assert bad.output.strip().splitlines() == [
        "overlord: no machine named 'rund' (did you mean 'round'?); known: " + ", ".join(machines.names())]


def test_the_lookup_table_answers_as_transitions_does():
    """The game loop reads the machine as a table (round.TABLE, built from MACHINE): for every
    phase and every value of the guards, the same triggers are allowed and each leads to the
    same state as through transitions itself."""
    import itertools
    checked = 0
    for phase, active, (doom, fate), failed, mains, rnd_no in itertools.product(
            rnd.PHASES, (None, "card"), ((2, 9), (9, 9), (10, 9)), (None, "villagers"), range(4), (0, 3)):
        state = {"phase": phase, "round": rnd_no, "doom": doom, "fate": fate, "active_exploration": active,
                 "main_encounters_completed": mains, "failed": failed}
        assert allowed(state) == rnd.allowed_by_machine(state), state
        for trigger in TRIGGERS:
            if trigger not in allowed(state):
                continue
            fast, slow = copy.deepcopy(state), copy.deepcopy(state)
            rnd._apply(fast, trigger)
            rnd.apply_by_machine(slow, trigger)
            assert fast == slow, (state, trigger)
            checked += 1
    assert checked > 100


def test_a_table_refuses_a_machine_with_callbacks_it_cannot_run():
    from transitions import Machine
    m = Machine(model=None, states=["a", {"name": "b", "on_enter": [lambda: None]}],
                transitions=[{"trigger": "go", "source": "a", "dest": "b"}], initial="a", auto_transitions=False)
    with pytest.raises(ValueError, match="enter"):
        machines.compile_table(m)
    m = Machine(model=None, states=["a", "b"], initial="a", auto_transitions=False,
                transitions=[{"trigger": "go", "source": "a", "dest": "b", "before": [lambda: None]}])
    with pytest.raises(ValueError, match="callbacks"):
        machines.compile_table(m)
