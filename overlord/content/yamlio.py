"""YAML loading that remembers where every value was written.

``yaml.safe_load`` semantics (never arbitrary objects), plus a map from each value's path
(a tuple of keys and indices) to its line and column, so errors can name them.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from .errors import ContentError, Problem


class Located:
    """Parsed YAML data and where each part of it stands in its file."""

    def __init__(self, file: str, data, marks: dict[tuple, tuple[int, int]]):
        self.file = file
        self.data = data
        self.marks = marks

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


def _walk(node, path: tuple, marks: dict, seen: set, dups: list) -> None:
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
            _walk(value_node, path + (key,), marks, seen, dups)
            marks[path + (key,)] = _start(value_node)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, path + (i,), marks, seen, dups)


def parse_yaml(text: str, file: str) -> Located:
    loader = None
    try:
        loader = yaml.SafeLoader(text)
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
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
    marks: dict = {}
    dups: list = []
    if node is not None:
        try:
            _walk(node, (), marks, set(), dups)
        except RecursionError:
            raise ContentError([Problem(file, None, None, "YAML nests too deeply")]) from None
    if dups:
        raise ContentError([Problem(file, line, col, msg) for (line, col), msg in dups])
    return Located(file, data, marks)


MAX_BYTES = 8 * 1024 * 1024


def load_yaml(path: str | Path) -> Located:
    path = Path(path)
    try:
        if path.exists() and not path.is_dir() and not path.is_file():
            raise ContentError([Problem(str(path), None, None, "not a regular file")])
        if path.is_file() and path.stat().st_size > MAX_BYTES:
            raise ContentError([Problem(str(path), None, None,
                                        f"too large for a content file ({path.stat().st_size} bytes; at most {MAX_BYTES})")])
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ContentError([Problem(str(path), None, None, "no such file")]) from None
    except IsADirectoryError:
        raise ContentError([Problem(str(path), None, None, "is a directory, not a YAML file")]) from None
    except OSError as e:
        raise ContentError([Problem(str(path), None, None, f"cannot read: {e.strerror}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        col = e.start - raw.rfind(b"\n", 0, e.start)
        raise ContentError([Problem(str(path), line, col, f"not UTF-8 text ({e.reason}: byte 0x{raw[e.start]:02x}); "
                                    "save the file as UTF-8")]) from None
    return parse_yaml(text, str(path))
