"""The state of a Descent co-op game as plain data (round-trips through JSON, see
``overlord.core.state``): the tracks, the decks, the dungeon, every figure and token, the
generator's state, and the log. Everything else is derived from it and the quest's content."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.decks import Deck
from ...core.state import events
from .tracks import LootTrack, OverlordTrack
from .dungeon import Dungeon


@dataclass
class FigureState:
    """A hero or a monster. Damage taken is kept, not health left: a figure's health comes from
    its card for the current act (a monster) or its hero sheet, so Act II applies to monsters
    already on the map ("Transition to Act II")."""

    id: str
    side: str                        # "heroes" | "monsters"
    at: list[int]                    # dungeon coordinates of the top-left space (a knocked-out hero's token)
    size: list[int]
    damage: int = 0                  # damage taken
    group: str = ""                  # monsters: group id
    rank: str = ""                   # monsters: "minion" | "master"
    conditions: list[str] = field(default_factory=list)
    encounter: str = ""              # the encounter it was spawned in
    fatigue: int = 0                 # heroes: fatigue suffered (0..stamina)
    knocked_out: bool = False        # heroes: defeated, not a figure on the map until it stands up
    sheet: str = ""                  # heroes: the hero sheet's id
    max_health: int = 0              # heroes: health on the sheet (or as the table reported it)
    stamina: int = 0                 # heroes: stamina on the sheet (or as reported)


@dataclass
class TokenState:
    token: str
    at: list[int]
    encounter: str


@dataclass
class DescentState:
    scenario: str                    # the scenario file
    seed: int
    heroes: list[str]
    rng: dict
    track: OverlordTrack
    loot: LootTrack
    exploration: Deck
    activation: Deck
    peril: Deck
    dungeon: Dungeon
    current_encounter: str
    active_exploration: str | None
    phase: str = "setup"
    round: int = 0
    act: str = "I"
    hourglass: dict[str, int] = field(default_factory=dict)     # "card:line" -> fatigue tokens
    figures: list[FigureState] = field(default_factory=list)
    tokens: list[TokenState] = field(default_factory=list)
    shop: dict[str, Deck] = field(default_factory=dict)         # the Shop Item decks by act
    items: dict[str, list[str]] = field(default_factory=dict)   # each hero's Shop Items from loot
    search: dict[str, list[str]] = field(default_factory=dict)  # at a table: each hero's Search cards, as reported
    loot_due: list[dict] = field(default_factory=list)           # at a table: loot drawn from the players' deck, not yet told
    search_due: list[str] = field(default_factory=list)          # at a table: heroes who drew a Search card not yet told
    turn_done: list[str] = field(default_factory=list)           # heroes who ended their turn this round
    main_encounters_completed: int = 0
    failed: str | None = None
    exploring_hero: str | None = None                            # who opened the door of the current encounter
    fired: list[str] = field(default_factory=list)               # "card:i" triggers that fired while the card is active
    rested: list[str] = field(default_factory=list)              # heroes who rested this turn (fatigue recovered at its end)
    moved: list[str] = field(default_factory=list)               # heroes who moved this turn
    used: list[str] = field(default_factory=list)                # "hero:ability" used this round
    pending: dict | None = None                                  # at a table: a command waiting for attack results
    last: dict | None = None                                     # at a table: the last command, to play it again (`choose`)
    # headless play (the game interface: ``game.Descent``), the heroes' phase of a round:
    order: list[str] | None = None                               # heroes yet to begin their turn; None: not chosen yet
    acting: str = ""                                             # the hero whose turn it is
    actions_left: int = 0                                        # ... and the actions it has left
    log: list[dict] = events()

    def figure(self, fid: str) -> FigureState:
        for f in self.figures:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def monsters(self) -> list[FigureState]:
        return [f for f in self.figures if f.side == "monsters"]

    def hero_figures(self) -> list[FigureState]:
        return [f for f in self.figures if f.side == "heroes"]

    def heroes_up(self) -> list[FigureState]:
        """Heroes on the map: not knocked out."""
        return [f for f in self.figures if f.side == "heroes" and not f.knocked_out]


def upgrade(data: dict, health_of) -> dict:
    """A state saved before damage was kept (figures had ``health`` left): damage from it.
    ``health_of(figure dict)`` is the figure's full health."""
    for f in data.get("figures", []):
        if "health" in f and "damage" not in f:
            full = health_of(f)
            f["damage"] = max(0, full - f.pop("health"))
            if f.get("side") == "heroes":
                f.setdefault("max_health", full)
                f["knocked_out"] = f["damage"] >= full
    return data
