"""Charts of a simulation summary as one PNG (matplotlib, an optional extra):
win rate by hero count with confidence-interval error bars (when several hero counts were
played), the distribution of rounds by result, and mean doom and fate over the rounds.

matplotlib is imported only inside ``plot`` and drawn through its Agg canvas directly (no
``pyplot``, no global backend switch), so importing this module never needs it."""

from __future__ import annotations

import os
from collections import Counter

from ..content.paths import shown

RESULT_COLOURS = {"victory": "tab:green", "defeat": "tab:red", "unfinished": "tab:gray"}


class PlotError(RuntimeError):
    """Charts cannot be drawn (matplotlib missing, or the file cannot be written)."""


def _matplotlib():
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg  # lazy: matplotlib (the 'plot' extra)
        from matplotlib.figure import Figure  # lazy: matplotlib (the 'plot' extra)
    except ImportError as e:
        raise PlotError("charts need matplotlib, which is not installed: "
                        "pip install 'overlord[plot]'") from e
    return Figure, FigureCanvasAgg


def plot(summary: dict, records: list[dict], path: str | os.PathLike) -> str:
    """Write the charts of ``summary`` (from ``stats.summarize(records)``) to the PNG ``path``
    and return the path written. ``records`` give the rounds of each game by result."""
    Figure, FigureCanvasAgg = _matplotlib()

    by_heroes = summary.get("by_heroes") or []
    panels = (["heroes"] if len(by_heroes) > 1 else []) + ["rounds", "tracks"]
    fig = Figure(figsize=(5.0 * len(panels), 4.2), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, len(panels), squeeze=False)[0]
    ci = summary.get("win_rate_ci") or {}
    title = f"{summary.get('games', 0)} games"
    if summary.get("win_rate") is not None:
        title += (f", win rate {100 * summary['win_rate']:.1f}% "
                  f"({100 * ci.get('confidence', 0.95):.0f}% CI {100 * ci['low']:.1f}"
                  f"-{100 * ci['high']:.1f}%, {ci.get('method', 'Wilson score interval')})")
    fig.suptitle(title)

    for ax, panel in zip(axes, panels):
        if panel == "heroes":
            heroes = [item["heroes"] for item in by_heroes]
            rates = [item["win_rate"] for item in by_heroes]
            below = [item["win_rate"] - item["ci_low"] for item in by_heroes]
            above = [item["ci_high"] - item["win_rate"] for item in by_heroes]
            ax.bar([str(h) for h in heroes], rates, color="tab:blue", alpha=0.8)
            ax.errorbar([str(h) for h in heroes], rates, yerr=[below, above], fmt="none",
                        ecolor="black", capsize=6)
            for x, item in enumerate(by_heroes):          # game counts inside the bars' feet
                ax.annotate(f"n={item['games']}", (x, 0), xytext=(0, 4),
                            textcoords="offset points", ha="center", fontsize=8)
            ax.set_ylim(0, 1.05)
            ax.set_xlabel("heroes")
            ax.set_ylabel("win rate")
            ax.set_title(f"Win rate by hero count ({100 * ci.get('confidence', 0.95):.0f}% CI)")

        elif panel == "rounds":
            counts = {res: Counter(int(r["rounds"]) for r in records if r.get("result") == res)
                      for res in RESULT_COLOURS}
            all_rounds = sorted({n for c in counts.values() for n in c})
            bottom = [0] * len(all_rounds)
            for res, colour in RESULT_COLOURS.items():
                heights = [counts[res][n] for n in all_rounds]
                if any(heights):
                    ax.bar(all_rounds, heights, bottom=bottom, color=colour, label=res, width=0.8)
                    bottom = [b + h for b, h in zip(bottom, heights)]
            rounds = summary.get("rounds") or {}
            if rounds.get("median") is not None:
                ax.axvline(rounds["median"], color="black", linestyle="--", linewidth=1,
                           label=f"median {rounds['median']:g}")
                ax.axvline(rounds["p90"], color="black", linestyle=":", linewidth=1,
                           label=f"p90 {rounds['p90']:g}")
            if all_rounds:
                ax.set_ylim(0, max(bottom) * 1.45)          # room for the legend above the bars
                ax.legend(fontsize=8, loc="upper left", ncols=2)
            ax.set_xlabel("rounds played")
            ax.set_ylabel("games")
            ax.set_title("Rounds per game")

        else:
            by_round = (summary.get("tracks") or {}).get("by_round") or []
            names = (summary.get("tracks") or {}).get("names") or {"doom": "doom", "fate": "fate"}
            xs = [item["round"] for item in by_round]
            if xs:
                ax.plot(xs, [item["doom_mean"] for item in by_round], marker="o", markersize=3,
                        color="tab:orange", label=f"{names['doom']} (mean)")
                ax.plot(xs, [item["fate_mean"] for item in by_round], marker="o", markersize=3,
                        color="tab:purple", label=f"{names['fate']} (mean)")
                ax.legend(fontsize=8)
            spaces = (summary.get("tracks") or {}).get("spaces") or []
            if spaces:
                ax.set_ylim(-0.5, max(spaces) - 0.5)
            ax.set_xlabel("round (games still going)")
            ax.set_ylabel("track space")
            ax.set_title(f"{names['doom'].capitalize()} and {names['fate']} over the rounds")

    try:
        fig.savefig(os.fspath(path), format="png", metadata={"Software": None})
    except OSError as e:
        raise PlotError(f"cannot write {shown(os.fspath(path))}: {e.strerror or e}") from e
    return os.fspath(path)
