"""One conformance battery over every registered game: the shipped four and the test suite's tiny
game (``tests/tinygame``), each on the scenario and party it declares (``GameRules.example``) and
nothing else - OpenSpiel's one test battery over every registered game, on the promises of the game
interface (``overlord.core.game``, DESIGN.md "Habits"):

* a new match is set up, its state sound; the heroes' legal actions are never empty while a hero is
  to act, and each is plain JSON the game can word; an action is applied and returns the events it
  logged; the enemy's phase hands play back to a hero (or ends the game); an action that is not
  legal is refused (``RulesError``) and changes nothing ("Rules are functions over state");
* a clone shares nothing a rule may change, and a match read back from its JSON is the same match
  and plays on the same ("State is plain data: a save, a replay and a clone are the same thing");
* every verb of the game's table has its help line, and typed at the table - bare, and as its help
  line spells it - it reaches the game's parser: a reply, never "unknown command" or a fault of the
  program, and a refusal changes nothing ("Bad input typed at the table gets one line and changes
  nothing"); a short table soak types the help's forms filled with the game's own words;
* PettingZoo's ``api_test`` and ``seed_test`` pass where the game has agents;
* a short soak: seeded games of the random and the heuristic bot at every hero count the scenario
  allows, the game's invariants checked after every step ("an API conformance check that plays many
  random games and checks invariants after every step");
* the same seed and the same inputs give the same game, byte for byte; another seed another game
  ("Every random draw comes from the seeded generator kept in the game state");
* the table gives the board as drawing data after every step, which checks and the one renderer
  draws (``overlord.view.drawing``, ``overlord.view.svg``).

Each game's own tests check its rules; this file checks that it is a game the framework can play.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from overlord.core.game import GameRules, RulesError, match_json
from overlord.games import registry
from overlord.session.session import Session
from overlord.session.soak import report, table_soak
from overlord.sim.play import bot_of, players_rng
from overlord.view.svg import render
from tinygame.game import GAME as TINY

registry.register(TINY)           # as OVERLORD_GAMES=tinygame.game:GAME registers it for a command
GAMES = sorted(registry.games())
SOAK_ROUNDS = 8                   # rounds of each soak game
STEPS = 120                       # hero decisions a walk through a game takes at most


def example(name: str):
    """(rules, content, party) of the game's declared example."""
    rules = registry.get(name)
    scenario, party = rules.example
    opened, content, _ = registry.open_scenario(scenario)
    assert opened is rules, f"{name}'s example {scenario!r} is a scenario of {opened.name}"
    return rules, content, list(party)


def walk(rules, match, seed: int, bot: str = "random", steps: int = STEPS, rounds: int = SOAK_ROUNDS):
    """Play on from ``match`` (the bot for the heroes, the enemy's phase when due), yielding after
    every step: ("hero", action, events) or ("enemy", None, events). The bot chooses with a
    generator of its own, so the players' dice (``players_rng(seed)``) are the game's only other
    input beside the actions."""
    choose, minds, dice = bot_of(rules, bot), np.random.default_rng(seed), players_rng(seed)
    taken = 0
    while rules.outcome(match) is None and match.state.round <= rounds and taken < steps:
        if rules.to_act(match) is None:
            yield "enemy", None, rules.enemy_phase(match, dice)
        else:
            action = choose(match, list(rules.legal_actions(match)), minds)
            taken += 1
            yield "hero", action, rules.apply(match, action, dice)


