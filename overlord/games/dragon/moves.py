"""Movement: steps along routes, hidden routes, the teleporters and the City, the Labyrinth, the
garbage dump, Orchan's ferry, the Rope, Pegasus, and the Basilisk's forced move.

A step, the hidden-route search and what a hero meets on arrival are the family's
(``overlord.games.heroes.moves``); :data:`MOVES` is the Dragon's part of them (the Map of the
Labyrinth, the Desert's hit points, counters only some heroes see, the Dragon Man, invisibility).

The book (Movement, Hidden Routes, Region Maps, Glossary):
- "Movement is effected by following the routes from field to field" (1 point a field); "A covered
  marker ... requires you to stop and uncover (turn over) the counter. This does not constitute an
  action, and thus does not end movement. Exception: If a counter with a red border (monster) is
  uncovered, this leads to combat" and "As soon as a player uncovers a creature, or moves onto an
  already uncovered creature counter, combat ensues automatically and the movement phase is
  immediately ended."
- Hidden routes: two dice at or under the field's number; failing, "The game figure is placed in
  between the two fields. You need to repeat the trial on your next turn. If [it succeeds] your hero
  has found the field and may use his remaining movement allowance to continue onward. If the sum
  exceeds the number, the game figure is placed on the field ... but has to skip the rest of this
  movement phase".
- Teleporters S3-S6: "A hero who enters one of these fields (even when on his last movement point),
  may roll a die directly afterwards. The hero is then placed on the field corresponding to the
  number rolled ... Each accumulated blue EC allows you to roll an additional die"; "from the City
  of the Mages, you may return to any of the fields S3, S4, S5, or S6 without rolling the die. This
  costs you one movement point". The dump S2: "Any hero getting to this field may roll a die: on a
  roll of 1, he has found an artifact ... To leave this field again, the hero needs to activate the
  teleporter while still on field S2 ... at the very beginning of a turn, and ends movement."
- The Labyrinth: "Whoever enters one of the four corner fields ... may roll a die directly
  afterwards. The hero is automatically transported to the field corresponding to the number
  rolled. Also, as long as the hero is inside the Labyrinth, roll the die once per round". The Map
  of the Labyrinth: "move freely around the Labyrinth ... without having to roll the die. In
  addition, he may freely enter all hidden routes".
- The Desert: "Once per turn of play, a hero in the Desert loses 1 HP, unless he ends his movement
  on field 6 ... or field 3 ... A hero who tried and failed to find the hidden route to field 5
  loses an additional HP, and even if he does get to field 5, he loses the additional HP."
- Orchan "ferries a hero to the Isle (region map Y) and back again at a cost of 1 gold piece";
  the Rope: "rappel down from field V1 directly onto field V9 ... avoid fighting the Dragon Man";
  Pegasus "takes you to any tan field of your choice. After landing, he (meaning, the counter)
  returns to the rest of the 'City of the Mages' counters" - "not ... during the Storm".

Readings:
- The teleporter's and the corner's "may roll" is an action-free option right after entering
  (``roll``); whoever does not roll walks on. With several dice the player picks the die; headless
  a 1 (the City) first, then a teleporter, then the dump.
- A hero who stands in the Labyrinth at the start of his turn rolls first; landing on a corner he
  may walk out with his movement, landing inside his movement is over (only dotted lines lead on).
- The dump's roll finds a "City of the Mages" counter drawn at random from the City's pile.
- Orchan's gold pays for the way out and back (``orchan_return_free``): from the Isle's landing he
  takes a hero back to his own field for nothing. Riding the ferry is using an encounter (an action).
- The Desert's hit point is taken at the end of the hero's turn, where his movement ended; a hero
  who ends it between two fields of the Desert (searching for field 5) is in the Desert and on
  neither the Oasis nor the Caravanserai: he loses it too, besides the additional one for the
  failed search. The Waterskin and the Camel spare him both ("A hero does not lose any HPs if he
  rides the Camel or owns the Waterskin"; the Waterskin's owner "may move across the Desert region
  map (W) without losing HPs").
- Invisibility passes the Dragon Man too (he is a red counter, not the Dragon), but only beating
  him opens the lair.
- The Basilisk's "player on your left" is the program (``program_choices``): it moves the confused
  hero as far as his movement allows along plain routes (no hidden field, teleporter, corner,
  City or lair; a counter stops him) to the field farthest from the Mouth of the Cave, counted along
  routes (then reading order; ties returned): away from where every hero must go in the end.
"""

