"""The Gauntlet, a tiny co-operative game: one or two heroes run down a corridor past the
Warden, whom the program plays.

Rules (ours, all of them):

* The corridor has ``length`` spaces, 0 to length-1. The heroes start on space 0; a hero who
  reaches the last space wins the game for everybody.
* Heroes act in turn, one action each: ``step`` (one space on), ``dash`` (roll a three-sided
  die, the heroes' own: move that many spaces on), ``rest`` (heal 1, up to full health), or,
  for a hero at 0 health, ``rise`` (back to 1 health; nothing else). Each is a move defined once
  (:data:`MOVES`, ``overlord.core.moves``): the legal actions, the table's help and parsing, the
  narration and the PettingZoo numbering all come from it.
* When every hero has acted, the enemy's phase: doom goes up by 1, then the Warden draws a card
  from its deck. While it is asleep it moves only once a hero comes within ``wake`` spaces (its
  state machine: asleep -> hunting). Hunting, it moves the card's ``advance`` spaces toward the
  closest hero (an ordered key: spaces away, then the heroes' order; ties are recorded and the
  heroes may choose), then strikes that hero for the card's ``strike`` if it stands within one
  space.
* Doom reaching ``doom_limit`` loses the game, and so do all heroes at 0 health at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

import numpy as np
from pydantic import Field

from overlord.content import kinds
from overlord.content.models import Strict
from overlord.content.errors import Problem
from overlord.content.validate import load_content, load_scenario
from overlord.core import machines
from overlord.core.behaviour import Answer, SpecSupport
from overlord.core.context import Context, tied
from overlord.core.decks import Deck, deck_cards, new_deck
from overlord.core.game import (AgentSpec, GameRules, Match, Outcome, RulesError, ScenarioInfo, Table,
                                choose_random, hidden_draw)
from overlord.core.moves import Move, Moves, MovesRules, MovesTable, Param
from overlord.core.rng import new_rng, rng_state
from overlord.core.state import events
from overlord.core.trace import Decision
from overlord.view.drawing import Drawing, Piece, Space

NAME = "tiny"


# -- content: two kinds of file ------------------------------------------------------------------

class Card(Strict):
    id: str
    advance: Annotated[int, Field(ge=0, le=6)] = 0
    strike: Annotated[int, Field(ge=0, le=3)] = 0


class CardsFile(Strict):
    tiny_cards: Annotated[list[Card], Field(min_length=1)]


class Scenario(Strict):
    id: str
    name: str
    heroes: Annotated[list[Literal[1, 2]], Field(min_length=1)]
    names: Annotated[list[str], Field(min_length=2, max_length=2)]
    length: Annotated[int, Field(ge=3, le=30)]
    warden_at: Annotated[int, Field(ge=1, le=29)]
    wake: Annotated[int, Field(ge=1, le=10)] = 3
    doom_limit: Annotated[int, Field(ge=1, le=100)]
    health: Annotated[int, Field(ge=1, le=10)] = 3
    cards: str


class ScenarioFile(Strict):
    game: Literal["tiny"]
    scenario: Scenario


def _unique_ids(loaded) -> list[Problem]:
    seen: set[str] = set()
    out = []
    for i, card in enumerate(loaded.model.tiny_cards):
        if card.id in seen:
            out.append(loaded.doc.problem(("tiny_cards", i, "id"), f"card id {card.id!r} is used twice"))
        seen.add(card.id)
    return out


def _cross_check(loaded) -> list[Problem]:
    sc: Scenario = loaded.model.scenario
    doc = loaded.doc
    problems = []
    if sc.warden_at >= sc.length - 1:
        problems.append(doc.problem(("scenario", "warden_at"), f"the Warden must wait before the last space ({sc.length - 1})"))
    cards = load_content(Path(loaded.file).parent / sc.cards)
    problems += cards.problems
    if cards.model is not None and cards.kind != "tiny_cards":
        problems.append(doc.problem(("scenario", "cards"), f"{sc.cards} holds {cards.kind}, not tiny_cards"))
    return problems


kinds.register(kinds.FileKind("tiny_cards", CardsFile, NAME, "the Warden's deck", check=_unique_ids))
kinds.register(kinds.FileKind(kinds.SCENARIO, ScenarioFile, NAME, "a Gauntlet scenario", noun="scenario",
                              cross_check=_cross_check))


@dataclass(frozen=True)
class Content:
    file: str
    scenario: Scenario
    cards: dict[str, Card]


def _content(loaded) -> tuple[list[Problem], Content | None]:
    problems, sc = _cross_check(loaded), loaded.model.scenario
    if problems:
        return problems, None
    cards = load_content(Path(loaded.file).parent / sc.cards).model.tiny_cards
    return [], Content(loaded.file, sc, {c.id: c for c in cards})


# -- the Warden's state machine, as data --------------------------------------------------------

WARDEN_STATES = ["asleep", "hunting"]
WARDEN = machines.define("tiny-warden", "The Gauntlet's Warden (the test suite's tiny game)", WARDEN_STATES,
                         [{"trigger": "wake", "source": "asleep", "dest": "hunting"}], "asleep",
                         field="warden_state", module=__name__)


# -- state ------------------------------------------------------------------------------------------

@dataclass
class TinyState:
    scenario: str
    seed: int
    heroes: list[str]
    rng: dict
    deck: Deck
    at: dict[str, int]
    health: dict[str, int]
    warden: int
    warden_state: str = "asleep"
    doom: int = 0
    round: int = 1
    turn: int = 0                     # index of the hero to act; len(heroes): the enemy's phase
    outcome: str = ""
    reason: str = ""
    log: list[dict] = events()


class TinySetup(Strict):
    """Where the Warden and the heroes stand, and whether it hunts."""

    warden: Annotated[int, Field(ge=0)] | None = None
    heroes: dict[str, Annotated[int, Field(ge=0)]] = {}
    hunting: bool = False


class WardenTurn(Strict):
    """The Warden's phase with a card of the deck on top."""

    card: str


