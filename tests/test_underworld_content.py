"""Heroes in the Underworld content shipped as YAML (decks/underworld/tiles.yaml, counters.yaml,
heroes.yaml): the shipped files validate; the counts the rulebook states hold, each test quoting
the line it checks; every slip is one clear FILE:LINE:COL line naming the field (docs/internals.md, "Conventions":
"Content is validated at load"); ``overlord validate`` and ``overlord schema`` know the formats.
"""

from __future__ import annotations

import ast
import dataclasses
import json
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

import cli
from overlord.games.underworld import formats as uw
from overlord.content.errors import ContentError
from overlord.content.validate import json_schema, load_content, validate_paths
from overlord.content.yamlio import parse_yaml
from overlord.core.rng import new_rng
from overlord.games.heroes import sheet
from overlord.games.underworld import state, tiles

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "decks" / "underworld"
FILES = {"tiles.yaml": "underworld_tiles", "counters.yaml": "underworld_counters", "heroes.yaml": "underworld_heroes"}


@pytest.fixture(scope="module")
def game() -> uw.Underworld:
    return uw.load_underworld(DECK / "tiles.yaml", DECK / "counters.yaml", DECK / "heroes.yaml")


def shipped(name: str):
    return yaml.safe_load((DECK / name).read_text(encoding="utf-8"))


# -- the shipped files ----------------------------------------------------------------------------

@pytest.mark.parametrize("name, kind", FILES.items())
def test_each_shipped_file_validates_on_its_own(name, kind):
    loaded = load_content(DECK / name)
    assert loaded.kind == kind
    assert loaded.problems == [], [str(p) for p in loaded.problems]


def test_the_three_files_load_together(game):
    assert (len(game.tiles), len(game.heroes)) == (48, 5)
    assert uw.load_underworld().counters == game.counters      # the shipped files by default


# -- tiles ("Map Tiles") ----------------------------------------------------------------------------

def test_there_are_48_tiles(game):
    """Parts List: "48 area maps – to develop the Underworld"."""
    assert len(game.tiles) == 48
    assert len({t.id for t in game.tiles}) == 48


def test_one_styx_with_the_arrow_the_others_are_laid_by(game):
    """"Separate the Styx map tile"; "the directional arrow points the same direction as the
    arrow on the Styx tile"."""
    styx = [t for t in game.tiles if t.kind == "styx"]
    assert [(t.name, t.arrow) for t in styx] == [("Styx", True)]


def test_the_eight_places_once_each(game):
    """Glossary, Gebietskarte: Asphodelion, Chaos, Elysion, Erebos, Hades, Kriterion, Lethe,
    Tartarus (Tartaros)."""
    places = sorted(t.name for t in game.tiles if t.kind == "place")
    assert places == ["Asphodelion", "Chaos", "Elysion", "Erebos", "Hades", "Kriterion", "Lethe", "Tartaros"]


def test_exits_by_kind(game):
    """"Areas: Tiles having 3 or 4 exits"; "Passageways: Tiles having 2, 3 or 4 exits."; and each
    tile passes the game's own check (games.underworld.tiles.check_spec)."""
    for t in game.tiles:
        n = len(t.exits)
        assert {"area": n in (3, 4), "passageway": n in (2, 3, 4), "place": n >= 1, "styx": n >= 1}[t.kind], t
        tiles.check_spec(tiles.TileSpec(t.id, t.kind, t.name, t.exits, t.arrow))


def test_our_mix_lets_the_underworld_grow(game):
    """Ours (marked): mostly 3-4 exits, a few 2-exit passages, places with 2-4 exits, about one
    tile in four with an arrow; the three stacks deal 16, 16, 15 ("put face down in 3 equal piles")."""
    assert all("exits" in t.ours for t in game.tiles)
    assert all("arrow" in t.ours for t in game.tiles if t.kind != "styx")
    exits = Counter(len(t.exits) for t in game.tiles)
    assert exits[3] + exits[4] >= 36 and 1 <= exits[2] <= 10
    assert all(2 <= len(t.exits) <= 4 for t in game.tiles if t.kind == "place")
    assert 9 <= sum(t.arrow for t in game.tiles) <= 15
    m = tiles.setup([tiles.TileSpec(t.id, t.kind, t.name, t.exits, t.arrow) for t in game.tiles], ["a"], new_rng(1))
    assert [len(s) for s in m.stacks] == [16, 16, 15]


