"""Exact chances of the Heroes family's trials: moved to ``overlord.games.heroes.odds`` (the games'
bots need them and a game package does not import ``overlord.sim``); re-exported here."""

from overlord.games.heroes.odds import p_battle, p_cycle_battle, p_fail, p_success  # noqa: F401
