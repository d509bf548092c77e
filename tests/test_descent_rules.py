"""Issue 10: the rules of the Forgotten Souls rulebook that once favoured the wrong side, each
checked on the shipped quest against the sentence it comes from (rule numbers as in the issue)."""

import pytest

from descent_helpers import clear_monsters, effects, explore, rolled, shipped
from overlord.games.descent.activation import Hero, Monster, Table, activate_card
from overlord.games.descent.content.cards import ActivationCard
from overlord.games.descent.content.sheets import ConditionDef
from overlord.games.descent import combat
from overlord.games.descent.engine import (GameError, complete_encounter, damage_figure, monster_activation,
                                            new_game, overlord_effects, overlord_phase, place_figure, run_effects,
                                            spawn_one)
from overlord.games.descent.heroes import stand_up, walk
from overlord.games.descent.state import TokenState

HEROES = ["leoric", "tarha", "syndrael"]


@pytest.fixture
def quest():
    return shipped()


@pytest.fixture
def game():
    return new_game(shipped(), HEROES, seed=11)


def first(game, group, rank="minion"):
    return next(f for f in game.state.monsters() if f.group == group and f.rank == rank)


# -- 1. Act II applies to monsters already on the map ------------------------------------------------

def test_act_ii_cards_apply_to_monsters_already_on_the_map(game):
    """Transition to Act II, 2: 'Replace all Act I Monster cards with Act II Monster cards. The
    new cards apply to monsters currently on the map as well as all future monsters.' Damage
    taken is kept; health comes from the card of the current act."""
    zombie = first(game, "zombie")
    card = game.quest.monsters["zombie"]
    act1, act2 = card.act_i.minion.health, card.act_ii.minion.health
    assert act2 > act1
    damage_figure(game, zombie.id, act1 - 1)               # one short of defeating it in Act I
    run_effects(game, effects("transition_act_ii"), "test")
    assert game.health(zombie) == act2 - (act1 - 1)
    damage_figure(game, zombie.id, 1)                       # enough for the Act I card, not the Act II one
    assert zombie in game.state.monsters()


# -- 2. A defeated hero is knocked out, once ---------------------------------------------------------

def test_a_defeated_hero_advances_fate_once_and_is_no_figure_on_the_map(game):
    """Defeated Heroes: 'Each time a hero is defeated, advance fate by one.' Knocked out, the hero
    is no figure on the map: more damage is refused until it stands up."""
    fate = game.state.track.fate
    damage_figure(game, "tarha", 99)
    tarha = game.state.figure("tarha")
    assert tarha.knocked_out and game.health(tarha) == 0 and game.state.track.fate == fate - 1
    assert "tarha" not in game.scene().figures
    with pytest.raises(GameError, match="tarha is knocked out: no damage until tarha stands up"):
        damage_figure(game, "tarha", 2)
    assert game.state.track.fate == fate - 1


def test_monsters_neither_target_nor_attack_a_knocked_out_hero(game):
    """A knocked-out hero is not a figure on the map: every move and attack of an activation
    goes to a hero who is up, whoever was closest."""
    for hero in ("leoric", "syndrael"):
        damage_figure(game, hero, 99)
    monster_activation(game)
    acted = [e for e in game.state.log if e["event"] == "action" and e["performed"]]
    assert acted
    for e in acted:
        assert set(e.get("targets", [])) <= {"tarha"}
        assert (e.get("move") or {}).get("target", "tarha") == "tarha"


def test_a_knocked_out_hero_stands_up_on_its_space_or_the_nearest_empty_one(game):
    """The base game's stand up: two red dice, health for each heart, fatigue for each surge;
    the figure goes back on its space, or the nearest empty one."""
    tarha = game.state.figure("tarha")
    token = list(tarha.at)
    tarha.fatigue = 3
    damage_figure(game, "tarha", 99)
    zombie = first(game, "zombie")
    place_figure(game, zombie.id, token)                   # a monster took the token's space
    stand_up(game, "tarha", hearts=4, surges=2)
    assert not tarha.knocked_out and game.health(tarha) == 4 and tarha.fatigue == 1
    assert tarha.at != token and max(abs(tarha.at[0] - token[0]), abs(tarha.at[1] - token[1])) == 1
    with pytest.raises(GameError, match="tarha is not knocked out"):
        stand_up(game, "tarha", 2, 0)