# -- counters ("Counters / Markers", Glossary) ------------------------------------------------------

def kinds(game, kind):
    return {cid: c for cid, c in game.counters.items() if c.kind == kind}


def copies(counters):
    return sum(c.copies for c in counters.values())


def test_80_counters_with_the_two_gates_and_78_alone(game):
    """Parts List: "80 counters – Adventure markers and treasure markers"; "From the Adventure
    markers both gates to Hades markers are segregated – they are used only if the Underworld is
    played together with Return of the Heroes and/or In the Shadow of the Dragon"."""
    assert copies(game.counters) + copies(game.combined) == 80
    assert sorted(c.name for c in game.combined.values()) == ["Gate to Hades/Lethe", "Gate to Hades/Styx"]
    specs = {cid: state.CounterSpec(id=cid, **c.model_dump()) for cid, c in game.counters.items()}
    ids = state.instances(specs)
    assert len(ids) == len(set(ids)) == 78
    assert all(state.kind_of(_StateOf(specs), i).id in specs for i in ids)   # every instance id parses back


@dataclasses.dataclass
class _StateOf:
    catalogue: dict


def test_three_avatars_with_their_reward(game):
    """"The Damned One only appears, at first, in the form of its 3 Avatars"; Glossary, Avatar:
    "A hero that defeats an Avatar receives an EC of choice and a treasure marker"."""
    avatars = kinds(game, "avatar")
    assert copies(avatars) == 3
    for a in avatars.values():
        assert [sorted(cube) for cube in a.reward] == [["blue", "green", "red"]] and a.treasure == 1


def test_five_special_weapons_on_the_damned_ones_card(game):
    """"Place the Damned One's marker, and the 5 special weapon markers on the Damned One's
    reference card"; Glossary: Scythe "+2" close, Bow "+2" ranged, Golden Staff "+2" magic,
    Trident "Increases all skill values by +1", Mail of Persephone "+2 artificial LPs"."""
    weapons = kinds(game, "special_weapon")
    assert sorted(c.name for c in weapons.values()) == ["Bow of Herkules", "Golden Staff", "Mail of Persephone",
                                                       "Scythe of Thanatos", "Trident of Hades"]
    assert copies(weapons) == 5
    assert {c.name: dict(c.bonus) for c in weapons.values() if c.bonus} == {
        "Scythe of Thanatos": {"close": 2}, "Bow of Herkules": {"ranged": 2}, "Golden Staff": {"magic": 2},
        "Trident of Hades": {"magic": 1, "ranged": 1, "close": 1}}
    assert weapons["mail-of-persephone"].life == 2 and weapons["mail-of-persephone"].slot == "armour"
    assert copies(kinds(game, "damned_one")) == 1


def test_three_black_weapons_each_bound_to_a_skill(game):
    """"The Black Weapons are: The Soul Sword, The Black Crossbow, The Black Staff"."""
    black = kinds(game, "black_weapon")
    assert {c.name: c.black for c in black.values()} == {"Soul Sword": "close", "Black Crossbow": "ranged",
                                                        "Black Staff": "magic"}
    assert all("bonus" in c.ours for c in black.values())


def test_tasks_go_to_their_places(game):
    """Glossary: Aiakos, Minos, Rhadamanthys "Must be brought to Kriterion"; Chronos "to the
    Elysion"; Hades and Persephone to "the Throne Room (the Hades map tile)", rewarded with the
    Trident of Hades and the Mail of Persephone."""
    tasks = {c.name: (c.destination, c.grants) for c in kinds(game, "task").values()}
    assert tasks == {"Aiakos": ("Kriterion", ""), "Minos": ("Kriterion", ""), "Rhadamanthys": ("Kriterion", ""),
                     "Chronos": ("Elysion", ""), "Hades": ("Hades", "trident-of-hades"),
                     "Persephone": ("Hades", "mail-of-persephone")}
    assert all(game.counters[c].treasure == 1 for c in ("aiakos", "minos", "chronos"))   # "take one treasure"


