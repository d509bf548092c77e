"""No file of the repository keeps a merge's conflict markers: a conflict resolved by hand once left
``<<<<<<< HEAD`` in a test's docstring, and the suite stopped at collection. Every text file of
the project (code, docs, content, configuration; not the virtual environments) is read."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEXT = {".py", ".md", ".yaml", ".yml", ".toml", ".txt", ".json", ".cfg", ".ini", ".html", ".js", ".css"}
SKIP = {".git", ".venv", ".ci-venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache",
        ".pytest_cache", "build", "dist"}
MARKER = re.compile(r"^(<{7}|>{7}) ", re.M)


def project_files():
    for path in ROOT.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if path.suffix in TEXT and path.is_file() and not SKIP.intersection(parts) \
                and not any(p.endswith(".egg-info") for p in parts):
            yield path


def test_no_file_keeps_conflict_markers():
    found = [f"{p.relative_to(ROOT)}:{p.read_text(errors='replace')[:m.start()].count(chr(10)) + 1}"
             for p in project_files() for m in MARKER.finditer(p.read_text(errors="replace"))]
    assert found == []
