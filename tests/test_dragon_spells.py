"""The City of the Mages' Vision and Clairvoyance, and the Mage's spell for his gold, in Under the
Shadow of the Dragon (UtSotD), on the shipped counters with the dice forced. Each case quotes the
rule it checks."""

from __future__ import annotations

import numpy as np
import pytest

from dragon_helpers import DUEL, act, content, cubes, events_of, give, legal, lines, match, place, stand
from overlord.core.game import RulesError, drew_hidden
from overlord.games.dragon.game import GAME
from overlord.games.heroes.state import face_up, where

WIN, LOSE = [1, 1], [6, 6]          # two dice: a magic trial won, a magic trial lost


def heuristic(m):
    return GAME.bots["heuristic"](m, GAME.legal_actions(m), np.random.default_rng(0))


# -- the content -------------------------------------------------------------------------------------------

def test_the_city_of_the_mages_offers_them():
    """"Put all 'City of the Mages' counters face down next to the game board": the shipped pile holds
    Vision, Clairvoyance and the Boots of Jumping among its 14; the spells are the Glossary's
    "Artifact (Spell)" entries (Strength: "no Artifact (Spell)")."""
    c = content()
    m = match(("paladin",))
    assert {"vision", "clairvoyance", "boots-of-jumping"} <= set(m.state.market) and len(m.state.market) == 14
    spells = sorted(a.id for a in c.artifacts.values() if a.spell)
    assert spells == ["clairvoyance", "experience", "great-experience", "invisibility", "lightning", "pegasus",
                      "strength", "vision"]
    assert all(c.artifacts[a].origin == "market" and c.artifacts[a].price > 0 for a in spells + ["boots-of-jumping"])


# -- Vision ---------------------------------------------------------------------------------------------------

def test_vision_looks_at_a_covered_counter_next_to_the_caster():
    """"If he succeeds in a magic trial, the caster of the Vision spell may look at covered counters
    before moving onto the respective field. The counter in question has to be on a tan field
    adjacent to the field the caster is currently in. After he has looked at the counter, he puts it
    back, still covered. Now it is up to the caster to decide whether to move onto the field or not
    ... Casting Vision does not constitute an action.\""""
    m = match(("paladin",))
    give(m, "paladin", "vision")
    place(m, "wolves", "T4", down=True)          # next to T2, tan
    place(m, "herbalist", "T1", down=True)       # two fields away
    place(m, "giant", "T5", down=True)           # next to T4 but green
    stand(m, "paladin", "T2", mp=3)
    assert [a for a in legal(m) if a["do"] == "vision"] == [{"do": "vision", "item": "vision", "to": "T4"}]
    evs = act(m, {"do": "vision", "item": "vision", "to": "T4"}, WIN)
    looked = events_of(evs, "looked")[0]
    assert looked["names"] == ["Wolves"] and drew_hidden([looked]) and not face_up(m.state, "wolves")
    assert m.state.turn.mp == 3 and m.state.turn.phase == "move" and not m.state.turn.acted   # not an action
    assert any(a == {"do": "move", "to": "T4"} for a in legal(m)) and any(a["do"] == "move" and a["to"] != "T4"
                                                                        for a in legal(m))
    assert "paladin looks at the covered counter on T4: Wolves (put back, still covered)" in "\n".join(lines(m, evs))
    assert "seen by Vision: T4 Wolves" in "\n".join(GAME.table(m).status())
    assert not any(a["do"] == "vision" for a in legal(m))      # nothing covered he has not seen


def test_vision_is_cast_again_and_again_until_a_trial_fails():
    """"The spell may be cast again and again as long as the magic trial does not fail"; "If the magic
    trial fails, the 'Vision' counter is returned to the rest of the 'City of the Mages' counters.\""""
    m = match(("paladin",))
    give(m, "paladin", "vision")
    place(m, "wolves", "T4", down=True)
    place(m, "herbalist", "T3", down=True)
    place(m, "giant", "T9", down=True)
    stand(m, "paladin", "T2", mp=3)
    act(m, {"do": "vision", "item": "vision", "to": "T4"}, WIN)
    act(m, {"do": "vision", "item": "vision", "to": "T3"}, WIN)
    assert m.state.at["paladin"].known == ["wolves", "herbalist"]
    evs = act(m, {"do": "vision", "item": "vision", "to": "T9"}, LOSE)
    assert events_of(evs, "spell_gone") and "vision" in m.state.market and not events_of(evs, "looked")
    assert not any(a["do"] == "vision" for a in legal(m))


