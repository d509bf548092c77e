"""A hero's turn as legal actions, the rounds, and the co-operative Dragon phase.

"Each turn has two phases: 1. Movement 2. Actions. Combat is always the first action. After this,
apply all other actions in any order you like. Any action ends movement." (UtSotD, Sequence of
Play). Everything a player may do now is :func:`legal`; :func:`apply` does one of them. An action
is a small dict (``{"do": "move", "to": "T4"}``), the same in a save, a log, a bot's choice and a
typed command; the player's choices that the rules leave open ride along in it (``cubes``,
``gold``, ``lose``, ``keep``, ``discard``, ``cube``, ``pick``) and a documented default decides
without them.

Rounds: the heroes play in turn order; a hero who fell to the Dragon is skipped. In the
co-operative mode, after every ``coop.dragon_every`` rounds the Dragon phase is due (the
``dragon-phase`` machine): the Dragon plays the top card of its deck (:func:`dragon_phase`).
"""

from __future__ import annotations

from overlord.core.decks import discard_card, draw_card
from overlord.core.game import RulesError, hidden_draw
from overlord.games.heroes.sheet import SKILL_MAX, SKILLS, movement_allowance

from . import actions, draws, events, fights, jumps, life, machines, moves, spells
from .state import Ctx, DragonState, TurnState, artifact, carries, counter, face_up, sees
from ...view.words import count

CHOICES = ("cubes", "gold", "lose", "keep", "discard", "cube", "pick")


# -- turns and rounds ------------------------------------------------------------------------------------------

def current(s: DragonState) -> str | None:
    """The hero whose player acts now: the one who owes a pending choice (also an attacked hero in
    the Dragon's phase), else the hero whose turn it is; None in the Dragon's phase and at the end."""
    if s.outcome:
        return None
    if s.pending:
        return s.pending["hero"]
    if s.phase != "heroes":
        return None
    return s.heroes[s.order]


def start_turn(ctx: Ctx) -> list[dict]:
    s = ctx.s
    hero = s.heroes[s.order]
    hs = s.at[hero]
    sheet = s.sheets[hero]
    s.turn = TurnState(hero=hero, mp=movement_allowance(sheet))
    out = [ctx.log({"event": "turn", "hero": hero, "round": s.round, "at": hs.between or hs.field})]
    if moves.has_effect(ctx, hero, "bag_of_gold") and hs.purse == 0:
        roll = ctx.die()
        if roll <= 2:
            hs.purse = 1
        out.append(ctx.log({"event": "bag_of_gold", "hero": hero, "roll": roll, "refilled": roll <= 2}))
    if moves.has_effect(ctx, hero, "camel") and not hs.between:
        roll = ctx.die()
        out.append(ctx.log({"event": "camel", "hero": hero, "roll": roll, "refuses": roll == 1}))
        if roll == 1:
            s.turn.mp = 0
    if s.storm:
        roll = ctx.die()
        if roll == 6:
            s.storm = False
        else:
            s.turn.mp = min(s.turn.mp, 1)
        out.append(ctx.log({"event": "storm_roll", "hero": hero, "roll": roll, "over": roll == 6}))
    if not hs.between and moves.in_region_feature(ctx, hs.field, "labyrinth") and not moves.has_effect(ctx, hero, "labyrinth_map"):
        out += moves.labyrinth_roll(ctx, hero, start=True)
    if hs.confused and not s.outcome:
        if s.rules.get("program_choices", True):
            decision = moves.steer_choice(ctx, hero)
            out += moves.steer(ctx, hero, decision.choice, decision)
        else:
            left = s.heroes[(s.order + 1) % len(s.heroes)]
            left = left if not s.at[left].out else hero
            s.pending = {"steer": hero, "hero": left}
            out.append(ctx.log({"event": "steer_pending", "hero": hero, "by": left}))
    return out


def end_turn(ctx: Ctx) -> list[dict]:
    s, c = ctx.s, ctx.c
    hero = s.turn.hero
    hs = s.at[hero]
    out = [ctx.log({"event": "turn_end", "hero": hero, "why": s.turn.why_over or "the player ends his turn"})]
    s.turn.invisible = False            # Invisibility: "invisible for the rest of his turn", no longer
    if not hs.out and moves.desert_hurts(ctx, hero, hs.between or hs.field) \
            and (hs.between or c.board.field(hs.field).feature not in ("oasis", "caravanserai")):
        out += life.wound(ctx, hero, "the Desert's heat")           # between two fields he ended on neither
    if s.mode == "book" and s.dragon == "victorious" and not hs.out:
        s.follow_up -= 1
        out.append(ctx.log({"event": "follow_up", "left": s.follow_up, "unit": "turns"}))
        if s.follow_up <= 0:
            out += _waited_out(ctx)
    if s.outcome:
        return out
    live = [k for k, h in enumerate(s.heroes) if not s.at[h].out]
    later = [k for k in live if k > s.order]
    if later:
        s.order = later[0]
        return out + start_turn(ctx)
    return out + round_end(ctx)


