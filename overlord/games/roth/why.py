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
    "moved": ("Movement", "Number in footprint = number of fields you can move in a turn."),
    "turn_end": ("What to Do First", "Each turn has two phases: Movement. Action. Any action ends movement."),
    "passes": ("Actions", "Combat (only once per turn)"),
    "reward": ("Combat and Combat Trials", "Then you receive the reward specified on the opponent's counter"),
    "guard_beaten": ("The Final Battle Against the Nameless", "If you beat him, then you can continue on to the "
                     "Nameless and do battle with him in your next turn."),
    "turned_down": ("The Final Battle Against the Nameless", "The Servant marker is turned over again and its ratings "
                    "hidden."),
    "battle_trial": ("The Final Battle Against the Nameless", "If you win the trial, the Nameless loses one hit point. "
                     "If he wins the trial, you lose a hit point."),
    "nameless_slain": ("The Final Battle Against the Nameless", "Once the Nameless has no hit points left, do I win? "
                       "Yes, you have won the game."),
    "task_taken": ("Tasks", "You take the counter and place it on one of your four blue-bordered trays on your "
                   "character sheet."),
    "fulfilled": ("Tasks", "When you reach your destination, you receive the reward specified on the counter, (which "
                  "is usually) a colored Experience Point and a gold piece."),
    "trained": ("Tasks", "F7 Find Don Hobiro, he trains you in range combat: +2 for a roll of 1-4, +1 for a roll of "
                "5-10."),
    "taken": ("Improvement of Skills", "The number of artifacts you are allowed to have is limited by the number of "
              "yellow-bordered trays on your character sheet, which means a maximum of four."),
    "encounter": ("Encounters", "No, they remain where they are and can be used once per player's turn."),
    "healed": ("Hit Points", "At the Fountain of Life (O5), roll one die and restore that number of hit points."),
    "market": ("Rewards and Experience", "The player at the market draws three counters if he is at the small market "
               "or six counters if at the large one, from the face down pile of market counters."),
    "bought": ("Rewards and Experience", "they pay the price to the bank, but you receive a commission of one gold "
               "piece for every artifact sold to another player, regardless of what the price is."),
    "market_closed": ("Rewards and Experience", "What happens to artifacts that aren't sold? They are mixed back into "
                      "the pile of face down market counters."),
    "drank": ("Hit Points", "At the market, you can buy a Healing Potion, which gives you a hit point back three "
              "times."),
    "rested": ("Hit Points", "Go to your manor house and sit out one turn, then all your starting hit points are "
               "restored. In the Temple (N5) and White Village (I5), you acquire one hit point per turn sat out."),
    "deed_part": ("Heroic Deeds", "You bring them the hammer. The counter with the hammer is discarded and the gnomes "
                  "counter is turned over, revealing the axe."),
    "deed_picked": ("Alternative Rules: The Standard Game", "Option 2: ... The deck of heroic deeds can be looked "
                    "through and a card chosen. Only one card can be taken per turn. Players can have no more than two "
                    "heroic deeds."),
    "event_trials": ("Events", "And all those who succeed in the first trial attempt a second one, but this time with "
                     "the combat rating reduced by one."),
    "servant_summoned": ("The Final Battle Against the Nameless", "The total is the number of Servants that are drawn "
                         "unseen and immediately placed on their coordinates."),
    "nameless_called": ("Alternative Rules: The Standard Game", "Option 1: The Nameless counter is placed in the bag "
                        "right from the start"),
    "hidden_again": ("The Final Battle Against the Nameless", "The Servant marker is turned over again and its ratings "
                     "hidden."),
}
PLACED = ("Drawing Counters", "Newly drawn random encounter chits are put anywhere the drawing player chooses on a "
          "normal tan colored field, but not in the region where the player currently is.")
COORDINATES = ("Drawing Counters", "On their coordinates.")
OURS = {
    "way_closed": "ours: the way a beaten Guard opened is open for the next turn only (\"in your next turn\")",
    "game_over": "the race (the book's): the first hero to kill the Nameless wins; together (ours): any hero",
    "task_dropped": "ours: a hero holding four tasks lays one down on the field to take up another there (the book: "
                    "\"I can only have four tasks at the same time? Correct.\")",
    "dropped": "ours: an artifact dropped lies on the hero's field, for anyone to take",
    "deed_recovered": "ours: what a dead hero's deed left where he died is his alone to take back",
    "fly": "our content, the Magic Broomstick: \"Fly to any field; a 1 after the flight sends it home to its "
           "coordinates\"",
    "teleport": "our content, the Teleporter: \"Step through to any tan field of the map; the move ends there\"",
    "nameless_card": "together (ours): at each round's end the program plays the top card of the Nameless deck "
                     "(its early effects while the Nameless is not out)",
    "darkness": "together (ours): the darkness rises every round and by the cards; at the limit for the party the "
                "heroes are beaten",
    "servant_moved": "together (ours): a Servant walks the routes toward the nearest hero, never onto a hidden field, "
                     "the tower, a Guard's post or a manor",
    "servant_strike": "together (ours): a Servant on a hero's field strikes; the hero defends in the skill of its dots "
                      "that rates him highest, a trial a heart; lost, a hit point",
    "servant_beaten_off": "together (ours): a strike beaten off leaves the Servant on its field, its ratings known",
    "ordeal": "together (ours), grown from the book's Events (\"Now one player after the other attempts a trial\"): "
              "each hero who fails darkens the land by one, and loses no hit point",
    "no_effect": "together (ours): a card's effect that finds nothing to do does nothing",
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
