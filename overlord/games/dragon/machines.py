"""The Dragon's side as state machines written as data: the Dragon, the Dragon Man, and the
co-operative round with its Dragon phase. Registered as ``dragon``, ``dragon-man`` and
``dragon-phase`` (``overlord diagram dragon``; the drawings ship in ``docs/machines/``, kept
current by a test). None is ever stored in the state: the state keeps each machine's state name
(``DragonState.dragon``, ``dragon_man``, ``phase``) and :func:`fire` runs the module-level machine
(read once into a lookup table) on it. Guards are small named predicates over (state, content).

The Dragon (UtSotD "The Final Battle Against the Dragon", Glossary "Dragon")
------------------------------------------------------------------------------
- ``in_bag`` -``place``-> ``lair``: "pick the Dragon counter from among the open counters and
  place it on its appropriate field (V 9)" (the set-up), or, with the expansion's rule
  (``rules.dragon_in_bag``), "As soon as a player draws the Dragon counter from the bag, it is
  placed on field V9".
- ``lair`` -``challenge``-> ``challenged``: a hero with a magic weapon enters the lair ("combat
  with the Dragon ... is conducted until either the hero or the Dragon has run out of HPs").
- ``challenged`` -``slay``-> ``slain`` (final): "If the Halfling wins ... he has won the game."
- ``challenged`` -``repel`` [others_left]-> ``victorious``: "If your hero loses all HPs here, the
  Dragon has won. Your fellow player now has the option of challenging the Dragon himself within
  the next four turns"; without another hero to try, ``repel`` goes to ``triumphant``.
- ``victorious`` -``challenge``-> ``challenged``: the follow-up challenge.
- ``victorious`` -``wait_out``-> ``triumphant`` (final): the four turns pass ("If he does not, or
  does not want to do so, he has still scored a Minor Victory").
- ``victorious`` -``rest``-> ``lair``: as Return of the Heroes' expansion, the Dragon waits in his lair
  for the next challenger (no follow-up: a slain hero starts again at his manor; ``games.kingdom``).
- ``hoard_full`` [hoard_at_limit]-> ``triumphant`` from any state not final: the co-operative
  mode's clock (ours): the hoard reaches its limit.

The Dragon Man (Glossary "Dragon Man")
---------------------------------------
- ``in_bag`` -``place``-> ``guarding``: on V10 at the set-up (our reading, ``rules.dragon_man:
  guard``), or when drawn (``bag``; "The Dragon now ... the six special Dragon counters (5x Dragon
  Events, 1x Dragon Man) are put into the bag" in the expansion).
- ``guarding`` -``beaten``-> ``beaten``: "A hero who defeats the Dragon Man must enter the Dragon's
  lair immediately."
- ``beaten`` -``stand``-> ``guarding``: after that fight he guards the Mouth again (our reading:
  the book never removes him; Return of the Heroes' Guards "are reincarnated by the Nameless after
  every battle").

The co-operative round (ours)
-----------------------------
- ``heroes`` -``round_over`` [dragon_due]-> ``dragon``: every ``coop.dragon_every`` rounds (by the
  number of heroes) the Dragon plays the top card of its deck once he lies in his lair;
  ``round_over`` [not dragon_due] -> ``heroes``.
- ``dragon`` -``played``-> ``heroes``.
- ``end`` -> ``over`` (final) from either: the game has ended.
"""

from __future__ import annotations


from overlord.core import machines

from .load import DragonContent
from .state import DragonState


TriggerRefused = machines.TriggerRefused      # a RulesError: the machine, its state, why, what is allowed


# -- guards -------------------------------------------------------------------------------------------

def others_left(s: DragonState, c: DragonContent) -> bool:
    """Another hero can still challenge: one who has not fallen to the Dragon."""
    return any(not s.at[h].out for h in s.heroes)


def hoard_at_limit(s: DragonState, c: DragonContent) -> bool:
    """Co-operative mode: the gold in the lair has reached the scenario's limit."""
    coop = c.scenario.coop
    return s.mode == "coop" and coop is not None and s.hoard >= coop.hoard_limit[len(s.heroes)]


