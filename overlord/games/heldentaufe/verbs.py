"""Every action a Heldentaufe hero may take, each defined once (``overlord.core.moves``): its words
and what it names, its help line, whether it costs an action point, how its legal instances are
listed, how it is carried out, how it is worded, the events only it tells, and its indices for
learning agents. The legal actions (:func:`listing`, through ``engine.legal``), the table's help and
parsing (``table``), the words of an action (``engine.describe``) and the PettingZoo numbering
(``agents``) all come from :data:`MOVES`.

"Only these 3 actions cost action points" (moving/exploring, fighting, and declining a mission;
``cost=1``); the free ones stay open "even if you have already used all your action points" until
the hero says ``end``. A move's ``apply`` returns whether the action itself ends the turn (an
explored forest, an Observer mission, ``end``); ``engine.apply`` spends the point, logs the action
and ends the turn. The rules below still take ``(content, state)``: Heldentaufe's dice and draws
read the kept generator from the state themselves, so the context its moves get carries no
generator of its own (``Context.reading``).

The PettingZoo numbering keeps its published layout (``numbering`` below, ``agents`` words it):
``end`` is 0 and, improving at a Laboratory, 52; ``explore`` takes the four Upper World steps of
``move``; ``drop``, other teleports, forgings and trades after the first, and companions on a fight
or a brew have no index.
"""

from __future__ import annotations

from typing import Callable

from overlord.core.context import Context
from overlord.core.game import hidden_draw
from overlord.core.moves import ANY, Move, Moves, Param
from ...view.words import count

from . import heroes as hb, missions, monsters, under, upper
from .board import xy
from .clock import end_game
from .content import FOODS, POTIONS, SLOTS, Content
from .fights import hero_attacks_hero, hero_attacks_monster
from .state import UNDER, UPPER, Hero, HState

HERO = Param("hero", "hero", typed=False)
TO = Param("to", "space", "X,Y")
COMPANION = Param("companion", "card", "COMPANION", optional=True)
MONSTERS = ("ulumu", "zibbler", "wallrog")
EQUIP = tuple(f"{s}+{v}" for s in SLOTS for v in (1, 2, 3))
DIRECTIONS = ((0, -1), (1, 0), (0, 1), (-1, 0))
STEPS = ("step north", "step east", "step south", "step west") + tuple(f"step below {k}" for k in range(6))


def ap_left(c: Content, s: HState, hero: Hero) -> int:
    return max(0, hb.actions(c, hero) + s.turn.extra - s.turn.used)


def _acting(s: HState) -> Hero:
    return s.board[s.heroes[s.seat]]


def listing(ctx: Context) -> list[dict]:
    """The legal actions of the hero to act, move by move: those that cost an action point while
    one is left, then the free ones."""
    c, s = ctx.content, ctx.state
    points = ap_left(c, s, _acting(s)) > 0
    return [a for m in MOVES if m.legal is not None and (points or not m.cost) for a in m.legal(ctx)]


def _of(verb: str, extras: Callable[[Content, HState, Hero], list[dict]]) -> Callable[[Context], list[dict]]:
    """A move's ``legal``: the hero to act's instances, the fields after ``do`` and ``hero`` from
    ``extras(content, state, hero)``."""
    def legal(ctx: Context) -> list[dict]:
        hero = _acting(ctx.state)
        return [{"do": verb, "hero": hero.id, **extra} for extra in extras(ctx.content, ctx.state, hero)]
    return legal


def _do(rule: Callable[[Content, HState, Hero, dict], bool]) -> Callable[[Context, dict], bool]:
    """A move's ``apply``: ``rule(content, state, hero, action)``, True when the action ends the turn."""
    return lambda ctx, a: rule(ctx.content, ctx.state, ctx.state.board[a["hero"]], a)


def _board(rule: Callable[[Content, HState, Hero, dict], object]) -> Callable[[Context, dict], bool]:
    """An action that only changes the hero's board (it never ends the turn)."""
    def run(ctx: Context, a: dict) -> bool:
        rule(ctx.content, ctx.state, ctx.state.board[a["hero"]], a)
        return False
    return run


def _said(rest: Callable[[dict], object]) -> Callable[[dict], str]:
    """An action in words: "erla: move 1,0", "corlof: fight ulumu with companion-bear-1"."""
    def words(a: dict) -> str:
        text = rest(a)
        extra = f" with {a['companion']}" if a.get("companion") else ""
        return f"{a.get('hero', '?')}: {a.get('do', '?')}{(' ' + str(text)) if text else ''}{extra}"
    return words


