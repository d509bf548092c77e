"""Every action of Return of the Heroes with the Dragon: each box's own moves, each played by the
rules of the box it belongs to (``overlord.core.moves``; the legal actions, the table's help and
parsing, the words of an action all come from :data:`MOVES`).

Which box's rules play an action (:func:`route`):

- an action on a counter (a creature fought, a task, an artifact, an encounter, a drink) by the
  rules of the counter's box: the Dragon's Basilisk by the Dragon's, Return of the Heroes' mice by
  its own;
- a step, a search for a hidden route, a rest by the rules of the map the field lies on (each box's
  maps are its rules' places: Return of the Heroes' lake and court, the Dragon's Labyrinth, Desert
  and Isle);
- a market on offer by its box's (Return of the Heroes' markets, the City of the Mages);
- a move only one box has by that box's (Return of the Heroes' final battle, the heroic deeds, the
  Broomstick; the Dragon's spells, jumps, the Halfling's hiding...); the end of a turn by the
  family's turns with both games' parts (``context``).

``teleport FIELD`` is Return of the Heroes' teleporter counter (the hero names the field);
``teleport`` alone the Dragon's teleporter fields of the City (a die names it).

Before the first turn each player places his manor house (``house FIELD``, ``manors``); the
program places its rivals' (:func:`rival_house`: the site nearest the middle of the board, ours).
"""

from __future__ import annotations

import dataclasses

from overlord.core.moves import Move, Moves, Param
from overlord.games.dragon import verbs as dragon_verbs
from overlord.games.heroes import verbs as family_verbs
from overlord.games.roth import verbs as roth_verbs

from . import companion, context, turns
from .houses import house_sites, place_house
from .context import Ctx

R, D = roth_verbs.MOVES, dragon_verbs.MOVES
THINGS = ("target", "item", "task", "thing")
BY_MAP = ("move", "search", "rest")
BY_OFFER = ("buy", "close")

HOUSE = Param("to", "field", "FIELD")
#: when a move may be done, as the expansion says it (a refusal's words): "Whenever a player moves into
#: the Capital (J), he may choose a heroic deed ... You may not take up more than one heroic deed."
WHEN = {"pick": "in the Capital (map J, or its royal court as the scenario reads it), once a turn, holding no heroic deed"}


# -- which box's rules ------------------------------------------------------------------------------------------

def route(ctx, action: dict) -> str:
    """The box whose rules play ``action``: "roth" or "dragon" (see the module's docstring)."""
    name = action["do"]
    if name not in R:
        return "dragon"
    if name not in D:
        return "roth"
    instances = ctx.kc.instances
    for key in THINGS:
        if action.get(key) in instances:
            return ctx.kc.boxes.box(action[key])
    s = context._state(ctx)
    if name == "place":
        return ctx.kc.boxes.box(s.pending["place"])
    if name == "teleport":
        return "roth" if "to" in action else "dragon"
    if name in BY_MAP:
        hs = s.at[s.turn.hero]
        return context.map_box(ctx, action.get("to") or hs.between or hs.field)
    if name in BY_OFFER and s.offer:
        return ctx.kc.boxes.box(s.offer[0])
    return "roth"


def lens(ctx, box: str):
    return context.roth(ctx) if box == "roth" else context.dragon(ctx)


# -- the moves ---------------------------------------------------------------------------------------------------

def _routed(name: str) -> Move:
    """The move ``name`` of the combination: the definition of the box that has more to say (the
    Dragon's ``fight ... with SPELL`` and ``use ... SKILL``), applied by the box :func:`route` names."""
    r, d = R.moves.get(name), D.moves.get(name)
    base = r if d is None or (r is not None and len(r.params) >= len(d.params)) else d
    if name == "teleport":                      # teleport [FIELD]
        base = dataclasses.replace(r, params=tuple(dataclasses.replace(p, optional=True) for p in r.params),
                                   help="step through a teleporter: to a tan field you name (a teleporter counter), "
                                        "or where a die sends you (the City's teleporter fields)")

    if name in WHEN:                            # what the expansion changes of when it may be done
        base = dataclasses.replace(base, when=WHEN[name])

    def apply(ctx, action: dict, hero: str, choice: dict) -> list[dict]:
        box = route(ctx, action)
        moves = R if box == "roth" else D
        own = {k: v for k, v in choice.items() if k in moves.choice_names()}
        return moves.moves[name].apply(lens(ctx, box), action, hero, own)

    slots = tuple(dict.fromkeys((r.slot_names() if r else ()) + (d.slot_names() if d else ())))

    def slot(ctx, action: dict, memo: dict) -> str | None:
        """The index as the routed box's own move names it (each box's lists read once: ``memo``)."""
        box = route(ctx, action)
        own = (R if box == "roth" else D).moves[name]
        return own.slot_of(lens(ctx, box), action, memo.setdefault(box, {}))

    return dataclasses.replace(base, apply=apply, legal=None, slots=slots, slot=slot, tells=_tells(r, d))


def _tells(r: Move | None, d: Move | None) -> dict:
    """Each event a move tells, worded by the game whose rules logged it (``rules``: both games tell
    a "fight" or a "taken" with fields of their own), with its lens's content."""
    told = {e: {"roth": t} for e, t in (r.tells if r else {}).items()}
    for e, t in (d.tells if d else {}).items():
        told.setdefault(e, {})["dragon"] = t
    return {e: _teller(by) for e, by in told.items()}


