"""The events: the book's Storm and five Dragon Events (drawn from the bag in the book's game,
played from the Dragon deck in the co-operative mode) and our Dragon cards' effects.

The book (Glossary):
- Attack!: "The Dragon attacks each hero in turn, starting with the player who drew the counter.
  The attacked hero needs to succeed in a trial of his choice at -3. Heroes who fail this trial
  lose one artifact of their choice ... If the artifact was bought in one of the markets ... the
  counter is returned to that location. If it is a special artifact ... removed from the game. The
  Dragon cannot destroy magic weapons, scrolls, or the three magic materials ... As soon as a hero
  succeeds in a trial, the Dragon immediately breaks off the attack". Lightning "may be used to
  counter the Dragon Event Attack. If the magic trial succeeds, the Dragon is driven off. If it
  fails, standard combat ensues". Invisibility "does work against the Dragon Events Attack! and
  Plunder!".
- Fear!: "All open counters on all region maps adjacent to the Dragon's lair (not diagonally
  adjacent, and not on the region map itself) flee into the bag. This does not apply to
  artifacts, though. Revealed PA counters are covered again."
- Plunder!: "The Dragon takes 1 gold piece per hero, starting with the hero who drew the counter.
  These gold pieces he deposits in the Dragon's lair (V9). Heroes without any gold pieces will not
  be robbed."
- The Market is Burning!: "destroys 4 'City of the Mages' counters ... chosen at random, without
  being revealed first, and removed from the game".
- Storm: "Movement is reduced to 1 ... all are affected, and everybody rolls a die before moving;
  on a roll of 6, the weather returns to normal."

Readings:
- The trial "of his choice" and the artifact "of their choice" are the attacked player's: the
  program asks him (a pending choice: the skill or Lightning, then the artifact when the Dragon
  could destroy more than one); headless his bot answers (the heuristic: Lightning first, then the
  best odds, the least valuable artifact). The heroes answer in the attack's order.
- An artifact that is neither from the City nor special (the Rope, the Adept...) is removed like
  a special one ("removed from the game" is the rule for all but the market's).
- In the co-operative mode nobody draws the Dragon's card: the attack and the plunder begin with
  the hero nearest the lair (then turn order), a key recorded with its ties.
- Invisibility spares a hero from Attack! and Plunder! only in his own turn ("invisible for the
  rest of his turn"): an event drawn from the bag in it. The Dragon's phase of the co-operative
  mode comes after every hero's turn, when nobody is invisible.
"""

from __future__ import annotations

from overlord.core.game import hidden_draw
from overlord.core.trace import Decision
from overlord.games.heroes.market import burn
from overlord.games.heroes.odds import p_success
from overlord.games.heroes.sheet import SKILLS, dice_for, skill_value
from overlord.games.heroes.trials import trial

from . import life
from .state import Ctx, artifact, counter

SPARED = ("chain",)          # scrolls and materials
UNSPARED_ORDER = {"market": 0, "counter": 1, "special": 2}


def from_bag(ctx: Ctx, inst: str, drawer: str | None) -> list[dict]:
    """An event counter drawn from the bag (already discarded)."""
    spec = counter(ctx.c, inst)
    rules = ctx.s.rules
    out = [ctx.log({"event": "event", "counter": inst, "name": spec.name, "hero": drawer})]
    effect = spec.effect
    if effect == "attack":
        out += attack(ctx, -3, drawer)
    elif effect == "fear":
        out += fear(ctx)
    elif effect == "plunder":
        out += plunder(ctx, 1, drawer)
    elif effect == "burn_market":
        out += burn_market(ctx, rules.get("burn", 4))
    elif effect == "storm":
        out += storm(ctx)
    return out


