"""Every action a hero's player may take in Return of the Heroes, each defined once
(``overlord.core.moves``): its words and what it names, its help line and when it is possible, how
its legal instances are listed, how it is applied, how it is worded, the events only it tells, and
its indices for learning agents. The legal actions (:func:`legal`), the table's help and parsing,
the words of an action and the PettingZoo numbering all come from :data:`MOVES`.

"Every turn has two phases: Phase 1: Movement. Phase 2: Actions - Combat (only once per turn) -
Exploit encounter and/or fulfill task and/or pick up object and/or complete heroic deed. Actions
always end movement." (Return of the Heroes, Actions.) :func:`legal` lists what may be done now in
that order - a pending choice, a market on offer, the creature that must be fought, halfway on a
hidden path, then movement and the actions - so the options keep the order the players know. The
player's choices the rules leave open ride along as ``word=value`` (:data:`CHOICES`: ``cubes`` the
reward's colours, ``lose`` where a lost hit point comes from, ``keep`` what a dead hero bequeaths);
a documented default decides without them.
"""

from __future__ import annotations

from overlord.core.moves import ACTOR, Move, Moves, Param
from overlord.games.heroes import indices, verbs as family_verbs
from overlord.games.heroes.draws import place_by_player
from overlord.games.heroes.sheet import SKILLS
from overlord.games.heroes.words import SKILL_WORD, rolled

from . import actions, deeds, draws, fights, moves, places, turns
from .content import DOT_SKILL
from .state import Ctx, name, sees
from ...view.words import count

MOVE_SLOTS, ITEM_SLOTS, TASK_SLOTS, PICK_SLOTS = 8, 4, 4, 12

#: the player's own choices, typed as word=value after any command
CHOICES = (Param("cubes", "words"), Param("lose", "word"), Param("keep", "word"))

FIELD = Param("to", "field", "FIELD")
COUNTER = Param("target", "counter", "COUNTER")
ITEM = Param("item", "item", "ITEM")
TASK = Param("task", "task", "TASK")
SKILL = Param("skill", "skill", "SKILL", choices=SKILLS)
DEED = Param("deed", "card", "DEED")


# -- the indices for learning agents ---------------------------------------------------------------------------

def _steps(ctx: Ctx, memo: dict) -> list[str]:
    return indices.steps(ctx, memo, moves.step_targets)


def _tasks(ctx: Ctx, memo: dict) -> list[str]:
    return indices.seen(memo, "tasks", lambda: list(ctx.s.sheets[indices.actor(ctx)].tasks) if indices.actor(ctx) else [])


def _here(ctx: Ctx, memo: dict) -> list[str]:
    return indices.seen(memo, "here", lambda: actions.here(ctx, indices.actor(ctx)) if indices.actor(ctx) else [])


# -- words -------------------------------------------------------------------------------------------------------

#: a counter the hero does not see, as he is told of it: whose it is, never what it is ("The other players
#: simply must ignore it", Return of the Heroes, Counters)
UNSEEN = {"deed": "part of another hero's heroic deed", "task": "part of another hero's task"}


def _cubes(e: dict) -> str:
    got = [f"a {col} cube" for col in e.get("cubes", [])] + ([f"{e['gold']} gold"] if e.get("gold") else [])
    return ", ".join(got) or "nothing more"


def _fight_words(a: dict) -> str:
    return f"{a['do']} {a['target']} {a['skill']}"


def _deed_words(s, c, e) -> str:
    what = f"part {e['part']} of {e['parts']}" + (": the deed is fulfilled, a precious stone" if e.get("stone") else "")
    return f"  {e['hero']} does {e['name']}, {what} ({_cubes(e)})"


# -- applying ------------------------------------------------------------------------------------------------------

def _call(rule, *keys: str, choice: bool = False):
    """apply: ``rule(ctx, hero, action[key]...)`` (and the player's choices, where it takes them)."""
    if choice:
        return lambda ctx, a, hero, ch: rule(ctx, hero, *(a[k] for k in keys), ch)
    return lambda ctx, a, hero, ch: rule(ctx, hero, *(a[k] for k in keys))


