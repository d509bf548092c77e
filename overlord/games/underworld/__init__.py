"""Heroes in the Underworld: what this game adds to the Heroes rules family
(``overlord.games.heroes``), and the co-operative game in which the program plays the Damned One.

The rules, as plain data and pure functions over :class:`state.UnderworldState`:

- ``tiles``: the map from Styx (three stacks, arrows, a new tile beside the hero's, the first
  move, walking), and a ``core.tiles.TileBoard`` of it for the movement vocabulary;
- ``state``: the game's state, counter kinds and instances, where every counter lies;
- ``markers``: Adventure markers drawn onto tiles and turned face up;
- ``combat``, ``treasure``, ``items``, ``places``, ``duels``: what heroes do (fights, the
  treasure heap, items, Styx/Lethe/encounters/tasks, Duels); ``handling``: what they share
  (moving counters, life loss, death and rebirth);
- ``darkside``: the Dark Side track; ``machines``: the Damned One's and the Avatars' state
  machines as data; ``damned``: Avatars revealed and banished, the Damned One coming into play;
  ``battle``: the final battle; ``scoring``: victory points.

The co-operative game: ``dark`` (the Damned One's Dark phase: its deck, its counters' moves and
strikes, perils), ``engine`` (a hero's turn as legal actions, rounds), ``setup`` (content to
game), ``invariants`` (what must hold after every step).
"""

from . import kinds as _kinds  # noqa: F401 - imported for its effect: registers the Underworld's content kinds
