"""One step of the Underworld beneath Return of the Heroes, and each world's rules on it.

:class:`Ctx` is Return of the Heroes' context on the one state (``state.HadesState`` is a
``RothState``, ``load.HadesContent`` a ``RothContent``): Return of the Heroes' rules run on it as
they are. Its turns are the combination's (:class:`HadesTurns`): a hero below plays the
Underworld's turn, a hero above Return of the Heroes'. :func:`under` gives the step to the
Underworld's rules: its context on the one state as its rules read it (``view.UnderView``), the same
generator and log.
"""

from __future__ import annotations

from overlord.games.heroes.sheet import CUBE_SKILL, SHADOW
from overlord.games.roth import turns as roth_turns
from overlord.games.roth.state import Ctx as RothCtx, TurnState
from overlord.games.underworld import engine as under_engine
from overlord.games.underworld.context import UnderworldContext

from overlord.games.beneath import advice, shadows, weapons
from .load import HadesContent
from .state import HadesState
from overlord.games.beneath.view import UnderView


def under(ctx) -> UnderworldContext:
    """The step as the Underworld's context: its rules read and write the one state through the view,
    draw from the step's generator and log into the one log."""
    view = UnderView(ctx.s, ctx)
    return UnderworldContext(view, ctx.c.under, None, None, ctx.start)


def below(s: HadesState, hero: str) -> bool:
    return hero in s.below


class HadesTurns:
    """The turns and rounds (``heroes.turns.TurnRules``): a hero below plays the Underworld's turn
    (its Course of Play: extend, move, act), a hero above Return of the Heroes'; a round ends by
    Return of the Heroes' rules, then the Damned One's round markers (``rules.round_markers``)."""

    def new_turn(self, hero: str, mp: int) -> TurnState:
        return TurnState(hero=hero, mp=mp)

    def turn_started(self, ctx, hero: str) -> list[dict]:
        s = ctx.s
        if not below(s, hero):
            return roth_turns.TURNS.turn_started(ctx, hero)
        s.phase = roth_turns.turn_phase(s)
        s.turn.phase, s.turn.mp, s.turn.why_over = "over", 0, "his turn is played below"
        return under_engine.start_turn(UnderView(s, ctx), hero)

    def turn_ended(self, ctx, hero: str) -> list[dict]:
        s = ctx.s
        if s.part.turn is not None and s.part.turn.hero == hero:
            s.part.turn = None
        if below(s, hero):
            return []
        return roth_turns.TURNS.turn_ended(ctx, hero)

    def round_over(self, ctx) -> tuple[list[dict], bool]:
        out, waits = roth_turns.TURNS.round_over(ctx)
        if waits:
            return out, waits
        out += shadows.round_marker(ctx)
        return out, bool(ctx.s.outcome)


TURNS = HadesTurns()


class Ctx(RothCtx):
    """A step of the combined game: Return of the Heroes' context with the combination's turns."""

    turn_rules = TURNS

    def trial_modifier(self, hero: str, skill: str = "", nameless: bool = False) -> int:
        """The Evil Mark on the map the hero stands on: -1 to every trial there (``shadows``); against
        the Nameless, a Black Weapon counts +1 (``weapons``)."""
        black = weapons.against_the_nameless(self.s.sheets[hero], skill) if nameless and skill else 0
        return shadows.mark_modifier(self, hero) + black

    def gain_cube(self, sheet, colour: str) -> tuple[str, str]:
        """"In a skill which has an SC, no more EC can be gained in the Upper World as normal ECs cannot be
        placed following an SC. SCs cannot be gained in the Upper World": a cube won above on a skill with a
        shadow cube is not placed (the Underworld's own rule, below, turns it into a shadow cube)."""
        black = weapons.black_weapon_fought(self, sheet.hero)
        if black is not None:
            self.log({"event": "no_experience", "hero": sheet.hero, "colour": colour, "weapon": black.id,
                      "why": "Black Weapons can be used in the Upper World, however they grant no experience"})
            return CUBE_SKILL.get(colour, ""), ""
        skill = CUBE_SKILL.get(colour, "")
        if skill in sheet.cubes and SHADOW in sheet.cubes[skill]:
            self.log({"event": "no_experience", "hero": sheet.hero, "skill": skill, "colour": colour,
                      "why": "In a skill which has an SC, no more EC can be gained in the Upper World"})
            return skill, ""
        return super().gain_cube(sheet, colour)

    def extra_skills(self, hero: str, inst: str) -> dict[str, int]:
        """"The Advice of Hermes marker can be used in the Upper World. The Advice makes it possible to combat an
        enemy with a skill not present on the enemy counter" (``advice``)."""
        return advice.skills(self, hero, inst)

    def extra_skill_used(self, hero: str, inst: str, skill: str) -> list[dict]:
        return advice.use(self, hero, inst, skill)

    def elsewhere(self, hero: str) -> bool:
        """A hero below takes no part in what happens above (ours, as the Dragon's sections say of
        its events and storms: "Tournaments, Bazaars, Dragon Events, and Storms cannot affect any heroes
        in the Underworld")."""
        return hero in self.s.below

    @property
    def s(self) -> HadesState:
        return self.state

    @property
    def c(self) -> HadesContent:
        return super().c
