"""Return of the Heroes' Alternative Rules: the Standard Game (its set-up, Options 1 and 2) and the
Unknown Land (regions turned up as the heroes explore them), on the shipped content; each case
quotes the book (Return of the Heroes, "Alternative Rules: The Standard Game", "Alternative Rules:
The Unknown Land")."""

from __future__ import annotations

from collections import Counter

import pytest

from overlord.core.game import RulesError
from overlord.games.heroes.regions import OPPOSITE, relaid
from overlord.games.heroes.sheet import Item
from overlord.games.heroes.state import face_up, put, where
from overlord.games.roth import draws, lands, moves
from overlord.games.roth.counters import CHITS_PER_REGION
from overlord.games.roth.invariants import violations
from overlord.games.roth.narrate import narrate
from overlord.games.roth.regions import SEPARATED, start_field
from overlord.games.roth.setup import new_state
from overlord.games.roth.state import Ctx, TurnState, laid_out, own_layout
from roth_helpers import box_fixture, unplace

standard = box_fixture("standard", variant="standard")
option1 = box_fixture("option1", rules="{nameless_at_start: true}", variant="standard")
option2 = box_fixture("option2", rules="{deeds_at_court: true}", variant="standard")
unknown = box_fixture("unknown", variant="unknown_land")
intro = box_fixture("intro")

PARTIES = {1: ["leandra"], 2: ["leandra", "gro"], 3: ["leandra", "gro", "frieda"],
           4: ["leandra", "gro", "frieda", "glingal"]}
SEEDS = range(6)


def corner_letters(s) -> dict[str, str]:
    rows = s.layout
    return {name: rows[r][k] for name in lands.CORNERS for r, k in [lands.corner(name, len(rows), len(rows[0]))]}


def home_of(s, hero: str) -> str:
    return s.at[hero].manor[0]


# -- the Standard Game: the regions --------------------------------------------------------------------

@pytest.mark.parametrize("heroes, corners", [
    pytest.param(1, ["NW"], id="one player: a corner"),
    pytest.param(2, ["NW", "SE"], id="\"When there are two players, two opposite corners are chosen\""),
    pytest.param(3, ["NW", "SE", "NE"], id="\"In a three-player game, a face down region is simply used for one corner\""),
    pytest.param(4, ["NW", "SE", "NE", "SW"], id="\"The home regions are placed on the corners of the map\""),
])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_home_regions_lie_on_the_corners(standard, heroes, corners, seed):
    """"every player draws one region from the pack. This is their home region ... The home regions
    are placed on the corners of the map"; "Your manor house is placed in your home region and your
    character on the field next to it"."""
    s = new_state(standard, PARTIES[heroes], seed)
    at_corner = corner_letters(s)
    homes = [home_of(s, h) for h in s.heroes]
    assert homes == [at_corner[c] for c in corners]
    for h in s.heroes:
        board = laid_out(s, standard).board
        assert board.field(s.at[h].manor).feature == "manor"
        assert s.at[h].field == start_field(board, s.at[h].manor)
    others = [at_corner[c] for c in lands.CORNERS if c not in corners]
    assert not set(others) & set(homes)        # the corners left hold regions nobody drew as a home


@pytest.mark.parametrize("seed", SEEDS)
def test_nameless_and_temple_are_never_drawn_as_homes_but_lie_on_the_board(standard, seed):
    """"The regions 'Nameless' (H) and 'Temple' (N) are separated and rest shuffled ... Afterwards,
    the remaining regions, including the two that were separated, are shuffled again and set up"."""
    s = new_state(standard, PARTIES[4], seed)
    assert not {home_of(s, h) for h in s.heroes} & set(SEPARATED)
    assert sorted(ch for row in s.layout for ch in row) == sorted(standard.board.grid)
    assert sorted(s.explored) == sorted(standard.board.grid)        # "we expose the face down regions? Exactly."


def test_the_layout_is_shuffled_by_the_games_generator(standard):
    """"the remaining regions ... are shuffled again": a seed lays the board the same way every
    time, and other seeds lay it otherwise."""
    layouts = {seed: new_state(standard, PARTIES[2], seed).layout for seed in SEEDS}
    assert layouts[0] == new_state(standard, PARTIES[2], 0).layout
    assert len({tuple(v) for v in layouts.values()}) == len(SEEDS)
    assert list(own_layout(standard)) not in layouts.values()


