"""Hero bots for Return of the Heroes (headless play, and the race's rivals): the random bot is
the framework's; the heuristic bot takes the legal action with the lowest key (see
:func:`rank`)."""

from __future__ import annotations

from .state import Ctx


def rank(ctx: Ctx, action: dict, n: int) -> tuple:
    """(class, listed order): 0 the final battle and a fight, 1 progress here (a deed's part, a
    task fulfilled, a task or an artifact taken), 2 healing, 3 a step, 5 the end; 9 drops."""
    verb = action["do"]
    order = {"battle": 0, "fight": 0, "deed": 1, "fulfil": 1, "take_task": 1, "take": 1, "rest": 2, "drink": 2,
             "use": 3, "buy": 3, "search": 3, "move": 4, "close": 5, "end": 6}
    return (order.get(verb, 9), n)


def choose_heuristic(match, actions, rng):
    ctx = Ctx.reading(match.state, match.content)
    best = min(range(len(actions)), key=lambda n: rank(ctx, actions[n], n))
    return dict(actions[best])
