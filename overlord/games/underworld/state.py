"""The state of a Heroes in the Underworld game as plain data, and where every counter is.

Counters
--------
The game's 80 counters are *kinds* (``CounterSpec``, the catalogue that content ships) and
*instances*: one id per physical counter, ``<kind>`` when the kind has one copy and
``<kind>-<n>`` (1-based) when it has several (``trap-1``, ``trap-2``...). Every instance lies in
exactly one place, and :func:`locations` lists them all, so "no counter is lost or duplicated
between map, heaps, sheets and the Damned One's card" is one comparison with :func:`instances`.

Places a counter can be:

=================  =======================================================================
``adventure``      the face-down Adventure markers ("one simply makes a pile of face down
                   markers. If a marker is to be pulled, one may select any")
``treasure``       the face-down treasure heap
``treasure_up``    face-up treasure markers put back beside the heap ("The treasure marker is
                   put back in the heap and remains revealed")
``tile:<id>``      lying on a map tile (``UnderworldMap.placed[i].markers``); face up when the
                   id is in ``revealed``
``items:<hero>``   on a hero sheet's item boxes (``HeroSheet.items[i].id``)
``tasks:<hero>``   on a hero sheet's task boxes (``HeroSheet.tasks``)
``trap:<hero>``    the trap a hero is caught in (``trapped``)
``card``           on the Damned One's reference card: the special weapons at the start, the
                   Damned One's marker until it comes into play, the banished Avatars
``aside``          the Damned One's marker kept aside until Chaos is revealed
``removed``        out of the game
=================  =======================================================================
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np

from ...core.decks import Deck
from ...core.rng import rng_from_state, rng_state
from ...core.state import events, from_json, shared

from ..heroes.sheet import HeroSheet
from .tiles import ADVENTURE, UnderworldMap

DARK_SIDE_BOXES = 11   # "If there are 11 Shadow Cubes on the Dark Side, the game is over!"

# what a counter is; the border it is printed with; the heap it starts in
KIND_BORDER = {
    "creature": "red",            # Alekto, Megaira, ... (Adventure markers)
    "black_creature": "gray",     # Ixion, Sisyphos, ... (Adventure markers, blue base: become tasks)
    "avatar": "gray",             # the Damned One's three images (Adventure markers)
    "encounter": "green",         # Hekate, Hermes, Hypnos, ...
    "task": "blue",               # Aiakos, Hades, Persephone, ...
    "item": "yellow",             # treasure markers that are items
    "black_weapon": "yellow",     # Soul Sword, Black Crossbow, Black Staff (treasure markers)
    "trap": "gray",               # traps of the Damned One (treasure markers)
    "damned_creature": "gray",    # creatures of the Damned One (treasure markers)
    "special_weapon": "yellow",   # on the Damned One's card at the start
    "damned_one": "gray",         # the Damned One's marker (on its card at the start)
}
KIND_HEAP = {
    "creature": "adventure", "black_creature": "adventure", "avatar": "adventure",
    "encounter": "adventure", "task": "adventure",
    "item": "treasure", "black_weapon": "treasure", "trap": "treasure", "damned_creature": "treasure",
    "special_weapon": "card", "damned_one": "card",
}
ENEMY_KINDS = ("creature", "black_creature", "avatar", "damned_creature", "damned_one")
# kinds that put a shadow cube on the Dark Side when drawn / revealed / taken (HitU, "Shadow Cubes
# of the Damned One")
FEEDS_DARK_SIDE = ("black_creature", "avatar", "trap", "damned_creature", "black_weapon")


@dataclass
class CounterSpec:
    """A counter kind as printed. Values the rulebook does not give are ours (``ours`` names
    them, so that the YAML and the docs can say so)."""

    id: str
    name: str
    kind: str                                               # a key of KIND_BORDER
    copies: int = 1
    dots: dict[str, int] = field(default_factory=dict)      # dot colour -> modifier
    hearts: int = 1
    reward: list[list[str]] = field(default_factory=list)   # cubes; each the colours one may choose
    treasure: int = 0                                       # treasure markers as reward
    gold: int = 0                                           # gold as reward / in a gold bag
    prison: str = ""                                        # black creature: "Erebos" | "Tartaros"
    destination: str = ""                                   # task: the place it must be brought to
    # items and weapons
    slot: str = "other"                                     # weapon | armour | shield | helmet | other
    bonus: dict[str, int] = field(default_factory=dict)     # skill -> +n
    movement: int = 0
    life: int = 0
    combinable: bool = False
    black: str = ""                                         # black weapon: its skill
    # what it does beyond the common rules, by name (see the game's rules modules)
    effect: str = ""
    grants: str = ""                                        # encounter/task: special weapon it gives
    ours: list[str] = field(default_factory=list)           # fields whose values are ours
    text: str = ""                                          # our own one-line rules text


@dataclass
class TurnState:
    """The active hero's turn: HitU "Course of Play", phases 1-3."""

    hero: str
    phase: str = "extend"            # agents.PHASES: "extend" | "orient" | "move" | "act" | "done"
    mp_left: int = 0
    moved: int = 0                   # tiles entered this turn
    actions: list[str] = field(default_factory=list)   # actions taken, in order
    combat_lost: bool = False        # "All further hero actions are lost"
    started_on: str = ""             # the tile the hero began the turn on (Styx healing)
    pending: list[str] = field(default_factory=list)   # counters that must be dealt with now
    pending_tile: list = field(default_factory=list)   # [stack, side] of a drawn tile to turn