def test_the_maps_are_joined_where_they_now_touch(standard):
    """The maps laid anew: each keeps its own routes, and "the entry fields of two maps that touch are
    joined by a route" as they lie (each map is laid north up: every map has an entry field at the
    middle of each side, so any map fits beside any other)."""
    s = new_state(standard, PARTIES[2], 3)
    board = laid_out(s, standard).board
    own = standard.board
    for fid, f in board.fields.items():
        assert [g for g in board.walk[fid] if g[0] == f.region] == [g for g in own.walk[fid] if g[0] == f.region]
    for r, row in enumerate(s.layout):
        for k, letter in enumerate(row):
            for side, (dr, dk) in {"E": (0, 1), "S": (1, 0)}.items():
                if r + dr < len(s.layout) and k + dk < len(row):
                    other = s.layout[r + dr][k + dk]
                    assert board.entry(other, OPPOSITE[side]) in board.walk[board.entry(letter, side)]


def test_the_introductory_layout_is_the_contents_own_board(intro):
    """The introductory game's board is the maps as the box lays them: laid anew the same way, the
    same board."""
    s = new_state(intro, PARTIES[2], 1)
    assert laid_out(s, intro) is intro
    assert relaid(intro.board, list(own_layout(intro))).walk == intro.board.walk


# -- the Standard Game: the counters, the Nameless, the deeds, the heroes -----------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_two_chits_lie_face_down_on_each_region(standard, seed):
    """"distribute two random encounter chits on each region! They are placed on any tan fields"
    (ours: the introductory game's set-up spots, on the board as it lies)."""
    s = new_state(standard, PARTIES[3], seed)
    board = laid_out(s, standard).board
    chits = [i for here in s.board.values() for i in here if standard.spec(i).chit]
    assert Counter(where(s, i)[0] for i in chits) == {r: CHITS_PER_REGION for r in standard.board.grid}
    assert all(not face_up(s, i) and board.field(where(s, i)).colour == "tan" for i in chits)


@pytest.mark.parametrize("counter, why", [
    pytest.param("book-of-curses", "the magic artifacts ... are put into the bag instead of on the map", id="book-of-curses"),
    pytest.param("magic-broomstick", "the magic artifacts ... are put into the bag instead of on the map", id="broomstick"),
    pytest.param("mice", "The mice counter ... also goes in the bag", id="mice"),
])
def test_the_magic_artifacts_and_the_mice_go_into_the_bag(standard, intro, counter, why):
    s, first = new_state(standard, PARTIES[2], 1), new_state(intro, PARTIES[2], 1)
    assert counter in s.bag and where(s, counter) is None
    assert counter not in first.bag                     # the introductory game: on the map, or out of it


def test_the_first_parts_of_the_heroic_deeds_go_into_the_bag(standard):
    """"the first part of the heroic deeds are put into the bag instead of on the map"; the deeds
    nobody holds are out of the game."""
    s = new_state(standard, PARTIES[2], 1)
    held = {d for h in s.heroes for d in s.at[h].deeds}
    for inst, cid in standard.instances.items():
        deed = standard.counters[cid].deed
        if deed:
            assert (inst in s.bag) == (deed in held) and (inst in s.removed) == (deed not in held)
            assert where(s, inst) is None


@pytest.mark.parametrize("seed", SEEDS)
def test_one_of_the_six_nameless_is_drawn_face_down(standard, seed):
    """"One of the six Nameless cards is drawn face down from the deck, and the rest are removed from
    the game (also face down)": the card is the generator's, and nobody is told it."""
    s = new_state(standard, PARTIES[2], seed)
    assert s.nameless_card in standard.nameless and s.looked == []
    assert s.nameless_card not in str(s.log)


def test_the_nameless_drawn_is_not_always_the_introductory_one(standard):
    """"It is not evident at the beginning of the game who we have to fight at the end"."""
    assert len({new_state(standard, PARTIES[2], seed).nameless_card for seed in range(20)}) > 1


def test_every_player_is_dealt_two_heroic_deeds(standard):
    """"The heroic deeds are shuffled, and every player is dealt two of the cards"."""
    s = new_state(standard, PARTIES[4], 2)
    dealt = [d for h in s.heroes for d in s.at[h].deeds]
    assert all(len(s.at[h].deeds) == 2 for h in s.heroes) and len(set(dealt)) == len(dealt)
    assert [e["event"] for e in s.log] == ["setup", "deeds_dealt"]


