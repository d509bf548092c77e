"""Plain-data state: dataclasses of ids, ints, strings and lists that round-trip through JSON.

A save, a replay and a clone are the same thing: ``from_json(type, to_json(x)) == x``.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import Any, TypeVar

T = TypeVar("T")


def to_json(obj: Any) -> Any:
    """Plain JSON data (dicts, lists, str, int, float, bool, None) for a state object."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_json(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, (list, tuple)):
        return [to_json(v) for v in obj]
    if isinstance(obj, dict):
        return {str(k): to_json(v) for k, v in obj.items()}
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    raise TypeError(f"{type(obj).__name__} is not plain state data")


def from_json(cls: type[T], data: Any) -> T:
    """Rebuild a ``cls`` (a dataclass or a typing annotation) from :func:`to_json` output."""
    return _build(cls, data)


def dumps(obj: Any) -> str:
    """Compact JSON text with every mapping in its own order (not sorted): the same game played
    the same way gives the same bytes, and a state read back keeps the order of every mapping,
    which rules may depend on (a sheet's skills in sheet order, a counter's dots in printed
    order), so a resumed game goes on exactly as the uninterrupted one."""
    return json.dumps(to_json(obj), separators=(",", ":"))


def _build(tp: Any, data: Any) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        kwargs = {f.name: _build(hints[f.name], data[f.name]) for f in dataclasses.fields(tp) if f.name in data}
        return tp(**kwargs)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _build(arg, data)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"{data!r} fits none of {args}")
    if origin is list:
        return [_build(args[0], v) for v in data] if args else list(data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], v) for v in data)
        return tuple(_build(a, v) for a, v in zip(args, data)) if args else tuple(data)
    if origin is dict:
        return {k: _build(args[1], v) for k, v in data.items()} if args else dict(data)
    if tp is Any or tp is None:
        return data
    if tp in (int, float, str, bool):
        if tp is float and isinstance(data, int):
            return float(data)
        if not isinstance(data, tp):
            raise TypeError(f"expected {tp.__name__}, got {type(data).__name__}")
        return data
    return data
