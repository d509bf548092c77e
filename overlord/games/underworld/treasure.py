"""The treasure heap (HitU "Treasure", "By the Way, a Hero May Wish for Good Luck…", "Handling
Treasure Markers", "Creatures of the Damned One", "Traps of the Damned One", "Items").

:func:`draw_treasure` makes all the draws a hero is entitled to at once, so that markers turned
up by wishing stay face up exactly "until all the draws are completed".

Rule readings
-------------
* "If no uncovered treasure markers remain, turn all the face-up treasure markers face down and
  mix them into a new treasure heap": "uncovered" is read as *face down* (the heap is empty),
  as "If all the treasure markers are revealed, flip all the revealed treasure markers face
  down" says. The reshuffle also happens when a wish needs 3 face-down markers and fewer remain.
* A marker turned up by a wish and not chosen lies in ``state.treasure`` (it is put back in the
  heap) and is marked face up by the key ``"showing:<id>" -> 1`` in ``state.uses`` until the
  draws end; then the keys go and the heap is mixed. Markers showing cannot be drawn.
* Only the chosen marker of a wish takes effect: the other two are not "drawn" (no SC for a
  trap or creature among them).
* After a trap catches the hero, or a creature of the Damned One wins, or the hero dies, the
  remaining draws are lost ("Turn is over"; "All further hero actions are lost").
* A Black Weapon that is not forced on the hero (no SC in its skill) may be left: it cannot be
  traded, so it goes back face up with no gold. Headless, heroes leave them. A forced Black
  Weapon the hero cannot carry (boxes full, already one weapon) goes back face up as well.
* Headless choice among the three of a wish: a forced Black Weapon, else the first item the hero
  can carry, else the first item, else the first marker turned up.
* Headless skill for a trap: the pictured dot giving the best value (value + modifier; the
  Shaman's +1 to Magic counts, a trial outside combat); a gray dot on a trap allows any skill.
"""

from __future__ import annotations

from ...view.words import listing

from ...core.game import hidden_draw
from ..heroes.counters import DOT_SKILL, GRAY
from ..heroes.sheet import RulesError, shadow_cubes, skill_value, spend_gold
from ..heroes.trials import skill_trial
from . import darkside
from .handling import (
    check_acting,
    dice_source,
    emit,
    end_turn,
    hero_tile,
    outside_bonus,
    relocate,
    roll,
)
from .items import take, take_problem, trade_for_gold
from .state import UnderworldState, kind_of, rolling

SHOWING = "showing:"


def _showing(state: UnderworldState) -> set[str]:
    return {k[len(SHOWING):] for k in state.uses if k.startswith(SHOWING)}


def face_down(state: UnderworldState) -> list[str]:
    """The treasure markers one may draw: the heap, less those showing."""
    up = _showing(state)
    return [c for c in state.treasure if c not in up]


def reshuffle(state: UnderworldState) -> list[dict]:
    """Turn every face-up treasure marker face down and mix them into the heap."""
    moved = list(state.treasure_up)
    for cid in moved:
        relocate(state, cid, "treasure")
    with rolling(state) as rng:
        state.treasure[:] = [state.treasure[i] for i in rng.permutation(len(state.treasure))]
    return emit(state, {"event": "treasure_reshuffled", "markers": len(moved),
                        "why": "HitU 'Treasure': 'If no uncovered treasure markers remain, turn all the "
                               "face-up treasure markers face down and mix them into a new treasure heap'"})


def forced_black(state: UnderworldState, hero: str, cid: str) -> bool:
    """"Black Weapons must be taken by a hero if that hero has at least 1 SC in the matching skill"."""
    spec = kind_of(state, cid)
    return spec.kind == "black_weapon" and shadow_cubes(state.sheets[hero], spec.black) > 0


def default_pick(state: UnderworldState, hero: str, shown: list[str]) -> str:
    forced = [c for c in shown if forced_black(state, hero, c)]
    if forced:
        return forced[0]
    items = [c for c in shown if kind_of(state, c).kind == "item"]
    for c in items:
        if take_problem(state, hero, c) is None:
            return c
    return (items or shown)[0]


def _per(value, i, default=None):
    if isinstance(value, (list, tuple)):
        return value[i] if i < len(value) else default
    return default if value is None else value


