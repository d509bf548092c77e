"""What the program says reads as English, in every game (issue 16): no Python dicts, lists or
None in what the players read (status, the options, the narration of every event, the opening),
no "(s)" plurals, no "1 to 0" ranges, no "there are 1", and no rulebook citation (HitU ...) but where
the players asked `why`. Random games of every shipped scenario,
headless through the game interface, with every line checked after every step."""

from __future__ import annotations

import re

import pytest

from overlord.content.paths import shipped_scenarios
from overlord.games import registry
from overlord.sim.play import bot_of, players_rng

PYTHON = re.compile(r"\bHitU\b|\{'|\['|\[\d|\[\]|\{\}|': |\bNone\b|\bTrue\b|\bFalse\b|\w\((?:s|es)\)|\b1 to 0\b|there are 1\b|"
                    r"\bheros\b|\bdoes not (toward|away)\b|\b1 (files|problems|heroes|rounds|games)\b")
SCENARIOS = sorted(shipped_scenarios())


LABEL = re.compile(r"^\s*\[\d+\] ")           # a decision's number, for `why N` and `choose N`


def _check(lines, where):
    for line in lines:
        m = PYTHON.search(LABEL.sub("", line))
        assert m is None, f"{where}: {line!r} ({m.group(0)!r} is not English)"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_line_a_player_reads_is_english(scenario):
    rules, content, _ = registry.open_scenario(scenario)
    info = rules.info(content)
    for seed, bot in ((1, "random"), (2, "heuristic")):
        heroes = rules.party(content, max(info.hero_counts), seed)
        match = rules.new_match(content, heroes, seed)
        table = rules.table(match)
        _check(table.opening(heroes, seed), f"{scenario} opening")
        _check(rules.components(match).lines() if rules.components(match) else [], f"{scenario} components")
        choose, players = bot_of(rules, bot), players_rng(seed)
        seen = len(match.state.log)
        for step in range(400):
            if rules.outcome(match) is not None:
                break
            if rules.to_act(match) is None:
                rules.enemy_phase(match, players)
            else:
                action = choose(match, rules.legal_actions(match), players)
                _check([rules.describe(action)], f"{scenario} seed {seed} step {step}: describe")
                rules.apply(match, action, players)
            log = match.state.log
            _check(rules.narrate(match, log[seen:]), f"{scenario} seed {seed} step {step}: narration")
            seen = len(log)
            table.restore(match)
            _check(table.status(), f"{scenario} seed {seed} step {step}: status")
            _check(table.options(), f"{scenario} seed {seed} step {step}: options")


def test_the_underworld_tells_the_rulebook_only_when_asked_why():
    """The narration says what happened in plain words; `why` tells the same events again with
    the rulebook's words (HitU "Combat": "one successful trial wins")."""
    from overlord.session.session import Session
    session, _ = Session.start(*registry.open_scenario("underworld"), ["bard", "gladiator"], 4)
    assert session.execute("why").lines == ["no command yet: `why` tells the last one's reasons"]
    for command in ("1", "1", "1"):
        session.execute(command)
    fought = session.execute("fight ixion magic").lines
    assert "    one successful trial wins: rolled 3 and 3, kept 3+3=6: <= 8, success - won" in fought
    assert not any("HitU" in line for line in fought)
    why = session.execute("why").lines
    assert '    Heroes in the Underworld, "Combat": one successful trial wins: rolled 3 and 3, kept 3+3=6: <= 8, ' \
           'success - won' in why
    assert "    ixion is beaten: Heroes in the Underworld: black creatures become Tasks - to Erebos" in why


@pytest.mark.parametrize("why, plain", [
    ("HitU 'Combat': one successful trial wins", "one successful trial wins"),
    ("HitU 'Accepting a Task'", ""),
    ("HitU Lethe: 'to remove 1 SC from the Dark Side'", "Lethe"),
    ("HitU Gladiator: 1 LP for a second round of combat", "Gladiator: 1 LP for a second round of combat"),
    ("one face-down marker selected at random (HitU 'Treasure')", "one face-down marker selected at random"),
    ("reward", "reward"),
])
def test_a_citation_is_left_out_of_a_reason(why, plain):
    from overlord.games.underworld.narrate import plain as without
    assert without(why) == plain
