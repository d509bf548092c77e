"""Duels between heroes (HitU "Duels Between Heroes", "Conditions for a Duel", "Resolving a
Duel", "Duel Modifiers", "Characteristics of a Duel", the Mail of Persephone, traps).

Rule readings
-------------
* "Each participant of a Duel can select their best combat skill": headless, each takes the
  skill with the highest value (items counted; first in sheet order on ties).
* "Loser must give 1 item to the winner. (Pieces of gold count as 1 item as well.)": the winner
  names an item id or ``"gold"`` (1 gold piece). A Black Weapon may be given even while the
  loser has SC in its skill ("it is stolen in a Duel"); the winner taking it puts 1 SC on the
  Dark Side like any hero taking it ("If the item is taken by a hero, place 1 SC"). An item the
  winner cannot carry cannot be demanded.
* The SC the loser gives up: the loser picks the skill (``sc_skill``; headless the first skill
  in sheet order holding one).
* Headless consequence chosen by the winner: a winner without SC against a loser with SC takes
  an SC (to the supply); otherwise an item the winner can carry, else 1 gold, else 1 LP (never
  the last), else an SC, else nothing.
* The Duel counts as the turn's Combat/Duel action ("A hero may only take a single Combat/Duel
  action per turn"); the aggressor's lost Duel ends the turn, the defender's loss ends nothing.
* The Shaman's +1 does not apply ("outside of combat or Duels"); experience never counts.
"""

from __future__ import annotations

from ..heroes.sheet import (
    SHADOW,
    RulesError,
    can_lose_life_in_duel,
    gain_gold,
    remove_cube,
    shadow_cubes,
    skill_value,
    spend_gold,
)
from ..heroes.trials import duel_modifier, skill_trial
from . import darkside
from .handling import (
    carried,
    check_acting,
    dice_source,
    emit,
    end_turn,
    hero_tile,
    lose_life_points,
    relocate,
    roll,
)
from .items import item_of, take_problem
from .state import UnderworldState, kind_of

CONSEQUENCES = ("life", "item", "shadow")


def duel_problem(state: UnderworldState, aggressor: str, defender: str) -> str | None:
    """Why ``aggressor`` may not challenge ``defender`` now, or None."""
    turn = state.turn
    if turn is None or turn.hero != aggressor:
        return "Only the active player may initiate a Duel."
    if aggressor == defender or defender not in state.sheets:
        return f"{defender!r} is not another hero of this game"
    if hero_tile(state, aggressor) != hero_tile(state, defender):
        return "Both heroes must be on the same map tile."
    a, d = state.sheets[aggressor], state.sheets[defender]
    if not shadow_cubes(a) and not shadow_cubes(d):
        return "At least one of the heroes must have one or more shadow cubes on their hero reference card."
    if "combat" in turn.actions:
        return "The active player must not have taken a Combat action."
    if "duel" in turn.actions:
        return "A hero may only demand one Duel per turn."
    if turn.actions:
        return f"Combat/Duel comes before any other action (taken: {turn.actions})"
    if carried(state, defender, "mail_of_persephone"):
        return "The bearer of the Mail of Persephone cannot be challenged to a Duel."
    if defender in state.trapped:
        return "Heroes in a trap cannot be attacked."
    if d.dead:
        return f"{defender} is dead"
    return None


def best_skill(sheet) -> str:
    return max(sheet.skills, key=lambda s: skill_value(sheet, s))


def default_consequence(state: UnderworldState, winner: str, loser: str) -> tuple[str, str | None]:
    w, lo = state.sheets[winner], state.sheets[loser]
    if not shadow_cubes(w) and shadow_cubes(lo):
        return "shadow", None
    for item in lo.items:
        if take_problem(state, winner, item.id) is None:
            return "item", item.id
    if lo.gold:
        return "item", "gold"
    if can_lose_life_in_duel(lo):
        return "life", None
    if shadow_cubes(lo):
        return "shadow", None
    return "", None


