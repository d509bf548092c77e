"""The Overlord phase of the shipped quest, step by step from fixed states, against the Forgotten
Souls rulebook ("Overlord Phase in Detail", "The Overlord Track", "Spawn and Place", "Defeated
Heroes", "Exploration", "Transition to Act II")."""

import pytest

from overlord.games.descent.content import effects as fx
from overlord.games.descent.content.cards import OverlordEffect
from overlord.games.descent.content.quest import load_quest, resolve_scenario
from overlord.games.descent import effects as run
from overlord.games.descent.engine import (GameError, complete_encounter, damage_figure, fate_step,
                                            monster_activation, new_game, open_door, overlord_effects,
                                            overlord_phase, run_effects)

HEROES = ["leoric", "tarha", "syndrael"]


@pytest.fixture(scope="module")
def quest():
    return load_quest(resolve_scenario("forgotten-souls"))


@pytest.fixture
def game(quest):
    return new_game(quest, HEROES, seed=11)


def effects(*items):
    return OverlordEffect.model_validate({"effects": list(items)}).effects


def test_every_registered_effect_has_a_handler():
    assert run.HANDLED == set(fx.EFFECTS)


def test_setup_puts_doom_by_hero_count_and_fate_on_top(quest):
    """General Setup 2: the Doom token on the space for the number of heroes; Fate on the upper
    space of the track."""
    for n in (2, 3, 4):
        g = new_game(quest, HEROES[:2] + ["widow", "tomble"][: n - 2], seed=1)
        assert g.state.track.doom == quest.scenario.track.doom_start[n]
        assert g.state.track.fate == quest.scenario.track.spaces - 1
        assert g.state.active_exploration == "the-onset" and g.state.phase == "hero_phase"


def test_spawn_follows_the_hero_count_markers(quest):
    """Spawn and Place: with two heroes the spaces marked 2; with three, 2 and 3; with four, all."""
    counts = [len(new_game(quest, HEROES[:2] + ["widow", "tomble"][: n - 2], seed=1).state.monsters())
              for n in (2, 3, 4)]
    onset = next(c for c in quest.exploration if c.id == "the-onset")
    assert counts == [sum(1 for s in onset.map.spawns if s.heroes <= n) for n in (2, 3, 4)]
    assert counts[0] <= counts[1] <= counts[2]


def test_hourglass_lines_count_fatigue_and_trigger_at_their_number(game):
    """1. Overlord Effects: 'place one fatigue token next to the symbol ... if the number of
    fatigue tokens matches the number associated with the hourglass symbol, the corresponding
    text triggers, and all tokens are removed.'"""
    card = game.cards["the-onset"]
    line = next(i for i, l in enumerate(card.overlord) if l.hourglass)
    key = f"the-onset:{line}"
    for tokens in range(1, card.overlord[line].hourglass):
        overlord_effects(game)
        assert game.state.hourglass[key] == tokens
    assert not any(e["event"] == "placed" for e in game.state.log)
    overlord_effects(game)
    assert key not in game.state.hourglass                 # triggered and cleared
    assert any(e["event"] == "placed" and e["source"] == "the-onset" for e in game.state.log)


def test_fate_is_skipped_while_an_exploration_card_is_active(game):
    """2. Fate: 'If there is an active Exploration card, skip the Fate step.'"""
    game.state.log.clear()
    overlord_phase(game)
    assert not any(e["event"] == "peril" for e in game.state.log)
    assert not any(e.get("source") == "fate step" for e in game.state.log)


@pytest.mark.parametrize("monsters_on_map, half", [(False, "without monsters"), (True, "with monsters")])
def test_fate_advances_and_resolves_a_peril_by_monsters_on_the_map(game, monsters_on_map, half):
    """2. Fate: 'advance fate by one and resolve one Peril card'; Peril Cards: the top half if
    there are no monsters on the map, the bottom half if there are."""
    game.state.active_exploration = None
    split = [c.id for c in game.quest.perils if c.effects is None]
    game.state.peril.draw = split + [c for c in game.state.peril.draw if c not in split]
    if not monsters_on_map:
        game.state.figures = game.state.hero_figures()
    fate = game.state.track.fate
    game.state.log.clear()
    fate_step(game)
    peril = next(e for e in game.state.log if e["event"] == "peril")
    assert peril["card"] == split[0] and peril["half"] == half
    assert game.state.track.fate <= fate - 1
    assert split[0] in game.state.peril.discard             # "4. Discard the Peril card."


