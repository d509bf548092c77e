"""Return of the Heroes' content kinds, registered for ``overlord validate`` and ``schema`` before
the game is playable: importing this module imports each kind's module (one line each)."""

from __future__ import annotations

from . import counters  # noqa: F401  (roth_counters, roth_artifacts)
from . import deck  # noqa: F401  (roth_nameless_deck)
from . import heroes  # noqa: F401  (roth_heroes, roth_deeds, roth_nameless)
from . import regions  # noqa: F401  (roth_regions)
from . import scenario  # noqa: F401  (a RotH scenario, and the check across its files)
from . import machines  # noqa: F401  (the Nameless and the Guards, for `overlord diagram`)
