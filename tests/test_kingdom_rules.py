"""Return of the Heroes with the Dragon, rule by rule (Under the Shadow of the Dragon, "Under the
Shadow of the Dragon as an Expansion Set" and "Rules Changes", and every other line of that book
that names the expansion), on the shipped scenario (kingdom-dragon) and both shipped boxes."""

from __future__ import annotations

import pytest

from overlord.core.game import RulesError
from overlord.games import registry
from overlord.games.dragon import events as dragon_events, life as dragon_life
from overlord.games.heroes import draws as family_draws
from overlord.games.heroes.sheet import Item, artificial_life, kill, skill_value
from overlord.games.heroes.state import lift, put, where
from overlord.games.kingdom import companion, context, manors, verbs
from overlord.games.kingdom.context import Ctx
from overlord.games.roth import deeds, draws as roth_draws, fights as roth_fights, turns as roth_turns

SCENARIO = "kingdom-dragon"


@pytest.fixture(scope="module")
def game():
    rules, content, _ = registry.open_scenario(SCENARIO)
    return rules, content


def new(game, heroes=("leandra", "paladin"), seed=1, housed=True):
    """A match of ``heroes`` (the program's rivals after them), every house placed when ``housed``."""
    rules, content = game
    match = rules.new_match(content, list(heroes), seed)
    while housed and match.state.pending.get("house"):
        rules.apply(match, rules.legal_actions(match)[0])
    return match


def ctx_of(match) -> Ctx:
    return Ctx.open(match.state, match.content)


def instances(content, box: str, effect: str = "", start: str = "") -> list[str]:
    own = content.boxes.roth if box == "roth" else content.boxes.dragon
    return [i for i in own.instances if (not effect or own.spec(i).effect == effect)
            and (not start or getattr(own.spec(i), "start", "") == start)]


# -- Rules Changes: the set-up -----------------------------------------------------------------------------------

def test_no_player_gets_a_heroic_deed_at_the_beginning(game):
    """"No player gets a heroic deed at the beginning of the game; instead, the heroes have to apply
    to the king to get any": no deed on any sheet, every deed at the court, their counters in the bag."""
    _, content = game
    s = new(game, housed=False).state
    assert all(not s.at[h].deeds for h in s.heroes)
    assert sorted(s.court) == sorted(content.roth.deeds)
    deed_counters = [i for i in content.boxes.roth.instances if content.boxes.roth.spec(i).deed]
    assert deed_counters and set(deed_counters) <= set(s.bag)


def test_the_dragon_begins_the_game_in_the_bag_his_six_counters_beside_it(game):
    """"The Dragon begins the game in the bag. As soon as he is drawn, the six special Dragon counters
    (5x Dragon Events, 1x Dragon Man) are put into the bag" - until then they wait beside it."""
    _, content = game
    s = new(game, housed=False).state
    (dragon,) = instances(content, "dragon", effect="dragon")
    six = instances(content, "dragon", start="event") + instances(content, "dragon", start="guard")
    assert dragon in s.bag and s.dragon == "in_bag"
    assert len(six) == 6 and set(six) <= set(s.aside) and not set(six) & set(s.bag)


def test_when_the_dragon_is_drawn_he_goes_to_his_lair_and_his_counters_into_the_bag(game):
    """"As soon as a player draws the Dragon counter from the bag, it is placed on field V9 and the
    Dragon counters are placed in the bag.\""""
    _, content = game
    match = new(game)
    s = match.state
    (dragon,) = instances(content, "dragon", effect="dragon")
    six = instances(content, "dragon", start="event") + instances(content, "dragon", start="guard")
    ctx = ctx_of(match)
    family_draws.deal(context.roth(ctx), context.BAG, dragon, s.turn.hero, "a test draws the Dragon", picked=True)
    assert where(s, dragon) == "V9" and s.dragon == "lair"
    assert set(six) <= set(s.bag) and not set(six) & set(s.aside)


def test_the_nameless_waits_until_a_first_part_of_a_heroic_deed_is_done(game):
    """"The Nameless is not put into the bag until a player has fulfilled the first part of a heroic
    deed": beside the board with his Guards and Servants ("All open counters are put into the bag,
    except for: the Nameless, his Guards, and his Servants")."""
    _, content = game
    s = new(game, housed=False).state
    waiting = instances(content, "roth", effect="nameless") + instances(content, "roth", effect="guard") \
        + instances(content, "roth", effect="servant")
    assert s.nameless == "absent" and len(waiting) == 1 + 4 + 8 and set(waiting) <= set(s.aside)
    assert set(s.aside) == set(waiting) | set(instances(content, "dragon", start="event")
                                             + instances(content, "dragon", start="guard"))


