"""Helpers of the web companion's tests: a hub over a new game of a shipped scenario, and a real
``overlord serve`` in a process of its own, on a free port of 127.0.0.1."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from overlord.games import registry
from overlord.session.session import Session
from overlord.web.serve import hub_for

# a shipped scenario -> heroes for a game of it at the table
PARTIES = {
    "forgotten-souls": ["leoric", "tarha"],
    "underworld": ["bard", "gnome"],
    "heldentaufe": ["erla", "mathian"],
    "heldentaufe-race": ["erla", "mathian"],
    "dragon": ["paladin", "orc"],
    "dragon-duel": ["halfling", "paladin"],
    "roth": ["leandra", "gro"],
    "roth-race": ["glingal", "antrax"],
    "roth-standard": ["frieda", "gro"],
    "roth-unknown": ["corinus", "myra"],
    "kingdom-dragon": ["leandra", "paladin"],
    "kingdom-dragon-together": ["orc", "glingal"],
    "roth-underworld": ["leandra", "gro"],
    "roth-underworld-together": ["leandra", "gro"],
}


def new_hub(tmp_path: Path, scenario: str = "forgotten-souls", seed: int = 4):
    session, opening = Session.start(*registry.open_scenario(scenario), PARTIES[scenario], seed,
                                     tmp_path / f"{scenario}.db")
    return hub_for(session, opening)


class Server:
    """``overlord serve ARGS --port 0`` in a process of its own; ``url`` is the address it printed."""

    def __init__(self, args: list[str], cwd: Path, port: int = 0):
        self.proc = subprocess.Popen([sys.executable, "-m", "overlord.cli", "serve", *args, "--port", str(port)],
                                     cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.printed: list[str] = []
        deadline = time.monotonic() + 60
        self.url = ""
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.printed.append(line.rstrip("\n"))
            found = re.search(r"open (http://\S+) in a browser", line)
            if found:
                self.url = found.group(1)
            if "Ctrl+C stops" in line:
                break
        if not self.url:
            self.stop()
            raise RuntimeError("overlord serve did not start:\n" + "\n".join(self.printed))
        self.base = self.url.split("?")[0].rstrip("/")
        self.port = int(self.base.rsplit(":", 1)[1])

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# -- a browser --------------------------------------------------------------------------------------
#: the operating system's Chromium (Debian: chromium, chromium-headless-shell); OVERLORD_CHROMIUM names another
BROWSERS = ("/usr/bin/chromium", "/usr/bin/chromium-headless-shell", "/usr/lib/chromium/chromium",
            "/usr/bin/google-chrome", "/usr/bin/chromium-browser")
#: as root in a sandbox with no network: no sandbox, no GPU, none of Chromium's own connections
BROWSER_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]


def find_browser() -> str | None:
    named = os.environ.get("OVERLORD_CHROMIUM")
    if named:
        return named if Path(named).exists() else None
    return next((b for b in BROWSERS if Path(b).exists()), None)
