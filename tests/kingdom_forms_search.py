"""How the combined game's table forms (``tests/test_table_forms_kingdom.py``) found the games in which
each command form can be typed: seeded games of both scenarios (the race and together) played as the
table plays them - the game's own generator rolls every die, the enemy's phases and the rivals' turns
are played after each command - the heroes' actions chosen by the heuristic bot and now and then at
random, each typed as a player types it, until the form's verb is among the legal actions (Return of
the Heroes' search, ``tests/roth_forms_search.py``, over the kingdom's scenarios and verbs). Each
route is replayed through the real table session before it is written to
``tests/fixtures/kingdom-forms.yaml``:

    python tests/kingdom_forms_search.py          # writes the fixture again

A rule change that moves these seeded games moves the routes: run it again.
"""

from __future__ import annotations

from pathlib import Path

from overlord.games.kingdom import bots
from roth_forms_search import search as roth_search, write_routes

OUT = Path(__file__).resolve().parent / "fixtures" / "kingdom-forms.yaml"

VERBS = ("house", "move", "search", "fly", "teleport", "fight", "battle", "take_task", "drop_task", "fulfil", "take",
         "drop", "use", "deed", "recover", "pick", "buy", "close", "drink", "rest", "end", "jump", "vision", "draw",
         "clairvoyance", "spell", "try", "hide", "roll", "rummage", "rappel", "ferry", "pegasus", "forge", "deliver",
         "market", "cast", "pray", "repair", "steer", "defend", "lose", "befriend")
SEARCHED = {"kingdom-dragon": VERBS, "kingdom-dragon-together": VERBS}
HEROES = (("leandra", "paladin"), ("halfling", "gro"), ("orc", "glingal"), ("mage", "antrax"), ("frieda", "orc"))
COMMANDS = 400


def search(scenario: str, seeds: range) -> dict[str, dict]:
    return roth_search(scenario, seeds, COMMANDS, VERBS, HEROES, bots.choose_heuristic, avoid=("drop", "drop_task"))


def main() -> None:
    write_routes(SEARCHED, search, range(1, 30), OUT, "kingdom")


if __name__ == "__main__":
    main()
