"""Combat with a creature, a Servant or a Guard (Return of the Heroes, "Combat and Combat Trials",
"Drawing Counters", "The Final Battle Against the Nameless"), and the hit points a lost fight
costs (the family's ``heroes.life``, RotH's part: :class:`RothLife`).

- "The total must be the same or less than the rating on your character sheet"; "Trials are only
  allowed in skills displayed on the adversary's counter"; "This modifies your combat rating in
  the respective skill"; "Adversaries with two hearts require two trials in one turn. If one of
  these fails, the battle and one hit point are lost" (the family's ``trials.combat``, a trial a
  heart). "Combat (only once per turn)"; "Actions always end movement".
- Won: "you receive the reward specified on the opponent's counter, draw a new counter from the
  cloth bag and throw the defeated creature into the bag" (``draws.replace``: the draw first, and
  no creature back once the Nameless is out). A Servant: "defeated Servants are not returned to the
  bag, they are removed from play" (a counter is drawn for it). A Guard: beaten, he leaves his post
  until the next battle with the Nameless ("They are reincarnated by the Nameless after every
  battle"), and the hero may challenge the Nameless in his next turn.
- Lost: one hit point (``heroes.life.wound``); "If I lose a battle, do I have to fight again in the
  next turn? No"; a Servant who wins "is turned over again and its ratings hidden"; a Guard holds.
- A Guard is fought only with a precious stone: "First you need a precious stone, as it is the key
  to the four secret entries to the tower of evil."

- A deed's creature: "Can another player defeat them? No, a part of a heroic deed can only be seen by
  the player who has this task"; beaten, "turn over the counter and find the sought after silver
  hammer" - the part done (``deeds.fight_refusal``, ``deeds.vanquished``), not into the bag.
- Death (:func:`wound`, :class:`RothLife`): "all but one artifact" - one of the artifacts, the deed
  counters on his card or the precious stone ("Including parts of the heroic deed or the precious
  stone? Yes"); "The magic items remain on the field where you died, but the artifacts bought on the
  market decay and are placed back on the stack of the market counters"; "the intact piece of armor
  is placed on the field where you died" (Hit Points); the deed's counters and stone: ``deeds``.

Readings: the reward's colours are the player's, else the family's key (``heroes.rewards``); the
bequest's key and what a death does to a deed are ``deeds``'.
"""

from __future__ import annotations

import dataclasses

from overlord.core.game import RulesError, hidden_draw
from overlord.core.trace import Decision
from overlord.games.heroes import life as family
from overlord.games.heroes.counters import Counter
from overlord.games.heroes.rewards import cube_colours
from overlord.games.heroes.sheet import gain_gold
from overlord.games.heroes.state import lift, put, where
from overlord.games.heroes.trials import RETURN_HEART_RULE, combat, skill_trial

from . import deeds, draws, machines, turns
from .content import DOT_SKILL
from .regions import guard_posts
from .state import Ctx

#: a skill's spot colour on a counter
SKILL_DOT = {sk: dot for dot, sk in DOT_SKILL.items()}


class RothLife:
    """RotH's part of the family's hit points and death (``heroes.life.LifeRules``), one for a wound:
    ``keep`` is the player's bequest - an artifact, a deed's counter on his card or the precious
    stone (``deeds.bequests``); ``kept`` the one that is no artifact, once he died (the family then
    keeps no artifact), ``decision`` the program's choice of it."""

    def __init__(self, keep: str | None = None) -> None:
        self.keep = keep
        self.kept: str | None = None
        self.decision: Decision | None = None

    def provenance(self, ctx: Ctx, instance: str) -> str:
        """Where a dead hero's thing goes: "The magic items remain on the field where you died, but
        the artifacts bought on the market decay and are placed back on the stack of the market
        counters"; "What happens if my only remaining hit points are from armor? Then you are dead,
        and the intact piece of armor is placed on the field where you died" - an artifact with hit
        points left on a dead hero's sheet goes to the field whatever its origin (Hit Points)."""
        a = artifact_of(ctx, instance)
        if a is None:
            return "counter"
        intact = any(sheet.dead and any(i.id == instance and i.life > i.lost for i in sheet.items)
                     for sheet in ctx.s.sheets.values())
        return "market" if a.origin == "market" and not intact else "special"

    def keep_choice(self, ctx: Ctx, hero: str) -> Decision | None:
        """The thing a dead hero keeps when the player names none (``deeds.bequest_choice``: the
        precious stone, a deed counter still to bring, a magic object, the dearest, the most hit
        points; ours), ties returned. A deed counter or the stone is kept here, not by the family."""
        items = [i.id for i in ctx.s.sheets[hero].items]
        if self.keep in deeds.bequests(ctx, hero) and self.keep not in items:
            self.kept = self.keep
            return None
        decision = deeds.bequest_choice(ctx, hero)
        if decision is not None and decision.choice not in items:
            self.kept, self.decision = decision.choice, decision
            return None
        return decision

    def reborn(self, ctx: Ctx, hero: str) -> None:
        hs = ctx.s.at[hero]
        hs.guard_beaten, hs.searched = False, 0


