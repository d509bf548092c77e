"""The Dragon's shipped content against the book (UtSotD), and `overlord validate` naming file,
line and column for every slip in it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from dragon_helpers import COOP, DUEL, ROOT, content


def run(*args):
    result = CliRunner().invoke(cli.main, list(args))
    assert "Traceback" not in result.output
    return result


def test_the_shipped_content_is_clean():
    out = run("validate", "dragon", "dragon-duel", str(ROOT / "decks" / "dragon"))
    assert out.exit_code == 0, out.output
    assert out.output.strip() == "7 files checked: no problems"


def test_the_named_fields_of_the_book():
    """Region Maps: the City of the Mages (S1) reached through S3-S6, the dump S2, the manors T2 and
    X2, the Labyrinth's four corners, the lair V9 with its entrances 10 and 1 (the Rope), the
    Caravanserai W3, the hidden field W5, the Oasis W6, the Barrow Z6."""
    b = content().board
    assert b.with_feature("city") == ["S1"] and b.with_feature("dump") == ["S2"]
    assert b.with_feature("teleporter") == ["S3", "S4", "S5", "S6"]
    assert b.with_feature("manor") == ["T2", "X2"] and len(b.with_feature("corner")) == 4
    assert (b.with_feature("lair"), b.with_feature("cave_mouth"), b.with_feature("rope_point")) == (["V9"], ["V10"], ["V1"])
    assert (b.with_feature("caravanserai"), b.with_feature("oasis"), b.with_feature("barrow")) == (["W3"], ["W6"], ["Z6"])
    assert b.field("W5").is_hidden and b.field("V9").colour == "violet"
    assert "S1" not in [f for nbs in b.walk.values() for f in nbs], "the City is reached only by the teleporters"
    assert not [f for f, nbs in b.walk.items() if "V9" in nbs], "the lair is entered past the Dragon Man or by the Rope"
    assert set(b.walk["S1"]) == {"S3", "S4", "S5", "S6"}


def test_the_dragon_events_and_the_chains():
    """"Dragon Events are: Attack!, Fear!, Plunder!, and The Market is Burning! (twice)"; the scroll
    beings "ranged combat with the Phoenix, close combat with the Scorpion, and magic combat with the
    Unicorn"; the materials and loremasters of the Lyre, the Bow and the Axe."""
    c = content()
    events = sorted(i for i in c.instances if c.spec(i).start == "event")
    assert events == ["attack", "fear", "market-burning-1", "market-burning-2", "plunder"]
    trials = {cid: (dict(c.counters[cid].dots), c.counters[cid].flip) for cid in ("phoenix", "scorpion", "unicorn")}
    assert trials == {"phoenix": ({"green": 0}, "scroll-bow"), "scorpion": ({"red": -1}, "scroll-axe"),
                      "unicorn": ({"blue": 0}, "scroll-lyre")}
    chains = {"lyre": ("nightmare", "huge-bone", "orpheus", "magic"), "bow": ("keeper", "wood-of-ash", "rondel", "ranged"),
              "axe": ("dwarven-ghost", "special-metal", "hildebrandt", "close")}
    for weapon, (being, material, master, skill) in chains.items():
        scroll = f"scroll-{weapon}"
        assert c.counters[being].needs == (scroll,) and c.counters[being].flip == material
        assert set(c.counters[master].needs) == {scroll, material} and c.counters[master].flip == weapon
        assert c.artifacts[weapon].dragon == skill and dict(c.artifacts[weapon].bonus) == {skill: 1}


def test_the_numbers_the_book_gives():
    c = content()
    assert dict(c.heroes["paladin"].skills) and c.heroes["paladin"].life == 4       # "begins the game with 4 HPs"
    assert dict(c.heroes["orc"].skills)["close"] == 6                                # "his original starting value of 6"
    assert dict(c.heroes["halfling"].thresholds)["ranged"][0] == 1                    # "only needs 1 EC ... 2nd level"
    assert dict(c.counters["skeleton"].dots) == {"blue": 0, "green": -1, "red": 0}
    assert "blue" not in dict(c.counters["lionbear"].dots) and dict(c.counters["lionbear"].dots)["red"] == -2
    text = (ROOT / "decks" / "dragon" / "counters.yaml").read_text()
    assert text.count("ours: [") >= 20 and "every number the book leaves out is ours" in text


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "decks" / "dragon"
    shutil.copytree(ROOT / "decks" / "dragon", folder)
    sc = tmp_path / "scenarios"
    sc.mkdir()
    shutil.copy(COOP, sc / "dragon.yaml")
    shutil.copy(DUEL, sc / "dragon-duel.yaml")
    return tmp_path


