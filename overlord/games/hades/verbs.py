"""Every action of the Underworld beneath Return of the Heroes (``beneath.verbs.TwoWorlds`` over Return
of the Heroes' moves): a hero above takes Return of the Heroes' actions and ``enter``; a hero below the
Underworld's and ``leave``. Return of the Heroes' final battle is held back until the Damned One has
fallen."""

from __future__ import annotations

from overlord.games.beneath.verbs import TwoWorlds
from overlord.games.roth import turns as roth_turns
from overlord.games.roth import verbs as roth_verbs

VERBS = TwoWorlds(roth_verbs.MOVES, roth_verbs.legal, roth_turns.current)
MOVES, ABOVE, BELOW = VERBS.moves, VERBS.above_moves, VERBS.below_moves
legal, apply, describe, tell = VERBS.legal, VERBS.apply, VERBS.describe, VERBS.tell