from __future__ import annotations

from overlord.core.context import decide
from overlord.core.game import hidden_draw
from overlord.core.trace import Decision
from overlord.games.heroes.bag import reading_order
from overlord.games.heroes import moves as family
from overlord.games.heroes.sheet import item_with, movement_allowance
from overlord.games.heroes.state import face_up

from . import fights, life
from .state import Ctx, artifact, counter, sees

DUMP_ROLL = 1              # "on a roll of 1, he has found an artifact"


def has_effect(ctx: Ctx, hero: str, effect: str) -> str | None:
    """The instance of a carried artifact with ``effect``, or None."""
    return item_with(ctx.s.sheets[hero], effect, lambda i: getattr(artifact(ctx.s, ctx.c, i), "effect", ""))


def in_region_feature(ctx: Ctx, fid: str, feature: str) -> bool:
    return ctx.c.board.features.get(ctx.c.board.region_of(fid), "") == feature


def desert_proof(ctx: Ctx, hero: str) -> bool:
    """"A hero does not lose any HPs if he rides the Camel or owns the Waterskin" (UtSotD, The
    Desert): neither the turn's hit point nor the hidden route's additional one."""
    return bool(has_effect(ctx, hero, "waterskin") or has_effect(ctx, hero, "camel"))


def desert_hurts(ctx: Ctx, hero: str, fid: str) -> bool:
    """Whether being on (or searching for) ``fid`` costs the hero a hit point of the Desert."""
    return in_region_feature(ctx, fid, "desert") and not desert_proof(ctx, hero)


def step_targets(ctx: Ctx, hero: str) -> list[str]:
    s, b = ctx.s, ctx.c.board
    here = s.at[hero].field
    out = list(b.walk[here])
    if has_effect(ctx, hero, "labyrinth_map") and in_region_feature(ctx, here, "labyrinth"):
        out += [f for f in b.dotted[here] if f not in out]
    return out


def creature_here(ctx: Ctx, hero: str, fid: str) -> str | None:
    """The face-up creature the hero notices on ``fid`` (the Dragon apart), in lying order."""
    s, c = ctx.s, ctx.c
    for inst in s.board.get(fid, []):
        spec = counter(c, inst)
        if spec.border == "red" and inst not in s.backs and face_up(s, inst) and spec.effect != "dragon" \
                and sees(s, c, hero, inst):
            if spec.effect == "dragon_man" and s.dragon not in ("lair", "victorious"):
                continue
            return inst
    return None


def unnoticed(ctx: Ctx, hero: str, fid: str) -> list[dict]:
    """Counters on the field the hero does not see: "Beings and materials are visible only to the
    hero who has the appropriate scroll or task card" (Magic Artifacts); a task's person or
    artifact "All other heroes simply pass these counters by without noticing" (Tasks). Nothing
    happens; the event says so (the Dwarven Ghost met without the Axe's scroll)."""
    s, c = ctx.s, ctx.c
    out = []
    for inst in s.board.get(fid, []):
        if not face_up(s, inst) or sees(s, c, hero, inst):
            continue
        a = artifact(s, c, inst)
        spec = counter(c, inst)
        needs = [a.seen_with] if a is not None and a.seen_with else list(spec.needs)
        out.append(ctx.log({"event": "unnoticed", "hero": hero, "counter": inst, "at": fid,
                            "seen_with": [c.artifacts[n].name for n in needs if n in c.artifacts],
                            "kind": "weapon" if needs else "task"}))
    return out