def test_black_creatures_and_their_prisons(game):
    """Glossary: Arachne, Tantalos, Theseus, Titan "brought to Tartarus"; Ixion, Sisyphos,
    Tityos, Typhon to "Erebos"; "Each returned Black Creature grants a treasure"."""
    black = {c.name: c.prison for c in kinds(game, "black_creature").values()}
    assert black == {"Arachne": "Tartaros", "Tantalos": "Tartaros", "Theseus": "Tartaros", "Titan": "Tartaros",
                     "Ixion": "Erebos", "Sisyphos": "Erebos", "Tityos": "Erebos", "Typhon": "Erebos"}
    assert all(c.treasure == 1 for c in kinds(game, "black_creature").values())


def test_ixion_costs_one_in_close_combat(game):
    """"With Ixion for example, any hero selecting to fight with Close Combat (red skill) must
    deduct 1 from their red Close Combat skill"."""
    assert game.counters["ixion"].dots["red"] == -1
    assert "dots" not in game.counters["ixion"].ours


def test_the_encounters_that_give_special_weapons(game):
    """Glossary: Hekate "If the magic test succeeds ... the Golden Staff"; Orion "Ranged Combat
    test ... the Bow of Hercules"; Thanatos "Close Combat test ... the Scythe of Thanatos"."""
    got = {c.name: (list(c.dots), c.grants, c.effect) for c in kinds(game, "encounter").values() if c.grants}
    assert got == {"Hekate": (["blue"], "golden-staff", "grant_special"),
                   "Orion": (["green"], "bow-of-herkules", "grant_special"),
                   "Thanatos": (["red"], "scythe-of-thanatos", "grant_special")}


GLOSSARY = {
    "task": ["Aiakos", "Chronos", "Hades", "Minos", "Persephone", "Rhadamanthys"],
    "creature": ["Alekto", "Empusa", "Gorgon", "Lamie", "Megaira", "Tisiphone"],
    "black_creature": ["Arachne", "Ixion", "Sisyphos", "Tantalos", "Theseus", "Titan", "Tityos", "Typhon"],
    "encounter": ["Hekate", "Hermes", "Hypnos", "Low Demon", "Orion", "Thanatos", "Well of Wisdom"],
    "item": ["Advice of Hermes", "Amazon Belt", "Ambrosia", "Breastplate", "Diana's Arrows", "Gold Bag",
             "Lightning Bolts", "Mirror", "Nektar", "Opal", "Ring", "Sandals", "Scepter of Ares", "Shoes of Hermes",
             "Sickle", "Sling", "Wurfspeer"],
}


@pytest.mark.parametrize("kind, names", GLOSSARY.items())
def test_every_counter_the_glossary_names(game, kind, names):
    """Glossary entries "– Task.", "– Creature.", "– Black Creature.", "– Encounter.", "– Item."."""
    found = {c.name.split(" (")[0] for c in kinds(game, kind).values()}
    assert found == set(names)


def test_items_the_glossary_gives_numbers_for(game):
    """Glossary: Brustharnisch "Grants 2 artificial LPs"; Sandals "Increases MP by +1"; Sling,
    Wurfspeer "+1" ranged; Sickle, Scepter of Ares "+1" close; Opal, Ring, Diana's Arrows, Amazon
    Belt combine with another item; Gold Bag: "the number of Gold Pieces"."""
    c = game.counters
    assert c["breastplate"].life == 2 and c["breastplate"].slot == "armour"
    assert c["sandals"].movement == 1
    assert [dict(c[i].bonus) for i in ("sling", "wurfspeer", "sickle", "scepter-of-ares")] == [
        {"ranged": 1}, {"ranged": 1}, {"close": 1}, {"close": 1}]
    assert all(c[i].combinable for i in ("opal", "ring", "dianas-arrows", "amazon-belt"))
    bags = [x for x in c.values() if x.effect == "gold_bag"]
    assert len(bags) >= 2 and all(x.gold >= 1 and "gold" in x.ours for x in bags)
    assert all("hearts" in c[i].ours and c[i].effect == "heal" for i in ("ambrosia", "nektar"))


def test_traps_and_creatures_of_the_damned_one(game):
    """"the traps and creatures of the Damned One as well as the black weapons are treasure
    markers"; a trap is tested "against any skill pictured on the counter"; a Creature of the
    Damned "If this creature is defeated, a new treasure marker may be drawn"."""
    for kind in ("trap", "damned_creature"):
        group = kinds(game, kind)
        assert copies(group) > 1 and all({"copies", "dots"} <= set(c.ours) for c in group.values())
        assert all(c.dots for c in group.values())
    assert all(c.treasure == 1 for c in kinds(game, "damned_creature").values())


