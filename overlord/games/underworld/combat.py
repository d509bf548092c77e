"""Combat against an enemy counter on the hero's tile (HitU "Combat – General Rules",
"Permitted Combat Skills", "Defeated Enemies", "Shadow Cubes for Heroes", the Glossary's
Gorgon, Advice of Hermes, Mirror, Mail of Persephone, Bard, Gladiator, Shaman).

One trial decides ("An opponent is considered defeated in combat if it loses at least 1 LP"):
the family's ``combat`` with heart rule ``one_success``.

Rule readings
-------------
* A red creature's loss is 1 LP unless its effect says otherwise: ``gorgon`` (-1 movement,
  never below 1; at 1 MP it takes 1 LP) or ``lose_ec`` (the Empusa kind: 1 EC, which may be paid
  with an SC - "After losing a combat and a loss of an EC is required, an SC can be lost instead";
  headless, an SC is given when the hero has one). A hero with no cube loses nothing then.
* The Gorgon's -2 is its effect, not a printed dot modifier: its catalogue dots carry 0 and the
  effect adds -2 unless the hero carries the Mirror.
* The Shaman's +1 applies to every combat against a counter with a gray dot.
* A Black Weapon is "used" when the hero fights with its skill while carrying it (its bonus
  counts); ``use_black=False`` fights without it (its bonus is taken off). Used: every cube of
  the reward is an SC on the skill used ("the SC must be placed on the skill used").
* A shadow cube for a lost combat goes on ``sc_skill``; headless, on a skill already holding an
  SC (so the other tracks stay clean), else on the skill fought with.
* A defeated black creature goes to a free task box; with none free it stays face up on the
  tile (it "must be taken as a Task", and a full sheet cannot take it). Its treasure is not
  drawn when it is beaten but when it is locked up (``places.fulfil_task``): "Each returned Black
  Creature grants a treasure as a reward" (glossary Erebos/Tartarus), and its counter's text
  names one treasure - one, not two.
* The Gladiator's second round: taken only when asked (``second_round=True``) after a lost
  first round; 1 LP is paid before it (natural or artificial as ``life_source``/policy says).
* The Bard "can bypass all revealed enemy markers with a red edge" and the Shoes of Hermes let
  the hero "pass over all revealed enemy counters": such heroes are not forced to fight them
  (:func:`must_fight`), but may.
* The Gnome combines two permitted skills in a combat (``skill="close+magic"``, see
  :func:`gnome_pairs`); other skill tests use one skill.
* A counter fought immediately (a creature of the Damned One drawn as treasure) is fought even
  after other actions or a first combat; it still counts as a combat for the Duel rule.
"""

from __future__ import annotations

from ...view.words import listing

from ...core.context import decide
from ...core.trace import Decision
from ..heroes.counters import GRAY, Counter, modifier_for, permitted_skills
from ..heroes.sheet import (
    SHADOW,
    SKILL_CUBE,
    RulesError,
    dice_for,
    gain_cube,
    gain_gold,
    movement_allowance,
    remove_cube,
    shadow_cubes,
    skill_value,
)
from ..heroes.trials import UNDERWORLD_HEART_RULE, combat
from .handling import (
    ability,
    carried,
    check_acting,
    dice_source,
    drop_dark_tasks,
    effect,
    emit,
    give_shadow_cube,
    hero_tile,
    lose_life_points,
    on_tile,
    relocate,
    roll,
)
from .items import lightning_bolts, use_up
from .state import ENEMY_KINDS, KIND_BORDER, UnderworldState, kind_of
from .treasure import draw_treasure
from .damned import avatar_defeated, avatar_survived

GRAY_KINDS = ("black_creature", "avatar", "damned_creature")


def counter_of(state: UnderworldState, cid: str) -> Counter:
    """The family's Counter for an enemy counter instance."""
    spec = kind_of(state, cid)
    return Counter(id=cid, name=spec.name, border=KIND_BORDER[spec.kind], dots=dict(spec.dots),
                   hearts=spec.hearts, reward=[list(r) for r in spec.reward], treasure=spec.treasure,
                   gold=spec.gold, blue_base=spec.kind == "black_creature")


