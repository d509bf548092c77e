"""Validating content files, for every game: each problem as ``FILE:LINE:COL: message``, with the
card it is in, what was expected, and the nearest known name for a misspelling.

A file's kind is its top-level key, registered by the game that reads it (``overlord.content.
kinds``); a scenario file names its game (``game:``); ``map`` files are the board tools'.
Structure and types are checked by the kind's pydantic model, what the model cannot see by the
kind's own checks, and what spans files (a scenario and the decks it names) by its cross-check.
"""

from __future__ import annotations

import json
import os
import typing
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, ValidationError
from pydantic.json_schema import models_json_schema

from . import kinds as registered
from .errors import ContentError, Problem, merge, nearest
from .mapfile import check_map, map_schema
from .paths import kind_of, shown
from .yamlio import Located, load_yaml


def _all_field_names() -> list[str]:
    """Every field name of every content model (for "did you mean" on an unknown field)."""
    return sorted(_field_owners())


def _field_owners() -> dict[str, list[str]]:
    """Every field name of every content model -> the kinds of file that have it ("an Underworld
    scenario"), in the registry's order."""
    owners: dict[str, list[str]] = {}

    def walk(model, title: str, seen: set):
        if not (isinstance(model, type) and issubclass(model, BaseModel)) or model in seen:
            return
        seen.add(model)
        for name, f in model.model_fields.items():
            held = owners.setdefault(f.alias or name, [])
            if title not in held:
                held.append(title)
            for sub in _models_in(f.annotation):
                walk(sub, title, seen)
    for kind in [*registered.kinds().values(), *registered.scenario_kinds().values()]:
        walk(kind.model, kind.title, set())
    return owners


def _fields_at(model, loc: tuple) -> list[str] | None:
    """The field names valid at ``loc`` (an error's path without the unknown field) under ``model``;
    None where the path cannot be followed (the caller then suggests from every name)."""
    models = [model]
    for step in loc:
        if isinstance(step, int) or not models:
            continue                                   # a list's item (or a dict's value) keeps its models
        following = []
        for m in models:
            f = next((f for n, f in m.model_fields.items() if (f.alias or n) == step), None)
            if f is not None:
                following += _models_in(f.annotation)
        models = following or models                   # a dict's key (a card id, a hero count): the same models
    names = [f.alias or n for m in models for n, f in m.model_fields.items()]
    return list(dict.fromkeys(names)) or None


def _unknown_field(name, here: list[str] | None = None) -> str:
    """An unknown field: the nearest name valid at its place (``here``; every name when unknown);
    a name another kind of file has is said so."""
    owners = _field_owners()
    if not isinstance(name, str) or name not in owners:
        return f"unknown field {name!r}{nearest(name, here or sorted(owners))}"
    held = owners[name]
    return (f"unknown field {name!r} here ({held[0]} has it" + (f", and {len(held) - 1} more kinds of file" if len(held) > 1
                                                                else "") + ")")


