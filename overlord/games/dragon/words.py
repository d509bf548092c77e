"""The Dragon's small words for people, shared by the moves' tellings (``verbs``) and the
narration (``narrate``): a counter's name as the players see it, dice as rolled, a decision's key
with its ties, the skills' names."""

from __future__ import annotations

from overlord.core.context import tied

from .load import DragonContent
from .state import DragonState, artifact
from ...view.words import listing

JUMP_WORDS = "exactly 4 fields"
SKILL_WORD = {"magic": "magic", "ranged": "ranged combat", "close": "close combat"}


def name(s: DragonState, c: DragonContent, inst: str | None) -> str:
    if inst is None:
        return "-"
    a = artifact(s, c, inst)
    if a is not None and inst in s.backs:
        return a.name
    return c.spec(inst).name


def rolled(roll) -> str:
    """A die ("4") or dice ("3 and 1") as rolled."""
    return listing(roll) if isinstance(roll, (list, tuple)) else str(roll)


def why(d: dict | None) -> str:
    """A decision's key and the ties the players may take instead: " [key: spaces 2; as good: ...]"."""
    if not d:
        return ""
    key = ", ".join(f"{k} {v}" for k, v in d["key"].items())
    ties = f"; {tied(d['ties'])}" if d.get("ties") else ""
    return f" [key: {key}{ties}]"
