"""Heldentaufe's board as drawing data (:mod:`overlord.view.drawing`): both worlds side by side, the
figures on them, what lies on the fields, and the monsters' moves of their last turn.

* **The Upper World** (left): the explored area tiles as squares on their grid (``board.py``: the
  tiles are squares with four neighbours, the campfire at 0,0), each of its kind (a meadow, a
  forest, a portal and its number...). Heroes standing together on one tile are one piece lettered
  ``+`` (as ``map`` draws them), its words naming each.
* **The Underworld** (right): every hexagonal area (odd rows shifted right by half a hex, as the
  board is drawn: a hex's centre x = column + 0.5 in odd rows, y = row x 0.866), each of its kind
  (the treasure's space, a skull, a portal, a monster's nest, an area); the heroes below and the
  monsters on the board as pieces; the treasure chest while it lies on its space and the face-down
  dangers on the skulls as markers.
* **The monsters' last turn**: each monster's steps as a path, with the plan it carried out (``why
  N`` at the table tells the plan's reasons). A rebuilt Underworld has put the monsters back on
  their nests: its moves are not drawn.
* **The monster boss marker** is no figure on a field: the title says after whose turn the monsters
  act.

A field's id is ``upper X,Y`` or ``under X,Y`` (as ``teleport upper|under X,Y`` is typed); its name,
what the picture and the table of positions say, is ``upper X,Y`` above and ``X,Y`` below (the
renderer writes a hex's name inside it: a short one fits). The two matching portals are one kind
(``portal 3``), so they have one colour. The letters are the ``map``'s: a hero's initial in
capitals, a monster's in lower case.
"""

from __future__ import annotations

from ...view.drawing import Area, Drawing, Marker, Path, Piece, Space
from . import heroes as hb, monsters
from .board import xy
from .content import Content
from .narrate import PLAN_EVENTS
from .state import UNDER, UPPER, HState
from .upper import kind_of, portal_number

HEX_ROW = 0.866                      # rows of hexes apart, a hex being 1 wide from side to side
HEX_SIZE = 2 / 3 ** 0.5              # a hex from corner to corner
GAP = 1.5                            # between the worlds

# the fields listed in this order of their kinds: the renderer gives the kinds its colours in the order
# a drawing first names them, so the plain fields (an area below, a meadow above) take its soft first
# colours and the portals and nests its strong last ones
KIND_ORDER = {k: i for i, k in enumerate((
    "area", "meadow", "skull", "forest", "campfire", "apple tree", "fish pond", "mushroom ring", "laboratory",
    "blacksmith", "trader", "treasure space"))}

UPPER_WORDS = {
    "campfire": "the campfire: every hero starts here, and brings the teeth back here to win",
    "meadow": "a meadow: nothing happens here",
    "forest": "a forest: a hero who explores it ends the turn there and rolls the treasure die",
    "apple tree": "an apple tree: collect apples here (food)",
    "fish pond": "a fish pond: collect fish here (food)",
    "mushroom ring": "a mushroom ring: collect mushrooms here (food)",
    "laboratory": "the laboratory: end the turn here to improve one piece of equipment by +1",
    "blacksmith": "the blacksmith: give up two pieces of one kind for a better one",
    "trader": "the trader: exchange a piece of equipment for another kind of equal value, once a turn",
}
UNDER_WORDS = {
    "area": "an area of the Underworld",
    "treasure space": "the treasure's space: the chest lies here until a hero reaches it",
    "skull": "a skull: a danger is laid here face down",
}
MARKER_WORDS = {
    "chest": "the treasure chest: three rolls of the treasure die for the hero who reaches it",
    "danger": "a face-down danger: a trap or nothing, turned up by the hero who steps on it",
}


def portal_words(k: int) -> str:
    return (f"portal {k}: the Upper World's portal {k} and the Underworld's lead into each other "
            "(a move through them costs 1 action point)")


