"""The Underworld beneath Return of the Heroes, rule by rule (Heroes in the Underworld, "The Underworld
and Return of the Heroes / In the Shadow of the Dragon" and "Heroes in the Underworld Combined with
Return of the Heroes"), on the shipped boxes (the tests' scenario names the shipped Return of the
Heroes and Underworld scenarios)."""

from __future__ import annotations

import json

import pytest

from overlord.core.game import RulesError
from overlord.core.state import dumps
from overlord.games.beneath import fall, gate, settle, shadows
from overlord.games.hades import verbs
from overlord.games.hades.game import GAME
from overlord.games.hades.load import GATE
from overlord.games.beneath.view import RULES, UnderView
from overlord.games.heroes.sheet import gain_cube, shadow_cubes
from overlord.games.heroes.state import lift, put, where
from overlord.games.underworld import darkside, tiles

from hades_helpers import SCENARIO, below_at_styx, carry, content, ctx, lay_gate, match, stand
from kingdom_helpers import played_out


# -- setting up ------------------------------------------------------------------------------------------------

def test_the_sixteen_maps_above_and_styx_beside_them_with_its_stacks():
    """"The 16 map tiles of the Upper World are laid out"; "Place the Styx map tile beside the map of the
    Upper World"; "The remaining map tiles are mixed and put face down in 3 equal piles"."""
    s = match().state
    assert sorted(ch for row in s.layout for ch in row) == sorted("ABCDEFGHIJKLMNOP")
    assert [t.id for t in s.part.map.placed] == ["styx"] and s.part.map.heroes == {}
    assert sorted(len(k) for k in s.part.map.stacks) == [15, 16, 16]
    assert not s.below and not s.marks


def test_the_gate_is_mixed_into_the_bag_and_lethe_stays_in_the_box():
    """"The Gate marker to the Underworld/Styx from Heroes in the Underworld is mixed in with the Adventure
    markers of Return of the Heroes"; "The additional included gate to Hades/Lethe is only used if all
    three games are combined"."""
    s = match().state
    assert GATE in s.bag
    assert "gate-lethe" not in json.dumps(s.bag + s.aside + s.market + s.part.adventure + s.part.treasure)


def test_hero_quests_are_granted_at_the_capital_one_a_hero():
    """"Hero Quests must be granted at the Capital (select one). Only one Quest is allowed per hero": no deed
    dealt at the start; the deck lies at court; one deed at most."""
    s = match().state
    assert all(not s.at[h].deeds for h in s.heroes) and s.court
    assert s.rules["deeds_most"] == 1 and s.rules["deeds_at_court"] and s.rules["deeds_where"] == "capital"


def test_the_underworld_plays_by_its_competitive_rules_below():
    s = match().state
    assert s.part.rules["duels"] is True and s.part.rules["solitaire_changes"] is False


# -- the gate --------------------------------------------------------------------------------------------------

def test_the_gate_drawn_is_placed_face_up_off_the_drawers_region():
    """"When this marker is pulled from the bag, it is treated like a defeated enemy counter (but it is not an
    enemy)": placed as a drawn counter with no coordinates (our reading), face up, not in the drawer's region."""
    m = match()
    s = m.state
    s.bag[:] = [GATE]
    from overlord.games.roth import draws
    c = ctx(m)
    draws.draw_one(c, "leandra", "a test's draw")
    field = where(s, GATE)
    assert field and GATE not in s.down
    assert c.c.board.region_of(field) != c.c.board.region_of(s.at["leandra"].field)
    assert shadows.gate_field(s, m.content) == field


