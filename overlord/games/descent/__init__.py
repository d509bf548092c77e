"""Descent: Journeys in the Dark 2nd edition, cooperative adventure (Forgotten Souls' pattern):
the engine (``engine``, ``round``, ``dungeon``, ``activation``...), its content formats
(``content``), the hero bots (``bots``, ``tactics``), the table (``table``, ``narrate``) and the
game interface (``game``)."""

from . import content as _content  # noqa: F401 - imported for its effect: registers Descent's content kinds
from . import round as _round  # noqa: F401 - imported for its effect: registers the "round" machine
from . import conditions as _conditions, effects as _effects, triggers as _triggers  # noqa: F401 - imported for their effect (see hooks)
