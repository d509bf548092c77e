"""Headless games of the co-operative Underworld: bots play the heroes, the engine plays the
Damned One. A game's own generator (in its state) draws tiles, markers, cards and dice; a second
generator from the same seed makes the bots' choices (the players' inputs), so seed + bot replay
a game exactly.

A record has the same shape as a Descent game's (``overlord.sim.stats``), the Dark Side standing
in for the track: ``doom`` is the shadow cubes on the Dark Side and ``fate`` the box that ends
the game (11); ``track_names`` says so for the table and the plots.
"""

from __future__ import annotations

import time

import numpy as np

from ..games.underworld.engine import UnderworldContent, apply, legal_actions, new_game
from ..games.underworld.invariants import violations
from ..games.underworld.setup import load_game
from ..games.underworld.state import DARK_SIDE_BOXES, UnderworldState

TRACK_NAMES = {"doom": "Dark Side", "fate": "its last box"}


def bots() -> dict:
    from .underworld_bots import choose_heuristic, choose_random
    return {"heuristic": choose_heuristic, "random": choose_random}


def hero_ids(content: UnderworldContent, n: int, seed: int = 0) -> list[str]:
    """``n`` heroes in the content's order, starting at the ``seed``-th (mod the number of heroes):
    over a batch every hero plays, alone and in every company."""
    names = list(content.heroes)
    return [names[(seed + i) % len(names)] for i in range(n)]


def play(content: UnderworldContent, seed: int, heroes: int, bot: str, max_rounds: int,
         check=None) -> tuple[UnderworldState, list]:
    """Play until the game ends or ``max_rounds`` rounds have been played. ``check(state)``, if
    given, runs after every action (the soak's invariants)."""
    choose = bots().get(bot)
    if choose is None:
        raise ValueError(f"unknown bot {bot!r}; known: {', '.join(bots())}")
    state = new_game(content, hero_ids(content, heroes, seed), seed)
    players = np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])
    timeline = []
    while not state.outcome and state.round <= max_rounds:
        before = state.round
        apply(state, content, choose(state, legal_actions(state), players))
        if check is not None:
            check(state)
        if state.round != before or state.outcome:
            timeline.append({"round": before, "doom": state.dark_side, "fate": DARK_SIDE_BOXES})
    return state, timeline


def record(state: UnderworldState, seed: int, heroes: int, bot: str, timeline: list) -> dict:
    if state.outcome == "won":
        result, reason = "victory", f"{state.winner} defeated the Damned One"
    elif state.outcome == "lost":
        result, reason = "defeat", state.reason
    else:
        result, reason = "unfinished", "round limit"
    drawn = {"dark": [e["card"] for e in state.log if e["event"] == "dark_card"],
             "peril": [e["card"] for e in state.log if e["event"] == "peril"],
             "tiles": [e["tile"] for e in state.log if e["event"] == "tile_placed"]}
    return {"seed": seed, "heroes": heroes, "bot": bot, "result": result, "reason": reason,
            "rounds": min(state.round, max((p["round"] for p in timeline), default=1)),
            "doom": state.dark_side, "fate": DARK_SIDE_BOXES, "track_spaces": DARK_SIDE_BOXES + 1,
            "track_names": TRACK_NAMES, "cards": drawn, "timeline": timeline}


def play_game(content: UnderworldContent, seed: int, heroes: int, bot: str, max_rounds: int,
              log: list | None = None) -> dict:
    started = time.process_time()
    state, timeline = play(content, seed, heroes, bot, max_rounds)
    rec = record(state, seed, heroes, bot, timeline)
    rec["cpu_seconds"] = time.process_time() - started
    if log is not None:
        log.extend(state.log)
    return rec


def soak(content: UnderworldContent, seeds: list[int], max_rounds: int = 40) -> tuple[int, list[str]]:
    """Both bots, 1 to 4 heroes by turns, the invariants after every action (JSON round trip
    every 25 steps). Returns (steps checked, violations naming game and round)."""
    found: list[str] = []
    steps = 0
    counts = [h for h in content.scenario.heroes if h <= len(content.heroes)]
    for i, s in enumerate(seeds):
        bot = ("heuristic", "random")[i % 2]
        heroes = counts[i % len(counts)]

        def check(state, i=i, s=s, bot=bot):
            nonlocal steps
            steps += 1
            for p in violations(state, content, full=steps % 25 == 0):
                found.append(f"game {i} (seed {s}, {bot}, {heroes} heroes) round {state.round}: {p}")

        play(content, s, heroes, bot, max_rounds, check)
    return steps, found


def load(path) -> UnderworldContent:
    return load_game(path)