LIFE = RothLife()


def wound(ctx: Ctx, hero: str, why: str, lose: str | None = None, keep: str | None = None) -> list[dict]:
    """One hit point lost (the family's ``heroes.life.wound``); a death bequeaths ``keep`` (an
    artifact, a deed's counter on his card, ``"stone"``) or the program's choice, and leaves the deed
    counters and the stone not bequeathed where he died (``deeds.left_at_death``)."""
    rules = RothLife(keep)
    out = family.wound(ctx, rules, hero, why, lose, keep=keep)
    died = next((e for e in out if e["event"] == "died"), None)
    if died is None:
        return out
    if rules.kept is not None:                 # the same dict as the log's: the bequest told there
        died["kept"] = rules.kept
        died["decision"] = rules.decision.to_json() if rules.decision else None
    return out + deeds.left_at_death(ctx, hero, died["at"], died["kept"])


def artifact_of(ctx: Ctx, instance: str):
    """The artifact a thing on a sheet is: a yellow counter's, the one on a turned counter's back, or
    one a task gives (its id is the artifact's: the magic objects)."""
    if instance not in ctx.c.instances:
        return ctx.c.artifacts.get(instance)
    spec = ctx.c.spec(instance)
    aid = spec.artifact or (spec.back if instance in ctx.s.backs else "")
    return ctx.c.artifacts.get(aid)


def counter_of(ctx: Ctx, inst: str) -> Counter:
    spec = ctx.c.spec(inst)
    return Counter(inst, spec.name, spec.border, dict(spec.dots), spec.hearts, [list(r) for r in spec.reward],
                   0, spec.gold)


def skills_against(ctx: Ctx, inst: str) -> list[str]:
    """The skills a counter may be fought with: its dots."""
    return [DOT_SKILL[dot] for dot, _ in ctx.c.spec(inst).dots]


def skills_for(ctx: Ctx, hero: str, inst: str) -> list[str]:
    """The skills ``hero`` may fight the counter with: its dots, and a combined game's more
    (``Ctx.extra_skills``: the Underworld's Advice of Hermes)."""
    own = skills_against(ctx, inst)
    return own + [sk for sk in ctx.extra_skills(hero, inst) if sk not in own]