def _waited_out(ctx: Ctx) -> list[dict]:
    s, c = ctx.s, ctx.c
    s.dragon = machines.fire("dragon", s.dragon, "wait_out", s, c)
    out = [ctx.log({"event": "waited_out", "machine": "dragon", "state": s.dragon})]
    if s.mode == "book":
        for h in s.heroes:
            if not s.at[h].out:
                s.results[h] = "minor"
        return out + life.end(ctx, "defeat", "Dragon Victory and a Minor Victory")
    return out + life.end(ctx, "defeat", "Dragon Victory: nobody slew the Dragon in the rounds after a challenger fell")


def round_end(ctx: Ctx) -> list[dict]:
    s, c = ctx.s, ctx.c
    out = [ctx.log({"event": "round_end", "round": s.round})]
    if s.mode == "coop" and s.dragon == "victorious":
        s.follow_up -= 1
        out.append(ctx.log({"event": "follow_up", "left": s.follow_up, "unit": "rounds"}))
        if s.follow_up <= 0:
            return out + _waited_out(ctx)
    s.phase = machines.fire("dragon-phase", s.phase, "round_over", s, c)
    if s.phase == "dragon":
        return out + [ctx.log({"event": "dragon_due", "round": s.round, "machine": "dragon-phase", "state": s.phase})]
    return out + next_round(ctx)


def next_round(ctx: Ctx) -> list[dict]:
    s = ctx.s
    s.round += 1
    s.order = next(k for k, h in enumerate(s.heroes) if not s.at[h].out)
    return start_turn(ctx)


def card_effect(ctx: Ctx, name: str, params, first: str | None) -> list[dict]:
    """One effect of a Dragon card: counters drawn from the bag (the Dragon's brood, ``draws``)
    or one of the events' (``events.apply_effect``)."""
    if name == "draw":
        out = []
        for _ in range(params["counters"]):
            out += draws.draw_one(ctx, None, "the Dragon's brood")
        return out
    return events.apply_effect(ctx, name, params, first)


def dragon_phase(ctx: Ctx) -> list[dict]:
    """The co-operative Dragon phase: the top card of the Dragon deck, its effects in order."""
    s, c = ctx.s, ctx.c
    card_id = draw_card(s.dragon_deck, ctx.rng)
    card = c.cards[card_id]
    out = [ctx.log(hidden_draw({"event": "dragon_card", "card": card_id, "name": card.name, "text": card.text,
                                "book": card.book}))]
    return out + play_card(ctx, card_id, 0)


def play_card(ctx: Ctx, card_id: str, start: int) -> list[dict]:
    """A Dragon card's effects from the ``start``-th; an effect that waits for a hero's choice (the
    heroes' answers to Attack!) keeps the card in play until the last answer (``pending``: the card
    and its next effect), then the rest is played and the round goes on."""
    s, c = ctx.s, ctx.c
    out: list[dict] = []
    for k, (name, params) in enumerate(c.cards[card_id].effects[start:], start):
        if s.outcome:
            break
        out += card_effect(ctx, name, params, None)
        if s.pending:
            s.pending.update({"card": card_id, "next": str(k + 1)})
            return out
    discard_card(s.dragon_deck, card_id)
    if s.outcome:
        return out
    s.phase = machines.fire("dragon-phase", s.phase, "played", s, c)
    return out + next_round(ctx)


# -- what may be done now --------------------------------------------------------------------------------------