def with_advice(counter: Counter, colour: str) -> Counter:
    """"The hero can convert a gray spot on an enemy counter into a color of his choice." """
    if GRAY not in counter.dots:
        raise RulesError(f"{counter.name} has no gray dot for the Advice of Hermes to convert")
    if colour not in ("red", "green", "blue"):
        raise RulesError(f"the Advice of Hermes turns a gray dot into red, green or blue, not {colour!r}")
    dots = dict(counter.dots)
    mod = dots.pop(GRAY)
    dots[colour] = max(mod, dots.get(colour, mod))
    return Counter(counter.id, counter.name, counter.border, dots, counter.hearts, counter.reward,
                   counter.treasure, counter.gold, counter.blue_base)


def must_fight(state: UnderworldState, hero: str) -> list[str]:
    """The face-up enemy counters on the hero's tile that the hero cannot evade ("The hero
    cannot evade combat against a counter"), less those the Bard or the Shoes of Hermes pass."""
    if hero in state.trapped:
        return []
    out = []
    for cid in on_tile(state, hero):
        spec = kind_of(state, cid)
        if cid not in state.revealed or spec.kind not in ENEMY_KINDS or spec.kind == "damned_one":
            continue
        if carried(state, hero, "shoes_of_hermes"):
            continue
        if ability(state, hero) == "bard_song" and spec.kind == "creature":
            continue
        out.append(cid)
    return out


def options(state: UnderworldState, hero: str, cid: str, *, hermes_colour: str | None = None) -> list[dict]:
    """The skills the hero may fight ``cid`` with: {"skill", "dot", "target"} (target = skill
    value + dot modifier + Gorgon/Shaman modifiers), best first."""
    counter = counter_of(state, cid)
    if hermes_colour:
        counter = with_advice(counter, hermes_colour)
    sheet = state.sheets[hero]
    out = []
    extra = _extra(state, hero, cid, counter)
    for o in permitted_skills(sheet, counter):
        out.append({"skill": o.skill, "dot": o.dot, "target": skill_value(sheet, o.skill) + o.modifier + extra})
    for a, b, mod in gnome_pairs(state, hero, counter):
        out.append({"skill": f"{a}+{b}", "dot": "combined",
                    "target": skill_value(sheet, a) + skill_value(sheet, b) + mod + extra})
    return sorted(out, key=lambda o: -o["target"])


def gnome_pairs(state: UnderworldState, hero: str, counter: Counter) -> list[tuple[str, str, int]]:
    """The Gnome's combined skills against ``counter``: (skill whose dice are rolled, skill added,
    modifier). HitU Gnome: "This hero can combine two of its skill values together for a skill
    test. If there is a difficulty modifier to the test, it is subtracted from the total of the
    two skill values. To determine the number of dice rolled, use only 1 of the skills totaled.
    When facing an enemy with a gray spot, the Gnome can only add 2 skills together if they both
    tie for the least number of experience cubes."

    Readings: both skills must be permitted by the counter's dots (the gray-spot sentence is
    that rule for a gray dot); the modifier is the harder of the two skills' (one test, one
    difficulty); the dice are those of the skill with more (the player's choice; ties: sheet
    order)."""
    if ability(state, hero) != "combine_skills":
        return []
    sheet = state.sheets[hero]
    mods: dict[str, int] = {}
    for o in permitted_skills(sheet, counter):
        mods[o.skill] = max(o.modifier, mods.get(o.skill, o.modifier))
    skills = [s for s in sheet.skills if s in mods]
    out = []
    for i, a in enumerate(skills):
        for b in skills[i + 1:]:
            first, second = (a, b) if dice_for(sheet, a) >= dice_for(sheet, b) else (b, a)
            out.append((first, second, min(mods[a], mods[b])))
    return out


