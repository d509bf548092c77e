"""The summary of many simulated games (``overlord simulate``): win rate with a confidence
interval, rounds, how games were lost, the tracks at the end, win rate by hero count and per
card, as plain JSON-safe data, and a plain-text table of it for a terminal.

A game record is a plain dict, at least::

    {"seed": 7, "heroes": 2, "bot": "greedy", "result": "victory" | "defeat" | "unfinished",
     "reason": "doom met fate", "rounds": 9, "doom": 6, "fate": 8, "track_spaces": 10,
     "cards": {"exploration": [ids drawn], "peril": [...], "activation": [...]},
     "timeline": [{"round": 1, "doom": 2, "fate": 9}, ...], "cpu_seconds": 0.41}

Every dict in the summary is built in sorted key order and every list in a fixed sorted order,
so the same records give the same ``json.dumps`` text byte for byte. Floats are rounded to
``DIGITS`` places.
"""

from __future__ import annotations

import io
import math
from collections import Counter, defaultdict
from statistics import NormalDist
from typing import Literal

import numpy as np
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text
from ..view.words import count, listing
from .cards import left_out, per_card

RESULTS = ("victory", "defeat", "unfinished")
REQUIRED = ("seed", "heroes", "result", "rounds", "doom", "fate")
DIGITS = 6
CONFIDENCE = 0.95
CI_METHOD = "Wilson score interval"
PERCENTILE_METHOD: Literal["linear"] = "linear"           # numpy.percentile(method="linear"), Hyndman & Fan type 7
FORMAT = "overlord-sim-summary"
VERSION = 1


# -- the interval -----------------------------------------------------------------------------

def z_for(confidence: float = CONFIDENCE) -> float:
    """The two-sided standard normal quantile for ``confidence`` (1.959964... for 0.95)."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1 (exclusive), not {confidence!r}")
    return NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0)


def wilson_interval(successes: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion ``successes / n``::

        p = k / n,  z = the (1 + confidence) / 2 normal quantile
        centre    = (p + z^2 / 2n) / (1 + z^2 / n)
        half      = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / 4n^2)
        interval  = [centre - half, centre + half], clamped to [0, 1]

    Unlike the normal (Wald) interval it stays inside [0, 1] and is not empty at 0 or n
    successes. No games (``n == 0``) say nothing: the interval is [0, 1]."""
    if isinstance(successes, bool) or isinstance(n, bool) or not isinstance(successes, int) \
            or not isinstance(n, int):
        raise TypeError("successes and n must be integers")
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    z = z_for(confidence)
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)       # exact ends: no 2.8e-17
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


# -- the summary ------------------------------------------------------------------------------

def _r(x: float | None) -> float | None:
    if x is None:
        return None
    value = round(float(x), DIGITS)
    return 0.0 if value == 0 else value       # no "-0.0" in the JSON


def _rate(wins: int, games: int) -> float | None:
    return _r(wins / games) if games else None


def _sorted_counts(counter: Counter) -> dict:
    return {key: counter[key] for key in sorted(counter)}


def _check(records: list[dict]) -> None:
    if not isinstance(records, list):
        raise TypeError("records must be a list of dicts")
    for i, rec in enumerate(records):
        if not isinstance(rec, dict):
            raise TypeError(f"record {i} is not a dict")
        missing = [key for key in REQUIRED if key not in rec]
        if missing:
            raise ValueError(f"record {i} (seed {rec.get('seed')!r}) lacks {', '.join(missing)}")
        if rec["result"] not in RESULTS:
            raise ValueError(f"record {i} (seed {rec['seed']!r}): result {rec['result']!r} is not "
                             f"one of {', '.join(RESULTS)}")


def _ci(wins: int, games: int) -> dict:
    low, high = wilson_interval(wins, games)
    return {"confidence": CONFIDENCE, "high": _r(high) if games else None,
            "low": _r(low) if games else None, "method": CI_METHOD, "z": _r(z_for(CONFIDENCE))}


