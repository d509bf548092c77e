"""Heldentaufe's rules on the shipped content, each test quoting the Heldentaufe rulebook. Dice
are forced where a test needs an outcome."""

from __future__ import annotations

from collections import Counter

import pytest

from heldentaufe_helpers import RACE, act, content, game, give, legal_of, put_above, put_below
from overlord.core.game import RulesError
from overlord.games.heldentaufe import engine, fights, heroes as hb, missions, monsters, under, upper
from overlord.games.heldentaufe.state import UNDER, UPPER


@pytest.fixture
def rolls(monkeypatch):
    """Force the combat dice: ``rolls(a, d, a, d, ...)`` - the attacker's die, then the defender's."""
    queue: list[int] = []

    def force(*values):
        queue.extend(values)
    monkeypatch.setattr(fights, "_roll", lambda c, s, *who: queue.pop(0))
    return force


@pytest.fixture
def treasure_faces(monkeypatch):
    """Force the treasure die: ``treasure_faces("sword", "tooth", ...)``."""
    queue: list[str] = []
    c = content()

    def force(*faces):
        queue.extend(faces)
    real = under.draw

    def draw(state, n):
        if n == len(c.supply.treasure_die) and queue:
            return list(c.supply.treasure_die).index(queue.pop(0))
        return real(state, n)
    monkeypatch.setattr(under, "draw", draw)
    return force


# -- Heroes ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("hero, ability, value, quote", [
    ("erla", "recipe_level", 1, "Erla (the alchemist) starts the game already at potion-recipe skill level 1"),
    ("corlof", "recipe_level", 0, "At the start you cannot brew any potions yet"),
    ("mathian", "max_hearts", 7, "Mathian (the knight) has 7 hit points instead of the normal 4"),
    ("erla", "max_hearts", 4, "the normal 4"),
    ("luphius", "backpack_room", 5, "Luphius (the collector) has a backpack with 5 slots"),
    ("erla", "backpack_room", 3, "instead of the normal number (ours: 3)"),
    ("corlof", "sword", 1, "Corlof (the strongest hero) starts the game with combat skill 1 instead of the normal 0"),
    ("erla", "sword", 0, "the normal 0"),
    ("jupanila", "actions", 5, "Jupanila (the fastest hero) has 5 action points per turn instead of the normal 4"),
    ("corlof", "actions", 4, "Each hero has 4 action points"),
])
def test_each_hero_has_an_advantage_of_its_own(hero, ability, value, quote):
    c, s = game((hero, "erla" if hero != "erla" else "corlof"))
    assert getattr(hb, ability)(c, s.board[hero]) == value, quote


# -- Setup ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, tiles", [(2, 42 - 12), (3, 42 - 8), (4, 42 - 4), (5, 42), (1, 42 - 12)])
def test_tiles_are_removed_by_player_count(players, tiles):
    """"2 players: remove 9 forests, 1 apple tree, 1 mushroom ring, and 1 fish pond. 3 players: remove 6
    forests, 1 apple tree, and 1 mushroom ring. 4 players: remove 3 forests and 1 apple tree. 5 players:
    use all tiles." (One hero removes as for two: ours.)"""
    c = content()
    assert sum(c.areas.tiles.values()) == 42            # "42 Upper World area tiles"
    assert len(upper.tile_ids(c, players)) == tiles


def test_setup_puts_everything_in_its_place():
    c, s = game(("erla", "corlof", "mathian"))
    # "Place the campfire in the middle of the table and put your figure on it."
    assert s.upper == {"0,0": "campfire"} and all(s.board[h].at == "0,0" for h in s.heroes)
    # "Place the treasure chest on the space with the gold coins in the middle of the Underworld."
    assert s.treasure and c.underworld.labels[c.underworld.treasure] == "3,3"
    # "Shuffle the 5 dangers face down and place them on the areas marked with a skull."
    assert sorted(s.dangers) == sorted(c.underworld.labels[n] for n in c.underworld.skulls)
    assert Counter(t.split("-")[0] for t in s.dangers.values()) == {"trap": 2, "nothing": 3}
    # "Place the 3 monsters on their respective nests."
    assert {m.id: m.at for m in s.monsters.values()} == {"ulumu": "4,1", "zibbler": "5,4", "wallrog": "1,3"}
    # "Put a complete stack (5, 4, 3, 2, 1) on one monster ... another monster only four teeth
    # (5, 4, 3, 2), and the last monster starts with only three teeth (5, 4, 3)."
    assert sorted(m.stack for m in s.monsters.values()) == [[5, 4, 3], [5, 4, 3, 2], [5, 4, 3, 2, 1]]
    # "Set the monster boss marker aside"
    assert s.marker == "" and s.cycle == "empty"
    # "deal each player 3 face-down hand cards"
    assert all(len(s.board[h].hand) == 3 for h in s.heroes)
    # "Take your hero board and fill every grey heart space with a heart."
    assert [s.board[h].hearts for h in s.heroes] == [4, 4, 7]


