"""The summary of simulated games (``overlord simulate``): the Wilson interval, the summary's
fields on hand-made records, per-card figures, byte-identical JSON, the terminal table and the
PNG charts."""

import json
import math
import random
import sys

import pytest

from overlord.sim.plots import PlotError, plot
from overlord.sim.stats import render_table, summarize, wilson_interval, z_for

Z = 1.959963984540054                 # the 0.975 standard normal quantile


# -- the Wilson score interval ----------------------------------------------------------------
#
# centre = (p + z^2/2n) / (1 + z^2/n),  half = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2)
#
#  0 of 10: p = 0, so centre = half = (z^2/20) / (1 + z^2/10): low 0,
#           high = z^2 / (10 + z^2) = 3.841459 / 13.841459 = 0.277533
#  5 of 10: centre 0.5, half = 1.959964 / 1.384146 * sqrt(0.025 + 0.009604) = 0.263407:
#           0.236593 to 0.763407
# 10 of 10: the mirror of 0 of 10: 1 - 0.277533 = 0.722467 to 1
#  1 of 10: centre (0.1 + 0.192073) / 1.384146 = 0.211013, half = 1.415996 * sqrt(0.009
#           + 0.009604) = 0.193137: 0.017876 to 0.404150 (the textbook 0.0179 to 0.4042)
#  1 of 4:  centre (0.25 + 0.480182) / 1.960365 = 0.372473, half = 0.999795 * sqrt(0.046875
#           + 0.060023) = 0.326886: 0.045587 to 0.699358

@pytest.mark.parametrize("k, n, low, high", [
    pytest.param(0, 10, 0.0, 0.277533, id="0 of 10"),
    pytest.param(5, 10, 0.236593, 0.763407, id="5 of 10"),
    pytest.param(10, 10, 0.722467, 1.0, id="10 of 10"),
    pytest.param(1, 10, 0.017876, 0.404150, id="1 of 10"),
    pytest.param(1, 4, 0.045587, 0.699358, id="1 of 4"),
])
def test_wilson_interval_matches_the_formula_worked_by_hand(k, n, low, high):
    got = wilson_interval(k, n)
    assert got == pytest.approx((low, high), abs=1e-6)


