"""The "Heroes" rules family: Heroes in the Underworld, Return of the Heroes, Under the Shadow
of the Dragon (and Heldentaufe's heroes). Built once here; each game adds what is its own.

What the family shares, as plain data and pure functions:

- ``sheet``: the hero sheet - three skills, movement, natural and artificial life points, gold,
  item slots (one armour plus shield/helmet, one weapon plus combinable ones), task slots,
  experience cubes by colour with the sheet's dice thresholds; death and rebirth.
- ``trials``: the skill trial - roll 2 dice, or 3/4/5 by experience, keep two, succeed at or
  under the modified skill; combat against counters with one or more hearts. ``odds`` their
  chances.
- ``counters``: counters by border colour (creature, black creature, encounter, task, item,
  event), permitted skills by coloured dots (gray dot = fewest cubes, ties returned), and the
  turn's action rules ("combat before any other action", "a lost combat ends the actions").
- ``regions``: the region maps (fields with colours, hidden-route numbers and drawn positions,
  routes, the layout of maps in rows) and the board built from them; ``bag`` the cloth bag's
  draw and the program's placement key; ``death`` where a dead hero's things go; ``market``,
  ``tasks`` the markets and tasks.

The turn engine, on the family's state (lifted from the Dragon; Return of the Heroes is built on it):

- ``state``: :class:`~overlord.games.heroes.state.HeroesState`, the state every game of the
  family extends - the board part (heroes, sheets, figures ``at``, the bag, the counters on the
  fields and which lie face down, counters turned over, the market's pile and offer, the removed,
  counters waiting aside, the players' pending choice) and the clock part (round, order, turn,
  outcome, log); the board's counters (``put``, ``lift``, ``where``, ``lying``, ``face_up``); the
  family's rule context ``HeroesCtx`` and what it reads of a game's content (``HeroesContent``:
  the board and each counter's face).
- ``draws``: one draw a turn, a defeated creature back in the bag after its replacement, where a
  drawn counter goes (its coordinates, else a free tan field off the drawer's region: the
  program's choice or a pending one), revealing covered counters.
- ``life``: a wound, an artifact's last hit point, death and rebirth at the manor house.
- ``moves``: a step along a route, the hidden-route search and the search again on the next turn,
  entering a field (by a step, or carried there), and on arrival the covered counters revealed
  and the creature that must be fought at once.
- ``actions``: an action ends movement, a task taken up (its replacement drawn) or laid down, a
  market called with its count of counters, a sale with the caller's provision, the market
  closed, a turn sat out at the manor house.
- ``turns``: a turn started with the hero's movement allowance, ended, the next hero still in the
  game, the round's end and the next round.

What a game adds (the Dragon, ``games/dragon``, is the example):

1. Its figure and turn dataclasses (they must have what ``state.Figure`` and ``state.Turn``
   name: field, between, out, manor, generation; hero, phase, mp, fresh, entered, drawn, combat,
   acted, market, why_over).
2. Its own state fields in a subclass of ``HeroesBoard[ItsFigure]`` (naming ``at`` again with its
   figure type), and its state as ``class ItsState(HeroesState[ItsFigure, ItsTurn], ItsOwn)``
   naming ``turn`` again with its default: saved as board, own fields, clock.
3. A context ``Ctx(HeroesCtx)`` whose ``s`` and ``c`` are its state and content (its counter
   specs need ``name``, ``covered``, ``at``, ``border``; its content ``board`` and ``spec``).
4. Its ``draws.BagRules`` (a choice owed before a draw, counters it deals with when drawn - events,
   the Nameless -, what a placement fires, what is harmful, features not for placing), its
   ``life.LifeRules`` (where an artifact came from, the kept artifact's key, what else a rebirth
   resets) and its ``moves.MoveRules`` (who needs no search, who finds a path more easily, what
   a failed search costs, which face-down counters arriving turns over, what else happens on
   arrival, which counter forces a fight and who passes it by), its ``actions.Wares`` (a ware's
   name and price, paying, the item a bought counter becomes), its ``turns.TurnRules``
   (its turn dataclass, what happens at a turn's start and end and between rounds), and thin
   functions of its own that pass them (the Dragon's ``draws.replace``, ``life.wound``,
   ``moves.step``, ``actions.market``, ``turns.end_turn``...).

On the game interface: ``rules`` (:class:`~overlord.games.heroes.rules.HeroesRules`: a match begun,
whose move it is, an action applied, the outcome, the program's deck, on the game's ``setup``,
``turns`` and ``verbs`` modules it names); ``verbs`` (what a game's ``verbs`` does alike on its
moves: an action applied with the mark of the players' last command, an event a move tells).

For people and for checks, on the same state: ``table`` (a game at the table: numbered options,
``why``, ``undo`` past no hidden draw), ``narrate`` (the family's events in a line, the board as
text), ``why`` (the last command with the book's rule behind each event), ``words``,
``board_drawing`` (the maps, and the counters, heroes and last moves on them), ``invariants``
(a counter in one place, a hero's place and sheet, a hand-edited save's roster). For learning
agents: ``indices`` (what a game's ``verbs`` name its moves' PettingZoo indices with: the hero they
speak for, the k-th of what he sees, the numbered indices).

Each game's own still (their rules differ, not only their words): which fields a hero may step to
(the Dragon's Labyrinth and dotted routes; Return of the Heroes' lake and tower), the fights
(the Dragon's lair and Lightning; RotH's Guards, Servants and final battle), encounters, fulfilling
tasks, taking and dropping artifacts (the City's pile; RotH's four squares and market decay),
whose move it is (the Dragon's attacked heroes; RotH's rivals and the Nameless's phase) and the
end of the game.

``overlord.games.heroes.family`` re-exports the sheet, trial and counter API.
"""
