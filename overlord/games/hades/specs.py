"""Behaviour specs of the Underworld beneath Return of the Heroes (``overlord check``,
``scenarios/specs/hades.yaml``): Return of the Heroes' situations, instructions and answers
(``roth.specs``) on the combined game - its state is Return of the Heroes', its content Return of the
Heroes' with the Underworld's box beside - through the combination's context (its turns, the Evil Marks'
-1, the Black Weapons). ``play`` goes through the combination's rules (``enter``, ``leave``, the
Nameless barred until the Damned One falls); every answer adds the joins: ``below`` (the heroes below),
``marks`` (the maps with an Evil Mark), ``gate`` (its field, null while it is not on the board),
``dark_side`` and ``damned`` (the Damned One's machine).
"""

from __future__ import annotations

from overlord.core.behaviour import Answer, SpecSupport
from overlord.core.game import Match
from overlord.games.roth import specs as roth_specs
from overlord.games.roth.specs import INSTRUCTIONS, PlayAsk, RothSetup

from . import turns
from .context import Ctx
from overlord.games.beneath.shadows import gate_field


def joins(match: Match) -> list[Answer]:
    s = match.state
    return [Answer("below", sorted(s.below)), Answer("marks", list(s.marks)), Answer("gate", gate_field(s, match.content) or None),
            Answer("dark_side", s.part.dark_side), Answer("damned", s.part.damned)]


def play(rules, match: Match, args: PlayAsk, dice) -> list[Answer]:
    s = match.state
    hero = roth_specs._hero_of(s, args.hero)
    events, refused = roth_specs.played(rules, match, args.do, dice)
    legal = rules.legal_actions(match) if turns.current(s) else []
    return roth_specs.unique([Answer("refused", refused), Answer("options", sorted({a["do"] for a in legal})),
                              Answer("steps", sorted(a["to"] for a in legal if a["do"] == "move")),
                              Answer("turn", turns.current(s))]
                             + roth_specs.state_parts(match, hero, events, Ctx.open) + joins(match))


class HadesSpecs(SpecSupport):
    """What the combined game answers of behaviour specs, on a scenario's game."""

    instructions = INSTRUCTIONS
    setup_model = RothSetup

    def arrange(self, rules, match: Match, setup) -> None:
        roth_specs.arrange(match, setup, Ctx.open)

    def ask(self, rules, posed, instruction: str, args, dice=None):
        if instruction == "play":
            return play(rules, posed, args, dice)
        return roth_specs.unique(roth_specs.ask(rules, posed, instruction, args, dice, Ctx.open) + joins(posed))
