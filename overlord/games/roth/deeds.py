"""Return of the Heroes' heroic deeds, part by part, what a death does to a deed, and the Standard
Game's dealt deeds and Option 2 (Return of the Heroes, "What to Do First", "Counters", "Heroic
Deeds", "Hit Points", "The Final Battle Against the Nameless", "Alternative Rules: The Standard
Game").

A deed (``decks/roth/deeds.yaml``, ``heroes.RothDeed``) is done in parts (``RothDeedStep``); the
state keeps the parts done (``HeroState.deeds``), the deed's counters on its card (``HeroState.
card``) and the precious stone (``HeroState.stone``).

The parts
---------
- "Every character has a given heroic deed to fulfill. Read through your assignment and check out
  where the first part of it will occur" (What to Do First): :func:`next_part`, the part to do now;
  the parts are done in order ("The second part of your heroic deed is more a matter of time").
- "the counters with half their bordering in purple are part of a heroic deed and are thus only
  visible to the one with the matching heroic deed" (Counters); "The lizard people are already on
  the map. Can another player defeat them? No, a part of a heroic deed can only be seen by the
  player who has this task. Does this mean other players have to move away from counters that
  concern somebody else's heroic deed? Yes." (Heroic Deeds): ``state.sees``; :func:`fight_refusal`
  refuses another hero's fight (``fights.fight`` asks it).
- "I'll go to the lizards and vanquish them. Then turn over the counter and find the sought after
  silver hammer. You also receive a colored EP and a gold piece as a reward": a ``vanquish`` part is
  done by combat (``fights.fight`` -> :func:`vanquished`): the creature is not thrown into the bag
  but turned over and taken onto the deed card, and the part's reward replaces the counter's.
- "I then bring the hammer to the gnomes. If the gnomes have already been drawn. At the beginning
  of the game, they are still in the bag, so you have to wait until they are on the map": a
  ``bring`` part needs the counter on the hero's card and the hero on the field where its ``to``
  lies - a counter on the map, a field, or home (his manor house); a ``find`` part the counter on
  his field; a ``visit`` part the field (:func:`parts_here`, :func:`do_part`).
- "You bring them the hammer. The counter with the hammer is discarded and the gnomes counter is
  turned over, revealing the axe. I place the axe on the card with the heroic deed. And you draw a
  new counter from the bag. When I bring this axe home, I receive a precious stone? Yes, and you
  draw another counter from the bag." (Heroic Deeds): what follows a part, in order - counters
  turned over, taken onto the card, discarded (out of the game); cubes ("Sometimes multicolored
  cubes are pictured, which means you can choose one of the colors displayed", Rewards and
  Experience: the player's ``cubes``, else the family's key ``heroes.rewards.cube_colours``); gold;
  the precious stone; counters drawn (``draws.replace``, the turn's draw, then ``draws.draw_one``).
- "Actions always end movement"; "completing part of a heroic deed" is an action (Actions); "The
  first thing that happens after movement is always combat": no part while a creature must be
  fought.
- "Once the first part of any heroic deed is fulfilled, put the Nameless counter in the bag" (What
  to Do First); "It is added to the cloth bag only after a player has fulfilled the first part of
  his or her heroic deed" (The Final Battle): the ``nameless`` machine's ``enter``, once; with
  Option 1 he is in the bag from the start and nothing happens.

Death
-----
- "You lose all experience cubes, tasks and all but one artifact and begin again at your manor
  house"; "Which artifacts may I bequeath my successor? Any one artifact with a yellow or partly
  yellow border. Including parts of the heroic deed or the precious stone? Yes, that is possible"
  (Hit Points): :func:`bequests` - the artifacts on the sheet, the deed counters on the card and
  the stone - one of which is kept (the player's ``keep``, else ``fights.RothLife.keep_choice``'s
  key); :func:`left_at_death` routes the card and the stone.
- "The magic items remain on the field where you died, but the artifacts bought on the market decay
  and are placed back on the stack of the market counters"; "And the tasks? They remain on the
  field" (Hit Points): the family's ``heroes.life.die``.
- "What happens if my only remaining hit points are from armor? Then you are dead, and the intact
  piece of armor is placed on the field where you died" (Hit Points): ``fights.RothLife.provenance``
  sends armour with hit points left on a dead hero's sheet to the field, even one bought at the
  market.

Readings (ours; docs/roth.md's table):

- A dead hero keeps his deed cards and the parts done (the deed is his family's, not a thing he
  carries; the book names only the card's parts and the stone as bequests). The deed counters on
  his card that he does not bequeath are placed on the field where he died, as the magic items are,
  still seen only by him; he takes them back onto the card there (:func:`recover`, an action, no
  counter drawn: they are no counters of the map's). The other reading: back onto their
  coordinates, or out of the game (the deed could not be finished).
- The precious stone not bequeathed lies on the field where he died (``HeroState.stone_at``), his
  to take back (:func:`recover` with ``"stone"``); the other reading: it is lost for good.
- The precious stone of a fulfilled deed is the first bequest by the program's key, then a counter
  a later part still brings, then the artifacts (a magic object, the dearest, the most hit points),
  then a deed counter no part needs any more (``bequest_rank``).
- The armour on the field is the armour whatever its origin; it may still be the one bequeathed.
- The Nameless enters the bag after the part's own draw: the first part's draw cannot bring him
  out at once (the other reading: before it).
- A deed's creature is fought only as the part to do now (the parts in order).
- The Standard Game (:func:`deal`): "The heroic deeds are shuffled, and every player is dealt two
  of the cards ... only one. But now you have the choice between the two heroic deeds and can
  decide during the game which one you choose to fulfill": dealt two each, in turn order one card
  a round; the first part done of either fixes the choice, and the other card is given up (its
  counters out of the game; with Option 2 back to the court's deck, its counters staying in play).
  The counters of the deeds dealt (Option 2: of every deed) go into the bag ("the first part of the
  heroic deeds are put into the bag instead of on the map"; the later parts' counters are in the
  bag already in the introductory game); the others are out of the game.
- Option 2 (:func:`pick`): "The heroic deeds are not distributed at the beginning of the game, but
  rather have to be picked up in the royal court. King Foebus does not have to be present. The deck
  of heroic deeds can be looked through and a card chosen. Only one card can be taken per turn.
  Players can have no more than two heroic deeds": on the royal court's field (J7), an action; none
  once a deed is chosen (a part of one done). A game that combines the boxes names its own place and
  number in its rules (``deeds_where: capital``, any field of the Capital's map; ``deeds_most``: the
  Dragon's expansion, "You may not take up more than one heroic deed").
"""

