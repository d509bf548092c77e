"""Content validation: a small valid quest, then one slip at a time. Each slip must give one
clear line, FILE:LINE:COL: message, at the line of the slip, naming the card and the nearest
known name (Forgotten Souls card anatomy: "Exploration Card Anatomy", "Peril Card Anatomy",
"Activation Card Anatomy"; docs/internals.md, "Conventions": "Content is validated at load")."""

import json
import re

import jsonschema
import pytest
import yaml

from overlord.content.validate import field_words, json_schema, load_content, validate_paths
from overlord.content.yamlio import parse_yaml

STATS = {"speed": 3, "health": 5, "defense": ["gray"], "attack": "melee", "dice": ["blue", "yellow"]}
LIMITS = {2: {"minions": 2, "masters": 1}, 3: {"minions": 3, "masters": 1}, 4: {"minions": 4, "masters": 1}}
MONSTERS = {"monsters": {g: {"name": g.title(), "limits": LIMITS, "size": size,
                             "act I": {"minion": STATS, "master": STATS},
                             "act II": {"minion": STATS, "master": STATS}}
                         for g, size in (("zombie", [1, 1]), ("barghest", [2, 1]))}}
ACTIVATION = {"activation_cards": {"order": ["zombie", "barghest"], "cards": [
    {"id": "a1", "groups": {
        "zombie": {"all": [{"engage": "closest"}, {"attack": {"pick": "lowest_health", "where": "adjacent"}}]},
        "barghest": {"minion": [{"engage": "closest"}, {"attack": "closest"}],
                     "master": [{"spot": "furthest"}, {"attack": {"pick": "all", "where": "in_los"}}]}}}]}}
PERIL = {"peril_cards": [
    {"id": "p1", "name": "Restless Dead", "flavor": "ours",
     "without_monsters": [{"place_monsters": {"group": "zombie", "rank": "minion", "count": 1}}],
     "with_monsters": [{"advance_fate": 1}]},
    {"id": "p2", "name": "Cave-in", "effects": [{"damage_heroes": {"amount": 2, "who": "all"}},
                                                 {"if": {"test": {"monsters_on_map": True},
                                                         "then": [{"advance_doom": 1}]}}]}]}
MAP = {"rows": ["#####", "....#", "#.~..", "#####"], "entrance": [0, 1], "exit": [4, 2],
       "spawns": [{"group": "zombie", "rank": "master", "at": [2, 1], "heroes": 2}]}


def _card(i, kind, number=None):
    card = {"id": f"e{i}", "name": f"Encounter {i}", "kind": kind, "map": MAP,
            "overlord": [{"hourglass": 3, "effects": [{"advance_doom": 1}, "discard_exploration"]}]}
    if number:
        card["number"] = number
    return card


EXPLORATION = {"exploration_cards": [_card(0, "starting")] + [_card(i, "main", i) for i in (1, 2, 3)]
               + [_card(i, "regular") for i in range(4, 12)]}
EXPLORATION["exploration_cards"][0]["triggers"] = [
    {"when": {"monsters_on_map": False}, "effects": ["discard_exploration"]},
    {"whenever": "hero_defeated", "effects": [{"condition_heroes": {"condition": "webbed", "who": "all"}}]}]
HEROES = {"hero_sheets": {"leoric": {
    "name": "Leoric of the Book", "archetype": "mage", "class": "Runemaster", "speed": 4, "health": 8,
    "stamina": 5, "defense": ["gray"], "attributes": {"might": 1, "knowledge": 5, "willpower": 2, "awareness": 3},
    "weapon": {"name": "Arcane Bolt", "attack": "ranged", "dice": ["blue", "yellow"], "surges": ["Range +1"]},
    "ability": {"monster_damage_near": {"within": 3, "less": 1}}},
    "stand-in": {"name": "Stand-in", "archetype": "warrior", "class": "none", "speed": 4, "health": 12, "stamina": 4,
                 "defense": ["gray"], "attributes": {"might": 3, "knowledge": 3, "willpower": 3, "awareness": 3},
                 "weapon": {"name": "Plain weapon", "attack": "melee", "dice": ["blue", "yellow"]}, "ours": True}}}
CONDITIONS = {"conditions": {
    "stunned": {"name": "Stunned", "discard": "action", "surge": "Stun"},
    "webbed": {"name": "Webbed", "discard": "end_of_turn", "no_move": True, "ours": True}}}
