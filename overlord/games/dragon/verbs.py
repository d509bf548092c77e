"""Every action a hero's player may take in the Dragon, each defined once (``overlord.core.moves``):
its words and what it names, its help line and when it is possible, how its legal instances are
listed, how it is applied, how it is worded, the events only it tells, and its indices for learning
agents. The legal actions (:func:`legal`), the table's help and parsing (``table``), the words of an
action (``narrate.describe``) and the PettingZoo numbering (``agents``) all come from :data:`MOVES`.

"Each turn has two phases: 1. Movement 2. Actions. Combat is always the first action. After this,
apply all other actions in any order you like. Any action ends movement." (UtSotD, Sequence of
Play). :func:`legal` lists what may be done now in that order - a pending choice, a market on offer,
a creature to fight, between two fields, then movement, actions and spells - so the options keep
the order the players know. The player's choices that the rules leave open ride along as
``word=value`` (:data:`CHOICES`: ``cubes``, ``gold``, ``lose``, ``keep``, ``discard``, ``cube``,
``pick``) and a documented default decides without them.

The PettingZoo numbering keeps its published layout (``numbering`` below; ``agents`` words it and
``docs/testing.md`` prints it); a move added later takes the indices after it.
"""

from __future__ import annotations

from overlord.core.moves import ACTOR, Move, Moves, Param
from overlord.games.heroes import actions as family_actions, indices, verbs as family_verbs
from overlord.games.heroes.draws import place_by_player
from overlord.games.heroes.sheet import SKILL_MAX, SKILLS
from overlord.games.heroes.state import face_up

from . import actions, draws, events, fights, jumps, life, moves, spells, turns
from .state import Ctx, artifact, carries, counter, sees
from .words import JUMP_WORDS, SKILL_WORD, name, rolled
from ...view.words import count, listing

MOVE_SLOTS, JUMP_SLOTS, PICK_SLOTS, SPELL_SLOTS, ITEM_SLOTS = 8, 12, 32, 8, 4

#: the player's own choices, typed as word=value after any command
CHOICES = (Param("cubes", "words"), Param("gold", "yes/no"), Param("lose", "word"), Param("keep", "word"),
           Param("discard", "words"), Param("cube", "word"), Param("pick", "int", "N"))

FIELD = Param("to", "field", "FIELD")
COUNTER = Param("target", "counter", "COUNTER")
ITEM = Param("item", "item", "ITEM")
TASK = Param("task", "task", "TASK")
SKILL = Param("skill", "skill", "SKILL", choices=SKILLS)
WITH = Param("spell", "item", "SPELL", keyword="with", optional=True, refusal="no such spell to cast now")


# -- the indices for learning agents: what the hero sees, read once a call ---------------------------------------

def _steps(ctx: Ctx, memo: dict) -> list[str]:
    return indices.steps(ctx, memo, moves.step_targets)


def _by_spell(kind: str):
    return lambda ctx, a, memo: f"{kind} lightning" if a.get("spell") else f"{kind} {a['skill']}"


# -- applying: what a few moves do besides calling their rule --------------------------------------------------

def _acting(rule):
    """A move that is an action (it ends movement) before its rule runs."""
    def run(ctx: Ctx, a: dict, hero: str, choice: dict) -> list[dict]:
        actions.acted(ctx)
        return rule(ctx, a, hero, choice)
    return run


def _answer_attack(ctx: Ctx, a: dict, hero: str, choice: dict) -> list[dict]:
    """An attacked hero's answer; when the attack is over, the Dragon card it came from goes on."""
    s = ctx.s
    card, nxt = s.pending.get("card"), s.pending.get("next")
    if a["do"] == "lose":
        out = events.give_up(ctx, hero, a["item"])
    else:
        out = events.defend(ctx, hero, a.get("skill"), a.get("spell"))
    if not s.pending and card:
        out += turns.play_card(ctx, card, int(nxt))
    return out


