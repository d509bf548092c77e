"""``why`` at the table: the last command's events, each followed by the rule behind it - Return of
the Heroes' reasons for what happened above (``roth.why``), the Underworld's rulebook cited in its
own lines for what happened below, and the combination's own (the family's ``heroes.why``)."""

from __future__ import annotations

from overlord.games.heroes.why import Reasons, explain as family_explain
from overlord.games.roth import why as roth_why
from overlord.games.underworld.narrate import narrate as under_narrate

from . import narrate
from overlord.games.beneath.view import RULES

SECTION = "Heroes in the Underworld, Combined with Return of the Heroes"
EVENTS = "Heroes in the Underworld, Events in the Upper and Under Worlds"
BOOK = {
    "enters_underworld": (SECTION, "Using the Gate marker to the Underworld/Styx, a hero can enter the Underworld at "
                                   "any time; this however costs 1 GP"),
    "leaves_underworld": (SECTION, "Also it is possible to leave the Underworld via the Gate marker"),
    "evil_mark": (EVENTS, "If a Shadow Cube is placed on the Dark Side, at the same time an Evil Mark is placed on any "
                          "Upper World area map tile. On this tile, all skill tests have an increased difficulty of -1"),
    "task_discarded": (SECTION, "Tasks from the Upper World may be discarded in the Underworld"),
    "no_evil_mark": (EVENTS, "Only 1 Evil Mark can be on a map tile"),
    "damned_fallen": (SECTION, "After the Damned One is defeated"),
    "no_experience": (SECTION, "In a skill which has an SC, no more EC can be gained in the Upper World as normal ECs "
                               "cannot be placed following an SC"),
}
OURS = {
    **roth_why.OURS,
    "enters_underworld": "ours: entering ends the hero's turn above; his next turn is the Underworld's, from Styx",
    "leaves_underworld": "ours: leaving ends the hero's turn below; his next turn is played above",
    "task_discarded": "ours: a task of the Upper World discarded below is out of the game",
    "fall_consequences": "ours: every hero sheds a shadow cube (\"may\": after the fall it only bars experience above); "
                         "the Underworld's tasks and creatures still held go out of the game with it",
}
CHOSEN = {**roth_why.CHOSEN, "evil mark": "the program's choice of the map for the Damned One (ours)"}


def _told(s, c, evs: list[dict]) -> list[str]:
    below = [e for e in evs if e.get("rules") == RULES and e["event"] != "game_over"]
    if below:
        return under_narrate(below, cite=True)
    return narrate.narrate(s, c, [e for e in evs if e.get("rules") != RULES])


def _rule(e: dict) -> tuple[str, str] | None:
    if e.get("rules") == RULES:
        return None                                  # the Underworld's own lines cite its rulebook
    return BOOK.get(e["event"]) or roth_why._rule(e)


REASONS = Reasons(_told, _rule, OURS, CHOSEN)


def explain(s, c) -> list[str]:
    return family_explain(s, c, REASONS)
