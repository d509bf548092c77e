"""Return of the Heroes with the Dragon together (ours: ``scenarios/kingdom-dragon-together.yaml``,
docs/kingdom.md "Together"): the enemy phase the program plays at a round's end from both games'
co-operative parts - the Nameless deck and the darkness (Return of the Heroes together), the Dragon
deck once he is out of the bag - and the two clocks; the expansion's own rules as in the race."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import cli
from overlord.core.game import RulesError
from overlord.games import registry
from overlord.games.heroes import draws as family_draws
from overlord.games.kingdom import context, enemy
from overlord.games.kingdom.context import Ctx
from overlord.games.roth import turns as roth_turns
from overlord.session.session import Session
from kingdom_helpers import played_out

SCENARIO = "kingdom-dragon-together"
SHIPPED = Path(__file__).resolve().parent.parent / "scenarios"


@pytest.fixture(scope="module")
def game():
    return registry.open_scenario(SCENARIO)


def new(game, heroes=("leandra", "paladin"), seed=1):
    rules, content, _ = game
    match = rules.new_match(content, list(heroes), seed)
    while match.state.pending.get("house"):
        rules.apply(match, rules.legal_actions(match)[0])
    return match


def ctx_of(match) -> Ctx:
    return Ctx.open(match.state, match.content)


def dragon_out(match) -> str:
    """The Dragon drawn from the bag: to his lair, his six counters into the bag."""
    s, c = match.state, match.content
    (dragon,) = [i for i in c.boxes.dragon.instances if c.boxes.dragon.spec(i).effect == "dragon"]
    family_draws.deal(context.roth(ctx_of(match)), context.BAG, dragon, s.turn.hero, "a test draws the Dragon",
                      picked=True)
    assert s.dragon == "lair"
    return dragon


def end_round(game, match) -> None:
    """Every hero ends his turn: the round is over and the enemy's phase due."""
    rules = game[0]
    for _ in match.state.heroes:
        rules.apply(match, {"do": "end"})
    assert rules.to_act(match) is None and match.state.phase == "enemy"


def names(events) -> list[str]:
    return [e["event"] for e in events]


# -- the set-up ---------------------------------------------------------------------------------------------------

def test_together_every_hero_is_a_players_and_both_decks_wait_to_be_shuffled(game):
    """No rivals; the Nameless deck is Return of the Heroes' together, the Dragon deck the Dragon's own
    co-operative deck, the book's five Dragon Events among its cards."""
    _, content, _ = game
    s = new(game).state
    assert s.rivals == [] and s.mode == "coop" and s.darkness == 0
    assert sorted(s.nameless_deck.discard) == sorted(content.roth.cards) and not s.nameless_deck.draw
    book = {cid for cid, card in content.boxes.dragon.cards.items() if card.book}
    assert len(book) == 5 and sorted(s.dragon_deck.discard) == sorted(content.boxes.dragon.cards)


def test_the_dragon_drawn_together_only_the_dragon_man_goes_into_the_bag(game):
    """The expansion puts "the six special Dragon counters (5x Dragon Events, 1x Dragon Man)" into the
    bag when the Dragon is drawn; together the five events are the Dragon deck's cards (ours, as the
    Dragon's own co-operative game), so only the Dragon Man goes in."""
    _, content, _ = game
    match = new(game)
    s = match.state
    spec = content.boxes.dragon.spec
    events = [i for i in content.boxes.dragon.instances if spec(i).start == "event"]
    (man,) = [i for i in content.boxes.dragon.instances if spec(i).start == "guard"]
    dragon_out(match)
    assert len(events) == 5 and set(events) <= set(s.aside) and not set(events) & set(s.bag)
    assert man in s.bag


# -- the enemy phase --------------------------------------------------------------------------------------------

def test_the_round_ends_with_the_nameless_card_and_no_dragon_card_while_he_sleeps(game):
    """Return of the Heroes together: the top card of the Nameless deck at every round's end (the
    darkness rising by its cards alone: ``darkness_each_round: 0``, ours); while the Dragon sleeps in
    the bag no Dragon card is played, whatever the round."""
    rules = game[0]
    match = new(game)
    s = match.state
    every = match.content.scenario.coop.dragon_every[len(s.heroes)]
    assert match.content.scenario.coop.darkness_each_round == 0
    for _ in range(2 * every):
        end_round(game, match)
        events = rules.enemy_phase(match)
        assert names(events)[0] == "nameless_card" and "dragon_card" not in names(events)
        assert not [e for e in events if e["event"] == "darkness" and e["why"] == "the darkness grows every round"]
    assert s.round == 2 * every + 1 and s.phase == "heroes" and s.dragon == "in_bag"
    assert s.darkness == sum(e["by"] for e in s.log if e["event"] == "darkness")


