"""`why` at Return of the Heroes' table: the last command's events told again, each with the rule
behind it in the book's words (Return of the Heroes, by section), or our own rule, and every choice
the program made for the players with its key and the ties (the family's ``heroes.why``)."""

from __future__ import annotations

from overlord.games.heroes.why import Reasons
from overlord.games.heroes.why import explain as family_explain

from .load import RothContent
from .narrate import narrate
from .state import RothState

#: event -> (the book's section, its words)
BOOK: dict[str, tuple[str, str]] = {
    "revealed": ("Counters", "At every random encounter chit, you have to stop and turn it over."),
    "must_fight": ("Counters", "The ones with a red border are dangerous, as these are creatures that you must do "
                   "battle with, thus ending your movement."),
    "unnoticed": ("Counters", "the counters with half their bordering in purple are part of a heroic deed and are thus "
                  "only visible to the one with the matching heroic deed"),
    "search": ("Fields and Hidden Locations", "By rolling equal to or less than the number displayed in the field with "
               "two dice. ... If you did not find it your next turn, you may place your character on the colored field "
               "anyway - you found the hidden path, but your movement is over for this turn."),
    "lake_crossing": ("Fields and Hidden Locations", "Moving from one blue field to another blue field over the two "
                      "routes (in region L) costs the exorbitant price of one gold piece."),
    "fight": ("Combat and Combat Trials", "The total must be the same or less than the rating on your character sheet."),
    "drawn": ("Drawing Counters", "They are always drawn when a counter is taken off the map."),
    "wounded": ("Combat and Combat Trials", "If the trial is successful, then you have won. If not, you've lost and "
                "lose a hit point."),
    "died": ("Hit Points", "You lose all experience cubes, tasks and all but one artifact and begin again at your manor "
             "house with your starting values."),
    "nameless_drawn": ("The Final Battle Against the Nameless", "It is put on its location, H3. ... At the same time, "
                       "the four Guards are placed on the four fields surrounding the tower (H3)."),
    "nameless_enters": ("The Final Battle Against the Nameless", "It is added to the cloth bag only after a player has "
                        "fulfilled the first part of his or her heroic deed."),
    "event_drawn": ("Events", "An event is a competition ... all players take part in the event."),
    "final_battle": ("The Final Battle Against the Nameless", "With the Nameless, you conduct one trial after the other "
                     "until only you or he has hit points left."),
    "lesson": ("Improvement of Skills", "A failed trial increases the corresponding rating by 1."),
    "back_in_bag": ("Combat and Combat Trials", "draw a new marker from the cloth bag and throw the defeated creature "
                    "into the bag"),
    "explored": ("Alternative Rules: The Unknown Land", "If a character moves into an unexplored region, it is turned "
                 "over and the character is placed on the first field in the direction entered. Two random encounter "
                 "chits are drawn and put on two opposite ends of the region."),
    "waiting": ("Alternative Rules: The Unknown Land", "If counters are drawn with coordinates for regions that have not "
                "been explored, they are placed next to the map and put on their positions only when their region is "
                "explored."),
    "nameless_waiting": ("Alternative Rules: The Unknown Land", "The 'Nameless' counter is only active when its region "
                         "is explored and the counter can be placed on its coordinates."),
    "deeds_dealt": ("Alternative Rules: The Standard Game", "The heroic deeds are shuffled, and every player is dealt "
                    "two of the cards."),
}
PLACED = ("Drawing Counters", "Newly drawn random encounter chits are put anywhere the drawing player chooses on a "
          "normal tan colored field, but not in the region where the player currently is.")
COORDINATES = ("Drawing Counters", "On their coordinates.")
OURS = {
    "way_closed": "ours: the way a beaten Guard opened is open for the next turn only (\"in your next turn\")",
    "game_over": "the race (the book's): the first hero to kill the Nameless wins; together (ours): any hero",
}
CHOSEN = {
    "placement": "the book gives this choice to the drawing player; the program makes it against the heroes: a "
                 "creature on the free tan field nearest a hero, anything else on the one farthest from every hero",
    "artifact kept": "a dead hero keeps one thing: the precious stone, a deed's counter still to bring, a magic "
                     "object, then the dearest artifact",
}


def _rule(e: dict) -> tuple[str, str] | None:
    if e["event"] == "placed":
        return COORDINATES if e.get("why") == "its coordinates" else PLACED
    return BOOK.get(e["event"])


REASONS = Reasons(narrate, _rule, OURS, CHOSEN)


def explain(s: RothState, c: RothContent) -> list[str]:
    """The last command's events, each followed by the rule behind it (each rule once)."""
    return family_explain(s, c, REASONS)