def dragon_due(s: DragonState, c: DragonContent) -> bool:
    """Co-operative mode: the Dragon is in play and this round ends a span of ``dragon_every``."""
    coop = c.scenario.coop
    if s.mode != "coop" or coop is None or s.dragon in ("in_bag",) or not s.dragon_deck:
        return False
    return s.round % coop.dragon_every[len(s.heroes)] == 0


# -- the machines as data -------------------------------------------------------------------------------

_LIVE = ["in_bag", "lair", "challenged", "victorious"]
DRAGON_STATES = ["in_bag", "lair", "challenged", "victorious", {"name": "slain", "final": True},
                 {"name": "triumphant", "final": True}]
DRAGON_TRANSITIONS = [
    {"trigger": "place", "source": "in_bag", "dest": "lair"},
    {"trigger": "challenge", "source": ["lair", "victorious"], "dest": "challenged"},
    {"trigger": "slay", "source": "challenged", "dest": "slain"},
    {"trigger": "repel", "source": "challenged", "dest": "victorious", "conditions": [others_left]},
    {"trigger": "repel", "source": "challenged", "dest": "triumphant", "unless": [others_left]},
    {"trigger": "wait_out", "source": "victorious", "dest": "triumphant"},
    {"trigger": "rest", "source": "victorious", "dest": "lair"},
    {"trigger": "hoard_full", "source": _LIVE, "dest": "triumphant", "conditions": [hoard_at_limit]},
]
MAN_STATES = ["in_bag", "guarding", "beaten"]
MAN_TRANSITIONS = [
    {"trigger": "place", "source": "in_bag", "dest": "guarding"},
    {"trigger": "beaten", "source": "guarding", "dest": "beaten"},
    {"trigger": "stand", "source": "beaten", "dest": "guarding"},
]
PHASE_STATES = ["heroes", "dragon", {"name": "over", "final": True}]
PHASE_TRANSITIONS = [
    {"trigger": "round_over", "source": "heroes", "dest": "dragon", "conditions": [dragon_due]},
    {"trigger": "round_over", "source": "heroes", "dest": "heroes", "unless": [dragon_due]},
    {"trigger": "played", "source": "dragon", "dest": "heroes"},
    {"trigger": "end", "source": ["heroes", "dragon"], "dest": "over"},
]

KEPT = {
    "dragon": machines.define(
        "dragon", "Under the Shadow of the Dragon: the Dragon, from the bag or his lair to slain or triumphant",
        DRAGON_STATES, DRAGON_TRANSITIONS, "in_bag", field="dragon", module=__name__,
        notes=["repel goes to triumphant when no hero is left to follow up",
               "hoard_full is the co-operative mode's clock (ours)"]),
    "dragon-man": machines.define(
        "dragon-man", "Under the Shadow of the Dragon: the Dragon Man at the Mouth of the Cave (V10)", MAN_STATES,
        MAN_TRANSITIONS, "in_bag", field="dragon_man", module=__name__,
        notes=["stand: he guards the Mouth again after each fight (our reading)"]),
    "dragon-phase": machines.define(
        "dragon-phase", "Under the Shadow of the Dragon, co-operative: the heroes' rounds and the Dragon phase (ours)",
        PHASE_STATES, PHASE_TRANSITIONS, "heroes", field="phase", module=__name__,
        notes=["the book's game for two never has a Dragon phase"]),
}
DRAGON, DRAGON_MAN, PHASE = KEPT["dragon"], KEPT["dragon-man"], KEPT["dragon-phase"]
FINAL = {name: kept.final for name, kept in KEPT.items()}


def allowed(name: str, state: str, s: DragonState, c: DragonContent) -> list[str]:
    return KEPT[name].allowed(state, s, c)


def fire(name: str, state: str, trigger: str, s: DragonState, c: DragonContent) -> str:
    """The machine ``name``'s next state from ``state`` on ``trigger``; TriggerRefused (naming
    the state, why, and what is allowed there) when it may not fire. (A rule with a context fires
    with ``ctx.fire(machines.DRAGON, trigger)``.)"""
    return KEPT[name].step(state, trigger, s, c)