SCENARIO = {"scenario": {"id": "mini", "name": "Mini", "decks": {
    "monsters": "monsters.yaml", "activation": "activation.yaml", "peril": "peril.yaml",
    "exploration": "exploration.yaml", "heroes": "heroes.yaml", "conditions": "conditions.yaml"},
    "track": {"spaces": 16, "doom_start": {2: 1, 3: 2, 4: 3}},
    "loot": {"payout": [1, 2, 3]}, "win": ["finish main encounter 3"], "lose": ["doom meets fate"]},
    "game": "descent"}                    # a scenario names its game (last here: the lines stay as they were)
FILES = {"monsters.yaml": MONSTERS, "activation.yaml": ACTIVATION, "peril.yaml": PERIL,
         "exploration.yaml": EXPLORATION, "heroes.yaml": HEROES, "conditions.yaml": CONDITIONS,
         "scenario.yaml": SCENARIO}


def fresh(data):
    """A copy sharing no dict or list with the original or within itself (so one slip changes
    one place, and the YAML has no aliases)."""
    if isinstance(data, dict):
        return {k: fresh(v) for k, v in data.items()}
    if isinstance(data, list):
        return [fresh(v) for v in data]
    return data


def write(tmp_path, files):
    for name, data in files.items():
        (tmp_path / name).write_text(yaml.safe_dump(fresh(data), sort_keys=False), encoding="utf-8")


def test_the_valid_quest_has_no_problems(tmp_path):
    write(tmp_path, FILES)
    problems, count = validate_paths([tmp_path])
    assert problems == [] and count == 7


def _set(data, path, value):
    for part in path[:-1]:
        data = data[part]
    if value is DELETE:
        del data[path[-1]]
    else:
        data[path[-1]] = value


DELETE = object()