# -- the heroes' moves, each defined once -------------------------------------------------------------

HERO = Param("hero", "hero")


def to_act(s: TinyState) -> str | None:
    return None if s.outcome or s.turn >= len(s.heroes) else s.heroes[s.turn]


def standing(ctx: Context, up: bool = True) -> list[str]:
    """The hero to act, where he stands (``up``) or lies at 0 health (not ``up``)."""
    hero = to_act(ctx.state)
    return [hero] if hero is not None and (ctx.state.health[hero] > 0) == up else []


def go(ctx: Context, action: dict, spaces: int) -> dict:
    at = ctx.state.at
    at[action["hero"]] = min(ctx.content.scenario.length - 1, at[action["hero"]] + spaces)
    return action


def heal(ctx: Context, action: dict, health: int) -> dict:
    ctx.state.health[action["hero"]] = min(ctx.content.scenario.health, health)
    return action


def dash(ctx: Context, action: dict) -> dict:
    roll = action.get("roll")
    if roll is None:
        if ctx.dice is ctx.rng:                   # at the table the players roll their own die
            raise RulesError("dash: say what the die showed (dash HERO 1-3)")
        roll = int(ctx.dice.integers(1, 4))
    return go(ctx, {**action, "roll": roll}, roll)


def told(past: str):
    """How a hero's move is told: "bo dashes (rolled 2): space 2, health 3"."""
    def line(e: dict) -> str:
        roll = f" (rolled {e['roll']})" if "roll" in e else ""
        return f"{e['hero']} {past}{roll}: space {e['at']}, health {e['health']}"
    return line


