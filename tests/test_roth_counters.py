"""Return of the Heroes' counters and artifacts (decks/roth/counters.yaml, artifacts.yaml) against
the book, loaded as `overlord validate` loads them, and the checks naming file, line and column
for every slip."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from overlord.content.validate import load_content
from overlord.games.roth import counters as rc

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks" / "roth"


def run(*args):
    result = CliRunner().invoke(cli.main, list(args))
    assert "Traceback" not in result.output
    return result


def _load(name: str):
    loaded = load_content(DECKS / name)
    assert loaded.problems == [] and loaded.model is not None, loaded.problems
    return loaded.model


COUNTERS = _load("counters.yaml").roth_counters
ARTIFACTS = _load("artifacts.yaml").roth_artifacts


def test_the_shipped_files_are_clean():
    out = run("validate", str(DECKS / "counters.yaml"), str(DECKS / "artifacts.yaml"))
    assert out.exit_code == 0, out.output
    assert out.output.strip() == "2 files checked: no problems"
    out = run("validate", str(DECKS / "counters.yaml"))
    assert out.output.strip() == "2 files checked (1 given and the 1 it names): no problems"


def _dots(cid):
    return dict(COUNTERS[cid].dots)


def _task(cid):
    t = COUNTERS[cid].task
    return {k: v for k, v in t.model_dump().items() if v and k != "level"} | {"level": t.level}


def _artifact(aid, *keys):
    a = ARTIFACTS[aid]
    return tuple(dict(getattr(a, k)) if k == "bonus" else getattr(a, k) for k in keys)


FACTS = [
    # Combat and Combat Trials
    ("Wolves - Range combat = rating unmodified; Close combat = rating reduced by 1; no magic value = no magic "
     "combat possible", lambda: _dots("wolves"), {"green": 0, "red": -1}),
    ("Troll - creature with 2 hit points = 2 successful trials necessary; \"Adversaries with two hearts require "
     "two trials in one turn\"", lambda: COUNTERS["troll"].hearts, 2),
    ("\"The giant has, for example, a -2 in the red spot\"", lambda: _dots("giant")["red"], -2),
    ("\"The ones with a red border are dangerous, as these are creatures\" - each random encounter chit creature "
     "has a dot to fight it with", lambda: [c for c, k in COUNTERS.items() if k.chit and k.border == "red" and not k.dots], []),
    # Encounters, Improvement of Skills
    ("Don Hobiro (F7) - Range combat", lambda: (COUNTERS["don-hobiro"].at, _dots("don-hobiro")), ("F7", {"green": 0})),
    ("Mirabar (O3) - Magic combat", lambda: (COUNTERS["mirabar"].at, _dots("mirabar")), ("O3", {"blue": 0})),
    ("Gasconier (J3) - Close combat", lambda: (COUNTERS["gasconier"].at, _dots("gasconier")), ("J3", {"red": 0})),
    ("\"You pay one gold piece\" (an instructor); \"A failed trial increases the corresponding rating by 1\"",
     lambda: ({COUNTERS[c].fee for c in ("don-hobiro", "mirabar", "gasconier")}, rc.INSTRUCTOR_GAIN), ({1}, 1)),
    ("\"draws three counters if he is at the small market or six counters if at the large one\"",
     lambda: (COUNTERS["small-market"].market, COUNTERS["large-market"].market), (3, 6)),
    ("\"At the Fountain of Life (O5), roll one die\"; \"Crossing the lake from the field where the boat lies\" (L4)",
     lambda: (COUNTERS["fountain-of-life"].at, COUNTERS["boat"].at), ("O5", "L4")),
    # Tasks
    ("\"F5 Escort this merchant to Zenda ... Reward: 1 experience point (green)\"",
     lambda: (COUNTERS["merchant"].at, _task("merchant"), COUNTERS["merchant"].reward),
     ("F5", {"level": 1, "bring": "merchant", "to": "G2"}, [["green"]])),
    ("\"F7 Find Don Hobiro, he trains you in range combat: +2 for a roll of 1-4, +1 for a roll of 5-10\"",
     lambda: (_task("hobiro-task"), COUNTERS["hobiro-task"].training.model_dump()),
     ({"level": 2, "find": "don-hobiro"},
      {"skill": "ranged", "steps": [{"low": 1, "high": 4, "gain": 2}, {"low": 5, "high": 10, "gain": 1}]})),
    ("\"Buy a magic staff. L4 Bring to the Boat\"", lambda: _task("staff-for-the-boat"),
     {"level": 3, "find": "magic-staff", "to": "L4"}),
    ("\"E6 Find the Book of Curses ... N5 Bring it to the temple, and receive the magic cross\"",
     lambda: (COUNTERS["book-of-curses"].at, _task("curses-clue"), COUNTERS["curses-clue"].gives),
     ("E6", {"level": 3, "find": "book-of-curses", "to": "N5"}, "cross")),
    # Events
    ("\"Archery Competition\" - Range Combat", lambda: _dots("archery-competition"), {"green": 0}),
    ("\"joust\" - Close combat", lambda: _dots("joust"), {"red": 0}),
    ("\"during the 'Duel of the Mages' it would be the magic combat rating\"", lambda: _dots("duel-of-the-mages"), {"blue": 0}),
    ("\"all those who succeed in the first trial attempt a second one, but this time with the combat rating "
     "reduced by one\"", lambda: (rc.EVENT_TRIALS, rc.EVENT_SECOND), (2, -1)),
    ("\"receive the specified prize of ECs\" - \"you can never select two of the same color following one action, "
     "except at certain events\"", lambda: COUNTERS["joust"].reward, [["red"], ["red"]]),
    # Hit Points, Movement, Rewards and Experience
    ("\"a magic staff ... a blue spot on it with a +1 ... a gold piece with a -1 ... costs one piece of gold\"",
     lambda: _artifact("magic-staff", "bonus", "price"), ({"magic": 1}, 1)),
    ("\"Healing Potion: 3 uses, 1 hit point per use\"", lambda: _artifact("healing-potion", "uses", "heal"), (3, 1)),
    ("\"Horse: +1\"", lambda: _artifact("horse", "movement"), (1,)),
    ("\"Boots: +1\"", lambda: _artifact("boots", "movement"), (1,)),
    ("\"Cart: -4 movement points, +2\" (read: price 4, movement +2)", lambda: _artifact("cart", "movement", "price"), (2, 4)),
    ("\"horse, cart or boots. These cannot be combined\" - one kind, the vehicle",
     lambda: sorted(a for a, x in ARTIFACTS.items() if x.kind == "vehicle"), ["boots", "cart", "horse"]),
    ("\"armor can only be combined with a shield, not with another piece of armor\"",
     lambda: sorted((x.kind, a) for a, x in ARTIFACTS.items() if x.kind in ("armour", "shield")),
     [("armour", "chain-mail"), ("armour", "leather-armour"), ("shield", "shield")]),
    ("\"What if the armor is worth two hit points? It is destroyed only when the second hit point is lost\"",
     lambda: _artifact("chain-mail", "life"), (2,)),
    # Improvement of Skills, Magic Objects
    ("\"Cross - +1\"", lambda: sum(ARTIFACTS["cross"].bonus.values()), 1),
    ("\"Bow - +2\"", lambda: _artifact("bow", "bonus"), ({"ranged": 2},)),
    ("\"Sword - +2\"", lambda: _artifact("sword", "bonus"), ({"close": 2},)),
    ("\"Yew staff - +2\"", lambda: _artifact("yew-staff", "bonus"), ({"magic": 2},)),
    ("\"Amulet - Can move through all special fields without rolling the dice\"", lambda: _artifact("amulet", "effect"),
     ("amulet",)),
    ("\"if they have a star (*), then they are actually magic artifacts\"; \"A special task must be fulfilled in "
     "order to receive these\"", lambda: sorted((a, x.star) for a, x in ARTIFACTS.items() if x.origin == "magic"),
     [("amulet", True), ("bow", True), ("cross", True), ("sword", True), ("yew-staff", True)]),
    ("the magic objects are each some special task's reward",
     lambda: sorted(c.gives for c in COUNTERS.values() if c.gives), ["amulet", "bow", "cross", "sword", "yew-staff"]),
    # Alternative Rules: The Unknown Land
    ("\"where the magic broomstick returns on a roll of 1\"", lambda: _artifact("magic-broomstick", "returns_on"), (1,)),
    # The Final Battle Against the Nameless
    ("\"It is put on its location, H3\"", lambda: (COUNTERS["nameless"].at, COUNTERS["nameless"].effect), ("H3", "nameless")),
    ("\"the four Guards are placed on the four fields surrounding the tower\"",
     lambda: sorted(c for c, k in COUNTERS.items() if k.effect == "guard" and not k.at), ["guard-1", "guard-2", "guard-3", "guard-4"]),
    ("\"Servants that are drawn unseen and immediately placed on their coordinates\"",
     lambda: len([c for c in COUNTERS.values() if c.effect == "servant" and c.at and c.dots]) >= 8, True),
]


@pytest.mark.parametrize("quote, actual, expected", FACTS, ids=[f[0][:60] for f in FACTS])
def test_the_counters_say_what_the_book_says(quote, actual, expected):
    assert actual() == expected, quote


START = [
    ("What to Do First: \"Once the first part of any heroic deed is fulfilled, put the Nameless counter in the bag\"",
     "nameless", "intro", False, "deed"),
    ("Option 1: \"The Nameless counter is placed in the bag right from the start\"", "nameless", "standard", True, "bag"),
    ("The Standard Game: \"The mice counter, which is not used in the introductory game\"", "mice", "intro", False, "out"),
    ("... \"also goes in the bag\"", "mice", "standard", False, "bag"),
    ("\"the magic artifacts ... are put into the bag instead of on the map\" (the introductory game: on the map)",
     "book-of-curses", "intro", False, "map"),
    ("... in the Standard Game, in the bag", "book-of-curses", "standard", False, "bag"),
    ("\"The Fountain of Life, however, must first be drawn from the bag\"", "fountain-of-life", "intro", False, "bag"),
    ("\"distribute two random encounter chits on each region\"", "wolves", "standard", False, "chits"),
    ("\"the face down pile of market counters\"", "cart", "intro", False, "market"),
    ("\"the four guards are placed ... on their posts\" when the Nameless is drawn", "guard-1", "standard", True, "guard"),
]


@pytest.mark.parametrize("quote, cid, variant, option_1, where", START, ids=[f"{s[1]}-{s[2]}" for s in START])
def test_where_each_counter_starts_in_each_variant(quote, cid, variant, option_1, where):
    model = _load("counters.yaml")
    assert rc.places(model, variant, nameless_at_start=option_1)[cid] == where, quote


def test_enough_chits_for_two_a_region_and_a_variant_is_named():
    """"distribute two random encounter chits on each region" (Alternative Rules: The Standard Game):
    sixteen regions."""
    assert sum(c.copies for c in COUNTERS.values() if c.chit) >= 2 * 16
    with pytest.raises(ValueError, match="no variant 'unknown'; one of intro, standard"):
        rc.places(_load("counters.yaml"), "unknown")


def test_the_files_say_their_numbers_are_ours():
    for name in ("counters.yaml", "artifacts.yaml"):
        text = (DECKS / name).read_text()
        assert "every number the book leaves out is ours" in " ".join(text.split()), name
    assert sum(1 for c in COUNTERS.values() if c.ours) >= 40


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "roth"
    shutil.copytree(DECKS, folder)
    return folder


SLIPS = [
    pytest.param("counters.yaml", "    at: F5\n", "    at: Z5\n",
                 ":210:9: counter 'merchant': coordinates 'Z5' is not a field id (a region letter A-P and a number, as F7)",
                 id="coordinates of no shape"),
    pytest.param("counters.yaml", "    gives: cross\n", "    gives: crosss\n",
                 ":241:12: counter 'curses-clue': no artifact 'crosss' (did you mean 'cross'?)", id="an artifact rewarded"),
    pytest.param("counters.yaml", "artifact: cart,", "artifact: carriage,",
                 ":503:90: counter 'cart': no artifact 'carriage'", id="a market counter's artifact"),
    pytest.param("counters.yaml", "    copies: 3\n    dots: {green: 0, red: -1}\n", "    copies: 3\n",
                 ":25:5: counter 'wolves': a creature (red border) with no dot has no skill to fight it with",
                 id="a creature with no dot"),
    pytest.param("counters.yaml", "task: {level: 3, find: book-of-curses, to: N5}", "task: {level: 3, find: book-of-curses}",
                 ":240:11: counter 'curses-clue': a task names no destination", id="a task naming no destination"),
    pytest.param("counters.yaml", "task: {level: 1, bring: pilgrim, to: N5}", "task: {level: 1, bring: pilgrim, to: N55x}",
                 ":160:42: counter 'pilgrim': to: 'N55x' is not a field id", id="a destination of no shape"),
    pytest.param("counters.yaml", "    copies: 3\n    dots: {green: 0, red: -1}\n", "    copies: 3\n    at: B2\n    dots: {green: 0, red: -1}\n",
                 ":30:9: counter 'wolves': a random encounter chit has no coordinates: it is put on a tan field",
                 id="a chit with coordinates"),
    pytest.param("counters.yaml", "    dots: {green: 0}\n    reward: [[green], [green]]", "    reward: [[green], [green]]",
                 ":415:5: counter 'archery-competition': an event names one skill (one dot)", id="an event with no skill"),
    pytest.param("counters.yaml", "    dots: {green: 0, red: -2}\n", "    dots: {green: 0, red: -12}\n",
                 ":52:27: counter 'giant', dots, red: input should be greater than or equal to -5, got -12",
                 id="a modifier out of range"),
    pytest.param("counters.yaml", "    hearts: 2\n    dots: {green: -1, red: 0}", "    hearts: 4\n    dots: {green: -1, red: 0}",
                 ":40:13: counter 'troll', hearts: input should be less than or equal to 3, got 4", id="hearts out of range"),
    pytest.param("counters.yaml", "    reward: [[red], [green]]\n", "    reward: [[red], [red]]\n",
                 ":42:13: counter 'troll': two cubes of one action are of different colours", id="two cubes alike"),
    pytest.param("counters.yaml", "    effect: market\n    market: 3\n", "    effect: market\n",
                 ":349:5: counter 'small-market': a market (effect market) names the market counters drawn there",
                 id="a market of no size"),
    pytest.param("artifacts.yaml", "movement: 2, price: 4,", "movement: 2, price: 40,",
                 ":39:73: artifact 'cart', price: input should be less than or equal to 10, got 40", id="a price out of range"),
    pytest.param("artifacts.yaml", "bonus: {magic: 1}, price: 1,", "bonus: {magic: 4}, price: 1,",
                 ":21:81: artifact 'magic-staff', bonus, magic: input should be less than or equal to 3, got 4",
                 id="a bonus out of range"),
    pytest.param("artifacts.yaml", "horse: {name: Horse, kind: vehicle,", "horse: {name: Horse, kind: other,",
                 ":35:63: artifact 'horse': movement points are a vehicle's", id="movement off a vehicle"),
    pytest.param("artifacts.yaml", "shield: {name: Shield, kind: shield, origin: market, life: 1,",
                 "shield: {name: Shield, kind: shield, origin: market,",
                 ":45:32: artifact 'shield': hit points below the line are armour's and shields'", id="a shield of no hit point"),
]


@pytest.mark.parametrize("file, old, new, expected", SLIPS)
def test_a_slip_is_named_by_file_line_and_column(tmp_path, file, old, new, expected):
    folder = _copy(tmp_path)
    path = folder / file
    text = path.read_text()
    assert old in text, f"the test's anchor is gone from {file}"
    path.write_text(text.replace(old, new, 1))
    out = run("validate", str(folder))
    assert out.exit_code == 1
    where, _, message = expected.partition(": ")
    assert any(f"{file}{where}: " in line and message in line for line in out.output.splitlines()), out.output


def test_the_nameless_his_guards_and_servants_are_counted(tmp_path):
    """"the four Guards are placed on the four fields surrounding the tower" (The Final Battle Against
    the Nameless): a fifth is refused, as is a counters file naming no artifacts file it can read."""
    folder = _copy(tmp_path)
    path = folder / "counters.yaml"
    path.write_text(path.read_text().replace("  servant-1: {name: Servant, border: red, start: {intro: servant, "
                                             "standard: servant}, effect: servant, at: A5,",
                                             "  servant-1: {name: Servant, border: red, start: {intro: servant, "
                                             "standard: servant}, effect: guard,")
                    .replace("artifacts: artifacts.yaml", "artifacts: artefacts.yaml"))
    out = run("validate", str(folder))
    assert "the counters hold 4 with effect 'guard', not 5" in out.output
    assert "the counters hold at least 8 with effect 'servant', not 7" in out.output
    assert "counters.yaml:20:12: artifacts: artefacts.yaml: no such file" in out.output, out.output


def test_the_kinds_are_registered_for_validate_and_schema():
    schema = run("schema").output
    assert '"roth_counters"' in schema and '"roth_artifacts"' in schema