def _fight(ctx: Ctx, a: dict, hero: str, ch: dict) -> list[dict]:
    return fights.fight(ctx, hero, a["target"], a["skill"], ch.get("cubes"), ch.get("lose"), ch.get("keep"))


def _battle(ctx: Ctx, a: dict, hero: str, ch: dict) -> list[dict]:
    return fights.final_battle(ctx, hero, a["skill"], ch.get("lose"), ch.get("keep"))


def _end(ctx: Ctx, a: dict, hero: str, ch: dict) -> list[dict]:
    return turns.end_turn(ctx)


MOVES = Moves([
    Move("move", "step to a field along a route (a hidden field is searched; the lake costs a gold piece; the Unknown "
         "Land: north, east, south or west into a region face down)", (FIELD,),
         _call(moves.step, "to"), slots=indices.numbered("move", MOVE_SLOTS),
         slot=lambda ctx, a, memo: indices.kth("move", _steps(ctx, memo), a["to"], MOVE_SLOTS),
         tells={"lake_crossing": lambda s, c, e: f"  {e['hero']} crosses the lake {e['from']} -> {e['to']} ({e['why']})",
                "unnoticed": lambda s, c, e: f"  {e['hero']} ignores a counter on {e['at']}: {UNSEEN[e['kind']]}",
                "passes": lambda s, c, e: f"  {e['hero']} passes {name(s, c, e['counter'])} by ({e['why']})"}),
    Move("search", "search again for the hidden path", apply=_call(moves.search_again),
         when="halfway on a hidden path, at the start of his turn"),
    Move("fly", "fly on the Magic Broomstick to a field", (FIELD,), _call(moves.fly, "to"),
         when="with the Magic Broomstick, movement left", numbered=False, slots=(), slot=indices.no_slot,
         tells={"fly": lambda s, c, e: f"  {e['hero']} flies on the Magic Broomstick {e['from']} -> {e['to']}",
                "broomstick_roll": lambda s, c, e: (f"    the broomstick: {rolled(e['roll'])}"
                                                    + (", it flies home" if e["home"] else "")),
                "broomstick_home": lambda s, c, e: f"    the Magic Broomstick flies home to {e['at']}"}),
    Move("teleport", "step through the teleporter to a tan field", (FIELD,), _call(moves.teleport, "to"),
         when="on the teleporter, once a turn", numbered=False, slots=(), slot=indices.no_slot,
         tells={"teleport": lambda s, c, e: f"  {e['hero']} steps through the teleporter {e['from']} -> {e['to']}"}),
    Move("fight", "fight a creature with magic, ranged or close", (COUNTER, SKILL), _fight, words=_fight_words,
         when="when he faces a creature, once a turn", slots=indices.skilled("fight"),
         slot=lambda ctx, a, memo: f"fight {a['skill']}",
         tells={"fight": lambda s, c, e: (f"  {e['hero']} fights {e['name']} with {SKILL_WORD[e['skill']]}: "
                                          f"{'; '.join(e['trials'])} - {'won' if e['won'] else 'lost'}"),
                "reward": lambda s, c, e: f"    reward: {_cubes(e)}",
                "guard_beaten": lambda s, c, e: f"    the Guard leaves his post {e['at']}: {e['why']}",
                "turned_down": lambda s, c, e: f"    the Servant is turned face down again ({e['why']})",
                "out_of_game": lambda s, c, e: f"    {e['name']} leaves the game ({e['why']})"}),
    Move("battle", "the final battle against the Nameless, trial after trial in one skill", (SKILL,), _battle,
         words=lambda a: f"battle {a['skill']}", when="on the tower, the Nameless before him",
         slots=indices.skilled("battle"), slot=lambda ctx, a, memo: f"battle {a['skill']}",
         tells={"final_battle": lambda s, c, e: (f"  {e['hero']} challenges {e['name']} ({e['life']} hit points) "
                                                 f"with {SKILL_WORD[e['skill']]}"),
                "battle_trial": lambda s, c, e: (f"    {e['trial']} - " + ("a hit" if e["won"] else "he strikes")
                                                 + f" (the Nameless {e['nameless_life']})"),
                "nameless_slain": lambda s, c, e: f"  *** {e['hero']} kills {e['name']}! ***",
                "nameless_won": lambda s, c, e: f"  {e['name']} has won: {e['why']}",
                "guards_reincarnated": lambda s, c, e: "  the Guards are back on their posts"}),
    Move("take_task", "take up a task", (COUNTER,), _call(actions.take_task, "target"),
         when="on a field with a task, fewer than four held",
         tells={"task_taken": lambda s, c, e: f"  {e['hero']} takes up the task {e['name']}"}),
    Move("drop_task", "lay a task down here", (TASK,), _call(actions.drop_task, "task"),
         when="holding four tasks, on a field with another", slots=indices.numbered("drop_task", TASK_SLOTS),
         slot=lambda ctx, a, memo: indices.kth("drop_task", _tasks(ctx, memo), a["task"], TASK_SLOTS),
         tells={"task_dropped": lambda s, c, e: f"  {e['hero']} lays down {name(s, c, e['counter'])} on {e['at']}"}),
    Move("fulfil", "fulfil a task", (TASK,), _call(actions.fulfil, "task", choice=True), when="when a held task is done",
         slots=indices.numbered("fulfil", TASK_SLOTS), slot=lambda ctx, a, memo: indices.kth("fulfil", _tasks(ctx, memo), a["task"],
                                                                                       TASK_SLOTS),
         tells={"fulfilled": lambda s, c, e: f"  {e['hero']} fulfils {e['name']}",
                "trained": lambda s, c, e: (f"    {e['by']} trains {SKILL_WORD[e['skill']]}: {rolled(e['roll'])}, "
                                            f"+{e['gain']} to {e['value']}"),
                "found": lambda s, c, e: f"  {e['hero']} found what {name(s, c, e['task'])} asks for"}),
    Move("take", "pick up an artifact", (COUNTER,), _call(actions.take, "target"),
         when="on a field with an artifact he sees, a square free",
         tells={"taken": lambda s, c, e: f"  {e['hero']} takes {e['name']}"}),
    Move("drop", "drop an artifact", (ITEM,), _call(actions.drop, "item"), when="carrying an artifact",
         slots=indices.numbered("drop", ITEM_SLOTS),
         slot=lambda ctx, a, memo: indices.kth("drop", indices.items(ctx, memo), a["item"], 99),
         tells={"dropped": lambda s, c, e: f"  {e['hero']} drops {e['name']} ({e['to']})"}),
    Move("use", "use an encounter (an instructor, a market, the Fountain, the mice...)", (COUNTER,),
         _call(places.use, "target", choice=True), when="at an encounter, once a turn",
         tells={"encounter": lambda s, c, e: f"  {e['hero']} visits {e['name']}",
                "market": lambda s, c, e: f"  {e['hero']} opens the market: {', '.join(e['names']) or 'nothing left'}",
                "lesson": lambda s, c, e: (f"    a lesson in {SKILL_WORD[e['skill']]} for {e['paid']} gold: {e['trial']} - "
                                           + (f"failed, so learnt: {e['value']}" if e["learnt"] else "passed: nothing learnt")),
                "trial": lambda s, c, e: (f"    {SKILL_WORD[e['skill']]}: {e['trial']} - "
                                          + (f"won: {_cubes(e)}" if e["won"] else "not this time")),
                "asked_the_mice": lambda s, c, e: (f"    {e['hero']} asks the mice ({SKILL_WORD[e['skill']]}: {e['trial']})"
                                                   + (": he may look at the Nameless card" if e["won"] else "")),
                "healed": lambda s, c, e: (f"    {('rolls ' + rolled(e['roll']) + ': ') if e.get('roll') else ''}"
                                           f"{count(e['healed'], 'hit point')} restored")}),
    Move("deed", "do the next part of a heroic deed here", (DEED,), _call(deeds.do_part, "deed", choice=True),
         when="where the next part of his heroic deed is done", slots=("deed",), slot=lambda ctx, a, memo: "deed",
         tells={"deed_part": _deed_words,
                "nameless_enters": lambda s, c, e: "  the Nameless comes into the bag",
                "deed_chosen": lambda s, c, e: f"  {e['hero']} has chosen {c.deeds[e['deed']].name}"}),
    Move("recover", "take back what you left where you died", (Param("thing", "item", "THING"),),
         _call(deeds.recover, "thing"), when="where he died, his deed's counters or the stone lying there",
         tells={"deed_recovered": lambda s, c, e: (f"  {e['hero']} takes back "
                                                   + ("the precious stone" if e["thing"] == deeds.STONE
                                                      else name(s, c, e["thing"])) + f" on {e['at']}")}),
    Move("pick", "pick a heroic deed at the royal court", (DEED,), _call(deeds.pick, "deed"),
         when="Option 2: at the royal court, once a turn, fewer than two deeds", slots=indices.numbered("pick", PICK_SLOTS),
         slot=lambda ctx, a, memo: indices.kth("pick", sorted(ctx.c.deeds), a["deed"], PICK_SLOTS),
         tells={"deed_picked": lambda s, c, e: f"  {e['hero']} picks the heroic deed {e['name']} at the royal court"}),
    Move("buy", "buy from the market", (ITEM, Param("for", "hero", "HERO", keyword="for", optional=True, default=ACTOR)),
         _call(actions.buy, "item", "for"), words=lambda a: f"buy {a['item']} for {a['for']}",
         when="while a market is open, with the gold", slots=indices.numbered("buy", 6),
         slot=lambda ctx, a, memo: (indices.kth("buy", ctx.s.offer, a["item"], 6) if a["for"] == indices.actor(ctx) else None),
         tells={"bought": lambda s, c, e: (f"    {e['hero']} buys {e['name']} for {e['paid']} gold"
                                           + (f", {e['seller']} keeps 1 gold provision" if e["provision"] else ""))}),
    Move("close", "close the market", apply=_call(actions.close), when="while a market is open",
         tells={"market_closed": lambda s, c, e: f"    the market closes; {count(e['unsold'], 'counter')} back to the pile"}),
    Move("drink", "drink from the Healing Potion", (ITEM,), _call(actions.drink, "item"), when="with the potion, hurt",
         tells={"drank": lambda s, c, e: (f"  {e['hero']} drinks from the Healing Potion: "
                                          f"{count(e['healed'], 'hit point')}, {e['left']} left")}),
    Move("rest", "sit out the turn (his manor: every hit point; the Temple, the White Village: one)",
         apply=_call(actions.rest), when="hurt, at his manor, the Temple or the White Village, at the start of his turn",
         tells={"rested": lambda s, c, e: f"  {e['hero']} sits out the turn: {count(e['healed'], 'hit point')}"}),
    Move("place", "put the counter you drew there", (Param("target", "counter", shown=False), FIELD),
         lambda ctx, a, hero, ch: place_by_player(ctx, a["to"]), typed=("to", "target"), numbered=False, slots=(),
         words=lambda a: f"place {a['to']}",
         slot=indices.no_slot, when="when the scenario leaves the drawn counters to the players"),
    Move("end", "end the turn", apply=_end),
], CHOICES, listing=lambda ctx: legal(ctx))
M = MOVES.moves


