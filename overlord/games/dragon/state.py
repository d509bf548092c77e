"""The state of a Dragon game: plain data that goes through JSON unchanged (``overlord.core.state``).

The family's state (``overlord.games.heroes.state``: the heroes, the bag, the board's counters,
the markets, the round and the turn) extended with the Dragon's own: a hero's figure
(:class:`HeroState`: his manor, the Basilisk's confusion, spells made ready, the Bag of Gold...),
the turn (:class:`TurnState`), and the hoard, the machines, the fallen and the Dragon deck
(:class:`DragonOwn`). Saved in the order the Dragon's saves always had.

Every counter instance lies in exactly one place (checked by ``invariants``), as the family's
state says; the City of the Mages' pile is ``market``, and a counter turned over (the Phoenix
giving its scroll) is in ``backs``: it is the artifact on its back wherever it lies.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from overlord.core.decks import Deck
from overlord.games.heroes.sheet import gain_cube
from overlord.games.heroes.state import HeroesBoard, HeroesCtx, HeroesState

from .load import ArtifactSpec, CounterSpec, DragonContent


@dataclass
class HeroState:
    field: str
    manor: str
    between: str = ""          # searching for the hidden route to this field: the figure stands between
    out: bool = False          # fell to the Dragon: "The dead Halfling remains dead"
    confused: bool = False     # the Basilisk's gaze: moved by the player on his left next turn
    generation: int = 1        # 2 for the son or daughter of the first, ...
    primed: str = ""           # an Experience spell made ready for the next trial
    purse: int = 0             # the gold piece in the Bag of Gold
    found: list[str] = dataclasses.field(default_factory=list)     # level 3-4 tasks whose finding gold is paid
    strength: list[str] = dataclasses.field(default_factory=list)  # Strength spells cast (beside the sheet)
    known: list[str] = dataclasses.field(default_factory=list)     # covered counters the hero has looked at (Vision)


@dataclass
class TurnState:
    hero: str = ""
    phase: str = "move"        # move, act (movement is over), over (nothing but ending the turn)
    mp: int = 0
    fresh: bool = True         # nothing done yet: the manor's rest, the Smithy, the dump's teleporter
    entered: str = ""          # the field the last step entered (a teleporter or corner may be rolled)
    drawn: bool = False        # the turn's one draw from the bag is used
    combat: str = ""           # the creature that must be fought now
    fought: bool = False
    used: list[str] = field(default_factory=list)      # encounters used this turn
    invisible: bool = False
    rummaged: bool = False     # rolled on the garbage dump this turn
    acted: bool = False        # an action was taken (it ends movement; the Paladin heals with none)
    market: bool = False       # a market was called this turn
    why_over: str = ""


@dataclass
class DragonOwn(HeroesBoard[HeroState]):
    """What the Dragon's state holds beyond the family's (``overlord.games.heroes.state``): the
    hoard, the Dragon's, the Dragon Man's and the co-operative round's machines, the fallen and the
    book's results, the Dragon deck."""

    at: dict[str, HeroState]   # named again: saves read the Dragon's figures back
    # aside: waiting to enter the bag (the expansion's Dragon counters); co-operative: the Events the deck plays
    # pending: a choice the players owe: {"place": counter, "hero": h}, {"steer": confused hero, "hero": the
    # player on his left}, or {"draw": why, "hero": h, "then_bag": a counter waiting aside to go into the bag
    # after the draw}: draw, or cast Clairvoyance to pick instead
    hoard: int = 0
    dragon: str = "in_bag"     # the "dragon" machine's state
    dragon_life: int = 0
    dragon_man: str = "in_bag"  # the "dragon-man" machine's state
    phase: str = "heroes"      # the "dragon-phase" machine's state
    storm: bool = False
    follow_up: int = 0         # after a challenger fell: rounds (co-op) or turns (book) left
    fallen: list[str] = field(default_factory=list)
    results: dict[str, str] = field(default_factory=dict)   # book: hero -> major, minor, dragon
    dragon_deck: Deck | None = None


@dataclass
class DragonState(HeroesState[HeroState, TurnState], DragonOwn):
    """A Dragon game: the family's board (mode: coop or book), the Dragon's own fields, the
    family's clock; saved in that order."""

    turn: TurnState = field(default_factory=TurnState)


# -- reading the state with its content --------------------------------------------------------------

def counter(c: DragonContent, instance: str) -> CounterSpec:
    """The counter ``instance`` is; a thing that is no counter (a combined game's artifact carried in from
    another box, known by its id) is a yellow counter of that artifact."""
    if instance not in c.instances and instance in c.artifacts:
        a = c.artifacts[instance]
        return CounterSpec(instance, a.name, "yellow", "elsewhere", artifact=instance, text=a.text)
    return c.spec(instance)


