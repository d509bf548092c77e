"""The CLI run in this process, as the tests use it: every run ends with an exit code (0, 1 or 2),
never an exception, and prints no traceback."""

from __future__ import annotations

from click.testing import CliRunner, Result

import cli


def run(*args, input=None) -> Result:
    result = CliRunner().invoke(cli.main, [str(a) for a in args], input=input)
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result