from __future__ import annotations

from overlord.core.decks import shuffled
from overlord.core.game import RulesError
from overlord.core.trace import Decision
from overlord.games.heroes.actions import acted
from overlord.games.heroes.rewards import cube_colours
from overlord.games.heroes.sheet import gain_gold
from overlord.games.heroes.state import lift, put, where

from . import draws, machines
from .heroes import RothDeedStep, destination
from .state import Ctx, artifact, sees

STONE = "stone"          # the precious stone, named as a bequest or a thing recovered
COURT = "court"          # the royal court's feature (J7): Option 2's deck of heroic deeds


# -- the parts --------------------------------------------------------------------------------------------

def next_part(ctx: Ctx, hero: str, deed: str) -> tuple[int, RothDeedStep] | None:
    """The part of ``deed`` the hero is to do now: (its index, the part); None when the deed is
    fulfilled. RulesError when he does not hold the deed."""
    hs = ctx.s.at[hero]
    if deed not in hs.deeds:
        raise RulesError(f"{hero} does not hold the heroic deed {deed!r}")
    steps = ctx.c.deeds[deed].steps
    done = hs.deeds[deed]
    return (done, steps[done]) if done < len(steps) else None


def held(ctx: Ctx, hero: str, deed: str) -> list[str]:
    """The deed's counters its done parts have taken and not discarded: on the card, or lying where
    the hero died."""
    out: list[str] = []
    for step in ctx.c.deeds[deed].steps[:ctx.s.at[hero].deeds[deed]]:
        out = [i for i in out + list(step.take) if i not in step.discard]
    return out


