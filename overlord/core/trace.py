"""The decision trace record: what was decided, by which ordered key, and what tied.

Every AI choice in Overlord is the minimum of an ordered comparison key. The record keeps the
key's field names and values for the winner, and every candidate that had the same key: the
rulebooks let the heroes choose among ties, so a table session asks and a headless run applies
a named tie-break policy, and either way the trace shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Decision:
    what: str                      # e.g. "target", "end space", "spot goal"
    choice: Any                    # the chosen candidate (plain data: an id, [x, y], ...)
    key_fields: tuple[str, ...]    # names of the key's components, most significant first
    key: tuple                     # the winner's key values
    ties: tuple = ()               # other candidates whose key equals the winner's
    policy: str = "first"          # how the tie was broken when there was one
    considered: int = 0            # how many candidates were compared

    def to_json(self) -> dict:
        return {
            "what": self.what,
            "choice": _plain(self.choice),
            "key": {name: _plain(value) for name, value in zip(self.key_fields, self.key)},
            "ties": [_plain(t) for t in self.ties],
            "policy": self.policy,
            "considered": self.considered,
        }

    def explain(self) -> str:
        key = ", ".join(f"{n}={spoken(v)}" for n, v in zip(self.key_fields, self.key))
        text = f"{self.what}: {spoken(self.choice)} (lowest key: {key}; {self.considered} compared)"
        if self.ties:
            text += f"; tied with {'; '.join(spoken(t) for t in self.ties)} - heroes may choose, policy '{self.policy}' took the first"
        return text


def spoken(value: Any) -> str:
    """A choice or a key value as people write it: a space [4, 2] as 4,2, a placement
    [[4, 2], [2, 1]] as 4,2 2x1, anything else as itself."""
    value = _plain(value)
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{value[0]},{value[1]}"
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, list) for v in value):
        return f"{spoken(value[0])} {value[1][0]}x{value[1][1]}" if len(value[1]) == 2 else str(value)
    if isinstance(value, list):
        return ", ".join(spoken(v) for v in value)
    return str(value)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if hasattr(value, "item"):  # numpy scalar
        return value.item()
    if isinstance(value, float) and value == float("inf"):
        return None
    return value