def test_all_25_maps_are_shuffled_and_laid_five_by_five(game):
    """"All 25 region maps are shuffled together and laid out in a square 5 by 5 region maps"."""
    _, content = game
    layouts = {tuple(new(game, seed=seed, housed=False).state.layout) for seed in (1, 2, 3)}
    assert len(layouts) == 3                              # shuffled: each seed lays them otherwise
    for layout in layouts:
        assert len(layout) == 5 and all(len(row) == 5 for row in layout)
        assert sorted("".join(layout)) == sorted(content.board.grid)


def test_the_covered_counters_go_two_on_each_region_the_rest_into_the_bag(game):
    """"All of the 50 covered counters are also shuffled and distributed according to the basic rules"
    (Return of the Heroes: "distribute two random encounter chits on each region"): 50 face down, two
    a map; the boxes as shipped hold 51, the last goes into the bag."""
    _, content = game
    s = new(game, housed=False).state
    board = context.roth(ctx_of(new(game, housed=False))).c.board
    down = [f for f, here in s.board.items() for i in here if i in s.down]
    assert len(down) == 50
    assert all(sum(1 for f in down if board.field(f).region == letter) == 2 for letter in board.grid)
    covered = [i for i in content.instances if content.spec(i).chit]
    assert len(covered) == 51 and len(set(covered) - set(s.down)) == 1 and set(covered) - set(s.down) <= set(s.bag)


def test_one_nameless_card_lies_face_down(game):
    """"Finally, the Nameless cards are shuffled, and one of them is placed face down next to the game
    board.\""""
    _, content = game
    cards = {new(game, seed=seed, housed=False).state.nameless_card for seed in range(1, 9)}
    assert cards <= set(content.roth.nameless) and len(cards) > 1


def test_each_box_keeps_its_own_market_pile(game):
    """The City of the Mages' counters are its pile, Return of the Heroes' market counters its own
    ("either the one in the City of the Mages or one of the markets in Return of the Heroes")."""
    _, content = game
    s = new(game, housed=False).state
    assert sorted(s.city) == sorted(instances(content, "dragon", start="market"))
    assert s.market and set(s.market) <= set(content.boxes.roth.instances)


def test_the_market_burning_destroys_six_city_counters_in_the_expansion(game):
    """"The Dragon destroys 4 'City of the Mages' counters (6 counters in the expansion game)\""""
    assert new(game, housed=False).state.rules["burn"] == 6


# -- the manor houses -------------------------------------------------------------------------------------------

def test_the_last_to_choose_places_his_house_first(game):
    """"The player who chose his hero last goes first now; all others place their heroes' homes now
    counter-clockwise": four players, no rivals - the fourth places first."""
    rules, content = game
    match = rules.new_match(content, ["leandra", "paladin", "gro", "halfling"], 1)
    order = []
    while match.state.pending.get("house"):
        order.append(rules.to_act(match))
        rules.apply(match, rules.legal_actions(match)[0])
    assert order == ["halfling", "gro", "paladin", "leandra"]
    assert match.state.turn.hero == "leandra" and rules.to_act(match) == "leandra"   # "The oldest player goes first"


def test_the_programs_rivals_place_their_houses_in_their_turn_to_place(game):
    """Two players and two rivals (the scenario seats four): the rivals, chosen last, place first, at
    once; then the players in reverse order."""
    rules, content = game
    match = rules.new_match(content, ["leandra", "paladin"], 1)
    s = match.state
    assert all(s.at[r].manor for r in s.rivals) and rules.to_act(match) == "paladin"
    assert [e["hero"] for e in s.log if e["event"] == "house"] == list(reversed(s.rivals))


