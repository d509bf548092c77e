"""Fights: creatures and their special failures, the trial encounters, the loremasters, the Dragon
Man, and the fight to the death in the lair.

The book (Combat, Regarding Trials, The Final Battle Against the Dragon, Glossary):
- "To fight a creature, you need to roll just one trial in one of the skills indicated by the
  colored circles on the counter. If a circle indicates a modifier, you need to subtract that
  amount from your skill value". A lost fight: "Your hero has been wounded" (1 HP) and "you may not
  undertake further actions in this turn". A won one: the reward cubes ("If the counter shows two
  cubes, you may even choose two ECs – however, these have to be different colors"), the artifact
  on the back, and "The creature counter is removed from play and replaced by a new counter from
  the bag" - "The player draws a new counter and only afterwards puts the defeated creature back
  into the bag."
- Basilisk: a lost fight costs no HP; "On his next turn, your hero is moved by the player on your
  left". Doppelganger: "a trial with one of your unmodified starting values. Neither weapons nor
  other improvements of your skill value nor related ECs"; a loss costs "1 EC of his choice. If he
  does not have any ECs, he loses 1 HP instead" (the Nightmare and the Dwarven Ghost too).
- The magic weapons: "may attack the Dragon with a ... modifier of -3, but may attack all other
  creatures with a ... modifier of +1" (as an artifact's +1: "You may not use more than one
  artifact to enhance any one skill").
- The Dragon: "A hero approaching the Dragon without a magic weapon dies instantaneously"; "he has
  to reduce the number of ECs, of his choice, equal to the amount of gold the Dragon has
  plundered"; trials until one side has no HP left; the worked example: ranged value 9, Bow, -3:
  "the Halfling needs to roll 6 (9 – 3) or less to hit the Dragon for 1 HP", with the dice left
  after the cubes are discarded.

Readings (docs/readings.md, "Under the Shadow of the Dragon"; flags in ``scenario.rules``):
- The example's 9 includes the Bow's +1 (it lists the Bow among what makes the 9), so against the
  Dragon the weapon's +1 counts and the -3 comes after (``weapon_bonus_against_dragon: true``);
  ``false`` reads the Glossary's "+1 against all other creatures" as not against the Dragon.
- The Dragon heals between challengers (``dragon_regenerates``), as the Nameless does in Return of
  the Heroes ("Hit points he lost ... during a previous battle are not permanent").
- A challenger with fewer cubes than the hoard's gold discards all he has and fights
  (``short_of_cubes: discard_all``); ``life`` also takes a hit point for each cube short.
- The cubes discarded, "of his choice": headless, the weapon's own skill keeps its cubes longest
  (the example discards "all of his blue and red ECs, and also 1 green EC").
- Approaching without a weapon is an ordinary death (rebirth at the manor): there was no fight, so
  it is not the Dragon Victory of "Should your hero die fighting the Dragon".
- A failed Lightning costs no HP ("the spell dissipates harmlessly") but is the turn's combat.
"""

from __future__ import annotations

from overlord.games.heroes.counters import DOT_SKILL
from overlord.games.heroes.life import item_gone
from overlord.games.heroes.odds import p_battle, p_success
from overlord.games.heroes.rewards import cube_colours
from overlord.games.heroes.sheet import (
    BASE_DICE,
    CUBE_SKILL,
    SKILL_CUBE,
    SKILL_MAX,
    SKILLS,
    Item,
    cube_count,
    dice_for,
    kill,
    lose_life,
    remove_cube,
    skill_value,
)
from overlord.games.heroes.trials import trial
from overlord.games.heroes.state import lift, put

from . import draws, life, machines
from .state import Ctx, artifact, carried, counter

SPELL_DICE = {"experience": 4, "great_experience": 5}


# -- values and dice ------------------------------------------------------------------------------------