MOVES = Moves([     # a move's apply returns the action as played (a dash with its roll); Gauntlet.apply tells it
    Move("step", "the hero moves one space on", (HERO,), apply=lambda ctx, a: go(ctx, a, 1),
         legal=lambda ctx: [STEP(h) for h in standing(ctx)], tells={"hero": told("steps on")}),
    Move("dash", "the hero rolled N (1-3) and moves that far", (HERO, Param("roll", "int", "N", low=1, high=3, listed=False)),
         apply=dash, legal=lambda ctx: [DASH(h) for h in standing(ctx)], tells={"hero": told("dashes")}),
    Move("rest", "the hero heals 1", (HERO,), apply=lambda ctx, a: heal(ctx, a, ctx.state.health[a["hero"]] + 1),
         legal=lambda ctx: [REST(h) for h in standing(ctx)], tells={"hero": told("rests")}),
    Move("rise", "a hero at 0 health stands up with 1", (HERO,), apply=lambda ctx, a: heal(ctx, a, 1),
         legal=lambda ctx: [RISE(h) for h in standing(ctx, up=False)], tells={"hero": told("rises")}),
])
STEP, DASH, REST, RISE = (MOVES[n] for n in ("step", "dash", "rest", "rise"))


class TinySpecs(SpecSupport):
    """Behaviour specs: where everybody stands, and the Warden's answer."""

    instructions = {"warden_turn": WardenTurn}
    setup_model = TinySetup

    def arrange(self, rules, match: Match, setup: TinySetup) -> None:
        s = match.state
        for hero, at in setup.heroes.items():
            if hero not in s.at:
                raise RulesError(f"setup.heroes: {hero} does not play")
            s.at[hero] = at
        if setup.warden is not None:
            s.warden = setup.warden
        s.warden_state = "hunting" if setup.hunting else "asleep"

    def ask(self, rules, match: Match, instruction: str, args, dice=None) -> list[Answer]:
        s = match.state
        if args.card not in match.content.cards:
            raise RulesError(f"no card {args.card!r} in the Warden's deck")
        for pile in (s.deck.draw, s.deck.discard):
            if args.card in pile:
                pile.remove(args.card)
        s.deck.draw.insert(0, args.card)
        s.turn = len(s.heroes)                      # the heroes have acted
        told = next(e for e in rules.enemy_phase(match) if e["event"] == "warden")
        d = told["decision"]
        return [Answer("target", told["target"], tuple(d["ties"]), d["key"]), Answer("at", told["at"]),
                Answer("struck", told["struck"])]


