"""Return of the Heroes' Alternative Rules on the board: the Standard Game's shuffled regions and
home regions, and the Unknown Land's regions turned up as the heroes explore them (Return of the
Heroes, "Alternative Rules: The Standard Game", "Alternative Rules: The Unknown Land").

The board's layout belongs to the state (``RothOwn.layout``, rows of region letters); the board
the rules read is the content's maps laid that way (``state.laid_out``: ``Ctx.c.board``), in the
Unknown Land only the regions explored (``RothOwn.explored``).

The Standard Game
-----------------
- "The regions 'Nameless' (H) and 'Temple' (N) are separated and rest shuffled. Subsequently, every
  player draws one region from the pack. This is their home region. Afterwards, the remaining
  regions, including the two that were separated, are shuffled again and set up face down. The
  home regions are placed on the corners of the map" (:func:`deal_regions`).
- "In a three-player game, a face down region is simply used for one corner. When there are two
  players, two opposite corners are chosen for the home regions": the homes take the corners in the
  order north-west, south-east, north-east, south-west (:data:`CORNERS`), so that two homes lie on
  opposite corners and a third game's fourth corner gets a face-down region.
- "And now I suppose we expose the face down regions? Exactly." (the Standard Game: every region
  explored from the start).
- "Your manor house is placed in your home region and your character on the field next to it"
  (``regions.home_manor``, ``regions.start_field``).

The Unknown Land
----------------
- "The regions remain face down and have to be explored. If a character moves into an unexplored
  region, it is turned over and the character is placed on the first field in the direction
  entered" (:func:`explore_targets`, :func:`explore`: the entry field of the region's side he comes
  in at, the field an entry field of his region is joined to once both lie face up).
- "Two random encounter chits are drawn and put on two opposite ends of the region. If I enter the
  region from the north, the chits are placed on the fields on the east and west ends of the
  region. If I'm coming from the west, they are put on the north and south ends" (:data:`ENDS`,
  the entry fields of the two other sides).
- "Counters with coordinates that have already been drawn are placed on the explored regions. If
  counters are drawn with coordinates for regions that have not been explored, they are placed next
  to the map and put on their positions only when their region is explored" (:func:`waits`, ``draws.wait``
  when drawn, ``RothOwn.waiting``; ``draws.arrive`` when the region is turned up).
- "The 'Nameless' counter is only active when its region is explored and the counter can be placed
  on its coordinates" (the ``nameless`` machine's ``waiting`` and ``explored``; ``draws.
  nameless_drawn``).

Readings (ours; docs/roth.md's table, the other reading after "against"):

- A region is laid as printed, north up, never turned: every map has one entry field at the middle
  of each side, so any map fits beside any other (against: maps turned at random).
- The homes take the corners north-west, south-east, north-east, south-west in turn order (the book
  says only "the corners"; "two opposite corners" for two players); the first player draws first.
- The random encounter chits of the Standard Game ("They are placed on any tan fields") go on the
  introductory game's set-up spots, the opposite entry fields of each map alternating north-south
  and east-west, on the board as it lies (against: anywhere a player chooses).
- The Unknown Land is the Standard Game's set-up with the regions left face down but the home
  regions (turned up with their chits, as the Standard Game's regions); the chits of the face-down
  regions are kept in a pile of their own (``RothOwn.land_chits``, two a region, the rest in the
  bag as usual) and a region turned up takes the pile's next two.
- Moving into an unexplored region is a step (one movement point, as onto a tan field; every entry
  field is tan); the hero may move on afterwards.
- Only the regions explored are on the board: drawn chits, the teleporter, the broomstick and the
  Servants use only those (against: a chit placed on a face-down region).
- A Servant drawn with the Nameless whose coordinates are face down waits as the other counters
  do; the Nameless's Guards and Servants come when he does, his region turned up.
"""

from __future__ import annotations

from overlord.core.decks import shuffled
from overlord.core.game import hidden_draw
from overlord.games.heroes.state import put

from .regions import SEPARATED
from .state import Ctx, laid_out

# the corners the home regions take, in turn order: two players on opposite corners
CORNERS = ("NW", "SE", "NE", "SW")
# "If I enter the region from the north, the chits are placed on the fields on the east and west
# ends of the region. If I'm coming from the west, they are put on the north and south ends."
ENDS = {"N": ("E", "W"), "S": ("E", "W"), "E": ("N", "S"), "W": ("N", "S")}


def corner(name: str, rows: int, cols: int) -> tuple[int, int]:
    return (0 if name[0] == "N" else rows - 1, 0 if name[1] == "W" else cols - 1)