def _models_in(annotation) -> list:
    """The pydantic models named in a type annotation (inside lists, dicts, unions...)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


@dataclass
class Loaded:
    file: str
    kind: str
    model: BaseModel | None
    doc: Located
    problems: list[Problem] = field(default_factory=list)
    game: str = ""                      # the game whose kind it is (registered kinds)


def resolve_path(doc: Located, loc: tuple) -> tuple:
    """The YAML path of a pydantic error location (tagged unions add their tag to it)."""
    path: list = []
    data = doc.data
    for part in loc:
        if isinstance(data, dict) and part in data:
            data = data[part]
            path.append(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
            path.append(part)
        # else: a union's tag or a model's name, not a step into the data
    return tuple(path)


def _owned(doc: Located, path: tuple, kind: registered.FileKind | None = None,
           keyed: dict | None = None, top: bool = True) -> tuple[str, int]:
    """The owner of a place ("card 'ID'", "group 'KEY'", or "") and how many parts of ``path``
    lead to it: the innermost mapping on the path that has an id, or the entry of a top-level key
    whose mapping is keyed by id, as ``keyed`` or the kind says."""
    data = doc.data
    label, steps = "", 1 if path and top else 0   # a file's one top-level key is no place to name
    nouns = {kind.key: kind.noun} if kind else {}
    keyed = keyed if keyed is not None else (kind.keyed if kind else {})
    for i, part in enumerate(path):
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            label, steps = f"{nouns.get(path[0], 'card')} {data['id']!r}", i + 1
        elif i == 1 and path[0] in keyed:
            label, steps = f"{keyed[path[0]]} {part!r}", i + 1
    return label, steps


def owner(doc: Located, path: tuple, kind: registered.FileKind | None = None, keyed: dict | None = None) -> str:
    """'card ID: ' for the innermost mapping on the path that has an id (or 'group KEY: ' under
    a top-level key whose mapping is keyed by id, as ``keyed`` or the kind says)."""
    label, _ = _owned(doc, path, kind, keyed)
    return f"{label}: " if label else ""


def place(doc: Located, path: tuple, kind: registered.FileKind | None = None, keyed: dict | None = None,
          top: bool = True) -> str:
    """Where ``path`` is, in words an author finds in the file: its owner, then each field by
    its name and each list entry by its number - "card 'the-onset', overlord step 1, hourglass",
    never "0.overlord.0.hourglass"; "" for the file itself. ``top``: the path starts at a file's
    top-level key, which is not named."""
    label, steps = _owned(doc, path, kind, keyed, top)
    data = doc.data
    for part in path[:steps]:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            data = _UNSEEN
            break
    return ", ".join(p for p in (label, field_words(path[steps:], data)) if p)


#: what one entry of a list field is called ("overlord step 1"); a plural name not here loses
#: its "s" ("spawn 1"), any other name says "item" ("size, item 2")
ENTRY = {"overlord": "overlord step", "all": "all box, action", "minion": "minion box, action",
         "master": "master box, action", "with_monsters": "with_monsters, effect",
         "without_monsters": "without_monsters, effect", "then": "then, effect", "else": "else, effect",
         "dice": "die", "defense": "defense die", "hero_start": "hero_start, space", "order": "order, position"}


_UNSEEN = object()


def field_words(path, data=_UNSEEN) -> str:
    """A path inside a file's data in words: fields by name, list entries counted from 1, commas
    between - ``("overlord", 0, "hourglass")`` is "overlord step 1, hourglass". ``data``: what
    the path starts in, to tell a list's entry from a mapping's number key (``doom_start: {4:
    ...}`` is "doom_start, 4"); without it a number is a list's entry."""
    words: list[str] = []
    parts = list(path)
    at = [data]                                  # the value each part steps into

    def listed(i: int) -> bool:
        part = parts[i]
        if not isinstance(part, int) or isinstance(part, bool):
            return False
        return at[i] is _UNSEEN or isinstance(at[i], list)

    for part in parts:
        here = at[-1]
        try:
            at.append(here[part] if here is not _UNSEEN else _UNSEEN)
        except (KeyError, IndexError, TypeError):
            at.append(_UNSEEN)
    i = 0
    while i < len(parts):
        part = parts[i]
        if isinstance(part, str) and i + 1 < len(parts) and listed(i + 1):
            name = ENTRY.get(part) or (part[:-1] if part.endswith("s") and len(part) > 2 else f"{part}, item")
            words.append(f"{name} {parts[i + 1] + 1}")
            i += 2
            continue
        words.append(f"item {part + 1}" if listed(i) else str(part))
        i += 1
    return ", ".join(words)


