"""The program's heroes in the Underworld beneath Return of the Heroes: the combination's heuristic bot
(``beneath.bots``) over Return of the Heroes' plan."""

from __future__ import annotations

from overlord.games.beneath.bots import heuristic
from overlord.games.roth import bots as roth_bots

choose_heuristic = heuristic(roth_bots.choose_heuristic)