def test_a_house_beside_anothers_map_is_refused(game):
    """"The manor houses may not be placed adjacent to another, either horizontally or vertically.\""""
    rules, content = game
    match = rules.new_match(content, ["leandra", "paladin"], 1)
    s = match.state
    board = context.roth(ctx_of(match)).c.board
    rival_map = board.field(s.at[s.rivals[-1]].manor).region
    r, k = board.grid[rival_map]
    beside = [m for m, rk in board.grid.items() if rk in ((r + 1, k), (r - 1, k), (r, k + 1), (r, k - 1))
              and manors.sites(board, m)]
    if not beside:
        pytest.skip("no map with a site beside the rival's")
    with pytest.raises(RulesError, match=f"not legal now: house {manors.sites(board, beside[0])[0]}"):
        rules.apply(match, verbs.M["house"](manors.sites(board, beside[0])[0]))
    assert s.pending.get("house") == "paladin"


def test_a_hero_stands_on_the_field_next_to_his_house(game):
    """"Each game figure is placed on the field next to its house.\""""
    match = new(game)
    board = context.roth(ctx_of(match)).c.board
    for h in match.state.heroes:
        hs = match.state.at[h]
        assert hs.field == manors.start(board, hs.manor)


# -- heroic deeds in the Capital ---------------------------------------------------------------------------------

def _at(match, hero: str, field: str) -> None:
    match.state.at[hero].field = field


@pytest.mark.parametrize("field, may", [("J7", True), ("J3", True), ("J1", True), ("A3", False), ("H6", False)])
def test_a_hero_in_the_capital_may_choose_a_heroic_deed(game, field, may):
    """"Whenever a player moves into the Capital (J), he may choose a heroic deed" - anywhere on map J
    (``deeds_where: capital``; the royal court J7 alone is Return of the Heroes' Option 2)."""
    match = new(game)
    hero = match.state.turn.hero
    _at(match, hero, field)
    picks = [a for a in game[0].legal_actions(match) if a["do"] == "pick"]
    assert bool(picks) == may


def test_no_more_than_one_heroic_deed(game):
    """"Once chosen, a heroic deed may not be discarded. You may not take up more than one heroic deed.\""""
    rules, _ = game
    match = new(game)
    s = match.state
    hero = s.turn.hero
    _at(match, hero, "J7")
    rules.apply(match, next(a for a in rules.legal_actions(match) if a["do"] == "pick"))
    s.turn.deed_picked = False                       # another turn
    assert not [a for a in rules.legal_actions(match) if a["do"] == "pick"]
    with pytest.raises(RulesError, match="more than one heroic deed"):
        deeds.pick(context.roth(ctx_of(match)), hero, s.court[0])


# -- the end: either death ----------------------------------------------------------------------------------------

def test_the_game_ends_when_the_dragon_is_slain_and_his_slayer_has_won(game):
    """"The moment a hero slays the Dragon, the Nameless, along with all his Servants and Guards, will
    vanish into obscurity ... Thus, the game ends when the Dragon has been vanquished": the lair's fight
    won ends the game, the slayer's player the winner (a rival's: the players have lost)."""
    match = new(game)
    s = match.state
    ctx = ctx_of(match)
    lens = context.dragon(ctx)
    s.dragon = "challenged"
    hero = s.turn.hero
    events = context.LAIR.slain(lens, hero)
    assert s.outcome == "victory" and s.winner == hero and "the Dragon" in s.reason
    assert events[-1]["event"] == "game_over"


def test_a_rival_slaying_the_dragon_beats_the_players(game):
    match = new(game)
    s = match.state
    events = context.LAIR.slain(context.dragon(ctx_of(match)), s.rivals[0])
    assert s.outcome == "defeat" and s.winner == s.rivals[0] and events


def test_the_game_ends_when_the_nameless_is_slain(game):
    """"The game also ends when the Nameless has been slain" (Return of the Heroes: "Once the Nameless
    has no hit points left, do I win? Yes, you have won the game.")."""
    match = new(game)
    s = match.state
    roth_turns.nameless_slain(context.roth(ctx_of(match)), s.turn.hero, "The Lich")
    assert s.outcome == "victory" and s.winner == s.turn.hero and game[0].outcome(match) is not None


def test_a_challenger_the_dragon_slays_starts_again_at_his_manor_and_the_dragon_waits(game):
    """Ours (``lair_death: reborn``): every hero of Return of the Heroes starts again at his manor when he
    dies, the challenger in the lair too; the Dragon stays in his lair for the next one - no follow-up
    turns (those are the Dragon's game for two)."""
    match = new(game)
    s = match.state
    hero = s.turn.hero
    lens = context.dragon(ctx_of(match))
    s.dragon = "challenged"
    kill(s.sheets[hero])                          # his last hit point lost in the lair
    context.LAIR.fell(lens, hero, "V9")
    context.LAIR.repelled(lens, hero)
    assert s.at[hero].field == s.at[hero].manor and not s.at[hero].out
    assert s.dragon == "lair" and not s.outcome and s.follow_up == 0


