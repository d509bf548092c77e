"""The "Heroes" rules family: Heroes in the Underworld, Return of the Heroes, Under the Shadow
of the Dragon (and Heldentaufe's heroes). Built once here; each game adds what is its own.

What the family shares, as plain data and pure functions:

- ``sheet``: the hero sheet - three skills, movement, natural and artificial life points, gold,
  item slots (one armour plus shield/helmet, one weapon plus combinable ones), task slots,
  experience cubes by colour with the sheet's dice thresholds; death and rebirth.
- ``trials``: the skill trial - roll 2 dice, or 3/4/5 by experience, keep two, succeed at or
  under the modified skill; combat against counters with one or more hearts.
- ``counters``: counters by border colour (creature, black creature, encounter, task, item,
  event), permitted skills by coloured dots (gray dot = fewest cubes, ties returned), and the
  turn's action rules ("combat before any other action", "a lost combat ends the actions").

``overlord.games.heroes.family`` re-exports the whole API.
"""
