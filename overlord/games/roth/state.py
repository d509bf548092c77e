"""A Return of the Heroes game's state: the family's board and clock (``overlord.games.heroes.
state``) and what is RotH's own - the board's layout (the Standard Game shuffles the regions, the
Unknown Land turns them up as they are explored), the Nameless's and his Guards' machines, the card
of the Nameless, and each hero's heroic deeds.

The board the rules read (``Ctx.c.board``) is the content's maps as the state's layout lays them
(:func:`laid_out`; the family's ``regions.relaid``): the introductory game's layout is the
content's own board, a Standard Game's shuffled one is built once per layout and kept, and in the
Unknown Land only the regions explored are on it (a face-down region's fields are on no board the
rules read: nothing is placed, walked or counted there; ``lands`` turns a region up).

A hero's deeds (``HeroState.deeds``): deed id -> the parts done. The counters of a deed lie on the
board like every counter, seen only by the deed's holder; those a part takes lie on the deed card
(``HeroState.card``), not in the artifact squares.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from overlord.core.decks import Deck
from overlord.games.heroes.regions import RegionBoard, relaid
from overlord.games.heroes.sheet import HeroSheet, gain_cube
from overlord.games.heroes.state import HeroesBoard, HeroesCtx, HeroesState
from overlord.games.heroes.tasks import TaskSpec

from .counters import RothArtifact
from .load import RothContent


@dataclass
class HeroState:
    field: str
    manor: str
    between: str = ""          # searching for the hidden path to this field: the figure stands between
    out: bool = False          # out of the game (never in RotH: a dead hero starts again at his manor)
    generation: int = 1        # 2 for his successor ("Has my successor inherited an object from me?")
    deeds: dict[str, int] = dataclasses.field(default_factory=dict)   # deed -> parts done
    card: list[str] = dataclasses.field(default_factory=list)         # a deed's counters on its card
    stone: bool = False        # the precious stone: a deed fulfilled ("the key to the four secret entries")
    guard_beaten: bool = False  # a Guard beaten: the Nameless may be fought next turn
    searched: int = 0          # turns spent searching the hidden path he stands before
    stone_at: str = ""         # the precious stone left where he died, not bequeathed (deeds.left_at_death)


@dataclass
class TurnState:
    hero: str = ""
    phase: str = "move"        # move, act (movement is over), over (nothing but ending the turn)
    mp: int = 0
    fresh: bool = True         # nothing done yet: a turn sat out at the manor, the Temple, the White Village
    entered: str = ""          # the field the last step entered
    drawn: bool = False        # the turn's draw from the bag is used
    combat: str = ""           # the creature that must be fought now
    fought: bool = False       # "Combat (only once per turn)" (Actions)
    used: list[str] = field(default_factory=list)      # encounters used this turn ("once per player's turn")
    acted: bool = False        # an action was taken ("Actions always end movement")
    market: bool = False       # a market was called this turn
    why_over: str = ""
    challenge: bool = False    # the turn after a Guard was beaten: the Nameless may be challenged now
    deed_picked: bool = False  # Option 2: "Only one card can be taken per turn" (deeds.pick)


@dataclass
class RothOwn(HeroesBoard[HeroState]):
    """What Return of the Heroes' state holds beyond the family's: the variant, the board's layout
    and the regions explored, the Nameless's and the Guards' machines, his card."""

    at: dict[str, HeroState]   # named again: saves read RotH's figures back
    variant: str = "introductory"
    layout: list[str] = field(default_factory=list)     # the regions' letters, a row a string, top row first
    explored: list[str] = field(default_factory=list)   # the Unknown Land: the regions turned up
    waiting: list[str] = field(default_factory=list)    # the Unknown Land: drawn for a region not yet explored
    nameless: str = "absent"   # the "nameless" machine's state
    nameless_card: str = ""    # the card drawn face down (the introductory game's is predetermined)
    nameless_life: int = 0     # his hit points in a battle ("always retains his initial values")
    guards: str = "absent"     # the "guards" machine's state
    looked: list[str] = field(default_factory=list)     # heroes who asked the mice who the Nameless is
    rivals: list[str] = field(default_factory=list)     # the race: the heroes the program plays
    phase: str = "heroes"      # heroes: a player acts; rival: the program plays a rival's turn; enemy: its phase
    winner: str = ""           # the hero who killed the Nameless
    court: list[str] = field(default_factory=list)      # Option 2: the deck of heroic deeds at the royal court
    draughts: dict[str, int] = field(default_factory=dict)  # a healing potion -> the draughts drunk ("3 uses")
    nameless_deck: Deck | None = None   # together (ours): the Nameless deck, shuffled at its first draw
    darkness: int = 0          # together (ours): the clock; at the scenario's limit the heroes are beaten
    land_chits: list[str] = field(default_factory=list)  # the Unknown Land: the chits kept for the regions face down
    rival_policy: str = ""     # the race: how the program plays its rivals ("" the heuristic bot; RothRules.enemies)


@dataclass
class RothState(HeroesState[HeroState, TurnState], RothOwn):
    turn: TurnState = field(default_factory=TurnState)


class Ctx(HeroesCtx):
    """One step of play (``overlord.core.context``, the family's ``HeroesCtx``) on RotH's state and
    content: the game's generator draws from the bag and the market; the heroes' dice are the
    players' (the same generator at a table; the players' own headless)."""

    @property
    def s(self) -> RothState:
        return self.state

    @property
    def c(self) -> RothContent:
        """The content with the board as it lies in this game (:func:`laid_out`)."""
        return laid_out(self.state, self.content)

    @property
    def board(self) -> RegionBoard:
        return self.c.board

    # -- what a game that combines Return of the Heroes changes of its trials (none here) --------------
    def trial_modifier(self, hero: str, skill: str = "", nameless: bool = False) -> int:
        """What a trial of ``hero`` gets beside its own modifiers (``skill``: the skill tried, where a
        combined game reads it; ``nameless``: against the Nameless): 0 in Return of the Heroes; a
        combined game's own (the Underworld's Evil Mark on the map he stands on: -1; a Black Weapon
        worth +1 against the Nameless)."""
        return 0

    def gain_cube(self, sheet: HeroSheet, colour: str) -> tuple[str, str]:
        """An experience cube won (the family's ``gain_cube``); a combined game's own where it changes it
        (the Underworld's shadow cubes above: none gained on their skill)."""
        return gain_cube(sheet, colour)

    def extra_skills(self, hero: str, inst: str) -> dict[str, int]:
        """The skills ``hero`` may fight the counter ``inst`` with beside its spots, each with the modifier
        it gets: none in Return of the Heroes; a combined game's (the Underworld's Advice of Hermes above)."""
        return {}

    def extra_skill_used(self, hero: str, inst: str, skill: str) -> list[dict]:
        """What fighting ``inst`` with one of :meth:`extra_skills` costs (the Advice used up); its events."""
        return []

    def elsewhere(self, hero: str) -> bool:
        """Whether ``hero`` is off the Upper World's board and takes no part in what happens there (an
        event's trials): never in Return of the Heroes; a combined game's (a hero in the Underworld)."""
        return False


# -- the board as it lies ----------------------------------------------------------------------------

FACE_DOWN = "."               # a spot of the layout whose region is not turned up (the Unknown Land)
_LAID: dict[tuple, tuple] = {}   # (content's id, whole, layout, explored) -> (content, the content laid out)
_LAID_MOST = 64


def lying_layout(s: RothOwn) -> tuple[str, ...]:
    """The layout as the players see it: each row's letters, a region not explored yet face down."""
    seen = set(s.explored)
    return tuple("".join(ch if ch in seen else FACE_DOWN for ch in row) for row in s.layout)


def own_layout(c: RothContent) -> tuple[str, ...]:
    """The content's own layout (the introductory game's), a row a string."""
    rows: dict[int, list[tuple[int, str]]] = {}
    for letter, (r, k) in c.board.grid.items():
        rows.setdefault(r, []).append((k, letter))
    return tuple("".join(letter for _, letter in sorted(row)) for _, row in sorted(rows.items()))


def laid_out(s: RothOwn, c: RothContent, whole: bool = False) -> RothContent:
    """The content with the board the rules read: the maps as the state's layout lays them (the
    Standard Game shuffles them), in the Unknown Land only the regions explored (``whole``: every
    region where it lies, face down or not - the table's own knowledge, for turning one up). The
    introductory game's layout is the content's own board; others are built once and kept."""
    if not s.layout:
        return c
    asked = (id(c), whole, tuple(s.layout), () if whole else tuple(s.explored))   # cheap: the rules ask often
    hit = _LAID.get(asked)
    if hit is not None and hit[0] is c:
        return hit[1]
    key = tuple(s.layout) if whole else lying_layout(s)
    if key == own_layout(c):
        laid = c
    else:
        laid = dataclasses.replace(c, board=relaid(c.board, list(key), FACE_DOWN))
    if len(_LAID) >= _LAID_MOST:
        _LAID.clear()
    _LAID[asked] = (c, laid)
    return laid


# -- reading the state with its content --------------------------------------------------------------

def artifact(s: RothState, c: RothContent, instance: str) -> RothArtifact | None:
    """The artifact a thing is: a yellow counter's, the one on a turned counter's back, or one a task
    or a deed gives by its artifact id (the magic objects); None for a counter that is no artifact."""
    if instance not in c.instances:
        return c.artifacts.get(instance)
    spec = c.spec(instance)
    aid = spec.artifact or (spec.back if instance in s.backs else "")
    return c.artifacts.get(aid)


def held_tasks(s: RothState, c: RothContent, hero: str) -> list[TaskSpec]:
    """The tasks on the hero's sheet, as the family's task specs."""
    return [c.spec(t).task for t in s.sheets[hero].tasks if c.spec(t).task is not None]


def sees(s: RothState, c: RothContent, hero: str, instance: str) -> bool:
    """Whether the hero sees a counter (Return of the Heroes, Counters): "Artifacts on the map with a
    blue/yellow border are part of a task, and these are only visible to the player whose task it is
    to find this artifact. The other players simply must ignore it"; "the counters with half their
    bordering in purple are part of a heroic deed and are thus only visible to the one with the
    matching heroic deed". Every other counter is seen by all, and so is a thing lying that is no
    counter (a magic object a dead hero left)."""
    if instance not in c.instances:
        return True
    spec = c.spec(instance)
    if spec.deed:
        return spec.deed in s.at[hero].deeds
    if spec.border == "blue/yellow":
        return any(spec.id in (t.find, t.to_person, t.bring) for t in held_tasks(s, c, hero))
    return True


def name(s: RothState, c: RothContent, inst: str | None) -> str:
    """A thing's name as the players see it: a turned counter's back, an artifact lying by its own id."""
    if inst is None:
        return "-"
    if inst not in c.instances:
        a = c.artifacts.get(inst)
        return a.name if a is not None else inst
    spec = c.spec(inst)
    if inst in s.backs and spec.back in c.artifacts:
        return c.artifacts[spec.back].name
    return spec.name
