"""Every command form a game's ``help`` documents, typed at the real table (issue 39).

Each game keeps its forms in ``tests/test_table_forms_<game>.py`` as a module-level ``FORMS``
list of :class:`Form` and runs them with :func:`run_form`; ``tests/test_table_forms.py`` checks,
for every shipped game, that each verb its ``help`` lists has a form, and that a help line with
optional parts (``[...]``) or alternatives (``a|b``) has at least two: with and without them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from session_helpers import TableSession


@dataclass(frozen=True)
class Form:
    """One command typed at the table: ``before`` are typed first (each must be accepted), then
    ``line``, whose reply must be accepted (``ok``) or refused as ``ok`` says and must match
    ``expect`` (a regular expression searched in the reply's lines joined by newlines). ``rule``
    says what the form checks, in the rulebook's or the help's words."""

    line: str
    expect: str
    rule: str
    before: tuple[str, ...] = ()
    ok: bool = True
    scenario: str = ""
    heroes: tuple[str, ...] = ()
    seed: int = 1
    dice: str = "program"           # who rolls the heroes' dice (``--dice``): "players" types them

    @property
    def verb(self) -> str:
        return self.line.split()[0].lower()

    def __str__(self) -> str:           # the test's id
        return self.line


def run_form(form: Form, tmp_path, scenario: str = "", heroes: tuple[str, ...] = (), seed: int | None = None):
    """Type ``form`` at a new saved game and check its reply; returns the session (still open) and
    the reply. After the form the save must resume, and ``why`` and ``options`` still answer."""
    scenario = form.scenario or scenario
    heroes = form.heroes or heroes
    session, _ = TableSession.start(scenario, list(heroes), form.seed if seed is None else seed,
                                    tmp_path / "forms.db", form.dice)
    try:
        for typed in form.before:
            reply = session.execute(typed)
            assert reply.ok, f"setting up {form.line!r}: {typed!r} was refused: {reply.lines}"
        reply = session.execute(form.line)
        text = "\n".join(reply.lines)
        assert reply.ok == form.ok, f"{form.line!r} ({form.rule}): {'refused' if form.ok else 'accepted'}: {text}"
        assert re.search(form.expect, text), f"{form.line!r} ({form.rule}): no /{form.expect}/ in:\n{text}"
        assert "Traceback" not in text
    finally:
        session.close()
    again, _ = TableSession.resume(tmp_path / "forms.db")
    again.close()
    return reply


OPTIONAL = re.compile(r"\[|\|")


def help_lines(session) -> dict[str, str]:
    """verb -> its help line, as ``help`` prints them."""
    out = {}
    for line in session.execute("help").lines:
        verb = line.split()[0].lower() if line.split() else ""
        if verb:
            out.setdefault(verb, line)
    return out


def needs_two(help_line: str) -> bool:
    """Whether a help line has optional parts or alternatives before its " - " explanation."""
    usage = help_line.split(" - ", 1)[0]
    return bool(OPTIONAL.search(usage))


def uncovered(helps: dict[str, str], forms) -> tuple[list[str], list[str]]:
    """The help lines no form types (``missing``), and those with optional parts or alternatives
    typed only one way (``short``: fewer than two different lines). A number typed is the form of
    help's "N - the N-th of `options`"."""
    typed: dict[str, set[str]] = {}
    for form in forms:
        typed.setdefault("n" if form.verb.isdigit() else form.verb, set()).add(form.line)
    missing = [line for verb, line in helps.items() if verb not in typed]
    short = [line for verb, line in helps.items() if needs_two(line) and len(typed.get(verb, ())) < 2]
    return missing, short