def legal(s: DragonState, c) -> list[dict]:
    hero = current(s)
    if hero is None:
        return []
    ctx = Ctx(s, c, None, None)
    if s.pending:
        return _pending(ctx)
    t = s.turn
    hs = s.at[hero]
    if s.offer:
        return _offer(ctx, hero)
    end = [{"do": "end"}]
    if t.phase == "over":
        return end
    if t.combat:
        opts = _fights(ctx, hero, t.combat)
        if c.heroes[hero].ability == "hide" and t.phase == "move" and not moves.has_effect(ctx, hero, "camel"):
            opts.append({"do": "hide", "target": t.combat})
        return opts
    if hs.between:
        opts = [{"do": "search"}] if t.fresh else []
        return opts + _pray(ctx, hero) + ([] if t.fresh else end)
    opts: list[dict] = []
    if t.phase == "move":
        opts += _movement(ctx, hero)
    opts += _actions(ctx, hero) + _spells(ctx, hero)
    return opts + end


def _pending(ctx: Ctx) -> list[dict]:
    s = ctx.s
    if "place" in s.pending:
        fields = draws.candidate_fields(ctx, s.pending["hero"])
        return [{"do": "place", "target": s.pending["place"], "to": f} for f in fields]
    if "draw" in s.pending:
        return spells.draw_options(ctx)
    if "attack" in s.pending:
        return events.attack_options(ctx)
    confused = s.pending["steer"]
    return [{"do": "steer", "hero": confused, "to": f} for f in moves.steer_fields(ctx, confused)]


def _offer(ctx: Ctx, hero: str) -> list[dict]:
    s = ctx.s
    opts = []
    for inst in s.offer:
        cost = actions.price(ctx, inst)
        for buyer in s.heroes:
            sheet = s.sheets[buyer]
            if not s.at[buyer].out and life.gold(ctx, buyer) >= cost and len(sheet.items) < sheet.item_slots:
                opts.append({"do": "buy", "item": inst, "for": buyer})
    return opts + [{"do": "close"}]