def test_the_bot_stands_up_at_the_start_of_its_turn(game):
    """Headless, a knocked-out hero's whole turn is standing up."""
    from overlord.games.descent.bots import heuristic_turn
    damage_figure(game, "tarha", 99)
    rolled(game, [4, 5])                                   # red: 3 hearts; 3 hearts and a surge
    heuristic_turn(game, "tarha", game.resolver.rng)
    tarha = game.state.figure("tarha")
    assert not tarha.knocked_out and game.health(tarha) == 6
    assert [e["event"] for e in game.state.log if "tarha" in (e.get("hero"), e.get("figure"))][-1] == "stand_up"


# -- 3. Ranged attacks need range --------------------------------------------------------------------

def _moulder_facing(game, spaces):
    """A minion flesh moulder in the Onset, ``spaces`` from tarha along a row, nothing between."""
    clear_monsters(game)
    place_figure(game, "leoric", [1, 1])
    place_figure(game, "syndrael", [1, 6])
    place_figure(game, "tarha", [1, 3])
    fid = spawn_one(game, "flesh-moulder", "minion", [1 + spaces, 3], "the-onset", True)
    assert game.state.figure(fid).at == [1 + spaces, 3]
    return fid


@pytest.mark.parametrize("spaces, hit", [(5, True), (6, False)])
def test_a_ranged_attack_misses_when_its_range_is_short(game, spaces, hit):
    """Combat: a ranged attack counts the spaces to its target; a roll whose range is short is a
    miss. Blue 5 range + yellow 0 range: it reaches 5 spaces, not 6."""
    fid = _moulder_facing(game, spaces)
    rolled(game, [4, 4], [0])                              # blue 5 range 1 heart, yellow 2 hearts; gray blank
    results = combat.monster_attack(game, fid, {"targets": ["tarha"]}, game.resolver.rng)
    assert (results[0]["damage"] > 0) is hit
    assert ("miss: range 5 < 6 spaces" in results[0]["why"]) is not hit


def test_monsters_spend_surges_on_range_first(game):
    """Monsters Spending Surges: '2. Range: A monster spends surges on additional range if the
    monster cannot hit all of its targets' - before damage. Here the card has no Range surge,
    so 7 spaces stay out of reach whatever the surge could buy."""
    fid = _moulder_facing(game, 7)
    rolled(game, [5, 5], [0])                              # blue 6 range 1 heart 1 surge, yellow 2 hearts 1 surge
    result = combat.monster_attack(game, fid, {"targets": ["tarha"]}, game.resolver.rng)[0]
    assert result["damage"] == 0 and "miss: range 6 < 7" in result["why"]


def test_one_attack_roll_each_target_its_own_defence(game):
    """An attack on several heroes is one attack roll; each target rolls its own defence dice."""
    clear_monsters(game)
    place_figure(game, "leoric", [3, 2])
    place_figure(game, "tarha", [3, 4])
    place_figure(game, "syndrael", [8, 6])
    fid = spawn_one(game, "zombie", "minion", [3, 3], "the-onset", True)
    dice = rolled(game, [2, 4], [0], [1])                  # blue 2 + yellow 2 hearts; leoric blank, tarha 1 shield
    results = combat.monster_attack(game, fid, {"targets": ["leoric", "tarha"]}, dice)
    assert dice.calls == [2, 1, 1]                         # the attack dice once, then one defence roll each
    damage = {r["target"]: r["damage"] for r in results}
    # 4 hearts, 1 less next to Leoric (his hero ability): 3 against his blank, 2 against Tarha's shield
    assert damage == {"leoric": 3, "tarha": 2}