class Gauntlet(MovesRules, GameRules):
    name = NAME
    title = "The Gauntlet"
    summary = "the test suite's tiny game: heroes run a corridor past the Warden"
    example = (str(Path(__file__).resolve().parent / "content" / "gauntlet.yaml"), ["ana", "bo"])
    machines = ("tiny-warden",)
    specs = TinySpecs()
    state_type = TinyState
    moves = MOVES

    def __init__(self):
        self.bots = {"random": choose_random, "heuristic": choose_heuristic}

    # -- content ---------------------------------------------------------------------------------
    def load(self, path) -> Content:
        return load_scenario(path, NAME, "a scenario", _content)

    def info(self, content: Content) -> ScenarioInfo:
        sc = content.scenario
        return ScenarioInfo(sc.id, sc.name, tuple(sc.heroes), tuple(sc.names), max_rounds=30)

    def decks(self, content: Content):
        def order(seed: int, heroes: int) -> dict:
            return {"order": new_deck("warden", list(content.cards), new_rng(seed)).draw,
                    "names": {c: c for c in content.cards}}
        return {"warden": order}

    # -- a match ---------------------------------------------------------------------------------
    def new_match(self, content: Content, heroes: list[str], seed: int) -> Match:
        sc = content.scenario
        if len(heroes) not in sc.heroes:
            raise RulesError(f"{sc.name} is for {' or '.join(map(str, sc.heroes))} heroes, not {len(heroes)}")
        unknown = [h for h in heroes if h not in sc.names]
        if unknown or len(set(heroes)) != len(heroes):
            raise RulesError(f"heroes: name each of {', '.join(sc.names)} at most once")
        rng = new_rng(seed)
        deck = new_deck("warden", list(content.cards), rng)
        state = TinyState(content.file, seed, list(heroes), rng_state(rng), deck, {h: 0 for h in heroes},
                          {h: sc.health for h in heroes}, sc.warden_at)
        state.log.append({"event": "setup", "heroes": list(heroes), "seed": seed, "warden": sc.warden_at})
        return Match(content, state)

    def to_act(self, match: Match) -> str | None:
        return to_act(match.state)

    def apply(self, match: Match, action: dict, dice: np.random.Generator | None = None) -> list[dict]:
        ctx, played = self.play(match, action, dice)
        s, hero = ctx.state, action["hero"]
        ctx.log({"event": "hero", **played, "at": s.at[hero], "health": s.health[hero]})
        s.turn += 1
        if s.at[hero] == match.content.scenario.length - 1:
            _end(s, "victory", f"{hero} ran the Gauntlet")
        return ctx.commit()

    def enemy_phase(self, match: Match, dice: np.random.Generator | None = None) -> list[dict]:
        s, sc = match.state, match.content.scenario
        if s.outcome or s.turn < len(s.heroes):
            raise RulesError("the Warden plays when every hero has acted")
        ctx = Context.open(s, match.content, dice)
        s.doom += 1
        ctx.log({"event": "doom", "doom": s.doom})
        if s.doom >= sc.doom_limit:
            _end(s, "defeat", "doom reached its limit")
            return ctx.commit()
        card = match.content.cards[ctx.draw(s.deck)]
        target, decision = closest_hero(ctx)
        if s.warden_state == "asleep" and abs(s.at[target] - s.warden) <= sc.wake:
            ctx.fire(WARDEN, "wake")
            ctx.log({"event": "wake", "machine": "tiny-warden", "trigger": "wake"})
        moved = 0
        if s.warden_state == "hunting":
            moved = max(-card.advance, min(card.advance, s.at[target] - s.warden))
            s.warden += moved
        struck = card.strike if s.warden_state == "hunting" and abs(s.at[target] - s.warden) <= 1 else 0
        if struck:
            s.health[target] = max(0, s.health[target] - struck)
        s.deck.discard.append(card.id)
        ctx.log(hidden_draw({"event": "warden", "card": card.id, "target": target, "moved": moved, "at": s.warden,
                             "struck": struck, "decision": decision.to_json()}))
        if all(h == 0 for h in s.health.values()):
            _end(s, "defeat", "every hero is down")
        s.round += 1
        s.turn = 0
        return ctx.commit()

    def outcome(self, match: Match) -> Outcome | None:
        s = match.state
        return Outcome(s.outcome, s.reason) if s.outcome else None

    def tracks(self, match: Match) -> dict:
        return {"doom": match.state.doom, "fate": match.content.scenario.doom_limit}

    def record(self, match: Match) -> dict:
        return {"cards": {"warden": [e["card"] for e in match.state.log if e["event"] == "warden"]}}

    def violations(self, match: Match, full: bool = False) -> list[str]:
        s, sc = match.state, match.content.scenario
        out = []
        for h in s.heroes:
            if not 0 <= s.at[h] < sc.length:
                out.append(f"{h} is off the corridor at {s.at[h]}")
            if not 0 <= s.health[h] <= sc.health:
                out.append(f"{h} has {s.health[h]} health")
        if sorted(deck_cards(s.deck).elements()) != sorted(match.content.cards):
            out.append("a Warden card is lost or doubled")
        if s.warden_state not in WARDEN_STATES:
            out.append(f"the Warden is {s.warden_state!r}")
        return out

    # -- for people ------------------------------------------------------------------------------
    def narrate(self, match: Match, evs: list[dict]) -> list[str]:
        return [TELLS[e["event"]](e) if e["event"] in TELLS else self.moves[e["do"]].tells["hero"](e) for e in evs]

    def table(self, match: Match) -> Table:
        return GauntletTable(self, match)

    # -- for learning agents: the moves' numbering, and what a hero sees ---------------------------
    def agents(self, content: Content, heroes: list[str]) -> AgentSpec:
        sc = content.scenario

        def observe(match: Match, hero: str) -> np.ndarray:
            s = match.state
            return np.array([s.at[hero] / (sc.length - 1), s.health[hero] / sc.health, s.warden / (sc.length - 1),
                             s.doom / sc.doom_limit], np.float32)

        return self.moves.agent_spec(4, observe, self.reading)


