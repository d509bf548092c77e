"""The state of a Descent co-op game as plain data (round-trips through JSON, see
``overlord.core.state``): the tracks, the decks, the dungeon, every figure and token, the
generator's state, and the log. Everything else is derived from it and the quest's content."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.decks import Deck
from ...core.state import events
from ...core.tracks import LootTrack, OverlordTrack
from .dungeon import Dungeon


@dataclass
class FigureState:
    id: str
    side: str                        # "heroes" | "monsters"
    at: list[int]                    # dungeon coordinates of the top-left space
    size: list[int]
    health: int                      # remaining
    group: str = ""                  # monsters: group id
    rank: str = ""                   # monsters: "minion" | "master"
    conditions: list[str] = field(default_factory=list)
    encounter: str = ""              # the encounter it was spawned in


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
    turn_done: list[str] = field(default_factory=list)           # heroes who ended their turn this round
    main_encounters_completed: int = 0
    failed: str | None = None
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