@pytest.mark.parametrize("case, fix, refusal", [
    ("no gate yet", lambda m: None, "has not been drawn"),
    ("off the gate", lambda m: lay_gate(m, "A4"), "a hero enters standing on it"),
    ("no gold", lambda m: (lay_gate(m, "A4"), stand(m, "leandra", "A4"), setattr(m.state.sheets["leandra"], "gold", 0)),
     "costs 1 GP"),
])
def test_entering_is_refused(case, fix, refusal):
    """"Using the Gate marker to the Underworld/Styx, a hero can enter the Underworld at any time; this
    however costs 1 GP": standing on the gate, with a gold piece."""
    m = match()
    fix(m)
    assert {"do": "enter"} not in GAME.legal_actions(m)
    with pytest.raises(RulesError, match=refusal):
        GAME.apply(m, {"do": "enter"})


def test_entering_costs_a_gold_piece_ends_the_turn_and_the_next_is_played_below():
    """"a hero can enter the Underworld at any time; this however costs 1 GP"; the next turn is the
    Underworld's Course of Play ("1. extend the Underworld")."""
    m = match()
    s = m.state
    lay_gate(m, "A4")
    stand(m, "leandra", "A4")
    gold = s.sheets["leandra"].gold
    evs = GAME.apply(m, {"do": "enter"})
    assert [e for e in evs if e["event"] == "enters_underworld"][0]["paid"] == 1
    assert s.sheets["leandra"].gold == gold - 1
    assert s.below == {"leandra": GATE} and s.part.map.heroes == {"leandra": "styx"}
    assert s.turn.hero == "gro"                       # his turn above ended
    GAME.apply(m, {"do": "end"})                      # gro's turn; the round over, leandra's turn below
    assert s.turn.hero == "leandra" and s.part.turn.hero == "leandra" and s.part.turn.phase == "extend"
    assert {a["do"] for a in GAME.legal_actions(m)} <= {"extend", "skip_extend", "leave"}


def test_horses_and_carts_cannot_be_taken_into_the_underworld():
    """"Horses and Carts cannot be taken into the Underworld": left lying on the gate's field (ours)."""
    m = match()
    lay_gate(m, "A4")
    stand(m, "leandra", "A4")
    carry(m, "leandra", "cart")
    carry(m, "leandra", "horse")
    evs = GAME.apply(m, {"do": "enter"})
    assert [e["left"] for e in evs if e["event"] == "enters_underworld"] == [["cart", "horse"]]
    assert not any(i.id in ("cart", "horse") for i in m.state.sheets["leandra"].items)
    assert {"cart", "horse"} <= set(m.state.board["A4"])


def _below_on_his_turn(m, hero="leandra"):
    below_at_styx(m, hero)
    c = ctx(m)
    from overlord.games.underworld import engine
    engine.start_turn(UnderView(m.state, c), hero)
    c.commit()


@pytest.mark.parametrize("held, refusal", [
    ("aiakos", "an Underworld task marker"),
    ("arachne", "a defeated Black creature"),
])
def test_leaving_is_refused_with_an_underworld_task_or_a_black_creature(held, refusal):
    """"A hero cannot leave the Underworld if that hero holds a Task marker, the Mail of Persephone, the
    Trident of Hades, or a defeated Black creature on their hero reference card"."""
    m = match()
    _below_on_his_turn(m)
    m.state.part.adventure.remove(held)
    m.state.sheets["leandra"].tasks.append(held)
    assert gate.leave_problem(ctx(m), "leandra").endswith("\"A hero cannot leave the Underworld if that hero holds "
                                                          "a Task marker\"")
    assert refusal in gate.leave_problem(ctx(m), "leandra")
    assert not any(a["do"] == "leave" for a in verbs.legal(ctx(m), "leandra"))


@pytest.mark.parametrize("weapon", ["mail-of-persephone", "trident-of-hades"])
def test_leaving_is_refused_with_the_mail_or_the_trident(weapon):
    """"... the Mail of Persephone, the Trident of Hades ...": they cannot leave the Underworld."""
    from overlord.games.heroes.sheet import Item
    m = match()
    _below_on_his_turn(m)
    m.state.part.card.remove(weapon)
    m.state.sheets["leandra"].items.append(Item(weapon, weapon, special=True))
    assert "cannot leave the Underworld" in gate.leave_problem(ctx(m), "leandra")


