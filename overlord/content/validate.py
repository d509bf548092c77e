"""Validating content files: each problem as ``FILE:LINE:COL: message``, with the card it is in,
what was expected, and the nearest known name for a misspelling.

A file's kind is its top-level key (``monsters``, ``activation_cards``, ``peril_cards``,
``exploration_cards``, ``scenario``; ``map`` for map files). Structure and types are checked by
the pydantic models of ``cards`` and ``effects``; what spans files (a group named on a card must
exist, the exploration deck's make-up, maps that must be drawable) is checked here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ValidationError

from ..core.board import BoardError
from ..core.grids import GridBoard
from ..core.terrain import DEFAULT_LEGEND, TerrainTable
from . import cards, descent_sheets, kinds as registered
from .effects import (EFFECTS, TESTS, ActivateGroup, ConditionSpec, Harm, HeroOnSpec, PlaceMonsters, Spawn,
                      SpawnSpec, TokenSpec)
from .errors import ContentError, Problem, nearest
from .mapfile import check_map
from .yamlio import Located, load_yaml

KINDS = {**cards.FILE_KINDS, **descent_sheets.FILE_KINDS}
UNION_KINDS = {"unknown_effect": EFFECTS, "unknown_action": cards.ACTIONS, "unknown_test": TESTS,
               "unknown_ability": descent_sheets.ABILITIES, "unknown_skill": descent_sheets.SKILLS}
DESCENT_KEYED = {"monsters": "group", **descent_sheets.KEYED}     # Descent's files: what a mapping's keys are


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
    from . import effects
    for module in (cards, effects, descent_sheets):
        for value in vars(module).values():
            walk(value)
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


def _resolve(doc: Located, loc: tuple) -> tuple:
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


def _owner(doc: Located, path: tuple, kind: registered.FileKind | None = None) -> str:
    """'card ID: ' for the innermost mapping on the path that has an id (or a group's key)."""
    data = doc.data
    label = ""
    nouns = {kind.key: kind.noun} if kind else {}
    keyed = kind.keyed if kind else DESCENT_KEYED
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


def _message(err: dict, doc: Located, path: tuple, unions: dict = UNION_KINDS) -> str:
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
    unions = spec.vocabulary if spec is not None else UNION_KINDS
    problems = []
    seen = set()
    for err in exc.errors():
        path = _resolve(doc, err["loc"])
        message = _owner(doc, path, spec) + _message(err, doc, path, unions)
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
    if not isinstance(data, dict) or len(data) == 0:
        every = list(KINDS) + [k for k in registered.top_keys() if k not in KINDS]
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
    keys = [k for k in data if k in KINDS]
    every = list(KINDS) + [k for k in registered.top_keys() if k not in KINDS]
    if len(keys) != 1 or any(k not in keys for k in data):
        key = next((k for k in data if k not in keys), next(iter(data)))
        return Loaded(doc.file, "?", None, doc, [doc.problem((key,), f"unknown kind of content {key!r}"
                                                           f"{nearest(key, every)}; the top-level key is one of "
                                                           f"{', '.join(every)}")])
    kind = keys[0]
    try:
        model = KINDS[kind].model_validate(data)
    except ValidationError as e:
        return Loaded(doc.file, kind, None, doc, pydantic_problems(e, doc, kind))
    loaded = Loaded(doc.file, kind, model, doc)
    loaded.problems.extend(_check_ids(loaded))
    if kind == "exploration_cards":
        loaded.problems.extend(_check_maps(loaded))
    return loaded


def _registered_kind(doc: Located, data: dict) -> registered.FileKind | Loaded | None:
    """The registered kind of a file (a scenario by its ``game:``), a Loaded with the problem
    when its game is missing or unknown, or None for a kind not registered."""
    if registered.GAME_KEY in data:
        game = data[registered.GAME_KEY]
        games = registered.scenario_kinds()
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


def _check_ids(loaded: Loaded) -> list[Problem]:
    model, doc = loaded.model, loaded.doc
    items = {"activation_cards": lambda: [(("activation_cards", "cards", i, "id"), c.id) for i, c in enumerate(model.activation_cards.cards)],
             "peril_cards": lambda: [(("peril_cards", i, "id"), c.id) for i, c in enumerate(model.peril_cards)],
             "exploration_cards": lambda: [(("exploration_cards", i, "id"), c.id) for i, c in enumerate(model.exploration_cards)]}
    if loaded.kind not in items:
        return []
    seen: dict[str, int] = {}
    problems = []
    for path, cid in items[loaded.kind]():
        if cid in seen:
            problems.append(doc.problem(path, f"card id {cid!r} is used twice (first on line {seen[cid]})"))
        else:
            seen[cid] = doc.where(path)[0] or 0
    return problems


def _check_maps(loaded: Loaded) -> list[Problem]:
    problems = []
    doc = loaded.doc
    for i, card in enumerate(loaded.model.exploration_cards):
        base = ("exploration_cards", i, "map")
        legend = {**DEFAULT_LEGEND, **card.map.legend}
        bad = [n for n in card.map.legend.values() if n not in TerrainTable()]
        for ch, name in card.map.legend.items():
            if name not in TerrainTable():
                problems.append(doc.problem(base + ("legend", ch), f"card {card.id!r}: unknown terrain {name!r}"
                                            f"{nearest(name, TerrainTable().names)}"))
        if bad:
            continue
        try:
            board = GridBoard(card.map.rows, legend)
        except BoardError as e:
            problems.append(doc.problem(base + ("rows",), f"card {card.id!r}: {e}"))
            continue
        spots = [(("entrance",), card.map.entrance), (("exit",), card.map.exit)]
        spots += [(("hero_start", j), p) for j, p in enumerate(card.map.hero_start)]
        spots += [(("spawns", j, "at"), s.at) for j, s in enumerate(card.map.spawns)]
        spots += [(("tokens", j, "at"), t.at) for j, t in enumerate(card.map.tokens)]
        spots += [(("markers", k), p) for k, p in card.map.markers.items()]
        named = set(card.map.markers) | {"exit", "entrance"}
        if card.goal.at in ("exit", "entrance") and getattr(card.map, card.goal.at) is None:
            problems.append(doc.problem(("exploration_cards", i), f"card {card.id!r}: the goal is the "
                                        f"{card.goal.at}, but the map has none; give goal.at a marker"))
        elif card.goal.at not in named:
            problems.append(doc.problem(("exploration_cards", i, "goal", "at"), f"card {card.id!r}: no marker "
                                        f"{card.goal.at!r} for the goal{nearest(card.goal.at, named)}"))
        for model, path in _walk_models(card, ("exploration_cards", i)):
            if isinstance(model, (SpawnSpec, TokenSpec, HeroOnSpec)) and model.at is not None and model.at not in named:
                where = _resolve(doc, path + ("at",))
                problems.append(doc.problem(where, f"card {card.id!r}: no marker {model.at!r} on this encounter's map"
                                            f"{nearest(model.at, named)}; markers: {', '.join(sorted(named))}"))
        for sub, at in spots:
            if at is None:
                continue
            try:
                node = board.node_of(at)
            except BoardError as e:
                problems.append(doc.problem(base + sub, f"card {card.id!r}: {e}"))
                continue
            if board.blocks_move[node]:
                problems.append(doc.problem(base + sub, f"card {card.id!r}: {list(at)} is "
                                            f"{board.terrain(node).name}, not a space a figure can stand on"))
    return problems


# -- a scenario and the decks it names --------------------------------------------------------

def check_scenario(loaded: Loaded) -> list[Problem]:
    """Cross-file checks of a valid scenario file: its decks exist and are valid, every group a
    card names exists, the exploration deck has the rulebook's make-up."""
    scenario = loaded.model.scenario
    doc = loaded.doc
    problems: list[Problem] = []
    decks: dict[str, Loaded] = {}
    for kind, where in deck_files(loaded).items():
        rel = scenario.decks.get(kind, where)
        deck = load_content(where)
        problems.extend(deck.problems)
        expected = {"monsters": "monsters", "activation": "activation_cards", "peril": "peril_cards",
                    "exploration": "exploration_cards", "heroes": "hero_sheets", "conditions": "conditions"}[kind]
        if deck.model is None:
            if not deck.problems:
                problems.append(doc.problem(("scenario", "decks", kind), f"{rel}: not a {expected} file"))
            continue
        if deck.kind != expected:
            problems.append(doc.problem(("scenario", "decks", kind), f"{rel} holds {deck.kind}, not {expected}"))
            continue
        decks[kind] = deck
    for hc in scenario.heroes:
        if hc not in scenario.track.doom_start:
            problems.append(doc.problem(("scenario", "track", "doom_start"), f"no doom start for {hc} heroes"))
        elif scenario.track.doom_start[hc] >= scenario.track.spaces - 1:
            problems.append(doc.problem(("scenario", "track", "doom_start", hc),
                                        f"doom would start on or above fate's space ({scenario.track.spaces - 1})"))
    if "monsters" in decks:
        groups = set(decks["monsters"].model.monsters)
        for kind in ("activation", "peril", "exploration"):
            if kind in decks:
                problems.extend(_check_groups(decks[kind], groups))
    if "exploration" in decks:
        problems.extend(_check_makeup(decks["exploration"]))
    if "conditions" in decks:
        known = set(decks["conditions"].model.conditions)
        for kind in ("activation", "peril", "exploration"):
            if kind in decks:
                problems.extend(_check_conditions(decks[kind], known))
    return problems


DEFAULT_DECKS = {"heroes": ("descent", "heroes.yaml"), "conditions": ("descent", "conditions.yaml")}


def deck_files(loaded: Loaded) -> dict[str, Path]:
    """Each deck file of a scenario: those it names (relative to the scenario file), and the base
    game's hero sheets and conditions shipped in decks/descent/ where it names none."""
    from .paths import shipped_dir
    base = Path(loaded.file).parent
    out = {kind: base / rel for kind, rel in loaded.model.scenario.decks.items()}
    for kind, parts in DEFAULT_DECKS.items():
        if kind not in out:
            out[kind] = shipped_dir("decks").joinpath(*parts)
    return out


def _check_conditions(loaded: Loaded, known: set[str]) -> list[Problem]:
    """Every condition a card names is one of the scenario's conditions."""
    problems = []
    doc = loaded.doc
    root = next(iter(type(loaded.model).model_fields))
    for model, path in _walk_models(getattr(loaded.model, root), (root,)):
        names = []
        if isinstance(model, ConditionSpec):
            names.append((path + ("condition",), model.condition))
        elif isinstance(model, Harm) and model.condition is not None:
            names.append((path + ("condition",), model.condition))
        elif isinstance(model, (SpawnSpec, cards.SpawnPoint)):
            names += [(path + ("conditions", j), c) for j, c in enumerate(model.conditions)]
        for where, name in names:
            if name not in known:
                at = _resolve(doc, where)
                problems.append(doc.problem(at, _owner(doc, at) + f"unknown condition {name!r}{nearest(name, known)}; "
                                            f"known: {', '.join(sorted(known))}"))
    return problems


def _walk_models(value, path):
    """Every pydantic model inside ``value`` with its data path."""
    if isinstance(value, BaseModel):
        yield value, path
        for name, f in type(value).model_fields.items():
            yield from _walk_models(getattr(value, name), path + (f.alias or name,))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _walk_models(v, path + (i,))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _walk_models(v, path + (k,))


def _check_groups(loaded: Loaded, groups: set[str]) -> list[Problem]:
    problems = []
    doc = loaded.doc
    root = next(iter(type(loaded.model).model_fields))
    for model, path in _walk_models(getattr(loaded.model, root), (root,)):
        names = []
        if isinstance(model, (Spawn, PlaceMonsters)):
            names.append((path + (next(iter(type(model).model_fields)), "group"),
                          (model.spawn if isinstance(model, Spawn) else model.place_monsters).group))
        elif isinstance(model, ActivateGroup):
            names.append((path + ("activate_group",), model.activate_group))
        elif isinstance(model, cards.EventSpec) and model.group is not None:
            names.append((path + ("group",), model.group))
        elif isinstance(model, cards.SpawnPoint):
            names.append((path + ("group",), model.group))
        elif isinstance(model, cards.ActivationDeck):
            names += [((*path, "order", i), g) for i, g in enumerate(model.order)]
        for where, name in names:
            if name not in groups:
                problems.append(doc.problem(_resolve(doc, where), _owner(doc, _resolve(doc, where)) +
                                            f"unknown monster group {name!r}{nearest(name, groups)}; "
                                            f"known: {', '.join(sorted(groups))}"))
    return problems


def _check_makeup(loaded: Loaded) -> list[Problem]:
    """Assembling the Exploration Deck: one starting encounter, main encounters 1, 2 and 3, and
    eight others for the stacks of 3, 3 and 2."""
    found = loaded.model.exploration_cards
    doc = loaded.doc
    problems = []
    starting = [c for c in found if c.kind == "starting"]
    mains = sorted(c.number for c in found if c.kind == "main")
    regular = [c for c in found if c.kind == "regular"]
    if len(starting) != 1:
        problems.append(doc.problem(("exploration_cards",), f"the exploration deck needs exactly one starting encounter, has {len(starting)}"))
    if mains != [1, 2, 3]:
        problems.append(doc.problem(("exploration_cards",), f"the exploration deck needs main encounters 1, 2 and 3 once each, has {mains}"))
    if len(regular) != 8:
        problems.append(doc.problem(("exploration_cards",), f"the exploration deck needs 8 other encounters (stacks of 3, 3 and 2), has {len(regular)}"))
    return problems


def validate_paths(paths: list[Path]) -> tuple[list[Problem], int]:
    """Every problem in the given files (folders: every .yaml inside), and how many files."""
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files.extend(sorted(q for q in p.rglob("*.y*ml") if q.is_file()))
        else:
            files.append(p)
    problems: list[Problem] = []
    for f in files:
        loaded = load_content(f)
        problems.extend(loaded.problems)
        if loaded.kind == "scenario" and loaded.model is not None and not loaded.game:
            for p in check_scenario(loaded):
                if p not in problems:
                    problems.append(p)
        if loaded.game and loaded.model is not None:
            kind = registered.scenario_kinds()[loaded.game] if loaded.kind == registered.SCENARIO \
                else registered.kinds()[loaded.kind]
            for p in (kind.cross_check(loaded) if kind.cross_check else []):
                if p not in problems:
                    problems.append(p)
    return problems, len(files)


def json_schema() -> dict:
    """A JSON Schema of every content file kind (one of them per file)."""
    from pydantic.json_schema import models_json_schema
    models = list(KINDS.values()) + [k.model for k in registered.kinds().values()] \
        + [k.model for k in registered.scenario_kinds().values()]
    models = list(dict.fromkeys(models))
    refs_by_model, top = models_json_schema([(m, "validation") for m in models], title="Overlord content file")
    refs = [refs_by_model[(m, "validation")] for m in models]
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Overlord content file",
            "description": "One kind of content per file, named by the top-level key.",
            "oneOf": refs, "$defs": top["$defs"]}