def _hide(ctx: Ctx, a: dict, hero: str, choice: dict) -> list[dict]:
    """The Halfling: "On a roll of 1 to 3, he is successful in hiding; otherwise, he has to fight. If
    he manages to hide from a creature and still has movement allowance to spend, he may continue
    moving." The movement left is what he had before the creature stopped him."""
    s = ctx.s
    roll = ctx.die(why=f"{hero} hiding from the {counter(ctx.c, a['target']).name} (1 to 3: hidden)")
    hidden = roll <= 3
    out = [ctx.log({"event": "hide", "hero": hero, "counter": a["target"], "roll": roll, "hidden": hidden})]
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


def _steer(ctx: Ctx, a: dict, hero: str, choice: dict) -> list[dict]:
    ctx.s.pending = {}
    return moves.steer(ctx, a["hero"], a["to"])


def _bought(s, c, e) -> str:
    prov = f", {e['seller']} keeps 1 gold provision" if e["provision"] else ""
    return f"    {e['hero']} buys {e['name']} for {e['paid']} gold{prov}"


def _reward(s, c, e) -> str:
    got = ", ".join([f"a {col} cube" for col in e["cubes"]] + ([f"{e['gold']} gold"] if e["gold"] else []))
    return f"    reward: {got or 'nothing more'}"


def _cast(s, c, e) -> str:
    h = e["hero"]
    if "trial" in e:
        return f"  {h} casts {e['name']}: {e['trial']}"
    return f"  {h} casts {e['name']}" + (": next trial with more dice" if e.get("primed") else
                                          f": {e['natural']} of {e['natural_max']} natural hit points")


def _won(s, c, e) -> str:
    got = ", ".join([f"a {col} cube" for col in e["cubes"]] + ([f"{e['gold']} gold"] if e["gold"] else [])) or "nothing"
    return f"  {e['hero']} defeats {e['name']}: {got}"


def _juggler(s, c, e) -> str:
    got = f"a {e['cube']} cube" if "cube" in e else ("another gold stolen" if "stolen" in e else "nothing")
    return f"    the Juggler: {rolled(e['roll'])}, {got}"


def _healed(s, c, e) -> str:
    return f"    rolls {rolled(e['roll'])}: " + (f"{count(e['healed'], 'hit point')} healed" if e["healed"] else "no healing")


def _fight_words(a: dict) -> str:
    return f"{a['do']} {a['target']} {a['skill']}" + (f" with {a['spell']}" if a.get("spell") else "")


# -- the moves ------------------------------------------------------------------------------------------------------

def _call(rule, *keys: str, choice: bool = False):
    """apply: ``rule(ctx, hero, action[key]...)`` (and the player's choices, where it takes them)."""
    if choice:
        return lambda ctx, a, hero, ch: rule(ctx, hero, *(a[k] for k in keys), ch)
    return lambda ctx, a, hero, ch: rule(ctx, hero, *(a[k] for k in keys))