def _field(name: str) -> Callable[[dict], str]:
    return _said(lambda a: a.get(name))


# -- listing ----------------------------------------------------------------------------------------------

def adjacent_foes(c: Content, s: HState, hero: Hero) -> list[str]:
    """Monsters (and, in the race, heroes) next to a hero below: "If your hero figure is next to a
    monster or a hero, you may spend action points to fight.\""""
    b = c.underworld
    around = {b.labels[n] for n in b.neighbours[b.area(hero.at)]}
    out = [m.id for m in monsters.active(s) if m.at in around]
    if not c.coop:
        out += [h for h in s.down() if h != hero.id and s.board[h].at in around]
    return out


def teleports(c: Content, s: HState, hero: Hero) -> list[tuple[str, str]]:
    """"Move your hero to any space in the Upper World or Underworld that your figure could
    normally stand on. You may also teleport directly onto the treasure.\""""
    out = [(UPPER, at) for at in s.upper if not (hero.world == UPPER and at == hero.at)]
    taken = under.figures(s)
    out += [(UNDER, lab) for lab in c.underworld.labels if lab not in taken]
    return out


def _brew_with(c: Content, s: HState, hero: Hero, potion: str, cid: str) -> bool:
    """A Companion's ring: its food is given up too, so the recipe must still be there after."""
    need = list(hb.recipe(c, potion).food) + [c.missions[cid].food]
    have = list(hero.backpack)
    for f in need:
        if f not in have:
            return False
        have.remove(f)
    return True


def _moves(c, s, hero):
    steps = upper.walkable(s, hero) if hero.world == UPPER else under.steps(c, s, hero)
    return [{"to": to} for to in steps]


def _explores(c, s, hero):
    return [{"to": to} for to in upper.explorable(s, hero)] if hero.world == UPPER else []


def _descends(c, s, hero):
    k = under.entry(c, s, hero) if hero.world == UPPER else None
    return [{"portal": k}] if k else []


def _ascends(c, s, hero):
    return [{}] if hero.world != UPPER and under.exit_cell(c, s, hero) else []


def _fights(c, s, hero):
    if hero.world == UPPER:
        return []
    bonus = missions.companions(c, hero, "sword")
    return [extra for target in adjacent_foes(c, s, hero)
            for extra in [{"target": target}] + [{"target": target, "companion": cid} for cid in bonus]]


def _declines(c, s, hero):
    return [{"card": cid} for cid in hero.hand] if s.missions.draw or s.missions.discard else []


def _brews(c, s, hero):
    ring = missions.companions(c, hero, "ring")
    out: list[dict] = []
    for potion in POTIONS:
        if hb.can_brew(c, s, hero, potion):
            out.append({"potion": potion})
        elif ring and hb.can_brew(c, s, hero, potion, bonus=1):
            out += [{"potion": potion, "companion": cid} for cid in ring if _brew_with(c, s, hero, potion, cid)]
    return out


def _teleports(c, s, hero):
    return [{"world": w, "to": to} for w, to in teleports(c, s, hero)] if hb.can_drink(c, hero, "teleport") else []


def _collects(c, s, hero):
    food = upper.food_here(s, hero)
    return [{}] if food and hb.backpack_room(c, hero) > 0 and s.supply.get(food, 0) > 0 else []


def _drops(c, s, hero):
    out = [{"token": t, "from": where} for where in ("backpack", "rack")
           for t in sorted(set(getattr(hero, where))) if ":" not in t]
    return out + [{"token": t, "from": "inventory"} for t in hero.inventory.values()]


# -- carrying out -------------------------------------------------------------------------------------------

def entered_upper(c: Content, s: HState, hero: Hero) -> bool:
    """A hero entering the campfire with enough teeth wins ("If a hero enters this area holding the
    required number of monster teeth, the game ends immediately"; co-operative: the team's teeth)."""
    if hero.at != upper.CAMPFIRE:
        return False
    target = c.scenario.target[len(s.heroes)]
    if c.coop:
        team = sum(hb.points(s.board[h]) for h in s.heroes)
        if team >= target:
            end_game(s, "victory", f"{hero.id} brought the team's {team} points of teeth to the campfire "
                                   f"(target {target})")
    elif hb.points(hero) >= target:
        s.winner = hero.id
        end_game(s, "victory", f"{hero.id} entered the campfire with {hb.points(hero)} points of teeth "
                               f"(target {target}) and wins")
    return bool(s.outcome)