def _rounds(records: list[dict]) -> dict:
    rounds = [int(rec["rounds"]) for rec in records]
    if not rounds:
        return {"distribution": [], "max": None, "mean": None, "median": None, "min": None,
                "p90": None, "percentile_method": f"numpy.percentile method={PERCENTILE_METHOD!r}"}
    arr = np.asarray(rounds, dtype=float)
    counts = Counter(rounds)
    return {
        "distribution": [{"games": counts[r], "rounds": r} for r in sorted(counts)],
        "max": max(rounds),
        "mean": _r(arr.mean()),
        "median": _r(np.percentile(arr, 50, method=PERCENTILE_METHOD)),
        "min": min(rounds),
        "p90": _r(np.percentile(arr, 90, method=PERCENTILE_METHOD)),
        "percentile_method": f"numpy.percentile method={PERCENTILE_METHOD!r}",
    }


def _tracks(records: list[dict]) -> dict:
    n = len(records)
    gaps = Counter(int(rec["fate"]) - int(rec["doom"]) for rec in records)
    per_round: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for rec in records:
        for point in rec.get("timeline") or ():
            per_round[int(point["round"])].append((int(point["doom"]), int(point["fate"])))
    by_round = [{"doom_mean": _r(sum(d for d, _ in pts) / len(pts)),
                 "fate_mean": _r(sum(f for _, f in pts) / len(pts)),
                 "games": len(pts), "round": r}
                for r, pts in sorted(per_round.items())]
    spaces = sorted({int(rec["track_spaces"]) for rec in records if "track_spaces" in rec})
    return {
        "by_round": by_round,
        "doom_mean": _r(sum(int(rec["doom"]) for rec in records) / n) if n else None,
        "fate_mean": _r(sum(int(rec["fate"]) for rec in records) / n) if n else None,
        "gap": "fate - doom at the end of the game",
        "gap_distribution": [{"games": gaps[g], "gap": g} for g in sorted(gaps)],
        "gap_mean": _r(sum(g * c for g, c in gaps.items()) / n) if n else None,
        "names": _track_names(records),
        "spaces": spaces,
    }


def _track_names(records: list[dict]) -> dict:
    """What ``doom`` and ``fate`` stand for in these records (the Underworld: the Dark Side and
    the box that fills it)."""
    names = {"doom": "doom", "fate": "fate"}
    for rec in records:
        names.update(rec.get("track_names") or {})
        break
    return dict(sorted(names.items()))


def _track_moves(records: list[dict]) -> dict:
    """Where the fate and doom went, for the records that say (``track_moves``: spaces moved by
    each source in a game): the mean spaces a game by source, for the lost games and for all;
    and how far the heroes got (main encounters completed, encounters explored)."""
    with_moves = [rec for rec in records if rec.get("track_moves")]
    if not with_moves:
        return {}
    lost = [rec for rec in with_moves if rec["result"] != "victory"]

    def means(recs: list[dict], track: str) -> dict:
        totals: Counter = Counter()
        for rec in recs:
            totals.update(rec["track_moves"].get(track) or {})
        return {k: _r(totals[k] / len(recs)) for k in sorted(totals)} if recs else {}

    mains = Counter(int(rec["track_moves"].get("mains", 0)) for rec in with_moves)
    explored = [int(rec["track_moves"].get("explored", 0)) for rec in with_moves]
    return {"doom": {"all": means(with_moves, "doom"), "lost": means(lost, "doom")},
            "explored_mean": _r(sum(explored) / len(explored)),
            "fate": {"all": means(with_moves, "fate"), "lost": means(lost, "fate")},
            "games": len(with_moves), "knockouts": {"all": means(with_moves, "knockouts"),
                                                    "lost": means(lost, "knockouts")},
            "lost_games": len(lost),
            "main_encounters": [{"completed": k, "games": mains[k]} for k in sorted(mains)]}


def _by_heroes(records: list[dict]) -> list[dict]:
    groups: dict[int, list[dict]] = defaultdict(list)
    for rec in records:
        groups[int(rec["heroes"])].append(rec)
    if len(groups) < 2:
        return []
    out = []
    for heroes in sorted(groups):
        games = len(groups[heroes])
        wins = sum(rec["result"] == "victory" for rec in groups[heroes])
        low, high = wilson_interval(wins, games)
        out.append({"ci_high": _r(high), "ci_low": _r(low), "games": games, "heroes": heroes,
                    "win_rate": _rate(wins, games), "wins": wins})
    return out


def _cards(records: list[dict]) -> dict:
    """Per deck, per card: how often drawn, and the games that drew it against the games at the
    same draw of the deck with another card (``overlord.sim.cards``)."""
    return per_card(records, _r)


