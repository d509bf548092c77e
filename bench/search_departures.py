"""Where the MCTS bot leaves the heuristic bot's choice, and through which features of the
evaluation its measured gain came: a tool for finding what a game's evaluation gets wrong.

It plays ``--games`` games of the search bot; at every decision where the search takes another
action than the heuristic's, it plays both actions again in ``--worlds`` fresh determinised worlds
(the same world for both: paired), rolls each out as the search does, and prints the mean
difference (the search's action minus the heuristic's) of every feature and of the score. At the
end, the mean of each by kind of departure (the heuristic's ``do`` -> the search's).

A departure whose gain comes only through one feature that a few turns undo (hit points a hero
heals, say) is the evaluation's error, not the search's find: that is how the Dragon's chance to
slay was found to count a wound twice (docs/testing-the-ai.md). The Dragon grows no tree now
(its search model's ``tree`` False): there it traces the plans' switches only.

    python bench/search_departures.py underworld --heroes 1 --games 4 --seed 2024

``--to-end``: each departure and the heuristic's action are played to the game's end instead (the
heuristic playing on, ``MCTS.played_out``), and the difference is in games won (``won``): what the
departure is really worth, where the rollout's score is the evaluation's guess. The mean over a
game's departures sums to the search's gain over the heuristic (the performance difference lemma).
It also says what playing departures out first (the search model's ``confirm``) would keep, were the first half
of the worlds its test, and what those kept win on the second half - whether the check is worth its
cost in a game before a paired run of hundreds of games is spent on it:

    python bench/search_departures.py underworld --heroes 1 --games 16 --seed 4000 --to-end --worlds 120
"""

from __future__ import annotations

import argparse
import collections
import math

import numpy as np

from overlord.core.search import search_model
from overlord.games import registry
from overlord.sim import mcts
from overlord.sim.play import play


def paired_difference(bot: mcts.MCTS, match, ours: dict, theirs: dict, worlds: int, seed: int) -> dict[str, float]:
    """Mean (ours - theirs) of each feature and of the rollout's score over fresh paired worlds."""
    rules = bot.rules
    diffs: dict[str, list[float]] = collections.defaultdict(list)
    for k in range(worlds):
        ends = []
        for action in (ours, theirs):
            world = np.random.default_rng(seed + k)
            game = bot.model.determinize(rules, match, world)
            dice = np.random.default_rng(int(world.integers(2**62)))
            rules.apply(game, action, dice)
            score = bot._rollout(game, dice)
            ends.append({**bot.model.features(game), "score": score})
        for key in ends[0]:
            diffs[key].append(ends[0][key] - ends[1].get(key, 0.0))
    return {key: float(np.mean(v)) for key, v in diffs.items()}


def won_difference(bot: mcts.MCTS, match, ours: dict, theirs: dict, worlds: int, seed: int) -> dict[str, float]:
    """Mean (ours - theirs) of games won, each played to the end by the heuristic in fresh paired
    worlds; with ``split``, also whether the first half of the worlds passes the test a departure
    must pass to be taken (the search model's ``confirm``: ahead by ``SWITCH_Z`` standard errors) and the mean
    on the second half alone."""
    heuristic = bot.rollout_bot
    won = bot.played_out(match, [ours, theirs], [heuristic, heuristic], [seed + k for k in range(worlds)])
    d = won[0] - won[1]
    half = len(d) // 2
    first, second = d[:half], d[half:]
    return {"won": float(np.mean(d)), "kept": float(half > 1 and mcts.clearly_ahead(first)),
            "first": float(first.mean()) if half else 0.0, "second": float(second.mean()) if half else 0.0}


def split_summary(rows: list[dict], games: int) -> str:
    """What playing departures out first (the search model's ``confirm``) would keep, judged on half the worlds,
    and what the kept ones win on the other half (an unbiased reading of their worth)."""
    def mean_se(values):
        v = np.array(values)
        return (float(v.mean()), float(v.std(ddof=1)) / math.sqrt(len(v)) if len(v) > 1 else math.nan) if len(v) else (0.0, math.nan)
    kept = [r["second"] for r in rows if r["kept"]]
    rest = [r["second"] for r in rows if not r["kept"]]
    (k, kse), (o, ose) = mean_se(kept), mean_se(rest)
    return (f"departures {len(rows)} in {games} games; kept by the first half's test {len(kept)} "
            f"({len(kept) / max(1, games):.2f} a game): on the second half {k:+.3f} (+-{kse:.3f}); "
            f"the rest {o:+.3f} (+-{ose:.3f}); all {mean_se([r['second'] for r in rows])[0]:+.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("--heroes", type=int, default=2)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--budget", default="16")
    ap.add_argument("--max-rounds", type=int, default=None, help="stop a game after this round (default: the scenario's)")
    ap.add_argument("--worlds", type=int, default=24, help="fresh paired worlds a departure is played in again")
    ap.add_argument("--to-end", action="store_true", help="play each departure to the game's end (games won)")
    a = ap.parse_args()
    rules, content, _ = registry.open_scenario(a.scenario)
    by_kind: dict[tuple, list[dict]] = collections.defaultdict(list)
    limit = a.max_rounds or rules.info(content).max_rounds
    for seed in range(a.seed, a.seed + a.games):
        bot, now = mcts.mcts_bot(rules, a.budget, confirm=0), {}     # the tree's own departures, unchecked
        decide = bot._decide

        def spy(root, bot=bot, seed=seed, decide=decide, now=now):
            best = decide(root)
            if best != root.order[0]:
                match = now["match"]
                theirs, ours = root.children[root.order[0]].action, root.children[best].action
                measure = won_difference if a.to_end else paired_difference
                d = measure(bot, match, ours, theirs, a.worlds, 10_000 * seed)
                by_kind[(theirs.get("do"), ours.get("do"))].append(d)
                if a.to_end:
                    shown = (f"won {d['won']:+.3f} (first half {d['first']:+.3f}, second half {d['second']:+.3f}"
                             f"{'; passes the first half' if d['kept'] else ''})")
                else:
                    shown = " ".join(f"{k} {v:+.3f}" for k, v in sorted(d.items()) if abs(v) >= 0.0005)
                print(f"seed {seed} round {match.state.round}: {theirs} -> {ours}: {shown}", flush=True)
            return best

        def chooser(match, actions, rng, bot=bot, now=now):
            now["match"] = match                     # the position the spy's departures start from
            return bot(match, actions, rng)

        bot._decide = spy
        match, _ = play(rules, content, seed, a.heroes, "mcts", limit, chooser=chooser)
        print(f"seed {seed}: {rules.outcome(match)}", flush=True)
    keys = ["won"] if a.to_end else sorted(
        set(search_model(rules).features(rules.new_match(content, rules.party(content, a.heroes, a.seed), a.seed))) | {"score"})
    if a.to_end:
        print("\n" + split_summary([r for rows in by_kind.values() for r in rows], a.games))
    print("\n| heuristic -> search | departures | " + " | ".join(keys) + " |")
    for kind, rows in sorted(by_kind.items()):
        means = [np.mean([r.get(k, 0.0) for r in rows]) for k in keys]
        print(f"| {kind[0]} -> {kind[1]} | {len(rows)} | " + " | ".join(f"{m:+.3f}" for m in means) + " |")


if __name__ == "__main__":
    main()