# -- what may be done now, in the order of a turn --------------------------------------------------------------

def legal(ctx: Ctx, hero: str | None = None) -> list[dict]:
    """What the hero to act may do now (``hero``: a rival whose turn the program plays)."""
    s = ctx.s
    hero = hero or turns.current(s)
    if hero is None:
        return []
    if s.pending:
        return [M["place"](s.pending["place"], f) for f in draws.candidate_fields(ctx, hero)]
    t = s.turn
    if s.offer:
        return _offer(ctx)
    end = [M["end"]()]
    if t.phase == "over":
        return end
    if t.combat:
        return _fights(ctx, hero, t.combat)
    if s.at[hero].between:
        return [M["search"]()] if moves.can_search_again(ctx, hero) else end
    opts = _movement(ctx, hero)
    return opts + _actions(ctx, hero) + end


def _offer(ctx: Ctx) -> list[dict]:
    s = ctx.s
    return [M["buy"](inst, buyer) for inst in s.offer for buyer in actions.buyers(ctx, inst)] + [M["close"]()]


def _fights(ctx: Ctx, hero: str, inst: str) -> list[dict]:
    spec = ctx.c.spec(inst)
    if spec.effect == "nameless":
        card = ctx.c.nameless[ctx.s.nameless_card]
        return [M["battle"](DOT_SKILL[dot]) for dot in card.dots]
    return [M["fight"](inst, sk) for sk in fights.skills_for(ctx, hero, inst)]


