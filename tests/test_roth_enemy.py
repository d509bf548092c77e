"""Return of the Heroes together (ours: the book has only the race), on the shipped Nameless deck: the
enemy phase plays the top card, its effects grown from the book's texts - Servants who walk and
strike ("his Guards and especially his Servants appear. This makes movement in the regions more
difficult"), counters drawn against the heroes, the book's events turned against them - and the
darkness, a clock that beats the heroes at the scenario's limit. Each program's choice is a key
with its ties; the deck's slips are refused at their line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from overlord.core.decks import Deck
from overlord.core.game import RulesError
from overlord.core.rng import Faces, new_rng
from overlord.games import registry
from overlord.games.heroes.state import lift, put, where
from overlord.games.roth import draws, enemy
from overlord.games.roth.load import load
from overlord.games.roth.setup import new_state
from overlord.games.roth.state import Ctx
from roth_helpers import box_folder

WIN, LOSE = [1, 1], [6, 6]          # two dice, no cube yet: 2 wins any trial, 12 loses any
LIMITS = {1: 90, 2: 75, 3: 65, 4: 60}   # tests/roth_helpers.py's coop numbers
PARTIES = {1: ["leandra"], 2: ["leandra", "gro"], 3: ["leandra", "gro", "glingal"],
           4: ["leandra", "gro", "glingal", "antrax"]}


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    registry.games()
    return load(box_folder(tmp_path_factory.mktemp("roth")))


def game(box, card: str, heroes=("leandra", "gro"), seed: int = 1, out: bool = False):
    """A co-operative game with ``card`` on top of the Nameless deck; ``out``: the Nameless drawn
    (no task on a sheet: every Servant into the bag)."""
    s = new_state(box, list(heroes), seed)
    s.nameless_deck = Deck("nameless", [card] + [k for k in box.cards if k != card], [])
    if out:
        s.aside.remove("nameless")
        s.nameless = "in_bag"
        draws.nameless_drawn(Ctx.open(s, box), "nameless")
    return s


def servant(s, inst: str, fid: str, down: bool = True):
    """A Servant out of the bag onto ``fid``."""
    s.bag.remove(inst)
    put(s, fid, inst, face_down=down)


def phase(s, box, faces=()):
    return enemy.enemy_phase(Ctx.open(s, box, dice=Faces(list(faces))))


def named(out, event):
    return [e for e in out if e["event"] == event]


# -- the phase and the clock ------------------------------------------------------------------------

def test_the_shipped_deck_is_ours_every_card(box):
    """Every card is ours, in our own line, naming the book's text it grows from (issue 43: "Every
    invented rule is marked as ours in the content")."""
    assert 12 <= len(box.cards) <= 20
    assert all(card.ours and card.book and card.text for card in box.cards.values())


@pytest.mark.parametrize("card, out, events", [
    pytest.param("a-quiet-round", False, ["nameless_card", "darkness", "darkness"],
                 id="the card's darkness, then the round's"),
    pytest.param("servants-stir", False, ["nameless_card", "darkness", "darkness"],
                 id="before the Nameless is out: early (darkness) instead of the Servants' walk"),
    pytest.param("the-call", False, ["nameless_card", "nameless_called", "darkness", "darkness"],
                 id="before: the Nameless enters the bag early"),
    pytest.param("the-call", True, ["nameless_card", "servant_summoned", "servant_summoned", "darkness"],
                 id="after: two Servants drawn unseen onto their coordinates"),
    pytest.param("the-hunt", True, ["nameless_card", "no_effect", "no_effect", "darkness"],
                 id="after, no Servant on the map: nothing walks, nothing strikes"),
])
def test_a_card_plays_its_effects_in_order_early_before_the_nameless_is_out(box, card, out, events):
    """"At the beginning of the game, the Nameless counter is not yet in the bag" (The Final Battle
    Against the Nameless): no Servant is on the map, so a card plays its ``early`` effects then."""
    s = game(box, card, out=out)
    got = phase(s, box)
    assert [e["event"] for e in got] == events
    assert got[0]["card"] == card and got[0]["ours"] is True
    assert s.nameless_deck.discard == [card]


def test_the_call_puts_the_nameless_in_the_bag(box):
    """Option 1 played by a card: "The Nameless counter is placed in the bag right from the start"."""
    s = game(box, "the-call")
    phase(s, box)
    assert s.nameless == "in_bag" and "nameless" in s.bag and "nameless" not in s.aside