def _warden_line(e: dict) -> str:
    why = e["decision"]
    ties = f"; {tied(why['ties'], 'the heroes')}" if why["ties"] else ""
    return (f"the Warden draws {e['card']}: moves {abs(e['moved'])} toward {e['target']} (closest: {why['key']['spaces']} "
            f"spaces{ties}), now on {e['at']}" + (f", strikes {e['target']} for {e['struck']}" if e["struck"] else ""))


#: the events that are not a hero's move, in words (a move tells its own: ``Move.tells``)
TELLS = {
    "setup": lambda e: f"the heroes {', '.join(e['heroes'])} stand on space 0; the Warden waits on {e['warden']}",
    "doom": lambda e: f"doom {e['doom']}",
    "wake": lambda e: "the Warden wakes",
    "warden": _warden_line,
    "end": lambda e: f"== {e['result'].capitalize()}: {e['reason']} ==",
}


def _end(state: TinyState, result: str, reason: str) -> None:
    state.outcome, state.reason = result, reason
    state.log.append({"event": "end", "result": result, "reason": reason})


def closest_hero(ctx: Context) -> tuple[str, Decision]:
    """The Warden's target: the minimum of (spaces away, the heroes' order) among heroes who
    are up (all heroes when none is); ties on spaces are recorded."""
    s = ctx.state
    up = [h for h in s.heroes if s.health[h] > 0] or list(s.heroes)
    d = ctx.decide("closest hero", up, lambda h: (abs(s.at[h] - s.warden),), ("spaces",), ("hero order", s.heroes.index))
    return d.choice, d


# -- hero bots ---------------------------------------------------------------------------------------

def choose_heuristic(match, actions, rng):
    """Rest when one strike from going down and the Warden is near; else dash (an ordered key
    over the actions; a move it does not know comes last)."""
    s = match.state
    hero = actions[0]["hero"]
    if actions[0]["do"] == "rise":
        return actions[0]
    near = abs(s.at[hero] - s.warden) <= 2
    key = {"dash": 0, "step": 1, "rest": 2}
    if s.health[hero] == 1 and near:
        key = {"rest": 0, "dash": 1, "step": 2}
    return min(actions, key=lambda a: key.get(a["do"], 3))


# -- at the table: the moves' help and parsing (MovesTable), the opening and the prompt ------------------

class GauntletTable(MovesTable):
    def opening(self, heroes, seed):
        return [f"{self.match.content.scenario.name}: {', '.join(heroes)} (seed {seed})",
                "put the heroes on space 0 and the Warden on its space:", *self.picture()] \
            + self.rules.narrate(self.match, self.match.state.log)

    def picture(self):
        s, length = self.match.state, self.match.content.scenario.length
        cells = []
        for i in range(length):
            mark = "".join(h[0].upper() for h in s.heroes if s.at[h] == i) + ("W" if s.warden == i else "")
            cells.append(mark or ("X" if i == length - 1 else "."))
        return [" ".join(f"{c:>2}" for c in cells)]

    def drawing(self):
        s, length = self.match.state, self.match.content.scenario.length
        spaces = [Space(str(i), i, 0, "exit" if i == length - 1 else "floor", str(i)) for i in range(length)]
        pieces = [Piece(h, h, "heroes", h[0].upper(), (str(s.at[h]),), f"{h} on space {s.at[h]}, health {s.health[h]}")
                  for h in s.heroes] + [Piece("warden", "the Warden", "monsters", "W", (str(s.warden),))]
        return Drawing("The Gauntlet", spaces, pieces=pieces, legend={"exit": "the last space: reach it to win"})

    def status(self):
        s = self.match.state
        return [f"round {s.round}; doom {s.doom}/{self.match.content.scenario.doom_limit}; the Warden on {s.warden}, "
                f"{s.warden_state}"] + [f"  {h}: space {s.at[h]}, health {s.health[h]}" for h in s.heroes]

    def epilogue(self):
        return []                 # the narration tells the end

    def prompt(self):
        s = self.match.state
        return f"[round {s.round} | doom {s.doom}] gauntlet> "


GAME = Gauntlet()
