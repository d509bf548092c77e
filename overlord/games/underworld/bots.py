"""Hero bots for the co-operative Underworld (``overlord.games.underworld``).

Two choosers with one signature, ``choose(state, actions, rng) -> action``: ``actions`` is
``engine.legal_actions(state)`` and the action returned is always one of them (the heuristic's
solitaire fights may add the player's choices under ``"with"``, which ``engine.apply`` takes). ``rng`` (a
``random.Random`` or a numpy ``Generator``, owned by the runner) is used only to break ties, so a
seeded game is deterministic.

* :func:`choose_random` - any legal action, uniformly.
* :func:`choose_heuristic` - a player that tries to win. Every choice is the **minimum of an
  ordered key** (a tuple; the last element is always the random tie-break), so a reader can see
  why an action was taken.

The heuristic's plan (:func:`plan`)
-----------------------------------
Each time it decides, the active hero picks one *goal*: the candidate with the smallest key
``(priority, distance in tiles, tie)`` among

====  ===========  =========================================================================
prio  goal         when
====  ===========  =========================================================================
0     ``attack``   the Damned One waits in Chaos and the hero carries a special weapon whose
                   pure skill wins the battle with P >= :func:`attack_threshold` (Dark Side)
1     ``heal``     natural LP at half the maximum or less: to Styx (heal there a whole turn)
2     ``deliver``  a held task whose destination is on the map (black creatures to Erebos or
                   Tartaros: 1 SC off the Dark Side; Hades/Persephone to Hades; other tasks
                   at priority 6)
3     ``bridge``   Chaos lies on the map but no path leads to it: a tile with a free exit onto a
                   cell beside one of Chaos's exits (the new tile is turned to join it)
3     ``weapon``   a face-up Hekate/Orion/Thanatos whose weapon is still on the Damned One's
                   card, for the hero best at its skill among those without an attacking
                   special weapon (:func:`best_holder`; trial P >= 0.3);
                   a face-up Hades/Persephone task for a hero without shadow cubes
4     ``avatar``   a face-up Avatar the hero beats with P >= 0.5
4     ``hunt``     a face-up black creature (P >= 0.55, a free task box)
5     ``ready``    the Damned One waits in Chaos, the odds are not yet good enough: wait there
5     ``lethe``    Lethe is on the map, the Dark Side >= 5 and the hero has a normal EC
5     ``prey``     a face-up red creature beaten with P >= 0.65 (experience)
6     ``marker``   a face-down marker on a placed tile (at most 2 x movement away; with no
                   other goal, the nearest however far)
7     ``edge``     a tile with a free exit to extend the Underworld from
8     ``rest``     nothing else: stay (on Styx if possible)
====  ===========  =========================================================================

Distances are breadth-first over placed tiles joined by matching exits
(``tiles.neighbours``); tiles holding a face-up enemy the hero would have to fight with poor
odds (:func:`danger`) are not walked through, nor chosen as a goal unless that enemy is it
(healing and attacking may go through them when there is no other way, at +3 tiles).

Decision keys by phase (smallest wins)
--------------------------------------
* **extend**: the goal is on this tile or the hero stays (heal, attack, Lethe, edge here) ->
  extend, else ``skip_extend``. Extends: ``(not onto a bridge cell, -open cells around the new
  tile's cell, not the largest stack, tie)``.
  A stack is never chosen by its (face-down) top tile.
* **orient**: ``(not joined to the hero's tile, not joined to an unreachable Chaos when on a
  bridge cell, -(exits facing open cells + exits joining placed tiles), tie)``.
* **move**: ``step`` to the next tile of the path to the goal; just after exploring by
  extending, into the new tile if it is safe; ``stop`` at the goal or when the path is blocked.
* **act** (trapped): ``escape`` with ``(-P(escape), tie)``.
* **act** (an enemy here): ``fight`` with ``(-P(win), tie)`` - the exact chance of a 2d6 keep-
  the-two-lowest-of-N trial at the target (:func:`p_success`).
* **act** (free): ``(rank, -value, tie)`` over the actions worth taking, ``end`` last (rank 9):
  0 ``attack_damned`` when P(win the battle) >= the threshold (:func:`p_battle`: the hero's LP
  against the Damned One's LP = Dark Side cubes, each trial at skill - 3); 1 ``encounter``
  (special weapon trial, Hypnos, Well of Wisdom; Hermes when the hero should heal; Low Demon
  only with full and plenty of natural LP); 2 ``accept`` (Hades/Persephone only: the judges'
  and Chronos' treasure may feed the Dark Side and the walk costs turns); 3 ``fulfil``; 4 ``use`` Styx (when hurt) or Lethe
  (Dark Side >= 3, or the hero carries a shadow cube).

Solitaire (one hero, ``state.solitaire``)
-----------------------------------------
The lone hero fights the Damned One with Magic first, then the other two skills (the engine's
:func:`~overlord.games.underworld.battle.solitaire_order`), a skill with a shadow cube failing
outright; it pays a shadow cube every turn the Damned One lies in Chaos, and its entry counts the
special treasures held. So, with one hero only (2-4 heroes play exactly as above):

* **odds**: :func:`attack_odds` is :func:`p_cycle_battle` over the cycle's per-trial chances
  (:func:`solo_trial_ps`), the Damned One's LP = the Dark Side (+ the cubes still to come:
  the Mark, one a turn on the way).
* **attack** (prio 0): whenever the Damned One waits in Chaos and the hero carries a special
  weapon - waiting only feeds it (no ``ready`` goal); act: ``attack_damned`` whenever legal.
* **the entry's trigger**: with 2 counted towards the entry, beating an Avatar, the special-
  weapon encounters and fulfilling Hades/Persephone bring the Damned One in. They are allowed
  (:func:`trigger_ok`) only when the hero will then hold an attacking weapon and either Chaos is
  not yet on the map (the Damned One waits aside and appears beside the hero) or
  ``P(win at Dark Side + 1 + turns to walk to Chaos) >= solo_ready`` (:data:`SOLO_READY`: 0.8
  before round 30, 0.6 before 45, 0.4 before 60, then 0.2); the turns count a stop on every
  tile with a marker on the way (:func:`walk_turns`), and a Dark Side that would fill on the way
  is a lost battle. Otherwise revealed Avatars count as danger (not walked through, not sought)
  and those actions are not taken; the hero gets experience and empties the Dark Side meanwhile.
* **turning markers up** (:func:`explore_ok`): one count short, Chaos on the map and a weapon in
  hand, the hero enters face-down markers and lays tiles only where :func:`trigger_ok` holds (a
  face-down marker may be an Avatar it must fight); an Avatar it must fight there and must not
  beat yet is fought with its worst skill.
* **waiting aside** (:func:`waiting_ready`): while the Damned One waits for Chaos, the hero lays
  tiles (Chaos may come with any, the Damned One beside it) only when its odds reach
  ``solo_ready``; else it heals and drains the Dark Side first.
* **drink** (act): ``(-1, ...)`` before the attack when hurt on Chaos; ``(1, ...)`` when it
  should heal; never otherwise. In the battle the engine drinks between rounds
  (``battle.drink_when_hurt``).
* **lethe** (goal): from Dark Side >= ``SOLO_LETHE``, or while getting ready for the entry when a
  cube given up raises its odds (:func:`lethe_skill`, which also names the cube given).

Every party: a hero carrying a weapon still seeks Hekate, Orion and Thanatos (the engine makes
room by discarding it, never a special weapon), and a Trident or Mail waiting on the Damned One's
card is taken again at the Throne Hall (goal ``weapon`` on the Hades tile; act rank 1).
"""