def _move(c, s, hero, a):
    if hero.world == UNDER:
        under.arrive(c, s, hero, a["to"], "move")
        return False
    hero.at = a["to"]
    return entered_upper(c, s, hero)


def _explore(c, s, hero, a):
    """"Take an area from a face-down stack and place it at the spot you chose in advance. Then
    move your hero figure onto the newly explored area." A forest: "their turn ends immediately
    ... they roll once with the treasure die and take the reward.\""""
    tile = s.tiles.draw.pop(0)
    s.upper[a["to"]] = tile
    hero.at = a["to"]
    s.log.append(hidden_draw({"event": "explored", "hero": hero.id, "at": a["to"], "tile": tile,
                              "kind": upper.kind_of(tile)}))
    if upper.kind_of(tile) == "forest":
        under.treasure_die(c, s, hero)
        s.log.append({"event": "turn_ends", "hero": hero.id, "why": "forest"})
        return True
    return entered_upper(c, s, hero)


def _descend(c, s, hero, a):
    under.arrive(c, s, hero, c.underworld.labels[c.underworld.portals[a["portal"]]], "portal")
    return False


def _ascend(c, s, hero, a):
    under.leave(c, s, hero, under.exit_cell(c, s, hero), "portal")
    return entered_upper(c, s, hero)


def _fight(c, s, hero, a):
    bonus = 0
    if "companion" in a:
        missions.complete(c, s, hero, a["companion"], {})
        bonus = 2                          # "Sword +2: Add +2 to your next combat die roll."
    if a["target"] in s.monsters:
        hero_attacks_monster(c, s, hero, s.monsters[a["target"]], bonus)
    else:
        hero_attacks_hero(c, s, hero, s.board[a["target"]], bonus)
    return False


def _decline(c, s, hero, a):
    new = missions.decline(s, hero, a["card"])
    s.log.append(hidden_draw({"event": "declined", "hero": hero.id, "card": a["card"], "drew": new}))
    return False


def _brew(c, s, hero, a):
    if "companion" in a:
        missions.complete(c, s, hero, a["companion"], {})
    hb.brew(c, s, hero, a["potion"])
    return False


def _teleport(c, s, hero, a):
    hb.drink(c, s, hero, "teleport")
    if a["world"] == UNDER:
        under.arrive(c, s, hero, a["to"], "teleport")
        return False
    if hero.world == UNDER:
        under.leave(c, s, hero, a["to"], "teleport")
    hero.at = a["to"]
    return entered_upper(c, s, hero)


def _collect(c, s, hero, a):
    food = upper.food_here(s, hero)
    got = hb.collect_food(c, s, hero, food)
    s.log.append({"event": "collected", "hero": hero.id, "food": food, "count": got})
    return False


def _forge(c, s, hero, a):
    went = upper.forge(c, s, hero, tuple(a["give"]), a["take"])
    s.log.append({"event": "forged", "hero": hero.id, "give": a["give"], "take": a["take"], "went": went})
    return False


def _trade(c, s, hero, a):
    s.turn.traded = True
    went = upper.trade(c, s, hero, a["give"], a["take"])
    s.log.append({"event": "traded", "hero": hero.id, "give": a["give"], "take": a["take"], "went": went})
    return False


def _mission(c, s, hero, a):
    event = missions.complete(c, s, hero, a["card"], a)
    if event.get("boost") == "boots":
        s.turn.extra += 1                   # "You immediately have +1 action point available"
    return event["kind"] == "observer"


# -- indices for learning agents -----------------------------------------------------------------------------

def _step_slot(ctx: Context, a: dict, memo: dict) -> str | None:
    c, hero = ctx.content, ctx.state.board[a["hero"]]
    if hero.world != UNDER:
        (x, y), (tx, ty) = xy(hero.at), xy(a["to"])
        return STEPS[DIRECTIONS.index((tx - x, ty - y))]
    b = c.underworld
    return STEPS[4 + b.neighbours[b.area(hero.at)].index(b.area(a["to"]))]


def _fight_slot(ctx: Context, a: dict, memo: dict) -> str | None:
    if "companion" in a:
        return None
    return f"fight {a['target']}" if a["target"] in MONSTERS else f"fight hero {ctx.state.heroes.index(a['target']) + 1}"


