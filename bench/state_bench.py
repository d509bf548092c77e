"""Clone and JSON speed of mid-game states, for search bots and saves: the compiled codec of
``overlord.core.state`` against ``copy.deepcopy`` and against the reflective reference (the
codec before it was compiled), all in one run.

    python bench/state_bench.py [--repeat N] [--json]

For each shipped scenario, the state after some rounds of a seeded heuristic game is measured,
through its game's interface (``rules.clone``, ``rules.from_json``) against ``copy.deepcopy`` of
the state and the reflective codec; each figure is the median of N timings of a batch.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from overlord.content.paths import shipped_scenarios  # noqa: E402
from overlord.core.state import dumps, from_json, reflect_from_json, reflect_to_json  # noqa: E402
from overlord.games.registry import open_scenario  # noqa: E402
from overlord.sim.play import play  # noqa: E402
from overlord.core.game import match_json  # noqa: E402

ROUNDS = 8         # the mid-game state: after this many rounds of a seeded heuristic game (or its end)


def mid_game_states() -> dict[str, tuple]:
    """Each shipped scenario's game, rules and a mid-game match."""
    out = {}
    for name, path in shipped_scenarios().items():
        rules, content, _ = open_scenario(str(path))
        if rules.state_type is None:
            continue
        heroes = 3 if 3 in rules.info(content).hero_counts else rules.info(content).hero_counts[-1]
        match, _ = play(rules, content, 7, heroes, "heuristic", ROUNDS)
        out[name] = (rules, match)
    return out


def ms(fn, repeat: int, batch: int = 20) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(batch):
            fn()
        times.append((time.perf_counter() - start) / batch * 1000)
    return statistics.median(times)


def match_content(match):
    """The content a match is played with (a Descent game names it its quest)."""
    return getattr(match, "content", None) or getattr(match, "quest")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out = {}
    for name, (rules, match) in mid_game_states().items():
        cls, state = rules.state_type, match.state
        text = dumps(state)
        data = json.loads(text)
        row = {
            "round": state.round, "events": len(state.log), "bytes": len(text),
            "deepcopy_ms": ms(lambda: copy.deepcopy(state), args.repeat),
            "clone_ms": ms(lambda: rules.clone(match), args.repeat),
            "json_out_reference_ms": ms(lambda: json.dumps(reflect_to_json(state), separators=(",", ":")), args.repeat),
            "json_out_ms": ms(lambda: dumps(state), args.repeat),
            "json_in_reference_ms": ms(lambda: reflect_from_json(cls, json.loads(text)), args.repeat, 5),
            "json_in_ms": ms(lambda: rules.from_json(match_content(match), text), args.repeat),
        }
        assert from_json(cls, data) == state and match_json(rules.clone(match)) == text
        row["clone_speedup"] = row["deepcopy_ms"] / row["clone_ms"]
        row["round_trip_speedup"] = ((row["json_out_reference_ms"] + row["json_in_reference_ms"])
                                     / (row["json_out_ms"] + row["json_in_ms"]))
        out[name] = row
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{'scenario':16} {'round':>5} {'events':>6} {'KB':>5} | {'deepcopy':>8} {'clone':>7} {'x':>5} | "
          f"{'out ref':>7} {'out':>6} | {'in ref':>7} {'in':>6} | {'JSON x':>6}   (ms, median of {args.repeat})")
    for name, r in out.items():
        print(f"{name:16} {r['round']:5} {r['events']:6} {r['bytes'] / 1024:5.0f} | {r['deepcopy_ms']:8.3f} "
              f"{r['clone_ms']:7.3f} {r['clone_speedup']:5.0f} | {r['json_out_reference_ms']:7.3f} {r['json_out_ms']:6.3f} | "
              f"{r['json_in_reference_ms']:7.3f} {r['json_in_ms']:6.3f} | {r['round_trip_speedup']:6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
