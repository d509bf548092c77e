"""Return of the Heroes' heuristic hero bot (``overlord.games.roth.bots``) on drawn situations of the
shipped content: the fight in the skill with the best chance, the plan's field (the next part of
the heroic deed, healing when low, the Guards only when ready, the tower once the way is open), the
final battle's skill, healing before anything else, no artifact dropped; and heuristic games of
both scenarios that end well within the round cap."""

from __future__ import annotations

from pathlib import Path

import pytest

from overlord.core.game import Match
from overlord.games import registry
from overlord.games.heroes.sheet import gain_cube, take_item
from overlord.games.heroes.state import put, where
from overlord.games.roth import actions, bots, draws, verbs
from overlord.games.roth.game import GAME
from overlord.games.roth.load import load
from overlord.games.roth.state import Ctx, laid_out
from overlord.sim.run import play_one
from roth_helpers import box_folder, unplace

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    registry.games()
    return load(box_folder(tmp_path_factory.mktemp("roth-bots"), "coop"))


def game(box, heroes=("leandra", "gro"), seed: int = 1) -> Match:
    """A co-operative match at the first hero's first turn."""
    return GAME.new_match(box, list(heroes), seed)


def instance(box, counter: str) -> str:
    """The first instance of a shipped counter."""
    return next(i for i, cid in box.instances.items() if cid == counter)


def choice(m: Match) -> dict:
    ctx = Ctx.reading(m.state, m.content)
    return bots.choose_heuristic(m, verbs.legal(ctx), None)


def facing(m: Match, inst: str) -> None:
    """The hero whose turn it is must fight ``inst``, face up on his field."""
    s = m.state
    unplace(s, inst)
    put(s, s.at[s.turn.hero].field, inst)
    s.turn.combat = inst


def nameless_out(m: Match) -> None:
    """The Nameless drawn: on his tower (H3), his Guards face down on their posts."""
    s = m.state
    s.nameless = "in_bag"
    unplace(s, "nameless")
    draws.nameless_drawn(Ctx.open(s, m.content, None), "nameless")


def strong(m: Match, hero: str, skill: str = "close", colour: str = "red") -> None:
    sheet = m.state.sheets[hero]
    sheet.skills[skill] = 11
    for _ in range(8):
        gain_cube(sheet, colour)


@pytest.mark.parametrize("hero, counter, skill", [
    pytest.param("gro", "bandits", "close", id="Gro (magic 3, ranged 5, close 7) against the Bandits' 0 0 0: close"),
    pytest.param("leandra", "giant", "ranged",
                 id="Leandra (ranged 6, close 7) against the Giant's green 0, red -2: ranged 6 beats close 5"),
    pytest.param("leandra", "ghost", "magic", id="the Ghost shows only a blue spot: magic"),
])
def test_a_fight_in_the_skill_with_the_best_chance(box, hero, counter, skill):
    """"Trials are only allowed in skills displayed on the adversary's counter" and "This modifies your
    combat rating in the respective skill" (Combat and Combat Trials): of the skills allowed, the bot
    fights with the best chance of winning."""
    m = game(box, (hero, "sybil"))
    facing(m, instance(box, counter))
    assert choice(m) == {"do": "fight", "target": instance(box, counter), "skill": skill}


def test_the_plan_is_the_next_part_of_the_heroic_deed(box):
    """"Every character has a given heroic deed to fulfill. Read through your assignment and check out
    where the first part of it will occur" (What to Do First): Gro's Axe of the Gnomes begins with
    the Lizard People ("I'll go to the lizards and vanquish them", Heroic Deeds)."""
    m = game(box, ("gro", "leandra"))
    s = m.state
    bot = bots.Planner(s, m.content)
    assert bot.target() == where(s, "lizard-people")
    step = choice(m)
    assert step["do"] == "move" and bot.distances()[step["to"]] < bot.distances()[s.at["gro"].field]


def test_healing_when_low(box):
    """"Go to your manor house and sit out one turn, then all your starting hit points are restored"
    (Hit Points): at one hit point the plan is the manor next door, not the deed; there the turn
    is sat out."""
    m = game(box)
    s = m.state
    s.sheets["leandra"].natural = 1
    assert bots.Planner(s, m.content).target() == s.at["leandra"].manor
    s.at["leandra"].field = s.at["leandra"].manor
    assert choice(m) == {"do": "rest"}


