"""Heroes in the Underworld: the rules that happen to heroes - items and victory points here,
and the shared helper (``make_state``) the other ``test_underworld_<topic>.py`` files import.

Rule readings are listed in the docstrings of ``overlord.games.underworld.items``,
``handling`` and ``scoring``.
"""

import copy

import pytest

from overlord.core.rng import new_rng, rng_state
from overlord.games.heroes.sheet import (
    RulesError,
    gain_cube,
    movement_allowance,
    new_sheet,
)
from overlord.games.underworld import combat
from overlord.games.underworld.handling import lose_life_points, relocate
from overlord.games.underworld.items import (
    discard_item,
    drink,
    item_of,
    lightning_bolts,
    take,
    trade_for_gold,
)
from overlord.games.underworld.scoring import victory_points
from overlord.games.underworld.setup import shipped_catalogue
from overlord.games.underworld.state import (
    CounterSpec,
    TurnState,
    UnderworldState,
    counter_problems,
    instance_ids,
    where,
)
from overlord.games.underworld.tiles import PlacedTile, TileSpec, setup

# the shipped counters, every one ("Test rules on the shipped content wherever it exists")
SHIPPED = shipped_catalogue()
CATALOGUE = list(SHIPPED.values())
TILES = [TileSpec("styx", "styx", "Styx", "NESW", arrow=True)] + [
    TileSpec(t, "place", name, "NESW") for t, name in
    [("lethe", "Lethe"), ("hades", "Hades"), ("kriterion", "Kriterion"), ("erebos", "Erebos"),
     ("tartaros", "Tartaros"), ("elysion", "Elysion"), ("field", "Asphodelion")]]
HEROES = ["hippolyte", "ture"]
THRESHOLDS = {"magic": [2, 4, 6], "ranged": [2, 4, 6], "close": [2, 4, 6]}


def make_state(seed: int = 1, solitaire: bool = False, active: str = "hippolyte") -> UnderworldState:
    """Two heroes on Styx, every tile placed (in a row), every counter in its starting heap;
    ``active``'s turn in Phase 3, begun on Styx."""
    rng = new_rng(seed)
    m = setup(TILES, HEROES, rng)
    m.stacks = [[], [], []]
    for i, spec in enumerate(TILES[1:], start=1):
        m.placed.append(PlacedTile(spec.id, [i, 0], "NESW", 0, []))
    catalogue = copy.deepcopy(SHIPPED)
    sheets = {
        "hippolyte": new_sheet("hippolyte", {"magic": 5, "ranged": 6, "close": 7}, THRESHOLDS, 3, 5, 2),
        "ture": new_sheet("ture", {"magic": 8, "ranged": 5, "close": 4}, THRESHOLDS, 3, 5, 2),
    }
    state = UnderworldState("test", seed, list(HEROES), rng_state(rng), m, catalogue, sheets, solitaire=solitaire)
    for spec in CATALOGUE:
        heap = {"item": "treasure", "black_weapon": "treasure", "trap": "treasure", "damned_creature": "treasure",
                "special_weapon": "card", "damned_one": "card"}.get(spec.kind, "adventure")
        getattr(state, heap).extend(instance_ids(spec))
    state.turn = TurnState(hero=active, phase="act", started_on="styx")
    return state


def put(state, cid, tile):
    """Counter ``cid`` face up on ``tile``."""
    relocate(state, cid, f"tile:{tile}")


def stand(state, hero, tile):
    state.map.heroes[hero] = tile


def give(state, hero, cid):
    relocate(state, cid, f"items:{hero}", item=item_of(state, cid))


def heap(state, *cids):
    """The treasure heap is exactly ``cids`` (the others leave the game), face-up pile empty."""
    for c in list(state.treasure) + list(state.treasure_up):
        if c not in cids:
            relocate(state, c, "removed")
    for c in cids:
        if where(state, c) != "treasure":
            relocate(state, c, "treasure")


def fake_damned(monkeypatch):
    """Stand-in for ``damned.avatar_defeated`` (another developer's module)."""
    calls = []

    def avatar_defeated(state, avatar_id, hero):
        calls.append((avatar_id, hero))
        relocate(state, avatar_id, "card")
        return [{"event": "avatar_banished", "avatar": avatar_id, "why": "fake"}]

    monkeypatch.setattr(combat, "avatar_defeated", avatar_defeated)     # combat imports it at its top
    return calls


