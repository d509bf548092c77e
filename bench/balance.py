"""Balance of a shipped scenario: a hero bot over N seeded games per hero count, through the same
runner as `overlord simulate` (so the figures are the ones it would give).

    python bench/balance.py underworld [--games 200] [--seed 1] [--heroes 1,2,3,4] [--jobs 2]
    python bench/balance.py forgotten-souls --heroes 2,3,4 [--bot heuristic|random] [--max-rounds R]
    python bench/balance.py roth-race --heroes 1,2,3 --enemy random     (one of the game's enemy policies)
    python bench/balance.py roth-race --heroes 1 --set scenario.seats=2  (a scenario field changed)

Prints per hero count: the win rate with its Wilson 95% interval, the mean rounds, the CPU time a
game and how the games ended; for a Descent quest also where the fate and doom went (spaces a
game: heroes knocked out, fate steps, other effects; doom advanced after setup). Max rounds
default to the scenario's own (else 40). `--set KEY=VALUE` (repeatable) plays a copy of the scenario
with one field changed (a dotted path into its YAML, the value read as YAML), written to a temporary
directory with its content paths made absolute.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from overlord.games.registry import open_scenario  # noqa: E402
from overlord.sim.run import simulate  # noqa: E402
from overlord.sim.stats import summarize  # noqa: E402


def _names_a_file(folder: Path, text: str) -> bool:
    """Whether ``text`` names a file beside the scenario (a scenario's prose, longer than a file name may
    be, names none)."""
    try:
        return (folder / text).is_file()
    except OSError:
        return False


def overridden(path: Path, sets: list[str], into: Path) -> Path:
    """A copy of the scenario file at `path` with each `KEY=VALUE` of `sets` applied, in `into`:
    every string naming a file beside the original is made absolute so the copy reads the same
    content."""
    data = yaml.safe_load(path.read_text())

    def absolute(node):
        if isinstance(node, dict):
            return {k: absolute(v) for k, v in node.items()}
        if isinstance(node, list):
            return [absolute(v) for v in node]
        if isinstance(node, str) and _names_a_file(path.parent, node):
            return str((path.parent / node).resolve())
        return node

    data = absolute(data)
    for item in sets:
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"--set {item}: expected KEY=VALUE")
        *parents, leaf = [int(p) if p.isdigit() else p for p in key.split(".")]   # coop.darkness_limit.2: a count
        node = data
        for part in parents:
            if not isinstance(node.get(part), dict):
                raise SystemExit(f"--set {item}: {path.name} has no mapping {part!r}")
            node = node[part]
        node[leaf] = yaml.safe_load(value)
    tag = "-".join(s.replace("=", "").replace(".", "") for s in sets)
    out = into / f"{path.stem}-{tag}.yaml"
    out.write_text(yaml.safe_dump(data, sort_keys=False))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", help="a shipped scenario's name or a scenario file")
    parser.add_argument("--games", type=int, default=200, help="games per hero count (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    parser.add_argument("--heroes", default=None, help="hero counts, comma-separated (default: the scenario's)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--bot", default="heuristic", help="a bot of the game (heuristic, random...) or module:function")
    parser.add_argument("--max-rounds", type=int, default=None)
    parser.add_argument("--enemy", default=None, help="one of the game's enemy policies (default: its first)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="play a copy of the scenario with this field changed (scenario.seats=2)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        return run(args, tmp)


def run(args, tmp: str) -> int:
    if args.set:
        _, _, original = open_scenario(args.scenario)
        args.scenario = str(overridden(original, args.set, Path(tmp)))
    rules, content, path = open_scenario(args.scenario)
    info = rules.info(content)
    name = info.id
    counts = [int(h) for h in args.heroes.split(",") if h.strip()] if args.heroes else list(info.hero_counts)
    max_rounds = args.max_rounds or info.max_rounds
    started = time.time()
    records = simulate(str(path), args.games, args.seed, counts, args.bot, jobs=args.jobs, max_rounds=max_rounds,
                       enemy=args.enemy)
    wall = time.time() - started
    enemy = f", enemy {args.enemy}" if args.enemy else ""
    enemy += "".join(f", {item}" for item in args.set)
    print(f"{name} balance: {args.games} games per hero count, seed {args.seed}, bot {args.bot}{enemy}, "
          f"max {max_rounds} rounds, {wall:.1f} s")
    print(f"{'heroes':>6}  {'games':>5}  {'wins':>4}  {'win rate':>8}  {'95% CI (Wilson)':>17}  "
          f"{'rounds':>6}  {'cpu/game':>8}  endings")
    for h in counts:
        mine = [r for r in records if r["heroes"] == h]
        s = summarize(mine)
        ci = s["win_rate_ci"]
        endings = "; ".join([f"victory {s['wins']}"]
                            + [f"defeat ({k}) {v}" for k, v in s["loss_reasons"].items()]
                            + [f"unfinished ({k}) {v}" for k, v in s["unfinished_reasons"].items()])
        cpu = sum(r.get("cpu_seconds", 0.0) for r in mine) / max(1, len(mine))
        print(f"{h:>6}  {s['games']:>5}  {s['wins']:>4}  {100 * s['win_rate']:>7.1f}%  "
              f"{100 * ci['low']:>6.1f}% to {100 * ci['high']:>5.1f}%  {s['rounds']['mean']:>6.2f}  "
              f"{cpu:>7.3f}s  {endings}")
    moved = [r for r in records if r.get("track_moves")]
    if moved:
        print(f"where the tracks went, spaces a game (mean over all games): "
              f"{'heroes':>6}  {'knocked out':>11}  {'fate steps':>10}  {'other fate':>10}  {'doom':>5}")
        for h in counts:
            mine = [r["track_moves"] for r in moved if r["heroes"] == h]
            if not mine:
                continue
            fate = [m["fate"] for m in mine]
            ko = sum(f.get("heroes defeated", 0) for f in fate) / len(mine)
            steps = sum(f.get("fate step", 0) for f in fate) / len(mine)
            other = sum(v for f in fate for k, v in f.items() if k not in ("heroes defeated", "fate step")) / len(mine)
            doom = sum(sum(m["doom"].values()) for m in mine) / len(mine)
            print(f"{'':60}{h:>6}  {ko:>11.2f}  {steps:>10.2f}  {other:>10.2f}  {doom:>5.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
