"""Descent 2e dice and monster attacks for headless play (Forgotten Souls: "Combat", "Surges",
"Spending Surges Example"). The faces are our reconstruction; the per-die marginals they must
match are the published ones (Descent community wiki)."""

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from overlord.content.validate import load_content
from overlord.core.rng import new_rng, rng_state
from overlord.games.descent.dice import (
    DICE,
    AttackResult,
    Roll,
    attack,
    parse_surge,
    roll,
    spend_surges,
)

MONSTERS = Path(__file__).resolve().parents[1] / "decks" / "forgotten-souls" / "monsters.yaml"
FIELDS = {"range": 0, "hearts": 1, "surges": 2, "shields": 3, "miss": 4}

# (field, "=" or ">=", value, probability) - the published marginals, as given.
MARGINALS = {
    "blue": [("miss", "=", True, Fraction(1, 6)),
             *[("range", "=", r, Fraction(1, 6)) for r in (2, 3, 4, 5, 6)],
             ("hearts", ">=", 1, Fraction(5, 6)), ("hearts", ">=", 2, Fraction(3, 6)),
             ("hearts", ">=", 3, Fraction(0)),
             ("surges", "=", 1, Fraction(2, 6)), ("surges", ">=", 2, Fraction(0))],
    "yellow": [("range", "=", 1, Fraction(2, 6)), ("range", "=", 2, Fraction(1, 6)),
               ("range", ">=", 3, Fraction(0)),
               ("hearts", ">=", 1, Fraction(5, 6)), ("hearts", ">=", 2, Fraction(2, 6)),
               ("hearts", ">=", 3, Fraction(0)),
               ("surges", "=", 1, Fraction(3, 6)), ("surges", ">=", 2, Fraction(0))],
    "red": [("range", ">=", 1, Fraction(0)),
            ("hearts", ">=", 1, Fraction(6, 6)), ("hearts", ">=", 2, Fraction(5, 6)),
            ("hearts", "=", 3, Fraction(2, 6)), ("hearts", ">=", 4, Fraction(0)),
            ("surges", "=", 1, Fraction(1, 6)), ("surges", ">=", 2, Fraction(0))],
    "green": [("range", "=", 1, Fraction(3, 6)), ("range", ">=", 2, Fraction(0)),
              ("hearts", ">=", 1, Fraction(4, 6)), ("hearts", ">=", 2, Fraction(0)),
              ("surges", "=", 1, Fraction(4, 6)), ("surges", ">=", 2, Fraction(0))],
    "brown": [("shields", ">=", 1, Fraction(3, 6)), ("shields", "=", 2, Fraction(1, 6)),
              ("shields", ">=", 3, Fraction(0))],
    "gray": [("shields", ">=", 1, Fraction(5, 6)), ("shields", ">=", 2, Fraction(2, 6)),
             ("shields", "=", 3, Fraction(1, 6)), ("shields", ">=", 4, Fraction(0))],
    "black": [("shields", ">=", 1, Fraction(5, 6)), ("shields", ">=", 2, Fraction(5, 6)),
              ("shields", ">=", 3, Fraction(2, 6)), ("shields", "=", 4, Fraction(1, 6)),
              ("shields", ">=", 5, Fraction(0))],
}


def probability(die: str, field: str, op: str, value) -> Fraction:
    faces = DICE[die]
    i = FIELDS[field]
    hits = sum(1 for f in faces if (f[i] == value if op == "=" else f[i] >= value))
    return Fraction(hits, len(faces))


# -- the dice ------------------------------------------------------------------------------------

def test_every_die_has_the_published_marginals_exactly():
    assert set(DICE) == set(MARGINALS)
    for die, marginals in MARGINALS.items():
        assert len(DICE[die]) == 6
        for field, op, value, expected in marginals:
            assert probability(die, field, op, value) == expected, (die, field, op, value)