def test_option_1_the_nameless_is_in_the_bag_from_the_start(option1, standard):
    """"Option 1: The Nameless counter is placed in the bag right from the start"."""
    assert new_state(option1, PARTIES[2], 1).nameless == "in_bag"
    assert new_state(standard, PARTIES[2], 1).nameless == "absent"


def test_option_2_the_deeds_wait_at_the_royal_court(option2):
    """"Option 2: The heroic deeds are not distributed at the beginning of the game, but rather have to
    be picked up in the royal court"."""
    s = new_state(option2, PARTIES[2], 1)
    assert all(not s.at[h].deeds for h in s.heroes) and sorted(s.court) == sorted(option2.deeds)


def test_the_cleric_may_be_chosen(standard, intro):
    """"Can we choose the cleric as our hero? Naturally. You can pick one of the five heroes"; the
    introductory game is played by four."""
    assert "frieda" in new_state(standard, ["frieda", "leandra"], 1).heroes
    with pytest.raises(RulesError, match="introductory game is played by"):
        new_state(intro, ["frieda", "leandra"], 1)


def test_a_standard_game_keeps_its_invariants_from_the_start(standard):
    s = new_state(standard, PARTIES[4], 4)
    assert violations(s, standard) == []


# -- the Unknown Land -------------------------------------------------------------------------------

@pytest.mark.parametrize("heroes", [1, 2, 3, 4])
def test_the_regions_remain_face_down_but_the_homes(unknown, heroes):
    """"The regions remain face down and have to be explored": the homes lie turned up with their two
    chits; the chits of the regions face down wait in a pile of their own (ours)."""
    s = new_state(unknown, PARTIES[heroes], 1)
    assert sorted(s.explored) == sorted(home_of(s, h) for h in s.heroes)
    assert sorted(laid_out(s, unknown).board.grid) == sorted(s.explored)
    assert {where(s, i)[0] for here in s.board.values() for i in here} <= set(s.explored)
    assert len(s.land_chits) == CHITS_PER_REGION * (16 - heroes)
    assert violations(s, unknown) == []


def way_to(ctx, hero: str, target: str) -> str:
    """The way (north, east...) the hero steps onto ``target``, the entry field of a region face down."""
    (way,) = [w for w, f in lands.explore_ways(ctx, hero).items() if f == target]
    return way


def explorer(unknown, side: str, seed: int = 1):
    """A state where a hero stands on his home region's entry field on ``side``, a region face down
    beyond it: the first hero (north-west) for east and south, the second (south-east) for west and
    north."""
    s = new_state(unknown, PARTIES[2], seed)
    hero = "leandra" if side in "ES" else "gro"
    board = laid_out(s, unknown).board
    s.at[hero].field = board.entry(home_of(s, hero), side)
    s.turn = TurnState(hero=hero, mp=3)
    return s, hero


@pytest.mark.parametrize("side, ends", [
    pytest.param("S", ("E", "W"), id="\"If I enter the region from the north, the chits are placed on the fields on the east and west ends\""),
    pytest.param("E", ("N", "S"), id="\"If I'm coming from the west, they are put on the north and south ends\""),
    pytest.param("N", ("E", "W"), id="from the south: the east and west ends"),
    pytest.param("W", ("N", "S"), id="from the east: the north and south ends"),
])
def test_a_region_entered_is_turned_up_with_two_chits_on_its_opposite_ends(unknown, side, ends):
    """"If a character moves into an unexplored region, it is turned over and the character is placed
    on the first field in the direction entered. Two random encounter chits are drawn and put on two
    opposite ends of the region"."""
    s, hero = explorer(unknown, side)
    ctx = Ctx.open(s, unknown)
    whole = laid_out(s, unknown, whole=True).board
    here = s.at[hero].field
    (target,) = [f for f in whole.walk[here] if f[0] != here[0]]
    letter = target[0]
    assert letter not in s.explored and target == whole.entry(letter, OPPOSITE[side])
    way = {"N": "north", "E": "east", "S": "south", "W": "west"}[side]
    assert moves.step_targets(ctx, hero)[-1:] == [way]     # offered by the way he goes: the field would name the region
    assert target not in moves.step_targets(ctx, hero)
    pile = list(s.land_chits[:2])
    out = moves.step(ctx, hero, way)
    assert letter in s.explored and s.at[hero].field == target
    assert [e for e in out if e["event"] == "explored"][0]["chits"] == [whole.entry(letter, e) for e in ends]
    assert [s.board[whole.entry(letter, e)] for e in ends] == [[pile[0]], [pile[1]]]
    assert not any(face_up(s, i) for i in pile) and len(s.land_chits) == CHITS_PER_REGION * (16 - 3)
    assert s.turn.mp == 2                       # ours: a step, one movement point
    assert violations(s, unknown) == []