def test_leaving_from_styx_sheds_the_shadow_cubes_chosen_and_ends_the_turn():
    """"Also it is possible to leave the Underworld via the Gate marker"; "When leaving the Underworld, the
    hero may discard 1 or more SCs"."""
    m = match()
    s = m.state
    lay_gate(m, "A4")
    stand(m, "leandra", "A4")
    s.turn.hero, s.order = "leandra", 0
    _below_on_his_turn(m)
    for skill in ("close", "close", "magic"):
        gain_cube(s.sheets["leandra"], "black", skill)
    legal = GAME.legal_actions(m)
    assert [a for a in legal if a["do"] == "leave"] == [{"do": "leave"}, {"do": "leave", "shed": 1},
                                                         {"do": "leave", "shed": 2}, {"do": "leave", "shed": 3}]
    evs = GAME.apply(m, {"do": "leave", "shed": 2})
    left = [e for e in evs if e["event"] == "leaves_underworld"][0]
    # the skill with the most first; tied (1 close, 1 magic after the first), the sheet's order
    tied = [k for k in s.sheets["leandra"].skills if k in ("close", "magic")]
    assert left["skills"] == ["close", tied[0]] and shadow_cubes(s.sheets["leandra"]) == 1
    assert "leandra" not in s.below and "leandra" not in s.part.map.heroes and s.at["leandra"].field == "A4"
    assert s.turn.hero == "gro"


def test_leaving_is_only_from_styx():
    m = match()
    _below_on_his_turn(m)
    m.state.part.map.heroes["leandra"] = "nowhere"
    assert gate.leave_problem(ctx(m), "leandra") == "the gate leads up from Styx: a hero leaves standing on Styx"


# -- events in the upper and under worlds -----------------------------------------------------------------------

def _cube(m, n=1):
    c = ctx(m)
    darkside.add(UnderView(m.state, c), n, "a test's cube")
    out = settle.settled(c)
    c.commit()
    return out


def test_a_shadow_cube_puts_an_evil_mark_on_the_map_where_most_heroes_stand():
    """"If a Shadow Cube is placed on the Dark Side, at the same time an Evil Mark is placed on any Upper World
    area map tile": the Damned One's choice by its key (ours) - the map with most heroes above first."""
    m = match()
    s = m.state
    board = ctx(m).c.board
    stand(m, "gro", s.at["leandra"].field)
    evs = _cube(m)
    mark = [e for e in evs if e["event"] == "evil_mark"][0]
    assert mark["map"] == board.region_of(s.at["leandra"].field) and s.marks == [mark["map"]]
    assert mark["decision"]["key"]["heroes above on it (most first)"] == -2


def test_only_one_evil_mark_on_a_map_and_none_when_every_map_has_one():
    """"Only 1 Evil Mark can be on a map tile"."""
    m = match()
    evs = _cube(m, 11)
    assert len(m.state.marks) == len(set(m.state.marks)) == 11
    m2 = match()
    m2.state.marks = [ch for row in m2.state.layout for ch in row]
    assert [e["event"] for e in _cube(m2) if e["event"] in ("evil_mark", "no_evil_mark")] == ["no_evil_mark"]
    assert evs


def test_every_skill_test_on_a_marked_map_is_at_minus_one():
    """"On this tile, all skill tests have an increased difficulty of -1" - and a hero below meets no mark."""
    m = match()
    s = m.state
    board = ctx(m).c.board
    s.marks = [board.region_of(s.at["leandra"].field)]
    assert ctx(m).trial_modifier("leandra") == -1
    assert ctx(m).trial_modifier("gro") == (-1 if board.region_of(s.at["gro"].field) in s.marks else 0)
    below_at_styx(m, "leandra")
    assert ctx(m).trial_modifier("leandra") == 0


