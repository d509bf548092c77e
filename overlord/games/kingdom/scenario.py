"""A combined scenario's format: which boxes it plays with (each a scenario of its own game), its
mode, how many play, and the readings a line away (docs/kingdom.md, "Readings")."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from overlord.content.models import Int, Strict

NAME = "kingdom"
# the book's game: each player his hero, the program the rivals; together (ours): every hero the
# players', the program the Nameless's and the Dragon's phases and their clocks
MODES = ("race", "coop")
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


class KingdomCoop(Strict):
    """The co-operative mode (ours, every number; docs/kingdom.md, "Together"): Return of the Heroes'
    darkness and the Dragon's hoard, two clocks by the party's size."""

    darkness_limit: dict[Literal[1, 2, 3, 4], Int(1, 200)] = Field(
        description="the darkness that ends the game, by the number of heroes (Return of the Heroes' clock)")
    darkness_each_round: Int(0, 10) = Field(1, description="the darkness every enemy phase adds, after its card")
    dragon_every: dict[Literal[1, 2, 3, 4], Int(1, 20)] = Field(
        description="a Dragon card after every n rounds, once the Dragon is out of the bag")
    hoard_limit: dict[Literal[1, 2, 3, 4], Int(1, 500)] = Field(
        description="the gold in the Dragon's lair that ends the game (the Dragon's clock)")


class KingdomBoxes(Strict):
    roth: str = Field(min_length=1, description="a Return of the Heroes scenario: its content files and flags")
    dragon: str = Field(min_length=1, description="an Under the Shadow of the Dragon scenario: its content files "
                                                  "and flags")


class KingdomScenario(Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    mode: Literal[MODES]
    heroes: list[Literal[1, 2, 3, 4, 5, 6]] = Field(min_length=1, description="how many players may play")
    coop: KingdomCoop | None = Field(None, description="the co-operative mode's numbers (ours); needed when mode "
                                                       "is coop")
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
