"""The Underworld beneath Return of the Heroes together (ours: ``scenarios/roth-underworld-together.yaml``,
docs/hades.md "Together"): the enemy phase the program plays at a round's end from both single games'
co-operative parts - Return of the Heroes' Nameless deck and darkness above, the Underworld's Dark deck
below every few rounds - and the clocks that beat the company; the combination's own rules (Heroes in the
Underworld, "Combined with Return of the Heroes") as in the race."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import cli
from overlord.core.game import RulesError
from overlord.core.state import dumps
from overlord.games import registry
from overlord.games.hades import enemy
from overlord.games.hades.context import Ctx
from overlord.games.beneath.view import RULES
from overlord.games.heroes.sheet import gain_cube
from overlord.games.heroes.state import put
from overlord.games.roth import enemy as roth_enemy
from overlord.games.roth import turns as roth_turns
from overlord.sim.play import play_game

from hades_helpers import below_at_styx

SCENARIO = "roth-underworld-together"
SHIPPED = Path(__file__).resolve().parent.parent / "scenarios"


@pytest.fixture(scope="module")
def game():
    return registry.open_scenario(SCENARIO)


def new(game, heroes=("leandra", "gro"), seed=1):
    rules, content, _ = game
    return rules.new_match(content, list(heroes), seed)


def ctx_of(match) -> Ctx:
    return Ctx.open(match.state, match.content, None)


def end_round(game, match) -> None:
    """Every hero ends his turn above: the round is over and the enemy's phase due."""
    rules = game[0]
    for _ in match.state.heroes:
        rules.apply(match, {"do": "end"})
    assert rules.to_act(match) is None and match.state.phase == "enemy"


def names(events) -> list[str]:
    return [e["event"] for e in events]


def dark_round(match) -> int:
    """The first round whose end brings a Dark card for the party."""
    return match.content.hades.coop.dark_phase_every[len(match.state.heroes)]


def top_dark(match, card: str) -> None:
    deck = match.state.part.dark_deck
    deck.draw[:] = [card] + [c for c in deck.draw if c != card]


# -- the set-up ---------------------------------------------------------------------------------------------------

def test_together_every_hero_is_a_players_with_both_decks_and_no_duels(game):
    """No rivals; Return of the Heroes' Nameless deck waits to be shuffled at its first draw, the
    Underworld's Dark deck and perils are shuffled below; heroes of one company do not duel (the
    Underworld together)."""
    _, content, _ = game
    s = new(game).state
    assert s.rivals == [] and s.mode == "coop" and s.darkness == 0
    assert sorted(s.nameless_deck.discard) == sorted(content.cards)
    assert sorted(s.part.dark_deck.draw) == sorted(content.under.dark.cards)
    assert sorted(s.part.peril_deck.draw) == sorted(content.under.dark.perils)
    assert s.part.rules["duels"] is False


# -- the enemy phase ----------------------------------------------------------------------------------------------

def test_the_round_ends_with_the_nameless_card_and_the_dark_card_only_every_few_rounds(game):
    """Above, the Nameless deck's top card at every round's end and the darkness by
    ``darkness_each_round``; below, the Damned One's Dark card every ``dark_phase_every`` rounds, played by
    the Underworld's rules (its events marked so)."""
    rules = game[0]
    match = new(game)
    s = match.state
    every = dark_round(match)
    played = []
    for _ in range(2 * every):
        round_ = s.round
        end_round(game, match)
        events = rules.enemy_phase(match)
        assert names(events)[0] == "nameless_card"
        assert [e for e in events if e["event"] == "darkness" and e["why"] == "the darkness grows every round"]
        if "dark_card" in names(events):
            played.append(round_)
            assert names(events).index("nameless_card") < names(events).index("dark_card")
            assert [e["rules"] for e in events if e["event"] == "dark_card"] == [RULES]
        assert rules.violations(match) == []
    assert played == [every, 2 * every] and len(s.part.dark_deck.discard) == 2
    assert s.round == 2 * every + 1 and s.phase == "heroes" and rules.to_act(match) == s.heroes[0]


def test_a_hero_below_takes_no_part_in_the_nameless_cards(game):
    """Ours, as the Dragon's section says of its events: a hero below is no target of the Nameless's
    Servants (they walk to, strike and try only the heroes above)."""
    match = new(game)
    below_at_styx(match, "gro")
    assert roth_enemy.standing(ctx_of(match)) == ["leandra"]


def test_a_shadow_cube_the_dark_card_feeds_is_an_evil_mark_above(game):
    """"Shadows Gather" (ours): with eight or more shadow cubes on the Dark Side the omen adds one - and
    each shadow cube on the Dark Side "is placed on any Upper World map as an Evil Mark" (the race's rule,
    unchanged together)."""
    rules = game[0]
    match = new(game)
    s = match.state
    s.round = dark_round(match)
    s.part.dark_side = 8
    top_dark(match, "dark-05")
    end_round(game, match)
    events = rules.enemy_phase(match)
    assert s.part.dark_side == 9 and len(s.marks) == 1
    assert names(events).index("dark_card") < names(events).index("evil_mark")