@dataclass
class UnderworldState:
    scenario: str
    seed: int
    heroes: list[str]                            # in turn order
    rng: dict
    map: UnderworldMap
    catalogue: dict[str, CounterSpec] = shared()  # counter kinds by id (content: clones share it)
    sheets: dict[str, HeroSheet]
    adventure: list[str] = field(default_factory=list)
    treasure: list[str] = field(default_factory=list)
    treasure_up: list[str] = field(default_factory=list)
    revealed: list[str] = field(default_factory=list)      # face-up counters on map tiles
    card: list[str] = field(default_factory=list)          # on the Damned One's reference card
    aside: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    trapped: dict[str, str] = field(default_factory=dict)  # hero -> trap instance
    dark_side: int = 0                                      # shadow cubes on the Dark Side
    damned: str = "dormant"                                 # the Damned One machine's state
    avatars: dict[str, str] = field(default_factory=dict)   # avatar instance -> its machine's state
    solitaire: bool = False
    uses: dict[str, int] = field(default_factory=dict)      # solitaire corners used, by tile/counter
    round: int = 1
    turn: TurnState | None = None
    outcome: str = ""                                       # "" while playing
    reason: str = ""
    winner: str = ""                                        # the hero who won (or lesser victory)
    rules: dict = field(default_factory=dict)               # the scenario's named flags
    log: list[dict] = events()
    # the co-operative game against the program (``overlord.games.underworld.dark``)
    dark_deck: Deck | None = None                           # the Damned One's activation deck
    peril_deck: Deck | None = None                          # Underworld events
    last_hero: str = ""                                     # whose turn came last


# -- counters ---------------------------------------------------------------------------------

def instance_ids(spec: CounterSpec) -> list[str]:
    """The ids of a kind's physical counters."""
    if spec.copies == 1:
        return [spec.id]
    return [f"{spec.id}-{n}" for n in range(1, spec.copies + 1)]


def kind_of(state: UnderworldState, cid: str) -> CounterSpec:
    """The kind of counter instance ``cid``."""
    spec = state.catalogue.get(cid)
    if spec is None:
        base, _, n = cid.rpartition("-")
        spec = state.catalogue.get(base) if n.isdigit() else None
    if spec is None:
        raise KeyError(f"no counter {cid!r} in this game")
    return spec


def instances(catalogue: dict[str, CounterSpec]) -> list[str]:
    """Every counter instance of the game, sorted."""
    return sorted(i for spec in catalogue.values() for i in instance_ids(spec))


def locations(state: UnderworldState) -> dict[str, list[str]]:
    """Every counter instance found in the state -> the places it was found (one each when the
    state is sound). Map placeholders for undrawn Adventure markers are not counters."""
    seen: dict[str, list[str]] = {}

    def put(cid: str, where: str) -> None:
        seen.setdefault(cid, []).append(where)

    for name in ("adventure", "treasure", "treasure_up", "card", "aside", "removed"):
        for cid in getattr(state, name):
            put(cid, name)
    for tile in state.map.placed:
        for cid in tile.markers:
            if cid != ADVENTURE:
                put(cid, f"tile:{tile.id}")
    for hero, sheet in state.sheets.items():
        for item in sheet.items:
            put(item.id, f"items:{hero}")
        for task in sheet.tasks:
            put(task, f"tasks:{hero}")
    for hero, trap in state.trapped.items():
        put(trap, f"trap:{hero}")
    return seen