# (what slipped, file, path in it, new value, the line it must point at (path), words in the message)
SLIPS = [
    ("a misspelt effect", "peril.yaml", ("peril_cards", 0, "with_monsters", 0), {"advance_fat": 1},
     ("peril_cards", 0, "with_monsters", 0), ["card 'p1'", "unknown effect 'advance_fat'", "did you mean 'advance_fate'"]),
    ("a wrong type", "peril.yaml", ("peril_cards", 0, "with_monsters", 0, "advance_fate"), "one",
     ("peril_cards", 0, "with_monsters", 0, "advance_fate"), ["card 'p1'", "valid integer"]),
    ("a zero where a positive number goes", "peril.yaml", ("peril_cards", 1, "effects", 0, "damage_heroes", "amount"), 0,
     ("peril_cards", 1, "effects", 0, "damage_heroes", "amount"), ["card 'p2'", "greater than or equal to 1"]),
    ("an unknown field", "peril.yaml", ("peril_cards", 1, "effects", 1, "if", "thn"), [],
     ("peril_cards", 1, "effects", 1, "if", "thn"), ["unknown field 'thn'", "did you mean 'then'"]),
    ("a missing field", "peril.yaml", ("peril_cards", 1, "name"), DELETE,
     ("peril_cards", 1), ["card 'p2'", "missing field 'name'"]),
    ("half a split peril card", "peril.yaml", ("peril_cards", 0, "with_monsters"), DELETE,
     ("peril_cards", 0), ["needs both 'without_monsters' and 'with_monsters'"]),
    ("a misspelt movement word", "activation.yaml", ("activation_cards", "cards", 0, "groups", "zombie", "all", 0),
     {"engag": "closest"}, ("activation_cards", "cards", 0, "groups", "zombie", "all", 0),
     ["card 'a1'", "unknown action 'engag'", "did you mean 'engage'"]),
    ("a misspelt target rule", "activation.yaml", ("activation_cards", "cards", 0, "groups", "zombie", "all", 1, "attack", "pick"),
     "lowest_helth", ("activation_cards", "cards", 0, "groups", "zombie", "all", 1, "attack", "pick"),
     ["'lowest_helth' is not allowed", "did you mean 'lowest_health'"]),
    ("a minion box without its master box", "activation.yaml", ("activation_cards", "cards", 0, "groups", "barghest", "master"),
     DELETE, ("activation_cards", "cards", 0, "groups", "barghest"), ["both a minion (yellow) and a master (red) box"]),
    ("a misspelt die", "monsters.yaml", ("monsters", "zombie", "act I", "minion", "dice", 0), "blu",
     ("monsters", "zombie", "act I", "minion", "dice", 0), ["group 'zombie'", "did you mean 'blue'"]),
    ("a group limit left out", "monsters.yaml", ("monsters", "zombie", "limits", 4), DELETE,
     ("monsters", "zombie", "limits"), ["group limit for 4 heroes"]),
    ("a main encounter without its number", "exploration.yaml", ("exploration_cards", 1, "number"), DELETE,
     ("exploration_cards", 1), ["card 'e1'", "needs its number"]),
    ("an hourglass of zero", "exploration.yaml", ("exploration_cards", 4, "overlord", 0, "hourglass"), 0,
     ("exploration_cards", 4, "overlord", 0, "hourglass"), ["card 'e4'", "greater than or equal to 1"]),
    ("a spawn on a wall", "exploration.yaml", ("exploration_cards", 5, "map", "spawns", 0, "at"), [0, 0],
     ("exploration_cards", 5, "map", "spawns", 0, "at"), ["card 'e5'", "wall, not a space"]),
    ("an exit off the map", "exploration.yaml", ("exploration_cards", 6, "map", "exit"), [9, 9],
     ("exploration_cards", 6, "map", "exit"), ["card 'e6'", "off the map"]),
    # explored, it could not be joined (the dungeon joins maps at their edges): refused when validated
    ("an exit inside its map", "exploration.yaml", ("exploration_cards", 6, "map", "exit"), [2, 1],
     ("exploration_cards", 6, "map", "exit"), ["card 'e6'", "the exit [2, 1] is not on the map's edge"]),
    ("an entrance inside its map", "exploration.yaml", ("exploration_cards", 6, "map", "entrance"), [1, 2],
     ("exploration_cards", 6, "map", "entrance"), ["card 'e6'", "the entrance [1, 2] is not on the map's edge"]),
    ("an effect placing at a marker the map lacks", "exploration.yaml",
     ("exploration_cards", 8, "overlord", 0, "effects", 0), {"place_token": {"token": "search", "at": "altar"}},
     ("exploration_cards", 8, "overlord", 0, "effects", 0, "place_token", "at"), ["card 'e8'", "no marker 'altar'"]),
    ("two cards with one id", "exploration.yaml", ("exploration_cards", 7, "id"), "e6",
     ("exploration_cards", 7, "id"), ["card id 'e6' is used twice"]),
    # hero sheets and conditions (issue 10: "a hero sheet with a negative health")
    ("a hero sheet with a negative health", "heroes.yaml", ("hero_sheets", "leoric", "health"), -3,
     ("hero_sheets", "leoric", "health"), ["hero 'leoric'", "health", "greater than or equal to 1"]),
    ("a misspelt hero ability", "heroes.yaml", ("hero_sheets", "leoric", "ability"), {"monster_damage_nea": {}},
     ("hero_sheets", "leoric", "ability"), ["unknown ability 'monster_damage_nea'", "did you mean 'monster_damage_near'"]),
    ("an attribute out of range", "heroes.yaml", ("hero_sheets", "leoric", "attributes", "knowledge"), 9,
     ("hero_sheets", "leoric", "attributes", "knowledge"), ["hero 'leoric'", "less than or equal to 6"]),
    ("a condition that goes some other way", "conditions.yaml", ("conditions", "webbed", "discard"), "sometimes",
     ("conditions", "webbed", "discard"), ["condition 'webbed'", "'sometimes' is not allowed"]),
    # triggers: encounter rules that fire when their condition becomes true
    ("a trigger with both a test and an event", "exploration.yaml", ("exploration_cards", 0, "triggers", 0, "whenever"),
     "hero_defeated", ("exploration_cards", 0, "triggers", 0), ["card 'e0'", "either 'when' (a test) or 'whenever'"]),
    ("a misspelt trigger event", "exploration.yaml", ("exploration_cards", 0, "triggers", 1, "whenever"),
     "hero_defeeted", ("exploration_cards", 0, "triggers", 1, "whenever"), ["'hero_defeeted' is not allowed",
                                                                             "did you mean 'hero_defeated'"]),
    ("a misspelt trigger test", "exploration.yaml", ("exploration_cards", 0, "triggers", 0, "when"),
     {"monsters_on_mapp": False}, ("exploration_cards", 0, "triggers", 0, "when"),
     ["unknown test 'monsters_on_mapp'", "did you mean 'monsters_on_map'"]),
]