from __future__ import annotations

import functools
from dataclasses import replace

from overlord.core.tiles import OPPOSITE, SIDES, STEP
from overlord.games.heroes.counters import DOT_SKILL
from overlord.games.heroes.sheet import (
    SKILL_CUBE,
    cube_count,
    dice_for,
    life_total,
    movement_allowance,
    shadow_cubes,
    skill_value,
)
from overlord.games.underworld import combat, darkside, machines, tiles
from overlord.games.underworld.battle import DAMNED_MODIFIER, sheet_order, solitaire_order, weapon_skills
from overlord.games.underworld.handling import ability, effect, outside_bonus, tile_name
from overlord.games.underworld.items import default_room
from overlord.games.underworld.places import throne_waiting
from overlord.games.underworld.machines import entry_count
from overlord.games.underworld.places import destination
from overlord.games.underworld.state import DARK_SIDE_BOXES, ENEMY_KINDS, counters_by_tile, kind_of

from ..heroes.odds import p_battle, p_cycle_battle, p_fail, p_success  # noqa: F401  (re-exported for tests)
from overlord.games.underworld.treasure import trap_options
from overlord.games.underworld.verbs import SKIP_EXTEND, STOP

# -- one plan's readings ------------------------------------------------------------------------

# While :func:`_plan` weighs one state's candidates nothing changes the state, yet the solitaire's
# checks (:func:`explore_ok` on every tile) read the same adjacency, odds and entry count again
# for each tile. A reading marked ``@_per_plan`` is kept for the state :func:`_plan` weighs and
# computed afresh anywhere else.
_PLAN_READINGS: dict = {}


def _per_plan(fn):
    @functools.wraps(fn)
    def read(state, *args, **kw):
        memo = _PLAN_READINGS
        if memo.get("state") is not state:
            return fn(state, *args, **kw)
        key = (fn, args, tuple(sorted(kw.items()))) if kw else (fn, args)
        try:
            return memo[key]
        except KeyError:
            got = memo[key] = fn(state, *args, **kw)
            return got
    return read


# -- dice --------------------------------------------------------------------------------------


def attack_threshold(dark_side: int) -> float:
    """How good the odds must be to attack the Damned One: choosy while the Dark Side has room,
    anything goes when it is about to fill."""
    room = DARK_SIDE_BOXES - dark_side
    return {1: 0.0, 2: 0.1, 3: 0.25, 4: 0.35}.get(room, 0.45)


