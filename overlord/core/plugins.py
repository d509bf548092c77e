"""Functions of the user's own, plugged in by name: ``module:function`` of any importable module
(the current folder included, as ``python -m`` finds it), or a name registered under a Python
entry point group of an installed package (``[project.entry-points."overlord.bots"]``). Used for
hero bots (``overlord.bots``) and enemy policies (``overlord.enemies``)."""

from __future__ import annotations

import os
import sys
from importlib import import_module
from importlib.metadata import entry_points
from typing import Callable


class PluginError(ValueError):
    """A plugged-in function that cannot be loaded, said in one line."""


def is_reference(name: str) -> bool:
    """Whether ``name`` is written as ``module:function``."""
    module, _, attr = name.partition(":")
    return bool(module and attr)


def registered(group: str) -> dict[str, str]:
    """The names registered under an entry point group: name -> ``module:function``."""
    return {ep.name: ep.value for ep in entry_points(group=group)}


def load_function(name: str, group: str, what: str) -> Callable | None:
    """The function plugged in as ``name`` (an entry point of ``group``, or ``module:function``);
    None when ``name`` is neither. Raises :class:`PluginError` when it is one but cannot be loaded
    or is not callable (``what`` names it in the message: "bot", "enemy policy")."""
    for ep in entry_points(group=group):
        if ep.name == name:
            try:
                found = ep.load()
            except Exception as e:  # noqa: BLE001 - the user's package: whatever its import raises
                raise PluginError(f"{what} {name!r} (entry point {ep.value}): cannot load it ({e})") from None
            break
    else:
        if not is_reference(name):
            return None
        module, _, attr = name.partition(":")
        if os.getcwd() not in sys.path:          # a module of your own in the current folder
            sys.path.append(os.getcwd())
        try:
            found = getattr(import_module(module), attr)
        except (ImportError, AttributeError, ValueError) as e:
            raise PluginError(f"{what} {name!r}: cannot load it ({e})") from None
    if not callable(found):
        raise PluginError(f"{what} {name!r} is not a function")
    return found