# -- the helper itself ---------------------------------------------------------------------------

def test_a_fresh_state_has_every_counter_in_one_place():
    state = make_state()
    assert counter_problems(state) == []


# -- items ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("cid, kind, bonus, special, black", [
    ("sickle-1", "weapon", {"close": 1}, False, None),
    ("breastplate-1", "armour", {}, False, None),
    ("soul-sword", "weapon", {"close": 2}, False, "close"),     # HitU: "Soul Sword – Black Item"
    ("scythe-of-thanatos", "weapon", {"close": 2}, True, None),            # HitU: "Scythe of Thanatos – Item (Special Weapon)"
    ("trap-1", None, None, None, None),                        # HitU: traps are treasure markers, not items
])
def test_item_of(cid, kind, bonus, special, black):
    state = make_state()
    if kind is None:
        with pytest.raises(RulesError):
            item_of(state, cid)
    else:
        item = item_of(state, cid)
        assert (item.id, item.kind, item.bonus, item.special, item.black) == (cid, kind, bonus, special, black)
    assert counter_problems(state) == []


def test_taking_an_item_puts_it_on_a_free_box():
    # HitU "Items": "the player must place the item marker on a free box in the item section"
    state = make_state()
    events = take(state, "hippolyte", "sickle-1")
    assert where(state, "sickle-1") == "items:hippolyte"
    assert events[-1]["event"] == "item_taken" and state.log[-1] == events[-1]
    assert counter_problems(state) == []


def test_taking_a_black_weapon_feeds_the_dark_side():
    # HitU Soul Sword: "If the Soul Sword is taken by a hero, 1 SC must be placed on the Dark Side."
    state = make_state()
    take(state, "hippolyte", "soul-sword")
    assert state.dark_side == 1
    assert counter_problems(state) == []


@pytest.mark.parametrize("first, second, allowed", [
    ("sickle-1", "soul-sword", False),   # HitU: "exactly 1 weapon (plus 'combinable' weapons)"
    ("sickle-1", "ring", True),          # HitU Ring: "can be combined with another item"
    ("breastplate-1", "mail-of-persephone", False),    # HitU: "exactly 1 Armor item (plus a shield and/or helmet)"
])
def test_carrying_limits(first, second, allowed):
    state = make_state()
    take(state, "hippolyte", first)
    if allowed:
        take(state, "hippolyte", second)
        assert where(state, second) == "items:hippolyte"
    else:
        with pytest.raises(RulesError):
            take(state, "hippolyte", second)
    assert counter_problems(state) == []


def test_trading_for_gold():
    # HitU "Treasure": "it can be exchanged for 1 gold piece"; "Black weapons may not be traded for gold."
    state = make_state()
    trade_for_gold(state, "hippolyte", "sickle-1")
    assert state.sheets["hippolyte"].gold == 3 and where(state, "sickle-1") == "treasure_up"
    with pytest.raises(RulesError, match="may not be traded"):
        trade_for_gold(state, "hippolyte", "soul-sword")
    assert counter_problems(state) == []


@pytest.mark.parametrize("shadow_on, allowed", [
    (None, True),
    ("magic", True),
    ("close", False),   # HitU: "it cannot be discarded unless the hero loses all Shadow Cubes in the Close Combat skill"
])
def test_discarding_a_black_weapon(shadow_on, allowed):
    state = make_state()
    give(state, "hippolyte", "soul-sword")
    if shadow_on:
        gain_cube(state.sheets["hippolyte"], "black", shadow_on)
    if allowed:
        discard_item(state, "hippolyte", "soul-sword")
        assert where(state, "soul-sword") == "treasure_up"
        # HitU: "The player will receive 1 gold for a discarded weapon or armor."
        assert state.sheets["hippolyte"].gold == 3
    else:
        with pytest.raises(RulesError):
            discard_item(state, "hippolyte", "soul-sword")
        assert where(state, "soul-sword") == "items:hippolyte"
    assert counter_problems(state) == []


