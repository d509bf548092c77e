"""The Descent engine's calls into the rules that answer what happens in it: encounter triggers
(``triggers``), card effects and tests (``effects``), conditions (``conditions``). Those rules
act through the engine's primitives (damage a figure, spawn a monster, discard a card), and the
engine calls them back when something happens - after an event, at a monster's or a hero's turn
- through the functions here, which each rule module provides when it is imported (the
package imports them all). So the engine and the rules do not import each other."""

from __future__ import annotations

NAMES = ("after_event", "fire_event", "run_effect", "test", "move_track", "monster_turn_starts",
         "hero_turn_starts", "hero_turn_ends", "no_effect")


def _unset(*args, **kwargs):
    raise RuntimeError("a Descent rule module was not imported: import overlord.games.descent")


after_event = fire_event = run_effect = test = move_track = no_effect = _unset
monster_turn_starts = hero_turn_starts = hero_turn_ends = _unset


def provide(**functions) -> None:
    """A rule module's answers, by name (one of :data:`NAMES`)."""
    unknown = set(functions) - set(NAMES)
    if unknown:
        raise ValueError(f"no engine call named {', '.join(sorted(unknown))}")
    globals().update(functions)