def _message(err: dict, doc: Located, path: tuple, unions: dict, model=None) -> str:
    kind = err["type"]
    value = err.get("input")
    if kind in unions:
        known = unions[kind]
        what = kind.split("_", 1)[1]
        name = next(iter(value)) if isinstance(value, dict) and len(value) == 1 else value
        if isinstance(name, str) and not (isinstance(value, dict) and len(value) > 1):
            return (f"unknown {what} {name!r}{nearest(name, known)}; "
                    f"expected one of {', '.join(known)}")
        return (f"an {what} is one mapping with one key, its name (one of "
                f"{', '.join(known)}), got {_show(value)}")
    if kind == "extra_forbidden":
        here = _fields_at(model, tuple(err["loc"][:-1])) if model is not None else None
        return _unknown_field(err["loc"][-1], here)
    if kind == "missing":
        return f"missing field {err['loc'][-1]!r}"
    if kind == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        options = [o.strip(" '") for o in expected.replace(" or ", ",").split(",") if o.strip(" '")]
        return f"{_show(value)} is not allowed{nearest(value, options)}; expected {expected}"
    if kind == "value_error":
        return err['msg'].removeprefix('Value error, ')
    return f"{err['msg'].lower()}, got {_show(value)}"


def _show(value) -> str:
    text = json.dumps(value, default=str) if not isinstance(value, str) else repr(value)
    return text if len(text) < 50 else text[:47] + "..."


def pydantic_problems(exc: ValidationError, doc: Located, kind: str | registered.FileKind = "",
                      top: bool = True) -> list[Problem]:
    """Each pydantic error as a Problem at its place; unknown effects, actions and tests are
    named against the vocabulary of the file's kind (Descent's, or the Underworld's Dark cards')."""
    spec = kind if isinstance(kind, registered.FileKind) else None
    unions = spec.vocabulary if spec is not None else {}
    problems = []
    seen = set()
    for err in exc.errors():
        path = resolve_path(doc, err["loc"])
        named = path[:-1] if err["type"] == "extra_forbidden" and path and path[-1] == err["loc"][-1] else path
        where = place(doc, named, spec, top=top)            # an unknown field: its owner names it
        message = f"{where}: " * bool(where) + _message(err, doc, path, unions, spec.model if spec is not None else None)
        if message in seen:
            continue
        seen.add(message)
        problems.append(doc.problem(path, message))
    return problems


def load_content(path: str | Path) -> Loaded:
    """Parse and check one content file; problems are collected, never raised."""
    _read(path)
    try:
        doc = load_yaml(path)
    except ContentError as e:
        return Loaded(str(path), "?", None, Located(str(path), None, {}), e.problems)
    data = doc.data
    every = registered.top_keys()
    if not isinstance(data, dict) or len(data) == 0:
        return Loaded(doc.file, "?", None, doc, [doc.problem((), "a content file is a mapping with one top-level "
                                                          f"key: {', '.join(every)}")])
    if "map" in data:
        try:
            check_map(doc)
        except ContentError as e:
            return Loaded(doc.file, "map", None, doc, e.problems)
        return Loaded(doc.file, "map", None, doc)
    found = _registered_kind(doc, data)
    if isinstance(found, Loaded):
        return found
    if found is not None:
        return _load_registered(doc, data, found)
    key = next(iter(data))
    return Loaded(doc.file, "?", None, doc, [doc.problem((key,), f"unknown kind of content {key!r}"
                                                       f"{nearest(key, every)}; the top-level key is one of "
                                                       f"{', '.join(every)}")])


def load_scenario(path: str | Path, game: str, what: str, build: Callable[[Loaded], tuple[list[Problem], Any]]) -> Any:
    """A scenario of ``game`` and everything it names, as the game builds it: ``build(loaded)``
    returns its problems across files and the content. Raises :class:`ContentError` listing every
    problem (FILE:LINE:COL: message): the file's own, a file that is no scenario of ``game`` ("holds
    tiny_cards, not ``what``"), then the game's."""
    loaded = load_content(path)
    if loaded.problems:
        raise ContentError(loaded.problems)
    if loaded.kind != registered.SCENARIO or loaded.game != game:
        raise ContentError([Problem(loaded.file, 1, 1, f"holds {loaded.kind}, not {what}")])
    problems, content = build(loaded)
    if problems:
        raise ContentError(problems)
    return content


