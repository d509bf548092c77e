"""The house's layers (docs/internals.md, "The layers"): imports point down only, no two modules import each
other, the framework knows games only through the registry, and no module outside a game's own
package names a game (docstrings and comments may, as examples)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from overlord.games import registry

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "overlord"
# bottom to top; a module may import its own layer and those below
LAYERS = ["core", "content", "ai", "view", "games", "sim", "session", "web", "cli"]


def modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        if "_shipped" in path.parts:
            continue
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


MODULES = modules()


def imports_at(name: str, path: Path) -> dict[str, int]:
    """Every overlord module a module imports, at the top or inside a function, and the line of
    its first import. A module that is not in the tree is kept (as named): an import that cannot
    resolve is a fault of its own (``test_every_import_resolves``), never skipped."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == "overlord" or a.name.startswith("overlord."):
                    found.setdefault(a.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level - 1 >= len(base):
                    found.setdefault("." * node.level + (node.module or ""), node.lineno)   # climbs out
                    continue
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if not (module == "overlord" or module.startswith("overlord.")):
                continue
            for a in node.names:                    # "from . import x" may name a module
                sub = f"{module}.{a.name}"
                found.setdefault(sub if sub in MODULES else module, node.lineno)
    return found


def imports(name: str, path: Path) -> set[str]:
    """The overlord modules of the tree a module imports."""
    return {m for m in imports_at(name, path) if m in MODULES}


def layer(name: str) -> str:
    parts = name.split(".")
    if len(parts) < 2:
        return "cli"                                 # the package's face
    return "cli" if parts[1] in ("cli", "__main__") else parts[1]


def game_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" and parts[2] not in ("registry", "heroes") else None


GRAPH = {name: imports(name, path) for name, path in MODULES.items()}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_point_down_the_layers(name):
    mine = LAYERS.index(layer(name))
    for other in GRAPH[name]:
        assert LAYERS.index(layer(other)) <= mine or layer(other) == layer(name), f"{name} imports {other}"
        if layer(name) in ("sim", "session", "cli") and layer(other) == "games":
            assert other in ("overlord.games", "overlord.games.registry"), \
                f"{name} imports {other}: the framework knows games only through the registry"
        if game_of(name) and game_of(other) and game_of(name) != game_of(other):
            allowed = registry.COMBINES.get(game_of(name)) or registry.SHARED.get(game_of(name), ())
            assert game_of(other) in allowed, \
                f"{name} imports another game's {other} (only a combined game imports the games it combines)"
        if name.startswith("overlord.games.heroes") or name == "overlord.games.registry":
            assert not game_of(other), f"{name} imports the game module {other}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_import_resolves(name):
    """An import of the project that names no module of the tree fails here, wherever it stands
    (inside a function too: a table's `stand` once imported ``..core.rng`` from a folder it had
    left, and crashed only when a player typed the command)."""
    lost = {m: line for m, line in imports_at(name, MODULES[name]).items() if m not in MODULES}
    where = MODULES[name].relative_to(ROOT)
    assert not lost, "; ".join(f"{where}:{line}: imports {m}, which is no module of overlord"
                               for m, line in sorted(lost.items(), key=lambda kv: kv[1]))


@pytest.mark.parametrize("combined, games", sorted(registry.COMBINES.items()))
def test_a_combined_game_imports_what_it_combines_and_nothing_imports_it(combined, games):
    """A combined game's package may import the single games it combines (``registry.COMBINES``);
    no single game, nor any other, imports the combined one."""
    mine = [n for n in MODULES if game_of(n) == combined]
    assert mine, f"no package overlord.games.{combined}"
    others = {game_of(o) for n in mine for o in GRAPH[n] if game_of(o) and game_of(o) != combined}
    assert others <= set(games), f"{combined} imports {sorted(others - set(games))}"
    users = sorted(n for n, deps in GRAPH.items() if game_of(n) != combined and any(game_of(o) == combined for o in deps))
    assert not users, f"{users} import the combined game {combined}"


@pytest.mark.parametrize("shared, games", sorted(registry.SHARED.items()))
def test_a_shared_layer_of_the_combined_games_is_imported_only_by_those_naming_it(shared, games):
    """A layer several combined games share (``registry.SHARED``) imports the single games it names, and
    only a combined game that names it in ``registry.COMBINES`` imports it; it registers no game."""
    mine = [n for n in MODULES if game_of(n) == shared]
    assert mine, f"no package overlord.games.{shared}"
    others = {game_of(o) for n in mine for o in GRAPH[n] if game_of(o) and game_of(o) != shared}
    assert others <= set(games), f"{shared} imports {sorted(others - set(games))}"
    users = {game_of(n) for n, deps in GRAPH.items() if game_of(n) != shared and any(game_of(o) == shared for o in deps)}
    assert all(shared in registry.COMBINES.get(u or "", ()) for u in users), f"{sorted(map(str, users))} import {shared}"
    assert shared not in registry.games()


def test_no_two_modules_import_each_other():
    pairs = sorted({tuple(sorted((a, b))) for a, deps in GRAPH.items() for b in deps
                    if a != b and a in GRAPH.get(b, ())})
    assert pairs == []


def _code_words(path: Path) -> set[str]:
    """Names, attributes and whole string constants in the code - what a branch on a game or a
    reference to one would use - not its docstrings, comments (which the tree does not hold) or
    the words of a sentence ("Descent corner to corner" names a rule of sight)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body \
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            docs.add(id(node.body[0].value))
    words = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.add(node.id.lower())
        elif isinstance(node, ast.Attribute):
            words.add(node.attr.lower())
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            words.add(node.value.strip().lower())
    return words


@pytest.mark.parametrize("name", sorted(n for n in MODULES if not game_of(n) and n != "overlord.games.registry"))
def test_no_module_outside_a_game_names_one(name):
    games = set(registry.games()) - {"tiny"}
    named = _code_words(MODULES[name]) & games
    assert not named, f"{name} names {', '.join(sorted(named))} outside its package"
