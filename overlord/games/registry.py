"""The registered games: one line each. Everything else finds a game here, by name.

Shipped games are listed in :data:`SHIPPED` (module paths, imported when first asked for).
Games from elsewhere come in two ways: a Python entry point in the group ``overlord.games``
(``name = "package.module:GAME"`` in the other package's ``pyproject.toml``), or the environment
variable ``OVERLORD_GAMES`` listing ``module:attribute`` references separated by commas (the
test suite's tiny game uses it). Importing a game's module registers its content kinds and state
machines.
"""

from __future__ import annotations

import hashlib
import importlib
import os
from importlib.metadata import entry_points

from pathlib import Path
from typing import Any

from ..content.errors import ContentError, nearest
from ..content import specs
from ..content.kinds import GAME_KEY
from ..content.paths import resolve_scenario
from ..content.yamlio import load_yaml, reading
from ..core.behaviour import spec_support
from ..core.game import GameRules

SHIPPED = {
    "descent": "overlord.games.descent.game:GAME",
    "underworld": "overlord.games.underworld.game:GAME",
    "heldentaufe": "overlord.games.heldentaufe.game:GAME",
    "dragon": "overlord.games.dragon.game:GAME",
    "roth": "overlord.games.roth.game:GAME",
    "kingdom": "overlord.games.kingdom.game:GAME",
    "hades": "overlord.games.hades.game:GAME",
}
# the combined games (issue 44): a package that plays several single games' boxes together may import
# those games' packages, and only those; a single game never imports a combined one (tests/test_layers.py)
COMBINES: dict[str, tuple[str, ...]] = {
    "kingdom": ("roth", "dragon"),                   # Return of the Heroes with Under the Shadow of the Dragon
    "hades": ("roth", "underworld", "beneath"),      # the Underworld beneath Return of the Heroes
}
# what several combined games share: a package of no game of its own, which may import the single games
# named here, and which only the combined games naming it in COMBINES import (tests/test_layers.py)
SHARED: dict[str, tuple[str, ...]] = {
    "beneath": ("underworld",),                      # the Underworld beneath a game of the Upper World
}
# games whose content is written before their rules: importing these registers their content kinds
# for `validate` and `schema`; no game is registered
CONTENT_ONLY: tuple[str, ...] = ()
ENTRY_POINTS = "overlord.games"
ENVIRONMENT = "OVERLORD_GAMES"

_GAMES: dict[str, GameRules] = {}
_loaded = False


class UnknownGame(LookupError):
    """No game of that name is registered; the message lists the registered ones."""


def register(rules: GameRules) -> GameRules:
    """Register a game (its ``name`` must be new, or the same object again)."""
    if not rules.name:
        raise ValueError(f"{type(rules).__name__} has no name")
    old = _GAMES.get(rules.name)
    if old is not None and type(old) is not type(rules):
        raise ValueError(f"a game named {rules.name!r} is registered already ({type(old).__name__})")
    _GAMES[rules.name] = rules
    support = spec_support(rules)
    specs.register_game(rules.name, support.instructions, support.setup_model, support.names,
                        lambda path: open_scenario(path)[1])    # loaded once, as `check` runs it
    return rules


def _load(ref: str) -> GameRules:
    module, _, attr = ref.partition(":")
    try:
        rules = getattr(importlib.import_module(module), attr or "GAME")
    except (ImportError, AttributeError) as e:
        raise UnknownGame(f"cannot load the game {ref!r}: {e}") from None
    if not isinstance(rules, GameRules):
        raise UnknownGame(f"{ref!r} is not a game (a GameRules instance)")
    return rules


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    refs = list(SHIPPED.values())
    refs += [ep.value for ep in entry_points(group=ENTRY_POINTS)]
    refs += [r.strip() for r in os.environ.get(ENVIRONMENT, "").split(",") if r.strip()]
    for ref in refs:
        register(_load(ref))
    for module in CONTENT_ONLY:
        importlib.import_module(module)


def games() -> dict[str, GameRules]:
    """Every registered game, by name (sorted)."""
    _load_all()
    return dict(sorted(_GAMES.items()))


def get(name: str) -> GameRules:
    """The game of that name; :class:`UnknownGame` says which are registered."""
    known = games()
    if name not in known:
        raise UnknownGame(f"no game {name!r}{nearest(name, known)}; registered: {', '.join(known) or 'none'}")
    return known[name]


def game_of(path: str | Path) -> GameRules:
    """The game a scenario file names with its top-level ``game:``; ContentError (FILE:LINE:COL)
    when the file names none or one that is not registered."""
    doc = load_yaml(path)
    data = doc.data
    known = games()
    if not isinstance(data, dict) or GAME_KEY not in data:
        raise ContentError([doc.problem((), f"a scenario file names its game (top-level `{GAME_KEY}:`): "
                                            f"one of {', '.join(known) or 'none registered'}")])
    name = data[GAME_KEY]
    if not isinstance(name, str) or name not in known:
        raise ContentError([doc.problem((GAME_KEY,), f"unknown game {name!r}{nearest(str(name), known)}; "
                                                     f"registered games: {', '.join(known) or 'none'}")])
    return known[name]


_OPENED: dict[str, tuple[GameRules, Any, dict[str, str]]] = {}


def open_scenario(arg: str | Path) -> tuple[GameRules, Any, Path]:
    """A scenario argument (a path, or a shipped scenario's name) -> its game, its loaded
    content and its absolute path; loaded once a process. Raises ContentError (FILE:LINE:COL)."""
    path = Path(resolve_scenario(str(arg))).resolve()
    key = str(path)
    if key not in _OPENED:
        with reading() as files:
            rules = game_of(path)
            content = rules.load(path)
        _OPENED[key] = (rules, content, {f: hashlib.sha256(raw).hexdigest() for f, raw in sorted(files.items())})
    rules, content, _ = _OPENED[key]
    return rules, content, path


def scenario_files(arg: str | Path) -> dict[str, str]:
    """Every content file of a scenario (the scenario file and all it names, as its game read
    them): absolute path -> SHA-256 of the bytes read, in path order."""
    open_scenario(arg)
    return dict(_OPENED[str(Path(resolve_scenario(str(arg))).resolve())][2])


def content_hash(files: dict[str, str]) -> str:
    """One hash of a scenario's content (its files' hashes, in order): what a save keeps to tell
    when the content changed under it."""
    return hashlib.sha256("\n".join(files.values()).encode()).hexdigest()
