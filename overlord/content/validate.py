"""Validating content files, for every game: each problem as ``FILE:LINE:COL: message``, with the
card it is in, what was expected, and the nearest known name for a misspelling.

A file's kind is its top-level key, registered by the game that reads it (``overlord.content.
kinds``); a scenario file names its game (``game:``); ``map`` files are the board tools'.
Structure and types are checked by the kind's pydantic model, what the model cannot see by the
kind's own checks, and what spans files (a scenario and the decks it names) by its cross-check.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ValidationError

from . import kinds as registered
from .errors import ContentError, Problem, merge, nearest
from .mapfile import check_map, map_schema
from .paths import kind_of, shown
from .yamlio import Located, load_yaml


def _all_field_names() -> list[str]:
    """Every field name of every content model (for "did you mean" on an unknown field)."""
    names: set[str] = set()
    seen: set[type] = set()

    def walk(model):
        if not (isinstance(model, type) and issubclass(model, BaseModel)) or model in seen:
            return
        seen.add(model)
        for name, f in model.model_fields.items():
            names.add(f.alias or name)
            for sub in _models_in(f.annotation):
                walk(sub)
    for kind in [*registered.kinds().values(), *registered.scenario_kinds().values()]:
        walk(kind.model)
    return sorted(names)


def _models_in(annotation) -> list:
    """The pydantic models named in a type annotation (inside lists, dicts, unions...)."""
    import typing
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


def owner(doc: Located, path: tuple, kind: registered.FileKind | None = None, keyed: dict | None = None) -> str:
    """'card ID: ' for the innermost mapping on the path that has an id (or 'group KEY: ' under
    a top-level key whose mapping is keyed by id, as ``keyed`` or the kind says)."""
    data = doc.data
    label = ""
    nouns = {kind.key: kind.noun} if kind else {}
    keyed = keyed if keyed is not None else (kind.keyed if kind else {})
    for i, part in enumerate(path):
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            label = f"{nouns.get(path[0], 'card')} {data['id']!r}: "
        elif i == 1 and path[0] in keyed:
            label = f"{keyed[path[0]]} {part!r}: "
    return label


def _message(err: dict, doc: Located, path: tuple, unions: dict) -> str:
    kind = err["type"]
    value = err.get("input")
    where = ".".join(str(p) for p in path[1:]) or str(path[0]) if path else "file"
    if kind in unions:
        known = unions[kind]
        what = kind.split("_", 1)[1]
        name = next(iter(value)) if isinstance(value, dict) and len(value) == 1 else value
        if isinstance(name, str) and not (isinstance(value, dict) and len(value) > 1):
            return (f"{where}: unknown {what} {name!r}{nearest(name, known)}; "
                    f"expected one of {', '.join(known)}")
        return (f"{where}: an {what} is one mapping with one key, its name (one of "
                f"{', '.join(known)}), got {_show(value)}")
    if kind == "extra_forbidden":
        name = err["loc"][-1]
        return f"{where}: unknown field {name!r}{nearest(name, _all_field_names())}"
    if kind == "missing":
        return f"{where}: missing field {err['loc'][-1]!r}"
    if kind == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        options = [o.strip(" '") for o in expected.replace(" or ", ",").split(",") if o.strip(" '")]
        return f"{where}: {_show(value)} is not allowed{nearest(value, options)}; expected {expected}"
    if kind == "value_error":
        return f"{where}: {err['msg'].removeprefix('Value error, ')}"
    return f"{where}: {err['msg'].lower()}, got {_show(value)}"


def _show(value) -> str:
    text = json.dumps(value, default=str) if not isinstance(value, str) else repr(value)
    return text if len(text) < 50 else text[:47] + "..."


def pydantic_problems(exc: ValidationError, doc: Located, kind: str | registered.FileKind = "") -> list[Problem]:
    """Each pydantic error as a Problem at its place; unknown effects, actions and tests are
    named against the vocabulary of the file's kind (Descent's, or the Underworld's Dark cards')."""
    spec = kind if isinstance(kind, registered.FileKind) else None
    unions = spec.vocabulary if spec is not None else {}
    problems = []
    seen = set()
    for err in exc.errors():
        path = resolve_path(doc, err["loc"])
        message = owner(doc, path, spec) + _message(err, doc, path, unions)
        if message in seen:
            continue
        seen.add(message)
        problems.append(doc.problem(path, message))
    return problems


def load_content(path: str | Path) -> Loaded:
    """Parse and check one content file; problems are collected, never raised."""
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


def load_named(doc: Located, where: tuple, rel) -> Loaded:
    """A content file that the file ``doc`` names at ``where`` (a scenario's deck or content
    path, relative to its folder), loaded as :func:`load_content` does; when nothing readable is
    there (missing, a folder, a device, a name the system refuses) the problem is at the line of
    ``doc`` that names it: ``scenario.yaml:7:12: decks.peril: perils.yaml: no such file``."""
    path = Path(doc.file).parent / str(rel)
    kind = kind_of(path)
    field = ".".join(str(p) for p in where[1:]) or str(where[0]) if where else "file"
    if kind == "file":
        loaded = load_content(path)
        # what has no place in the file itself (it cannot be read) is placed where it is named
        loaded.problems = [doc.problem(where, f"{field}: {shown(rel)}: {p.message}") if p.line is None else p
                           for p in loaded.problems]
        if loaded.model is None and not loaded.problems:          # a map file: no content of a game
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


def _load_registered(doc: Located, data: dict, kind: registered.FileKind) -> Loaded:
    allowed = {kind.key, *kind.companions} | ({registered.GAME_KEY} if kind.key == registered.SCENARIO else set())
    for key in data:
        if key not in allowed:
            return Loaded(doc.file, "?", None, doc, [doc.problem((key,), f"unknown top-level key {key!r}"
                                                               f"{nearest(key, sorted(allowed))}; a {kind.title or kind.key} "
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


def validate_paths(paths: list[Path]) -> tuple[list[Problem], int]:
    """Every problem in the given files (folders: every .yaml inside), and how many files."""
    files: list[Path] = []
    for p in paths:
        if kind_of(p) == "folder":
            files.extend(sorted(q for q in p.rglob("*.y*ml") if q.is_file()))
        else:
            files.append(p)
    problems: list[Problem] = []
    for f in files:
        loaded = load_content(f)
        problems.extend(loaded.problems)
        if loaded.game and loaded.model is not None:
            kind = registered.scenario_kinds()[loaded.game] if loaded.kind == registered.SCENARIO \
                else registered.kinds()[loaded.kind]
            merge(problems, kind.cross_check(loaded) if kind.cross_check else [])
    return problems, len(files)


def json_schema() -> dict:
    """A JSON Schema of every content file kind (one of them per file)."""
    from pydantic.json_schema import models_json_schema
    models = [k.model for k in registered.kinds().values()] + [k.model for k in registered.scenario_kinds().values()]
    models = list(dict.fromkeys(models))
    refs_by_model, top = models_json_schema([(m, "validation") for m in models], title="Overlord content file")
    refs = [refs_by_model[(m, "validation")] for m in models]
    defs = {**top["$defs"], "MapFile": map_schema()}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Overlord content file",
            "description": "One kind of content per file, named by the top-level key (map files: `map`).",
            "oneOf": [*refs, {"$ref": "#/$defs/MapFile"}], "$defs": defs}