# -- 4. Conditions are data ---------------------------------------------------------------------------

def test_tharn_is_spawned_immobilized_and_does_not_move_in_his_first_activation(game):
    """Throne of the Fallen: 'Spawn a shadow dragon as indicated. This is Tharn, he is
    immediately Immobilized.' An Immobilized monster performs no move action; the condition
    lasts until its activation ends."""
    explore(game, "throne-of-the-fallen")
    tharn = first(game, "shadow-dragon", "master")
    assert tharn.conditions == ["immobilized"]
    at = list(tharn.at)
    monster_activation(game, {"shadow-dragon"})
    moves = [e for e in game.state.log if e["event"] == "action" and e["monster"] == tharn.id
             and e["action"] in ("engage", "toward", "spot", "away")]
    assert moves and not any(e["performed"] for e in moves)
    assert all("Immobilized: performs no move action" in e["why"] for e in moves)
    assert tharn.at == at and tharn.conditions == []


def test_a_condition_the_content_defines_acts_on_an_activation(quest):
    """Conditions are data: one a quest defines (here 'webbed', no move) holds a monster as
    Immobilized does."""
    from boardtext import parse
    scene, _ = parse("""
        #########
        #z.....A#
        #########
        """)
    card = ActivationCard.model_validate({"id": "t", "groups": {"zombie": {"all": [{"engage": "closest"}]}}})
    webbed = ConditionDef(name="Webbed", discard="end_of_turn", no_move=True)
    table = Table(scene, {"z": Monster("zombie", "minion", 3, ["webbed"])}, {"A": Hero(10)}, quest.monsters,
                  conditions={**quest.conditions, "webbed": webbed})
    table, events = activate_card(table, card, ["zombie"])
    assert [e["performed"] for e in events if e["event"] == "action"] == [False]
    assert table.monsters["z"].conditions == []


def test_a_poisoned_monster_suffers_once_and_throws_it_off(game):
    """A monster does not test attributes (our reading, conditions.yaml): a Poisoned monster
    suffers the failed test's damage at the start of its activation and the poison goes."""
    zombie = first(game, "zombie", "master")
    zombie.conditions = ["poisoned"]
    monster_activation(game, {"zombie"})
    assert zombie.damage == 1 and "poisoned" not in zombie.conditions


def test_content_places_a_condition_on_a_spawned_monster(game):
    clear_monsters(game)
    run_effects(game, effects({"spawn": {"group": "barghest", "rank": "minion", "count": 1, "at": "gate",
                                         "conditions": ["stunned"]}}), "test")
    assert first(game, "barghest").conditions == ["stunned"]


@pytest.mark.parametrize("faces, poisoned, damage", [([1, 1], True, 1), ([0, 0], False, 0)])
def test_a_poisoned_hero_tests_might_at_the_start_of_its_turn(game, faces, poisoned, damage):
    """Poisoned (conditions.yaml): at the start of its turn the hero tests Might - 1 gray and 1
    black die, passing with shields at most the attribute (Tarha's Might is 2)."""
    from overlord.games.descent.heroes import begin_turn
    tarha = game.state.figure("tarha")
    tarha.conditions = ["poisoned"]
    rolled(game, faces)                                    # gray 1 + black 2 = 3 shields: fails; blanks: passes
    begin_turn(game, "tarha")
    assert ("poisoned" in tarha.conditions) is poisoned and tarha.damage == damage


def test_a_stunned_hero_spends_its_first_action_throwing_it_off(game):
    from overlord.games.descent.bots import legal_actions
    game.state.figure("tarha").conditions = ["stunned"]
    assert legal_actions(game, "tarha") == {"discard": ["stunned"]}


