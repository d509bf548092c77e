"""A combined scenario's format: which boxes it plays with (each a scenario of its own game), its
mode, how many play, and the readings a line away (docs/kingdom.md, "Readings")."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from overlord.content.models import Int, Strict

NAME = "kingdom"
MODES = ("race",)                # the book's game: each player his hero, the program the rivals
BOXES = {"roth": "Return of the Heroes", "dragon": "Under the Shadow of the Dragon"}
# "Under the Shadow of the Dragon as an Expansion Set": "effectively allowing a fifth and sixth player"
MOST_HEROES = 6


class KingdomRules(Strict):
    """The readings with another reading a line away (docs/kingdom.md, "Readings")."""

    deeds_where: Literal["capital", "court"] = Field(
        "capital", description="\"Whenever a player moves into the Capital (J), he may choose a heroic deed\": "
                               "on any field of map J, or at the royal court (J7) as Return of the Heroes' Option 2")
    lair_death: Literal["reborn", "out"] = Field(
        "reborn", description="a hero the Dragon kills in his lair: starts again at his manor as every hero of "
                              "Return of the Heroes, or stays dead as in the Dragon's game for two")
    program_choices: bool = Field(True, description="the program places the counters drawn; false: the drawing "
                                                    "player does")


class KingdomBoxes(Strict):
    roth: str = Field(min_length=1, description="a Return of the Heroes scenario: its content files and flags")
    dragon: str = Field(min_length=1, description="an Under the Shadow of the Dragon scenario: its content files "
                                                  "and flags")


class KingdomScenario(Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    mode: Literal[MODES]
    heroes: list[Literal[1, 2, 3, 4, 5, 6]] = Field(min_length=1, description="how many players may play")
    seats: Int(0, 6) = Field(0, description="the program's rivals fill the table to this many heroes "
                                                      "(ours); 0: no rivals")
    boxes: KingdomBoxes
    rules: KingdomRules = KingdomRules()
    max_rounds: Int(1, 500) = 120
    intro: str = ""
    ours: str = ""


class KingdomScenarioFile(Strict):
    game: Literal["kingdom"]
    scenario: KingdomScenario
