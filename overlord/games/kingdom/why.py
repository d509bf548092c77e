"""`why` at the combined table: the last command's events told again, each with the rule behind it in
its book's words - the combination's own (Under the Shadow of the Dragon, "as an Expansion Set"),
then Return of the Heroes' and the Dragon's - and every choice the program made with its key."""

from __future__ import annotations

from overlord.games.dragon import why as dragon_why
from overlord.games.heroes.why import Reasons
from overlord.games.heroes.why import explain as family_explain
from overlord.games.roth import why as roth_why

from .load import KingdomContent
from .narrate import narrate
from .state import KingdomState

EXPANSION = "Under the Shadow of the Dragon as an Expansion Set"
BOOK: dict[str, tuple[str, str]] = {
    "house": (EXPANSION, "The manor houses may not be placed adjacent to another, either horizontally or "
              "vertically. ... Each game figure is placed on the field next to its house."),
    "dragon_placed": (EXPANSION, "As soon as a player draws the Dragon counter from the bag, it is placed on field "
                      "V9 and the Dragon counters are placed in the bag."),
    "deed_picked": (EXPANSION, "Whenever a player moves into the Capital (J), he may choose a heroic deed. Once "
                    "chosen, a heroic deed may not be discarded. You may not take up more than one heroic deed."),
    "nameless_enters": (EXPANSION, "The Nameless is not put into the bag until a player has fulfilled the first part "
                        "of a heroic deed."),
    "dragon_slain": (EXPANSION, "The moment a hero slays the Dragon, the Nameless, along with all his Servants and "
                     "Guards, will vanish into obscurity. ... Thus, the game ends when the Dragon has been vanquished."),
    "final_battle": (EXPANSION, "On the other hand, if a hero defeats the Nameless, the Dragon will take his clue and "
                     "depart the kingdom for the time being ... The game also ends when the Nameless has been slain."),
}
OURS = {
    "dragon_rests": "ours: a hero the Dragon slays starts again at his manor, as every hero of Return of the Heroes, "
                    "and the Dragon waits in his lair for the next challenger (rules.lair_death)",
    "dragon_due": "together (ours): once the Dragon is out of the bag, every few rounds (coop.dragon_every) he plays "
                  "the top card of his deck after the Nameless's",
    "hoard_full": "together (ours): the heroes lose when the Dragon's hoard reaches its limit for the party "
                  "(coop.hoard_limit)",
}


def _rule(e: dict) -> tuple[str, str] | None:
    return BOOK.get(e["event"]) or roth_why.REASONS.rule(e) or dragon_why.REASONS.rule(e)


REASONS = Reasons(narrate, _rule, {**dragon_why.OURS, **roth_why.OURS, **OURS},
                  {**dragon_why.CHOSEN, **roth_why.CHOSEN, "house": "the program's rival's manor house"})


def explain(s: KingdomState, c: KingdomContent) -> list[str]:
    return family_explain(s, c, REASONS)