def test_discarded_special_weapon_goes_back_to_the_card():
    state = make_state()
    give(state, "hippolyte", "scythe-of-thanatos")
    discard_item(state, "hippolyte", "scythe-of-thanatos")
    assert where(state, "scythe-of-thanatos") == "card"
    assert counter_problems(state) == []


def test_lightning_bolts_once():
    # HitU Lightning Bolts: "increase of a skill level of the player's choosing by +2. Can only be used once."
    state = make_state()
    give(state, "hippolyte", "lightning-bolts")
    plus, _ = lightning_bolts(state, "hippolyte", "lightning-bolts", "magic")
    assert plus == 2 and where(state, "lightning-bolts") == "treasure_up"
    with pytest.raises(RulesError):
        lightning_bolts(state, "hippolyte", "lightning-bolts", "magic")
    assert counter_problems(state) == []


def test_gold_bag():
    # HitU Gold Bag: "the number of Gold Pieces granted to the hero. After taking the gold, discard the marker."
    state = make_state()
    take(state, "hippolyte", "large-gold-bag")
    assert state.sheets["hippolyte"].gold == 5 and where(state, "large-gold-bag") == "treasure_up"
    assert counter_problems(state) == []


def test_nektar_heals_natural_life():
    # HitU: "Only natural LP can be healed or regenerated."
    state = make_state()
    give(state, "hippolyte", "nektar-1")
    state.sheets["hippolyte"].natural = 2
    drink(state, "hippolyte", "nektar-1")     # ours: the counter's hearts (1) are the LP it heals
    assert state.sheets["hippolyte"].natural == 3 and where(state, "nektar-1") == "treasure_up"
    state.catalogue["nektar"].hearts = 0    # 0: every natural LP
    relocate(state, "nektar-1", "treasure")
    give(state, "hippolyte", "nektar-1")
    drink(state, "hippolyte", "nektar-1")
    assert state.sheets["hippolyte"].natural == 5
    assert counter_problems(state) == []


def test_sandals_and_the_centaur():
    # HitU Sandals: "Increases MP by +1. Cannot be used by the Centaur."
    state = make_state()
    take(state, "hippolyte", "sandals")
    assert movement_allowance(state.sheets["hippolyte"]) == 4
    state.rules["abilities"] = {"ture": "centaur"}
    relocate(state, "sandals", "treasure_up")
    with pytest.raises(RulesError, match="Centaur"):
        take(state, "ture", "sandals")
    assert counter_problems(state) == []


def test_item_destroyed_when_its_artificial_life_is_lost():
    # HitU: "Items that grant more than 1 LP are only discarded if all of the LPs granted by that item are lost."
    state = make_state()
    give(state, "hippolyte", "breastplate-1")
    lose_life_points(state, "hippolyte", source="breastplate-1")
    assert where(state, "breastplate-1") == "items:hippolyte"
    lose_life_points(state, "hippolyte", source="breastplate-1")
    assert where(state, "breastplate-1") == "treasure_up"
    assert state.sheets["hippolyte"].natural == 5
    assert counter_problems(state) == []


# -- victory points -------------------------------------------------------------------------------

@pytest.mark.parametrize("gold, cubes, skills, natural, dark, points", [
    # "Each piece of gold, each EC, and each increase in skill level grants +10 points."
    (2, [], {}, 5, 5, (10 * 2) * 5 / 5),
    (0, ["red", "red", "blue"], {"close": 8}, 4, 2, (10 * 4) * 4 / 2),
    # "Each skill level lowered, and each SC, grants -20 points."
    (3, ["black"], {"magic": 4}, 2, 4, (30 - 40) * 2 / 4),
    # "multiplied by the total number of remaining natural LPs and then divided by the number of Shadow Cubes"
    (1, [], {}, 3, 0, 10 * 3 / 1),
])
def test_victory_points(gold, cubes, skills, natural, dark, points):
    state = make_state()
    sheet = state.sheets["hippolyte"]
    sheet.gold = gold
    for c in cubes:
        gain_cube(sheet, c, "magic" if c == "black" else None)
    sheet.skills.update(skills)
    sheet.natural = natural
    result = victory_points(state, "hippolyte", dark)
    assert result["points"] == pytest.approx(points)
    assert result["arithmetic"].endswith(f"= {points:g}")
    assert counter_problems(state) == []