def duel(state: UnderworldState, aggressor: str, defender: str, *, aggressor_skill: str | None = None,
         defender_skill: str | None = None, consequence: str | None = None, item: str | None = None,
         sc_skill: str | None = None, life_source: str | None = None, dice=None) -> list[dict]:
    """Fight a Duel. The aggressor's skill is modified by the table from (aggressor's skill -
    defender's skill); 2 dice, no experience; success = the aggressor wins. The winner picks
    ``consequence`` ("life", "item" with ``item`` = an item id or "gold", "shadow")."""
    check_acting(state, aggressor, "duel")
    problem = duel_problem(state, aggressor, defender)
    if problem:
        raise RulesError(f"no Duel: {problem} (HitU 'Conditions for a Duel')")
    a, d = state.sheets[aggressor], state.sheets[defender]
    a_skill = aggressor_skill or best_skill(a)
    d_skill = defender_skill or best_skill(d)
    for sheet, s in ((a, a_skill), (d, d_skill)):
        if s not in sheet.skills:
            raise RulesError(f"{sheet.hero} has no skill {s!r}")
    a_value, d_value = skill_value(a, a_skill), skill_value(d, d_skill)
    difference = a_value - d_value
    modifier = duel_modifier(difference)
    t = roll(state, dice_source(dice), lambda r: skill_trial(a, a_skill, modifier, rng=r, use_experience=False,
                                                          against=f"{defender} (a duel)"))
    state.turn.actions.append("duel")
    winner, loser = (aggressor, defender) if t.success else (defender, aggressor)
    events = emit(state, {"event": "duel", "aggressor": aggressor, "defender": defender,
                          "aggressor_skill": a_skill, "aggressor_value": a_value, "defender_skill": d_skill,
                          "defender_value": d_value, "difference": difference, "modifier": modifier,
                          "target": a_value + modifier, "trial": t.reason, "winner": winner,
                          "why": "HitU 'Resolving a Duel': the aggressor's level modified by the table, 2 dice"})
    if consequence is None:
        consequence, default_item = default_consequence(state, winner, loser)
        item = item if item is not None else default_item
    events += consequence_of(state, winner, loser, consequence, item=item, sc_skill=sc_skill, life_source=life_source)
    if loser == aggressor:
        end_turn(state, aggressor)
        events += emit(state, {"event": "turn_over", "hero": aggressor,
                               "why": "HitU: 'If the active player loses a Duel, then his turn is over!'"})
    return events


def consequence_of(state: UnderworldState, winner: str, loser: str, consequence: str, *, item=None,
                   sc_skill=None, life_source=None) -> list[dict]:
    """"The winner of the Duel decides if the opponent: loses 1 LP, loses 1 item, or loses 1
    shadow cube." """
    lo, w = state.sheets[loser], state.sheets[winner]
    if consequence == "":
        return emit(state, {"event": "duel_no_loss", "hero": loser, "why": "nothing the winner may take"})
    if consequence == "life":
        if not can_lose_life_in_duel(lo):
            raise RulesError(f"{loser} has 1 LP left: 'Only possible if it is not the hero's last LP - killing a hero "
                             "is not possible' (HitU Duel)")
        return lose_life_points(state, loser, source=life_source, why="lost a Duel: 1 LP")
    if consequence == "item":
        if item is None:
            raise RulesError("name the item (or 'gold') the loser must give")
        if item == "gold":
            spend_gold(lo, 1)
            gain_gold(w, 1)
            return emit(state, {"event": "duel_gold", "from": loser, "to": winner,
                                "why": "HitU Duel: 'Pieces of gold count as 1 item as well'"})
        if not any(i.id == item for i in lo.items):
            raise RulesError(f"{loser} does not carry {item!r}")
        problem = take_problem(state, winner, item)
        if problem:
            raise RulesError(f"{winner} cannot take {item}: {problem}")
        relocate(state, item, f"items:{winner}", item=item_of(state, item))
        events = emit(state, {"event": "duel_item", "from": loser, "to": winner, "item": item,
                              "why": "HitU Duel: 'Loser must give 1 item to the winner'"})
        if kind_of(state, item).kind == "black_weapon":
            events.append(darkside.add(state, 1, why=f"{winner} took the Black Weapon {item} in a Duel"))
        return events
    if consequence == "shadow":
        skills = [s for s in lo.skills if shadow_cubes(lo, s)]
        if not skills:
            raise RulesError(f"{loser} has no shadow cube to give up")
        skill = sc_skill or skills[0]
        if skill not in skills:
            raise RulesError(f"{loser} has no shadow cube on {skill}")
        remove_cube(lo, skill, SHADOW)
        events = emit(state, {"event": "shadow_cube_lost", "hero": loser, "skill": skill,
                              "to": "dark_side" if shadow_cubes(w) else "supply",
                              "why": "HitU: 'If the winner of the Duel has at least 1 SC, the loser's SC is placed on "
                                     "the Dark Side ... If the winner does not have any SC, then ... the supply'"})
        if shadow_cubes(w):
            events.append(darkside.add(state, 1, why=f"the shadow cube shifts from {loser} (Duel)"))
        return events
    raise RulesError(f"unknown consequence {consequence!r}; expected one of {CONSEQUENCES}")