def test_eleven_valuable_teeth_and_a_small_one_on_the_complete_stack():
    """"11 valuable monster teeth" but stacks of 5+4+3 teeth: the complete stack's 1 is a small tooth
    from the supply (our reading; "38 small monster teeth" leave 37)."""
    c, s = game()
    valuable = [t for st in c.stacks.values() for t in st if t > 1]
    assert len(valuable) == 11
    assert s.supply["tooth"] == 38 - 1


def test_the_player_who_woke_up_earliest_starts():
    """"The player who woke up earliest starts": the first hero named."""
    c, s = game(("corlof", "erla"))
    assert engine.to_act(s) == "corlof"


# -- The Three Actions -----------------------------------------------------------------------------------

def test_only_move_decline_and_fight_cost_action_points():
    """"(Only these 3 actions cost action points)"; "When a player has used all their action points,
    their turn ends" - the free actions and the end stay open."""
    c, s = game()
    give(s, "erla", "apple", "fish")
    s.board["erla"].hearts = 2
    s.turn.used = 4
    done = {a["do"] for a in engine.legal(c, s)}
    assert not done & {"move", "explore", "decline", "fight", "descend", "ascend"}
    assert {"eat", "brew", "end"} <= done


def test_exploring_lays_a_new_area_and_costs_one_point():
    """"Now, for 1 action point, take an area from a face-down stack and place it at the spot you
    chose in advance. Then move your hero figure onto the newly explored area.\""""
    c, s = game()
    s.tiles.draw.insert(0, s.tiles.draw.pop(s.tiles.draw.index("meadow-1")))
    assert sorted(a["to"] for a in legal_of(c, s, "explore")) == ["-1,0", "0,-1", "0,1", "1,0"]
    act(c, s, do="explore", to="1,0")
    assert s.upper["1,0"] == "meadow-1" and s.board["erla"].at == "1,0" and s.turn.used == 1


def test_moving_onto_an_explored_area_costs_one_point_and_heroes_may_share_it():
    """"You may also move your figure for 1 action point onto an already-explored, adjacent area."
    "Multiple hero figures may stand on the same area in the Upper World.\""""
    c, s = game()
    put_above(s, "corlof", "1,0", "meadow-1")
    act(c, s, do="move", to="1,0")
    assert s.board["erla"].at == s.board["corlof"].at == "1,0" and s.turn.used == 1


def test_an_explored_forest_ends_the_turn_with_one_roll_of_the_treasure_die(treasure_faces):
    """"If a hero explores a forest: ...their turn ends immediately. ...they roll once with the treasure
    die and take the reward.\""""
    c, s = game()
    s.tiles.draw.insert(0, s.tiles.draw.pop(s.tiles.draw.index("forest-1")))
    treasure_faces("tooth")
    act(c, s, do="explore", to="0,1")
    assert s.board["erla"].teeth == [1]
    assert engine.to_act(s) == "corlof"


def test_no_treasure_on_an_explored_forest_and_the_turn_goes_on():
    """"No treasures can be found on already-explored forest areas; instead the turn continues normally.\""""
    c, s = game()
    put_above(s, "corlof", "0,1", "forest-1")
    act(c, s, do="move", to="0,1")
    assert engine.to_act(s) == "erla" and s.board["erla"].teeth == []


def test_declining_a_mission_costs_a_point_and_draws_another():
    """"Spend 1 action point to discard 1 hand card and draw a new one.\""""
    c, s = game()
    old = s.board["erla"].hand[0]
    top = s.missions.draw[0]
    act(c, s, do="decline", card=old)
    assert old in s.missions.discard and top in s.board["erla"].hand and s.turn.used == 1


def test_points_may_go_unused():
    """"Players may also let action points go unused.\""""
    c, s = game()
    act(c, s, do="end")
    assert engine.to_act(s) == "corlof"


# -- Food and potions --------------------------------------------------------------------------------------

def test_food_heals_one_heart_even_with_no_point_left():
    """"On your turn you may give up 1 food to regain 1 lost heart. You may repeat this as often as you
    like ... (even if you have already used all your action points).\""""
    c, s = game()
    give(s, "erla", "apple", "mushroom")
    s.board["erla"].hearts = 2
    s.turn.used = 4
    act(c, s, do="eat", food="apple")
    act(c, s, do="eat", food="mushroom")
    assert s.board["erla"].hearts == 4 and s.board["erla"].backpack == []
    assert s.supply["apple"] == 14 and s.supply["mushroom"] == 14


def test_food_is_collected_as_much_as_the_hero_can_carry():
    """Food Sources: "On these areas you collect as much food as you can carry.\""""
    c, s = game(("luphius", "erla"))
    put_above(s, "luphius", "0,1", "fish_pond-1")
    give(s, "luphius", "boots+1")
    act(c, s, do="collect")
    assert s.board["luphius"].backpack == ["boots+1"] + ["fish"] * 4


