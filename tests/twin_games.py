"""A hero's decision judged against its twin (``tests/twins.py``), and whole games judged decision by
decision, for the "does not peek" tests (``tests/test_no_peek.py``) and their longer run
(``bench/no_peek.py``).

At a decision the match and its twin must give the same legal actions, the same choice of the
heuristic bot (each asked with a copy of the players' generator), the same determinised world for
the same seed (the search model's ``determinize``: the search deals its worlds from it, so a world that
differs carries something hidden), and - where asked - the same choice and statistics of the search
bot (``overlord.sim.mcts``: each root action's visits and scores, each plan's games played out).
"""

from __future__ import annotations

import copy
import json
from dataclasses import asdict, dataclass
from typing import Any, Callable

import numpy as np

from overlord.core.search import search_model
from overlord.sim import mcts
from overlord.sim.play import players_rng
from twins import apart, plain, twins_of


def _keys(actions) -> list[str]:
    return [json.dumps(a, sort_keys=True) for a in actions]


def _fields_apart(a: dict, b: dict) -> list[str]:
    return sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))


def search_trace(bot) -> dict:
    """What the search bot's last decision shows: its choice's statistics (``MCTS.last``: each root
    action's visits, total, availability and scores by visit; each plan's games played out) and
    its counters."""
    stats = asdict(bot.stats)
    stats.pop("seconds")
    return {"last": bot.last, "stats": stats}


@dataclass
class Judged:
    """A decision judged against its twin: what told them apart (empty: nothing), the heuristic
    bot's choice in the match, and the players' generator as that choice left it."""

    differences: list[str]
    pick: dict
    players: np.random.Generator
    searched: dict | None = None             # the search's trace in the match (:func:`search_trace`)


def judge(rules, match, players: np.random.Generator, twin_rng: np.random.Generator,
          search: Callable[[], Any] | None = None, worlds: int = 1) -> Judged:
    """``match`` (a hero to decide) against its twin dealt from ``twin_rng``. Compared: the visible
    view, the legal actions, the heuristic bot's choice (each with a copy of the players'
    generator ``players``), ``worlds`` determinised worlds of each (from the same seeds), and -
    given ``search``, which makes a fresh search bot - the search bot's choice and statistics."""
    twins = twins_of(rules)
    twin = twins.redeal(rules, match, twin_rng)
    out = []
    seen, seen_twin = twins.visible(rules, match), twins.visible(rules, twin)
    if seen != seen_twin or apart(match.state) != apart(twin.state):
        out.append(f"the re-deal changed what the heroes see: {', '.join(_fields_apart(seen, seen_twin))}")
    legal, legal_twin = rules.legal_actions(match), rules.legal_actions(twin)
    heuristic = rules.bots["heuristic"]
    after = copy.deepcopy(players)
    pick = heuristic(match, legal, after)
    if _keys(legal) != _keys(legal_twin):
        out.append("the legal actions differ")
        return Judged(out, pick, after)
    pick_twin = heuristic(twin, legal_twin, copy.deepcopy(players))
    if _keys([pick]) != _keys([pick_twin]):
        out.append(f"the heuristic bot chose {pick} and in the twin {pick_twin}")
    for k in twin_rng.integers(2**62, size=worlds):
        a, b = (search_model(rules).determinize(rules, m, np.random.default_rng(int(k))).state for m in (match, twin))
        w, w_twin = plain(a), plain(b)
        if w != w_twin or apart(a) != apart(b):
            out.append(f"a determinised world differs in {', '.join(_fields_apart(w, w_twin))}")
            break
    trace = None
    if search is not None:
        bot, bot_twin = search(), search()
        chose = bot(match, legal, copy.deepcopy(players))
        chose_twin = bot_twin(twin, legal_twin, copy.deepcopy(players))
        if _keys([chose]) != _keys([chose_twin]):
            out.append(f"the search bot chose {chose} and in the twin {chose_twin}")
        trace, trace_twin = search_trace(bot), search_trace(bot_twin)
        if trace != trace_twin:
            apart_in = ", ".join(_fields_apart(trace["last"], trace_twin["last"]))
            out.append(f"the search's statistics differ: {apart_in}; {trace['stats']} against {trace_twin['stats']}")
    return Judged(out, pick, after, trace)


def walk(rules, content, heroes: int, seed: int, search_at: Callable[[int, Any, Any], bool] | None = None,
         search: Callable[[], Any] | None = None):
    """A whole game of ``heroes`` heroes and ``seed``, the heuristic bot playing it: yields
    ``(n, match, judged)`` at every hero decision ``n`` (0, 1, ...), each judged against its twin
    (:func:`judge`; with ``search`` where ``search_at(n, match, players)``); the game goes on with
    the heuristic's choice, as the heuristic bot's game of that seed."""
    match = rules.new_match(content, rules.party(content, heroes, seed), seed)
    players = players_rng(seed)
    last = rules.info(content).max_rounds
    n = 0
    while rules.outcome(match) is None and match.state.round <= last:
        if rules.to_act(match) is None:
            rules.enemy_phase(match, players)
            continue
        twin_rng = np.random.default_rng([seed, heroes, n])
        asked = search is not None and search_at is not None and search_at(n, match, players)
        judged = judge(rules, match, players, twin_rng, search if asked else None)
        yield n, match, judged
        players = judged.players
        rules.apply(match, judged.pick, players)
        n += 1


def search_bot(rules, heroes: int, budget: int, worlds: int) -> Callable[[], Any]:
    """What makes a fresh search bot for the twins: ``budget`` simulations a decision, plans and
    departures played out in ``worlds`` worlds (the games' own are 60 to 100: too slow for a
    suite), none where the game plays none out at this hero count."""
    confirm = min(search_model(rules).confirm_for(heroes), worlds)
    return lambda: mcts.mcts_bot(rules, budget, switch=worlds, confirm=confirm)


def plans_differ(rules, match, players) -> bool:
    """Whether the game's plans (the Dragon's readiness bars) choose differently now: the only
    decisions where a search by plans alone searches."""
    legal = rules.legal_actions(match)
    keys = {json.dumps(plan(match, legal, copy.deepcopy(players)), sort_keys=True)
            for plan in search_model(rules).policies.values()}
    return len(keys) > 1


def searched_where_it_searches(rules, limit: int, every: int = 40) -> Callable[[int, Any, Any], bool]:
    """Which decisions of a game the search bot is asked (``search_at`` of :func:`walk`): the first
    ``limit`` where it has something to search - where the plans disagree in a game searched by its
    plans alone (the Dragon), else a decision with a choice every ``every``."""
    done: list[int] = []

    def at(n, match, players) -> bool:
        if len(done) >= limit or len(rules.legal_actions(match)) < 2:
            return False
        ok = n % every == every // 2 if search_model(rules).tree else plans_differ(rules, match, players)
        if ok:
            done.append(n)
        return ok
    return at