# -- what the Dragon's book says of the expansion's heroes and things ---------------------------------------------

def _creature(content, box: str) -> str:
    own = content.boxes.roth if box == "roth" else content.boxes.dragon
    return next(i for i in own.instances if own.spec(i).border == "red" and not own.spec(i).effect)


def test_invisible_a_hero_passes_the_guards_but_never_the_nameless(game):
    """"If you play the extension to Return of the Heroes, the hero may not pass by the Nameless,
    either, but it is possible for him to avoid his Servants and Guards" (Invisibility)."""
    _, content = game
    match = new(game)
    s = match.state
    hero = s.turn.hero
    s.at[hero].stone = True                       # a Guard is fought with the precious stone
    (nameless,) = instances(content, "roth", effect="nameless")
    guard = instances(content, "roth", effect="guard")[0]
    ctx = ctx_of(match)
    assert context.MOVES.passes(ctx, hero, guard) == ""
    s.turn.invisible = True
    assert context.MOVES.passes(ctx, hero, guard) == "invisible"
    assert context.MOVES.passes(ctx, hero, nameless) == ""
    assert context.MOVES.passes(ctx, hero, _creature(content, "roth")) == "invisible"


@pytest.mark.parametrize("carried, hides", [("", True), ("horse", False), ("cart", False), ("boots", True)])
def test_the_halfling_does_not_hide_on_a_mount_or_in_the_cart(game, carried, hides):
    """"This special ability does not work when riding a mount or when in the Cart (if using the
    expansion game)" (the Halfling): the Horse and the Cart of Return of the Heroes; Boots are no mount."""
    rules, content = game
    match = new(game, heroes=("halfling", "leandra"))
    s = match.state
    foe = _creature(content, "dragon")
    lift(s, foe) if where(s, foe) else s.bag.remove(foe)
    put(s, s.at["halfling"].field, foe)
    s.turn.combat, s.turn.phase = foe, "move"
    if carried:
        inst = next(i for i in content.boxes.roth.instances if content.boxes.roth.spec(i).artifact == carried)
        s.market.remove(inst)
        s.sheets["halfling"].items.append(Item(inst, kind="vehicle"))
    assert any(a["do"] == "hide" for a in rules.legal_actions(match)) == hides


def test_no_broomstick_in_a_storm(game):
    """"It is not possible to ride the Stubborn Magic Broom (from Return of the Heroes) or the Pegasus
    during the Storm" (Storm/Event)."""
    rules, content = game
    match = new(game)
    s = match.state
    hero = s.turn.hero
    broom = next(i for i in content.boxes.roth.instances if content.boxes.roth.spec(i).artifact == "magic-broomstick")
    for pile in (s.bag, s.market, s.aside):
        if broom in pile:
            pile.remove(broom)
    if where(s, broom):
        lift(s, broom)
    s.sheets[hero].items.append(Item(broom))
    assert any(a["do"] == "fly" for a in rules.legal_actions(match))
    s.storm = True
    assert not any(a["do"] == "fly" for a in rules.legal_actions(match))


def test_the_mage_may_take_a_spell_for_his_starting_gold(game):
    """"If the Mage is chosen as a hero, the player may forfeit his starting 3 gold pieces and opt for a
    spell from among the 'City of the Mages' counters\""""
    rules, _ = game
    match = rules.new_match(game[1], ["mage", "leandra", "gro", "paladin"], 1)
    while match.state.pending.get("house"):
        rules.apply(match, rules.legal_actions(match)[0])
    assert match.state.turn.hero == "mage" and match.state.round == 1
    spells = [a for a in rules.legal_actions(match) if a["do"] == "spell"]
    assert spells and all(a["item"] in match.state.city for a in spells)


def test_a_market_counter_goes_back_to_its_own_boxs_pile(game):
    """"If the artifact was bought in one of the markets (either the one in the City of the Mages or one
    of the markets in Return of the Heroes), the counter is returned to that location" (Attack!)."""
    match = new(game)
    s = match.state
    roth_item, city_item = s.market.pop(), s.city.pop()
    s.city.append(roth_item)
    s.market.append(city_item)
    context.sort_piles(ctx_of(match))
    assert roth_item in s.market and city_item in s.city
    assert roth_item not in s.city and city_item not in s.market


