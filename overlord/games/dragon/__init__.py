"""Under the Shadow of the Dragon (the rules: the Under the Shadow of the Dragon rulebook), the
first game written on the game interface from the start. The program plays all that is not a
hero's: the bag and its draws, where drawn counters go, the events, the creatures, the hazards, the
Dragon Man and the Dragon; in the co-operative mode (ours) also the Dragon's deck.

What is shared with Return of the Heroes lives in ``overlord.games.heroes`` (region maps, the bag
and placement, hidden fields, tasks, markets, death, trials, sheets; the family's state, which
``state.DragonState`` extends, one draw a turn and its placement, wounds, death and rebirth,
steps, hidden routes and the fight forced on arrival). This package holds only what is the
Dragon's, and its parts of the family's rules (``draws.BAG``, ``life.LIFE``, ``moves.MOVES``):

- ``content`` the formats of its YAML files and their checks; ``load`` the file kinds and the loader
- ``state`` plain data; ``setup`` the book's set-up; ``machines`` the Dragon, the Dragon Man and
  the co-operative round as state machines written as data
- ``turns`` a hero's turn as legal actions, the rounds, the Dragon phase; ``moves`` movement and
  its hazards; ``jumps`` the Boots of Jumping; ``fights`` creatures, scroll beings, loremasters,
  the Dragon Man and the lair; ``actions`` encounters, tasks, artifacts, the market, healing;
  ``spells`` the City's spells (Vision, Clairvoyance...) and the Mage's spell for his gold;
  ``draws`` the bag;
  ``events`` the book's events and the Dragon deck's effects; ``life`` hit points, gold, death,
  the end of the game
- ``game`` the GameRules; ``bots`` heuristic and random heroes; ``narrate`` the events in words,
  the board as text; ``table`` the commands at a table; ``agents`` the PettingZoo view;
  ``invariants`` what the soak checks
"""
