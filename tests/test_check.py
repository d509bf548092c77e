"""``overlord check``: behaviour specs of the enemy (overlord/content/specs.py, overlord/sim/check.py).

The shipped suite (scenarios/specs) passes and covers every worked example of the five rulebooks
that the enemy's side touches and that a shipped game plays; a spec with a wrong answer fails
showing the enemy's answer, its key and ties; a bad spec is one line naming file, line and
column; --json and --junit say the same as the text."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from overlord.content.validate import json_schema, load_content
from overlord.sim.check import check_paths
from cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "scenarios" / "specs"


@pytest.fixture(scope="module")
def shipped():
    return check_paths([SPECS])


def test_the_shipped_suite_passes(shipped):
    assert not shipped.problems, [str(p) for p in shipped.problems]
    failing = [(r.id, r.message, [p.part for p in r.parts if not p.ok]) for r in shipped.results if r.status != "pass"]
    assert failing == []
    assert len(shipped.results) >= 120
    assert {r.game for r in shipped.results} == {"descent", "underworld", "heldentaufe", "dragon", "roth", "kingdom", "hades"}


# Every worked example of the rulebooks that touches the enemy's side, and the specs that check it;
# Return of the Heroes' every worked example (issue 43), the program's rule answers on its own game.
EXAMPLES = {
    "Forgotten Souls: Monster Activation Example": [f"monster-activation-example-{i}" for i in (
        "1-groups", "2-minion-moulder", "3-master-moulder", "4-master-zombie", "5-minion-zombie-engages",
        "6-shambling")],
    "Forgotten Souls: Spending Surges Example": ["spending-surges-example"],
    "Forgotten Souls: Spotting Example": ["spotting-example-1", "spotting-example-2"],
    "Forgotten Souls: Engaging Example": ["engaging-example", "engaging-example-activation"],
    "Forgotten Souls: Overlord Effects, the hourglass example": ["hourglass-example-tokens-build",
                                                                 "hourglass-example-triggers"],
    "Forgotten Souls: Exploration Example (spawns by hero count)": ["exploration-example-explorer-and-spawns-for-four"],
    "Forgotten Souls: 'If an action has no effect' example": ["an-action-with-no-effect-is-not-performed"],
    "Forgotten Souls: Peril Card Anatomy (the two halves)": ["fate-step-without-monsters", "fate-step-with-monsters"],
    "Heroes in the Underworld: Example Combat Test (Ixion)": ["example-combat-test-ixion-close-at-minus-one",
                                                              "example-combat-test-over-the-skill-loses"],
    "Heroes in the Underworld: the Damned One's example (9 becomes 6)": ["glossary-damned-one-example-nine-becomes-six"],
    "Heroes in the Underworld: the solitaire entry examples": ["solitaire-example-one-avatar-two-treasures",
                                                               "solitaire-example-two-avatars-one-treasure"],
    "Heroes in the Underworld: Hippolyte and the Soul Sword": ["hippolyte-must-take-the-soul-sword"],
    "Heroes in the Underworld: The Damned One Appears (markers on Chaos)": [
        "a-marker-on-chaos-moves-to-a-neighbouring-empty-tile", "every-neighbour-occupied-a-chain-of-moves",
        "chaos-not-yet-laid-the-damned-one-waits-aside"],
    "Heldentaufe: The Monsters Take Their Turn": ["four-points-buy-four-attacks", "points-are-shared-and-orders-tie",
                                                 "monsters-block-a-usable-portal", "no-monster-enters-the-treasure-space",
                                                 "one-figure-per-area-in-a-corridor"],
    "Heldentaufe: a fight, 'On a tie, the attacker wins'": ["on-a-tie-the-attacker-wins"],
    "Heldentaufe: Defeating a Monster (the top tooth)": ["a-monster-losing-its-last-heart-gives-its-top-tooth"],
    "Shadow of the Dragon: The Final Battle, the Halfling's example": [
        "final-battle-example-the-hoard-costs-four-cubes", "final-battle-example-the-trials"],
    "Shadow of the Dragon: Regarding Trials, the Kampfproben diagram": [
        "kampfproben-skeleton-ranged-at-minus-one", "kampfproben-skeleton-magic-unmodified",
        "kampfproben-lionbear-close-at-minus-two"],
    "Shadow of the Dragon: the Doppelganger's example": ["doppelganger-example"],
    "Shadow of the Dragon: the Dragon Events": ["attack-begins-with-the-drawer", "attack-a-failed-trial-costs-an-artifact",
                                                "fear-open-counters-of-the-neighbouring-maps-flee", "plunder-a-gold-piece-a-hero",
                                                "the-market-is-burning"],
    "Shadow of the Dragon: the Nameless's initial values, read for the Dragon": ["the-nameless-retains-his-initial-values"],
    "Return of the Heroes: Combat Trials, the Wolves' counter": ["wolves-the-example-counter",
                                                                "wolves-no-magic-spot-no-magic-trial"],
    "Return of the Heroes: the giant's -2 (6 - 2 = 4)": ["the-giant-six-minus-two-is-four",
                                                         "the-giant-a-five-loses-a-hit-point"],
    "Return of the Heroes: the Troll's two hearts": ["the-troll-two-hearts-two-trials",
                                                     "the-troll-one-trial-fails-the-battle-is-lost"],
    "Return of the Heroes: a lost battle, fight again or move on": ["a-lost-battle-next-turn-fight-again-or-move-on"],
    "Return of the Heroes: the Archery Competition": ["archery-competition-all-players-two-trials",
                                                      "archery-competition-in-the-race-the-rivals-take-part",
                                                      "an-event-leaves-the-game-and-draws-nothing"],
    "Return of the Heroes: the Axe of the Gnomes, part by part": [
        "axe-of-the-gnomes-another-player-cannot-defeat-the-lizard-people",
        "axe-of-the-gnomes-1-vanquish-the-lizard-people", "axe-of-the-gnomes-2-the-gnomes-still-in-the-bag",
        "axe-of-the-gnomes-2-the-gnomes-drawn", "axe-of-the-gnomes-2-the-hammer-to-the-gnomes",
        "axe-of-the-gnomes-3-the-axe-home-the-precious-stone"],
    "Return of the Heroes: Mirabar's lesson": ["mirabar-a-failed-trial-raises-magic-by-one",
                                               "mirabar-a-passed-trial-teaches-nothing"],
    "Return of the Heroes: Don Hobiro's training": ["don-hobiro-plus-one-for-five-to-ten",
                                                    "don-hobiro-plus-two-for-one-to-four"],
    "Return of the Heroes: the merchant escorted to Zenda": ["the-merchant-taken-up-at-f5",
                                                             "the-merchant-escorted-to-zenda"],
    "Return of the Heroes: the magic staff brought to the boat": ["the-magic-staff-brought-to-the-boat"],
    "Return of the Heroes: the Book of Curses to the Temple": ["the-book-of-curses-found-with-the-clue",
                                                               "the-book-of-curses-unseen-without-the-clue",
                                                               "the-book-of-curses-to-the-temple-the-magic-cross"],
    "Return of the Heroes: the lake crossing": ["the-lake-crossing-costs-a-gold-piece",
                                                "the-lake-crossing-from-the-boat-is-free"],
    "Return of the Heroes: a hidden path": ["a-hidden-path-found-at-its-number", "a-hidden-path-not-found-halfway",
                                            "a-hidden-path-the-second-turn-placed-anyway"],
    "Return of the Heroes: the market": ["the-small-market-three-counters", "the-large-market-six-counters",
                                         "the-market-a-provision-of-one-gold-piece"],
    "Return of the Heroes: the Fountain of Life": ["the-fountain-of-life-a-die-of-hit-points",
                                                   "the-fountain-of-life-only-to-the-line"],
    "Return of the Heroes: Restoring Hit Points": ["the-manor-house-a-turn-sat-out-restores-every-hit-point",
                                                   "the-temple-one-hit-point-a-turn-sat-out",
                                                   "the-healing-potion-three-times"],
    "Return of the Heroes: Movement, vehicles not combined; Tasks, four at a time": [
        "horse-and-boots-cannot-be-combined", "four-tasks-at-the-same-time"],
    "Return of the Heroes: death": ["death-one-artifact-bequeathed-the-rest-where-it-belongs",
                                    "death-the-precious-stone-may-be-bequeathed", "death-the-intact-armour-on-the-field"],
    "Return of the Heroes: the Emergence of the Nameless": ["the-emergence-of-the-nameless"],
    "Return of the Heroes: the final battle": ["a-guard-beaten-the-nameless-next-turn",
                                               "past-a-guard-to-the-nameless-in-the-next-turn",
                                               "no-way-to-the-tower-in-the-turn-the-guard-is-beaten",
                                               "the-final-battle-to-the-end",
                                               "the-final-battle-lost-no-withdrawing"],
    "Return of the Heroes: the Nameless keeps his initial values": ["the-nameless-always-retains-his-initial-values"],
    "Return of the Heroes: the Servants, the Guards' posts and the bag once the Nameless is out": [
        "a-defeated-servant-leaves-the-game", "a-servant-who-wins-is-turned-over-again",
        "a-servant-face-down-is-fought-where-he-stands", "a-guard-on-his-post-must-be-fought-with-the-stone",
        "a-guard-is-fought-only-with-a-precious-stone", "once-the-nameless-is-drawn-no-counter-goes-back-into-the-bag"],
}


@pytest.mark.parametrize("example", list(EXAMPLES))
def test_every_worked_example_has_its_specs_and_they_pass(shipped, example):
    passed = {r.id for r in shipped.results if r.status == "pass"}
    missing = [i for i in EXAMPLES[example] if i not in passed]
    assert not missing, f"{example}: no passing spec {missing}"


def test_check_on_the_command_line_passes_the_suite():
    out = run("check", str(SPECS), "--quiet")
    assert out.exit_code == 0, out.output
    assert re.search(r"\d+ specs in 9 files: \d+ passed, 0 failed, 0 errors", out.output)
    default = run("check", "--quiet")                   # no path: the shipped suite
    assert default.exit_code == 0 and default.output.split(" (")[0] == out.output.split(" (")[0]


WRONG = """specs:
  - id: engaging-example-wrong
    game: descent
    rule: the Engaging Example with a wrong answer written down
    map: engaging-example
    ask: {move: {figure: barghest, verb: engage, target: tomble}}
    expect:
      end: [[4, 2, 2, 1]]
  - id: tie-left-out
    game: descent
    rule: three spaces tie and the spec accepts one
    map:
      map: {rows: ["#######", "#.....#", "#.....#", "#.....#", "#######"]}
      figures:
        - {id: tarha, side: heroes, at: [5, 2]}
        - {id: zombie, side: monsters, at: [1, 2], speed: 3}
    ask: {move: {figure: zombie, verb: toward, target: tarha}}
    expect:
      end: [[4, 2]]