def part_refusal(ctx: Ctx, hero: str, deed: str) -> str:
    """Why the hero cannot do the next part of ``deed`` where he stands ("" when he can); a
    ``vanquish`` part is refused here: it is done in combat."""
    s, c = ctx.s, ctx.c
    hs = s.at[hero]
    nxt = next_part(ctx, hero, deed)
    name = c.deeds[deed].name
    if nxt is None:
        return f"the {name} is fulfilled"
    i, step = nxt
    verb, what = step.action()
    part = f"part {i + 1} of the {name}"
    if s.turn.combat:
        return "\"The first thing that happens after movement is always combat\""
    if hs.between:
        return f"{hero} is on his way to {hs.between}"
    if verb == "vanquish":
        return f"{part} vanquishes the {c.spec(what).name}: a fight"
    if verb == "visit":
        return "" if hs.field == what else f"{part} is done on {what}"
    if verb == "find":
        return "" if what in s.board.get(hs.field, []) and sees(s, c, hero, what) else \
            f"{part} finds the {c.spec(what).name} on its field ({_lies(ctx, what)})"
    if what not in hs.card:
        return f"{part} brings the {_face(ctx, what)}, which is not on the deed card"
    kind, target = destination(step.to)
    if kind == "home":
        return "" if hs.field == hs.manor else f"{part} brings the {_face(ctx, what)} home ({hs.manor})"
    if kind == "field":
        return "" if hs.field == target else f"{part} brings the {_face(ctx, what)} to {target}"
    if where(s, target) is None:
        return (f"{part} brings the {_face(ctx, what)} to the {c.spec(target).name}, not on the map yet: \"If the "
                "gnomes have already been drawn. At the beginning of the game, they are still in the bag, so you "
                "have to wait until they are on the map\"")
    return "" if where(s, target) == hs.field else \
        f"{part} brings the {_face(ctx, what)} to the {c.spec(target).name} ({where(s, target)})"


def parts_here(ctx: Ctx, hero: str) -> list[tuple[str, int]]:
    """The parts the hero can do now where he stands (find, bring, visit), as (deed, part index)."""
    out = []
    for deed in ctx.s.at[hero].deeds:
        nxt = next_part(ctx, hero, deed)
        if nxt is not None and not part_refusal(ctx, hero, deed):
            out.append((deed, nxt[0]))
    return out


def can_do_part(ctx: Ctx, hero: str) -> bool:
    return bool(parts_here(ctx, hero))


def do_part(ctx: Ctx, hero: str, deed: str, choice: dict | None = None) -> list[dict]:
    """The hero does the next part of ``deed`` where he stands (an action); ``choice``: ``cubes``,
    the reward's colours he chooses. What follows the part, in order; the events."""
    refusal = part_refusal(ctx, hero, deed)
    if refusal:
        raise RulesError(refusal)
    nxt = next_part(ctx, hero, deed)
    assert nxt is not None                 # a fulfilled deed is refused above
    acted(ctx)
    return _part_done(ctx, hero, deed, nxt[0], nxt[1], (choice or {}).get("cubes"))


def fight_refusal(ctx: Ctx, hero: str, inst: str) -> str:
    """Why the hero may not fight a deed's counter ("" for any other counter, or his part to do)."""
    s, c = ctx.s, ctx.c
    deed = c.spec(inst).deed
    if not deed:
        return ""
    if not sees(s, c, hero, inst):
        return "\"a part of a heroic deed can only be seen by the player who has this task\""
    nxt = next_part(ctx, hero, deed)
    if nxt is None or nxt[1].action() != ("vanquish", inst):
        return (f"the parts of a heroic deed are done in order: the {c.spec(inst).name} is not the part of the "
                f"{c.deeds[deed].name} to do now")
    return ""


def can_fight(ctx: Ctx, hero: str, inst: str) -> bool:
    """Whether a fight target is his to fight as far as the deeds go (any counter of no deed)."""
    return not fight_refusal(ctx, hero, inst)