def space_id(world: str, at: str) -> str:
    """A field's id: its world (``upper`` or ``under``) and its X,Y, as ``teleport`` is typed."""
    return f"{world} {at}"


def where_words(c: Content, s: HState, world: str, at: str) -> str:
    """"in the Upper World on 0,0 (campfire)", "in the Underworld on 4,2 (skull, a face-down danger
    beneath)": the field's kind when it is more than a meadow or a plain area."""
    if world == UPPER:
        kind = upper_kind(s.upper[at])
        return f"in the Upper World on {at}" + ("" if kind == "meadow" else f" ({kind})")
    kind = under_kind(c, c.underworld.area(at))
    told = [] if kind == "area" else [kind]
    if at in s.dangers:
        told.append("a face-down danger beneath")
    return f"in the Underworld on {at}" + (f" ({', '.join(told)})" if told else "")


def upper_kind(tile: str) -> str:
    k = portal_number(tile)
    return f"portal {k}" if k else kind_of(tile).replace("_", " ")


def under_kind(c: Content, area: int) -> str:
    b = c.underworld
    if area == b.treasure:
        return "treasure space"
    if area in b.portal_of:
        return f"portal {b.portal_of[area]}"
    for monster, nest in b.nests.items():
        if nest == area:
            return f"{c.monsters[monster].name}'s nest"
    return "skull" if area in b.skulls else "area"


def worlds(c: Content, s: HState) -> tuple[list[Space], list[Area]]:
    """Both worlds' fields, the Upper World's grid at the left and the Underworld's hexes at its
    right, their tops level."""
    cells = {xy(at): at for at in s.upper}
    left, top = min(x for x, _ in cells), min(y for _, y in cells)
    width = max(x for x, _ in cells) - left + 1
    upper = [Space(space_id(UPPER, at), x - left, y - top, upper_kind(s.upper[at]), space_id(UPPER, at))
             for (x, y), at in sorted(cells.items(), key=lambda p: (p[0][1], p[0][0]))]
    b = c.underworld
    right = width + GAP + HEX_SIZE / 2
    under = []
    for area, label in enumerate(b.labels):
        col, row = xy(label)
        under.append(Space(space_id(UNDER, label), right + col + 0.5 * (row % 2), HEX_SIZE / 2 + row * HEX_ROW,
                           under_kind(c, area), label, "hex", HEX_SIZE, HEX_SIZE))
    areas = [Area("upper", "the Upper World", tuple(sp.id for sp in upper), "world", "above"),
             Area("under", "the Underworld", tuple(sp.id for sp in under), "world", "above")]
    return sorted(upper + under, key=lambda sp: KIND_ORDER.get(sp.kind, len(KIND_ORDER))), areas


def hero_words(c: Content, s: HState, hid: str) -> str:
    hero = s.board[hid]
    return f"{hero.hearts} of {hb.max_hearts(c, hero)} hearts, teeth worth {hb.points(hero)}"


def hero_pieces(c: Content, s: HState) -> list[Piece]:
    """A piece for each hero, save that heroes together on an Upper World tile are one piece ``+``
    (the figures stand on one tile; ``map`` draws them so)."""
    together: dict[str, list[str]] = {}
    for h in s.heroes:
        hero = s.board[h]
        together.setdefault(space_id(hero.world, hero.at), []).append(h)
    out = []
    for where, hs in together.items():
        world, at = where.split(" ")
        if len(hs) == 1:
            h = hs[0]
            who = c.heroes[h]
            out.append(Piece(h, who.name, "heroes", h[0].upper(), (where,),
                             f"{who.name}{', ' + who.title if who.title else ''} (hero) {where_words(c, s, world, at)}; "
                             + hero_words(c, s, h)))
        else:
            names = [c.heroes[h].name for h in hs]
            out.append(Piece("+".join(hs), ", ".join(names[:-1]) + f" and {names[-1]}", "heroes", "+", (where,),
                             f"{len(hs)} heroes {where_words(c, s, world, at)}: "
                             + "; ".join(f"{c.heroes[h].name}, {hero_words(c, s, h)}" for h in hs)))
    return out