@pytest.mark.parametrize("hero, ring, potion, can", [
    ("erla", None, "healing", True),         # "Erla ... may apply the first recipe (for the healing potion) immediately"
    ("corlof", None, "healing", False),      # "At the start you cannot brew any potions yet"
    ("corlof", "ring+1", "healing", True),
    ("erla", None, "berserker", False),
    ("erla", "ring+1", "berserker", True),   # "Brewing ability 3: you can brew all three potions"
    ("erla", "ring+2", "teleport", True),
    ("corlof", "ring+2", "teleport", False),
])
def test_the_ring_shows_which_recipes(hero, ring, potion, can):
    """"Your brewing-ring ability shows which of the three recipes are available to you." "Fish and
    apple together show 2 red dots. With these you brew the red healing potion from recipe 1.\""""
    c, s = game((hero, "mathian"))
    if ring:
        give(s, hero, ring, where="inventory")
    give(s, hero, "apple", "fish", "mushroom")
    assert any(a["potion"] == potion for a in legal_of(c, s, "brew")) is can


def test_a_healing_potion_restores_every_heart_and_is_given_up():
    """"Healing: Use this potion and regain all your hit points ... give up the potion immediately.\""""
    c, s = game(("mathian", "erla"))
    give(s, "mathian", "healing", where="rack")
    s.board["mathian"].hearts = 1
    act(c, s, do="drink", potion="healing")
    assert s.board["mathian"].hearts == 7 and s.board["mathian"].rack == [] and s.supply["potion"] == 20


def test_berserker_gives_plus_two_below_and_is_given_up_on_leaving():
    """"Berserker: ... gain a combat bonus of +2. As long as you are in the Underworld, it stays turned
    over ... Give up a used Berserker potion immediately once your hero leaves the Underworld.\""""
    c, s = game(("corlof", "erla"))
    put_above(s, "erla", "0,-1", "portal-2")
    put_below(c, s, "corlof", "5,0")                  # Underworld portal 2
    give(s, "corlof", "berserker", where="rack")
    act(c, s, do="drink", potion="berserker")
    assert hb.fight_value(c, s.board["corlof"]) == 1 + 2
    act(c, s, do="ascend")
    assert s.board["corlof"].rack == [] and hb.fight_value(c, s.board["corlof"]) == 1


def test_teleportation_reaches_the_treasure_and_blocks_the_rack_for_the_turn(treasure_faces):
    """"Teleportation: ... Move your hero to any space in the Upper World or Underworld that your
    figure could normally stand on. You may also teleport directly onto the treasure. A used
    (turned-over) teleportation potion blocks your potion rack for that turn. Give it up once your
    turn has ended.\""""
    c, s = game()
    give(s, "erla", "teleport", "healing", where="rack")
    s.board["erla"].hearts = 2
    assert {"world": UNDER, "to": "3,3"} in [{"world": a["world"], "to": a["to"]} for a in legal_of(c, s, "teleport")]
    assert not any(a["to"] == "4,1" for a in legal_of(c, s, "teleport"))      # Ulumu's nest: taken
    treasure_faces("tooth", "tooth", "two_teeth")
    act(c, s, do="teleport", world=UNDER, to="3,3")
    assert s.board["erla"].teeth == [1, 1, 1, 1] and not s.treasure
    assert legal_of(c, s, "drink") == []                # the rack is blocked this turn
    act(c, s, do="end")
    assert s.board["erla"].rack == ["healing"]


# -- Mission cards -----------------------------------------------------------------------------------------

def test_a_porter_mission_needs_the_area_and_the_tokens():
    """"Porter: Your hero must be standing on the specified area to complete these missions. Give up
    the pictured tokens (in the example: a +1 sword) and take the reward.\""""
    c, s = game()
    hero = s.board["erla"]
    hero.hand[0] = _swap_in(s, hero, "porter-01")      # blacksmith, give sword+1, 2 teeth
    give(s, "erla", "sword+1")
    assert not any(a["card"] == "porter-01" for a in legal_of(c, s, "mission"))
    put_above(s, "erla", "0,1", "blacksmith-1")
    act(c, s, do="mission", card="porter-01")
    assert hero.teeth == [1, 1] and "sword+1" not in hero.backpack and "porter-01" in s.missions.discard


def test_an_observer_mission_ends_the_turn_with_the_reward_chosen():
    """"Observer: End your turn on the specified area. These are the only missions where you may choose
    your own reward. (1 monster tooth or the specified equipment.)\""""
    c, s = game()
    hero = s.board["erla"]
    hero.hand[0] = _swap_in(s, hero, "observer-2")     # forest, boots+1
    put_above(s, "erla", "0,1", "forest-1")
    assert sorted(a["reward"] for a in legal_of(c, s, "mission") if a["card"] == "observer-2") == ["equipment", "tooth"]
    act(c, s, do="mission", card="observer-2", reward="equipment")
    assert hero.inventory == {"boots": "boots+1"} and engine.to_act(s) == "corlof"


def test_an_explorer_mission_pays_two_teeth_when_a_trap_is_triggered():
    """"Explorer: When your hero triggers a trap, play this card and take the reward of 2 monster teeth.
    The trap's effect still occurs (you lose 1 heart and all remaining action points).\""""
    c, s = game()
    hero = s.board["erla"]
    hero.hand[0] = _swap_in(s, hero, "explorer-1")
    put_below(c, s, "erla", "2,0")
    s.dangers["2,1"] = "trap-1"
    act(c, s, do="move", to="2,1")
    assert hero.teeth == [1, 1] and hero.hearts == 3 and engine.to_act(s) is None      # the monsters' turn
    assert "2,1" not in s.dangers


