"""The final battle against the Damned One (HitU "Attacking the Damned One", "The Fight Against
the Damned One", "Solitaire Play: Fight Against the Damned One", "Death", "Rebirth"; glossary
"Verdammter"). Every function mutates the state passed in, appends its events (each with a
"why") to ``state.log`` and returns them; a call the rules do not allow raises before anything
changes.

Rule readings
-------------
* The final battle needs the hero on Chaos, alive and not trapped. The special weapon's own
  bonus counts (its +2 is in the skill value), then -3. A failed trial costs 1 LP (not a shadow
  cube); ``life_policy`` chooses natural or artificial (default: artificial first). An item
  destroyed by losing its last artificial LP goes face up beside the treasure heap; a special
  weapon (the Mail of Persephone) goes back to the Damned One's card.
* Death in the battle is the family's one death (``handling.lose_life_points`` -> ``die``):
  rebirth on Styx; "1 item may be kept" (``keep``; headless ``handling.default_keep``; a special
  weapon cannot be kept: "Special weapons are placed back on the Damned One's reference card");
  the other items face up beside the treasure heap; tasks stay face up where the hero died.
* Solitaire: Magic first, then the other two "in either order" (headless: the stronger first, a
  skill with a shadow cube counting as the weakest), cycling. The weapon must still be a special
  weapon able to attack, but the skills are the solitaire cycle's ("must be fought with each
  skill"); a skill with a shadow cube fails without dice and costs 1 LP. An attack with no pure
  skill at all is refused ("A skill with SC may never be used against the Damned One").
  "Between rounds of combat, Nektar or Ambrosia can be used": ``between_rounds(state, hero)`` is
  called between trials (solitaire only; the multi-player fight "is considered one round"); it
  may drink (e.g. ``items.drink``) and returns the events of what it did, or None; events it
  did not append to ``state.log`` itself are logged with the rule as their "why". The engine's
  attack passes :func:`drink_when_hurt` unless the player says ``drink: false``.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext

from ..heroes.sheet import SKILLS, RulesError, shadow_cubes, skill_value
from ..heroes.trials import DiceSource, skill_trial, source
from . import darkside
from .damned import _log, _machine_event, _markers, damned_marker
from .handling import keep_problem, lose_life_points
from .machines import chaos_tile, fire_damned
from .state import UnderworldState, kind_of, rolling
from .items import drink

DAMNED_MODIFIER = -3          # "In the fight against the Damned One heroes have a difficulty modification of -3."
SOLITAIRE_FIRST = "magic"     # "The Damned One must be fought with each skill beginning with Magic"
MAX_TRIALS = 1000             # a guard against a between_rounds callback that heals for ever


def weapon_skills(state: UnderworldState, weapon: str) -> tuple[str, ...]:
    """The skills a counter lets a hero attack the Damned One with. The Trident of Hades (effect
    ``trident_of_hades``): every skill - "This weapon allows the holder to attack the Damned One
    with any skill" (glossary "Zweizack"), whatever its bonus says. Another special weapon: the
    skills it raises (Golden Staff magic, Bow ranged, Scythe close: "The Damned One may only be
    attacked with the skill associated with the special weapon used"). Nothing for the Mail of
    Persephone ("not a weapon"), black weapons or other items."""
    spec = kind_of(state, weapon)
    if spec.kind != "special_weapon":
        return ()
    if spec.effect == "trident_of_hades":
        return SKILLS
    return tuple(s for s in SKILLS if spec.bonus.get(s, 0) > 0)


def solitaire_order(state: UnderworldState, hero: str) -> list[str]:
    """Solitaire: Magic, then the other two "in either order" - headless, the stronger first (a
    skill with a shadow cube counts as the weakest; ties in sheet order)."""
    return sheet_order(state.sheets[hero])


def sheet_order(sheet) -> list[str]:
    """:func:`solitaire_order` of one hero sheet."""
    rest = [s for s in sheet.skills if s != SOLITAIRE_FIRST]
    rest.sort(key=lambda s: (shadow_cubes(sheet, s) > 0, -skill_value(sheet, s), list(sheet.skills).index(s)))
    return [SOLITAIRE_FIRST] + rest


def attack_problem(state: UnderworldState, hero: str, skill: str | None, weapon: str) -> str | None:
    """Why ``hero`` may not attack the Damned One with ``skill`` and ``weapon`` now, or None."""
    if state.outcome:
        return f"the game is over ({state.outcome}: {state.reason})"
    if hero not in state.sheets:
        return f"no hero {hero!r} in this game"
    if state.damned != "in_chaos":
        return f"the Damned One is not on the Chaos tile (its state is {state.damned!r})"
    sheet = state.sheets[hero]
    if sheet.dead:
        return f"{hero} is dead"
    if hero in state.trapped:
        return f"{hero} is caught in a trap: other actions are not possible while trapped"
    chaos = chaos_tile(state)
    if state.map.heroes.get(hero) != chaos:
        return f"{hero} stands on {state.map.heroes.get(hero)!r}, not on the Damned One's tile {chaos!r}"
    if not any(i.id == weapon for i in sheet.items):
        return f"{hero} does not carry {weapon!r}"
    try:
        spec = kind_of(state, weapon)
    except KeyError:
        return f"{weapon!r} is not a counter of this game"
    if spec.kind == "black_weapon":
        return f"The Damned One cannot be attacked with a Black Weapon ({spec.name})"
    if spec.kind != "special_weapon":
        return f"The Damned One can only be attacked with a special weapon; {spec.name} is not one"
    skills = weapon_skills(state, weapon)
    if not skills:
        return f"{spec.name} is not a weapon: it cannot be used to attack the Damned One"
    if state.solitaire:
        if skill not in (None, SOLITAIRE_FIRST):
            return (f"solitaire: The Damned One must be fought with each skill beginning with Magic "
                    f"(not {skill!r})")
        if all(shadow_cubes(sheet, s) for s in sheet.skills):
            return f"{hero} has a shadow cube in every skill: A skill with SC may never be used against the Damned One"
        return None
    if skill is None:
        return "name the skill to attack with"
    if skill not in skills:
        return (f"The Damned One may only be attacked with the skill associated with the special weapon used: "
                f"{spec.name} allows {', '.join(skills)}, not {skill}")
    if shadow_cubes(sheet, skill):
        return f"The Damned One cannot be attacked with a skill that contains at least 1 Shadow Cube ({skill})"
    return None


def can_attack(state: UnderworldState, hero: str, skill: str | None, weapon: str) -> bool:
    """Whether ``hero`` may attack the Damned One now with ``skill`` and ``weapon`` (see
    :func:`attack_problem` for why not). In solitaire ``skill`` is None or "magic"."""
    return attack_problem(state, hero, skill, weapon) is None


def _default_skill(state: UnderworldState, hero: str, weapon: str) -> str | None:
    sheet = state.sheets[hero]
    pure = [s for s in weapon_skills(state, weapon) if not shadow_cubes(sheet, s)]
    if not pure:
        return None
    return max(pure, key=lambda s: (skill_value(sheet, s), -list(sheet.skills).index(s)))


def final_battle(state: UnderworldState, hero: str, *, weapon: str, skill: str | None = None,
                 rng=None, dice=None, life_policy: str = "artificial_first", keep: str | None = None,
                 between_rounds: Callable[[UnderworldState, str], list[dict] | None] | None = None) -> list[dict]:
    """The final battle ("The Fight Against the Damned One"): trials at -3 ("All skill tests are
    at -3 from the current value"), the Damned One's LP = the Dark Side's at the start, each
    success takes 1 of its LP, each failure costs the hero 1 LP, "until either the Damned One is
    defeated, or the attacking hero loses the last LP". Defeated: the hero wins the game. The
    hero dies: rebirth on Styx and the Damned One regenerates.

    ``skill``: multi-player, the skill the weapon allows (default: the weapon's strongest pure
    skill); solitaire, None (the cycle Magic first). Dice: ``dice`` (forced faces), ``rng`` (a
    numpy Generator) or, with neither, the game's own generator (``state.rng``). ``keep``: the
    item kept at rebirth ("" for none; default the first that is not a special weapon)."""
    if skill is None and not state.solitaire and hero in state.sheets and _weapon_skills_safe(state, weapon):
        skill = _default_skill(state, hero, weapon)
    problem = attack_problem(state, hero, skill, weapon)
    if problem:
        raise RulesError(f"{hero} cannot attack the Damned One: {problem}")
    sheet = state.sheets[hero]
    problem = keep_problem(state, hero, keep)
    if problem:
        raise RulesError(problem)
    start = len(state.log)
    order = solitaire_order(state, hero) if state.solitaire else [skill]
    damned_lp = darkside.life(state)
    before = state.damned
    fire_damned(state, "attack")
    _machine_event(state, "damned-one", "attack", before, state.damned, f"{hero} attacks the Damned One")
    _log(state, {"event": "final_battle", "hero": hero, "weapon": weapon, "skills": order,
                 "modifier": DAMNED_MODIFIER, "damned_lp": damned_lp, "dark_side": state.dark_side,
                 "why": "The Damned One has LP equal to the number of SC on the Dark Side (1 if there are none); "
                        "In the fight against the Damned One heroes have a difficulty modification of -3."
                        + (" Solitaire: The Damned One must be fought with each skill beginning with Magic, and "
                           "the next 2 skills may be checked in either order." if state.solitaire else "")})
    ctx = rolling(state) if rng is None and dice is None else nullcontext(None)
    with ctx as own:
        src = DiceSource(own) if own is not None else source(rng, dice)
        n = 0
        while True:
            if n >= MAX_TRIALS:
                raise RulesError(f"the final battle did not end after {MAX_TRIALS} trials")
            s = order[n % len(order)]
            n += 1
            event = {"event": "final_battle_trial", "hero": hero, "trial": n, "skill": s}
            if state.solitaire and shadow_cubes(sheet, s):
                success = False
                event.update(rolled=[], kept=[], total=None, value=skill_value(sheet, s),
                             target=skill_value(sheet, s) + DAMNED_MODIFIER, success=False,
                             why="Solitaire: Skill tests with Shadow Cubes automatically fail, and count as 1 LP "
                                 "lost to the player.")
            else:
                t = skill_trial(sheet, s, DAMNED_MODIFIER, rng=src, against="the Damned One")
                success = t.success
                event.update(rolled=t.rolled, kept=t.kept, total=t.total, value=t.value, target=t.target,
                             success=t.success, why=t.reason)
            died = False
            if success:
                damned_lp -= 1
                event["outcome"] = "the Damned One loses 1 LP"
            else:
                event["outcome"] = f"{hero} loses 1 LP"
            event["damned_lp"] = max(0, damned_lp)
            _log(state, event)
            if not success:                    # the family's life loss: items destroyed, death, rebirth
                lost = lose_life_points(state, hero, 1, policy=life_policy, keep=keep,
                                        why="each failed trial costs the hero 1 LP; the fight is to the death")
                died = any(e["event"] == "death" for e in lost)
            if damned_lp <= 0 or died:
                break
            if state.solitaire and between_rounds is not None:
                logged = len(state.log)
                returned = between_rounds(state, hero) or []
                if len(state.log) == logged:          # the callback did not log its events itself
                    for e in returned:
                        _log(state, {"why": "Between rounds of combat, Nektar or Ambrosia can be used.", **e})
    if damned_lp <= 0:
        before = state.damned
        fire_damned(state, "fall")
        _machine_event(state, "damned-one", "fall", before, state.damned, "the Damned One lost its last LP")
        marker = damned_marker(state)
        _markers(state, chaos_tile(state)).remove(marker)
        if marker in state.revealed:
            state.revealed.remove(marker)
        state.removed.append(marker)
        state.outcome, state.winner = "won", hero
        state.reason = f"{hero} defeated the Damned One"
        _log(state, {"event": "game_over", "outcome": "won", "winner": hero, "reason": state.reason,
                     "why": "If the Damned One is defeated, that hero is the winner of the game."})
    else:                                      # the hero died and was reborn on Styx
        before = state.damned
        fire_damned(state, "regenerate")
        _machine_event(state, "damned-one", "regenerate", before, state.damned,
                       "The Damned One regenerates all LP after a battle, if not defeated.")
    return state.log[start:]


def drink_when_hurt(state: UnderworldState, hero: str) -> list[dict] | None:
    """The headless ``between_rounds`` of the solitaire battle ("Between rounds of combat, Nektar or
    Ambrosia can be used"): drink the first Nektar or Ambrosia carried whose healing fits the LP
    lost, or any one on the last natural LP; else nothing. (The fight is to the death, so a draught
    is worth most when none of it is wasted.)"""
    sheet = state.sheets[hero]
    lost = sheet.natural_max - sheet.natural
    for item in sheet.items:
        spec = kind_of(state, item.id)
        if spec.effect == "heal" and lost and (sheet.natural <= 1 or (spec.hearts or lost) <= lost):
            return drink(state, hero, item.id)
    return None


def _weapon_skills_safe(state: UnderworldState, weapon: str) -> tuple[str, ...]:
    try:
        return weapon_skills(state, weapon)
    except KeyError:
        return ()
