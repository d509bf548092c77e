"""Under the Shadow of the Dragon at the table (``overlord play``), as the players type it: the
attacked player's choices when the Dragon attacks, undo after a hidden draw and after a die roll,
``options``, ``why`` (also after ``resume``) and ``map``. The dice are forced where a test needs a
result (``force_dice``); every counter still comes from the game's own generator."""

from __future__ import annotations

import re

import pytest

from dragon_helpers import COOP, DUEL, at_table, content, force_dice, give, place, stand, typed
from overlord.games.heroes.state import where
from session_helpers import TableSession


def attack_due(m, card: str = "attack"):
    """The round ends with the Dragon's phase due and ``card`` on top of his deck."""
    m.state.round = m.content.scenario.coop.dragon_every[len(m.state.heroes)]
    m.state.dragon_deck.draw.remove(card)
    m.state.dragon_deck.draw.insert(0, card)


# -- Attack!: the attacked player's choices ---------------------------------------------------------------

def test_attack_asks_each_attacked_player_at_the_table(tmp_path, monkeypatch):
    """Attack!: "The attacked hero needs to succeed in a trial of his choice at -3. Heroes who fail
    this trial lose one artifact of their choice"; Lightning! "may be used to counter the Dragon Event
    Attack ... If it fails, standard combat ensues, requiring the hero to roll a trial of one of his
    three skills". At the table the program asks, and what is typed is done."""
    session = at_table(tmp_path, ("orc", "paladin"))
    m = session.match
    for inst in ("armour", "rope", "lightning"):
        give(m, "orc", inst)
    attack_due(m)
    told = typed(session, "end", "end")
    assert "the Dragon plays Attack!" in told
    assert re.search(r"orc, the Dragon attacks you: the trial of your choice at -3 \(magic \d+%, ranged combat \d+%, "
                     r"close combat \d+%\), or cast Lightning! first:", told)
    assert "1. defend magic" in told and "4. defend with lightning" in told
    force_dice(monkeypatch, [6, 6, 6, 6, 1, 1])
    told = typed(session, "defend with lightning")
    assert "orc casts Lightning! against Attack!" in told and "the spell Lightning! vanishes back to the City" in told
    assert "with lightning" not in "\n".join(session.table.options())          # the spell is gone
    told = typed(session, "2")                                                 # the ranged trial, his choice
    assert "orc (ranged combat: rolled 6 and 6" in told and "fails" in told
    assert "orc, the Dragon destroys one of your artifacts - which one:" in told
    assert "1. lose armour" in told and "2. lose rope" in told
    told = typed(session, "lose rope")
    assert "the Dragon destroys orc's Rope (out of the game)" in told and "paladin, the Dragon attacks you" in told
    told = typed(session, "defend close")
    assert "paladin (close combat: rolled 1 and 1" in told and "drives the Dragon off" in told
    assert "-- orc's turn (round 4)" in told and [i.id for i in m.state.sheets["orc"].items] == ["armour"]


@pytest.mark.parametrize("line, refusal", [
    ("defend sword", "defend sword: not possible now"),
    ("defend with lightning", "defend with lightning: no such spell to cast now; possible: defend magic"),
    ("lose armour", "lose: not possible now"),
])
def test_a_wrong_answer_to_the_attack_is_refused_in_one_line(tmp_path, line, refusal):
    """A bad answer changes nothing: the attacked hero is asked again."""
    session = at_table(tmp_path, ("orc", "paladin"))
    give(session.match, "orc", "armour")
    attack_due(session.match)
    typed(session, "end", "end")
    reply = session.execute(line)
    assert not reply.ok and len(reply.lines) == 1 and reply.lines[0].startswith(refusal)
    assert session.match.state.pending["hero"] == "orc"


# -- undo: a hidden draw stays, a die roll does not ---------------------------------------------------------

def test_undo_after_the_halfling_hides(tmp_path, monkeypatch):
    """The Halfling: "On a roll of 1 to 3, he is successful in hiding" - a die roll, not a hidden
    draw: undo takes it back (the die with it)."""
    session = at_table(tmp_path, ("halfling", "orc"), path=DUEL)
    place(session.match, "wolves", "X4")
    stand(session.match, "halfling", "X2", mp=4)
    force_dice(monkeypatch, [3])
    told = typed(session, "move X4", "hide")
    assert "halfling tries to hide from Wolves: 3, hidden, may move on" in told
    assert "undone: hide" in typed(session, "undo")
    assert session.match.state.turn.combat == "wolves"


@pytest.mark.parametrize("stage, command, seen", [
    pytest.param(lambda m: place(m, "wolves", "X4", down=True), "move X4", "the covered counter on X4 (Wolves)",
                 id="a covered counter turned over"),
    pytest.param(lambda m: (place(m, "wolves", "X4"), stand(m, "halfling", "X4"),
                            setattr(m.state.turn, "combat", "wolves")),
                 "fight wolves close", "the draw from the bag", id="a counter drawn from the bag"),
])
def test_undo_is_refused_after_a_hidden_draw(tmp_path, monkeypatch, stage, command, seen):
    """"Each time a counter is taken off the map another counter is drawn from the bag"; "A covered
    marker ... requires you to stop and uncover (turn over) the counter": what came into view stays."""
    session = at_table(tmp_path, ("halfling", "orc"), path=DUEL)
    stand(session.match, "halfling", "X2", mp=4)
    stage(session.match)
    force_dice(monkeypatch, [1, 1])
    typed(session, command)
    reply = session.execute("undo")
    assert not reply.ok and reply.lines[0].startswith(f"undo refused: '{command}' brought into view {seen}")