def deal_regions(layout: list[str], heroes: int, rng) -> tuple[list[str], list[str]]:
    """The Standard Game's regions: (the layout, rows of letters, and each hero's home region in
    turn order). The regions but the separated two shuffled, one drawn by each hero in turn; the
    rest with the separated two shuffled again and laid on the spots the homes leave, in reading
    order."""
    rows, cols = len(layout), len(layout[0])
    letters = sorted(ch for row in layout for ch in row)
    if heroes > len(CORNERS):
        raise ValueError(f"{heroes} home regions for {len(CORNERS)} corners")
    pack = shuffled([ch for ch in letters if ch not in SEPARATED], rng)
    homes = pack[:heroes]
    rest = shuffled(sorted(pack[heroes:] + [ch for ch in letters if ch in SEPARATED]), rng)
    grid = {corner(name, rows, cols): home for name, home in zip(CORNERS, homes)}
    spots = [(r, k) for r in range(rows) for k in range(cols) if (r, k) not in grid]
    grid.update(zip(spots, rest))
    return ["".join(grid[(r, k)] for k in range(cols)) for r in range(rows)], homes


# -- the Unknown Land -------------------------------------------------------------------------------

def unknown_land(ctx: Ctx) -> bool:
    return ctx.s.variant == "unknown_land"


def explore_targets(ctx: Ctx, hero: str) -> list[str]:
    """The fields of unexplored regions one step from the hero: the entry field a region face down
    shows to the entry field he stands on."""
    s = ctx.s
    if not unknown_land(ctx):
        return []
    whole = laid_out(s, ctx.content, whole=True).board
    return [f for f in whole.walk[s.at[hero].field] if whole.region_of(f) not in s.explored]


WAYS = {"N": "south", "S": "north", "E": "west", "W": "east"}   # a region's side entered -> the way he goes


def explore_ways(ctx: Ctx, hero: str) -> dict[str, str]:
    """The steps into a region face down, by the way the hero goes (``north``, ``east``, ``south``,
    ``west``) -> the entry field he arrives on. A step is offered by its way: the field's name
    would tell which region lies there before it is turned up (the box shows a face-down tile)."""
    if not unknown_land(ctx):
        return {}
    whole = laid_out(ctx.s, ctx.content, whole=True).board
    return {WAYS[side]: f for f in explore_targets(ctx, hero) if (side := whole.field(f).side) is not None}


def explore(ctx: Ctx, hero: str, to: str) -> list[dict]:
    """Turn up the region of ``to`` (a field of an unexplored region beside the hero): its two chits
    on the ends across his way in, the counters waiting for it on their coordinates. The step onto
    ``to`` is the caller's."""
    s = ctx.s
    whole = laid_out(s, ctx.content, whole=True).board
    letter, side = whole.region_of(to), whole.field(to).side
    if letter in s.explored or side is None:
        raise ValueError(f"{to} is no entry field of a region face down")
    s.explored = sorted(s.explored + [letter])
    ends = [whole.entry(letter, end) for end in ENDS[side]]
    chits, s.land_chits = s.land_chits[:len(ends)], s.land_chits[len(ends):]
    for fid, inst in zip(ends, chits):
        put(s, fid, inst, face_down=True)
    event = {"event": "explored", "hero": hero, "region": letter, "name": whole.names.get(letter, letter),
             "at": to, "entered": side, "chits": [f for f, _ in zip(ends, chits)]}
    return [ctx.log(hidden_draw(event) if chits else event)]


def waits(ctx: Ctx, inst: str) -> bool:
    """Whether a counter drawn now waits beside the map: the Unknown Land, a counter placed on its
    coordinates (not turned over), its region face down."""
    s, c = ctx.s, ctx.c
    spec = c.spec(inst)
    return unknown_land(ctx) and bool(spec.at) and inst not in s.backs and spec.at[0] not in s.explored


def laying_words(s) -> str:
    """How the players lay the maps out (the game's components): the introductory game's order, the
    Standard Game's drawn layout, the Unknown Land's homes turned up and the rest face down."""
    rows = " / ".join(" ".join(row) for row in s.layout)
    if s.variant == "introductory":
        return f"the sixteen region maps, laid {rows} as the introductory game's sheet shows"
    if s.variant == "standard":
        return f"the sixteen region maps, laid as the program drew them: {rows} (north up, each hero's home on a corner)"
    homes = ", ".join(sorted(s.explored))
    return (f"the sixteen region maps face down in four rows of four, the home regions {homes} turned up on their "
            "corners (the program says which map lies where as a hero explores it)")