# solitaire: P(win) needed to bring the Damned One in, by round: (before this round, P) - ours,
# chosen by paired heuristic games (bench/solo_ready.py): against the earlier ((30, 0.35), (45, 0.2),
# (60, 0.05), then 0) +6.3 points on 1,000 games where 12 schedules were tried, +6.6 (+4.4 to +8.7) on
# 2,000 fresh ones; waiting longer for better odds is worth more than the cubes it costs
SOLO_READY = ((30, 0.8), (45, 0.6), (60, 0.4), (10**9, 0.2))
SOLO_EXPLORE = 2             # solitaire: the priority of a free edge while Chaos is not on the map
SOLO_LETHE = 3               # solitaire: the Dark Side from which Lethe is a goal


@_per_plan
def solo_trial_ps(state, hero: str) -> tuple[float, ...]:
    """The chance of each trial of the solitaire battle's cycle (0 for a skill with a shadow cube)."""
    return cycle_ps(state.sheets[hero])


def cycle_ps(sheet) -> tuple[float, ...]:
    """:func:`solo_trial_ps` of one hero sheet."""
    return tuple(0.0 if shadow_cubes(sheet, s) else
                 round(p_success(dice_for(sheet, s), skill_value(sheet, s) + DAMNED_MODIFIER), 6)
                 for s in sheet_order(sheet))


@_per_plan
def solo_odds(state, hero: str, extra: int = 0) -> float:
    """P(the lone hero wins the battle) with ``extra`` more cubes on the Dark Side."""
    return _cycle_odds(solo_trial_ps(state, hero), state.dark_side + extra, life_total(state.sheets[hero]))


def cycle_odds(sheet, dark_side: int) -> float:
    """P(the hero of ``sheet`` wins the solitaire battle with ``dark_side`` cubes on the Dark Side."""
    return _cycle_odds(cycle_ps(sheet), dark_side, life_total(sheet))


def _cycle_odds(ps: tuple[float, ...], dark_side: int, lp: int) -> float:
    if not any(ps) or dark_side >= DARK_SIDE_BOXES:
        return 0.0                       # (the 11th cube ends the game before the battle)
    return p_cycle_battle(ps, max(1, dark_side), lp)


# -- small readings of the state ----------------------------------------------------------------


def _tie(rng) -> float:
    return float(rng.random())


def fight_p(state, hero: str, cid: str) -> tuple[float, str | None]:
    """The best chance to beat ``cid`` in one combat trial, and the skill giving it."""
    sheet = state.sheets[hero]
    best = (0.0, None)
    for o in combat.options(state, hero, cid):
        p = p_success(dice_for(sheet, o["skill"].split("+")[0]), o["target"])   # a Gnome's pair: the first's dice
        if p > best[0]:
            best = (p, o["skill"])
    return best


def _must_fight(state, hero: str, cid: str) -> bool:
    spec = kind_of(state, cid)
    if spec.kind not in ENEMY_KINDS:
        return False
    if any(i.id and effect(state, i.id) == "shoes_of_hermes" for i in state.sheets[hero].items):
        return False
    return not (ability(state, hero) == "bard_song" and spec.kind == "creature")


_counters = _per_plan(counters_by_tile)


def danger(state, hero: str, tile: str) -> bool:
    """Whether entering ``tile`` means a fight the hero would rather not have: a face-up enemy it
    must fight with P(win) below 0.5 (0.85 against a red creature on the last natural LP)."""
    sheet = state.sheets[hero]
    for cid in _counters(state)[tile]:
        if cid not in state.revealed or not _must_fight(state, hero, cid):
            continue
        spec = kind_of(state, cid)
        if spec.kind == "damned_one":
            continue
        if spec.kind == "avatar" and not trigger_ok(state, hero, tile):
            return True
        p, _ = fight_p(state, hero, cid)
        need = 0.85 if spec.kind == "creature" and spec.effect != "lose_ec" and sheet.natural <= 1 else 0.5
        if p < need:
            return True
    return False


chaos_tile = _per_plan(machines.chaos_tile)


# The map's joins and the walks through them depend on the layout alone (which tile lies where,
# turned how), and a layout lasts many turns and is met again in every world a search plays out:
# kept by layout for the process, a pure function of its key (cleared past _LAYOUTS_KEPT).
_LAYOUTS: dict = {}
_LAYOUTS_KEPT = 4096


@_per_plan
def _layout(state) -> tuple[dict[str, list[str]], dict]:
    """(adjacency, BFS trees by start) of the state's map layout; callers only read them."""
    key = tuple((t.id, t.at[0], t.at[1], t.exits) for t in state.map.placed)
    got = _LAYOUTS.get(key)
    if got is None:
        if len(_LAYOUTS) >= _LAYOUTS_KEPT:
            _LAYOUTS.clear()
        got = _LAYOUTS[key] = (tiles.adjacency(state.map), {})
    return got


def _adjacency(state) -> dict[str, list[str]]:
    return _layout(state)[0]


def bfs(adj: dict[str, list[str]], start: str, blocked: set[str]) -> tuple[dict[str, int], dict[str, str]]:
    """Distances and parents from ``start``; ``blocked`` tiles may be reached, not passed."""
    dist, parent = {start: 0}, {}
    frontier = [start]
    while frontier:
        nxt = []
        for t in frontier:
            if t in blocked and t != start:
                continue
            for n in adj[t]:
                if n not in dist:
                    dist[n] = dist[t] + 1
                    parent[n] = t
                    nxt.append(n)
        frontier = nxt
    return dist, parent