# -- options, why, map ---------------------------------------------------------------------------------------

def test_options_numbers_what_the_hero_may_do_and_the_number_does_it(tmp_path):
    session = at_table(tmp_path, ("orc", "paladin"), empty=False)
    shown = typed(session, "options")
    assert shown.startswith("orc, move (3 movement left):")
    number, what = next((n, w) for n, w in re.findall(r"(\d+)\. (move \S+)", shown))
    told = typed(session, number)
    assert f"orc moves T2 -> {what.split()[1]}" in told


def test_why_tells_the_last_command_with_its_rules_also_after_resume(tmp_path, monkeypatch):
    """`why`: the last command's events again, each with the rule behind it; a resumed game keeps it."""
    session = at_table(tmp_path, ("halfling", "orc"), path=DUEL)
    assert typed(session, "why") == "no command yet: `why` explains the last one, with the rules behind it"
    place(session.match, "wolves", "X4", down=True)
    stand(session.match, "halfling", "X2", mp=4)
    typed(session, "move X4")
    told = typed(session, "why")
    assert "halfling turns over the counter on X4: Wolves" in told
    assert 'the book, Movement: "A covered marker (i.e., a marker with the PA logo on its back) requires you to stop' in told
    assert 'the book, Combat (Red Borders): "As soon as a player uncovers a creature' in told
    session.close()
    again, _ = TableSession.resume(tmp_path / "table.db")
    try:
        assert typed(again, "why") == told
    finally:
        again.close()


def test_map_draws_every_field_and_its_routes(tmp_path):
    """Players "move by the program's map": it draws each map's fields, the routes between them
    (across the maps' edges too), and who and what stands where."""
    session = at_table(tmp_path, ("orc", "paladin"), empty=False)
    drawn = typed(session, "map")
    lines = drawn.splitlines()
    assert "  R The Gate to the Underworld | S The City of the Mages      | T The Elven Forest" in lines
    row = next(x for x in lines if x.startswith("  T2 "))
    assert re.match(r"  T2  Manor Field +-> T3 T4 T9 +here: ORC$", row)
    assert re.match(r"  T5  hidden green 7 +-> T4 T8$", next(x for x in lines if x.startswith("  T5 ")))
    assert re.match(r"  S11 +-> S2 \(one way\) S3 S7 S8 S9 S10$", next(x for x in lines if x.startswith("  S11")))
    assert "the lair V9: only from V10 past the Dragon Man, or by the Rope from V1" in drawn
    c = session.match.content
    assert all(any(x.startswith(f"  {fid:<4}") for x in lines) for fid in c.board.fields)
    assert where(session.match.state, "hildebrandt") == "R4" and "here: Hildebrandt" in next(
        x for x in lines if x.startswith("  R4 "))


@pytest.mark.parametrize("scroll, told", [
    pytest.param(False, "orc does not notice Dwarven Ghost on X7 (only a hero with the Scroll for a Magic Axe sees it): "
                        "nothing happens", id="without the scroll: nothing happens, and the table says so"),
    pytest.param(True, "Dwarven Ghost bars the way: orc must fight", id="with the scroll: the fight"),
])
def test_the_dwarven_ghost_is_seen_only_with_the_axe_s_scroll(tmp_path, scroll, told):
    """"The Dwarven Ghost is visible only to the hero who is in possession of the scroll for a magical
    Axe." A hero without it steps onto its field and nothing happens: the table says so."""
    session = at_table(tmp_path, ("orc", "paladin"))
    place(session.match, "dwarven-ghost", "X7")
    stand(session.match, "orc", "X2", mp=3)
    if scroll:
        give(session.match, "orc", "scorpion", back=True)
    shown = typed(session, "move X7")
    assert told in shown
    assert ("does not notice" in typed(session, "why")) is not scroll


INTERNAL = re.compile(r"headless|\b[a-z]+_[a-z_]+\b|\[\d|\bNone\b|[{}]|The book's The|\w\.\.|'\w+': ")


@pytest.mark.parametrize("path", [COOP, DUEL], ids=["dragon", "dragon-duel"])
def test_what_players_read_has_no_internal_words(path):
    """Narration, `status`, `map` and the options of whole games (random and heuristic bots) in plain
    English: no snake_case names of the code, no Python values, no "headless", no doubled phrases."""
    from overlord.games.dragon.game import GAME
    from overlord.sim.play import play
    c = content(path)
    found = []
    for bot in ("random", "heuristic"):
        for seed in range(3):
            m, _ = play(GAME, c, seed, 2 if path == DUEL else 1 + seed, bot, 40)
            table = GAME.table(m)
            read = GAME.narrate(m, m.state.log) + table.status() + table.picture() + table.options()
            found += [line for line in read if INTERNAL.search(line)]
    assert found == []