def test_a_marker_taken_below_pulls_a_marker_from_the_bag_above():
    """"If in the Underworld a marker is taken, also pull a marker from the bag in the Upper World": an
    Adventure marker turned up by a hero below (our reading)."""
    m = match()
    s = m.state
    below_at_styx(m, "leandra")
    bag = len(s.bag)
    c = ctx(m)
    from overlord.games.underworld.markers import reveal
    view = UnderView(s, c)
    styx = tiles.placed_tile(s.part.map, "styx")
    s.part.adventure.remove("hekate")
    styx.markers.append("hekate")
    reveal(view, "hekate", by="leandra")
    evs = settle.settled(c)
    assert [e["event"] for e in evs][0] == "drawn" and len(s.bag) == bag - 1
    assert s.log[-len(evs) - 1]["rules"] == RULES


def test_heroes_below_take_no_part_in_an_event_above():
    """Ours, as the Dragon's sections have it ("Tournaments, Bazaars, Dragon Events, and Storms cannot affect
    any heroes in the Underworld"): a Return of the Heroes event's trials skip the heroes below."""
    m = match()
    below_at_styx(m, "gro")
    c = ctx(m)
    assert c.elsewhere("gro") and not c.elsewhere("leandra")


# -- the Damned One and the Nameless ----------------------------------------------------------------------------

def test_the_nameless_may_be_fought_only_after_the_damned_one_is_defeated():
    """"The Nameless One may be fought only after the Damned One is defeated": no battle, no step onto his
    tower."""
    m = match()
    c = ctx(m)
    assert fall.barred(c, {"do": "battle", "skill": "close"}).startswith("\"The Nameless One may be fought only")
    m.state.part.outcome = "won"
    assert fall.barred(c, {"do": "battle", "skill": "close"}) == ""


def test_for_a_shorter_game_the_nameless_may_be_fought_at_once():
    """"Alternately (for a shorter game) ... The Nameless One can then be fought instead of the Damned One also
    to achieve victory, not only after the defeat of the Damned One"."""
    m = match(shorter=True)
    assert fall.barred(ctx(m), {"do": "battle", "skill": "close"}) == ""


def _fell(m, slayer="leandra"):
    s = m.state
    s.part.outcome, s.part.winner = "won", slayer
    c = ctx(m)
    c.log({"event": "game_over", "outcome": "won", "winner": slayer, "rules": RULES})
    s.seen = len(s.log) - 1
    out = settle.settled(c)
    c.commit()
    return out


def test_after_the_damned_one_is_defeated():
    """"After the Damned One is defeated: All -1 Evil Markers are removed from Upper World tiles. All Black
    Weapons are removed from the game. The hero that defeats the Damned One receives a Jewel, and is healed along
    with any other heroes who are still in the Underworld and teleported to the Gate marker. The Gate marker is then
    removed from play ... All heroes may discard one Shadow Cube. The Mail of Persephone and the Trident of Hades
    are removed from play.\""""
    m = match()
    s = m.state
    lay_gate(m, "A4")
    below_at_styx(m, "leandra")
    below_at_styx(m, "gro")
    s.marks = ["B", "C"]
    s.sheets["gro"].natural = 1
    gain_cube(s.sheets["gro"], "black", "close")
    evs = _fell(m)
    assert [e["event"] for e in evs] == ["damned_fallen", "fall_consequences"]
    assert s.marks == [] and not s.below and s.part.map.heroes == {}
    assert s.at["leandra"].stone and s.at["leandra"].field == s.at["gro"].field == "A4"
    assert s.sheets["gro"].natural == s.sheets["gro"].natural_max and shadow_cubes(s.sheets["gro"]) == 0
    assert GATE in s.removed and where(s, GATE) is None
    gone = evs[1]["removed"]
    assert {"soul-sword", "black-crossbow", "black-staff", "mail-of-persephone", "trident-of-hades"} == set(gone)
    assert set(gone) <= set(s.part.removed) and not s.outcome


