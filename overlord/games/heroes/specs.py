"""What a behaviour spec may ask of a game of the Heroes family (``overlord check``), shared by
the games that fight counters the same way (the Underworld, the Dragon)."""

from __future__ import annotations

from typing import Literal

from overlord.content.models import Strict


class Fight(Strict):
    """A hero fights a counter on its space: the skill (the best permitted one when none is
    named), the trial's target after the counter's dot, and who wins with the spec's dice."""

    hero: str
    counter: str
    skill: Literal["magic", "ranged", "close"] | None = None
