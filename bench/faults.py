"""Faults at the edges, tried on real processes: ctrl-C pressed at random moments of a game played
at the table, and a disk that fills up (the process's file size limit, ``RLIMIT_FSIZE``) while a
game starts, while it is played and while ``simulate`` writes its logs. Counts what must never
happen; not part of the tests (``tests/test_faults.py`` holds one case of each).

ctrl-C: ``overlord play SCENARIO --save`` reads random option numbers from a pipe, a line every
few milliseconds, and gets one SIGINT at a random moment. It must end with "bye" and exit 0, no
traceback; ``resume`` must then find no command saved whose answer was not shown (a single press
lets the command finish and show its answer), and the save must resume.

A small disk: the same game played with every file limited to ``--limit`` bytes: the start or a
command that no longer fits is one line (exit 1 for the start, a refused command at the table),
the save resumes after every command the table answered, and a start that did not fit leaves no
file. ``simulate --log`` on it: one line, exit 1, every log left whole (it replays).

    python bench/faults.py [--presses 30] [--seed 5] [--scenarios forgotten-souls,underworld,...]
"""

from __future__ import annotations

import argparse
import random
import resource
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEROES = {"forgotten-souls": "leoric,tarha", "underworld": "bard,gnome", "heldentaufe": "erla,corlof",
          "heldentaufe-race": "erla,corlof", "dragon": "paladin,halfling", "dragon-duel": "paladin,orc"}
CLI = [sys.executable, "-m", "overlord"]          # the installed command: its ctrl-C guard covers the start


def _limited(limit: int):
    def setup():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return setup


def _steps(save: Path) -> int:
    conn = sqlite3.connect(save)
    try:
        return conn.execute("SELECT COUNT(*) FROM steps").fetchone()[0]
    finally:
        conn.close()