def dice_count(ctx: Ctx, hero: str, skill: str, use: bool = False) -> int:
    """Dice for a trial: by experience, or four (five) with an Experience spell made ready ("roll
    one single trial with four (five) dice, regardless of how many ECs he actually has"; read: never
    fewer than his own). ``use`` spends the spell."""
    n = dice_for(ctx.s.sheets[hero], skill)
    primed = ctx.s.at[hero].primed
    if primed:
        n = max(n, SPELL_DICE[primed])
        if use:
            ctx.s.at[hero].primed = ""
    return n


def value_against(ctx: Ctx, hero: str, inst: str, skill: str) -> tuple[int, int, int]:
    """(skill value, modifier, dice) for fighting counter ``inst`` with ``skill``."""
    s, c = ctx.s, ctx.c
    spec = counter(c, inst)
    sheet = s.sheets[hero]
    dots = dict(spec.dots)
    mod = (dots[SKILL_CUBE[skill]] if SKILL_CUBE[skill] in dots else ctx.extra_skills(hero, inst)[skill]) \
        + ctx.trial_modifier(hero, skill)
    if spec.effect == "doppelganger":
        return sheet.start.skills[skill], mod, BASE_DICE
    extra = 1 if skill == "close" and s.turn.hero == hero and s.turn.invisible else 0
    return min(SKILL_MAX, skill_value(sheet, skill) + extra), mod, dice_count(ctx, hero, skill)


def fight_skills(ctx: Ctx, inst: str, hero: str | None = None) -> list[str]:
    """The skills a counter is fought with: its dots; ``hero``'s more by a combined game's rule
    (``Ctx.extra_skills``: the Underworld's Advice of Hermes)."""
    own = [DOT_SKILL[dot] for dot, _ in counter(ctx.c, inst).dots if DOT_SKILL[dot] in SKILLS]
    more = [sk for sk in ctx.extra_skills(hero, inst) if sk not in own] if hero else []
    return own + more


def odds(ctx: Ctx, hero: str, inst: str, skill: str) -> float:
    value, mod, n = value_against(ctx, hero, inst, skill)
    return p_success(n, value + mod)


# -- rewards and losses -----------------------------------------------------------------------------------

def reward_colours(ctx: Ctx, hero: str, reward, chosen: list[str] | None = None) -> list[str]:
    """The cube colours taken (``heroes.rewards.cube_colours``)."""
    return cube_colours(ctx.s.sheets[hero], reward, chosen)


def give_reward(ctx: Ctx, hero: str, inst: str, choice: dict) -> dict:
    spec = counter(ctx.c, inst)
    sheet = ctx.s.sheets[hero]
    colours = reward_colours(ctx, hero, spec.reward, choice.get("cubes"))
    as_gold = bool(choice.get("gold")) and ctx.c.heroes[hero].ability == "gold_for_cubes"
    if as_gold:
        sheet.gold += len(colours)           # "he may decide to forego the EC and take 1 gold piece instead"
    else:
        for col in colours:
            ctx.gain_cube(sheet, col)
    sheet.gold += spec.gold
    return {"cubes": [] if as_gold else colours, "gold": spec.gold + (len(colours) if as_gold else 0)}


def lose_cube(ctx: Ctx, hero: str, why: str, colour: str | None = None) -> list[dict]:
    """"loses 1 EC of his choice. If he does not have any ECs, he loses 1 HP instead": the choice,
    or the cube whose loss costs no die (then the track with the most cubes)."""
    sheet = ctx.s.sheets[hero]
    tracks = [sk for sk in SKILLS if sheet.cubes[sk]]
    if not tracks:
        return life.wound(ctx, hero, f"{why} (no cube to lose)")
    skill = CUBE_SKILL.get(colour or "", "")
    if skill not in tracks:
        def cost(sk):
            before = dice_for(sheet, sk)
            n = cube_count(sheet, sk)
            return (sum(1 for t in sheet.thresholds[sk] if n - 1 < t <= n) if before > BASE_DICE else 0, -n, SKILLS.index(sk))
        skill = min(tracks, key=cost)
    gone = remove_cube(sheet, skill)
    return [ctx.log({"event": "cube_lost", "hero": hero, "colour": gone, "why": why})]


