"""A game of Heldentaufe as legal actions and their effects ("Turn Sequence", "The Three
Actions", and everything a hero may do for free on a turn).

An action is a small dict, the same in a save, a log, a bot's choice and a typed command:

- costing an action point ("Only these 3 actions cost action points"): ``move`` (to an explored
  Upper World area, or a free Underworld area), ``explore`` (lay a new Upper World area and step
  onto it), ``descend`` (Upper World portal -> Underworld portal), ``ascend`` (the way back),
  ``fight`` (an adjacent monster, or hero in the race; ``companion`` adds a Companion's +2),
  ``decline`` (a mission card);
- free: ``eat``, ``brew`` (``companion`` for the Companion's +1 recipe), ``drink``, ``teleport``,
  ``collect`` (food), ``equip``, ``unequip``, ``drop``, ``forge`` (Blacksmith), ``trade`` (Trader),
  ``mission`` (Porter, Observer, Thief, a Companion's boots), ``end`` (``improve`` at a
  Laboratory).

"When a player has used all their action points, their turn ends" - the free actions stay open
("even if you have already used all your action points") until the hero says ``end``. An explored
forest, a trap, an Observer mission and being knocked out end the turn at once.

Turn order: the heroes in the order named ("The next player counter-clockwise"); a round ends
when the last has played. When play passes the monster boss marker (after the turn of the hero
who placed it) while heroes are below, the monsters' turn is due (``to_act`` is None).

Reading of "when the first monster turn comes" (docs/readings.md, "Heldentaufe"): the marker is
placed "between you and the next player" when the first hero enters, so the monsters first act as
soon as that hero's turn ends (``rules.first_monster_turn: at_once``); ``after_a_round`` lets play
pass the marker once first.
"""

from __future__ import annotations

from overlord.core.decks import Deck
from overlord.core.game import RulesError, hidden_draw
from overlord.core.rng import new_rng, rng_state

from . import boss, clock, heroes as hb, machines, missions, monsters, under, upper
from .clock import end_game
from .board import cell
from .content import FOODS, POTIONS, SLOTS, Content
from .fights import hero_attacks_hero, hero_attacks_monster
from .state import UNDER, UPPER, Hero, HState, Monster, Turn

FREE = ("eat", "brew", "drink", "teleport", "collect", "equip", "unequip", "drop", "forge", "trade",
        "mission", "end")
COSTLY = ("move", "explore", "descend", "ascend", "fight", "decline")


# -- setting up -----------------------------------------------------------------------------------------

def new_state(c: Content, names: list[str], seed: int) -> HState:
    """"Setup", steps 1-10, for the named heroes (the first named starts: "The player who woke up
    earliest starts")."""
    sc = c.scenario
    if len(names) not in sc.heroes:
        raise RulesError(f"{sc.name} is for {', '.join(map(str, sc.heroes))} heroes, not {len(names)}")
    unknown = [h for h in names if h not in c.heroes]
    if unknown or len(set(names)) != len(names):
        raise RulesError(f"heroes: name each of {', '.join(c.heroes)} at most once"
                         + (f" (unknown: {', '.join(unknown)})" if unknown else ""))
    rng = new_rng(seed)
    tiles = [t for t in upper.tile_ids(c, len(names)) if t != "campfire"]
    tile_deck = Deck("areas", [tiles[i] for i in rng.permutation(len(tiles))], [])
    cards = [cid for cid, m in c.missions.items() if not (c.coop and m.kind == "thief")]
    mission_deck = Deck("missions", [cards[i] for i in rng.permutation(len(cards))], [])
    supply = {}
    for slot, values in c.supply.equipment.items():
        for v, n in values.items():
            supply[hb.equipment(slot, v)] = n
    supply.update(c.supply.food)
    supply["potion"] = c.supply.potions
    supply["tooth"] = c.supply.small_teeth
    mons = {}
    for mid in c.monsters:
        stack = list(c.stacks[mid])
        if stack[-1] == 1 and c.rules.one_tooth_from_supply:
            supply["tooth"] -= 1               # monsters.py: the stack's 1 is a small tooth
        mons[mid] = Monster(mid, c.underworld.labels[c.underworld.nests[mid]], "on_nest", stack)
    board = {h: Hero(h, UPPER, upper.CAMPFIRE, c.hero_number(h, "hearts")) for h in names}
    s = HState(sc.id, seed, sc.mode, list(names), rng_state(rng), board, mons, {upper.CAMPFIRE: "campfire"},
               tile_deck, mission_deck, supply, {}, Turn(names[0]))
    under.setup_dangers(c, s)
    for h in names:
        missions.refill(s, s.board[h])
    s.log.append({"event": "setup", "heroes": list(names), "seed": seed, "mode": sc.mode,
                  "target": sc.target[len(names)], "tiles": len(tiles) + 1,
                  "clock": sc.clock.limit[len(names)] if c.coop and sc.clock else None})
    s.log.append({"event": "turn", "hero": names[0], "round": 1})
    return s