def test_a_disease_surge_gives_the_damaged_hero_the_condition(game):
    """A special surge that names a condition ('Disease') gives it to a target it damages -
    spent only 'when it will have an effect'."""
    clear_monsters(game)
    place_figure(game, "leoric", [8, 6])                   # out of the zombie's 3 spaces (his ability)
    place_figure(game, "tarha", [2, 2])
    fid = spawn_one(game, "zombie", "minion", [2, 3], "the-onset", True)
    dice = rolled(game, [1, 5], [0])                       # blue 2 hearts 1 surge, yellow 2 hearts 1 surge
    result = combat.monster_attack(game, fid, {"targets": ["tarha"]}, dice)[0]
    assert result["damage"] == 4 and game.state.figure("tarha").conditions == ["diseased"]


# -- 5. Nothing happens after the quest is decided -----------------------------------------------------

def test_the_eighth_villager_ends_the_game_before_any_monster_moves(game):
    """Epilogue: the heroes lose 'if ... all 8 villager tokens are placed on the Throne of the
    Fallen'; "the heroes immediately fail": no later overlord line, no Activation card."""
    explore(game, "throne-of-the-fallen")
    game.state.tokens += [TokenState("villager", [0, 0], "throne-of-the-fallen")] * (7 - _villagers(game))
    drawn = len(game.state.activation.draw)
    overlord_phase(game)                                   # its first line places the 8th villager
    assert game.state.phase == "defeat" and game.state.failed
    assert len(game.state.activation.draw) == drawn
    after = game.state.log[next(i for i, e in enumerate(game.state.log) if e["event"] == "lose_condition"):]
    assert not any(e["event"] in ("hourglass", "activation_card", "action", "place") for e in after)


def _villagers(game):
    return sum(t.token == "villager" for t in game.state.tokens)


def test_doom_meeting_fate_in_the_overlord_effects_draws_no_activation_card(game):
    """The Overlord Track: 'If the doom or fate tokens ever occupy the same space ... the heroes
    immediately fail the quest': the Monster Activation step does not come."""
    state = game.state
    state.track.fate = state.track.doom + 1
    onset = game.cards["the-onset"]
    line = next(i for i, l in enumerate(onset.overlord) if l.hourglass and
                any(type(e).__name__ == "AdvanceDoom" for e in l.effects))
    state.hourglass[f"the-onset:{line}"] = onset.overlord[line].hourglass - 1   # its hourglass advances doom now
    drawn = len(state.activation.draw)
    overlord_phase(game)
    assert game.state.phase == "defeat" and len(state.activation.draw) == drawn


def test_completing_the_third_main_encounter_ends_the_game_there(game):
    """Winning the Game: completing the third main encounter wins; nothing after it happens."""
    explore(game, "throne-of-the-fallen")
    game.state.main_encounters_completed = 2
    doom = game.state.track.doom
    run_effects(game, effects("complete_objective", {"advance_doom": 1}), "test")
    assert game.state.phase == "victory" and game.state.track.doom == doom


def test_a_hero_knocked_out_into_doom_stops_the_activation(game):
    """The last fate step taken by a defeated hero ends the game inside an activation: no
    monster acts after that attack."""
    state = game.state
    state.track.fate = state.track.doom + 1
    for hero in ("leoric", "syndrael"):
        state.figure(hero).knocked_out = True
    state.figure("tarha").damage = game.max_health(state.figure("tarha")) - 1
    rolled(game, *([[3, 4]] + [[0]]) * 10)                # every attack: blue 2 + yellow 2 hearts vs a blank
    monster_activation(game)
    assert game.state.phase == "defeat"
    met = next(i for i, e in enumerate(state.log) if e["event"] == "track" and e["met"])
    assert not any(e["event"] in ("action", "monster") for e in state.log[met:])


# -- 6. Encounter rules fire when their condition becomes true ---------------------------------------

def test_the_last_monster_falling_discards_the_onset_at_once(game):
    """The Onset: 'When there are no monsters on the map, discard this Exploration card' - the
    moment it holds, not at the next Overlord phase (which would cost a fate step and a peril
    while the heroes wait)."""
    for m in list(game.state.monsters()):
        damage_figure(game, m.id, 99, by="leoric")
    assert game.state.active_exploration is None
    kinds = [e["event"] for e in game.state.log]
    assert kinds.index("trigger") > max(i for i, k in enumerate(kinds) if k == "defeated") - 1
    assert kinds[-1] == "discard_exploration"