def test_a_region_face_down_is_on_no_board_the_rules_read(unknown):
    """"The regions remain face down and have to be explored": no step, teleport or placing reaches a
    region face down but by exploring it."""
    s, hero = explorer(unknown, "E")
    ctx = Ctx.open(s, unknown)
    assert all(f[0] in s.explored for f in ctx.c.board.fields)
    assert all(f[0] in s.explored for f in draws.family.candidate_fields(ctx, draws.BAG, None))


def only_in_bag(s, inst: str) -> None:
    """The counter ``inst`` the only one in the bag (the others set out of the game), for a draw."""
    unplace(s, inst)
    s.removed += s.bag
    s.bag = [inst]


def face_down_counter(s, unknown) -> str:
    """A counter with coordinates on a region face down, not on the map."""
    return next(i for i, cid in sorted(unknown.instances.items()) if unknown.counters[cid].at
                and unknown.counters[cid].at[0] not in s.explored and unknown.counters[cid].effect == ""
                and not unknown.counters[cid].deed)


def test_a_counter_for_a_region_face_down_waits_beside_the_map(unknown):
    """"If counters are drawn with coordinates for regions that have not been explored, they are
    placed next to the map and put on their positions only when their region is explored"."""
    s, hero = explorer(unknown, "E")
    ctx = Ctx.open(s, unknown)
    whole = laid_out(s, unknown, whole=True).board
    (target,) = [f for f in whole.walk[s.at[hero].field] if f[0] != s.at[hero].field[0]]
    inst = next(i for i, cid in sorted(unknown.instances.items()) if unknown.counters[cid].at[:1] == target[0]
                and not unknown.counters[cid].deed and unknown.counters[cid].effect not in ("nameless", "guard"))
    only_in_bag(s, inst)
    out = draws.draw_one(ctx, hero, "a test's draw")
    assert inst in s.waiting and where(s, inst) is None and [e["event"] for e in out][-1] == "waiting"
    assert violations(s, unknown) == []
    out = moves.step(ctx, hero, way_to(ctx, hero, target))
    assert inst not in s.waiting and where(s, inst) == unknown.spec(inst).at
    assert violations(s, unknown) == []


def test_a_counter_for_a_region_explored_is_placed_at_once(unknown):
    """"Counters with coordinates that have already been drawn are placed on the explored regions"."""
    s, hero = explorer(unknown, "E")
    ctx = Ctx.open(s, unknown)
    inst = face_down_counter(s, unknown)
    s.explored = sorted(s.explored + [unknown.spec(inst).at[0]])
    only_in_bag(s, inst)
    draws.draw_one(ctx, hero, "a test's draw")
    assert where(s, inst) == unknown.spec(inst).at and not s.waiting


def beside_the_tower(unknown):
    """A state where the Nameless's region H is face down and a hero stands on the entry field of a
    region turned up beside it, facing it."""
    s = new_state(unknown, PARTIES[2], 1)
    whole = laid_out(s, unknown, whole=True).board
    side, near = next((side, n) for side, n in zip("NESW", whole.adjacent_regions("H"))
                      if whole.entry("H", side) in whole.walk[whole.entry(n, OPPOSITE[side])])
    if near not in s.explored:
        s.explored = sorted(s.explored + [near])
    s.at["leandra"].field = whole.entry(near, OPPOSITE[side])
    s.turn = TurnState(hero="leandra", mp=3)
    return s, whole.entry("H", side)