def apply_effect(ctx: Ctx, name: str, params, first: str | None) -> list[dict]:
    """One effect of a Dragon card (``content.DRAGON_EFFECTS``)."""
    if name == "attack":
        return attack(ctx, params["modifier"], first)
    if name == "fear":
        return fear(ctx)
    if name == "plunder":
        return plunder(ctx, params["per_hero"], first)
    if name == "burn_market":
        return burn_market(ctx, params)
    if name == "hoard":
        return life.add_hoard(ctx, params, "the Dragon's card")
    if name == "storm":
        return storm(ctx)
    if name == "scorch":
        return scorch(ctx, params["modifier"], params["maps"])
    if name == "say":
        return [ctx.log({"event": "say", "text": params})]
    raise KeyError(f"unknown Dragon effect {name!r}")


# -- who first ------------------------------------------------------------------------------------------

def order_from(ctx: Ctx, first: str | None) -> tuple[list[str], Decision | None]:
    """The heroes in turn order from ``first``; with nobody drawing, from the hero nearest the lair."""
    s, c = ctx.s, ctx.c
    live = [h for h in s.heroes if not s.at[h].out and not ctx.elsewhere(h)]
    if not live:
        return [], None
    decision = None
    if first is None or first not in live:
        lair = c.board.with_feature("lair")[0]
        mouth = c.board.with_feature("cave_mouth")[0]
        near = c.board.spaces_from([mouth])
        decision = ctx.decide("the Dragon begins with", live,
                              lambda h: (near.get(s.at[h].field, 10 ** 4) if s.at[h].field != lair else 0,),
                              ("spaces to the lair's mouth",), ("turn order", s.heroes.index))
        first = decision.choice
    k = live.index(first)
    return live[k:] + live[:k], decision


def invisible(ctx: Ctx, hero: str) -> bool:
    """Invisibility "for the rest of his turn": the hero whose turn it is, in the heroes' phase."""
    s = ctx.s
    return s.phase == "heroes" and s.turn.hero == hero and s.turn.invisible


# -- the book's events --------------------------------------------------------------------------------------

def best_skill(ctx: Ctx, hero: str, modifier: int) -> tuple[str, float]:
    """The skill "of his choice" for a trial: the best chance (then sheet order)."""
    sheet = ctx.s.sheets[hero]
    keyed = sorted((-p_success(dice_for(sheet, sk), skill_value(sheet, sk) + modifier + ctx.trial_modifier(hero, sk)),
                    i, sk) for i, sk in enumerate(SKILLS))
    return keyed[0][2], -keyed[0][0]


def hero_trial(ctx: Ctx, hero: str, skill: str, modifier: int):
    sheet = ctx.s.sheets[hero]
    return trial(skill_value(sheet, skill), modifier + ctx.trial_modifier(hero, skill), dice_for(sheet, skill),
                 rng=ctx.dice, skill=skill, who=hero)


def attack(ctx: Ctx, modifier: int, first: str | None) -> list[dict]:
    """Attack!: the Dragon attacks each hero in turn from ``first``. Each attacked hero's player
    chooses (a pending choice: the moves ``defend`` and ``lose`` of ``verbs``): the trial's skill,
    or Lightning first; and, having failed, the artifact he loses. The attack goes on hero by hero as they answer
    (:func:`defend`, :func:`give_up`) and ends when one drives the Dragon off or all were
    attacked; a Dragon card's further effects wait for its end (``turns``)."""
    order, decision = order_from(ctx, first)
    out = [ctx.log({"event": "attack", "order": order, "modifier": modifier,
                    "decision": decision.to_json() if decision else None})]
    return out + _attack_next(ctx, order, modifier, {})


def _attack_next(ctx: Ctx, order: list[str], modifier: int, carry: dict) -> list[dict]:
    """Ask the next hero of ``order`` who is not invisible; ``carry``: the Dragon card waiting."""
    s = ctx.s
    out = []
    order = list(order)
    while order and not s.outcome:
        hero = order.pop(0)
        if invisible(ctx, hero):
            out.append(ctx.log({"event": "attack_hero", "hero": hero, "result": "invisible"}))
            continue
        s.pending = {"attack": str(modifier), "hero": hero, "order": ",".join(order), **carry}
        out.append(ctx.log({"event": "attack_asks", "hero": hero, "modifier": modifier,
                            "chances": chances(ctx, hero, modifier), "lightning": bool(lightning(ctx, hero))}))
        return out
    s.pending = {}
    return out


