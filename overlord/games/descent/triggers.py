"""Encounter rules that fire the moment they apply (an exploration card's ``triggers``), not at
the next Overlord phase: "When there are no monsters on the map, discard this Exploration card"
discards it as the last monster falls, before another fate step or peril.

* ``when`` (a registered test): checked after every reported or simulated event - an effect, a
  damage, a move, a token taken, a door opened. It fires once while the card is active, the
  first time the test holds (our reading of "when ...": the card's rule does not repeat).
* ``whenever`` (an event: a hero or a monster defeated, a token taken): fires each time the event
  happens while the card is active ("Each time a hero is defeated in this encounter ...").

Fired ``when`` triggers are kept in ``state.fired`` ("card:index"), cleared when a card becomes
active or is discarded. Nothing fires once the quest is decided.
"""

from __future__ import annotations

from . import hooks
from .effects import test
from .engine import run_effects


def _active(game):
    """The active card, while the game goes on and a card is active; else None."""
    card_id = game.state.active_exploration
    return None if card_id is None or game.over else game.cards[card_id]


def after_event(game) -> None:
    """Fire the active card's ``when`` triggers whose test holds now."""
    state = game.state
    card = _active(game)
    if card is None:
        return
    card_id = card.id
    for i, trigger in enumerate(card.triggers):
        if state.active_exploration != card_id or game.over:
            return
        key = f"{card_id}:{i}"
        if trigger.when is None or key in state.fired or not test(game, trigger.when):
            continue
        state.fired.append(key)
        game.log({"event": "trigger", "card": card_id, "line": i, "name": card.name})
        run_effects(game, trigger.effects, card_id)


def fire_event(game, event: str, *, group: str | None = None, token: str | None = None) -> None:
    """An event happened: fire the active card's ``whenever`` triggers for it."""
    state = game.state
    card_id = state.active_exploration
    if card_id is None or game.over:
        return
    card = game.cards[card_id]
    for i, trigger in enumerate(card.triggers):
        on = trigger.whenever
        if on is None or on.event != event or (on.group is not None and on.group != group) \
                or (on.token is not None and on.token != token):
            continue
        if state.active_exploration != card_id or game.over:
            return
        game.log({"event": "trigger", "card": card_id, "line": i, "name": card.name, "on": event})
        run_effects(game, trigger.effects, card_id)


hooks.provide(after_event=after_event, fire_event=fire_event)   # the engine calls these
