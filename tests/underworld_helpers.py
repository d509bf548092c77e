"""Small hand-built Underworld states for the co-operative game's tests.

A map is drawn as rows of tile cells; each cell is ``.`` (no tile) or a tile letter, and the
exits are written between cells: ``-`` joins two tiles side by side, ``|`` (on the row below)
joins two tiles one above the other. ``S`` is Styx. Example::

    S-a-b
      |
      c

Styx at the left, tiles a and b to its east in a row, c below a.
"""

from __future__ import annotations

import copy

from overlord.games.underworld.coop_formats import DarkCard, DarkPeril
from overlord.core.decks import Deck
from overlord.core.rng import new_rng, rng_state
from overlord.games.heroes.sheet import new_sheet
from overlord.games.underworld.dark import DarkContent
from overlord.games.underworld.setup import shipped_catalogue
from overlord.games.underworld.state import CounterSpec, UnderworldState, instance_ids
from overlord.games.underworld.tiles import PlacedTile, TileSpec, UnderworldMap
from session_helpers import TableSession as UnderworldSession  # noqa: F401  (as the tests call it)

# the shipped counters these states play with ("Test rules on the shipped content wherever it exists")
CATALOGUE = {k: v for k, v in shipped_catalogue().items()
             if k in ("alekto", "ixion", "avatar", "damned-one", "golden-staff", "hermes")}


def parse_map(drawing: str) -> list[PlacedTile]:
    """Tiles from a drawing (see the module docstring); Styx ``S`` must be at [0, 0]."""
    lines = [ln for ln in drawing.strip("\n").splitlines()]
    tile_rows = lines[0::2]
    link_rows = lines[1::2]
    cells: dict[tuple[int, int], str] = {}
    for r, row in enumerate(tile_rows):
        for c in range(0, len(row), 2):
            ch = row[c]
            if ch not in ". ":
                cells[(c // 2, r)] = ch
    sx, sy = next(p for p, ch in cells.items() if ch == "S")
    exits: dict[tuple[int, int], set[str]] = {p: set() for p in cells}
    for r, row in enumerate(tile_rows):
        for c in range(1, len(row), 2):
            if row[c] == "-":
                a, b = (c // 2, r), (c // 2 + 1, r)
                exits[a].add("E")
                exits[b].add("W")
    for r, row in enumerate(link_rows):
        for c in range(0, len(row), 2):
            if row[c] == "|":
                a, b = (c // 2, r), (c // 2, r + 1)
                exits[a].add("S")
                exits[b].add("N")
    out = []
    for (x, y), ch in sorted(cells.items(), key=lambda kv: (kv[1] != "S", kv[0][1], kv[0][0])):
        tid = "styx" if ch == "S" else ch
        out.append(PlacedTile(tid, [x - sx, y - sy], "".join(s for s in "NESW" if s in exits[(x, y)])))
    return out


def make_state(drawing: str, heroes: dict[str, str], *, markers: dict[str, list[str]] | None = None,
               revealed: tuple[str, ...] = (), seed: int = 7, rules: dict | None = None,
               catalogue: dict[str, CounterSpec] | None = None) -> UnderworldState:
    """A state on the drawn map; ``heroes`` hero -> tile letter; ``markers`` tile -> counters
    (the rest of the catalogue's counters go where they start: Adventure pool, card)."""
    catalogue = copy.deepcopy(catalogue or CATALOGUE)
    placed = parse_map(drawing)
    specs = {t.id: TileSpec(t.id, "styx" if t.id == "styx" else "area", t.id, t.exits or "N") for t in placed}
    hero_tiles = {h: ("styx" if t == "S" else t) for h, t in heroes.items()}
    m = UnderworldMap(specs, [[], [], []], placed, hero_tiles, None)
    sheets = {h: new_sheet(h, {"magic": 6, "ranged": 6, "close": 7}, {"magic": [2, 4, 6], "ranged": [2, 4, 6],
                                                                       "close": [2, 4, 6]}, 3, 4, 1)
              for h in heroes}
    state = UnderworldState("test", seed, list(heroes), rng_state(new_rng(seed)), m, catalogue, sheets,
                            rules=dict(rules or {}))
    on_map = set()
    for tile, cids in (markers or {}).items():
        t = next(p for p in placed if p.id == ("styx" if tile == "S" else tile))
        t.markers += cids
        on_map |= set(cids)
    for spec in catalogue.values():
        for cid in instance_ids(spec):
            if cid in on_map:
                continue
            if spec.kind in ("special_weapon", "damned_one"):
                state.card.append(cid)
            elif spec.kind in ("item", "black_weapon", "trap", "damned_creature"):
                state.treasure.append(cid)
            else:
                state.adventure.append(cid)
    state.revealed = list(revealed)
    state.avatars = {c: ("revealed" if c in revealed else "hidden") for c in instance_ids(catalogue["avatar"])} \
        if "avatar" in catalogue else {}
    return state


def dark_content(cards: list[DarkCard], perils: list[DarkPeril] = (), speeds: dict | None = None,
                 order=("avatar", "black_creature", "damned_creature", "creature")) -> DarkContent:
    return DarkContent({c.id: c for c in cards}, list(order), {p.id: p for p in perils},
                       dict(speeds or {"avatar": 1, "black_creature": 1, "damned_creature": 1, "creature": 1}))


def with_decks(state: UnderworldState, content: DarkContent) -> UnderworldState:
    state.dark_deck = Deck("dark", list(content.cards), [])
    state.peril_deck = Deck("peril", list(content.perils), [])
    return state