def test_once_the_dragon_is_out_he_plays_a_card_every_few_rounds_after_the_nameless(game):
    """Once the Dragon lies in his lair, every ``dragon_every`` rounds the Dragon deck's top card is
    played after the Nameless's part; the other rounds, none."""
    rules = game[0]
    match = new(game)
    s = match.state
    dragon_out(match)
    every = match.content.scenario.coop.dragon_every[len(s.heroes)]
    played = []
    for _ in range(2 * every):
        round_ = s.round
        end_round(game, match)
        events = rules.enemy_phase(match)
        if "dragon_card" in names(events):
            played.append(round_)
            assert names(events).index("nameless_card") < names(events).index("dragon_card")
            assert [e["rules"] for e in events if e["event"] == "dragon_card"] == ["dragon"]
    assert played == [every, 2 * every]
    assert len(s.dragon_deck.discard) == 2


def test_an_attack_waits_for_each_heroes_answer_and_then_the_round_goes_on(game):
    """The Dragon's Attack! card (the book's event): each hero in turn chooses his trial at -3 (a pending
    choice, answered at the table); after the last answer the next round begins from the first hero."""
    rules = game[0]
    match = new(game)
    s = match.state
    dragon_out(match)
    every = match.content.scenario.coop.dragon_every[len(s.heroes)]
    top(match, "attack")
    end_round(game, match)
    events = rules.enemy_phase(match)
    assert names(events)[-4:] == ["dragon_due", "dragon_card", "attack", "attack_asks"] and s.round == every
    answered = []
    while s.pending.get("attack"):
        answered.append(s.pending["hero"])
        rules.apply(match, rules.legal_actions(match)[0])
        assert rules.violations(match) == []
    assert answered == ["paladin", "leandra"]          # the one nearest the lair first
    assert s.round == every + 1 and s.phase == "heroes" and rules.to_act(match) == s.heroes[0]
    assert s.dragon_deck.discard == ["attack"]


def test_the_darkness_at_its_limit_beats_the_heroes(game):
    """Return of the Heroes' clock: "the darkness reached" the limit for the party - a defeat."""
    rules = game[0]
    match = new(game)
    s = match.state
    s.darkness = match.content.scenario.coop.darkness_limit[2] - 1
    end_round(game, match)
    rules.enemy_phase(match)
    assert s.outcome == "defeat" and "the darkness reached" in s.reason and rules.outcome(match).result == "defeat"


def top(match, card: str) -> None:
    """The Dragon deck with ``card`` on top, at a round that ends with the Dragon's card due."""
    s = match.state
    s.round = match.content.scenario.coop.dragon_every[len(s.heroes)]
    s.dragon_deck.draw, s.dragon_deck.discard = [card], [c for c in s.dragon_deck.discard if c != card]


def test_the_hoard_at_its_limit_beats_the_heroes(game):
    """The Dragon's clock: his hoard at its limit for the party ends the game (here the Dragon's Hunger
    card, a gold piece more in his lair)."""
    rules = game[0]
    match = new(game)
    s = match.state
    dragon_out(match)
    limit = match.content.scenario.coop.hoard_limit[2]
    s.hoard = limit - 1
    top(match, "hunger")
    end_round(game, match)
    events = rules.enemy_phase(match)
    assert names(events)[-3:] == ["hoard", "hoard_full", "game_over"] and s.hoard == limit
    assert s.outcome == "defeat" and "the Dragon's hoard reached" in s.reason and s.nameless == "over"


def test_below_its_limit_the_hoard_ends_nothing_and_the_race_has_no_clock(game):
    match = new(game)
    match.state.hoard = match.content.scenario.coop.hoard_limit[2] - 1
    assert context.check_hoard(ctx_of(match)) == [] and not match.state.outcome
    rules, content, _ = registry.open_scenario("kingdom-dragon")
    race = rules.new_match(content, ["leandra", "paladin"], 1)
    race.state.hoard = 500
    assert context.check_hoard(Ctx.open(race.state, content)) == []
    with pytest.raises(RulesError, match="the enemy phase and its clocks are the co-operative mode's"):
        enemy.enemy_phase(Ctx.open(race.state, content))