def lightning(ctx: Ctx, hero: str) -> str | None:
    """The Lightning! spell the hero carries, if any."""
    s, c = ctx.s, ctx.c
    return next((i.id for i in s.sheets[hero].items if (a := artifact(s, c, i.id)) and a.effect == "lightning"), None)


def chances(ctx: Ctx, hero: str, modifier: int) -> dict[str, float]:
    """The attacked hero's chance with each skill at the attack's modifier."""
    sheet = ctx.s.sheets[hero]
    return {sk: round(p_success(dice_for(sheet, sk), skill_value(sheet, sk) + modifier + ctx.trial_modifier(hero, sk)), 3)
            for sk in SKILLS}


def _carry(s) -> dict:
    return {k: v for k, v in s.pending.items() if k in ("card", "next")}


def defend(ctx: Ctx, hero: str, skill: str | None = None, spell: str | None = None) -> list[dict]:
    """The attacked hero's trial "of his choice at -3", or Lightning: "If the magic trial succeeds,
    the Dragon is driven off. If it fails, standard combat ensues, requiring the hero to roll a
    trial of one of his three skills" (he is asked again, the spell gone)."""
    s = ctx.s
    modifier, order, carry = int(s.pending["attack"]), [h for h in s.pending["order"].split(",") if h], _carry(s)
    if spell:
        t = hero_trial(ctx, hero, "magic", 0)
        out = [ctx.log({"event": "lightning", "hero": hero, "trial": t.reason, "success": t.success, "against": "Attack!"})]
        if t.success:
            s.pending = {}
            return out + [ctx.log({"event": "attack_hero", "hero": hero, "result": "driven off", "spell": spell})]
        out += life.spell_gone(ctx, hero, spell)
        return out + [ctx.log({"event": "attack_asks", "hero": hero, "modifier": modifier,
                               "chances": chances(ctx, hero, modifier), "lightning": False})]
    t = hero_trial(ctx, hero, skill, modifier)
    if t.success:
        s.pending = {}
        return [ctx.log({"event": "attack_hero", "hero": hero, "skill": skill, "trial": t.reason, "result": "driven off"})]
    can = destroyable(ctx, hero)
    out = [ctx.log({"event": "attack_hero", "hero": hero, "skill": skill, "trial": t.reason, "result": "failed",
                    "can_lose": len(can)})]
    if len(can) > 1:
        s.pending = {**s.pending, "stage": "lose"}
        return out + [ctx.log({"event": "lose_asks", "hero": hero, "items": can})]
    if can:
        out += _destroyed(ctx, hero, can[0], chosen=False)
    return out + _attack_next(ctx, order, modifier, carry)


