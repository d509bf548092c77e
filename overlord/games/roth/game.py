"""Return of the Heroes on the game interface (``overlord.core.game``): the book's race, with the
program playing the rival heroes, and together (ours) against the program's Nameless. One
instance, :data:`GAME`, named in ``overlord/games/registry.py``."""

from __future__ import annotations


import numpy as np

from overlord.core.enemies import EnemyPolicies
from overlord.core.game import AgentSpec, Components, GameRules, Match, RulesError, ScenarioInfo, Table, choose_random
from overlord.core.search import SearchModel
from overlord.games.heroes.rules import HeroesRules
from overlord.view.words import listing

from . import bots, enemy, invariants, lands, narrate, setup, turns, verbs
from . import evaluation as judged
from .agents import agent_spec
from .load import RothContent, load
from .setup import hero_kinds
from .specs import RothSpecs
from .state import Ctx, RothState
from .table import RothTable

def _keep_rivals(match: Match, policy: str) -> None:
    match.state.rival_policy = policy


#: how the program plays the race's rivals (``overlord compare --enemy``, ``bench/balance.py --enemy``): the
#: first is the default; together there are no rivals and the policy changes nothing
RIVAL_POLICIES = {"heuristic": "the rivals play the heuristic hero bot (the default)",
                  "random": "the rivals take a legal action at random (a baseline for measuring)"}