def summarize(records: list[dict]) -> dict:
    """The summary of finished game records as plain JSON-safe data (see the module docstring
    for a record). Keys, all present whatever the records:

    ``format``, ``version``; ``games``, ``wins``, ``losses``, ``unfinished``; ``win_rate``
    (None with no games) and ``win_rate_ci`` ({method, confidence, z, low, high});
    ``rounds`` ({mean, median, p90, min, max, percentile_method, distribution}); ``loss_reasons``
    and ``unfinished_reasons`` ({reason: games}); ``tracks`` ({doom_mean, fate_mean, gap,
    gap_mean, gap_distribution, by_round, spaces}); ``heroes`` (the hero counts played);
    ``by_heroes`` (per hero count games, wins, win rate and interval; empty unless several hero
    counts were played); ``track_moves`` (where fate and doom went, by source, and how far the
    heroes got; empty unless the records say); ``bots`` ({bot: games}); ``cards`` ({deck: [{id, games, draws,
    game_share, wins, win_rate, draw, compared, won_compared, others, difference, chance}]}: the
    games that drew each card against those at the same draw with another card,
    ``overlord.sim.cards``); ``cpu_seconds`` ({total, mean})."""
    _check(records)
    n = len(records)
    results = Counter(rec["result"] for rec in records)
    wins = results["victory"]
    reasons = {res: Counter(str(rec.get("reason", "")) for rec in records if rec["result"] == res)
               for res in ("defeat", "unfinished")}
    cpu = [float(rec["cpu_seconds"]) for rec in records if "cpu_seconds" in rec]
    summary = {
        "bots": _sorted_counts(Counter(str(rec.get("bot", "")) for rec in records)),
        "by_heroes": _by_heroes(records),
        "cards": _cards(records),
        "cpu_seconds": {"mean": _r(sum(cpu) / len(cpu)) if cpu else None,
                        "total": _r(sum(cpu)) if cpu else None},
        "format": FORMAT,
        "games": n,
        "heroes": sorted({int(rec["heroes"]) for rec in records}),
        "loss_reasons": _sorted_counts(reasons["defeat"]),
        "losses": results["defeat"],
        "rounds": _rounds(records),
        "track_moves": _track_moves(records),
        "tracks": _tracks(records),
        "unfinished": results["unfinished"],
        "unfinished_reasons": _sorted_counts(reasons["unfinished"]),
        "version": VERSION,
        "win_rate": _rate(wins, n),
        "win_rate_ci": _ci(wins, n),
        "wins": wins,
    }
    return summary


# -- the table --------------------------------------------------------------------------------

def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None) -> str:
    if x is None:
        return "-"
    if isinstance(x, int) or float(x).is_integer():
        return str(int(x))
    return f"{x:.2f}"