def test_attack_dice_roll_no_shields_defence_dice_only_shields_and_only_blue_misses():
    for die in ("blue", "red", "yellow", "green"):
        assert probability(die, "shields", ">=", 1) == 0
    for die in ("brown", "gray", "black"):
        for field in ("range", "hearts", "surges"):
            assert probability(die, field, ">=", 1) == 0
    for die in DICE:
        assert probability(die, "miss", "=", True) == (Fraction(1, 6) if die == "blue" else 0)
    miss_face = next(f for f in DICE["blue"] if f[4])
    assert miss_face == (0, 0, 0, 0, True)           # an X shows nothing else


# -- rolling -------------------------------------------------------------------------------------

def test_a_roll_sums_the_faces_drawn_by_one_integers_call():
    dice = ["blue", "red", "yellow", "green", "gray", "brown", "black"]
    r = roll(dice, new_rng(11))
    faces = new_rng(11).integers(0, 6, size=len(dice)).tolist()
    assert list(r.faces) == faces and list(r.dice) == dice
    rolled = [DICE[d][i] for d, i in zip(dice, faces)]
    assert (r.range, r.hearts, r.surges, r.shields) == tuple(sum(f[k] for f in rolled) for k in range(4))
    assert r.miss == any(f[4] for f in rolled)


def test_the_same_seed_rolls_the_same_and_the_generator_moves_on():
    assert roll(["blue", "red"], new_rng(3)) == roll(["blue", "red"], new_rng(3))
    rng = new_rng(3)
    rolls = [roll(["blue", "red", "yellow"], rng) for _ in range(20)]
    assert len({r.faces for r in rolls}) > 1
    again = new_rng(3)
    assert rolls == [roll(["blue", "red", "yellow"], again) for _ in range(20)]


def test_an_attack_is_deterministic_and_draws_attack_then_defence():
    args = (["blue", "red"], ["gray", "brown"], 0, ["Disease", "+2 damage"], False)
    assert attack(*args, new_rng(8)) == attack(*args, new_rng(8))
    rng, ref = new_rng(8), new_rng(8)
    result = attack(*args, rng)
    assert list(result.roll.faces) == ref.integers(0, 6, size=2).tolist()
    assert list(result.defense_roll.faces) == ref.integers(0, 6, size=2).tolist()
    assert rng_state(rng) == rng_state(ref)           # exactly two draws


def test_unknown_or_misplaced_dice_are_refused():
    with pytest.raises(ValueError, match="purple"):
        roll(["purple"], new_rng(0))
    with pytest.raises(ValueError, match="not an attack die"):
        attack(["gray"], ["gray"], 0, [], False, new_rng(0))
    with pytest.raises(ValueError, match="not a defence die"):
        attack(["blue"], ["red"], 0, [], False, new_rng(0))


# -- surge abilities -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind, value", [
    ("+1 damage", "damage", 1), ("+2 damage", "damage", 2), ("+3 Damage", "damage", 3),
    ("+1 heart", "damage", 1), ("+2 Health", "damage", 2),
    ("Range +1", "range", 1), ("+2 range", "range", 2), ("Pierce 2", "pierce", 2),
    ("pierce 1", "pierce", 1), ("Disease", "special", 0), ("Mend 2", "special", 0),
    ("Fire Breath", "special", 0), ("Poison", "special", 0),
])
def test_surge_abilities_parse(text, kind, value):
    a = parse_surge(text)
    assert (a.kind, a.value, a.text) == (kind, value, text)


def test_every_shipped_monster_surge_parses():
    loaded = load_content(MONSTERS)
    assert not loaded.problems
    texts = {s for g in loaded.model.monsters.values() for act in (g.act_i, g.act_ii)
             for stats in (act.minion, act.master) for s in stats.surges}
    kinds = {t: parse_surge(t).kind for t in texts}
    assert kinds["+2 damage"] == "damage" and kinds["Disease"] == "special"
    assert {t for t, k in kinds.items() if k == "special"} == {"Disease", "Mend 1", "Mend 2", "Mend 3", "Fire Breath"}


# -- spending surges (pure) --------------------------------------------------------------------

