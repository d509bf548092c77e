"""Places, encounters and tasks in Phase 3 (HitU "Standard Actions", "Using a Place", "Having
Encounters", "Accepting a Task", "Fulfilling Tasks", "Using Healing Locations", "Removing
Shadow Cubes", "Solitaire Play", the Glossary's places and encounters).

``state.uses`` keys (see also ``handling``):

===========================  =================================================================
``corners:<id>``             LP, gold or SC put on the corners of the tile of encounter ``<id>``
                             (Low Demon always; Hypnos and Well of Wisdom in solitaire), and
                             ``corners:styx`` the LP taken from Styx in solitaire
``<what>@<hero>``            the round in which ``hero`` last did ``what`` (``styx``, ``lethe``,
                             ``encounter:<id>``): once a turn
``hades_in_throne_hall``     1 once Hades was brought to the Throne Hall (Persephone then takes
                             2 SC off the Dark Side)
===========================  =================================================================

Rule readings
-------------
* Styx "heal[s] all natural LP if the hero spends an entire turn there": the hero began the turn
  on Styx (``turn.started_on``) and entered no tile (``turn.moved == 0``). In solitaire the same
  condition holds and one of the 4 LP on Styx's corners is taken instead (1 natural LP).
* Lethe: "give up a blue, red or green EC ... to remove 1 SC from the Dark Side. Only 1 EC can
  be given up per turn" and "1 SC may be lost along with the regular EC" (to the supply).
  Headless: the first skill in sheet order with a normal cube; an SC of the hero goes with it
  whenever the hero has one.
* Hypnos converts the first SC of the skill's track into that skill's colour (normal cubes stay
  before shadow cubes). Solitaire: no trial; the SC becomes an EC of ``colour`` (default the
  skill's own) and the SC lies on a corner; the 4th use removes Hypnos.
* Low Demon and Well of Wisdom: the hero wants the trial to *fail* (the two highest dice are
  kept); a failed trial raises the skill by 1 (never above 11; ``raise_skill=False`` declines
  the "may"). The Low Demon's LP goes on a corner in every game, and with 4 corners full it is
  removed from play; the Well's gold goes on a corner in solitaire only.
* Hekate, Orion and Thanatos test the skill of their one coloured dot (magic, ranged, close); the
  weapon is granted only if it lies on the Damned One's card. A hero carrying a weapon may still
  have the encounter: it makes room for the special weapon by discarding (``items.make_room``:
  the player's ``discard``, headless the least useful item, never a special weapon); a weapon
  not taken stays on the card. Only a face-up counter is encountered or accepted.
* The Hades/Persephone rewards are taken (making room likewise) if they lie on the card;
  otherwise the Task still counts (the SC still leave the Dark Side). A fulfilled task leaves
  the game.
* The Trident and the Mail again (HitU "Rebirth": "Special weapons are placed back on the Damned
  One's reference card, and can come into play again. The Mail of Persephone and/or Trident of
  Hades can be obtained without a skill test (no task must be fulfilled)"): where the book does
  not say, so we read it as at the Throne Hall on the Hades map tile, where they were first
  given - a ``use_place`` action there takes whichever of the two lies on the card once its
  task was fulfilled (:func:`use_throne_hall`; after a death, a destroyed Mail, a discard, or a
  reward not carried). Hekate, Orion and Thanatos grant their weapons again by their trial (the
  encounters stay on the map). No shadow-cube condition: that one is the tasks' ("Hades and
  Persephone cannot be returned by Dark heroes"), and no task is fulfilled here.
* Returning a black creature to its prison grants its treasure (1 on every shipped one: "Each
  returned Black Creature grants a treasure as a reward") and 1 SC off the Dark Side; the
  creature is locked up for ever (removed). Beating it paid no treasure (``combat``).
"""

from __future__ import annotations

from ..heroes.counters import (
    ACTIONS,
    DOT_SKILL,
    ActionRules,
    TurnActions,
    action_problem,
)
from ..heroes.sheet import (
    SHADOW,
    SKILL_CUBE,
    SKILL_MAX,
    RulesError,
    gain_cube,
    gain_gold,
    heal,
    remove_cube,
    shadow_cubes,
    spend_gold,
)
from ..heroes.trials import skill_trial
from . import darkside
from .combat import fight, must_fight
from .handling import (
    CORNERS,
    HADES_THERE,
    check_acting,
    dice_source,
    effect,
    emit,
    hero_tile,
    lose_life_points,
    mark_turn,
    on_tile,
    outside_bonus,
    place_name,
    relocate,
    roll,
    tile_name,
    used_this_turn,
)
from .items import make_room, room_for, take, take_problem
from .state import UnderworldState, instance_ids, kind_of
from .tiles import styx_id
from .treasure import draw_treasure
from .damned import check_entry

