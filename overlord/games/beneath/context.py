"""One step of a combination with the Underworld, and each world's rules on it.

A combination's context is its upper game's with :class:`BeneathCtx` mixed in (its state is the upper
game's with the Underworld's part, its content the upper game's with the Underworld's box): the upper
game's rules run on it as they are, and read the Underworld only through the hooks they offer - a
trial's modifier (an Evil Mark), a cube won (none on a shadow cube's skill), a hero elsewhere (below),
a skill more for a fight (the Advice of Hermes). Its turns are the combination's (:class:`BelowTurns`):
a hero below plays the Underworld's turn, a hero above the upper game's. :func:`under` gives the step
to the Underworld's rules: its context on the one state as its rules read it (``view.UnderView``), the
same generator and log.
"""

from __future__ import annotations

from overlord.games.heroes.sheet import CUBE_SKILL, SHADOW
from overlord.games.underworld import engine as under_engine
from overlord.games.underworld.context import UnderworldContext

from . import advice, shadows, weapons
from .view import UnderView


def under(ctx) -> UnderworldContext:
    """The step as the Underworld's context: its rules read and write the one state through the view,
    draw from the step's generator and log into the one log."""
    view = UnderView(ctx.s, ctx)
    return UnderworldContext(view, ctx.c.under, None, None, ctx.start)


def below(s, hero: str) -> bool:
    return hero in s.below


class BelowTurns:
    """The turns and rounds (``heroes.turns.TurnRules``) over the upper game's (``above``): a hero below
    plays the Underworld's turn (its Course of Play: extend, move, act), a hero above the upper game's;
    a round ends by the upper game's rules, then the Damned One's round markers
    (``rules.round_markers``). ``phase(s)``: who plays the turn of the hero to act above (the players,
    a rival), as the upper game's own turn start sets it."""

    def __init__(self, above, phase):
        self.above, self.phase = above, phase

    def new_turn(self, hero: str, mp: int):
        return self.above.new_turn(hero, mp)

    def turn_started(self, ctx, hero: str) -> list[dict]:
        s = ctx.s
        if not below(s, hero):
            return self.above.turn_started(ctx, hero)
        s.phase = self.phase(s)
        s.turn.phase, s.turn.mp, s.turn.why_over = "over", 0, "his turn is played below"
        return under_engine.start_turn(UnderView(s, ctx), hero)

    def turn_ended(self, ctx, hero: str) -> list[dict]:
        s = ctx.s
        if s.part.turn is not None and s.part.turn.hero == hero:
            s.part.turn = None
        if below(s, hero):
            return []
        return self.above.turn_ended(ctx, hero)

    def round_over(self, ctx) -> tuple[list[dict], bool]:
        out, waits = self.above.round_over(ctx)
        if waits:
            return out, waits
        out += shadows.round_marker(ctx)
        return out, bool(ctx.s.outcome)


class BeneathCtx:
    """The hooks the upper game's rules offer, as the Underworld answers them (mixed in before the upper
    game's context class)."""

    def trial_modifier(self, hero: str, skill: str = "", foe: bool = False) -> int:
        """The Evil Mark on the map the hero stands on: -1 to every trial there (``shadows``); against the
        foe the Damned One's fall opens, a Black Weapon counts +1 (``weapons``)."""
        s, up = self.s, self.c.up
        black = weapons.against_the_foe(s.sheets[hero], skill, up.black_worth, up.void) if foe and skill else 0
        return shadows.mark_modifier(self, hero) + black

    def gain_cube(self, sheet, colour: str) -> tuple[str, str]:
        """"In a skill which has an SC, no more EC can be gained in the Upper World as normal ECs cannot be
        placed following an SC. SCs cannot be gained in the Upper World": a cube won above on a skill with a
        shadow cube is not placed (the Underworld's own rule, below, turns it into a shadow cube)."""
        black = weapons.black_weapon_fought(self, sheet.hero)
        if black is not None:
            self.log({"event": "no_experience", "hero": sheet.hero, "colour": colour,
                      "weapon": black.id,
                      "why": "Black Weapons can be used in the Upper World, however they grant no experience"})
            return CUBE_SKILL.get(colour, ""), ""
        skill = CUBE_SKILL.get(colour, "")
        if skill in sheet.cubes and SHADOW in sheet.cubes[skill]:
            self.log({"event": "no_experience", "hero": sheet.hero, "skill": skill,
                      "colour": colour, "why": "In a skill which has an SC, no more EC can be gained in the Upper "
                                               "World"})
            return skill, ""
        return super().gain_cube(sheet, colour)

    def extra_skills(self, hero: str, inst: str) -> dict[str, int]:
        """"The Advice of Hermes marker can be used in the Upper World. The Advice makes it possible to combat an
        enemy with a skill not present on the enemy counter" (``advice``)."""
        return advice.skills(self, hero, inst)

    def extra_skill_used(self, hero: str, inst: str, skill: str) -> list[dict]:
        return advice.use(self, hero, inst, skill)

    def elsewhere(self, hero: str) -> bool:
        """A hero below takes no part in what happens above (the sections: "Heroes in the Underworld cannot
        participate in Tournaments and Bazaars"; "Dragon events and Storms do not affect the Underworld, or
        heroes in the Underworld")."""
        return hero in self.s.below