def test_each_action_is_played_by_the_rules_of_its_box(game):
    """A counter's action by its own box's rules: the Dragon's Troll by the Dragon's, Return of the
    Heroes' by its own; a step by the rules of the map it enters."""
    _, content = game
    match = new(game)
    ctx = ctx_of(match)
    assert verbs.route(ctx, {"do": "fight", "target": "shadow-troll", "skill": "close"}) == "dragon"
    assert verbs.route(ctx, {"do": "fight", "target": "troll-1", "skill": "close"}) == "roth"
    assert verbs.route(ctx, {"do": "move", "to": "V3"}) == "dragon"
    assert verbs.route(ctx, {"do": "move", "to": "A3"}) == "roth"
    assert verbs.route(ctx, {"do": "cast", "item": "x"}) == "dragon"
    assert verbs.route(ctx, {"do": "battle", "skill": "magic"}) == "roth"


def test_the_rivals_houses_are_placed_by_a_key(game):
    """The program's rival's house (ours): the site whose map is nearest the middle of the board."""
    rules, content = game
    match = rules.new_match(content, ["leandra", "paladin"], 3)
    s = match.state
    board = context.roth(ctx_of(match)).c.board
    first = s.rivals[-1]
    r, k = board.grid[board.field(s.at[first].manor).region]
    assert abs(r - 2) + abs(k - 2) == min(abs(board.grid[m][0] - 2) + abs(board.grid[m][1] - 2)
                                          for m in manors.open_maps(board, []))


# -- the Orc's companion -------------------------------------------------------------------------------------------

def _orc_beats_the_orcs(game):
    rules, content = game
    match = rules.new_match(content, ["orc", "leandra", "gro", "paladin"], 1)
    while match.state.pending.get("house"):
        rules.apply(match, rules.legal_actions(match)[0])
    s = match.state
    assert s.turn.hero == "orc"
    foe = "orcs-1"
    for pile in (s.bag, s.aside):
        if foe in pile:
            pile.remove(foe)
    if where(s, foe):
        lift(s, foe)
    put(s, s.at["orc"].field, foe)
    s.sheets["orc"].skills["close"] = 11
    s.turn.combat, s.turn.mp = foe, 0
    rules.apply(match, {"do": "fight", "target": foe, "skill": "close"})
    assert any(e["event"] == "fight" and e["won"] for e in s.log[-12:])
    return match, foe


def test_the_orc_takes_the_orcs_he_beat_as_his_companion(game):
    """"In the expansion game, the Orc may pick up the other Orc (a creature counter from Return of the
    Heroes) as a companion after he has defeated him in combat ... The 'creature Orc' provides the
    player Orc with 1 additional HP ... As long as the 'creature Orc' accompanies the 'hero Orc', the
    latter's close combat value is increased by 1." It is "not considered an artifact": a square of
    its own beside the four."""
    rules, _ = game
    match, foe = _orc_beats_the_orcs(game)
    s = match.state
    sheet = s.sheets["orc"]
    assert foe in s.bag
    close, life = skill_value(sheet, "close"), artificial_life(sheet)
    rules.apply(match, verbs.M["befriend"](foe))
    assert foe not in s.bag and any(i.id == foe for i in sheet.items)
    assert skill_value(sheet, "close") == min(11, close + 1) and artificial_life(sheet) == life + 1
    assert sheet.item_slots == 5 and rules.violations(match) == []


def test_only_the_orc_befriends_and_only_the_orcs_he_beat(game):
    rules, _ = game
    match = new(game)
    assert not [a for a in rules.legal_actions(match) if a["do"] == "befriend"]
    with pytest.raises(RulesError, match="not legal now: befriend orcs-1"):
        rules.apply(match, verbs.M["befriend"]("orcs-1"))


def test_the_companions_hit_point_lost_it_disappears_into_the_bag(game):
    """"Should this additional HP get lost later in the game, the 'creature Orc' goes, too, and
    disappears into the bag. When exactly this may be the case is the decision of the Orc player":
    the player names it (``lose=orcs-1``)."""
    rules, _ = game
    match, foe = _orc_beats_the_orcs(game)
    rules.apply(match, verbs.M["befriend"](foe))
    s = match.state
    ctx = ctx_of(match)
    roth_fights.wound(context.roth(ctx), "orc", "a test's blow", lose=foe)
    companion.settle(ctx)
    assert foe in s.bag and not any(i.id == foe for i in s.sheets["orc"].items)
    assert s.sheets["orc"].item_slots == 4 and rules.violations(match) == []


