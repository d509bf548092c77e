"""What a game answers of behaviour specs (``overlord check``), where it answers any: its own
object beside the rules every game must give (``GameRules``).

A spec sets up a :class:`Situation` (a map drawn as text, or a scenario's game after scripted
actions, then the game's own ``setup:``) and asks the enemy one instruction; the game answers in
:class:`Answer` parts, each with its comparison key and ties. A game provides one
:class:`SpecSupport` (a subclass, as ``GameRules.specs``; None: it answers no spec). The methods
that act on a match take the rules as their first argument.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from .game import GameRules, RulesError


@dataclass(frozen=True)
class Answer:
    """One part of the enemy's answer to a spec's instruction (``overlord check``): where a
    monster ends, whom it attacks, which plan the boss takes, what an event did. ``value`` is plain
    data in the spec's terms; ``ties`` are the other values the rules tie with it (the heroes may
    choose among them: every one of them is a right answer too); ``key`` is the comparison key
    that chose it (``{name: value}``, empty where the rules leave no choice)."""

    part: str
    value: Any
    ties: tuple = ()
    key: dict = field(default_factory=dict)
    why: str = ""

    def to_json(self) -> dict:
        return {"part": self.part, "value": self.value, "ties": list(self.ties), "key": dict(self.key),
                "why": self.why}


@dataclass
class Situation:
    """What a spec sets up for the enemy (``overlord check``): a map drawn as text with its
    figures (``board``: an ``overlord.content.mapfile.MapFile``), or a game from a scenario, a
    seed and scripted actions; and what the game itself arranges (``setup``, validated by the
    game's :attr:`SpecSupport.setup_model`). ``dice``: the players' dice (a generator, or the
    faces a spec forces, in the order they are rolled)."""

    content: Any = None
    board: Any = None
    heroes: list[str] = field(default_factory=list)
    seed: int = 0
    actions: list = field(default_factory=list)      # action dicts, or "enemy" for the enemy's phase
    setup: Any = None
    dice: Any = None


class SpecSupport:
    """A game's answers to behaviour specs. Subclasses set :attr:`instructions` (and
    :attr:`setup_model` where a spec may arrange the game) and implement :meth:`ask`."""

    #: what a behaviour spec may ask the enemy: instruction -> the pydantic model of its arguments
    #: (its docstring is the instruction's one line)
    instructions: dict[str, type] = {}
    #: the pydantic model of a spec's ``setup:`` for this game (None: the game arranges nothing)
    setup_model: type[BaseModel] | None = None

    def on_map(self, rules: GameRules, situation: Situation) -> Any:
        """What a spec's situation drawn as a map sets up; a game that answers on a map overrides it."""
        raise RulesError(f"{rules.name} sets up no situation from a map: name a scenario instead")

    def pose(self, rules: GameRules, situation: Situation) -> Any:
        """The match a spec's situation sets up, for :meth:`ask`. Default: a new match of the
        scenario, the scripted actions carried out in order (``"enemy"``: the enemy's phase), then
        :meth:`arrange`; a situation drawn as a map is the game's :meth:`on_map`."""
        if situation.board is not None:
            return self.on_map(rules, situation)
        if situation.content is None:
            raise RulesError(f"{rules.name} needs a scenario to set a situation up")
        match = rules.new_match(situation.content, list(situation.heroes), situation.seed)
        for i, action in enumerate(situation.actions, start=1):
            if action == "enemy":
                if rules.to_act(match) is not None:
                    raise RulesError(f"scripted step {i}: the enemy's phase is not due ({rules.to_act(match)} is to act)")
                rules.enemy_phase(match, situation.dice)
            else:
                try:
                    rules.apply(match, action, situation.dice)
                except RulesError as e:
                    raise RulesError(f"scripted step {i}: {e}") from None
        if situation.setup is not None:
            self.arrange(rules, match, situation.setup)
        return match

    def names(self, content: Any, instruction: str, args: Any, setup: Any) -> list:
        """The names a behaviour spec uses that the content must hold - its cards, its monster
        groups - as ``overlord.content.specs.Named``, so ``overlord validate`` names a misspelt one
        at the line it is written on; ``content`` is the spec's scenario loaded, None where it
        names none (the game's default content). ``args``: the instruction's model; ``setup``: the
        validated setup, or None. None by default."""
        return []

    def arrange(self, rules: GameRules, match: Any, setup: Any) -> None:
        """Put the match into the position a spec's ``setup:`` describes (figures, tracks, hands);
        raises :class:`RulesError` for one it cannot take."""
        raise RulesError(f"{rules.name} arranges nothing: a spec of it has no setup")

    def ask(self, rules: GameRules, posed: Any, instruction: str, args: Any, dice: Any = None) -> list[Answer]:
        """The enemy's answer to one of :attr:`instructions` in the posed situation, part by part,
        each with its comparison key and ties. ``args``: the instruction's model; ``dice``: the
        players' dice (forced faces or a generator)."""
        raise RulesError(f"{rules.name} answers no instruction {instruction!r}; it answers "
                         f"{', '.join(self.instructions) or 'none'}")


#: the spec support of a game that answers no spec
NO_SPECS = SpecSupport()


def spec_support(rules: GameRules) -> SpecSupport:
    """The game's spec support, or :data:`NO_SPECS`."""
    return rules.specs if rules.specs is not None else NO_SPECS