def counter_problems(state: UnderworldState) -> list[str]:
    """Counters lost, duplicated or unknown: empty when every instance lies in exactly one place."""
    found = locations(state)
    problems = []
    expected = instances(state.catalogue)
    for cid in expected:
        where = found.get(cid, [])
        if not where:
            problems.append(f"counter {cid} is nowhere (lost)")
        elif len(where) > 1:
            problems.append(f"counter {cid} is in {len(where)} places: {', '.join(where)}")
    for cid in sorted(set(found) - set(expected)):
        problems.append(f"counter {cid} is not one of this game's counters (found in {', '.join(found[cid])})")
    revealed_off_map = [c for c in state.revealed if not any(w.startswith("tile:") for w in found.get(c, []))]
    for cid in revealed_off_map:
        problems.append(f"counter {cid} is marked face up on the map but lies {', '.join(found.get(cid, ['nowhere']))}")
    return problems


# Where the rules let each kind of counter lie (places as in :func:`locations`, ``tile:<id>`` as
# ``tile``), and above all which kinds may leave play (``removed``): "Markers with a red border
# are taken from the board", "Creatures of the Damned One ... are removed from the board", "A
# trap is removed from play as soon as the hero passes the skill check", a fulfilled task and a
# black creature locked up in its prison leave the game; an encounter only when its four corners
# are used up (the Low Demon; solitaire Hypnos and the Well) and the Damned One only when it is
# defeated. Items go face up beside the heap, special weapons back to the card, Avatars onto it:
# they never leave play.
KIND_PLACES = {
    "creature": ("adventure", "tile", "removed"),
    "black_creature": ("adventure", "tile", "tasks", "removed"),
    "avatar": ("adventure", "tile", "card"),
    "encounter": ("adventure", "tile", "removed"),
    "task": ("adventure", "tile", "tasks", "removed"),
    "item": ("treasure", "treasure_up", "items"),
    "black_weapon": ("treasure", "treasure_up", "items"),
    "trap": ("treasure", "treasure_up", "trap", "removed"),
    "damned_creature": ("treasure", "treasure_up", "tile", "removed"),
    "special_weapon": ("card", "items"),
    "damned_one": ("card", "aside", "tile", "removed"),
}
CORNERS_USED = 4      # an encounter leaves play with its four corners used ("If 1 LP is in each corner")


def leaving_problems(state: UnderworldState) -> list[str]:
    """Counters lying where the rules never send their kind (:data:`KIND_PLACES`): no counter leaves
    play except where the rules send it."""
    problems = []
    for cid, places in locations(state).items():
        try:
            spec = kind_of(state, cid)
        except KeyError:
            continue                          # counter_problems names it
        for place in places:
            kind = place.partition(":")[0]
            if kind not in KIND_PLACES[spec.kind]:
                problems.append(f"counter {cid} ({spec.kind}) lies in {place}, where the rules never send it")
            elif kind == "removed" and spec.kind == "encounter" and state.uses.get(f"corners:{cid}", 0) < CORNERS_USED:
                problems.append(f"encounter {cid} left play with {state.uses.get(f'corners:{cid}', 0)} of its "
                                f"{CORNERS_USED} corners used")
            elif kind == "removed" and spec.kind == "damned_one" and state.outcome != "won":
                problems.append(f"the Damned One's marker {cid} left play but it was not defeated")
    return problems


def where(state: UnderworldState, cid: str) -> str:
    """The one place counter ``cid`` lies (raises if it is lost or duplicated)."""
    places = locations(state).get(cid, [])
    if len(places) != 1:
        raise KeyError(f"counter {cid} is in {len(places)} places: {places}")
    return places[0]


def tile_of_hero(state: UnderworldState, hero: str) -> str:
    return state.map.heroes[hero]


def _counters(t) -> list[str]:
    return [c for c in t.markers if c != ADVENTURE]


def counters_on(state: UnderworldState, tile: str) -> list[str]:
    """The counters lying on a placed tile (not the undrawn-marker placeholder)."""
    for t in state.map.placed:
        if t.id == tile:
            return _counters(t)
    raise KeyError(f"tile {tile!r} is not placed")


def counters_by_tile(state: UnderworldState) -> dict[str, list[str]]:
    """:func:`counters_on` of every placed tile at once."""
    return {t.id: _counters(t) for t in state.map.placed}


@contextmanager
def rolling(state: UnderworldState):
    """The game's generator, rebuilt from ``state.rng`` and written back after use: every draw
    (dice, treasure picks, tile orientation) goes through this, so state alone replays a game.

        with rolling(state) as rng:
            rng.integers(1, 7, size=2)
    """
    rng: np.random.Generator = rng_from_state(state.rng)
    try:
        yield rng
    finally:
        state.rng = rng_state(rng)


def load_state(data: dict) -> UnderworldState:
    """A state from its JSON data (``core.state.to_json`` / ``dumps``, which keep every
    mapping's order: a sheet's skills, a counter's dots - the order rules read them in)."""
    return from_json(UnderworldState, data)
