"""A hero's turn, the rounds, and the co-operative Dragon phase (what a hero may do in his turn,
and doing it, are the moves of ``verbs``). The turn order and the rounds are the family's
(``overlord.games.heroes.turns``); :data:`TURNS` is the Dragon's part of them.

Rounds: the heroes play in turn order; a hero who fell to the Dragon is skipped. In the
co-operative mode, after every ``coop.dragon_every`` rounds the Dragon phase is due (the
``dragon-phase`` machine): the Dragon plays the top card of its deck (:func:`dragon_phase`).
"""

from __future__ import annotations

from overlord.core.decks import discard_card
from overlord.games.heroes import turns as family

from . import draws, events, life, machines, moves
from .state import Ctx, DragonState, TurnState

# -- turns and rounds ------------------------------------------------------------------------------------------

def current(s: DragonState) -> str | None:
    """The hero whose player acts now: the one who owes a pending choice (also an attacked hero in
    the Dragon's phase), else the hero whose turn it is; None in the Dragon's phase and at the end."""
    if s.outcome:
        return None
    if s.pending:
        return s.pending["hero"]
    if s.phase != "heroes":
        return None
    return s.heroes[s.order]


class DragonTurns:
    """The Dragon's part of the family's turns and rounds (``heroes.turns.TurnRules``)."""

    def new_turn(self, hero: str, mp: int) -> TurnState:
        return TurnState(hero=hero, mp=mp)

    def turn_started(self, ctx: Ctx, hero: str) -> list[dict]:
        """The Bag of Gold and the Camel rolled for, the Storm, the Labyrinth's roll, the Basilisk's
        confusion."""
        s = ctx.s
        hs = s.at[hero]
        out: list[dict] = []
        if moves.has_effect(ctx, hero, "bag_of_gold") and hs.purse == 0:
            roll = ctx.die(why=f"{hero}'s bag of gold (1 or 2 refills the purse)")
            if roll <= 2:
                hs.purse = 1
            out.append(ctx.log({"event": "bag_of_gold", "hero": hero, "roll": roll, "refilled": roll <= 2}))
        if moves.has_effect(ctx, hero, "camel") and not hs.between:
            roll = ctx.die(why=f"{hero}'s camel (a 1: it refuses to move)")
            out.append(ctx.log({"event": "camel", "hero": hero, "roll": roll, "refuses": roll == 1}))
            if roll == 1:
                s.turn.mp = 0
        if s.storm:
            roll = ctx.die(why=f"the storm, at the start of {hero}'s turn (a 6 ends it)")
            if roll == 6:
                s.storm = False
            else:
                s.turn.mp = min(s.turn.mp, 1)
            out.append(ctx.log({"event": "storm_roll", "hero": hero, "roll": roll, "over": roll == 6}))
        if not hs.between and moves.in_region_feature(ctx, hs.field, "labyrinth") \
                and not moves.has_effect(ctx, hero, "labyrinth_map"):
            out += moves.labyrinth_roll(ctx, hero, start=True)
        if hs.confused and not s.outcome:
            if s.rules.get("program_choices", True):
                decision = moves.steer_choice(ctx, hero)
                out += moves.steer(ctx, hero, decision.choice, decision)
            else:
                left = s.heroes[(s.order + 1) % len(s.heroes)]
                left = left if not s.at[left].out else hero
                s.pending = {"steer": hero, "hero": left}
                out.append(ctx.log({"event": "steer_pending", "hero": hero, "by": left}))
        return out

    def turn_ended(self, ctx: Ctx, hero: str) -> list[dict]:
        """Invisibility over, the Desert's heat, the book's turns after a challenger fell."""
        s, c = ctx.s, ctx.c
        hs = s.at[hero]
        out: list[dict] = []
        s.turn.invisible = False            # Invisibility: "invisible for the rest of his turn", no longer
        if not hs.out and moves.desert_hurts(ctx, hero, hs.between or hs.field) \
                and (hs.between or c.board.field(hs.field).feature not in ("oasis", "caravanserai")):
            out += life.wound(ctx, hero, "the Desert's heat")           # between two fields he ended on neither
        if s.mode == "book" and s.dragon == "victorious" and not hs.out:
            s.follow_up -= 1
            out.append(ctx.log({"event": "follow_up", "left": s.follow_up, "unit": "turns"}))
            if s.follow_up <= 0:
                out += _waited_out(ctx)
        return out

    def round_over(self, ctx: Ctx) -> tuple[list[dict], bool]:
        """The co-operative rounds after a challenger fell; the Dragon phase when it is due."""
        s = ctx.s
        out: list[dict] = []
        if s.mode == "coop" and s.dragon == "victorious":
            s.follow_up -= 1
            out.append(ctx.log({"event": "follow_up", "left": s.follow_up, "unit": "rounds"}))
            if s.follow_up <= 0:
                return out + _waited_out(ctx), True
        ctx.fire(machines.PHASE, "round_over")
        if s.phase == "dragon":
            return out + [ctx.log({"event": "dragon_due", "round": s.round, "machine": "dragon-phase",
                                   "state": s.phase})], True
        return out, False


