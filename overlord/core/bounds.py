"""The values a saved state's fields may take, as data: a game names each field by its path in the
saved JSON (``round``, ``sheets.*.gold``, ``avatars.*``) and what it allows there - a whole number
in a range, one of a few names - and :func:`problems` reads a state against that table. A save
edited by hand with a negative round, an unknown Damned One state or a clock past its end is
refused naming the field, before the game's code ever looks at it.

The ranges are the game's where its rules give one (a clock's limit, the machine's states, a hero's
printed stamina); where a rulebook gives none (gold in a purse, rounds played) they are ours, wide
enough for any game that can be played (a whole number of at most 100,000, at least 0 or 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator

#: rounds, counts and coins no game reaches (ours): past them a value is an edit, not a game
MOST = 100_000

Bound = Callable[[dict, dict], Any]    # (the state's JSON, the field's parent) -> a number or names


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high`` (each a number or a function of the state's JSON and
    the field's parent, for a bound that depends on the game: a clock's limit, a hero's stamina)."""
    low: int | Bound = 0
    high: int | Bound = MOST

    def problem(self, value, root: dict, parent: dict) -> str:
        low, high = (b(root, parent) if callable(b) else b for b in (self.low, self.high))
        if isinstance(value, bool) or not isinstance(value, int):
            return f"is {_shown(value)}, not a whole number"
        if not low <= value <= high:
            return f"is {value}, outside {low:,} to {high:,}"
        return ""


@dataclass(frozen=True)
class OneOf:
    """One of the names ``names`` (a collection, or a function of the state's JSON and the parent)."""
    names: Iterable[str] | Bound
    what: str = "names"
    many: bool = False       # a comma-separated list of them ("bard,gnome": the heroes of a lesser victory)

    def problem(self, value, root: dict, parent: dict) -> str:
        names = self.names(root, parent) if callable(self.names) else self.names
        given = value.split(",") if self.many and isinstance(value, str) and value else [value]
        if any(not isinstance(v, (str, int)) or v not in names for v in given):
            listed = sorted(str(n) if n != "" else "none" for n in names)
            shown = ", ".join(listed[:8]) + (f" and {len(listed) - 8} more" if len(listed) > 8 else "")
            return f"is {_shown(value)}, not one of the {self.what} ({shown})"
        return ""


Check = Whole | OneOf


def problems(data: dict, fields: dict[str, Check]) -> list[str]:
    """What is wrong with the saved state ``data`` (its JSON) by the table ``fields`` (path ->
    check): one line a field, naming it ("round is -3, outside 1 to 100,000"). A path's ``*`` is
    every member of a mapping or a list; a path the state does not hold is not checked (an older
    save, a field only some turns have)."""
    out: list[str] = []
    for path, check in fields.items():
        for name, value, parent in _found(data, path.split(".")):
            told = check.problem(value, data, parent)
            if told:
                out.append(f"{name} {told}")
    return out


def _found(data, parts: list[str], named: str = "", parent: Any = None) -> Iterator[tuple[str, Any, dict]]:
    if not parts:
        yield named, data, parent
        return
    head, rest = parts[0], parts[1:]
    if head == "*":
        members = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
        for key, value in members:
            yield from _found(value, rest, f"{named}.{key}" if named else str(key), data)
    elif isinstance(data, dict) and head in data:
        yield from _found(data[head], rest, f"{named}.{head}" if named else head, data)


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
