"""Behaviour specs of Return of the Heroes with the Dragon (``overlord check``,
``scenarios/specs/kingdom.yaml``): Return of the Heroes' situations, instructions and answers
(``roth.specs``) on the combined game, through Return of the Heroes' lens - the board as the
scenario's seed lays it, a counter drawn dealt by its own box's rules, a fight by RotH's rules.

- The set-up (``setup``, ``roth.specs.RothSetup``) is made once every manor house stands (each
  player's the first site open to him, the rivals' by their key), then the turn begins afresh.
- ``play``: the heroes' actions through the combined game's own rules (each by its box's rules,
  ``verbs.route``) - ``refused``, ``options`` and ``steps`` as Return of the Heroes' specs answer them,
  ``pick`` (why the hero may not choose a heroic deed now, in the book's words; null when he may),
  and the state afterwards.
- ``draw``, ``fight`` and ``final_battle`` as Return of the Heroes' specs have them (``fight``: a
  Return of the Heroes counter; the Dragon's are fought with ``play``). Every answer adds the Dragon's
  part of the state: ``dragon`` and ``dragon_man`` (the machines' states), ``hoard``, ``storm``, ``city``
(the City of the Mages' pile) and ``darkness`` (together).
"""

from __future__ import annotations

from overlord.core.behaviour import Answer, SpecSupport
from overlord.core.game import Match, RulesError
from overlord.games.roth import deeds as roth_deeds, specs as roth_specs
from overlord.games.roth.specs import INSTRUCTIONS, PlayAsk, RothSetup

from . import context, turns
from .context import Ctx


def lens(match: Match) -> Match:
    """The match as Return of the Heroes' specs read it: the same state, RotH's lens content."""
    return Match(match.content.roth, match.state)


def opener(match: Match):
    """Return of the Heroes' context on the combined game: its lens over a combined step."""
    return lambda s, c, dice: context.roth(Ctx.open(s, match.content, dice))


def houses_placed(rules, match: Match) -> None:
    """Every manor house placed: each player's by the first site open to him."""
    while match.state.pending.get("house"):
        rules.apply(match, next(a for a in rules.legal_actions(match) if a["do"] == "house"))


def dragon_parts(match: Match) -> list[Answer]:
    s = match.state
    return [Answer("dragon", s.dragon), Answer("dragon_man", s.dragon_man), Answer("hoard", s.hoard),
            Answer("storm", s.storm), Answer("city", len(s.city)), Answer("darkness", s.darkness)]


def play(rules, match: Match, args: PlayAsk, dice) -> list[Answer]:
    s = match.state
    hero = roth_specs._hero_of(s, args.hero)
    events, refused = roth_specs.played(rules, match, args.do, dice)
    legal = rules.legal_actions(match) if turns.current(s) else []
    ctx = opener(match)(s, match.content.roth, None)
    why_not = roth_deeds.pick_refusal(ctx, hero) or None
    return roth_specs.unique([Answer("refused", refused), Answer("options", sorted({a["do"] for a in legal})),
                              Answer("steps", sorted(a["to"] for a in legal if a["do"] == "move")),
                              Answer("turn", turns.current(s)), Answer("pick", why_not)]
                             + roth_specs.state_parts(lens(match), hero, events, opener(match)) + dragon_parts(match))


class KingdomSpecs(SpecSupport):
    """What the combined game answers of behaviour specs, on a scenario's game."""

    instructions = INSTRUCTIONS
    setup_model = RothSetup

    def arrange(self, rules, match: Match, setup) -> None:
        houses_placed(rules, match)
        roth_specs.arrange(lens(match), setup, opener(match))

    def ask(self, rules, posed, instruction: str, args, dice=None):
        if instruction == "play":
            return play(rules, posed, args, dice)
        if instruction == "fight" and posed.content.boxes.box(args.counter) != "roth":
            raise RulesError(f"{args.counter} is the Dragon's: a spec fights it with play (fight {args.counter} ...)")
        answers = roth_specs.ask(rules, lens(posed), instruction, args, dice, opener(posed))
        return roth_specs.unique(answers + dragon_parts(posed))