def test_every_counter_has_our_one_line_text(game):
    for c in list(game.counters.values()) + list(game.combined.values()):
        assert c.text and "\n" not in c.text.strip()


# -- heroes (Glossary, "Hero") ------------------------------------------------------------------------

def test_five_heroes_and_their_abilities(game):
    """Glossary "Hero": Bard, Gladiator/Amazon, Gnome, Shaman, Centaur; "This hero may carry 5
    items instead of four." (Centaur)."""
    assert {h.name.split(" (")[0]: h.ability for h in game.heroes.values()} == {
        "Bard": "bard_song", "Gladiator": "second_round", "Gnome": "combine_skills", "Shaman": "shaman_gray",
        "Centaur": "centaur"}
    assert {hid: h.item_slots for hid, h in game.heroes.items()} == {
        "bard": 4, "gladiator": 4, "gnome": 4, "shaman": 4, "centaur": 5}


def test_each_hero_makes_a_sheet(game):
    """Every number is ours (marked) and within what we call sensible; each hero makes a sheet."""
    for hid, h in game.heroes.items():
        assert {"skills", "thresholds", "movement", "life", "gold"} <= set(h.ours)
        # ours, tuned by simulation (docs/underworld.md, the balance)
        assert all(6 <= v <= 9 for v in h.skills.values()) and 4 <= h.life <= 6
        assert 3 <= h.movement <= 4 and 1 <= h.gold <= 2
        s = sheet.new_sheet(hid, dict(h.skills), {k: list(v) for k, v in h.thresholds.items()}, h.movement,
                            h.life, h.gold, item_slots=h.item_slots)
        assert list(s.skills) == list(sheet.SKILLS) and s.item_slots == h.item_slots


# -- the content layer's copies of the games' vocabularies ------------------------------------------

def test_the_copied_vocabularies_match_the_games():
    assert uw.COUNTER_KINDS == tuple(state.KIND_BORDER)
    assert uw.TILE_KINDS == tiles.KINDS
    assert (uw.SKILLS, uw.SLOTS, uw.SKILL_MAX) == (sheet.SKILLS, sheet.ITEM_KINDS, sheet.SKILL_MAX)
    assert (uw.ITEM_SLOTS, uw.CENTAUR_ITEM_SLOTS, uw.THRESHOLDS_MAX) == (
        sheet.ITEM_SLOTS, sheet.CENTAUR_ITEM_SLOTS, sheet.MAX_DICE - sheet.BASE_DICE)
    assert set(uw.CUBE_COLOURS) == set(sheet.CUBE_SKILL) | {sheet.SHADOW}


def test_the_yaml_fields_are_exactly_the_specs():
    spec = {f.name for f in dataclasses.fields(state.CounterSpec)}
    assert set(uw.CounterModel.model_fields) == spec - {"id"}
    assert set(uw.TileModel.model_fields) - {"ours"} == {f.name for f in dataclasses.fields(tiles.TileSpec)}


def test_content_does_not_import_games():
    """docs/internals.md, "The layers": imports point down only (content lies below games; the Underworld's
    formats now live in its own package, and the content layer names no game)."""
    for path in (ROOT / "overlord" / "content").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert "games" not in (node.module or "").split("."), (path.name, node.module)
            elif isinstance(node, ast.Import):
                assert all("games" not in a.name.split(".") for a in node.names), path.name


# -- one slip at a time ---------------------------------------------------------------------------------

DELETE = object()


def _slip(data, path, value):
    for part in path[:-1]:
        data = data[part]
    if value is DELETE:
        del data[path[-1]]
    else:
        data[path[-1]] = value


def _rename(data, path, new):
    """Rename the key at ``path`` (keeping its place in the mapping)."""
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    items = [(new if k == path[-1] else k, v) for k, v in parent.items()]
    parent.clear()
    parent.update(items)


