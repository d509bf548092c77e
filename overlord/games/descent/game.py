"""Descent co-op quests (Forgotten Souls' pattern) on the game interface (``overlord.core.game``).

A match is the engine's :class:`~.engine.Game`: the loaded quest, the plain state, and what is
derived from them (the dungeon's board). At the table the players report what their heroes did
and roll their own dice (``table``); headless, this module gives the heroes' phase as legal
actions, each a move of ``verbs`` (its words, its application, its PettingZoo index):

* at the start of each round the group chooses the order of the heroes' turns ("At the start of
  each round, the players decide as a group the order in which each hero activates"): an action
  ``{"do": "order", "heroes": [...]}``, taken by the first hero for the group;
* then each hero's turn: its conditions act (``heroes.begin_turn``); a knocked-out hero's whole
  turn is standing up (2 red dice); otherwise two actions (``listing.legal_actions``: rest, move,
  attack, revive, heal, objective, open; a Stunned hero first throws it off); at its end a rest
  recovers all fatigue (``heroes.end_turn``);
* when every hero has had its turn, the Overlord phase (:meth:`Descent.enemy_phase`).

``dice`` (the players' generator) rolls every die the players would - their attacks, defence,
attribute tests, standing up - through ``resolve.Headless``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import PurePath

from ...core.behaviour import SpecSupport
from ...core.game import Components, GameRules, Outcome, RulesError, ScenarioInfo, Table
from ...core.rng import new_rng, rng_from_state
from ...core.search import SearchModel
from ...core.state import clone as clone_state, from_json
from ...view.words import listing
from . import bots, specs, tactics
from . import evaluation as judged
from .content.quest import load_quest
from .engine import Game, new_game, overlord_phase
from .heroes import begin_turn, end_turn
from .narrate import narrate
from .resolve import Headless
from .setup import setup_decks
from .state import DescentState, upgrade
from ...content.paths import resolve_scenario
from .agents import agent_spec
from .invariants import state_problems, violations
from .table import DescentTable
from .verbs import MOVES, OPTION, ActionList, action_of, kind_option, listed

HERO_NAMES = ("syndrael", "avric", "leoric", "tomble")   # a warrior, a healer, a mage, a scout: the party by size
MAX_ROUNDS = 40


def _listed_order(game: Game, actions) -> dict:
    return {"do": "order", "heroes": list(game.state.heroes)}


def _bot(choose, order):
    """A hero bot on the interface from one of ``bots``' choosers ``(game, hero, kinds, rng,
    actions left) -> (kind, option)`` and a way to order the round's turns."""
    def bot(game: Game, actions, rng):
        first = actions[0]
        if first["do"] == "order":
            return order(game, actions)
        if first["do"] == "stand_up":            # a knocked-out hero's whole turn: nothing to choose
            return first
        kinds = actions.kinds if isinstance(actions, ActionList) else _kinds_of(actions)
        kind, option = choose(game, first["hero"], kinds, rng, game.state.actions_left)
        return action_of(first["hero"], kind, option)
    return bot


def _kinds_of(actions) -> dict[str, list]:
    kinds: dict[str, list] = {}
    for a in actions:
        kinds.setdefault(a["do"], []).append(kind_option(a)[1])
    return kinds


class DescentSpecs(SpecSupport):
    """What Descent's Overlord answers of behaviour specs (``specs``), on a map or a quest's game."""

    instructions = specs.INSTRUCTIONS
    setup_model = specs.DescentSetup

    def on_map(self, rules, situation):
        return specs.pose_map(situation, shipped_quest)

    def arrange(self, rules, game: Game, setup) -> None:
        specs.arrange(game, setup)

    def names(self, quest, instruction: str, args, setup) -> list:
        return specs.names(quest or shipped_quest(), instruction, args, setup)

    def ask(self, rules, posed, instruction: str, args, dice=None):
        if isinstance(posed, Game):
            _headless(posed, dice)
        return specs.ask(posed, instruction, args)


