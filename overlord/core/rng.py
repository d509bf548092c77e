"""The one seeded random generator of a game, whose state lives in the game state.

Every random draw in Overlord comes from a ``numpy.random.Generator`` made here. Its bit
generator state is a plain dict of ints and strings, so it goes into the game state and
through JSON unchanged: the same seed and the same inputs give the same game, byte for byte.
"""

from __future__ import annotations

import numpy as np

BIT_GENERATOR = "PCG64"


def new_rng(seed: int) -> np.random.Generator:
    """A generator for ``seed`` (any non-negative int)."""
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    return np.random.Generator(np.random.PCG64(int(seed)))


def rng_state(rng: np.random.Generator) -> dict:
    """The generator's state as plain, JSON-safe data."""
    state = rng.bit_generator.state
    return {
        "bit_generator": state["bit_generator"],
        "state": {"state": int(state["state"]["state"]), "inc": int(state["state"]["inc"])},
        "has_uint32": int(state["has_uint32"]),
        "uinteger": int(state["uinteger"]),
    }


def rng_from_state(data: dict) -> np.random.Generator:
    """Rebuild a generator from :func:`rng_state` output; ValueError for anything else (a state
    of another bit generator, numbers out of PCG64's range: a save edited by hand)."""
    if not isinstance(data, dict) or data.get("bit_generator") != BIT_GENERATOR:
        found = data.get("bit_generator") if isinstance(data, dict) else data
        raise ValueError(f"unsupported bit generator {str(found)[:40]!r}, expected {BIT_GENERATOR}")
    inner = data.get("state")
    numbers = [inner.get("state"), inner.get("inc")] if isinstance(inner, dict) else [None]
    if not all(_whole(n, 2**128) for n in numbers) or not _whole(data.get("has_uint32"), 2) \
            or not _whole(data.get("uinteger"), 2**32):
        raise ValueError(f"a damaged {BIT_GENERATOR} state (its numbers are not PCG64's)")
    bitgen = np.random.PCG64()
    bitgen.state = {
        "bit_generator": BIT_GENERATOR,
        "state": {"state": int(data["state"]["state"]), "inc": int(data["state"]["inc"])},
        "has_uint32": int(data["has_uint32"]),
        "uinteger": int(data["uinteger"]),
    }
    return np.random.Generator(bitgen)


def _whole(n, below: int) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 0 <= n < below


class Dice:
    """Draws against a state dict that holds the generator state under ``"rng"``: the
    generator is rebuilt from the state, used, and its new state written back, so the state
    alone (through JSON, a save file, a clone) carries every future draw."""

    def __init__(self, holder: dict):
        self.holder = holder

    def __enter__(self) -> np.random.Generator:
        self._rng = rng_from_state(self.holder["rng"])
        return self._rng

    def __exit__(self, *exc) -> None:
        self.holder["rng"] = rng_state(self._rng)


class DiceRanOut(ValueError):
    """Forced dice had no face left for a roll."""


class Faces:
    """The players' dice showing given faces (a behaviour spec's ``dice:``): a stand-in for their
    generator whose ``integers(low, high, size)`` hands out the next faces in order, each checked
    against the range rolled. Anything else a game draws from it, or a roll past the last face,
    is an error that says so."""

    def __init__(self, faces):
        self.faces = [int(f) for f in faces]
        self.used = 0

    def integers(self, low, high=None, size=None, **_):
        low, high = (0, low) if high is None else (low, high)
        n = 1 if size is None else int(size)
        if self.used + n > len(self.faces):
            raise DiceRanOut(f"the dice ran out: a roll of {n} die/dice after the {len(self.faces)} face(s) given "
                             f"({self.faces}) were used")
        out = self.faces[self.used:self.used + n]
        self.used += n
        for face in out:
            if not low <= face < high:
                raise DiceRanOut(f"a face {face} was given for a die of faces {low} to {high - 1}")
        if size is None:
            return out[0]
        return np.array(out)

    def __getattr__(self, name):
        raise DiceRanOut(f"forced dice give faces only; the game asked them for {name}")
