"""A hero's turn, the rounds, whose move it is and the end of a Return of the Heroes game. The turn
order and the rounds are the family's (``overlord.games.heroes.turns``); :data:`TURNS` is RotH's
part of them.

- "The oldest player begins. Each turn has two phases: Movement. Action. Any action ends
  movement." (What to Do First): the heroes play in the order they are named, each turn a new
  movement allowance (the family's ``start_turn``).
- A hero is never out of the game: "you are dead and start again in your manor house" (The Final
  Battle Against the Nameless).
- The end: "Once the Nameless has no hit points left, do I win? Yes, you have won the game." In
  the book's race (``mode: race``) the heroes the players play race the heroes the program plays
  (``RothOwn.rivals``): a rival's turn is the program's (``phase`` "rival": :func:`current` names
  no player and the game's ``enemy_phase`` plays it with the rival bot); the players win when one
  of theirs kills the Nameless, and lose when a rival does. Together (``mode: coop``, ours) the
  company wins when any hero kills him.
- A round cap (the scenario's ``max_rounds``, ours) ends a game nobody wins.
"""

from __future__ import annotations

from overlord.games.heroes import turns as family
from overlord.games.heroes.draws import reveal

from . import moves
from .state import Ctx, RothState, TurnState


def playing(s: RothState) -> str:
    """Whose turn the program plays now: a rival's name, "enemy" for the Nameless's phase, or ""."""
    if s.outcome:
        return ""
    if s.phase == "enemy":
        return "enemy"
    if s.phase == "rival" and not s.pending:
        return s.heroes[s.order]
    return ""


def current(s: RothState) -> str | None:
    """The hero whose player acts now: the one who owes a pending choice, else the hero whose turn
    it is; None when the program plays (a rival's turn, the enemy's phase) and at the end."""
    if s.outcome:
        return None
    if s.pending:
        return s.pending["hero"]
    if s.phase != "heroes":
        return None
    return s.heroes[s.order]


def turn_phase(s: RothState) -> str:
    """Who plays the turn of the hero at ``order``: the players, or the program (a rival)."""
    return "rival" if s.heroes[s.order] in s.rivals else "heroes"


class RothTurns:
    """RotH's part of the family's turns and rounds (``heroes.turns.TurnRules``)."""

    def new_turn(self, hero: str, mp: int) -> TurnState:
        return TurnState(hero=hero, mp=mp)

    def turn_started(self, ctx: Ctx, hero: str) -> list[dict]:
        """The rival's or the players' turn; the way to the Nameless open this turn; a face-down
        Guard or Servant on the hero's field that he may fight is turned up (it walked onto him, or
        won against him and was turned down again: "I should keep its ratings in mind")."""
        s = ctx.s
        s.phase = turn_phase(s)
        s.turn.challenge = s.at[hero].guard_beaten
        hs = s.at[hero]
        if hs.between:
            return []
        return reveal(ctx, hs.field, hero, turns=lambda inst: not ctx.c.spec(inst).chit
                      and moves.MOVES.turns_over(ctx, hero, inst))

    def turn_ended(self, ctx: Ctx, hero: str) -> list[dict]:
        """"If you beat him, then you can continue on to the Nameless and do battle with him in your
        next turn": the way a beaten Guard opened closes when that next turn ends unused (ours)."""
        hs = ctx.s.at[hero]
        if ctx.s.turn.challenge and hs.guard_beaten:
            hs.guard_beaten = False
            return [ctx.log({"event": "way_closed", "hero": hero, "why": "the turn after the Guard was beaten is over"})]
        return []

    def round_over(self, ctx: Ctx) -> tuple[list[dict], bool]:
        """The round cap (ours); together, the Nameless's phase is due (the game's ``enemy_phase``
        plays it, then the next round begins: :func:`after_enemy`)."""
        s = ctx.s
        cap = ctx.c.scenario.max_rounds
        if s.round >= cap:
            return end(ctx, "defeat", f"{cap} rounds and the Nameless still lives (the scenario's round cap)"), True
        if s.mode == "coop":
            s.phase = "enemy"
            return [ctx.log({"event": "enemy_due", "round": s.round})], True
        return [], False


TURNS = RothTurns()


def start_turn(ctx: Ctx) -> list[dict]:
    return family.start_turn(ctx, TURNS)


def end_turn(ctx: Ctx) -> list[dict]:
    return family.end_turn(ctx, TURNS)


def next_round(ctx: Ctx) -> list[dict]:
    """After the Nameless's phase: the next round, from the first hero."""
    ctx.s.phase = "heroes"
    return family.next_round(ctx, TURNS)


def end(ctx: Ctx, outcome: str, reason: str) -> list[dict]:
    """The game is over: ``outcome`` victory or defeat (for the players), and why."""
    s = ctx.s
    s.outcome, s.reason = outcome, reason
    s.turn.phase, s.turn.mp = "over", 0
    return [ctx.log({"event": "game_over", "outcome": outcome, "reason": reason})]


def nameless_slain(ctx: Ctx, hero: str, name: str) -> list[dict]:
    """Who won when ``hero`` killed the Nameless: the players, unless he is a rival of the race."""
    s = ctx.s
    s.winner = hero
    if hero in s.rivals:
        return end(ctx, "defeat", f"{hero}, a rival, killed {name} first")
    return end(ctx, "victory", f"{hero} killed {name}: a hero has returned")