# -- who acts -------------------------------------------------------------------------------------------

def to_act(s: HState) -> str | None:
    if s.outcome or s.cycle == "monster_turn":
        return None
    return s.heroes[s.seat]


def ap_left(c: Content, s: HState, hero: Hero) -> int:
    return max(0, hb.actions(c, hero) + s.turn.extra - s.turn.used)


# -- legal actions -------------------------------------------------------------------------------------

def legal(c: Content, s: HState) -> list[dict]:
    hid = to_act(s)
    if hid is None:
        return []
    hero = s.board[hid]
    out: list[dict] = []
    a = {"hero": hid}
    if ap_left(c, s, hero) > 0:
        out += _costly(c, s, hero, a)
    out += _free(c, s, hero, a)
    return out


def _costly(c: Content, s: HState, hero: Hero, a: dict) -> list[dict]:
    out = []
    if hero.world == UPPER:
        out += [{"do": "move", **a, "to": to} for to in upper.walkable(s, hero)]
        out += [{"do": "explore", **a, "to": to} for to in upper.explorable(s, hero)]
        k = under.entry(c, s, hero)
        if k:
            out.append({"do": "descend", **a, "portal": k})
    else:
        out += [{"do": "move", **a, "to": to} for to in under.steps(c, s, hero)]
        if under.exit_cell(c, s, hero):
            out.append({"do": "ascend", **a})
        bonus = missions.companions(c, hero, "sword")
        for target in adjacent_foes(c, s, hero):
            out.append({"do": "fight", **a, "target": target})
            out += [{"do": "fight", **a, "target": target, "companion": cid} for cid in bonus]
    if s.missions.draw or s.missions.discard:
        out += [{"do": "decline", **a, "card": cid} for cid in hero.hand]
    return out


def adjacent_foes(c: Content, s: HState, hero: Hero) -> list[str]:
    """Monsters (and, in the race, heroes) next to a hero below: "If your hero figure is next to a
    monster or a hero, you may spend action points to fight.\""""
    b = c.underworld
    around = {b.labels[n] for n in b.neighbours[b.area(hero.at)]}
    out = [m.id for m in monsters.active(s) if m.at in around]
    if not c.coop:
        out += [h for h in s.down() if h != hero.id and s.board[h].at in around]
    return out