TURNS = DragonTurns()


def start_turn(ctx: Ctx) -> list[dict]:
    return family.start_turn(ctx, TURNS)


def end_turn(ctx: Ctx) -> list[dict]:
    return family.end_turn(ctx, TURNS)


def _waited_out(ctx: Ctx) -> list[dict]:
    s = ctx.s
    ctx.fire(machines.DRAGON, "wait_out")
    out = [ctx.log({"event": "waited_out", "machine": "dragon", "state": s.dragon})]
    if s.mode == "book":
        for h in s.heroes:
            if not s.at[h].out:
                s.results[h] = "minor"
        return out + life.end(ctx, "defeat", "Dragon Victory and a Minor Victory")
    return out + life.end(ctx, "defeat", "Dragon Victory: nobody slew the Dragon in the rounds after a challenger fell")


def next_round(ctx: Ctx) -> list[dict]:
    return family.next_round(ctx, TURNS)


def card_effect(ctx: Ctx, name: str, params, first: str | None) -> list[dict]:
    """One effect of a Dragon card: counters drawn from the bag (the Dragon's brood, ``draws``)
    or one of the events' (``events.apply_effect``)."""
    if name == "draw":
        out = []
        for _ in range(params["counters"]):
            out += draws.draw_one(ctx, None, "the Dragon's brood")
        return out
    return events.apply_effect(ctx, name, params, first)


def dragon_phase(ctx: Ctx) -> list[dict]:
    """The co-operative Dragon phase: the top card of the Dragon deck, its effects in order."""
    s, c = ctx.s, ctx.c
    card_id = ctx.draw(s.dragon_deck, lambda cid: {"event": "dragon_card", "card": cid, "name": c.cards[cid].name,
                                                   "text": c.cards[cid].text, "book": c.cards[cid].book})
    return [s.log[-1]] + play_card(ctx, card_id, 0)


def play_card(ctx: Ctx, card_id: str, start: int) -> list[dict]:
    """A Dragon card's effects from the ``start``-th; an effect that waits for a hero's choice (the
    heroes' answers to Attack!) keeps the card in play until the last answer (``pending``: the card
    and its next effect), then the rest is played and the round goes on."""
    s, c = ctx.s, ctx.c
    out: list[dict] = []
    for k, (name, params) in enumerate(c.cards[card_id].effects[start:], start):
        if s.outcome:
            break
        out += card_effect(ctx, name, params, None)
        if s.pending:
            s.pending.update({"card": card_id, "next": str(k + 1)})
            return out
    discard_card(s.dragon_deck, card_id)
    if s.outcome:
        return out
    if ctx.card_played is not None:
        return out + ctx.card_played(ctx)
    ctx.fire(machines.PHASE, "played")
    return out + next_round(ctx)