# HitU, "Phase 3: Actions": "The actions are taken in the following order: 1. Combat/Duel
# 2. Encounters 3. Accepting a Task marker 4. Fulfilling a Task" and "the same action cannot be
# taken twice on the same turn except fulfilling Tasks"
UNDERWORLD_ACTIONS = ActionRules(strict_order=True, once_each=True)


def _check_action(state: UnderworldState, hero: str, action: str, what: str) -> None:
    check_acting(state, hero, what)
    turn = state.turn
    if turn.phase != "act":
        raise RulesError(f"{what}: standard actions are taken in Phase 3 (now {turn.phase!r})")
    taken = ["combat" if a == "duel" else a for a in turn.actions]
    record = TurnActions(taken=[a for a in taken if a in ACTIONS], combat_fought="combat" in taken)
    enemies = must_fight(state, hero)
    problem = action_problem(record, action, bool(enemies), UNDERWORLD_ACTIONS)
    if problem:
        raise RulesError(f"{what}: {problem} (HitU 'Phase 3: Actions')")


def _record(state: UnderworldState, action: str) -> None:
    state.turn.actions.append(action)


def _trial(state, hero, skill, aim, src, against: str = ""):
    sheet = state.sheets[hero]
    if skill not in sheet.skills:
        raise RulesError(f"{hero} has no skill {skill!r}")
    mod = outside_bonus(state, hero, skill)
    return roll(state, src, lambda r: skill_trial(sheet, skill, mod, rng=r, aim=aim, against=against))


# -- places -------------------------------------------------------------------------------------

def use_styx(state: UnderworldState, hero: str) -> list[dict]:
    """"The Styx map tile will heal all of a hero's natural LP if the hero spends an entire turn
    there." Solitaire: "Styx has only 4 LP ... Once per turn, a single LP can be taken." """
    _check_action(state, hero, "use_place", "use Styx")
    styx = styx_id(state.map)
    turn = state.turn
    if hero_tile(state, hero) != styx or turn.started_on != styx or turn.moved:
        raise RulesError("Styx heals only 'if the hero spends an entire turn there' (HitU)")
    if used_this_turn(state, "styx", hero):
        raise RulesError("Styx was already used this turn")
    sheet = state.sheets[hero]
    if state.solitaire:
        taken = state.uses.get(f"corners:{styx}", 0)
        if taken >= CORNERS:
            raise RulesError("solitaire: all 4 LP of Styx are taken (HitU 'Solitaire Play')")
        healed = heal(sheet, 1)
        if healed:
            state.uses[f"corners:{styx}"] = taken + 1
        why = "HitU Solitaire: 'Once per turn, a single LP can be taken' from Styx's 4"
    else:
        healed = heal(sheet)
        why = "HitU Styx: heals all natural LP after an entire turn there"
    _record(state, "use_place")
    mark_turn(state, "styx", hero)
    return emit(state, {"event": "healed", "hero": hero, "points": healed, "natural": sheet.natural,
                        "styx_lp_left": CORNERS - state.uses.get(f"corners:{styx}", 0) if state.solitaire else None,
                        "why": why})