"""


def test_a_wrong_expected_answer_fails_with_the_key_and_the_ties(tmp_path):
    """The issue: "a spec with a wrong expected answer fails with the key and ties shown"; where
    the rules tie, a spec that accepts one of the tied answers only is wrong too."""
    f = tmp_path / "wrong.yaml"
    f.write_text(WRONG)
    out = run("check", str(f))
    assert out.exit_code == 1
    text = out.output
    assert f"FAIL  {f}:2 engaging-example-wrong (descent)" in text
    assert ("end: the enemy answered [5, 2, 2, 1] (key: spaces to target=1, movement points=2; no ties); "
            "expected one of [[4, 2, 2, 1]]") in text
    assert f"FAIL  {f}:9 tie-left-out (descent)" in text
    assert "(key: spaces to target=1, movement points=3; tied with [4, 2]; [4, 3]); expected one of [[4, 2]]" in text
    assert "not acceptable: [4, 1]; [4, 3]" in text
    assert "0 passed, 2 failed" in text


def test_json_and_junit_say_the_same(tmp_path):
    f = tmp_path / "wrong.yaml"
    f.write_text(WRONG)
    shutil.copy(SPECS / "heldentaufe.yaml", tmp_path / "good.yaml")
    junit = tmp_path / "report.xml"
    out = run("check", str(tmp_path), "--json", "--junit", str(junit))
    assert out.exit_code == 1
    data = json.loads(out.output)
    assert data["failed"] == 2 and data["passed"] >= 18 and data["errors"] == 0 and data["files"] == 2
    failed = next(s for s in data["specs"] if s["id"] == "engaging-example-wrong")
    part = failed["parts"][0]
    assert part["answer"]["value"] == [5, 2, 2, 1] and part["answer"]["key"] == {"spaces to target": 1,
                                                                                  "movement points": 2}
    assert part["expected"] == [[4, 2, 2, 1]] and part["ok"] is False
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite.get("failures") == "2" and int(suite.get("tests")) == len(data["specs"])
    case = next(c for c in suite.iter("testcase") if c.get("name") == "tie-left-out")
    assert "tied with [4, 2]; [4, 3]" in case.find("failure").text


# One bad spec each: a single line naming file, line and column, and exit 1.
BAD = [
    ("an unknown instruction, with the nearest",
     "ask: {activate: {card: fs-act-01}}", "3:10", "unknown instruction 'activate' (did you mean 'activation'?)"),
    ("an unknown argument",
     "ask: {move: {figure: zombie, verb: toward, targt: tarha}}", "3:55", "unknown field 'targt' (did you mean 'target'?)"),
    ("a movement word that is none",
     "ask: {move: {figure: zombie, verb: charge}}", "3:40", "'charge' is not allowed"),
    ("an instruction of another game",
     "ask: {monster_plan: {}}", "3:25", "descent answers no instruction 'monster_plan'"),
]


@pytest.mark.parametrize("what, ask, where, message", BAD, ids=[b[0] for b in BAD])
def test_a_bad_spec_is_one_clear_line(tmp_path, what, ask, where, message):
    f = tmp_path / "bad.yaml"
    f.write_text("specs:\n  - id: s\n    " + ask + "\n    game: descent\n    rule: r\n    map: readme-example\n"
                 "    expect: {end: [[1, 1]]}\n")
    out = run("check", str(f))
    assert out.exit_code == 1
    lines = [ln for ln in out.output.splitlines() if ln.startswith(str(f))]
    assert len(lines) == 1, out.output
    assert lines[0].startswith(f"{f}:{where}: ") and message in lines[0], lines[0]


@pytest.mark.parametrize("text, message", [
    ("specs:\n  - id: s\n    rule: r\n    map: readme-example\n    ask: {move: {figure: zombie-1, verb: engage}}\n"
     "    expect: {end: [[1, 1]]}\n", "name the game (`game:`) or a scenario whose game it is"),
    ("specs:\n  - id: s\n    game: descnt\n    rule: r\n    map: readme-example\n    ask: {move: {figure: zombie-1, verb: engage}}\n"
     "    expect: {end: [[1, 1]]}\n", "unknown game 'descnt' (did you mean 'descent'?)"),
    ("specs:\n  - id: s\n    game: descent\n    rule: r\n    map: no-such-map\n    ask: {move: {figure: zombie-1, verb: engage}}\n"
     "    expect: {end: [[1, 1]]}\n", "map 'no-such-map': no such file beside the spec, nor a shipped map"),
    ("specs:\n  - id: s\n    game: descent\n    rule: r\n    map: {map: {rows: ['####', '#.x#', '####']}}\n"
     "    ask: {move: {figure: zombie-1, verb: engage}}\n    expect: {end: [[1, 1]]}\n", "unknown map character 'x'"),
    ("specs:\n  - id: s\n    game: descent\n    rule: r\n    map: readme-example\n    ask: {move: {figure: zombie-1, verb: engage}}\n"
     "    expect: {end: []}\n", "spec 's', expect, end: list should have at least 1 item"),
    ("specs:\n  - id: s\n    game: descent\n    rule: r\n    map: readme-example\n    setup: {monsters: {zombie-1: {group: zombie, rank: boss}}}\n"
     "    ask: {activation: {card: fs-act-01}}\n    expect: {order: [[zombie-1]]}\n", "spec 's', setup, monsters, zombie-1, rank: 'boss' is not allowed"),
    ("specs:\n  - id: s\n    game: descent\n    rule: r\n    scenario: no-such-quest\n    ask: {overlord_phase: {}}\n"
     "    expect: {doom: [2]}\n", "scenario 'no-such-quest': no such file beside the spec, nor a shipped scenario"),
    ("specs:\n  - id: s\n    game: descent\n    rule: r\n    map: readme-example\n    ask: {move: {figure: zombie-1, verb: engage}}\n"
     "    expect: {end: [[1, 1]]}\n  - id: s\n    game: descent\n    rule: r\n    map: readme-example\n"
     "    ask: {move: {figure: zombie-1, verb: engage}}\n    expect: {end: [[1, 1]]}\n", "the id is used twice in this file"),
])
def test_each_problem_of_a_spec_is_one_line(tmp_path, text, message):
    f = tmp_path / "bad.yaml"
    f.write_text(text)
    out = run("check", str(f))
    assert out.exit_code == 1
    lines = [ln for ln in out.output.splitlines() if ln.startswith(str(f))]
    assert len(lines) == 1, out.output
    assert re.match(rf"{re.escape(str(f))}:\d+:\d+: ", lines[0]) and message in lines[0], lines[0]


def test_a_situation_that_cannot_be_set_up_errs_in_one_line(tmp_path):
    f = tmp_path / "err.yaml"
    f.write_text("specs:\n  - id: s\n    game: descent\n    rule: r\n    map: readme-example\n"
                 "    setup: {monsters: {zombie-9: {group: zombie, rank: minion}}}\n"
                 "    ask: {activation: {card: fs-act-01}}\n    expect: {order: [[zombie-1]]}\n")
    out = run("check", str(f))
    assert out.exit_code == 1
    assert f"ERROR {f}:2 s (descent)" in out.output
    assert "setup.monsters: no figure 'zombie-9' on the map" in out.output


def test_a_card_that_does_not_exist_is_a_problem_at_its_own_line_and_no_spec_runs(tmp_path):
    """Once only `check` found it, at the spec's first line (issue 39); now the file is refused as
    content, at the card's own line and column, by `check` as by `validate`."""
    f = tmp_path / "err.yaml"
    f.write_text("specs:\n  - id: s\n    game: descent\n    rule: r\n    map: readme-example\n"
                 "    setup: {monsters: {zombie-1: {group: zombie, rank: minion}}}\n"
                 "    ask: {activation: {card: fs-act-99}}\n    expect: {order: [[zombie-1]]}\n")
    out = run("check", str(f))
    assert out.exit_code == 1
    assert out.output.splitlines()[0] == (f"{f}:7:30: spec 's', ask, activation, card: no activation card 'fs-act-99' (did you mean "
                                          "'fs-act-09'?); known: " + ", ".join(f"fs-act-{i:02}" for i in range(1, 11)))
    assert "0 specs in 1 file" in out.output and "ERROR" not in out.output