def take_back(ctx: Ctx, hero: str, inst: str) -> dict:
    """A counter turned over becomes the artifact on its back, placed on the hero's sheet - or left
    face up on his field when his four artifact trays are full."""
    s = ctx.s
    s.backs.append(inst)
    a = artifact(s, ctx.c, inst)
    sheet = s.sheets[hero]
    if len(sheet.items) < sheet.item_slots:
        sheet.items.append(item_of(a, inst))
        return {"back": inst, "back_name": a.name, "to": "sheet"}
    put(s, s.at[hero].field, inst)
    return {"back": inst, "back_name": a.name, "to": "field"}


def item_of(a, inst: str) -> Item:
    return Item(inst, a.name, a.kind, dict(a.bonus), a.movement, a.life, 0, a.combinable, None, a.origin == "special")


# -- fights -------------------------------------------------------------------------------------------------

def fight(ctx: Ctx, hero: str, inst: str, skill: str, choice: dict) -> list[dict]:
    s, c = ctx.s, ctx.c
    spec = counter(c, inst)
    turn = s.turn
    turn.fought, turn.combat, turn.phase, turn.mp = True, "", "act", 0
    spell = choice.get("spell")
    if spell:
        return _lightning(ctx, hero, inst, spell)
    value, mod, n = value_against(ctx, hero, inst, skill)
    advice = ctx.extra_skill_used(hero, inst, skill) if SKILL_CUBE[skill] not in dict(spec.dots) else []
    if spec.effect != "doppelganger":
        dice_count(ctx, hero, skill, use=True)
    t = trial(value, mod, n, rng=ctx.dice, skill=skill, who=hero, against=spec.name)
    out = advice + [ctx.log({"event": "fight", "hero": hero, "counter": inst, "name": spec.name, "skill": skill,
                    "trial": t.reason, "won": t.success})]
    if t.success:
        return out + won(ctx, hero, inst, choice)
    return out + lost(ctx, hero, inst, choice)


def _lightning(ctx: Ctx, hero: str, inst: str, bolt: str) -> list[dict]:
    t = trial(skill_value(ctx.s.sheets[hero], "magic"), ctx.trial_modifier(hero, "magic"),
              dice_count(ctx, hero, "magic", use=True), rng=ctx.dice,
              skill="magic", who=hero, against=f"{counter(ctx.c, inst).name} (a lightning bolt)")
    out = [ctx.log({"event": "lightning", "hero": hero, "counter": inst, "trial": t.reason, "success": t.success,
                    "against": counter(ctx.c, inst).name})]
    if t.success:
        return out + won(ctx, hero, inst, {})
    return out + life.spell_gone(ctx, hero, bolt)


def won(ctx: Ctx, hero: str, inst: str, choice: dict) -> list[dict]:
    s, c = ctx.s, ctx.c
    spec = counter(c, inst)
    got = give_reward(ctx, hero, inst, choice)
    out = [ctx.log({"event": "won", "hero": hero, "counter": inst, "name": spec.name, **got})]
    if spec.effect == "dragon_man":
        ctx.fire(machines.DRAGON_MAN, "beaten")
        out.append(ctx.log({"event": "dragon_man_beaten", "hero": hero, "machine": "dragon-man", "state": s.dragon_man,
                            "why": "A hero who defeats the Dragon Man must enter the Dragon's lair immediately."}))
        return out + enter_lair(ctx, hero, choice.get("discard"), choice.get("lose"))
    lift(s, inst)
    if spec.flip:
        out.append(ctx.log({"event": "turned_over", "hero": hero, "counter": inst, **take_back(ctx, hero, inst)}))
        out += draws.replace(ctx, hero, f"{spec.name} left the map")
    else:
        out += draws.replace(ctx, hero, f"{spec.name} was defeated", then_bag=inst)
    return out


