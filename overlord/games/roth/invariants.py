"""What must hold after every step of a Return of the Heroes game (``overlord soak``), beyond the
family's (``heroes.invariants``: a counter in one place, face-down counters, a hero's place and
sheet, a pending choice):

- the Nameless's and the Guards' machines' states are theirs and agree with the board: the
  Nameless on his tower from his draw, the Guards on their posts while posted, off them (aside)
  when beaten, and neither out of the bag's or aside's places before they come;
- a hero's deeds are deeds of the box, their parts done within their steps; a hero with the
  precious stone has fulfilled a deed or inherited it;
- the round's phase is one of heroes, rival, enemy; the race's rivals are heroes of the game; a
  rival's turn is the program's;
- together, the darkness within 0 and its limit, and the Nameless deck keeps its cards;
- a healing potion's draughts within its uses;
- the board as it lies (:func:`land_problems`): the layout lays each region once, nothing lies or
  stands on a region face down, a counter waits beside the map only for a region face down.
"""

from __future__ import annotations

from overlord.core.bounds import MOST, OneOf, Whole, problems
from overlord.core.decks import deck_cards
from overlord.core.state import to_json
from overlord.games.heroes import invariants as family

from . import machines
from .counters import CHITS_PER_REGION
from .load import RothContent
from .regions import guard_posts
from .state import RothState

PHASES = ("heroes", "rival", "enemy")


def _names(states) -> list[str]:
    return [st if isinstance(st, str) else st["name"] for st in states]


def state_problems(s: RothState, c: RothContent) -> list[str]:
    """What a state read from a save edited by hand may not hold, checked before the invariants."""
    if not isinstance(s.rules, dict):
        return [f"rules is {s.rules!r:.40}, not the scenario's rules"]
    return problems(to_json(s), saved_fields(s, c)) + family.roster_problems(s, c)


def saved_fields(s: RothState, c: RothContent) -> dict:
    """The ranges of a saved state's fields (``core.bounds``): the machines' states, places the
    board's fields, a turn's phase, the rules' choices the scenario's; rounds, gold and counts ours."""
    fields = ("", *c.board.fields)
    coop = c.scenario.coop
    limit = max(coop.darkness_limit.values()) if coop else 0
    return {"seed": Whole(0, 2**64 - 1), "round": Whole(1, MOST), "mode": OneOf((c.scenario.mode,), "scenario's modes"),
            "variant": OneOf((c.scenario.variant,), "scenario's variants"), "last_action": Whole(-1, MOST),
            "nameless": OneOf(_names(machines.NAMELESS_STATES), "states of the Nameless"),
            "guards": OneOf(machines.GUARD_STATES, "states of the Guards"),
            "nameless_card": OneOf(("", *c.nameless), "Nameless cards"), "nameless_life": Whole(0, 20),
            "phase": OneOf(PHASES, "phases of a round"), "darkness": Whole(0, limit),
            "winner": OneOf(("", *c.heroes), "heroes"), "rivals.*": OneOf(c.heroes, "heroes"),
            "at.*.generation": Whole(1, MOST), "at.*.manor": OneOf(c.board.fields, "fields"),
            "at.*.field": OneOf(fields, "fields"), "at.*.between": OneOf(fields, "fields"),
            "at.*.stone_at": OneOf(fields, "fields"), "at.*.searched": Whole(0, MOST),
            "turn.phase": OneOf(("move", "act", "over"), "phases of a turn"), "turn.entered": OneOf(fields, "fields"),
            "turn.mp": Whole(0, 99), "outcome": OneOf(("", "victory", "defeat"), "outcomes"),
            "rules.boat_field": OneOf(("L4", "F4"), "choices"), "rules.cart_price": OneOf(("price", "movement"), "choices"),
            "rules.hobiro_roll": OneOf(("rating", "dice"), "choices"),
            **{f"rules.{flag}": OneOf((True, False), "choices")
               for flag in ("nameless_at_start", "deeds_at_court", "program_choices")}}


