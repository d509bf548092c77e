"""The co-operative Underworld game: setup, the heroes' turns as legal actions, and the rounds
with the Damned One's Dark phase (``dark``).

A hero's turn follows HitU "Course of Play": 1. extend the Underworld (draw a tile from a stack
of the player's choice and place it beside the hero's tile on a free exit side, turned as the
player likes unless it bears an arrow), 2. movement (1 MP a tile, the first step into the new
tile; entering a tile with a marker stops and reveals it), 3. actions (combat first, then
encounters, tasks, places). When every hero has had a turn, the Dark phase runs and a new round
begins.

Everything a player may do now is :func:`legal_actions` (the moves' listing, ``verbs``);
:func:`apply` does one of them (:class:`HeroTurns`: ``MovesRules.play``) and the Dark phases it
brings, and returns the events. An action is a small dict (``{"do": "step", "to": "area-07"}``),
the same in a save file, a log, a bot's choice and a typed command. An action that is not legal
now raises :class:`ActionError` naming the rule and listing what is legal.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from ...core.decks import new_deck
from ...core.game import Match, RulesError
from ...core.moves import MovesRules
from ...core.rng import new_rng, rng_state
from ..heroes.sheet import SKILLS, HeroSheet, movement_allowance, new_sheet
from . import darkside, tiles
from .dark import DarkContent, dark_phase
from .state import CounterSpec, KIND_HEAP, TurnState, UnderworldState, instance_ids, rolling
from ...view.words import count, listing
from .damned import solitaire_turn
from .context import UnderworldContext
from .verbs import CHOICE_WORDS, MOVES, USE_RIDES


class ActionError(RulesError):
    """An action that is not legal now; the message says why and lists the legal ones."""


@dataclass
class HeroSpec:
    id: str
    name: str
    skills: dict[str, int]
    thresholds: dict[str, list[int]]
    movement: int
    life: int
    gold: int
    item_slots: int = 4
    ability: str = ""


@dataclass
class UnderworldContent:
    """Everything a game reads from its scenario and content files, loaded once."""

    scenario: object                  # coop_formats.UnderworldScenario
    tiles: list[tiles.TileSpec]
    catalogue: dict[str, CounterSpec]
    heroes: dict[str, HeroSpec]
    dark: DarkContent


# -- setup ---------------------------------------------------------------------------------------

def new_game(content: UnderworldContent, heroes: list[str], seed: int, scenario_file: str = "") -> UnderworldState:
    """HitU "Preparation": Styx in the centre, the other tiles in three face-down stacks; the
    treasure markers in a face-down heap; the Adventure markers face down; the Damned One's
    marker and the special weapons on its card; every hero on Styx with the sheet's starting
    gold and life. Co-operative: the Dark and peril decks shuffled, the Dark Side's start by the
    number of heroes."""
    sc = content.scenario
    unknown = [h for h in heroes if h not in content.heroes]
    if unknown:
        raise ActionError(f"unknown hero {unknown[0]!r}; heroes: {', '.join(content.heroes)}")
    if len(set(heroes)) != len(heroes):
        raise ActionError(f"each hero may be chosen once, got {heroes}")
    if len(heroes) not in sc.heroes:
        raise ActionError(f"this scenario is for {', '.join(map(str, sc.heroes))} heroes, not {len(heroes)}")
    rng = new_rng(seed)
    m = tiles.setup(content.tiles, heroes, rng)
    sheets = {h: _sheet(content.heroes[h]) for h in heroes}
    piles: dict[str, list[str]] = {"adventure": [], "treasure": [], "card": []}
    for spec in content.catalogue.values():
        piles[KIND_HEAP[spec.kind]] += instance_ids(spec)
    state = UnderworldState(
        scenario=scenario_file or sc.id, seed=seed, heroes=list(heroes), rng=rng_state(rng), map=m,
        catalogue=copy.deepcopy(content.catalogue), sheets=sheets,
        adventure=sorted(piles["adventure"]), treasure=sorted(piles["treasure"]), card=sorted(piles["card"]),
        solitaire=len(heroes) == 1 and sc.rules.solitaire_changes,
        rules={**sc.rules.model_dump(), "abilities": {h: content.heroes[h].ability for h in heroes}}, avatars={},
    )
    for spec in content.catalogue.values():
        if spec.kind == "avatar":
            for cid in instance_ids(spec):
                state.avatars[cid] = "hidden"
    with rolling(state) as r:
        state.dark_deck = new_deck("dark", list(content.dark.cards), r)
        state.peril_deck = new_deck("peril", list(content.dark.perils), r)
    start = sc.dark_side_start.get(len(heroes), 0)
    if start:
        darkside.add(state, start, f"the scenario starts the Dark Side at {start} for {len(heroes)} heroes")
    state.log.append({"event": "setup", "heroes": list(heroes), "seed": seed, "why": "Preparation"})
    start_turn(state, heroes[0])
    return state


def _sheet(spec: HeroSpec) -> HeroSheet:
    order = [s for s in SKILLS if s in spec.skills]          # sheet order, as load_state restores it
    return new_sheet(spec.id, {s: spec.skills[s] for s in order}, {s: spec.thresholds[s] for s in order},
                     spec.movement, spec.life, spec.gold, item_slots=spec.item_slots)


# -- turns ---------------------------------------------------------------------------------------

def start_turn(state: UnderworldState, hero: str) -> list[dict]:
    state.map = tiles.new_turn(state.map)
    here = state.map.heroes[hero]
    state.turn = TurnState(hero=hero, phase="extend", mp_left=movement_allowance(state.sheets[hero]),
                           started_on=here)
    event = {"event": "turn", "hero": hero, "round": state.round, "tile": here,
             "why": f"{hero}'s turn, round {state.round}"}
    state.log.append(event)
    events = [event]
    events += solitaire_turn(state)
    if hero in state.trapped:
        state.turn.phase = "act"
        events.append(_log(state, {"event": "trapped", "hero": hero, "trap": state.trapped[hero],
                                   "why": "a hero caught in a trap can only try to escape"}))
    elif not tiles.can_place(state.map, here):
        state.turn.phase = "move"
        events.append(_log(state, {"event": "no_tile", "hero": hero,
                                   "why": "no new map tile can be placed beside the hero's tile "
                                          "(surrounded, no free exit, or the stacks are empty)"}))
    return events


def _log(state: UnderworldState, event: dict) -> dict:
    state.log.append(event)
    return event


# -- what may be done now ------------------------------------------------------------------------

def legal_actions(state: UnderworldState) -> list[dict]:
    """Every action the active hero's player may take now, in a stable order: the moves'
    listing (``verbs.legal``)."""
    return MOVES.legal(UnderworldContext.reading(state, None))


# -- doing it ------------------------------------------------------------------------------------

def apply(state: UnderworldState, content: UnderworldContent, action: dict) -> list[dict]:
    """Do one legal action and what follows it; the events it caused. Ends the turn, runs the
    Dark phase and starts the next round as the rules say (:func:`act` then
    :func:`enemy_phase` while it is due)."""
    start = len(state.log)
    act(state, content, action)
    while dark_due(state):
        enemy_phase(state, content)
    return state.log[start:]


def act(state: UnderworldState, content: UnderworldContent, action: dict) -> list[dict]:
    """Do one legal action; the events it caused (:meth:`HeroTurns.apply` on the state)."""
    return TURNS.apply(Match(content, state), action)


class HeroTurns(MovesRules):
    """The heroes' turns on the moves (``verbs``): the legal actions are the moves' listing, and an
    action is played by :meth:`overlord.core.moves.MovesRules.play` - checked against the legal
    actions, its ``action`` event logged, its move applied in a context opened on the match - then
    the turn goes on (:func:`_advance`). The game's rules (``game.Underworld``) build on it."""

    moves = MOVES
    context = UnderworldContext

    def to_act(self, match) -> str | None:
        s = match.state
        if s.outcome or s.turn is None or dark_due(s):
            return None
        return s.turn.hero

    def apply(self, match, action: dict, dice=None) -> list[dict]:
        """Do one legal action; the events it caused. When the active hero's turn is over the next
        hero's begins; after the last hero's, the Dark phase is due (:func:`dark_due`).
        ``action["with"]`` may carry the player's choices (its move's ``rides``); a choice the rules
        refuse raises ``RulesError`` - callers that take typed input restore the state they saved
        before (the table session does)."""
        action, choices = split_choices(action)
        ctx, _ = self.play(match, action, dice, choices)
        _advance(match.state, match.content)
        return ctx.commit()

    def refused(self, match, action: dict, legal: list[dict]) -> RulesError:
        state = match.state
        shown = ", ".join(describe(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        phase = state.turn.phase if state.turn else "over"
        return ActionError(f"{describe(action)} is not legal now ({state.turn.hero if state.turn else 'nobody'}, "
                           f"phase {phase}); legal: {shown or 'nothing, the game is over'}")

    def started(self, ctx: UnderworldContext, action: dict, choices: dict) -> None:
        ctx.log({"event": "action", "hero": ctx.hero, "action": dict(action), "why": describe(action),
                 **({"with": choices} if choices else {})})


TURNS = HeroTurns()


def split_choices(action: dict) -> tuple[dict, dict]:
    """An action and the player's choices riding in its ``with`` (its move's ``rides``), apart; a choice
    its move does not take is refused (:class:`ActionError`, naming the ones it takes)."""
    choices = action.get("with") or {}
    bare = {k: v for k, v in action.items() if k != "with"}
    move = MOVES.moves.get(bare.get("do"))
    known = USE_RIDES.get(bare.get("place"), ()) if bare.get("do") == "use" else move.rides if move else ()
    unknown = [k for k in choices if k not in known]
    if unknown:
        words = [CHOICE_WORDS.get(k, k) for k in known]
        raise ActionError(f"{describe(bare)}: {CHOICE_WORDS.get(unknown[0], unknown[0])} does not apply here; "
                          + (f"it takes {listing(words, 'or')}" if words else "it takes no choice"))
    return bare, dict(choices)


def _advance(state: UnderworldState, content: UnderworldContent) -> None:
    """After an action: when the active hero's turn is over, the next hero's begins; after the
    last hero's, the Dark phase is due."""
    while not state.outcome and state.turn is not None and state.turn.phase == "done":
        hero = state.turn.hero
        state.last_hero = hero
        i = state.heroes.index(hero)
        if i + 1 >= len(state.heroes):
            return
        start_turn(state, state.heroes[i + 1])


def dark_due(state: UnderworldState) -> bool:
    """Every hero has had this round's turn: the Dark phase (or its rest) comes next."""
    return (not state.outcome and state.turn is not None and state.turn.phase == "done"
            and state.turn.hero == state.heroes[-1])


def enemy_phase(state: UnderworldState, content: UnderworldContent) -> list[dict]:
    """The Damned One's Dark phase (every round, or every N-th by the scenario), then a new
    round with the first hero's turn. The events it caused."""
    if not dark_due(state):
        raise ActionError("the Dark phase comes when every hero has had this round's turn")
    start = len(state.log)
    every = content.scenario.dark_phase_every.get(len(state.heroes), 1)
    if state.round % every == 0:
        dark_phase(state, content.dark)
    else:
        state.log.append({"event": "dark_rests", "round": state.round,
                          "why": f"with {count(len(state.heroes), 'hero')} the Damned One plays every {count(every, 'round')}"})
    if not state.outcome:
        state.round += 1
        start_turn(state, state.heroes[0])
        _advance(state, content)
    return state.log[start:]


def describe(a: dict) -> str:
    """One line for an action, as a player would say it (its move's words, ``verbs``)."""
    return MOVES.describe(a) if a.get("do") in MOVES else str(a)
