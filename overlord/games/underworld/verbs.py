"""Every action a hero's player may take in Heroes in the Underworld, each defined once
(``overlord.core.moves``): its words and what it names, its help line, how it is applied and how it
is worded; and how its legal instances are listed, in the order of a turn (:func:`legal`, the
moves' ``listing``). The table's help (``table.HELP``), the legal actions
(``engine.legal_actions``), the words of an action (``engine.describe``) and applying one
(``engine.act``) come from :data:`MOVES`.

HitU "Course of Play": "1. extend the Underworld, 2. movement, 3. actions". :func:`legal` lists
what the active hero may do in the phase he is in, in a stable order (the PettingZoo numbering,
``agents``, is the i-th of that list).
"""

from __future__ import annotations

from ...core.moves import Move, Moves, Param
from ...view.words import count
from ..heroes.sheet import SKILLS
from . import battle, combat, damned, places, tiles, treasure
from .duels import duel_problem
from .context import UnderworldContext
from .duels import duel
from .items import discard_item, drink
from .markers import draw_adventure, enemies_on, face_down_on, reveal
from .state import counters_on, kind_of
from ...core.game import hidden_draw
from ..heroes.sheet import RulesError as SheetRulesError, shadow_cubes
from .handling import check_acting, used_this_turn

COLOURS = ("red", "green", "blue")
PLACES = ("styx", "lethe", "hades")
#: the moves of each phase of a turn before Phase 3, in the order they are listed
PHASES = {"extend": ("extend", "skip_extend"), "orient": ("orient",), "move": ("step", "stop")}
#: Phase 3's moves in the order they are listed (after the enemies a hero must fight; then ``end``)
ACTING = ("fight", "encounter", "accept", "fulfil", "use", "drink", "discard", "duel", "attack_damned")


# -- Phase 1: extending the Underworld ---------------------------------------------------------------

def _extend_legal(ctx: UnderworldContext) -> list[dict]:
    s = ctx.state
    here = s.map.heroes[ctx.hero]
    return [EXTEND(i, side) for i, stack in enumerate(s.map.stacks) if stack for side in tiles.can_place(s.map, here)]


def _extend(ctx: UnderworldContext, a: dict, kw: dict) -> None:
    s, hero = ctx.state, ctx.hero
    spec = tiles.top_tile(s.map, a["stack"])
    ctx.log(hidden_draw({"event": "tile_drawn", "hero": hero, "tile": spec.id, "stack": a["stack"],
                         "arrow": bool(spec.arrow), "why": "Phase 1: the top tile of the stack"}))
    if spec.arrow:
        place(ctx, a["stack"], a["side"], 0)
    else:
        s.turn.phase = "orient"
        s.turn.pending_tile = [a["stack"], a["side"]]


def _orient_legal(ctx: UnderworldContext) -> list[dict]:
    s = ctx.state
    stack, _side = s.turn.pending_tile
    spec = tiles.top_tile(s.map, stack)
    seen, out = set(), []
    for t in range(4):
        exits = tiles.rotate(spec.exits, t)
        if exits not in seen:
            seen.add(exits)
            out.append(ORIENT(t, exits))
    return out


def _orient(ctx: UnderworldContext, a: dict, kw: dict) -> None:
    turn = ctx.state.turn
    stack, side = turn.pending_tile
    turn.pending_tile = []
    place(ctx, stack, side, a["turns"])


def place(ctx: UnderworldContext, stack: int, side: str, turns: int) -> None:
    """The drawn tile laid beside the hero's, turned ``turns`` quarter turns; its Adventure
    markers drawn; Phase 2 begins."""
    s, hero = ctx.state, ctx.hero
    here = s.map.heroes[hero]
    s.map, placement = tiles.place_tile(s.map, here, stack, side, turns)
    tile = placement.tile
    ctx.log({"event": "tile_placed", "hero": hero, "tile": tile.id, "at": list(tile.at), "exits": tile.exits,
             "connected": placement.connected,
             "why": "Phase 1: a new tile beside the hero's, on a free exit side"
                    + ("" if placement.connected else "; no exit faces the hero's: the hero cannot move")})
    draw_adventure(s, tile.id)
    if s.map.catalogue[tile.id].name == "Chaos":
        damned.chaos_placed(s, hero)
    s.turn.phase = "move"