class Descent(GameRules):
    name = "descent"
    title = "Descent co-op quest"
    summary = "2-4 heroes explore a dungeon; the program plays the overlord's decks, doom and fate, and every monster"
    example = ("forgotten-souls", ["syndrael", "avric"])
    machines = ("round",)
    moves = MOVES                    # every action and report, defined once: words, help, reading, numbering
    bots = {"heuristic": _bot(tactics.choose, lambda game, actions: {"do": "order", "heroes": tactics.order(game)}),
            "random": _bot(bots.choose_random, _listed_order)}
    state_type = DescentState

    # -- content ---------------------------------------------------------------------------------
    def load(self, path):
        return load_quest(path)

    def info(self, quest) -> ScenarioInfo:
        sc = quest.scenario
        return ScenarioInfo(sc.id, sc.name, tuple(sc.heroes), tuple(h for h in quest.sheets if h != "stand-in"),
                            sc.max_rounds or MAX_ROUNDS,
                            hero_names={h: s.name for h, s in quest.sheets.items() if h != "stand-in"},
                            other_heroes="any other name plays with the stand-in's numbers until `sheet` gives its own")

    def party(self, quest, count: int, seed: int) -> list[str]:
        """The headless party: a warrior, a healer, a mage and a scout, by size."""
        return list(HERO_NAMES[:count])

    def decks(self, quest):
        names = {c.id: c.name for c in quest.exploration} | {c.id: c.name for c in quest.perils}

        def order(deck: str):
            def shown(seed: int, heroes: int) -> dict:
                built = setup_decks(quest, new_rng(seed))[deck]
                if deck == "exploration":
                    return {"starting": built.starting, "stacks": built.stacks, "order": built.deck.draw, "names": names,
                            "text_before": [f"  set aside (active at the start): {built.starting}  "
                                            f"{names.get(built.starting, '')}"],
                            "text_after": ["  stacks (top stack first): " + " | ".join(", ".join(s) for s in built.stacks)]}
                return {"order": built.draw, "names": names}
            return shown
        return {d: order(d) for d in ("exploration", "activation", "peril")}

    # -- a match ---------------------------------------------------------------------------------
    def new_match(self, quest, heroes: list[str], seed: int) -> Game:
        return new_game(quest, heroes, seed)

    def to_act(self, game: Game) -> str | None:
        s = game.state
        if game.over:
            return None
        if s.order is None:
            return s.heroes[0]                  # the group chooses the round's order
        return s.acting or None

    def legal_actions(self, game: Game):
        if game.over:
            return []
        actions = listed(game)                 # the moves' listing (MOVES.legal), called directly: a hot path
        if isinstance(actions, ActionList):
            game.__dict__["_legal"] = (_step(game), actions.kinds)
        return actions

    def apply(self, game: Game, action: dict, dice=None) -> list[dict]:
        s = game.state
        _headless(game, dice)
        start = len(s.log)
        if action.get("do") == "order":
            MOVES.apply(game, action)
            _next_turn(game)
            return s.log[start:]
        hero = s.acting
        kind, option = kind_option(action)
        kinds = _legal_now(game)
        if action.get("hero") != hero or kind not in kinds or (kind in OPTION and option not in kinds[kind]):
            legal = ", ".join(f"{k} {len(v)}" if k in OPTION else k for k, v in kinds.items())
            raise RulesError(f"not legal now: {self.describe(action)}; {hero or 'no hero'} may: {legal or 'nothing'}")
        if dice is None and isinstance(game.resolver, Headless):
            dice = game.resolver.rng
        bots.perform(game, hero, kind, option, dice)
        s.actions_left = 0 if kind == "stand_up" else s.actions_left - 1
        if not game.over and (s.actions_left <= 0 or s.figure(hero).knocked_out):
            end_turn(game, hero)
            s.acting, s.actions_left = "", 0
            _next_turn(game)
        return s.log[start:]

    def enemy_phase(self, game: Game, dice=None) -> list[dict]:
        s = game.state
        if self.to_act(game) is not None or game.over:
            raise RulesError("the Overlord phase comes when every hero has had this round's turn")
        _headless(game, dice)
        start = len(s.log)
        overlord_phase(game)
        s.order, s.acting, s.actions_left = None, "", 0
        return s.log[start:]

    def outcome(self, game: Game) -> Outcome | None:
        s = game.state
        if s.phase == "victory":
            return Outcome("victory", "completed the final main encounter")
        if s.phase == "defeat":
            return Outcome("defeat", s.failed or "doom met fate")
        return None

    def tracks(self, game: Game) -> dict:
        return {"doom": game.state.track.doom, "fate": game.state.track.fate}

    def record(self, game: Game) -> dict:
        s = game.state
        drawn = {"exploration": [p.card for p in s.dungeon.placements[1:]],
                 "peril": [e["card"] for e in s.log if e["event"] == "peril"],
                 "activation": [e["card"] for e in s.log if e["event"] == "activation_card"]}
        return {"track_spaces": s.track.spaces, "cards": drawn, "track_moves": track_moves(game)}

    # -- plain data ------------------------------------------------------------------------------
    def clone(self, game: Game) -> Game:
        return Game(game.quest, clone_state(game.state))

    def from_json(self, quest, text: str) -> Game:
        return Game(quest, load_state(quest, text))

    def violations(self, game: Game, full: bool = False) -> list[str]:
        """``invariants.violations``; doom may not have moved down since the last check of this
        match (a clone starts afresh)."""
        last = game.__dict__.get("_doom_seen", game.state.track.doom)
        game.__dict__["_doom_seen"] = game.state.track.doom
        return violations(game, last, full=full)

    def check_state(self, game: Game) -> list[str]:
        """A state read from a save: sound (``invariants.state_problems``), then the generator and
        the invariants, a question waiting at the table allowed."""
        rng_from_state(game.state.rng)
        return state_problems(game) or violations(game, game.state.track.doom, full=True, table=True)

    # -- what the search bot and behaviour specs are told ----------------------------------------
    #: 3-round rollouts: docs/search-settings.md, "Descent: Forgotten Souls"
    search = SearchModel.of_module(judged, horizon=3)
    specs = DescentSpecs()

    # -- for people ------------------------------------------------------------------------------
    def narrate(self, game: Game, events: list[dict]) -> list[str]:
        return narrate(events, game, [])

    def describe(self, action: dict) -> str:
        """An action in words, as its move says it (``verbs``)."""
        if action.get("do") not in MOVES:
            return f"{action.get('hero', '?')} {action.get('do')}"
        return MOVES.describe(action)

    def components(self, game: Game) -> Components:
        q, s = game.quest, game.state
        sheets = [h.id for h in s.hero_figures() if h.sheet != "stand-in"]
        others = [h.id for h in s.hero_figures() if h.sheet == "stand-in"]
        use = [f"the base game's hero sheets and figures of {listing(sheets)}" if sheets else "",
               f"any hero figure for {listing(others)} (its numbers: `sheet HERO HEALTH STAMINA`)" if others else "",
               f"the monster figures of {listing([m.name for m in q.monsters.values()])}; their monster cards only to "
               "read (the program keeps each monster's health, act and conditions)",
               "the map tiles, to lay each encounter as `map` draws it when the program explores it (a card's rule "
               "names the box's tile where it has one" + (f"; {_own_maps(q)}" if q.maps else "") + ")",
               "the dice: you roll your heroes' attacks, attribute tests (`test HERO pass|fail` when asked) and "
               "stand-ups (2 red dice: `stand HERO HEARTS SURGES`), and their defence dice against every monster "
               "attack (tell the damage with `hurt HERO N`)",
               "tokens for your heroes' damage, fatigue and conditions, and the search and objective tokens the "
               "program places"]
        replaced = ["the Exploration, Activation and Peril decks: ours, shaped like the quest's cards; the program "
                    "shuffles and draws them and reads each card out (leave the box's decks aside)",
                    f"the Overlord track: doom starts on space {s.track.doom} and fate on {s.track.fate} (spaces 0 "
                    f"to {s.track.spaces - 1}, from the bottom); the program moves them and tells you - put the two "
                    "tokens there to see them",
                    "the Loot track: the program counts its fatigue tokens and says how many Shop Item cards to draw "
                    "(the Shop Item and Search decks are yours, from the box: tell the program the card kept with "
                    "`loot CARD to HERO` and a Search card drawn with `search HERO CARD`)"]
        coordinates = ["a space is X,Y as `map` draws the dungeon: X the column from 0 at the left, Y the row from 0 "
                       "at the top",
                       "each encounter the heroes explore joins the dungeon where the program lays it, so a space keeps "
                       "its numbers all game; `move HERO X,Y` and `choose N X,Y` use them"]
        return Components(tuple(u for u in use if u), tuple(replaced), tuple(coordinates))

    def table(self, game: Game) -> Table:
        return DescentTable(self, game)

    # -- for learning agents ---------------------------------------------------------------------
    def agents(self, quest, heroes: list[str]):
        return agent_spec(self.info(quest).max_rounds)