MOVES = Moves([
    Move("move", "step to a field along a route (a hidden field is searched)", (FIELD,), _call(moves.step, "to"),
         slots=indices.numbered("move", MOVE_SLOTS),
         slot=lambda ctx, a, memo: indices.kth("move", _steps(ctx, memo), a["to"], MOVE_SLOTS)),
    Move("jump", "the Boots of Jumping: exactly 4 fields along the routes", (FIELD,), _call(jumps.jump, "to"),
         when="with the Boots of Jumping, at the start of his movement", slots=indices.numbered("jump", JUMP_SLOTS),
         slot=lambda ctx, a, memo: indices.kth("jump", indices.seen(memo, "landings", lambda: jumps.targets(ctx, indices.actor(ctx))),
                                               a["to"], JUMP_SLOTS),
         tells={"jump": lambda s, c, e: f"  {e['hero']} jumps {JUMP_WORDS} with the Boots of Jumping ({e['why']})"}),
    Move("vision", "cast Vision: look at the covered counter on a tan field next to you",
         (Param("item", "item", shown=False), FIELD), _call(spells.vision, "item", "to"), typed=("to", "item"),
         words=lambda a: f"vision {a['to']}", when="with Vision, next to a tan field with a covered counter, movement left",
         slots=indices.numbered("vision", MOVE_SLOTS),
         slot=lambda ctx, a, memo: indices.kth("vision", _steps(ctx, memo), a["to"], MOVE_SLOTS),
         tells={"vision": lambda s, c, e: f"  {e['hero']} casts Vision on {e['at']}: {e['trial']}",
                "looked": lambda s, c, e: (f"    {e['hero']} looks at the covered "
                                           f"{'counter' if len(e['names']) == 1 else 'counters'} on {e['at']}: "
                                           f"{listing(e['names'])} ({e['why']})")}),
    Move("draw", "draw the counter you owe from the bag", apply=_call(spells.draw),
         when="when he owes a draw from the bag and carries Clairvoyance"),
    Move("clairvoyance", "cast Clairvoyance: pick that open counter from the bag instead",
         (Param("item", "item", shown=False), COUNTER), _call(spells.clairvoyance, "item", "target"),
         typed=("target", "item"), words=lambda a: f"clairvoyance {a['target']}",
         when="when he owes a draw from the bag and carries Clairvoyance", slots=indices.numbered("clairvoyance", PICK_SLOTS),
         slot=lambda ctx, a, memo: indices.kth("clairvoyance", indices.seen(memo, "picks", lambda: draws.pickable(ctx)), a["target"],
                                               PICK_SLOTS),
         tells={"clairvoyance": lambda s, c, e: (f"  {e['hero']} casts Clairvoyance to pick {e['name']}: {e['trial']}"
                                                 + ("" if e["success"] else ", so he draws"))}),
    Move("spell", "the Mage: a spell from the City of the Mages instead of his starting gold", (ITEM,),
         _call(spells.spell_for_gold, "item"), words=lambda a: f"spell {a['item']} (for the starting gold)",
         when="the Mage, on his first turn before anything else", slots=indices.numbered("spell", SPELL_SLOTS),
         slot=lambda ctx, a, memo: indices.kth("spell", indices.seen(memo, "gifts", lambda: spells.gold_spells(ctx, indices.actor(ctx))),
                                               a["item"], SPELL_SLOTS),
         tells={"spell_for_gold": lambda s, c, e: (f"  {e['hero']} forfeits his {e['gold']} starting gold and takes the "
                                                   f"spell {e['name']} from the City of the Mages")}),
    Move("fight", "fight a creature with magic, ranged or close", (COUNTER, SKILL, WITH),
         _acting(lambda ctx, a, hero, ch: fights.fight(ctx, hero, a["target"], a["skill"], {**ch, "spell": a.get("spell")})),
         words=_fight_words, when="when he faces a creature", slots=indices.skilled("fight", "lightning"), slot=_by_spell("fight"),
         tells={"fight": lambda s, c, e: (f"  {e['hero']} fights {e['name']} with {SKILL_WORD[e['skill']]}: {e['trial']} - "
                                          f"{'won' if e['won'] else 'lost'}"), "won": _won}),
    Move("try", "an encounter's trial (the scroll beings, the Keeper)", (COUNTER, SKILL),
         _acting(lambda ctx, a, hero, ch: fights.try_encounter(ctx, hero, a["target"], a["skill"], ch)),
         words=_fight_words, when="at an encounter that asks for a trial", slots=indices.skilled("try"),
         slot=lambda ctx, a, memo: f"try {a['skill']}",
         tells={"trial": lambda s, c, e: (f"  {e['hero']} tries {e['name']} with {SKILL_WORD[e['skill']]}: {e['trial']} - "
                                          f"{'won' if e['won'] else 'not this time'}")}),
    Move("use", "use an encounter (Cerberos: the skill to train)", (COUNTER, Param("skill", "skill", optional=True,
                                                                                   choices=SKILLS)),
         lambda ctx, a, hero, ch: actions.use(ctx, hero, a["target"], {**ch, "skill": a.get("skill")}),
         when="at an encounter", slots=("use",) + indices.skilled("use"),
         slot=lambda ctx, a, memo: f"use {a['skill']}" if a.get("skill") else "use",
         tells={"encounter": lambda s, c, e: f"  {e['hero']} visits {e['name']}", "herbalist": _healed, "healer": _healed,
                "juggler": _juggler,
                "trained": lambda s, c, e: (f"    Cerberos trains {SKILL_WORD[e['skill']]} to {e['value']} for a hit point "
                                            f"and a cube; {e['hero']} wakes on {e['to']}")}),
    Move("hide", "the Halfling hides from the creature (1-3)", (Param("target", "counter", shown=False),), _hide,
         when="the Halfling, when a creature stops him",
         tells={"hide": lambda s, c, e: (f"  {e['hero']} tries to hide from {name(s, c, e['counter'])}: "
                                         f"{rolled(e['roll'])}, " + ("hidden, may move on" if e["hidden"] else
                                                                     "seen: must fight"))}),
    Move("search", "search again for the hidden route", apply=_call(moves.search_again),
         when="between two fields, at the start of his turn"),
    Move("teleport", "roll the teleporter (S3-S6, or away from the dump)",
         apply=lambda ctx, a, hero, ch: moves.teleport(ctx, hero, ch.get("pick")), shows=("pick",),
         when="on a teleporter he has just entered, or at the start of a turn on the Garbage Dump",
         tells={"teleport": lambda s, c, e: f"  {e['hero']} rolls the teleporter: {rolled(e['roll'])}, takes {e['picked']}"}),
    Move("roll", "the Labyrinth's die on entering a corner", apply=_call(moves.labyrinth_roll),
         when="on a corner of the Labyrinth he has just entered"),
    Move("rummage", "roll in the garbage dump", apply=_call(moves.rummage), when="on the Garbage Dump, once a turn",
         tells={"rummage": lambda s, c, e: (f"  {e['hero']} rummages in the garbage dump: {rolled(e['roll'])}"
                                            + (", something glints" if e["found"] else ", nothing"))}),
    Move("rappel", "the Rope: from V1 into the lair", apply=_call(moves.rappel, choice=True),
         when="with the Rope, on the Rope Point, the Dragon in his lair",
         tells={"rappel": lambda s, c, e: f"  {e['hero']} rappels down the Rope into the lair"}),
    Move("ferry", "Orchan takes you to the Isle or back", apply=_acting(_call(moves.ferry)),
         when="beside Orchan or on the Isle's landing, with his gold",
         tells={"ferry": lambda s, c, e: f"  Orchan ferries {e['hero']} to {e['to']} for {e['paid']} gold"}),
    Move("pegasus", "fly to a tan field", (FIELD,), _call(moves.pegasus, "to"), when="with Pegasus, not in a Storm",
         numbered=False, slots=(), slot=indices.no_slot,
         tells={"pegasus": lambda s, c, e: f"  Pegasus carries {e['hero']} to {e['to']} and flies home to the City"}),
    Move("forge", "the loremaster makes your weapon", (COUNTER,), _acting(_call(fights.forge, "target")),
         when="at a loremaster, with the scroll and the material",
         tells={"forged": lambda s, c, e: (f"  {e['name']} makes {e['back_name']} for {e['hero']} from "
                                           f"{', '.join(name(s, c, i) for i in e['spent'])}")}),
    Move("take", "pick up an artifact", (COUNTER,), _call(actions.take, "target"),
         when="on a field with an artifact he sees, a tray free",
         tells={"taken": lambda s, c, e: f"  {e['hero']} takes {e['name']}"}),
    Move("drop", "drop an artifact", (ITEM,), _call(actions.drop, "item"), when="carrying an artifact, movement over",
         slots=indices.numbered("drop", ITEM_SLOTS),
         slot=lambda ctx, a, memo: indices.kth("drop", indices.items(ctx, memo), a["item"], 99),
         tells={"dropped": lambda s, c, e: f"  {e['hero']} drops {e['name']} ({e['to']})"}),
    Move("take_task", "take up a task", (COUNTER,), _call(actions.take_task, "target"),
         when="on a field with a task, fewer than four held",
         tells={"task_taken": lambda s, c, e: f"  {e['hero']} takes up the task {e['name']}"}),
    Move("drop_task", "lay a task down here", (TASK,), _call(family_actions.drop_task, "task"),
         when="on a field with a task, holding four: one is laid down to take up another",
         tells={"task_dropped": lambda s, c, e: (f"  {e['hero']} lays down the task {name(s, c, e['counter'])} "
                                                 f"on {e['at']}")}),
    Move("fulfil", "fulfil a task", (TASK,), _call(actions.fulfil, "task", choice=True), when="when a held task is done",
         tells={"fulfilled": lambda s, c, e: f"  {e['hero']} fulfils {e['name']} (level {e['level']})",
                "reward": _reward}),
    Move("deliver", "deliver an artifact where it is wanted", (ITEM,), _call(actions.deliver, "item"),
         when="where a carried artifact is wanted",
         tells={"delivered": lambda s, c, e: f"  {e['hero']} delivers {e['name']}: {e['back_name']}"}),
    Move("market", "call a market in the City of the Mages", apply=_call(actions.market),
         when="in the City of the Mages, once a turn",
         tells={"market": lambda s, c, e: (f"  {e['hero']} calls a market in the City of the Mages: "
                                           f"{', '.join(e['names']) or 'nothing left'}")}),
    Move("buy", "buy from the market", (ITEM, Param("for", "hero", "HERO", keyword="for", optional=True, default=ACTOR)),
         _call(actions.buy, "item", "for"), words=lambda a: f"buy {a['item']} for {a['for']}",
         when="while a market is open, with the gold", slots=indices.numbered("buy", ITEM_SLOTS),
         slot=lambda ctx, a, memo: (indices.kth("buy", ctx.s.offer, a["item"], 99) if a["for"] == indices.actor(ctx) else None),
         tells={"bought": _bought}),
    Move("close", "close the market", apply=_call(family_actions.close), when="while a market is open",
         tells={"market_closed": lambda s, c, e: f"    the market closes; {count(e['unsold'], 'counter')} back to the City's pile"}),
    Move("drink", "drink the Healing Potion", (ITEM,), _call(actions.drink, "item"), when="with the Healing Potion, hurt",
         tells={"drank": lambda s, c, e: f"  {e['hero']} drinks the Healing Potion: {count(e['healed'], 'hit point')}"}),
    Move("cast", "cast a spell", (ITEM,), _call(spells.cast, "item"), when="with a spell to cast", tells={"cast": _cast}),
    Move("pray", "the Paladin heals himself", apply=_call(actions.pray),
         when="the Paladin, hurt, on a field with no counter, nothing else done",
         tells={"prayed": lambda s, c, e: (f"  {e['hero']} prays: {rolled(e['roll'])}, "
                                           f"{count(e['healed'], 'hit point')}")}),
    Move("rest", "sit out the turn at the manor", apply=_call(family_actions.rest), when="at his manor, hurt, at the start of his turn",
         tells={"rested": lambda s, c, e: f"  {e['hero']} sits out the turn at his manor: {count(e['healed'], 'hit point')}"}),
    Move("repair", "sit out the turn at the Smithy", apply=_call(actions.repair),
         when="at the Smithy with damaged armour, at the start of his turn",
         tells={"repaired": lambda s, c, e: (f"  the Smithy repairs {name(s, c, e['counter'])}: "
                                             f"{count(e['left'], 'hit point')} on it")}),
    Move("place", "put the counter you drew there", (Param("target", "counter", shown=False), FIELD),
         lambda ctx, a, hero, ch: place_by_player(ctx, a["to"]), typed=("to", "target"), numbered=False, slots=(),
         slot=indices.no_slot, when="when the scenario leaves the drawn counters to the players"),
    Move("steer", "move the confused hero there", (Param("hero", "hero", typed=False), FIELD), _steer, numbered=False,
         slots=(), slot=indices.no_slot, when="when the scenario leaves the confused hero to the player on his left"),
    Move("defend", "the Dragon attacks you: the trial of your choice at -3 (magic, ranged, close), or cast Lightning first",
         (Param("skill", "skill", choices=SKILLS), WITH), _answer_attack, usage="SKILL|with SPELL",
         words=lambda a: f"defend with {a['spell']}" if a.get("spell") else f"defend {a['skill']}",
         when="when the Dragon attacks him", slots=indices.skilled("defend", "lightning"), slot=_by_spell("defend")),
    Move("lose", "the artifact of your choice the Dragon destroys", (ITEM,), _answer_attack,
         when="when the Dragon destroys one of his artifacts", slots=indices.numbered("lose", ITEM_SLOTS),
         slot=lambda ctx, a, memo: indices.kth("lose", indices.items(ctx, memo), a["item"], 99)),
    Move("end", "end the turn", apply=lambda ctx, a, hero, ch: turns.end_turn(ctx)),
], CHOICES, numbering=("end", "move", "fight", "hide", "search", "teleport", "roll", "rummage", "rappel", "ferry",
                       "forge", "take_task", "fulfil", "take", "deliver", "market", "close", "drink", "cast", "pray",
                       "rest", "repair", "drop_task", "draw", "try", "use", "buy", "drop", "jump", "vision",
                       "clairvoyance", "spell", "defend", "lose"), listing=lambda ctx: legal(ctx))
