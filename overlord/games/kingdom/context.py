"""One step of a combined game, and each box's rules on it.

:class:`Ctx` is the combined step (the state, the combined content, the generator and the dice).
:func:`roth` and :func:`dragon` give that step as each game's own context (its lens: ``lenses``):
the same state, generator, dice and log, the content as that game's types. A rule of either game
runs on it unchanged. Where the family's rules take a game's part (the draw, the turns, hit points
and death: ``heroes.draws``, ``turns``, ``life``), both lenses name the combination's (below), so
that a rule of one box never plays the other box's part by its own:

- a counter drawn is dealt by its own box's rules (the Dragon to his lair, the Nameless to his
  tower, an event of either box), whichever box's rule drew it (:class:`KingdomBag`);
- a turn starts and ends with both games' starts and ends (the Guards' way, the Storm, the Bag of
  Gold, the Desert's heat...), and a round ends by Return of the Heroes' rules (:class:`KingdomTurns`);
- a step meets what its map's and each counter's own box's rules say (:class:`KingdomMoves`);
- a hero who dies is reborn by both games' rebirths; an artifact's provenance is its own box's
  (:class:`KingdomLife`);
- a fight in the Dragon's lair ends by the combination's rules (:class:`KingdomLair`): "The moment
  a hero slays the Dragon ... the game ends when the Dragon has been vanquished".

A market counter returned goes to its own box's pile (the Dragon's Attack!: "If the artifact was
bought in one of the markets (either the one in the City of the Mages or one of the markets in
Return of the Heroes), the counter is returned to that location"): :func:`sort_piles`, after every
step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from overlord.core.trace import Decision
from overlord.games.dragon import draws as dragon_draws, fights as dragon_fights, life as dragon_life
from overlord.games.dragon import moves as dragon_moves, state as ds, turns as dragon_turns
from overlord.games.heroes import turns as family_turns
from overlord.games.heroes.state import HeroesCtx
from overlord.games.roth import draws as roth_draws, fights as roth_fights, moves as roth_moves, state as rs
from overlord.games.roth import deeds as roth_deeds, machines as roth_machines, turns as roth_turns

from .lenses import CityView
from .load import KingdomContent
from .state import KingdomState, TurnState


def _state(ctx) -> KingdomState:
    st = ctx.state
    return object.__getattribute__(st, "_state") if isinstance(st, CityView) else st


def roth(ctx) -> RothLens:
    """The step as Return of the Heroes' context (from the combined one, or either lens)."""
    if isinstance(ctx, RothLens):
        return ctx
    return RothLens(_state(ctx), ctx.kc.roth, ctx.rng, ctx.dice, ctx.start, kc=ctx.kc)


def dragon(ctx) -> DragonLens:
    """The step as the Dragon's context: the state with the City's pile as its market, the content
    on the maps as they lie."""
    if isinstance(ctx, DragonLens):
        return ctx
    s = _state(ctx)
    return DragonLens(CityView(s, ctx.kc.dragon_scenario.mode), ctx.kc.dragon(tuple(s.layout)), ctx.rng, ctx.dice,
                      ctx.start, kc=ctx.kc)


def box(ctx, instance: str) -> str:
    return ctx.kc.boxes.box(instance)


# -- the family's parts, as the combination plays them ---------------------------------------------------------

class KingdomBag:
    """The draw (``heroes.draws.BagRules``): each counter dealt by its own box's rules."""

    not_for_placing = tuple(dict.fromkeys(roth_draws.BAG.not_for_placing + dragon_draws.BAG.not_for_placing))

    def harmful(self, ctx, instance: str) -> bool:
        if box(ctx, instance) == "dragon":
            return dragon_draws.BAG.harmful(dragon(ctx), instance)
        return roth_draws.BAG.harmful(roth(ctx), instance)

    def ask_first(self, ctx, drawer: str, why: str, then_bag: str) -> list[dict]:
        """The Dragon's Clairvoyance: a drawer who carries it may pick instead of drawing."""
        return dragon_draws.BAG.ask_first(dragon(ctx), drawer, why, then_bag)

    def dealt(self, ctx, instance: str, drawer: str | None) -> list[dict] | None:
        if box(ctx, instance) == "dragon":
            return dragon_draws.BAG.dealt(dragon(ctx), instance, drawer)
        return roth_draws.BAG.dealt(roth(ctx), instance, drawer)

    def placed(self, ctx, instance: str) -> None:
        if box(ctx, instance) == "dragon":
            dragon_draws.BAG.placed(dragon(ctx), instance)
        else:
            roth_draws.BAG.placed(roth(ctx), instance)


