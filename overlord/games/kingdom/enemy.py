"""Return of the Heroes with the Dragon together (``mode: coop``, ours: the expansion's book has only
the race): the enemy phase the program plays when a round ends, from the parts each game's own
co-operative mode has, and the two clocks that beat the heroes. Every rule here is ours.

- The company wins as the book's game ends: "The game ends once when either the Dragon or the
  Nameless has been killed" - by any hero (``roth.turns.nameless_slain``, ``context.KingdomLair``).
- The phase (:func:`enemy_phase`): Return of the Heroes' (``roth.enemy``: the top card of the
  Nameless deck - its ``early`` effects while the Nameless is not out - and the darkness of the
  round), then, once the Dragon is out of the bag and every ``coop.dragon_every`` rounds, the top
  card of the Dragon deck (the Dragon's own phase: ``dragon.turns.play_card``; an Attack! waits for
  each attacked hero's answer, and the round goes on after the last: ``context.phase_over``). The
  Nameless first: his darkness is the older clock, and the Dragon sleeps in the bag for the first
  part of the game.
- The Dragon deck is the Dragon's own co-operative deck, the book's five Dragon Events among its
  cards: together they never go into the bag (``context.events_enter``); the Dragon Man does, as the
  expansion says. The other reading - the events into the bag with him, the deck only our five -
  would let a counter the program draws for a card attack the heroes in the middle of its phase.
- The clocks: Return of the Heroes' darkness at ``coop.darkness_limit`` (``roth.enemy.darken``), and
  the Dragon's hoard at ``coop.hoard_limit`` (``context.check_hoard``: after every step and every
  phase; the hoard grows by the Dragon's cards and what his own rules add, as in his game).
"""

from __future__ import annotations

from overlord.core.game import RulesError
from overlord.games.dragon import turns as dragon_turns
from overlord.games.roth import enemy as roth_enemy

from . import context


def coop(ctx):
    """The scenario's co-operative numbers (RulesError in the race)."""
    numbers = ctx.kc.scenario.coop
    if ctx.kc.scenario.mode != "coop" or numbers is None:
        raise RulesError("the enemy phase and its clocks are the co-operative mode's (mode: coop)")
    return numbers


def dragon_due(ctx) -> bool:
    """A Dragon card this round: the Dragon is out of the bag and alive, the round ends a span of
    ``coop.dragon_every`` rounds."""
    s = context._state(ctx)
    every = coop(ctx).dragon_every[len(s.heroes)]
    return s.dragon not in ("in_bag", "slain", "triumphant") and s.dragon_deck is not None and s.round % every == 0


def enemy_phase(ctx) -> list[dict]:
    """The enemy phase at a round's end: the Nameless's part, then the Dragon's when due, then the
    hoard's clock and the next round (``context.phase_over``; after the last answer when the Dragon's
    card waits for the heroes'). A clock at its limit ends the game (``s.outcome`` "defeat")."""
    s = context._state(ctx)
    coop(ctx)
    if s.outcome:
        return []
    out = roth_enemy.enemy_phase(context.roth(ctx))
    if s.outcome:
        return out
    if dragon_due(ctx):
        return out + dragon_phase(ctx)
    return out + context.phase_over(ctx)


def dragon_phase(ctx) -> list[dict]:
    """The Dragon's part: the top card of the Dragon deck, its effects in order (``dragon.turns``)."""
    d = context.dragon(ctx)
    s, cards = context._state(ctx), d.c.cards
    out = [d.log({"event": "dragon_due", "round": s.round})]
    card_id = d.draw(s.dragon_deck, lambda cid: {"event": "dragon_card", "card": cid, "name": cards[cid].name,
                                                 "text": cards[cid].text, "book": cards[cid].book})
    return out + [s.log[-1]] + dragon_turns.play_card(d, card_id, 0)