def test_a_monster_hunter_mission_pays_when_the_monster_falls_even_in_the_monsters_turn(rolls):
    """"Monster Hunter: Defeat the pictured monster and receive 2 monster teeth. These are the only
    missions you may also complete during the monster turn (if you are attacked by the corresponding
    monster and it loses its last heart in that attack).\""""
    c, s = game(("corlof", "erla"))
    hero = s.board["corlof"]
    hero.hand[0] = _swap_in(s, hero, "hunter-ulumu-1")
    put_below(c, s, "corlof", "3,1")
    ulumu = s.monsters["ulumu"]
    ulumu.wounds = monsters.max_hearts(c, ulumu) - 1          # its last heart
    rolls(0, 3)                                               # Ulumu attacks: 0 + 0 against 3 + 1
    fights.monster_attacks_hero(c, s, ulumu, hero)
    assert sorted(hero.teeth) == [1, 1, 1]                    # its tooth (1) and the mission's 2


@pytest.mark.parametrize("boost", ["boots", "ring", "sword"])
def test_a_companion_helps_once(boost, rolls):
    """"Companion: If you feed the pictured companion the pictured food, it helps you briefly and once
    ... Boots +1: You immediately have +1 action point available ... Ring +1: You may also apply the
    next-higher recipe ... Sword +2: Add +2 to your next combat die roll.\""""
    c, s = game(("corlof", "erla"))
    hero = s.board["corlof"]
    cid = {"boots": "companion-squirrel-1", "ring": "companion-owl-1", "sword": "companion-bear-1"}[boost]
    hero.hand[0] = _swap_in(s, hero, cid)
    give(s, "corlof", c.missions[cid].food)
    if boost == "boots":
        s.turn.used = 4
        act(c, s, do="mission", card=cid)
        assert engine.ap_left(c, s, hero) == 1
    elif boost == "ring":
        give(s, "corlof", "apple", "fish")
        assert legal_of(c, s, "brew") == [{"do": "brew", "hero": "corlof", "potion": "healing", "companion": cid}]
        act(c, s, do="brew", potion="healing", companion=cid)
        assert hero.rack == ["healing"]
    else:
        put_below(c, s, "corlof", "3,1")
        rolls(0, 3)                                           # 0 + 1 + 2 against 3 + 0 (Ulumu's sword at tooth 1)
        act(c, s, do="fight", target="ulumu", companion=cid)
        assert s.monsters["ulumu"].wounds == 1
    assert cid in s.missions.discard


def test_a_thief_takes_a_small_tooth_in_the_race():
    """"Thief: You may play this card when your hero is standing on the same area as another hero figure
    (only possible in the Upper World). You receive 1 small tooth from your opponent's supply.\""""
    c, s = game(("erla", "corlof"), path=RACE)
    hero = s.board["erla"]
    hero.hand[0] = _swap_in(s, hero, "thief-1")
    assert not any(a["card"] == "thief-1" for a in legal_of(c, s, "mission"))    # "If they have no tooth ..."
    s.board["corlof"].teeth = [3, 1]
    s.supply["tooth"] -= 1
    act(c, s, do="mission", card="thief-1", target="corlof")
    assert hero.teeth == [1] and s.board["corlof"].teeth == [3]


def test_the_co_operative_deck_has_no_thief():
    """Ours: no Thief missions in the co-operative game."""
    c, s = game()
    every = s.missions.draw + [x for h in s.board.values() for x in h.hand]
    assert len(every) == 33 - 4 and not any(x.startswith("thief") for x in every)


def test_missions_are_drawn_back_up_to_three_at_the_end_of_the_turn():
    """"At the end of your turn, draw mission cards until you again hold 3 in hand. Once the last card
    has been drawn from the draw pile, the discarded mission cards are shuffled and placed as the new
    draw pile.\""""
    c, s = game()
    hero = s.board["erla"]
    missions.done(s, hero, hero.hand[0])
    s.missions.discard.extend(s.missions.draw[1:])
    s.missions.draw = s.missions.draw[:1]
    act(c, s, do="end")
    assert len(hero.hand) == 3 and s.missions.discard == [] and s.missions.draw


# -- The treasure die and the chest -------------------------------------------------------------------------

@pytest.mark.parametrize("face, teeth, worn", [("boots", [], {"boots": "boots+1"}), ("ring", [], {"ring": "ring+1"}),
                                               ("sword", [], {"sword": "sword+1"}), ("tooth", [1], {}),
                                               ("two_teeth", [1, 1], {})])
def test_the_treasure_die(face, teeth, worn, treasure_faces):
    """"boots (+1), ring (+1), sword (+1), 1 small monster tooth, or 2 small monster teeth. The equipment
    you receive goes into your backpack, or you may place it directly in your inventory.\""""
    c, s = game()
    treasure_faces(face)
    under.treasure_die(c, s, s.board["erla"])
    assert s.board["erla"].teeth == teeth and s.board["erla"].inventory == worn