def _movement(ctx: Ctx, hero: str) -> list[dict]:
    t = ctx.s.turn
    opts: list[dict] = []
    if t.fresh and actions.can_rest(ctx, hero):
        opts.append(M["rest"]())
    opts += [M["move"](f) for f in moves.step_targets(ctx, hero)]
    opts += [M["fly"](f) for f in moves.fly_targets(ctx, hero)]
    return opts


def _foes(ctx: Ctx, hero: str) -> list[str]:
    """The creatures on his field he may fight now ("Combat (only once per turn)")."""
    s, c = ctx.s, ctx.c
    if s.turn.fought:
        return []
    out = []
    for inst in s.board.get(s.at[hero].field, []):
        if inst not in c.instances or not moves.is_creature(ctx, hero, inst) or c.spec(inst).effect == "nameless":
            continue
        if c.spec(inst).effect == "guard" and not s.at[hero].stone:
            continue
        if deeds.can_fight(ctx, hero, inst) and sees(s, c, hero, inst):
            out.append(inst)
    return out


def _actions(ctx: Ctx, hero: str) -> list[dict]:
    s = ctx.s
    sheet = s.sheets[hero]
    opts = [o for f in _foes(ctx, hero) for o in _fights(ctx, hero, f)]
    tasks_here = actions.task_targets(ctx, hero)
    opts += [M["take_task"](i) for i in tasks_here]
    if len(sheet.tasks) >= sheet.task_slots and any(i in ctx.c.instances and ctx.c.spec(i).task is not None
                                                     for i in actions.here(ctx, hero)):
        opts += [M["drop_task"](t) for t in sheet.tasks]
    opts += [M["fulfil"](t) for t in sheet.tasks if actions.fulfil_problem(ctx, hero, t) is None]
    opts += [M["deed"](d) for d, _ in deeds.parts_here(ctx, hero)]
    opts += [M["take"](i) for i in actions.take_targets(ctx, hero)]
    opts += [M["use"](i) for i in places.usable(ctx, hero)]
    opts += [M["teleport"](f) for f in moves.teleport_targets(ctx, hero)]
    opts += [M["recover"](x) for x in deeds.recoverable(ctx, hero)]
    opts += [M["pick"](d) for d in deeds.court_deeds(ctx, hero)]
    opts += [M["drink"](i) for i in actions.potions(ctx, hero)]
    opts += [M["drop"](i.id) for i in sheet.items]
    return opts


# -- doing it ------------------------------------------------------------------------------------------------------

def apply(ctx: Ctx, action: dict, hero: str | None = None) -> list[dict]:
    """One legal action (RulesError, nothing changed, for one that is not legal now); ``hero``: a
    rival whose turn the program plays."""
    return family_verbs.apply(MOVES, ctx, action, legal(ctx, hero), hero or turns.current(ctx.s))


def tell(s, c, e: dict) -> str | None:
    """The line of an event a move tells (None: not one of theirs)."""
    return family_verbs.tell(MOVES, s, c, e)
