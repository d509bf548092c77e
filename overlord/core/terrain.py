"""Terrain: a table of named kinds with the properties movement and sight look at.

The defaults are the Descent 2e terrains the Forgotten Souls text assumes (see DESIGN.md,
"Descent 2e facts"); a scenario or map file may add kinds or redefine one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Terrain:
    name: str
    cost: int = 1                 # movement points to enter
    blocks_move: bool = False     # cannot be entered; also not counted through
    blocks_los: bool = False      # lines of sight may not pass through or along it
    damage: int = 0               # damage suffered on entering (monsters never enter it)
    pit: bool = False             # a figure inside sees only adjacent spaces and must climb out first

    def to_json(self) -> dict:
        return {"cost": self.cost, "blocks_move": self.blocks_move, "blocks_los": self.blocks_los,
                "damage": self.damage, "pit": self.pit}


DEFAULT_TERRAINS: tuple[Terrain, ...] = (
    Terrain("floor"),
    Terrain("wall", blocks_move=True, blocks_los=True),
    Terrain("nothing", blocks_move=True, blocks_los=True),   # off the map: a wall in every way
    Terrain("water", cost=2),
    Terrain("obstacle", blocks_move=True, blocks_los=True),
    Terrain("pit", damage=2, pit=True),
    Terrain("lava", damage=1),
    Terrain("sludge", cost=2),
)

DEFAULT_LEGEND: dict[str, str] = {
    "#": "wall",
    " ": "nothing",
    ".": "floor",
    "~": "water",
    "o": "obstacle",
    "p": "pit",
    "l": "lava",
}

TERRAIN_FIELDS = ("cost", "blocks_move", "blocks_los", "damage", "pit")


class TerrainTable:
    """Terrains by name and by dense index (boards store the index per space)."""

    def __init__(self, terrains: tuple[Terrain, ...] | list[Terrain] = DEFAULT_TERRAINS):
        self._by_name: dict[str, Terrain] = {}
        for t in terrains:
            self._by_name[t.name] = t
        self._order = list(self._by_name)

    def with_kinds(self, extra: dict[str, dict]) -> "TerrainTable":
        """A new table with kinds added or redefined from ``{name: {field: value}}``."""
        terrains = dict(self._by_name)
        for name, props in extra.items():
            base = terrains.get(name, Terrain(name))
            terrains[name] = replace(base, **props)
        return TerrainTable(tuple(terrains.values()))

    def __contains__(self, name: str) -> bool:
        return name in self._by_name

    def __getitem__(self, name: str) -> Terrain:
        return self._by_name[name]

    def index(self, name: str) -> int:
        return self._order.index(name)

    def by_index(self, i: int) -> Terrain:
        return self._by_name[self._order[i]]

    @property
    def names(self) -> list[str]:
        return list(self._order)

    def __iter__(self):
        return iter(self._by_name.values())
