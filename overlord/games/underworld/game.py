"""Heroes in the Underworld on the game interface (``overlord.core.game``): the co-operative game
in which the program plays the Damned One. A match is the loaded content and an
:class:`~.state.UnderworldState`; every draw comes from the state's generator (the heroes roll
nothing of their own here: ``dice`` is not used)."""

from __future__ import annotations

import json

from ...core.game import Components, GameRules, Match, Outcome, ScenarioInfo, Table
from ...view.words import listing
from . import engine, invariants
from .agents import agent_spec
from .bots import choose_heuristic, choose_random
from .narrate import narrate
from . import evaluation as judged
from . import specs
from .picture import draw_map
from .setup import load_game
from .state import DARK_SIDE_BOXES, UnderworldState, load_state
from .table import UnderworldTable, status_lines
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


class Underworld(GameRules):
    name = "underworld"
    title = "Heroes in the Underworld"
    summary = "co-operative, 1-4 heroes against the Damned One and its Avatars, played by the program"
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

    def to_act(self, match) -> str | None:
        s = match.state
        if s.outcome or s.turn is None or engine.dark_due(s):
            return None
        return s.turn.hero

    def legal_actions(self, match) -> list[dict]:
        return engine.legal_actions(match.state)

    def apply(self, match, action: dict, dice=None) -> list[dict]:
        return engine.act(match.state, match.content, action)

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

    # -- behaviour specs (overlord check) --------------------------------------------------------
    instructions = specs.INSTRUCTIONS
    setup_model = specs.UnderworldSetup

    def pose(self, situation):
        if situation.board is not None:
            return specs.pose_map(situation, shipped_content)
        return super().pose(situation)

    def arrange(self, match, setup) -> None:
        specs.arrange(match.state, setup)

    def spec_names(self, content, instruction: str, args, setup) -> list:
        return specs.names(content or shipped_content(), instruction, args)

    def ask(self, posed, instruction: str, args, dice=None):
        return specs.ask(posed, instruction, args, dice)

    # -- search bots -----------------------------------------------------------------------------
    search_model = judged
    #: alone, rollouts of 3 rounds (ours): with the solitaire's own weights, 1,000 paired games
    #: +3.4 points (-0.04 to +6.8; the fresh 300 of seed 2027 +0.3) against +2.7 (-3.2 to +8.6) at
    #: 1 round on the first 300 - the best measured, not a clear win. 2-4 heroes stay at 1 (+15 at 2).
    search_horizons = {1: 3}
    #: alone, a departure of the tree is played to the end in 60 worlds before it is taken (ours):
    #: its departures are worth nothing on average, but those passing the test on 60 of 120 worlds
    #: (0.56 a game) won +14.9 points (+-3.4) on the other 60, the rest -0.0 (+-0.7) (163 departures
    #: of 32 games, bench/search_departures.py --to-end, docs/testing-the-ai.md); 60 is the test that
    #: probe measured. 2+ heroes take the tree's departures as it finds them.
    search_confirm = {1: 60}

    # -- for people ------------------------------------------------------------------------------
    def narrate(self, match, events: list[dict]) -> list[str]:
        return narrate(events)

    def picture(self, match) -> str:
        return draw_map(match.state)

    def status(self, match) -> list[str]:
        return status_lines(match.state)

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
                      "says each change",
                      "every die: the program rolls each trial (combat, tests, defence) and tells the dice"),
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
