"""The web companion's load check (issue 41): 6 devices on one game of a real ``overlord serve`` on
the loopback address, 200 commands; every device ends with the state the save holds, and a
command's answer reaches every device in under 100 ms (the 95th percentile) on a 2-core machine.
The measurement is ``bench/web_load.py`` (its figures are in docs/web.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench" / "web_load.py"


def _bench():
    spec = importlib.util.spec_from_file_location("web_load", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_six_devices_two_hundred_commands_every_page_ends_as_the_save(tmp_path):
    result = _bench().run(devices=6, commands=200, folder=tmp_path)
    assert result["steps"] == 200                         # every command played once, none lost
    assert result["same_as_save"] == 6                    # every page ends with the save's state
    assert result["stream_ms"]["samples"] == 1200
    assert result["stream_ms"]["p95"] < 100, result
