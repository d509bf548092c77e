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
from overlord.games.heroes.sheet import SKILL_MAX, sheet_problems

from . import machines
from .load import DragonContent
from .state import DragonState


def places(s: DragonState) -> Counter:
    found: Counter = Counter()
    found.update(s.bag)
    for here in s.board.values():
        found.update(here)
    for h in s.heroes:
        found.update(i.id for i in s.sheets[h].items)
        found.update(s.sheets[h].tasks)
        found.update(s.at[h].strength)
    found.update(s.market)
    found.update(s.offer)
    found.update(s.aside)
    found.update(s.removed)
    return found


def state_problems(s: DragonState, c: DragonContent) -> list[str]:
    """What a state read from a save edited by hand may not hold, checked before the invariants
    (which assume it): its heroes are the scenario's, each with one sound sheet and one place;
    the turn's hero and the order are theirs; the mode is the scenario's."""
    out: list[str] = problems(to_json(s), saved_fields(s, c))
    unknown = [h for h in s.heroes if h not in c.heroes]
    if unknown or len(set(s.heroes)) != len(s.heroes) or not s.heroes:
        return out + [f"its heroes {s.heroes} are not heroes of the scenario ({', '.join(c.heroes)})"]
    if set(s.sheets) != set(s.heroes) or set(s.at) != set(s.heroes):
        return out + [f"its sheets {list(s.sheets)} and places {list(s.at)} are not its heroes' {s.heroes}"]
    for h in s.heroes:
        out += sheet_problems(h, s.sheets[h])
    if s.turn.hero not in ("", *s.heroes) or not 0 <= s.order < len(s.heroes):
        out.append(f"the turn is {s.turn.hero!r}'s (order {s.order}), not one of {s.heroes}")
    if not 0 <= s.turn.mp <= 99 or not 1 <= s.round <= 100_000:
        out.append(f"round {s.round}, {s.turn.mp} movement points")
    return out


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


def violations(s: DragonState, c: DragonContent, full: bool = False) -> list[str]:
    out: list[str] = []
    found = places(s)
    for inst in c.instances:
        if found[inst] != 1:
            out.append(f"counter {inst} lies in {found[inst]} places")
    for inst in found:
        if inst not in c.instances:
            out.append(f"unknown counter {inst} in play")
    on_board = {i for here in s.board.values() for i in here}
    for inst in s.down:
        if inst not in on_board:
            out.append(f"{inst} is face down but not on the board")
        elif not c.spec(inst).covered:
            out.append(f"{inst} is face down but has no PA back")
    for inst in s.backs:
        if not c.spec(inst).flip:
            out.append(f"{inst} is turned over but has no back")
    for fid in s.board:
        if fid not in c.board.fields:
            out.append(f"counters on unknown field {fid}")
        if not s.board[fid]:
            out.append(f"an empty list is kept for field {fid}")
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
        sheet, hs = s.sheets[h], s.at[h]
        if hs.field not in c.board.fields or (hs.between and hs.between not in c.board.fields):
            out.append(f"{h} stands on {hs.field!r}/{hs.between!r}")
        if hs.out:
            continue
        if sheet.dead:
            out.append(f"{h} is dead and not reborn")
        if not 1 <= sheet.natural <= sheet.natural_max:
            out.append(f"{h} has {sheet.natural} of {sheet.natural_max} natural hit points")
        if sheet.gold < 0 or hs.purse not in (0, 1):
            out.append(f"{h} has {sheet.gold} gold and {hs.purse} in the purse")
        if len(sheet.items) > sheet.item_slots or len(sheet.tasks) > sheet.task_slots:
            out.append(f"{h} carries {len(sheet.items)} artifacts and {len(sheet.tasks)} tasks")
        for sk, v in sheet.skills.items():
            if not 1 <= v <= SKILL_MAX:
                out.append(f"{h}'s {sk} is {v}")
        for item in sheet.items:
            if item.life and not 0 <= item.lost < item.life:
                out.append(f"{h}'s {item.id} has lost {item.lost} of {item.life}")
    if s.dragon_deck is not None and full:
        in_play = [s.pending["card"]] if s.pending.get("card") else []     # a card waiting for the heroes' answers
        if sorted(deck_cards(s.dragon_deck, in_play).elements()) != sorted(c.cards):
            out.append("a Dragon card is lost or doubled")
    if s.pending:
        hero = s.pending.get("hero")
        if hero not in s.heroes or s.at[hero].out:
            out.append(f"a pending choice {s.pending} is owed by no hero in the game")
        then_bag = s.pending.get("then_bag", "")
        if then_bag and then_bag not in s.aside:
            out.append(f"{then_bag} waits to go into the bag after a draw but is not set aside")
    for h in s.heroes:
        stray = [i for i in s.at[h].known if i not in c.instances]
        if stray or len(set(s.at[h].known)) != len(s.at[h].known):
            out.append(f"{h} remembers counters {s.at[h].known}")
    if s.outcome and s.phase != "over":
        out.append(f"the game is over but the round is {s.phase}")
    return out
