"""Return of the Heroes together (``mode: coop``, ours: the book has only the race): the enemy phase
the program plays when a round ends, with the Nameless deck (:mod:`overlord.games.roth.deck`,
``decks/roth/nameless-deck.yaml``) and the darkness, a clock that can beat the heroes. The company
wins when any hero kills the Nameless (``turns.nameless_slain``); every rule here is ours, grown
from the book's texts named below and in each card's ``book``.

- The phase (:func:`enemy_phase`): the top card of the Nameless deck (shuffled at its first draw,
  its discards reshuffled when it runs out, ``core.decks``), its effects in order - ``early`` instead
  while the Nameless has not come out of the bag ("At the beginning of the game, the Nameless counter
  is not yet in the bag", The Final Battle Against the Nameless: no Servant is on the map then) -
  then the darkness rises by the scenario's ``coop.darkness_each_round``.
- The clock (:func:`darken`): at ``coop.darkness_limit`` for the party's size the heroes are beaten
  (``game_over``, a defeat; the Nameless's machine ``end``).
- The effects (the cards' vocabulary):
  ``darkness`` the clock; ``draw`` counters from the bag ("counters drawn from the bag"), placed
  against the heroes; ``call`` the Nameless into the bag early (Option 1: "The Nameless counter is
  placed in the bag right from the start"); ``summon`` Servants from the bag "drawn unseen and
  immediately placed on their coordinates"; ``march`` Servants walk toward the heroes ("his Guards
  and especially his Servants appear. This makes movement in the regions more difficult");
  ``strike`` a Servant on a hero's field fights him; ``ordeal`` an event of the Nameless's ("one
  player after the other attempts a trial ... if unsuccessful, a player is eliminated, but doesn't
  lose any hit points", Events); ``hide`` "The Servant marker is turned over again and its ratings
  hidden".

Readings (ours; the other reading named):

- Only what the heroes see: the program's choices read the fields, the heroes' figures and sheets
  and the counters' faces as they lie; a face-down counter is "a counter" to it. A counter it draws
  goes on its coordinates, or - a chit, face down, nobody knows what it is - on the free tan field
  nearest a hero, where it stops him ("At every random encounter chit, you have to stop and turn it
  over", Counters); the book's race places a chit where the drawing player likes, and our race
  puts it far from every hero (``draws.RothBag``). The Servants ``summon`` brings are drawn at
  random from those in the bag, unseen, as the book's Emergence draws them (the other reading:
  the ones nearest a hero, which would read their coordinates in the bag).
- The Servants walk the routes (``RegionBoard.walk``, one-way routes one way), never the dotted
  routes, the ferries nor a hidden field (red, green, yellow: "To enter these, you first must find
  the path"), and never onto the tower, a Guard's post or a manor: a hero at his manor is safe
  ("you should always be able to reach a place where you can regain lost hit points"). Each
  ``march`` moves the Servant nearest a hero first (spaces along the Servants' ways; reading order
  of its field), toward its nearest hero (turn order), to the field within its steps nearest him
  (fewest steps; reading order). A Servant already on a hero's field stays.
- A strike is the book's combat begun by the Servant: its ratings are turned up, the hero defends in
  the skill of its dots that gives him the highest rating (the program's choice for his player:
  dots' order on a tie), a trial a heart (Combat and Combat Trials). Lost: a hit point (the hero's
  choice of where from is the family's ``heroes.life``), and the Servant is turned face down again.
  Won: the Servant is beaten off, stays on its field with its ratings known, and gives nothing (the
  other reading: defeated, as in the hero's own fight).
- An ordeal costs no hit point (the book's events never do: "Hit points can only be lost if a
  trial is unsuccessful during battle"); each hero who fails darkens the land by one.
"""

from __future__ import annotations

from collections import deque

from overlord.core.decks import discard_card, shuffled
from overlord.core.game import RulesError, hidden_draw
from overlord.games.heroes import draws as family
from overlord.games.heroes import life
from overlord.games.heroes.bag import reading_order
from overlord.games.heroes.regions import RegionBoard
from overlord.games.heroes.sheet import skill_value
from overlord.games.heroes.state import lift, put, where
from overlord.games.heroes.trials import RETURN_HEART_RULE, combat, skill_trial

from . import draws, lands, machines
from .content import DOT_SKILL
from .deck import effect_name
from .draws import NOT_FOR_PLACING, RothBag, nameless_out
from .fights import LIFE, counter_of
from .state import Ctx
from .turns import end


class AgainstTheHeroes(RothBag):
    """The Nameless's draws: a counter without coordinates goes where it stops a hero (see the
    module's readings)."""

    def harmful(self, ctx: Ctx, instance: str) -> bool:
        return True


