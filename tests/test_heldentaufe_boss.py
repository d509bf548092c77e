"""The monster boss's plans on hex boards drawn as ASCII (overlord/games/heldentaufe/planner.py).

"The monsters have 4 action points together, which may be distributed among one or more monsters.
The monsters may also move and fight against heroes (but not against other monsters). They may
move onto portals and thereby block them, but they may never pass through them. Monsters do not
trigger traps and, as long as the treasure remains on its space, may not enter the treasure
space." (Heldentaufe, "The Monsters Take Their Turn")

Boards: one line per row, odd rows indented (odd-r hexes); ``u z w`` monsters, ``E C`` heroes,
``$`` the treasure's space, ``1``-``5`` portals, ``#`` no area. Expectations are checked against an
independent count over every sequence of dice outcomes."""

from __future__ import annotations

import itertools
import time

import pytest

from heldentaufe_helpers import FACES, content, planner_situation
from overlord.games.heldentaufe import boss, dice, planner

P = dice.win_chance(FACES, 1, 0)          # a sword-1 monster against a sword-0 hero


def brute(s: planner.Situation, attacks: list[tuple[int, int]]) -> tuple[float, float, float]:
    """E[knocked out], E[hearts], E[teeth] of attacks made in order, by listing every string of
    outcomes (True: the monster wins that die roll) with its probability."""
    ko = hearts = teeth = 0.0
    for wins in itertools.product((True, False), repeat=len(attacks)):
        prob = 1.0
        hh = [h.hearts for h in s.heroes]
        mh = [m.hearts for m in s.monsters]
        k = h_ = t = 0
        used = 0
        for (i, j) in attacks:
            if mh[i] <= 0 or hh[j] <= 0:
                continue
            p = chance(s.faces, s.monsters[i].sword, s.heroes[j].defence)
            w = wins[used]
            used += 1
            prob *= p if w else 1 - p
            if w:
                hh[j] -= 1
                h_ += 1
                k += hh[j] == 0
            else:
                mh[i] -= 1
                t += s.monsters[i].tooth if mh[i] == 0 else 0
        if used < len(attacks):          # outcomes beyond the attacks made: count each string once
            if any(wins[used:]):
                continue
        ko, hearts, teeth = ko + prob * k, hearts + prob * h_, teeth + prob * t
    return ko, hearts, teeth


def chance(faces, attack: int, defence: int) -> float:
    """P(the attacking monster wins): every pair of faces, "On a tie, the attacker wins"."""
    pairs = [(a, d) for a in faces for d in faces]
    return sum(a + attack >= d + defence for a, d in pairs) / len(pairs)


def attacks_of(steps) -> list[tuple[int, int]]:
    return [(i, x) for kind, i, x in steps if kind == "attack"]


def words(board, s, steps) -> list[str]:
    return planner.describe(board, s, steps)


# -- "On a tie, the attacker wins" ----------------------------------------------------------------------

@pytest.mark.parametrize("attack, defence, wins", [(3, 3, True), (4, 3, True), (2, 3, False), (0, 0, True)])
def test_on_a_tie_the_attacker_wins(attack, defence, wins):
    """"If your total is higher than your opponent's, the opponent is wounded ... On a tie, the
    attacker wins.\""""
    assert dice.attacker_wins(attack, defence) is wins


def test_the_chance_of_a_fight_counts_the_ties_for_the_attacker():
    # equal swords: 10 of the 36 pairs of faces tie, 13 are higher, 13 lower
    assert dice.win_chance(FACES, 1, 1) == pytest.approx(23 / 36)
    assert dice.win_chance(FACES, 0, 1) == pytest.approx(13 / 36)


# -- the 4-point limit --------------------------------------------------------------------------------

def test_four_points_buy_four_attacks_and_no_fifth():
    """"The monsters have 4 action points together": a monster beside a hero attacks four times."""
    board, s = planner_situation("""
         . . . .
          . u E .
         . . . .
    """)
    r = planner.plan(board, s)
    assert words(board, s, r.best.steps) == ["ulumu attacks erla"] * 4
    assert r.ties == ()
    ko, hearts, teeth = brute(s, attacks_of(r.best.steps))
    assert r.best.key[:3] == pytest.approx((-ko, -hearts, teeth))
    assert ko == pytest.approx(P ** 4)               # four hearts, four wins in a row
    again = planner.plan(board, planner.Situation(s.monsters, s.heroes, s.treasure, s.portals, FACES, points=2))
    assert words(board, s, again.best.steps) == ["ulumu attacks erla"] * 2