def _tree(state, start: str) -> tuple[dict[str, int], dict[str, str]]:
    """:func:`bfs` from ``start`` with nothing blocked (callers only read it)."""
    adj, trees = _layout(state)
    got = trees.get(start)
    if got is None:
        got = trees[start] = bfs(adj, start, set())
    return got


def first_step(parent: dict[str, str], start: str, goal: str) -> str | None:
    if goal == start or goal not in parent:
        return None
    t = goal
    while parent[t] != start:
        t = parent[t]
    return t


@_per_plan
def _names(state) -> dict[str, str]:
    """The placed tiles by :func:`tile_name` (the first placed where two share a name)."""
    out: dict[str, str] = {}
    for t in state.map.placed:
        out.setdefault(tile_name(state, t.id), t.id)
    return out


def _tile_by_name(state, name: str) -> str | None:
    return _names(state).get(name)


def attack_odds(state, hero: str) -> tuple[float, str | None, str | None]:
    """(P(win), weapon, skill) of the hero's best attack on the Damned One with what it carries
    (whether or not it stands on Chaos)."""
    sheet = state.sheets[hero]
    if state.solitaire:
        weapon = next((i.id for i in sheet.items if kind_of(state, i.id).kind == "special_weapon"
                       and weapon_skills(state, i.id)), None)
        return (solo_odds(state, hero), weapon, None) if weapon else (0.0, None, None)
    lp = life_total(sheet)
    damned_lp = darkside.life(state)
    best = (0.0, None, None)
    for item in sheet.items:
        if kind_of(state, item.id).kind != "special_weapon":
            continue
        for skill in weapon_skills(state, item.id):
            if shadow_cubes(sheet, skill):
                continue
            pw = battle_chance(sheet, skill, damned_lp, lp)
            if pw > best[0]:
                best = (pw, item.id, skill)
    return best


def battle_chance(sheet, skill: str, damned_lp: int, lp: int) -> float:
    """P(win the final battle, 2+ heroes) fighting with ``skill``, each trial at the Damned One's -3."""
    p = p_success(dice_for(sheet, skill), skill_value(sheet, skill) + DAMNED_MODIFIER)
    return p_battle(round(p, 6), damned_lp, lp)


@_per_plan
def _has_attack_weapon(state, hero: str) -> bool:
    return any(kind_of(state, i.id).kind == "special_weapon" and weapon_skills(state, i.id)
               for i in state.sheets[hero].items)


def needs_heal(state, hero: str) -> bool:
    sheet = state.sheets[hero]
    return sheet.natural < sheet.natural_max and sheet.natural * 2 <= sheet.natural_max


@_per_plan
def armed(state) -> bool:
    """Solitaire: one more banished Avatar or special treasure brings the Damned One in."""
    return state.solitaire and state.damned in ("dormant", "abroad") and entry_count(state) >= 2


@_per_plan
def trigger_ok(state, hero: str, at: str, grants_weapon: bool = False) -> bool:
    """Solitaire: whether the hero may bring the Damned One in from tile ``at`` now (see the
    module's notes); always True when the next trigger does not bring it in."""
    if not armed(state):
        return True
    if not (_has_attack_weapon(state, hero) or grants_weapon):
        return False
    chaos = chaos_tile(state)
    if chaos is None:
        return True
    turns = walk_turns(state, hero, at, chaos)
    if turns is None:
        return False
    return solo_odds(state, hero, 1 + turns) >= solo_ready(state)


def solo_ready(state) -> float:
    """Solitaire: the P(win the battle) the lone hero waits for before it brings the Damned One in
    (or lays a tile while it waits aside): :data:`SOLO_READY` by the round, choosy early, less so as
    the game goes on (or the schedule of the plan being played: :func:`heuristic_ready`)."""
    return next(p for until, p in _SCHEDULE[0] if state.round < until)


_SCHEDULE = [SOLO_READY]     # the schedule :func:`solo_ready` reads: the plan being played's


def heuristic_ready(schedule: tuple[tuple[int, float], ...], name: str):
    """The heuristic bot with another :data:`SOLO_READY` schedule (``bench/solo_ready.py`` plays
    them against each other); it differs with one hero only, since only the solitaire reads it."""
    def choose(state, actions, rng):
        saved = _SCHEDULE[0]
        _SCHEDULE[0] = schedule
        try:
            return choose_heuristic(state, actions, rng)
        finally:
            _SCHEDULE[0] = saved
    choose.__name__ = name
    return choose


@_per_plan
def walk_turns(state, hero: str, start: str, goal: str) -> int | None:
    """Turns the hero needs to walk from ``start`` to ``goal`` along a shortest path, counting that
    its movement stops on every tile with a marker on the way ("If a marker is on the tile,
    movement is interrupted"); None when no path joins them."""
    dist, parent = _tree(state, start)
    if goal not in dist:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    mp = movement_allowance(state.sheets[hero])
    on = _counters(state)
    turns, left = 0, 0
    for t in reversed(path[:-1]):
        if left == 0:
            turns, left = turns + 1, mp
        left -= 1
        if t != goal and on[t]:
            left = 0
    return turns