def _own_maps(quest) -> str:
    """The encounters played on the group's own maps, each with its map file."""
    names = {c.id: c.name for c in quest.exploration}
    return "on your own maps: " + listing([f"{names[cid]} ({PurePath(path).name})" for cid, path in quest.maps.items()])


@lru_cache(maxsize=1)
def shipped_quest():
    """The shipped Forgotten Souls quest: a map spec that names no scenario uses its cards."""
    return load_quest(resolve_scenario("forgotten-souls"))


def _step(game: Game) -> tuple:
    s = game.state
    return (len(s.log), s.round, s.acting, s.actions_left)


def _legal_now(game: Game) -> dict:
    """The acting hero's legal actions (kind -> options): as last listed, if nothing happened
    since, else afresh."""
    cached = game.__dict__.get("_legal")
    if cached is not None and cached[0] == _step(game):
        return cached[1]
    return bots.legal_actions(game, game.state.acting) if game.state.acting else {}


def _headless(game: Game, dice) -> None:
    if dice is not None and not (isinstance(game.resolver, Headless) and game.resolver.rng is dice):
        game.resolver = Headless(dice)


def _next_turn(game: Game) -> None:
    """The next hero of this round's order begins its turn (its conditions act); none left: the
    Overlord phase is due."""
    s = game.state
    while s.order and not game.over:
        hero = s.order.pop(0)
        begin_turn(game, hero)
        if game.over:
            return
        s.acting = hero
        s.actions_left = 1 if s.figure(hero).knocked_out else 2
        return