def draw_treasure(state: UnderworldState, hero: str, n: int = 1, *, wish=False, pick=None, keep=None,
                  trap_skill=None, fight: dict | None = None, dice=None, why: str = "",
                  fighter=None) -> list[dict]:
    """Make ``n`` treasure draws for ``hero``. Per draw (a value, or a list with one per draw):
    ``wish`` - pay 1 gold to turn up 3 and choose one (``pick``, among the 3 most recent);
    ``keep`` - True keeps an item, False trades it for 1 gold (None: keep if it can be carried).
    ``trap_skill`` is the skill for a trap's trial; ``fight`` the keyword choices for the
    combat against a creature of the Damned One, which ``fighter`` (``combat.fight``, handed in
    by the callers: a fight's reward draws treasure, so the two modules do not import each
    other) carries out; ``dice`` forces dice."""
    src = dice_source(dice)
    events: list[dict] = []
    mine: list[str] = []
    sheet = state.sheets[hero]
    draws = n
    i = 0
    try:
        while i < draws:
            if sheet.dead or hero in state.trapped or state.outcome or \
                    (state.turn is not None and state.turn.hero == hero and state.turn.combat_lost):
                events += emit(state, {"event": "draws_lost", "hero": hero, "left": draws - i,
                                       "why": "the turn is over: the remaining treasure draws are lost"})
                break
            wishing = bool(_per(wish, i, False))
            need = 3 if wishing else 1
            if len(face_down(state)) < need and state.treasure_up:
                events += reshuffle(state)
            avail = face_down(state)
            if not avail:
                events += emit(state, {"event": "treasure_empty", "hero": hero, "why": "no treasure marker to draw"})
                break
            if wishing:
                spend_gold(sheet, 1)
            with rolling(state) as rng:
                idx = rng.choice(len(avail), size=min(need, len(avail)), replace=False)
            shown = [avail[int(j)] for j in idx]
            events += emit(state, hidden_draw({"event": "treasure_revealed", "hero": hero, "markers": shown, "wish": wishing,
                                   "why": ("HitU 'Wish for Good Luck': 1 gold, 3 markers turned up, one selected"
                                           if wishing else "HitU 'Treasure': one face-down marker selected at random")
                                   + (f" ({why})" if why else "")}))
            if wishing:
                chosen = _per(pick, i) or default_pick(state, hero, shown)
                if chosen not in shown:
                    raise RulesError(f"{chosen} is not among the 3 most recent markers {listing(shown)}: 'the hero may only "
                                     "select from the 3 most recent draws' (HitU)")
                forced = [c for c in shown if forced_black(state, hero, c)]
                if forced and chosen not in forced:
                    raise RulesError(f"{hero} has a shadow cube in {kind_of(state, forced[0]).black}: the Black Weapon "
                                     f"{forced[0]} must be chosen (HitU 'Black Weapons must be taken ... even if there "
                                     "is a choice between the taking of several items')")
                for c in shown:
                    if c != chosen:
                        state.uses[SHOWING + c] = 1
                        mine.append(c)
            else:
                chosen = shown[0]
            events += resolve(state, hero, chosen, keep=_per(keep, i), trap_skill=trap_skill, fight=fight, src=src,
                              fighter=fighter)
            i += 1
    finally:
        for c in mine:
            state.uses.pop(SHOWING + c, None)
        if mine:
            with rolling(state) as rng:
                state.treasure[:] = [state.treasure[j] for j in rng.permutation(len(state.treasure))]
            events += emit(state, {"event": "treasure_mixed_back", "markers": mine,
                                   "why": "HitU: 'The two markers not selected are put face down and mixed back'"})
    return events