def test_vision_before_moving_only():
    """"before moving onto the respective field": not once movement is over (our reading: with
    movement left, in the movement phase)."""
    m = match(("paladin",))
    give(m, "paladin", "vision")
    place(m, "wolves", "T4", down=True)
    stand(m, "paladin", "T2", mp=0)
    assert not any(a["do"] == "vision" for a in legal(m))


def test_the_heuristic_looks_before_it_steps_onto_a_covered_counter():
    """The bot casts Vision on the covered counter its way leads onto, then weighs a creature seen
    like one face up: the Wolves it saw on T4 cost the way through T4 as a fight would."""
    m = match(("paladin",))
    give(m, "paladin", "vision")
    place(m, "wolves", "T4", down=True)
    stand(m, "paladin", "T2", mp=3)
    assert heuristic(m) == {"do": "vision", "item": "vision", "to": "T4"}
    from overlord.games.dragon.bots import Planner
    before = Planner(m.state, m.content).step_cost("T4")
    act(m, {"do": "vision", "item": "vision", "to": "T4"}, WIN)
    assert Planner(m.state, m.content).step_cost("T4") > before + 3


# -- Clairvoyance ----------------------------------------------------------------------------------------------

def won_a_fight(hero="orc", path=DUEL, spell=True):
    """The Orc beats the Wolves on his manor's field and owes a draw from the bag."""
    m = match((hero, "paladin"), path=path)
    if spell:
        give(m, hero, "clairvoyance")
    place(m, "wolves", "T2")
    m.state.bag.append(m.state.aside.pop(m.state.aside.index("skeleton")))       # a covered counter in the bag
    act(m, {"do": "fight", "target": "wolves", "skill": "close"}, [1, 1])
    return m


def test_clairvoyance_picks_an_open_counter_instead_of_drawing():
    """"Whenever a player has to draw a counter from the bag, he may cast the 'Clairvoyance' spell to
    pick a counter of his choosing instead (as an action). He may not pick a covered counter ... The
    player's hero needs to succeed in a magic trial first." And the defeated creature: "The player
    draws a new counter and only afterwards puts the defeated creature back into the bag.\""""
    m = won_a_fight()
    s = m.state
    assert s.pending == {"draw": "Wolves was defeated", "hero": "orc", "then_bag": "wolves"}
    assert "wolves" in s.aside and "wolves" not in s.bag                          # waiting for the draw
    options = legal(m)
    assert options[0] == {"do": "draw"}
    picks = [a["target"] for a in options[1:]]
    assert "rope" in picks and "skeleton" in s.bag and "skeleton" not in picks
    assert all(not content(DUEL).spec(i).covered for i in picks) and len(picks) == len(set(content(DUEL).instances[i]
                                                                                           for i in picks))
    with pytest.raises(RulesError, match="not legal now"):
        act(m, {"do": "clairvoyance", "item": "clairvoyance", "target": "skeleton"}, WIN)
    evs = act(m, {"do": "clairvoyance", "item": "clairvoyance", "target": "rope"}, WIN)
    assert [e["event"] for e in evs][:3] == ["clairvoyance", "drawn", "placed"] and evs[-1]["event"] == "back_in_bag"
    assert events_of(evs, "drawn")[0]["picked"] and where(s, "rope") is not None and "wolves" in s.bag
    assert s.turn.acted and not s.pending and "clairvoyance" in [i.id for i in s.sheets["orc"].items]
    assert "  orc picks from the bag (Wolves was defeated): Rope" in lines(m, evs)