def test_an_authors_spec_beside_its_quest_and_map(tmp_path):
    """"Authors of a new monster or card write specs next to their quest and check them the same
    way": a map file and a scenario beside the spec, named by path."""
    shutil.copy(ROOT / "scenarios" / "maps" / "spotting-example.yaml", tmp_path / "my-map.yaml")
    (tmp_path / "specs.yaml").write_text(
        "specs:\n  - id: mine\n    game: descent\n    rule: my moulder spots\n    map: my-map.yaml\n"
        "    ask: {move: {figure: moulder, verb: spot, target: syndrael}}\n    expect: {mp: [2]}\n")
    out = run("check", str(tmp_path))
    assert out.exit_code == 0, out.output
    assert "1 spec in 1 file: 1 passed" in out.output


def test_spec_files_are_content_validate_reads_and_the_schema_describes():
    loaded = load_content(SPECS / "descent-examples.yaml")
    assert loaded.kind == "specs" and not loaded.problems
    schema = json.dumps(json_schema())
    for instruction in ("activation", "dark_card", "monster_plan", "dragon_event", "move", "fight", "play", "final_battle"):
        assert f'"{instruction}"' in schema
    out = run("validate", str(SPECS))
    assert out.exit_code == 0 and "9 files checked: no problems" in out.output