def use_lethe(state: UnderworldState, hero: str, *, skill: str | None = None,
              with_shadow: str | bool | None = None) -> list[dict]:
    """Lethe: "give up a blue, red or green EC from their hero reference card to remove 1 SC from
    the Dark Side. Only 1 EC can be given up per turn"; "1 SC may be lost along with the regular
    EC". ``skill``: where the EC comes from; ``with_shadow``: the skill whose SC goes too (True:
    any; False: none; None: headless - one if the hero has one)."""
    _check_action(state, hero, "use_place", "use Lethe")
    if tile_name(state, hero_tile(state, hero)) != "lethe":
        raise RulesError(f"{hero} is not on the Lethe tile")
    if used_this_turn(state, "lethe", hero):
        raise RulesError("Lethe: 'Only 1 EC can be given up per turn' (HitU)")
    sheet = state.sheets[hero]
    normal = [s for s in sheet.skills if SKILL_CUBE.get(s) in sheet.cubes[s]]
    if skill is None:
        if not normal:
            raise RulesError(f"{hero} has no blue, red or green EC to give up at Lethe")
        skill = normal[0]
    if skill not in normal:
        raise RulesError(f"{hero} has no normal EC on {skill} to give up at Lethe")
    colour = remove_cube(sheet, skill, SKILL_CUBE[skill])
    events = emit(state, {"event": "cube_lost", "hero": hero, "skill": skill, "colour": colour,
                          "why": "HitU Lethe: a blue, red or green EC given up"})
    events.append(darkside.remove(state, 1, why="HitU Lethe: 'to remove 1 SC from the Dark Side'"))
    dark = [s for s in sheet.skills if shadow_cubes(sheet, s)]
    if with_shadow is None or with_shadow is True:
        with_shadow = dark[0] if dark else (None if with_shadow is None else "")
    if with_shadow:
        if with_shadow not in dark:
            raise RulesError(f"{hero} has no SC on {with_shadow}")
        remove_cube(sheet, with_shadow, SHADOW)
        events += emit(state, {"event": "shadow_cube_lost", "hero": hero, "skill": with_shadow, "to": "supply",
                               "why": "HitU Lethe: '1 SC may be lost along with the regular EC'"})
    elif with_shadow == "":
        raise RulesError(f"{hero} has no SC to give up at Lethe")
    _record(state, "use_place")
    mark_turn(state, "lethe", hero)
    return events


# -- encounters ---------------------------------------------------------------------------------

def encounter(state: UnderworldState, hero: str, cid: str, *, skill: str | None = None, colour: str | None = None,
              go: bool = True, raise_skill: bool = True, life_source: str | None = None,
              discard: str | None = None, dice=None) -> list[dict]:
    """Have the Encounter ``cid`` (green border) on the hero's tile, once a turn. Choices:
    ``skill`` (Hypnos: a skill with an SC; Low Demon/Well: any skill - headless the first in
    sheet order, resp. the first with an SC), ``colour`` (solitaire Hypnos), ``go`` (Hermes),
    ``raise_skill`` (take the +1 after a failed trial), ``life_source`` (the Low Demon's LP),
    ``discard`` (Hekate/Orion/Thanatos: the item given up to carry the weapon, see
    ``items.make_room``). Only a face-up counter is encountered."""
    spec = kind_of(state, cid)
    if spec.kind != "encounter":
        raise RulesError(f"{spec.name} is a {spec.kind}, not an Encounter (green border)")
    if cid not in on_tile(state, hero):
        raise RulesError(f"{cid} does not lie on {hero}'s tile")
    if cid not in state.revealed:
        raise RulesError(f"{cid} lies face down: a marker is revealed when a hero enters its tile (HitU "
                         "'Movement in Detail'), and only then may it be encountered")
    _check_action(state, hero, "encounter", f"encounter {spec.name}")
    if used_this_turn(state, f"encounter:{cid}", hero):
        raise RulesError(f"{spec.name}: 'the hero may encounter it once per turn' (HitU)")
    if discard and effect(state, cid) != "grant_special":
        raise RulesError(f"{spec.name} grants no item to make room for")
    src = dice_source(dice)
    eff = effect(state, cid)
    _record(state, "encounter")
    mark_turn(state, f"encounter:{cid}", hero)
    if eff == "hypnos":
        return _hypnos(state, hero, cid, skill, colour, src)
    if eff in ("low_demon", "well_of_wisdom"):
        return _learn(state, hero, cid, eff, skill, raise_skill, life_source, src)
    if eff == "hermes":
        if not go:
            return emit(state, {"event": "encounter", "hero": hero, "counter": cid, "why": "Hermes: the hero stays"})
        state.map.heroes[hero] = styx_id(state.map)
        return emit(state, {"event": "moved", "hero": hero, "to": styx_id(state.map), "by": cid,
                            "why": "HitU Hermes: 'Will take the hero back to the Styx tile if the hero wishes it'"})
    if eff == "grant_special":
        return _grants(state, hero, cid, src, discard)
    return emit(state, {"event": "encounter", "hero": hero, "counter": cid, "why": f"{spec.name}: no effect modelled"})