def test_a_hero_killed_by_the_dragons_rules_leaves_his_deed_counters_as_in_return_of_the_heroes(game):
    """Return of the Heroes (Hit Points, Death): what a dead hero does not bequeath stays where he
    died - his deed's counters among it - whichever box's creature killed him (here the Dragon's rules
    of a wound): he keeps one thing, the precious stone before a deed counter (our key)."""
    _, content = game
    match = new(game)
    s = match.state
    hero = s.turn.hero
    hs = s.at[hero]
    part = next(i for i in s.bag if content.spec(i).deed)
    s.bag.remove(part)
    hs.card.append(part)
    hs.stone = True
    at = hs.field
    kill(s.sheets[hero])
    dragon_life.die(context.dragon(ctx_of(match)), hero, "a test's blow")
    assert hs.stone and not hs.card and part in s.board.get(at, [])
    assert hs.field == hs.manor and game[0].violations(match) == []


def test_fear_leaves_the_nameless_and_his_guards_on_the_tower(game):
    """Fear!: "All open counters on all region maps adjacent to the Dragon's lair ... flee into the
    bag" - the tower's map laid beside the Dragon's: the Nameless and his Guards stay (ours: neither
    book puts the Nameless's company back into the bag), another open counter there flees."""
    _, content = game
    match = new(game)
    s = match.state
    s.layout = ["TACDW", "UKJXB", "SEGNH", "YFIZV", "RMLOP"]          # H beside V
    for fid in [f for f in s.board if f.startswith("H")]:
        for inst in list(s.board[fid]):
            lift(s, inst)
            s.removed.append(inst)
    (nameless,) = instances(content, "roth", effect="nameless")
    guards = instances(content, "roth", effect="guard")
    s.aside = [i for i in s.aside if i not in [nameless, *guards]]
    put(s, "H3", nameless)
    posts = [f for f in content.roth.board.with_feature("guard_post")]
    for g, post in zip(guards, posts):
        put(s, post, g)
    plain = next(i for i in s.bag if i in content.boxes.roth.instances and not content.spec(i).chit
                 and not content.spec(i).artifact and not content.spec(i).effect)
    s.bag.remove(plain)
    put(s, "H1", plain)
    s.nameless, s.guards = "on_tower", "posted"
    dragon_events.fear(context.dragon(ctx_of(match)))
    assert where(s, nameless) == "H3" and all(where(s, g) in posts for g in guards)
    assert plain in s.bag and where(s, plain) is None


def test_a_creature_beaten_waits_aside_once_while_clairvoyance_is_chosen(game):
    """Return of the Heroes' beaten creature goes into the bag once its replacement is drawn, and the
    Dragon's Clairvoyance lets the drawer pick instead ("a defeated creature waits aside meanwhile"):
    beaten by Return of the Heroes' rules, which set it aside already, it waits there once, and goes
    into the bag after the draw (the table's route search found it lying aside twice)."""
    rules, content = game
    match = new(game, heroes=("mage", "leandra"))
    s = match.state
    spell = next(i for i in content.boxes.dragon.instances if content.boxes.dragon.spec(i).artifact == "clairvoyance")
    for pile in (s.bag, s.city, s.market, s.aside):
        if spell in pile:
            pile.remove(spell)
    s.sheets["mage"].items.append(Item(spell))
    if where(s, "skeletons-1"):
        lift(s, "skeletons-1")
    if "skeletons-1" in s.bag:
        s.bag.remove("skeletons-1")
    s.aside.append("skeletons-1")                   # as Return of the Heroes' fight sets it aside
    s.turn.hero, s.order = "mage", s.heroes.index("mage")
    events = family_draws.replace(context.roth(ctx_of(match)), roth_draws.BAG, "mage", "mage beat Skeletons",
                                  then_bag="skeletons-1")
    assert [e["event"] for e in events] == ["draw_pending"] and s.aside.count("skeletons-1") == 1
    assert rules.violations(match) == []
    rules.apply(match, {"do": "draw"})
    assert "skeletons-1" not in s.aside and s.bag.count("skeletons-1") == 1 and rules.violations(match) == []