def _skip(ctx: UnderworldContext, a: dict, kw: dict) -> None:
    ctx.state.turn.phase = "move"


# -- Phase 2: movement -----------------------------------------------------------------------------------

def _step_legal(ctx: UnderworldContext) -> list[dict]:
    s, turn = ctx.state, ctx.state.turn
    if turn.mp_left <= 0:
        return []
    here = s.map.heroes[ctx.hero]
    options = tiles.first_move_rule(s.map, here).options if turn.moved == 0 else tiles.neighbours(s.map, here)
    return [STEP(t) for t in options]


def _step(ctx: UnderworldContext, a: dict, kw: dict) -> None:
    """1 MP a tile; entering a tile with a marker stops the hero and reveals it."""
    s, hero, to = ctx.state, ctx.hero, a["to"]
    turn = s.turn
    s.map.heroes[hero] = to
    turn.moved += 1
    turn.mp_left -= 1
    ctx.log({"event": "moved", "hero": hero, "to": to, "mp_left": turn.mp_left, "why": "1 step = 1 map tile = 1 MP"})
    hidden = face_down_on(s, to)
    for cid in hidden:
        reveal(s, cid, hero)
    stops = [c for c in counters_on(s, to) if c not in passable(s, hero, to)]
    if hidden or stops or combat.must_fight(s, hero):
        turn.phase = "act"
        ctx.log({"event": "movement_interrupted", "hero": hero, "tile": to,
                 "why": "a marker lies on the tile: movement is interrupted"})
    elif turn.mp_left <= 0:
        turn.phase = "act"


def passable(state, hero: str, tile: str) -> list[str]:
    """Revealed enemies the hero may pass (the Bard's song: red; the Shoes of Hermes: all)."""
    enemies = enemies_on(state, tile)
    blocking = set(combat.must_fight(state, hero)) if state.map.heroes[hero] == tile else set(enemies)
    return [c for c in enemies if c not in blocking]


def _stop(ctx: UnderworldContext, a: dict, kw: dict) -> None:
    ctx.state.turn.phase = "act"


# -- Phase 3: actions ------------------------------------------------------------------------------------

def _fights(ctx: UnderworldContext, cids) -> list[dict]:
    return [FIGHT(cid, o["skill"]) for cid in cids for o in combat.options(ctx.state, ctx.hero, cid)]


def _may(ctx: UnderworldContext, kind: str) -> bool:
    """Whether the hero may take a standard action of ``kind`` now (HitU "Phase 3: Actions")."""
    try:
        places._check_action(ctx.state, ctx.hero, kind, kind)
        return True
    except SheetRulesError:
        return False


def _fight_legal(ctx: UnderworldContext) -> list[dict]:
    """Before any other action, the revealed enemies the hero may pass (the Bard's song, the Shoes of
    Hermes) may still be fought (the ones he must fight are :func:`legal`'s first question)."""
    s, hero = ctx.state, ctx.hero
    if s.turn.actions:
        return []
    fights = combat.must_fight(s, hero)
    return _fights(ctx, [c for c in enemies_on(s, s.map.heroes[hero])
                         if c not in fights and kind_of(s, c).kind != "damned_one"])


def _encounter_legal(ctx: UnderworldContext) -> list[dict]:
    s, hero = ctx.state, ctx.hero
    if not _may(ctx, "encounter"):
        return []
    return [ENCOUNTER(c) for c in counters_on(s, s.map.heroes[hero])
            if kind_of(s, c).kind == "encounter" and not used_this_turn(s, f"encounter:{c}", hero)
            and places.encounter_problem(s, hero, c) is None]