def _teller(by: dict):
    def told(s, c, e: dict):
        box = e.get("rules") or next(iter(by))
        if box not in by:                       # that game's moves do not tell it: its narration does
            return None
        if box == "roth":
            return by[box](s, c.roth, e)
        return by[box](context.CityView(s, c.dragon_scenario.mode), c.dragon(tuple(s.layout)), e)
    return told


HOUSE_SLOTS = 20          # the maps a house may go on: 25 but the five taboo ones


def _house_slot(ctx, action: dict, memo: dict) -> str | None:
    """A house's index for learning agents: the k-th map open, by its first site (another site of the
    same map has none)."""
    sites = memo.setdefault("houses", house_sites(ctx))
    board = context.roth(ctx).c.board
    maps = list(dict.fromkeys(board.field(f).region for f in sites))
    letter = board.field(action["to"]).region
    first = next(f for f in sites if board.field(f).region == letter)
    return f"house {maps.index(letter)}" if action["to"] == first and maps.index(letter) < HOUSE_SLOTS else None


def _befriend(ctx: Ctx, action: dict, hero: str, choice: dict) -> list[dict]:
    return companion.befriend(ctx, hero, action["target"])


COUNTER = Param("target", "counter", "COUNTER")


def _house(ctx: Ctx, action: dict, hero: str, choice: dict) -> list[dict]:
    return place_house(ctx, hero, action["to"])


NAMES = list(R.moves) + [n for n in D.moves if n not in R.moves]
MOVES = Moves([Move("house", "place your manor house by a field (before the first turn)", (HOUSE,), _house,
                    words=lambda a: f"house {a['to']}", when="before the first turn",
                    slots=tuple(f"house {k}" for k in range(HOUSE_SLOTS)), slot=_house_slot)]
              + [_routed(n) for n in NAMES]
              + [Move("befriend", "the Orc takes the Orcs he beat this turn as his companion", (COUNTER,), _befriend,
                      when="the Orc, after beating Return of the Heroes' Orcs", slots=("befriend",),
                      tells={"companion": lambda s, c, e: f"  {e['hero']} takes {e['counter']} as his companion: {e['why']}"})],
              tuple({p.name: p for p in (*D.choices, *R.choices)}.values()), listing=lambda ctx: legal(ctx))
M = MOVES.moves


# -- what may be done now ---------------------------------------------------------------------------------------

def legal(ctx, hero: str | None = None) -> list[dict]:
    """What the hero to act may do now: each box's legal actions that its rules play."""
    s = context._state(ctx)
    hero = hero or turns.current(s)
    if hero is None:
        return []
    if s.pending.get("house"):
        return [M["house"](f) for f in house_sites(ctx)]
    if "place" in s.pending:
        box = ctx.kc.boxes.box(s.pending["place"])
        own = roth_verbs.legal(context.roth(ctx), hero) if box == "roth" else dragon_verbs.legal(context.dragon(ctx), hero)
        return own
    if s.pending:                               # the Dragon's own: a draw or a spell, an attacked hero, a steer
        return [a for a in dragon_verbs.legal(context.dragon(ctx), hero) if not barred(ctx, hero, a)]
    ends = [M["end"]()]
    theirs = [a for a in roth_verbs.legal(context.roth(ctx), hero) if route(ctx, a) == "roth" and a not in ends]
    theirs += [a for a in dragon_verbs.legal(context.dragon(ctx), hero)
               if route(ctx, a) == "dragon" and a not in ends and a not in theirs]
    theirs = [a for a in theirs if not barred(ctx, hero, a)]
    theirs += [M["befriend"](i) for i in companion.befriend_targets(ctx, hero) if s.turn.phase != "over"]
    forced = s.turn.combat or s.offer or s.turn.phase == "over"
    return theirs + ([] if forced and theirs else ends)


#: Return of the Heroes' mount and cart (its artifacts' ids): "This special ability does not work when
#: riding a mount or when in the Cart (if using the expansion game)" (the Halfling)
MOUNTS = ("horse", "cart")


def barred(ctx, hero: str, action: dict) -> str:
    """Why the expansion bars an action one box's rules allow ("" when it does not):

    - the Orc's companion is no artifact: never dropped, given up or sold (``companion``);
    - the Halfling hides on no mount: "This special ability does not work when riding a mount or
      when in the Cart (if using the expansion game)" (Under the Shadow of the Dragon, Halfling);
    - no broomstick in a storm: "It is not possible to ride the Stubborn Magic Broom (from Return of
      the Heroes) or the Pegasus during the Storm" (Storm/Event)."""
    s = context._state(ctx)
    if action.get("item") and companion.is_companion(ctx, action["item"]):
        return "the Orc's companion is \"not considered an artifact\": it goes when its hit point is lost"
    if action["do"] == "hide" and any(i.id in ctx.kc.boxes.roth.instances
                                      and ctx.kc.boxes.roth.spec(i.id).artifact in MOUNTS for i in s.sheets[hero].items):
        return "riding a mount or in the Cart"
    if action["do"] == "fly" and s.storm:
        return "the storm"
    return ""


def apply(ctx, action: dict, hero: str | None = None) -> list[dict]:
    """One legal action (RulesError, nothing changed, for one that is not legal now)."""
    out = family_verbs.apply(MOVES, ctx, action, legal(ctx, hero), hero or turns.current(ctx.s))
    return out + settled(ctx)


def settled(ctx) -> list[dict]:
    """After every step: each market counter in its own box's pile, the Orc's companion where its hit
    point says, and - together - the Dragon's hoard against its limit."""
    context.sort_piles(ctx)
    companion.settle(ctx)
    return context.check_hoard(ctx)


def tell(s, c, e: dict) -> str | None:
    return family_verbs.tell(MOVES, s, c, e)