def test_for_a_shorter_game_the_damned_ones_slayer_wins():
    """"Alternately (for a shorter game), the game can also end with the defeat of the Damned One"."""
    m = match(shorter=True)
    _fell(m, "gro")
    assert m.state.outcome == "victory" and m.state.winner == "gro"


def test_the_eleventh_shadow_cube_ends_the_game_and_the_most_shadow_cubes_win():
    """"(or if 11 Shadow Cubes were placed on the Dark Side, in which case the player with the most Shadow Cubes
    is the winner)"."""
    m = match()
    s = m.state
    gain_cube(s.sheets["gro"], "black", "close")
    _cube(m, 11)
    assert s.part.outcome == "lost" and s.outcome == "victory" and s.winner == "gro"
    assert "gro with the most shadow cubes (1)" in s.reason


# -- the game as a whole ---------------------------------------------------------------------------------------

def _play_on(m, seed: int, steps: int) -> str:
    for k, _evs in enumerate(played_out(GAME, m, seed)):
        if k + 1 >= steps:
            break
    return dumps(m.state)


def test_same_seed_same_game_and_a_save_plays_on_the_same():
    """Both worlds draw from the one generator: the same seed and choices give the same game, byte for byte,
    and a match read back from its JSON (a save) plays on as the original does."""
    first = match(("leandra", "gro"), seed=5, max_rounds=30)
    second = match(("leandra", "gro"), seed=5, max_rounds=30)
    for m in (first, second):                         # the gate at leandra's feet: both worlds are played
        lay_gate(m, m.state.at["leandra"].field)
    assert _play_on(first, 5, 150) == _play_on(second, 5, 150)
    assert first.state.below and any(e.get("rules") == RULES and e["event"] == "tile_placed" for e in first.state.log)
    saved = GAME.from_json(first.content, dumps(first.state))
    assert dumps(saved.state) == dumps(first.state)
    assert _play_on(saved, 7, 200) == _play_on(first, 7, 200)


@pytest.mark.parametrize("seed", [3, 6])
def test_a_race_plays_to_its_end_with_the_invariants_after_every_step(seed):
    """The race with the program's rivals, the heuristic bot for the players, every step's invariants: seed 3
    and 6 are games in which the Damned One falls and a hero kills the Nameless (10 seeds measured: 5 do)."""
    m = GAME.new_match(content(seats=4), GAME.party(content(seats=4), 2, seed), seed)
    kinds = set()
    for evs in played_out(GAME, m, seed, steps=4000):
        kinds.update(e["event"] for e in evs)
    assert m.state.outcome and {"enters_underworld", "evil_mark", "damned_fallen", "fall_consequences"} <= kinds
    assert m.state.nameless == "slain"
    lines = GAME.narrate(m, m.state.log)
    assert any("goes down through the gate" in line for line in lines) and any("Evil Mark" in line for line in lines)


# -- the things carried between the worlds ----------------------------------------------------------------------

def _carry_below_thing(m, hero: str, cid: str) -> None:
    """``hero`` carries the Underworld's ``cid`` (out of its pile)."""
    from overlord.games.underworld.items import item_of
    s = m.state
    for pile in (s.part.treasure, s.part.card):
        if cid in pile:
            pile.remove(cid)
    s.sheets[hero].items.append(item_of(UnderView(s), cid))


def test_a_black_weapon_counts_plus_one_against_the_nameless():
    """"Black Weapons can be used in the Upper World ... Against the Nameless One, they have a value of +1": the
    Soul Sword's +2 close counts +1 in the final battle; beside a better artifact it does not count at all."""
    m = match()
    _carry_below_thing(m, "gro", "soul-sword")
    c = ctx(m)
    assert c.trial_modifier("gro", "close", True) - c.trial_modifier("gro") == -1      # +2 counts +1
    assert c.trial_modifier("gro", "magic", True) == c.trial_modifier("gro")           # not a magic weapon
    carry(m, "gro", "battle-axe")                                                       # Return of the Heroes' +2 close
    assert ctx(m).trial_modifier("gro", "close", True) - ctx(m).trial_modifier("gro") in (0, -1)