def _combined(state: UnderworldState, hero: str, counter: Counter, skill: str) -> tuple[str, int]:
    """A Gnome's "a+b": the skill whose dice are rolled, and what the pair adds to its target
    (the second skill's value, the pair's modifier in place of the first skill's)."""
    pair = next((p for p in gnome_pairs(state, hero, counter) if f"{p[0]}+{p[1]}" == skill), None)
    if pair is None:
        raise RulesError(f"{skill}: only the Gnome combines two skills, both permitted against "
                         f"{counter.name} (HitU Gnome); its pairs: "
                         f"{[f'{a}+{b}' for a, b, _ in gnome_pairs(state, hero, counter)] or 'none'}")
    first, second, mod = pair
    sheet = state.sheets[hero]
    return first, skill_value(sheet, second) + mod - modifier_for(sheet, counter, first)


def _extra(state: UnderworldState, hero: str, cid: str, counter: Counter) -> int:
    mod = 0
    if effect(state, cid) == "gorgon" and not carried(state, hero, "mirror"):
        mod -= 2          # "If the hero possesses the Mirror, the penalty of -2 is ignored."
    if ability(state, hero) == "shaman_gray" and GRAY in counter.dots:
        mod += 1          # "This hero may add +1 to its skill level if fighting against creatures with a gray spot."
    return mod


