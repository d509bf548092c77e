"""YAML loading that remembers where every value was written.

``yaml.safe_load`` semantics (never arbitrary objects), plus a map from each value's path
(a tuple of keys and indices) to its line and column, so errors can name them.

Hostile files are refused before they cost anything, each with one problem at its place: a
file over :data:`MAX_BYTES`; nesting deeper than :data:`MAX_DEPTH` (found by the scanner, which
does not recurse, before the parser, which does); an alias that refers to the value that holds
it; aliases that expand to more than :data:`MAX_VALUES` values (a "billion laughs" file of a few
hundred bytes); a tagged or plain scalar that cannot be read as its type (``!!int abc``, an
integer of thousands of digits, ``!!timestamp nope``).
"""

from __future__ import annotations

from pathlib import Path

import yaml

from .errors import ContentError, Problem
from .paths import kind_of, shown


class Located:
    """Parsed YAML data and where each part of it stands in its file."""

    def __init__(self, file: str, data, marks: dict[tuple, tuple[int, int]],
                 keys: dict[tuple, tuple[int, int]] | None = None):
        self.file = file
        self.data = data
        self.marks = marks
        self.keys = keys or {}        # where the key of a mapping's entry is written, by its path

    def sub(self, path: tuple) -> "Located":
        """The part of the document at ``path`` as a document of its own, with its marks."""
        data = self.data
        for p in path:
            data = data[p]
        n = len(path)
        return Located(self.file, data, {p[n:]: m for p, m in self.marks.items() if p[:n] == path},
                       {p[n:]: m for p, m in self.keys.items() if p[:n] == path})

    def key_problem(self, path: tuple, message: str) -> Problem:
        """A problem at the key of the entry at ``path`` (a misspelt name written as a key: its own
        line, not the line its value starts on), else where :meth:`problem` puts it."""
        if tuple(path) in self.keys:
            line, col = self.keys[tuple(path)]
            return Problem(self.file, line, col, message)
        return self.problem(path, message)

    def where(self, path: tuple) -> tuple[int | None, int | None]:
        """Line and column (1-based) of the value at ``path``, or of its nearest parent."""
        path = tuple(path)
        while path not in self.marks and path:
            path = path[:-1]
        return self.marks.get(path, (None, None))

    def problem(self, path: tuple, message: str, *, col_offset: int = 0) -> Problem:
        line, col = self.where(path)
        if col is not None:
            col += col_offset
        return Problem(self.file, line, col, message)


def _start(node) -> tuple[int, int]:
    """Line and column of a node's first character; inside the quotes of a quoted string."""
    quoted = isinstance(node, yaml.ScalarNode) and node.style in ("'", '"')
    return node.start_mark.line + 1, node.start_mark.column + 1 + quoted


def _walk(node, path: tuple, marks: dict, seen: set, dups: list, keys: dict) -> None:
    marks[path] = _start(node)
    if id(node) in seen:          # an alias of a node already walked (or one that contains itself)
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        first: dict = {}
        for key_node, value_node in node.value:
            key = key_node.value
            here = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if isinstance(key_node, yaml.ScalarNode) and key != "<<":
                if (key_node.tag, key) in first:
                    dups.append((here, f"duplicate key {key!r} (first written on line {first[key_node.tag, key][0]})"))
                first.setdefault((key_node.tag, key), here)
            marks.setdefault(path + (key,), here)
            keys.setdefault(path + (key,), here)
            _walk(value_node, path + (key,), marks, seen, dups, keys)
            marks[path + (key,)] = _start(value_node)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, path + (i,), marks, seen, dups, keys)


MAX_DEPTH = 64            # collections inside collections
MAX_VALUES = 200_000      # values once every alias is expanded