M = MOVES.moves


# -- what may be done now, in the order of a turn --------------------------------------------------------------

def legal(ctx: Ctx, hero: str | None = None) -> list[dict]:
    """What the hero to act may do now (``hero``: another game's turn played by these rules - a
    combined game's rival)."""
    s, c = ctx.s, ctx.c
    hero = hero or turns.current(s)
    if hero is None:
        return []
    if s.pending:
        return _pending(ctx)
    t = s.turn
    hs = s.at[hero]
    if s.offer:
        return _offer(ctx, hero)
    end = [M["end"]()]
    if t.phase == "over":
        return end
    if t.combat:
        opts = _fights(ctx, hero, t.combat)
        if c.heroes[hero].ability == "hide" and t.phase == "move" and not moves.has_effect(ctx, hero, "camel"):
            opts.append(M["hide"](t.combat))
        return opts
    if hs.between:
        opts = [M["search"]()] if t.fresh else []
        return opts + _pray(ctx, hero) + ([] if t.fresh else end)
    opts = _movement(ctx, hero) if t.phase == "move" else []
    return opts + _actions(ctx, hero) + _spells(ctx, hero) + end


def _pending(ctx: Ctx) -> list[dict]:
    s = ctx.s
    hero = s.pending["hero"]
    if "place" in s.pending:
        return [M["place"](s.pending["place"], f) for f in draws.candidate_fields(ctx, hero)]
    if "draw" in s.pending:
        spell = draws.clairvoyant(ctx, hero)
        return [M["draw"]()] + ([M["clairvoyance"](spell, i) for i in draws.pickable(ctx)] if spell else [])
    if "attack" in s.pending:
        if s.pending.get("stage") == "lose":
            return [M["lose"](inst) for inst in events.destroyable(ctx, hero)]
        bolt = events.lightning(ctx, hero)
        return [M["defend"](sk) for sk in SKILLS] + ([M["defend"](spell=bolt)] if bolt else [])
    confused = s.pending["steer"]
    return [M["steer"](confused, f) for f in moves.steer_fields(ctx, confused)]