AGAINST = AgainstTheHeroes()


# -- the phase and the clock ----------------------------------------------------------------------------

def darkness_limit(ctx: Ctx) -> int:
    """The darkness that beats the heroes: the scenario's ``coop.darkness_limit`` for their number."""
    coop = ctx.c.scenario.coop
    if ctx.s.mode != "coop" or coop is None:
        raise RulesError("the enemy phase and its darkness are the co-operative mode's (mode: coop)")
    return coop.darkness_limit[len(ctx.s.heroes)]


def enemy_phase(ctx: Ctx) -> list[dict]:
    """The enemy phase at a round's end: the Nameless deck's top card played, then the darkness of
    the round. Returns the events; at the limit the game is over (``s.outcome`` "defeat")."""
    s, c = ctx.s, ctx.c
    limit = darkness_limit(ctx)
    if s.outcome:
        return []
    out: list[dict] = []
    if s.nameless_deck is not None:
        card_id = ctx.draw(s.nameless_deck, lambda cid: {
            "event": "nameless_card", "card": cid, "name": c.cards[cid].name, "text": c.cards[cid].text,
            "ours": True, "book": c.cards[cid].book, "early": not nameless_out(ctx) and bool(c.cards[cid].early)})
        out.append(s.log[-1])
        out += play_card(ctx, card_id)
    if not s.outcome:
        out += darken(ctx, c.scenario.coop.darkness_each_round, "the darkness grows every round", limit)
    return out


def play_card(ctx: Ctx, card_id: str) -> list[dict]:
    """A card's effects in order (``early`` while the Nameless is not out), until the game ends; the
    card to the discard pile."""
    s, c = ctx.s, ctx.c
    card = c.cards[card_id]
    out: list[dict] = []
    for effect in card.plays(nameless_out(ctx)):
        if s.outcome:
            break
        name = effect_name(effect)
        out += EFFECTS[name](ctx, card_id, getattr(effect, name))
    discard_card(s.nameless_deck, card_id)
    return out


def darken(ctx: Ctx, by: int, why: str, limit: int | None = None) -> list[dict]:
    """The clock advances ``by``; at the limit the heroes are beaten."""
    s = ctx.s
    limit = darkness_limit(ctx) if limit is None else limit
    if by <= 0:
        return []
    s.darkness = min(limit, s.darkness + by)        # the clock stops at its limit
    out = [ctx.log({"event": "darkness", "by": by, "darkness": s.darkness, "limit": limit, "why": why})]
    if s.darkness < limit:
        return out
    if "end" in machines.allowed("nameless", s.nameless, s, ctx.c):
        ctx.fire(machines.NAMELESS, "end")
    return out + end(ctx, "defeat", f"the darkness reached {limit}: the Nameless holds the land (the co-operative "
                                    "clock, ours)")


def _nothing(ctx: Ctx, card: str, effect: str, why: str) -> list[dict]:
    return [ctx.log({"event": "no_effect", "card": card, "effect": effect, "why": why})]


# -- the effects -------------------------------------------------------------------------------------

def _darkness(ctx: Ctx, card: str, n: int) -> list[dict]:
    return darken(ctx, n, f"{ctx.c.cards[card].name}")


def _draw(ctx: Ctx, card: str, spec) -> list[dict]:
    out: list[dict] = []
    for _ in range(spec.counters):
        if ctx.s.outcome or not ctx.s.bag:
            break
        out += family.draw_one(ctx, AGAINST, None, f"the Nameless's card {ctx.c.cards[card].name}")
    return out or _nothing(ctx, card, "draw", "the bag is empty")


def _call(ctx: Ctx, card: str, spec) -> list[dict]:
    s, c = ctx.s, ctx.c
    if s.nameless != "absent":
        return _nothing(ctx, card, "call", "the Nameless is in the bag or out of it already")
    inst = next(i for i in s.aside if c.spec(i).effect == "nameless")
    s.aside.remove(inst)
    s.bag.append(inst)
    ctx.fire(machines.NAMELESS, "enter")
    return [ctx.log({"event": "nameless_called", "counter": inst, "machine": "nameless", "state": s.nameless,
                     "why": "the Nameless enters the bag before his time"})]


