"""One headless game of any registered game, through the game interface: bots play the heroes,
the game plays its enemy, and the players' dice are rolled.

Two generators per game, both from the game's seed: the game's own, inside its state, draws
every card, tile and enemy die; the players' (``SeedSequence(seed).spawn(1)[0]``) makes the
bots' choices and rolls what the heroes roll. Seed + bot + hero count replay a game exactly.
"""

from __future__ import annotations

import time
from typing import Any, Callable

import numpy as np

from ..core.enemies import use_enemy
from ..core.game import GameRules
from ..core.plugins import load_function, registered
from .mcts import mcts_bot


def players_rng(seed: int) -> np.random.Generator:
    """The players' hands for a game of ``seed``: their choices and their own dice."""
    return np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])


BOT_ENTRY_POINTS = "overlord.bots"


SEARCH_BOTS = ("mcts",)


def known_bots(rules: GameRules) -> list[str]:
    """The bots a log may name without the user's word: the game's own, the search, and those an
    installed package registers (``overlord.bots`` entry points) - never ``module:function``."""
    return list(dict.fromkeys([*rules.bots, *SEARCH_BOTS, *registered(BOT_ENTRY_POINTS)]))


def bot_of(rules: GameRules, bot: str, budget=None):
    """A hero bot by name: the game's own (``heuristic``, ``random``...), ``mcts`` (the search bot
    of ``overlord.sim.mcts``, for every game with a heuristic bot; ``budget``: its simulations or
    milliseconds a decision), a plugged-in one from the entry point group ``overlord.bots``, or
    ``module:function`` of any importable module. A bot is a function ``(match, legal_actions,
    rng) -> one of the actions``; its module is found on the Python path or in the current
    folder (:mod:`overlord.core.plugins`)."""
    if bot in rules.bots:
        return rules.bots[bot]
    if bot == "mcts":
        return mcts_bot(rules, budget)
    found = load_function(bot, BOT_ENTRY_POINTS, "bot")
    if found is not None:
        return found
    raise ValueError(f"unknown bot {bot!r} for {rules.name}; known: {', '.join([*rules.bots, *SEARCH_BOTS])}, "
                     f"a plugged-in bot (entry points '{BOT_ENTRY_POINTS}') or module:function")


def play(rules: GameRules, content: Any, seed: int, heroes: int, bot: str, max_rounds: int,
         check: Callable[[Any], None] | None = None, hero_names: list[str] | None = None,
         enemy: str | None = None, budget=None, chooser=None) -> tuple[Any, list]:
    """Play until the game ends or ``max_rounds`` rounds have been played; returns the match and
    its timeline (the enemy's tracks after each round). ``check(match)``, if given, runs after
    every hero action and every enemy phase (the soak's invariants). ``enemy``: one of the
    game's enemy policies (default: its first). ``budget``: a search bot's; ``chooser``: the bot
    itself, made already (its statistics are the caller's)."""
    choose = chooser or bot_of(rules, bot, budget)
    names = hero_names or rules.party(content, heroes, seed)
    match = rules.new_match(content, names, seed)
    if enemy is not None:
        use_enemy(rules, match, enemy)
    players = players_rng(seed)
    timeline: list[dict] = []
    while rules.outcome(match) is None and match.state.round <= max_rounds:
        before = match.state.round
        if rules.to_act(match) is None:
            rules.enemy_phase(match, players)
        else:
            rules.apply(match, choose(match, rules.legal_actions(match), players), players)
        if check is not None:
            check(match)
        if match.state.round != before or rules.outcome(match) is not None:
            timeline.append({"round": before, **rules.tracks(match)})
    return match, timeline


def record(rules: GameRules, match: Any, seed: int, heroes: int, bot: str, timeline: list) -> dict:
    """A game's record (``overlord.sim.stats``): how it ended, its rounds and tracks, and what
    the game adds (the cards drawn...)."""
    out = rules.outcome(match)
    result, reason = (out.result, out.reason) if out else ("unfinished", "round limit")
    tracks = rules.tracks(match)
    # the round the game ended in; an unfinished game stopped after its last round
    rounds = match.state.round if out else max(1, match.state.round - 1)
    rec = {"seed": seed, "heroes": heroes, "bot": bot, "result": result, "reason": reason,
           "rounds": rounds, "doom": tracks.get("doom", 0), "fate": tracks.get("fate", 0),
           "timeline": timeline}
    rec.update(rules.record(match))
    return rec


def play_game(rules: GameRules, content: Any, seed: int, heroes: int, bot: str, max_rounds: int,
              log: list | None = None, enemy: str | None = None, budget=None) -> dict:
    """One whole game; its record, with the CPU seconds it took. ``log`` receives its events; a
    search bot's record says how much it searched (``search``)."""
    started = time.process_time()
    chooser = bot_of(rules, bot, budget)
    match, timeline = play(rules, content, seed, heroes, bot, max_rounds, enemy=enemy, chooser=chooser)
    rec = record(rules, match, seed, heroes, bot, timeline)
    if enemy is not None:
        rec["enemy"] = enemy
    stats = getattr(chooser, "stats", None)
    if stats is not None:
        rec["search"] = {"budget": str(chooser.budget), "decisions": stats.decisions, "trivial": stats.trivial,
                         "simulations": stats.simulations, "deviations": stats.deviations, "unplayable": stats.unplayable,
                         "judged": stats.judged, "switched": stats.switched, "unconfirmed": stats.unconfirmed,
                         "confirm": chooser.confirm_worlds(match), "horizon": chooser.horizon_for(match), "seconds": round(stats.seconds, 3),
                         "tree": chooser.model.tree, "worlds": chooser.switch if chooser.plans else 0}
    rec["cpu_seconds"] = time.process_time() - started
    if log is not None:
        log.extend(match.state.log)
    return rec