def _offer(ctx: Ctx, hero: str) -> list[dict]:
    s = ctx.s
    opts = []
    for inst in s.offer:
        cost = actions.price(ctx, inst)
        for buyer in s.heroes:
            sheet = s.sheets[buyer]
            if not s.at[buyer].out and life.gold(ctx, buyer) >= cost and len(sheet.items) < sheet.item_slots:
                opts.append(M["buy"](inst, buyer))
    return opts + [M["close"]()]


def _fights(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    opts = [M["fight"](inst, sk) for sk in fights.fight_skills(ctx, inst, hero)]
    spec = counter(ctx.c, inst)
    bolt = moves.has_effect(ctx, hero, "lightning")
    if bolt and "blue" not in dict(spec.dots) and spec.effect not in ("dragon_man", "doppelganger"):
        opts.append(M["fight"](inst, "magic", bolt))
    return opts


def _movement(ctx: Ctx, hero: str) -> list[dict]:
    s, c = ctx.s, ctx.c
    t = s.turn
    hs = s.at[hero]
    here = c.board.field(hs.field)
    opts: list[dict] = []
    if t.fresh:
        if hs.field == hs.manor and s.sheets[hero].natural < s.sheets[hero].natural_max:
            opts.append(M["rest"]())
        if here.feature == "smithy" and actions.damaged_armour(ctx, hero):
            opts.append(M["repair"]())
        if here.feature == "dump":
            opts.append(M["teleport"]())
    if t.mp >= 1:
        opts += [M["move"](f) for f in moves.step_targets(ctx, hero)]
    opts += [M["jump"](f) for f in jumps.targets(ctx, hero)]
    if t.entered == hs.field and here.feature == "teleporter":
        opts.append(M["teleport"]())
    if t.entered == hs.field and here.feature == "corner" and not moves.has_effect(ctx, hero, "labyrinth_map"):
        opts.append(M["roll"]())
    if t.entered == hs.field and here.feature == "dump" and not t.rummaged:
        opts.append(M["rummage"]())
    if here.feature == "rope_point" and moves.has_effect(ctx, hero, "rope") and s.dragon in ("lair", "victorious"):
        opts.append(M["rappel"]())
    if moves.has_effect(ctx, hero, "pegasus") and not s.storm:
        opts += [M["pegasus"](f) for f in moves.pegasus_fields(ctx) if f != hs.field]
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
                opts.append(M["take"](inst))
            continue
        if spec.border == "blue" and spec.task is not None:
            if len(sheet.tasks) < sheet.task_slots:
                opts.append(M["take_task"](inst))
            else:
                opts += [M["drop_task"](held) for held in sheet.tasks]
            continue
        if spec.border != "green" or inst in t.used:
            continue
        if spec.effect == "trial":
            opts += [M["try"](inst, sk) for sk in fights.fight_skills(ctx, inst)]
        elif spec.effect in ("herbalist", "juggler") and life.gold(ctx, hero) >= 1:
            opts.append(M["use"](inst))
        elif spec.effect == "healer":
            opts.append(M["use"](inst))
        elif spec.effect == "cerberos" and actions.cerberos_ok(ctx, hero):
            opts += [M["use"](inst, sk) for sk in SKILLS if sheet.skills[sk] < SKILL_MAX]
        elif spec.effect == "loremaster" and all(carries(s, c, hero, a) for a in spec.needs):
            opts.append(M["forge"](inst))
    trip = moves.ferry_to(ctx, hero)
    if trip is not None and life.gold(ctx, hero) >= trip[1] and not any(counter(c, u).effect == "orchan" for u in t.used):
        opts.append(M["ferry"]())
    opts += [M["fulfil"](task) for task in sheet.tasks if actions.task_done(ctx, hero, task)]
    opts += [M["deliver"](item.id) for item in sheet.items if actions.deliver_here(ctx, hero, item.id)]
    if c.board.field(hs.field).feature == "city" and not t.market and s.market:
        opts.append(M["market"]())
    for item in sheet.items:
        a = artifact(s, c, item.id)
        if a is not None and a.effect == "healing_potion" and sheet.natural < sheet.natural_max:
            opts.append(M["drink"](item.id))
    opts += [M["drop"](item.id) for item in sheet.items]
    return opts + _pray(ctx, hero)


def _pray(ctx: Ctx, hero: str) -> list[dict]:
    s, c = ctx.s, ctx.c
    hs = s.at[hero]
    sheet = s.sheets[hero]
    if c.heroes[hero].ability != "self_heal" or s.turn.acted or sheet.natural >= sheet.natural_max:
        return []
    if not hs.between and s.board.get(hs.field):
        return []
    return [M["pray"]()]


def _spells(ctx: Ctx, hero: str) -> list[dict]:
    s, c = ctx.s, ctx.c
    opts = [M["spell"](i) for i in spells.gold_spells(ctx, hero)]
    vision = moves.has_effect(ctx, hero, "vision")
    opts += [M["vision"](vision, f) for f in spells.vision_fields(ctx, hero)]
    for item in s.sheets[hero].items:
        a = artifact(s, c, item.id)
        if a is None:
            continue
        if a.effect == "strength" or (a.effect in ("experience", "great_experience") and not s.at[hero].primed) \
                or (a.effect == "invisibility" and not s.turn.invisible):
            opts.append(M["cast"](item.id))
    return opts


# -- doing it ------------------------------------------------------------------------------------------------------

def apply(ctx: Ctx, action: dict) -> list[dict]:
    """One legal action (RulesError, nothing changed, for one that is not legal now)."""
    return family_verbs.apply(MOVES, ctx, action, legal(ctx), turns.current(ctx.s))


def tell(s, c, e: dict) -> str | None:
    """The line of an event a move tells (None: not one of theirs)."""
    return family_verbs.tell(MOVES, s, c, e)

