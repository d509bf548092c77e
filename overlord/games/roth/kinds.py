"""Return of the Heroes' content kinds, registered for ``overlord validate`` and ``schema`` before
the game is playable: importing this module imports each kind's module (one line each)."""

from __future__ import annotations

from overlord.games.roth import counters  # noqa: F401  roth_counters, roth_artifacts