def test_monster_activation_draws_one_card_and_discards_it(game):
    """3. Monster Activation: draw one Activation card ... discard the Activation card."""
    before = len(game.state.activation.draw)
    monster_activation(game)
    assert len(game.state.activation.draw) == before - 1 and len(game.state.activation.discard) == 1
    dones = [e for e in game.state.log if e["event"] == "done"]
    assert len(dones) == len(game.state.monsters())


def test_no_activation_card_is_drawn_without_monsters(game):
    """'If there are any monsters on the map during this step, draw one Activation card'."""
    game.state.figures = game.state.hero_figures()
    monster_activation(game)
    assert game.state.activation.discard == []


def test_the_heroes_lose_the_moment_doom_meets_fate(game):
    """The Overlord Track: 'If the doom or fate tokens ever occupy the same space ... the heroes
    immediately fail the quest'; later effects of the card do not happen."""
    game.state.track.fate = game.state.track.doom + 1
    run_effects(game, effects({"advance_doom": 1}, {"advance_fate": 1}), "test")
    assert game.state.phase == "defeat"
    assert game.state.track.fate == game.state.track.doom


def test_a_defeated_hero_advances_fate(game):
    """Defeated Heroes: 'Each time a hero is defeated, advance fate by one.'"""
    fate = game.state.track.fate
    damage_figure(game, "tarha", 99)
    assert game.state.track.fate == fate - 1


def test_no_door_opens_while_an_exploration_card_is_active(game):
    """Exploration: 'A hero cannot open a door if there is an active Exploration card.'"""
    with pytest.raises(GameError, match="active"):
        open_door(game, "leoric")
    complete_encounter(game)
    card = open_door(game, "leoric")
    assert game.state.active_exploration == card.id == game.state.current_encounter
    assert len(game.state.dungeon.placements) == 2


def test_spawning_takes_back_a_figure_from_another_encounter_when_none_is_free(game):
    """Spawn and Place: 'If players cannot spawn a monster because the required figure is already
    on the map, remove that figure from the map, recover all damage ... and place it'."""
    zombies = [f for f in game.state.monsters() if f.group == "zombie" and f.rank == "minion"]
    limit = game.quest.monsters["zombie"].limits[3].minions
    for f in zombies:
        f.damage = game.max_health(f) - 1
    complete_encounter(game)
    open_door(game, "leoric")
    run_effects(game, effects({"spawn": {"group": "zombie", "rank": "minion", "count": limit, "at": "entrance"}}), "test")
    now = [f for f in game.state.monsters() if f.group == "zombie" and f.rank == "minion"]
    assert len(now) == limit
    assert all(f.encounter == game.state.current_encounter for f in now)
    assert all(f.damage == 0 for f in now)          # "recover all damage"


def test_placing_respects_group_limits_and_places_masters_first(game):
    """Spawn and Place: 'place as many figures as possible ... master monsters first, respecting
    group limits.'"""
    game.state.figures = game.state.hero_figures()
    run_effects(game, effects({"place_monsters": {"group": "barghest", "at": "exit"}}), "test")
    placed = [e for e in game.state.log if e["event"] == "place"]
    ranks = [game.state.figure(e["monster"]).rank for e in placed]
    limits = game.quest.monsters["barghest"].limits[3]
    assert ranks == ["master"] * limits.masters + ["minion"] * limits.minions


def test_transition_to_act_ii_changes_the_monster_cards(game):
    """Transition to Act II: 'Replace all Act I Monster cards with Act II Monster cards.'"""
    zombie = next(f for f in game.state.monsters() if f.group == "zombie")
    act1 = game.stats(zombie)
    run_effects(game, effects("transition_act_ii"), "test")
    assert game.state.act == "II" and game.stats(zombie) == getattr(game.quest.monsters["zombie"].act_ii, zombie.rank)
    assert game.stats(zombie) is not act1