def _too_deep(text: str, file: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH, at the token that goes too deep."""
    depth = 0
    starts = (yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken, yaml.FlowMappingStartToken,
              yaml.FlowSequenceStartToken)
    ends = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)
    for token in yaml.scan(text, Loader=yaml.SafeLoader):
        if isinstance(token, starts):
            depth += 1
            if depth > MAX_DEPTH:
                m = token.start_mark
                raise ContentError([Problem(file, m.line + 1, m.column + 1,
                                            f"YAML nests too deeply (more than {MAX_DEPTH} levels)")])
        elif isinstance(token, ends):
            depth -= 1


def _check_graph(root, file: str) -> None:
    """Refuse an alias inside the value it names, and aliases that expand past MAX_VALUES."""
    size: dict[int, int] = {}
    on_path: set[int] = set()

    def children(node):
        if isinstance(node, yaml.MappingNode):
            return [n for pair in node.value for n in pair]
        if isinstance(node, yaml.SequenceNode):
            return list(node.value)
        return []

    stack = [(root, False)]
    while stack:                      # iterative: no recursion on hostile nesting
        node, done = stack.pop()
        if done:
            on_path.discard(id(node))
            size[id(node)] = 1 + sum(size[id(c)] for c in children(node))
            if size[id(node)] > MAX_VALUES:
                m = node.start_mark
                raise ContentError([Problem(file, m.line + 1, m.column + 1, "its aliases expand to more than "
                                            f"{MAX_VALUES:,} values; write the values out or use fewer aliases")])
            continue
        if id(node) in size:
            continue
        on_path.add(id(node))
        stack.append((node, True))
        for child in children(node):
            if id(child) in on_path:
                m = node.start_mark
                raise ContentError([Problem(file, m.line + 1, m.column + 1,
                                            "an alias refers to the value that holds it (a value cannot contain itself)")])
            if id(child) not in size:
                stack.append((child, False))


def _unreadable_scalar(root, file: str, error: Exception) -> ContentError:
    """The first scalar that cannot be constructed as its type, as a problem at its place."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode):
            try:
                yaml.SafeLoader("").construct_object(node, deep=True)
            except Exception as e:  # noqa: BLE001 - any failure of PyYAML's constructors
                m = node.start_mark
                value = node.value if len(node.value) <= 30 else node.value[:27] + "..."
                kind = node.tag.rsplit(":", 1)[-1]
                why = str(e).split(";")[0] if isinstance(e, ValueError) and str(e) else f"not a valid {node.tag.rsplit(':', 1)[-1]}"
                return ContentError([Problem(file, m.line + 1, m.column + 1,
                                             f"{value!r} cannot be read as {kind} ({why})")])
        elif isinstance(node, yaml.MappingNode):
            stack.extend(n for pair in reversed(node.value) for n in reversed(pair))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
    return ContentError([Problem(file, 1, 1, f"YAML cannot be read ({type(error).__name__}: {error})")])


def parse_yaml(text: str, file: str) -> Located:
    loader = None
    try:
        _too_deep(text, file)
        loader = yaml.SafeLoader(text)
        node = loader.get_single_node()
        if node is not None:
            _check_graph(node, file)
            try:
                data = loader.construct_document(node)
            except (ValueError, TypeError, AttributeError, OverflowError, IndexError) as e:
                raise _unreadable_scalar(node, file, e) from None
        else:
            data = None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        col = mark.column + 1 if mark else None
        msg = " ".join(str(x) for x in (e.context, e.problem) if x) or str(e)
        if "'\\t'" in msg:
            msg += " (indent YAML with spaces, not tabs)"
        raise ContentError([Problem(file, line, col, f"YAML does not parse: {msg}")]) from None
    except yaml.reader.ReaderError as e:
        line = text.count("\n", 0, e.position) + 1
        col = e.position - text.rfind("\n", 0, e.position)
        raise ContentError([Problem(file, line, col, f"YAML does not parse: unacceptable character "
                                    f"#x{e.character:04x}: {e.reason}")]) from None
    except yaml.YAMLError as e:
        raise ContentError([Problem(file, None, None, f"YAML does not parse: {e}")]) from None
    except RecursionError:
        raise ContentError([Problem(file, None, None, "YAML nests too deeply")]) from None
    finally:
        if loader is not None:
            loader.dispose()
    marks: dict = {(): (1, 1)}           # an empty file's problems are on its first line
    dups: list = []
    keys: dict = {}
    if node is not None:
        try:
            _walk(node, (), marks, set(), dups, keys)
        except RecursionError:
            raise ContentError([Problem(file, None, None, "YAML nests too deeply")]) from None
    if dups:
        raise ContentError([Problem(file, line, col, msg) for (line, col), msg in dups])
    return Located(file, data, marks, keys)


MAX_BYTES = 256 * 1024    # ten times the largest shipped file; PyYAML reads ~300 KB a second

_READERS: list[dict] = []   # open :func:`reading` records: path -> bytes


class reading:
    """``with reading() as files:`` records every file :func:`load_yaml` reads meanwhile (its
    absolute path and bytes): the files a scenario is made of, whichever game loads it."""

    def __enter__(self) -> dict[str, bytes]:
        self.files: dict[str, bytes] = {}
        _READERS.append(self.files)
        return self.files

    def __exit__(self, *exc) -> None:
        _READERS.remove(self.files)


def load_yaml(path: str | Path) -> Located:
    path = Path(path)
    kind = kind_of(path)
    if kind != "file":
        why = {"missing": "no such file", "folder": "is a directory, not a YAML file",
               "other": "not a regular file (a device, a pipe or a socket)"}.get(kind, kind)
        raise ContentError([Problem(shown(path), None, None, why)])
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ContentError([Problem(str(path), 1, 1, f"too large for a content file ({size:,} bytes; "
                                                         f"at most {MAX_BYTES:,})")])
        raw = path.read_bytes()
        for files in _READERS:
            files[str(path.resolve())] = raw
    except FileNotFoundError:
        raise ContentError([Problem(str(path), None, None, "no such file")]) from None
    except IsADirectoryError:
        raise ContentError([Problem(str(path), None, None, "is a directory, not a YAML file")]) from None
    except OSError as e:
        raise ContentError([Problem(str(path), None, None, f"cannot read: {(e.strerror or str(e)).lower()}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        col = e.start - raw.rfind(b"\n", 0, e.start)
        raise ContentError([Problem(str(path), line, col, f"not UTF-8 text ({e.reason}: byte 0x{raw[e.start]:02x}); "
                                    "save the file as UTF-8")]) from None
    return parse_yaml(text, str(path))