def land_problems(s: RothState, c: RothContent) -> list[str]:
    """The board as it lies (the Alternative Rules): the layout lays each region once; counters and
    heroes only on regions turned up; a counter waits beside the map only for a region face down;
    the Unknown Land's pile of chits two for each region face down at most."""
    out: list[str] = []
    letters = sorted(ch for row in s.layout for ch in row)
    if s.layout and letters != sorted(c.board.grid):
        out.append(f"the layout {s.layout} does not lay each region once")
    for fid, here in s.board.items():
        if here and fid[0] not in s.explored:
            out.append(f"{', '.join(here)} lie on {fid}, a region face down")
    for h in s.heroes:
        if s.at[h].field[0] not in s.explored:
            out.append(f"{h} stands on {s.at[h].field}, a region face down")
    for inst in s.waiting:
        if c.spec(inst).at[:1] in s.explored:
            out.append(f"{inst} waits beside the map for {c.spec(inst).at}, a region explored")
    face_down = len(c.board.grid) - len(s.explored)
    if len(s.land_chits) > CHITS_PER_REGION * face_down:
        out.append(f"{len(s.land_chits)} chits kept for {face_down} regions face down")
    if s.nameless == "waiting" and not any(c.spec(i).effect == "nameless" for i in s.waiting):
        out.append("the Nameless is waiting by his machine but not beside the map")
    return out


def violations(s: RothState, c: RothContent, full: bool = False, elsewhere: tuple = (),
               foreign: frozenset = frozenset()) -> list[str]:
    """``elsewhere``: the box's things a combined game keeps in places of its own (the Underworld's
    piles), each one place; ``foreign``: another box's things among them, which the combined game
    counts itself."""
    found = family.places(s, [i for h in s.heroes for i in s.at[h].card] + list(s.waiting) + list(s.land_chits)
                          + list(elsewhere))
    for i in foreign:
        found.pop(i, None)
    # a magic object a task gives is the artifact itself, by its id (no counter): one of each at most
    objects = {i: n for i, n in found.items() if i not in c.instances and i in c.artifacts}
    out = [f"the magic object {i} lies in {n} places" for i, n in objects.items() if n != 1]
    for i in objects:
        del found[i]
    out += family.counter_problems(s, c, found)
    out += land_problems(s, c)
    for inst in s.backs:
        if not c.spec(inst).back:
            out.append(f"{inst} is turned over but has no back")
    for h in s.heroes:
        out += family.hero_problems(s, c, h)
        for deed, done in s.at[h].deeds.items():
            if deed not in c.deeds or not 0 <= done <= len(c.deeds[deed].steps):
                out.append(f"{h} has done {done} parts of the heroic deed {deed!r}")
    out += family.pending_problems(s)
    nameless = next(i for i in c.instances if c.spec(i).effect == "nameless")
    tower = c.spec(nameless).at
    if s.nameless in ("on_tower", "in_battle", "slain") and nameless not in s.board.get(tower, []):
        out.append(f"the Nameless is {s.nameless} but not on {tower}")
    if s.nameless == "absent" and nameless not in s.aside:
        out.append("the Nameless is absent by his machine but not set aside")
    if s.nameless == "in_bag" and nameless not in s.bag:
        out.append("the Nameless is in the bag by his machine but not in the bag")
    if s.nameless == "in_battle":
        out.append("a final battle did not end within its action")
    guards = [i for i in c.instances if c.spec(i).effect == "guard"]
    posted = [g for g in guards if any(g in s.board.get(p, []) for p in guard_posts(c.board))]
    if s.guards == "absent" and posted:
        out.append(f"the Guards are absent but {posted} stand on their posts")
    if s.guards == "posted" and len(posted) != len(guards):
        out.append(f"the Guards are posted but only {posted} stand on their posts")
    if s.phase not in PHASES:
        out.append(f"the round is in phase {s.phase!r}")
    if any(r not in s.heroes for r in s.rivals):
        out.append(f"the rivals {s.rivals} are not all heroes of the game")
    if not s.outcome and s.phase in ("heroes", "rival") and \
            s.phase != ("rival" if s.heroes[s.order] in s.rivals else "heroes"):
        out.append(f"{s.heroes[s.order]}'s turn is played by the {s.phase}")
    coop = c.scenario.coop
    if coop is not None and not 0 <= s.darkness <= coop.darkness_limit[len(s.heroes)]:
        out.append(f"the darkness is {s.darkness}")
    if s.nameless_deck is not None and full:
        if sorted(deck_cards(s.nameless_deck, []).elements()) != sorted(c.cards):
            out.append("a Nameless card is lost or doubled")
    for inst, drunk in s.draughts.items():
        if not 0 <= drunk <= 5:
            out.append(f"{drunk} draughts drunk from {inst}")
    return out