def render_table(summary: dict) -> str:
    """The summary as plain text for a terminal: an overview, how games ended, the doom-fate
    gap, win rate by hero count (when several) and each deck's cards. No colour codes; the same
    summary gives the same text."""

    console = Console(record=True, width=100, file=io.StringIO(), color_system=None,
                      force_terminal=False, force_jupyter=False, legacy_windows=False,
                      emoji=False, highlight=False, markup=False)

    def table(title: str, *columns: tuple[str, Literal["left", "right"]]) -> Table:
        console.print(Text(title))                  # above the table, never wrapped to its width
        t = Table(box=box.ASCII2, show_edge=True)
        for name, justify in columns:
            t.add_column(name, justify=justify)
        return t

    def show(t: Table) -> None:
        console.print(t)
        console.print()

    def row(t: Table, *cells: object) -> None:
        t.add_row(*(Text(str(c)) for c in cells))

    def note(text: str) -> None:
        console.print(Text(text))
        console.print()

    n = summary["games"]
    ci = summary["win_rate_ci"]
    rounds = summary["rounds"]
    tracks = summary["tracks"]

    overview = table("Simulation summary", ("", "left"), ("", "left"))
    overview.show_header = False
    row(overview, "Games", n)
    row(overview, "Victories", summary["wins"])
    row(overview, "Defeats", summary["losses"])
    row(overview, "Unfinished", summary["unfinished"])
    if n:
        row(overview, "Win rate", f"{_pct(summary['win_rate'])} "
            f"({100 * ci['confidence']:.0f}% CI {_pct(ci['low'])} to {_pct(ci['high'])}, {ci['method']})")
        row(overview, "Rounds", f"mean {_num(rounds['mean'])}, median {_num(rounds['median'])}, "
            f"p90 {_num(rounds['p90'])}, min {rounds['min']}, max {rounds['max']}")
        doom, fate = tracks["names"]["doom"], tracks["names"]["fate"]
        row(overview, "Tracks at the end", f"{doom} mean {_num(tracks['doom_mean'])}, "
            f"{fate} mean {_num(tracks['fate_mean'])}, gap ({fate} - {doom}) mean {_num(tracks['gap_mean'])}")
    else:
        row(overview, "Win rate", "- (no games)")
    row(overview, "Hero counts", ", ".join(str(h) for h in summary["heroes"]) or "-")
    row(overview, "Bots", ", ".join(f"{b or '?'} ({c})" for b, c in summary["bots"].items()) or "-")
    search = summary.get("search")
    if search:
        rate = search["decisions_per_second"]
        row(overview, "Search", f"{budget(search)}: {search['decisions']} decisions searched, "
            f"{rate if rate is not None else '-'} a CPU second; {departures(search)}")
    cpu = summary.get("cpu_seconds") or {"total": None}
    if cpu["total"] is not None:
        row(overview, "CPU seconds", f"total {cpu['total']:.2f}, mean {cpu['mean']:.3f} per game")
    show(overview)

    ends = [(k, "defeat", reason) for reason, k in summary["loss_reasons"].items()]
    ends += [(k, "unfinished", reason) for reason, k in summary["unfinished_reasons"].items()]
    if ends:
        t = table("How games were lost or left unfinished", ("Result", "left"), ("Reason", "left"),
                  ("Games", "right"), ("Share", "right"))
        for k, result, reason in sorted(ends, key=lambda e: (-e[0], e[1], e[2])):
            row(t, result, reason or "-", k, _pct(k / n))
        show(t)

    doom, fate = tracks["names"]["doom"], tracks["names"]["fate"]
    if len(tracks["gap_distribution"]) == 1:
        only = tracks["gap_distribution"][0]["gap"]
        note(f"Left out: the gap at the end of the game ({fate} - {doom}), {only} in every game.")
    elif tracks["gap_distribution"]:
        t = table(f"Gap at the end of the game ({fate} - {doom})", ("Gap", "right"), ("Games", "right"),
                  ("Share", "right"))
        for item in tracks["gap_distribution"]:
            row(t, item["gap"], item["games"], _pct(item["games"] / n))
        show(t)

    moves = summary.get("track_moves") or {}
    if moves:
        lost = moves["lost_games"]
        t = table(f"Where fate and doom went (spaces a game, mean; {count(lost, 'game')} not won of {moves['games']}), "
                  "and where heroes were knocked out",
                  ("Track", "left"), ("Moved by", "left"), ("Games not won", "right"), ("All games", "right"))
        idle = []
        for track in ("fate", "doom", "knockouts"):
            sources = sorted(set(moves[track]["all"]) | set(moves[track]["lost"]),
                             key=lambda k: (-(moves[track]["lost"].get(k) or 0), k))
            for source in sources:
                if not moves[track]["lost"].get(source) and not moves[track]["all"].get(source):
                    idle.append(f"{source} ({'knock-outs' if track == 'knockouts' else track})")
                    continue
                name = "heroes knocked out in" if track == "knockouts" else track
                row(t, name, source, _num(moves[track]["lost"].get(source)), _num(moves[track]["all"].get(source)))
        show(t)
        if idle:
            note(f"Left out of it: {listing(idle)} - 0 in the games not won and in all.")
        t = table("How far the heroes got", ("Main encounters completed", "right"), ("Games", "right"),
                  ("Share", "right"))
        for item in moves["main_encounters"]:
            row(t, item["completed"], item["games"], _pct(item["games"] / moves["games"]))
        row(t, "encounters explored, mean", _num(moves["explored_mean"]), "")
        show(t)

    if summary["by_heroes"]:
        t = table("Win rate by hero count", ("Heroes", "right"), ("Games", "right"),
                  ("Wins", "right"), ("Win rate", "right"), (f"{100 * ci['confidence']:.0f}% CI", "right"))
        for item in summary["by_heroes"]:
            row(t, item["heroes"], item["games"], item["wins"], _pct(item["win_rate"]),
                f"{_pct(item['ci_low'])} to {_pct(item['ci_high'])}")
        show(t)

    _card_tables(summary, table, show, row, note)

    lines = [line.rstrip() for line in console.export_text(styles=False).splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


CARD_LEGEND = (
    "The card tables: a card's draw is the draw of its deck at which it first came up (the median "
    "over the games that drew it). The games that drew a card are set against the games that made "
    "as many draws from that deck but turned up another card at that draw (the shuffle's chance), "
    "as the win rate of the games that drew a card alone would flatter one that only long games "
    "reach. Difference: won when drawn minus others at that draw, in points; a difference within "
    "the chance (plus or minus) is what a card that changes nothing shows 19 times in 20. \"(of N)\": "
    "only N of the games that drew it are compared, the others drew it at a draw no game reached "
    "without it.")


def _deck_title(deck: str) -> str:
    """"Exploration cards", "Tiles" (a deck named by what it holds is not "Tiles cards")."""
    return deck.capitalize() if deck.endswith("s") else f"{deck.capitalize()} cards"


def _card_tables(summary: dict, table, show, row, note) -> None:
    """Each deck's table, without what says nothing: no table when every game was won or none
    was (no card can differ), no row for a card drawn in every game or never drawn where another
    game went as far without it; one line says what was left out and why."""
    n = summary["games"]
    decks = {deck: cards for deck, cards in summary["cards"].items() if cards}
    if not decks:
        return
    if summary["wins"] in (0, n):
        outcome = "no game was won" if summary["wins"] == 0 else "every game was won"
        note(f"Left out: the card tables ({listing(_deck_title(d).lower() for d in decks)}): {outcome}, "
             "so no card can show a difference.")
        return
    legend = False
    for deck, cards in decks.items():
        shown, everywhere, alone = left_out(cards, n)
        title = _deck_title(deck)
        if shown:
            if not legend:
                note(CARD_LEGEND)
                legend = True
            t = table(f"{title}: the games that drew each, against the games at the same draw with another card",
                      (title[:-1] if deck.endswith("s") else "Card", "left"), ("Games\ndrawn", "right"), ("Draw", "right"),
                      ("Won when\ndrawn", "right"), ("Others at\nthat draw", "right"),
                      ("Difference", "right"), ("Chance", "right"))
            t.columns[0].no_wrap = True                   # a card is named whole; the headers wrap
            t.columns[0].min_width = max(len(str(c["id"])) for c in shown)
            for card in shown:
                partial = card["compared"] < card["games"]
                row(t, card["id"], f"{card['games']} ({_pct(card['game_share'])})", f"{card['draw']:g}",
                    _pct(card["won_compared"]) + (f" (of {card['compared']})" if partial else ""),
                    _pct(card["others"]), _points(card["difference"]), f"±{100 * card['chance']:.1f}")
            show(t)
        why = []
        if everywhere:
            why.append(f"{_ids(everywhere)} drawn in every game (no game without "
                       f"{'it' if len(everywhere) == 1 else 'them'} to compare with)")
        if alone:
            why.append(f"{_ids(alone)} drawn only at a draw no game reached without "
                       f"{'it' if len(alone) == 1 else 'them'}")
        if why:
            what = f"the {title.lower()} table" if not shown else title.lower()
            note(f"Left out: {what} - {'; '.join(why)}.")


def _ids(ids: list[str]) -> str:
    """"fs-act-01", "fs-act-01 and fs-act-02", "the 10 cards (fs-act-01 to fs-act-10)"."""
    if len(ids) <= 3:
        return listing(ids)
    return f"{len(ids)} cards ({ids[0]} to {ids[-1]})"


def _points(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:+.1f}"


def departures(search: dict) -> str:
    """How often a search bot left the heuristic's choice, how many of those followed another
    plan (``overlord.sim.mcts``: switching plans), and how many departures of the tree its
    play-outs to the end turned down."""
    text = f"the heuristic's choice left {search['deviations']} times"
    if search.get("judged"):
        text += (f" ({search['switched']} following another plan; the plans played out at "
                 f"{search['judged']} decisions)")
    if search.get("unconfirmed"):
        text += f"; {search['unconfirmed']} more turned down, played out to the end"
    return text


def budget(search: dict) -> str:
    """What a search bot spent a decision: its budget, or, where the game grows no tree, the worlds
    each plan is played out in."""
    if search.get("tree", True):
        return f"budget {search['budget']} a decision"
    return f"plans played out in {search.get('worlds', 0)} worlds each (no tree: the budget is not used)"