class RothRules(HeroesRules, GameRules):
    name = "roth"
    title = "Return of the Heroes"
    summary = "fulfil a heroic deed and kill the Nameless: the book's race against the program's heroes, or together"
    example = ("roth", ["leandra", "gro"])
    machines = ("nameless", "guards")
    state_type = RothState
    moves = verbs.MOVES              # every hero action, defined once: legal actions, words, help, numbering
    context = Ctx
    setup, turns, verbs = setup, turns, verbs       # what the family's rules call (``heroes.rules``)
    deck = "nameless"
    specs = RothSpecs()              # behaviour specs (overlord check): scenarios/specs/roth.yaml

    enemies = EnemyPolicies(RIVAL_POLICIES, keep=_keep_rivals)

    def __init__(self):
        self.bots = {"heuristic": bots.choose_heuristic, "random": choose_random}

    # -- content ---------------------------------------------------------------------------------
    def load(self, path) -> RothContent:
        return load(path)

    def names(self, content: RothContent) -> list[str]:
        """The heroes the game is played with: the fighters, mages, elves and dwarves (the Standard
        Game's clerics too, ``setup.hero_kinds``), one side of each sheet first, so that the first few
        may always play together."""
        heroes = [h for h in content.heroes if content.heroes[h].kind in hero_kinds(content)]
        firsts = [h for k, h in enumerate(heroes) if all(content.heroes[g].kind != content.heroes[h].kind
                                                         for g in heroes[:k])]
        return firsts + [h for h in heroes if h not in firsts]

    def info(self, content: RothContent) -> ScenarioInfo:
        sc = content.scenario
        tracks = {"doom": "darkness", "fate": "darkness limit"} if sc.mode == "coop" else {"doom": "round", "fate": "-"}
        names = self.names(content)
        return ScenarioInfo(sc.id, sc.name, tuple(sc.heroes), tuple(names), sc.max_rounds, tracks,
                            hero_names={h: content.heroes[h].name for h in names})

    def party(self, content: RothContent, count: int, seed: int) -> list[str]:
        """A headless party: ``count`` heroes of different kinds (one side of a sheet each), the kinds
        and sides rotating with the seed so that every hero plays in a batch."""
        kinds = list(hero_kinds(content))
        if count > len(kinds):
            raise RulesError(f"{content.scenario.name} is played by at most {len(kinds)} heroes, not {count}")
        k = seed % len(kinds)
        chosen = (kinds[k:] + kinds[:k])[:count]
        side = (seed // len(kinds)) % 2
        return [[h for h in content.heroes if content.heroes[h].kind == kind][side] for kind in chosen]

    # -- a match ---------------------------------------------------------------------------------
    def enemy_phase(self, match: Match, dice: np.random.Generator | None = None) -> list[dict]:
        """The program's side: the Nameless's phase together, or a rival's whole turn in the race (the
        heuristic bot's choices, the rival's dice from the game's generator: "the program also does
        everything the book leaves to chance ... for its own heroes"); the rivals' bot is the match's
        rival policy (:data:`RIVAL_POLICIES`, the heuristic one unless chosen)."""
        s, c = match.state, match.content
        who = turns.playing(s)
        if not who:
            raise RulesError("the program plays a rival's turn in the race, or the Nameless's phase together")
        if who == "enemy":
            ctx = Ctx.open(s, c, dice)
            enemy.enemy_phase(ctx)
            if not s.outcome:
                turns.next_round(ctx)
            return ctx.commit()
        return self.rival_turn(match, who, bots.choose_heuristic)

    def tracks(self, match: Match) -> dict:
        s, coop = match.state, match.content.scenario.coop
        if coop is None:
            return {"doom": s.round, "fate": 0}
        return {"doom": s.darkness, "fate": coop.darkness_limit[len(s.heroes)]}

    def record(self, match: Match) -> dict:
        s = match.state
        return {"cards": {"nameless": [e["card"] for e in s.log if e["event"] == "nameless_card"]},
                "party": [h for h in s.heroes if h not in s.rivals], "rivals": list(s.rivals), "winner": s.winner,
                "darkness": s.darkness, "nameless": s.nameless,
                "deaths": sum(1 for e in s.log if e["event"] == "died"),
                "deed_parts": sum(1 for e in s.log if e["event"] == "deed_part"),
                "battles": sum(1 for e in s.log if e["event"] == "final_battle")}

    def violations(self, match: Match, full: bool = False) -> list[str]:
        return invariants.violations(match.state, match.content, full)

    def check_state(self, match: Match) -> list[str]:
        return invariants.state_problems(match.state, match.content) or super().check_state(match)

    # -- what the search bot is told --------------------------------------------------------------
    #: the plans alone, no tree (as the Dragon's: its rollouts are long): the heuristic bot at three
    #: readiness bars for the final battle
    search = SearchModel.of_module(judged, policies=bots.SEARCH_POLICIES, tree=False)

    # -- for people ------------------------------------------------------------------------------
    def narrate(self, match: Match, evs: list[dict]) -> list[str]:
        return narrate.narrate(match.state, match.content, evs)

    def components(self, match: Match) -> Components:
        c, s = match.content, match.state
        coop = c.scenario.mode == "coop"
        players = [h for h in s.heroes if h not in s.rivals]
        names = listing([c.heroes[h].name for h in players])
        rivals = listing([c.heroes[h].name for h in s.rivals])
        return Components(
            use=(f"the character sheets and figures of {names}, and the box's gold pieces, hit points and experience "
                 "cubes",
                 f"{lands.laying_words(s)}, and the counters as the program places or turns them up (it names each one)",
                 "the manor houses of the heroes in the game"),
            replaced=tuple(x for x in (
                "the bag, the covered counters and the market's pile: the program shuffles, draws and places them, and "
                "says where each one goes and why",
                "the fields beyond the book's named ones, their routes and hidden paths, the counters' values and the "
                "heroic deeds but the Axe of the Gnomes are ours: move by the program's `map` and its options",
                f"the rivals {rivals}: the program plays their turns and rolls their dice" if s.rivals else "",
                "the Nameless deck and the darkness of the co-operative game (ours): the program plays them "
                "(`status`)" if coop else "")
                if x),
            dice="the heroes' trials, searches for hidden paths, lessons and the Fountain's roll",
            coordinates=("a field is its map's letter and number, as `map` lists it: F7 is field 7 of map F; the "
                         "book's named fields keep the book's numbers (the tower H3, the Temple N5, the White Village "
                         "I5, the Fountain of Life O5...)",
                         "`move FIELD` names the field a hero steps onto; the options list every field reachable now"))

    def table(self, match: Match) -> Table:
        return RothTable(self, match)

    # -- for learning agents ---------------------------------------------------------------------
    def agents(self, content: RothContent, heroes: list[str]) -> AgentSpec:
        return agent_spec(content, heroes)


GAME = RothRules()
