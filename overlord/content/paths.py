"""Where the shipped content lives: the top-level ``decks/`` and ``scenarios/`` folders of a
source checkout, or their copies inside the installed package (``overlord/_shipped``)."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from .errors import ContentError, Problem, nearest

_PACKAGE = Path(__file__).resolve().parent.parent


def shipped_dir(name: str) -> Path:
    """The shipped folder ``name`` ("decks" or "scenarios")."""
    for candidate in (_PACKAGE / "_shipped" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the shipped folder {name!r} is missing from this installation")


def shipped_files(*parts: str) -> dict[str, Path]:
    """Shipped YAML files by name (file stem) in ``scenarios/<parts...>``; none if missing."""
    try:
        folder = shipped_dir("scenarios").joinpath(*parts)
    except FileNotFoundError:
        return {}
    return {p.stem: p for p in sorted(folder.glob("*.yaml"))}


def shipped_maps() -> dict[str, Path]:
    """Shipped map files by name (file stem)."""
    return shipped_files("maps")


MAX_SHOWN = 120           # a longer path is shortened in messages (a 5,000-character name)


def shown(path) -> str:
    """A path as messages name it: as given, or shortened when it is absurdly long."""
    text = str(path)
    if len(text) <= MAX_SHOWN:
        return text
    return f"{text[:60]}...{text[-20:]} ({len(text):,} characters)"


def kind_of(path) -> str:
    """What is at ``path``: "file" (a regular file), "folder", "missing", "other" (a device, a
    pipe, a socket) or why it cannot be looked at ("name too long", "permission denied"...);
    never raises, whatever the name (``Path.exists`` raises for a name the system refuses)."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    except OSError as e:
        return "file name too long" if e.errno == errno.ENAMETOOLONG else (e.strerror or str(e)).lower()
    except ValueError:                # an embedded NUL byte
        return "not a valid file name"
    if stat.S_ISREG(mode):
        return "file"
    return "folder" if stat.S_ISDIR(mode) else "other"


def exists(path) -> bool:
    """Whether something is at ``path`` (False for a name the system refuses)."""
    return kind_of(path) in ("file", "folder", "other")


def named_or_path(arg: str, shipped: dict[str, Path]) -> Path | None:
    """A path as given, or the shipped file of that name; None for a name nothing ships."""
    p = Path(arg)
    if exists(p) or p.suffix in (".yaml", ".yml") or "/" in arg:
        return p
    return shipped.get(arg)


def resolve_map(arg: str) -> Path:
    """A map argument: a path to a file, or the name of a shipped map."""
    return named_or_path(arg, shipped_maps()) or Path(arg)


def shipped_content() -> dict[str, Path]:
    """Names ``overlord validate`` takes besides paths: each shipped scenario (its file stem), each
    shipped deck folder (``underworld``) and each file in one (``underworld-tiles``). A scenario
    and a deck folder of one name (``forgotten-souls``): the scenario, which checks its decks too."""
    names = dict(shipped_files())
    try:
        decks = shipped_dir("decks")
    except FileNotFoundError:
        return names
    for folder in sorted(p for p in decks.iterdir() if p.is_dir()):
        names.setdefault(folder.name, folder)
        for f in sorted(folder.glob("*.yaml")):
            names.setdefault(f"{folder.name}-{f.stem}", f)
    return names


def resolve_content(arg: str) -> Path:
    """A content argument: a path to a file or folder, or a shipped name (see shipped_content)."""
    return named_or_path(arg, shipped_content()) or Path(arg)


def shipped_scenarios() -> dict[str, Path]:
    """Shipped scenario files by name (file stem)."""
    return shipped_files()


def resolve_scenario(arg: str) -> Path:
    """A scenario argument: a path to a file, or the name of a shipped scenario; raises
    ContentError for neither."""
    found = named_or_path(arg, shipped_scenarios())
    if found is None:
        raise ContentError([Problem(shown(arg), None, None, "no such file, nor the name of a shipped scenario"
                                    f"{nearest(arg, shipped_scenarios())}")])
    return found


def find_scenario(saved: str, beside=None) -> str:
    """The scenario a save or a log names. Those written before the game interface kept the path
    as typed or as it was on that machine: found as written, or relative to ``beside`` (the
    save's or log's folder), or as the shipped scenario of that file name."""
    path = Path(saved)
    if kind_of(path) == "file":
        return saved
    if beside is not None and not path.is_absolute() and kind_of(Path(beside) / path) == "file":
        return str(Path(beside) / path)
    shipped = shipped_scenarios().get(path.stem)
    return str(shipped) if shipped is not None and shipped.name == path.name else saved