def press(scenario: str, folder: Path, rng: random.Random) -> tuple[list[str], str]:
    """One game, one ctrl-C at a random moment; what went wrong (empty: nothing) and when it was
    pressed ("start": before the game began, "game": at the table)."""
    save = folder / f"{scenario}-{rng.randrange(10**9)}.db"
    proc = subprocess.Popen([*CLI, "play", scenario, "--heroes", HEROES[scenario], "--seed", str(rng.randrange(1000)),
                             "--save", str(save), "--dice", "program"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    at_start = rng.random() < 0.25              # a quarter pressed while the program starts, the rest at the table
    if not at_start:
        waited = time.monotonic() + 120
        while not save.exists() and time.monotonic() < waited and proc.poll() is None:
            time.sleep(0.05)
    deadline = time.monotonic() + (rng.uniform(0.05, 1.0) if at_start else rng.uniform(0.2, 3.0))
    try:
        while time.monotonic() < deadline:
            proc.stdin.write(f"{rng.randint(1, 4)}\n".encode())
            proc.stdin.flush()
            time.sleep(rng.uniform(0.0, 0.03))
        proc.send_signal(signal.SIGINT)
    except BrokenPipeError:
        pass
    out, err = proc.communicate(timeout=120)
    wrong = []
    text = out.decode(errors="replace")
    if not save.exists() or at_start and "bye" not in text:     # pressed before the game began
        if "Traceback" in err.decode(errors="replace") or proc.returncode not in (130, -signal.SIGINT):
            wrong.append(f"pressed at the start: exit {proc.returncode}: {err.decode(errors='replace')[-300:]}")
        return wrong, "start"
    if proc.returncode != 0 or "Traceback" in err.decode(errors="replace"):
        wrong.append(f"exit {proc.returncode}: {err.decode(errors='replace')[-300:]}")
    if not text.rstrip() or not text.rstrip().splitlines()[-1].startswith("bye"):
        wrong.append(f"did not end with bye: {text[-200:]!r}")
    again = subprocess.run([*CLI, "resume", str(save)], input=b"quit\n", capture_output=True, cwd=ROOT, timeout=120)
    if again.returncode != 0:
        wrong.append(f"resume: exit {again.returncode}: {again.stderr.decode()[-300:]}")
    elif "was saved but the program stopped before its answer was shown" in again.stdout.decode():
        wrong.append("a command was saved but its answer not shown")
    return wrong, "game"


def small_disk(scenario: str, folder: Path, limit: int, rng: random.Random) -> tuple[str, list[str]]:
    """A game played on a disk of ``limit`` bytes a file until it is full; what happened."""
    save = folder / f"small-{scenario}-{limit}.db"
    lines = "".join(f"{rng.randint(1, 4)}\n" for _ in range(400)) + "quit\n"
    run = subprocess.run([*CLI, "play", scenario, "--heroes", HEROES[scenario], "--seed", "3", "--save", str(save),
                          "--dice", "program"], input=lines.encode(), capture_output=True, cwd=ROOT, timeout=600,
                         preexec_fn=_limited(limit))
    err, out = run.stderr.decode(errors="replace"), run.stdout.decode(errors="replace")
    wrong = []
    if "Traceback" in err + out:
        wrong.append(f"a traceback: {err[-300:]}")
    if run.returncode == 1:
        if save.exists():
            wrong.append("a start that did not fit left a file")
        if len(err.splitlines()) != 1:
            wrong.append(f"not one line: {err!r}")
        return "start refused", wrong
    refused = out.count("could not be saved")
    if run.returncode != 0:
        wrong.append(f"exit {run.returncode}")
    again = subprocess.run([*CLI, "resume", str(save)], input=b"quit\n", capture_output=True, cwd=ROOT, timeout=120)
    if again.returncode != 0:
        wrong.append(f"resume: {again.stderr.decode()[-200:]}")
    return f"{_steps(save) - 1} commands saved, {refused} refused as the disk was full", wrong


def logs_on_small_disk(folder: Path, limit: int) -> tuple[str, list[str]]:
    logs = folder / f"logs-{limit}"
    run = subprocess.run([*CLI, "simulate", "underworld", "--games", "8", "--log", str(logs)], capture_output=True,
                         cwd=ROOT, timeout=600, preexec_fn=_limited(limit))
    err = run.stderr.decode(errors="replace")
    wrong = [] if run.returncode == 1 and len(err.splitlines()) == 1 and "Traceback" not in err \
        else [f"exit {run.returncode}: {err[-300:]}"]
    kept = sorted(logs.glob("game-*.jsonl"))
    for log in kept:
        replayed = subprocess.run([*CLI, "replay", str(log)], capture_output=True, cwd=ROOT, timeout=600)
        if replayed.returncode != 0:
            wrong.append(f"{log.name} does not replay: {replayed.stderr.decode()[-200:]}")
    return f"{len(kept)} logs kept whole", wrong


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--presses", type=int, default=30, help="ctrl-C presses a scenario")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--scenarios", default=",".join(HEROES))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    scenarios = args.scenarios.split(",")
    problems = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print("| scenario | ctrl-C presses | wrong | small disk (30 KB a file) | small disk (300 KB a file) | wrong |")
        print("|---|---|---|---|---|---|")
        for scenario in scenarios:
            wrong, when = [], []
            for _ in range(args.presses):
                went, at = press(scenario, folder, rng)
                wrong += went
                when.append(at)
            small = [small_disk(scenario, folder, limit, rng) for limit in (30_000, 300_000)]
            disk_wrong = [w for _, ws in small for w in ws]
            problems += len(wrong) + len(disk_wrong)
            print(f"| {scenario} | {args.presses} ({when.count('start')} before the game began) | {len(wrong)} | {small[0][0]} | {small[1][0]} | {len(disk_wrong)} |")
            for w in (wrong + disk_wrong)[:5]:
                print(f"    {w}")
        told, wrong = logs_on_small_disk(folder, 60_000)
        problems += len(wrong)
        print(f"simulate --log on a 60 KB-a-file disk: one line, exit 1; {told}; {len(wrong)} wrong")
        for w in wrong[:5]:
            print(f"    {w}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