def _accept_legal(ctx: UnderworldContext) -> list[dict]:
    s, hero = ctx.state, ctx.hero
    if not _may(ctx, "accept_task"):
        return []
    return [ACCEPT(c) for c in counters_on(s, s.map.heroes[hero])
            if kind_of(s, c).kind == "task" and places.accept_problem(s, hero, c) is None]


def _fulfil_legal(ctx: UnderworldContext) -> list[dict]:
    s, hero = ctx.state, ctx.hero
    if not _may(ctx, "fulfil_task"):
        return []
    return [FULFIL(c) for c in s.sheets[hero].tasks if places.fulfil_problem(s, hero, c) is None]


def _use_legal(ctx: UnderworldContext) -> list[dict]:
    if not _may(ctx, "use_place"):
        return []
    return [USE(p) for p in PLACES if places.place_problem(ctx.state, ctx.hero, p) is None]


def _drink_legal(ctx: UnderworldContext) -> list[dict]:
    """Nektar and Ambrosia may be taken whenever the hero acts."""
    s, sheet = ctx.state, ctx.state.sheets[ctx.hero]
    return [DRINK(i.id) for i in sheet.items
            if kind_of(s, i.id).effect == "heal" and sheet.natural < sheet.natural_max]


def _discard_legal(ctx: UnderworldContext) -> list[dict]:
    """"Extra weapons and armor can be discarded": not an action."""
    sheet = ctx.state.sheets[ctx.hero]
    return [DISCARD(i.id) for i in sheet.items if not (i.black and shadow_cubes(sheet, i.black))]


def _duel_legal(ctx: UnderworldContext) -> list[dict]:
    s, hero = ctx.state, ctx.hero
    if not s.rules.get("duels") or s.turn.actions:
        return []
    here = s.map.heroes[hero]
    return [DUEL(o) for o in s.heroes
            if o != hero and s.map.heroes[o] == here and duel_problem(s, hero, o) is None]


def _attack_legal(ctx: UnderworldContext) -> list[dict]:
    s, hero = ctx.state, ctx.hero
    if s.turn.actions:
        return []
    sheet, out = s.sheets[hero], []
    for item in sheet.items:
        if kind_of(s, item.id).kind == "special_weapon":
            if s.solitaire:
                out += [ATTACK_DAMNED(item.id, None)] if battle.can_attack(s, hero, None, item.id) else []
            else:
                out += [ATTACK_DAMNED(item.id, k) for k in sheet.skills if battle.can_attack(s, hero, k, item.id)]
    return out


def _escape_legal(ctx: UnderworldContext) -> list[dict]:
    s, hero = ctx.state, ctx.hero
    return [ESCAPE(k) for k in sorted({k for k, _m in treasure.trap_options(s, hero, s.trapped[hero])})]


def _act_legal(ctx: UnderworldContext) -> list[dict]:
    """Phase 3: a trapped hero only tries to escape (once); a hero who may not act only ends the
    turn; enemies that block the hero are fought first (HitU "Combat"); then every other action,
    in the order of :data:`ACTING`, and the end of the turn."""
    s, hero = ctx.state, ctx.hero
    if hero in s.trapped:
        return [END()] if "escape_trap" in s.turn.actions else _escape_legal(ctx)
    try:
        check_acting(s, hero, "act")
    except SheetRulesError:
        return [END()]
    fights = combat.must_fight(s, hero)
    if fights and not s.turn.actions:
        return _fights(ctx, fights) or [END()]
    return _instances(ctx, ACTING) + [END()]


def legal(ctx: UnderworldContext) -> list[dict]:
    """Every action the active hero's player may take now, in a stable order (the PettingZoo
    numbering is the i-th of it): the moves of the phase he is in."""
    s = ctx.state
    if s.outcome or s.turn is None:
        return []
    phase = s.turn.phase
    if phase == "act":
        return _act_legal(ctx)
    return _instances(ctx, PHASES.get(phase, ()))


