"""The Dark Side track on the Damned One's reference card (HitU, "The Reference Card of the
Damned One", "Shadow Cubes of the Damned One", '"Life Points" of the Damned One').

- "black experience cubes (Shadow Cubes, or SC) are put down from left to right"; "If there are
  11 Shadow Cubes on the Dark Side, the game is over!" - the 11th cube ends the game, and no
  cube is placed beyond it.
- "The winner of the game is the player with the most Shadow Cubes" (the lesser victory);
  several heroes tied for the most share it, and with no shadow cube on any sheet nobody takes it.
- "The Damned One has as many LPs as there are SC on the Dark Side. Or, if there are no SCs on
  the Damned One's reference card at all, it has 1 LP."
- Removing from an empty track removes nothing (the effect is spent, the track stays at 0).

Every change returns an event (plain data) and appends it to ``state.log``.
"""

from __future__ import annotations

from ..heroes.sheet import shadow_cubes
from .machines import fire_damned
from .state import DARK_SIDE_BOXES, UnderworldState


def life(state: UnderworldState) -> int:
    """The Damned One's life points: the cubes on the Dark Side, or 1 when there are none."""
    return state.dark_side if state.dark_side > 0 else 1


def lesser_victory(state: UnderworldState) -> list[str]:
    """The heroes with the most shadow cubes on their sheets (none if nobody has one)."""
    counts = {h: shadow_cubes(s) for h, s in state.sheets.items()}
    most = max(counts.values(), default=0)
    return [h for h, n in counts.items() if n == most] if most > 0 else []


def add(state: UnderworldState, n: int = 1, why: str = "") -> dict:
    """Put ``n`` shadow cubes on the Dark Side, stopping at the last box; filling it ends the
    game ("the dark side can win")."""
    if n < 0:
        raise ValueError("add a non-negative number of shadow cubes")
    before = state.dark_side
    if state.outcome:
        placed = 0
    else:
        placed = min(n, DARK_SIDE_BOXES - before)
    state.dark_side = before + placed
    event = {"event": "dark_side", "change": placed, "dark_side": state.dark_side, "why": why}
    state.log.append(event)
    if state.dark_side >= DARK_SIDE_BOXES and not state.outcome:
        winners = lesser_victory(state)
        state.outcome = "lost"
        state.reason = f"the Dark Side filled ({DARK_SIDE_BOXES} shadow cubes)"
        state.winner = ",".join(winners)
        fire_damned(state, "triumph")
        end = {"event": "game_over", "outcome": "lost", "reason": state.reason,
               "lesser_victory": winners}
        state.log.append(end)
    return event


def remove(state: UnderworldState, n: int = 1, why: str = "") -> dict:
    """Take up to ``n`` shadow cubes off the Dark Side (never below 0)."""
    if n < 0:
        raise ValueError("remove a non-negative number of shadow cubes")
    taken = min(n, state.dark_side)
    state.dark_side -= taken
    event = {"event": "dark_side", "change": -taken, "dark_side": state.dark_side, "why": why}
    state.log.append(event)
    return event