class DragonMoves:
    """The Dragon's part of the family's movement (``heroes.moves.MoveRules``)."""

    def sure_way(self, ctx: Ctx, hero: str) -> bool:
        """The Map of the Labyrinth: "he may freely enter all hidden routes"."""
        return bool(has_effect(ctx, hero, "labyrinth_map"))

    def search_ease(self, ctx: Ctx, hero: str, to: str) -> int:
        return 0

    def turns_over(self, ctx: Ctx, hero: str, instance: str) -> bool:
        """Every face-down counter is a covered one: "A covered marker ... requires you to stop and
        uncover (turn over) the counter"."""
        return True

    def lost_way(self, ctx: Ctx, hero: str, to: str) -> list[dict]:
        """"A hero who tried and failed to find the hidden route to field 5 loses an additional HP"."""
        return life.wound(ctx, hero, f"lost the way to {to} in the Desert") if desert_hurts(ctx, hero, to) else []

    def arrived(self, ctx: Ctx, hero: str, fid: str, hidden: bool) -> tuple[list[dict], bool]:
        """Counters the hero does not see; the Desert's hidden field 5 costs a hit point ("even if
        he does get to field 5, he loses the additional HP")."""
        out = unnoticed(ctx, hero, fid)
        if hidden and desert_hurts(ctx, hero, fid):
            out += life.wound(ctx, hero, f"the hidden field {fid} in the Desert")
            if ctx.s.turn.hero != hero or ctx.s.turn.phase == "over":
                return out, True
        return out, False

    def foe(self, ctx: Ctx, hero: str, fid: str) -> str | None:
        return creature_here(ctx, hero, fid)

    def passes(self, ctx: Ctx, hero: str, foe: str) -> str:
        return "invisible" if ctx.s.turn.invisible else ""


MOVES = DragonMoves()


def step(ctx: Ctx, hero: str, to: str) -> list[dict]:
    """One step along a route (``heroes.moves.step``)."""
    return family.step(ctx, MOVES, hero, to)


def enter(ctx: Ctx, hero: str, to: str, hidden: bool = False, how: str = "moves") -> list[dict]:
    return family.enter(ctx, MOVES, hero, to, hidden, how)


def search_again(ctx: Ctx, hero: str) -> list[dict]:
    """The repeated trial at the start of the next turn (``heroes.moves.search_again``)."""
    return family.search_again(ctx, MOVES, hero)


# -- the City's teleporters, the dump, the Labyrinth ------------------------------------------------------

def city_field(ctx: Ctx, n: int) -> str:
    region = ctx.c.board.region_of(ctx.c.board.with_feature("city")[0])
    return f"{region}{n}"


def teleport(ctx: Ctx, hero: str, pick: int | None = None) -> list[dict]:
    s = ctx.s
    blue = len([c for c in s.sheets[hero].cubes["magic"] if c == "blue"])
    roll = ctx.roll(1 + blue, why=f"{hero}'s teleporter (the field is one of the faces)")
    if pick not in roll:
        pick = next((n for n in (1, 3, 4, 5, 6, 2) if n in roll))
    s.turn.mp, s.turn.phase, s.turn.fresh = 0, "act", False
    out = [ctx.log({"event": "teleport", "hero": hero, "roll": roll, "picked": pick})]
    return out + enter(ctx, hero, city_field(ctx, pick), how="teleported")


def rummage(ctx: Ctx, hero: str) -> list[dict]:
    s = ctx.s
    s.turn.rummaged = True
    roll = ctx.die(why=f"{hero} rummaging in the garbage dump (a {DUMP_ROLL} finds something)")
    out = [ctx.log({"event": "rummage", "hero": hero, "roll": roll, "found": roll == DUMP_ROLL})]
    if roll != DUMP_ROLL or not s.market:
        return out
    inst = s.market.pop(int(ctx.rng.integers(len(s.market))))
    sheet = s.sheets[hero]
    if len(sheet.items) < sheet.item_slots:
        sheet.items.append(fights.item_of(artifact(s, ctx.c, inst), inst))
        out.append(ctx.log(hidden_draw({"event": "found", "hero": hero, "counter": inst, "to": "sheet"})))
    else:
        s.market.append(inst)
        out.append(ctx.log(hidden_draw({"event": "found", "hero": hero, "counter": inst, "to": "market",
                                        "why": "no free artifact tray: the Mages' trash goes back"})))
    return out


def labyrinth_roll(ctx: Ctx, hero: str, start: bool = False) -> list[dict]:
    s, b = ctx.s, ctx.c.board
    region = b.region_of(s.at[hero].field)
    n = ctx.die(why=f"the Labyrinth: the field of {region} it carries {hero} to")
    to = f"{region}{n}"
    out = [ctx.log({"event": "labyrinth", "hero": hero, "roll": n, "to": to, "start": start})]
    if not start or b.field(to).feature != "corner":
        s.turn.mp, s.turn.phase = 0, ("act" if not start else "move")
    return out + enter(ctx, hero, to, how="carried by the Labyrinth")


# -- the ferry, the Rope, Pegasus ---------------------------------------------------------------------------