@_per_plan
def explore_ok(state, hero: str, at: str) -> bool:
    """Solitaire, one count short of the Damned One's entry with Chaos on the map: a face-down
    marker may be an Avatar the hero must fight and beat, so the hero turns markers up (by
    entering or by laying a tile) only where it could take the Damned One on from there - or
    while it has no weapon to take it on with (exploring is how it finds one)."""
    return (not (armed(state) and chaos_tile(state) is not None) or not _has_attack_weapon(state, hero)
            or trigger_ok(state, hero, at))


def waiting_ready(state, hero: str) -> bool:
    """Solitaire, the Damned One kept aside until Chaos is laid: whether the hero may lay tiles now
    (Chaos may come with any of them, and the Damned One with it, beside the hero)."""
    return not (state.solitaire and state.damned == "waiting") or (
        _has_attack_weapon(state, hero) and solo_odds(state, hero) >= solo_ready(state))


def _trial_p(state, hero: str, skill: str) -> float:
    sheet = state.sheets[hero]
    return p_success(dice_for(sheet, skill), skill_value(sheet, skill) + outside_bonus(state, hero, skill))


# -- the plan -----------------------------------------------------------------------------------


def candidates(state, hero: str) -> list[tuple[int, str, str]]:
    """Every goal the hero could pursue: (priority, tile, label); see the module's table."""
    sheet = state.sheets[hero]
    out: list[tuple[int, str, str]] = []
    styx = tiles.styx_id(state.map)
    chaos = chaos_tile(state)
    if chaos and state.damned == "in_chaos":
        p, _w, _s = attack_odds(state, hero)
        if _w and (state.solitaire or p >= attack_threshold(state.dark_side)):
            out.append((0, chaos, "attack"))
        elif _w:
            out.append((5, chaos, "ready"))
    if needs_heal(state, hero):
        out.append((1, styx, "heal"))
    for task in sheet.tasks:
        dest = destination(state, task)
        t = _tile_by_name(state, dest.strip().lower()) if dest else None
        if dest and t is None:
            t = _tile_by_name(state, {"tartarus": "tartaros", "erebus": "erebos"}.get(dest.lower(), dest.lower()))
        if t is not None:
            ordinary = kind_of(state, task).kind == "task" and effect(state, task) not in ("hades_task", "persephone_task")
            if not ordinary and not _fulfil_ok(state, hero, task, t):
                continue
            out.append((6 if ordinary else 2, t, "deliver"))
    no_weapon = not _has_attack_weapon(state, hero)
    free_task = len(sheet.tasks) < sheet.task_slots
    lethe = _tile_by_name(state, "lethe")
    for t in state.map.placed:
        for cid in t.markers:
            if cid == "adventure":
                continue
            if cid not in state.revealed:
                if explore_ok(state, hero, t.id):
                    out.append((6, t.id, "marker"))
                continue
            spec = kind_of(state, cid)
            eff = spec.effect
            if spec.kind == "encounter" and eff == "grant_special" and no_weapon and spec.grants in state.card:
                skill = next((DOT_SKILL[d] for d in spec.dots if d in DOT_SKILL), None)
                if skill and not shadow_cubes(sheet, skill) and _trial_p(state, hero, skill) >= 0.3 \
                        and default_room(state, hero, spec.grants) is not None and best_holder(state, hero, skill) \
                        and trigger_ok(state, hero, t.id, bool(weapon_skills(state, spec.grants))):
                    out.append((3, t.id, "weapon"))
            elif spec.kind == "task" and eff in ("hades_task", "persephone_task") and free_task \
                    and not shadow_cubes(sheet):
                out.append((3, t.id, "weapon"))
            elif spec.kind in ENEMY_KINDS and not _must_fight(state, hero, cid):
                continue      # the engine offers a fight only when the hero must fight
            elif spec.kind == "avatar":
                if fight_p(state, hero, cid)[0] >= 0.5 and trigger_ok(state, hero, t.id):
                    out.append((4, t.id, "avatar"))
            elif spec.kind == "black_creature" and free_task:
                if fight_p(state, hero, cid)[0] >= 0.55:
                    out.append((4, t.id, "hunt"))
            elif spec.kind == "creature":
                if fight_p(state, hero, cid)[0] >= 0.65:
                    out.append((5, t.id, "prey"))
    hades = _tile_by_name(state, "hades")
    if hades and no_weapon and any(weapon_skills(state, w) and default_room(state, hero, w) is not None
                                   for w in throne_waiting(state)):
        out.append((3, hades, "weapon"))              # the Trident waits at the Throne Hall
    if state.solitaire and shadow_cubes(sheet):
        for t in state.map.placed:
            for cid in t.markers:
                if cid in state.revealed and kind_of(state, cid).effect == "hypnos":
                    out.append((4, t.id, "hypnos"))
    getting_ready = state.solitaire and (armed(state) or state.damned == "waiting") and lethe_skill(state, hero)
    if lethe and (getting_ready or state.dark_side >= (SOLO_LETHE if state.solitaire else 5)) \
            and any(SKILL_CUBE[s] in sheet.cubes[s] for s in sheet.skills):
        out.append((4 if getting_ready else 5, lethe, "lethe"))
    bridge = bridge_cells(state)
    open_sides = tiles.open_sides(state.map)
    for t in state.map.placed:
        sides = open_sides[t.id]
        if sides and explore_ok(state, hero, t.id):
            near = any(tuple(tiles.beyond(t, side)) in bridge for side in sides)
            edge = SOLO_EXPLORE if state.solitaire and chaos is None and waiting_ready(state, hero) else 7
            out.append((3 if near else edge, t.id, "bridge" if near else "edge"))
    out.append((8, styx, "rest"))
    return out