@pytest.mark.parametrize("party", [1, 2, 3, 4])
def test_the_darkness_beats_the_heroes_at_the_limit_for_their_number(box, party):
    """The clock (ours): the darkness rises every enemy phase; at the scenario's darkness_limit for
    the party's size the game is lost."""
    s = game(box, "initial-values", heroes=PARTIES[party])
    s.darkness = LIMITS[party] - 2
    out = phase(s, box)
    assert out[-1] == {"event": "game_over", "outcome": "defeat", "reason": f"the darkness reached {LIMITS[party]}: "
                       "the Nameless holds the land (the co-operative clock, ours)"}
    assert (s.outcome, s.nameless, s.darkness) == ("defeat", "over", LIMITS[party])
    assert len(named(out, "darkness")) == 1, "the card's darkness ends it: the round's is not added"


def test_one_short_of_the_limit_the_game_goes_on(box):
    s = game(box, "a-quiet-round")
    s.darkness = LIMITS[2] - 3
    phase(s, box)
    assert (s.outcome, s.darkness) == ("", LIMITS[2] - 1)


def test_the_enemy_phase_is_the_co_operative_modes(tmp_path):
    """The book's race has no enemy phase."""
    race = load(box_folder(tmp_path, "race"))
    s = new_state(race, ["leandra", "gro"], 1)
    with pytest.raises(RulesError, match="the co-operative mode's"):
        enemy.enemy_phase(Ctx.open(s, race))


def test_the_deck_is_shuffled_at_its_first_draw_by_the_seed(box):
    """Determinism: the same seed and dice play the same phases; the deck's order is the game's
    generator's."""
    def ten(seed):
        s = new_state(box, ["leandra", "gro"], seed)
        dice = new_rng(5)
        for _ in range(10):
            ctx = Ctx.open(s, box, dice=dice)
            enemy.enemy_phase(ctx)
            ctx.commit()
        return [e.get("card") for e in s.log if e["event"] == "nameless_card"], s.darkness

    assert ten(3) == ten(3)
    assert ten(3)[0] != ten(4)[0]


# -- the Servants walk ---------------------------------------------------------------------------------

def test_a_servant_walks_toward_the_nearest_hero_along_the_routes(box):
    """"his Guards and especially his Servants appear. This makes movement in the regions more
    difficult": The Servants Stir - the Servant nearest a hero walks two fields toward him (A8, A7,
    A5: one field short of Leandra on A3)."""
    s = game(box, "servants-stir", out=True)
    servant(s, "servant-1", "A8")
    out = phase(s, box)
    moved, = named(out, "servant_moved")
    assert (moved["from"], moved["to"], moved["toward"], moved["steps"], moved["spaces_left"]) == \
        ("A8", "A5", "leandra", 2, 1)
    pick, toward, stop = moved["decisions"]
    assert pick["key"] == {"spaces to the nearest hero": 3, "reading order of its field": "A8"}
    assert stop["key"] == {"spaces to the hero": 1, "steps walked": 2, "reading order": "A5"}
    assert "servant-1" in s.down, "it walks face down: its ratings stay hidden"


def test_the_servant_nearest_a_hero_walks_first_reading_order_on_a_tie(box):
    """Only one walks (The Hunt): of two Servants three fields from Leandra, the first in reading
    order; the other is the tie the heroes may see."""
    s = game(box, "the-hunt", out=True)
    servant(s, "servant-1", "A8")
    servant(s, "servant-2", "A10")
    assert enemy.servant_spaces(box.board, "A3")["A10"] == 3
    out = phase(s, box, LOSE)
    pick = named(out, "servant_moved")[0]["decisions"][0]
    assert (pick["choice"], pick["ties"], pick["policy"]) == ("servant-1", ["servant-2"], "reading order of its field")


def test_between_two_heroes_as_near_the_first_in_turn_order(box):
    """The hero a Servant walks toward: the nearest, the first in turn order on a tie."""
    s = game(box, "servants-stir", out=True)
    s.at["gro"].field = "A7"
    servant(s, "servant-1", "A5")
    moved, = named(phase(s, box, LOSE), "servant_moved")
    toward = moved["decisions"][1]
    assert (toward["choice"], toward["ties"], toward["policy"]) == ("leandra", ["gro"], "first in turn order")
    assert moved["to"] == "A3"


def test_a_hero_at_his_manor_is_safe(box):
    """"From that point on you should always be able to reach a place where you can regain lost hit
    points": a Servant walks no manor (nor tower, Guard's post or hidden field); it waits beside it."""
    s = game(box, "the-hunt", heroes=["leandra"], out=True)
    s.at["leandra"].field = "A2"
    servant(s, "servant-1", "A8")
    out = phase(s, box)
    moved, = named(out, "servant_moved")
    assert moved["to"] == "A3" and moved["spaces_left"] == 1
    assert named(out, "no_effect")[0]["effect"] == "strike"


