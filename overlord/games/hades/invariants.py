"""What must hold after every step of the Underworld beneath Return of the Heroes:

- Return of the Heroes' invariants on the world above (``roth.invariants``), its things kept below
  (a Return of the Heroes artifact lost below lies in the Underworld's piles) counted where they lie;
- every hero below stands on a tile, no hero above does;
- the Evil Marks on distinct maps of the layout;
- each of the Underworld's counters in exactly one place: its part's piles and tiles, a hero's sheet,
  or - carried up - the board above or out of the game by Return of the Heroes' rules.
"""

from __future__ import annotations

from collections import Counter

from overlord.games.heroes import invariants as family
from overlord.games.roth import invariants as roth_invariants
from overlord.games.underworld.state import instances, locations

from .view import UnderView

SHEETS = ("items:", "tasks:")


def violations(s, c, full: bool = False) -> list[str]:
    view = UnderView(s)
    below = locations(view)
    own = set(instances(c.under.catalogue))
    roth_kept = [cid for cid, places in below.items() if cid not in own
                 for p in places if not p.startswith(SHEETS)]
    out = roth_invariants.violations(s, c, full, tuple(roth_kept), frozenset(own))
    for h in s.below:
        if h not in s.heroes:
            out.append(f"{h} is below but no hero of the game")
        elif s.part.map.heroes.get(h) is None:
            out.append(f"{h} is below but stands on no tile")
    for h in s.part.map.heroes:
        if h not in s.below:
            out.append(f"{h} stands on tile {s.part.map.heroes[h]} but is not below")
    letters = {ch for row in s.layout for ch in row}
    if len(set(s.marks)) != len(s.marks) or not set(s.marks) <= letters:
        out.append(f"the Evil Marks {s.marks} are not on distinct maps of the layout")
    above = Counter(family.places(s, []))
    for cid in sorted(own):
        n = len(below.get(cid, [])) + above.get(cid, 0) - sum(1 for p in below.get(cid, []) if p.startswith(SHEETS))
        if n != 1:
            out.append(f"the Underworld's counter {cid} is in {n} places: {', '.join(below.get(cid, [])) or 'nowhere'}"
                       + (" and above" if above.get(cid) else ""))
    return out


def state_problems(s, c) -> list[str]:
    return roth_invariants.state_problems(s, c)