def test_spending_surges_example_act_ii_master_zombie():
    """"Spending Surges Example": Disease would not apply while the zombie deals no damage, so
    the first surge goes on +2 (damage); back at the top of the list, the second on Disease."""
    zombie = load_content(MONSTERS).model.monsters["zombie"].act_ii.master
    assert zombie.surges == ["Disease", "+2 damage"]
    attack_roll = Roll(range=3, hearts=2, surges=2)          # blue + red: 2 hearts, 2 surges
    damage, reach, spent = spend_surges(attack_roll, 2, zombie.surges, 1, ranged=False)
    assert spent == ["+2 damage", "Disease"]
    assert damage == 2 and reach == 3


def test_range_comes_first_when_a_ranged_attack_cannot_reach():
    r = Roll(range=4, hearts=2, surges=1)
    assert spend_surges(r, 0, ["+2 damage", "Range +1"], 5, True) == (2, 5, ["Range +1"])
    assert spend_surges(r, 0, ["+2 damage", "Range +1"], 4, True) == (4, 4, ["+2 damage"])
    # a melee attack never spends on range
    assert spend_surges(r, 0, ["Range +1", "+2 damage"], 5, False) == (4, 4, ["+2 damage"])
    # the largest range bonus first
    assert spend_surges(r, 0, ["Range +1", "+2 range"], 6, True) == (2, 6, ["+2 range"])


def test_out_of_range_after_range_surges_misses_and_spends_nothing_else():
    r = Roll(range=4, hearts=3, surges=2)
    assert spend_surges(r, 0, ["Range +1", "+2 damage", "Disease"], 7, True) == (0, 5, ["Range +1"])
    assert spend_surges(r, 0, ["+2 damage"], 5, True) == (0, 4, [])


def test_a_special_is_spent_only_when_it_has_an_effect():
    no_damage = Roll(hearts=1, surges=1)
    assert spend_surges(no_damage, 3, ["Disease"], 0, False) == (0, 0, [])
    damage = Roll(hearts=3, surges=1)
    assert spend_surges(damage, 1, ["Disease", "+2 damage"], 0, False) == (2, 0, ["Disease"])
    # a caller who knows better: Mend heals the monster whatever the attack deals
    always = lambda name, dealt: name.startswith("Mend")
    assert spend_surges(no_damage, 3, ["Mend 2"], 0, False, has_effect=always) == (0, 0, ["Mend 2"])
    assert spend_surges(damage, 0, ["Disease"], 0, False, has_effect=lambda n, d: False) == (3, 0, [])


def test_pierce_only_while_shields_remain_unpierced():
    r = Roll(hearts=3, surges=1)
    assert spend_surges(r, 0, ["Pierce 2", "+1 damage"], 0, False) == (4, 0, ["+1 damage"])
    assert spend_surges(r, 2, ["Pierce 2", "+1 damage"], 0, False) == (3, 0, ["Pierce 2"])
    two = Roll(hearts=3, surges=2)
    assert spend_surges(two, 1, ["Pierce 1", "Pierce 2", "+1 damage"], 0, False) == (4, 0, ["Pierce 2", "+1 damage"])
    # pierce ignores shields, it does not add damage
    assert spend_surges(Roll(hearts=1, surges=1), 1, ["Pierce 3"], 0, False) == (1, 0, ["Pierce 3"])


def test_damage_surges_highest_first():
    abilities = ["+1 damage", "+3 damage", "+2 damage"]
    assert spend_surges(Roll(hearts=1, surges=1), 0, abilities, 0, False) == (4, 0, ["+3 damage"])
    assert spend_surges(Roll(hearts=1, surges=2), 0, abilities, 0, False) == (6, 0, ["+3 damage", "+2 damage"])


def test_each_surge_ability_is_used_once_per_attack():
    r = Roll(hearts=1, surges=3)
    assert spend_surges(r, 0, ["+2 damage"], 0, False) == (3, 0, ["+2 damage"])
    assert spend_surges(r, 0, ["Disease", "+2 damage"], 0, False) == (3, 0, ["Disease", "+2 damage"])
    # two copies of a surge ability are two abilities
    assert spend_surges(r, 0, ["+1 damage", "+1 damage"], 0, False) == (3, 0, ["+1 damage", "+1 damage"])


