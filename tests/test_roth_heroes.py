"""Return of the Heroes' character sheets, heroic deeds and Nameless cards (decks/roth/heroes.yaml,
deeds.yaml, nameless.yaml) against the book ("Return of the Heroes"), each case quoting it; and
`overlord validate` refusing bad content in one FILE:LINE:COL line that names the problem."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli
from overlord.content.validate import load_content
from overlord.games import registry
from overlord.games.heroes.sheet import dice_for, gain_cube, new_sheet
from overlord.games.roth.content import HERO_KINDS, INTRODUCTORY_KINDS
from overlord.games.roth.content import FIELD_ID
from overlord.games.roth.heroes import deed_fields, destination

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "decks" / "roth"
FILES = {"heroes.yaml": "roth_heroes", "deeds.yaml": "roth_deeds", "nameless.yaml": "roth_nameless"}


def shipped_model(name: str):
    """A shipped file loaded as `overlord validate` loads it, clean."""
    registry.games()
    loaded = load_content(DECK / name)
    assert loaded.problems == [] and loaded.kind == FILES[name]
    return loaded.model


def shipped(name: str):
    return getattr(shipped_model(name), FILES[name])


HEROES = shipped("heroes.yaml")
DEEDS = shipped("deeds.yaml")
NAMELESS = shipped("nameless.yaml")


def test_validate_finds_the_shipped_files_clean():
    paths = [str(DECK / name) for name in FILES]
    out = CliRunner().invoke(cli.main, ["validate", *paths])
    assert out.exit_code == 0 and out.output.strip() == "3 files checked: no problems", out.output


# -- the heroes ---------------------------------------------------------------------------------------

# "Ten gallant heroes whose role you can play" (Dramatis Personae)
@pytest.mark.parametrize("hid, name, kind, book", [
    ("leandra", "Leandra Stormblade", "fighter", "Leandra Stormblade, Fighter"),
    ("agin", "Agin Stormblade", "fighter", "Agin Stormblade, Fighter"),
    ("gro", "Gro Frosthammer", "dwarf", "Gro Frosthammer, Dwarf"),
    ("myra", "Myra Frosthammer", "dwarf", "Myra Frosthammer, Dwarf"),
    ("glingal", "Glingal", "elf", "Glingal, Elf"),
    ("elanor", "Elanor", "elf", "Elanor, Elf"),
    ("frieda", "Frieda Soulsoother", "cleric", "Frieda Soulsoother, Cleric"),
    ("corinus", "Corinus Soulsoother", "cleric", "Corinus Soulsoother, Cleric"),
    ("antrax", "Antrax Spellsinger", "mage", "Antrax Spellsinger, Mage"),
    ("sybil", "Sybil Spellsinger", "mage", "Sybil Spellsinger, Mage"),
])
def test_the_ten_heroes(hid, name, kind, book):
    assert (HEROES[hid].name, HEROES[hid].kind) == (name, kind), book


def test_ten_heroes_on_five_sheets_of_two_sides():
    """"Ten gallant heroes" (Dramatis Personae); "selects the gender of their character by choosing
    one side of the character sheet" (What to Do First); "You can pick one of the five heroes"
    (Alternative Rules: The Standard Game)."""
    assert len(HEROES) == 10
    assert sorted(h.kind for h in HEROES.values()) == sorted(HERO_KINDS * 2)


@pytest.mark.parametrize("fact, value, expected", [
    ("Dwarves like me can only move two fields per turn (Movement)",
     {h.movement for h in HEROES.values() if h.kind == "dwarf"}, {2}),
    ("... can ONLY move two: every other hero moves more (Movement)",
     min(h.movement for h in HEROES.values() if h.kind != "dwarf") > 2, True),
    ("Us dwarves are rich and tough (Movement): no hero starts with more gold",
     min(h.gold for h in HEROES.values() if h.kind == "dwarf") >= max(h.gold for h in HEROES.values()), True),
    ("... and tough: no hero has more hit points",
     min(h.life for h in HEROES.values() if h.kind == "dwarf") >= max(h.life for h in HEROES.values()), True),
])
def test_the_dwarves(fact, value, expected):
    assert value == expected, fact


@pytest.mark.parametrize("hid", sorted(HEROES))
@pytest.mark.parametrize("square, expected, book", [
    ("task_slots", 4, "place it on one of your four blue-bordered trays on your character sheet (Tasks)"),
    ("item_slots", 4, "the number of yellow-bordered trays on your character sheet, which means a maximum of four "
                      "(Improvement of Skills)"),
    ("stone", True, "Place for precious stone (Character Sheet)"),
])
def test_the_squares_of_every_sheet(hid, square, expected, book):
    assert getattr(HEROES[hid], square) == expected, book


@pytest.mark.parametrize("hid", sorted(HEROES))
def test_every_sheet_has_three_ratings_and_three_rising_thresholds(hid):
    """"Magic combat-skill, Ranged combat-skill, Close combat-skill" (Character Sheet); "Magic
    combat with 3 dice at 6 ECs (2x, 3x, 4x, 5x markers)" (Effects of Experience): three cube
    counts a skill, for 3, 4 and 5 dice; a hero starts with "the specified number of red hit points"
    and gold pieces (What to Do First)."""
    h = HEROES[hid]
    assert list(h.skills) == list(h.thresholds) == ["magic", "ranged", "close"]
    assert all(len(t) == 3 and t == sorted(set(t)) for t in h.thresholds.values())
    sheet = new_sheet(hid, dict(h.skills), {k: list(v) for k, v in h.thresholds.items()}, h.movement, h.life, h.gold,
                      item_slots=h.item_slots, task_slots=h.task_slots)
    assert (sheet.natural, sheet.gold, sheet.movement) == (h.life, h.gold, h.movement)


@pytest.mark.parametrize("colour, skill, cubes, dice, book", [
    ("blue", "magic", 5, 2, "Magic combat with 3 dice at 6 ECs: five are not enough"),
    ("blue", "magic", 6, 3, "Magic combat with 3 dice at 6 ECs"),
    ("green", "ranged", 2, 3, "three dice when I have collected two ECs of a certain color (Rewards and Experience)"),
    ("green", "ranged", 3, 4, "Range combat with 4 dice at 3 ECs"),
    ("red", "close", 5, 3, "Close combat with 2 dice at 5 ECs (read: a third die; two need no cube)"),
])
def test_the_elves_carry_the_books_example_sheet(colour, skill, cubes, dice, book):
    """Effects of Experience gives one sheet's thresholds; ours puts them on the elves' sheet."""
    for hid in ("glingal", "elanor"):
        h = HEROES[hid]
        sheet = new_sheet(hid, dict(h.skills), {k: list(v) for k, v in h.thresholds.items()}, h.movement, h.life, h.gold)
        for _ in range(cubes):
            gain_cube(sheet, colour)
        assert dice_for(sheet, skill) == dice, book


@pytest.mark.parametrize("kind, manor", [("fighter", "A2"), ("mage", "D2"), ("elf", "M2"), ("dwarf", "P2"),
                                         ("cleric", "B2")])
def test_each_kind_has_its_manor(kind, manor):
    """"place your character on the indicated location and put your manor house next to it" (What
    to Do First); the fields are ours (the board's), both sides of a sheet by one manor."""
    assert {h.manor for h in HEROES.values() if h.kind == kind} == {manor}


# -- the heroic deeds ---------------------------------------------------------------------------------

AXE = DEEDS["axe-of-the-gnomes"]


@pytest.mark.parametrize("book, value, expected", [
    ("Vanquish the Lizard People (K6)", AXE.steps[0].action(), ("vanquish", "lizard-people")),
    ("... the Lizard People (K6)", AXE.counters["lizard-people"].at, "K6"),
    ("The lizard people are already on the map", AXE.counters["lizard-people"].start, "map"),
    ("then take the Silver Hammer (turn over Lizard People counter)", (AXE.steps[0].turn, AXE.steps[0].take),
     (["lizard-people"], ["lizard-people"])),
    ("... the Silver Hammer", AXE.counters["lizard-people"].back, "Silver Hammer"),
    ("and receive one experience point and one gold piece", (len(AXE.steps[0].reward), AXE.steps[0].gold), (1, 1)),
    ("Bring the silver hammer to its lawful owner, the Gnomes (C8)", (AXE.steps[1].action(), AXE.steps[1].to),
     (("bring", "lizard-people"), "gnomes")),
    ("... the Gnomes (C8)", AXE.counters["gnomes"].at, "C8"),
    ("At the beginning of the game, they are still in the bag", AXE.counters["gnomes"].start, "bag"),
    ("The counter with the hammer is discarded and the gnomes counter is turned over, revealing the axe",
     (AXE.steps[1].discard, AXE.steps[1].turn, AXE.counters["gnomes"].back), (["lizard-people"], ["gnomes"], "Axe of the Gnomes")),
    ("I place the axe on the card with the heroic deed", AXE.steps[1].take, ["gnomes"]),
    ("And you draw a new counter from the bag", AXE.steps[1].draw, 1),
    ("Bring this Axe to our house", (AXE.steps[2].action(), destination(AXE.steps[2].to)), (("bring", "gnomes"), ("home", ""))),
    ("Receive a precious stone as a reward", AXE.steps[2].stone, True),
    ("Yes, and you draw another counter from the bag", AXE.steps[2].draw, 1),
    ("... three parts, and nothing more", len(AXE.steps), 3),
])
def test_the_axe_of_the_gnomes_as_the_book_tells_it(book, value, expected):
    assert value == expected, book


def test_the_first_parts_draw_follows_the_common_rule():
    """Our reading: the Lizard People's part takes a counter off the map, and "You will draw a counter
    from the bag whenever you pick up a counter from a region" (What to Do First)."""
    assert AXE.steps[0].draw == 1 and AXE.book and [d for d in DEEDS.values() if d.book] == [AXE]


def test_at_least_ten_deeds_of_ours():
    """"The heroic deeds are shuffled, and every player is dealt two of the cards" (Alternative
    Rules: The Standard Game): ten deeds of ours beside the book's."""
    assert len([d for d in DEEDS.values() if not d.book]) >= 10


@pytest.mark.parametrize("did", sorted(DEEDS))
def test_every_deed_has_a_first_part_on_the_map_and_ends_with_the_stone(did):
    """"check out where the first part of it will occur" (What to Do First); the standard game puts
    "the first part of the heroic deeds ... in the bag instead of on the map"; "First you need a
    precious stone, as it is the key" (The Final Battle Against the Nameless)."""
    deed = DEEDS[did]
    verb, first = deed.steps[0].action()
    assert verb in ("vanquish", "find") and deed.counters[first].start == "map"
    assert [s.stone for s in deed.steps] == [False] * (len(deed.steps) - 1) + [True]
    assert deed.steps[-1].draw == 1, "draw a counter from the bag whenever you ... fulfill a task or heroic deed"


@pytest.mark.parametrize("kind", INTRODUCTORY_KINDS)
def test_the_introductory_game_gives_each_hero_a_deed(kind):
    """"each player chooses one of four heroes – fighter, mage, elf or dwarf"; "Every character has a
    given heroic deed to fulfill" (What to Do First)."""
    given = [did for did, d in DEEDS.items() if d.intro == kind]
    assert len(given) == 1 and kind in DEEDS[given[0]].suits


@pytest.mark.parametrize("kind", HERO_KINDS)
def test_each_kind_is_suited_by_two_deeds_at_least(kind):
    """The standard game deals two deeds to each player (Alternative Rules: The Standard Game)."""
    assert len([d for d in DEEDS.values() if kind in d.suits]) >= 2


def test_every_field_is_written_as_the_boards():
    """Regions A to P, a field a number (the board's `<letter><number>`); no two deed counters lie on
    one field, and none in the Nameless's region H (the tower, the Guards' posts)."""
    named = deed_fields(shipped_model("deeds.yaml"))
    assert all(FIELD_ID.fullmatch(f) for _, f in named) and {"K6", "C8", "N5", "I5", "J7"} <= {f for _, f in named}
    spots = [c.at for d in DEEDS.values() for c in d.counters.values()]
    assert len(spots) == len(set(spots)) and not [f for f in spots if f.startswith("H")]


def test_a_deeds_counter_is_its_own():
    """"counters with half their bordering in purple are part of a heroic deed and are thus only
    visible to the one with the matching heroic deed" (Counters): one deed's each, ids unique."""
    ids = [cid for d in DEEDS.values() for cid in d.counters]
    assert len(ids) == len(set(ids))


# -- the Nameless -------------------------------------------------------------------------------------

def test_six_nameless_cards_one_predetermined():
    """"Do we now play with all six of the Nameless?" "Yes."; the introductory game, "since there we
    had a predetermined Nameless" (Alternative Rules: The Standard Game)."""
    assert len(NAMELESS) == 6
    assert len([n for n in NAMELESS.values() if n.introductory]) == 1


@pytest.mark.parametrize("nid", sorted(NAMELESS))
def test_every_nameless_can_be_fought_and_has_hit_points(nid):
    """"Trials are only allowed in skills displayed on the adversary's counter" (Combat and Combat
    Trials): a dot at least; "does the Nameless have more than one hit point?" "Of course" (The
    Final Battle Against the Nameless)."""
    card = NAMELESS[nid]
    assert card.dots and card.life > 1 and card.text


# -- refusals: one FILE:LINE:COL line naming the problem ----------------------------------------------

def refused(tmp_path, name: str, added: str) -> tuple[list[str], int]:
    """The shipped file with ``added`` written at its end; its problems, and the line in it marked
    ``# <-`` (where the problem must be named)."""
    base = (DECK / name).read_text(encoding="utf-8")
    if not base.endswith("\n"):
        base += "\n"
    lines = added.strip("\n").splitlines()
    marked = next(i for i, line in enumerate(lines) if "# <-" in line)
    path = tmp_path / name
    path.write_text(base + "\n".join(lines) + "\n", encoding="utf-8")
    registry.games()
    return [str(p) for p in load_content(path).problems], base.count("\n") + marked + 1


NEW_DEED = """
  silver-lute:
    name: Silver Lute
    suits: [{kind}]
    text: Ours, for the test.
    counters:
      lute-thief:
        name: Lute Thief
        at: {at}
        start: {start}
        dots: {{green: 0}}
        back: Silver Lute
{more}    steps:
{steps}"""
FIRST = """      - vanquish: lute-thief
        take: [lute-thief]
"""
HOME = """      - bring: lute-thief
        to: home
        stone: true
"""


def deed(steps: str = FIRST + HOME, *, at: str = "E1", start: str = "map", more: str = "", kind: str = "elf") -> str:
    return NEW_DEED.format(steps=steps, at=at, start=start, more=more, kind=kind)


def hero(mark: str, **values: str) -> str:
    """A hero written at the end of the heroes' file, the line of ``mark`` marked."""
    sheet = {"name": "Hilda", "kind": "dwarf", "skills": "{magic: 4, ranged: 5, close: 6}",
             "thresholds": "{magic: [6, 9, 12], ranged: [3, 6, 9], close: [2, 5, 8]}", "movement": "2", "life": "5",
             "gold": "4", "manor": "P2"} | values
    return "\n  hilda:\n" + "".join(f"    {k}: {v}{'  # <-' if k == mark else ''}\n" for k, v in sheet.items())


REFUSALS = [
    # file, what was written, the problem named
    ("nameless.yaml", """
  the-blank:
    name: The Blank  # <-
    life: 5
    text: Ours, for the test.""", "Nameless 'the-blank' has no dot: no skill could fight him"),
    ("nameless.yaml", """
  the-second:
    name: The Second
    introductory: true  # <-
    life: 5
    dots: {red: 0}
    text: Ours, for the test.""", "the introductory game has one predetermined Nameless, not 2"),
    ("nameless.yaml", """
  the-frail:
    name: The Frail
    life: 1  # <-
    dots: {red: 0}
    text: Ours, for the test.""", "life: input should be greater than or equal to 2"),
    ("deeds.yaml", deed(FIRST + """      - take: [lute-thief]  # <-
""" + HOME), "deed 'silver-lute', part 2 names no counter or field: vanquish, find or bring a counter, or visit a field"),
    ("deeds.yaml", deed("      []\n").replace("silver-lute:", "silver-lute:  # <-"),
     "deed 'silver-lute' has no first part"),
    ("deeds.yaml", deed(FIRST + HOME).replace("silver-lute:", "axe-of-the-gnomes:  # <-"),
     "duplicate key 'axe-of-the-gnomes'"),
    ("deeds.yaml", deed().replace("lute-thief:\n        name", "gnomes:  # <-\n        name").replace("[lute-thief]", "[gnomes]")
     .replace("vanquish: lute-thief", "vanquish: gnomes").replace("bring: lute-thief", "bring: gnomes"),
     "deed 'silver-lute': counter 'gnomes' is also deed 'axe-of-the-gnomes''s"),
    ("deeds.yaml", deed(FIRST + """      - bring: lute-thief
        to: lute-thiefs  # <-
""" + HOME), "deed 'silver-lute', part 2: no counter 'lute-thiefs' in this deed (did you mean 'lute-thief'?)"),
    ("deeds.yaml", deed("""      - vanquish: lute-thief
      - bring: lute-thief  # <-
        to: home
        stone: true
"""), "deed 'silver-lute', part 2: brings 'lute-thief', which no earlier part takes"),
    ("deeds.yaml", deed(FIRST + """      - bring: lute-thief  # <-
        to: home
"""), "deed 'silver-lute', part 2: the last part gives the precious stone (stone: true)"),
    ("deeds.yaml", deed(at="Q12  # <-"), "deed 'silver-lute', counter 'lute-thief': 'Q12' is not a field id (a "
                                       "region letter A-P and a number, as F7)"),
    ("deeds.yaml", deed(start="bag  # <-"), "deed 'silver-lute': 'lute-thief' is the first part's counter: it starts "
                                          "on the map (start: map)"),
    ("deeds.yaml", deed(kind="fighter").replace("    name: Silver Lute", "    intro: fighter  # <-\n    name: Silver Lute"),
     "the introductory game gives the fighter one deed"),
    ("deeds.yaml", deed(FIRST + """      - bring: lute-thief
        to: Z12  # <-
""" + HOME), "deed 'silver-lute', part 2: 'Z12' is not a field id (a region letter A-P and a number, as F7)"),
    ("deeds.yaml", deed("""      - vanquish: lute-thief
        find: lute-thief  # <-
        take: [lute-thief]
""" + HOME), "deed 'silver-lute', part 1: one thing a part (vanquish and find)"),
    ("deeds.yaml", deed().replace("dots: {green: 0}", "# no dots").replace("vanquish: lute-thief", "vanquish: lute-thief  # <-"),
     "deed 'silver-lute', part 1: 'lute-thief' has no dots - a creature to vanquish names the skills it is fought with"),
    ("deeds.yaml", deed(more="""      lute-case:  # <-
        name: Lute Case
        at: E2
        back: Empty Case
"""), "deed 'silver-lute': counter 'lute-case' is in no part"),
    ("deeds.yaml", deed(more="""      Lute_Case:  # <-
        name: Lute Case
        at: E2
        back: Empty Case
""", steps=FIRST + """      - bring: lute-thief
        to: Lute_Case
        take: [Lute_Case]
""" + HOME.replace("lute-thief", "Lute_Case")), "deed 'silver-lute': counter id 'Lute_Case' is lower-case words joined by hyphens"),
    ("heroes.yaml", hero("kind", kind="dwarff"), "'dwarff' is not allowed (did you mean 'dwarf'?)"),
    ("heroes.yaml", hero("thresholds", thresholds="{magic: [6, 9, 12], ranged: [3, 3, 9], close: [2, 5, 8]}"),
     "ranged: three rising cube counts (3, 4 and 5 dice), got [3, 3, 9]"),
    ("heroes.yaml", hero("skills", skills="{magic: 4, ranged: 5, close: 12}"), "input should be less than or equal to 11"),
    ("heroes.yaml", hero("task_slots", task_slots="5"), "task_slots: input should be less than or equal to 4"),
    ("heroes.yaml", hero("movement", movement="0"), "movement: input should be greater than or equal to 1"),
    ("heroes.yaml", hero("kind", kind="mage", manor="D2"), "hero 'hilda': a third mage - a sheet has two sides (antrax, sybil)"),
]


@pytest.mark.parametrize("name, added, problem", REFUSALS)
def test_bad_content_is_one_line_naming_the_problem(tmp_path, name, added, problem):
    problems, line = refused(tmp_path, name, added)
    assert len(problems) == 1, problems
    where = re.match(rf"^(.+{re.escape(name)}):(\d+):(\d+): (.*)$", problems[0])
    assert where, problems[0]
    assert problem in where.group(4) and int(where.group(2)) == line, (problems[0], line)