def test_a_fight_won_above_with_a_black_weapon_grants_no_experience():
    """"Black Weapons can be used in the Upper World, however they grant no experience as Shadow Cubes are not
    acquired in the Upper World"."""
    m = match()
    s = m.state
    _carry_below_thing(m, "gro", "soul-sword")
    c = ctx(m)
    c.log({"event": "fight", "hero": "gro", "skill": "close", "won": True})
    assert c.gain_cube(s.sheets["gro"], "red") == ("close", "")
    assert s.sheets["gro"].cubes["close"] == [] and s.log[-1]["weapon"] == "soul-sword"
    c.log({"event": "fight", "hero": "gro", "skill": "ranged", "won": True})
    assert c.gain_cube(s.sheets["gro"], "green") == ("ranged", "green")                # another skill: a cube


def test_the_advice_of_hermes_above_fights_a_creature_in_a_skill_its_counter_does_not_show():
    """"The Advice of Hermes marker can be used in the Upper World. The Advice makes it possible to combat an
    enemy with a skill not present on the enemy counter": Leandra on B3 with the Wolves (ranged 0, close -1)
    may fight them with magic, at their hardest spot (-1, ours), once - the Advice is used up as below."""
    m = match()
    s = m.state
    if where(s, "wolves-1"):
        lift(s, "wolves-1")
    for pile in (s.bag, s.aside, s.market):
        if "wolves-1" in pile:
            pile.remove("wolves-1")
    put(s, "B3", "wolves-1")
    assert s.at["leandra"].field == "B3" and s.turn.hero == "leandra"
    skills = lambda: sorted(a["skill"] for a in GAME.legal_actions(m) if a["do"] == "fight")   # noqa: E731
    assert skills() == ["close", "ranged"]                       # without the Advice: the counter's spots
    _carry_below_thing(m, "leandra", "advice-of-hermes")
    assert skills() == ["close", "magic", "ranged"]
    evs = GAME.apply(m, {"do": "fight", "target": "wolves-1", "skill": "magic"})
    used = next(e for e in evs if e["event"] == "advice_used")
    assert used["modifier"] == -1 and [e["event"] for e in evs].index("advice_used") < [e["event"] for e in evs].index("fight")
    assert "advice-of-hermes" in s.part.treasure_up and not [i for i in s.sheets["leandra"].items if i.id == "advice-of-hermes"]
    assert "uses the Advice of Hermes" in "\n".join(GAME.narrate(m, evs)) and GAME.violations(m) == []


def test_below_or_without_it_the_advice_of_hermes_adds_no_skill_above():
    m = match()
    c = ctx(m)
    assert c.extra_skills("leandra", "wolves-1") == {}
    _carry_below_thing(m, "leandra", "advice-of-hermes")
    assert ctx(m).extra_skills("leandra", "wolves-1") == {"magic": -1}
    below_at_styx(m, "leandra")
    assert ctx(m).extra_skills("leandra", "wolves-1") == {}


def test_the_magic_weapons_from_above_cannot_be_used_against_the_damned_one():
    """"The magic weapons from the Upper World cannot be used against the Damned One": Return of the Heroes'
    things are items to the Underworld's rules, never its special weapons (the Damned One is attacked with a
    special weapon alone: the Underworld's ``attack``)."""
    c = content()
    assert c.down and all(spec.kind in ("item", "task") for spec in c.down.values())
    assert {spec.kind for spec in c.under.catalogue.values() if spec.kind == "special_weapon"}


