"""Boards of named fields joined by routes (Return of the Heroes, "Movement"; Under the Shadow
of the Dragon, "Movement is effected by following the routes from field to field").

Each field is one space; a route joins two fields both ways, and moving along it into a field
costs that field's terrain (1 movement point on a normal tan field). A map file lists both::

    {"kind": "routes",
     "fields": [{"id": "T2"}, {"id": "T3"}, {"id": "V9", "terrain": "floor"}],
     "routes": [["T2", "T3"], ["T3", "V9"]]}

Line of sight is the base rule: the same or an adjacent field.
"""

from __future__ import annotations

import difflib
from typing import Sequence

from .board import Board, BoardError
from .terrain import TerrainTable


def _unknown(fid, known: Sequence[str], where: str) -> BoardError:
    """'no field X', suggesting the nearest known id."""
    near = difflib.get_close_matches(fid, known, n=1) if isinstance(fid, str) else []
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    return BoardError(f"{where}no field {fid!r}{hint}")


class RouteBoard(Board):
    kind = "routes"
    los_rule = "same or adjacent field (adjacent: joined by a route)"
    stacking = True

    def __init__(self, fields: Sequence[dict], routes: Sequence[Sequence[str]],
                 terrains: TerrainTable | None = None):
        terrains = terrains or TerrainTable()
        if not fields:
            raise BoardError("a route map needs at least one field")
        index: dict[str, int] = {}
        terrain: list[int] = []
        for i, f in enumerate(fields):
            fid = f.get("id") if isinstance(f, dict) else None
            if not isinstance(fid, str) or not fid:
                raise BoardError(f"field {i + 1}: needs an 'id' (a non-empty string)")
            if fid in index:
                raise BoardError(f"field id {fid!r} is used twice")
            name = f.get("terrain", "floor")
            if name not in terrains:
                raise BoardError(f"field {fid!r}: unknown terrain {name!r} (known: {', '.join(terrains.names)})")
            index[fid] = len(index)
            terrain.append(terrains.index(name))
        neighbours: list[set[int]] = [set() for _ in index]
        for i, route in enumerate(routes):
            where = f"route {i + 1} {route!r}"
            if not isinstance(route, (list, tuple)) or len(route) != 2:
                raise BoardError(f"{where}: a route joins exactly two fields, written [a, b]")
            a, b = route
            for end in (a, b):
                if not isinstance(end, str) or end not in index:
                    raise _unknown(end, list(index), f"{where}: ")
            if a == b:
                raise BoardError(f"{where}: a route must join two different fields, not {a!r} to itself")
            neighbours[index[a]].add(index[b])
            neighbours[index[b]].add(index[a])
        super().__init__(terrains, terrain, [sorted(n) for n in neighbours], list(index))

    def node_of(self, at) -> int:
        """The node of a field, by its id."""
        if isinstance(at, str) and at in self._label_index:
            return self._label_index[at]
        raise _unknown(at, self.labels, "")