def give_up(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    """The artifact the attacked hero chose to lose; then the next hero is attacked."""
    s = ctx.s
    modifier, order, carry = int(s.pending["attack"]), [h for h in s.pending["order"].split(",") if h], _carry(s)
    return _destroyed(ctx, hero, inst, chosen=True) + _attack_next(ctx, order, modifier, carry)


def destroyable(ctx: Ctx, hero: str) -> list[str]:
    """The hero's artifacts the Dragon can destroy, in the order of his trays: "The Dragon cannot
    destroy magic weapons, scrolls, or the three magic materials"."""
    s, c = ctx.s, ctx.c
    return [i.id for i in s.sheets[hero].items
            if (a := artifact(s, c, i.id)) is not None and a.origin not in SPARED and not a.dragon]


def cheapest_loss(ctx: Ctx, hero: str) -> Decision | None:
    """The least valuable artifact the Dragon can destroy, by the key (origin: market first, then
    plain counters, then special; price; listed order) - the heuristic bot's choice."""
    s, c = ctx.s, ctx.c
    can = destroyable(ctx, hero)
    if not can:
        return None
    return ctx.decide("artifact lost", can, lambda i: (UNSPARED_ORDER[artifact(s, c, i).origin], artifact(s, c, i).price),
                      ("origin (market, counter, special)", "price"), policy="listed order")


def _destroyed(ctx: Ctx, hero: str, inst: str, chosen: bool) -> list[dict]:
    """The artifact lost: "If the artifact was bought in one of the markets ... the counter is
    returned to that location. If it is a special artifact (a reward for a task), the artifact is
    removed from the game"; a plain counter (the Rope, the Adept) too."""
    s, c = ctx.s, ctx.c
    sheet = s.sheets[hero]
    sheet.items = [i for i in sheet.items if i.id != inst]
    a = artifact(s, c, inst)
    if a.origin == "market":
        s.market.append(inst)
        to = "the City of the Mages"
    else:
        s.removed.append(inst)
        to = "out of the game"
    return [ctx.log({"event": "dragon_destroys", "hero": hero, "counter": inst, "name": a.name, "to": to,
                     "chosen": chosen})]


def fear(ctx: Ctx) -> list[dict]:
    s, c = ctx.s, ctx.c
    cave = c.board.region_of(c.board.with_feature("lair")[0])
    regions = set(c.board.adjacent_regions(cave))
    fled, covered = [], []
    for fid in sorted(list(s.board), key=c.board.order):
        if c.board.region_of(fid) not in regions:
            continue
        for inst in list(s.board[fid]):
            if inst in s.down or artifact(s, c, inst) is not None or (ctx.fearless and ctx.fearless(ctx, inst)):
                continue
            if counter(c, inst).covered:
                s.down.append(inst)
                covered.append(inst)
            else:
                s.board[fid].remove(inst)
                s.bag.append(inst)
                fled.append(inst)
        if not s.board[fid]:
            del s.board[fid]
    return [ctx.log({"event": "fear", "regions": sorted(regions), "fled": fled, "covered": covered})]


def plunder(ctx: Ctx, per_hero: int, first: str | None) -> list[dict]:
    order, decision = order_from(ctx, first)
    taken = {}
    for hero in order:
        if invisible(ctx, hero):
            taken[hero] = "invisible"
            continue
        n = min(per_hero, life.gold(ctx, hero))
        if n:
            life.pay(ctx, hero, n)
            taken[hero] = n
    total = sum(v for v in taken.values() if isinstance(v, int))
    out = [ctx.log({"event": "plunder", "taken": taken, "decision": decision.to_json() if decision else None})]
    return out + (life.add_hoard(ctx, total, "Plunder!") if total else [])


def burn_market(ctx: Ctx, n: int) -> list[dict]:
    burnt = burn(ctx.s.market, n, ctx.rng)
    ctx.s.removed.extend(burnt)
    return [ctx.log(hidden_draw({"event": "market_burns", "burnt": len(burnt), "left": len(ctx.s.market)}))]


def storm(ctx: Ctx) -> list[dict]:
    ctx.s.storm = True
    return [ctx.log({"event": "storm", "why": "movement is 1 until a hero rolls a 6 before moving"})]


def scorch(ctx: Ctx, modifier: int, maps: str) -> list[dict]:
    s, c = ctx.s, ctx.c
    cave = c.board.region_of(c.board.with_feature("lair")[0])
    regions = {cave} | (set(c.board.adjacent_regions(cave)) if maps == "adjacent" else set())
    out = [ctx.log({"event": "scorch", "regions": sorted(regions)})]
    for hero in s.heroes:
        hs = s.at[hero]
        if hs.out or ctx.elsewhere(hero) or c.board.region_of(hs.between or hs.field) not in regions:
            continue
        skill, _ = best_skill(ctx, hero, modifier)
        t = hero_trial(ctx, hero, skill, modifier)
        out.append(ctx.log({"event": "scorch_hero", "hero": hero, "skill": skill, "trial": t.reason, "success": t.success}))
        if not t.success:
            out += life.wound(ctx, hero, "Scorched Sky", never_last=True)
    return out

