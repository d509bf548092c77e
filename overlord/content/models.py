"""The building blocks of every game's content formats: strict models (unknown fields are errors,
content never changes once loaded), one-key tagged unions (an effect, an action or a test is a
mapping with one key, its name, and an unknown name is an error that names it), and the JSON
Schema's allowance for shorthand names."""

from __future__ import annotations

from typing import Annotated, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag


class OrNames:
    """In the JSON Schema, also allow the shorthand names that a before-validator expands (a
    bare effect name, a target rule written as its pick)."""

    def __init__(self, names):
        self.names = list(names)

    def __get_pydantic_json_schema__(self, core_schema, handler):
        return {"anyOf": [handler(core_schema), {"enum": self.names}]}


class Strict(BaseModel):
    """Unknown fields are errors; content objects never change once loaded."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Nothing(Strict):
    """No parameters."""


def _one_key(value):
    if isinstance(value, dict) and len(value) == 1:
        return next(iter(value))
    if isinstance(value, BaseModel):
        return next(iter(value.model_fields_set or type(value).model_fields))
    return None


def _bare(value):
    """A bare name, or a name with no value, is the effect with no parameters."""
    if isinstance(value, str):
        return {value: {}}
    if isinstance(value, dict) and len(value) == 1:
        key, val = next(iter(value.items()))
        if val is None:
            return {key: {}}
    return value


def tagged(models: dict, kind: str):
    """A union of one-key models, chosen by the key: errors name the unknown key."""
    union = Union[tuple(Annotated[m, Tag(name)] for name, m in models.items())]
    bare = [name for name, m in models.items() if all(not f.is_required() for f in m.model_fields.values())]
    return Annotated[Annotated[union, Discriminator(_one_key, custom_error_type=f"unknown_{kind}",
                                                    custom_error_message=f"unknown {kind}")],
                     BeforeValidator(_bare), OrNames(bare)]


def Int(low: int, high: int):
    """A whole number from ``low`` to ``high`` (both allowed), in the model and the JSON Schema.
    Every number of every game's formats has such a range, one that makes sense for its game
    (the bounds are ours where the rulebook gives none): a monster of size 10^30 or a counter
    with 2^64 life points once passed validation and then hung the engine."""
    return Annotated[int, Field(ge=low, le=high)]


MAX_MAP = 200          # ours: spaces across a map or a dungeon (the shipped ones are under 40)


#: an id of a card, a hero, a monster or a scenario: a non-empty name of sane length
Id = Annotated[str, Field(min_length=1, max_length=80)]