def _hypnos(state, hero, cid, skill, colour, src):
    sheet = state.sheets[hero]
    dark = [s for s in sheet.skills if shadow_cubes(sheet, s)]
    skill = skill or (dark[0] if dark else None)
    if skill not in dark:
        raise RulesError("Hypnos: 'a skill check is passed in the skill containing the SC' - "
                         f"{hero} has no SC on {skill}")
    events = []
    if not state.solitaire:
        t = _trial(state, hero, skill, "succeed", src, "Hypnos")
        events += emit(state, {"event": "trial", "hero": hero, "skill": skill, "trial": t.reason, "success": t.success,
                               "why": "Hypnos"})
        if not t.success:
            return events
        colour = SKILL_CUBE[skill]
    colour = colour or SKILL_CUBE[skill]
    if colour not in SKILL_CUBE.values():
        raise RulesError(f"Hypnos turns an SC into a red, green or blue EC, not {colour!r}")
    track = sheet.cubes[skill]
    at = track.index(SHADOW)
    if SKILL_CUBE[skill] == colour:
        track[at] = colour
        placed = (skill, colour)
    else:
        del track[at]
        placed = gain_cube(sheet, colour)
    events += emit(state, {"event": "shadow_cube_converted", "hero": hero, "skill": skill, "to": placed,
                           "why": "HitU Hypnos: 'change an SC into a regular EC'"})
    if state.solitaire:
        events += _corner(state, cid, "HitU Solitaire Hypnos: the SC on a corner; 'After the 4th cube is placed, "
                                      "Hypnos is removed from the game'")
    return events


def _corner(state, cid, why) -> list[dict]:
    n = state.uses.get(f"corners:{cid}", 0) + 1
    state.uses[f"corners:{cid}"] = n
    events = emit(state, {"event": "corner", "counter": cid, "corners": n, "why": why})
    if n >= CORNERS:
        relocate(state, cid, "removed")
        events += emit(state, {"event": "removed", "counter": cid, "why": why})
    return events


def _learn(state, hero, cid, eff, skill, raise_skill, life_source, src):
    sheet = state.sheets[hero]
    skill = skill or next(iter(sheet.skills))
    if skill not in sheet.skills:
        raise RulesError(f"{hero} has no skill {skill!r}")
    name = kind_of(state, cid).name
    if eff == "low_demon":
        events = lose_life_points(state, hero, source=life_source, why="HitU Low Demon: 'For 1 LP, a test can be made'")
    else:
        spend_gold(sheet, 1)
        events = emit(state, {"event": "gold", "hero": hero, "change": -1, "gold": sheet.gold,
                              "why": "HitU Well of Wisdom: 'For 1 GP a test can be made against any skill'"})
    if eff == "low_demon" or state.solitaire:
        events += _corner(state, cid, f"{name}: 'can only be used 4 times' / " + (
            "'If 1 LP is in each corner, the Low Demon is removed from play'" if eff == "low_demon" else
            "'The used gold pieces are put into the four corners of the map tile. If all 4 corners are occupied, "
            "remove the Well of Wisdom from play'"))
    if sheet.dead:
        return events
    t = _trial(state, hero, skill, "fail", src, name)
    events += emit(state, {"event": "trial", "hero": hero, "skill": skill, "trial": t.reason, "success": t.success,
                           "why": name})
    if not t.success and raise_skill and sheet.skills[skill] < SKILL_MAX:
        sheet.skills[skill] += 1
        events += emit(state, {"event": "skill_raised", "hero": hero, "skill": skill, "value": sheet.skills[skill],
                               "why": f"HitU {name}: 'If the test fails ... then the value may be increased by 1'"})
    return events


def _grants(state, hero, cid, src, discard=None):
    spec = kind_of(state, cid)
    skill = next((DOT_SKILL[d] for d in spec.dots if d in DOT_SKILL), None)
    if skill is None:
        raise RulesError(f"{spec.name} has no coloured dot naming its skill")
    t = _trial(state, hero, skill, "succeed", src, spec.name)
    events = emit(state, {"event": "trial", "hero": hero, "skill": skill, "trial": t.reason, "success": t.success,
                          "why": spec.name})
    weapon = spec.grants
    if not t.success:
        return events
    if weapon not in state.card:
        return events + emit(state, {"event": "no_weapon", "hero": hero, "weapon": weapon,
                                     "why": "HitU: 'The Thanatos counter grants the scythe only if it is on the "
                                            "reference card of the Damned One'"})
    return events + _special(state, hero, weapon, f"HitU {spec.name}: the test succeeds", discard)


