"""Numbers and lists in words, for what the players read: "1 token", "2 tokens", "5 and 4",
"magic 8, ranged 7, close 6" - never a Python list or dict, never "token(s)"."""

from __future__ import annotations


IRREGULAR = {"hero": "heroes", "fish": "fish"}


def count(n: int, noun: str, plural: str | None = None) -> str:
    """"1 token", "2 tokens", "0 tokens", "2 heroes" (``plural`` for other irregular nouns)."""
    if n == 1:
        return f"{n} {noun}"
    last = noun.rsplit(" ", 1)[-1]
    return f"{n} {plural or noun[:len(noun) - len(last)] + IRREGULAR.get(last, last + 's')}"


def listing(items, last: str = "and", empty: str = "-") -> str:
    """"5", "5 and 4", "5, 4 and 3" (``empty`` for none)."""
    items = [str(i) for i in items]
    if not items:
        return empty
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def pairs(mapping: dict, sep: str = " ") -> str:
    """"magic 8, ranged 7, close 6" for ``{"magic": 8, ...}``."""
    return ", ".join(f"{k}{sep}{v}" for k, v in mapping.items())


def options(n: int) -> str:
    """How many numbered options there are, for "no option N; ...": "the options are 1 to 3",
    "the only option is 1", "there is no option now"."""
    if n <= 0:
        return "there is no option now"
    return "the only option is 1" if n == 1 else f"the options are 1 to {n}"