def fight(ctx: Ctx, hero: str, inst: str, skill: str, cubes: list[str] | None = None,
          lose: str | None = None, keep: str | None = None) -> list[dict]:
    """The hero fights the counter ``inst`` on his field with ``skill``; ``cubes``: the reward's
    colours he chooses; ``lose``: where a lost fight's hit point comes from ("natural" or an item);
    ``keep``: what he bequeaths if he dies. A deed's counter is fought only by its holder, as the
    part to do now (``deeds.fight_refusal``), and beaten it is that part done (``deeds.vanquished``)."""
    s, c = ctx.s, ctx.c
    spec = c.spec(inst)
    turn, hs = s.turn, s.at[hero]
    refusal = deeds.fight_refusal(ctx, hero, inst)
    if refusal:
        raise RulesError(refusal)
    if turn.fought:
        raise RulesError("a fight a turn: \"Combat (only once per turn)\"")
    if skill not in skills_for(ctx, hero, inst):
        raise RulesError(f"{spec.name} is fought with {' or '.join(skills_for(ctx, hero, inst))}, not {skill}")
    if spec.effect == "guard" and not hs.stone:
        raise RulesError("a Guard is fought with a precious stone: \"First you need a precious stone, as it is the "
                         "key to the four secret entries to the tower\"")
    turn.fought, turn.combat, turn.acted, turn.phase, turn.mp = True, "", True, "act", 0
    out = []
    if inst in s.down:                          # the Guards' and the Servants' values, hidden until fought
        s.down.remove(inst)
        out.append(ctx.log(hidden_draw({"event": "revealed", "hero": hero, "counter": inst, "name": spec.name,
                                        "at": where(s, inst)})))
    counter = counter_of(ctx, inst)
    if skill not in skills_against(ctx, inst):           # a skill not on the counter, by a combined game's rule
        counter = dataclasses.replace(counter, dots={**counter.dots,
                                                     SKILL_DOT[skill]: ctx.extra_skills(hero, inst)[skill]})
        out += ctx.extra_skill_used(hero, inst, skill)
    result = combat(s.sheets[hero], counter, skill, rng=ctx.dice, heart_rule=RETURN_HEART_RULE,
                    extra_modifier=ctx.trial_modifier(hero))
    out.append(ctx.log({"event": "fight", "hero": hero, "counter": inst, "name": spec.name, "skill": skill,
                        "trials": [t.reason for t in result.trials], "won": result.won, "why": result.reason}))
    return out + (_won(ctx, hero, inst, cubes) if result.won else _lost(ctx, hero, inst, lose, keep))


def _won(ctx: Ctx, hero: str, inst: str, cubes: list[str] | None) -> list[dict]:
    s, c = ctx.s, ctx.c
    spec = c.spec(inst)
    if spec.deed:                               # "Then turn over the counter and find the sought after silver hammer"
        return deeds.vanquished(ctx, hero, inst, cubes)
    sheet = s.sheets[hero]
    colours = cube_colours(sheet, spec.reward, cubes)
    for col in colours:
        ctx.gain_cube(sheet, col)
    gain_gold(sheet, spec.gold)
    out = [ctx.log({"event": "reward", "hero": hero, "counter": inst, "cubes": colours, "gold": spec.gold})]
    fid = lift(s, inst)
    why = f"{hero} beat {spec.name} on {fid}"
    if spec.effect == "guard":
        s.aside.append(inst)                    # back on his post after the next battle
        ctx.fire(machines.GUARDS, "beaten")
        s.at[hero].guard_beaten = True
        return out + [ctx.log({"event": "guard_beaten", "hero": hero, "counter": inst, "at": fid,
                               "why": "the way to the Nameless is open to him next turn"})]
    if spec.effect == "servant":
        s.removed.append(inst)
        return out + [ctx.log({"event": "out_of_game", "counter": inst, "name": spec.name,
                               "why": "defeated Servants are removed from play"})] + draws.replace(ctx, hero, why)
    s.aside.append(inst)                        # into the bag once its replacement is drawn
    return out + draws.replace(ctx, hero, why, then_bag=inst)


def _lost(ctx: Ctx, hero: str, inst: str, lose: str | None, keep: str | None = None) -> list[dict]:
    s, c = ctx.s, ctx.c
    spec = c.spec(inst)
    out = []
    if spec.effect == "servant" and inst not in s.down:
        s.down.append(inst)
        out.append(ctx.log({"event": "turned_down", "counter": inst, "why": "a Servant who wins is turned over "
                                                                          "again, its ratings hidden"}))
    if spec.effect == "guard":
        ctx.fire(machines.GUARDS, "held")
    return out + wound(ctx, hero, f"lost the fight against {spec.name}", lose, keep)


# -- the final battle -----------------------------------------------------------------------------------

