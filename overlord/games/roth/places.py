"""Return of the Heroes' encounters (green counters): the instructors, the markets,
the Fountain of Life, the mice, King Foebus's court, and the chits' trials and healer. One entry,
:func:`use`, by the counter's ``effect`` (``counters.COUNTER_EFFECTS``).

The book (Return of the Heroes, "Encounters", "Improvement of Skills", "Rewards and Experience",
"Hit Points", "Alternative Rules: The Standard Game"):

- "Do these counters disappear after they've been used once? No, they remain where they are and can
  be used once per player's turn" (``TurnState.used``); "If you decide to accept the task or exploit
  the encounter, however, your movement is ended" (Counters).
- The instructors: "You pay one gold piece ... And then you conduct a trial with the relevant combat
  skill. But what is very important here is that the trial must fail"; "Can I make use of my
  experience during these trials? You can. Your extra dice can be used during any trial"; "A failed
  trial increases the corresponding rating by 1"; "Up to a maximum of 11"; "Training costs 1 gold
  piece per turn".
- The markets: "When a player moves onto one of the two market counters, then it's time to barter.
  The player at the market draws three counters if he is at the small market or six counters if at
  the large one, from the face down pile of market counters" (the family's market, ``actions``'
  wares).
- The Fountain of Life: "At the Fountain of Life (O5), roll one die and restore that number of hit
  points"; "only down to the line".
- The mice (the Standard Game): "If you encounter the mice, you can ask them (using a trial) who the
  Nameless is. If your trial succeeds, you can look at the Nameless card without showing your fellow
  players" (``RothOwn.looked``).
- King Foebus (Option 2): "the heroic deeds ... have to be picked up in the royal court. King Foebus
  does not have to be present. The deck of heroic deeds can be looked through and a card chosen.
  Only one card can be taken per turn. Players can have no more than two heroic deeds" - the
  heroic deeds' rules (``deeds.pick``, on the court's field).

Readings (ours; the other reading after "against"):
- An instructor's trial is of the rating the hero fights with (his artifacts' bonus counted, 11 at
  most), against the sheet's rating alone; its two highest dice count ("the trial must fail"). A
  rating of 11 on the sheet cannot be trained.
- The chits' encounters are ours (counters.yaml): a trial (the Hermit, the Old Soldier) is one
  trial in the counter's dot, won for its cubes, lost for nothing ("Hit points can only be lost if
  a trial is unsuccessful during battle"); the Wandering Healer restores one hit point.
- The teleporter is the movement's (``moves.teleport``: to a tan field, the move over there, and
  what he finds there).
- A market is called by the hero standing on its counter, once a turn, whether he moved onto it
  this turn or stood there already (against: only in the turn he "moves onto" it); the other heroes
  buy wherever they stand.
- The boat is no encounter one uses: it makes the lake crossing from its field free (movement).
- The mice's dot (blue 0) is ours; a hero who has looked may ask again (nothing is gained).
"""

from __future__ import annotations

from overlord.core.game import RulesError
from overlord.games.heroes import actions as family
from overlord.games.heroes.actions import acted
from overlord.games.heroes.rewards import cube_colours
from overlord.games.heroes.sheet import SKILL_MAX, heal
from overlord.games.heroes.trials import skill_trial

from . import actions
from .content import DOT_SKILL
from .state import Ctx

DEEDS_AT_MOST = 2       # "Players can have no more than two heroic deeds" (Option 2)
USED_HERE = ("instructor", "market", "fountain", "mice", "trial", "healer")   # the teleporter: moves.teleport


def _skill(ctx: Ctx, inst: str) -> tuple[str, int]:
    (colour, modifier), = ctx.c.spec(inst).dots
    return DOT_SKILL[colour], modifier


