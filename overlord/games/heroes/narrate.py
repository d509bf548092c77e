"""The family's events told for people: the lines every game of the family logs the same way (a
turn, a step, a search, a counter drawn, placed or turned over, a hit point, a death), and the
board as text (the maps as laid, each field with its routes and who and what is there). A game's
narration asks :func:`family_line` for the events it does not word itself.

What differs between the games comes in a :class:`Voice`: how a counter is named as the players
see it, who draws when no hero does, and where a decayed market artifact goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ...view.words import count
from .words import rolled, why


@dataclass(frozen=True)
class Voice:
    name: Callable[[Any, Any, str], str]        # (state, content, instance) -> the counter's name as seen
    drawer: str = "the program"                 # who draws when no hero does ("the Dragon")
    market: str = "the market's pile"           # where a market artifact goes back to ("the City of the Mages")


def family_line(s, c, e: dict, voice: Voice) -> str | None:
    """The line of one of the family's events; None: not one of them."""
    k = e["event"]
    h = e.get("hero")
    n = lambda i: voice.name(s, c, i)  # noqa: E731 - a one-line shorthand for the cases below
    if k == "turn":
        return f"-- {h}'s turn (round {e['round']}), at {e['at']}"
    if k == "turn_end":
        return f"  {h} ends the turn ({e['why']})"
    if k == "round_end":
        return f"== round {e['round']} is over"
    if k == "moved":
        return f"  {h} {e['how']} {e['from']} -> {e['to']} ({e['mp']} movement left)"
    if k == "revealed":
        return f"  {h} turns over the counter on {e['at']}: {e['name']}"
    if k == "must_fight":
        return f"  {e['name']} bars the way: {h} must fight (movement over)"
    if k == "search":
        again = " again" if e.get("again") else ""
        res = "found" if e["found"] else "not found: between the fields" if not e.get("again") else "not found: on the field, movement over"
        return f"  {h} searches{again} for the hidden route to {e['to']}: {rolled(e['roll'])} against {e['number']}, {res}"
    if k == "back_in_bag":
        return f"  {e['name']} goes back into the bag"
    if k == "cube_lost":
        return f"  {h} loses a {e['colour']} cube ({e['why']})"
    if k == "wounded":
        src = "a natural hit point" if e["source"] == "natural" else f"a hit point of {n(e['source'])}"
        chosen = e.get("policy") and e["source"] != "natural"        # the program took the armour's first
        return f"  {h} loses {src} ({e['why']}): {e['natural']} natural left" + (
            "; an artificial hit point goes first unless the command says lose=natural" if chosen else "")
    if k == "item_lost":
        return f"  {n(e['counter'])} is lost" + (f" (back to {voice.market})" if e["to"] == "market" else "")
    if k == "died":
        kept = f", keeps {n(e['kept'])}{why(e.get('decision'))}" if e["kept"] else ""
        return (f"  {h} dies on {e['at']} ({e['why']}){kept}; the heir starts again by the manor on {e['reborn_at']} "
                f"(generation {e['generation']})")
    if k == "drawn":
        who = e["hero"] or voice.drawer
        spec = c.spec(e["counter"])
        what = "a covered counter" if spec.covered and e["counter"] not in s.backs else e["name"]
        return f"  {who} {'picks' if e.get('picked') else 'draws'} from the bag ({e['why']}): {what}"
    if k == "no_draw":
        return f"  no counter is drawn: {e['why']}"
    if k == "bag_empty":
        return "  the bag is empty: nothing to draw"
    if k == "placed":
        where = e["at"] or "back into the bag"
        return f"    {e['name']} is placed on {where} ({e['why']}){why(e.get('decision'))}"
    if k == "place_pending":
        return f"    {h} chooses where {e['name']} goes (`place FIELD`, {e['fields']} free tan fields)"
    if k == "rested":
        return f"  {h} sits out the turn at his manor: {count(e['healed'], 'hit point')}"
    return None


# -- the board as text --------------------------------------------------------------------------------

SIDE = {"N": "north edge", "E": "east edge", "S": "south edge", "W": "west edge"}


def where_things_are(s, c, name: Callable[[Any, Any, str], str]) -> dict[str, list[str]]:
    """Field -> what stands and lies there, for people: heroes in capitals, a covered counter as such."""
    marks: dict[str, list[str]] = {}
    for h in s.heroes:
        hs = s.at[h]
        if not hs.out:
            marks.setdefault(hs.field, []).append(h.upper() + (f" (between {hs.field} and {hs.between})" if hs.between else ""))
    for fid, here in s.board.items():
        for inst in here:
            marks.setdefault(fid, []).append("a covered counter" if inst in s.down else name(s, c, inst))
    return marks


def field_label(c, fid: str) -> str:
    spec = c.board.field(fid)
    parts = [spec.name] if spec.name else []
    if spec.is_hidden:
        parts.append(f"hidden {spec.colour} {spec.hidden}")
    elif spec.colour not in ("tan",):
        parts.append(spec.colour)
    if spec.side:
        parts.append(SIDE[spec.side])
    return ", ".join(parts)


def layout_lines(c) -> list[str]:
    b = c.board
    width = max(len(r) for r in b.names.values())
    layout: dict[int, list[str]] = {}
    for letter, (r, _col) in sorted(b.grid.items(), key=lambda kv: kv[1]):
        layout.setdefault(r, []).append(f"{letter} {b.names[letter]:<{width}}")
    return [" | ".join(v).rstrip() for _, v in sorted(layout.items())]


def picture(s, c, name, routes: Callable[[Any, str], str], note: Callable[[Any, str], str], legend: str) -> str:
    """The board as a text drawing to follow with the box's maps: the maps as they are laid, then
    each map's fields with their routes (``routes(c, fid)``) and who and what stands there;
    ``note(c, letter)`` a map's own rules in a line, ``legend`` what the routes' marks mean."""
    b = c.board
    rows = ["The maps as laid, north up:"] + ["  " + line for line in layout_lines(c)]
    rows += [legend]
    marks = where_things_are(s, c, name)
    for letter, _ in sorted(b.grid.items(), key=lambda kv: kv[1]):
        said = note(c, letter)
        rows += [f"{letter} {b.names[letter]}"] + ([f"      {said}"] if said else [])
        for fid in b.region_fields(letter):
            here = ", ".join(marks.get(fid, []))
            rows.append(f"  {fid:<4}{field_label(c, fid):<24} -> {routes(c, fid):<22}" + (f"  here: {here}" if here else ""))
    return "\n".join(line.rstrip() for line in rows)


def summary(s, c, name) -> list[str]:
    """The maps as laid and every field with something on it (`map` draws every field and route)."""
    b = c.board
    marks = where_things_are(s, c, name)
    return layout_lines(c) + [f"  {fid}" + (f" {b.field(fid).name}" if b.field(fid).name else "") + f": {', '.join(marks[fid])}"
                              for fid in sorted(marks, key=b.order)]