def plain(action) -> bool:
    return json.loads(json.dumps(action)) == action


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_an_example_it_can_set_up(name):
    rules, content, party = example(name)
    info = rules.info(content)
    assert len(party) in info.hero_counts and set(party) <= set(info.heroes)
    match = rules.new_match(content, party, 1)
    assert rules.outcome(match) is None and match.state.round >= 1
    assert match.state.heroes[:len(party)] == party      # a race's rivals, the program's heroes, after them
    assert rules.to_act(match) in party + [None]
    assert all(isinstance(e, dict) for e in match.state.log)
    assert rules.violations(match, full=True) == [] and rules.check_state(match) == []
    assert all(isinstance(line, str) for line in rules.table(match).status())


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_apply_and_the_enemy_phase(name):
    """While a hero is to act the legal actions are not empty, each plain JSON worded by the game;
    an applied action and the enemy's phase return the events they logged, which the game
    narrates; the enemy's phase hands play to a hero within a few phases, or ends the game."""
    rules, content, party = example(name)
    match = rules.new_match(content, party, 2)
    choose, minds, dice = bot_of(rules, "random"), np.random.default_rng(2), players_rng(2)
    seen = {"hero": 0, "enemy": 0}
    phases = 0
    while rules.outcome(match) is None and not (min(seen.values()) and match.state.round > 2):
        assert seen["hero"] < 400, f"no enemy's phase in {seen['hero']} hero actions"
        hero = rules.to_act(match)
        logged = len(match.state.log)
        if hero is None:
            events = rules.enemy_phase(match, dice)
            phases += 1
            assert phases <= 8, "the enemy's phase never hands play back"
            kind = "enemy"
        else:
            phases = 0
            legal = list(rules.legal_actions(match))
            assert legal, f"{hero} is to act with no legal action"
            assert all(plain(a) for a in legal), legal
            assert all(isinstance(rules.describe(a), str) and rules.describe(a) for a in legal)
            events = rules.apply(match, choose(match, legal, minds), dice)
            kind = "hero"
        assert events == match.state.log[logged:], f"the {kind}'s step returned other events than it logged"
        assert all(isinstance(line, str) for line in rules.narrate(match, events))
        seen[kind] += 1
    assert seen["hero"] and seen["enemy"], seen


@pytest.mark.parametrize("name", GAMES)
def test_an_action_that_is_not_legal_is_refused_and_changes_nothing(name):
    rules, content, party = example(name)
    match = rules.new_match(content, party, 3)
    while rules.to_act(match) is None and rules.outcome(match) is None:
        rules.enemy_phase(match, players_rng(3))
    before = match_json(match)
    hero = rules.to_act(match)
    with pytest.raises(RulesError):
        rules.apply(match, {"do": "fly to the moon", "hero": hero}, players_rng(3))
    assert match_json(match) == before


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_is_independent(name):
    rules, content, party = example(name)
    match = rules.new_match(content, party, 4)
    for _ in zip(range(10), walk(rules, match, 4)):
        pass
    before = match_json(match)
    twin = rules.clone(match)
    assert match_json(twin) == before
    for _ in zip(range(15), walk(rules, twin, 5)):
        pass
    assert match_json(match) == before, "playing the clone changed the match"
    after_twin = match_json(twin)
    for _ in zip(range(15), walk(rules, match, 6)):
        pass
    assert match_json(twin) == after_twin, "playing the match changed its clone"


@pytest.mark.parametrize("name", GAMES)
def test_a_match_read_back_from_json_is_the_same_and_plays_on_the_same(name):
    rules, content, party = example(name)
    match = rules.new_match(content, party, 7)
    checked = 0
    for i, _ in enumerate(walk(rules, match, 7, steps=40)):
        if i % 7:
            continue
        text = match_json(match)
        back = rules.from_json(content, text)
        assert match_json(back) == text
        ahead = rules.clone(match)
        for _ in zip(range(8), walk(rules, ahead, 100 + i)):
            pass
        for _ in zip(range(8), walk(rules, back, 100 + i)):
            pass
        assert match_json(back) == match_json(ahead), f"step {i}: the match read back plays on otherwise"
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("name", GAMES)
def test_every_help_line_names_a_command_the_table_parses(name):
    """Each verb of the game's table has its help line; typed bare and as its help line spells it
    (``verb ARGS`` before the " - "), it gets the game's own reply: not "unknown command", not a
    fault of the program, and a refusal leaves the game as it was."""
    rules, content, party = example(name)
    _, _, path = registry.open_scenario(rules.example[0])
    session, _ = Session.start(rules, content, path, party, 1)
    commands = session.table.commands
    helps = {}
    for line in session.execute("help").lines:
        verb = line.split()[0] if line.split() else ""
        verb = verb if verb in commands else verb.lower()
        if verb in commands:
            helps.setdefault(verb, line)
    assert set(helps) == set(commands), set(commands) - set(helps)
    for verb, help_line in helps.items():
        usage = help_line.split(" - ", 1)[0].strip()
        forms = ["1", "99"] if verb == "N" else [verb, usage]       # "N": a numbered option
        for typed in dict.fromkeys(forms):
            session, _ = Session.start(rules, content, path, party, 1)
            before = match_json(session.match)
            reply = session.execute(typed)
            text = "\n".join(reply.lines)
            assert reply.lines and not text.startswith("unknown command"), f"{typed!r}: {text}"
            assert "a fault of Overlord" not in text and "Traceback" not in text, f"{typed!r}: {text}"
            if not reply.ok:
                assert match_json(session.match) == before, f"{typed!r} was refused but changed the game"


