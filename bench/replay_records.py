"""Play the kept games of ``bench/runs`` again with today's code and say which come back the same.

Each kept run (``bench/runs/*/part-*.jsonl.gz``) holds one JSON record a game as
``bench/mcts_bench.py --partial`` wrote it. This script plays the games of the bots named (the
heuristic's by default: a few seconds a run; the search's cost about a minute a game) with the
seed, hero count and settings the record names, and compares the new record with the kept one in
everything but the timings (``cpu_seconds``, the search's ``seconds``). A rule that changed since
the run shows here as the games it changes and the fields that differ:

    python bench/replay_records.py                        # every run, the heuristic's games
    python bench/replay_records.py --runs underworld1-seed2031 --bots mcts --limit 2

Not part of the tests; the note of a change that alters the rules says what it printed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TIMINGS = {"cpu_seconds", "seconds", "wall_seconds"}


def kept(run: Path) -> list[dict]:
    out = []
    for part in sorted(run.glob("part-*.jsonl.gz")):
        with gzip.open(part, "rt", encoding="utf-8") as f:
            out += [json.loads(line) for line in f if line.endswith("\n")]
    return out


def bare(record) -> object:
    """The record without its timings, nested included."""
    if isinstance(record, dict):
        return {k: bare(v) for k, v in record.items() if k not in TIMINGS and k not in ("bot", "scenario", "run")}
    if isinstance(record, list):
        return [bare(v) for v in record]
    return record


def again(record: dict) -> dict:
    from overlord.sim.run import play_one
    from overlord.games import registry
    settings = record.get("run", {})
    scenario = str(registry.open_scenario(record["scenario"])[2])
    if settings.get("horizon") is not None or settings.get("switch") is not None or settings.get("confirm") is not None:
        raise SystemExit(f"{record['scenario']}: a run with its own search settings ({settings}) is not replayed here")
    rules = registry.open_scenario(record["scenario"])[0]
    rounds = settings.get("max_rounds") or rules.info(registry.open_scenario(record["scenario"])[1]).max_rounds
    budget = settings.get("budget") if record["bot"] == "mcts" else None
    new = play_one(scenario, record["seed"], record["heroes"], record["bot"], rounds, budget=budget)
    return json.loads(json.dumps({k: v for k, v in new.items() if k != "timeline"}, sort_keys=True, default=str))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", nargs="*", help="run folders under bench/runs (default: all)")
    ap.add_argument("--bots", nargs="*", default=["heuristic"])
    ap.add_argument("--limit", type=int, default=0, help="at most this many games a run and bot (0: all)")
    a = ap.parse_args()
    runs = sorted((ROOT / "bench" / "runs").iterdir()) if not a.runs else [ROOT / "bench" / "runs" / r for r in a.runs]
    for run in (r for r in runs if r.is_dir()):
        records = [r for r in kept(run) if r["bot"] in a.bots]
        if a.limit:
            records = records[:a.limit]
        same, fields, changed = 0, Counter(), []
        for r in records:
            new = bare(again(r))
            old = bare(r)
            if new == old:
                same += 1
                continue
            diff = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
            fields.update(diff)
            changed.append((r["seed"], r["heroes"], {k: (old.get(k), new.get(k)) for k in diff
                                                    if k in ("result", "reason", "rounds", "doom", "fate")}))
        won = lambda rs: sum(1 for x in rs if x.get("result") == "victory")      # noqa: E731
        print(f"{run.name}: {len(records)} games of {', '.join(a.bots)}: {same} the same, {len(changed)} differ"
              + (f" (fields: {', '.join(f'{k} {n}' for k, n in fields.most_common())})" if changed else ""))
        for seed, heroes, what in changed[:5]:
            print(f"  seed {seed} ({heroes} heroes): " + "; ".join(f"{k} {o!r} -> {n!r}" for k, (o, n) in what.items()))
        del won


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
