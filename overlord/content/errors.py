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


def merge(problems: list[Problem], more) -> list[Problem]:
    """Append to ``problems`` those of ``more`` it does not hold yet, in order. Linear: a file of
    10,000 problems is not 50 million comparisons (``p not in problems`` in a loop was a hang)."""
    seen = set(problems)
    for p in more:
        if p not in seen:
            seen.add(p)
            problems.append(p)
    return problems


def strangers(row: str, known) -> list[tuple[str, int, str]]:
    """The characters of a drawn row that are not in ``known``: (character, its first x, where it
    stands in words - "x=3", or "x=3 and 9 more places"), one a character, so a row of 10,000
    strangers is one problem, not 10,000."""
    at: dict[str, list[int]] = {}
    for x, ch in enumerate(row):
        if ch not in known:
            at.setdefault(ch, []).append(x)
    out = []
    for ch, xs in at.items():
        more = len(xs) - 1
        out.append((ch, xs[0], f"x={xs[0]}" + (f" and {more} more place{'s' if more > 1 else ''}" if more else "")))
    return out


class ContentError(ValueError):
    """One or more problems found in content; ``str()`` gives one line per problem."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def nearest(word: str, known, n: int = 1) -> str:
    """' (did you mean X?)' for the nearest known name, or ''."""
    match = difflib.get_close_matches(str(word), [str(k) for k in known], n=n, cutoff=0.6)
    return f" (did you mean {match[0]!r}?)" if match else ""