def test_a_draught_of_the_potion_before_moving_on(box):
    """"At the market, you can buy a Healing Potion, which gives you a hit point back three times"
    (Hit Points): hurt, the bot drinks first (no action: movement goes on)."""
    m = game(box)
    s = m.state
    potion = instance(box, "healing-potion")
    unplace(s, potion)
    take_item(s.sheets["leandra"], actions.item_of(Ctx.reading(s, m.content), potion))
    s.sheets["leandra"].natural = 2
    assert choice(m) == {"do": "drink", "item": potion}


def test_nothing_dropped_needlessly(box):
    """"The number of artifacts you are allowed to have is limited" (Improvement of Skills): dropping
    one is legal, never the bot's choice."""
    m = game(box)
    s = m.state
    armour = instance(box, "leather-armour")
    unplace(s, armour)
    take_item(s.sheets["leandra"], actions.item_of(Ctx.reading(s, m.content), armour))
    s.turn.phase, s.turn.mp = "act", 0
    legal = verbs.legal(Ctx.reading(s, m.content))
    assert {"do": "drop", "item": armour} in legal
    assert choice(m) == {"do": "end"}


@pytest.mark.parametrize("darkness, to_the_guards", [
    pytest.param(0, False, id="at dawn a middling chance is not enough: the Guards wait"),
    pytest.param(60, True, id="near the limit the bar is lower: to the Guards"),
])
def test_the_final_battle_only_when_ready(box, darkness, to_the_guards):
    """"First you need a precious stone, as it is the key to the four secret entries to the tower of
    evil ... In order to challenge the Nameless, you must first overcome a guard" (The Final Battle):
    with the stone, the plan is a Guard's post only when the chance to kill the Nameless (exact, the
    battle to its end) reaches the readiness bar, lower as the darkness (ours) nears its limit."""
    m = game(box)
    s = m.state
    nameless_out(m)
    s.at["leandra"].stone = True
    s.sheets["leandra"].skills["close"] = 6                     # close 6 - 1 on three dice: about 0.3
    for _ in range(2):
        gain_cube(s.sheets["leandra"], "red")
    s.darkness = darkness
    bot = bots.Planner(s, m.content)
    assert bots.READY_LATE < bot.kill_chance() < bots.READY
    assert (bot.target() in m.content.board.with_feature("guard_post")) is to_the_guards


def test_ready_with_the_stone_to_the_guards_then_the_tower(box):
    """A hero who would surely win goes to a Guard's post; "If you beat him, then you can continue on
    to the Nameless and do battle with him in your next turn": the way open, the tower."""
    m = game(box)
    s = m.state
    nameless_out(m)
    s.at["leandra"].stone = True
    strong(m, "leandra")
    assert bots.Planner(s, m.content).target() in m.content.board.with_feature("guard_post")
    s.at["leandra"].guard_beaten = True
    s.at["leandra"].field = "H6"                       # a Guard still on this post: kept for the Nameless
    assert bots.Planner(s, m.content).target() == "H3"
    assert choice(m) == {"do": "move", "to": "H3"}
    s.turn.phase, s.turn.mp = "act", 0
    assert choice(m) == {"do": "end"}


@pytest.mark.parametrize("skill, colour, chosen", [
    pytest.param(None, None, "close", id="Leandra as she starts: close 7 is her best"),
    pytest.param("magic", "blue", "magic", id="trained in magic to 11 with five dice: magic"),
])
def test_the_final_battle_in_the_skill_with_the_best_chance(box, skill, colour, chosen):
    """"With the Nameless, you conduct one trial after the other until only you or he has hit points
    left" (The Final Battle): the skill is the one with the best chance of the whole battle."""
    m = game(box)
    s = m.state
    nameless_out(m)
    if skill:
        strong(m, "leandra", skill, colour)
    s.turn.combat = "nameless"
    legal = verbs.legal(Ctx.reading(s, m.content))
    assert {a["do"] for a in legal} == {"battle"}
    assert choice(m) == {"do": "battle", "skill": chosen}


