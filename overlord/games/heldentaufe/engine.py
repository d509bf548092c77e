"""A game of Heldentaufe as legal actions and their effects ("Turn Sequence", "The Three
Actions", and everything a hero may do for free on a turn): the setup, who acts, the turn's end, the
monsters' turn. Each action is defined once in ``verbs`` (``MOVES``); :func:`legal` and :func:`apply`
list and carry them out.

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

from overlord.core.context import Context
from overlord.core.decks import Deck
from overlord.core.game import RulesError, hidden_draw
from overlord.core.rng import new_rng, rng_state

from . import boss, clock, heroes as hb, machines, missions, under, upper
from .board import cell
from .content import Content
from .state import UPPER, Hero, HState, Monster, Turn
from .verbs import MOVES, ap_left



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


# -- legal actions and carrying one out (each action is defined once, in ``verbs``) ---------------------

def legal(c: Content, s: HState) -> list[dict]:
    return [] if to_act(s) is None else MOVES.legal(Context.reading(s, c))


def apply(c: Content, s: HState, action: dict) -> list[dict]:
    ok = legal(c, s)
    if action not in ok:
        hid = to_act(s)
        raise RulesError(f"not legal now: {describe(action)}"
                         + (f" ({hid} to act)" if hid else " (the monsters' turn)"))
    hero = s.board[action["hero"]]
    start = len(s.log)
    s.turn.used += MOVES.of(action).cost
    s.log.append({"event": "action", **action})
    ends = MOVES.apply(Context.reading(s, c), action)
    forced = ends or any(e.get("event") in ("turn_ends", "knocked_out") and e.get("hero") == hero.id
                         for e in s.log[start:])
    if not s.outcome and (forced or action["do"] == "end"):
        finish_turn(c, s, hero, action.get("improve"))
    return s.log[start:]


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
    """An action in words ("erla: move 1,0", "corlof: fight ulumu with companion-bear-1"): its move's."""
    move = MOVES.moves.get(a.get("do", "?"))
    return move.describe(a) if move is not None else f"{a.get('hero', '?')}: {a.get('do', '?')}"


__all__ = ["apply", "ap_left", "describe", "legal", "monster_phase", "new_state", "to_act", "cell"]
