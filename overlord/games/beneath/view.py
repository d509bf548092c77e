"""The one state as the Underworld's rules read it (:class:`UnderView`): the heroes below (in turn
order), the sheets, the round and the log of the one state; the generator the step's (the Underworld
rebuilds its generator from ``state.rng`` for each draw and writes it back: the view hands it the
step's kept generator and takes it back, so both worlds draw from one generator in one order);
every other field, read or written, the Underworld's part (``state.UnderPart``)."""

from __future__ import annotations

from typing import Any

from overlord.core.rng import rng_state

from .state import FROM_THE_STATE, BeneathOwn


RULES = "underworld"


class TaggedLog:
    """The one log as the Underworld's rules write it: every event they append is marked as theirs
    (``rules: underworld``: both games log a "turn", a "fight" or a "game_over" with fields of their
    own, and the narration reads the mark); reading is the log's own."""

    __slots__ = ("_log",)

    def __init__(self, log: list):
        self._log = log

    def append(self, event: dict) -> None:
        event["rules"] = RULES
        self._log.append(event)

    def extend(self, events) -> None:
        for e in events:
            self.append(e)

    def __len__(self) -> int:
        return len(self._log)

    def __getitem__(self, k):
        return self._log[k]

    def __iter__(self):
        return iter(self._log)

    def __reversed__(self):
        return reversed(self._log)


class UnderView:
    __slots__ = ("_state", "_ctx")

    def __init__(self, state: BeneathOwn, ctx: Any = None):
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_ctx", ctx)

    @property
    def whole(self) -> BeneathOwn:
        return object.__getattribute__(self, "_state")

    def __getattr__(self, name: str):
        s: BeneathOwn = object.__getattribute__(self, "_state")
        if name == "heroes":
            return [h for h in s.heroes if h in s.below]
        if name == "rng":
            ctx = object.__getattribute__(self, "_ctx")
            return rng_state(ctx.rng) if ctx is not None and ctx.rng is not None else s.rng
        if name == "log":
            return TaggedLog(s.log)
        if name in FROM_THE_STATE:
            return getattr(s, name)
        return getattr(s.part, name)

    def __setattr__(self, name: str, value) -> None:
        s: BeneathOwn = object.__getattribute__(self, "_state")
        if name in ("heroes", "log"):
            raise AttributeError(f"the Underworld's rules never replace the game's {name}")
        if name == "rng":
            ctx = object.__getattribute__(self, "_ctx")
            if ctx is not None and ctx.rng is not None:
                ctx.rng.bit_generator.state = {**value, "state": dict(value["state"])}
                return
        if name in FROM_THE_STATE:
            setattr(s, name, value)
            return
        setattr(s.part, name, value)