def test_new_boots_worn_at_once_give_their_point_this_turn(treasure_faces):
    """"if you receive boots, and had none before, and place them in your inventory immediately, you
    already have +1 additional action point available this turn\""""
    c, s = game()
    s.turn.used = 4
    treasure_faces("boots")
    under.treasure_die(c, s, s.board["erla"])
    assert engine.ap_left(c, s, s.board["erla"]) == 1


def test_the_treasure_chest_is_three_rolls_and_leaves_the_board(treasure_faces):
    """"If you enter the treasure chest or a danger, reveal the tile and remove it from the Underworld
    map. Treasure Chest: To determine which rewards you receive, roll the treasure die 3 times.\""""
    c, s = game()
    put_below(c, s, "erla", "3,2")
    treasure_faces("sword", "tooth", "ring")
    act(c, s, do="move", to="3,3")
    assert not s.treasure and s.board["erla"].teeth == [1]
    assert s.board["erla"].inventory == {"sword": "sword+1", "ring": "ring+1"}


@pytest.mark.parametrize("tile, hearts, turn_goes_on", [("trap-1", 3, False), ("nothing-1", 4, True)])
def test_a_danger(tile, hearts, turn_goes_on):
    """"Danger: Your hero triggers a trap. Give up 1 heart, and your turn ends immediately. If no trap is
    shown, you may continue your turn as normal.\""""
    c, s = game()
    put_below(c, s, "erla", "2,0")
    s.dangers["2,1"] = tile
    act(c, s, do="move", to="2,1")
    assert s.board["erla"].hearts == hearts and "2,1" not in s.dangers
    assert (engine.to_act(s) == "erla") is turn_goes_on


# -- The Underworld --------------------------------------------------------------------------------------

def test_a_portal_leads_down_to_the_matching_portal_and_places_the_marker():
    """"The five portals ... count as adjacent to the matching Underworld portal." "As soon as you enter
    the Underworld, place the monster boss marker between you and the next player on the table.\""""
    c, s = game(("erla", "corlof"))
    put_above(s, "erla", "0,1", "portal-4")
    put_above(s, "corlof", "0,1")
    act(c, s, do="descend", portal=4)
    assert s.board["erla"].world == UNDER and s.board["erla"].at == "5,6"
    assert s.marker == "erla" and s.cycle == "marked"
    act(c, s, do="end")
    assert engine.to_act(s) is None                     # the monsters act at once (reading)


def test_the_marker_stays_where_it_is_when_another_hero_goes_down():
    """"As long as heroes are in the Underworld, it remains in this position.\""""
    c, s = game(("erla", "corlof"))
    put_below(c, s, "corlof", "0,3")
    put_above(s, "erla", "0,1", "portal-1")
    act(c, s, do="descend", portal=1)
    assert s.marker == "corlof"


def test_a_monster_on_a_portal_blocks_it():
    """"They may move onto portals and thereby block them\""""
    c, s = game()
    put_above(s, "erla", "0,1", "portal-1")
    s.monsters["ulumu"].at, s.monsters["ulumu"].life = "2,0", "abroad"
    assert legal_of(c, s, "descend") == []


def test_below_figures_block_each_other():
    """"Unlike the Upper World, monsters and heroes block each other's path in the Underworld. Each
    Underworld area may therefore be occupied by at most one figure.\""""
    c, s = game(("erla", "corlof"))
    put_below(c, s, "erla", "3,1")
    put_below(c, s, "corlof", "3,0")
    steps = {a["to"] for a in legal_of(c, s, "move")}
    assert "4,1" not in steps and "3,0" not in steps and "2,1" in steps


@pytest.mark.parametrize("explored, can", [(True, True), (False, False)])
def test_leaving_through_a_portal_needs_the_one_above(explored, can):
    """"If your hero is standing on a portal, you may spend a further move for 1 action point to leave
    the Underworld and place your hero figure on the matching portal in the Upper World (provided it
    has already been explored).\""""
    c, s = game()
    if explored:
        s.upper["0,1"] = s.tiles.draw.pop(s.tiles.draw.index("portal-1"))
    put_below(c, s, "erla", "2,0")
    assert bool(legal_of(c, s, "ascend")) is can


def test_the_last_hero_out_rebuilds_the_underworld():
    """"If no other hero remains in the Underworld, it is rebuilt ... Place the treasure chest on its
    matching area. Shuffle the 5 dangers and place them face down on the marked areas. Put all 3
    monsters back on their nests. Place all hearts back on the defeated monsters' boards. Wounded
    monsters that only lost individual hit points during the last visit to the Underworld remain as
    they are.\""""
    c, s = game()
    s.upper["0,1"] = s.tiles.draw.pop(s.tiles.draw.index("portal-1"))
    put_below(c, s, "erla", "2,0")
    s.treasure = False
    s.dangers.pop("2,1")
    s.monsters["zibbler"].wounds = 1
    monsters.moved(c, s.monsters["zibbler"], "5,3")
    monsters.kill(c, s, s.monsters["ulumu"])
    act(c, s, do="ascend")
    assert s.treasure and len(s.dangers) == 5 and s.cycle == "empty" and s.marker == ""
    assert {m.id: m.at for m in s.monsters.values()} == {"ulumu": "4,1", "zibbler": "5,4", "wallrog": "1,3"}
    assert s.monsters["zibbler"].wounds == 1
    assert s.monsters["ulumu"].stack == [5, 4, 3, 2] and monsters.hearts(c, s.monsters["ulumu"]) == 2