def _free(c: Content, s: HState, hero: Hero, a: dict) -> list[dict]:
    out = []
    for food in FOODS:
        if hb.can_eat(c, hero, food):
            out.append({"do": "eat", **a, "food": food})
    ring = missions.companions(c, hero, "ring")
    for potion in POTIONS:
        if hb.can_brew(c, s, hero, potion):
            out.append({"do": "brew", **a, "potion": potion})
        elif ring and hb.can_brew(c, s, hero, potion, bonus=1):
            out += [{"do": "brew", **a, "potion": potion, "companion": cid} for cid in ring
                    if _brew_with(c, s, hero, potion, cid)]
    for potion in ("healing", "berserker"):
        if hb.can_drink(c, hero, potion):
            out.append({"do": "drink", **a, "potion": potion})
    if hb.can_drink(c, hero, "teleport"):
        out += [{"do": "teleport", **a, "world": w, "to": to} for w, to in teleports(c, s, hero)]
    food = upper.food_here(s, hero)
    if food and hb.backpack_room(c, hero) > 0 and s.supply.get(food, 0) > 0:
        out.append({"do": "collect", **a})
    for t in sorted({t for t in hero.backpack if hb.slot_of(t)}):
        out.append({"do": "equip", **a, "token": t})
    if hb.backpack_room(c, hero) > 0:
        out += [{"do": "unequip", **a, "slot": slot} for slot in SLOTS if slot in hero.inventory]
    for where in ("backpack", "rack"):
        out += [{"do": "drop", **a, "token": t, "from": where}
                for t in sorted(set(getattr(hero, where))) if ":" not in t]
    out += [{"do": "drop", **a, "token": t, "from": "inventory"} for t in hero.inventory.values()]
    out += [{"do": "forge", **a, "give": list(pair), "take": t} for pair, t in upper.forge_options(s, hero)]
    out += [{"do": "trade", **a, "give": g, "take": t} for g, t in upper.trade_options(s, hero, s.turn.traded)]
    for cid in hero.hand:
        out += [{"do": "mission", **a, "card": cid, **extra} for extra in missions.completable(c, s, hero, cid)]
    out.append({"do": "end", **a})
    out += [{"do": "end", **a, "improve": t} for t in upper.improve_options(s, hero)]
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


def teleports(c: Content, s: HState, hero: Hero) -> list[tuple[str, str]]:
    """"Move your hero to any space in the Upper World or Underworld that your figure could
    normally stand on. You may also teleport directly onto the treasure.\""""
    out = [(UPPER, at) for at in s.upper if not (hero.world == UPPER and at == hero.at)]
    taken = under.figures(s)
    out += [(UNDER, lab) for lab in c.underworld.labels if lab not in taken]
    return out


# -- carrying an action out -------------------------------------------------------------------------------

def apply(c: Content, s: HState, action: dict) -> list[dict]:
    ok = legal(c, s)
    if action not in ok:
        hid = to_act(s)
        raise RulesError(f"not legal now: {describe(action)}"
                         + (f" ({hid} to act)" if hid else " (the monsters' turn)"))
    hero = s.board[action["hero"]]
    start = len(s.log)
    do = action["do"]
    if do in COSTLY:
        s.turn.used += 1
    s.log.append({"event": "action", **action})
    if do in _BOARD:
        _BOARD[do](c, s, hero, action)
        ends = False
    else:
        ends = getattr(_Do, do)(c, s, hero, action)
    forced = ends or any(e.get("event") in ("turn_ends", "knocked_out") and e.get("hero") == hero.id
                         for e in s.log[start:])
    if not s.outcome and (forced or do == "end"):
        finish_turn(c, s, hero, action.get("improve"))
    return s.log[start:]


# the actions that only change the hero's board (they never end the turn)
_BOARD = {
    "eat": lambda c, s, hero, a: hb.eat(c, s, hero, a["food"]),
    "drink": lambda c, s, hero, a: hb.drink(c, s, hero, a["potion"]),
    "equip": lambda c, s, hero, a: hb.equip(hero, a["token"]),
    "unequip": lambda c, s, hero, a: hb.unequip(hero, a["slot"]),
    "drop": lambda c, s, hero, a: hb.drop(s, hero, a["token"], a["from"]),
}