def _hand_slot(verb: str):
    return lambda ctx, a, memo: f"{verb} {ctx.state.board[a['hero']].hand.index(a['card']) + 1}"


def _first(name: str):
    """Only the first instance offered has the index (a forging, a trade, an improvement)."""
    def slot(ctx: Context, a: dict, memo: dict) -> str | None:
        if memo.get(name):
            return None
        memo[name] = True
        return name
    return slot


def _end_slot(ctx: Context, a: dict, memo: dict) -> str | None:
    return "end the turn" if "improve" not in a else _first("end improving")(ctx, a, memo)


def _teleport_slot(ctx: Context, a: dict, memo: dict) -> str | None:
    treasure = ctx.content.underworld.labels[ctx.content.underworld.treasure]
    return {("upper", "0,0"): "teleport to the campfire", ("under", treasure): "teleport onto the treasure"}.get(
        (a["world"], a["to"]))


def _kinds(verb: str, names) -> tuple[str, ...]:
    return tuple(f"{verb} {n}" for n in names)


def _by(verb: str, key: str):
    return lambda ctx, a, memo: f"{verb} {a[key]}"


# -- the moves ------------------------------------------------------------------------------------------------

MOVES = Moves([
    Move("move", "to an explored area next to the hero, or a free area next to it below", (HERO, TO),
         _do(_move), _of("move", _moves), _field("to"), cost=1, slots=STEPS, slot=_step_slot),
    Move("explore", "lay the next Upper World area there and step onto it", (HERO, TO),
         _do(_explore), _of("explore", _explores), _field("to"), cost=1, slots=(), slot=_step_slot,
         tells={"explored": lambda c, s, e: f"  {e['hero']} explores {e['at']}: {e['kind'].replace('_', ' ')}"}),
    Move("descend", "from Upper World portal N to Underworld portal N",
         (HERO, Param("portal", "int", "N", optional=True, default=ANY)),
         _do(_descend), _of("descend", _descends), _said(lambda a: f"portal {a.get('portal')}"), cost=1),
    Move("ascend", "from an Underworld portal up to its Upper World portal", (HERO,),
         _do(_ascend), _of("ascend", _ascends), _said(lambda a: ""), cost=1),
    Move("fight", "attack a figure next to the hero", (HERO, Param("target", "word", "MONSTER|HERO"), COMPANION),
         _do(_fight), _of("fight", _fights), _field("target"), cost=1,
         slots=_kinds("fight", MONSTERS) + _kinds("fight hero", range(1, 6)), slot=_fight_slot),
    Move("decline", "discard a mission and draw another (1 point)", (HERO, Param("card", "card", "CARD")),
         _do(_decline), _of("decline", _declines), _field("card"), cost=1,
         slots=_kinds("decline", range(1, 4)), slot=_hand_slot("decline"),
         tells={"declined": lambda c, s, e: f"  {e['hero']} declines {e['card']} and draws {e['drew']}"}),
    Move("eat", "1 heart back", (HERO, Param("food", "word", "|".join(FOODS), choices=FOODS)),
         _board(lambda c, s, hero, a: hb.eat(c, s, hero, a["food"])),
         _of("eat", lambda c, s, hero: [{"food": f} for f in FOODS if hb.can_eat(c, hero, f)]), _field("food"),
         slots=_kinds("eat", FOODS), slot=_by("eat", "food")),
    Move("brew", "from two foods", (HERO, Param("potion", "word", "|".join(POTIONS), choices=POTIONS), COMPANION),
         _do(_brew), _of("brew", _brews), _field("potion"), slots=_kinds("brew", POTIONS),
         slot=lambda ctx, a, memo: None if "companion" in a else f"brew {a['potion']}"),
    Move("drink", "use a potion", (HERO, Param("potion", "word", "healing|berserker", choices=("healing", "berserker"))),
         _board(lambda c, s, hero, a: hb.drink(c, s, hero, a["potion"])),
         _of("drink", lambda c, s, hero: [{"potion": p} for p in ("healing", "berserker") if hb.can_drink(c, hero, p)]),
         _field("potion"), slots=_kinds("drink", ("healing", "berserker")), slot=_by("drink", "potion")),
    Move("teleport", "use a Teleportation potion", (HERO, Param("world", "word", "upper|under", choices=(UPPER, UNDER)), TO),
         _do(_teleport), _of("teleport", _teleports), _said(lambda a: f"{a.get('world')} {a.get('to')}"),
         slots=("teleport to the campfire", "teleport onto the treasure"), slot=_teleport_slot, numbered=False),
    Move("collect", "food at an apple tree, fish pond or mushroom ring", (HERO,),
         _do(_collect), _of("collect", _collects), _said(lambda a: ""),
         tells={"collected": lambda c, s, e: f"  {e['hero']} collects {count(e['count'], e['food'].replace('_', ' '))}"}),
    Move("equip", "wear a piece from the backpack", (HERO, Param("token", "item", "TOKEN")),
         _board(lambda c, s, hero, a: hb.equip(hero, a["token"])),
         _of("equip", lambda c, s, hero: [{"token": t} for t in sorted({t for t in hero.backpack if hb.slot_of(t)})]),
         _field("token"), slots=_kinds("equip", EQUIP), slot=_by("equip", "token")),
    Move("unequip", "into the backpack", (HERO, Param("slot", "word", "|".join(SLOTS), choices=SLOTS)),
         _board(lambda c, s, hero, a: hb.unequip(hero, a["slot"])),
         _of("unequip", lambda c, s, hero: [{"slot": k} for k in SLOTS if k in hero.inventory]
             if hb.backpack_room(c, hero) > 0 else []),
         _field("slot"), slots=_kinds("unequip", SLOTS), slot=_by("unequip", "slot")),
    Move("drop", "give a token up to the supply",
         (HERO, Param("token", "item", "TOKEN"), Param("from", "word", "backpack|inventory|rack", optional=True,
                                                      default=ANY, choices=("backpack", "inventory", "rack"))),
         _board(lambda c, s, hero, a: hb.drop(s, hero, a["token"], a["from"])), _of("drop", _drops),
         _said(lambda a: f"{a.get('token')} from {a.get('from')}"), slots=()),
    Move("forge", "at a Blacksmith", (HERO, Param("give", "item", "TOKEN TOKEN", unordered=True), Param("take", "item", "INTO")),
         _do(_forge), _of("forge", lambda c, s, hero: [{"give": list(pair), "take": t}
                                                       for pair, t in upper.forge_options(s, hero)]),
         _said(lambda a: f"{' + '.join(a.get('give', []))} -> {a.get('take')}"), slots=("forge",), slot=_first("forge"),
         tells={"forged": lambda c, s, e: f"  {e['hero']} forges {' + '.join(e['give'])} into {e['take']}"}),
    Move("trade", "at a Trader, once a turn", (HERO, Param("give", "item", "GIVE"), Param("take", "item", "TAKE")),
         _do(_trade), _of("trade", lambda c, s, hero: [{"give": g, "take": t}
                                                       for g, t in upper.trade_options(s, hero, s.turn.traded)]),
         _said(lambda a: f"{a.get('give')} -> {a.get('take')}"), slots=("trade",), slot=_first("trade"),
         tells={"traded": lambda c, s, e: f"  {e['hero']} trades {e['give']} for {e['take']}"}),
    Move("mission", "complete a mission",
         (HERO, Param("card", "card", "CARD"), Param("reward", "word", optional=True), Param("target", "hero", optional=True)),
         _do(_mission), _of("mission", lambda c, s, hero: [{"card": cid, **extra} for cid in hero.hand
                                                           for extra in missions.completable(c, s, hero, cid)]),
         _said(lambda a: " ".join(str(x) for x in (a.get("card"), a.get("reward"), a.get("target")) if x)),
         usage="CARD [tooth|equipment|HERO]", slots=_kinds("mission", range(1, 4)), slot=_hand_slot("mission")),
    Move("end", "end the turn (improving TOKEN at a Laboratory)", (HERO, Param("improve", "item", "TOKEN", optional=True)),
         _do(lambda c, s, hero, a: True),
         _of("end", lambda c, s, hero: [{}] + [{"improve": t} for t in upper.improve_options(s, hero)]),
         _said(lambda a: f"improve {a['improve']}" if a.get("improve") else ""),
         slots=("end the turn", "end improving"), slot=_end_slot),
], numbering=("end the turn", "move", "descend", "ascend", "fight", "decline", "eat", "brew", "drink", "teleport",
              "collect", "equip", "unequip", "forge", "trade", "mission", "end improving"), listing=listing)
