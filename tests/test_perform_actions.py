"""The monsters' "perform actions" loop both Descent's activation and the Underworld's Dark phase
use (``overlord.ai.activation``), on lists of made-up actions: ``move`` and ``attack`` can always
be performed, ``idle`` never ("If an action has no effect, monsters do not perform that action").
Forgotten Souls, "3. Monster Activation", step 4 "Perform Actions"."""

from __future__ import annotations

import pytest

from overlord.ai.activation import ONE_ATTACK, perform_actions


def play(actions, *, performed=0, retell=True, stop_after=None):
    """The actions told, in order, as "word" (performed) or "word-" (not), and the total."""
    told: list[str] = []
    done: list[str] = []

    def attempt(action):
        ok = action != "idle"
        if ok:
            done.append(action)
        return ok, action if ok else action + "-"

    total = perform_actions(actions, attempt, lambda _a, _ok, what: told.append(what),
                            lambda action: action == "attack", lambda _a: ONE_ATTACK,
                            stop=lambda: stop_after is not None and len(done) >= stop_after,
                            performed=performed, retell=retell)
    return told, total


@pytest.mark.parametrize("actions, kw, told, total, rule", [
    (["move", "attack", "move"], {}, ["move", "attack"], 2,
     '"until that monster has performed two actions"'),
    (["move"], {}, ["move", "move"], 2,
     '"repeating the list of actions until that monster has performed two actions"'),
    (["attack"], {}, ["attack", ONE_ATTACK], 1,
     '"only one attack per turn": the second pass refuses it, performs nothing, and the monster stops'),
    (["attack", "attack", "move"], {}, ["attack", ONE_ATTACK, "move"], 2,
     '"only one attack per turn": a second attack in the list is refused, the next action performed'),
    (["idle", "idle"], {}, ["idle-", "idle-"], 0,
     '"or follows the entire list and is unable to perform a listed action"'),
    (["move", "attack"], {"performed": 1}, ["move"], 2,
     '"its first action must be to discard that condition": one action is spent before the list'),
    (["idle", "move"], {}, ["idle-", "move", "idle-", "move"], 2,
     "Descent tells every action not performed, on each pass through the list"),
    (["idle", "move"], {"retell": False}, ["idle-", "move", "move"], 2,
     "the Underworld's Dark phase tells an action not performed once, on the first pass"),
    (["move", "move"], {"stop_after": 1}, ["move"], 1,
     '"the heroes immediately fail the quest": once the game is decided nothing more happens'),
])
def test_perform_actions(actions, kw, told, total, rule):
    assert play(actions, **kw) == (told, total), rule