def _fulfil_ok(state, hero: str, task: str, at: str) -> bool:
    """Solitaire: Hades and Persephone grant a special treasure - a trigger of the entry."""
    eff = effect(state, task)
    if eff not in ("hades_task", "persephone_task"):
        return True
    grants = kind_of(state, task).grants
    if not grants or grants not in state.card:
        return True
    return trigger_ok(state, hero, at, bool(weapon_skills(state, grants)))


def bridge_cells(state) -> dict[tuple[int, int], str]:
    """Empty cells beside an exit of a placed Chaos tile that no hero can reach (a tile placed
    there, turned to face Chaos, joins it to the map) -> the side of the new tile facing Chaos."""
    chaos = chaos_tile(state)
    if chaos is None:
        return {}
    dist, _ = _tree(state, tiles.styx_id(state.map))
    if chaos in dist:
        return {}
    t = tiles.placed_tile(state.map, chaos)
    out = {}
    for side in t.exits:
        cell = tiles.beyond(t, side)
        if tiles.tile_at(state.map, *cell) is None:
            out[tuple(cell)] = OPPOSITE[side]
    return out


def best_holder(state, hero: str, skill: str) -> bool:
    """Whether ``hero`` is (one of) the best of the heroes without an attacking weapon to carry a
    special weapon of ``skill``: value + dice, pure skills only."""
    def worth(h):
        sh = state.sheets[h]
        if shadow_cubes(sh, skill) or _has_attack_weapon(state, h) or sh.dead:
            return -1
        return skill_value(sh, skill) + dice_for(sh, skill)
    mine = worth(hero)
    return mine >= 0 and all(worth(h) <= mine for h in state.heroes)


_MEMO: dict = {}


def plan(state, hero: str, rng) -> tuple[str, str, int, dict[str, str]]:
    """The hero's goal: (label, tile, distance, BFS parents) - the minimum of
    ``(priority, distance, tie)`` over the reachable :func:`candidates`. Memoised while the
    state's log does not grow (the steps of one decision see the same state)."""
    key = (len(state.log), hero, state.map.heroes[hero], state.turn.phase if state.turn else "", _SCHEDULE[0])
    if _MEMO.get("state") is state and _MEMO.get("key") == key:
        return _MEMO["plan"]
    result = _plan(state, hero, rng)
    _MEMO.update(state=state, key=key, plan=result)     # holding the state keeps its id unique
    return result


def _plan(state, hero: str, rng) -> tuple[str, str, int, dict[str, str]]:
    _PLAN_READINGS.clear()
    _PLAN_READINGS["state"] = state
    try:
        return _weigh(state, hero, rng)
    finally:
        _PLAN_READINGS.clear()


def _weigh(state, hero: str, rng) -> tuple[str, str, int, dict[str, str]]:
    adj = _adjacency(state)
    here = state.map.heroes[hero]
    risky = {t for t in adj if t != here and danger(state, hero, t)}
    dist, parent = bfs(adj, here, risky)
    anyway, parent_any = _tree(state, here)
    reach = 2 * movement_allowance(state.sheets[hero]) + 1
    best = far = None
    for prio, tile, label in candidates(state, hero):
        if tile in dist:
            d, par = dist[tile], parent
        elif label in ("heal", "attack") and tile in anyway:
            d, par = anyway[tile] + 3, parent_any      # through danger only when it matters
        else:
            continue
        if tile in risky and label not in ("avatar", "hunt", "prey", "heal", "attack"):
            continue
        if label == "marker" and d > reach:
            key = (d, tile)                         # no draw: the games that never need it stay as they were
            if far is None or key < far[0]:
                far = (key, label, tile, par)
            continue
        if tile == here and danger(state, hero, here) and label in ("edge", "marker", "rest", "lethe"):
            continue
        key = (prio, d, _tie(rng))
        if best is None or key < best[0]:
            best = (key, label, tile, par)
    if far is not None and (best is None or best[1] == "rest"):   # nothing near: the nearest marker, however far
        return far[1], far[2], far[0][0], far[3]
    if best is None:
        return "rest", here, 0, parent
    return best[1], best[2], best[0][1], best[3]


# -- the choosers -------------------------------------------------------------------------------


def choose_random(state, actions: list[dict], rng) -> dict:
    """Any legal action, uniformly."""
    return actions[int(rng.random() * len(actions)) % len(actions)]