def track_moves(game: Game) -> dict:
    """Where the fate and doom went: spaces each moved, by what moved them - a hero defeated,
    the fate step, or the card (peril, exploration card) whose effect it was - the heroes knocked
    out in each encounter, and how far the heroes got (main encounters completed, encounters
    explored)."""
    fate: dict[str, int] = {}
    doom: dict[str, int] = {}
    knockouts: dict[str, int] = {}
    where = game.state.dungeon.placements[0].card if game.state.dungeon.placements else ""
    for e in game.state.log:
        if e["event"] == "open_door":
            where = e["card"]
        elif e["event"] == "hero_defeated":
            knockouts[where] = knockouts.get(where, 0) + 1
        moved = abs(e.get("to", 0) - e.get("from", 0)) if e["event"] == "track" else 0
        if not moved:
            continue
        source = e["source"]
        if source.endswith(" defeated"):
            source = "heroes defeated"
        if e["what"] == "advance doom":
            doom[source] = doom.get(source, 0) + moved
        elif e["what"] == "advance fate":
            fate[source] = fate.get(source, 0) + moved
        elif e["what"] in ("fate back", "refresh fate"):
            fate[source] = fate.get(source, 0) - moved
    return {"fate": dict(sorted(fate.items())), "doom": dict(sorted(doom.items())),
            "knockouts": dict(sorted(knockouts.items())),
            "mains": game.state.main_encounters_completed, "explored": len(game.state.dungeon.placements)}


def load_state(quest, text: str) -> DescentState:
    """A state from JSON; saves from before damage was kept are upgraded (``state.upgrade``)."""
    data = json.loads(text)
    data = upgrade(data, lambda f: _full_health(quest, data, f))
    return from_json(DescentState, data)


def _full_health(quest, data: dict, f: dict) -> int:
    """A figure's full health in a save from before damage was kept: a hero's stand-in 12, a
    monster's from its card for the saved act."""
    if f.get("side") == "heroes":
        return 12
    group = quest.monsters[f["group"]]
    return getattr(group.act_i if data.get("act", "I") == "I" else group.act_ii, f["rank"]).health


GAME = Descent()
