"""Behaviour specs: YAML files that pin down how the enemy must behave (``overlord check``).

A spec sets up a situation, gives the enemy one instruction and lists every answer the rules
accept (where the rules tie, every tied answer is right; one that is not tied is wrong)::

    specs:
      - id: spotting-example-2
        game: descent
        rule: >-
          Spotting Example, 2: "It must move two spaces in order to gain line of sight to
          Syndrael. Once the flesh moulder has line of sight to Syndrael, it stops."
        map: spotting-example            # a shipped map, a map file beside this one, or inline
        ask: {move: {figure: moulder, verb: spot, target: syndrael}}
        expect:
          end: [[3, 2]]                  # every acceptable answer of that part
          mp: [2]

The situation is a map drawn as text with its figures (``map``: the map file format, inline or a
file), or a game of a ``scenario`` from a ``seed`` with scripted ``actions`` (each an action of
the heroes as the game writes it, or ``enemy`` for the enemy's phase); ``setup`` is the game's own
arrangement of it (figures, tracks, hands...), ``dice`` the faces the players' dice show, in the
order they are rolled. ``ask`` is one instruction of the game's (a mapping with one key, its
name); ``expect`` maps each part of the answer the spec checks to the list of every acceptable
value. A part passes when the enemy's answer is in the list and the answer and its ties are
exactly the list.

This module is the format and its checks: games register what they can be asked and what their
setup holds (:func:`register_game`, done for every registered game by
``overlord.games.registry``), and the file's model is rebuilt with their instructions, so a
misspelt instruction or argument is a ``FILE:LINE:COL`` problem like any other content's and the
JSON Schema lists every instruction.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Callable, Literal

from pydantic import Field, ValidationError, create_model

from . import kinds
from .errors import ContentError, Problem, nearest
from .mapfile import MapFile, check_map
from .models import Int, Strict, tagged
from .paths import kind_of, named_or_path, shipped_maps, shipped_scenarios, shown
from .yamlio import Located, load_yaml
from .validate import field_words, pydantic_problems

KEY = "specs"


class Move(Strict):
    """Move a figure by one movement word (Forgotten Souls' "Movement Vocabulary"): where it ends,
    the target it chose, whether it moved."""

    figure: str
    verb: Literal["toward", "away", "engage", "spot", "leave-pit"]
    target: str = "closest"
    speed: Annotated[int, Field(ge=0, le=99)] | None = None
    exit: Any = None


SHARED = {"move": Move}          # instructions every game may answer, with one model


class Spec(Strict):
    """One behaviour spec."""

    id: Annotated[str, Field(min_length=1)]
    rule: Annotated[str, Field(min_length=1)]
    game: str | None = None
    scenario: str | None = None
    map: str | dict | None = None
    seed: Int(0, 2**63 - 1) = 1
    heroes: list[str] | None = None
    actions: list[dict | Literal["enemy"]] = Field(default_factory=list)
    setup: dict | None = None
    dice: Annotated[list[Int(0, 99)], Field(max_length=1000)] | None = None
    ask: Any
    expect: Annotated[dict[str, Annotated[list, Field(min_length=1)]], Field(min_length=1)]


@dataclass(frozen=True)
class Named:
    """A name a spec uses that its game's content must hold (a card, a monster group): where it
    is written under the spec (``("ask", "activation", "card")``), the name, what it names and
    every known name of that kind; ``key``: written as a mapping's key (its own line is the key's)."""

    path: tuple
    name: str
    what: str
    known: tuple
    key: bool = False


#: (content, instruction, its arguments, the validated setup or None) -> the names a spec uses
NamesOf = Callable[[Any, str, Any, Any], "list[Named]"]

_GAMES: dict[str, tuple[dict[str, type], type | None]] = {}     # game -> (instructions, setup model)
_NAMES: dict[str, tuple[NamesOf | None, Callable[[Any], Any] | None]] = {}   # game -> (names, load)
_MODEL: type | None = None


def register_game(game: str, instructions: dict[str, type], setup: type | None,
                  names: NamesOf | None = None, load: Callable[[Any], Any] | None = None) -> None:
    """What ``game``'s enemy can be asked (instruction -> model of its arguments) and the model of
    its ``setup:``; the spec file's model is rebuilt with them. ``names`` lists the names a spec
    uses that the content must hold (``overlord validate`` checks them at their own lines), the
    content being ``load(scenario path)`` for a spec that names a scenario, else None (the game's
    default content)."""
    global _MODEL
    for name, model in instructions.items():
        for other, (theirs, _) in _GAMES.items():
            if other != game and name in theirs and theirs[name] is not model:
                raise ValueError(f"instruction {name!r} of {game} is {other}'s already, with other arguments")
    _GAMES[game] = (dict(instructions), setup)
    _NAMES[game] = (names, load)
    _MODEL = None
    kinds.register(_kind())


def games() -> dict[str, tuple[dict[str, type], type | None]]:
    return dict(_GAMES)


def instructions() -> dict[str, type]:
    """Every instruction of every registered game (and the shared ones), by name."""
    out = dict(SHARED)
    for theirs, _ in _GAMES.values():
        out.update(theirs)
    return dict(sorted(out.items()))


def _one_key(name: str, model: type) -> type:
    return create_model(f"Ask_{name.replace('-', '_')}", __base__=Strict, __doc__=model.__doc__,
                        **{name: (model, ...)})


def spec_file_model() -> type:
    """The model of a whole spec file, with the instructions registered now."""
    global _MODEL
    if _MODEL is None:
        asks = {name: _one_key(name, m) for name, m in instructions().items()}
        ask = tagged(asks, "instruction")
        spec = create_model("BehaviourSpec", __base__=Spec, __doc__=Spec.__doc__, ask=(ask, ...))
        _MODEL = create_model("SpecFile", __base__=Strict, __doc__="Behaviour specs (overlord check).",
                              specs=(Annotated[list[spec], Field(min_length=1)], ...))
    return _MODEL


def _kind() -> kinds.FileKind:
    return kinds.FileKind(KEY, spec_file_model(), "", title="behaviour specs", noun="spec",
                          vocabulary={"unknown_instruction": list(instructions())}, check=_check)


# -- checks the model cannot make -----------------------------------------------------------------

def instruction_of(spec) -> tuple[str, Any]:
    """(name, arguments) of a validated spec's ``ask``."""
    name = next(iter(type(spec.ask).model_fields))
    return name, getattr(spec.ask, name)


