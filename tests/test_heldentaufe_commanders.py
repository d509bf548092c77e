"""Who commands the monsters when the players are the monster boss (``rules.monster_boss: players``),
on the shipped content at the table (Heldentaufe, "The Monsters Take Their Turn"):

"Players whose hero figures are not in the Underworld command the monsters and play the role of the
monster boss ... The players involved agree on how to spend these 4 action points. If they cannot
agree, a die roll decides which player controls the monsters (control goes to the player with the
highest roll). If all heroes are in the Underworld, you roll each monster turn to determine who
controls the monsters."

The roll is the combat die's (ours: the game's die with numbers), from the game's generator; the
players tied for the highest roll roll again."""

from __future__ import annotations

import dataclasses

import pytest

from heldentaufe_helpers import content, put_above, put_below
from overlord.core.rng import new_rng, rng_from_state, rng_state
from overlord.games.heldentaufe.game import GAME


def players_table(heroes, below, seed=5):
    """A table whose players command the monsters; erla goes down through portal 2 (beside Ulumu's
    nest) and ends her turn, the heroes in ``below`` already standing in the Underworld."""
    c = content()
    rules = c.scenario.rules.model_copy(update={"monster_boss": "players"})
    c = dataclasses.replace(c, scenario=c.scenario.model_copy(update={"rules": rules}))
    match = GAME.new_match(c, list(heroes), seed)
    put_above(match.state, "erla", "0,1", "portal-2")
    table = GAME.table(match)
    table.execute("descend", [], "descend")
    for hero, area in below:
        put_below(c, match.state, hero, area)
    return match, table


def rolled(state_rng: dict, n: int, faces) -> list[int]:
    """The next ``n`` combat die faces of a generator state, as the game draws them."""
    rng = rng_from_state(state_rng)
    return [faces[int(rng.integers(len(faces)))] for _ in range(n)]


@pytest.mark.parametrize("heroes, below, commanders, line", [
    pytest.param(("erla", "corlof"), (), ["corlof"],
                 "  corlof commands the monsters (their heroes are not in the Underworld)", id="one player above"),
    pytest.param(("erla", "corlof", "mathian"), (), ["corlof", "mathian"],
                 "  corlof and mathian command the monsters together (their heroes are not in the Underworld): "
                 "they agree on the points, or `monster roll` - the highest combat die commands", id="two above agree"),
    pytest.param(("erla", "corlof", "mathian"), (("mathian", "3,6"),), ["corlof"],
                 "  corlof commands the monsters (their heroes are not in the Underworld)", id="one of three above"),
])
def test_the_players_whose_heroes_are_above_command_the_monsters(heroes, below, commanders, line):
    """"Players whose hero figures are not in the Underworld command the monsters"; "The players
    involved agree on how to spend these 4 action points.\""""
    match, table = players_table(heroes, below)
    reply = table.execute("end", [], "end")
    assert line in reply.lines
    assert match.state.commanders == commanders
    assert table.options()[0].startswith(f"the monsters' turn, 4 points left ({' and '.join(commanders)} command")
    assert f"monsters ({', '.join(commanders)})>" in table.prompt()


def test_players_who_cannot_agree_roll_and_the_highest_commands():
    """"If they cannot agree, a die roll decides which player controls the monsters (control goes to
    the player with the highest roll)": `monster roll`, each of them rolling the combat die from the
    game's generator; the command passes to the winner alone."""
    match, table = players_table(("erla", "corlof", "mathian"), ())
    table.execute("end", [], "end")
    s, faces = match.state, match.content.supply.combat_die
    before = dict(s.rng)
    reply = table.execute("monster", ["roll"], "monster roll")
    roll = next(e for e in reply.events if e["event"] == "monster_boss_roll")
    draws = [v for r in roll["rolls"] for v in r.values()]
    assert draws == rolled(before, len(draws), faces)                      # the game's generator, in turn order
    for r in roll["rolls"][:-1]:
        assert list(r.values()).count(max(r.values())) > 1                 # a tie at the top: those roll again
    last = roll["rolls"][-1]
    assert [h for h, v in last.items() if v == max(last.values())] == [roll["commander"]]
    assert s.commanders == [roll["commander"]]
    assert reply.lines[-1].endswith(f"- {roll['commander']} commands")
    assert table.options()[0] == f"the monsters' turn, 4 points left ({roll['commander']} commands):"
    with pytest.raises(Exception, match="a roll decides who commands the monsters when the players commanding "
                                        "them cannot agree"):
        table.execute("monster", ["roll"], "monster roll")                 # one commands now: nothing to settle
    table.execute("monster", ["done"], "monster done")
    assert s.commanders == []


def test_with_every_hero_below_a_roll_decides_each_monster_turn():
    """"If all heroes are in the Underworld, you roll each monster turn to determine who controls the
    monsters": at the start of the turn every player rolls, unasked, and it is told."""
    match, table = players_table(("erla", "corlof"), (("corlof", "3,6"),))
    before = dict(match.state.rng)
    reply = table.execute("end", [], "end")
    roll = next(e for e in reply.events if e["event"] == "monster_boss_roll")
    assert roll["players"] == ["erla", "corlof"] and roll["why"].startswith("all heroes are in the Underworld")
    draws = [v for r in roll["rolls"] for v in r.values()]
    assert draws == rolled(before, len(draws), match.content.supply.combat_die)
    assert match.state.commanders == [roll["commander"]]
    assert any(ln.startswith("  a roll decides who commands the monsters (all heroes are in the Underworld")
               and ln.endswith(f"- {roll['commander']} commands") for ln in reply.lines)


def test_players_tied_for_the_highest_roll_roll_again():
    """"control goes to the player with the highest roll": two players rolling the same face roll
    again, as often as they tie (a generator chosen whose first two faces tie)."""
    match, table = players_table(("erla", "corlof"), (("corlof", "3,6"),))
    faces = match.content.supply.combat_die
    seed = next(k for k in range(200) if len(set(rolled(rng_state(new_rng(k)), 2, faces))) == 1)
    match.state.rng = rng_state(new_rng(seed))
    reply = table.execute("end", [], "end")
    roll = next(e for e in reply.events if e["event"] == "monster_boss_roll")
    assert len(roll["rolls"]) >= 2 and len(set(roll["rolls"][0].values())) == 1
    assert "; again: " in next(ln for ln in reply.lines if ln.startswith("  a roll decides"))