@pytest.mark.parametrize("file, old, new, expected", [
    pytest.param("decks/dragon/counters.yaml", "    border: red\n    start: covered\n    dots: {blue: 0, green: -1",
                 "    border: read\n    start: covered\n    dots: {blue: 0, green: -1",
                 ":18:13: counter 'skeleton', border: 'read' is not allowed (did you mean 'red'?)", id="a border"),
    pytest.param("decks/dragon/counters.yaml", "    reward: [[green]]\n    text: A pack",
                 "    rewards: [[green]]\n    text: A pack", ":37:14: counter 'wolves': unknown field 'rewards' (did you mean 'reward'?)",
                 id="a misspelt field"),
    pytest.param("decks/dragon/counters.yaml", "    flip: saber", "    flip: sabre",
                 ":72:11: counter 'yeti': no artifact 'sabre' (did you mean 'saber'?)", id="an artifact on the back"),
    pytest.param("decks/dragon/counters.yaml", "    at: Z3\n", "    at: Z33\n",
                 ":256:9: counter 'nightmare': no field 'Z33' (did you mean 'Z3'?)", id="coordinates off the board"),
    pytest.param("decks/dragon/dragon-cards.yaml", "effects: [hoard: 1]", "effects: [hord: 1]",
                 ":33:15: card 'hunger', effect 1: unknown effect 'hord' (did you mean 'hoard'?)",
                 id="an effect of the Dragon deck"),
    pytest.param("decks/dragon/heroes.yaml", "    skills: {magic: 4, ranged: 5, close: 6}",
                 "    skills: {magic: 4, ranged: 5, close: 16}",
                 ":36:42: hero 'orc', skills, close: input should be less than or equal to 11, got 16", id="a skill over 11"),
    pytest.param("decks/dragon/artifacts.yaml", "saber: {name: Saber, origin: special,",
                 "saber: {name: Saber, origin: special, spell: true,",
                 ":9:48: artifact 'saber': a spell is one of the City of the Mages' counters (origin: market)",
                 id="a spell that is not the City's"),
    pytest.param("decks/dragon/regions.yaml", "routes: [[1, 4], [3, 4], [4, 2]", "routes: [[1, 4], [3, 4], [4, 12]",
                 ":27:36: routes 3: no field R12", id="a route to nowhere"),
    pytest.param("decks/dragon/regions.yaml", "{n: 2, at: [1, 1], feature: smithy", "{n: 2, at: [2, 1], feature: smithy",
                 ":22:22: fields R2 and R4 are drawn on one point [2, 1]", id="two fields on one point of a map"),
    pytest.param("decks/dragon/regions.yaml", "{n: 5, at: [3, 3], colour: red", "{n: 5, at: [5, 3], colour: red",
                 ":23:23: regions, R, field 5, at, item 1: input should be less than or equal to 4, got 5",
                 id="a field drawn off its map"),
    pytest.param("scenarios/dragon.yaml", "names: [paladin, halfling, orc, mage]",
                 "names: [paladin, halfing, orc, mage]", ":17:20: no hero 'halfing' (did you mean 'halfling'?)",
                 id="a hero of the scenario"),
    pytest.param("scenarios/dragon.yaml", "manors: [T2, X2]", "manors: [T2, Y2]",
                 ":24:16: manor Y2: a hero starts on a tan field", id="a manor by the water"),
    pytest.param("scenarios/dragon.yaml", "dragon_every: {1: 4,", "dragon_every: {",
                 ":32:19: no dragon_every for 1 hero", id="a hero count without its number"),
])
def test_a_slip_is_named_by_file_line_and_column(tmp_path, file, old, new, expected):
    root = _copy(tmp_path)
    path = root / file
    text = path.read_text()
    assert old in text, f"the test's anchor is gone from {file}"
    path.write_text(text.replace(old, new, 1))
    out = run("validate", str(root / "scenarios" / "dragon.yaml"))
    assert out.exit_code == 1
    where, _, message = expected.partition(": ")
    assert any(f"{file.split('/')[-1]}{where}: " in line and message in line for line in out.output.splitlines()), out.output


def test_every_covered_counter_needs_a_spot(tmp_path):
    """18 spots (two opposing entry fields of each of the nine maps) for the covered counters."""
    root = _copy(tmp_path)
    path = root / "decks" / "dragon" / "counters.yaml"
    path.write_text(path.read_text().replace("  juggler:\n    name: Juggler\n    border: green\n    start: covered",
                                             "  juggler:\n    name: Juggler\n    border: green\n    start: bag"))
    out = run("validate", str(root / "scenarios" / "dragon.yaml"))
    assert "17 covered counters for the 18 set-up spots" in out.output and out.exit_code == 1


def test_the_schema_knows_the_dragons_formats_and_accepts_the_shipped_files():
    """`overlord schema` is generated from the same models that validate: an editor checks the
    shipped Dragon files against it."""
    import json
    import jsonschema
    import yaml
    schema = json.loads(run("schema").output)
    assert {"DragonCountersFile", "DragonArtifactsFile", "DragonHeroesFile", "DragonCardsFile",
            "DragonRegionsFile", "DragonScenarioFile"} <= set(schema["$defs"])
    validator = jsonschema.Draft202012Validator(schema)
    files = sorted((ROOT / "decks" / "dragon").glob("*.yaml")) + [Path(COOP), Path(DUEL)]
    for path in files:
        assert not list(validator.iter_errors(yaml.safe_load(path.read_text()))), path
