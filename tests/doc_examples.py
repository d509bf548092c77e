"""The console examples of README.md and docs/*.md, run and compared with what they show (as
doctests are): so no transcript goes stale.

A document is read top to bottom in a folder of its own (a fresh temporary one):

* a fenced block whose first line is ``# file: PATH`` (YAML, Python, any language) is written to
  PATH in that folder, so the files a walkthrough builds are the files its commands read;
* a ```` ```console ```` block holds commands (lines starting ``$ ``), each followed by what it
  prints (standard output and standard error, as a terminal shows them). Lines of the output that
  start with ``> `` are what was typed at the table: they are the command's standard input (a
  table reading from a pipe echoes each line so), so a table transcript is checked whole;
* in the expected output, a line ``...`` stands for any number of lines, and ``...`` inside a
  line for any text; trailing spaces and trailing empty lines do not count.

An ``overlord ...`` command without shell syntax runs in this process (fast: no start-up);
anything else (``cd``, ``;``, pipes, redirections, ``python``) runs under ``bash`` with the
installed ``overlord`` first on the PATH. Every example is seeded, so the output is the same
every time. ``python tests/doc_examples.py FILE.md`` prints what each command prints now, for
writing a document.
"""

from __future__ import annotations

import hashlib
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^(`{3,})(\S*)\s*$")
SHELL = re.compile(r"[;|&<>$`()]|^\s*(cd|printf|echo|python|cat|mkdir|rm|ls)\b|\bpython\b")
WIDTH = "100"


@dataclass
class Command:
    line: int                    # where it is in the document
    text: str                    # the command, without "$ "
    expected: list[str] = field(default_factory=list)

    @property
    def stdin(self) -> str:
        return "".join(line[2:] + "\n" for line in self.expected if line.startswith("> "))


@dataclass
class Block:
    line: int
    lang: str
    lines: list[str]

    @property
    def file(self) -> str | None:
        first = self.lines[0] if self.lines else ""
        m = re.match(r"^#\s*file:\s*(\S+)\s*$", first)
        return m.group(1) if m else None


def blocks(text: str) -> list[Block]:
    """The fenced blocks of a Markdown text, in order."""
    out: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, lang, start = m.group(1), m.group(2), i
        i += 1
        body = []
        while i < len(lines) and lines[i].rstrip() != fence:
            body.append(lines[i])
            i += 1
        out.append(Block(start + 1, lang, body))
        i += 1
    return out


def commands(block: Block) -> list[Command]:
    """The commands of a console block, each with its expected output."""
    out: list[Command] = []
    for k, line in enumerate(block.lines):
        if line.startswith("$ "):
            out.append(Command(block.line + 1 + k, line[2:].strip()))
        elif out:
            out[-1].expected.append(line)
        elif line.strip():
            raise ValueError(f"line {block.line + 1 + k}: a console block starts with a command (`$ ...`)")
    return out


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with its ``...`` filled in."""
    exp = _trim(expected)
    act = _trim(actual)
    memo: dict[tuple[int, int], bool] = {}

    def line_ok(pattern: str, text: str) -> bool:
        if "..." not in pattern:
            return pattern == text
        parts = [re.escape(p) for p in pattern.split("...")]
        return re.fullmatch(".*".join(parts), text, re.DOTALL) is not None

    def go(i: int, j: int) -> bool:
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(exp):
            ok = j == len(act)
        elif exp[i].strip() == "...":
            ok = any(go(i + 1, k) for k in range(j, len(act) + 1))
        else:
            ok = j < len(act) and line_ok(exp[i], act[j]) and go(i + 1, j + 1)
        memo[(i, j)] = ok
        return ok
    return go(0, 0)


def _trim(lines: list[str]) -> list[str]:
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


def environment() -> dict:
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env["COLUMNS"] = WIDTH
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.pop("OVERLORD_GAMES", None)
    return env


def run(command: Command, folder: Path) -> str:
    """What the command prints (standard output and error together), run in ``folder``."""
    if SHELL.search(command.text) or not command.text.startswith("overlord "):
        done = subprocess.run(["bash", "-c", command.text], cwd=folder, input=command.stdin, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=environment(), timeout=300)
        return done.stdout
    return _in_process(shlex.split(command.text, comments=True)[1:], command.stdin, folder)


def forget_changed(registry) -> None:
    """Drop from the registry's cache (``registry._OPENED``: each scenario opened in this process,
    with the SHA-256 of every file its game read) the scenarios one of whose files changed or went
    since: the next command loads those again, as a command in a process of its own would. Content
    is YAML files alone, all read through ``load_yaml``, which records them; the scenarios whose
    files are as they were stay loaded (the shipped ones: a document's commands loaded them again
    and again, about 2 s each)."""
    for key, (_, _, files) in list(registry._OPENED.items()):
        for name, digest in files.items():
            try:
                same = hashlib.sha256(Path(name).read_bytes()).hexdigest() == digest
            except OSError:
                same = False
            if not same:
                del registry._OPENED[key]
                break


def _in_process(args: list[str], stdin: str, folder: Path) -> str:
    from click.testing import CliRunner

    from overlord import cli
    from overlord.games import registry
    forget_changed(registry)                     # a document may change a file between commands
    for module in folder.glob("*.py"):           # a bot module of the document's, not one imported before
        sys.modules.pop(module.stem, None)
    here = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner(env={"COLUMNS": WIDTH}).invoke(cli.main, args, input=stdin, prog_name="overlord")
    finally:
        os.chdir(here)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.output


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def run_document(path: Path, folder: Path, show: bool = False) -> list[str]:
    """Every difference between what the document shows and what its commands print."""
    problems = []
    for block in blocks(path.read_text(encoding="utf-8")):
        if block.file is not None:
            target = folder / block.file
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("\n".join(block.lines[1:]) + "\n", encoding="utf-8")
            continue
        if block.lang != "console":
            continue
        for command in commands(block):
            actual = run(command, folder).splitlines()
            if show:
                print(f"$ {command.text}")
                print("\n".join(actual))
            if not matches(command.expected, actual):
                problems.append(f"{path.name}:{command.line}: `{command.text}` printed:\n" + "\n".join(actual)
                                + "\n--- the document shows:\n" + "\n".join(command.expected))
    return problems


if __name__ == "__main__":          # python tests/doc_examples.py docs/walkthrough.md
    import tempfile
    sys.path.insert(0, str(ROOT))
    for name in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as tmp:
            found = run_document(Path(name).resolve(), Path(tmp), show=True)
            print(f"== {name}: {len(found)} difference(s)", file=sys.stderr)
