"""The Nameless and his Guards as state machines written as data, registered as ``nameless`` and
``guards`` (``overlord diagram nameless``; the drawings ship in ``docs/machines/``, kept current by
a test). The state keeps each machine's state name (``RothState.nameless``, ``guards``) and
:func:`fire` runs the module-level machine on it, as the Dragon's machines do.

The Nameless (Return of the Heroes, "The Final Battle Against the Nameless", "Drawing Counters",
"Alternative Rules")
------------------------------------------------------------------------------------------------
- ``absent`` -``enter``-> ``in_bag``: "At the beginning of the game, the Nameless counter is not yet
  in the bag. It is added to the cloth bag only after a player has fulfilled the first part of his
  or her heroic deed" (Option 1: "placed in the bag right from the start").
- ``in_bag`` -``drawn``-> ``on_tower``: "It is put on its location, H3", the four Guards on their
  posts and the Servants drawn with him; in the Unknown Land [region_unexplored] -> ``waiting``:
  "The 'Nameless' counter is only active when its region is explored".
- ``waiting`` -``explored``-> ``on_tower``: his region is turned up.
- ``on_tower`` -``challenged``-> ``in_battle``: a hero with a precious stone who beat a Guard
  "can continue on to the Nameless and do battle with him in your next turn".
- ``in_battle`` -``slain``-> ``slain`` (final): "Once the Nameless has no hit points left, do I
  win? Yes, you have won the game."
- ``in_battle`` -``won``-> ``on_tower``: the hero is dead; "the Nameless always retains his
  initial values as specified on his card. Hit points he lost or gained during a previous battle
  are not permanent" - back to full strength for the next challenger.
- ``end`` -> ``over`` (final) from any other state: the game ended otherwise (the co-operative
  clock, ours).

The Guards
----------
- ``absent`` -``posted``-> ``posted``: "the four guards are placed (values hidden) on their posts"
  when the Nameless is drawn.
- ``posted`` (or ``breached``) -``beaten``-> ``breached``: "If you beat him, then you can continue
  on to the Nameless" (a Guard beaten leaves his post until the next battle); ``held`` keeps the
  state: "If you do not defeat one of the guards, then you have to compete against one again or
  withdraw".
- ``breached`` -``reincarnated``-> ``posted``: "They are reincarnated by the Nameless after every
  battle."
"""

from __future__ import annotations

from typing import Any

from overlord.core import machines

TriggerRefused = machines.TriggerRefused      # a RulesError: the machine, its state, why, what is allowed


# -- guards --------------------------------------------------------------------------------------------

def region_unexplored(s: Any, c: Any) -> bool:
    """The Unknown Land: the region of the Nameless's field is still face down (a field is its
    region's letter and its number; the board the rules read holds no face-down region's fields)."""
    return s.variant == "unknown_land" and NAMELESS_FIELD[0] not in s.explored


NAMELESS_FIELD = "H3"         # "It is put on its location, H3" (The Final Battle Against the Nameless)

# -- the machines as data -------------------------------------------------------------------------------

_LIVE = ["absent", "in_bag", "waiting", "on_tower", "in_battle"]
NAMELESS_STATES = [*_LIVE, {"name": "slain", "final": True}, {"name": "over", "final": True}]
NAMELESS_TRANSITIONS = [
    {"trigger": "enter", "source": "absent", "dest": "in_bag"},
    {"trigger": "drawn", "source": "in_bag", "dest": "waiting", "conditions": [region_unexplored]},
    {"trigger": "drawn", "source": "in_bag", "dest": "on_tower", "unless": [region_unexplored]},
    {"trigger": "explored", "source": "waiting", "dest": "on_tower"},
    {"trigger": "challenged", "source": "on_tower", "dest": "in_battle"},
    {"trigger": "slain", "source": "in_battle", "dest": "slain"},
    {"trigger": "won", "source": "in_battle", "dest": "on_tower"},
    {"trigger": "end", "source": _LIVE, "dest": "over"},
]
GUARD_STATES = ["absent", "posted", "breached"]
GUARD_TRANSITIONS = [
    {"trigger": "posted", "source": "absent", "dest": "posted"},
    {"trigger": "beaten", "source": ["posted", "breached"], "dest": "breached"},
    {"trigger": "held", "source": "posted", "dest": "posted"},
    {"trigger": "held", "source": "breached", "dest": "breached"},
    {"trigger": "reincarnated", "source": "breached", "dest": "posted"},
]

KEPT = {
    "nameless": machines.define(
        "nameless", "Return of the Heroes: the Nameless, from outside the bag to his tower, his battles and his end",
        NAMELESS_STATES, NAMELESS_TRANSITIONS, "absent", field="nameless", module=__name__,
        notes=["won: the challenger is dead and the Nameless is whole again for the next",
               "waiting: the Unknown Land, his region not explored yet"]),
    "guards": machines.define(
        "guards", "Return of the Heroes: the four Guards on their posts around the tower (H3)", GUARD_STATES,
        GUARD_TRANSITIONS, "absent", field="guards", module=__name__,
        notes=["reincarnated after every battle with the Nameless"]),
}
NAMELESS, GUARDS = KEPT["nameless"], KEPT["guards"]
FINAL = {name: kept.final for name, kept in KEPT.items()}


def allowed(name: str, state: str, s: Any, c: Any) -> list[str]:
    return KEPT[name].allowed(state, s, c)


def fire(name: str, state: str, trigger: str, s: Any, c: Any) -> str:
    """The machine ``name``'s next state from ``state`` on ``trigger``; TriggerRefused (naming the
    state, why, and what is allowed there) when it may not fire."""
    return KEPT[name].step(state, trigger, s, c)