# -- Fights -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("dice_, loser", [((2, 1), "monster"), ((1, 1), "monster"), ((0, 2), "hero")])
def test_a_fight_costs_a_point_and_the_loser_gives_up_a_heart(dice_, loser, rolls):
    """"The players involved each roll a combat die and add their combat-sword value to the roll. If your
    total is higher than your opponent's, the opponent is wounded and loses 1 heart. If the opponent's
    total is higher, you must give up 1 heart yourself. On a tie, the attacker wins.\""""
    c, s = game(("corlof", "erla"))
    put_below(c, s, "corlof", "3,1")
    s.monsters["ulumu"].stack = [5, 4, 3, 2]                 # sword 1 at tooth 2: Corlof's equal
    rolls(*dice_)
    act(c, s, do="fight", target="ulumu")
    assert s.turn.used == 1
    assert (s.monsters["ulumu"].wounds, s.board["corlof"].hearts) == ((1, 4) if loser == "monster" else (0, 3))


def test_a_defeated_monster_gives_its_top_tooth_and_comes_back_stronger(rolls):
    """"If a monster must give up its last heart, remove that monster figure from the Underworld board.
    As a reward you receive the topmost monster tooth ... With every tooth it loses, a monster grows
    stronger.\""""
    c, s = game(("corlof", "erla"))
    put_below(c, s, "corlof", "3,1")
    ulumu = s.monsters["ulumu"]
    before = (monsters.max_hearts(c, ulumu), monsters.sword(c, ulumu))
    ulumu.wounds = before[0] - 1
    rolls(3, 0)
    act(c, s, do="fight", target="ulumu")
    assert s.board["corlof"].teeth == [1] and ulumu.at == "" and ulumu.life == "killed"
    after = (monsters.max_hearts(c, ulumu), monsters.sword(c, ulumu))
    assert after > before and after[0] + after[1] == before[0] + before[1] + 1


def test_a_monster_with_no_tooth_left_never_returns(rolls):
    """"If a monster has lost all its teeth before the game ends, it packs its things in frustration and
    never returns. Put the monster back in the box.\""""
    c, s = game(("corlof", "erla"))
    wallrog = s.monsters["wallrog"]
    wallrog.stack = [5]
    monsters.kill(c, s, wallrog)
    assert wallrog.life == "gone"
    monsters.rebuild(c, s)
    assert wallrog.at == ""


@pytest.mark.parametrize("by", ["ulumu", "trap"])
def test_knocked_out_by_a_monster_or_a_trap_gives_up_every_token(by, rolls):
    """"A: You lost your last heart to a monster or a trap: Give up all equipment, food, and potions from
    your hero board to the general supply." "Your hero is placed back in the Upper World, on the portal
    with the lowest number. Fill your hero board with a single heart again.\""""
    c, s = game(("corlof", "erla"))
    s.upper["0,1"] = s.tiles.draw.pop(s.tiles.draw.index("portal-3"))
    s.upper["0,2"] = s.tiles.draw.pop(s.tiles.draw.index("portal-2"))
    put_below(c, s, "corlof", "3,1")
    hero = s.board["corlof"]
    give(s, "corlof", "sword+2", where="inventory")
    give(s, "corlof", "apple", "boots+1")
    give(s, "corlof", "healing", where="rack")
    hero.hearts = 1
    if by == "trap":
        s.dangers["2,1"] = "trap-1"
        act(c, s, do="move", to="2,1")
    else:
        s.monsters["ulumu"].stack = [5, 4, 3, 2]             # sword 1
        rolls(0, 3)                                           # 0 + 3 against 3 + 1
        act(c, s, do="fight", target="ulumu")
    assert (hero.world, hero.at, hero.hearts) == (UPPER, "0,2", 1)
    assert hero.inventory == {} and hero.backpack == [] and hero.rack == []
    assert s.supply["sword+2"] == 6 and s.supply["potion"] == 20
    assert engine.to_act(s) != "corlof" and s.cycle == "empty"      # the turn ends; the last one out


