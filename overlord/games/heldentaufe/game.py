"""Heldentaufe on the game interface (``overlord.core.game``): the one object the framework
knows (``GAME``, named in ``overlord/games/registry.py``)."""

from __future__ import annotations

import numpy as np

from overlord.core.behaviour import SpecSupport
from overlord.core.enemies import ENEMY_ENTRY_POINTS, EnemyPolicies, enemy_policy_problem
from overlord.core.game import AgentSpec, Components, GameRules, Match, Outcome, RulesError, ScenarioInfo, Table, choose_random
from overlord.core.moves import MovesRules
from overlord.core.plugins import PluginError, load_function
from overlord.core.search import SearchModel
from overlord.view.words import listing

from . import engine, heroes as hb, machines
from .content import Content, load
from .state import HState
from . import evaluation as judged
from . import specs
from ...content.paths import resolve_scenario
from .agents import spec
from .bots import choose_heuristic
from .invariants import state_problems, violations
from .narrate import narrate
from .table import HeldentaufeTable
from .verbs import MOVES

NAME = "heldentaufe"


def shipped_content() -> Content:
    """The shipped co-operative game: a drawn board that names no scenario plays with its dice."""
    if "content" not in _SHIPPED:
        _SHIPPED["content"] = load(resolve_scenario("heldentaufe"))
    return _SHIPPED["content"]


_SHIPPED: dict = {}


def _keep_policy(match: Match, policy: str) -> None:
    match.state.monster_policy = policy


class HeldentaufeSpecs(SpecSupport):
    """What Heldentaufe's monsters answer of behaviour specs (``specs``), on a drawn board or a game."""

    instructions = specs.INSTRUCTIONS
    setup_model = specs.HeldentaufeSetup

    def pose(self, rules, situation):
        setup = situation.setup
        if setup is not None and setup.board is not None:
            if situation.actions:
                raise RulesError("a drawn board (setup.board) takes no scripted actions")
            return specs.pose_drawn(situation.content or shipped_content(), setup)
        return super().pose(rules, situation)

    def arrange(self, rules, match: Match, setup) -> None:
        specs.arrange(match, setup)

    def ask(self, rules, posed, instruction: str, args, dice=None):
        return specs.ask(posed, instruction, args, dice)