def test_a_failed_clairvoyance_vanishes_and_the_player_draws():
    """"If this trial fails, the spell vanishes back to the other 'City of the Mages' counters" - and
    the draw he owed is made (our reading)."""
    m = won_a_fight()
    evs = act(m, {"do": "clairvoyance", "item": "clairvoyance", "target": "rope"}, LOSE)
    assert "clairvoyance" in m.state.market and events_of(evs, "spell_gone")
    drawn = events_of(evs, "drawn")[0]
    assert not drawn.get("picked") and "wolves" in m.state.bag


def test_the_player_may_simply_draw():
    m = won_a_fight()
    evs = act(m, {"do": "draw"})
    assert events_of(evs, "drawn") and not events_of(evs, "clairvoyance") and "clairvoyance" in [
        i.id for i in m.state.sheets["orc"].items]


@pytest.mark.parametrize("spell, bag, pending", [
    pytest.param(False, "as shipped", False, id="without the spell: a plain draw"),
    pytest.param(True, "covered only", False, id="nothing but covered counters: nothing to pick"),
    pytest.param(True, "as shipped", True, id="with the spell and open counters: the player chooses"),
])
def test_when_clairvoyance_is_offered(spell, bag, pending):
    m = match(("orc", "paladin"), path=DUEL)
    if spell:
        give(m, "orc", "clairvoyance")
    if bag == "covered only":
        m.state.aside += [i for i in m.state.bag if not content(DUEL).spec(i).covered]
        m.state.bag[:] = [i for i in m.state.bag if content(DUEL).spec(i).covered] + ["skeleton"]
        m.state.aside.remove("skeleton")
    place(m, "wolves", "T2")
    act(m, {"do": "fight", "target": "wolves", "skill": "close"}, [1, 1])
    assert bool(m.state.pending) is pending


def test_the_heuristic_picks_what_its_plan_needs():
    """With the Axe's scroll the bot picks the Dwarven Ghost (its material's being) out of the bag;
    with nothing the plan needs in it, it draws."""
    m = won_a_fight()
    give(m, "orc", "scorpion", back=True)
    assert heuristic(m) == {"do": "clairvoyance", "item": "clairvoyance", "target": "dwarven-ghost"}
    m2 = won_a_fight()
    assert heuristic(m2) == {"do": "draw"}


def test_at_the_table_the_choice_is_typed():
    m = won_a_fight()
    table = GAME.table(m)
    assert table.options()[0] == "orc, draw the counter you owe, or cast Clairvoyance to pick one:"
    assert "   1. draw" in table.options()
    reply = table.execute("clairvoyance", ["rope"], "clairvoyance rope")
    assert drew_hidden(reply.events) and any("casts Clairvoyance to pick Rope" in ln for ln in reply.lines)


# -- the Mage's spell for his gold ------------------------------------------------------------------------------

def test_the_mage_may_take_a_spell_instead_of_his_gold():
    """"If the Mage is chosen as a hero, the player may forfeit his starting 3 gold pieces and opt for a
    spell from among the 'City of the Mages' counters" (UtSotD, Rules Changes)."""
    m = match(("mage", "paladin"))
    s = m.state
    offered = sorted(a["item"] for a in legal(m) if a["do"] == "spell")
    assert offered == ["clairvoyance", "experience", "great-experience", "invisibility", "lightning", "pegasus",
                       "strength", "vision"]                        # spells, not the potion, armour or boots
    assert s.sheets["mage"].gold == 3
    evs = act(m, {"do": "spell", "item": "vision"})
    assert s.sheets["mage"].gold == 0 and "vision" not in s.market and [i.id for i in s.sheets["mage"].items] == ["vision"]
    assert drew_hidden(events_of(evs, "spell_for_gold"))
    assert lines(m, evs) == ["  mage forfeits his 3 starting gold and takes the spell Vision from the City of the Mages"]
    assert not any(a["do"] == "spell" for a in legal(m))