def lost(ctx: Ctx, hero: str, inst: str, choice: dict) -> list[dict]:
    s = ctx.s
    spec = counter(ctx.c, inst)
    s.turn.phase = "over"
    s.turn.why_over = "a lost fight ends the actions"
    if spec.effect == "basilisk":
        s.at[hero].confused = True
        return [ctx.log({"event": "confused", "hero": hero, "why": "the Basilisk's gaze: moved by the player on "
                         "his left next turn"})]
    if spec.effect in ("doppelganger", "lose_ec"):
        return lose_cube(ctx, hero, f"lost to {spec.name}", choice.get("cube"))
    return life.wound(ctx, hero, f"lost to {spec.name}", choice.get("lose"), keep=choice.get("keep"))


def try_encounter(ctx: Ctx, hero: str, inst: str, skill: str, choice: dict) -> list[dict]:
    """A scroll encounter or the Keeper: one trial; a win turns the counter over for the hero."""
    s, c = ctx.s, ctx.c
    spec = counter(c, inst)
    s.turn.used.append(inst)
    s.turn.phase, s.turn.mp = "act", 0
    value, mod, n = value_against(ctx, hero, inst, skill)
    dice_count(ctx, hero, skill, use=True)
    t = trial(value, mod, n, rng=ctx.dice, skill=skill, who=hero, against=spec.name)
    out = [ctx.log({"event": "trial", "hero": hero, "counter": inst, "name": spec.name, "skill": skill,
                    "trial": t.reason, "won": t.success})]
    if not t.success:
        return out
    lift(s, inst)
    out.append(ctx.log({"event": "turned_over", "hero": hero, "counter": inst, **take_back(ctx, hero, inst)}))
    return out + draws.replace(ctx, hero, f"{spec.name} left the map")


