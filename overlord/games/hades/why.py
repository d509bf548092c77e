"""``why`` at the table of the Underworld beneath Return of the Heroes (``beneath.why``): Return of the
Heroes' reasons above, the Underworld's below, the section "Combined with Return of the Heroes" for the
joins."""

from __future__ import annotations

from overlord.games.beneath.why import reasons
from overlord.games.heroes.why import explain as family_explain
from overlord.games.roth import why as roth_why

from . import narrate

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
    "advice_used": (SECTION, "The Advice of Hermes marker can be used in the Upper World. The Advice makes it possible "
                             "to combat an enemy with a skill not present on the enemy counter"),
}
REASONS = reasons(roth_why, narrate.NARRATION, BOOK)


def explain(s, c) -> list[str]:
    return family_explain(s, c, REASONS)