def _summon(ctx: Ctx, card: str, spec) -> list[dict]:
    s, c = ctx.s, ctx.c
    pool = sorted(i for i in s.bag if c.spec(i).effect == "servant")
    if not pool:
        return _nothing(ctx, card, "summon", "no Servant is in the bag")
    out = []
    for inst in shuffled(pool, ctx.rng)[:spec.servants]:          # "drawn unseen"
        s.bag.remove(inst)
        if lands.waits(ctx, inst):                              # the Unknown Land: its region face down
            out += draws.wait(ctx, inst)
            continue
        put(s, c.spec(inst).at, inst, face_down=True)
        out.append(ctx.log(hidden_draw({"event": "servant_summoned", "counter": inst, "at": c.spec(inst).at,
                                        "why": "drawn unseen and placed on its coordinates, face down"})))
    return out


def _march(ctx: Ctx, card: str, spec) -> list[dict]:
    s, board = ctx.s, ctx.c.board
    heroes = standing(ctx)
    ways = {h: servant_spaces(board, s.at[h].field) for h in heroes}
    taken = {s.at[h].field for h in heroes}
    moved: list[str] = []
    out: list[dict] = []

    def nearest(i: str) -> int:
        return min(d for h in heroes if (d := spaces_from(board, ways[h], where(s, i))) is not None)
    for _ in range(spec.servants):
        ready = [i for i in servants(ctx) if i not in moved and where(s, i) not in taken
                 and any(spaces_from(board, ways[h], where(s, i)) is not None for h in heroes)]
        if not ready:
            break
        pick = ctx.decide("Servant that walks", ready, lambda i: (nearest(i),), ("spaces to the nearest hero",),
                          ("reading order of its field", lambda i: board.order(where(s, i)), lambda i: where(s, i)))
        moved.append(pick.choice)
        out += walk(ctx, pick, ways, spec.fields)
    return out or _nothing(ctx, card, "march", "no Servant on the map can walk toward a hero")


def walk(ctx: Ctx, pick, ways: dict[str, dict[str, int]], fields: int) -> list[dict]:
    """The Servant ``pick`` chose walks up to ``fields`` toward its nearest hero (``ways``: each
    hero's :func:`servant_spaces`)."""
    s, board = ctx.s, ctx.c.board
    inst = pick.choice
    at = where(s, inst)
    near = [h for h in ways if spaces_from(board, ways[h], at) is not None]
    toward = ctx.decide("hero the Servant walks toward", near, lambda h: (spaces_from(board, ways[h], at),),
                        ("spaces",), ("first in turn order", s.heroes.index))
    way = ways[toward.choice]
    reach = servant_reach(board, at, fields)
    stops = [f for f in reach if spaces_from(board, way, f) is not None]
    stop = ctx.decide("field the Servant stops on", stops, lambda f: (spaces_from(board, way, f), reach[f]),
                      ("spaces to the hero", "steps walked"), reading_order(board))
    down = inst in s.down
    lift(s, inst)
    put(s, stop.choice, inst, face_down=down)
    return [ctx.log({"event": "servant_moved", "counter": inst, "from": at, "to": stop.choice, "toward": toward.choice,
                     "steps": reach[stop.choice], "spaces_left": spaces_from(board, way, stop.choice),
                     "decisions": [pick.to_json(), toward.to_json(), stop.to_json()]})]


def _strike(ctx: Ctx, card: str, spec) -> list[dict]:
    s = ctx.s
    heroes = standing(ctx)
    out: list[dict] = []
    for inst in servants(ctx):
        at = where(s, inst)
        for hero in [h for h in heroes if s.at[h].field == at]:
            if s.outcome or s.sheets[hero].dead or s.at[hero].field != at:
                continue
            out += strike(ctx, inst, hero, spec.modifier)
    return out or _nothing(ctx, card, "strike", "no Servant stands on a hero's field")


def strike(ctx: Ctx, inst: str, hero: str, modifier: int = 0) -> list[dict]:
    """A Servant on the hero's field fights him: its ratings turned up, the hero's trials in the skill
    of its dots that rates him highest (a trial a heart); lost, a hit point and the Servant face down
    again; won, the Servant is beaten off and stays, its ratings known."""
    s, c = ctx.s, ctx.c
    sheet = s.sheets[hero]
    at = where(s, inst)
    modifier += ctx.trial_modifier(hero)            # a combined game's own (an Evil Mark on his map: -1)
    out = []
    if inst in s.down:
        s.down.remove(inst)
        out.append(ctx.log(hidden_draw({"event": "revealed", "hero": hero, "counter": inst, "name": c.spec(inst).name,
                                        "at": at})))
    dots = dict(c.spec(inst).dots)

    def target(skill: str) -> int:
        colour = next(col for col, sk in DOT_SKILL.items() if sk == skill)
        return skill_value(sheet, skill) + dots[colour] + modifier
    skills = [DOT_SKILL[col] for col in dots]
    choice = ctx.decide("skill the hero defends with", skills, lambda sk: (-target(sk),), ("rating",),
                        policy="the dots' order", shown=lambda sk: (target(sk),))
    skill = choice.choice
    result = combat(sheet, counter_of(ctx, inst), skill, rng=ctx.dice, extra_modifier=modifier,
                    heart_rule=RETURN_HEART_RULE)
    out.append(ctx.log({"event": "servant_strike", "counter": inst, "hero": hero, "at": at, "skill": skill,
                        "trials": [t.reason for t in result.trials], "won": result.won, "decision": choice.to_json()}))
    if result.won:
        return out + [ctx.log({"event": "servant_beaten_off", "counter": inst, "hero": hero, "at": at,
                               "why": "the strike is beaten off: the Servant stays, its ratings known"})]
    s.down.append(inst)
    out.append(ctx.log({"event": "turned_down", "counter": inst, "why": "a Servant who wins is turned over again, "
                                                                       "its ratings hidden"}))
    return out + life.wound(ctx, LIFE, hero, "struck by a Servant")