def test_wilson_interval_ends_are_exact_and_inside_zero_one():
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 10)[1] == pytest.approx(Z * Z / (10 + Z * Z))
    for n in (1, 2, 7, 50, 1000):
        for k in range(0, n + 1, max(1, n // 7)):
            lo, hi = wilson_interval(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_wilson_interval_is_symmetric_and_narrows_with_more_games():
    lo, hi = wilson_interval(3, 10)
    mlo, mhi = wilson_interval(7, 10)
    assert (lo, hi) == pytest.approx((1 - mhi, 1 - mlo))
    assert wilson_interval(50, 100)[1] - wilson_interval(50, 100)[0] < hi - lo


def test_wilson_interval_confidence_and_no_games():
    assert z_for(0.95) == pytest.approx(Z)
    assert z_for(0.99) == pytest.approx(2.5758293035489)
    lo95, hi95 = wilson_interval(5, 10)
    lo99, hi99 = wilson_interval(5, 10, confidence=0.99)
    assert lo99 < lo95 and hi99 > hi95
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("k, n, error", [(11, 10, ValueError), (-1, 10, ValueError),
                                         (1, -1, ValueError), (1.0, 2, TypeError),
                                         (True, 2, TypeError)])
def test_wilson_interval_refuses_impossible_counts(k, n, error):
    with pytest.raises(error):
        wilson_interval(k, n)


# -- the summary ------------------------------------------------------------------------------

def _records():
    return [
        {"seed": 1, "heroes": 2, "bot": "greedy", "result": "victory", "reason": "all quest goals met",
         "rounds": 5, "doom": 3, "fate": 8, "track_spaces": 10,
         "cards": {"exploration": ["e1", "e2"], "peril": ["p1"], "activation": ["a1", "a2", "a1"]},
         "timeline": [{"round": 1, "doom": 1, "fate": 9}, {"round": 2, "doom": 2, "fate": 9}],
         "cpu_seconds": 0.5},
        {"seed": 2, "heroes": 2, "bot": "greedy", "result": "defeat", "reason": "doom met fate",
         "rounds": 8, "doom": 6, "fate": 6, "track_spaces": 10,
         "cards": {"exploration": ["e2"], "peril": ["p1", "p2"], "activation": ["a1"]},
         "timeline": [{"round": 1, "doom": 2, "fate": 9}, {"round": 2, "doom": 3, "fate": 8},
                      {"round": 3, "doom": 4, "fate": 7}],
         "cpu_seconds": 0.25},
        {"seed": 3, "heroes": 3, "bot": "greedy", "result": "defeat", "reason": "all heroes defeated",
         "rounds": 6, "doom": 4, "fate": 7, "track_spaces": 10,
         "cards": {"exploration": ["e3"], "peril": [], "activation": ["a2"]},
         "timeline": [{"round": 1, "doom": 1, "fate": 9}],
         "cpu_seconds": 0.25},
        {"seed": 4, "heroes": 3, "bot": "greedy", "result": "unfinished", "reason": "round limit",
         "rounds": 12, "doom": 5, "fate": 9, "track_spaces": 10,
         "cards": {"exploration": ["e2", "e3"], "peril": ["p2"], "activation": ["a1"]},
         "timeline": [],
         "cpu_seconds": 1.0},
    ]


def test_summary_counts_rate_interval_and_rounds():
    s = summarize(_records())
    assert (s["games"], s["wins"], s["losses"], s["unfinished"]) == (4, 1, 2, 1)
    assert s["win_rate"] == 0.25
    ci = s["win_rate_ci"]
    assert ci["method"] == "Wilson score interval" and ci["confidence"] == 0.95
    assert (ci["low"], ci["high"]) == (0.045587, 0.699358)          # 1 of 4, worked above
    assert ci["z"] == 1.959964
    # rounds 5, 6, 8, 12: p90 by linear interpolation at position 0.9 * 3 = 2.7: 8 + 0.7 * 4
    assert s["rounds"] == {"distribution": [{"games": 1, "rounds": 5}, {"games": 1, "rounds": 6},
                                            {"games": 1, "rounds": 8}, {"games": 1, "rounds": 12}],
                           "max": 12, "mean": 7.75, "median": 7.0, "min": 5, "p90": 10.8,
                           "percentile_method": "numpy.percentile method='linear'"}
    assert s["loss_reasons"] == {"all heroes defeated": 1, "doom met fate": 1}
    assert s["unfinished_reasons"] == {"round limit": 1}
    assert s["bots"] == {"greedy": 4}
    assert s["cpu_seconds"] == {"mean": 0.5, "total": 2.0}
    assert (s["format"], s["version"]) == ("overlord-sim-summary", 1)


def test_summary_tracks_at_the_end_and_over_the_rounds():
    t = summarize(_records())["tracks"]
    assert (t["doom_mean"], t["fate_mean"], t["gap_mean"]) == (4.5, 7.5, 3.0)
    assert t["gap_distribution"] == [{"games": 1, "gap": 0}, {"games": 1, "gap": 3},
                                     {"games": 1, "gap": 4}, {"games": 1, "gap": 5}]
    assert t["by_round"] == [
        {"doom_mean": 1.333333, "fate_mean": 9.0, "games": 3, "round": 1},
        {"doom_mean": 2.5, "fate_mean": 8.5, "games": 2, "round": 2},
        {"doom_mean": 4.0, "fate_mean": 7.0, "games": 1, "round": 3},
    ]
    assert t["spaces"] == [10]


def test_summary_by_hero_count_only_when_several():
    s = summarize(_records())
    assert s["heroes"] == [2, 3]
    two, three = s["by_heroes"]
    assert (two["heroes"], two["games"], two["wins"], two["win_rate"]) == (2, 2, 1, 0.5)
    assert (three["heroes"], three["games"], three["wins"], three["win_rate"]) == (3, 2, 0, 0.0)
    assert (two["ci_low"], two["ci_high"]) == pytest.approx(wilson_interval(1, 2), abs=1e-6)
    assert (three["ci_low"], three["ci_high"]) == (0.0, 0.65762)        # 0 of 2: z^2 / (2 + z^2)
    only_two = summarize(_records()[:2])
    assert only_two["heroes"] == [2] and only_two["by_heroes"] == []


# The records above, activation deck: game 1 (won) draws a1 a2 a1, game 2 a1, game 3 a2, game 4
# a1 (games 2-4 not won). A game is "at draw k with another card" when it made k draws or more
# and had not drawn the card by its k-th draw.
#   a1 first comes at draw 1 in games 1, 2, 4 (won 1 of 3); at draw 1 only game 3 had another
#      card (lost): others 0, difference +1/3. Chance, p = 1/4 overall, N = 3, one draw (k = 1,
#      n 3, C 1): 1.959964 * sqrt(3/16 * (1/3 + 1/1)) = 0.979982.
#   a2 first comes at draw 2 in game 1 - no game made 2 draws without a2 before, not compared - and
#      at draw 1 in game 3 (lost); at draw 1, games 1, 2, 4 had another card, 1 won: others 1/3,
#      difference -1/3 over the 1 game compared; chance sqrt(3/16 * (1 + 1/3)) again.

def test_per_card_games_draws_win_rate_and_the_games_at_the_same_draw():
    cards = summarize(_records())["cards"]
    assert list(cards) == ["activation", "exploration", "peril"]
    assert cards["activation"] == [
        {"chance": 0.979982, "compared": 3, "difference": 0.333333, "draw": 1, "draws": 4, "game_share": 0.75,
         "games": 3, "id": "a1", "others": 0.0, "win_rate": 0.333333, "wins": 1, "won_compared": 0.333333},
        {"chance": 0.979982, "compared": 1, "difference": -0.333333, "draw": 1.5, "draws": 2, "game_share": 0.5,
         "games": 2, "id": "a2", "others": 0.333333, "win_rate": 0.5, "wins": 1, "won_compared": 0.0},
    ]
    keys = ("draws", "game_share", "games", "id", "win_rate", "wins")
    assert [{k: c[k] for k in keys} for c in cards["exploration"]] == [
        {"draws": 1, "game_share": 0.25, "games": 1, "id": "e1", "win_rate": 1.0, "wins": 1},
        {"draws": 3, "game_share": 0.75, "games": 3, "id": "e2", "win_rate": 0.333333, "wins": 1},
        {"draws": 2, "game_share": 0.5, "games": 2, "id": "e3", "win_rate": 0.0, "wins": 0},
    ]
    assert [(c["id"], c["games"], c["draws"], c["wins"]) for c in cards["peril"]] == \
        [("p1", 2, 2, 1), ("p2", 2, 2, 0)]


def _game(seed, won, **cards):
    return {"seed": seed, "heroes": 2, "result": "victory" if won else "defeat", "rounds": 10,
            "doom": 3, "fate": 3 if not won else 8, "cards": cards}


def _late_card_games(late_wins: int) -> list[dict]:
    """Eight games of a 5-card deck: four short ones (2 draws, lost); four long ones (all 5
    draws), two turning up 'throne' at draw 5 (``late_wins`` of them won), two 'vault' there (one
    won). Long games win, short ones do not: the throne is only ever seen by long games."""
    short = [_game(i, False, exploration=["hall", "pit"]) for i in range(4)]
    throne = [_game(4 + i, i < late_wins, exploration=["hall", "pit", "moat", "well", "throne"]) for i in range(2)]
    vault = [_game(6 + i, i == 0, exploration=["pit", "hall", "well", "moat", "vault"]) for i in range(2)]
    return short + throne + vault


def test_a_card_only_long_games_reach_is_not_credited_with_their_wins():
    """Issue 39: "win rate when drawn" gave such a card 50% against 25% overall, as if it helped.
    Set against the games at its draw with another card (the two vault games, one won) it makes
    no difference."""
    records = _late_card_games(late_wins=1)
    throne = {c["id"]: c for c in summarize(records)["cards"]["exploration"]}["throne"]
    assert (throne["win_rate"], summarize(records)["win_rate"]) == (0.5, 0.25)
    assert (throne["draw"], throne["compared"], throne["won_compared"], throne["others"], throne["difference"]) == \
        (5, 2, 0.5, 0.5, 0.0)
    text = render_table(summarize(records))
    assert "Win rate when drawn" not in text
    assert "| throne | 2 (25.0%) | 5 | 50.0% | 50.0% | +0.0 |" in " ".join(text.split())


def test_a_card_that_costs_the_long_games_shows_it_against_the_others_at_its_draw():
    throne = {c["id"]: c for c in summarize(_late_card_games(late_wins=0))["cards"]["exploration"]}["throne"]
    assert (throne["won_compared"], throne["others"], throne["difference"]) == (0.0, 0.5, -0.5)
    # chance: p = 1/8, N = 2 at one draw (k = 5, C = 2): 1.959964 * sqrt(7/64 * (1/2 + 1/2))
    assert throne["chance"] == pytest.approx(1.959964 * math.sqrt(7 / 64), abs=1e-6)


def test_the_chance_is_what_cards_that_change_nothing_show_about_one_time_in_twenty():
    """200 batches of 200 games of a shuffled 11-card deck, long games winning more, no card
    doing anything: about 5% of the differences fall outside the chance (4.7% of 2,200)."""
    from overlord.sim.cards import per_card
    rng = random.Random(5)
    outside = total = 0
    for _ in range(200):
        records = []
        for _ in range(200):
            deck = [f"c{i}" for i in range(11)]
            rng.shuffle(deck)
            drawn = rng.randint(2, 11)
            won = rng.random() < 0.1 + 0.06 * drawn
            records.append({"result": "victory" if won else "defeat", "cards": {"e": deck[:drawn]}})
        for card in per_card(records, lambda x: x)["e"]:
            if card["difference"] is not None:
                total += 1
                outside += abs(card["difference"]) > card["chance"]
    assert total == 2200 and 0.03 < outside / total < 0.07, outside / total


def test_the_legend_says_how_to_read_the_card_tables():
    text = " ".join(render_table(summarize(_late_card_games(1))).split())
    for words in ("the draw of its deck at which it first came up",
                  "the games that made as many draws from that deck but turned up another card at that draw",
                  "would flatter one that only long games reach",
                  "won when drawn minus others at that draw, in points",
                  "what a card that changes nothing shows 19 times in 20"):
        assert words in text, words
    assert text.count("The card tables:") == 1


def test_a_long_card_name_is_shown_whole():
    records = _late_card_games(1)
    for rec in records:
        rec["cards"]["exploration"] = [c.replace("throne", "throne-of-the-fallen-again") for c in
                                       rec["cards"]["exploration"]]
    text = render_table(summarize(records))
    assert "| throne-of-the-fallen-again |" in text and "…" not in text
    assert all(len(line) <= 100 for line in text.splitlines())
    assert all(line.endswith(("|", "+")) for line in text.splitlines() if line.startswith(("|", "+")))


def test_a_card_drawn_in_every_game_is_left_out_and_so_is_a_table_of_them_all():
    """Issue 39: every activation card drawn in 100% of the games, each at the overall win rate:
    such rows say nothing (no game lacks the card) - one line says so instead of the table."""
    records = _late_card_games(1)
    for i, rec in enumerate(records):
        rec["cards"]["activation"] = [f"fs-act-{(i + j) % 10 + 1:02}" for j in range(12)]
    text = render_table(summarize(records))
    assert "Activation cards" not in text and "fs-act-01 |" not in text
    assert ("Left out: the activation cards table - 10 cards (fs-act-01 to fs-act-10) drawn in every game "
            "(no game without them to compare with).") in " ".join(text.split())
    assert "Exploration cards: the games that drew each" in text                      # the other deck stays
    assert len(summarize(records)["cards"]["activation"]) == 10                 # the JSON keeps them all


def test_a_row_drawn_in_every_game_goes_and_the_line_names_it():
    records = _late_card_games(1)
    text = " ".join(render_table(summarize(records)).split())
    # 'hall' and 'pit' come in every game's first two draws: left out, named
    assert "Left out: exploration cards - hall and pit drawn in every game (no game without them to compare with)." in text
    assert "| hall |" not in text and "| pit |" not in text


def test_with_no_game_won_the_card_tables_are_one_line():
    """Issue 39: 47 Underworld tile rows of 0.0% when no game was won."""
    records = [_game(i, False, tiles=[f"area-{(i + j) % 47 + 1:02}" for j in range(20)]) for i in range(10)]
    text = render_table(summarize(records))
    assert "area-0" not in text
    assert "Left out: the card tables (tiles): no game was won, so no card can show a difference." in text
    assert "Tiles cards" not in text


def test_a_source_that_moved_a_track_by_nothing_is_a_line_not_a_row():
    records = _late_card_games(1)
    for rec in records:
        rec["track_moves"] = {"fate": {"fate step": 2, "the-lava-tomb": 0}, "doom": {}, "knockouts": {},
                              "mains": 1, "explored": 3}
    text = render_table(summarize(records))
    assert "| fate  | fate step |" in text and "| the-lava-tomb" not in text
    assert "Left out of it: the-lava-tomb (fate) - 0 in the games not won and in all." in text


def test_a_gap_every_game_shares_is_one_line_not_a_table():
    records = [_game(i, False, peril=["p1"]) for i in range(3)]
    text = render_table(summarize(records))
    assert "Gap at the end of the game" not in text
    assert "Left out: the gap at the end of the game (fate - doom), 0 in every game." in text


def test_card_ids_sort_numbers_by_value_and_mixed_ids_still_sort():
    recs = [{"seed": 1, "heroes": 2, "result": "defeat", "rounds": 3, "doom": 1, "fate": 1,
             "cards": {"peril": [10, 2, "x", 2]}}]
    peril = summarize(recs)["cards"]["peril"]
    assert [(c["id"], c["draws"]) for c in peril] == [(2, 2), (10, 1), ("x", 1)]


def test_same_records_give_byte_identical_json_whatever_their_order():
    text = json.dumps(summarize(_records()), allow_nan=False)
    assert json.dumps(summarize(_records()), allow_nan=False) == text
    shuffled = _records()
    random.Random(3).shuffle(shuffled)
    for rec in shuffled:
        rec["cards"] = dict(reversed(list(rec["cards"].items())))
    assert json.dumps(summarize(shuffled), allow_nan=False) == text
    assert json.loads(text) == summarize(_records())              # plain data through JSON


def test_every_dict_is_built_in_sorted_key_order():
    def walk(node):
        if isinstance(node, dict):
            assert list(node) == sorted(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(summarize(_records()))


def test_no_games_summary_is_complete():
    s = summarize([])
    assert (s["games"], s["wins"], s["win_rate"]) == (0, 0, None)
    assert (s["win_rate_ci"]["low"], s["win_rate_ci"]["high"]) == (None, None)
    assert s["rounds"]["mean"] is None and s["cards"] == {} and s["by_heroes"] == []
    assert set(s) == set(summarize(_records()))
    assert "no games" in render_table(s)


def test_an_unknown_result_is_refused():
    rec = {**_records()[0], "result": "won"}
    with pytest.raises(ValueError, match="record 0 .*'won' is not one of victory, defeat, unfinished"):
        summarize([rec])


def test_a_record_missing_a_field_is_named():
    rec = _records()[0]
    del rec["doom"]
    with pytest.raises(ValueError, match="record 0 .*lacks doom"):
        summarize([rec])


# -- the table --------------------------------------------------------------------------------

def test_render_table_shows_the_key_numbers_without_colour_codes():
    text = render_table(summarize(_records()))
    assert "\x1b" not in text
    assert text == render_table(summarize(_records()))
    for expected in ("Games", "25.0%", "4.6% to 69.9%", "Wilson score interval", "mean 7.75",
                     "median 7", "p90 10.80", "doom met fate", "all heroes defeated", "round limit",
                     "Win rate by hero count", "Exploration cards", "e2", "33.3%", "doom mean 4.50",
                     "fate mean 7.50"):
        assert expected in text, expected
    assert all(len(line) <= 100 for line in text.splitlines())


def test_render_table_leaves_square_brackets_in_reasons_alone():
    recs = _records()
    recs[1]["reason"] = "All 8 villager tokens [red] taken"
    assert "All 8 villager tokens [red] taken" in render_table(summarize(recs))


def test_render_table_without_timing_or_with_extra_keys():
    s = summarize(_records())
    assert "CPU seconds" in render_table(s)
    s.pop("cpu_seconds")                                   # timing varies from run to run
    s.update(scenario="forgotten-souls", bot="greedy", seed=7)
    text = render_table(s)
    assert "CPU seconds" not in text and "25.0%" in text


def test_render_table_hides_hero_counts_when_only_one():
    assert "Win rate by hero count" not in render_table(summarize(_records()[:2]))


# -- the charts -------------------------------------------------------------------------------

def test_plot_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    recs = _records()
    for path, records in ((tmp_path / "all.png", recs), (tmp_path / "one.png", recs[:2]),
                          (tmp_path / "none.png", [])):
        assert plot(summarize(records), records, path) == str(path)
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000


def test_plot_without_matplotlib_says_how_to_install_it(tmp_path, monkeypatch):
    for name in list(sys.modules):
        if name == "matplotlib" or name.startswith("matplotlib."):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)          # import matplotlib fails
    with pytest.raises(PlotError, match=r"pip install 'overlord\[plot\]'"):
        plot(summarize(_records()), _records(), tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()


def test_plot_to_an_unwritable_place_is_a_plot_error(tmp_path):
    pytest.importorskip("matplotlib")
    with pytest.raises(PlotError, match="cannot write"):
        plot(summarize(_records()), _records(), tmp_path / "no such dir" / "x.png")


def test_rounding_keeps_floats_finite():
    s = summarize(_records())
    assert all(math.isfinite(c["win_rate"]) for deck in s["cards"].values() for c in deck)
