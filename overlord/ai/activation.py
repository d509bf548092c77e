"""A monster performs the actions of its list: the loop every game whose enemies act from a
printed list shares (Descent co-op's monster activation; the co-operative Underworld's Dark phase
borrows it, since the Heroes in the Underworld rulebook's enemies do not act).

Forgotten Souls, "3. Monster Activation", step 4 "Perform Actions": "Resolve all actions listed
for that monster in order, from top to bottom, repeating the list of actions until that monster
has performed two actions or follows the entire list and is unable to perform a listed action",
and "Always follow monster rules outlined in the base game (e.g., only one attack per turn, two
actions per monster)". So: at most two actions, at most one attack; a second attack is refused.

What an action does, and whether it "has no effect" ("If an action has no effect, monsters do
not perform that action"), is the game's: ``attempt(action)`` judges an action and, when it is
performed, carries it out, returning ``(performed, told)``; ``tell(action, performed, told)``
reports it. Where the games differ, the difference is a parameter:

- ``performed``: actions spent before the list (Descent: discarding Stun, climbing out of a pit,
  "its first action must be to ...");
- ``stop()``: nothing more happens (the quest is decided; the monster left the map);
- ``retell``: an action not performed is told on every pass through the list (Descent's log
  tells each try), or only on the first pass (the Underworld's Dark phase tells it once).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

ACTIONS_PER_ACTIVATION = 2                  # "two actions per monster"
ONE_ATTACK = "only one attack per activation"   # "only one attack per turn"
MOVE_WORDS = ("toward", "away", "engage", "spot")   # the movement vocabulary's words a list may name

Action = TypeVar("Action")
Told = TypeVar("Told")


def perform_actions(actions: Sequence[Action], attempt: Callable[[Action], tuple[bool, Told]],
                    tell: Callable[[Action, bool, Told], None], is_attack: Callable[[Action], bool],
                    refused_attack: Callable[[Action], Told], *, stop: Callable[[], bool] = lambda: False,
                    performed: int = 0, retell: bool = True) -> int:
    """Go through ``actions`` top to bottom, again while a pass performs one, until two are
    performed (counting ``performed`` already spent). A second attack is not attempted: it is
    told as ``refused_attack(action)``. Returns the actions performed in all."""
    attacked = False
    first_pass = True
    while performed < ACTIONS_PER_ACTIVATION and not stop():
        this_pass = 0
        for action in actions:
            if performed >= ACTIONS_PER_ACTIVATION or stop():
                break
            attack = is_attack(action)
            if attack and attacked:
                ok, told = False, refused_attack(action)
            else:
                ok, told = attempt(action)
                attacked = attacked or (attack and ok)
            if ok:
                performed += 1
                this_pass += 1
            if ok or retell or first_pass:
                tell(action, ok, told)
        if this_pass == 0:
            break
        first_pass = False
    return performed
