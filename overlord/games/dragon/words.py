"""The Dragon's small words for people, shared by the moves' tellings (``verbs``) and the
narration (``narrate``): a counter's name as the players see it; dice as rolled, a decision's key
with its ties and the skills' names are the family's (``heroes.words``)."""

from __future__ import annotations

from overlord.games.heroes.words import SKILL_WORD, rolled, why

from .load import DragonContent
from .state import DragonState, artifact, counter

__all__ = ["JUMP_WORDS", "SKILL_WORD", "name", "rolled", "why"]

JUMP_WORDS = "exactly 4 fields"


def name(s: DragonState, c: DragonContent, inst: str | None) -> str:
    if inst is None:
        return "-"
    a = artifact(s, c, inst)
    if a is not None and inst in s.backs:
        return a.name
    return counter(c, inst).name
