"""What must hold after every step of the Underworld beneath Return of the Heroes:

- Return of the Heroes' invariants on the world above (``roth.invariants``), its things kept below
  (a Return of the Heroes artifact lost below lies in the Underworld's piles) counted where they lie;
- every hero below stands on a tile, no hero above does;
- the Evil Marks on distinct maps of the layout;
- together, the Underworld's Dark and peril decks each holding its cards once (``underworld.invariants``);
- each of the Underworld's counters in exactly one place: its part's piles and tiles, a hero's sheet,
  or - carried up - the board above or out of the game by Return of the Heroes' rules.
"""

from __future__ import annotations

from collections import Counter

from overlord.core.bounds import OneOf, Whole, problems
from overlord.core.state import to_json
from overlord.games.heroes import invariants as family
from overlord.games.roth import invariants as roth_invariants
from overlord.games.underworld import invariants as under_invariants
from overlord.games.underworld.state import DARK_SIDE_BOXES, instances, locations

from .load import GATE
from .state import FROM_THE_STATE
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
    out += under_invariants.deck_problems(s.part, c.under)
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
    """What a save edited by hand may not hold: Return of the Heroes' checks on the one state, the
    Underworld's own checks on its part (``saved_fields``: its fields' ranges, each prefixed
    ``under.``), and what joins them (who is below and by which gate, the round markers, how far the
    log was answered)."""
    out = roth_invariants.state_problems(s, c)
    if out or s.under is None:
        return out or ["the saved game has no Underworld part (under)"]
    view = UnderView(s)
    fields = {k: v for k, v in under_invariants.saved_fields(view, c.under).items()
              if k.split(".")[0] not in FROM_THE_STATE}
    fields.update({"dark_side": Whole(0, DARK_SIDE_BOXES), "winner": OneOf(("", *s.heroes), "heroes", many=True),
                   "last_hero": OneOf(("", *s.heroes), "heroes")})
    out += [f"under.{line}" for line in problems(to_json(s.part), fields)]
    out += problems(to_json(s), {"below.*": OneOf((GATE,), "gates"), "round_markers": Whole(0, 20),
                                 "seen": Whole(0, len(s.log)), "marks.*": OneOf(_letters(s), "maps of the layout")})
    return out + [f"below names {h!r}, not a hero of this game" for h in s.below if h not in s.heroes]


def _letters(s) -> tuple[str, ...]:
    return tuple(sorted({ch for row in s.layout for ch in row})) or ("",)
