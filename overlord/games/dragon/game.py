"""Under the Shadow of the Dragon on the game interface (``overlord.core.game``): the co-operative
mode against the program's Dragon, and the book's game for two with the program as the Dragon's
hand. One instance, :data:`GAME`, named in ``overlord/games/registry.py``."""

from __future__ import annotations

from typing import Any

import numpy as np

from overlord.core.behaviour import SpecSupport
from overlord.core.game import AgentSpec, Components, GameRules, Match, RulesError, ScenarioInfo, Table, choose_random
from overlord.view.words import listing
from overlord.core.search import SearchModel
from overlord.games.heroes.rules import HeroesRules

from . import bots, invariants, narrate, setup, turns, verbs
from .agents import agent_spec
from .load import DragonContent, load
from .state import Ctx, DragonState
from . import evaluation as judged
from . import specs
from ...ai.answers import ask_move
from .table import DragonTable


class DragonSpecs(SpecSupport):
    """What the Dragon answers of behaviour specs (``specs``), on a map or a scenario's game."""

    instructions = specs.INSTRUCTIONS
    setup_model = specs.DragonSetup

    def on_map(self, rules, situation):
        return situation.board.scene

    def arrange(self, rules, match: Match, setup) -> None:
        specs.arrange(match, setup)

    def ask(self, rules, posed, instruction: str, args, dice=None):
        if not isinstance(posed, Match):
            if instruction != "move":
                raise RulesError(f"{instruction} is asked of a scenario's game (`scenario:` without `map:`)")
            try:
                return ask_move(posed, args.figure, args.verb, args.target, args.speed)
            except ValueError as e:
                raise RulesError(str(e)) from None
        return specs.ask(posed, instruction, args, dice)


class DragonRules(HeroesRules, GameRules):
    name = "dragon"
    title = "Under the Shadow of the Dragon"
    summary = "find a magic weapon and slay the Dragon: together against the program, or the book's game for two"
    example = ("dragon", ["halfling", "orc"])
    machines = ("dragon", "dragon-man", "dragon-phase")
    state_type = DragonState
    moves = verbs.MOVES              # every hero action, defined once: legal actions, words, help, numbering
    context = Ctx
    setup, turns, verbs = setup, turns, verbs       # what the family's rules call (``heroes.rules``)
    deck = "dragon"

    def __init__(self):
        self.bots = {"heuristic": bots.choose_heuristic, "random": choose_random}

    # -- content ---------------------------------------------------------------------------------
    def load(self, path) -> DragonContent:
        return load(path)

    def info(self, content: DragonContent) -> ScenarioInfo:
        sc = content.scenario
        tracks = {"doom": "hoard", "fate": "hoard limit"} if sc.mode == "coop" else {"doom": "hoard", "fate": "-"}
        return ScenarioInfo(sc.id, sc.name, tuple(sc.heroes), tuple(sc.names), sc.max_rounds, tracks,
                            hero_names={h: content.heroes[h].name for h in sc.names})

    def party(self, content: DragonContent, count: int, seed: int) -> list[str]:
        """A headless party: ``count`` heroes of the scenario's names, rotating with the seed so that
        every hero plays in a batch (the book's game: two of its three)."""
        names = list(content.scenario.names)
        if count > len(names):
            raise RulesError(f"{content.scenario.name} names {len(names)} heroes, not {count}")
        k = seed % len(names)
        return (names[k:] + names[:k])[:count]

    # -- a match ---------------------------------------------------------------------------------
    def enemy_phase(self, match: Match, dice: np.random.Generator | None = None) -> list[dict]:
        s = match.state
        if s.outcome or s.phase != "dragon":
            raise RulesError("the Dragon plays when a round ends with its phase due")
        ctx = Ctx.open(s, match.content, dice)
        turns.dragon_phase(ctx)
        return ctx.commit()

    def tracks(self, match: Match) -> dict:
        s, coop = match.state, match.content.scenario.coop
        return {"doom": s.hoard, "fate": coop.hoard_limit[len(s.heroes)] if coop else 0}

    def record(self, match: Match) -> dict:
        s = match.state
        rec: dict[str, Any] = {"cards": {"dragon": [e["card"] for e in s.log if e["event"] == "dragon_card"]},
                               "party": list(s.heroes), "hoard": s.hoard, "fallen": list(s.fallen),
                               "deaths": sum(1 for e in s.log if e["event"] == "died"),
                               "weapons": sum(1 for e in s.log if e["event"] == "forged"),
                               "challenges": sum(1 for e in s.log if e["event"] == "enters_lair")}
        if s.mode == "book":
            rec["book"] = dict(s.results)
        return rec

    def violations(self, match: Match, full: bool = False) -> list[str]:
        return invariants.violations(match.state, match.content, full)

    def check_state(self, match: Match) -> list[str]:
        return invariants.state_problems(match.state, match.content) or super().check_state(match)

    # -- what the search bot and behaviour specs are told ----------------------------------------
    #: the plans alone, no tree: docs/search-settings.md, "Under the Shadow of the Dragon"
    search = SearchModel.of_module(judged, policies=bots.SEARCH_POLICIES, tree=False)
    specs = DragonSpecs()

    # -- for people ------------------------------------------------------------------------------
    def narrate(self, match: Match, evs: list[dict]) -> list[str]:
        return narrate.narrate(match.state, match.content, evs)

    def components(self, match: Match) -> Components:
        c, s = match.content, match.state
        sc = c.scenario
        names = listing([c.heroes[h].name for h in s.heroes])
        coop = sc.mode == "coop"
        hoard = (f"the Dragon's hoard: it starts empty and the heroes lose at {sc.coop.hoard_limit[len(s.heroes)]} "
                 "gold; the program keeps it (`status`)") if coop else "the Dragon's hoard: the program keeps it"
        return Components(
            use=(f"the character sheets and figures of {names}, and the box's gold pieces and experience cubes",
                 "the nine region maps R to Z, laid R S T / U V W / X Y Z as the book shows, and the counters as the "
                 "program places or turns them up (it names each one)",
                 "the Dragon and the Dragon Man counters, on the fields the program names"),
            replaced=tuple(x for x in (
                "the bag, the covered counters and the City of the Mages' market: the program shuffles, draws and "
                "places them, and says where each one goes and why",
                "the fields beyond the book's named ones, their routes and hidden fields are ours: move by the "
                "program's `map` and its options rather than by the printed routes",
                "the Dragon cards of the co-operative game (ours) and the Dragon's turns: the program plays them"
                if coop else "",
                hoard)
                if x),
            dice="the heroes' trials, searches for hidden routes, hiding, the storm and the places' rolls",
            coordinates=("a field is its map's letter and number, as `map` lists it: T2 is field 2 of map T; the "
                         "book's named fields keep the book's numbers (the manors T2 and X2, the lair V9, the Mouth "
                         "of the Cave V10...)",
                         "`move FIELD` names the field a hero steps onto; the options list every field reachable now"))

    def table(self, match: Match) -> Table:
        return DragonTable(self, match)

    # -- for learning agents ---------------------------------------------------------------------
    def agents(self, content: DragonContent, heroes: list[str]) -> AgentSpec:
        return agent_spec(content, heroes)


GAME = DragonRules()
