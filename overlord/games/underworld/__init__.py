"""Heroes in the Underworld: what this game adds to the Heroes rules family
(``overlord.games.heroes``).

- ``tiles``: the Underworld map as plain data and pure functions - map tiles by kind (Styx,
  places, areas, passageways) with their printed exits and directional arrows; setup (Styx in
  the centre, the other tiles shuffled into 3 face-down stacks, every hero on Styx); Phase 1,
  "Extending the Underworld" (where a new tile may go, drawing and orienting it, the Adventure
  marker); the first-move rule of Phase 2; and a ``core.tiles.TileBoard`` of the map so the
  movement vocabulary (``overlord.ai.movement``) works on it.
"""
