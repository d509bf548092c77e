"""Return of the Heroes with the Dragon played through: a whole game headless, every step told in
words (both games' events, each in its own game's words), and the table as players use it - the
houses typed, a refusal in one line, `why`, save and resume."""

from __future__ import annotations

import pytest

from overlord.core.game import RulesError
from overlord.games import registry
from overlord.games.dragon import fights as dragon_fights
from overlord.games.heroes.sheet import Item
from overlord.games.heroes.state import lift, put, where
from overlord.games.kingdom import context
from overlord.games.kingdom.context import Ctx
from overlord.session.session import Session
from kingdom_helpers import played_out

SCENARIO = "kingdom-dragon"


@pytest.fixture(scope="module")
def game():
    return registry.open_scenario(SCENARIO)


def test_a_whole_game_is_played_and_every_step_told(game):
    """Seed 3, two players and two rivals: the heuristic bot to the end (a hero kills the Nameless in
    round 68); every step's events narrated, both boxes' (the Dragon's "unnoticed" once crashed the
    table: Return of the Heroes' words were asked for it), with the invariants after every step."""
    rules, content, _ = game
    match = rules.new_match(content, ["leandra", "paladin"], 3)
    told = boxes = 0
    kinds: set[str] = set()
    for evs in played_out(rules, match, 3):
        told += len(rules.narrate(match, evs))
        boxes += sum(1 for e in evs if e.get("rules") == "dragon")
        kinds.update(e["event"] for e in evs)
    out = rules.outcome(match)
    assert out is not None and out.result == "victory" and match.state.winner == "leandra"
    assert boxes and {"house", "drawn", "moved", "fight"} <= kinds and told > 1000


def _session(game, seed=3, save=None):
    rules, content, path = game
    return Session.start(rules, content, path, ["leandra", "paladin"], seed, save_path=save)


def test_the_houses_are_typed_and_a_bad_one_refused_in_a_line(game):
    session, _ = _session(game)
    refused = session.execute("house H6")
    assert not refused.ok and len(refused.lines) == 1 and "house" in refused.lines[0]
    placed = session.execute("house D2")
    assert placed.ok and any("paladin's manor house goes by D2" in line for line in placed.lines)
    assert session.match.state.pending.get("house") == "leandra"


def test_why_tells_the_book_behind_a_house(game):
    session, _ = _session(game)
    session.execute("house D2")
    why = "\n".join(session.execute("why").lines)
    assert "may not be placed adjacent to another" in why


def test_a_saved_combined_game_resumes_where_it_was(game, tmp_path):
    rules, content, path = game
    save = tmp_path / "k.db"
    session, _ = _session(game, save=save)
    for line in ("house D2", "house A2", "options"):
        session.execute(line)
    before = session.match.state
    session.close()
    again, reply = Session.resume(save, lambda p: registry.open_scenario(p))
    assert again.match.state.at["leandra"].manor == before.at["leandra"].manor == "A2"
    assert again.match.state.layout == before.layout and again.match.state.round == before.round


def test_a_house_on_a_taboo_map_is_refused_by_the_rules(game):
    """"No manor house may be placed on the following region maps: H, the Tower of the Nameless"."""
    rules, content, _ = game
    match = rules.new_match(content, ["leandra", "paladin"], 3)
    with pytest.raises(RulesError, match="not legal now: house H6"):
        rules.apply(match, {"do": "house", "to": "H6"})


def _armed_at_the_lair(game, seed: int, ranged: int):
    """Leandra with the Dragon's Bow (Rondel's carving) and a ranged rating of ``ranged``, the Dragon
    in his lair: the fight the Dragon's rules play, ended by the combination's."""
    rules, content, _ = game
    match = rules.new_match(content, ["leandra", "paladin"], seed)
    while match.state.pending.get("house"):
        rules.apply(match, rules.legal_actions(match)[0])
    s = match.state
    hero = s.turn.hero
    for pile in (s.bag, s.aside):
        if "rondel" in pile:
            pile.remove("rondel")
    if where(s, "rondel"):
        lift(s, "rondel")
    s.backs.append("rondel")
    s.sheets[hero].items.append(Item("rondel", bonus={"ranged": 1}))
    s.sheets[hero].skills["ranged"] = ranged
    s.bag.remove("dragon")
    put(s, "V9", "dragon")
    s.dragon = "lair"
    return match, hero


def test_a_fight_in_the_lair_ends_by_the_combinations_rules(game):
    """The Dragon's fight as his book plays it (the hoard paid, a trial at -3 per hit); its end as the
    expansion's: "the game ends when the Dragon has been vanquished" - the slayer has won - or the
    challenger, slain, starts again at his manor and the Dragon waits (ours, ``lair_death: reborn``).
    A ranged rating of 11 (with the Bow's +1, 12 - 3) wins on every seed here, one of 2 (3 - 3: no two
    dice roll 0) never does."""
    ends = []
    for seed in range(1, 9):
        match, hero = _armed_at_the_lair(game, seed, 11 if seed % 2 else 2)
        s = match.state
        ctx = Ctx.open(s, match.content)
        evs = dragon_fights.enter_lair(context.dragon(ctx), hero)
        ctx.commit()
        ends.append(s.dragon)
        assert s.dragon == ("slain" if seed % 2 else "lair"), seed
        if s.dragon == "slain":
            assert s.outcome == "victory" and s.winner == hero and evs[-1]["event"] == "game_over"
        else:
            assert s.dragon == "lair" and not s.outcome and s.at[hero].field == s.at[hero].manor
            assert not s.at[hero].out and s.follow_up == 0 and any(e["event"] == "died" for e in evs)
        assert game[0].violations(match) == []
        assert all(e.get("rules") == "dragon" for e in evs if e["event"] in ("enters_lair", "dragon_trial"))
