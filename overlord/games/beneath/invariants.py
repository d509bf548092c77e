"""What must hold of the Underworld's part and its joins after every step of a combination with the
Underworld (each combination checks the game above by its own invariants, then these):

- every hero below stands on a tile, no hero above does;
- the Evil Marks on distinct maps of the layout (``upper.Upper.maps``);
- together, the Underworld's Dark and peril decks each holding its cards once (``underworld.invariants``);
- each of the Underworld's counters in exactly one place: its part's piles and tiles, a hero's sheet,
  or - carried up - the board above or out of the game by the upper game's rules.

And what a save edited by hand may not hold (:func:`state_problems`): the Underworld's own ranges on
its part (``under.``...), the gate each hero went down by, the round markers, the marks' maps.
"""

from __future__ import annotations

from collections import Counter

from overlord.core.bounds import OneOf, Whole, problems
from overlord.core.state import to_json
from overlord.games.heroes import invariants as family
from overlord.games.underworld import invariants as under_invariants
from overlord.games.underworld.state import DARK_SIDE_BOXES, instances, locations

from .state import FROM_THE_STATE
from .view import UnderView

SHEETS = ("items:", "tasks:")


def kept_below(s, c) -> tuple[tuple[str, ...], frozenset]:
    """The upper game's things lying in the Underworld's piles and tiles (not on a sheet), and the
    Underworld's own counters: what the upper game's invariants count elsewhere and leave alone."""
    below = locations(UnderView(s))
    own = frozenset(instances(c.under.catalogue))
    return tuple(cid for cid, places in below.items() if cid not in own for p in places if not p.startswith(SHEETS)), own


def violations(s, c) -> list[str]:
    below = locations(UnderView(s))
    out: list[str] = []
    for h in s.below:
        if h not in s.heroes:
            out.append(f"{h} is below but no hero of the game")
        elif s.part.map.heroes.get(h) is None:
            out.append(f"{h} is below but stands on no tile")
    for h in s.part.map.heroes:
        if h not in s.below:
            out.append(f"{h} stands on tile {s.part.map.heroes[h]} but is not below")
    out += under_invariants.deck_problems(s.part, c.under)
    letters = set(c.up.maps(s))
    if len(set(s.marks)) != len(s.marks) or not set(s.marks) <= letters:
        out.append(f"the Evil Marks {s.marks} are not on distinct maps of the layout")
    above = Counter(family.places(s, []))
    for cid in sorted(instances(c.under.catalogue)):
        n = len(below.get(cid, [])) + above.get(cid, 0) - sum(1 for p in below.get(cid, []) if p.startswith(SHEETS))
        if n != 1:
            out.append(f"the Underworld's counter {cid} is in {n} places: {', '.join(below.get(cid, [])) or 'nowhere'}"
                       + (" and above" if above.get(cid) else ""))
    return out


def state_problems(s, c) -> list[str]:
    """What a save edited by hand may not hold of the part and the joins (the game above's own checks
    first: they assume a sound state of theirs)."""
    if s.under is None:
        return ["the saved game has no Underworld part (under)"]
    fields = {k: v for k, v in under_invariants.saved_fields(UnderView(s), c.under).items()
              if k.split(".")[0] not in FROM_THE_STATE}
    fields.update({"dark_side": Whole(0, DARK_SIDE_BOXES), "winner": OneOf(("", *s.heroes), "heroes", many=True),
                   "last_hero": OneOf(("", *s.heroes), "heroes")})
    out = [f"under.{line}" for line in problems(to_json(s.part), fields)]
    out += problems(to_json(s), {"below.*": OneOf(tuple(c.up.gates), "gates"), "round_markers": Whole(0, 20),
                                 "seen": Whole(0, len(s.log)),
                                 "marks.*": OneOf(tuple(c.up.maps(s)) or ("",), "maps of the layout")})
    return out + [f"below names {h!r}, not a hero of this game" for h in s.below if h not in s.heroes]