def test_servants_never_walk_onto_a_hidden_field(box):
    """"To enter these, you first must find the path" (Fields and Hidden Locations): the fields a
    Servant reaches and counts through are never hidden, nor a manor, the tower or a Guard's post."""
    for start in ("A5", "F8", "G6", "I3", "O7"):
        reach = enemy.servant_reach(box.board, start, 6)
        assert all(enemy.may_enter(box.board, f) for f in reach)
    assert not any(box.board.fields[f].is_hidden for f in enemy.servant_spaces(box.board, "A3"))


def test_a_servant_on_hidden_coordinates_leaves_them(box):
    """Servant 8's coordinates, P4, are a hidden field: it may leave it by a route, never come back."""
    assert box.board.fields["P4"].is_hidden
    way = enemy.servant_spaces(box.board, "P3")
    assert "P4" not in way and enemy.spaces_from(box.board, way, "P4") is not None


@pytest.mark.parametrize("inst", ["servant-1", "servant-4", "servant-7"])
def test_a_face_down_servant_walks_the_same_whoever_it_is(box, inst):
    """Only what the heroes see: a face-down Servant is "a Servant" to the program's choices - the
    same field, the same walk, whatever ratings it hides (two hearts or one)."""
    s = game(box, "servants-stir", out=True)
    servant(s, inst, "A8")
    moved, = named(phase(s, box), "servant_moved")
    assert (moved["to"], moved["toward"], moved["steps"]) == ("A5", "leandra", 2)


def test_a_drawn_chit_goes_to_the_same_field_whatever_it_is(box):
    """A chit lies face down: where the program lays it cannot tell a creature (red border) from a
    task (blue) or an encounter (green)."""
    s = game(box, "the-bag-stirs")
    chits = list({box.spec(i).border: i for i in sorted(s.down) if box.spec(i).chit and not box.spec(i).at}.values())
    fields = set()
    for chit in chits:
        s = game(box, "the-bag-stirs")
        lift(s, chit)
        s.bag = [chit]
        fields.add(named(phase(s, box), "placed")[0]["at"])
    assert len(chits) >= 3 and len(fields) == 1


# -- the Servants strike --------------------------------------------------------------------------------

@pytest.mark.parametrize("faces, won, life_lost, down", [
    pytest.param(LOSE, False, 1, True, id="lost: a hit point, and the Servant is turned over again"),
    pytest.param(WIN, True, 0, False, id="won: the Servant is beaten off and stays, its ratings known"),
])
def test_a_servant_on_a_heros_field_strikes(box, faces, won, life_lost, down):
    """"If not, you've lost and lose a hit point"; "The Servant marker is turned over again and its
    ratings hidden" (The Final Battle Against the Nameless). The Hunt: Servant 1 runs from A5 to
    Leandra's A3 and strikes; she defends in close combat (7 - 1 = 6 over magic 4 + 0)."""
    s = game(box, "the-hunt", out=True)
    servant(s, "servant-1", "A5")
    before = s.sheets["leandra"].natural
    out = phase(s, box, faces)
    strike, = named(out, "servant_strike")
    assert (strike["hero"], strike["skill"], strike["won"]) == ("leandra", "close", won)
    assert strike["decision"]["key"] == {"rating": 6}
    assert named(out, "revealed")[0]["counter"] == "servant-1"
    assert s.sheets["leandra"].natural == before - life_lost
    assert ("servant-1" in s.down) is down and where(s, "servant-1") == "A3"


def test_the_skill_a_hero_defends_with_ties_in_the_dots_order(box):
    """Servant 4 (blue 0, green 0, red -1, two hearts) against Leandra (ranged 6, close 7), Ambush's
    strike at -1: ranged 5 and close 5 tie, ranged first in the dots' order; "Adversaries with two
    hearts require two trials" - the first lost ends it."""
    s = game(box, "ambush", out=True)
    servant(s, "servant-4", s.at["leandra"].field)
    strike, = named(phase(s, box, LOSE), "servant_strike")
    d = strike["decision"]
    assert (d["choice"], d["ties"], d["policy"], d["key"]) == ("ranged", ["close"], "the dots' order", {"rating": 5})
    assert len(strike["trials"]) == 1


def test_a_strike_that_kills_sends_the_hero_home(box):
    """"Oh, and if I've lost my last hit point? Then you are dead" - and begins again at his manor."""
    s = game(box, "ambush", out=True)
    servant(s, "servant-1", "A3")
    s.sheets["leandra"].natural = 1
    out = phase(s, box, LOSE)
    assert named(out, "wounded") and s.at["leandra"].field == s.at["leandra"].manor


# -- the counters, the events, the hidden ratings ------------------------------------------------------