def _special(state, hero, weapon, why, discard=None) -> list[dict]:
    """A special weapon from the Damned One's card onto the hero's sheet, making room as the
    player says (``items.make_room``); one the hero will not or cannot carry stays on the card,
    and the event says so."""
    if weapon not in state.card:
        return emit(state, {"event": "no_weapon", "hero": hero, "weapon": weapon, "why": "not on the Damned One's card"})
    ok, events = make_room(state, hero, weapon, discard)
    if not ok:
        again = ("it can be taken at the Throne Hall on the Hades tile" if weapon in _throne_weapons(state)
                 else "its encounter grants it while it lies there")
        return events + emit(state, {"event": "no_weapon", "hero": hero, "weapon": weapon,
                                     "why": f"{hero} does not carry {kind_of(state, weapon).name} "
                                            f"({take_problem(state, hero, weapon)}): it stays on the Damned One's "
                                            f"card; {again}"})
    events += take(state, hero, weapon, why=why) + emit(state, {"event": "special_weapon_gained", "hero": hero,
                                                                "weapon": weapon, "why": why})
    return events + check_entry(state, hero)          # "acquired special treasures" count towards its entry


# -- tasks --------------------------------------------------------------------------------------

def accept_task(state: UnderworldState, hero: str, cid: str) -> list[dict]:
    """Take a Task marker (blue border) from the hero's tile into a free task box. "The Persephone
    Task cannot be taken by a hero that possesses 1 or more Shadow Cubes" (Hades likewise)."""
    spec = kind_of(state, cid)
    if spec.kind != "task":
        raise RulesError(f"{spec.name} is a {spec.kind}, not a Task (blue border)")
    if cid not in on_tile(state, hero):
        raise RulesError(f"{cid} does not lie on {hero}'s tile")
    if cid not in state.revealed:
        raise RulesError(f"{cid} lies face down: only a revealed Task may be accepted")
    _check_action(state, hero, "accept_task", f"accept {spec.name}")
    sheet = state.sheets[hero]
    if effect(state, cid) in ("hades_task", "persephone_task") and shadow_cubes(sheet):
        raise RulesError(f"'Hades and Persephone cannot be returned by Dark heroes' - {hero} has shadow cubes (HitU)")
    if len(sheet.tasks) >= sheet.task_slots:
        raise RulesError("'If there is no empty Task box on the player's hero reference card, then no new Task "
                         "markers may be taken' (HitU)")
    relocate(state, cid, f"tasks:{hero}")
    _record(state, "accept_task")
    return emit(state, {"event": "task_accepted", "hero": hero, "task": cid, "why": "HitU 'Accepting a Task'"})


def destination(state: UnderworldState, cid: str) -> str:
    spec = kind_of(state, cid)
    if spec.kind == "black_creature":
        return spec.prison
    if effect(state, cid) in ("hades_task", "persephone_task"):
        return spec.destination or "Hades"
    return spec.destination


def fulfil_task(state: UnderworldState, hero: str, cid: str, *, treasure: dict | None = None,
                discard: str | None = None, dice=None) -> list[dict]:
    """Fulfil a held task on its destination tile (may repeat in a turn): rewards, Hades (the
    Trident, 1 SC off), Persephone (the Mail, 1 SC off, 2 if Hades is there), a black creature
    locked up in its prison (1 treasure, 1 SC off). ``treasure``: keyword choices for the draws;
    ``discard``: the item given up to carry the Trident or the Mail (``items.make_room``)."""
    sheet = state.sheets[hero]
    if cid not in sheet.tasks:
        raise RulesError(f"{hero} does not hold task {cid!r}")
    spec = kind_of(state, cid)
    _check_action(state, hero, "fulfil_task", f"fulfil {spec.name}")
    dest = destination(state, cid)
    here = tile_name(state, hero_tile(state, hero))
    if not dest or place_name(dest) != here:
        raise RulesError(f"{spec.name} must be brought to {dest or '?'}; {hero} is on {here}")
    eff = effect(state, cid)
    if eff in ("hades_task", "persephone_task") and shadow_cubes(sheet):
        raise RulesError("'Hades and Persephone cannot be returned by Dark heroes' (HitU)")
    _record(state, "fulfil_task")
    relocate(state, cid, "removed")
    events = emit(state, {"event": "task_fulfilled", "hero": hero, "task": cid, "tile": hero_tile(state, hero),
                          "why": "HitU 'Fulfilling Tasks'"})
    draws = spec.treasure
    if spec.kind == "black_creature":              # its counter's treasure: the Task side's reward
        events.append(darkside.remove(state, 1, why=f"{spec.name} locked up in {dest} (HitU Erebos/Tartarus)"))
    elif eff == "hades_task":
        state.uses[HADES_THERE] = 1
        events += _special(state, hero, spec.grants, "HitU Hades: the Trident of Hades", discard)
        events.append(darkside.remove(state, 1, why="HitU: 'Bringing Hades into the Throne Hall'"))
    elif eff == "persephone_task":
        events += _special(state, hero, spec.grants, "HitU Persephone: the Mail of Persephone", discard)
        n = 2 if state.uses.get(HADES_THERE) else 1
        events.append(darkside.remove(state, n, why="HitU Persephone into the Throne Hall" +
                                      (": 'If Hades is already in the Throne Hall, remove 2'" if n == 2 else "")))
    if spec.gold and spec.kind == "task":
        gain_gold(sheet, spec.gold)
        events += emit(state, {"event": "gold", "hero": hero, "change": spec.gold, "gold": sheet.gold, "why": "reward"})
    if draws:
        events += draw_treasure(state, hero, draws, dice=dice, why=f"reward for {spec.name}", fighter=fight,
                                **(treasure or {}))
    return events


