"""The Descent co-op round (Forgotten Souls) as a state machine written as data.

From the Forgotten Souls rulebook:

- "Playing the Game": a round is the Hero phase, then the Overlord phase; then a new round begins.
- "Overlord Phase": 1. Overlord Effects, 2. Fate, 3. Monster Activation.
- "Overlord Phase in Detail", 2. Fate: "If there is an active Exploration card, skip the Fate step."
  Asked when the Overlord effects are done, so an effect that discards the card brings Fate back.
- "The Overlord Track": if doom and fate ever occupy the same space, the heroes immediately lose.
- "Winning the Game": the heroes win by completing the third main encounter.
- "Monster Activation During a Hero Turn": after an Exploration card's encounter is set up, the
  groups it names activate during the Hero phase; then the Hero phase goes on.

The game state is a plain dict. This module reads and writes only these keys:

=========================== ================================================================
``phase``                   the machine's state, a name from ``STATES``
``round``                   0 during setup, 1 in the first round; +1 when a round ends
``doom``, ``fate``          spaces on the overlord track (doom moves up, fate moves down)
``active_exploration``      id of the active Exploration card, or None
``main_encounters_completed`` 0..3
``failed``                  None, or why another lose condition holds (e.g. "all 8 villager
                            tokens are on the Throne of the Fallen", see "Epilogue")
=========================== ================================================================

The machine is never stored in the state: :func:`fire` makes a throwaway :class:`RoundModel` from
``state["phase"]``, runs the module-level ``MACHINE`` on it and writes the new phase back.
Effects (advance fate, resolve a Peril card, activate monsters) belong to other modules; whoever
changes doom, fate, the encounters or ``failed`` calls :func:`settle`, which ends the game the
moment a lose (first) or win condition holds. :func:`fire` settles after every step.
"""

from __future__ import annotations

from transitions import Machine

from overlord.core.machines import (
    MachineDef,
    allowed_triggers,
    compile_table,
    refusal,
    register,
    table_allowed,
    table_step,
)

FINAL_MAIN_ENCOUNTER = 3      # "Winning the Game": the third main encounter (the Finale); a scenario
                              # whose Exploration deck has another number of main encounters says so


class RoundError(ValueError):
    """A trigger that is not allowed in the current phase, or a state without a known phase."""

    def __init__(self, message: str, phase=None, trigger=None, allowed=()):
        super().__init__(message)
        self.phase, self.trigger, self.allowed = phase, trigger, list(allowed)


# -- guards: small named predicates over the plain game state -----------------------------------

def has_active_exploration(state: dict) -> bool:
    """There is an active Exploration card ("Overlord Phase in Detail", 2. Fate)."""
    return state.get("active_exploration") is not None


def doom_met_fate(state: dict) -> bool:
    """Doom and fate occupy the same space ("The Overlord Track"); doom above fate counts too."""
    return state["doom"] >= state["fate"]


def quest_lost(state: dict) -> bool:
    """Doom met fate, or another lose condition holds (``state["failed"]`` names it)."""
    return doom_met_fate(state) or bool(state.get("failed"))


def quest_won(state: dict) -> bool:
    """The final main encounter is completed ("Winning the Game"): the last of the scenario's
    (``final_main``; Forgotten Souls' third)."""
    return state.get("main_encounters_completed", 0) >= state.get("final_main", FINAL_MAIN_ENCOUNTER)


# -- callbacks -----------------------------------------------------------------------------------

def start_round(state: dict) -> None:
    """A new round begins ("Playing the Game"): the round counter goes up by one."""
    state["round"] = state.get("round", 0) + 1


# -- the machine as data -------------------------------------------------------------------------

PLAYING = ["setup", "hero_phase", "hero_activation", "overlord_effects", "fate", "monster_activation"]
STATES = PLAYING + [{"name": "victory", "final": True}, {"name": "defeat", "final": True}]

