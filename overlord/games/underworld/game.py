"""Heroes in the Underworld on the game interface (``overlord.core.game``): the co-operative game
in which the program plays the Damned One. A match is the loaded content and an
:class:`~.state.UnderworldState`; every draw comes from the state's generator (the heroes roll
nothing of their own here: ``dice`` is not used)."""

from __future__ import annotations

import json

from ...core.behaviour import SpecSupport
from ...core.game import Components, GameRules, Match, Outcome, ScenarioInfo, Table
from ...core.search import SearchModel
from ...view.words import listing
from . import engine, invariants
from .agents import agent_spec
from .bots import choose_heuristic, choose_random
from .narrate import narrate
from . import evaluation as judged
from . import specs
from .setup import load_game
from .state import DARK_SIDE_BOXES, UnderworldState, load_state
from .table import UnderworldTable
from ...content.paths import resolve_scenario

TRACK_NAMES = {"doom": "Dark Side", "fate": "its last box"}


def _heuristic(match, actions, rng):
    return choose_heuristic(match.state, actions, rng)


def _random(match, actions, rng):
    return choose_random(match.state, actions, rng)


def shipped_content():
    """The shipped co-operative Underworld: a map spec that names no scenario plays with it."""
    if "content" not in _SHIPPED:
        _SHIPPED["content"] = load_game(resolve_scenario("underworld"))
    return _SHIPPED["content"]


_SHIPPED: dict = {}


class UnderworldSpecs(SpecSupport):
    """What the Underworld's enemy answers of behaviour specs (``specs``), on a map or a game."""

    instructions = specs.INSTRUCTIONS
    setup_model = specs.UnderworldSetup

    def on_map(self, rules, situation):
        return specs.pose_map(situation, shipped_content)

    def arrange(self, rules, match, setup) -> None:
        specs.arrange(match.state, setup)

    def names(self, content, instruction: str, args, setup) -> list:
        return specs.names(content or shipped_content(), instruction, args)

    def ask(self, rules, posed, instruction: str, args, dice=None):
        return specs.ask(posed, instruction, args, dice)


class Underworld(engine.HeroTurns, GameRules):
    """The Underworld's rules: the heroes' turns, legal actions and applying one from
    :class:`.engine.HeroTurns` (the moves, ``verbs``), the rest here."""

    name = "underworld"
    title = "Heroes in the Underworld"
    summary = "co-operative, 1-4 heroes against the Damned One and its Avatars, played by the program"
    example = ("underworld", ["gladiator", "gnome"])
    machines = ("damned-one", "avatar")
    bots = {"heuristic": _heuristic, "random": _random}
    state_type = UnderworldState

    # -- content ---------------------------------------------------------------------------------
    def load(self, path):
        return load_game(path)

    def info(self, content) -> ScenarioInfo:
        sc = content.scenario
        return ScenarioInfo(sc.id, sc.name, tuple(sc.heroes), tuple(content.heroes), sc.max_rounds, TRACK_NAMES,
                            hero_names={h: hero.name for h, hero in content.heroes.items()})

    def party(self, content, count: int, seed: int) -> list[str]:
        """``count`` heroes in the content's order, starting at the ``seed``-th (mod the number of
        heroes): over a batch every hero plays, alone and in every company."""
        names = list(content.heroes)
        return [names[(seed + i) % len(names)] for i in range(count)]

    def decks(self, content):
        def order(deck: str):
            def shown(seed: int, heroes: int) -> dict:      # as a game set up for the seed draws it
                state = engine.new_game(content, list(content.heroes)[:heroes], seed)
                built = state.dark_deck if deck == "dark" else state.peril_deck
                cards = content.dark.cards if deck == "dark" else content.dark.perils
                return {"order": list(built.draw), "names": {c: getattr(cards[c], "name", c) for c in built.draw}}
            return shown
        return {"dark": order("dark"), "peril": order("peril")}

    # -- a match ---------------------------------------------------------------------------------
    def new_match(self, content, heroes: list[str], seed: int) -> Match:
        return Match(content, engine.new_game(content, heroes, seed))

    def enemy_phase(self, match, dice=None) -> list[dict]:
        return engine.enemy_phase(match.state, match.content)

    def outcome(self, match) -> Outcome | None:
        s = match.state
        if s.outcome == "won":
            return Outcome("victory", f"{s.winner} defeated the Damned One")
        if s.outcome == "lost":
            return Outcome("defeat", s.reason)
        return None

    def tracks(self, match) -> dict:
        return {"doom": match.state.dark_side, "fate": DARK_SIDE_BOXES}

    def record(self, match) -> dict:
        log = match.state.log
        drawn = {"dark": [e["card"] for e in log if e["event"] == "dark_card"],
                 "peril": [e["card"] for e in log if e["event"] == "peril"],
                 "tiles": [e["tile"] for e in log if e["event"] == "tile_placed"]}
        return {"track_spaces": DARK_SIDE_BOXES + 1, "track_names": TRACK_NAMES, "cards": drawn}

    def from_json(self, content, text: str) -> Match:
        return Match(content, load_state(json.loads(text)))

    def violations(self, match, full: bool = False) -> list[str]:
        return invariants.violations(match.state, match.content, full=full)

    def check_state(self, match) -> list[str]:
        return invariants.state_problems(match.state, match.content) or super().check_state(match)

    # -- what the search bot and behaviour specs are told ----------------------------------------
    #: the settings measured alone (3-round rollouts, departures played out in 60 worlds):
    #: docs/search-settings.md, "Heroes in the Underworld"
    search = SearchModel.of_module(judged, horizons={1: 3}, confirm={1: 60})
    specs = UnderworldSpecs()

    # -- for people ------------------------------------------------------------------------------
    def narrate(self, match, events: list[dict]) -> list[str]:
        return narrate(events)

    def describe(self, action: dict) -> str:
        return engine.describe(action)

    def components(self, match) -> Components:
        s, c = match.state, match.content
        names = listing([c.heroes[h].name for h in s.heroes])
        return Components(
            use=(f"the hero figures of {names}, and the box's gold, experience cubes and shadow cubes",
                 "the map tiles: Styx in the middle; each tile the program draws, laid as `map` draws it (our tiles' "
                 "exits are ours, not the box's: take a tile of the same kind - Area, Passageway or the place named "
                 "- and mind the exits the program gives)",
                 "the counters, as the program turns them up (it names each one; the hidden ones stay in the box)",
                 "the Damned One's reference card for the Dark Side and the Avatars"),
            replaced=("the hero cards' numbers: ours (skills, life, movement, gold; `status` shows them) - the program "
                      "keeps every hero's life, cubes, gold and items",
                      "the three face-down tile stacks, the Adventure and treasure markers: the program shuffles and "
                      "draws them, and names what turns up",
                      "the Dark cards and the perils of the co-operative game: ours, played by the program",
                      f"the Dark Side track: it starts at {s.dark_side} of 11 shadow cubes; the program keeps it and "
                      "says each change"),
            dice="the heroes' trials: combat, tests, defence, duels and the battle with the Damned One",
            coordinates=("a tile is named by its id (styx, area-07, passage-11, or a place's name) and drawn at X,Y "
                         "from Styx at 0,0: X grows to the east, Y to the south, north up as `map` draws it",
                         "a side is N, E, S or W with north up; `extend STACK SIDE` lays the drawn tile on that side "
                         "of the hero's tile"))

    def table(self, match) -> Table:
        return UnderworldTable(self, match)

    # -- for learning agents ---------------------------------------------------------------------
    def agents(self, content, heroes: list[str]):
        return agent_spec(content.scenario.max_rounds)


GAME = Underworld()