def nameless_modifier(ctx: Ctx, hero: str, skill: str) -> int:
    """The card's spot for ``skill``, and the card's ``magic`` when the hero carries a magic object
    of that skill (ours: "Magic objects can prove extremely useful in combat against the Nameless in
    some cases", Improvement of Skills)."""
    card = ctx.c.nameless[ctx.s.nameless_card]
    colour = next(col for col, sk in DOT_SKILL.items() if sk == skill)
    magic = any((a := artifact_of(ctx, i.id)) is not None and a.origin == "magic" and skill in a.bonus
                for i in ctx.s.sheets[hero].items)
    return card.dots[colour] + (card.magic if magic else 0)


def final_battle(ctx: Ctx, hero: str, skill: str, lose: str | None = None, keep: str | None = None) -> list[dict]:
    """"With the Nameless, you conduct one trial after the other until only you or he has hit points
    left. If you win the trial, the Nameless loses one hit point. If he wins the trial, you lose a hit
    point"; no withdrawing. The hero who beat a Guard in an earlier turn (a fight a turn) challenges
    him in the skill he names, one of the card's spots, for the whole battle (ours). Won: the game is
    won. Lost: the hero is dead and begins again at his manor; the Nameless is whole again and the
    Guards are back on their posts ("reincarnated by the Nameless after every battle")."""
    s, c = ctx.s, ctx.c
    hs, turn = s.at[hero], s.turn
    card = c.nameless[s.nameless_card]
    if s.nameless != "on_tower":
        raise RulesError("the Nameless is not on his tower")
    if not hs.guard_beaten or turn.fought:
        raise RulesError("the Nameless is fought in the turn after a Guard is beaten (\"do battle with him in your "
                         "next turn\")")
    allowed = [DOT_SKILL[dot] for dot in card.dots]
    if skill not in allowed:
        raise RulesError(f"{card.name} is fought with {' or '.join(allowed)}, not {skill}")
    ctx.fire(machines.NAMELESS, "challenged")
    turn.fought, turn.combat, turn.acted, turn.phase, turn.mp = True, "", True, "act", 0
    s.nameless_life = card.life
    out = [ctx.log({"event": "final_battle", "hero": hero, "nameless": s.nameless_card, "name": card.name,
                    "skill": skill, "life": card.life})]
    generation = hs.generation
    while s.nameless_life > 0 and hs.generation == generation:
        sheet = s.sheets[hero]
        t = skill_trial(sheet, skill, nameless_modifier(ctx, hero, skill) + ctx.trial_modifier(hero, skill, True),
                        rng=ctx.dice, against=card.name)
        if t.success:
            s.nameless_life -= 1
            out.append(ctx.log({"event": "battle_trial", "hero": hero, "trial": t.reason, "won": True,
                                "nameless_life": s.nameless_life}))
        else:
            out.append(ctx.log({"event": "battle_trial", "hero": hero, "trial": t.reason, "won": False,
                                "nameless_life": s.nameless_life}))
            out += wound(ctx, hero, f"lost a trial against {card.name}", lose, keep)
    if s.nameless_life == 0:
        ctx.fire(machines.NAMELESS, "slain")
        out.append(ctx.log({"event": "nameless_slain", "hero": hero, "name": card.name}))
        return out + turns.nameless_slain(ctx, hero, card.name)
    ctx.fire(machines.NAMELESS, "won")
    s.nameless_life = 0
    return out + _reincarnated(ctx) + [ctx.log({"event": "nameless_won", "hero": hero, "name": card.name,
                                                "why": "he is whole again for the next challenger"})]


def _reincarnated(ctx: Ctx) -> list[dict]:
    """The Guards back on the empty posts, face down; no hero's way is open any longer."""
    s, c = ctx.s, ctx.c
    back = sorted(i for i in s.aside if c.spec(i).effect == "guard")
    empty = [p for p in guard_posts(c.board) if not any(i in c.instances and c.spec(i).effect == "guard" for i in s.board.get(p, []))]
    for post, guard in zip(empty, back):
        s.aside.remove(guard)
        put(s, post, guard, face_down=True)
    if s.guards == "breached":
        ctx.fire(machines.GUARDS, "reincarnated")
    for h in s.heroes:
        s.at[h].guard_beaten = False
    return [ctx.log({"event": "guards_reincarnated", "posts": dict(zip(empty, back))})]
