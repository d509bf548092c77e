"""`why` at the Dragon's table: the last command's events told again, each with the rule behind it
in the book's words (Under the Shadow of the Dragon, by section), or the co-operative mode's own
rule (ours), and every choice the program made for the players with its key and the ties.

The last command's events are the log from ``DragonState.last_action`` (where the last action's
events begin), so `why` explains the same command after ``resume`` and after ``undo``.
"""

from __future__ import annotations

from overlord.games.heroes.why import Reasons
from overlord.games.heroes.why import explain as family_explain

from .load import DragonContent
from .narrate import narrate
from .state import DragonState

#: event -> (the book's section, its words); a tuple of such pairs where the event's ``why`` decides
BOOK: dict[str, tuple[str, str]] = {
    "revealed": ("Movement", "A covered marker (i.e., a marker with the PA logo on its back) requires you to stop and "
                 "uncover (turn over) the counter. This does not constitute an action, and thus does not end movement."),
    "must_fight": ("Combat (Red Borders)", "As soon as a player uncovers a creature, or moves onto an already uncovered "
                   "creature counter, combat ensues automatically and the movement phase is immediately ended."),
    "passes": ("Invisibility", "he becomes invisible for the rest of his turn and is able to pass by all red counters "
               "(creatures) without combat"),
    "unnoticed": ("Tasks (Blue Borders)", "Such counters are only \"visible\" to the hero who has taken on the "
                  "appropriate task. All other heroes simply pass these counters by without noticing that something "
                  "is there."),
    "search": ("Hidden Routes", "roll two dice. The total sum of both dice needs to be equal to or lower than the number "
               "printed on the field ... If the total sum exceeds the number on the field ... The game figure is "
               "placed in between the two fields. You need to repeat the trial on your next turn."),
    "teleport": ("The City of the Mages (S)", "The hero is then placed on the field corresponding to the number rolled "
                 "... Each accumulated blue EC allows you to roll an additional die for teleportation"),
    "labyrinth": ("The Labyrinth (U)", "The hero is automatically transported to the field corresponding to the number "
                  "rolled. Also, as long as the hero is inside the Labyrinth, roll the die once per round"),
    "rummage": ("The City of the Mages (S)", "Any hero getting to this field may roll a die: on a roll of 1, he has "
                "found an artifact"),
    "hide": ("Halfling", "On a roll of 1 to 3, he is successful in hiding; otherwise, he has to fight. If he manages to "
             "hide from a creature and still has movement allowance to spend, he may continue moving."),
    "fight": ("Combat (Red Borders)", "To fight a creature, you need to roll just one trial in one of the skills "
              "indicated by the colored circles on the counter ... Should the trial fail ... Your hero has been "
              "wounded"),
    "won": ("Combat (Red Borders)", "If you succeed in the trial ... you have defeated the creature. You now receive "
            "the reward indicated on the counter"),
    "drawn": ("Counters", "Each time a counter is taken off the map another counter is drawn from the bag"),
    "no_draw": ("Replenishing Counters", "A player may draw no more than one counter per turn, regardless of how many "
                "requirements for counter replenishment he has fulfilled in his turn of play."),
    "back_in_bag": ("Replenishing Counters", "The player draws a new counter and only afterwards puts the defeated "
                    "creature back into the bag."),
    "turn_cut": ("Events", "Once an event has taken place, the next player gets his turn."),
    "died": ("Death of a Hero", "All ECs, all skill increases, all artifacts, and all gold pieces are lost, except "
             "for a single artifact that the deceased hero bequeaths on his son or daughter."),
    "attack": ("Attack!", "The Dragon attacks each hero in turn, starting with the player who drew the counter. The "
               "attacked hero needs to succeed in a trial of his choice at -3."),
    "attack_hero": ("Attack!", "Heroes who fail this trial lose one artifact of their choice to the Dragon's "
                    "destructive power ... As soon as a hero succeeds in a trial, the Dragon immediately breaks off "
                    "the attack"),
    "dragon_destroys": ("Attack!", "If the artifact was bought in one of the markets ... the counter is returned to "
                        "that location. If it is a special artifact (a reward for a task), the artifact is removed "
                        "from the game. The Dragon cannot destroy magic weapons, scrolls, or the three magic "
                        "materials"),
    "plunder": ("Plunder!", "The Dragon takes 1 gold piece per hero, starting with the hero who drew the counter. "
                "These gold pieces he deposits in the Dragon's lair (V9). Heroes without any gold pieces will not be "
                "robbed."),
    "fear": ("Fear!", "All open counters on all region maps adjacent to the Dragon's lair (not diagonally adjacent, and "
             "not on the region map itself) flee into the bag. This does not apply to artifacts, though. Revealed PA "
             "counters are covered again."),
    "market_burns": ("The Market is Burning!", "The counters are chosen at random, without being revealed first, and "
                     "removed from the game for the entire game session."),
    "storm": ("Storm", "Movement is reduced to 1, regardless of the hero's actual movement allowance ... everybody "
              "rolls a die before moving; on a roll of 6, the weather returns to normal."),
    "steered": ("Basilisk", "On his next turn, your hero is moved by the player on your left in a direction of his "
                "choosing."),
    "hoard_paid": ("The Final Battle Against the Dragon", "When a hero enters the Dragon's lair to fight the Dragon he "
                   "has to reduce the number of ECs, of his choice, equal to the amount of gold the Dragon has "
                   "plundered during the game."),
    "dragon_trial": ("The Final Battle Against the Dragon", "The turn does not end here, though, but the next trial is "
                     "called for immediately."),
    "trained": ("Cerberos", "Cerberos demands 1 HP as well as 1 EC as payment for his services. After training is "
                "finished, the hero finds himself on field Z6, the Barrow."),
    "market": ("City of the Mages", "Shuffle the \"City of the Mages\" counters and draw four of them."),
    "looked": ("Vision", "After he has looked at the counter, he puts it back, still covered."),
    "spell_gone": ("Artifacts (Yellow Borders)", "If the trial fails, the parchment holding the spell vanishes and the "
                   "counter is again placed with the other \"City of the Mages\" counters."),
}
COORDINATES = ("Replenishing Counters", "On the front of some counters, you will see a note, printed in a small tan "
               "circle, on which region map (letter) and field (number) you need to place the counter.")
