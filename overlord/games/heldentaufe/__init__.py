"""Heldentaufe (the rules: the Heldentaufe rulebook): heroes explore an Upper World of area tiles,
go down through portals into a hex Underworld, and take teeth from the three monsters that the
program, as the monster boss, plans for.

Modules, from the bottom up:

- ``content``: the formats of the six content files and the scenario (pydantic), their checks
  with FILE:LINE:COL, and the loaded :class:`~.content.Content`;
- ``board``: the hex Underworld compiled into a compact graph, the Upper World's square grid;
- ``state``: the game state as plain dataclasses (every token in one place);
- ``machines``: the Underworld's cycle and a monster's life, state machines written as data;
- ``dice``: the combat die (the attacker wins ties) and its odds;
- ``heroes``: the hero board (abilities, tokens, food, potions, knocked out);
- ``monsters``: the monster boards, teeth, wounds, kills and the rebuild;
- ``upper``: exploring and the Upper World's areas and buildings;
- ``under``: going down, the treasure and the dangers, losing hearts, leaving and rebuilding;
- ``missions``: the 33 mission cards; ``fights``: fights in the Underworld; ``clock``: the
  co-operative clock and the end of a game;
- ``planner``: the monster boss's plans (every plan of up to 4 points, merged, scored by an ordered
  key over the combat dice, ties returned) and the greedy baseline; ``boss``: the monsters' turn;
- ``engine``: a game as legal actions and their effects, turn order, the monsters' turn;
- ``invariants`` (the soak's checks), ``bots`` (random and heuristic heroes), ``narrate``,
  ``picture``, ``table`` (``overlord play``), ``agents`` (the PettingZoo view), and ``game``: the
  :class:`~overlord.core.game.GameRules` the registry names.

Every reading of an unclear sentence is in the module that applies it and in the table
of readings (docs/readings.md, "Heldentaufe").
"""