def game_of(spec, base: Path) -> tuple[str | None, str]:
    """The game a spec asks (its ``game:``, else its scenario's), and a problem ('' if none)."""
    scenario_game = None
    if spec.scenario is not None:
        path = scenario_path(spec.scenario, base)
        if path is None or kind_of(path) != "file":
            return None, (f"scenario {shown(spec.scenario)!r}: no such file beside the spec, nor a shipped scenario"
                          f"{nearest(spec.scenario, shipped_scenarios())}")
        try:
            data = load_yaml(path).data
        except ContentError as e:
            return None, f"scenario {shown(spec.scenario)!r}: {e.problems[0]}"
        scenario_game = data.get(kinds.GAME_KEY) if isinstance(data, dict) else None
    game = spec.game or scenario_game
    if game is None:
        return None, "name the game (`game:`) or a scenario whose game it is"
    if spec.game and scenario_game and spec.game != scenario_game:
        return None, f"game {spec.game!r} but scenario {shown(spec.scenario)!r} is a {scenario_game} scenario"
    if game not in _GAMES:
        return None, f"unknown game {game!r}{nearest(game, _GAMES)}; registered games: {', '.join(sorted(_GAMES))}"
    return game, ""


def scenario_path(arg: str, base: Path) -> Path | None:
    beside = base / arg
    if kind_of(beside) == "file":
        return beside
    return named_or_path(arg, shipped_scenarios())


def map_of(spec, base: Path, doc: Located, path: tuple) -> MapFile:
    """The spec's map: inline (checked where it is written) or a file beside the spec or shipped;
    raises ContentError with its problems."""
    if isinstance(spec.map, dict):
        return check_map(doc.sub(path))
    beside = base / spec.map
    found = beside if kind_of(beside) == "file" else named_or_path(spec.map, shipped_maps())
    if found is None or kind_of(found) != "file":
        raise ContentError([doc.problem(path, f"map {shown(spec.map)!r}: no such file beside the spec, nor a shipped map"
                                              f"{nearest(spec.map, shipped_maps())}")])
    try:
        return check_map(load_yaml(found))
    except ContentError as e:
        raise ContentError([doc.problem(path, f"map {shown(spec.map)!r}: {p}") for p in e.problems]) from None


