"""The confirmations' figures come from the games kept for them. A declared confirmation of the
search (docs/testing-the-ai.md) keeps every game's record in ``bench/runs/<case>/part-*.jsonl.gz``
(``bench/mcts_bench.py --partial``); this reads them back through the bench's own summary and
checks the rows the README and the docs print, the settings the games were played with, and the
verdict the declared test gives: beaten only if the paired 95% interval lies above zero.

The games themselves are too long for the suite (86 CPU s a game at seed 2031); that today's code
still plays them is checked by hand (bench/runs/underworld1-seed2031/README.md says how).
"""

from __future__ import annotations

import gzip
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _bench():
    spec = importlib.util.spec_from_file_location("mcts_bench", ROOT / "bench" / "mcts_bench.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def kept(run: str, tmp_path: Path) -> Path:
    """The ``--partial`` file the parts make together, as their README says (``zcat part-*``)."""
    out = tmp_path / f"{run}.jsonl"
    parts = sorted((ROOT / "bench" / "runs" / run).glob("part-*.jsonl.gz"))
    assert parts, f"bench/runs/{run}: no parts"
    out.write_bytes(b"".join(gzip.decompress(p.read_bytes()) for p in parts))
    return out


def pct(x: float) -> str:
    return f"{x * 100:+.1f}%"


CASES = [
    # run, the page and its row, games, settings of the run, beaten by the declared test
    ("underworld1-seed2031", "README.md",
     "| underworld | 1 | 400 | 30.0% | 34.5% | +4.5% (+1.4% to +7.6%) |", 400,
     {"seed": 2031, "budget": "16", "confirm": None, "horizon": None}, True),
    ("underworld1-seed2031", "docs/testing-the-ai.md",
     "| ... departures played out first (shipped), the third confirmation: 400 fresh games (seed 2031) | 1 "
     "| 30.0% | 34.5% | +4.5% | +1.4% to +7.6% | 29 / 11 |", 400,
     {"seed": 2031, "budget": "16", "confirm": None, "horizon": None}, True),
    ("underworld1-seed2029", "docs/testing-the-ai.md",
     "| ... shipped, the second confirmation: 1,200 fresh games (seed 2029) | 1 "
     "| 23.5% | 22.8% | -0.7% | -3.6% to +2.3% | 160 / 168 |", 1200,
     {"seed": 2029, "budget": "16", "confirm": None, "horizon": None}, False),
]


@pytest.mark.parametrize("run, page, row, games, settings, beaten", CASES)
def test_a_confirmations_printed_row_is_what_its_kept_games_give(run, page, row, games, settings, beaten, tmp_path):
    bench = _bench()
    path = kept(run, tmp_path)
    records = [r for _, r in bench.kept_lines(str(path))]
    assert len(records) == 2 * games, "every game of both bots, each kept once"
    assert {(r["bot"], r["seed"]) for r in records} == {(b, r["seed"]) for r in records for b in ("heuristic", "mcts")}
    assert all(r["scenario"] == "underworld" and r["heroes"] == 1 for r in records)
    for r in records:           # played with the shipped settings: nothing overridden on the command line
        assert {k: r["run"][k] for k in settings} == settings, r["run"]
        assert r["run"]["games"] == games

    s = bench.summarise(str(path))["underworld"]
    low, high = s["interval"]
    pairs = s["pairs"]
    text = (ROOT / page).read_text(encoding="utf-8")
    assert row in text, f"{page} no longer prints {row!r}"
    printed = (f"{s['win_rate']['heuristic'] * 100:.1f}% | {s['win_rate']['mcts'] * 100:.1f}% | "
               f"{pct(s['difference'])}")
    assert printed in row, f"the kept games give {printed}, {page} prints {row}"
    assert f"{pct(low)} to {pct(high)}" in row
    if "/" in row:
        assert f"{pairs['only_a']} / {pairs['only_b']}" in row
    assert s["games"] == games
    assert (low > 0) is beaten, "beaten only if the paired 95% interval lies above zero (declared beforehand)"