# (what slipped, file, [(path, new value)], the path the line must point at, words, problems)
SLIPS = [
    ("a wrong counter kind", "counters.yaml", [(("underworld_counters", "ixion", "kind"), "black_creatur")],
     ("underworld_counters", "ixion", "kind"), ["counter 'ixion'", "kind", "did you mean 'black_creature'"], 1),
    ("an area with 2 exits", "tiles.yaml", [(("underworld_tiles", 9, "exits"), "NS")],
     ("underworld_tiles", 9, "exits"), ["tile 'area-01'", "exits", "an area has 3 or 4 exits, not 2"], 1),
    ("a passageway with 1 exit", "tiles.yaml", [(("underworld_tiles", 33, "exits"), "N")],
     ("underworld_tiles", 33, "exits"), ["tile 'passage-01'", "2, 3 or 4 exits, not 1"], 1),
    ("exits that are not sides", "tiles.yaml", [(("underworld_tiles", 10, "exits"), "NNX")],
     ("underworld_tiles", 10, "exits"), ["tile 'area-02'", "exits", "distinct letters"], 1),
    ("an unknown destination", "counters.yaml", [(("underworld_counters", "aiakos", "destination"), "Kriterium")],
     ("underworld_counters", "aiakos", "destination"), ["counter 'aiakos'", "destination", "not a place tile",
                                                         "did you mean 'Kriterion'"], 1),
    ("a prison that is no prison", "counters.yaml", [(("underworld_counters", "typhon", "prison"), "Lethe")],
     ("underworld_counters", "typhon", "prison"), ["counter 'typhon'", "prison", "Erebos or Tartaros"], 1),
    ("a black creature without prison", "counters.yaml", [(("underworld_counters", "titan", "prison"), DELETE)],
     ("underworld_counters", "titan"), ["counter 'titan'", "names its prison"], 1),
    ("a duplicate tile id", "tiles.yaml", [(("underworld_tiles", 10, "id"), "area-01")],
     ("underworld_tiles", 10, "id"), ["tile id 'area-01' is used twice"], 1),
    ("no Styx", "tiles.yaml", [(("underworld_tiles", 0, "kind"), "area")],
     ("underworld_tiles",), ["exactly one Styx tile", "has 0"], 1),
    ("a misspelt tile kind", "tiles.yaml", [(("underworld_tiles", 12, "kind"), "pasageway")],
     ("underworld_tiles", 12, "kind"), ["tile 'area-04'", "did you mean 'passageway'"], 1),
    ("47 tiles", "tiles.yaml", [(("underworld_tiles", 47), DELETE)],
     ("underworld_tiles",), ["48 map tiles", "has 47"], 1),
    ("a misspelt place", "tiles.yaml", [(("underworld_tiles", 8, "name"), "Tartarus")],
     ("underworld_tiles", 8, "name"), ["tile 'tartaros'", "did you mean 'Tartaros'"], 2),
    ("a bad dot colour", "counters.yaml", [(("underworld_counters", "alekto", "dots"), {"red": 0, "gren": -1})],
     ("underworld_counters", "alekto", "dots", "gren"), ["counter 'alekto'", "dots", "did you mean 'green'"], 1),
    ("a bad reward colour", "counters.yaml", [(("underworld_counters", "lamie", "reward"), [["red", "yellow"]])],
     ("underworld_counters", "lamie", "reward", 0, 1), ["counter 'lamie'", "reward", "'yellow' is not allowed"], 1),
    ("an unknown effect", "counters.yaml", [(("underworld_counters", "gorgon", "effect"), "gorgone")],
     ("underworld_counters", "gorgon", "effect"), ["counter 'gorgon'", "effect", "did you mean 'gorgon'"], 1),
    ("grants that is no special weapon", "counters.yaml", [(("underworld_counters", "hekate", "grants"), "golden-stave")],
     ("underworld_counters", "hekate", "grants"), ["counter 'hekate'", "grants", "did you mean 'golden-staff'"], 1),
    ("a Trident without its +1", "counters.yaml", [(("underworld_counters", "trident-of-hades", "bonus"), DELETE)],
     ("underworld_counters", "trident-of-hades"), ["counter 'trident-of-hades'", "bonus",
                                                   "Increases all skill values by +1"], 1),
    ("a special weapon that raises nothing", "counters.yaml",
     [(("underworld_counters", "golden-staff", "bonus"), DELETE)],
     ("underworld_counters", "golden-staff"), ["counter 'golden-staff'", "raises the skill"], 1),
    ("a black weapon without its skill", "counters.yaml", [(("underworld_counters", "soul-sword", "black"), DELETE)],
     ("underworld_counters", "soul-sword"), ["counter 'soul-sword'", "names its skill in 'black'"], 1),
    ("a black weapon with no skill", "counters.yaml", [(("underworld_counters", "black-staff", "black"), "magik")],
     ("underworld_counters", "black-staff", "black"), ["counter 'black-staff'", "black", "did you mean 'magic'"], 1),
    ("a misspelt field", "counters.yaml", [(("underworld_counters", "minos", "destination"), DELETE),
                                           (("underworld_counters", "minos", "destinaton"), "Kriterion")],
     ("underworld_counters", "minos", "destinaton"), ["counter 'minos'", "unknown field 'destinaton'",
                                                       "did you mean 'destination'"], 1),
    ("a misspelt ours field", "counters.yaml", [(("underworld_counters", "empusa", "ours"), ["dot"])],
     ("underworld_counters", "empusa", "ours", 0), ["counter 'empusa'", "did you mean 'dots'"], 1),
    ("81 counters", "counters.yaml", [(("underworld_counters", "trap", "copies"), 5)],
     ("underworld_counters",), ["80 counters", "add up to 81"], 1),
    ("a fourth Avatar", "counters.yaml", [(("underworld_counters", "avatar", "copies"), 4),
                                         (("underworld_counters", "trap", "copies"), 3)],
     ("underworld_counters",), ["3 avatar counters", "add up to 4"], 1),
    ("a gate left out", "counters.yaml", [(("combined_games", "gate-lethe"), DELETE)],
     ("underworld_counters",), ["80 counters", "add up to 79"], 1),
    ("zero copies", "counters.yaml", [(("underworld_counters", "sickle", "copies"), 0)],
     ("underworld_counters", "sickle", "copies"), ["counter 'sickle'", "copies", "greater than or equal to 1"], 1),
    ("a falling threshold", "heroes.yaml", [(("underworld_heroes", "gnome", "thresholds", "magic"), [5, 3])],
     ("underworld_heroes", "gnome", "thresholds"), ["hero 'gnome'", "thresholds", "rising"], 1),
    ("a Centaur with four item boxes", "heroes.yaml", [(("underworld_heroes", "centaur", "item_slots"), 4)],
     ("underworld_heroes", "centaur", "item_slots"), ["hero 'centaur'", "item_slots", "Centaur carries 5"], 1),
    ("a misspelt ability", "heroes.yaml", [(("underworld_heroes", "bard", "ability"), "bard_songs")],
     ("underworld_heroes", "bard", "ability"), ["hero 'bard'", "ability", "did you mean 'bard_song'"], 1),
    ("a skill left out", "heroes.yaml", [(("underworld_heroes", "shaman", "skills"), {"magic": 8, "close": 6})],
     ("underworld_heroes", "shaman", "skills"), ["hero 'shaman'", "skills", "missing ranged"], 1),
]