def test_each_hero_defeated_in_the_throne_places_a_villager(game):
    """Throne of the Fallen: 'Each time a hero is defeated in this encounter, place 1 villager
    token on the throne marker.'"""
    explore(game, "throne-of-the-fallen")
    before = _villagers(game)
    damage_figure(game, "tarha", 99)
    assert _villagers(game) == before + 1
    stand_up(game, "tarha", 2, 0)
    damage_figure(game, "tarha", 99)
    assert _villagers(game) == before + 2


def test_the_scale_key_is_lost_the_moment_the_last_dragon_falls(game):
    """Trash Heap: 'If no shadow dragon is on the map and no hero holds the scale key, the key is
    lost: advance doom by 2 and discard this Exploration card.'"""
    explore(game, "trash-heap")
    doom = game.state.track.doom
    for m in [m for m in game.state.monsters() if m.group == "shadow-dragon"]:
        damage_figure(game, m.id, 99)
    assert game.state.track.doom == doom + 2 and game.state.active_exploration is None


# -- 7. Headless heroes take lava and pit damage --------------------------------------------------------

def test_a_hero_walking_through_lava_suffers_for_each_lava_space(game):
    """Lava: 'a figure entering it suffers 1 damage'; a hero walks the cheapest way, one without
    lava when there is one as cheap."""
    explore(game, "the-lava-tomb")
    clear_monsters(game)
    board, _ = game.board()
    tomb = next(p for p in game.state.dungeon.placements if p.card == "the-lava-tomb")
    leoric = game.state.figure("leoric")
    from overlord.games.descent.dungeon import to_dungeon
    card = game.cards["the-lava-tomb"]
    place_figure(game, "leoric", to_dungeon(card, tomb, [3, 3]))      # west of the ring, by the causeway
    walk(game, "leoric", to_dungeon(card, tomb, [5, 4]), speed=4)     # over the causeway: as cheap as the lava
    assert leoric.damage == 0
    place_figure(game, "leoric", to_dungeon(card, tomb, [7, 1]))      # north of the ring
    walk(game, "leoric", to_dungeon(card, tomb, [7, 4]), speed=4)     # straight over it: 1 lava space
    assert leoric.damage == 1
    assert [e["terrain"] for e in game.state.log if e["event"] == "terrain"] == ["lava"]


def test_the_heuristic_bot_never_walks_into_lava_and_the_random_one_does(quest):
    """In the Lava Tomb, headless: the random bot's heroes step into the lava now and then and
    are hurt; the competent group never does."""
    from overlord.games.descent.bots import TURNS
    from descent_helpers import start_game
    entered = {}
    for bot in ("heuristic", "random"):
        entered[bot] = 0
        for seed in range(6):
            g, players = start_game(quest, seed, 3)
            explore(g, "the-lava-tomb")
            for _ in range(6):
                for hero in g.state.heroes:
                    if not g.over:
                        TURNS[bot](g, hero, players)
                if not g.over:
                    overlord_phase(g)
            entered[bot] += sum(e["event"] == "terrain" for e in g.state.log)
    assert entered["heuristic"] == 0 and entered["random"] > 0


# -- 8. The exploring hero, and spawning never takes from the same encounter ----------------------------

def test_the_exploring_hero_is_the_one_who_opened_the_door(game):
    """Exploration Example: 'Tomble has opened the door and is therefore exploring.'"""
    explore(game, "deadly-kennel", hero="syndrael")
    assert game.state.exploring_hero == "syndrael"
    run_effects(game, effects({"damage_heroes": {"amount": 2, "who": "exploring_hero"}}), "test")
    assert [game.state.figure(h).damage for h in HEROES] == [0, 0, 2]


