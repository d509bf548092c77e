"""The web companion under a table's load: several devices on one game of ``overlord serve``.

A real server (``overlord serve forgotten-souls``, its own process, on 127.0.0.1) and N devices,
each an event stream (``GET /events``) read in a thread of this process; the devices take turns
sending commands (``POST /command`` with the step they saw: ``end leoric``, then ``undo``, again
and again - each one changes the game). After each command every device must receive the new step;
the time from sending the command to a device's receipt of the step it made is one sample. At the
end every device's last state must be the one the save holds.

The obvious alternative is measured in the same run with ``--poll MS``: each device asks
``GET /state`` every MS milliseconds instead of listening (what a page without an event stream
does); its samples are the time until a device's poll first sees the step.

    python bench/web_load.py                          # 6 devices, 200 commands, event streams
    python bench/web_load.py --poll 250               # and devices polling every 250 ms beside them
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from overlord.session.store import SaveFile  # noqa: E402

COMMANDS = ("end leoric", "undo")          # each changes the game; together they leave it as it was


def start(save: Path) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "overlord.cli", "serve", "forgotten-souls", "--heroes",
                             "leoric,tarha", "--seed", "4", "--save", str(save), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=save.parent,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    for line in proc.stdout:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return proc, int(found.group(1))
    raise RuntimeError("overlord serve did not start")


class Device(threading.Thread):
    """A page's event stream: the time each step arrived, and the last state's hash."""

    def __init__(self, port: int):
        super().__init__(daemon=True)
        self.port = port
        self.arrived: dict[int, float] = {}
        self.last_hash = ""
        self.ready = threading.Event()
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def run(self) -> None:
        self.conn.request("GET", "/events")
        response = self.conn.getresponse()
        step = None
        for raw in iter(response.readline, b""):
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("id: "):
                step = int(line[4:].rsplit(":", 1)[1])
            elif line.startswith("data: ") and step is not None:
                self.last_hash = json.loads(line[6:])["state_hash"]
                self.arrived[step] = time.perf_counter()
                self.ready.set()

    def stop(self) -> None:
        try:
            self.conn.sock.shutdown(2)
        except (OSError, AttributeError):
            pass


class Poller(threading.Thread):
    """A page that asks for the state every ``every`` seconds instead of listening."""

    def __init__(self, port: int, every: float):
        super().__init__(daemon=True)
        self.port, self.every = port, every
        self.arrived: dict[int, float] = {}
        self.done = threading.Event()

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        while not self.done.is_set():
            conn.request("GET", "/state")
            step = json.loads(conn.getresponse().read())["step"]
            self.arrived.setdefault(step, time.perf_counter())
            time.sleep(self.every)


def send(port: int, line: str, step: int, who: str) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", "/command", json.dumps({"line": line, "step": step, "who": who}),
                 {"Content-Type": "application/json"})
    answer = json.loads(conn.getresponse().read())
    conn.close()
    return answer


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def run(devices: int = 6, commands: int = 200, poll_ms: int = 0, folder: Path | None = None) -> dict:
    """Play ``commands`` commands from ``devices`` devices; the samples' figures, in milliseconds."""
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(folder or tmp) / "load.db"
        proc, port = start(save)
        pages = [Device(port) for _ in range(devices)]
        pollers = [Poller(port, poll_ms / 1000) for _ in range(devices)] if poll_ms else []
        try:
            for p in pages:
                p.start()
                p.ready.wait(30)
            for p in pollers:
                p.start()
            samples, polled, step = [], [], 0
            for n in range(commands):
                sent = time.perf_counter()
                answer = send(port, COMMANDS[n % 2], step, f"device {n % devices + 1}")
                if not (answer.get("ok") and answer.get("changed")):
                    raise RuntimeError(f"command {n + 1} was not played: {answer}")
                step = answer["step"]
                deadline = time.monotonic() + 10
                while any(step not in p.arrived for p in pages + pollers) and time.monotonic() < deadline:
                    time.sleep(0.0005)
                late = [i for i, p in enumerate(pages + pollers) if step not in p.arrived]
                if late:
                    raise RuntimeError(f"step {step} never reached devices {late}")
                samples += [p.arrived[step] - sent for p in pages]
                polled += [p.arrived[step] - sent for p in pollers]
        finally:
            for p in pages:
                p.stop()
            for p in pollers:
                p.done.set()
            proc.terminate()
            proc.wait(10)
        saved = SaveFile.open(save)
        try:
            latest = saved.latest()
        finally:
            saved.close()
        truth = hashlib.sha256(latest[1].encode("utf-8")).hexdigest()[:16] if latest else ""
        out = {"devices": devices, "commands": commands, "steps": step,
               "same_as_save": sum(p.last_hash == truth for p in pages),
               "stream_ms": _figures(samples)}
        if pollers:
            out["poll_ms"] = {"every": poll_ms, **_figures(polled)}
        return out


def _figures(samples: list[float]) -> dict:
    ms = [s * 1000 for s in samples]
    return {"samples": len(ms), "p50": round(percentile(ms, 50), 1), "p95": round(percentile(ms, 95), 1),
            "max": round(max(ms), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devices", type=int, default=6)
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--poll", type=int, default=0, metavar="MS", help="also devices polling every MS ms")
    args = parser.parse_args()
    print(json.dumps(run(args.devices, args.commands, args.poll), indent=2))


if __name__ == "__main__":
    main()