def artifact(s: DragonState, c: DragonContent, instance: str) -> ArtifactSpec | None:
    """What a counter is as an artifact now: its back once turned over, its face for a yellow
    counter, else None; a thing that is no counter is the artifact of its id (a combined game's magic
    objects of Return of the Heroes)."""
    if instance not in c.instances:
        return c.artifacts.get(instance)
    spec = c.spec(instance)
    if instance in s.backs:
        return c.artifacts.get(spec.flip)       # a combined game's counter turned over to no artifact
    return c.artifacts[spec.artifact] if spec.artifact else None


def carried(s: DragonState, c: DragonContent, hero: str) -> dict[str, str]:
    """The hero's artifacts: instance -> artifact id."""
    out = {}
    for item in s.sheets[hero].items:
        a = artifact(s, c, item.id)
        if a is not None:
            out[item.id] = a.id
    return out


def carries(s: DragonState, c: DragonContent, hero: str, artifact_id: str) -> bool:
    return artifact_id in carried(s, c, hero).values()


def held_tasks(s: DragonState, c: DragonContent, hero: str):
    return [c.spec(t).task for t in s.sheets[hero].tasks if c.spec(t).task is not None]


def sees(s: DragonState, c: DragonContent, hero: str, instance: str) -> bool:
    """Whether the hero notices a counter: "Such counters are only 'visible' to the hero who has
    taken on the appropriate task. All other heroes simply pass these counters by" (tasks), and
    "Beings and materials are visible only to the hero who has the appropriate scroll" (the
    chains: a counter's ``needs``, a material's ``seen_with``). Any other artifact is seen by all
    ("Each scroll is an artifact visible to any hero")."""
    spec = counter(c, instance)
    a = artifact(s, c, instance)
    if a is not None and a.seen_with and not carries(s, c, hero, a.seen_with):
        return False
    if instance in s.backs:
        return True
    if spec.needs and not all(carries(s, c, hero, a) for a in spec.needs):
        return False
    if spec.border == "blue/yellow":
        cid = spec.id
        return any(cid in (t.find, t.to_person, t.bring) for t in held_tasks(s, c, hero))
    return True


class Ctx(HeroesCtx):
    """One step of play (``overlord.core.context``, the family's ``HeroesCtx``): the state (``s``),
    its content (``c``), the game's generator (draws from the bag, the market, the deck) and the
    heroes' dice (the same generator at a table; the players' own generator headless). ``commit``
    writes the game's generator back into the state."""

    #: how a fight in the lair ends (``fights.DragonLair``; None: the Dragon's own game's)
    lair_rules: ClassVar[Any] = None
    #: ``fearless(ctx, counter)``: a counter Fear! leaves where it is (a combined game's other box's
    #: fixtures); None: every open counter flees, as the book's game has it
    fearless: ClassVar[Any] = None
    #: ``events_enter(ctx)``: whether the five Dragon Events go into the bag when the Dragon is drawn;
    #: None: the book's game's (they do in the book's mode, the co-operative deck holds them otherwise)
    events_enter: ClassVar[Any] = None
    #: ``card_played(ctx)``: what follows a Dragon card played to its end; None: the Dragon's own
    #: game's (its phase machine's ``played``, the next round)
    card_played: ClassVar[Any] = None

    def gain_cube(self, sheet, colour: str) -> tuple[str, str]:
        """An experience cube won (the family's ``gain_cube``); a combined game's own where it changes it
        (the Underworld's shadow cubes above: none gained on their skill)."""
        return gain_cube(sheet, colour)

    def elsewhere(self, hero: str) -> bool:
        """Whether ``hero`` is off the board above and takes no part in what happens there (the Dragon's
        events): never in the Dragon's own game; a combined game's (a hero in the Underworld)."""
        return False

    def extra_skills(self, hero: str, inst: str) -> dict[str, int]:
        """The skills ``hero`` may fight the counter ``inst`` with beside its spots, each with its modifier:
        none in the Dragon's game; a combined game's (the Underworld's Advice of Hermes above)."""
        return {}

    def extra_skill_used(self, hero: str, inst: str, skill: str) -> list[dict]:
        """What fighting ``inst`` with one of :meth:`extra_skills` costs; its events."""
        return []

    def trial_modifier(self, hero: str, skill: str = "", dragon: bool = False) -> int:
        """What a trial of ``hero`` gets beside its own modifiers (``skill``: the skill tried, where a
        combined game reads it; ``dragon``: against the Dragon): 0 in the Dragon's own game; a combined
        game's own (the Underworld's Evil Mark on the map he stands on: -1)."""
        return 0

    @property
    def s(self) -> DragonState:
        return self.state

    @property
    def c(self) -> DragonContent:
        return self.content

    @property
    def board(self):
        return self.content.board