def _ordeal(ctx: Ctx, card: str, spec) -> list[dict]:
    s = ctx.s
    name = ctx.c.cards[card].name
    order = s.heroes[s.order:] + s.heroes[:s.order]
    out: list[dict] = []
    failed = 0
    for hero in order:
        sheet = s.sheets[hero]
        if sheet.dead or s.at[hero].out or ctx.elsewhere(hero):
            continue
        t = skill_trial(sheet, spec.skill, spec.modifier + ctx.trial_modifier(hero), rng=ctx.dice, against=name)
        failed += not t.success
        out.append(ctx.log({"event": "ordeal", "card": card, "hero": hero, "skill": spec.skill, "trial": t.reason,
                            "won": t.success}))
    return out + darken(ctx, failed, f"{name}: {failed} of the heroes failed")


def _hide(ctx: Ctx, card: str, spec) -> list[dict]:
    s = ctx.s
    seen = [i for i in servants(ctx) if i not in s.down]
    if not seen:
        return _nothing(ctx, card, "hide", "no Servant's ratings are known")
    s.down.extend(seen)
    return [ctx.log({"event": "hidden_again", "counters": seen, "why": "turned over again and its ratings hidden"})]


EFFECTS = {"darkness": _darkness, "draw": _draw, "call": _call, "summon": _summon, "march": _march,
           "strike": _strike, "ordeal": _ordeal, "hide": _hide}


# -- what the program reads ---------------------------------------------------------------------------

def standing(ctx: Ctx) -> list[str]:
    """The heroes on the board, in turn order (a combined game's hero elsewhere - below - is not)."""
    return [h for h in ctx.s.heroes if not ctx.s.at[h].out and not ctx.s.sheets[h].dead and not ctx.elsewhere(h)]


def servants(ctx: Ctx) -> list[str]:
    """The Servants on the map, by their ids."""
    s, c = ctx.s, ctx.c
    return sorted(i for here in s.board.values() for i in here if i in c.instances and c.spec(i).effect == "servant")


def may_enter(board: RegionBoard, fid: str) -> bool:
    """A field a Servant walks onto: no hidden location, no tower, Guard's post or manor."""
    f = board.fields[fid]
    return not f.is_hidden and f.feature not in NOT_FOR_PLACING


def servant_spaces(board: RegionBoard, target: str) -> dict[str, int]:
    """Every field a Servant may stand on, with the steps along the routes it walks to ``target`` (the
    target itself 0, whatever field it is)."""
    before: dict[str, list[str]] = {}
    for a, ends in board.walk.items():
        for b in ends:
            before.setdefault(b, []).append(a)
    dist = {target: 0}
    todo = deque([target])
    while todo:
        here = todo.popleft()
        for prev in before.get(here, []):
            if prev not in dist and may_enter(board, prev):
                dist[prev] = dist[here] + 1
                todo.append(prev)
    return dist


def servant_reach(board: RegionBoard, start: str, steps: int) -> dict[str, int]:
    """The fields a Servant on ``start`` reaches in up to ``steps`` steps, with the steps (0: stays)."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if dist[here] == steps:
            continue
        for nxt in board.walk[here]:
            if nxt not in dist and may_enter(board, nxt):
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    return dist


def spaces_from(board: RegionBoard, way: dict[str, int], fid: str) -> int | None:
    """The steps from ``fid`` along ``way`` (:func:`servant_spaces`); a Servant standing where it may
    not walk (its coordinates on a hidden field) leaves it by a route; None: no way."""
    if fid in way:
        return way[fid]
    onward = [way[n] + 1 for n in board.walk[fid] if n in way and n != fid]
    return min(onward) if onward else None
