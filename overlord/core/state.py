"""Plain-data state: dataclasses of ids, ints, strings and lists that round-trip through JSON.

A save, a replay and a clone are the same thing: ``from_json(type, to_json(x)) == x`` and
``clone(x) == x`` with nothing shared that a rule may change.

Speed (search bots clone thousands of states a second; saves write one after every command):
each dataclass gets three functions compiled once from its type hints - to plain data, from
plain data, and clone - instead of walking ``dataclasses.fields`` and ``typing.get_type_hints``
for every object (``bench/state_bench.py`` measures both ways and ``copy.deepcopy`` in one run).
What the hints do not pin down (``Any``, a bare ``dict``, a union of several kinds) goes through
the general functions, which behave as the reflective reference :func:`reflect_to_json` /
:func:`reflect_from_json` (kept for the tests and the benchmark to compare against).

Events: a field made with :func:`events` holds a game's log, a list of plain dicts that are
never changed once appended. A clone copies the list but shares the events, so cloning a state
costs the same in round 1 and round 40 (the soak checks that logged events stay unchanged). A
field made with :func:`shared` holds content copied into the state (a catalogue of counter
kinds) that play never changes: clones share it.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import Any, Callable, TypeVar

T = TypeVar("T")

SCALARS = (str, int, float, bool, type(None))
_SCALAR_TYPES = frozenset(SCALARS)
EVENTS = "events"          # field metadata: append-only list of immutable plain events
SHARED = "shared"          # field metadata: content copied into the state, never changed in play


def events() -> Any:
    """A dataclass field for a game's log: a list of plain event dicts, each unchanged once
    appended (clones share them)."""
    return dataclasses.field(default_factory=list, metadata={"state": EVENTS})


def shared() -> Any:
    """A (required) dataclass field holding content that a game copies into its state for its
    saves and never changes in play (a catalogue of counter kinds): clones share it."""
    return dataclasses.field(metadata={"state": SHARED})


# -- the general functions: any plain value ----------------------------------------------------

def to_json(obj: Any) -> Any:
    """Plain JSON data (dicts, lists, str, int, float, bool, None) for a state object; a new
    structure that shares nothing mutable with ``obj``."""
    t = type(obj)
    if t in _SCALAR_TYPES:
        return obj
    plan = _PLANS.get(t)
    if plan is not None:
        return plan.to_json(obj)
    if t is list or t is tuple:
        return [to_json(v) for v in obj]
    if t is dict:
        return {(k if type(k) is str else str(k)): to_json(v) for k, v in obj.items()}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return _plan(t).to_json(obj)
    if isinstance(obj, (list, tuple)):
        return [to_json(v) for v in obj]
    if isinstance(obj, dict):
        return {str(k): to_json(v) for k, v in obj.items()}
    if isinstance(obj, SCALARS):
        return obj
    raise TypeError(f"{type(obj).__name__} is not plain state data")


def from_json(cls: type[T], data: Any) -> T:
    """Rebuild a ``cls`` (a dataclass or a typing annotation) from :func:`to_json` output."""
    return _reader(cls)(data)


def clone(obj: T) -> T:
    """A copy of a state object that shares nothing a rule may change (logged events, which
    never change, are shared)."""
    t = type(obj)
    if t in _SCALAR_TYPES:
        return obj
    plan = _PLANS.get(t)
    if plan is not None:
        return plan.clone(obj)
    if t is list:
        return [clone(v) for v in obj]  # type: ignore[attr-defined]  # type(obj) is list: mypy does not narrow a TypeVar on `is`
    if t is dict:
        return {k: clone(v) for k, v in obj.items()}  # type: ignore[attr-defined]  # type(obj) is dict: mypy does not narrow a TypeVar on `is`
    if t is tuple:
        return tuple(clone(v) for v in obj)  # type: ignore[attr-defined]  # type(obj) is tuple: mypy does not narrow a TypeVar on `is`
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return _plan(t).clone(obj)
    if isinstance(obj, SCALARS):
        return obj
    raise TypeError(f"{type(obj).__name__} is not plain state data")


def dumps(obj: Any) -> str:
    """Compact JSON text with every mapping in its own order (not sorted): the same game played
    the same way gives the same bytes, and a state read back keeps the order of every mapping,
    which rules may depend on (a sheet's skills in sheet order, a counter's dots in printed
    order), so a resumed game goes on exactly as the uninterrupted one."""
    return json.dumps(_view(obj), separators=(",", ":"))


def _view(obj: Any) -> Any:
    """Like :func:`to_json` for writing at once: events are passed as they are (they are plain
    already) instead of copied."""
    plan = _PLANS.get(type(obj))
    if plan is not None:
        return plan.view(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return _plan(type(obj)).view(obj)
    return to_json(obj)


# -- compiled plans, one per dataclass ---------------------------------------------------------

class _Plan:
    __slots__ = ("to_json", "view", "clone", "read")
    to_json: Callable[[Any], Any]
    view: Callable[[Any], Any]
    clone: Callable[[Any], Any]
    read: Callable[[Any], Any]


_PLANS: dict[type, _Plan] = {}
_READERS: dict[Any, Callable[[Any], Any]] = {}


def _plan(cls: type) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _Plan()      # registered first: a dataclass may refer to itself
        try:
            _compile(cls, plan)
        except BaseException:
            del _PLANS[cls]
            raise
    return plan


def _compile(cls: type, plan: _Plan) -> None:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    env: dict[str, Any] = {"cls": cls, "new": object.__new__, "setattr": object.__setattr__,
                           "to_json": to_json, "clone": clone, "plain_copy": _plain_copy,
                           }
    out, view, cop, read = [], [], [], []
    for i, f in enumerate(fields):
        tp = hints[f.name]
        ev = f.metadata.get("state") == EVENTS
        keep = f.metadata.get("state") == SHARED
        env[f"T{i}"] = tp
        src = f"o.{f.name}"
        out.append(f"{f.name!r}: {_expr(tp, src, env, i, 'to_json')}")
        view.append(f"{f.name!r}: {src if ev else _expr(tp, src, env, i, 'view')}")
        cop.append(f"{src}[:]" if ev else src if keep else _expr(tp, src, env, i, 'clone'))
        env[f"R{i}"] = _reader(tp)
        read.append(f"R{i}(d[{f.name!r}])")
    names = [f.name for f in fields]
    code = [
        "def c_to_json(o):",
        f"    return {{{', '.join(out)}}}",
        "def c_view(o):",
        f"    return {{{', '.join(view)}}}",
        "def c_clone(o):",
        "    n = new(cls)",
        *[f"    setattr(n, {name!r}, {expr})" for name, expr in zip(names, cop)],
        "    return n",
        "def c_read(d):",
        "    try:",
        f"        return cls({', '.join(f'{n}={r}' for n, r in zip(names, read))})",
        "    except KeyError:",
        "        pass",
        "    if type(d) is not dict:",
        "        raise TypeError(f'expected an object for {cls.__name__}, got {type(d).__name__}')",
        "    kw = {}",
        *[f"    if {n!r} in d: kw[{n!r}] = R{i}(d[{n!r}])" for i, n in enumerate(names)],
        "    return cls(**kw)",
    ]
    exec("\n".join(code), env)          # noqa: S102 - code built from our own type hints
    plan.to_json, plan.view, plan.clone, plan.read = env["c_to_json"], env["c_view"], env["c_clone"], env["c_read"]
    if any(f.init is False for f in fields):          # cannot be passed to the constructor
        plan.read = lambda d, cls=cls: _reflect_build(cls, d)  # type: ignore[misc]  # mypy cannot infer a lambda's type from a slot's annotation


def _args(tp) -> tuple[Any, tuple]:
    return typing.get_origin(tp), typing.get_args(tp)


def _optional(tp) -> Any:
    """X for ``X | None`` / ``Optional[X]``, else None."""
    origin, args = _args(tp)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return args[0] if args[1] is type(None) else args[1]
    return None


# how each compiled function copies what needs no plan: a list or dict of scalars, and the rest
_PLAIN = {"to_json": ("list({})", "dict({})", "to_json({})"), "view": ("list({})", "dict({})", "to_json({})"),
          "clone": ("{}[:]", "{}.copy()", "plain_copy({})")}


def _expr(tp, src: str, env: dict, i: int, fn: str) -> str:
    """Source of an expression giving ``fn`` ("to_json", "view" or "clone") of ``src``, of type
    ``tp``: scalars as they are, dataclasses by their plans, lists and dicts of either by a
    comprehension, the rest by the general functions."""
    as_list, as_dict, general = _PLAIN[fn]
    if tp in (str, int, float, bool):
        return src
    inner = _optional(tp)
    if inner is not None and inner in (str, int, float, bool):
        return src
    if inner is not None and dataclasses.is_dataclass(inner):
        _bind_plan(env, i, inner)
        return f"(None if {src} is None else _P{i}.{fn}({src}))"
    if dataclasses.is_dataclass(tp):
        _bind_plan(env, i, tp)
        return f"_P{i}.{fn}({src})"
    origin, args = _args(tp)
    if origin is list and args and args[0] in (str, int, float, bool):
        return as_list.format(src)
    if origin is list and args and dataclasses.is_dataclass(args[0]):
        _bind_plan(env, i, args[0])
        return f"[_P{i}.{fn}(x) for x in {src}]"
    if origin is dict and args and args[0] is str and args[1] in (str, int, float, bool):
        return as_dict.format(src)
    if origin is dict and args and args[0] is str and dataclasses.is_dataclass(args[1]):
        _bind_plan(env, i, args[1])
        return f"{{k: _P{i}.{fn}(x) for k, x in {src}.items()}}"
    return general.format(src)


def _bind_plan(env: dict, i: int, cls: type) -> None:
    """``cls``'s plan as ``_P{i}`` in ``env`` (its functions are looked up at call time, so a
    plan still being compiled - a dataclass that refers to itself - is fine)."""
    env[f"_P{i}"] = _plan(cls)


def _plain_copy(v: Any) -> Any:
    """A deep copy of plain data (and of any dataclass inside it)."""
    t = type(v)
    if t in _SCALAR_TYPES:
        return v
    if t is dict:
        return {k: (x if type(x) in _SCALAR_TYPES else _plain_copy(x)) for k, x in v.items()}
    if t is list:
        return [x if type(x) in _SCALAR_TYPES else _plain_copy(x) for x in v]
    return clone(v)


# -- readers: plain data to typed values -------------------------------------------------------

def _reader(tp: Any) -> Callable[[Any], Any]:
    try:
        r = _READERS.get(tp)
    except TypeError:                  # an unhashable annotation
        return lambda data: _reflect_build(tp, data)
    if r is None:
        r = _READERS[tp] = _make_reader(tp)
    return r


def _make_reader(tp: Any) -> Callable[[Any], Any]:
    if dataclasses.is_dataclass(tp):
        plan = _plan(tp)
        return lambda data: plan.read(data)
    if tp is int:
        return lambda d: d if type(d) is int else _scalar(int, d)
    if tp is str:
        return lambda d: d if type(d) is str else _scalar(str, d)
    if tp is bool:
        return lambda d: d if type(d) is bool else _scalar(bool, d)
    if tp is float:
        return lambda d: d if type(d) is float else _scalar(float, d)
    if tp is Any or tp is None:
        return _identity
    inner = _optional(tp)
    if inner is not None:
        sub = _reader(inner)
        return lambda d: None if d is None else sub(d)
    origin, args = _args(tp)
    if origin is list and args:
        sub = _reader(args[0])
        if args[0] in (str, int, float, bool):
            return lambda d: [sub(x) for x in d] if type(d) is list else _reflect_build(tp, d)
        return lambda d: [sub(x) for x in d]
    if origin is dict and args:
        sub = _reader(args[1])
        return lambda d: {k: sub(v) for k, v in d.items()}
    return lambda data: _reflect_build(tp, data)


def _identity(d):
    return d


def _scalar(tp: type, data: Any) -> Any:
    if tp is float and isinstance(data, int) and not isinstance(data, bool):
        return float(data)
    if not isinstance(data, tp):
        raise TypeError(f"expected {tp.__name__}, got {type(data).__name__}")
    return data


# -- the reflective reference ------------------------------------------------------------------

def reflect_to_json(obj: Any) -> Any:
    """:func:`to_json` by reflection on every object (the reference the compiled plans match)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: reflect_to_json(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, (list, tuple)):
        return [reflect_to_json(v) for v in obj]
    if isinstance(obj, dict):
        return {str(k): reflect_to_json(v) for k, v in obj.items()}
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    raise TypeError(f"{type(obj).__name__} is not plain state data")


def reflect_from_json(cls: type[T], data: Any) -> T:
    """:func:`from_json` by reflection (the reference the compiled readers match)."""
    return _reflect_build(cls, data)


def _reflect_build(tp: Any, data: Any) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        kwargs = {f.name: _reflect_build(hints[f.name], data[f.name]) for f in dataclasses.fields(tp)
                  if f.name in data and f.init}
        return tp(**kwargs)  # type: ignore[operator]  # tp is a dataclass annotation, a class: mypy's is_dataclass also allows an instance
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _reader(arg)(data)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"{data!r} fits none of {args}")
    if origin is list:
        return [_reflect_build(args[0], v) for v in data] if args else list(data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_reflect_build(args[0], v) for v in data)
        return tuple(_reflect_build(a, v) for a, v in zip(args, data)) if args else tuple(data)
    if origin is dict:
        return {k: _reflect_build(args[1], v) for k, v in data.items()} if args else dict(data)
    if tp is Any or tp is None:
        return data
    if tp in (int, float, str, bool):
        return _scalar(tp, data)
    return data