def fight(state: UnderworldState, hero: str, cid: str, *, skill: str | None = None,
          hermes_colour: str | None = None, bolts: str | None = None, use_black: bool = True,
          colours: list[str] | None = None, sc_skill: str | None = None, life_source: str | None = None,
          life_policy: str = "artificial_first", ec_skill: str | None = None, pay_with_shadow: bool | None = None,
          second_round: bool = False, keep: str | None = None, treasure: dict | None = None,
          immediate: bool = False, dice=None) -> list[dict]:
    """Fight enemy counter ``cid`` on the hero's tile.

    Choices: ``skill`` (headless: the permitted skill with the best target), ``hermes_colour``
    (use the Advice of Hermes), ``bolts`` (the Lightning Bolts' id: +2), ``use_black``,
    ``colours`` (one per reward cube where several are shown; headless the first), ``sc_skill``
    (where a shadow cube for a loss goes), ``life_source``/``life_policy`` (which LP is lost),
    ``ec_skill``/``pay_with_shadow`` (a lost EC), ``second_round`` (Gladiator), ``keep`` (the
    item kept on death), ``treasure`` (keyword choices for the treasure draws of the reward)."""
    spec = kind_of(state, cid)
    sheet = state.sheets[hero]
    src = dice_source(dice)
    if immediate:
        if sheet.dead:
            raise RulesError(f"{hero} is dead")
    else:
        check_acting(state, hero, "combat")
        taken = state.turn.actions
        if "combat" in taken or "duel" in taken:
            raise RulesError("A hero may only take a single Combat/Duel action per turn (HitU 'Combat')")
        if taken:
            raise RulesError(f"Combat must always be taken before any other action (HitU); taken: {listing(taken)}")
    if cid not in on_tile(state, hero):
        raise RulesError(f"{cid} does not lie on {hero}'s tile {hero_tile(state, hero)}")
    if spec.kind == "damned_one":
        raise RulesError("the Damned One is fought in the final battle (battle.final_battle), not here")
    if spec.kind not in ENEMY_KINDS:
        raise RulesError(f"{spec.name} is a {spec.kind}, not an enemy (red or gray edge)")
    if hero in state.trapped:
        raise RulesError(f"{hero} is caught in a trap")
    if cid not in state.revealed:
        state.revealed.append(cid)
    events: list[dict] = []
    counter = counter_of(state, cid)
    if hermes_colour:
        advice = carried(state, hero, "advice_of_hermes")
        if advice is None:
            raise RulesError(f"{hero} does not carry the Advice of Hermes")
        counter = with_advice(counter, hermes_colour)
        events += use_up(state, hero, advice.id, f"HitU Advice of Hermes: gray dot turned {hermes_colour}, once")
    combined = 0
    if skill is not None and "+" in skill:           # the Gnome's two skills together
        skill, combined = _combined(state, hero, counter, skill)
    allowed = sorted({o.skill for o in permitted_skills(sheet, counter)})
    if skill is None:
        best = max(permitted_skills(sheet, counter),
                   key=lambda o: skill_value(sheet, o.skill) + o.modifier, default=None)
        if best is None:
            raise RulesError(f"{hero} has no skill permitted against {spec.name}")
        skill = best.skill        # the best target (max keeps the first of equals: the dots' order)
    if skill not in allowed:
        raise RulesError(f"{spec.name} cannot be fought with {skill}: 'Heroes may only choose a combat skill if "
                         f"the same colored dot is on the enemy counter' (HitU); permitted: {listing(allowed, 'or')}")
    extra = _extra(state, hero, cid, counter) + combined
    if bolts:
        plus, used = lightning_bolts(state, hero, bolts, skill)
        extra += plus
        events += used
    black = next((i for i in sheet.items if i.black == skill), None)
    if black is not None and not use_black:
        with_it = skill_value(sheet, skill)
        sheet.items.remove(black)
        extra -= with_it - skill_value(sheet, skill)
        sheet.items.append(black)
        black = None
    result = roll(state, src, lambda r: combat(sheet, counter, skill, rng=r, extra_modifier=extra,
                                               heart_rule=UNDERWORLD_HEART_RULE))
    events += emit(state, {"event": "combat", "hero": hero, "counter": cid, "skill": skill, "won": result.won,
                           "trial": result.trials[-1].reason, "black_weapon": black.id if black else None,
                           "why": "HitU 'Combat': one successful trial wins"})
    if not result.won and second_round and ability(state, hero) == "second_round":
        events += lose_life_points(state, hero, source=life_source, policy=life_policy, keep=keep,
                                   why="HitU Gladiator: 1 LP for a second round of combat")
        if not sheet.dead:
            result = roll(state, src, lambda r: combat(sheet, counter, skill, rng=r, extra_modifier=extra,
                                                       heart_rule=UNDERWORLD_HEART_RULE))
            events += emit(state, {"event": "combat", "hero": hero, "counter": cid, "skill": skill,
                                   "won": result.won, "trial": result.trials[-1].reason, "round": 2,
                                   "why": "HitU Gladiator: 'another round of combat against the same creature'"})
    if state.turn is not None and state.turn.hero == hero:
        state.turn.actions.append("combat")
    if sheet.dead:                               # the Gladiator paid his last LP for the second round
        return events + _survived(state, hero, cid)
    if result.won:
        events += _reward(state, hero, cid, skill, black is not None, colours)
        events += _route_defeated(state, hero, cid)
        if spec.treasure and spec.kind != "black_creature":     # its treasure waits at its prison
            events += draw_treasure(state, hero, spec.treasure, dice=src, why=f"reward for {spec.name}",
                                    fighter=fight, **(treasure or {}))
    else:
        events += _lost(state, hero, cid, skill, sc_skill=sc_skill, life_source=life_source,
                        life_policy=life_policy, ec_skill=ec_skill, pay_with_shadow=pay_with_shadow, keep=keep)
        events += _survived(state, hero, cid)
    return events


def _survived(state, hero, cid) -> list[dict]:
    """A lost fight leaves an Avatar face up: "The counter remains face up on the map tile, to be
    encountered again" (its machine: ``fought -> revealed`` by ``survive``)."""
    if kind_of(state, cid).kind != "avatar":
        return []
    return avatar_survived(state, cid, hero)


def _reward(state, hero, cid, skill, black_used, colours) -> list[dict]:
    spec = kind_of(state, cid)
    sheet = state.sheets[hero]
    events = []
    for n, choices in enumerate(spec.reward):
        colour = colours[n] if colours and n < len(colours) else choices[0]
        if colour not in choices:
            raise RulesError(f"reward cube {n + 1} of {spec.name} may be {listing(choices, 'or')}, not {colour!r} ('For cubes "
                             "showing multiple colors, the player may select which color is granted')")
        if black_used:
            events += give_shadow_cube(state, hero, skill, "HitU Black Weapons: 'any EC earned as a reward by the "
                                                           "hero is converted into a Shadow Cube'")
            continue
        placed_on, placed = gain_cube(sheet, colour)
        events += emit(state, {"event": "cube", "hero": hero, "skill": placed_on, "colour": placed,
                               "why": "reward" + (" - exchanged for an SC: 'after a single Shadow Cube in a "
                                                  "skill, no more normal ... Experience Cubes can be placed'"
                                                  if placed == SHADOW else "")})
        events += drop_dark_tasks(state, hero)
    if spec.gold:
        gain_gold(sheet, spec.gold)
        events += emit(state, {"event": "gold", "hero": hero, "change": spec.gold, "gold": sheet.gold, "why": "reward"})
    return events