def test_the_nameless_is_only_active_when_his_region_is_explored(unknown):
    """"The 'Nameless' counter is only active when its region is explored and the counter can be
    placed on its coordinates"."""
    s, into_h = beside_the_tower(unknown)
    assert "H" not in s.explored
    ctx = Ctx.open(s, unknown)
    nameless = next(i for i in unknown.instances if unknown.spec(i).effect == "nameless")
    only_in_bag(s, nameless)
    s.nameless = "in_bag"
    out = draws.draw_one(ctx, "leandra", "a test's draw")
    assert s.nameless == "waiting" and nameless in s.waiting and where(s, nameless) is None
    assert s.guards == "absent" and [e["event"] for e in out][-1] == "nameless_waiting"
    assert violations(s, unknown) == []
    moves.step(ctx, "leandra", way_to(ctx, "leandra", into_h))
    assert s.nameless == "on_tower" and where(s, nameless) == "H3" and s.guards == "posted"
    assert violations(s, unknown) == []


def test_the_broomstick_rolls_no_die_for_a_region_face_down(unknown):
    """"The 'Magic Broomstick' counter: If the region where the magic broomstick returns on a roll of 1
    has not been explored, no die is rolled"."""
    home = unknown.spec("magic-broomstick").at
    s, hero = next((s, h) for seed in SEEDS for s, h in [explorer(unknown, "E", seed)] if home[0] not in s.explored)
    s.sheets[hero].items.append(Item("magic-broomstick", "Magic Broomstick"))
    ctx = Ctx.open(s, unknown)
    to = next(f for f in moves.fly_targets(ctx, hero) if f[0] == s.at[hero].field[0] and not s.board.get(f))
    out = moves.fly(ctx, hero, to)
    assert not [e for e in out if e["event"] == "broomstick_roll"]



def test_a_later_parts_creature_drawn_early_is_passed_by(standard):
    """The Standard Game puts "the first part of the heroic deeds ... into the bag" with the rest: a
    creature of a later part may lie on the map before its part comes; "the parts of a heroic deed
    are done in order" (ours), so its holder passes it by until then instead of being held to a fight
    he may not fight."""
    deed, k, creature = next((d, k, step.vanquish) for d, spec in sorted(standard.deeds.items())
                             for k, step in enumerate(spec.steps) if k and step.vanquish)
    s = new_state(standard, PARTIES[2], 1)
    s.at["leandra"].deeds = {deed: 0}
    board = laid_out(s, standard).board
    here = s.at["leandra"].field
    to = next(f for f in board.walk[here] if not board.field(f).is_hidden and not board.field(f).feature)
    unplace(s, creature)
    s.board.pop(to, None)
    s.down = [i for i in s.down if where(s, i) is not None]
    put(s, to, creature)
    s.turn = TurnState(hero="leandra", mp=3)
    moves.step(Ctx.open(s, standard), "leandra", to)
    assert s.at["leandra"].field == to and s.turn.combat == "" and k > 0
    s.at["leandra"].deeds = {deed: k}
    s.at["leandra"].field, s.turn = here, TurnState(hero="leandra", mp=3)
    moves.step(Ctx.open(s, standard), "leandra", to)
    assert s.turn.combat == creature


def test_the_table_tells_what_is_explored_and_what_waits(unknown):
    """The narration names the region turned up and where its chits lie (not what they are), and a
    counter waiting beside the map with the region it waits for."""
    s, hero = explorer(unknown, "E")
    ctx = Ctx.open(s, unknown)
    whole = laid_out(s, unknown, whole=True).board
    (target,) = [f for f in whole.walk[s.at[hero].field] if f[0] != s.at[hero].field[0]]
    inst = face_down_counter(s, unknown)
    only_in_bag(s, inst)
    out = draws.draw_one(ctx, hero, "a test's draw") + moves.step(ctx, hero, way_to(ctx, hero, target))
    lines = narrate(s, unknown, out)
    region = unknown.spec(inst).at[0]
    assert f"{unknown.spec(inst).name} waits beside the map for {unknown.spec(inst).at} (region {region} is not " \
           "explored yet)" in "\n".join(lines)
    told = next(line for line in lines if "explores" in line)
    assert f"explores region {target[0]}" in told and all(whole.entry(target[0], e) in told for e in "NS")
    assert not any(unknown.spec(i).name in told for i in s.board.get(whole.entry(target[0], "N"), []))
