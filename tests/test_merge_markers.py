"""No file of the repository keeps a merge's conflict markers: a conflict resolved by hand once left
``<<<<<<< HEAD`` in a test's docstring, and the suite stopped at collection. Text files git
tracks, every line that begins as a marker does (the seven characters and a space, or ``=======``
alone between two of them)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_file_keeps_conflict_markers():
    found = subprocess.run(["git", "grep", "-n", "-I", "-E", r"^(<<<<<<<|>>>>>>>) "], cwd=ROOT,
                           capture_output=True, text=True)
    assert found.returncode in (0, 1), found.stderr        # 1: nothing found
    assert found.stdout == "", found.stdout
