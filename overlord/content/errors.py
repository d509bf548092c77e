"""Errors in content files, each naming file, line, column and field."""

from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    file: str
    line: int | None          # 1-based
    col: int | None           # 1-based
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return f"{where}: {self.message}"


class ContentError(ValueError):
    """One or more problems found in content; ``str()`` gives one line per problem."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def nearest(word: str, known, n: int = 1) -> str:
    """' (did you mean X?)' for the nearest known name, or ''."""
    match = difflib.get_close_matches(str(word), [str(k) for k in known], n=n, cutoff=0.6)
    return f" (did you mean {match[0]!r}?)" if match else ""