@pytest.mark.parametrize("scenario, heroes, seed", [
    pytest.param("roth", 1, 1, id="together, alone"),
    pytest.param("roth", 2, 2, id="together, two heroes"),
    pytest.param("roth", 4, 3, id="together, four heroes"),
    pytest.param("roth-race", 1, 1, id="the race, one player against three rivals"),
    pytest.param("roth-race", 3, 2, id="the race, three players against one rival"),
])
def test_a_heuristic_game_ends_well_within_the_round_cap(scenario, heroes, seed):
    """A whole game of the heuristic bot ends by the rules (the Nameless killed, the darkness at its
    limit) long before the scenario's round cap (ours)."""
    record = play_one(str(ROOT / "scenarios" / f"{scenario}.yaml"), seed, heroes, "heuristic", 80)
    assert record["result"] in ("victory", "defeat")
    assert "round cap" not in record["reason"]
    assert record["rounds"] <= 60


def spaces_to(board, goal: str) -> dict[str, int]:
    """Spaces from every field to ``goal`` along the board's routes (a plain walk backwards)."""
    back: dict[str, list[str]] = {}
    for f, nbs in board.walk.items():
        for g in nbs:
            back.setdefault(g, []).append(f)
    dist, frontier = {goal: 0}, [goal]
    while frontier:
        nxt = []
        for f in frontier:
            for g in back.get(f, []):
                if g not in dist:
                    dist[g] = dist[f] + 1
                    nxt.append(g)
        frontier = nxt
    return dist


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_in_the_standard_game_the_plan_walks_the_board_as_it_lies(seed):
    """Return of the Heroes, the Standard Game: "the regions are mixed ... and placed face up as a
    square" - the routes between maps are the shuffled layout's, and the bot plans on them (it once
    planned on the introductory layout and walked in circles). In the first rounds, nearly every step
    the heuristic bot takes brings the hero nearer his plan's field by the routes of the board as it
    lies (a step aside only around a foe or a hidden route)."""
    rules, content, _ = registry.open_scenario("roth-standard")
    m = rules.new_match(content, rules.party(content, 1, seed), seed)
    board = laid_out(m.state, content).board
    assert board.walk != content.board.walk, "the maps are shuffled"
    nearer = steps = 0
    while m.state.round <= 8 and rules.outcome(m) is None:
        if rules.to_act(m) is None:
            rules.enemy_phase(m)
            continue
        s = m.state
        a = bots.choose_heuristic(m, rules.legal_actions(m), None)
        if a["do"] == "move":
            goal = bots.Planner(s, content).target()
            dist = spaces_to(board, goal)
            here = s.at[s.turn.hero].field
            nearer += dist.get(a["to"], 99) < dist.get(here, 99)
            steps += 1
        rules.apply(m, a)
    assert steps >= 5 and nearer >= 0.8 * steps, f"{nearer} of {steps} steps brought the plan's field nearer"


@pytest.mark.parametrize("seed", [3, 6])
def test_in_the_unknown_land_the_heroes_explore_and_the_game_ends(seed):
    """Return of the Heroes, Alternative Rules: The Unknown Land: "The regions remain face down and
    have to be explored. If a character moves into an unexplored region, it is turned over." The
    heuristic bot steps into a region face down when what its deeds need may lie there (it once
    crashed asking for a tower not yet turned up), and the game ends by the rules; the player's hero
    explores too, not only the rivals."""
    rules, content, _ = registry.open_scenario("roth-unknown")
    m = rules.new_match(content, rules.party(content, 1, seed), seed)
    player, first = m.state.heroes[0], len(m.state.explored)
    while rules.outcome(m) is None:
        if rules.to_act(m) is None:
            rules.enemy_phase(m)
        else:
            rules.apply(m, bots.choose_heuristic(m, rules.legal_actions(m), None))
    assert "round cap" not in rules.outcome(m).reason
    explored = [e for e in m.state.log if e["event"] == "explored"]
    assert len(m.state.explored) >= first + 4 and any(e["hero"] == player for e in explored)