def test_completing_the_third_main_encounter_wins(game):
    """Winning the Game: 'the heroes must successfully complete the third main encounter'."""
    game.state.main_encounters_completed = 2
    finale = next(c for c in game.quest.exploration if c.kind == "main" and c.number == 3)
    game.state.active_exploration = game.state.current_encounter = finale.id
    game.state.dungeon.placements[-1].card = finale.id
    complete_encounter(game)
    assert game.state.phase == "victory"


def test_a_group_activated_during_a_hero_turn_goes_through_the_machine(game):
    """Monster Activation During a Hero Turn: 'draw an Activation card and activate only the
    specified groups, then discard the Activation card'; then the hero's turn goes on."""
    group = game.state.monsters()[0].group
    run_effects(game, effects({"activate_group": group}), "test")
    assert game.state.phase == "hero_phase"
    assert [e["group"] for e in game.state.log if e["event"] == "group"] == [group]
    assert len(game.state.activation.discard) == 1


def test_loot_pays_out_from_the_current_acts_shop_deck(game):
    """Loot: 'draws a number of Shop Item cards from the current act's Shop Item deck equal to
    the number indicated by the fatigue token. He gives one ... and places any remaining cards
    at the bottom of the Shop Item deck.'"""
    from overlord.games.descent.engine import loot_payout
    shop = game.state.shop["I"]
    top3, size = shop.draw[:3], len(shop.draw)
    drawn = loot_payout(game, 3, "tarha")
    assert drawn == top3 and game.state.items["tarha"] == [top3[0]]
    assert shop.draw[-2:] == top3[1:] and len(shop.draw) == size - 1
    run_effects(game, effects("transition_act_ii"), "test")
    assert loot_payout(game, 1, "leoric")[0] in game.quest.scenario.loot.shop["II"]


def test_defeating_monsters_fills_the_loot_track_and_pays_out(game):
    """Loot: each defeat places damage tokens equal to the spaces the monster occupied; at the
    loot limit (5 for three heroes) the hero draws from the shop deck."""
    game.state.figures = game.state.hero_figures()
    run_effects(game, effects({"place_monsters": {"group": "barghest", "rank": "minion", "at": "exit"}},
                              {"place_monsters": {"group": "zombie", "rank": "minion", "at": "exit"}}), "test")
    for f in list(game.state.monsters()):
        damage_figure(game, f.id, 99, by="syndrael")
    assert "syndrael" in game.state.items


def test_a_scenario_lose_condition_ends_the_game(game):
    """Epilogue: the heroes lose if 'all 8 villager tokens are placed on the Throne of the
    Fallen' (the scenario's lose_when test)."""
    from overlord.games.descent.state import TokenState
    for _ in range(7):
        game.state.tokens.append(TokenState("villager", [0, 0], "throne-of-the-fallen"))
    assert game.settle() == "hero_phase"
    game.state.tokens.append(TokenState("villager", [0, 0], "throne-of-the-fallen"))
    assert game.settle() == "defeat"
    assert game.state.failed == "All 8 villager tokens are on the Throne of the Fallen."


@pytest.mark.parametrize("main, act, fate_back", [
    # Room of Souls: "When the cauldron has been tipped, each hero gains 1 experience point.
    # Transition to Act II. Then discard this Exploration card."
    ("room-of-souls", "II", 0),
    # The Lava Tomb: "When the farmer has escaped, each hero gains 1 experience point and fate
    # moves backward by 2. Then discard this Exploration card."
    ("the-lava-tomb", "I", 2),
])
def test_completing_an_objective_runs_the_cards_completion_rules(game, main, act, fate_back):
    state = game.state
    complete_encounter(game)                          # the starting encounter
    state.exploration.draw.remove(main)
    state.exploration.draw.insert(0, main)
    open_door(game, "leoric")
    assert state.active_exploration == main
    state.track.fate -= 2                             # room for fate to move back
    fate = state.track.fate
    complete_encounter(game)
    assert state.act == act and state.track.fate == fate + fate_back
    assert state.active_exploration is None