def vanquished(ctx: Ctx, hero: str, inst: str, cubes: list[str] | None = None) -> list[dict]:
    """A deed's creature beaten (``fights.fight``): the part done - turned over and taken onto the
    card, the part's reward, its draw; never thrown into the bag."""
    deed = ctx.c.spec(inst).deed
    nxt = next_part(ctx, hero, deed)
    if nxt is None or nxt[1].action() != ("vanquish", inst):
        raise RulesError(fight_refusal(ctx, hero, inst) or f"{inst} is not a part to vanquish")
    return _part_done(ctx, hero, deed, nxt[0], nxt[1], cubes)


def _part_done(ctx: Ctx, hero: str, deed: str, i: int, step: RothDeedStep, cubes: list[str] | None) -> list[dict]:
    s, c = ctx.s, ctx.c
    hs, sheet = s.at[hero], s.sheets[hero]
    for inst in step.turn:
        if inst not in s.backs:
            s.backs.append(inst)
    for inst in step.take:
        if where(s, inst) is not None:
            lift(s, inst)
        if inst not in hs.card:
            hs.card.append(inst)
    for inst in step.discard:
        if inst in hs.card:
            hs.card.remove(inst)
        elif where(s, inst) is not None:
            lift(s, inst)
        s.removed.append(inst)
    colours = cube_colours(sheet, step.reward, cubes)
    for col in colours:
        ctx.gain_cube(sheet, col)
    gain_gold(sheet, step.gold)
    if step.stone:
        hs.stone = True
    hs.deeds[deed] = i + 1
    verb, what = step.action()
    name = c.deeds[deed].name
    out = [ctx.log({"event": "deed_part", "hero": hero, "deed": deed, "name": name, "part": i + 1,
                    "parts": len(c.deeds[deed].steps), "verb": verb, "what": what, "to": step.to,
                    "turned": list(step.turn), "taken": list(step.take), "discarded": list(step.discard),
                    "cubes": colours, "gold": step.gold, "stone": step.stone,
                    "fulfilled": i + 1 == len(c.deeds[deed].steps)})]
    why = f"{hero} did part {i + 1} of the {name}"
    for k in range(step.draw):
        out += draws.replace(ctx, hero, why) if k == 0 else draws.draw_one(ctx, hero, why)
    if i == 0:
        out += _chosen(ctx, hero, deed) + _nameless_enters(ctx, hero, deed)
    return out


def _nameless_enters(ctx: Ctx, hero: str, deed: str) -> list[dict]:
    s = ctx.s
    if s.nameless != "absent":
        return []
    ctx.fire(machines.NAMELESS, "enter")
    counters = sorted(i for i in s.aside if ctx.c.spec(i).effect == "nameless")
    for inst in counters:
        s.aside.remove(inst)
        s.bag.append(inst)
    return [ctx.log({"event": "nameless_enters", "hero": hero, "deed": deed, "counters": counters,
                     "machine": "nameless", "state": s.nameless,
                     "why": "Once the first part of any heroic deed is fulfilled, put the Nameless counter in the bag"})]


def _face(ctx: Ctx, inst: str) -> str:
    spec = ctx.c.spec(inst)
    return spec.back if inst in ctx.s.backs else spec.name


def _lies(ctx: Ctx, inst: str) -> str:
    fid = where(ctx.s, inst)
    return f"it lies on {fid}" if fid else f"{ctx.c.spec(inst).at}, not on the map yet"


# -- death ------------------------------------------------------------------------------------------------

def bequests(ctx: Ctx, hero: str) -> list[str]:
    """What a dead hero may bequeath (one of them): the artifacts on his sheet, his deed cards'
    counters, the precious stone."""
    s = ctx.s
    items = [i.id for i in s.sheets[hero].items if artifact(s, ctx.c, i.id) is not None]
    return items + list(s.at[hero].card) + ([STONE] if s.at[hero].stone else [])


def still_needed(ctx: Ctx, hero: str, inst: str) -> bool:
    """A counter on the card that a part still to do brings."""
    s, c = ctx.s, ctx.c
    deed = c.spec(inst).deed
    done = s.at[hero].deeds.get(deed, 0)
    return any(step.bring == inst for step in c.deeds[deed].steps[done:])


