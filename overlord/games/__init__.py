"""One module or package per rules family or game: what is its own.

Importing this package registers every game's state machines with ``overlord.core.machines``
(so ``overlord diagram`` can list and draw them).
"""

from overlord.games.descent import round as _descent_round  # noqa: F401  registers "round"
from overlord.games.underworld import machines as _underworld_machines  # noqa: F401,E402  registers "damned-one", "avatar"
