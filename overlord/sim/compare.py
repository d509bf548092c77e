"""``overlord compare``: two hero bots (or two enemy policies) on the same seeds, and whether one
is really better.

Both sides play the very same games (the seeds depend on the master seed and the hero count
only), so the games pair up and the comparison is paired: of n pairs, ``both`` won twice,
``only_a`` and ``only_b`` once, ``neither`` never. The win-rate difference is
(only_a - only_b) / n, with Newcombe's hybrid score interval for a difference of paired
proportions (Newcombe 1998, "Improved confidence intervals for the difference between binomial
proportions based on paired data", method 10): the Wilson intervals of the two rates combined
with the correlation of the pairs. It stays inside [-1, 1] and is much narrower than two
unpaired intervals when the pairs agree, which is the point of playing the same seeds.
"""

from __future__ import annotations

import math

from .stats import CONFIDENCE, DIGITS, budget, departures, wilson_interval
from ..view.words import count

SHOWN = 10                        # pairs listed where the results differ


def paired_interval(both: int, only_a: int, only_b: int, neither: int,
                    confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Newcombe's method 10 interval for p_a - p_b from a paired 2x2 table."""
    n = both + only_a + only_b + neither
    if n == 0:
        return -1.0, 1.0
    p_a, p_b = (both + only_a) / n, (both + only_b) / n
    l_a, u_a = wilson_interval(both + only_a, n, confidence)
    l_b, u_b = wilson_interval(both + only_b, n, confidence)
    denominator = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    phi = 0.0 if denominator == 0 else (both * neither - only_a * only_b) / math.sqrt(denominator)
    diff = p_a - p_b
    delta = math.sqrt(max(0.0, (p_a - l_a) ** 2 - 2 * phi * (p_a - l_a) * (u_b - p_b) + (u_b - p_b) ** 2))
    epsilon = math.sqrt(max(0.0, (u_a - p_a) ** 2 - 2 * phi * (u_a - p_a) * (p_b - l_b) + (p_b - l_b) ** 2))
    return max(-1.0, diff - delta), min(1.0, diff + epsilon)


def compare(records_a: list[dict], records_b: list[dict], name_a: str, name_b: str) -> dict:
    """The paired summary of two batches played on the same seeds."""
    pairs = {(r["heroes"], r["seed"]): r for r in records_a}
    table = {"both": 0, "only_a": 0, "only_b": 0, "neither": 0}
    rounds_a, rounds_b, differ = [], [], []
    by_heroes: dict[int, dict] = {}
    for b in records_b:
        a = pairs.get((b["heroes"], b["seed"]))
        if a is None:
            raise ValueError(f"the two batches did not play the same games (no pair for seed {b['seed']})")
        wa, wb = a["result"] == "victory", b["result"] == "victory"
        cell = "both" if wa and wb else "only_a" if wa else "only_b" if wb else "neither"
        table[cell] += 1
        h = by_heroes.setdefault(b["heroes"], {"both": 0, "only_a": 0, "only_b": 0, "neither": 0})
        h[cell] += 1
        rounds_a.append(a["rounds"])
        rounds_b.append(b["rounds"])
        if a["result"] != b["result"]:
            differ.append({"heroes": b["heroes"], "seed": b["seed"], name_a: f"{a['result']} ({a['reason']}, round {a['rounds']})",
                           name_b: f"{b['result']} ({b['reason']}, round {b['rounds']})"})
    n = sum(table.values())
    low, high = paired_interval(**table)
    diffs = [x - y for x, y in zip(rounds_a, rounds_b)]
    return {
        "a": name_a, "b": name_b, "games": n, "confidence": CONFIDENCE,
        "win_rate": {name_a: _r((table["both"] + table["only_a"]) / n if n else None),
                     name_b: _r((table["both"] + table["only_b"]) / n if n else None)},
        "difference": _r((table["only_a"] - table["only_b"]) / n if n else None),
        "interval": [_r(low), _r(high)], "method": "Newcombe's hybrid score interval for paired proportions",
        "pairs": table,
        "by_heroes": [{"heroes": k, "games": sum(v.values()), "difference": _r((v["only_a"] - v["only_b"]) / sum(v.values())),
                       "interval": [_r(x) for x in paired_interval(**v)], "pairs": v} for k, v in sorted(by_heroes.items())],
        "rounds": {name_a: _r(_mean(rounds_a)), name_b: _r(_mean(rounds_b)), "difference": _r(_mean(diffs))},
        "differ": differ[:SHOWN], "differ_count": len(differ),
    }


def _mean(xs: list) -> float | None:
    return sum(xs) / len(xs) if xs else None


def _r(x):
    return None if x is None else round(float(x), DIGITS) + 0.0


def render(summary: dict) -> str:
    a, b = summary["a"], summary["b"]
    lo, hi = summary["interval"]
    lines = [f"{summary['games']} paired games: {a} against {b}, the same seeds",
             f"  win rate   {a} {summary['win_rate'][a]:.1%}   {b} {summary['win_rate'][b]:.1%}",
             f"  difference {summary['difference']:+.1%} ({summary['confidence']:.0%} CI {lo:+.1%} to {hi:+.1%}, paired)",
             f"  pairs      both won {summary['pairs']['both']}, only {a} {summary['pairs']['only_a']}, "
             f"only {b} {summary['pairs']['only_b']}, neither {summary['pairs']['neither']}",
             f"  rounds     {a} {summary['rounds'][a]:.2f}   {b} {summary['rounds'][b]:.2f}   "
             f"(mean paired difference {summary['rounds']['difference']:+.2f})"]
    for name, search in summary.get("search", {}).items():
        rate = search["decisions_per_second"]
        lines.append(f"  search     {name}: {budget(search)}, {search['decisions']} decisions "
                     f"searched ({search['trivial']} with nothing to search), {rate if rate is not None else '-'} "
                     f"decisions a CPU second, {departures(search)}")
    for h in summary["by_heroes"]:
        lo, hi = h["interval"]
        lines.append(f"  {count(h['heroes'], 'hero')}: {h['games']} games, difference {h['difference']:+.1%} "
                     f"(CI {lo:+.1%} to {hi:+.1%})")
    if summary["differ_count"]:
        lines.append(f"  results differ in {summary['differ_count']} games; the first {len(summary['differ'])}:")
        lines += [f"    {d['heroes']} heroes, seed {d['seed']}: {a} {d[a]}; {b} {d[b]}" for d in summary["differ"]]
    return "\n".join(lines)
