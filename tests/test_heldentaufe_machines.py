"""Heldentaufe's two state machines: written as data, drawn by `overlord diagram`, the drawings kept
current, the lookup table agreeing with transitions, and the machines followed in play."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from transitions import Machine

import cli
from heldentaufe_helpers import act, game, put_above
from overlord.core import machines as core_machines
from overlord.games.heldentaufe import engine, machines, monsters

DOCS = Path(__file__).resolve().parent.parent / "docs" / "machines"
NAMES = [machines.CYCLE, machines.LIFE]


@pytest.mark.parametrize("name", NAMES)
def test_the_shipped_drawing_is_current(name):
    """docs/internals.md, "Conventions", "State machines are data": its drawing ships, tested to stay current."""
    drawing = DOCS / f"{name}.mmd"
    assert drawing.exists(), f"{drawing} is missing: run `overlord diagram {name} > docs/machines/{name}.mmd`"
    assert drawing.read_text(encoding="utf-8") == core_machines.mermaid(name), (
        f"docs/machines/{name}.mmd no longer matches the machine; regenerate it with "
        f"`overlord diagram {name} > docs/machines/{name}.mmd`")


@pytest.mark.parametrize("name", NAMES)
def test_overlord_diagram_draws_it(name):
    result = CliRunner().invoke(cli.main, ["diagram", name])
    assert result.exit_code == 0 and result.output == core_machines.mermaid(name)


@pytest.mark.parametrize("states, transitions, name, args", [
    (machines.CYCLE_STATES, machines.CYCLE_TRANSITIONS, machines.CYCLE, [()]),
    (machines.MONSTER_STATES, machines.MONSTER_TRANSITIONS, machines.LIFE,
     [(SimpleNamespace(stack=[5]),), (SimpleNamespace(stack=[]),)]),
])
def test_the_lookup_table_agrees_with_transitions(states, transitions, name, args):
    """The game runs the machine as a lookup table; for every state, trigger and guard value it gives
    what transitions itself gives."""
    names = [s if isinstance(s, str) else s["name"] for s in states]
    triggers = sorted({t["trigger"] for t in transitions})
    for state in names:
        for trigger in triggers:
            for a in args:
                model = SimpleNamespace()
                m = Machine(model=model, states=states, transitions=transitions, initial=state,
                            auto_transitions=False, ignore_invalid_triggers=True)
                try:
                    fired = getattr(model, trigger)(*a)
                except AttributeError:
                    fired = False
                expected = model.state if fired else None
                try:
                    got = machines.step(name, state, trigger, *a)
                except machines.Refused:
                    got = None
                assert got == expected, (state, trigger, a)
                del m


def test_a_trigger_not_allowed_is_refused_by_name():
    with pytest.raises(machines.Refused, match="trigger 'pass_marker' is not allowed in state 'empty'; allowed: enter"):
        machines.step(machines.CYCLE, "empty", "pass_marker")
    with pytest.raises(machines.Refused, match="'rebuild' is not allowed in state 'gone'; allowed: none"):
        machines.step(machines.LIFE, "gone", "rebuild", SimpleNamespace(stack=[]))


def test_the_underworld_cycle_in_play():
    """Empty; the marker placed when the first hero enters; the monsters' turn when play passes it;
    set aside and rebuilt when the last hero leaves."""
    c, s = game(("erla", "corlof"))
    seen = [s.cycle]
    put_above(s, "erla", "0,1", "portal-1")
    act(c, s, do="descend", portal=1)
    seen.append(s.cycle)
    act(c, s, do="end")
    seen.append(s.cycle)
    engine.monster_phase(c, s)
    seen.append(s.cycle)
    act(c, s, do="end")                                # corlof
    if s.board["erla"].world == "under":
        act(c, s, do="ascend")
    seen.append(s.cycle)
    assert seen == ["empty", "marked", "monster_turn", "marked", "empty"]
    assert any(e.get("event") == "rebuilt" for e in s.log)


def test_a_monsters_life_in_play():
    """On its nest; abroad; back home; killed (its top tooth taken); back on its nest stronger at the
    rebuild; gone when its last tooth is taken."""
    c, s = game()
    m = s.monsters["wallrog"]
    trail = [m.life]
    monsters.moved(c, m, "2,3")
    trail.append(m.life)
    monsters.moved(c, m, "1,3")
    trail.append(m.life)
    monsters.kill(c, s, m)
    trail.append(m.life)
    monsters.rebuild(c, s)
    trail.append(m.life)
    m.stack = [5]
    monsters.kill(c, s, m)
    trail.append(m.life)
    assert trail == ["on_nest", "abroad", "on_nest", "killed", "on_nest", "gone"]