def _route_defeated(state, hero, cid) -> list[dict]:
    spec = kind_of(state, cid)
    sheet = state.sheets[hero]
    if spec.kind == "black_creature":
        if len(sheet.tasks) < sheet.task_slots:
            relocate(state, cid, f"tasks:{hero}")
            return emit(state, {"event": "defeated", "hero": hero, "counter": cid, "to": f"tasks:{hero}",
                                "why": f"HitU: black creatures become Tasks - to {spec.prison or 'its prison'}"})
        return emit(state, {"event": "defeated", "hero": hero, "counter": cid, "to": "tile",
                            "why": "no free task box: the defeated black creature stays face up on the tile"})
    if spec.kind == "avatar":
        events = emit(state, {"event": "defeated", "hero": hero, "counter": cid, "to": "card",
                              "why": "HitU: 'Avatars are placed on the Damned One's reference card'"})
        return events + list(avatar_defeated(state, cid, hero) or [])
    relocate(state, cid, "removed")
    return emit(state, {"event": "defeated", "hero": hero, "counter": cid, "to": "removed",
                        "why": "HitU 'Defeated Enemies': red markers and creatures of the Damned One are removed"})


def default_sc_skill(sheet, fought: str) -> str:
    with_sc = [s for s in sheet.skills if shadow_cubes(sheet, s)]
    return with_sc[0] if with_sc else fought


def _lost(state, hero, cid, skill, *, sc_skill, life_source, life_policy, ec_skill, pay_with_shadow, keep):
    spec = kind_of(state, cid)
    sheet = state.sheets[hero]
    events: list[dict] = []
    if state.turn is not None and state.turn.hero == hero:
        state.turn.combat_lost = True
    eff = effect(state, cid)
    if spec.kind in GRAY_KINDS:
        if carried(state, hero, "mail_of_persephone"):
            events += lose_life_points(state, hero, source=life_source, policy=life_policy, keep=keep,
                                       why="HitU Mail of Persephone: 'loses one LP as normal instead of being "
                                           "given a Shadow Cube'")
        else:
            events += give_shadow_cube(state, hero, sc_skill or default_sc_skill(sheet, skill),
                                       "HitU: 'If a hero loses a combat against a black creature, an Avatar, or a "
                                       "Creature of the Damned One, an LP is not lost! Instead, the hero receives 1 SC'")
    elif eff == "gorgon":
        if movement_allowance(sheet) <= 1:
            events += lose_life_points(state, hero, source=life_source, policy=life_policy, keep=keep,
                                       why="HitU Gorgon: 'If a hero has a movement of 1 and loses combat, then the "
                                           "Gorgon will take 1 LP instead'")
        else:
            sheet.movement -= 1
            events += emit(state, {"event": "movement_lost", "hero": hero, "movement": movement_allowance(sheet),
                                   "why": "HitU Gorgon: 'the hero's movement is modified by -1'"})
    elif eff == "lose_ec":
        events += _lose_ec(state, hero, ec_skill, pay_with_shadow)
    else:
        events += lose_life_points(state, hero, source=life_source, policy=life_policy, keep=keep,
                                   why=f"lost the combat against {spec.name}: 1 LP")
    return events + emit(state, {"event": "combat_lost", "hero": hero, "counter": cid,
                                 "why": "HitU: 'The enemy counter remains face up on the map tile. All further "
                                        "hero actions are lost'"})


