"""Hostile content: variants of every shipped content file and map, each run through the commands
that read it, counting what must never happen.

For each shipped file (decks/**, scenarios/*.yaml, scenarios/maps/*.yaml) the script makes
``--variants`` variants, each one change to the file as a careless or malicious author would
make it: a number replaced by an absurd one (0, -1, 10^30, 2^64, 5,000 digits, a float, ``²``),
a value by another type or by another id of the file, a key or id misspelt, a line deleted,
doubled, swapped or re-indented, the file cut short, bytes that are not UTF-8, an anchor that
contains itself, an alias bomb, nesting 5,000 deep, a file past the size limit, an empty or
scalar file, a path a scenario names turned into a folder, a missing file, a device or a
5,000-character name. Each variant is written over a private copy of the shipped tree and run
through the CLI in-process (click's runner, so an exception is caught and counted, never lost):

* every variant: ``overlord validate FILE``;
* one variant in ``--use-every`` (and every variant that validates clean - the absurd values a
  format accepts are what chokes an engine): the commands that use the file - ``simulate`` one
  short game of the scenario that reads it (a scenario also ``deck`` and ``play`` at the table),
  ``move``, ``los`` and ``distance`` on a map.

It reports, per file: variants, runs, runs refused (exit 1), tracebacks (an exception escaped
the command), hangs (a run over 2 s of CPU, or killed after ``--kill-after`` s of wall time),
errors without FILE:LINE (a refusal whose lines do not each start with a file and a line; usage
errors, exit 2, name their argument instead), other exit codes, and the slowest run. Failures
are grouped by cause (the command and the last line of what it said); the first examples of each
cause are printed with the variant's index and change (``--show N`` a cause).

    python bench/hostile.py [--variants 3000] [--use-every 10] [--jobs 1] [--seed 17]
                            [--files PATTERN] [--json] [--show 3]
    python bench/hostile.py --files heldentaufe/underworld --only 2560     # one variant again

Not part of the tests (it takes an hour or more on two cores); tests/test_bench_smoke.py runs
it on a few variants. The figures of a whole run are in docs/hostile-input.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

HANG_CPU = 2.0                     # a run over this many CPU seconds counts as a hang
PLACE = re.compile(r"^[^:\s][^:]*:\d+(:\d+)?: ")
SPEC = re.compile(r"^(FAIL|ERROR)\s+[^:\s][^:]*:\d+ ")           # a spec that failed or could not run, at its line
# validate's last line (overlord.cli.validate_summary) and check's
SUMMARY = re.compile(r"^\d+ problems? in \d+ of \d+ files? checked( \(\d+ given and the \d+ (it names|they name)\))?$"
                     r"|^\d+ specs? in \d+ files?: ")

# which shipped scenario reads the files of each deck folder (the simulate run of a deck variant)
READER = {"forgotten-souls": "forgotten-souls", "descent": "forgotten-souls", "underworld": "underworld",
          "heldentaufe": "heldentaufe", "dragon": "dragon", "roth": "roth"}


# -- the variants ----------------------------------------------------------------------------------

def scalars(text: str) -> tuple[list, list]:
    """(values, keys): the scalar nodes of a YAML text, each (start, end, value, tag), in order."""
    import yaml
    values, keys = [], []
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return values, keys
    stack = [(root, False)]
    while stack:
        node, is_key = stack.pop()
        if node is None:
            continue
        if isinstance(node, yaml.ScalarNode):
            (keys if is_key else values).append((node.start_mark.index, node.end_mark.index, node.value, node.tag))
        elif isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                stack += [(k, True), (v, False)]
        elif isinstance(node, yaml.SequenceNode):
            stack += [(n, False) for n in node.value]
    return values, keys


NUMBERS = ["0", "-1", "-100", "1000000", "1" + "0" * 30, str(2 ** 64), "9" * 5000, "1.5", "1e400", ".nan",
           "²", "٣", "!!int abc", "!!float x", "0x7fffffff", "true", "null", "''", "[]", "{}", "x"]
TEXTS = ["", "x", "null", "[]", "{}", "0", "-1", "A" * 10_000, "ünïcödé ²", "&a [*a]", "!!binary AAAA", "'", "\"",
         "${HOME}", "../../../../etc/passwd", "/dev/zero", "."]


def variant(text: str, path_like: list, rng: random.Random) -> tuple[str, str]:
    """One hostile change to ``text``: (the new text, what was changed)."""
    values, keys = scalars(text)
    lines = text.split("\n")
    pick = rng.random()
    ints = [v for v in values if re.fullmatch(r"-?\d+", v[2])]
    strs = [v for v in values if v not in ints]
    if pick < 0.30 and ints:
        start, end, value, _ = rng.choice(ints)
        new = rng.choice(NUMBERS + [str(int(value) + rng.choice((-2, -1, 1, 2, 10, 100)))])
        return text[:start] + new + text[end:], f"number {value!r} at {_line(text, start)} -> {new[:20]!r}"
    if pick < 0.45 and strs:
        start, end, value, _ = rng.choice(strs)
        other = rng.choice(strs)[2] if rng.random() < 0.4 else rng.choice(TEXTS + [_typo(value, rng)])
        if path_like and rng.random() < 0.3:
            other = rng.choice(path_like)
        new = other if re.fullmatch(r"[\w./ -]*", other) and other else json.dumps(other)
        return text[:start] + new + text[end:], f"value {value[:20]!r} at {_line(text, start)} -> {new[:20]!r}"
    if pick < 0.55 and keys:
        start, end, value, _ = rng.choice(keys)
        new = _typo(value, rng) if rng.random() < 0.7 else rng.choice(["", "<<", "? x", "1", "null"])
        return text[:start] + new + text[end:], f"key {value!r} at {_line(text, start)} -> {new!r}"
    if pick < 0.80 and len(lines) > 1:
        i = rng.randrange(len(lines))
        how = rng.choice(["delete", "double", "swap", "indent", "tab", "dedent", "cut"])
        if how == "delete":
            del lines[i]
        elif how == "double":
            lines.insert(i, lines[i])
        elif how == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif how == "indent":
            lines[i] = " " + lines[i]
        elif how == "tab":
            lines[i] = "\t" + lines[i]
        elif how == "dedent":
            lines[i] = lines[i].lstrip()
        else:
            return text[:rng.randrange(len(text) + 1)], "cut short"
        return "\n".join(lines), f"line {i + 1} {how}"
    return _whole_file(text, rng)


def _whole_file(text: str, rng: random.Random) -> tuple[str, str]:
    laughs = "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{b}: &{b} [{', '.join(['*' + a] * 10)}]\n" for a, b in zip("abcdefgh", "bcdefghi"))
    where = rng.randrange(len(text) + 1)
    options = [
        ("", "empty"), ("hello\n", "a scalar"), ("[1, 2, 3]\n", "a list"), ("- id: &r [*r]\n", "a self-reference"),
        (laughs + text, "an alias bomb before the content"), ("x: " + "[" * 5000 + "]" * 5000 + "\n" + text, "nesting 5,000 deep"),
        (text + "\n# " + "x" * 300_000 + "\n", "past the size limit"), (text[:where] + "\udcff" + text[where:], "a byte that is not UTF-8"),
        (text[:where] + "\x00" + text[where:], "a NUL byte"), (text.replace("\n", "\r\n"), "CRLF line ends"),
        (text + "\n" + text, "the content twice"), ("\ufeff" + text, "a byte-order mark"),
    ]
    return options[rng.randrange(len(options))]


def _line(text: str, index: int) -> str:
    return f"line {text.count(chr(10), 0, index) + 1}"


def _typo(word: str, rng: random.Random) -> str:
    if not word:
        return "x"
    i = rng.randrange(len(word))
    return word[:i] + rng.choice("xqz_") + word[i + 1:]


# -- running the commands ----------------------------------------------------------------------------

@dataclass
class Tally:
    variants: int = 0
    runs: int = 0
    refused: int = 0
    tracebacks: int = 0
    hangs: int = 0
    unplaced: int = 0
    odd_exit: int = 0
    slowest: float = 0.0
    examples: dict = field(default_factory=dict)

    def add(self, other: "Tally") -> None:
        for k in ("variants", "runs", "refused", "tracebacks", "hangs", "unplaced", "odd_exit"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.slowest = max(self.slowest, other.slowest)
        for k, v in other.examples.items():
            self.examples.setdefault(k, []).extend(v)


class Worker:
    """Runs variants of files in a private copy of the shipped tree, in one process."""

    def __init__(self):
        from click.testing import CliRunner
        from overlord import cli
        from overlord.games import registry
        self.cli, self.registry = cli, registry
        self.runner = CliRunner()
        self.tmp = tempfile.mkdtemp(prefix="hostile-")
        for name in ("decks", "scenarios"):
            shutil.copytree(os.path.join(ROOT, name), os.path.join(self.tmp, name))
        registry.games()
        self.info = {}
        for name in os.listdir(os.path.join(self.tmp, "scenarios")):
            if name.endswith(".yaml"):
                rules, content, _ = registry.open_scenario(os.path.join(self.tmp, "scenarios", name))
                info = rules.info(content)
                self.info[name[:-5]] = (info.hero_counts[0], list(rules.decks(content))[:1],
                                        list(info.heroes[:info.hero_counts[0]]))
        self.maps = {}
        from overlord.content.mapfile import load_map
        for name in os.listdir(os.path.join(self.tmp, "scenarios", "maps")):
            mf = load_map(os.path.join(self.tmp, "scenarios", "maps", name))
            figures = list(mf.scene.figures)
            spaces = [mf.board.label(n) for n in list(mf.scene.occupant)[:2]]
            self.maps[name] = (figures, spaces)

    def run_file(self, rel: str, indices: list[int], seed: int, use_every: int) -> Tally:
        path = os.path.join(self.tmp, rel)
        with open(path, encoding="utf-8") as f:
            original = f.read()
        paths = self._path_likes(rel)
        tally = Tally()
        try:
            for i in indices:
                rng = random.Random(f"{seed}:{rel}:{i}")
                text, what = variant(original, paths, rng)
                with open(path, "wb") as f:
                    f.write(text.encode("utf-8", "surrogateescape"))
                tally.variants += 1
                self.index = i
                clean = self._run(tally, rel, what, ["validate", path])
                if clean or i % use_every == 0:
                    for args, stdin in self._uses(rel, path, i):
                        self._run(tally, rel, what, args, stdin)
        finally:
            with open(path, "w", encoding="utf-8") as f:
                f.write(original)
        return tally

    def _path_likes(self, rel: str) -> list[str]:
        """What a path a scenario names may be turned into (scenario files only)."""
        if not rel.startswith("scenarios/") or rel.startswith("scenarios/maps/"):
            return []
        return ["../decks", "../decks/nothing.yaml", "/dev/zero", "/dev/null", "a" * 5000 + ".yaml",
                "../decks/underworld/heroes.yaml", "../decks/dragon/regions.yaml", "forgotten-souls.yaml",
                "../scenarios/maps/readme-example.yaml", "/etc/passwd", "../decks/heldentaufe"]

    def _uses(self, rel: str, path: str, i: int):
        """The commands that use a variant besides validate: (args, standard input)."""
        parts = rel.split("/")
        if parts[:2] == ["scenarios", "maps"]:
            figures, spaces = self.maps[parts[2]]
            verbs = ["toward", "away", "engage", "spot", "leave-pit"]
            fig = figures[i % len(figures)] if figures else "a"
            yield ["move", path, "--figure", fig, "--verb", verbs[i % len(verbs)]], None
            if len(spaces) == 2:
                yield ["los", path, "--from", spaces[0], "--to", spaces[1]], None
                yield ["distance", path, "--from", spaces[0], "--to", spaces[1]], None
            return
        if parts[:2] == ["scenarios", "specs"]:         # behaviour specs: run them
            yield ["check", path, "-q"], None
            return
        if parts[0] == "scenarios":
            name = parts[1][:-5]
            scenario = path
        else:
            name = READER[parts[1]]
            scenario = os.path.join(self.tmp, "scenarios", name + ".yaml")
        count, decks, heroes = self.info[name]
        yield ["simulate", scenario, "--games", "1", "--heroes", str(count), "--max-rounds", "3", "--seed", str(i),
               "--json", "--bot", "random" if i % 2 else "heuristic"], None
        if parts[0] == "scenarios":
            if decks:
                yield ["deck", scenario, decks[0], "--seed", str(i)], None
            yield ["play", scenario, "--heroes", ",".join(heroes), "--seed", str(i)], "status\nmap\nhelp\nquit\n"

    def _run(self, tally: Tally, rel: str, what: str, args: list[str], stdin: str | None = None) -> bool:
        self.registry._OPENED.clear()            # the variant, not the scenario loaded before it
        cpu, wall = time.process_time(), time.perf_counter()
        result = self.runner.invoke(self.cli.main, args, input=stdin)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        tally.runs += 1
        tally.slowest = max(tally.slowest, cpu)
        command = args[0]
        if cpu > HANG_CPU:
            self._note(tally, "hangs", rel, what, command, f"{cpu:.1f} s of CPU ({wall:.1f} s)")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            tb = "".join(traceback.format_exception(type(result.exception), result.exception,
                                                    result.exception.__traceback__)[-3:])
            self._note(tally, "tracebacks", rel, what, command, tb.strip()[-600:])
            return False
        code = result.exit_code
        if code not in (0, 1, 2):
            self._note(tally, "odd_exit", rel, what, command, f"exit {code}")
        if code == 1:
            tally.refused += 1
            said = result.stdout if command in ("validate", "check") else result.stderr   # their problems are output
            lines = [ln for ln in said.splitlines() if ln.strip() and not SUMMARY.match(ln)
                     and not ln.startswith(" ")]                      # a failed spec's details are indented
            unplaced = [ln for ln in lines if not (PLACE.match(ln) or SPEC.match(ln))]
            if unplaced or not lines:
                self._note(tally, "unplaced", rel, what, command, (unplaced or ["(no message)"])[0][:300])
        return code == 0

    def _note(self, tally: Tally, kind: str, rel: str, what: str, command: str, detail: str) -> None:
        setattr(tally, kind, getattr(tally, kind) + 1)
        tally.examples.setdefault(kind, []).append({"file": rel, "index": getattr(self, "index", None),
                                                    "variant": what, "command": command, "detail": detail})

    def close(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)


# -- the batch, on worker processes -------------------------------------------------------------------

def _serve(conn) -> None:
    worker = Worker()
    conn.send(("ready", worker.tmp))
    try:
        while True:
            job = conn.recv()
            if job is None:
                break
            rel, indices, seed, use_every = job
            tally = Tally()
            for i in indices:                   # one variant a message: the parent sees progress
                conn.send(("start", i))
                one = worker.run_file(rel, [i], seed, use_every)
                tally.add(one)
            conn.send(("done", tally))
    finally:
        worker.close()


def shipped_files(pattern: str | None) -> list[str]:
    found = []
    for top in ("decks", "scenarios"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, top)):
            for name in sorted(names):
                if name.endswith(".yaml"):
                    rel = os.path.relpath(os.path.join(dirpath, name), ROOT)
                    if pattern is None or re.search(pattern, rel):
                        found.append(rel)
    return sorted(found)


def run(files: list[str], variants: int, seed: int, use_every: int, jobs: int, kill_after: float,
        progress=None, only: list[int] | None = None) -> dict[str, Tally]:
    import multiprocessing as mp
    ctx = mp.get_context("fork") if hasattr(os, "fork") else mp.get_context()
    indices = sorted(set(only)) if only else list(range(variants))
    chunks = [(rel, indices[start:start + 50]) for rel in files for start in range(0, len(indices), 50)]
    results = {rel: Tally() for rel in files}
    slots: list = [None] * max(1, jobs)

    def spawn():
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_serve, args=(child,), daemon=True)
        proc.start()
        if not parent.poll(600):
            raise RuntimeError("a worker did not start")
        _, tmp = parent.recv()
        return {"proc": proc, "conn": parent, "job": None, "since": 0.0, "current": None, "tmp": tmp}

    pending = list(chunks)
    while pending or any(s and s["job"] for s in slots):
        for k, slot in enumerate(slots):
            if slot is None:
                slot = slots[k] = spawn()
            if slot["job"] is None and pending:
                rel, indices = pending.pop(0)
                slot["job"], slot["since"] = (rel, indices), time.perf_counter()
                slot["conn"].send((rel, indices, seed, use_every))
        for k, slot in enumerate(slots):
            if slot is None or slot["job"] is None:
                continue
            while slot["conn"].poll(0.05):
                kind, value = slot["conn"].recv()
                if kind == "start":
                    slot["current"], slot["since"] = value, time.perf_counter()
                elif kind == "done":
                    results[slot["job"][0]].add(value)
                    if progress:
                        progress(slot["job"][0], len(slot["job"][1]))
                    slot["job"], slot["current"] = None, None
                    break
            if slot["job"] is not None and time.perf_counter() - slot["since"] > kill_after:
                rel, indices = slot["job"]
                stuck = slot["current"]
                slot["proc"].kill()
                slot["proc"].join()
                shutil.rmtree(slot["tmp"], ignore_errors=True)
                t = Tally(variants=1, runs=1, hangs=1, slowest=kill_after)
                t.examples["hangs"] = [{"file": rel, "index": stuck, "variant": "?", "command": "?",
                                        "detail": f"killed after {kill_after:.0f} s of wall time"}]
                results[rel].add(t)
                rest = [i for i in indices if stuck is not None and i > stuck]
                if rest:
                    pending.insert(0, (rel, rest))
                slots[k] = None
    for slot in slots:
        if slot is not None:
            slot["conn"].send(None)
            slot["proc"].join(timeout=10)
    return results


def signature(example: dict) -> str:
    """What tells two failures apart: the command and the last line of the detail, numbers out."""
    last = (example["detail"].strip().splitlines() or [""])[-1]
    return example["command"] + ": " + re.sub(r"\d+", "N", last)[:160]


def shown(examples: list[dict], per_cause: int) -> list[dict]:
    """The first ``per_cause`` examples of each distinct cause, each with how many it stands for."""
    by: dict[str, list[dict]] = {}
    for e in examples:
        by.setdefault(signature(e), []).append(e)
    return [dict(e, cause=cause, of_cause=len(group)) for cause, group in by.items() for e in group[:per_cause]]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", type=int, default=3000, help="variants of each file")
    parser.add_argument("--use-every", type=int, default=10, help="run the using commands on every Nth variant")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--files", default=None, help="only the files whose path matches this regular expression")
    parser.add_argument("--kill-after", type=float, default=60.0, help="wall seconds before a run is killed as hung")
    parser.add_argument("--show", type=int, default=3, help="examples of each distinct cause of failure to print")
    parser.add_argument("--only", default=None, help="only these variants, by index (comma separated): "
                                                     "a cause the bench found, again")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    only = [int(i) for i in args.only.split(",")] if args.only else None
    files = shipped_files(args.files)
    started = time.perf_counter()
    cpu0 = os.times()

    def progress(rel, n):
        if not args.json and sys.stderr.isatty():
            print(f"  {rel}: +{n}", file=sys.stderr)

    results = run(files, args.variants, args.seed, max(1, args.use_every), args.jobs, args.kill_after, progress, only)
    total = Tally()
    for t in results.values():
        total.add(t)
    cpu1 = os.times()
    elapsed = time.perf_counter() - started
    summary = {
        "config": {"variants_per_file": args.variants, "use_every": args.use_every, "jobs": args.jobs,
                   "seed": args.seed, "files": len(files), "hang_cpu_seconds": HANG_CPU},
        "files": {rel: {k: getattr(t, k) for k in ("variants", "runs", "refused", "tracebacks", "hangs", "unplaced",
                                                   "odd_exit")} | {"slowest_cpu_s": round(t.slowest, 3)}
                  for rel, t in results.items()},
        "total": {k: getattr(total, k) for k in ("variants", "runs", "refused", "tracebacks", "hangs", "unplaced",
                                                 "odd_exit")} | {"slowest_cpu_s": round(total.slowest, 3)},
        "wall_seconds": round(elapsed, 1),
        "cpu_seconds": round((cpu1.children_user + cpu1.children_system) - (cpu0.children_user + cpu0.children_system), 1),
        "examples": {k: shown(v, args.show) for k, v in total.examples.items()},
    }
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"{'file':44} {'variants':>8} {'runs':>7} {'refused':>7} {'tracebk':>7} {'hangs':>5} "
              f"{'no place':>8} {'exit?':>5} {'slowest':>8}")
        for rel, row in summary["files"].items():
            print(f"{rel:44} {row['variants']:8,} {row['runs']:7,} {row['refused']:7,} {row['tracebacks']:7} "
                  f"{row['hangs']:5} {row['unplaced']:8} {row['odd_exit']:5} {row['slowest_cpu_s']:7.2f}s")
        row = summary["total"]
        print(f"{'total':44} {row['variants']:8,} {row['runs']:7,} {row['refused']:7,} {row['tracebacks']:7} "
              f"{row['hangs']:5} {row['unplaced']:8} {row['odd_exit']:5} {row['slowest_cpu_s']:7.2f}s")
        print(f"{elapsed:.0f} s wall, {summary['cpu_seconds']:.0f} s CPU in {args.jobs} worker(s)")
        for kind, examples in summary["examples"].items():
            for e in examples:
                print(f"\n[{kind}, {e['of_cause']} like it] {e['file']} variant {e['index']}: {e['variant']} "
                      f"({e['command']})\n  {e['detail']}")
    bad = total.tracebacks + total.hangs + total.unplaced + total.odd_exit
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