@pytest.mark.parametrize("slain", ["the Dragon", "the Nameless"])
def test_the_company_wins_when_any_hero_slays_either(game, slain):
    """"The game ends once when either the Dragon or the Nameless has been killed": together, every
    hero's kill is the company's victory."""
    match = new(game)
    s = match.state
    hero = s.heroes[1]
    if slain == "the Dragon":
        dragon_out(match)
        s.dragon = "challenged"
        context.LAIR.slain(context.dragon(ctx_of(match)), hero)
    else:
        roth_turns.nameless_slain(context.roth(ctx_of(match)), hero, "The Lich")
    assert s.outcome == "victory" and s.winner == hero


# -- a whole game and the table ---------------------------------------------------------------------------------

def test_a_whole_game_together_is_played_and_told(game):
    """Two heroes, seed 8, the heuristic bot, to the end: both enemies' phases played and told in their
    own game's words - the Dragon out of the bag, his Attack! answered by each hero - the invariants
    after every step."""
    rules, content, _ = game
    match = rules.new_match(content, ["leandra", "paladin"], 8)
    kinds: set[str] = set()
    told = 0
    for evs in played_out(rules, match, 8):
        told += len(rules.narrate(match, evs))
        kinds.update(e["event"] for e in evs)
    assert rules.outcome(match) is not None
    assert {"nameless_card", "darkness", "dragon_card", "attack_asks", "attack_hero"} <= kinds and told > 500


def test_at_the_table_the_status_shows_the_darkness_and_a_save_resumes(game, tmp_path):
    rules, content, path = game
    save = tmp_path / "together.db"
    session, _ = Session.start(rules, content, path, ["leandra", "paladin"], 5, save_path=str(save))
    while session.match.state.pending.get("house"):
        assert session.execute("1").ok
    for _ in range(2):
        assert session.execute("end").ok
    status = "\n".join(session.execute("status").lines)
    assert "hoard 0 of 30; the darkness" in status
    before = session.match.state
    session.close()
    again, _ = Session.resume(str(save), lambda p: registry.open_scenario(p))
    assert again.match.state == before and again.match.state.round == 2


# -- the scenario's slips ---------------------------------------------------------------------------------------

def together(tmp_path: Path, change) -> Path:
    """The shipped scenario with its boxes named by absolute paths, ``change`` applied to its data."""
    data = yaml.safe_load((SHIPPED / f"{SCENARIO}.yaml").read_text())
    for key in ("roth", "dragon"):
        data["scenario"]["boxes"][key] = str(SHIPPED / data["scenario"]["boxes"][key])
    change(data["scenario"])
    path = tmp_path / "together.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


@pytest.mark.parametrize("change, message", [
    pytest.param(lambda sc: sc.pop("coop"), "the co-operative mode needs its numbers (coop: darkness_limit, "
                 "dragon_every, hoard_limit)", id="together needs its numbers"),
    pytest.param(lambda sc: sc["coop"]["hoard_limit"].pop(4), "no hoard_limit for 4 heroes",
                 id="a limit for every party size"),
    pytest.param(lambda sc: sc.update(seats=4), "the co-operative mode has no rivals", id="no rivals together"),
    pytest.param(lambda sc: sc.update(mode="race"), "the co-operative numbers are the co-operative mode's",
                 id="numbers only together"),
    pytest.param(lambda sc: sc["boxes"].update(dragon=str(SHIPPED / "dragon-duel.yaml")),
                 "names no Dragon deck", id="the Dragon box's deck"),
    pytest.param(lambda sc: sc["boxes"].update(roth=str(SHIPPED / "roth-standard.yaml")),
                 "names no Nameless deck", id="Return of the Heroes' deck"),
])
def test_a_slip_in_the_together_scenario_is_named(tmp_path, change, message):
    path = together(tmp_path, change)
    out = CliRunner().invoke(cli.main, ["validate", str(path)])
    assert out.exit_code != 0 and "Traceback" not in out.output
    assert [line for line in out.output.splitlines() if message in line and str(path) in line], out.output