def choose_heuristic(state, actions: list[dict], rng) -> dict:
    """The heuristic player's choice among ``actions`` (see the module's keys)."""
    if len(actions) == 1:
        return actions[0]
    turn = state.turn
    hero = turn.hero
    if turn.phase == "extend":
        return _extend(state, hero, actions, rng)
    if turn.phase == "orient":
        return _orient(state, hero, actions, rng)
    if turn.phase == "move":
        return _move(state, hero, actions, rng)
    return _act(state, hero, actions, rng)


STAY_GOALS = ("heal", "attack", "ready", "lethe", "hypnos", "edge", "bridge", "rest", "deliver", "weapon")


def _extend(state, hero, actions, rng):
    extends = [a for a in actions if a["do"] == "extend"]
    label, tile, dist, _ = plan(state, hero, rng)
    here = state.map.heroes[hero]
    if not extends or dist > 0 or label not in STAY_GOALS:
        return SKIP_EXTEND() if SKIP_EXTEND() in actions else actions[-1]
    host = tiles.placed_tile(state.map, here)
    bridge = bridge_cells(state)

    def key(a):
        cell = tiles.beyond(host, a["side"])
        open_cells = sum(1 for s in SIDES
                         if tiles.tile_at(state.map, cell[0] + STEP[s][0], cell[1] + STEP[s][1]) is None)
        return (tuple(cell) not in bridge, -open_cells, a["stack"] != _biggest_stack(state), _tie(rng))

    return min(extends, key=key)


def _biggest_stack(state) -> int:
    sizes = [len(s) for s in state.map.stacks]
    return sizes.index(max(sizes))


def _orient(state, hero, actions, rng):
    stack, side = state.turn.pending_tile
    here = tiles.placed_tile(state.map, state.map.heroes[hero])
    cell = tiles.beyond(here, side)
    to_chaos = bridge_cells(state).get(tuple(cell))

    def key(a):
        joined = OPPOSITE[side] in a["exits"]
        bridged = to_chaos is None or to_chaos in a["exits"]
        good = 0
        for s in a["exits"]:
            other = tiles.tile_at(state.map, cell[0] + STEP[s][0], cell[1] + STEP[s][1])
            if other is None or OPPOSITE[s] in other.exits:
                good += 1
        return (not joined, not bridged, -good, _tie(rng))

    return min(actions, key=key)


def _move(state, hero, actions, rng):
    turn = state.turn
    steps = {a["to"]: a for a in actions if a["do"] == "step"}
    stop = STOP()
    label, tile, dist, parent = plan(state, hero, rng)
    here = state.map.heroes[hero]
    new = state.map.placed_this_turn
    if turn.moved == 0 and new is not None and new in steps:
        # we extended to explore: go and look, unless the plan wants to stay here
        if label in ("edge", "bridge", "marker", "rest") and not danger(state, hero, new):
            return steps[new]
        return stop if stop in actions else actions[-1]
    if dist == 0 or tile == here:
        return stop if stop in actions else actions[-1]
    nxt = first_step(parent, here, tile)
    if nxt in steps:
        return steps[nxt]
    return stop if stop in actions else actions[-1]


def _act(state, hero, actions, rng):
    sheet = state.sheets[hero]
    kinds = {a["do"] for a in actions}
    if "escape" in kinds:
        trap = state.trapped[hero]
        mods = {}
        for s, m in trap_options(state, hero, trap):
            mods[s] = max(mods.get(s, m), m)

        def ekey(a):
            s = a["skill"]
            return (-_trial_p(state, hero, s) if s not in mods else
                    -p_success(dice_for(sheet, s), skill_value(sheet, s) + mods[s] + outside_bonus(state, hero, s)),
                    _tie(rng))
        return min((a for a in actions if a["do"] == "escape"), key=ekey)
    if "fight" in kinds:
        def fkey(a):
            opts = [o for o in combat.options(state, hero, a["counter"]) if o["skill"] == a["skill"]]
            target = max((o["target"] for o in opts), default=-99)
            return (-p_success(dice_for(sheet, a["skill"].split("+")[0]), target), _tie(rng))
        fights = [a for a in actions if a["do"] == "fight"]
        if state.solitaire and all(kind_of(state, a["counter"]).kind == "avatar" for a in fights) \
                and not trigger_ok(state, hero, state.map.heroes[hero]):
            chosen = max(fights, key=fkey)        # an Avatar it must fight but must not beat yet: its worst skill
        else:
            chosen = min(fights, key=fkey)
        return _with_solo_choices(state, hero, chosen) if state.solitaire else chosen
    scored = []
    for a in actions:
        s = _act_value(state, hero, a)
        if s is not None:
            scored.append((s[0], -s[1], _tie(rng), a))
    chosen = min(scored, key=lambda k: k[:3])[3]
    if chosen["do"] == "use" and chosen["place"] == "lethe" and state.solitaire and lethe_skill(state, hero):
        return {**chosen, "with": {"skill": lethe_skill(state, hero)}}
    return chosen