def bequest_rank(ctx: Ctx, hero: str, thing: str) -> tuple:
    """The program's key for the thing a dead hero keeps: the stone, a counter a later part brings,
    the artifacts (a magic object, the dearest, the most hit points), a counter no part needs."""
    if thing == STONE:
        return (0, 0, 0, 0)
    a = artifact(ctx.s, ctx.c, thing)
    if thing in ctx.s.at[hero].card and a is None:
        return (1 if still_needed(ctx, hero, thing) else 3, 0, 0, 0)
    assert a is not None
    return (2, a.origin != "magic", -a.price, -a.life)


BEQUEST_FIELDS = ("stone, needed part, artifact, spent part", "not a magic object", "-price", "-hit points")


def bequest_choice(ctx: Ctx, hero: str) -> Decision | None:
    """The thing a dead hero keeps when the player names none; None: he has nothing to keep."""
    things = bequests(ctx, hero)
    if not things:
        return None
    return ctx.decide("artifact kept", things, lambda t: bequest_rank(ctx, hero, t), BEQUEST_FIELDS,
                      policy="listed order")


def left_at_death(ctx: Ctx, hero: str, at: str, kept: str | None) -> list[dict]:
    """After the family's death (``heroes.life.die``): the deed counters on the card not bequeathed
    onto the field where he died (``at``), the precious stone not bequeathed left there; the deed
    cards and the parts done stay his."""
    s = ctx.s
    hs = s.at[hero]
    placed = [i for i in hs.card if i != kept]
    for inst in placed:
        hs.card.remove(inst)
        put(s, at, inst)
    stone = hs.stone and kept != STONE
    if stone:
        hs.stone, hs.stone_at = False, at
    if not placed and not stone:
        return []
    return [ctx.log({"event": "deed_left", "hero": hero, "at": at, "counters": placed, "stone": stone,
                     "kept": kept, "deeds": dict(hs.deeds),
                     "why": "left where he died, his alone to take back; his deeds and the parts done stay his"})]


def recoverable(ctx: Ctx, hero: str) -> list[str]:
    """What the hero left where he died and may take back on his field: his deeds' counters a part
    took, the precious stone."""
    s, hs = ctx.s, ctx.s.at[hero]
    here = s.board.get(hs.field, [])
    out = [i for d in hs.deeds for i in held(ctx, hero, d) if i in here and i not in hs.card]
    return out + ([STONE] if hs.stone_at and hs.stone_at == hs.field and not hs.between else [])


def recover(ctx: Ctx, hero: str, thing: str) -> list[dict]:
    """Take back a deed counter (onto the card) or the precious stone left where he died (an
    action; no counter drawn)."""
    s, hs = ctx.s, ctx.s.at[hero]
    if thing not in recoverable(ctx, hero):
        raise RulesError(f"{hero} left no {thing!r} on {hs.field} to take back")
    acted(ctx)
    if thing == STONE:
        hs.stone, hs.stone_at = True, ""
    else:
        lift(s, thing)
        hs.card.append(thing)
    return [ctx.log({"event": "deed_recovered", "hero": hero, "thing": thing, "at": hs.field})]


# -- the Standard Game: dealt deeds, Option 2 -------------------------------------------------------------

def deal(ctx: Ctx, per_hero: int = 2) -> list[dict]:
    """The Standard Game's deeds: shuffled, ``per_hero`` dealt to each hero in turn order (none with
    Option 2: the deck lies at the court, ``RothState.court``); the deeds' counters into the bag, of
    the deeds nobody holds out of the game (Option 2: all into the bag)."""
    s, c = ctx.s, ctx.c
    at_court = bool(s.rules.get("deeds_at_court"))
    deck = shuffled(sorted(c.deeds), ctx.rng)
    n = 0 if at_court else per_hero
    if len(deck) < n * len(s.heroes):
        raise RulesError(f"{len(deck)} heroic deeds for {len(s.heroes)} heroes, {n} each")
    for h in s.heroes:
        s.at[h].deeds, s.at[h].card = {}, []
    for k in range(n * len(s.heroes)):
        s.at[s.heroes[k % len(s.heroes)]].deeds[deck[k]] = 0
    s.court = deck[n * len(s.heroes):] if at_court else []
    live = set(c.deeds) if at_court else {d for h in s.heroes for d in s.at[h].deeds}
    for inst, cid in c.instances.items():
        deed = c.counters[cid].deed
        if deed:
            _off(s, inst)
            (s.bag if deed in live else s.removed).append(inst)
    return [ctx.log({"event": "deeds_dealt", "deeds": {h: list(s.at[h].deeds) for h in s.heroes},
                     "court": len(s.court), "option": 2 if at_court else None})]