def test_points_are_shared_between_monsters_and_ties_are_returned():
    """"... which may be distributed among one or more monsters." Two monsters beside Erla, the same
    sword; Ulumu's tooth is worth 1, Zibbler's 5. A monster that attacks three times may lose its last
    heart and hand its tooth over; two attacks each cannot, and take as many hearts: those six
    orders tie, and the fixed order (Ulumu first) decides."""
    board, s = planner_situation("""
         . . u .
          . z E .
         . . . .
    """, monsters={"u": (3, 1, 1), "z": (3, 1, 5)})
    r = planner.plan(board, s)
    assert words(board, s, r.best.steps) == ["ulumu attacks erla", "ulumu attacks erla",
                                             "zibbler attacks erla", "zibbler attacks erla"]
    assert r.best.key[2] == 0                        # no tooth handed over
    assert sorted(tuple(words(board, s, t.steps)) for t in r.ties) == sorted(
        tuple(p) for p in set(itertools.permutations(["ulumu attacks erla"] * 2 + ["zibbler attacks erla"] * 2))
        if list(p) != words(board, s, r.best.steps))
    ko, hearts, _ = brute(s, attacks_of(r.best.steps))
    assert r.best.key[:2] == pytest.approx((-ko, -hearts))
    # four attacks by Ulumu alone take fewer hearts: its third lost fight ends its attacks
    assert brute(s, [(0, 0)] * 4)[1] < hearts


def test_the_monster_with_the_better_sword_attacks():
    """Hearts taken come before teeth handed over: Zibbler (sword 3) outfights Ulumu (sword 0)."""
    board, s = planner_situation("""
         . . u .
          . z E .
         . . . .
    """, monsters={"u": (3, 0, 1), "z": (3, 3, 5)})
    r = planner.plan(board, s)
    assert words(board, s, r.best.steps) == ["zibbler attacks erla"] * 4


# -- blocking: one figure per area ------------------------------------------------------------------------

def test_monsters_do_not_pass_each_other_or_heroes():
    """"Each Underworld area may therefore be occupied by at most one figure": in a corridor Ulumu
    cannot pass Zibbler; Zibbler walks up and strikes twice."""
    board, s = planner_situation("""
         u z . . E
    """)
    r = planner.plan(board, s)
    assert words(board, s, r.best.steps) == ["zibbler 1,0 -> 2,0", "zibbler 2,0 -> 3,0",
                                             "zibbler attacks erla", "zibbler attacks erla"]
    assert r.considered == 10          # every merged plan: Zibbler's 4 places, Ulumu's steps behind it, attacks


def test_a_hero_blocks_the_way_to_another_hero():
    """Corlof stands in the corridor between Ulumu and Erla: only Corlof can be reached."""
    board, s = planner_situation("""
         u . C E
    """)
    r = planner.plan(board, s)
    assert words(board, s, r.best.steps) == ["ulumu 0,0 -> 1,0"] + ["ulumu attacks corlof"] * 3


# -- portals ------------------------------------------------------------------------------------------------

PORTAL_BOARD = """
     . . . . . . . . .
      1 u . . . . . . E
     . . . . . . . . .
"""


def test_a_monster_steps_onto_a_usable_portal_to_block_it():
    """"They may move onto portals and thereby block them": blocking comes before closing in on a
    hero it cannot reach this turn; the 3 points left are held back."""
    board, s = planner_situation(PORTAL_BOARD)
    r = planner.plan(board, s)
    assert words(board, s, r.best.steps) == ["ulumu 1,1 -> 0,1"]
    assert r.best.key[3] == -1 and r.best.key[5] == 1


def test_a_portal_not_explored_above_is_not_worth_blocking():
    """A portal whose Upper World portal is not explored leads nowhere: Ulumu closes in instead,
    four steps toward Erla; every end as near her is a tie."""
    board, s = planner_situation(PORTAL_BOARD, portals=[])
    r = planner.plan(board, s)
    e = s.heroes[0].area
    assert r.best.key[3:6] == (0, 3, 4)               # nothing blocked, 3 steps from Erla, 4 points
    assert words(board, s, r.best.steps)[0] == "ulumu 1,1 -> 2,1"
    assert all(board.dist[t.steps[-1][2]][e] == 3 for t in r.ties)


# -- the treasure's space --------------------------------------------------------------------------------

def test_no_monster_enters_the_treasure_space_while_the_treasure_lies_there():
    """"As long as the treasure remains on its space, [monsters] may not enter the treasure space":
    Ulumu cannot get past it to Erla, guards it (a neighbour of the treasure held), and holds its
    points back."""
    board, s = planner_situation("""
         u $ E
    """)
    r = planner.plan(board, s)
    assert r.best.steps == () and r.considered == 1
    assert r.best.key[3] == -1