def _cube_gain(sheet, skill: str) -> float:
    """How much one more normal cube on ``skill`` raises its battle trial (value - 3)."""
    n = cube_count(sheet, skill) + 1
    dice = min(5, 2 + sum(1 for step in sheet.thresholds[skill] if n >= step))
    target = skill_value(sheet, skill) + DAMNED_MODIFIER
    return p_success(dice, target) - p_success(dice_for(sheet, skill), target)


def _with_solo_choices(state, hero: str, action: dict) -> dict:
    """Solitaire: the fight's choices - a shadow cube for a loss on a skill already dark, else on
    the battle's last skill (``sc_skill``); each reward cube on the pure skill it helps most
    in the battle, ``(dark, -gain, order)`` (``colours``)."""
    sheet = state.sheets[hero]
    order = solitaire_order(state, hero)
    dark = [s for s in order if shadow_cubes(sheet, s)]
    choices = {"sc_skill": dark[0] if dark else order[-1]}
    reward = kind_of(state, action["counter"]).reward
    if reward:
        colour_skill = {c: s for s, c in SKILL_CUBE.items()}
        colours = []
        for options in reward:
            def ckey(c):
                sk = colour_skill.get(c)
                if sk is None or sk not in sheet.skills:
                    return (True, 0.0, 9)
                return (bool(shadow_cubes(sheet, sk)), -round(_cube_gain(sheet, sk), 6), order.index(sk))
            colours.append(min(options, key=ckey))
        choices["colours"] = colours
    return {**action, "with": choices}


def _act_value(state, hero, a) -> tuple[int, float] | None:
    """(rank, value) of an act-phase action worth taking, None if it is not."""
    sheet = state.sheets[hero]
    do = a["do"]
    if do == "end":
        return (9, 0.0)
    if do == "attack_damned" and state.solitaire:
        return (0, solo_odds(state, hero))
    if do == "drink":
        if not state.solitaire:
            return None
        if state.damned == "in_chaos" and state.map.heroes[hero] == chaos_tile(state) and _has_attack_weapon(state, hero):
            return (-1, 1.0)
        return (1, 0.6) if needs_heal(state, hero) else None
    if do == "attack_damned":
        if a["skill"] is None:
            skill = "magic"
        else:
            skill = a["skill"]
        p = p_success(dice_for(sheet, skill), skill_value(sheet, skill) + DAMNED_MODIFIER)
        pw = p_battle(round(p, 6), darkside.life(state), life_total(sheet))
        if pw >= attack_threshold(state.dark_side):
            return (0, pw)
        return None
    if do == "encounter":
        cid = a["counter"]
        eff = effect(state, cid)
        if eff == "grant_special":
            grants = kind_of(state, cid).grants
            if _has_attack_weapon(state, hero) or default_room(state, hero, grants) is None:
                return None                           # it would not give up the special weapon it has
            if not trigger_ok(state, hero, state.map.heroes[hero], bool(weapon_skills(state, grants))):
                return None
            return (1, 1.0)
        if eff == "hypnos":
            return (1, 0.8)
        if eff == "well_of_wisdom":
            return (1, 0.3)
        if eff == "hermes":
            return (1, 0.5) if needs_heal(state, hero) and not sheet.tasks else None
        if eff == "low_demon":
            ok = sheet.natural == sheet.natural_max and sheet.natural >= 4
            return (1, 0.1) if ok else None
        return None
    if do == "accept":
        cid = a["task"]
        if effect(state, cid) in ("hades_task", "persephone_task"):
            return (2, 1.0)
        return None       # other tasks: a long walk for a treasure that may feed the Dark Side
    if do == "fulfil":
        if not _fulfil_ok(state, hero, a["task"], state.map.heroes[hero]):
            return None
        return (3, 1.0)
    if do == "use":
        if a["place"] == "hades":                     # the Trident or the Mail again at the Throne Hall
            grants = [w for w in throne_waiting(state) if default_room(state, hero, w) is not None]
            if not grants:
                return None
            if not trigger_ok(state, hero, state.map.heroes[hero], any(weapon_skills(state, w) for w in grants)):
                return None
            return (1, 1.0)
        if a["place"] == "styx":
            return (4, 1.0)
        if state.solitaire and (armed(state) or state.damned == "waiting"):
            return (4, 0.5) if lethe_skill(state, hero) else None
        if state.dark_side >= 3 or shadow_cubes(sheet):
            return (4, 0.5)
        return None
    return None


def lethe_skill(state, hero: str) -> str | None:
    """Solitaire, getting ready for the Damned One: the skill whose normal cube the hero gives up
    at Lethe (1 SC off the Dark Side, and one of its own SC with it), when that raises its chance
    in the battle - the one whose loss costs the least; None when no cube is worth giving."""
    sheet = state.sheets[hero]
    if state.dark_side < 1:
        return None
    now = solo_odds(state, hero)
    best = None
    for skill in sheet.skills:
        cube = SKILL_CUBE[skill]
        if cube not in sheet.cubes[skill]:
            continue
        track = list(sheet.cubes[skill])
        track.remove(cube)
        p = cycle_odds(replace(sheet, cubes={**sheet.cubes, skill: track}), state.dark_side - 1)
        if p > now and (best is None or p > best[0]):
            best = (p, skill)
    return best[1] if best else None