def _instances(ctx: UnderworldContext, names: tuple[str, ...]) -> list[dict]:
    return [a for name in names for a in (MOVES[name].legal or (lambda _c: []))(ctx)]


def _use(ctx: UnderworldContext, a: dict, kw: dict) -> None:
    {"styx": places.use_styx, "lethe": places.use_lethe, "hades": places.use_throne_hall}[a["place"]](
        ctx.state, ctx.hero, **kw)


def _use_words(a: dict) -> str:
    if a["place"] == "hades":
        return "take the Trident or the Mail at the Throne Hall (Hades)"
    return f"use {a['place'].capitalize()}"


def _attack(ctx: UnderworldContext, a: dict, kw: dict) -> None:
    """Solitaire: Nektar or Ambrosia between rounds unless declined."""
    kw = dict(kw)
    drinks = kw.pop("drink", True)
    battle.final_battle(ctx.state, ctx.hero, weapon=a["weapon"], skill=a["skill"],
                        between_rounds=battle.drink_when_hurt if drinks else None, **kw)


def _end(ctx: UnderworldContext, a: dict, kw: dict) -> None:
    ctx.state.turn.phase = "done"


SKILL = Param("skill", "skill", choices=SKILLS, case="lower")
ROOM = "[discard ITEM|keep-all]"
# the player's choices that ride in the action's ``with`` (a move's ``rides``: the rules modules' keyword
# arguments; without them each module's documented headless policy decides); some typed after the move's words
#: ``use``'s choices by place (its ``rides`` are all of them)
USE_RIDES = {"styx": (), "lethe": ("skill", "with_shadow"), "hades": ("take", "discard")}
#: the choices as the table's words name them (a refusal names them so)
CHOICE_WORDS = {"colours": "a colour", "sc_skill": "shadow SKILL", "second_round": "second",
                "hermes_colour": "the Advice of Hermes' colour", "use_black": "the Black Weapon or not",
                "life_source": "the LP lost", "keep": "keep ITEM", "treasure": "wish or trade", "skill": "a skill",
                "colour": "a colour", "go": "stay", "raise_skill": "the raised skill",
                "discard": "discard ITEM or keep-all", "with_shadow": "keep-shadow", "take": "the item taken",
                "aggressor_skill": "the aggressor's skill", "defender_skill": "the defender's skill",
                "consequence": "what the winner takes", "item": "the item given", "life_policy": "which LP goes first",
                "drink": "no-drink"}
WISH = Param("wish", "flag", into="with.treasure.wish", listed=False)
TRADE = Param("trade", "flag", into="with.treasure.keep", sets=False, listed=False)
#: discard ITEM (the item given up to carry a special weapon) or keep-all (nothing given up)
DISCARD_ROOM = (Param("discard", "item", "ITEM", keyword="discard", optional=True, into="with.discard", listed=False),
                Param("keep_all", "flag", "keep-all", sets="", into="with.discard", listed=False))