def orchan_at(ctx: Ctx, hero: str) -> str | None:
    s, c = ctx.s, ctx.c
    for fid, here in s.board.items():
        for inst in here:
            if counter(c, inst).effect == "orchan" and face_up(s, inst) and inst not in s.backs:
                return fid
    return None


def ferry_to(ctx: Ctx, hero: str) -> tuple[str, int] | None:
    """Where Orchan takes the hero from here, and the price; None if he cannot."""
    s, b = ctx.s, ctx.c.board
    shore = orchan_at(ctx, hero)
    if shore is None:
        return None
    landing = b.with_feature("landing")[0]
    here = s.at[hero].field
    if here == shore:
        return landing, 1
    if here == landing:
        return shore, 0 if s.rules.get("orchan_return_free", True) else 1
    return None


def ferry(ctx: Ctx, hero: str) -> list[dict]:
    s = ctx.s
    to, price = ferry_to(ctx, hero)
    orchan = next(i for i in s.board[orchan_at(ctx, hero)] if counter(ctx.c, i).effect == "orchan")
    life.pay(ctx, hero, price)
    s.turn.used.append(orchan)
    s.turn.mp, s.turn.phase, s.turn.fresh = 0, "act", False
    out = [ctx.log({"event": "ferry", "hero": hero, "to": to, "paid": price})]
    return out + enter(ctx, hero, to, how="ferried by Orchan")


def rappel(ctx: Ctx, hero: str, choice: dict) -> list[dict]:
    out = [ctx.log({"event": "rappel", "hero": hero, "why": "the Rope: from V1 straight into the lair, past the Dragon Man"})]
    return out + fights.enter_lair(ctx, hero, choice.get("discard"), choice.get("lose"))


def pegasus(ctx: Ctx, hero: str, to: str) -> list[dict]:
    s = ctx.s
    inst = has_effect(ctx, hero, "pegasus")
    sheet = s.sheets[hero]
    sheet.items = [i for i in sheet.items if i.id != inst]
    s.market.append(inst)
    s.turn.mp, s.turn.phase, s.turn.fresh = 0, "act", False
    out = [ctx.log({"event": "pegasus", "hero": hero, "to": to, "counter": inst})]
    return out + enter(ctx, hero, to, how="flown by Pegasus")


def pegasus_fields(ctx: Ctx) -> list[str]:
    b = ctx.c.board
    return [f for f, spec in b.fields.items() if spec.colour == "tan" and spec.feature not in ("lair", "city")]


# -- the Basilisk's forced move ---------------------------------------------------------------------------

PLAIN_BARRED = ("teleporter", "corner", "city", "lair", "dump", "landing")


def steer_fields(ctx: Ctx, hero: str) -> list[str]:
    """Where a confused hero may be moved: plain routes, up to his movement allowance, a counter
    ending the way."""
    s, b = ctx.s, ctx.c.board
    start = s.at[hero].field
    mp = movement_allowance(s.sheets[hero]) if not s.storm else 1
    seen, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for f in frontier:
            if seen[f] >= mp or (f != start and s.board.get(f)):
                continue
            for g in b.walk[f]:
                spec = b.field(g)
                if g in seen or spec.is_hidden or spec.feature in PLAIN_BARRED:
                    continue
                seen[g] = seen[f] + 1
                nxt.append(g)
        frontier = nxt
    return sorted((f for f in seen if f != start), key=b.order) or [start]


def steer_choice(ctx: Ctx, hero: str) -> Decision:
    b = ctx.c.board
    mouth = b.with_feature("cave_mouth")[0]
    far = b.spaces_from([mouth])
    fields = steer_fields(ctx, hero)
    return decide("the confused hero is moved to", fields, lambda f: (-far.get(f, 0),),
                  ("spaces from the Mouth of the Cave (negated)",), reading_order(b))


def steer(ctx: Ctx, hero: str, to: str, decision: Decision | None = None) -> list[dict]:
    s = ctx.s
    s.at[hero].confused = False
    s.turn.mp, s.turn.phase, s.turn.fresh = 0, "act", False
    out = [ctx.log({"event": "steered", "hero": hero, "to": to, "decision": decision.to_json() if decision else None,
                    "why": "the Basilisk's gaze: the player on his left moves him"})]
    return out + enter(ctx, hero, to, how="moved, confused")

