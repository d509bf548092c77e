"""The Damned One's fall and the Dark Side's triumph, as the combination ends or goes on (Heroes in
the Underworld, "Combined with Return of the Heroes"; what the Dragon's section changes is the game
above's, ``upper.Upper``: the foe barred, the reward, the gates that close):

- "The Nameless One may be fought only after the Damned One is defeated" (:func:`foe_barred`);
  "for a shorter game ... The Nameless One can then be fought instead of the Damned One also to
  achieve victory, not only after the defeat of the Damned One" (``rules.shorter``).
- "After the Damned One is defeated" (:func:`fallen`): the Evil Marks lifted; the Black Weapons out
  of the game; the slayer receives a Jewel (Return of the Heroes' precious stone: "the key to the four
  secret entries to the tower"), he and every hero still below are healed and brought to the gate's
  field; the gate out of play; "All heroes may discard one Shadow Cube" (each does, ours: after the
  fall a shadow cube only bars experience above); the Mail of Persephone and the Trident of Hades out
  of play. The Underworld closed, its tasks and black creatures still held go out of the game (ours:
  the book sends no hero below again). "Alternately (for a shorter game), the game can also end with the defeat of the Damned
  One": the slayer has won (the race: the players, unless he is a rival).
- "The game ends with the defeat of the Nameless One (or if 11 Shadow Cubes were placed on the Dark
  Side, in which case the player with the most Shadow Cubes is the winner)" (:func:`dark_side_full`):
  the players win if a hero of theirs has the most (ties shared, ours), else the rivals do. Together
  (ours) the company is beaten, the hero with the most taking the Underworld's "lesser victory".

What the book says of the Underworld's magic weapons above ("The Nameless One can be attacked with
these weapons in any skill area that has an asterisk") and of the Black Weapons before the fall
("Against the Nameless One, they have a value of +1") is not built yet (docs/hades.md).
"""

from __future__ import annotations

from overlord.games.heroes.sheet import heal, remove_cube, shadow_cubes
from overlord.games.heroes.state import lift
from overlord.games.underworld.state import kind_of, locations

from .gate import HELD_BELOW, STAY_BELOW, shed_order, under_kind
from .shadows import gate_field, gate_fields
from .view import UnderView


def foe_barred(ctx) -> str:
    """Why the foe the Damned One's fall opens may not be fought yet ("" when he may)."""
    s = ctx.s
    if s.part.outcome == "won" or s.rules.get("shorter"):
        return ""
    return ctx.c.up.barred_why


def barred(ctx, action: dict) -> str:
    """Why the combination bars an action the game above allows ("" when it does not): fighting the foe,
    or any way onto his field, before the Damned One has fallen (``upper.Upper.barred``)."""
    why = foe_barred(ctx)
    return why if why and ctx.c.up.barred(ctx, action) else ""


def fallen(ctx) -> list[dict]:
    """The Damned One has fallen (its slayer is the Underworld's part's ``winner``)."""
    s = ctx.s
    part, view = s.part, UnderView(s, ctx)
    slayer = part.winner
    up = ctx.c.up
    gate = gate_fields(s, ctx.c).get(up.arrival) or gate_field(s, ctx.c)
    out = [ctx.log({"event": "damned_fallen", "hero": slayer, "marks": list(s.marks),
                    "why": "After the Damned One is defeated"})]
    s.marks = []
    gone = []
    for cid, places in sorted(locations(view).items()):
        try:
            spec = kind_of(view, cid)
        except KeyError:
            continue
        if spec.kind == "black_weapon" or cid in STAY_BELOW:
            for place in places:
                _take(s, cid, place)
            part.removed.append(cid)
            gone.append(cid)
    reward = up.reward(ctx, slayer)
    healed = {}
    for h in [slayer] + [h for h in s.heroes if h in s.below and h != slayer]:
        healed[h] = heal(s.sheets[h])
        if h in s.below:
            del s.below[h]
            part.map.heroes.pop(h, None)
            s.at[h].field = gate
    for g in up.closing:
        if g in gate_fields(s, ctx.c):
            lift(s, g)
            s.removed.append(g)
    closed = {}
    for h in s.heroes:                # the Underworld closed: its tasks and creatures held go out of the game (ours)
        held = [t for t in s.sheets[h].tasks if under_kind(ctx.c.under.catalogue, t) in HELD_BELOW]
        for t in held:
            s.sheets[h].tasks.remove(t)
            part.removed.append(t)
        if held:
            closed[h] = held
    shed = {}
    for h in s.heroes:
        order = shed_order(s.sheets[h])
        if order:
            remove_cube(s.sheets[h], order[0], "black")
            shed[h] = order[0]
    part.turn = None
    out.append(ctx.log({"event": "fall_consequences", "hero": slayer, "removed": gone, "jewel": slayer,
                        "healed": healed, "up_at": gate, "shed": shed, "closed": closed,
                        **({"reward": reward} if reward != "a Jewel" else {}),
                        "why": "the Evil Marks removed, the Black Weapons and the Mail and the Trident out of the game, "
                               f"{reward} to the slayer, the heroes below healed and brought to the gate, the gate out of "
                               "play, a Shadow Cube shed by each hero"}))
    if s.rules.get("shorter"):
        out += up.slain(ctx, slayer, "the Damned One")
    return out


def _take(s, cid: str, place: str) -> None:
    part = s.part
    kind, _, who = place.partition(":")
    if kind == "items":
        sheet = s.sheets[who]
        sheet.items = [i for i in sheet.items if i.id != cid]
    elif kind == "tile":
        for t in part.map.placed:
            if t.id == who and cid in t.markers:
                t.markers.remove(cid)
        if cid in part.revealed:
            part.revealed.remove(cid)
    elif kind in ("treasure", "treasure_up", "card", "aside", "adventure"):
        getattr(part, kind).remove(cid)


def dark_side_full(ctx) -> list[dict]:
    """The eleventh shadow cube: the game is over, the hero with the most shadow cubes has won."""
    s = ctx.s
    counts = {h: shadow_cubes(s.sheets[h]) for h in s.heroes}
    most = max(counts.values(), default=0)
    best = [h for h in s.heroes if most and counts[h] == most]
    players = [h for h in best if h not in getattr(s, "rivals", ())]
    why = (f"the Dark Side is full (11 shadow cubes): {', '.join(best)} with the most shadow cubes ({most})" if best
           else "the Dark Side is full (11 shadow cubes) and no hero has a shadow cube")
    if s.mode == "coop":
        lesser = (f"; {', '.join(best)} with the most shadow cubes ({most}) "
                  f"take{'s' if len(best) == 1 else ''} the lesser victory" if best else "")
        return ctx.c.up.end(ctx, "defeat", f"the Dark Side is full (11 shadow cubes): the company is beaten{lesser}",
                            best)
    return ctx.c.up.end(ctx, "victory" if players else "defeat", why, best)