def test_the_eleventh_shadow_cube_beats_the_company(game):
    """The Underworld's clock: the eleventh shadow cube ends the game - together a defeat, the hero with
    the most shadow cubes taking the Underworld's lesser victory."""
    rules = game[0]
    match = new(game)
    s = match.state
    s.round = dark_round(match)
    s.part.dark_side = 10
    gain_cube(s.sheets["gro"], "black", next(iter(s.sheets["gro"].skills)))
    top_dark(match, "dark-05")
    end_round(game, match)
    rules.enemy_phase(match)
    assert s.outcome == "defeat" and "the company is beaten" in s.reason and "gro" in s.reason
    assert rules.outcome(match).result == "defeat" and rules.to_act(match) is None


def test_the_darkness_at_its_limit_beats_the_heroes(game):
    """Return of the Heroes' clock: "the darkness reached" the limit for the party - a defeat."""
    rules = game[0]
    match = new(game)
    s = match.state
    s.darkness = match.content.hades.coop.darkness_limit[2] - 1
    end_round(game, match)
    rules.enemy_phase(match)
    assert s.outcome == "defeat" and "the darkness reached" in s.reason


def test_the_nameless_killed_after_the_fall_is_the_whole_companys_victory(game):
    """"The Nameless One may be fought only after the Damned One is defeated": together, whichever hero
    kills him wins for all."""
    match = new(game)
    c = ctx_of(match)
    roth_turns.nameless_slain(c, "gro", "the Nameless")
    assert match.state.outcome == "victory" and "gro killed the Nameless" in match.state.reason


def test_the_race_has_no_enemy_phase_and_together_no_rival_turn(game):
    rules, content, _ = registry.open_scenario("roth-underworld")
    race = rules.new_match(content, ["leandra", "gro"], 1)
    with pytest.raises(RulesError, match="the enemy phase and its clocks are the co-operative mode's"):
        enemy.enemy_phase(Ctx.open(race.state, content, None))
    match = new(game)
    with pytest.raises(RulesError, match="the program plays a rival's turn in the race, or the enemy phase together"):
        game[0].enemy_phase(match)


def test_the_same_seed_plays_the_same_game_together(game):
    """Both worlds draw from the one generator in one order, the enemy phase too: two games of one seed
    and one bot are one, byte for byte, and reach the Dark phase below."""
    rules, content, _ = game
    played = []
    for _ in range(2):
        events: list = []
        record = play_game(rules, content, 5, 2, "heuristic", 12, log=events)
        played.append(dumps({k: v for k, v in record.items() if k != "cpu_seconds"}) + dumps(events))
    assert played[0] == played[1]
    assert '"dark_card"' in played[0] and '"nameless_card"' in played[0]


# -- the scenario file --------------------------------------------------------------------------------------------

def _write(tmp_path, change) -> Path:
    data = yaml.safe_load((SHIPPED / f"{SCENARIO}.yaml").read_text())
    for key in ("roth", "underworld"):
        data["scenario"]["boxes"][key] = str(SHIPPED / data["scenario"]["boxes"][key])
    change(data["scenario"])
    path = tmp_path / "together.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


@pytest.mark.parametrize("case, change, message", [
    ("no numbers", lambda sc: sc.pop("coop"), "the co-operative mode needs its numbers (coop: darkness_limit"),
    ("a count without its limit", lambda sc: sc["coop"]["darkness_limit"].pop(3), "no darkness_limit for 3 heroes"),
    ("a count without its Dark card", lambda sc: sc["coop"]["dark_phase_every"].pop(4),
     "no dark_phase_every for 4 heroes"),
    ("rivals together", lambda sc: sc.update(seats=4), "the co-operative mode has no rivals"),
    ("numbers in the race", lambda sc: sc.update(mode="race"), "the co-operative numbers are the co-operative mode's"),
    ("a box with no Nameless deck", lambda sc: sc["boxes"].update(roth=str(SHIPPED / "roth-standard.yaml")),
     "names no Nameless deck"),
])
def test_a_together_scenario_missing_what_it_needs_is_refused_naming_the_field(tmp_path, case, change, message):
    path = _write(tmp_path, change)
    result = CliRunner().invoke(cli.main, ["validate", str(path)])
    assert result.exit_code != 0 and message in result.output, result.output
    assert f"{path.name}:" in result.output


def test_a_servants_strike_on_a_marked_map_is_fought_at_minus_one(game):
    """"On this tile, all skill tests have an increased difficulty of -1": the Nameless's Servant striking a
    hero above on a map with an Evil Mark is beaten off at -1 (each of the hero's trials a point harder)."""
    rules = game[0]
    tried = {}
    for marked in (False, True):
        match = new(game)
        s = match.state
        servant = next(i for i in match.content.instances if match.content.spec(i).effect == "servant")
        for pile in (s.bag, s.aside, s.market):
            if servant in pile:
                pile.remove(servant)
        put(s, s.at["leandra"].field, servant)
        if marked:
            s.marks.append(s.at["leandra"].field[0])
        c = ctx_of(match)
        events = roth_enemy.strike(c, servant, "leandra")
        c.commit()
        tried[marked] = next(e for e in events if e["event"] == "servant_strike")["trials"]
        assert rules.violations(match) == []
    target = {k: [int(n) for n in re.findall(r"=(\d+), (?:success|failure)", " ".join(v))] for k, v in tried.items()}
    assert target[True] == [n - 1 for n in target[False]], tried          # the same dice, a point harder