class _Do:
    """One function per other action; each returns True when the action itself ends the turn."""

    @staticmethod
    def move(c, s, hero, a):
        if hero.world == UNDER:
            under.arrive(c, s, hero, a["to"], "move")
            return False
        hero.at = a["to"]
        return _entered_upper(c, s, hero)

    @staticmethod
    def explore(c, s, hero, a):
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
        return _entered_upper(c, s, hero)

    @staticmethod
    def descend(c, s, hero, a):
        under.arrive(c, s, hero, c.underworld.labels[c.underworld.portals[a["portal"]]], "portal")
        return False

    @staticmethod
    def ascend(c, s, hero, a):
        under.leave(c, s, hero, under.exit_cell(c, s, hero), "portal")
        return _entered_upper(c, s, hero)

    @staticmethod
    def fight(c, s, hero, a):
        bonus = 0
        if "companion" in a:
            missions.complete(c, s, hero, a["companion"], {})
            bonus = 2                          # "Sword +2: Add +2 to your next combat die roll."
        if a["target"] in s.monsters:
            hero_attacks_monster(c, s, hero, s.monsters[a["target"]], bonus)
        else:
            hero_attacks_hero(c, s, hero, s.board[a["target"]], bonus)
        return False

    @staticmethod
    def decline(c, s, hero, a):
        new = missions.decline(s, hero, a["card"])
        s.log.append(hidden_draw({"event": "declined", "hero": hero.id, "card": a["card"], "drew": new}))
        return False

    @staticmethod
    def brew(c, s, hero, a):
        if "companion" in a:
            missions.complete(c, s, hero, a["companion"], {})
        hb.brew(c, s, hero, a["potion"])
        return False

    @staticmethod
    def teleport(c, s, hero, a):
        hb.drink(c, s, hero, "teleport")
        if a["world"] == UNDER:
            under.arrive(c, s, hero, a["to"], "teleport")
            return False
        if hero.world == UNDER:
            under.leave(c, s, hero, a["to"], "teleport")
        hero.at = a["to"]
        return _entered_upper(c, s, hero)

    @staticmethod
    def collect(c, s, hero, a):
        food = upper.food_here(s, hero)
        got = hb.collect_food(c, s, hero, food)
        s.log.append({"event": "collected", "hero": hero.id, "food": food, "count": got})
        return False

    @staticmethod
    def forge(c, s, hero, a):
        went = upper.forge(c, s, hero, tuple(a["give"]), a["take"])
        s.log.append({"event": "forged", "hero": hero.id, "give": a["give"], "take": a["take"], "went": went})
        return False

    @staticmethod
    def trade(c, s, hero, a):
        s.turn.traded = True
        went = upper.trade(c, s, hero, a["give"], a["take"])
        s.log.append({"event": "traded", "hero": hero.id, "give": a["give"], "take": a["take"], "went": went})
        return False

    @staticmethod
    def mission(c, s, hero, a):
        event = missions.complete(c, s, hero, a["card"], a)
        if event.get("boost") == "boots":
            s.turn.extra += 1                   # "You immediately have +1 action point available"
        return event["kind"] == "observer"

    @staticmethod
    def end(c, s, hero, a):
        return True


def _entered_upper(c: Content, s: HState, hero: Hero) -> bool:
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


# -- the end of a turn, the monsters' turn, the next hero ---------------------------------------------------

def finish_turn(c: Content, s: HState, hero: Hero, improve: str | None = None) -> None:
    """The turn's end: a Laboratory's improvement, the used teleport given up, missions drawn up to
    3; then the monsters' turn if play passes the marker, else the next hero."""
    if improve:
        s.log.append({"event": "improved", "hero": hero.id, "from": improve, "to": upper.improve(s, hero, improve)})
    if hb.shed(s, hero, "teleport"):
        s.log.append({"event": "potion_spent", "hero": hero.id, "potion": "teleport"})
    drawn = missions.refill(s, hero)
    event = {"event": "turn_end", "hero": hero.id, "drew": len(drawn), **({"cards": drawn} if drawn else {})}
    s.log.append(hidden_draw(event) if drawn else event)
    if s.cycle == "marked" and s.marker == hero.id:
        if s.marker_skip:
            s.marker_skip = False
        else:
            s.cycle = machines.step(machines.CYCLE, s.cycle, "pass_marker")
            return
    advance(c, s)


def monster_phase(c: Content, s: HState, policy: str | None = None, chooser=None) -> list[dict]:
    """The monsters' turn when it is due; then the next hero. ``chooser``: a plugged-in policy's
    ``(steps, rng) -> step`` (:func:`boss.plugged_turn`)."""
    if s.outcome or s.cycle != "monster_turn":
        raise RulesError("the monsters act when play passes the monster boss marker with heroes below")
    start = len(s.log)
    left = s.monster_points or boss.POINTS           # the rest of a turn the players began
    s.monster_points = 0
    s.commanders = []
    boss.monster_turn(c, s, policy, left, chooser)
    _monsters_done(c, s)
    return s.log[start:]


