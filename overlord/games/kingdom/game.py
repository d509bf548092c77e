"""Return of the Heroes with Under the Shadow of the Dragon as its expansion, on the game interface
(``overlord.core.game``): the book's race on the 25 maps, the program playing the rival heroes.
One instance, :data:`GAME`, named in ``overlord/games/registry.py``."""

from __future__ import annotations

import numpy as np

from overlord.core.game import AgentSpec, Components, GameRules, Match, RulesError, ScenarioInfo, Table, choose_random
from overlord.core.enemies import EnemyPolicies
from overlord.games.heroes.rules import HeroesRules
from overlord.games.roth.game import RIVAL_POLICIES
from overlord.view.words import listing

from overlord.core.search import SearchModel

from . import bots, enemy, invariants, narrate, setup, turns, verbs
from . import evaluation as judged
from .agents import agent_spec
from .context import Ctx
from .load import KingdomContent, load
from .specs import KingdomSpecs
from .state import KingdomState
from .table import KingdomTable

def _keep_rivals(match: Match, policy: str) -> None:
    match.state.rival_policy = policy


class KingdomRules(HeroesRules, GameRules):
    name = "kingdom"
    title = "Return of the Heroes with the Dragon"
    summary = ("the 25 maps of both boxes: kill the Nameless or slay the Dragon - the book's race against the "
               "program's heroes, or together against both clocks")
    example = ("kingdom-dragon", ["leandra", "paladin"])
    machines = ()
    state_type = KingdomState
    moves = verbs.MOVES
    context = Ctx
    setup, turns, verbs = setup, turns, verbs
    deck = "nameless"
    specs = KingdomSpecs()           # behaviour specs (overlord check): scenarios/specs/kingdom.yaml
    #: how the program plays the rivals (``overlord compare --enemy``): as in Return of the Heroes' race
    enemies = EnemyPolicies(RIVAL_POLICIES, keep=_keep_rivals)

    #: the plans alone, no tree (as Return of the Heroes': its rollouts are long)
    search = SearchModel.of_module(judged, policies=bots.SEARCH_POLICIES, tree=False)

    def __init__(self):
        self.bots = {"heuristic": bots.choose_heuristic, "random": choose_random}

    # -- content ---------------------------------------------------------------------------------
    def load(self, path) -> KingdomContent:
        return load(path)

    def names(self, content: KingdomContent) -> list[str]:
        """The heroes that may be chosen: one side of each kind first (Return of the Heroes' five,
        the Dragon's four), then the other sides."""
        kinds = setup.kinds(content)
        heroes = [h for h in content.heroes if content.heroes[h].kind in kinds]
        firsts = [next(h for h in heroes if content.heroes[h].kind == k) for k in kinds]
        return firsts + [h for h in heroes if h not in firsts]

    def info(self, content: KingdomContent) -> ScenarioInfo:
        sc = content.scenario
        names = self.names(content)
        tracks = {"doom": "darkness", "fate": "darkness limit"} if sc.mode == "coop" else {"doom": "round", "fate": "-"}
        return ScenarioInfo(sc.id, sc.name, tuple(sc.heroes), tuple(names), sc.max_rounds,
                            tracks, hero_names={h: content.heroes[h].name for h in names})

    def party(self, content: KingdomContent, count: int, seed: int) -> list[str]:
        """A headless party: ``count`` heroes of different kinds, the kinds rotating with the seed."""
        kinds = setup.kinds(content)
        if count > len(kinds):
            raise RulesError(f"{content.scenario.name} is played by at most {len(kinds)} heroes, not {count}")
        k = seed % len(kinds)
        chosen = (kinds[k:] + kinds[:k])[:count]
        return [next(h for h in content.heroes if content.heroes[h].kind == kind) for kind in chosen]

    def decks(self, content: KingdomContent):
        return {}

    # -- a match ---------------------------------------------------------------------------------
    def enemy_phase(self, match: Match, dice: np.random.Generator | None = None) -> list[dict]:
        """The enemy phase together (``enemy``: the Nameless's card and darkness, the Dragon's card
        when due), then the next round; in the race a rival's whole turn (the heuristic bot's
        choices, the rival's dice from the game's generator)."""
        s = match.state
        who = turns.playing(s)
        if who == "enemy":
            ctx = Ctx.open(s, match.content, dice)
            enemy.enemy_phase(ctx)
            verbs.settled(ctx)
            return ctx.commit()
        if not who:
            raise RulesError("the program plays a rival's turn in the race, or the enemy phase together")
        return self.rival_turn(match, who, bots.choose_heuristic)

    def tracks(self, match: Match) -> dict:
        s, coop = match.state, match.content.scenario.coop
        if coop is None:
            return {"doom": s.round, "fate": 0}
        return {"doom": s.darkness, "fate": coop.darkness_limit[len(s.heroes)]}

    def record(self, match: Match) -> dict:
        s = match.state
        return {"party": [h for h in s.heroes if h not in s.rivals], "rivals": list(s.rivals), "winner": s.winner,
                "nameless": s.nameless, "dragon": s.dragon, "hoard": s.hoard, "darkness": s.darkness,
                "houses": {h: s.at[h].manor for h in s.heroes},
                "deaths": sum(1 for e in s.log if e["event"] == "died"),
                "deed_parts": sum(1 for e in s.log if e["event"] == "deed_part"),
                "battles": sum(1 for e in s.log if e["event"] == "final_battle"),
                "challenges": sum(1 for e in s.log if e["event"] == "enters_lair")}

    def violations(self, match: Match, full: bool = False) -> list[str]:
        return invariants.violations(match.state, match.content, full)

    def check_state(self, match: Match) -> list[str]:
        return invariants.state_problems(match.state, match.content) or super().check_state(match)

    # -- for people ------------------------------------------------------------------------------
    def narrate(self, match: Match, evs: list[dict]) -> list[str]:
        return narrate.narrate(match.state, match.content, evs)

    def components(self, match: Match) -> Components:
        c, s = match.content, match.state
        players = [h for h in s.heroes if h not in s.rivals]
        rivals = listing([c.heroes[h].name for h in s.rivals])
        return Components(
            use=(f"the character sheets and figures of {listing([c.heroes[h].name for h in players])}, and the boxes' "
                 "gold pieces, hit points and experience cubes",
                 f"the 25 region maps of both boxes laid five by five as the program deals them ({' / '.join(s.layout)}), "
                 "and the counters as the program places or turns them up (it names each one)",
                 "the manor houses of the heroes in the game, where the players place them"),
            replaced=tuple(x for x in (
                "the bag, the covered counters, the market's pile and the City of the Mages' pile: the program shuffles, "
                "draws and places them, and says where each one goes and why",
                "the fields beyond the books' named ones, their routes and hidden paths and the counters' values are "
                "ours: move by the program's `map` and its options",
                f"the rivals {rivals}: the program plays their turns and rolls their dice" if s.rivals else "",
                "the Nameless deck and the darkness, the Dragon deck and his hoard of the co-operative game (ours): the "
                "program plays them at each round's end and keeps both clocks (`status`)" if s.mode == "coop" else "")
                if x),
            dice="the heroes' trials, searches for hidden paths, lessons, the storm and the Dragon's fight",
            coordinates=("a field is its map's letter and number, as `map` lists it: V9 is the Dragon's lair, H3 the "
                         "Nameless's tower, J7 the royal court",
                         "`move FIELD` names the field a hero steps onto; the options list every field reachable now"))

    def table(self, match: Match) -> Table:
        return KingdomTable(self, match)

    def agents(self, content: KingdomContent, heroes: list[str]) -> AgentSpec:
        return agent_spec(content, heroes)


GAME = KingdomRules()
