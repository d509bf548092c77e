"""What a wheel install puts into site-packages (issue 16): the package and the shipped content,
and no top-level ``cli.py`` module (the console script is ``overlord.__main__:main``, which runs ``overlord.cli``; the top-level
``cli.py`` is only a shim for running from a source checkout)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    builders = pytest.importorskip("hatchling.builders.wheel", reason="hatchling (the test extra) builds the wheel")
    out = tmp_path_factory.mktemp("wheel")
    return Path(next(builders.WheelBuilder(str(ROOT)).build(directory=str(out), versions=["standard"])))


@pytest.fixture(scope="module")
def wheel(built) -> list[str]:
    with zipfile.ZipFile(built) as z:
        return z.namelist()


def test_the_wheel_has_no_top_level_cli_module(wheel):
    top = {name.split("/")[0] for name in wheel}
    assert "cli.py" not in top and not [n for n in wheel if n.endswith("/cli.py") and not n.startswith("overlord/")]
    assert "overlord/cli.py" in wheel


def test_the_wheel_carries_the_shipped_content_and_the_console_script(built, wheel):
    assert "overlord/_shipped/scenarios/forgotten-souls.yaml" in wheel
    assert any(n.startswith("overlord/_shipped/decks/dragon/") for n in wheel)
    with zipfile.ZipFile(built) as z:
        entry = z.read(next(n for n in wheel if n.endswith(".dist-info/entry_points.txt"))).decode()
    assert "overlord = overlord.__main__:main" in entry
