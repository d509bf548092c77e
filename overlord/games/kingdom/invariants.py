"""What must hold after every step of Return of the Heroes with the Dragon: the family's invariants
(every counter of both boxes in exactly one place - the City of the Mages' pile and the Dragon's
Strength spells beside a sheet among the places -, heroes and sheets sound, a pending choice owed
by a hero), and each game's own where the combination keeps them:

- the Nameless by his machine where his counter lies (Return of the Heroes);
- the Dragon by his machine: in the bag while ``in_bag``, in his lair while he lives there, never
  ``challenged`` between two steps; the hoard never below zero;
- the manor houses: before the first turn none but those placed, in the placing order; after it,
  every hero has his house and no two houses share a map or stand on maps side by side (unless the
  rule left no map: ``manors.open_maps``);
- each market counter in its own box's pile (``context.sort_piles``);
- together: the darkness and the hoard below their limits while the game goes on (``enemy``).
"""

from __future__ import annotations

from overlord.games.heroes import invariants as family

from . import manors
from .load import KingdomContent
from .state import KingdomState

PHASES = ("heroes", "rival", "enemy")


def violations(s: KingdomState, c: KingdomContent, full: bool = False) -> list[str]:
    lens = c.roth
    found = family.places(s, [i for h in s.heroes for i in s.at[h].card] + [i for h in s.heroes for i in s.at[h].strength]
                          + list(s.city))
    objects = {i: n for i, n in found.items() if i not in lens.instances and i in lens.artifacts}
    out = [f"the magic object {i} lies in {n} places" for i, n in objects.items() if n != 1]
    for i in objects:
        del found[i]
    laid = _laid(s, c)
    out += family.counter_problems(s, _Lens(lens, laid), found)
    placing = manors.placing_order(s.heroes)
    housed = [h for h in placing if s.at[h].manor]
    if s.pending.get("house"):
        if housed != placing[:len(housed)] or s.pending["house"] != placing[len(housed)]:
            out.append(f"the houses stand for {housed}, the next is {s.pending['house']}'s")
    elif len(housed) != len(s.heroes):
        out.append(f"only {housed} have a manor house after the first turn began")
    houses = [s.at[h].manor for h in housed]
    for k, h in enumerate(housed):
        out += family.hero_problems(s, _Lens(lens, laid), h)
        if full and laid.field(houses[k]).region not in manors.open_maps(laid, houses[:k]):
            out.append(f"{h}'s manor house by {houses[k]} stands beside another's map")
    out += family.pending_problems(s)
    boxes = c.boxes
    out += [f"{i}, Return of the Heroes' market counter, lies in the City's pile" for i in s.city if i in boxes.roth.instances]
    out += [f"{i}, a City counter, lies in Return of the Heroes' market pile" for i in s.market if i in boxes.dragon.instances]
    dragon = next(i for i in boxes.dragon.instances if boxes.dragon.spec(i).effect == "dragon")
    lair = laid.with_feature("lair")[0]
    if s.dragon == "in_bag" and dragon not in s.bag:
        out.append("the Dragon is in the bag by his machine but not in the bag")
    if s.dragon in ("lair", "victorious", "slain") and dragon not in s.board.get(lair, []):
        out.append(f"the Dragon is {s.dragon} but not in his lair {lair}")
    if s.dragon == "challenged":
        out.append("a fight in the lair did not end within its action")
    if s.hoard < 0:
        out.append(f"the hoard is {s.hoard}")
    coop = c.scenario.coop
    if coop is not None:
        n = len(s.heroes)
        if not 0 <= s.darkness <= coop.darkness_limit[n] or (s.darkness == coop.darkness_limit[n] and not s.outcome):
            out.append(f"the darkness is {s.darkness} of {coop.darkness_limit[n]} and the game goes on")
        if s.hoard >= coop.hoard_limit[n] and not s.outcome:
            out.append(f"the hoard is {s.hoard} of {coop.hoard_limit[n]} and the game goes on")
    nameless = next(i for i in boxes.roth.instances if boxes.roth.spec(i).effect == "nameless")
    tower = boxes.roth.spec(nameless).at
    if s.nameless in ("on_tower", "in_battle", "slain") and nameless not in s.board.get(tower, []):
        out.append(f"the Nameless is {s.nameless} but not on {tower}")
    if s.nameless == "absent" and nameless not in s.aside:
        out.append("the Nameless is absent by his machine but not set aside")
    if s.phase not in PHASES:
        out.append(f"the round is in phase {s.phase!r}")
    if any(r not in s.heroes for r in s.rivals):
        out.append(f"the rivals {s.rivals} are not all heroes of the game")
    return out


def state_problems(s: KingdomState, c: KingdomContent) -> list[str]:
    """A save edited by hand: its heroes, sheets and turn sound, its layout the boxes' 25 maps, every
    one of them face up."""
    out = family.roster_problems(s, c)
    if sorted("".join(s.layout)) != sorted(c.board.grid) or len(s.layout) != 5:
        out.append(f"its maps are laid {s.layout}, not the boxes' 25 in five rows")
    if sorted(s.explored) != sorted(c.board.grid):
        wrong = [repr(m) for m in s.explored if m not in c.board.grid]
        missing = sorted(set(c.board.grid) - set(s.explored))
        why = "; ".join(x for x in (f"no map {', '.join(wrong)}" if wrong else "",
                                    f"missing {', '.join(missing)}" if missing else "") if x) or "a map twice"
        out.append(f"explored is not the boxes' 25 maps (every map lies face up): {why}")
    return out


def _laid(s, c: KingdomContent):
    return c.dragon(tuple(s.layout)).board


class _Lens:
    """The combined content with the board as it lies, for the family's checks."""

    def __init__(self, lens, board):
        self.instances, self.board, self.heroes = lens.instances, board, lens.heroes
        self.spec = lens.spec