def forge(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    """"The scroll and material counters are then discarded. In their stead, you pick up the
    loremaster counter and flip it over.\""""
    s, c = ctx.s, ctx.c
    spec = counter(c, inst)
    s.turn.used.append(inst)
    s.turn.phase, s.turn.mp = "act", 0
    have = carried(s, c, hero)
    spent = [i for i, a in have.items() if a in spec.needs]
    sheet = s.sheets[hero]
    sheet.items = [i for i in sheet.items if i.id not in spent]
    s.removed.extend(spent)
    lift(s, inst)
    out = [ctx.log({"event": "forged", "hero": hero, "counter": inst, "name": spec.name, "spent": spent,
                    **take_back(ctx, hero, inst)})]
    return out + draws.replace(ctx, hero, f"{spec.name} left the map")


# -- the Dragon ---------------------------------------------------------------------------------------------

def weapons(ctx: Ctx, hero: str) -> list[tuple[str, str]]:
    """(instance, the skill it fights the Dragon with) of every magic weapon the hero carries."""
    return [(i, ctx.c.artifacts[a].dragon) for i, a in carried(ctx.s, ctx.c, hero).items() if ctx.c.artifacts[a].dragon]


def dragon_value(ctx: Ctx, hero: str, skill: str) -> int:
    """The skill value the -3 is taken from (see the module's readings)."""
    sheet = ctx.s.sheets[hero]
    if ctx.s.rules.get("weapon_bonus_against_dragon", True):
        return skill_value(sheet, skill)
    others = [i.bonus.get(skill, 0) for i in sheet.items
              if not (artifact(ctx.s, ctx.c, i.id) and artifact(ctx.s, ctx.c, i.id).dragon)]
    return min(SKILL_MAX, sheet.skills[skill] + max(others, default=0))


def discard_plan(ctx: Ctx, hero: str, skill: str, n: int, chosen: list[str] | None = None) -> list[str]:
    """The skills (one entry a cube) the hoard's cubes come off: the player's list where it fits,
    else the other skills first (the most cubes first), the weapon's skill last."""
    sheet = ctx.s.sheets[hero]
    counts = {sk: cube_count(sheet, sk) for sk in SKILLS}
    plan: list[str] = []
    if chosen:
        for sk in chosen:
            if sk in counts and counts[sk] > 0 and len(plan) < n:
                counts[sk] -= 1
                plan.append(sk)
    while len(plan) < n and any(counts.values()):
        order = sorted((sk == skill, -counts[sk], SKILLS.index(sk), sk) for sk in SKILLS if counts[sk] > 0)
        sk = order[0][3]
        counts[sk] -= 1
        plan.append(sk)
    return plan


def dragon_odds(ctx: Ctx, hero: str, rested: bool = False) -> tuple[float, str | None]:
    """The chance to slay the Dragon now (after the hoard's cubes), and the weapon's skill; for bots.
    ``rested``: with the hero's natural hit points whole again (what healing gives)."""
    s = ctx.s
    best = (0.0, None)
    sheet = s.sheets[hero]
    hp = (sheet.natural_max if rested else sheet.natural) + sum(i.life - i.lost for i in sheet.items if i.life)
    full = dragon_full_life(ctx)
    left = full if s.rules.get("dragon_regenerates", True) or s.dragon_life <= 0 else s.dragon_life
    for _, skill in weapons(ctx, hero):
        plan = discard_plan(ctx, hero, skill, s.hoard)
        n = cube_count(sheet, skill) - plan.count(skill)
        dice = min(5, BASE_DICE + sum(1 for t in sheet.thresholds[skill] if n >= t))
        p = p_battle(p_success(dice, dragon_value(ctx, hero, skill) - 3 + ctx.trial_modifier(hero, skill, True)),
                     left, hp)
        if p > best[0]:
            best = (p, skill)
    return best


def dragon_full_life(ctx: Ctx) -> int:
    coop = ctx.c.scenario.coop
    n = len(ctx.s.heroes)
    if coop is not None and n in coop.dragon_life:
        return coop.dragon_life[n]
    return next(sp.life for sp in ctx.c.counters.values() if sp.effect == "dragon")


def enter_lair(ctx: Ctx, hero: str, discard: list[str] | None = None, lose: str | None = None) -> list[dict]:
    s, c = ctx.s, ctx.c
    lair = c.board.with_feature("lair")[0]
    s.at[hero].field = lair
    s.turn.phase, s.turn.mp = "over", 0
    s.turn.why_over = "the fight in the lair"
    armed = weapons(ctx, hero)
    out = [ctx.log({"event": "enters_lair", "hero": hero, "weapons": [i for i, _ in armed], "hoard": s.hoard})]
    if not armed:
        out.append(ctx.log({"event": "unarmed", "hero": hero, "why": "A hero approaching the Dragon without a "
                            "magic weapon dies instantaneously, no trial needed."}))
        s.at[hero].field = c.board.with_feature("cave_mouth")[0]
        kill(s.sheets[hero])
        out += life.die(ctx, hero, "approached the Dragon without a magic weapon")
        return out + _man_stands(ctx)
    keyed = sorted((-dragon_value(ctx, hero, sk), n, inst, sk) for n, (inst, sk) in enumerate(armed))
    inst, skill = keyed[0][2], keyed[0][3]
    ctx.fire(machines.DRAGON, "challenge")
    sheet = s.sheets[hero]
    plan = discard_plan(ctx, hero, skill, s.hoard, discard)
    for sk in plan:
        remove_cube(sheet, sk)
    short = max(0, s.hoard - len(plan))
    out.append(ctx.log({"event": "hoard_paid", "hero": hero, "hoard": s.hoard, "discarded": [SKILL_CUBE[sk] for sk in plan],
                        "short": short, "weapon": inst, "skill": skill, "machine": "dragon", "state": s.dragon}))
    if short and s.rules.get("short_of_cubes") == "life":
        for _ in range(short):
            out += _dragon_wound(ctx, hero, lose, "a cube short for the hoard")
            if _fallen(s, hero, lair):
                return out + _lair(ctx).repelled(ctx, hero)
    if s.rules.get("dragon_regenerates", True) or s.dragon_life <= 0:
        s.dragon_life = dragon_full_life(ctx)
    value = dragon_value(ctx, hero, skill)
    while s.dragon_life > 0 and not _fallen(s, hero, lair):
        n = dice_count(ctx, hero, skill, use=True)
        t = trial(value, -3 + ctx.trial_modifier(hero, skill, True), n, rng=ctx.dice, skill=skill, who=hero,
                  against="the Dragon")
        if t.success:
            s.dragon_life -= 1
        out.append(ctx.log({"event": "dragon_trial", "hero": hero, "trial": t.reason, "hit": t.success,
                            "dragon_life": s.dragon_life}))
        if not t.success:
            out += _dragon_wound(ctx, hero, lose, "the Dragon hits")
    if s.dragon_life <= 0:
        ctx.fire(machines.DRAGON, "slay")
        out.append(ctx.log({"event": "dragon_slain", "hero": hero, "machine": "dragon", "state": s.dragon}))
        return out + _lair(ctx).slain(ctx, hero)
    return out + _lair(ctx).repelled(ctx, hero)


def _fallen(s, hero: str, lair: str) -> bool:
    """The challenger is no longer fighting: fallen (out of the game in the Dragon's own game), or
    dead and reborn at his manor (a combined game's ``DragonLair.fell``)."""
    return s.at[hero].out or s.at[hero].field != lair


def _dragon_wound(ctx: Ctx, hero: str, lose: str | None, why: str) -> list[dict]:
    sheet = ctx.s.sheets[hero]
    loss = lose_life(sheet, lose if lose == "natural" or any(i.id == lose for i in sheet.items) else None)
    out = [ctx.log({"event": "wounded", "hero": hero, "why": why, "source": loss.source, "natural": sheet.natural,
                    "destroyed": loss.destroyed.id if loss.destroyed else None, "policy": loss.policy})]
    if loss.destroyed is not None:
        out += item_gone(ctx, life.LIFE, loss.destroyed.id)
    if loss.died:
        out += _lair(ctx).fell(ctx, hero, ctx.c.board.with_feature("lair")[0])
    return out


class DragonLair:
    """How a fight in the lair ends in the Dragon's own game: the challenger who dies falls for good,
    the Dragon slain ends the game, the Dragon's victory gives the others their turns to follow up.
    A combined game's context names its own (``Ctx.lair_rules``), where the Dragon's end is not the
    game's."""

    def fell(self, ctx: Ctx, hero: str, lair: str) -> list[dict]:
        return life.fall(ctx, hero, lair)

    def slain(self, ctx: Ctx, hero: str) -> list[dict]:
        s = ctx.s
        if s.mode == "book":
            s.results[hero] = "major"
            return life.end(ctx, "victory", "Major Victory")
        return life.end(ctx, "victory", f"{hero} slew the Dragon")

    def repelled(self, ctx: Ctx, hero: str) -> list[dict]:
        """"If your hero loses all HPs here, the Dragon has won. Your fellow player now has the option
        of challenging the Dragon himself within the next four turns.\""""
        s = ctx.s
        ctx.fire(machines.DRAGON, "repel")
        out = [ctx.log({"event": "dragon_victory", "hero": hero, "machine": "dragon", "state": s.dragon})]
        out += _man_stands(ctx)
        if s.dragon == "triumphant":
            if s.mode == "book":
                return out + life.end(ctx, "defeat", "Dragon Victory")
            return out + life.end(ctx, "defeat", "Dragon Victory: no hero is left to challenge the Dragon")
        s.follow_up = _follow_up(ctx)
        out.append(ctx.log({"event": "follow_up", "left": s.follow_up,
                            "unit": "turns" if s.mode == "book" else "rounds"}))
        return out


LAIR = DragonLair()


def _lair(ctx: Ctx) -> DragonLair:
    return ctx.lair_rules or LAIR


def _follow_up(ctx: Ctx) -> int:
    sc = ctx.c.scenario
    return sc.follow_up_turns if ctx.s.mode == "book" else sc.coop.follow_up_rounds


def _man_stands(ctx: Ctx) -> list[dict]:
    s = ctx.s
    if s.dragon_man != "beaten":
        return []
    ctx.fire(machines.DRAGON_MAN, "stand")
    return [ctx.log({"event": "dragon_man_stands", "machine": "dragon-man", "state": s.dragon_man})]