@pytest.mark.parametrize("file, changes, at, words, count", [pytest.param(*s[1:], id=s[0]) for s in SLIPS])
def test_each_slip_is_a_clear_line_at_its_place(tmp_path, file, changes, at, words, count):
    data = shipped(file)
    for path, value in changes:
        _slip(data, path, value)
    target = tmp_path / file
    target.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    problems = load_content(target).problems
    assert len(problems) == count, [str(p) for p in problems]
    line, _ = parse_yaml(target.read_text(encoding="utf-8"), str(target)).where(at)
    hit = [p for p in problems if str(p).startswith(f"{target}:{line}:")]
    assert hit, ([str(p) for p in problems], line)
    for w in words:
        assert w in str(hit[0]), str(hit[0])


def test_a_counter_id_ending_in_a_number_is_refused(tmp_path):
    """Instances are numbered '<id>-<n>', so a kind id ending in a number would be ambiguous."""
    data = shipped("counters.yaml")
    _rename(data, ("underworld_counters", "sling"), "sling-2")
    target = tmp_path / "counters.yaml"
    target.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    problems = load_content(target).problems
    assert len(problems) == 1 and "'sling-2' ends in a number" in str(problems[0])


def test_a_duplicate_counter_key_is_refused(tmp_path):
    text = (DECK / "counters.yaml").read_text(encoding="utf-8")
    at = text.index("  megaira:")
    target = tmp_path / "counters.yaml"
    target.write_text(text[:at] + "  alekto:" + text[at + len("  megaira:"):], encoding="utf-8")
    line = text[:at].count("\n") + 1
    problems = load_content(target).problems
    assert [str(p) for p in problems] == [f"{target}:{line}:3: duplicate key 'alekto' (first written on line "
                                          f"{text[:text.index('  alekto:')].count(chr(10)) + 1})"]


