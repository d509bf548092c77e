"""The family's small words for people, shared by every game's moves and narration: dice as rolled,
a decision's key with its ties, the skills' names."""

from __future__ import annotations

from overlord.core.context import tied

from ...view.words import listing

SKILL_WORD = {"magic": "magic", "ranged": "ranged combat", "close": "close combat"}


def rolled(roll) -> str:
    """A die ("4") or dice ("3 and 1") as rolled."""
    return listing(roll) if isinstance(roll, (list, tuple)) else str(roll)


def _said(value) -> str:
    """A key's value for people: a yes-or-no one in words (the soak of the messages found "not a
    magic object True")."""
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def why(d: dict | None) -> str:
    """A decision's key and the ties the players may take instead: " [key: spaces 2; as good: ...]"."""
    if not d:
        return ""
    key = ", ".join(f"{k} {_said(v)}" for k, v in d["key"].items())
    ties = f"; {tied(d['ties'])}" if d.get("ties") else ""
    return f" [key: {key}{ties}]"