@pytest.mark.parametrize("name", GAMES)
def test_commands_typed_at_the_table_never_break_it(name, tmp_path):
    """A short table soak (``overlord.session.soak``): random forms of the help lines filled with
    the game's own words, option numbers, ``undo``, saves quit and resumed - no fault of the program,
    no refusal longer than a line, no word of the code, every save resumed to the state it left."""
    rules, content, party = example(name)
    _, _, path = registry.open_scenario(rules.example[0])
    found = table_soak(rules, content, path, [21, 22], commands=80, folder=tmp_path)
    assert found.commands == 160
    assert not found.problems, "\n".join(report(found))


@pytest.mark.parametrize("name", GAMES)
def test_the_pettingzoo_environment_passes_its_api_and_seed_tests(name):
    rules, content, party = example(name)
    if rules.agents(content, party) is None:
        pytest.skip(f"{name} has no agents")
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test
    from overlord.sim.environment import env
    scenario = rules.example[0]
    api_test(env(scenario=scenario, heroes=len(party), max_rounds=6), num_cycles=300, verbose_progress=False)
    seed_test(lambda **kw: env(scenario=scenario, heroes=len(party), max_rounds=6), num_cycles=100)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_a_short_soak_keeps_every_invariant_after_every_step(name, bot):
    rules, content, _ = example(name)
    steps = 0
    for heroes in rules.info(content).hero_counts:
        seed = 10 + heroes
        match = rules.new_match(content, rules.party(content, heroes, seed), seed)
        assert rules.violations(match, full=True) == []
        for kind, action, _ in walk(rules, match, seed, bot, steps=10**6):
            problems = rules.violations(match, full=True)
            assert not problems, (heroes, steps, kind, action, problems)
            steps += 1
    assert steps > 10


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_inputs_give_the_same_game(name):
    rules, content, party = example(name)

    def game(seed):
        match = rules.new_match(content, party, seed)
        return match, [action for _, action, _ in walk(rules, match, seed)]     # None: the enemy's phase
    one, steps = game(8)
    two, again = game(8)
    assert match_json(one) == match_json(two) and steps == again
    replayed, dice = rules.new_match(content, party, 8), players_rng(8)   # the same inputs, the bot not asked
    for action in steps:
        if action is None:
            rules.enemy_phase(replayed, dice)
        else:
            rules.apply(replayed, action, dice)
    assert match_json(replayed) == match_json(one)
    other, _ = game(9)
    assert match_json(other) != match_json(one)


#: what every game must say, and nothing else (issue 40: "at most about 30"): what a game answers
#: alike is a function or a field of its state (``match.state.round``, ``core.game.match_json``), the
#: search's model and the specs' support are objects of their own (``search``, ``specs``)
INTERFACE = {
    "about the game": ("name", "title", "summary", "example", "machines", "state_type"),
    "its parts": ("bots", "enemies", "search", "specs"),
    "a scenario": ("load", "info", "components", "party", "decks"),
    "play": ("new_match", "to_act", "legal_actions", "apply", "enemy_phase", "outcome"),
    "records and saves": ("tracks", "record", "clone", "from_json", "violations", "check_state"),
    "people and agents": ("narrate", "describe", "table", "agents"),
}


def test_the_game_interface_keeps_what_every_game_must_say():
    members = [n for n in vars(GameRules) if not n.startswith("_")]
    assert sorted(members) == sorted(m for group in INTERFACE.values() for m in group)
    assert len(members) <= 31


@pytest.mark.parametrize("name", GAMES)
def test_the_board_is_drawn_from_data_after_every_step(name):
    """Every game's table gives its board as drawing data (issue 41: "Each game tells the framework
    what to draw as plain data ... one renderer draws SVG for any of them"): after every step of a
    short walk the drawing names only spaces it has, every piece tells what it is where it is
    pointed at, and the one renderer draws it."""
    rules, content, party = example(name)
    match = rules.new_match(content, party, 4)
    for _ in walk(rules, match, 4, steps=40, rounds=3):
        drawing = rules.table(match).drawing()
        assert drawing is not None, f"{name}'s table gives no drawing"
        svg = render(drawing.check())
        assert svg.count('class="piece ') == len(drawing.pieces) and all(p.about or p.name for p in drawing.pieces)
        assert json.loads(json.dumps(drawing.to_json())) == drawing.to_json()