def load_named(doc: Located, where: tuple, rel, map_file: bool = False, field: str = "") -> Loaded:
    """A content file that the file ``doc`` names at ``where`` (a scenario's deck or content
    path, relative to its folder), loaded as :func:`load_content` does; when nothing readable is
    there (missing, a folder, a device, a name the system refuses) the problem is at the line of
    ``doc`` that names it: ``scenario.yaml:7:12: decks, peril: perils.yaml: no such file``.
    ``map_file``: a map file is what is named (a scenario's ``maps:``), any other kind a problem;
    ``field``: how the problem names the place (else in the words of the file's first key)."""
    path = Path(doc.file).parent / str(rel)
    kind = kind_of(path)
    top = doc.data.get(where[0], _UNSEEN) if where and isinstance(doc.data, dict) else _UNSEEN
    field = field or field_words(where[1:], top) or (str(where[0]) if where else "file")
    if kind == "file":
        loaded = load_content(path)
        # what has no place in the file itself (it cannot be read) is placed where it is named
        loaded.problems = [doc.problem(where, f"{field}: {shown(rel)}: {p.message}") if p.line is None else p
                           for p in loaded.problems]
        if map_file and loaded.kind not in ("map", "?"):
            loaded.problems = [doc.problem(where, f"{field}: {shown(rel)} holds {loaded.kind}, not a map file "
                                                  "(a mapping with `map:`)")]
        elif map_file and loaded.kind == "?" and not loaded.problems:
            loaded.problems = [doc.problem(where, f"{field}: {shown(rel)} is not a map file (a mapping with `map:`)")]
        elif loaded.model is None and not loaded.problems and not map_file:   # a map file: no content of a game
            loaded.problems = [doc.problem(where, f"{field}: {shown(rel)} holds a {loaded.kind}, not a game's content")]
        return loaded
    why = {"missing": "no such file", "folder": "is a directory, not a content file",
           "other": "not a regular file (a device, a pipe or a socket)"}.get(kind, kind)
    return Loaded(str(path), "?", None, Located(str(path), None, {}),
                  [doc.problem(where, f"{field}: {shown(rel)}: {why}")])


def _registered_kind(doc: Located, data: dict) -> registered.FileKind | Loaded | None:
    """The registered kind of a file (a scenario by its ``game:``), a Loaded with the problem
    when its game is missing or unknown, or None for a kind not registered."""
    if registered.GAME_KEY in data or registered.SCENARIO in data:
        game = data.get(registered.GAME_KEY)
        games = registered.scenario_kinds()
        if registered.GAME_KEY not in data:
            return Loaded(doc.file, "?", None, doc, [doc.problem((), (
                f"a scenario file names its game (top-level `{registered.GAME_KEY}:`): one of "
                f"{', '.join(sorted(games)) or 'none registered'}"))])
        if not isinstance(game, str) or game not in games:
            return Loaded(doc.file, "?", None, doc, [doc.problem((registered.GAME_KEY,), (
                f"unknown game {game!r}{nearest(str(game), games)}" if isinstance(game, str) else
                f"game: a game's name, got {_show(game)}") + f"; registered games: {', '.join(sorted(games)) or 'none'}")])
        return games[game]
    found = [registered.kinds()[k] for k in data if k in registered.kinds()]
    return found[0] if found else None


def _a(what: str) -> str:
    """``what`` with its article: "a monsters", "an Underworld scenario" as its title says it."""
    return what if what.startswith(("a ", "an ")) else f"a {what}"