def _monsters_done(c: Content, s: HState) -> None:
    if s.cycle == "monster_turn":
        s.cycle = machines.step(machines.CYCLE, s.cycle, "turn_over")
    if not s.outcome:
        advance(c, s)


def monster_options(c: Content, s: HState) -> list[dict]:
    return boss.options(c, s)


def begin_monsters(c: Content, s: HState) -> list[dict]:
    """The players take up the monsters' turn: its 4 points, and the program's plan as advice."""
    if s.outcome or s.cycle != "monster_turn" or s.monster_points:
        return []
    start = len(s.log)
    boss.begin(c, s)
    return s.log[start:]


def command_monsters(c: Content, s: HState, step: dict) -> list[dict]:
    """The players as the monster boss (``rules.monster_boss: players``, as in the book: "Players
    whose hero figures are not in the Underworld command the monsters"): one step of the monsters'
    turn, ``{"do": "move", "monster", "to"}``, ``{"do": "attack", "monster", "target"}`` or
    ``{"do": "done"}``; the turn begins with the first command."""
    if s.outcome or s.cycle != "monster_turn":
        raise RulesError("the monsters act when play passes the monster boss marker with heroes below")
    start = len(s.log)
    if s.monster_points == 0:
        boss.begin(c, s)
    try:
        boss.check(c, s, step)
    except ValueError as e:
        raise RulesError(str(e)) from None
    s.log.insert(start, {"event": "monster_command", "said": boss.step_words(step)})     # where `why` finds it
    over = boss.command(c, s, step)
    if over:
        _monsters_done(c, s)
    return s.log[start:]


def roll_for_monsters(c: Content, s: HState) -> list[dict]:
    """The players commanding the monsters cannot agree: "a die roll decides which player controls
    the monsters (control goes to the player with the highest roll)"."""
    if not boss.may_roll(s):
        raise RulesError("a roll decides who commands the monsters when the players commanding them cannot agree "
                         "(more than one, in the monsters' turn)")
    start = len(s.log)
    s.log.append({"event": "monster_command", "said": "roll"})
    boss.roll_for_command(c, s, list(s.commanders), "the players commanding the monsters cannot agree")
    return s.log[start:]


def advance(c: Content, s: HState) -> None:
    """The next hero; after the last, a new round (the co-operative clock ticks)."""
    s.seat += 1
    if s.seat >= len(s.heroes):
        s.seat = 0
        s.round += 1
        s.log.append({"event": "round", "round": s.round})
        clock.tick(c, s, 1)
        if s.outcome:
            return
    s.turn = Turn(s.heroes[s.seat])
    s.log.append({"event": "turn", "hero": s.turn.hero, "round": s.round})


# -- words --------------------------------------------------------------------------------------------------

def describe(a: dict) -> str:
    """An action in words ("erla: move 1,0", "corlof: fight ulumu with companion-bear-1")."""
    do, hero = a.get("do", "?"), a.get("hero", "?")
    rest = {"move": lambda: a.get("to"), "explore": lambda: a.get("to"), "descend": lambda: f"portal {a.get('portal')}",
            "ascend": lambda: "", "fight": lambda: a.get("target"), "decline": lambda: a.get("card"),
            "eat": lambda: a.get("food"), "brew": lambda: a.get("potion"), "drink": lambda: a.get("potion"),
            "teleport": lambda: f"{a.get('world')} {a.get('to')}", "collect": lambda: "",
            "equip": lambda: a.get("token"), "unequip": lambda: a.get("slot"),
            "drop": lambda: f"{a.get('token')} from {a.get('from')}",
            "forge": lambda: f"{' + '.join(a.get('give', []))} -> {a.get('take')}",
            "trade": lambda: f"{a.get('give')} -> {a.get('take')}",
            "mission": lambda: " ".join(str(x) for x in (a.get("card"), a.get("reward"), a.get("target")) if x),
            "end": lambda: f"improve {a['improve']}" if a.get("improve") else ""}.get(do, lambda: "")()
    extra = f" with {a['companion']}" if a.get("companion") else ""
    return f"{hero}: {do}{(' ' + str(rest)) if rest else ''}{extra}"


__all__ = ["apply", "ap_left", "describe", "legal", "monster_phase", "new_state", "to_act", "cell"]