class Heldentaufe(MovesRules, GameRules):
    name = NAME
    title = "Heldentaufe"
    summary = "heroes go down into a hex Underworld; the program plans the three monsters' turns"
    example = ("heldentaufe", ["erla", "corlof"])
    machines = (machines.CYCLE, machines.LIFE)
    state_type = HState
    moves = MOVES                    # every hero action, defined once: legal actions, words, help, numbering

    def __init__(self):
        self.bots = {"heuristic": choose_heuristic, "random": choose_random}

    # -- content ---------------------------------------------------------------------------------
    def load(self, path) -> Content:
        return load(path)

    def info(self, content: Content) -> ScenarioInfo:
        sc = content.scenario
        return ScenarioInfo(sc.id, sc.name, tuple(sc.heroes), tuple(content.heroes), max_rounds=sc.max_rounds,
                            tracks={"doom": "clock", "fate": "clock limit"},
                            hero_names={h: f"{m.name}, {m.title}" for h, m in content.heroes.items()})

    def party(self, content: Content, count: int, seed: int) -> list[str]:
        """Headless parties rotate through the five heroes by seed."""
        names = list(content.heroes)
        start = seed % len(names)
        return [names[(start + i) % len(names)] for i in range(count)]

    def decks(self, content: Content):
        def areas(seed: int, heroes: int) -> dict:
            s = engine.new_state(content, self.party(content, heroes, 0), seed)
            return {"order": list(s.tiles.draw), "names": {t: t.rsplit("-", 1)[0] for t in s.tiles.draw}}

        def mission_cards(seed: int, heroes: int) -> dict:
            s = engine.new_state(content, self.party(content, heroes, 0), seed)
            hands = [c for h in s.heroes for c in s.board[h].hand]
            order = hands + list(s.missions.draw)
            return {"order": order, "names": {c: content.missions[c].kind for c in order},
                    "hands": {h: list(s.board[h].hand) for h in s.heroes}}

        return {"areas": areas, "missions": mission_cards}

    # -- a match ---------------------------------------------------------------------------------
    def new_match(self, content: Content, heroes: list[str], seed: int) -> Match:
        return Match(content, engine.new_state(content, list(heroes), seed))

    def to_act(self, match: Match) -> str | None:
        return engine.to_act(match.state)

    def apply(self, match: Match, action: dict, dice: np.random.Generator | None = None) -> list[dict]:
        return engine.apply(match.content, match.state, action)

    def enemy_phase(self, match: Match, dice: np.random.Generator | None = None) -> list[dict]:
        policy = match.state.monster_policy or None
        if policy is None or policy in self.enemies.names:
            return engine.monster_phase(match.content, match.state, policy)
        try:
            plugged = load_function(policy, ENEMY_ENTRY_POINTS, "enemy policy")
        except PluginError as e:
            raise RulesError(str(e)) from None
        if plugged is None:
            raise RulesError(enemy_policy_problem(self, policy))
        return engine.monster_phase(match.content, match.state, policy,
                                    chooser=lambda steps, rng: plugged(match, steps, rng))

    def outcome(self, match: Match) -> Outcome | None:
        s = match.state
        return Outcome(s.outcome, s.reason) if s.outcome else None

    def tracks(self, match: Match) -> dict:
        s, c = match.state, match.content
        limit = c.scenario.clock.limit[len(s.heroes)] if c.coop and c.scenario.clock else 0
        return {"doom": s.clock, "fate": limit}

    def record(self, match: Match) -> dict:
        s = match.state
        taken = sum(1 for e in s.log if e.get("event") == "fight" and e["attacker"] in s.monsters
                    and e["winner"] == e["attacker"])
        return {"knockouts": s.knockouts, "hearts_taken": taken,
                "points": {h: hb.points(s.board[h]) for h in s.heroes}, "winner": s.winner,
                "cards": {"areas": [e["tile"] for e in s.log if e.get("event") == "explored"]}}

    def violations(self, match: Match, full: bool = False) -> list[str]:
        return violations(match.content, match.state, full)

    def check_state(self, match: Match) -> list[str]:
        return state_problems(match.content, match.state) or super().check_state(match)

    # -- the enemy's policies (a policy of your own picks each step of boss.options) --------------
    enemies = EnemyPolicies(
        {"planner": "searches every plan of the monsters' 4 points by an ordered key (the default)",
         "greedy": "the best single step by the same key, again and again (the baseline)"},
        keep=_keep_policy, plugged=True)

    # -- what the search bot and behaviour specs are told ----------------------------------------
    #: departures played out in 100 worlds alone: docs/search-settings.md, "Heldentaufe"
    search = SearchModel.of_module(judged, confirm={1: 100})
    specs = HeldentaufeSpecs()

    # -- for people ------------------------------------------------------------------------------
    def narrate(self, match: Match, events: list[dict]) -> list[str]:
        return narrate(match.content, match.state, events)

    def describe(self, action: dict) -> str:
        return engine.describe(action)

    def components(self, match: Match) -> Components:
        c, s = match.content, match.state
        coop = c.scenario.mode == "coop" and c.scenario.clock is not None
        names = listing([c.heroes[h].name for h in s.heroes])
        clock = (f"the co-operative clock (ours): it starts at 0 and the team loses at "
                 f"{c.scenario.clock.limit[len(s.heroes)]}; the program keeps it (`status`)") if coop else ""
        return Components(
            use=(f"the hero boards and figures of {names}; food, potions, equipment and teeth from the supply as "
                 "the program hands them out",
                 "the Upper World area tiles: the campfire in the middle, then each tile the program turns up, laid "
                 "where it says (our mix of 42 tiles, so take one of the kind named)",
                 "the Underworld board, the three monsters and their tooth stacks, the portals and the danger "
                 "tokens, set out as the program's Underworld is drawn at the start (the layout is ours)",
                 "the mission cards the program deals you (it names them; ours are worded as the book's kinds)"),
            replaced=tuple(x for x in (
                "the tile stack, the mission deck and the face-down dangers: the program shuffles and draws them",
                ("the monster boss's advice: in the monsters' turn the players command them, and the program says "
                 "how it would spend the 4 action points and why, and checks every step against the monsters' rules"
                 if c.rules.monster_boss == "players" else
                 "the monster boss: the program plans and plays the monsters' turns (4 action points) and says each "
                 "plan and why"),
                clock) if x),
            dice=("the heroes' combat dice, the monsters' too, the treasure die and who commands the monsters"
                  if c.rules.monster_boss == "players" else
                  "the heroes' combat dice and the treasure die (the monsters' combat die is the program's)"),
            coordinates=("Upper World: a tile is X,Y from the campfire at 0,0: X grows to the right (east), Y "
                         "downwards (south), as `map` draws it; `explore X,Y` and `move X,Y` use these",
                         "Underworld: an area is X,Y on the hex board as `map` draws it: X the column and Y the row "
                         "from 0 at the top left, every odd row shifted half an area to the right"))

    def table(self, match: Match) -> Table:
        return HeldentaufeTable(self, match)

    def agents(self, content: Content, heroes: list[str]) -> AgentSpec:
        return spec(content, heroes)


GAME = Heldentaufe()