# -- the Throne Hall: the Trident and the Mail again ----------------------------------------------

def _throne_weapons(state: UnderworldState) -> list[str]:
    """The special weapons a Hades or Persephone task grants (the Trident, the Mail)."""
    return [s.grants for s in state.catalogue.values()
            if s.kind == "task" and s.effect in ("hades_task", "persephone_task") and s.grants]


def throne_waiting(state: UnderworldState) -> list[str]:
    """The Trident and the Mail lying on the Damned One's card after their task was fulfilled:
    "Special weapons are placed back on the Damned One's reference card, and can come into play
    again. The Mail of Persephone and/or Trident of Hades can be obtained without a skill test (no
    task must be fulfilled)." (HitU "Rebirth")"""
    out = []
    for spec in state.catalogue.values():
        if spec.kind == "task" and spec.effect in ("hades_task", "persephone_task") and spec.grants in state.card:
            if all(t in state.removed for t in instance_ids(spec)):
                out.append(spec.grants)
    return out


def use_throne_hall(state: UnderworldState, hero: str, *, take: list[str] | None = None,
                    discard: str | None = None) -> list[dict]:
    """Take the Trident and/or the Mail back from the Damned One's card at the Throne Hall (the
    Hades map tile, where their tasks were fulfilled), without a trial: "The Mail of Persephone
    and/or Trident of Hades can be obtained without a skill test (no task must be fulfilled)".
    ``take``: which (default all waiting); ``discard``: the item given up to carry one."""
    _check_action(state, hero, "use_place", "use the Throne Hall")
    if tile_name(state, hero_tile(state, hero)) != "hades":
        raise RulesError(f"{hero} is not on the Hades tile: the Trident and the Mail are taken at its Throne Hall")
    waiting = throne_waiting(state)
    take = waiting if take is None else list(take)
    bad = [c for c in take if c not in waiting]
    if bad or not take:
        raise RulesError(f"nothing of {bad or take or 'that'} waits at the Throne Hall; waiting: "
                         f"{', '.join(waiting) or 'nothing (the Trident and the Mail come back only after their tasks)'}")
    _record(state, "use_place")
    events = []
    for cid in take:
        events += _special(state, hero, cid, "HitU 'Rebirth': 'The Mail of Persephone and/or Trident of Hades can be "
                                             "obtained without a skill test (no task must be fulfilled)'", discard)
    return events


# -- what may be done now (for listing legal actions; each action still checks for itself) ------

def _problem(fn, *args) -> str | None:
    try:
        fn(*args)
    except RulesError as e:
        return str(e)
    return None