def test_a_drawn_chit_is_laid_in_the_heroes_way(box):
    """"At every random encounter chit, you have to stop and turn it over": a chit the Nameless draws
    goes face down on the free tan field nearest a hero (spaces along routes; reading order)."""
    s = game(box, "the-bag-stirs")
    chit = next(i for i in s.bag if box.spec(i).chit)
    s.bag = [chit]
    out = phase(s, box)
    placed, = named(out, "placed")
    assert placed["harmful"] is True and placed["down"] is True and placed["name"] == "a covered counter"
    assert placed["decision"]["key"]["spaces to the nearest hero"] == 1
    assert chit in s.down


def test_an_ordeal_darkens_the_land_for_each_hero_who_fails_and_costs_no_hit_point(box):
    """"Now one player after the other attempts a trial ... if unsuccessful, a player is eliminated,
    but doesn't lose any hit points" (Events): each failure darkens the land by one."""
    s = game(box, "the-iron-joust")
    life = {h: s.sheets[h].natural for h in s.heroes}
    out = phase(s, box, WIN + LOSE)
    assert [(e["hero"], e["won"]) for e in named(out, "ordeal")] == [("leandra", True), ("gro", False)]
    assert [e["by"] for e in named(out, "darkness")] == [1, 1] and s.darkness == 2
    assert {h: s.sheets[h].natural for h in s.heroes} == life


def test_ratings_hidden_turns_the_known_servants_face_down(box):
    """"The Servant marker is turned over again and its ratings hidden.\""""
    s = game(box, "ratings-hidden", out=True)
    servant(s, "servant-1", "P10", down=False)
    out = phase(s, box)
    assert named(out, "hidden_again")[0]["counters"] == ["servant-1"] and "servant-1" in s.down


# -- the deck's slips ---------------------------------------------------------------------------------------

def validate(path: Path) -> list[str]:
    out = CliRunner().invoke(cli.main, ["validate", str(path)])
    assert "Traceback" not in out.output
    return out.output.splitlines()


def edit(path: Path, old: str, new: str) -> int:
    text = path.read_text()
    assert old in text, old
    at = text.index(old)
    path.write_text(text.replace(old, new, 1))
    return text[:at].count("\n") + 1


@pytest.mark.parametrize("file, old, new, message", [
    pytest.param("nameless-deck.yaml", "effects: [march: {fields: 3, servants: 1}, strike]",
                 "effects: [marhc: {fields: 3, servants: 1}, strike]", "unknown effect 'marhc' (did you mean 'march'?)",
                 id="the effects are a closed vocabulary"),
    pytest.param("nameless-deck.yaml", "ours: true", "ours: false",
                 "card 'servants-stir', ours: false is not allowed; expected True",
                 id="every card is ours"),
    pytest.param("nameless-deck.yaml", "id: the-hunt", "id: servants-stir", "card id 'servants-stir' is used twice",
                 id="a card's id once"),
    pytest.param("nameless-deck.yaml", "effects: [march: {fields: 3, servants: 1}, strike]\n    early: [draw: {counters: 1}]",
                 "effects: [march: {fields: 3, servants: 1}, strike]",
                 "card 'the-hunt' does nothing before the Nameless is drawn", id="a card without early that needs Servants"),
    pytest.param("nameless-deck.yaml", "early: [draw: {counters: 1}]", "early: [strike]",
                 "card 'the-hunt': early effects are played before the Nameless is drawn, when no Servant is out: "
                 "not strike", id="early effects cannot need the Servants"),
    pytest.param("roth.yaml", "{1: 90, 2: 75, 3: 65, 4: 60}", "{1: 90, 2: 75, 3: 65}",
                 "no darkness_limit for 4 heroes", id="a limit for every party size the scenario allows"),
    pytest.param("roth.yaml", "deck: nameless-deck.yaml", "deck: nameles-deck.yaml",
                 "content, deck: nameles-deck.yaml: no such file",
                 id="the deck the scenario names"),
])
def test_a_slip_is_one_problem_at_its_line(tmp_path, file, old, new, message):
    box_folder(tmp_path)
    line = edit(tmp_path / file, old, new)
    problems = validate(tmp_path / "roth.yaml")
    assert [p for p in problems if message in p and p.startswith(f"{tmp_path / file}:{line}:")], problems


def test_the_co_operative_mode_needs_its_numbers(tmp_path):
    box_folder(tmp_path)
    path = tmp_path / "roth.yaml"
    text = path.read_text()
    path.write_text(text[:text.index("  coop:")])
    problems = validate(path)
    assert [p for p in problems if "the co-operative mode needs its numbers (coop: darkness_limit)" in p], problems