def test_a_misspelt_companion_key(tmp_path):
    data = shipped("counters.yaml")
    _rename(data, ("combined_games",), "combined_game")
    target = tmp_path / "counters.yaml"
    target.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    problems = load_content(target).problems
    assert len(problems) == 1 and "did you mean 'combined_games'" in str(problems[0])


def test_load_underworld_lists_every_problem_of_every_file(tmp_path):
    t, c, h = shipped("tiles.yaml"), shipped("counters.yaml"), shipped("heroes.yaml")
    t["underworld_tiles"][9]["exits"] = "N"
    c["underworld_counters"]["chronos"]["destination"] = "Elysium"
    for name, data in (("tiles.yaml", t), ("counters.yaml", c), ("heroes.yaml", h)):
        (tmp_path / name).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(ContentError) as e:
        uw.load_underworld(tmp_path / "tiles.yaml", tmp_path / "counters.yaml", tmp_path / "heroes.yaml")
    text = str(e.value)
    assert len(e.value.problems) == 2
    assert f"{tmp_path / 'tiles.yaml'}:" in text and "an area has 3 or 4 exits, not 1" in text
    assert f"{tmp_path / 'counters.yaml'}:" in text and "did you mean 'Elysion'" in text


def test_load_underworld_refuses_a_file_of_another_kind():
    with pytest.raises(ContentError, match="holds underworld_heroes, not underworld_counters"):
        uw.load_underworld(DECK / "tiles.yaml", DECK / "heroes.yaml", DECK / "heroes.yaml")


# -- the commands -----------------------------------------------------------------------------------------

@pytest.fixture
def runner():
    return CliRunner()


def _run(runner, *args):
    result = runner.invoke(cli.main, list(args))
    assert "Traceback" not in result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.mark.parametrize("arg", ["underworld-tiles", "underworld-counters", "underworld-heroes",
                                 str(DECK / "counters.yaml")])
def test_validate_a_shipped_file(runner, arg):
    result = _run(runner, "validate", arg)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "1 file checked: no problems"


def test_validate_a_broken_file_says_so_in_one_line(runner, tmp_path):
    data = shipped("counters.yaml")
    data["underworld_counters"]["ixion"]["kind"] = "black_creatur"
    target = tmp_path / "counters.yaml"
    target.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = _run(runner, "validate", str(target))
    assert result.exit_code == 1
    first, summary = result.stdout.strip().splitlines()            # the report, on standard output
    line, col = parse_yaml(target.read_text(), str(target)).where(("underworld_counters", "ixion", "kind"))
    assert first.startswith(f"{target}:{line}:{col}: counter 'ixion', kind: ")
    assert "did you mean 'black_creature'" in first
    assert summary == "1 problem in 1 of 1 file checked"


def test_validate_an_unknown_name_suggests_a_shipped_one(runner):
    result = _run(runner, "validate", "underworld-tile")
    assert result.exit_code == 1
    assert "did you mean 'underworld-tiles'" in result.stderr


def test_the_schema_knows_the_formats_and_accepts_the_shipped_files(runner):
    result = _run(runner, "schema")
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert {"TilesFile", "CountersFile", "HeroesFile"} <= set(schema["$defs"])
    assert schema == json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for name in FILES:
        assert not list(validator.iter_errors(shipped(name))), name
    broken = shipped("counters.yaml")
    broken["underworld_counters"]["ixion"]["kind"] = "black_creatur"
    assert list(validator.iter_errors(broken))


def test_validate_paths_counts_the_three_files(tmp_path):
    for name in FILES:
        (tmp_path / name).write_text((DECK / name).read_text(encoding="utf-8"), encoding="utf-8")
    problems, count = validate_paths([tmp_path])
    assert (problems, count) == ([], 3)


def test_the_rules_modules_speak_the_contents_effect_and_ability_names():
    # one vocabulary: every effect the rules modules act on, and every hero ability, is a name
    # an author may write in counters.yaml / heroes.yaml
    from overlord.games.underworld import formats as content
    from overlord.games.underworld import handling
    assert set(handling.EFFECTS) <= set(content.EFFECTS)
    assert set(handling.ABILITIES) == set(content.ABILITIES)
