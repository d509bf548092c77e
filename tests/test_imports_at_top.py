"""Imports stand at the top of their module (the house's habit, issue 40): an import inside a
function or a class hides what a module depends on from its reader and from the layer test's
first glance, and most of those that stood there broke no cycle at all. One may stay inside a
function when a comment on its line says why:

- ``# cycle: ...`` - the import of a module of overlord that would close an import cycle at the
  top, the cycle named;
- ``# lazy: LIBRARY ...`` - an optional library kept out of start-up (matplotlib, dask, readline),
  never a module of overlord.
"""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(p for p in (ROOT / "overlord").rglob("*.py") if "_shipped" not in p.parts)


def _comments(text: str) -> dict[int, str]:
    return {tok.start[0]: tok.string for tok in tokenize.generate_tokens(io.StringIO(text).readline)
            if tok.type == tokenize.COMMENT}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def nested_imports(text: str) -> list[tuple[ast.stmt, str]]:
    """Every import inside a function or a class, with the comments on its lines."""
    comments = _comments(text)
    found = []

    def walk(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and not inside and _is_type_checking(child):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)) and inside:
                said = " ".join(comments.get(n, "") for n in range(child.lineno, child.end_lineno + 1))
                found.append((child, said))
            walk(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                                     ast.Lambda)))
    walk(ast.parse(text), False)
    return found


def problem(node: ast.stmt, said: str) -> str | None:
    """Why an import inside a function may not stand there, or None when its comment says why."""
    if isinstance(node, ast.ImportFrom):
        ours = bool(node.level) or (node.module or "").split(".")[0] == "overlord"
    else:
        ours = any(a.name.split(".")[0] == "overlord" for a in node.names)
    if "# cycle:" in said:
        return None if ours else "a '# cycle:' comment on an import of no module of overlord"
    if "# lazy:" in said:
        return "a module of overlord is never kept lazy: say the cycle ('# cycle: ...')" if ours else None
    return "an import inside a function with no '# cycle: ...' or '# lazy: LIBRARY' comment: move it to the top"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_stand_at_the_top(path):
    text = path.read_text(encoding="utf-8")
    bad = [f"{path.relative_to(ROOT)}:{node.lineno}: {why}" for node, said in nested_imports(text)
           if (why := problem(node, said))]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("source, expected", [
    ("def f():\n    import json\n", "no '# cycle: ...' or '# lazy: LIBRARY' comment"),
    ("def f():\n    from .engine import run  # cycle: engine -> effects -> engine\n", None),
    ("def f():\n    from .engine import run  # lazy: engine\n", "never kept lazy"),
    ("def f():\n    from matplotlib.figure import Figure  # lazy: matplotlib (the 'plot' extra)\n", None),
    ("def f():\n    import json  # cycle: none\n", "no module of overlord"),
    ("def f():\n    from overlord.sim import (\n        run,  # cycle: sim -> games -> sim\n    )\n", None),
    ("class C:\n    import json\n", "move it to the top"),
    ("import json\nif TYPE_CHECKING:\n    from .engine import Game\n", None),
    ("def f():\n    try:\n        import readline\n    except ImportError:\n        pass\n", "move it to the top"),
])
def test_the_check_reads_the_comments(source, expected):
    """The check itself, on small modules: which nested imports it refuses and why."""
    found = [problem(node, said) for node, said in nested_imports(source)]
    if expected is None:
        assert found in ([], [None])
    else:
        assert len(found) == 1 and expected in found[0]