LIFE_WORDS = {"on_nest": "at home", "abroad": "away from its nest"}


def monster_pieces(c: Content, s: HState) -> list[Piece]:
    """The monsters on the Underworld board (a defeated one is off it)."""
    out = []
    for m in monsters.active(s):
        name = c.monsters[m.id].name
        out.append(Piece(m.id, name, "monsters", m.id[0].lower(), (space_id(UNDER, m.at),),
                         f"{name} (monster) {where_words(c, s, UNDER, m.at)}, "
                         f"{LIFE_WORDS.get(m.life, m.life.replace('_', ' '))}; {monsters.hearts(c, m)} of "
                         f"{monsters.max_hearts(c, m)} hearts, sword {monsters.sword(c, m)}, its top tooth worth {monsters.top(m)}"))
    return out


def markers(c: Content, s: HState) -> list[Marker]:
    b = c.underworld
    out = [Marker(space_id(UNDER, b.labels[b.treasure]), "chest", "the treasure chest")] if s.treasure and b.treasure >= 0 else []
    out += [Marker(space_id(UNDER, at), "danger", "a face-down danger") for at in sorted(s.dangers, key=lambda a: b.area(a))]
    return out


def last_moves(c: Content, s: HState) -> list[Path]:
    """The monsters' steps in their last turn, a path for each monster that moved, with the plans
    it carried out; none when the Underworld was rebuilt since (the monsters are back home)."""
    log = s.log
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i]["event"] == "monster_turn"), None)
    if start is None or any(e["event"] == "rebuilt" for e in log[start:]):
        return []
    plan = sum(1 for e in log[:start] if e["event"] in PLAN_EVENTS)
    carried = None
    steps: dict[str, list[str]] = {}
    plans: dict[str, list[int]] = {}
    for e in log[start:]:
        if e["event"] in PLAN_EVENTS:
            plan += 1
            carried = plan if e["event"] == "monster_plan" else None
        elif e["event"] == "monster_move":
            path = steps.setdefault(e["monster"], [space_id(UNDER, e["from"])])
            path.append(space_id(UNDER, e["to"]))
            if carried is not None and carried not in plans.setdefault(e["monster"], []):
                plans[e["monster"]].append(carried)
    out = []
    for mid, path in steps.items():
        n = plans.get(mid, [])
        why = ("the players' command" if not n else
               f"plan {n[0]} (`why {n[0]}` tells why)" if len(n) == 1 else
               f"plans {', '.join(map(str, n[:-1]))} and {n[-1]} (`why N` tells why)")
        out.append(Path(c.monsters[mid].name, tuple(path), why))
    return out


def title(c: Content, s: HState) -> str:
    head = f"{c.scenario.name}, round {s.round}"
    if s.outcome:
        return f"{head}: {s.reason}" if s.reason else head
    if s.marker:
        return f"{head}; the monster boss marker after {c.heroes[s.marker].name}'s turn"
    return f"{head}; the monster boss marker aside (no hero in the Underworld)"


def board_drawing(c: Content, s: HState) -> Drawing:
    spaces, areas = worlds(c, s)
    kinds = {sp.kind for sp in spaces}
    legend = {k: w for k, w in (UPPER_WORDS | UNDER_WORDS).items() if k in kinds}
    legend |= {k: portal_words(int(k.split()[1])) for k in sorted(kinds) if k.startswith("portal ")}
    legend |= {f"{m.name}'s nest": f"{m.name}'s nest: {m.name} starts here and comes back here" for m in c.monsters.values()
               if f"{m.name}'s nest" in kinds}
    legend |= MARKER_WORDS
    return Drawing(title(c, s), spaces, [], areas, hero_pieces(c, s) + monster_pieces(c, s),
                   markers(c, s), last_moves(c, s), legend).check()