class KingdomTurns:
    """The turns and rounds (``heroes.turns.TurnRules``): both games' starts and ends of a turn,
    Return of the Heroes' rounds (the race's rivals, the round cap)."""

    def new_turn(self, hero: str, mp: int) -> TurnState:
        return TurnState(hero=hero, mp=mp)

    def turn_started(self, ctx, hero: str) -> list[dict]:
        out = roth_turns.TURNS.turn_started(roth(ctx), hero)
        return out + dragon_turns.TURNS.turn_started(dragon(ctx), hero)

    def turn_ended(self, ctx, hero: str) -> list[dict]:
        out = roth_turns.TURNS.turn_ended(roth(ctx), hero)
        return out + dragon_turns.TURNS.turn_ended(dragon(ctx), hero)

    def round_over(self, ctx) -> tuple[list[dict], bool]:
        return roth_turns.TURNS.round_over(roth(ctx))


class KingdomLife:
    """Hit points and death (``heroes.life.LifeRules``), wrapping the part of the game whose rule
    wounded the hero (:meth:`of`): an artifact's provenance is its own box's; the thing a dead hero
    keeps is chosen by Return of the Heroes' key (it knows the heroic deeds' counters and the precious
    stone), on Return of the Heroes' part of the wound where it is one (its ``kept`` is read after);
    a rebirth resets what either game keeps of the figure, and a death by the Dragon's rules leaves
    the deed counters and the stone not bequeathed where he died, as Return of the Heroes' own death
    does (``roth.deeds.left_at_death``)."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.roth_part = inner if isinstance(inner, roth_fights.RothLife) else roth_fights.RothLife(None)

    @staticmethod
    def of(inner) -> "KingdomLife":
        return inner if isinstance(inner, KingdomLife) else KingdomLife(inner)

    def provenance(self, ctx, instance: str) -> str:
        if instance in ctx.kc.instances and box(ctx, instance) == "dragon":
            return dragon_life.LIFE.provenance(dragon(ctx), instance)
        if ctx.kc.boxes.roth.instances.get(instance) == COMPANION:
            return "bag"
        return roth_fights.LIFE.provenance(roth(ctx), instance)

    def keep_choice(self, ctx, hero: str) -> Decision | None:
        return self.roth_part.keep_choice(roth(ctx), hero)

    def reborn(self, ctx, hero: str) -> None:
        self.roth_part.reborn(roth(ctx), hero)
        dragon_life.LIFE.reborn(dragon(ctx), hero)
        if self.roth_part is not self.inner:
            hs = _state(ctx).at[hero]
            roth_deeds.left_at_death(roth(ctx), hero, hs.between or hs.field, self.roth_part.kept)


#: the creature that goes with a hero on his sheet (Return of the Heroes' Orcs, the Orc's companion:
#: ``companion``): lost, it "disappears into the bag"
COMPANION = "orcs"


def map_box(ctx, field: str) -> str:
    """The box whose map a field lies on: "roth" (A-P) or "dragon" (R-Z)."""
    return "roth" if ctx.kc.boxes.board.field(field).region in ctx.kc.boxes.roth.board.grid else "dragon"


class KingdomMoves:
    """Movement (``heroes.moves.MoveRules``) with both boxes' things: either box's map of the hidden
    routes (RotH's Amulet, the Map of the Labyrinth), a face-down counter turned over by its own box's
    rule (RotH's Guards and Servants keep their values hidden), what a map does on arrival and on a
    lost way by its box's rules (the Desert's heat), the creature a hero must fight by its box's
    sight of it, and Invisibility: "If you play the extension to Return of the Heroes, the hero may
    not pass by the Nameless, either, but it is possible for him to avoid his Servants and Guards"
    (Under the Shadow of the Dragon, Invisibility)."""

    def sure_way(self, ctx, hero: str) -> bool:
        return roth_moves.MOVES.sure_way(roth(ctx), hero) or dragon_moves.MOVES.sure_way(dragon(ctx), hero)

    def search_ease(self, ctx, hero: str, to: str) -> int:
        return max(roth_moves.MOVES.search_ease(roth(ctx), hero, to), dragon_moves.MOVES.search_ease(dragon(ctx), hero, to))

    def turns_over(self, ctx, hero: str, instance: str) -> bool:
        if box(ctx, instance) == "dragon":
            return dragon_moves.MOVES.turns_over(dragon(ctx), hero, instance)
        return roth_moves.MOVES.turns_over(roth(ctx), hero, instance)

    def lost_way(self, ctx, hero: str, to: str) -> list[dict]:
        out = roth_moves.MOVES.lost_way(roth(ctx), hero, to)
        return out + (dragon_moves.MOVES.lost_way(dragon(ctx), hero, to) if map_box(ctx, to) == "dragon" else [])

    def arrived(self, ctx, hero: str, fid: str, hidden: bool) -> tuple[list[dict], bool]:
        _state(ctx).at[hero].searched = 0
        if map_box(ctx, fid) == "dragon":
            return dragon_moves.MOVES.arrived(dragon(ctx), hero, fid, hidden)
        return roth_moves.MOVES.arrived(roth(ctx), hero, fid, hidden)

    def foe(self, ctx, hero: str, fid: str) -> str | None:
        """The first creature lying there that its own box's rules make the hero fight now."""
        theirs = {"roth": roth_moves.MOVES.foe(roth(ctx), hero, fid),
                  "dragon": dragon_moves.MOVES.foe(dragon(ctx), hero, fid)}
        for inst in _state(ctx).board.get(fid, []):
            if inst in ctx.kc.instances and theirs[box(ctx, inst)] == inst:
                return inst
        return None

    def passes(self, ctx, hero: str, foe: str) -> str:
        s = _state(ctx)
        if box(ctx, foe) == "dragon":
            return dragon_moves.MOVES.passes(dragon(ctx), hero, foe)
        why = roth_moves.MOVES.passes(roth(ctx), hero, foe)
        if why or not s.turn.invisible:
            return why
        return "" if ctx.kc.roth.spec(foe).effect == "nameless" else "invisible"


class KingdomLair(dragon_fights.DragonLair):
    """A fight in the Dragon's lair, as the combination ends it: "The moment a hero slays the Dragon,
    the Nameless, along with all his Servants and Guards, will vanish into obscurity ... Thus, the
    game ends when the Dragon has been vanquished" - the slayer has won, as the Nameless's killer
    wins Return of the Heroes' race. A challenger who dies is reborn at his manor as every hero of
    Return of the Heroes (``rules.lair_death: reborn``; ``out``: he stays dead, as in the Dragon's game
    for two), and the Dragon waits for the next challenger: no other hero owes a follow-up."""

    def fell(self, ctx, hero: str, lair: str) -> list[dict]:
        if ctx.s.rules.get("lair_death") == "out":
            return super().fell(ctx, hero, lair)
        return dragon_life.die(ctx, hero, "slain by the Dragon in his lair")

    def slain(self, ctx, hero: str) -> list[dict]:
        return roth_turns.nameless_slain(roth(ctx), hero, "the Dragon")

    def repelled(self, ctx, hero: str) -> list[dict]:
        s = ctx.s
        ctx.fire(dragon_fights.machines.DRAGON, "repel")
        out = [ctx.log({"event": "dragon_victory", "hero": hero, "machine": "dragon", "state": s.dragon})]
        if s.dragon == "triumphant":        # lair_death out: no hero is left alive
            return out + roth_turns.end(roth(ctx), "defeat", "the Dragon has slain every hero")
        ctx.fire(dragon_fights.machines.DRAGON, "rest")
        return out + [ctx.log({"event": "dragon_rests", "machine": "dragon", "state": s.dragon,
                               "why": "he waits in his lair for the next challenger"})]


#: Return of the Heroes' counters the Dragon's Fear! leaves where they stand: the Nameless, his Guards
#: and his Servants (ours: "All open counters on all region maps adjacent to the Dragon's lair ... flee
#: into the bag", but neither book puts the Nameless's company back into the bag once he is out)
FEARLESS = ("nameless", "guard", "servant")


def fearless(ctx, instance: str) -> bool:
    return instance in ctx.kc.boxes.roth.instances and ctx.kc.boxes.roth.spec(instance).effect in FEARLESS


def events_enter(ctx) -> bool:
    """The five Dragon Events go into the bag with the Dragon in the race ("As soon as he is drawn, the
    six special Dragon counters ... are put into the bag"); together (ours) they are the Dragon deck's
    cards, as in the Dragon's own co-operative game (``enemy``), and only the Dragon Man goes in."""
    return ctx.kc.scenario.mode != "coop"


# -- together (ours): the end of the enemy phase and the hoard's clock ------------------------------------------

def hoard_limit(ctx) -> int | None:
    coop = ctx.kc.scenario.coop
    return None if ctx.kc.scenario.mode != "coop" or coop is None else coop.hoard_limit[len(_state(ctx).heroes)]


def check_hoard(ctx) -> list[dict]:
    """The Dragon's clock: the hoard at its limit for the party beats the heroes (none in the race)."""
    s, limit = _state(ctx), hoard_limit(ctx)
    if s.outcome or limit is None or s.hoard < limit:
        return []
    r = roth(ctx)
    out = [dragon(ctx).log({"event": "hoard_full", "hoard": s.hoard, "limit": limit})]
    if "end" in roth_machines.allowed("nameless", s.nameless, s, r.c):
        r.fire(roth_machines.NAMELESS, "end")
    return out + roth_turns.end(r, "defeat", f"the Dragon's hoard reached {limit} gold (the co-operative clock, ours)")


def phase_over(ctx) -> list[dict]:
    """The enemy phase played to its end (the Dragon's card too, once the heroes it attacked have
    answered): the hoard's clock, then the next round from the first hero."""
    out = check_hoard(ctx)
    if _state(ctx).outcome:
        return out
    r = roth(ctx)
    r.s.phase = "heroes"
    return out + family_turns.next_round(r, TURNS)


BAG, TURNS, LAIR, MOVES = KingdomBag(), KingdomTurns(), KingdomLair(), KingdomMoves()
LIFE = staticmethod(KingdomLife.of)


# -- the contexts ---------------------------------------------------------------------------------------------------

class Ctx(HeroesCtx):
    """A step of the combined game: its state and content; :func:`roth` and :func:`dragon` give it
    to each box's rules."""

    bag_rules, turn_rules, life_rules, move_rules = BAG, TURNS, LIFE, MOVES

    @property
    def s(self) -> KingdomState:
        return self.state

    @property
    def c(self) -> KingdomContent:
        return self.content

    @property
    def kc(self) -> KingdomContent:
        return self.content


@dataclass
class RothLens(rs.Ctx):
    """Return of the Heroes' context over a combined step (``kc``: the combined content); every event
    it logs is marked as made by Return of the Heroes' rules (``rules: roth``: its words tell it)."""

    bag_rules, turn_rules, life_rules, move_rules = BAG, TURNS, LIFE, MOVES

    def log(self, event: dict) -> dict:
        event["rules"] = "roth"
        return super().log(event)

    kc: Any = None


@dataclass
class DragonLens(ds.Ctx):
    """The Dragon's context over a combined step (``kc``: the combined content); every event it logs
    is marked as made by the Dragon's rules (``rules: dragon``)."""

    bag_rules, turn_rules, life_rules, move_rules, lair_rules = BAG, TURNS, LIFE, MOVES, LAIR
    fearless = staticmethod(fearless)
    events_enter = staticmethod(events_enter)
    card_played = staticmethod(phase_over)

    def log(self, event: dict) -> dict:
        event["rules"] = "dragon"
        return super().log(event)

    kc: Any = None


# -- the piles ------------------------------------------------------------------------------------------------------

def sort_piles(ctx) -> None:
    """Every market counter in its own box's pile: the Dragon's in the City of the Mages', Return of
    the Heroes' in its market's (a counter returned to "that location")."""
    s, boxes = _state(ctx), ctx.kc.boxes
    strays = [i for i in s.market if i in boxes.dragon.instances]
    back = [i for i in s.city if i in boxes.roth.instances]
    if strays:
        s.market = [i for i in s.market if i not in strays]
        s.city.extend(strays)
    if back:
        s.city = [i for i in s.city if i not in back]
        s.market.extend(back)