def test_once_the_treasure_is_taken_the_space_is_open():
    board, s = planner_situation("""
         u $ E
    """, treasure=False)
    r = planner.plan(board, s)
    assert words(board, s, r.best.steps) == ["ulumu 0,0 -> 1,0"] + ["ulumu attacks erla"] * 3


# -- holding back, and the flag that forbids it --------------------------------------------------------------

GUARD = """
     . u $ E
"""


def test_a_monster_with_nothing_better_to_do_holds_its_points_back():
    """Reading: monsters may leave points unused (the heroes may: "Players may also let action
    points go unused"). Ulumu guards the treasure and cannot reach Erla: it spends nothing."""
    board, s = planner_situation(GUARD)
    r = planner.plan(board, s)
    assert r.best.steps == ()
    assert r.best.key[3:6] == (-1, 2, 0)


def test_with_hold_back_off_every_point_is_spent():
    """``rules.monsters_may_hold_back: false``: plans use all the points they can - Ulumu steps off
    and back, twice, and ends where it guards the treasure."""
    board, s = planner_situation(GUARD, hold_back=False)
    r = planner.plan(board, s)
    assert words(board, s, r.best.steps) == ["ulumu 1,0 -> 0,0", "ulumu 0,0 -> 1,0"] * 2
    assert r.best.key[3] == -1


# -- merging and the greedy baseline -------------------------------------------------------------------------

def test_plans_reaching_the_same_place_are_merged():
    """One monster alone on an open board with a hero out of reach: one plan per area it can reach
    in up to 4 steps, however it got there."""
    board, s = planner_situation("""
         . . . . . . . .
          . . . . . . . .
         . . . u . . . .
          . . . . . . . .
         . . . . . . . .
          . . . . . . . .
         . . . . . . . E
    """, portals=[])
    plans = planner.enumerate_plans(board, s)
    u, e = s.monsters[0].area, s.heroes[0].area
    within = [a for a in range(board.size) if board.dist[u][a] <= 4 and a != e]
    assert sorted(pos[0] for pos, _, _, _ in plans) == sorted(within)
    r = planner.plan(board, s)
    best_end = board.dist[r.best.steps[-1][2]][e]
    assert all(board.dist[t.steps[-1][2]][e] == best_end for t in r.ties)


def test_greedy_takes_the_portal_first_and_the_planner_the_hearts():
    """The greedy baseline takes the best single step - Zibbler onto a usable portal - where the
    planner spends one step bringing Ulumu beside Erla and three attacks."""
    board, s = planner_situation("""
         1 z . . . . .
          . . . u . E .
         . . . . . . .
    """)
    first = planner.greedy_step(board, s)
    assert words(board, s, first.best.steps) == ["zibbler 1,0 -> 0,0"]
    r = planner.plan(board, s)
    assert words(board, s, r.best.steps) == ["ulumu 3,1 -> 4,1"] + ["ulumu attacks erla"] * 3


# -- the shipped board, and speed ---------------------------------------------------------------------------

def test_the_planner_chooses_within_20_ms_on_the_shipped_board():
    """The issue's budget, with margin for a busy machine checked loosely here (bench/ measures it)."""
    c = content()
    b = c.underworld
    fighters = tuple(planner.Fighter(m, b.nests[m], 3, 1, 2) for m in ("ulumu", "zibbler", "wallrog"))
    heroes = (planner.Target("erla", b.area("2,2"), 4, 0), planner.Target("corlof", b.area("4,4"), 4, 1))
    s = planner.Situation(fighters, heroes, True, frozenset(b.portals.values()), tuple(c.supply.combat_die))
    planner.plan(b, s)
    started = time.perf_counter()
    for _ in range(5):
        planner.plan(b, s)
    assert (time.perf_counter() - started) / 5 < 0.1


def test_the_boss_reads_the_board_from_the_game():
    """Only heroes below are targets; portals count as usable when explored above."""
    from heldentaufe_helpers import game, put_above, put_below
    c, s = game(("erla", "corlof"))
    put_below(c, s, "erla", "2,2")
    put_above(s, "corlof", "0,-1", "portal-2")
    sit = boss.situation(c, s, 4)
    assert [t.id for t in sit.heroes] == ["erla"]
    assert sit.portals == frozenset({c.underworld.portals[2]})
    assert [m.id for m in sit.monsters] == ["ulumu", "zibbler", "wallrog"]
