"""The table soak's own checks (``overlord.session.soak``): what it counts as a problem, shown on
faults made on purpose, so that a soak reporting nothing means nothing was there (issue 39: "a
table soak ... checking that every answer is one line or a result and never a traceback, and that
a saved game always resumes")."""

from __future__ import annotations

import numpy as np
import pytest

from overlord.games import registry
from overlord.session import soak
from overlord.session.session import Session


@pytest.mark.parametrize("line, words", [
    # what a player must never read
    ("  mage loses a hit point: 2 natural left [the player's choice; headless: artificial_first]",
     ["the word headless", "a name of the code (snake_case)"]),
    ("  the Dragon plays The Market is Burning!: The book's The Market is Burning!.", ["a doubled article"]),
    ("move leoric: [0, 0] is wall", ["a Python list or dict"]),
    ("{'hero': 'leoric'}", ["a Python list or dict"]),
    ("cards.yaml: 0.overlord.0.hourglass: field required", ["a validation path"]),
    ("engage: not performed - would not move toward leoric: engage is not performed", ["a reason said twice"]),
    ("    lose life: gnome (lowest_life)", ["a name of the code (snake_case)"]),
    ('Traceback (most recent call last):', ["a traceback"]),
    # what may be read
    ("leoric stands up: 4 hearts, 0 surges; 4 health, at 5,3", []),
    ("undo refused: 'extend 1 N' turned up a tile (rules: undo_hidden_draws: false); it stays", []),
    ("monster ID move X,Y - command the monsters (rules.monster_boss: players)", []),
    ("resumed /tmp/overlord-soak-v_5ky4ei/game-0.db after 3 commands", []),
    ("None of the heroes is in reach; the zombie waits", []),
])
def test_what_a_player_must_not_read(line, words):
    assert soak.code_words(line) == words


def test_a_word_the_player_typed_may_be_quoted_back():
    assert soak.code_words("no hero 'max_health'; heroes: leoric, tarha", {"max_health"}) == []
    assert soak.code_words("no hero 'max_health'; heroes: leoric, tarha") == ["a name of the code (snake_case)"]


@pytest.mark.parametrize("line, typed", [
    ("undo refused: since '1 (end the turn)' the command turned up something face down", {"turn", "end"}),
    ("buy: not possible now (only while a market is open, with the gold); the options: move R7", {"gold"}),
])
def test_a_word_left_out_does_not_join_its_neighbours(line, typed):
    """A typed word or verb left out of the check leaves its place: "(end the turn)' the command"
    without `turn` is no doubled article (found by the table soak on the Underworld and the Dragon)."""
    assert soak.code_words(line, typed) == []


@pytest.mark.parametrize("form, typed", [
    ("attack MONSTER DAMAGE [by HERO]", {"attack zombie-1 3", "attack zombie-1 3 by leoric"}),
    ("use styx|lethe|hades", {"use styx", "use lethe", "use hades"}),
    ("monster ID move X,Y | monster done", {"monster done"}),
])
def test_a_usage_line_is_filled_with_each_of_its_forms(form, typed):
    rng = np.random.default_rng(3)
    words = ["zombie-1"]
    seen = {soak.fill(form, words, rng, ["leoric"]) for _ in range(200)}
    assert typed <= {s for s in seen if "X,Y" not in s and "move" not in s} | seen
    assert all(s.split()[0] in ("attack", "use", "monster") for s in seen)


def soak_of(scenario: str, games: int = 1, commands: int = 30, tmp=None):
    rules, content, path = registry.open_scenario(scenario)
    return soak.table_soak(rules, content, path, list(range(games)), commands, folder=tmp)


def test_a_fault_of_the_program_is_found(monkeypatch, tmp_path):
    from overlord.games.heldentaufe.table import HeldentaufeTable as table
    real = table.execute

    def execute(self, verb, args, line):
        reply = real(self, verb, args, line)
        if reply.changed:
            raise KeyError("skill")
        return reply
    monkeypatch.setattr(table, "execute", execute)
    found = soak_of("heldentaufe", tmp=tmp_path)
    assert found.faults and "KeyError: 'skill'" in found.faults[0] and found.problems


def test_a_traceback_out_of_the_session_is_found(monkeypatch, tmp_path):
    real = Session.execute

    def execute(self, line):
        if line == "status":
            raise RuntimeError("escaped")
        return real(self, line)
    monkeypatch.setattr(Session, "execute", execute)
    found = soak_of("heldentaufe", commands=60, tmp=tmp_path)
    assert any("RuntimeError: escaped" in t for t in found.tracebacks)


def test_a_save_that_will_not_resume_is_found(monkeypatch, tmp_path):
    rules = registry.open_scenario("heldentaufe")[0]
    monkeypatch.setattr(type(rules), "check_state", lambda self, match: ["a state no game can be in"])
    found = soak_of("heldentaufe", tmp=tmp_path)
    assert found.stuck and "does not resume" in found.stuck[0]


def test_words_of_the_code_in_narration_are_found(monkeypatch, tmp_path):
    rules, content, _ = registry.open_scenario("heldentaufe")
    table = type(rules.table(rules.new_match(content, ["erla", "mathian"], 0)))
    real = table.status
    monkeypatch.setattr(table, "status", lambda self: real(self) + ["turn_done: [0, 1]"])
    found = soak_of("heldentaufe", tmp=tmp_path)
    assert found.words and "turn_done" in found.words[0]


def test_the_same_seeds_type_the_same_game(tmp_path):
    """A soak is replayable: its commands come from the seed only."""
    a, b = soak_of("heldentaufe", commands=40, tmp=tmp_path), soak_of("heldentaufe", commands=40, tmp=tmp_path)
    assert (a.accepted, a.refused, a.resumed, a.rounds) == (b.accepted, b.refused, b.resumed, b.rounds)


def test_a_party_the_game_refuses_is_dealt_again_by_the_game(tmp_path):
    """Seed 23 draws Leandra and Agin Stormblade, the two sides of one sheet of Return of the Heroes:
    refused, the soak plays the party the game deals (``rules.party``) - the scenario's first heroes
    were refused the same way, and counted as a traceback at the start."""
    rules, content, path = registry.open_scenario("roth")
    found = soak.table_soak(rules, content, path, [23], commands=5, folder=tmp_path)
    assert found.games == 1 and found.commands == 5 and not found.problems, found.problems