@pytest.mark.parametrize("file, path, value, at, words", [pytest.param(*s[1:], id=s[0]) for s in SLIPS])
def test_each_slip_is_one_clear_line_at_its_place(tmp_path, file, path, value, at, words):
    files = fresh(FILES)
    _set(files[file], path, value)
    write(tmp_path, files)
    problems = load_content(tmp_path / file).problems
    assert len(problems) == 1, [str(p) for p in problems]
    text = (tmp_path / file).read_text()
    line, _ = parse_yaml(text, file).where(at)
    assert problems[0].line == line
    assert str(problems[0]).startswith(f"{tmp_path / file}:{line}:")
    for w in words:
        assert w in str(problems[0])
    assert not DOTTED.search(problems[0].message), problems[0].message


DOTTED = re.compile(r"\b\d+\.[A-Za-z_]|[A-Za-z_]\.\d+\b")        # "0.overlord.0.hourglass", "rows.1"

# Issue 39: "validation paths like '0.overlord.0.hourglass' (pydantic loc tuples joined with dots)
# must read as field names an author can find ('card X, overlord step 1, hourglass')": the card
# the slip is in, then each field by the name written in the file and each list entry by its
# number, from 1.
PLACES = [
    ("an hourglass of zero", "exploration.yaml", ("exploration_cards", 4, "overlord", 0, "hourglass"), 0,
     "card 'e4', overlord step 1, hourglass: input should be greater than or equal to 1, got 0"),
    ("a misspelt movement word", "activation.yaml", ("activation_cards", "cards", 0, "groups", "zombie", "all", 0),
     {"engag": "closest"}, "card 'a1', groups, zombie, all box, action 1: unknown action 'engag' (did you mean 'engage'?)"),
    ("a misspelt die", "monsters.yaml", ("monsters", "zombie", "act I", "minion", "dice", 0), "blu",
     "group 'zombie', act I, minion, die 1: 'blu' is not allowed (did you mean 'blue'?)"),
    ("a wrong type in an effect", "peril.yaml", ("peril_cards", 0, "with_monsters", 0, "advance_fate"), "one",
     "card 'p1', with_monsters, effect 1, advance_fate: input should be a valid integer"),
    ("an unknown field is named by its owner", "peril.yaml", ("peril_cards", 1, "effects", 1, "if", "thn"), [],
     "card 'p2', effect 2, if: unknown field 'thn' (did you mean 'then'?)"),
    ("a spawn's hero count", "exploration.yaml", ("exploration_cards", 5, "map", "spawns", 0, "heroes"), 9,
     "card 'e5', map, spawn 1, heroes: 9 is not allowed; expected 2, 3 or 4"),
]


@pytest.mark.parametrize("file, path, value, words", [pytest.param(*s[1:], id=s[0]) for s in PLACES])
def test_a_slip_is_placed_in_words_an_author_finds_in_the_file(tmp_path, file, path, value, words):
    files = fresh(FILES)
    _set(files[file], path, value)
    write(tmp_path, files)
    problems = load_content(tmp_path / file).problems
    assert len(problems) == 1 and problems[0].message.startswith(words), [str(p) for p in problems]
    assert not DOTTED.search(problems[0].message)


@pytest.mark.parametrize("path, words", [
    (("overlord", 0, "hourglass"), "overlord step 1, hourglass"),
    (("map", "spawns", 2, "at"), "map, spawn 3, at"),
    (("groups", "zombie", "master", 1), "groups, zombie, master box, action 2"),
    (("size", 1), "size, item 2"),
    ((0, "area"), "item 1, area"),
    ((), ""),
])
def test_field_words(path, words):
    assert field_words(path) == words


def test_a_number_that_keys_a_mapping_is_no_list_entry():
    """``doom_start: {2: 1, 3: 2, 4: 3}`` is keyed by hero count: its 4 is "doom_start, 4"."""
    data = {"track": {"doom_start": {2: 1, 4: 3}}, "shop": [["a", "b"]]}
    assert field_words(("track", "doom_start", 4), data) == "track, doom_start, 4"
    assert field_words(("shop", 0, 1), data) == "shop, item 1, item 2"


def test_a_scenarios_doom_start_slip_is_placed_by_its_hero_count(tmp_path):
    files = fresh(FILES)
    _set(files["scenario.yaml"], ("scenario", "track", "doom_start", 4), "x")
    write(tmp_path, files)
    problems = load_content(tmp_path / "scenario.yaml").problems
    assert [p.message.split(": ")[0] for p in problems] == ["scenario 'mini', track, doom_start, 4"], problems