def _load_registered(doc: Located, data: dict, kind: registered.FileKind) -> Loaded:
    allowed = {kind.key, *kind.companions} | ({registered.GAME_KEY} if kind.key == registered.SCENARIO else set())
    for key in data:
        if key not in allowed:
            return Loaded(doc.file, "?", None, doc, [doc.problem((key,), f"unknown top-level key {key!r}"
                                                               f"{nearest(key, sorted(allowed))}; {_a(kind.title or kind.key)} "
                                                               f"file has {', '.join(sorted(allowed))}")])
    if kind.key not in data:
        return Loaded(doc.file, "?", None, doc, [doc.problem((), f"missing top-level key {kind.key!r}")])
    try:
        model = kind.model.model_validate(data)
    except ValidationError as e:
        return Loaded(doc.file, kind.key, None, doc, pydantic_problems(e, doc, kind), kind.game)
    loaded = Loaded(doc.file, kind.key, model, doc, [], kind.game)
    if kind.check is not None:
        loaded.problems.extend(kind.check(loaded))
    return loaded


@dataclass
class Checked:
    """What ``overlord validate`` checked: every problem, the files it was given (folders opened),
    and the files those name that it read and checked with them (a scenario's decks)."""

    problems: list[Problem]
    given: list[str]
    named: list[str]
    with_problems: int = 0          # the files that hold a problem, each once (never more than files)

    @property
    def files(self) -> int:
        """Every file checked, each once."""
        return len(self.given) + len(self.named)


_READING: ContextVar[set | None] = ContextVar("overlord_validate_reading", default=None)


def _key(path) -> str:
    """A file as one name, however it was written (``a/../b.yaml``, ``./b.yaml``)."""
    try:
        return os.path.normpath(os.path.abspath(str(path)))
    except (ValueError, OSError):                 # a name the system refuses: as written
        return str(path)


def _read(path) -> None:
    seen = _READING.get()
    if seen is not None:
        seen.add(_key(path))


def check_paths(paths: list[Path]) -> Checked:
    """Every problem in the given files (folders: every .yaml inside) and in the files a scenario
    among them names, and which files were checked."""
    files: list[Path] = []
    for p in paths:
        if kind_of(p) == "folder":
            files.extend(sorted(q for q in p.rglob("*.y*ml") if q.is_file()))
        else:
            files.append(p)
    given = list(dict.fromkeys(_key(f) for f in files))
    named: set[str] = set()
    problems: list[Problem] = []
    for f in files:
        loaded = load_content(f)
        problems.extend(loaded.problems)
        if loaded.game and loaded.model is not None:
            kind = registered.scenario_kinds()[loaded.game] if loaded.kind == registered.SCENARIO \
                else registered.kinds()[loaded.kind]
            if kind.cross_check:
                reading = _READING.set(set())
                try:
                    merge(problems, kind.cross_check(loaded))
                    named |= _READING.get()
                finally:
                    _READING.reset(reading)
    as_shown = {shown(f): _key(f) for f in files}       # a problem names an absurdly long path shortened
    bad = {as_shown.get(p.file) or _key(p.file) for p in problems}
    named |= bad                                        # a problem's file is one checked, always
    return Checked(problems, given, sorted(named - set(given)), len(bad))


def validate_paths(paths: list[Path]) -> tuple[list[Problem], int]:
    """Every problem in the given files (folders: every .yaml inside) and in the files the
    scenarios among them name, and how many files were checked (:func:`check_paths`)."""
    checked = check_paths(paths)
    return checked.problems, checked.files


def json_schema() -> dict:
    """A JSON Schema of every content file kind (one of them per file)."""
    models = [k.model for k in registered.kinds().values()] + [k.model for k in registered.scenario_kinds().values()]
    models = list(dict.fromkeys(models))
    refs_by_model, top = models_json_schema([(m, "validation") for m in models], title="Overlord content file")
    refs = [refs_by_model[(m, "validation")] for m in models]
    defs = {**top["$defs"], "MapFile": map_schema()}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Overlord content file",
            "description": "One kind of content per file, named by the top-level key (map files: `map`).",
            "oneOf": [*refs, {"$ref": "#/$defs/MapFile"}], "$defs": defs}
