"""The kinds of content file, registered by the games that read them.

A content file holds one kind of content, named by its top-level key (``monsters``,
``dark_cards``...). A game package registers each kind it reads as a :class:`FileKind`: the
pydantic model of the whole file, how problems name the things in it, the vocabularies its
unknown-name errors suggest from, and checks the model cannot make. Scenario files are one kind
for every game: the top-level ``game:`` names the game, whose scenario model checks the
``scenario:`` mapping::

    game: underworld
    scenario:
      id: underworld
      ...

``overlord validate`` and ``overlord schema`` read this registry, so a new game's content is
validated and described as soon as its package registers it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel

SCENARIO = "scenario"       # the top-level key of every scenario file
GAME_KEY = "game"           # ... and the key that names its game


@dataclass(frozen=True)
class FileKind:
    """One kind of content file."""

    key: str                               # the top-level key (``scenario`` for scenario files)
    model: type[BaseModel]                 # pydantic model of the whole file's mapping
    game: str                              # the game that reads it
    title: str = ""                        # what it holds, for listings ("monster groups")
    noun: str = "card"                     # how a problem names an item with an ``id``
    keyed: dict[str, str] = field(default_factory=dict)   # top-level key -> noun of its mapping keys
    companions: tuple[str, ...] = ()       # other top-level keys allowed beside this one
    vocabulary: dict[str, list[str]] = field(default_factory=dict)   # "unknown_effect" -> names
    check: Callable[[Any], list] | None = None          # (Loaded) -> problems within the file
    cross_check: Callable[[Any], list] | None = None    # scenarios: (Loaded) -> problems across files


_KINDS: dict[str, FileKind] = {}            # top-level key -> kind (scenarios apart)
_SCENARIOS: dict[str, FileKind] = {}        # game -> its scenario kind


def register(kind: FileKind) -> FileKind:
    """Register a kind (a game package does, on import). A key is one game's: registering
    another game's key again is an error; the same game may re-register (a reload)."""
    table, key = (_SCENARIOS, kind.game) if kind.key == SCENARIO else (_KINDS, kind.key)
    old = table.get(key)
    if old is not None and old.game != kind.game:
        raise ValueError(f"content key {kind.key!r} is already read by the game {old.game!r}")
    table[key] = kind
    return kind


def kinds() -> dict[str, FileKind]:
    """Every registered kind but the scenarios, by top-level key."""
    return dict(_KINDS)


def scenario_kinds() -> dict[str, FileKind]:
    """Each game's scenario kind, by game name."""
    return dict(_SCENARIOS)


def top_keys() -> list[str]:
    """The top-level keys a content file may have (for messages)."""
    return sorted(_KINDS) + [SCENARIO, "map"]
