"""What must hold after every step of a game (``overlord soak heldentaufe``): every token in exactly
one place, boards within their sizes, one figure per Underworld area, the machines agreeing with
the board, no tile or mission card lost or doubled."""

from __future__ import annotations

from collections import Counter

from ...core.bounds import MOST, OneOf, Whole, problems
from ...core.state import to_json
from . import heroes as hb, monsters, upper
from .clock import limit
from .content import Content
from .engine import ap_left
from .machines import CYCLE_STATES, MONSTER_STATES
from .under import danger_tiles
from .state import UNDER, UPPER, HState

LIFE_STATES = [x if isinstance(x, str) else x["name"] for x in MONSTER_STATES]


def state_problems(c: Content, s: HState) -> list[str]:
    """What a state read from a save edited by hand may not hold, checked before the invariants
    (which assume it): its heroes are the content's, each on the board once, in a world of the
    game; its monsters are the content's; the turn's hero and the seat are its heroes'; areas are
    written "x,y" in reach of the board."""
    out: list[str] = problems(to_json(s), saved_fields(c, s))
    unknown = [h for h in s.heroes if h not in c.heroes]
    if unknown or len(set(s.heroes)) != len(s.heroes) or not s.heroes:
        return out + [f"its heroes {s.heroes} are not heroes of the scenario ({', '.join(c.heroes)})"]
    if set(s.board) != set(s.heroes) or any(s.board[h].id != h for h in s.heroes):
        return out + [f"its board holds {list(s.board)}, not its heroes {s.heroes}"]
    if set(s.monsters) - set(c.monsters):
        out.append(f"unknown monsters {sorted(set(s.monsters) - set(c.monsters))}")
    for h in s.board.values():
        if h.world not in (UPPER, UNDER) or not _area(h.at):
            out.append(f"{h.id} stands in {h.world!r} at {h.at!r}")
        if not 0 <= h.hearts <= 99 or any(not 0 < t <= 99 for t in h.teeth):
            out.append(f"{h.id} has {h.hearts} hearts and teeth {h.teeth}")
    if any(not _area(a) for a in [*s.upper, *s.dangers] + [m.at for m in s.monsters.values() if m.at]):
        out.append("an area is not written x,y within the board")
    if s.turn.hero not in s.heroes or not 0 <= s.seat < len(s.heroes) or not 0 <= s.turn.used <= 99:
        out.append(f"the turn is {s.turn.hero!r}'s (seat {s.seat}), not one of {s.heroes}")
    if s.monster_policy not in ("", "planner", "greedy"):     # a plugged-in one is headless only: no save
        out.append(f"its monster boss plays as {s.monster_policy[:80]!r}, not the planner or the greedy boss "
                   "(a saved game names no code to run)")
    if s.mode != ("coop" if c.coop else "race"):
        out.append(f"a {s.mode!r} game, but the scenario is {'coop' if c.coop else 'race'}")
    return out


def saved_fields(c: Content, s: HState) -> dict:
    """The ranges of a saved state's fields (``core.bounds``): the co-operative clock from 0 to its
    limit for the number of heroes (ours, ``clock``), the dangers the box's tiles, the outcome and
    the winner the game's; wounds, points and rounds ours (``bounds.MOST``)."""
    return {"seed": Whole(0, 2**64 - 1), "round": Whole(1, MOST), "clock": Whole(0, limit(c, s) if c.coop else MOST),
            "knockouts": Whole(), "monster_points": Whole(0, 99), "turn.extra": Whole(0, 99),
            "monsters.*.wounds": Whole(0, 99), "dangers.*": OneOf(danger_tiles(c), "danger tiles"),
            "outcome": OneOf(("", "victory", "defeat"), "outcomes"), "winner": OneOf(("", *s.heroes), "heroes")}


def _area(text) -> bool:
    x, _, y = str(text).partition(",")
    return all(v.lstrip("-").isascii() and v.lstrip("-").isdigit() and abs(int(v)) <= 999 for v in (x, y))


def violations(c: Content, s: HState, full: bool = False) -> list[str]:
    out: list[str] = []
    out += _tokens(c, s)
    out += _heroes(c, s)
    out += _underworld(c, s)
    out += _cards(c, s)
    if c.coop and c.scenario.clock is not None and s.clock > c.scenario.clock.limit[len(s.heroes)]:
        out.append(f"the clock is {s.clock}, past its limit")
    if s.commanders and (s.cycle != "monster_turn" or not s.monster_points or not set(s.commanders) <= set(s.heroes)):
        out.append(f"{s.commanders} command the monsters outside a monsters' turn the players play")
    if not s.outcome and ap_left(c, s, s.board[s.turn.hero]) < 0:
        out.append("negative action points")
    return out


