"""Heldentaufe's two state machines, written as data and drawn by ``overlord diagram``
(``docs/machines/heldentaufe-underworld.mmd``, ``heldentaufe-monster.mmd``, kept current by a test).

Neither machine lives in the state: the state keeps the name of the current state (``HState.cycle``,
``Monster.life``) and :func:`step` runs the module-level machine's lookup table over it.

The Underworld's cycle ("A Portal Leads You Into the Underworld", "The Monsters Take Their Turn",
"Leaving the Underworld", "Rebuilding the Underworld"):

- ``empty``: no hero below, the monster boss marker set aside ("the monsters are now inactive");
- ``enter`` -> ``marked``: "As soon as you enter the Underworld, place the monster boss marker
  between you and the next player on the table. It shows at which point the monsters take their
  turn." Only the first hero to enter places it ("As long as heroes are in the Underworld, it
  remains in this position");
- ``pass_marker`` -> ``monster_turn`` when play passes the marker; ``turn_over`` back to ``marked``;
- ``last_leaves`` -> ``rebuilding`` when no hero remains below (from ``marked``, or from
  ``monster_turn`` when the monsters knock the last hero out); ``rebuilt`` -> ``empty``.

A monster's life ("Setup" 4, "Defeating a Monster", "Rebuilding the Underworld"):

- ``on_nest`` -``leave_nest``-> ``abroad`` -``come_home``-> ``on_nest`` (it steps back on its nest);
- ``kill`` [teeth_left] -> ``killed``: "remove that monster figure from the Underworld board. As a
  reward you receive the topmost monster tooth";
- ``kill`` [not teeth_left] -> ``gone`` (final): "If a monster has lost all its teeth before the
  game ends, it packs its things in frustration and never returns";
- ``rebuild``: ``killed`` -> ``on_nest`` back stronger, its next tooth on top ("Put all 3 monsters
  back on their nests. Place all hearts back on the defeated monsters' boards"), and ``abroad`` ->
  ``on_nest``.
"""

from __future__ import annotations

from transitions import Machine

from overlord.core import machines
from overlord.core.machines import MachineDef

CYCLE = "heldentaufe-underworld"
LIFE = "heldentaufe-monster"

CYCLE_STATES = ["empty", "marked", "monster_turn", "rebuilding"]
CYCLE_TRANSITIONS = [
    {"trigger": "enter", "source": "empty", "dest": "marked"},
    {"trigger": "pass_marker", "source": "marked", "dest": "monster_turn"},
    {"trigger": "turn_over", "source": "monster_turn", "dest": "marked"},
    {"trigger": "last_leaves", "source": "marked", "dest": "rebuilding"},
    {"trigger": "last_leaves", "source": "monster_turn", "dest": "rebuilding"},
    {"trigger": "rebuilt", "source": "rebuilding", "dest": "empty"},
]


def teeth_left(monster) -> bool:
    """The monster still has a tooth on its stack (after the one just taken)."""
    return bool(monster.stack)


MONSTER_STATES = ["on_nest", "abroad", "killed", {"name": "gone", "final": True}]
MONSTER_TRANSITIONS = [
    {"trigger": "leave_nest", "source": "on_nest", "dest": "abroad"},
    {"trigger": "come_home", "source": "abroad", "dest": "on_nest"},
    {"trigger": "kill", "source": "on_nest", "dest": "killed", "conditions": [teeth_left]},
    {"trigger": "kill", "source": "abroad", "dest": "killed", "conditions": [teeth_left]},
    {"trigger": "kill", "source": "on_nest", "dest": "gone", "unless": [teeth_left]},
    {"trigger": "kill", "source": "abroad", "dest": "gone", "unless": [teeth_left]},
    {"trigger": "rebuild", "source": "killed", "dest": "on_nest"},
    {"trigger": "rebuild", "source": "abroad", "dest": "on_nest"},
]

_CYCLE = machines.compile_table(Machine(model=None, states=CYCLE_STATES, transitions=CYCLE_TRANSITIONS,
                                        initial="empty", auto_transitions=False))
_LIFE = machines.compile_table(Machine(model=None, states=MONSTER_STATES, transitions=MONSTER_TRANSITIONS,
                                       initial="on_nest", auto_transitions=False))

machines.register(CYCLE, MachineDef(
    title="Heldentaufe: the Underworld's cycle (the monster boss marker)", states=CYCLE_STATES,
    transitions=CYCLE_TRANSITIONS, initial="empty", module=__name__))
machines.register(LIFE, MachineDef(
    title="Heldentaufe: a monster's life", states=MONSTER_STATES, transitions=MONSTER_TRANSITIONS,
    initial="on_nest", module=__name__))

TABLES = {CYCLE: _CYCLE, LIFE: _LIFE}


class Refused(ValueError):
    """A trigger the machine does not allow from its state (a bug in the rules, never play)."""


def step(name: str, state: str, trigger: str, *args) -> str:
    """The state after ``trigger`` from ``state`` (guards get ``args``); Refused if not allowed."""
    table = TABLES[name]
    new = machines.table_step(table, state, trigger, *args)
    if new is None:
        allowed = machines.table_allowed(table, state, *args)
        raise Refused(f"{name}: trigger {trigger!r} is not allowed in state {state!r}; "
                      f"allowed: {', '.join(allowed) or 'none'}")
    return new


def allowed(name: str, state: str, *args) -> list[str]:
    return machines.table_allowed(TABLES[name], state, *args)