def _lose_ec(state, hero, ec_skill, pay_with_shadow) -> list[dict]:
    sheet = state.sheets[hero]
    if pay_with_shadow is None:
        pay_with_shadow = shadow_cubes(sheet) > 0
    colour_of = (lambda s: SHADOW) if pay_with_shadow else (lambda s: SKILL_CUBE[s])
    candidates = [s for s in sheet.skills if colour_of(s) in sheet.cubes[s]]
    if ec_skill is not None:
        if ec_skill not in candidates:
            raise RulesError(f"{hero} has no {'SC' if pay_with_shadow else 'EC'} on {ec_skill} to lose")
        candidates = [ec_skill]
    if not candidates:
        return emit(state, {"event": "nothing_lost", "hero": hero, "why": "the hero has no cube to lose"})
    s = candidates[0]
    colour = remove_cube(sheet, s, colour_of(s))
    return emit(state, {"event": "cube_lost", "hero": hero, "skill": s, "colour": colour,
                        "why": "HitU: 'After losing a combat and a loss of an EC is required, an SC can be lost "
                               "instead'" if colour == SHADOW else "lost combat: 1 EC"})


# -- pieces for callers outside a hero's own combat (the Dark phase strikes heroes) --------------

def best_skill(state: UnderworldState, hero: str, cid: str) -> tuple[str, Decision]:
    """The permitted skill with the best target against ``cid`` (value + dot modifier + Gorgon/
    Shaman modifiers); ties go to the first the counter's dots list - the hero may choose."""
    opts = options(state, hero, cid)
    if not opts:
        raise RulesError(f"{hero} has no skill permitted against {kind_of(state, cid).name}")
    seen: dict[str, int] = {}
    for o in opts:
        seen[o["skill"]] = max(seen.get(o["skill"], o["target"]), o["target"])
    listed = list(seen)
    d = decide("combat skill", listed, lambda s: (-seen[s],), ("target (negated)",), ("dot order", listed.index),
               "first")
    return d.choice, d


def trial_against(state: UnderworldState, hero: str, cid: str, skill: str, *, rng=None, dice=None):
    """One combat trial of ``skill`` against ``cid`` (one success wins), without consequences."""
    counter = counter_of(state, cid)
    combined = 0
    if "+" in skill:
        skill, combined = _combined(state, hero, counter, skill)
    result = combat(state.sheets[hero], counter, skill, rng=rng, dice=dice,
                    extra_modifier=_extra(state, hero, cid, counter) + combined, heart_rule=UNDERWORLD_HEART_RULE)
    return result.trials[-1]


def lose_combat(state: UnderworldState, hero: str, cid: str, *, skill: str | None = None,
                sc_skill: str | None = None, life_source: str | None = None, life_policy: str = "artificial_first",
                ec_skill: str | None = None, pay_with_shadow: bool | None = None, keep: str | None = None) -> list[dict]:
    """What losing a combat against ``cid`` costs (LP, SC, movement, EC - see :func:`fight`); the
    counter stays where it lies. On the hero's own turn the further actions are lost too."""
    skill = (skill or best_skill(state, hero, cid)[0]).split("+")[0]
    return _lost(state, hero, cid, skill, sc_skill=sc_skill, life_source=life_source, life_policy=life_policy,
                 ec_skill=ec_skill, pay_with_shadow=pay_with_shadow, keep=keep)


def take_shadow_cube(state: UnderworldState, hero: str, *, skill: str | None = None, why: str = "",
                     life_source: str | None = None) -> list[dict]:
    """The hero receives 1 SC on ``skill`` (headless: a skill already holding one, else the first
    in sheet order); the Mail of Persephone "converts SC into a loss of LP"."""
    sheet = state.sheets[hero]
    if carried(state, hero, "mail_of_persephone"):
        return lose_life_points(state, hero, source=life_source, why=(why + ": " if why else "") +
                                "HitU Mail of Persephone: 1 LP instead of a Shadow Cube")
    return give_shadow_cube(state, hero, skill or default_sc_skill(sheet, next(iter(sheet.skills))), why)
