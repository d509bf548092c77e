"""Return of the Heroes' content kinds, registered for ``overlord validate`` and ``schema`` before
the game is playable: importing this module imports each kind's module (one line each)."""

from __future__ import annotations

from . import heroes as _heroes  # noqa: F401 - imported for its effect: registers roth_heroes, roth_deeds, roth_nameless