@pytest.mark.parametrize("scene", ["after a step", "next turn", "another hero", "the heir"])
def test_the_mages_choice_is_made_when_he_is_chosen(scene):
    """Our reading: on the Mage's first turn before he does anything else; an heir is not "chosen
    as a hero"; only the Mage."""
    m = match(("mage", "paladin"))
    s = m.state
    if scene == "after a step":
        act(m, next(a for a in legal(m) if a["do"] == "move"))
    elif scene == "next turn":
        act(m, {"do": "end"})
        act(m, {"do": "end"})
    elif scene == "another hero":
        act(m, {"do": "end"})
        assert GAME.to_act(m) == "paladin"
    else:
        s.at["mage"].generation = 2
    assert not any(a["do"] == "spell" for a in legal(m))


def test_the_heuristic_mage_takes_strength():
    """The bot's key for the Mage's choice: a lasting hit point (Strength) first."""
    m = match(("mage",))
    assert heuristic(m) == {"do": "spell", "item": "strength"}


# -- all of them in random play ----------------------------------------------------------------------------------

@pytest.mark.parametrize("bot, seed", [("heuristic", 3), ("random", 4)])
def test_random_play_with_the_new_counters_in_hand_keeps_every_invariant(bot, seed):
    """Every hero starts with the Boots of Jumping, Vision or Clairvoyance (taken from the City's
    pile): the invariants hold after every step, and the spells and jumps are used."""
    from overlord.games.dragon.fights import item_of
    from overlord.games.dragon.state import artifact
    from overlord.sim.play import play

    real = GAME.new_match
    seen: list[str] = []

    def armed(c, heroes, seed):
        m = real(c, heroes, seed)
        for h, inst in zip(heroes, ("boots-of-jumping", "vision", "clairvoyance")):
            m.state.market.remove(inst)
            m.state.sheets[h].items.append(item_of(artifact(m.state, c, inst), inst))
        return m

    def check(m):
        problems = GAME.violations(m, full=True)
        assert not problems, problems

    GAME.new_match = armed
    try:
        for k in range(3):
            m, _ = play(GAME, content(), seed + 10 * k, 3, bot, 30, check)
            seen += [e["event"] for e in m.state.log]
    finally:
        GAME.new_match = real
    assert {"jump", "vision"} <= set(seen)
    if bot == "heuristic":
        assert "draw_pending" in seen


# -- the PettingZoo view --------------------------------------------------------------------------------------------

def test_the_learning_agents_view_numbers_every_new_action():
    """The environment's fixed action space (``agents.SLOTS``) gives each jump, Vision, draw,
    Clairvoyance pick and the Mage's spells an index of their own."""
    from overlord.games.dragon.agents import SLOTS, agent_spec
    spec = agent_spec(content(), ["orc", "mage"])
    scenes = []
    m = match(("mage", "orc"))
    give(m, "mage", "boots-of-jumping")
    give(m, "mage", "vision")
    place(m, "wolves", "T4", down=True)
    scenes.append((m, ("jump", "vision", "spell")))
    scenes.append((won_a_fight(), ("draw", "clairvoyance")))
    for m, kinds in scenes:
        legal_now = [a for a in legal(m) if a["do"] in kinds]
        assert {a["do"] for a in legal_now} == set(kinds)
        index = spec.encode(m, legal_now)
        assert None not in index and len(set(index)) == len(index), list(zip(legal_now, index))
        assert all(SLOTS[i].split()[0] == a["do"] for i, a in zip(index, legal_now))


def test_at_the_table_vision_and_the_mages_spell_are_typed_or_numbered():
    m = match(("mage",))
    give(m, "mage", "vision")
    place(m, "wolves", "T4", down=True)
    table = GAME.table(m)
    options = "\n".join(table.options())
    assert "vision T4" in options and "spell strength (for the starting gold)" in options
    reply = table.execute("vision", ["T4"], "vision T4")
    assert [e["event"] for e in reply.events] == ["vision", "looked"]     # the game's dice: a won trial
    assert drew_hidden(reply.events) and reply.label == "vision T4"      # undo does not go back past a look
    number = next(int(ln.split(".")[0]) for ln in table.options()[1:] if ln.strip().endswith("spell strength "
                                                                                              "(for the starting gold)"))
    reply = table.execute(str(number), [], str(number))
    assert m.state.sheets["mage"].gold == 0 and any("takes the spell Strength" in ln for ln in reply.lines)