PLACED = ("Counters", "Each time a counter is taken off the map another counter is drawn from the bag and placed in "
          "any non-occupied tan field of the player's choice.")
DESERT = ("The Desert", "Once per turn of play, a hero in the Desert loses 1 HP, unless he ends his movement on field 6 "
          "- the Oasis - or field 3 - the Caravanserai. A hero who tried and failed to find the hidden route to field 5 "
          "loses an additional HP, and even if he does get to field 5, he loses the additional HP.")
WOUND = ("Combat (Red Borders)", "Your hero has been wounded and needs to mark off either a natural or an artificial "
         "HP.")
OURS = {
    "dragon_card": "the co-operative game (ours): every few rounds the Dragon plays the top card of his deck",
    "hoard": "the co-operative game (ours): the heroes lose when the Dragon's hoard is complete",
    "hoard_full": "the co-operative game (ours): the heroes lose when the Dragon's hoard is complete",
}
CHOSEN = {
    "placement": "the book gives this choice to the drawing player; the program makes it against the heroes: a "
                 "creature on the free tan field nearest a hero, anything else on the one farthest from every hero",
    "the Dragon begins with": "nobody drew the Dragon's card (ours): he begins with the hero nearest his lair",
    "the confused hero is moved to": "the program plays the player on the left: as far from the Mouth of the Cave as "
                                     "the confused hero's movement goes",
    "artifact kept": "a dead hero keeps one artifact: a magic weapon first, then a scroll, then a material, then the "
                     "dearest",
}


def _rule(e: dict) -> tuple[str, str] | None:
    k = e["event"]
    if k == "wounded":
        return DESERT if "Desert" in e.get("why", "") else WOUND
    if k == "unnoticed" and e.get("kind") == "weapon":
        return ("Magic Artifacts", "Beings and materials are visible only to the hero who has the appropriate scroll "
                "or task card.")
    if k == "placed":
        return COORDINATES if e.get("why") == "its coordinates" else PLACED
    return BOOK.get(k)


REASONS = Reasons(narrate, _rule, OURS, CHOSEN)


def explain(s: DragonState, c: DragonContent) -> list[str]:
    """The last command's events, each followed by the rule behind it (each rule once)."""
    return family_explain(s, c, REASONS)