MOVES = Moves([
    Move("extend", "Phase 1: draw the top tile of stack 1-3 and place it on that side (N, E, S, W)",
         (Param("stack", "int", base=1, refusal="the stack is 1, 2 or 3"), Param("side", case="upper")), _extend,
         _extend_legal,
         lambda a: f"draw a tile from stack {a['stack'] + 1} and place it to the {a['side']}"),
    Move("skip_extend", "Phase 1: do not extend the Underworld", apply=_skip,
         legal=lambda ctx: [SKIP_EXTEND()], words=lambda a: "do not extend the Underworld", verb="skip"),
    Move("orient", "turn the drawn tile N quarter turns clockwise (tiles without an arrow)",
         (Param("turns", "int", "N", low=0, high=3), Param("exits", typed=False)), _orient, _orient_legal,
         lambda a: f"turn the tile {count(a['turns'], 'quarter turn')}: exits {a.get('exits', '?')}", verb="turn"),
    Move("step", "Phase 2: move the hero one tile", (Param("to", "field", "TILE"),), _step, _step_legal,
         lambda a: f"move to {a['to']}", verb="move"),
    Move("stop", "Phase 2: stop moving; Phase 3 begins", apply=_stop, legal=lambda ctx: [STOP()],
         words=lambda a: "stop moving"),
    Move("fight", "combat (magic, ranged, close; a Gnome's pair as close+magic); wish: spend 1 gold to see 3 "
                  "treasures for each draw (then `pick ID`); trade: take 1 gold for an item won instead of carrying "
                  "it; second: the Gladiator's second round; COLOUR (red, green, blue): the reward cubes where several "
                  "are shown; shadow SKILL: where a shadow cube goes if lost; keep ITEM: the item kept if the hero dies",
         (Param("counter", "counter"), Param("skill", "skill", case="lower"), WISH, TRADE,
          Param("second", "flag", into="with.second_round", listed=False),
          Param("colours", "repeated", "COLOUR", choices=COLOURS, into="with.colours", listed=False),
          Param("sc_skill", "skill", "SKILL", keyword="shadow", optional=True, choices=SKILLS, case="lower",
                into="with.sc_skill", listed=False),
          Param("keep", "item", "ITEM", keyword="keep", optional=True, shown=False, case="lower", into="with.keep",
                listed=False)),
         lambda ctx, a, kw: combat.fight(ctx.state, ctx.hero, a["counter"], skill=a["skill"], **kw), _fight_legal,
         words=lambda a: f"fight {a['counter']} with {a['skill']}",
         after=f"after the skill: wish, trade, second, a colour ({', '.join(COLOURS)}), shadow SKILL or keep ITEM",
         rides=("colours", "sc_skill", "second_round", "hermes_colour", "use_black", "life_source", "keep", "treasure")),
    Move("escape", "try to escape the trap", (SKILL,),
         lambda ctx, a, kw: treasure.escape_trap(ctx.state, ctx.hero, skill=a["skill"]), _escape_legal,
         words=lambda a: f"try to escape the trap with {a['skill']}"),
    Move("encounter", "have the encounter on the hero's tile (SKILL for Hypnos, the Low Demon, the Well; stay: "
                      "Hermes does not take the hero to Styx; discard ITEM: the item given up to carry Hekate's, "
                      "Orion's or Thanatos' weapon - by default the least useful, never a special weapon; keep-all: "
                      "give nothing up, the weapon stays on the card)",
         (Param("counter", "counter"), Param("skill", "one", choices=SKILLS, into="with.skill", listed=False),
          Param("stay", "flag", sets=False, into="with.go", listed=False),
          Param("colour", "one", "COLOUR", choices=COLOURS, into="with.colour", listed=False), *DISCARD_ROOM),
         lambda ctx, a, kw: places.encounter(ctx.state, ctx.hero, a["counter"], **kw), _encounter_legal,
         words=lambda a: f"encounter {a['counter']}", usage=f"COUNTER [SKILL] [stay] [COLOUR] {ROOM}",
         after=f"give a skill ({', '.join(SKILLS)}), stay, or a colour",
         rides=("skill", "colour", "go", "raise_skill", "life_source", "discard")),
    Move("accept", "take the task on the hero's tile", (Param("task", "task"),),
         lambda ctx, a, kw: places.accept_task(ctx.state, ctx.hero, a["task"]), _accept_legal,
         words=lambda a: f"accept the task {a['task']}"),
    Move("fulfil", "fulfil a task on its destination (wish: 1 gold to see 3 treasures, then `pick ID`; trade: 1 gold "
                   "instead of an item; discard/keep-all: as for encounter, for the Trident or the Mail)",
         (Param("task", "task"), WISH, TRADE, *DISCARD_ROOM),
         lambda ctx, a, kw: places.fulfil_task(ctx.state, ctx.hero, a["task"], **kw), _fulfil_legal,
         words=lambda a: f"fulfil the task {a['task']}", usage=f"TASK [wish] [trade] {ROOM}",
         after="after the task: wish, trade, discard ITEM or keep-all", rides=("treasure", "discard")),
    Move("use", "heal at Styx / give up a cube of SKILL at Lethe (and one shadow cube with it unless keep-shadow) / "
                "take the Trident or the Mail back at the Throne Hall on the Hades tile",
         (Param("place", choices=PLACES, case="lower"),
          Param("skill", "one", choices=SKILLS, into="with.skill", listed=False),
          Param("keep_shadow", "flag", "keep-shadow", sets=False, into="with.with_shadow", listed=False), *DISCARD_ROOM),
         _use, _use_legal, words=_use_words, usage=f"styx|lethe|hades [SKILL] [keep-shadow] {ROOM}",
         after=f"give a skill ({', '.join(SKILLS)}) or keep-shadow", rides=("skill", "with_shadow", "take", "discard")),
    Move("discard", "give up a carried item (1 gold for a weapon or armour; a Black Weapon only without shadow cubes "
                    "in its skill)", (Param("item", "item"),),
         lambda ctx, a, kw: discard_item(ctx.state, ctx.hero, a["item"]), _discard_legal, words=lambda a: f"discard {a['item']}"),
    Move("attack_damned", "fight the Damned One with a special weapon (keep: the item kept if the hero dies; alone, "
                          "Nektar or Ambrosia is drunk between rounds when it heals without waste or on the last LP, "
                          "unless no-drink)",
         (Param("weapon", "item"), Param("skill", "skill", optional=True, case="lower", nullable=True),
          Param("keep", "item", "ITEM", keyword="keep", optional=True, case="lower", into="with.keep", listed=False),
          Param("drink", "flag", "no-drink", sets=False, into="with.drink", listed=False)),
         _attack, _attack_legal, verb="attack", after="after the weapon: a skill, keep ITEM or no-drink",
         rides=("keep", "life_policy", "drink"),
         words=lambda a: f"attack the Damned One with {a['weapon']}" + (f" ({a['skill']})" if a.get("skill") else "")),
    Move("drink", "eat Ambrosia or drink Nektar (heals natural LP)", (Param("item", "item"),),
         lambda ctx, a, kw: drink(ctx.state, ctx.hero, a["item"]), _drink_legal, words=lambda a: f"eat or drink {a['item']}"),
    Move("duel", "challenge a hero on the same tile (only when the scenario allows duels)", (Param("defender", "hero", "HERO"),),
         lambda ctx, a, kw: duel(ctx.state, ctx.hero, a["defender"], **kw), _duel_legal,
         words=lambda a: f"challenge {a['defender']} to a Duel",
         rides=("aggressor_skill", "defender_skill", "consequence", "item")),
    Move("end", "the hero's turn is over (after the last hero, the Damned One plays)", apply=_end,
         words=lambda a: "end the turn"),
], listing=legal)
# the constructors: EXTEND(0, "N") -> {"do": "extend", "stack": 0, "side": "N"}
EXTEND: Move = MOVES["extend"]
SKIP_EXTEND: Move = MOVES["skip_extend"]
ORIENT: Move = MOVES["orient"]
STEP: Move = MOVES["step"]
STOP: Move = MOVES["stop"]
FIGHT: Move = MOVES["fight"]
ESCAPE: Move = MOVES["escape"]
ENCOUNTER: Move = MOVES["encounter"]
ACCEPT: Move = MOVES["accept"]
FULFIL: Move = MOVES["fulfil"]
USE: Move = MOVES["use"]
DISCARD: Move = MOVES["discard"]
ATTACK_DAMNED: Move = MOVES["attack_damned"]
DRINK: Move = MOVES["drink"]
DUEL: Move = MOVES["duel"]
END: Move = MOVES["end"]