@pytest.mark.parametrize("winner_teeth, loser_teeth, exchanged", [([1], [5, 4], True), ([5, 4], [1], False)])
def test_knocked_out_by_a_hero_exchanges_teeth_if_the_winner_has_fewer(winner_teeth, loser_teeth, exchanged, rolls):
    """"B: You lost your last heart in combat with a hero: Exchange all your monster teeth with the hero
    who defeated you, provided they have fewer victory points than you.\" (the race)"""
    c, s = game(("erla", "corlof"), path=RACE)
    put_below(c, s, "erla", "2,2")
    put_below(c, s, "corlof", "3,2")
    s.board["erla"].teeth, s.board["corlof"].teeth = list(winner_teeth), list(loser_teeth)
    s.board["corlof"].hearts = 1
    rolls(3, 2)                                   # 3 + 0 against 2 + 1: a tie, the attacker wins
    act(c, s, do="fight", target="corlof")
    assert (s.board["erla"].teeth == loser_teeth) is exchanged
    assert s.board["corlof"].backpack == [] and s.board["corlof"].world == UPPER


def test_co_operative_heroes_do_not_fight_each_other():
    c, s = game(("erla", "corlof"))
    put_below(c, s, "erla", "2,2")
    put_below(c, s, "corlof", "3,2")
    assert [a["target"] for a in legal_of(c, s, "fight")] == ["wallrog"]       # a monster, never Corlof


# -- The buildings ---------------------------------------------------------------------------------------

def test_the_laboratory_improves_one_piece_at_the_end_of_the_turn():
    """"Laboratory: End your turn here to improve the value of any one piece of equipment by +1.\""""
    c, s = game()
    put_above(s, "erla", "0,1", "laboratory-1")
    give(s, "erla", "sword+1", where="inventory")
    give(s, "erla", "sword+3")
    assert [a.get("improve") for a in legal_of(c, s, "end")] == [None, "sword+1"]
    act(c, s, do="end", improve="sword+1")
    assert s.board["erla"].inventory == {"sword": "sword+2"}


def test_the_blacksmith_forges_two_pieces_of_a_type_into_one():
    """"Blacksmith: Here you may give up two pieces of equipment of the same type to receive an improved
    version of that same equipment. The value of the new equipment may not be higher than the sum of
    the equipment given up, but may be lower. This may be done multiple times in a single turn.\""""
    c, s = game()
    put_above(s, "erla", "0,1", "blacksmith-1")
    give(s, "erla", "boots+1", "boots+1", "ring+2")
    assert [a["take"] for a in legal_of(c, s, "forge")] == ["boots+2"]
    act(c, s, do="forge", give=["boots+1", "boots+1"], take="boots+2")
    assert s.board["erla"].inventory == {"boots": "boots+2"}
    assert engine.ap_left(c, s, s.board["erla"]) == 6


def test_the_trader_exchanges_equal_value_once_a_turn():
    """"Trader: Here you may exchange different equipment of equal value. Note: Exchanged equipment may
    be used immediately ... However: Only 1 exchange is possible at the trader per turn.\""""
    c, s = game()
    put_above(s, "erla", "0,1", "trader-1")
    give(s, "erla", "sword+3", where="inventory")
    assert sorted(a["take"] for a in legal_of(c, s, "trade")) == ["boots+3", "ring+3"]
    act(c, s, do="trade", give="sword+3", take="boots+3")
    assert s.board["erla"].inventory == {"boots": "boots+3"} and engine.ap_left(c, s, s.board["erla"]) == 7
    assert legal_of(c, s, "trade") == []


# -- Game end ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, target", [(5, 11), (4, 13), (3, 16), (2, 20)])
def test_the_race_is_won_by_entering_the_campfire_with_the_teeth(players, target):
    """"The game ends immediately once a player with monster teeth worth 11/13/16/20 points (depending on
    player count) reaches the campfire.\""""
    names = ["erla", "corlof", "mathian", "luphius", "jupanila"][:players]
    c, s = game(names, path=RACE)
    put_above(s, "erla", "1,0", "meadow-1")
    s.board["erla"].teeth = [1] * (target - 1)
    s.supply["tooth"] -= target - 1
    act(c, s, do="move", to="0,0")
    assert not s.outcome
    act(c, s, do="move", to="1,0")
    s.board["erla"].teeth.append(1)
    s.supply["tooth"] -= 1
    act(c, s, do="move", to="0,0")
    assert s.outcome == "victory" and s.winner == "erla"


def test_the_team_wins_when_a_hero_brings_its_teeth_home():
    """Ours: the co-operative team's teeth count together."""
    c, s = game(("erla", "corlof"))
    target = c.scenario.target[2]
    put_above(s, "erla", "1,0", "meadow-1")
    s.board["corlof"].teeth = [1] * target
    s.supply["tooth"] -= target
    act(c, s, do="move", to="0,0")
    assert s.outcome == "victory"


def test_illegal_actions_are_refused_and_change_nothing():
    c, s = game()
    before = engine.legal(c, s)
    with pytest.raises(RulesError, match="not legal now: erla: move 5,5"):
        act(c, s, do="move", to="5,5")
    with pytest.raises(RulesError, match=r"not legal now: corlof: end \(erla to act\)"):
        engine.apply(c, s, {"do": "end", "hero": "corlof"})
    assert engine.legal(c, s) == before


def _swap_in(s, hero, cid, slot=0):
    """Mission ``cid`` for the hero's hand in place of its card in ``slot`` (the card swapped out goes
    where ``cid`` was)."""
    old = hero.hand[slot]
    for pile in (s.missions.draw, s.missions.discard):
        if cid in pile:
            pile[pile.index(cid)] = old
            return cid
    for other in s.board.values():
        if cid in other.hand:
            other.hand[other.hand.index(cid)] = old
            return cid
    raise AssertionError(f"{cid} is nowhere")


