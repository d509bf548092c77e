"""The Underworld beneath Return of the Heroes on the game interface (``overlord.core.game``): the
book's race on Return of the Heroes' sixteen maps and the Underworld's tiles, the program playing
the rival heroes. One instance, :data:`GAME`."""

from __future__ import annotations

import numpy as np

from overlord.core.game import AgentSpec, Components, GameRules, Match, RulesError, ScenarioInfo, Table, choose_random
from overlord.games.heroes.rules import HeroesRules
from overlord.games.roth.game import GAME as ROTH, RIVAL_POLICIES
from overlord.games.underworld.state import DARK_SIDE_BOXES
from overlord.core.enemies import EnemyPolicies
from overlord.view.words import listing

from . import bots, enemy, invariants, narrate, setup, turns, verbs
from .agents import agent_spec
from .context import Ctx
from .load import HadesContent, load
from .specs import HadesSpecs
from .state import HadesState
from .table import HadesTable


def _keep_rivals(match: Match, policy: str) -> None:
    match.state.rival_policy = policy


class HadesRules(HeroesRules, GameRules):
    name = "hades"
    title = "The Underworld beneath Return of the Heroes"
    summary = ("Return of the Heroes' maps above and the Underworld's tiles below, joined by the gate to Hades: the "
               "Damned One falls first, then the Nameless - the book's race against the program's heroes, or "
               "together against the Nameless's and the Damned One's decks")
    example = ("roth-underworld", ["leandra", "gro"])
    machines = ()
    state_type = HadesState
    moves = verbs.MOVES
    context = Ctx
    setup, turns, verbs = setup, turns, verbs
    deck = "nameless"
    enemies = EnemyPolicies(RIVAL_POLICIES, keep=_keep_rivals)
    specs = HadesSpecs()             # behaviour specs (overlord check): scenarios/specs/hades.yaml

    def __init__(self):
        self.bots = {"heuristic": bots.choose_heuristic, "random": choose_random}

    # -- content ---------------------------------------------------------------------------------
    def load(self, path) -> HadesContent:
        return load(path)

    def names(self, content: HadesContent) -> list[str]:
        return ROTH.names(content)

    def info(self, content: HadesContent) -> ScenarioInfo:
        sc = content.hades
        names = self.names(content)
        tracks = {"doom": "darkness", "fate": "darkness limit"} if sc.mode == "coop" else \
            {"doom": "Dark Side", "fate": "its last box"}
        return ScenarioInfo(sc.id, sc.name, tuple(sc.heroes), tuple(names), sc.max_rounds, tracks,
                            hero_names={h: content.heroes[h].name for h in names})

    def party(self, content: HadesContent, count: int, seed: int) -> list[str]:
        return ROTH.party(content, count, seed)

    def decks(self, content: HadesContent):
        return {}

    # -- a match ---------------------------------------------------------------------------------
    def legal_actions(self, match: Match) -> list[dict]:
        if self.to_act(match) is None:
            return []
        return verbs.legal(Ctx.reading(match.state, match.content))

    def enemy_phase(self, match: Match, dice: np.random.Generator | None = None) -> list[dict]:
        """A rival's whole turn (the race's: the heuristic bot's choices, the rival's dice from the
        game's generator), in whichever world he stands."""
        who = turns.playing(match.state)
        if who == "enemy":
            ctx = Ctx.open(match.state, match.content, dice)
            enemy.enemy_phase(ctx)
            return ctx.commit()
        if not who:
            raise RulesError("the program plays a rival's turn in the race, or the enemy phase together")
        return self.rival_turn(match, who, bots.choose_heuristic)

    def tracks(self, match: Match) -> dict:
        s, coop = match.state, match.content.hades.coop
        if coop is None:
            return {"doom": s.part.dark_side, "fate": DARK_SIDE_BOXES}
        return {"doom": s.darkness, "fate": coop.darkness_limit[len(s.heroes)]}

    def record(self, match: Match) -> dict:
        s = match.state
        return {"party": [h for h in s.heroes if h not in s.rivals], "rivals": list(s.rivals), "winner": s.winner,
                "nameless": s.nameless, "damned": s.part.damned, "dark_side": s.part.dark_side, "darkness": s.darkness,
                "marks": list(s.marks), "below": sorted(s.below),
                "gate": next((e["at"] for e in s.log if e["event"] == "placed" and e.get("counter") == "gate-styx"), ""),
                "entered": sum(1 for e in s.log if e["event"] == "enters_underworld"),
                "left": sum(1 for e in s.log if e["event"] == "leaves_underworld"),
                "fallen": any(e["event"] == "damned_fallen" for e in s.log),
                "deaths": sum(1 for e in s.log if e["event"] in ("died", "death"))}

    def violations(self, match: Match, full: bool = False) -> list[str]:
        return invariants.violations(match.state, match.content, full)

    def check_state(self, match: Match) -> list[str]:
        return invariants.state_problems(match.state, match.content) or super().check_state(match)

    # -- for people ------------------------------------------------------------------------------
    def narrate(self, match: Match, evs: list[dict]) -> list[str]:
        return narrate.narrate(match.state, match.content, evs)

    def describe(self, action: dict) -> str:
        return verbs.describe(action)

    def components(self, match: Match) -> Components:
        c, s = match.content, match.state
        players = [h for h in s.heroes if h not in s.rivals]
        return Components(
            use=(f"the character sheets and figures of {listing([c.heroes[h].name for h in players])}, and the boxes' "
                 "gold pieces, hit points, experience cubes and shadow cubes",
                 f"Return of the Heroes' 16 region maps laid as the program deals them ({' / '.join(s.layout)}), and "
                 "the Underworld's Styx tile beside them, its other tiles in three face-down stacks",
                 "the Damned One's reference card with its marker and special weapons"),
            replaced=tuple(x for x in (
                "the bag with the gate to Hades/Styx in it, the covered counters, the market's pile, the Adventure "
                "markers and the treasure heap: the program draws and places them, and says where each one goes and why",
                "the Evil Marks on the maps above: the program places them for the Damned One and says why",
                "the Nameless deck and the darkness above, the Damned One's Dark deck and perils below (the co-operative "
                "game's, ours): the program plays them at each round's end and keeps both clocks (`status`)"
                if s.mode == "coop" else "",
                f"the rivals {listing([c.heroes[h].name for h in s.rivals])}: the program plays their turns"
                if s.rivals else "") if x),
            dice="the heroes' trials above and below",
            coordinates=("a field above is its map's letter and number (`move FIELD`); a tile below is its name",))

    def table(self, match: Match) -> Table:
        return HadesTable(self, match)

    # -- for learning agents ---------------------------------------------------------------------
    def agents(self, content: HadesContent, heroes: list[str]) -> AgentSpec:
        return agent_spec(content, heroes)


GAME = HadesRules()
