"""``overlord check PATH...``: run behaviour specs (``overlord.content.specs``) against the enemy
of every registered game, through the game interface.

For each spec: the game sets the situation up (its ``specs``' :meth:`SpecSupport.pose`: a map
drawn as text, or a scenario's game from its seed and scripted actions, then the game's ``setup``),
the enemy answers the instruction (:meth:`SpecSupport.ask`: parts, each with its comparison key
and ties), and each part the spec expects is compared: it passes when the enemy's answer is one
of the expected ones and its answer with its ties is exactly the expected list - the rules' ties
are every right answer, an answer that is not tied is wrong, and a tie the spec does not accept is
wrong too.

A spec passes, fails (a part differs: the enemy's answer, key and ties are shown next to what was
expected) or errs (the situation could not be set up or the enemy could not answer: one line
saying why). Files that are not valid specs are reported as content problems, one line each,
``FILE:LINE:COL``, and none of their specs run.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree as ET

from ..content import specs as formats
from ..content.errors import ContentError, Problem
from ..content.paths import kind_of, shown
from ..content.validate import load_content
from ..core.behaviour import Answer, Situation, spec_support
from ..core.game import RulesError
from ..core.rng import DiceRanOut, Faces
from ..games import registry
from ..view.words import count
from .play import players_rng


@dataclass
class PartResult:
    part: str
    ok: bool
    expected: list
    answer: Answer | None
    missing: list = field(default_factory=list)        # expected values the enemy did not give
    unwanted: list = field(default_factory=list)       # values it gave (answer or tie) not expected

    def to_json(self) -> dict:
        return {"part": self.part, "ok": self.ok, "expected": self.expected,
                "answer": None if self.answer is None else self.answer.to_json(),
                "missing": self.missing, "not_expected": self.unwanted}


@dataclass
class SpecResult:
    file: str
    line: int | None
    id: str
    game: str
    rule: str
    status: str                                        # pass | fail | error
    parts: list[PartResult] = field(default_factory=list)
    message: str = ""
    seconds: float = 0.0

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "id": self.id, "game": self.game, "rule": self.rule,
                "status": self.status, "message": self.message, "seconds": round(self.seconds, 4),
                "parts": [p.to_json() for p in self.parts]}


@dataclass
class Report:
    results: list[SpecResult] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: int = 0
    seconds: float = 0.0

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def ok(self) -> bool:
        return not self.problems and all(r.status == "pass" for r in self.results)

    def to_json(self) -> dict:
        return {"specs": [r.to_json() for r in self.results], "files": self.files,
                "passed": self.count("pass"), "failed": self.count("fail"), "errors": self.count("error"),
                "problems": [str(p) for p in self.problems], "seconds": round(self.seconds, 3)}


# -- finding and loading spec files ---------------------------------------------------------------

def spec_files(paths: list[Path]) -> tuple[list[Path], list[Problem]]:
    """The spec files among ``paths``: a file as given; a folder, every YAML file in it whose
    top-level key is ``specs`` (maps and scenarios beside them are skipped)."""
    files, problems = [], []
    for p in paths:
        kind = kind_of(p)                    # never raises, whatever the name
        if kind == "folder":
            for q in sorted(p.rglob("*.y*ml")):
                if kind_of(q) == "file" and _is_spec_file(q):
                    files.append(q)
        elif kind == "file":
            files.append(p)
        else:
            problems.append(Problem(shown(p), None, None, "no such file or folder" if kind == "missing" else kind))
    return files, problems


def _is_spec_file(path: Path) -> bool:
    try:
        head = path.read_text(encoding="utf-8", errors="replace")[:4096]
    except OSError:
        return True                                    # let loading say why
    return any(line.startswith(f"{formats.KEY}:") for line in head.splitlines())


def check_paths(paths: list[Path]) -> Report:
    """Load and run every spec in ``paths``."""
    started = time.perf_counter()
    registry.games()                                   # every game's instructions registered
    files, problems = spec_files(paths)
    report = Report(problems=problems, files=len(files))
    cache: dict = {}
    for f in files:
        loaded = load_content(f)
        if loaded.kind != formats.KEY and not loaded.problems:
            report.problems.append(Problem(str(f), 1, 1, f"not a spec file: its top-level key is {loaded.kind!r}, "
                                                         f"a spec file's is {formats.KEY!r}"))
            continue
        if loaded.problems:
            report.problems.extend(loaded.problems)
            continue
        for i, spec in enumerate(loaded.model.specs):
            report.results.append(run_spec(spec, loaded.doc, i, cache))
    report.seconds = time.perf_counter() - started
    return report


# -- running one ----------------------------------------------------------------------------------

def run_spec(spec, doc, index: int, cache: dict | None = None) -> SpecResult:
    cache = {} if cache is None else cache
    base = Path(doc.file).parent
    line = doc.where((formats.KEY, index))[0]
    game, _ = formats.game_of(spec, base)
    result = SpecResult(doc.file, line, spec.id, game or "?", " ".join(spec.rule.split()), "error")
    started = time.perf_counter()
    try:
        rules = registry.get(game)
        content = _content(spec, base, cache)
        board = formats.map_of(spec, base, doc, (formats.KEY, index, "map")) if spec.map is not None else None
        heroes = spec.heroes
        if heroes is None and content is not None:
            info = rules.info(content)
            heroes = rules.party(content, info.hero_counts[0], spec.seed)
        dice = Faces(spec.dice) if spec.dice is not None else players_rng(spec.seed)
        support = spec_support(rules)
        setup = support.setup_model.model_validate(spec.setup) if spec.setup is not None and support.setup_model else spec.setup
        situation = Situation(content, board, list(heroes or []), spec.seed, list(spec.actions), setup, dice)
        posed = support.pose(rules, situation)
        name, args = formats.instruction_of(spec)
        answers = support.ask(rules, posed, name, args, dice)
    except (RulesError, DiceRanOut, ContentError, KeyError, ValueError) as e:
        result.message = _one_line(e)
        result.seconds = time.perf_counter() - started
        return result
    result.parts = compare(answers, spec.expect)
    result.status = "pass" if all(p.ok for p in result.parts) else "fail"
    result.seconds = time.perf_counter() - started
    return result


def _one_line(e: Exception) -> str:
    if isinstance(e, ContentError):
        return "; ".join(str(p) for p in e.problems)
    text = str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)
    return " ".join(text.split()) or type(e).__name__


def _content(spec, base: Path, cache: dict):
    if spec.scenario is None:
        return None
    path = formats.scenario_path(spec.scenario, base)
    key = str(Path(path).resolve())
    if key not in cache:
        cache[key] = registry.open_scenario(str(path))[1]
    return cache[key]


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, default=list)


def plain(value):
    return json.loads(canonical(value))


def compare(answers: list[Answer], expect: dict[str, list]) -> list[PartResult]:
    by_part = {a.part: a for a in answers}
    out = []
    for part, wanted in expect.items():
        wanted = plain(wanted)
        a = by_part.get(part)
        if a is None:
            known = ", ".join(by_part) or "none"
            out.append(PartResult(part, False, wanted, None, missing=wanted,
                                  unwanted=[f"no such part in the answer (its parts: {known})"]))
            continue
        given = [plain(a.value)] + [plain(t) for t in a.ties]
        want_keys = {canonical(w) for w in wanted}
        given_keys = {canonical(g) for g in given}
        missing = [w for w in wanted if canonical(w) not in given_keys]
        unwanted = [g for g in given if canonical(g) not in want_keys]
        out.append(PartResult(part, not missing and not unwanted, wanted, a, missing, unwanted))
    return out


# -- telling it -----------------------------------------------------------------------------------

def show(value) -> str:
    return json.dumps(plain(value))


def describe_part(p: PartResult) -> list[str]:
    if p.answer is None:
        return [f"  {p.part}: no answer - {p.unwanted[0]}; expected one of {show(p.expected)}"]
    a = p.answer
    key = ", ".join(f"{k}={show(v)}" for k, v in a.key.items())
    ties = "; ".join(show(t) for t in a.ties)
    line = f"  {p.part}: the enemy answered {show(a.value)}"
    extra = [f"key: {key}"] if key else []
    extra.append(f"tied with {ties}" if ties else "no ties")
    out = [line + f" ({'; '.join(extra)}); expected one of {show(p.expected)}"]
    if p.unwanted:
        out.append(f"    not acceptable: {'; '.join(show(u) for u in p.unwanted)}")
    if p.missing:
        out.append(f"    acceptable but not given: {'; '.join(show(m) for m in p.missing)}")
    if a.why:
        out.append(f"    why: {a.why}")
    return out


def render(report: Report, quiet: bool = False) -> str:
    lines = [str(p) for p in report.problems]
    for r in report.results:
        if quiet and r.status == "pass":
            continue
        lines.append(f"{r.status.upper():5} {r.where} {r.id} ({r.game})")
        if r.status == "fail":
            lines.append(f"  rule: {r.rule}")
            for p in r.parts:
                if not p.ok:
                    lines += describe_part(p)
        elif r.status == "error":
            lines.append(f"  {r.message}")
    total = len(report.results)
    lines.append(f"{count(total, 'spec')} in {count(report.files, 'file')}: {report.count('pass')} passed, "
                 f"{report.count('fail')} failed, {count(report.count('error'), 'error')}"
                 + (f", {count(len(report.problems), 'problem')} in the files" if report.problems else "")
                 + f" ({report.seconds:.1f} s)")
    return "\n".join(lines)


def junit(report: Report) -> str:
    """JUnit XML (the format CI servers read): a test case a spec, a failure with the answers,
    an error for a spec that could not run or a file with problems."""
    suite = ET.Element("testsuite", name="overlord check", tests=str(len(report.results) + len(report.problems)),
                       failures=str(report.count("fail")), errors=str(report.count("error") + len(report.problems)),
                       time=f"{report.seconds:.3f}")
    for r in report.results:
        case = ET.SubElement(suite, "testcase", classname=r.file, name=r.id, time=f"{r.seconds:.4f}")
        case.set("file", r.file)
        if r.line:
            case.set("line", str(r.line))
        if r.status == "fail":
            failing = [p for p in r.parts if not p.ok]
            node = ET.SubElement(case, "failure", message=f"{r.id}: {', '.join(p.part for p in failing)} differ",
                                 type="SpecFailure")
            node.text = "\n".join([f"rule: {r.rule}"] + [ln for p in failing for ln in describe_part(p)])
        elif r.status == "error":
            ET.SubElement(case, "error", message=r.message, type="SpecError").text = r.message
    for p in report.problems:
        case = ET.SubElement(suite, "testcase", classname=p.file, name=f"{p.file}:{p.line or 0}", time="0")
        ET.SubElement(case, "error", message=p.message, type="ContentProblem").text = str(p)
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