def test_a_spawn_takes_no_figure_back_from_its_own_encounter(game):
    """Spawn and Place: 'When players have to remove figures from the map in order to spawn
    monsters for an encounter, those figures cannot come from that encounter.' Every zombie
    minion is the Onset's own: a spawn in the Onset finds none to take."""
    limit = game.quest.monsters["zombie"].limits[3].minions
    for _ in range(limit - len([m for m in game.state.monsters() if m.group == "zombie" and m.rank == "minion"])):
        spawn_one(game, "zombie", "minion", [5, 5], "the-onset", True)
    before = [(m.id, list(m.at)) for m in game.state.monsters()]
    assert spawn_one(game, "zombie", "minion", [5, 5], "the-onset", True) is None
    assert [(m.id, list(m.at)) for m in game.state.monsters()] == before


# -- where doom starts --------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_doom_starts_on_the_space_of_the_number_of_heroes(quest, n):
    """General Setup, 2: 'place an orange hero token on the space that corresponds to the number
    of heroes playing; this is the Doom token' (spaces numbered from 0 at the bottom)."""
    g = new_game(quest, ["leoric", "tarha", "syndrael", "tomble"][:n], seed=1)
    assert g.state.track.doom == n and g.state.track.fate == quest.scenario.track.spaces - 1


def test_no_overlord_effect_is_lost_to_a_card_discarded_by_a_trigger(game):
    """An hourglass line still counts on a card that is active; once a trigger discards the card
    its lines are gone with it (''the lines below it go with the card'')."""
    overlord_effects(game)
    assert any(k.startswith("the-onset:") for k in game.state.hourglass)
    for m in list(game.state.monsters()):
        damage_figure(game, m.id, 99)
    assert not any(k.startswith("the-onset:") for k in game.state.hourglass)
    with pytest.raises(GameError, match="no active encounter"):
        complete_encounter(game)


def _with_onset_triggers(*triggers):
    """The shipped quest with the Onset's rules replaced by ``triggers`` (card format)."""
    import dataclasses
    from overlord.games.descent.content.cards import Trigger
    quest = shipped()
    onset = next(c for c in quest.exploration if c.id == "the-onset")
    card = onset.model_copy(update={"triggers": [Trigger.model_validate(t) for t in triggers]})
    return dataclasses.replace(quest, exploration=[card if c.id == "the-onset" else c for c in quest.exploration])


def test_a_trigger_on_a_hero_reaching_a_space_fires_when_a_hero_gets_there():
    """Triggers 'a hero on a space': checked after every reported move."""
    from overlord.games.descent.engine import move_figure
    quest = _with_onset_triggers({"when": {"hero_on": {"at": "exit"}}, "effects": [{"fate_back": 1}]})
    g = new_game(quest, HEROES, seed=11)
    g.state.track.fate -= 2
    fate = g.state.track.fate
    move_figure(g, "leoric", [8, 3])                       # next to the exit, not on it
    assert g.state.track.fate == fate
    move_figure(g, "leoric", [9, 3])
    assert g.state.track.fate == fate + 1
    move_figure(g, "leoric", [8, 3])
    move_figure(g, "leoric", [9, 3])                       # a 'when' rule fires once
    assert g.state.track.fate == fate + 1


def test_a_trigger_on_a_token_taken_fires_each_time():
    """Triggers 'a token picked up': an event, each time it happens while the card is active."""
    from overlord.games.descent.heroes import take_token
    quest = _with_onset_triggers({"whenever": {"event": "token_taken", "token": "search"},
                                  "effects": [{"advance_doom": 1}]})
    g = new_game(quest, HEROES, seed=11)
    x, y = g.state.figure("tarha").at
    g.state.tokens += [TokenState("search", [x + 1, y], "the-onset"), TokenState("search", [x, y + 1], "the-onset")]
    doom = g.state.track.doom
    take_token(g, "tarha", "search")
    take_token(g, "tarha", "search")
    assert g.state.track.doom == doom + 2
    with pytest.raises(GameError, match="no search token on or next to tarha"):
        take_token(g, "tarha", "search")
