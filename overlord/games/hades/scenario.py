"""The Underworld beneath Return of the Heroes, as a scenario file: which boxes it plays with (each a
scenario of its own game, ``boxes: {roth: roth-standard.yaml, underworld: underworld.yaml}``), its
mode, how many play, and the readings a line away (docs/hades.md, "Readings")."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from overlord.content.models import Int, Strict

NAME = "hades"
#: the book's game (each player his hero, the program the rivals), and together against the program (ours)
MODES = ("race", "coop")
BOXES = {"roth": "Return of the Heroes", "underworld": "Heroes in the Underworld"}


class HadesRules(Strict):
    """The readings with another reading a line away (docs/hades.md, "Readings")."""

    shorter: bool = Field(False, description="\"Alternately (for a shorter game), the game can also end with the "
                                             "defeat of the Damned One. The Nameless One can then be fought instead of "
                                             "the Damned One\": the game ends when either falls")
    round_markers: Int(0, 20) = Field(0, description="the Damned One's ten round markers, which no sentence explains: 0 "
                                                     "leaves them in the box (our reading); N puts one on its card at "
                                                     "each round's end and a shadow cube on the Dark Side with the N-th "
                                                     "(ours)")
    deeds_where: Literal["capital", "court"] = Field(
        "capital", description="\"Hero Quests must be granted at the Capital\": on any field of map J, or at the royal "
                               "court (J7) as Return of the Heroes' Option 2")
    program_choices: bool = Field(True, description="the program places the counters drawn; false: the drawing "
                                                    "player does")


class HadesCoop(Strict):
    """Together (ours, every number; docs/hades.md, "Together"): Return of the Heroes' darkness above
    and the Underworld's Dark phase below, by the party's size."""

    darkness_limit: dict[Literal[1, 2, 3, 4], Int(1, 200)] = Field(
        description="the darkness that ends the game, by the number of heroes (Return of the Heroes' clock)")
    darkness_each_round: Int(0, 10) = Field(1, description="the darkness every enemy phase adds, after its card")
    dark_phase_every: dict[Literal[1, 2, 3, 4], Int(1, 20)] = Field(
        description="a card of the Damned One's Dark deck below after every n rounds (the Underworld's clock: its "
                    "omens feed the Dark Side, its counters walk and strike the heroes below)")


class HadesBoxes(Strict):
    roth: str = Field(min_length=1, description="a Return of the Heroes scenario: its content files and flags")
    underworld: str = Field(min_length=1, description="a Heroes in the Underworld scenario: its content files and "
                                                      "flags")


class HadesScenario(Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    mode: Literal[MODES]
    heroes: list[Literal[1, 2, 3, 4]] = Field(min_length=1, description="how many players may play")
    seats: Int(0, 5) = Field(0, description="the program's rivals fill the table to this many heroes (ours); 0: none")
    coop: HadesCoop | None = Field(None, description="the co-operative mode's numbers (ours); needed when mode is coop")
    boxes: HadesBoxes
    rules: HadesRules = HadesRules()
    max_rounds: Int(1, 500) = 150
    intro: str = ""
    ours: str = ""


class HadesScenarioFile(Strict):
    game: Literal["hades"]
    scenario: HadesScenario
