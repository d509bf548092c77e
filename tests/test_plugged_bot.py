"""The plugged-in bot of docs/testing-the-ai.md ("Plugged-in bots and enemy policies"; the README's
until issue 40), exactly as the page writes it: its ten lines saved as mybots.py outside the
package, and its three commands - simulate, compare and the PettingZoo environment - run as
written."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli

ROOT = Path(__file__).resolve().parent.parent


def page_example() -> tuple[str, list[str]]:
    """(the bot's code, the console commands that use it) of the page's example."""
    text = (ROOT / "docs" / "testing-the-ai.md").read_text(encoding="utf-8")
    section = text[text.index("A bot of your own"):]
    code = re.search(r"```python\n# file: mybots.py\n(.*?)```", section, re.S).group(1)
    console = re.search(r"```console\n(.*?)```", section, re.S).group(1)
    commands = [ln[2:] for ln in console.splitlines() if ln.startswith("$ ") and "mybots" in ln]
    return code, commands


@pytest.fixture
def mybots(tmp_path, monkeypatch):
    code, commands = page_example()
    (tmp_path / "mybots.py").write_text(code)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "mybots", raising=False)   # another test's mybots may be imported
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), str(ROOT)]))
    monkeypatch.chdir(tmp_path)
    return commands


def test_the_example_is_ten_lines_of_code_used_by_simulate_compare_and_the_environment():
    """The commands themselves run in tests/test_doc_examples.py, their output compared with the
    page's (the bot's name in simulate's table, compare's paired lines, the environment's index)."""
    code, commands = page_example()
    assert len(code.strip().splitlines()) <= 10
    assert [c.split()[1] for c in commands] == ["simulate", "compare", "-c"]


def test_the_plugged_bot_drives_a_whole_episode(mybots):
    pytest.importorskip("pettingzoo")
    from mybots import restless
    from overlord.sim.environment import env
    e = env(scenario="underworld", heroes=2, max_rounds=6)
    e.reset(seed=4)
    steps = 0
    for agent in e.agent_iter(max_iter=2000):
        _, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else e.index_of(restless))
        steps += 1
    assert not e.agents and steps > 10
    assert sys.modules["mybots"].__file__.endswith("mybots.py")
