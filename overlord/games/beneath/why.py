"""``why`` at a combination's table: the last command's events, each followed by the rule behind it - the
upper game's reasons for what happened above, the Underworld's rulebook cited in its own lines for what
happened below, and the combination's own (the family's ``heroes.why``): :func:`reasons` over the upper
game's ``why`` module, the section's words of the joins (``book``) and the readings that are ours."""

from __future__ import annotations

from types import ModuleType

from overlord.games.heroes.why import Reasons
from overlord.games.underworld.narrate import narrate as under_narrate

from .view import RULES

#: the joins' readings, ours in every section
OURS = {
    "enters_underworld": "ours: entering ends the hero's turn above; his next turn is the Underworld's, from Styx",
    "leaves_underworld": "ours: leaving ends the hero's turn below; his next turn is played above",
    "task_discarded": "ours: a task of the Upper World discarded below is out of the game",
    "fall_consequences": "ours: every hero sheds a shadow cube (\"may\": after the fall it only bars experience above); "
                         "the Underworld's tasks and creatures still held go out of the game with it",
}


def reasons(above: ModuleType, narration, book: dict[str, tuple[str, str]]) -> Reasons:
    """The combination's reasons: ``above`` the upper game's ``why`` (its ``_rule``, ``OURS`` and ``CHOSEN``),
    ``narration`` the combination's (``beneath.narrate.Narration``), ``book`` the section's words of the
    joins' events."""

    def told(s, c, evs: list[dict]) -> list[str]:
        below = [e for e in evs if e.get("rules") == RULES and e["event"] != "game_over"]
        if below:
            return under_narrate(below, cite=True)
        return narration.narrate(s, c, [e for e in evs if e.get("rules") != RULES])

    def rule(e: dict) -> tuple[str, str] | None:
        if e.get("rules") == RULES:
            return None                                  # the Underworld's own lines cite its rulebook
        return book.get(e["event"]) or above._rule(e)

    chosen = {**above.CHOSEN, "evil mark": "the program's choice of the map for the Damned One (ours)"}
    return Reasons(told, rule, {**above.OURS, **OURS}, chosen)