def test_damage_never_goes_below_zero():
    assert spend_surges(Roll(hearts=1, surges=1), 4, ["+1 damage"], 0, False) == (0, 0, ["+1 damage"])
    assert spend_surges(Roll(hearts=0), 0, [], 0, False) == (0, 0, [])


def test_no_surges_nothing_spent():
    assert spend_surges(Roll(hearts=2), 1, ["+2 damage", "Disease"], 0, False) == (1, 0, [])


# -- misses and whole attacks --------------------------------------------------------------------

class Scripted:
    """Stands in for the generator: hands out the given faces, call by call."""

    def __init__(self, *calls):
        self.calls = list(calls)

    def integers(self, low, high, size):
        faces = self.calls.pop(0)
        assert (low, high, size) == (0, 6, len(faces))
        return np.array(faces)


def face(die, **want):
    """The index of the first face of ``die`` with these values."""
    return next(i for i, f in enumerate(DICE[die])
                if all(f[FIELDS[k]] == v for k, v in want.items()))


def test_an_x_on_the_blue_die_misses_and_spends_no_surge():
    assert spend_surges(Roll(hearts=3, surges=2, miss=True), 0, ["+2 damage"], 0, False) == (0, 0, [])
    x = face("blue", miss=True)
    red3 = face("red", hearts=3, surges=1)
    result = attack(["blue", "red"], ["gray"], 1, ["+2 damage"], False, Scripted([x, red3], [0]))
    assert isinstance(result, AttackResult)
    assert not result.hit and result.damage == 0 and result.surges_spent == []
    assert result.roll.miss and result.roll.hearts == 3
    assert result.why.startswith("miss") and "X" in result.why


def test_a_ranged_attack_short_of_range_misses():
    blue2 = face("blue", range=2)
    yellow = face("yellow", range=0, hearts=2, surges=0)
    result = attack(["blue", "yellow"], ["gray"], 4, ["+1 damage"], True, Scripted([blue2, yellow], [0]))
    assert not result.hit and result.damage == 0 and result.range == 2
    assert result.why.startswith("miss") and "range 2 < 4" in result.why
    # the same roll at melee hits: range does not matter
    melee = attack(["blue", "yellow"], ["gray"], 4, ["+1 damage"], False, Scripted([blue2, yellow], [0]))
    assert melee.hit and melee.damage == DICE["blue"][blue2][1] + 2 + 1


def test_a_range_surge_brings_the_target_into_range():
    blue5 = face("blue", range=5)                      # 5 range, 1 heart, no surge
    yellow = face("yellow", range=1, surges=1)         # 1 range, 1 surge
    result = attack(["blue", "yellow"], ["brown"], 7, ["+1 damage", "Range +1"], True,
                    Scripted([blue5, yellow], [face("brown", shields=0)]))
    assert result.hit and result.range == 7 and result.surges_spent == ["Range +1"]
    assert result.damage == 1


def test_a_hit_reports_its_sums():
    blue = face("blue", range=2)                       # 2 hearts, 1 surge
    red = face("red", hearts=3, surges=1)
    gray = face("gray", shields=2)
    result = attack(["blue", "red"], ["gray"], 1, ["Disease", "+2 damage"], False,
                    Scripted([blue, red], [gray]))
    # 5 hearts - 2 shields = 3 before surges: Disease has an effect, then +2 damage
    assert result.hit and result.damage == 5
    assert result.surges_spent == ["Disease", "+2 damage"]
    assert "5 hearts + 2 from surges - 2 shields = 5 damage" in result.why
    assert "Disease" in result.why


def test_headless_attacks_average_plausibly():
    """A smoke check on the seeded generator: blue + red against gray, no surges."""
    rng = new_rng(2024)
    results = [attack(["blue", "red"], ["gray"], 0, [], False, rng) for _ in range(3000)]
    hit_rate = sum(r.hit for r in results) / len(results)
    assert abs(hit_rate - 5 / 6) < 0.03
    # E[hearts | hit] = 8/5 (blue) + 13/6 (red); E[shields] = 8/6 (gray)
    mean_hearts = np.mean([r.roll.hearts for r in results if r.hit])
    assert abs(mean_hearts - (Fraction(8, 5) + Fraction(13, 6))) < 0.1
