"""Fit a game's evaluation: the logistic model of the heroes' chances over its features that the
MCTS bot asks when a rollout stops early (its search model's ``features`` and ``weights``: ``overlord.core.search``).

The heuristic bot plays ``--games`` games a hero count; after every enemy phase and every 5th
decision of the heroes the position's features are recorded with how the game ended (a victory:
1). A logistic regression (Newton's method, a small L2 penalty) fits them, no weight negative:
every feature is "the higher the better for the heroes", and a weight fitted below zero is a
correlation a search would exploit against the heroes (more villagers on the throne only because
games that reach the throne went far), so that feature is dropped and the rest fitted again. The
weights are printed
as the Python dict to paste into the game's ``evaluation.py`` (``WEIGHTS``; fitted on one hero
count, ``WEIGHTS_BY_HEROES[n]``, the weights of that count alone), with the log loss and the area
under the ROC curve on games held out (every 5th game), against a constant, a model that knows
only the round, and the weights the game ships for those games.

    python bench/fit_evaluation.py forgotten-souls --games 200 --heroes 2,3,4 --jobs 2
    python bench/fit_evaluation.py underworld --games 1000 --heroes 1 --jobs 2
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from overlord.core.search import search_model
from overlord.games import registry
from overlord.sim.play import bot_of, players_rng
from overlord.sim.run import game_seeds

EVERY = 5            # a sample every 5th hero decision (and after every enemy phase)
L2 = 1e-3


def samples(args) -> tuple[list[dict], int]:
    """(features of the sampled positions, 1 for a victory) of one heuristic game."""
    scenario, seed, heroes = args
    rules, content, _ = registry.open_scenario(scenario)
    bot = bot_of(rules, "heuristic")
    match = rules.new_match(content, rules.party(content, heroes, seed), seed)
    players = players_rng(seed)
    rows, step = [], 0
    limit = rules.info(content).max_rounds
    while rules.outcome(match) is None and match.state.round <= limit:
        if rules.to_act(match) is None:
            rules.enemy_phase(match, players)
            if rules.outcome(match) is None:
                rows.append(search_model(rules).features(match))
        else:
            if step % EVERY == 0:
                rows.append(search_model(rules).features(match))
            step += 1
            rules.apply(match, bot(match, rules.legal_actions(match), players), players)
    out = rules.outcome(match)
    return rows, int(out is not None and out.result == "victory")


def fit(x: np.ndarray, y: np.ndarray, l2: float = L2, iterations: int = 50) -> np.ndarray:
    """Logistic regression by Newton's method; x has a column of ones first."""
    w = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + l2 * len(y) * np.r_[0, w[1:]]
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * len(y) * np.diag(np.r_[0, np.ones(len(w) - 1)])
        step = np.linalg.solve(hess + 1e-9 * np.eye(len(w)), grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return w


def fit_nonnegative(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """:func:`fit` with every weight but the intercept >= 0: the most negative feature is
    dropped and the rest fitted again, until none is negative."""
    keep = list(range(x.shape[1]))
    while True:
        w = fit(x[:, keep], y)
        worst = min(range(1, len(keep)), key=lambda i: w[i], default=None)
        if worst is None or w[worst] >= 0:
            out = np.zeros(x.shape[1])
            out[keep] = w
            return out
        keep.pop(worst)


def log_loss(x, y, w) -> float:
    p = np.clip(1 / (1 + np.exp(-np.clip(x @ w, -30, 30))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def auc(scores: np.ndarray, y: np.ndarray) -> float:
    order = np.argsort(scores)
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(1, len(scores) + 1)
    pos = y == 1
    n_pos, n_neg = pos.sum(), (~pos).sum()
    if not n_pos or not n_neg:
        return float("nan")
    return float((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("--games", type=int, default=200, help="games a hero count")
    ap.add_argument("--heroes", default="2,3,4")
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    counts = [int(h) for h in a.heroes.split(",")]
    tasks = [(a.scenario, s, h) for h in counts for s in game_seeds(a.seed * 10 + h, a.games)]
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as pool:
            games = list(pool.map(samples, tasks, chunksize=8))
    else:
        games = [samples(t) for t in tasks]
    names = sorted({k for rows, _ in games for r in rows for k in r})
    xs, ys, held = [], [], []
    for i, (rows, won) in enumerate(games):
        for r in rows:
            xs.append([1.0] + [float(r.get(k, 0.0)) for k in names])
            ys.append(won)
            held.append(i % 5 == 4)
    x, y, held = np.array(xs), np.array(ys, dtype=float), np.array(held)
    w = fit_nonnegative(x[~held], y[~held])
    round_col = [0] + [1 + names.index("time_left")] if "time_left" in names else [0]
    base = fit(x[~held][:, round_col], y[~held])
    wins = sum(won for _, won in games)
    print(f"{a.scenario}: {len(games)} heuristic games ({wins} won), {len(y)} positions, {len(names)} features")
    print(f"held out (every 5th game): log loss {log_loss(x[held], y[held], w):.3f} "
          f"(constant {log_loss(x[held][:, :1], y[held], fit(x[~held][:, :1], y[~held])):.3f}, "
          f"time left only {log_loss(x[held][:, round_col], y[held], base):.3f}); "
          f"AUC {auc(x[held] @ w, y[held]):.3f}")
    rules = registry.open_scenario(a.scenario)[0]
    model = search_model(rules)
    shipped = model.weights_by_heroes.get(counts[0]) if len(counts) == 1 else None
    shipped = shipped or model.weights
    if shipped:
        ws = np.array([shipped.get("bias", 0.0)] + [shipped.get(k, 0.0) for k in names])
        print(f"the shipped weights on the same games: log loss {log_loss(x[held], y[held], ws):.3f}, "
              f"AUC {auc(x[held] @ ws, y[held]):.3f}")
    final = fit_nonnegative(x, y)
    label = f"WEIGHTS_BY_HEROES[{counts[0]}]" if len(counts) == 1 else "WEIGHTS"
    print(label + " = {" + ", ".join([f'"bias": {final[0]:.3f}'] +
                                    [f'"{k}": {v:.3f}' for k, v in zip(names, final[1:]) if v > 0]) + "}")


if __name__ == "__main__":
    main()
