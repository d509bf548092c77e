"""What must hold after every step of a Dragon game (``overlord soak``):

- every counter instance lies in exactly one place: the bag, a field, a hero's artifacts or tasks,
  a Strength cast beside a sheet, the City's pile or its offer, aside, or out of the game;
- face-down counters lie on the board and are covered counters; turned-over counters have a back;
- the hoard and the Dragon's life within range; hit points, gold and skills within the sheet;
  no hero carries more than four artifacts or four tasks;
- the machines' states are theirs, and agree with the board (the Dragon on the lair once placed);
- the Dragon deck keeps its cards (one may be in play, waiting for the heroes' answers to Attack!);
- a pending choice is owed by a hero in the game (a creature waiting for the bag after a pending
  draw lies aside); what a hero saw by Vision names counters of the game, once each;
- heroes stand on fields of the board.
"""

from __future__ import annotations

from collections import Counter

from overlord.core.bounds import MOST, OneOf, Whole, problems
from overlord.core.decks import deck_cards
from overlord.core.state import to_json
from overlord.games.heroes import invariants as family

from . import machines
from .load import DragonContent
from .state import DragonState


def places(s: DragonState) -> Counter:
    return family.places(s, [i for h in s.heroes for i in s.at[h].strength])


def state_problems(s: DragonState, c: DragonContent) -> list[str]:
    """What a state read from a save edited by hand may not hold, checked before the invariants
    (which assume it): its heroes are the scenario's, each with one sound sheet and one place;
    the turn's hero and the order are theirs; the mode is the scenario's."""
    return problems(to_json(s), saved_fields(s, c)) + family.roster_problems(s, c)


def saved_fields(s: DragonState, c: DragonContent) -> dict:
    """The ranges of a saved state's fields (``core.bounds``): the rules' choices those a scenario
    may make, the mode the scenario's, places the board's fields, a spell made ready one of the
    box's, a turn's phase the turn machine's; rounds, generations and counts ours (``bounds.MOST``)."""
    fields = ("", *c.board.fields)
    spells = {"", *(getattr(spec, "effect", "") or "" for spec in [*c.counters.values(), *c.artifacts.values()])}
    return {"seed": Whole(0, 2**64 - 1), "round": Whole(1, MOST), "mode": OneOf((c.scenario.mode,), "scenario's modes"),
            "follow_up": Whole(), "last_action": Whole(-1, MOST), "hoard": Whole(),
            "rules.market_size": Whole(1, 20), "rules.burn": Whole(1, 20),
            "rules.dragon_man": OneOf(("guard", "bag"), "choices"), "rules.short_of_cubes": OneOf(("discard_all", "life"), "choices"),
            "rules.jump": OneOf(("turn", "points"), "choices"),
            "at.*.generation": Whole(1, MOST), "at.*.manor": OneOf(c.board.fields, "fields"), "at.*.field": OneOf(fields, "fields"),
            "at.*.primed": OneOf(spells, "spells"), "turn.phase": OneOf(("move", "act", "over"), "phases of a turn"),
            "turn.entered": OneOf(fields, "fields"), "outcome": OneOf(("", "victory", "defeat"), "outcomes")}


def violations(s: DragonState, c: DragonContent, full: bool = False, elsewhere: tuple = (),
               foreign: frozenset = frozenset()) -> list[str]:
    """``elsewhere``: the box's things a combined game keeps in places of its own (the Underworld's
    piles), each one place; ``foreign``: another box's things among them, which the combined game
    counts itself."""
    found = places(s) + Counter(elsewhere)
    for i in foreign:
        found.pop(i, None)
    out: list[str] = family.counter_problems(s, c, found)
    for inst in s.backs:
        if not c.spec(inst).flip:
            out.append(f"{inst} is turned over but has no back")
    coop = c.scenario.coop
    if s.hoard < 0 or (coop is not None and s.hoard > coop.hoard_limit[len(s.heroes)] + 8):
        out.append(f"the hoard holds {s.hoard} gold")
    if s.dragon not in [st if isinstance(st, str) else st["name"] for st in machines.DRAGON_STATES]:
        out.append(f"the Dragon is {s.dragon!r}")
    if s.dragon_man not in machines.MAN_STATES:
        out.append(f"the Dragon Man is {s.dragon_man!r}")
    if s.phase not in [st if isinstance(st, str) else st["name"] for st in machines.PHASE_STATES]:
        out.append(f"the round is in phase {s.phase!r}")
    lair = c.board.with_feature("lair")[0]
    dragon = next(i for i in c.instances if c.spec(i).effect == "dragon")
    if s.dragon != "in_bag" and dragon not in s.board.get(lair, []):
        out.append(f"the Dragon is {s.dragon} but not on {lair}")
    if s.dragon == "in_bag" and dragon not in s.bag and dragon not in s.aside:
        out.append("the Dragon is in the bag by its machine but not in the bag")
    man = next(i for i in c.instances if c.spec(i).effect == "dragon_man")
    if s.dragon_man in ("guarding", "beaten") and man not in s.board.get(c.spec(man).at, []):
        out.append(f"the Dragon Man is {s.dragon_man} but not on {c.spec(man).at}")
    if s.dragon == "challenged":
        out.append("a fight in the lair did not end within its action")
    if not 0 <= s.dragon_life <= 20:
        out.append(f"the Dragon has {s.dragon_life} life points")
    for h in s.heroes:
        out += family.hero_problems(s, c, h, s.at[h].purse)
    if s.dragon_deck is not None and full:
        in_play = [s.pending["card"]] if s.pending.get("card") else []     # a card waiting for the heroes' answers
        if sorted(deck_cards(s.dragon_deck, in_play).elements()) != sorted(c.cards):
            out.append("a Dragon card is lost or doubled")
    out += family.pending_problems(s)
    for h in s.heroes:
        stray = [i for i in s.at[h].known if i not in c.instances]
        if stray or len(set(s.at[h].known)) != len(s.at[h].known):
            out.append(f"{h} remembers counters {s.at[h].known}")
    if s.outcome and s.phase != "over":
        out.append(f"the game is over but the round is {s.phase}")
    return out