def _check(loaded) -> list[Problem]:
    doc = loaded.doc
    base = Path(doc.file).parent
    out: list[Problem] = []
    seen: dict[str, int] = {}
    contents: dict = {}                 # each scenario the file's specs name, loaded once
    for i, spec in enumerate(loaded.model.specs):
        here = (KEY, i)
        label = f"spec {spec.id!r}: "
        if spec.id in seen:
            out.append(doc.problem(here + ("id",), f"{label}the id is used twice in this file (first in spec {seen[spec.id] + 1})"))
        seen.setdefault(spec.id, i)
        game, problem = game_of(spec, base)
        if problem:
            out.append(doc.problem(here + (("scenario",) if spec.scenario and "scenario" in problem else ("game",)),
                                   label + problem))
            continue
        theirs, setup_model = _GAMES[game]
        name, _ = instruction_of(spec)
        if name not in theirs and name not in SHARED:
            out.append(doc.problem(here + ("ask", name), f"{label}{game} answers no instruction {name!r}"
                                                         f"{nearest(name, theirs)}; it answers {', '.join(theirs) or 'none'}"))
        if spec.map is None and spec.scenario is None and spec.setup is None:
            out.append(doc.problem(here, f"{label}a situation needs a map (`map:`), a scenario (`scenario:`) "
                                         "or the game's own setup (`setup:`)"))
        if spec.map is not None:
            try:
                map_of(spec, base, doc, here + ("map",))
            except ContentError as e:
                out += [Problem(p.file, p.line, p.col, label + p.message) for p in e.problems]
        setup, setup_ok = None, True
        if spec.setup is not None:
            if setup_model is None:
                out.append(doc.problem(here + ("setup",), f"{label}{game} arranges nothing: a spec of it has no setup"))
                setup_ok = False
            else:
                try:
                    setup = _wrapped(setup_model).model_validate({"setup": spec.setup}).setup
                except ValidationError as e:
                    out += [Problem(p.file, p.line, p.col, f"spec {spec.id!r}, {p.message}")
                            for p in pydantic_problems(e, doc.sub(here), top=False)]
                    setup_ok = False
        if setup_ok and (name in theirs or name in SHARED):
            out += _names(game, spec, base, doc, here, label, setup, contents)
    return out


def _names(game: str, spec, base: Path, doc: Located, here: tuple, label: str, setup, contents: dict) -> list[Problem]:
    """Every card, group or other name the spec uses that its game's content does not hold, at
    the line it is written on, with the nearest known name."""
    names, load = _NAMES.get(game, (None, None))
    if names is None:
        return []
    content = None
    if spec.scenario is not None and load is not None:
        path = scenario_path(spec.scenario, base)
        key = str(Path(path).resolve())
        if key not in contents:
            try:
                contents[key] = (load(path), "")
            except ContentError as e:
                contents[key] = (None, f"{e.problems[0]}")
        content, problem = contents[key]
        if content is None:
            return [doc.problem(here + ("scenario",), f"{label}scenario {shown(spec.scenario)!r} does not load: {problem}")]
    name, args = instruction_of(spec)
    out = []
    for used in names(content, name, args, setup):
        if used.name in used.known:
            continue
        where = here + tuple(used.path)
        field = field_words(used.path[:-1] if used.key else used.path, doc.sub(here).data)  # a key is the name itself
        words = (f"spec {spec.id!r}, {field}: no {used.what} {used.name!r}{nearest(used.name, used.known)}; "
                 f"known: {', '.join(map(str, used.known)) or 'none'}")
        out.append(doc.key_problem(where, words) if used.key else doc.problem(where, words))
    return out


_WRAPPED: dict[type, type] = {}


def _wrapped(model: type) -> Any:
    """A model with one field, ``setup``, of ``model``: its errors' places start at ``setup``."""
    if model not in _WRAPPED:
        _WRAPPED[model] = create_model(f"{model.__name__}Field", __base__=Strict, setup=(model, ...))
    return _WRAPPED[model]


kinds.register(_kind())