def test_jewels_and_parts_of_a_heroic_quest_are_not_taken_in_a_duel():
    """"Jewels or parts of a Heroic Quest may not be taken as reward in a Duel": the precious stone and a deed's
    counters lie on the hero's deed card, not among the items a Duel takes from."""
    from overlord.games.underworld.duels import duel
    m = match()
    s = m.state
    below_at_styx(m, "leandra")
    below_at_styx(m, "gro")
    s.at["gro"].stone = True
    s.at["gro"].card = ["a-deed-counter"]
    s.sheets["gro"].gold = 0
    gain_cube(s.sheets["leandra"], "black", "close")    # "one or more shadow cubes" (Conditions for a Duel)
    _below_on_his_turn(m, "leandra")
    c = ctx(m)
    before = len(s.log)
    duel(UnderView(s, c), "leandra", "gro")              # whoever wins, the stone and the card stay
    assert any(e["event"] == "duel" for e in s.log[before:])
    assert s.at["gro"].stone and s.at["gro"].card == ["a-deed-counter"]


def test_tasks_from_the_upper_world_may_be_discarded_in_the_underworld():
    """"Tasks from the Upper World may be discarded in the Underworld": below, a task of Return of the Heroes
    held is given up (out of the game, ours); the Underworld's own tasks are not (they are laid on a tile by its
    own rules)."""
    m = match()
    s = m.state
    s.turn.hero, s.order = "leandra", 0
    _below_on_his_turn(m)
    for pile in (s.bag, s.aside, s.market):
        if "pilgrim-1" in pile:
            pile.remove("pilgrim-1")
    if where(s, "pilgrim-1"):
        from overlord.games.heroes.state import lift
        lift(s, "pilgrim-1")
    s.sheets["leandra"].tasks.append("pilgrim-1")
    assert {"do": "drop_task", "task": "pilgrim-1"} in GAME.legal_actions(m)
    evs = GAME.apply(m, {"do": "drop_task", "task": "pilgrim-1"})
    assert [e["event"] for e in evs] == ["task_discarded"] and "pilgrim-1" in s.removed
    assert s.sheets["leandra"].tasks == [] and s.part.turn.hero == "leandra"      # his turn goes on
    assert not gate.upper_tasks(ctx(m), "leandra")


# -- the scenario's slips --------------------------------------------------------------------------------------

@pytest.mark.parametrize("change, expect", [
    (lambda t: t.replace("roth: roth-standard.yaml", "roth: dragon-duel.yaml"),
     r"roth-underworld.yaml:\d+:\d+: .*dragon-duel.yaml is no Return of the Heroes scenario \(it holds scenario of dragon\)"),
    (lambda t: t.replace("underworld: underworld.yaml", "underworld: no-such-box.yaml"),
     r"roth-underworld.yaml:\d+:\d+: .*no-such-box.yaml"),
    (lambda t: t.replace("mode: race", "mode: coop"), r"roth-underworld.yaml:\d+:\d+: .*mode"),
    (lambda t: t.replace("shorter: false", "shorte: false"), r"unknown field 'shorte' \(did you mean 'shorter'\?\)"),
])
def test_a_scenario_slip_is_named_at_its_line(tmp_path, change, expect):
    """Bad input gets a clear message naming the file, line and field: a box of another game, a box missing,
    a mode the combination has not, a misspelt flag."""
    import re
    import shutil
    from overlord.content.errors import ContentError
    from overlord.games.hades.load import load
    shipped, scenarios = SCENARIO.parent, tmp_path / "scenarios"
    scenarios.mkdir()
    for name in ("roth-standard.yaml", "underworld.yaml", "dragon-duel.yaml"):
        shutil.copy(shipped / name, scenarios / name)
    shutil.copytree(shipped.parent / "decks", tmp_path / "decks")
    path = scenarios / "roth-underworld.yaml"
    path.write_text(change(SCENARIO.read_text()))
    with pytest.raises(ContentError) as err:
        load(path)
    assert re.search(expect, str(err.value)), str(err.value)
