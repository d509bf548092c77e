"""What must hold after every step of the Underworld beneath Return of the Heroes: Return of the Heroes'
invariants on the world above (``roth.invariants``; its things kept below - a Return of the Heroes
artifact lost below lies in the Underworld's piles - counted where they lie), then the Underworld's
part and the joins (``beneath.invariants``)."""

from __future__ import annotations

from overlord.games.beneath import invariants as joins
from overlord.games.roth import invariants as roth_invariants


def violations(s, c, full: bool = False) -> list[str]:
    kept, own = joins.kept_below(s, c)
    return roth_invariants.violations(s, c, full, kept, own) + joins.violations(s, c)


def state_problems(s, c) -> list[str]:
    """What a save edited by hand may not hold: Return of the Heroes' checks on the one state, then the
    Underworld's part and the joins."""
    return roth_invariants.state_problems(s, c) or joins.state_problems(s, c)