def resolve(state: UnderworldState, hero: str, cid: str, *, keep=None, trap_skill=None, fight=None,
            src=None, fighter=None) -> list[dict]:
    """What a drawn treasure marker does ("Handling Treasure Markers")."""
    spec = kind_of(state, cid)
    if spec.kind == "item" and spec.effect == "gold_bag":
        return take(state, hero, cid, why="treasure")
    if spec.kind == "item":
        if keep is None:
            keep = take_problem(state, hero, cid) is None
        return take(state, hero, cid, why="treasure") if keep else trade_for_gold(state, hero, cid)
    if spec.kind == "black_weapon":
        forced = forced_black(state, hero, cid)
        if keep is None:
            keep = forced
        if forced and not keep:
            raise RulesError(f"{hero} has a shadow cube in {spec.black}: the Black Weapon {spec.name} must be taken")
        problem = take_problem(state, hero, cid)
        if keep and problem is None:
            return take(state, hero, cid, why="treasure")
        relocate(state, cid, "treasure_up")
        return emit(state, {"event": "black_weapon_left", "hero": hero, "item": cid,
                            "why": problem or "not taken; 'Black weapons may not be traded for gold'"})
    if spec.kind == "trap":
        return spring_trap(state, hero, cid, skill=trap_skill, src=src)
    if spec.kind == "damned_creature":
        events = [darkside.add(state, 1, why=f"creature of the Damned One {spec.name} drawn")]
        relocate(state, cid, f"tile:{hero_tile(state, hero)}")
        if fighter is None:
            raise RulesError(f"{cid}: a creature of the Damned One drawn as treasure is fought at once; "
                             "draw_treasure needs the fight (fighter=combat.fight)")
        return events + fighter(state, hero, cid, immediate=True, dice=src, **(fight or {}))
    raise RulesError(f"{cid} ({spec.kind}) is not a treasure marker")


def trap_options(state: UnderworldState, hero: str, cid: str) -> list[tuple[str, int]]:
    """(skill, modifier) for each skill pictured on the trap."""
    spec = kind_of(state, cid)
    skills = list(state.sheets[hero].skills)
    out = []
    for dot, mod in spec.dots.items():
        for s in (skills if dot == GRAY else [DOT_SKILL[dot]]):
            if s in skills:
                out.append((s, mod))
    return out or [(s, 0) for s in skills]


def _trap_trial(state, hero, cid, skill, src):
    sheet = state.sheets[hero]
    options = trap_options(state, hero, cid)
    if skill is None:
        skill, mod = max(options, key=lambda o: skill_value(sheet, o[0]) + o[1] + outside_bonus(state, hero, o[0]))
    else:
        mods = [m for s, m in options if s == skill]
        if not mods:
            raise RulesError(f"{skill} is not pictured on {kind_of(state, cid).name}: 'test against any skill "
                             "pictured on the counter' (HitU)")
        mod = max(mods)
    mod += outside_bonus(state, hero, skill)
    return roll(state, src, lambda r: skill_trial(sheet, skill, mod, rng=r, against=kind_of(state, cid).name))


def spring_trap(state: UnderworldState, hero: str, cid: str, *, skill=None, src=None) -> list[dict]:
    """"Place 1 SC on the Dark Side ... The hero must immediately perform a skill check ... If the
    skill check fails, the hero is stuck in the trap, and the turn ends." Passed: removed."""
    events = [darkside.add(state, 1, why=f"{kind_of(state, cid).name} drawn (a trap)")]
    t = _trap_trial(state, hero, cid, skill, dice_source(src))
    if t.success:
        relocate(state, cid, "removed")
        return events + emit(state, {"event": "trap_passed", "hero": hero, "trap": cid, "skill": t.skill, "trial": t.reason,
                                     "why": "HitU: 'A trap is removed from play as soon as the hero passes'"})
    relocate(state, cid, f"trap:{hero}")
    end_turn(state, hero)
    return events + emit(state, {"event": "trapped", "hero": hero, "trap": cid, "skill": t.skill, "trial": t.reason,
                                 "why": "HitU: 'If the skill check fails, the hero is stuck in the trap, and the "
                                        "turn ends'"})


def escape_trap(state: UnderworldState, hero: str, *, skill: str | None = None, dice=None) -> list[dict]:
    """"To leave the trap takes an action. The hero must test against any skill pictured on the
    counter. If it succeeds, the marker is discarded. If it fails, the hero must attempt to
    escape again on the next turn and can take no further action." """
    check_acting(state, hero, "escape the trap")
    cid = state.trapped.get(hero)
    if cid is None:
        raise RulesError(f"{hero} is not caught in a trap")
    state.turn.actions.append("escape_trap")
    t = _trap_trial(state, hero, cid, skill, dice_source(dice))
    if t.success:
        relocate(state, cid, "removed")
        return emit(state, {"event": "trap_escaped", "hero": hero, "trap": cid, "skill": t.skill, "trial": t.reason,
                            "why": "HitU: 'If it succeeds, the marker is discarded'"})
    end_turn(state, hero)
    return emit(state, {"event": "still_trapped", "hero": hero, "trap": cid, "skill": t.skill, "trial": t.reason,
                        "why": "HitU: 'the hero must attempt to escape again on the next turn'"})