def test_a_misspelt_activation_group_is_named_at_its_own_line_with_the_nearest_name(tmp_path):
    """"Activation Card Anatomy": a card's groups are those of the diagram (``order``). A misspelt
    one was a problem at the line of ``order``, with no suggestion (issue 39)."""
    files = fresh(FILES)
    groups = files["activation.yaml"]["activation_cards"]["cards"][0]["groups"]
    groups["barghst"] = groups.pop("barghest")
    write(tmp_path, files)
    path = tmp_path / "activation.yaml"
    problems = load_content(path).problems
    text = path.read_text()
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.strip() == "barghst:")
    col = text.splitlines()[line - 1].index("barghst") + 1
    assert [str(p) for p in problems] == [
        f"{path}:{line}:{col}: card 'a1', groups: group 'barghst' has no position on the activation cards' diagram "
        "(did you mean 'barghest'?); 'order' lists zombie, barghest"]


# (what slipped, file, path, value, words) - checks that span files, made by the scenario
CROSS = [
    ("an unknown group on a card", "activation.yaml", ("activation_cards",),
     {"order": ["zombie", "barghst"], "cards": [{"id": "a1", "groups": {"barghst": {"all": [{"engage": "closest"}]}}}]},
     ["unknown monster group 'barghst'", "did you mean 'barghest'"]),
    ("an unknown group in a spawn", "peril.yaml", ("peril_cards", 0, "without_monsters", 0, "place_monsters", "group"),
     "zombi", ["card 'p1'", "unknown monster group 'zombi'", "did you mean 'zombie'"]),
    ("a ninth regular encounter", "exploration.yaml", ("exploration_cards", 0, "kind"), "regular",
     ["exactly one starting encounter, has 0", "8 regular encounters (the scenario's stacks take 3, 3 and 2)", "has 9"]),
    ("a deck file that is missing", "scenario.yaml", ("scenario", "decks", "peril"), "perils.yaml",
     ["perils.yaml", "no such file"]),
    ("doom starting on fate", "scenario.yaml", ("scenario", "track", "doom_start", 4), 15,
     ["doom would start on or above fate"]),
    # issue 10: "a condition name misspelt in YAML gets one clear line, names the file and line"
    ("a misspelt condition on a peril", "peril.yaml", ("peril_cards", 1, "effects", 0),
     {"condition_heroes": {"condition": "webed", "who": "all"}},
     ["peril.yaml:", "card 'p2'", "unknown condition 'webed'", "did you mean 'webbed'"]),
    ("a misspelt condition on a spawned monster", "exploration.yaml", ("exploration_cards", 2, "map", "spawns", 0, "conditions"),
     ["stuned"], ["exploration.yaml:", "card 'e2'", "unknown condition 'stuned'", "did you mean 'stunned'"]),
    ("a trigger event naming an unknown group", "exploration.yaml", ("exploration_cards", 0, "triggers", 1, "whenever"),
     {"event": "monster_defeated", "group": "zombi"}, ["unknown monster group 'zombi'", "did you mean 'zombie'"]),
]


@pytest.mark.parametrize("file, path, value, words", [pytest.param(*s[1:], id=s[0]) for s in CROSS])
def test_the_scenario_checks_what_spans_files(tmp_path, file, path, value, words):
    files = fresh(FILES)
    _set(files[file], path, value)
    write(tmp_path, files)
    problems, _ = validate_paths([tmp_path])
    text = "\n".join(str(p) for p in problems)
    for w in words:
        assert w in text, text


def test_a_misspelt_condition_is_one_line_at_its_place(tmp_path):
    """Issue 10, Done when: 'a condition name misspelt in YAML ... gets one clear line, names
    the file and line where there is one'."""
    files = fresh(FILES)
    _set(files["peril.yaml"], ("peril_cards", 1, "effects", 0), {"condition_heroes": {"condition": "webed"}})
    write(tmp_path, files)
    problems, _ = validate_paths([tmp_path / "scenario.yaml"])
    assert len(problems) == 1, [str(p) for p in problems]
    at = ("peril_cards", 1, "effects", 0, "condition_heroes", "condition")
    line, col = parse_yaml((tmp_path / "peril.yaml").read_text(), "peril.yaml").where(at)
    assert str(problems[0]).startswith(f"{tmp_path / 'peril.yaml'}:{line}:{col}: card 'p2': unknown condition 'webed'")


def test_the_json_schema_accepts_the_valid_quest_and_rejects_a_slip():
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for name, data in FILES.items():
        plain = json.loads(json.dumps(data))      # YAML's int keys are strings in JSON
        assert not list(validator.iter_errors(plain)), name
    broken = json.loads(json.dumps(PERIL))
    broken["peril_cards"][0]["with_monsters"][0] = {"advance_fat": 1}
    assert list(validator.iter_errors(broken))