def _off(s, inst: str) -> None:
    """A counter out of wherever it is."""
    if where(s, inst) is not None:
        lift(s, inst)
    for place in (s.bag, s.aside, s.removed, s.market):
        if inst in place:
            place.remove(inst)


def _chosen(ctx: Ctx, hero: str, deed: str) -> list[dict]:
    """The first part of a deed done: the other deeds the hero holds with no part done are given up
    (the Standard Game's choice)."""
    s, c = ctx.s, ctx.c
    hs = s.at[hero]
    others = [d for d, done in hs.deeds.items() if d != deed and done == 0]
    if not others:
        return []
    at_court = bool(s.rules.get("deeds_at_court"))
    for d in others:
        del hs.deeds[d]
        if at_court:
            s.court.append(d)
            continue
        for inst, cid in c.instances.items():
            if c.counters[cid].deed == d:
                _off(s, inst)
                s.removed.append(inst)
    return [ctx.log({"event": "deed_chosen", "hero": hero, "deed": deed, "given_up": others,
                     "to": "court" if at_court else "out of the game",
                     "why": "only one heroic deed is fulfilled: the first part done makes the choice"})]


def court_field(ctx: Ctx) -> str:
    fields = ctx.c.board.with_feature(COURT)
    return fields[0] if fields else ""


def pick_refusal(ctx: Ctx, hero: str, deed: str | None = None) -> str:
    """Why the hero cannot pick a deed (``deed``, or any) at the royal court now ("" when he can)."""
    s = ctx.s
    hs = s.at[hero]
    if not s.rules.get("deeds_at_court"):
        return "the heroic deeds are dealt at the start (Option 2 picks them up at the royal court)"
    court = court_field(ctx)
    if s.rules.get("deeds_where") == "capital":      # the Dragon's expansion: "moves into the Capital (J)"
        if hs.between or ctx.c.board.field(hs.field).region != ctx.c.board.field(court).region:
            return f"\"Whenever a player moves into the Capital ({ctx.c.board.field(court).region}), he may choose " \
                   "a heroic deed\""
    elif hs.field != court or hs.between:
        return f"\"have to be picked up in the royal court\" ({court})"
    if s.turn.deed_picked:
        return "\"Only one card can be taken per turn\""
    most = s.rules.get("deeds_most", 2)
    if len(hs.deeds) >= most:
        return ("\"You may not take up more than one heroic deed\"" if most == 1 else
                "\"Players can have no more than two heroic deeds\"")
    if any(hs.deeds.values()):
        return "his heroic deed is chosen: a part of it is done"
    if deed is not None and deed not in s.court:
        return f"the heroic deed {deed!r} is not in the court's deck"
    return "" if s.court else "the court's deck of heroic deeds is empty"


def court_deeds(ctx: Ctx, hero: str) -> list[str]:
    """The deeds the hero may pick now: "The deck of heroic deeds can be looked through and a card
    chosen"."""
    return [] if pick_refusal(ctx, hero) else list(ctx.s.court)


def can_pick(ctx: Ctx, hero: str) -> bool:
    return bool(court_deeds(ctx, hero))


def pick(ctx: Ctx, hero: str, deed: str) -> list[dict]:
    """Option 2: the hero takes ``deed`` from the court's deck (an action)."""
    refusal = pick_refusal(ctx, hero, deed)
    if refusal:
        raise RulesError(refusal)
    s = ctx.s
    acted(ctx)
    s.turn.deed_picked = True
    s.court.remove(deed)
    s.at[hero].deeds[deed] = 0
    return [ctx.log({"event": "deed_picked", "hero": hero, "deed": deed, "name": ctx.c.deeds[deed].name,
                     "held": list(s.at[hero].deeds), "court": len(s.court)})]