TRANSITIONS = [
    {"trigger": "setup_done", "source": "setup", "dest": "hero_phase", "after": [start_round]},
    {"trigger": "activate_groups", "source": "hero_phase", "dest": "hero_activation",
     "conditions": [has_active_exploration]},
    {"trigger": "groups_done", "source": "hero_activation", "dest": "hero_phase"},
    {"trigger": "heroes_done", "source": "hero_phase", "dest": "overlord_effects"},
    {"trigger": "effects_done", "source": "overlord_effects", "dest": "fate",
     "unless": [has_active_exploration]},
    {"trigger": "effects_done", "source": "overlord_effects", "dest": "monster_activation",
     "conditions": [has_active_exploration]},
    {"trigger": "fate_done", "source": "fate", "dest": "monster_activation"},
    {"trigger": "monsters_done", "source": "monster_activation", "dest": "hero_phase", "after": [start_round]},
    {"trigger": "lose", "source": PLAYING, "dest": "defeat", "conditions": [quest_lost]},
    {"trigger": "win", "source": PLAYING, "dest": "victory", "conditions": [quest_won], "unless": [quest_lost]},
]

MACHINE = Machine(model=None, states=STATES, transitions=TRANSITIONS, initial="setup",
                  auto_transitions=False, send_event=False)

DEFINITION = register("round", MachineDef(
    title="Descent co-op round (Forgotten Souls): Hero phase, then Overlord phase",
    states=STATES, transitions=TRANSITIONS, initial="setup", module=__name__,
    notes=["fate is skipped while an Exploration card is active; lose and win are checked after every step"],
))

# the same machine as lookups (read from MACHINE; tests check both answer alike): what the game loop uses
TABLE = compile_table(MACHINE)

PHASES = [s if isinstance(s, str) else s["name"] for s in STATES]
TERMINAL = [s["name"] for s in STATES if isinstance(s, dict) and s.get("final")]


class RoundModel:
    """What the machine drives: only ``state``, the phase name read from ``state["phase"]``."""

    __slots__ = ("state",)

    def __init__(self, game: dict):
        phase = game.get("phase")
        if phase not in PHASES:
            raise RoundError(f"unknown phase {phase!r}; phases: {', '.join(PHASES)}", phase)
        self.state = phase


# -- the API over plain state --------------------------------------------------------------------

def new_state(heroes: int, fate_top: int) -> dict:
    """A state in the setup phase ("General Setup", 2): doom on the space for the number of heroes,
    fate on the track's upper space (``fate_top``: the sheet's numbering is not in the rulebook)."""
    return {"phase": "setup", "round": 0, "doom": heroes, "fate": fate_top,
            "active_exploration": None, "main_encounters_completed": 0, "failed": None}


def allowed(state: dict) -> list[str]:
    """The triggers allowed now: from this phase, guards passing. Empty once the game is over."""
    phase = state.get("phase")
    if phase not in PHASES:
        raise RoundError(f"unknown phase {phase!r}; phases: {', '.join(PHASES)}", phase)
    return table_allowed(TABLE, phase, state)


def allowed_by_machine(state: dict) -> list[str]:
    """:func:`allowed`, asked of transitions itself (the slow path the table is checked against)."""
    return allowed_triggers(MACHINE, RoundModel(state), state)


def fire(state: dict, trigger: str) -> str:
    """Apply ``trigger`` to the plain ``state`` in place, then :func:`settle`; return the new phase.

    A trigger not allowed now raises :class:`RoundError` naming the phase and the allowed triggers,
    and changes nothing."""
    model = RoundModel(state)
    ok = allowed(state)
    if trigger not in ok:
        raise RoundError(_refusal(model, state, trigger, ok), model.state, trigger, ok)
    _apply(state, trigger)
    return settle(state)


def settle(state: dict) -> str:
    """End the game if it is decided: defeat if a lose condition holds (first, "immediately"),
    else victory if the final main encounter is completed. Returns the phase."""
    ok = allowed(state)
    for trigger in ("lose", "win"):
        if trigger in ok:
            _apply(state, trigger)
            break
    return state["phase"]


def _apply(state: dict, trigger: str) -> None:
    phase = table_step(TABLE, state["phase"], trigger, state)
    if phase is None:
        raise AssertionError(f"{trigger!r} was allowed but did not fire")   # pragma: no cover
    state["phase"] = phase


def apply_by_machine(state: dict, trigger: str) -> None:
    """Fire ``trigger`` through transitions itself, no settling (what the table is checked against)."""
    model = RoundModel(state)
    if not MACHINE.events[trigger].trigger(model, state):
        raise AssertionError(f"{trigger!r} was allowed but did not fire")   # pragma: no cover
    state["phase"] = model.state


def _refusal(model: RoundModel, state: dict, trigger: str, ok: list[str]) -> str:
    return refusal(MACHINE, model, trigger, ok, TERMINAL, state, noun="phase", final_why="the game is over")