def use_problem(ctx: Ctx, hero: str, inst: str) -> str | None:
    """Why the hero cannot use the encounter ``inst`` now, or None."""
    s, c = ctx.s, ctx.c
    if inst not in actions.here(ctx, hero) or inst not in c.instances or c.spec(inst).border != "green":
        return f"{inst} is no encounter lying face up on {hero}'s field"
    spec = c.spec(inst)
    if spec.effect not in USED_HERE:
        return f"{spec.name} is not used as an encounter ({spec.effect or 'no effect'})"
    if inst in s.turn.used:
        return f"{spec.name} \"can be used once per player's turn\""
    sheet = s.sheets[hero]
    if spec.effect == "instructor":
        skill, _ = _skill(ctx, inst)
        if sheet.gold < spec.fee:
            return f"\"You pay one gold piece\": {hero} has {sheet.gold}"
        if sheet.skills[skill] >= SKILL_MAX:
            return f"{hero}'s {skill} rating is 11: \"Up to a maximum of 11\""
    if spec.effect == "market" and (s.offer or not s.market):
        return "a market is open already" if s.offer else "the pile of market counters is empty"
    if spec.effect in ("fountain", "healer") and sheet.natural >= sheet.natural_max:
        return "hit points are restored \"only down to the line\""
    return None


def can_use(ctx: Ctx, hero: str, inst: str) -> bool:
    return use_problem(ctx, hero, inst) is None


def usable(ctx: Ctx, hero: str) -> list[str]:
    """The encounters on the hero's field he may use now."""
    return [i for i in actions.here(ctx, hero) if i in ctx.c.instances and can_use(ctx, hero, i)]


def use(ctx: Ctx, hero: str, inst: str, choice: dict) -> list[dict]:
    """The hero uses the encounter ``inst`` on his field: ``choice["cubes"]`` a trial's reward colours
    (the teleporter is a move of its own: ``moves.teleport``)."""
    s, c = ctx.s, ctx.c
    problem = use_problem(ctx, hero, inst)
    if problem:
        raise RulesError(problem)
    spec = c.spec(inst)
    s.turn.used.append(inst)
    if spec.effect == "market":
        return family.call_market(ctx, actions.WARES, hero, spec.market)
    acted(ctx)
    sheet = s.sheets[hero]
    out = [ctx.log({"event": "encounter", "hero": hero, "counter": inst, "name": spec.name})]
    if spec.effect == "instructor":
        skill, modifier = _skill(ctx, inst)
        sheet.gold -= spec.fee
        t = skill_trial(sheet, skill, modifier + ctx.trial_modifier(hero), rng=ctx.dice, aim="fail", against=spec.name)
        if not t.success:
            sheet.skills[skill] += 1
        out.append(ctx.log({"event": "lesson", "hero": hero, "counter": inst, "skill": skill, "paid": spec.fee,
                            "trial": t.reason, "learnt": not t.success, "value": sheet.skills[skill]}))
    elif spec.effect in ("trial", "mice"):
        skill, modifier = _skill(ctx, inst)
        t = skill_trial(sheet, skill, modifier + ctx.trial_modifier(hero), rng=ctx.dice, against=spec.name)
        got: dict = {}
        if t.success and spec.effect == "trial":
            got["cubes"] = cube_colours(sheet, spec.reward, choice.get("cubes"))
            for colour in got["cubes"]:
                ctx.gain_cube(sheet, colour)
        if t.success and spec.effect == "mice" and hero not in s.looked:
            s.looked.append(hero)
        out.append(ctx.log({"event": "asked_the_mice" if spec.effect == "mice" else "trial", "hero": hero,
                            "counter": inst, "skill": skill, "trial": t.reason, "won": t.success, **got}))
    elif spec.effect in ("fountain", "healer"):
        roll = ctx.die(why=f"{hero} at the Fountain of Life") if spec.effect == "fountain" else 1
        healed = heal(sheet, roll)
        out.append(ctx.log({"event": "healed", "hero": hero, "counter": inst, "roll": roll if spec.effect == "fountain"
                            else None, "healed": healed, "natural": sheet.natural}))
    return out