def _tokens(c: Content, s: HState) -> list[str]:
    out = []
    held: Counter = Counter()
    for h in s.board.values():
        held.update(h.inventory.values())
        held.update(h.backpack)
        held.update("potion" for p in h.rack)
    for slot, values in c.supply.equipment.items():
        for v, n in values.items():
            t = hb.equipment(slot, v)
            if s.supply.get(t, 0) + held[t] != n or s.supply.get(t, 0) < 0:
                out.append(f"{t}: {s.supply.get(t, 0)} in the supply and {held[t]} carried, of {n}")
    for food, n in c.supply.food.items():
        if s.supply.get(food, 0) + held[food] != n or s.supply.get(food, 0) < 0:
            out.append(f"{food}: {s.supply.get(food, 0)} in the supply and {held[food]} carried, of {n}")
    if s.supply.get("potion", 0) + held["potion"] != c.supply.potions:
        out.append(f"potions: {s.supply.get('potion', 0)} in the supply and {held['potion']} on racks")
    ones = s.supply.get("tooth", 0) + sum(h.teeth.count(1) for h in s.board.values()) \
        + sum(m.stack.count(1) for m in s.monsters.values())
    stacked_ones = sum(st.count(1) for st in c.stacks.values())
    if ones != c.supply.small_teeth + (0 if c.rules.one_tooth_from_supply else stacked_ones):
        out.append(f"teeth worth 1: {ones} counted, of {c.supply.small_teeth} small teeth"
                   + ("" if c.rules.one_tooth_from_supply else f" and {stacked_ones} on the stacks"))
    valuable = Counter(t for h in s.board.values() for t in h.teeth if t > 1)
    for m in s.monsters.values():
        valuable.update(t for t in m.stack if t > 1)
    start = Counter(t for st in c.stacks.values() for t in st if t > 1)
    if valuable != start:
        out.append(f"valuable teeth {dict(valuable)} differ from the stacks' {dict(start)}")
    return out


def _heroes(c: Content, s: HState) -> list[str]:
    out = []
    for h in s.board.values():
        if not 1 <= h.hearts <= hb.max_hearts(c, h):
            out.append(f"{h.id} has {h.hearts} hearts")
        if hb.backpack_room(c, h) < 0 or hb.rack_room(c, h) < 0:
            out.append(f"{h.id} carries more than the board holds")
        for slot, t in h.inventory.items():
            if hb.slot_of(t) != slot:
                out.append(f"{h.id} wears {t} as {slot}")
        if any(not hb.slot_of(t) and t not in ("apple", "fish", "mushroom") for t in h.backpack):
            out.append(f"{h.id}'s backpack holds {h.backpack}")
        if h.world == UPPER and h.at not in s.upper:
            out.append(f"{h.id} stands on {h.at}, not an explored area")
        if h.world == UNDER and h.at not in c.underworld.index:
            out.append(f"{h.id} stands on {h.at}, not an Underworld area")
        if h.world == UPPER and "berserker:used" in h.rack:
            out.append(f"{h.id} kept a used Berserker above")
    return out


def _underworld(c: Content, s: HState) -> list[str]:
    out = []
    b = c.underworld
    places = [s.board[h].at for h in s.down()] + [m.at for m in s.monsters.values() if m.at]
    if len(places) != len(set(places)):
        out.append(f"two figures share an Underworld area: {sorted(places)}")
    for m in s.monsters.values():
        nest = b.labels[b.nests[m.id]]
        if m.life not in LIFE_STATES:
            out.append(f"{m.id} is {m.life!r}")
        expected = {"on_nest": m.at == nest, "abroad": bool(m.at) and m.at != nest,
                    "killed": not m.at, "gone": not m.at and not m.stack}.get(m.life, False)
        if not expected:
            out.append(f"{m.id} is {m.life} but stands on {m.at or 'no area'}")
        if m.at and monsters.hearts(c, m) <= 0:
            out.append(f"{m.id} stands with no heart left")
        if m.at and s.treasure and m.at == b.labels[b.treasure]:
            out.append(f"{m.id} stands on the treasure")
    if s.cycle not in CYCLE_STATES:
        out.append(f"the Underworld is {s.cycle!r}")
    if s.down() and s.cycle not in ("marked", "monster_turn"):
        out.append(f"heroes are below but the Underworld is {s.cycle}")
    if not s.down() and s.cycle != "empty":
        out.append(f"no hero is below but the Underworld is {s.cycle}")
    if (s.cycle == "empty") != (s.marker == ""):
        out.append(f"the marker ({s.marker or 'aside'}) does not fit the Underworld's {s.cycle}")
    skulls = {b.labels[n] for n in b.skulls}
    if not set(s.dangers) <= skulls:
        out.append(f"dangers off the skulls: {sorted(set(s.dangers) - skulls)}")
    if s.cycle == "empty" and (len(s.dangers) != len(skulls) or not s.treasure):
        out.append("the Underworld is empty but not rebuilt")
    return out


def _cards(c: Content, s: HState) -> list[str]:
    out = []
    tiles = Counter(s.upper.values()) + Counter(s.tiles.draw) + Counter(s.tiles.discard)
    if tiles != Counter(upper.tile_ids(c, len(s.heroes))):
        out.append("an Upper World tile is lost or doubled")
    cards = Counter(s.missions.draw) + Counter(s.missions.discard) + Counter(x for h in s.board.values() for x in h.hand)
    want = Counter(cid for cid, m in c.missions.items() if not (c.coop and m.kind == "thief"))
    if cards != want:
        out.append("a mission card is lost or doubled")
    for h in s.board.values():
        if len(h.hand) > 3:
            out.append(f"{h.id} holds {len(h.hand)} missions")
    return out