# -- The hero board: rearranging ----------------------------------------------------------------------------

def test_each_ability_takes_one_piece_and_tokens_may_be_rearranged_or_given_up():
    """"Each ability can be increased by at most one piece of equipment. Additional boots, rings, and
    swords you collect can be stored in your backpack" - "On your turn you may rearrange your tokens or
    return them to the general supply (give them up).\""""
    c, s = game()
    hero = s.board["erla"]
    give(s, "erla", "sword+1", where="inventory")
    give(s, "erla", "sword+2")
    act(c, s, do="equip", token="sword+2")
    assert hero.inventory == {"sword": "sword+2"} and hero.backpack == ["sword+1"]
    act(c, s, do="unequip", slot="sword")
    assert hero.inventory == {} and sorted(hero.backpack) == ["sword+1", "sword+2"]
    act(c, s, do="drop", token="sword+1", **{"from": "backpack"})
    assert hero.backpack == ["sword+2"] and s.supply["sword+1"] == 12


def test_potions_go_on_the_rack_and_food_in_the_backpack():
    """"Food (apple, fish, mushroom) can only be stored in the backpack. Potions can only be stored in
    the potion rack": a full rack brews no more."""
    c, s = game()
    give(s, "erla", "apple", "fish")
    give(s, "erla", "healing", "healing", "healing", where="rack")
    assert legal_of(c, s, "brew") == []
    act(c, s, do="drop", token="healing", **{"from": "rack"})
    assert [a["potion"] for a in legal_of(c, s, "brew")] == ["healing"]


def test_once_every_area_is_laid_the_upper_world_is_explored():
    """"Once the last area has been revealed, the Upper World is completely explored.\""""
    c, s = game()
    s.tiles.discard, s.tiles.draw = [], []          # (the test only empties the stack)
    assert legal_of(c, s, "explore") == []


def test_a_hero_leaving_while_another_is_below_leaves_the_marker():
    """"If another hero figure is still in the Underworld, it continues as before. The monster boss
    marker stays where it is.\""""
    c, s = game(("erla", "corlof"))
    s.upper["0,1"] = s.tiles.draw.pop(s.tiles.draw.index("portal-1"))
    put_below(c, s, "erla", "2,0")
    put_below(c, s, "corlof", "0,3")
    act(c, s, do="ascend")
    assert s.marker == "erla" and s.cycle == "marked" and s.board["corlof"].world == UNDER


def test_two_explorer_missions_need_two_traps():
    """"If you hold both "Explorer" missions in hand, you must find a trap for each mission.\""""
    c, s = game()
    hero = s.board["erla"]
    hero.hand[0] = _swap_in(s, hero, "explorer-1")
    hero.hand[1] = _swap_in(s, hero, "explorer-2", slot=1)
    under.spring_trap(c, s, hero)
    assert hero.teeth == [1, 1] and sum(x.startswith("explorer") for x in hero.hand) == 1


def test_monsters_do_not_trigger_traps():
    """"Monsters do not trigger traps": a monster stepping onto a skull leaves the danger face down."""
    from overlord.games.heldentaufe import boss
    c, s = game()
    put_below(c, s, "erla", "2,0")
    s.cycle = "monster_turn"
    boss.begin(c, s)
    boss.command(c, s, {"do": "move", "monster": "ulumu", "to": "4,2"})       # a skull beside its nest
    assert s.monsters["ulumu"].at == "4,2" and "4,2" in s.dangers


# -- The readings a line away ------------------------------------------------------------------------------

def test_the_first_monster_turn_may_wait_a_round():
    """``rules.first_monster_turn: after_a_round``: play passes the marker once before the monsters act."""
    import dataclasses
    c, s = game(("erla", "corlof"))
    rules = c.scenario.rules.model_copy(update={"first_monster_turn": "after_a_round"})
    c = dataclasses.replace(c, scenario=c.scenario.model_copy(update={"rules": rules}))
    put_above(s, "erla", "0,1", "portal-5")
    act(c, s, do="descend", portal=5)
    act(c, s, do="end")
    assert engine.to_act(s) == "corlof"              # passed once
    act(c, s, do="end")
    act(c, s, do="end")                              # erla again
    assert engine.to_act(s) is None                  # now the monsters


def test_the_other_reading_of_the_teeth_keeps_38_small_teeth():
    """``rules.one_tooth_from_supply: false``: the stack's 1 is a twelfth valuable tooth."""
    import dataclasses
    c = content()
    rules = c.scenario.rules.model_copy(update={"one_tooth_from_supply": False})
    c = dataclasses.replace(c, scenario=c.scenario.model_copy(update={"rules": rules}))
    s = engine.new_state(c, ["erla", "corlof"], 1)
    assert s.supply["tooth"] == 38
    from overlord.games.heldentaufe.invariants import violations
    assert violations(c, s) == []