def encounter_problem(state: UnderworldState, hero: str, cid: str) -> str | None:
    """Why ``hero`` may not have the Encounter ``cid`` now (None: it may), with the headless
    choices :func:`encounter` makes; an encounter that could do nothing for the hero is refused."""
    spec = kind_of(state, cid)
    if spec.kind != "encounter" or cid not in on_tile(state, hero) or cid not in state.revealed:
        return f"{spec.name} is not a face-up Encounter on {hero}'s tile"
    problem = _problem(_check_action, state, hero, "encounter", f"encounter {spec.name}")
    if problem:
        return problem
    if used_this_turn(state, f"encounter:{cid}", hero):
        return f"{spec.name}: once per turn"
    sheet = state.sheets[hero]
    eff = effect(state, cid)
    if eff == "hypnos" and not shadow_cubes(sheet):
        return "Hypnos: the hero has no shadow cube"
    if eff == "well_of_wisdom" and sheet.gold < 1:
        return "the Well of Wisdom costs 1 gold"
    if eff == "low_demon" and sheet.natural <= 1:
        return "the Low Demon's price (1 LP) would be the hero's last natural LP"
    if eff == "hermes" and hero_tile(state, hero) == styx_id(state.map):
        return "Hermes: the hero is on Styx already"
    if eff == "grant_special" and (spec.grants not in state.card or not room_for(state, hero, spec.grants)):
        return f"{spec.name}: the special weapon is not on the Damned One's card, or the hero cannot make room for it"
    if eff not in ("hypnos", "well_of_wisdom", "low_demon", "hermes", "grant_special"):
        return f"{spec.name}: nothing to do"
    return None


def accept_problem(state: UnderworldState, hero: str, cid: str) -> str | None:
    """Why ``hero`` may not accept the Task ``cid`` now (None: it may)."""
    spec = kind_of(state, cid)
    if spec.kind != "task" or cid not in on_tile(state, hero) or cid not in state.revealed:
        return f"{spec.name} is not a face-up Task on {hero}'s tile"
    problem = _problem(_check_action, state, hero, "accept_task", f"accept {spec.name}")
    if problem:
        return problem
    sheet = state.sheets[hero]
    if effect(state, cid) in ("hades_task", "persephone_task") and shadow_cubes(sheet):
        return "Hades and Persephone cannot be returned by Dark heroes"
    if len(sheet.tasks) >= sheet.task_slots:
        return "no empty Task box"
    return None


def fulfil_problem(state: UnderworldState, hero: str, cid: str) -> str | None:
    """Why ``hero`` may not fulfil the held task ``cid`` now (None: it may)."""
    sheet = state.sheets[hero]
    if cid not in sheet.tasks:
        return f"{hero} does not hold {cid}"
    spec = kind_of(state, cid)
    problem = _problem(_check_action, state, hero, "fulfil_task", f"fulfil {spec.name}")
    if problem:
        return problem
    dest = destination(state, cid)
    if not dest or place_name(dest) != tile_name(state, hero_tile(state, hero)):
        return f"{spec.name} must be brought to {dest or '?'}"
    if effect(state, cid) in ("hades_task", "persephone_task") and shadow_cubes(sheet):
        return "Hades and Persephone cannot be returned by Dark heroes"
    return None


def place_problem(state: UnderworldState, hero: str, place: str) -> str | None:
    """Why ``hero`` may not use the place (``styx`` or ``lethe``) now (None: it may). Healing at
    Styx with nothing to heal is refused."""
    problem = _problem(_check_action, state, hero, "use_place", f"use {place}")
    if problem:
        return problem
    sheet = state.sheets[hero]
    turn = state.turn
    if place == "styx":
        styx = styx_id(state.map)
        if hero_tile(state, hero) != styx or turn.started_on != styx or turn.moved:
            return "Styx heals only if the hero spends an entire turn there"
        if used_this_turn(state, "styx", hero) or sheet.natural >= sheet.natural_max:
            return "Styx: already used this turn, or nothing to heal"
        if state.solitaire and state.uses.get(f"corners:{styx}", 0) >= CORNERS:
            return "solitaire: all 4 LP of Styx are taken"
        return None
    if place == "lethe":
        if tile_name(state, hero_tile(state, hero)) != "lethe":
            return f"{hero} is not on the Lethe tile"
        if used_this_turn(state, "lethe", hero):
            return "Lethe: only 1 EC can be given up per turn"
        if not any(SKILL_CUBE.get(s) in sheet.cubes[s] for s in sheet.skills):
            return f"{hero} has no blue, red or green EC to give up"
        return None
    if place == "hades":
        if tile_name(state, hero_tile(state, hero)) != "hades":
            return f"{hero} is not on the Hades tile"
        if not [c for c in throne_waiting(state) if room_for(state, hero, c)]:
            return "nothing the hero can carry waits at the Throne Hall"
        return None
    return f"no place {place!r} to use"