def _fights(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    opts = [{"do": "fight", "target": inst, "skill": sk} for sk in fights.fight_skills(ctx, inst)]
    spec = counter(ctx.c, inst)
    bolt = moves.has_effect(ctx, hero, "lightning")
    if bolt and "blue" not in dict(spec.dots) and spec.effect not in ("dragon_man", "doppelganger"):
        opts.append({"do": "fight", "target": inst, "skill": "magic", "spell": bolt})
    return opts


def _movement(ctx: Ctx, hero: str) -> list[dict]:
    s, c = ctx.s, ctx.c
    t = s.turn
    hs = s.at[hero]
    here = c.board.field(hs.field)
    opts: list[dict] = []
    if t.fresh:
        if hs.field == hs.manor and s.sheets[hero].natural < s.sheets[hero].natural_max:
            opts.append({"do": "rest"})
        if here.feature == "smithy" and actions.damaged_armour(ctx, hero):
            opts.append({"do": "repair"})
        if here.feature == "dump":
            opts.append({"do": "teleport"})
    if t.mp >= 1:
        opts += [{"do": "move", "to": f} for f in moves.step_targets(ctx, hero)]
    opts += [{"do": "jump", "to": f} for f in jumps.targets(ctx, hero)]
    if t.entered == hs.field and here.feature == "teleporter":
        opts.append({"do": "teleport"})
    if t.entered == hs.field and here.feature == "corner" and not moves.has_effect(ctx, hero, "labyrinth_map"):
        opts.append({"do": "roll"})
    if t.entered == hs.field and here.feature == "dump" and not t.rummaged:
        opts.append({"do": "rummage"})
    if here.feature == "rope_point" and moves.has_effect(ctx, hero, "rope") and s.dragon in ("lair", "victorious"):
        opts.append({"do": "rappel"})
    if moves.has_effect(ctx, hero, "pegasus") and not s.storm:
        opts += [{"do": "pegasus", "to": f} for f in moves.pegasus_fields(ctx) if f != hs.field]
    return opts


def _here(ctx: Ctx, hero: str) -> list[str]:
    s = ctx.s
    return [i for i in s.board.get(s.at[hero].field, []) if face_up(s, i) and sees(s, ctx.c, hero, i)]


def _actions(ctx: Ctx, hero: str) -> list[dict]:
    s, c = ctx.s, ctx.c
    t = s.turn
    hs = s.at[hero]
    sheet = s.sheets[hero]
    here = _here(ctx, hero)
    foes = [i for i in here if counter(c, i).border == "red" and i not in s.backs and counter(c, i).effect != "dragon"
            and (counter(c, i).effect != "dragon_man" or s.dragon in ("lair", "victorious"))]
    if foes and not t.fought:
        return [o for f in foes for o in _fights(ctx, hero, f)]
    opts: list[dict] = []
    for inst in here:
        spec = counter(c, inst)
        if inst in s.backs or spec.border in ("yellow", "blue/yellow") and spec.artifact:
            if len(sheet.items) < sheet.item_slots:
                opts.append({"do": "take", "target": inst})
            continue
        if spec.border == "blue" and spec.task is not None:
            if len(sheet.tasks) < sheet.task_slots:
                opts.append({"do": "take_task", "target": inst})
            else:
                opts += [{"do": "drop_task", "task": held} for held in sheet.tasks]
            continue
        if spec.border != "green" or inst in t.used:
            continue
        if spec.effect == "trial":
            opts += [{"do": "try", "target": inst, "skill": sk} for sk in fights.fight_skills(ctx, inst)]
        elif spec.effect in ("herbalist", "juggler") and life.gold(ctx, hero) >= 1:
            opts.append({"do": "use", "target": inst})
        elif spec.effect == "healer":
            opts.append({"do": "use", "target": inst})
        elif spec.effect == "cerberos" and actions.cerberos_ok(ctx, hero):
            opts += [{"do": "use", "target": inst, "skill": sk} for sk in SKILLS if sheet.skills[sk] < SKILL_MAX]
        elif spec.effect == "loremaster" and all(carries(s, c, hero, a) for a in spec.needs):
            opts.append({"do": "forge", "target": inst})
        elif spec.effect == "orchan":
            pass                                   # the ferry is listed below, from either shore
    trip = moves.ferry_to(ctx, hero)
    if trip is not None and life.gold(ctx, hero) >= trip[1] and not any(counter(c, u).effect == "orchan" for u in t.used):
        opts.append({"do": "ferry"})
    opts += [{"do": "fulfil", "task": task} for task in sheet.tasks if actions.task_done(ctx, hero, task)]
    for item in sheet.items:
        if actions.deliver_here(ctx, hero, item.id):
            opts.append({"do": "deliver", "item": item.id})
    if c.board.field(hs.field).feature == "city" and not t.market and s.market:
        opts.append({"do": "market"})
    for item in sheet.items:
        a = artifact(s, c, item.id)
        if a is not None and a.effect == "healing_potion" and sheet.natural < sheet.natural_max:
            opts.append({"do": "drink", "item": item.id})
    opts += [{"do": "drop", "item": item.id} for item in sheet.items]
    return opts + _pray(ctx, hero)


def _pray(ctx: Ctx, hero: str) -> list[dict]:
    s, c = ctx.s, ctx.c
    hs = s.at[hero]
    sheet = s.sheets[hero]
    if c.heroes[hero].ability != "self_heal" or s.turn.acted or sheet.natural >= sheet.natural_max:
        return []
    if not hs.between and s.board.get(hs.field):
        return []
    return [{"do": "pray"}]


def _spells(ctx: Ctx, hero: str) -> list[dict]:
    s, c = ctx.s, ctx.c
    opts = [{"do": "spell", "item": i} for i in spells.gold_spells(ctx, hero)]
    vision = moves.has_effect(ctx, hero, "vision")
    opts += [{"do": "vision", "item": vision, "to": f} for f in spells.vision_fields(ctx, hero)]
    for item in s.sheets[hero].items:
        a = artifact(s, c, item.id)
        if a is None:
            continue
        if a.effect == "strength" or (a.effect in ("experience", "great_experience") and not s.at[hero].primed) \
                or (a.effect == "invisibility" and not s.turn.invisible):
            opts.append({"do": "cast", "item": item.id})
    return opts


# -- doing it ------------------------------------------------------------------------------------------------------

def core(action: dict) -> dict:
    return {k: v for k, v in action.items() if k not in CHOICES}


def apply(ctx: Ctx, action: dict) -> list[dict]:
    s, c = ctx.s, ctx.c
    legal_now = legal(s, c)
    if core(action) not in legal_now:
        raise RulesError(f"not legal now: {action}; legal: {count(len(legal_now), 'action')}"
                         + (f", e.g. {legal_now[0]}" if legal_now else ""))
    hero = current(s)
    s.last_action = len(s.log)
    do = action["do"]
    choice = {k: v for k, v in action.items() if k in CHOICES}
    out: list[dict] = []
    if do == "place":
        out = draws.place_by_player(ctx, action["to"])
    elif do == "steer":
        s.pending = {}
        out = moves.steer(ctx, action["hero"], action["to"])
    elif do == "end":
        return end_turn(ctx)
    elif do in ("defend", "lose"):
        out = _answer_attack(ctx, hero, action)
    elif do == "move":
        out = moves.step(ctx, hero, action["to"])
    elif do == "jump":
        out = jumps.jump(ctx, hero, action["to"])
    elif do == "vision":
        out = spells.vision(ctx, hero, action["item"], action["to"])
    elif do == "draw":
        out = spells.draw(ctx, hero)
    elif do == "clairvoyance":
        out = spells.clairvoyance(ctx, hero, action["item"], action["target"])
    elif do == "spell":
        out = spells.spell_for_gold(ctx, hero, action["item"])
    elif do == "search":
        out = moves.search_again(ctx, hero)
    elif do == "teleport":
        out = moves.teleport(ctx, hero, choice.get("pick"))
    elif do == "roll":
        out = moves.labyrinth_roll(ctx, hero)
    elif do == "rummage":
        out = moves.rummage(ctx, hero)
    elif do == "rappel":
        out = moves.rappel(ctx, hero, choice)
    elif do == "pegasus":
        out = moves.pegasus(ctx, hero, action["to"])
    elif do == "hide":
        out = _hide(ctx, hero, action["target"])
    elif do == "fight":
        actions.acted(ctx)
        out = fights.fight(ctx, hero, action["target"], action["skill"], {**choice, "spell": action.get("spell")})
    elif do == "try":
        actions.acted(ctx)
        out = fights.try_encounter(ctx, hero, action["target"], action["skill"], choice)
    elif do == "forge":
        actions.acted(ctx)
        out = fights.forge(ctx, hero, action["target"])
    elif do == "use":
        out = actions.use(ctx, hero, action["target"], {**choice, "skill": action.get("skill")})
    elif do == "ferry":
        actions.acted(ctx)
        out = moves.ferry(ctx, hero)
    else:
        out = _simple(ctx, hero, action, choice)
    return out


def _simple(ctx: Ctx, hero: str, action: dict, choice: dict) -> list[dict]:
    do = action["do"]
    if do == "take_task":
        return actions.take_task(ctx, hero, action["target"])
    if do == "drop_task":
        return actions.drop_task(ctx, hero, action["task"])
    if do == "fulfil":
        return actions.fulfil(ctx, hero, action["task"], choice)
    if do == "take":
        return actions.take(ctx, hero, action["target"])
    if do == "drop":
        return actions.drop(ctx, hero, action["item"])
    if do == "deliver":
        return actions.deliver(ctx, hero, action["item"])
    if do == "market":
        return actions.market(ctx, hero)
    if do == "buy":
        return actions.buy(ctx, hero, action["item"], action["for"])
    if do == "close":
        return actions.close(ctx, hero)
    if do == "drink":
        return actions.drink(ctx, hero, action["item"])
    if do == "cast":
        return spells.cast(ctx, hero, action["item"])
    if do == "pray":
        return actions.pray(ctx, hero)
    if do == "rest":
        return actions.rest(ctx, hero)
    if do == "repair":
        return actions.repair(ctx, hero)
    raise RulesError(f"unknown action {do!r}")


def _answer_attack(ctx: Ctx, hero: str, action: dict) -> list[dict]:
    """An attacked hero's answer; when the attack is over, the Dragon card it came from goes on."""
    s = ctx.s
    card, nxt = s.pending.get("card"), s.pending.get("next")
    if action["do"] == "lose":
        out = events.give_up(ctx, hero, action["item"])
    else:
        out = events.defend(ctx, hero, action.get("skill"), action.get("spell"))
    if not s.pending and card:
        out += play_card(ctx, card, int(nxt))
    return out


def _hide(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    """The Halfling: "On a roll of 1 to 3, he is successful in hiding; otherwise, he has to fight. If
    he manages to hide from a creature and still has movement allowance to spend, he may continue
    moving." The movement left is what he had before the creature stopped him."""
    s = ctx.s
    roll = ctx.die()
    hidden = roll <= 3
    out = [ctx.log({"event": "hide", "hero": hero, "counter": inst, "roll": roll, "hidden": hidden})]
    if hidden:
        s.turn.combat = ""
        s.turn.mp = _mp_before_stop(ctx, hero)
    else:
        s.turn.phase = "act"
    return out


def _mp_before_stop(ctx: Ctx, hero: str) -> int:
    for e in reversed(ctx.s.log):
        if e.get("event") == "moved" and e.get("hero") == hero:
            return int(e.get("mp", 0))
        if e.get("event") == "turn":
            break
    return 0
