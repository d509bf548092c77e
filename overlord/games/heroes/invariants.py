"""What must hold after every step of any game of the family (a game's ``invariants`` adds its own):

- every counter instance lies in exactly one place: the bag, a field, a hero's artifacts or tasks,
  the market's pile or its offer, aside, out of the game, or a place of the game's own;
- face-down counters lie on the board and are covered counters; no empty list is kept for a field;
- heroes stand on fields of the board; a hero in the game is alive, his hit points, gold and skills
  within his sheet, no more artifacts and tasks than his trays hold;
- a pending choice is owed by a hero in the game (a creature waiting for the bag after a pending
  draw lies aside).

And what a state read from a save edited by hand may not hold, before the invariants (which assume
it): its heroes are the scenario's, each with one sound sheet and one place; the turn's hero and
the order are theirs.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from overlord.games.heroes.sheet import SKILL_MAX, sheet_problems


def places(s, extra: Iterable[str] = ()) -> Counter:
    """How many places each counter instance lies in (``extra``: the game's own places' counters)."""
    found: Counter = Counter()
    found.update(s.bag)
    for here in s.board.values():
        found.update(here)
    for h in s.heroes:
        found.update(i.id for i in s.sheets[h].items)
        found.update(s.sheets[h].tasks)
    found.update(extra)
    found.update(s.market)
    found.update(s.offer)
    found.update(s.aside)
    found.update(s.removed)
    return found


def roster_problems(s, c) -> list[str]:
    """A hand-edited save's heroes, sheets, turn and order (empty: the invariants may read it)."""
    out: list[str] = []
    unknown = [h for h in s.heroes if h not in c.heroes]
    if unknown or len(set(s.heroes)) != len(s.heroes) or not s.heroes:
        return [f"its heroes {s.heroes} are not heroes of the scenario ({', '.join(c.heroes)})"]
    if set(s.sheets) != set(s.heroes) or set(s.at) != set(s.heroes):
        return [f"its sheets {list(s.sheets)} and places {list(s.at)} are not its heroes' {s.heroes}"]
    for h in s.heroes:
        out += sheet_problems(h, s.sheets[h])
    if s.turn.hero not in ("", *s.heroes) or not 0 <= s.order < len(s.heroes):
        out.append(f"the turn is {s.turn.hero!r}'s (order {s.order}), not one of {s.heroes}")
    if not 0 <= s.turn.mp <= 99 or not 1 <= s.round <= 100_000:
        out.append(f"round {s.round}, {s.turn.mp} movement points")
    return out


def counter_problems(s, c, found: Counter) -> list[str]:
    """Each counter in one place, known, face down only on the board and only with a PA back."""
    out = [f"counter {inst} lies in {found[inst]} places" for inst in c.instances if found[inst] != 1]
    out += [f"unknown counter {inst} in play" for inst in found if inst not in c.instances]
    on_board = {i for here in s.board.values() for i in here}
    for inst in s.down:
        if inst not in on_board:
            out.append(f"{inst} is face down but not on the board")
        elif not c.spec(inst).covered:
            out.append(f"{inst} is face down but has no PA back")
    for fid in s.board:
        if fid not in c.board.fields:
            out.append(f"counters on unknown field {fid}")
        if not s.board[fid]:
            out.append(f"an empty list is kept for field {fid}")
    return out


def hero_problems(s, c, h: str, purse: int = 0) -> list[str]:
    """One hero's place and sheet (``purse``: gold kept beside the sheet, the Dragon's Bag of Gold)."""
    out: list[str] = []
    sheet, hs = s.sheets[h], s.at[h]
    if hs.field not in c.board.fields or (hs.between and hs.between not in c.board.fields):
        out.append(f"{h} stands on {hs.field!r}/{hs.between!r}")
    if hs.out:
        return out
    if sheet.dead:
        out.append(f"{h} is dead and not reborn")
    if not 1 <= sheet.natural <= sheet.natural_max:
        out.append(f"{h} has {sheet.natural} of {sheet.natural_max} natural hit points")
    if sheet.gold < 0 or purse not in (0, 1):
        out.append(f"{h} has {sheet.gold} gold and {purse} in the purse")
    if len(sheet.items) > sheet.item_slots or len(sheet.tasks) > sheet.task_slots:
        out.append(f"{h} carries {len(sheet.items)} artifacts and {len(sheet.tasks)} tasks")
    for sk, v in sheet.skills.items():
        if not 1 <= v <= SKILL_MAX:
            out.append(f"{h}'s {sk} is {v}")
    for item in sheet.items:
        if item.life and not 0 <= item.lost < item.life:
            out.append(f"{h}'s {item.id} has lost {item.lost} of {item.life}")
    return out


def pending_problems(s) -> list[str]:
    out: list[str] = []
    if s.pending:
        hero = s.pending.get("hero")
        if hero not in s.heroes or s.at[hero].out:
            out.append(f"a pending choice {s.pending} is owed by no hero in the game")
        then_bag = s.pending.get("then_bag", "")
        if then_bag and then_bag not in s.aside:
            out.append(f"{then_bag} waits to go into the bag after a draw but is not set aside")
    return out
