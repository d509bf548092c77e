"""Every command form the combined game's ``help`` documents, typed at the real table of both
scenarios (``kingdom-dragon``, the book's race, and ``kingdom-dragon-together``; issue 44): each form
is typed into a new saved game after the commands that make it possible, its reply is checked for
what it must say, and the save resumes. A form refused is refused in one line, the game as it was.

What is typed before a form (its route) comes from ``tests/fixtures/kingdom-forms.yaml``: seeded
games of the table (``tests/kingdom_forms_search.py``), so a form meets the very dice and counters a
group at that seed would. A verb no seeded game of a few hundred commands reached is typed where the
rules refuse it, and the refusal names why (``REFUSED_ONLY`` says which and why).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from table_forms import Form, run_form

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROUTES = yaml.safe_load((FIXTURES / "kingdom-forms.yaml").read_text(encoding="utf-8"))["routes"]
SCENARIOS = ("kingdom-dragon", "kingdom-dragon-together")
HEROES = ("leandra", "paladin")


def routed(route: str, expect: str, rule: str, line: str | None = None, ok: bool = True, then: tuple = ()) -> Form:
    """The form ``line`` (the route's own command by default) typed where ``route`` leads."""
    r = ROUTES[route]
    before = tuple(r["before"].split("; ")) if r["before"] else ()
    return Form(line or r["line"], expect, rule, before=before + then, ok=ok, scenario=r["scenario"],
                heroes=tuple(r["heroes"]), seed=r["seed"])


def both(verb: str, expect: str, rule: str, **kw) -> list[Form]:
    """The verb's form in the race and together, where a seeded game reached it."""
    return [routed(f"{sc} {verb}", expect, rule, **kw) for sc in SCENARIOS if f"{sc} {verb}" in ROUTES]


def at_start(line: str, expect: str, rule: str, scenario: str = "kingdom-dragon", before: tuple = (),
             ok: bool = True) -> Form:
    return Form(line, expect, rule, before=before, ok=ok, scenario=scenario, heroes=HEROES, seed=1)


def each(line: str, expect: str, rule: str, **kw) -> list[Form]:
    """``line`` typed at the start of both scenarios, both players' houses placed first (``HOUSED``)."""
    return [at_start(line, expect, rule, scenario=sc, **kw) for sc in SCENARIOS]


def shortest(verb: str, expect: str, rule: str, **kw) -> Form:
    """The verb's form where the shorter of its routes leads (a long route is seconds of the suite)."""
    key = min((f"{sc} {verb}" for sc in SCENARIOS if f"{sc} {verb}" in ROUTES),
              key=lambda k: len(ROUTES[k]["before"].split("; ")))
    return routed(key, expect, rule, **kw)


HOUSED = ("1", "1")          # both players' houses by the first site open to each


def refused(line: str, expect: str, rule: str) -> list[Form]:
    """``line`` typed at the first turn of both scenarios, where it is refused in one line."""
    return each(line, f"^{expect}", rule, before=HOUSED, ok=False)


FORMS = [
    # -- before the first turn ----------------------------------------------------------------------------
    *both("house", r"paladin's manor house goes by B2 \(map B\), paladin stands on B3", "house FIELD: \"The manor "
          "houses of the heroes are placed on the game board. The player who chose his hero last goes first\""),
    *each("house H3", r"^house H3: not possible now; possible: house ", "house FIELD: never on the Tower's map H",
          ok=False),
    *each("1", r"paladin's manor house goes by B2 \(map B\), paladin stands on B3", "N: the N-th of `options`"),
    *each("99", r"^no option 99; the options are 1 to \d+$", "N: a number past the options", ok=False),
    # -- moving -------------------------------------------------------------------------------------------------
    *both("move", r"leandra moves D3 -> D2 \(2 movement left\)|leandra moves \w+ -> W8",
          "move FIELD: a step along a route, on either box's maps"),
    shortest("search", r"searches again for the hidden route to J8: \d and \d against 8, (found|not found)",
             "search: Return of the Heroes' hidden path, searched again"),
    shortest("fly", r"gro flies on the Magic Broomstick C5 -> B1", "fly FIELD: the Magic Broomstick (no storm)"),
    shortest("teleport", r"glingal steps through the teleporter E7 -> B1", "teleport FIELD: Return of the Heroes' "
             "teleporter counter"),
    *refused("teleport", r"teleport: not possible now \(only on the teleporter, once a turn\)",
             "teleport: the City's teleporter fields"),
    shortest("roll", r"the Labyrinth: paladin rolls \d and is carried to U\d", "roll: the Labyrinth's corner"),
    shortest("ferry", r"Orchan ferries glingal to Y6 for 1 gold", "ferry: Orchan \"ferries a hero to the Isle ... "
             "at a cost of 1 gold piece\""),
    shortest("pegasus", r"Pegasus carries mage to L1 and flies home to the City", "pegasus FIELD: \"any tan field "
             "of your choice\""),
    *refused("jump V3", r"jump: not possible now \(only with the Boots of Jumping, at the start of his movement\)",
             "jump FIELD: the Boots of Jumping"),
    *refused("rappel", r"rappel: not possible now \(only with the Rope, on the Rope Point, the Dragon in his lair\)",
             "rappel: the Rope"),
    *refused("steer B4", r"steer: not possible now \(only when the scenario leaves the confused hero to the player "
             r"on his left\)", "steer FIELD: the Basilisk's confused hero"),
    # -- creatures, encounters, tasks ------------------------------------------------------------------------------
    *both("fight", r"fights (Dark Knight|Minotaur) with magic: rolled", "fight COUNTER SKILL: a creature of either "
          "box, by its own box's rules"),
    *refused("fight wolves-1 close with lightning", r"fight: not possible now \(only when he faces a creature\)",
             "fight COUNTER SKILL with SPELL"),
    shortest("hide", r"halfling tries to hide from Troll: \d, (hidden|not hidden)", "hide: the Halfling, \"on a "
             "roll of 1 to 3, he is successful in hiding\""),
    shortest("befriend", r"orc takes orcs-2 as his companion", "befriend COUNTER: the Orc's companion"),
    *both("use", r"paladin visits Juggler|leandra visits Old Soldier", "use COUNTER: an encounter"),
    *refused("use hermit-1 magic", r"use: not possible now \(only at an encounter\)", "use COUNTER SKILL"),
    shortest("try", r"leandra tries Phoenix with ranged combat: rolled", "try COUNTER SKILL: an encounter's trial"),
    shortest("take_task", r"leandra takes up the task The Pilgrim's Vow", "take_task COUNTER"),
    shortest("fulfil", r"leandra fulfils The Pilgrim's Vow \(level 1\)", "fulfil TASK"),
    shortest("drop_task", r"halfling lays down Lost Lamb on M7", "drop_task TASK: four tasks held, a fifth here"),
    shortest("deliver", r"leandra delivers Chestnut Cookies: Bag of Gold", "deliver ITEM: where it is wanted"),
    shortest("take", r"gro takes Magic Broomstick", "take COUNTER: an artifact on the field"),
    shortest("drop", r"gro drops Magic Broomstick \(C5\)", "drop ITEM"),
    *refused("forge rondel", r"forge: not possible now \(only at a loremaster, with the scroll and the material\)",
             "forge COUNTER: the loremaster"),
    *refused("recover stone", r"recover: not possible now \(only where he died, his deed's counters or the stone "
             r"lying there\)", "recover THING"),
    # -- the deeds and the Nameless ------------------------------------------------------------------------------
    shortest("pick", r"paladin chooses the heroic deed Harp of the First Forest in the Capital \(he may hold no "
             r"other\)", "pick DEED: \"Whenever a player moves into the Capital (J), he may choose a heroic deed\""),
    *refused("pick harp-of-the-first-forest", r"pick: not possible now \(only in the Capital \(map J, or its royal "
             r"court as the scenario reads it\), once a turn, holding no heroic deed\)", "pick DEED: only in the "
             "Capital"),
    shortest("deed", r"paladin does Shield of the Temple, part 2 of 4", "deed DEED: the next part here"),
    shortest("battle", r"halfling challenges The Marsh Witch \(6 hit points\) with magic", "battle SKILL: the final "
             "battle against the Nameless"),
    # -- markets, potions, spells, rest ---------------------------------------------------------------------------
    shortest("market", r"halfling calls a market in the City of the Mages: ", "market: the City of the Mages"),
    shortest("buy", r"halfling buys Magic Bone for 2 gold", "buy ITEM for HERO"),
    shortest("buy", r"halfling buys Magic Bone for 2 gold", "buy ITEM: for himself", line="buy magic-bone"),
    shortest("close", r"the market closes; 4 counters back to the City's pile", "close: the market"),
    shortest("drink", r"leandra drinks from the Healing Potion: 1 hit point, 2 left", "drink ITEM"),
    *both("spell", r"mage forfeits his 3 starting gold and takes the spell Clairvoyance",
          "spell ITEM: the Mage's spell for his starting gold (typed as `options` shows it)"),
    *both("cast", r"mage casts Strength: 4 of 4 natural hit points", "cast ITEM: a spell"),
    shortest("vision", r"mage casts Vision on Z1: rolled", "vision FIELD: look at a covered counter"),
    shortest("clairvoyance", r"mage casts Clairvoyance to pick Adept", "clairvoyance COUNTER: pick from the bag"),
    shortest("draw", r"mage draws from the bag \(mage beat Skeletons on Z7\): Small Market", "draw: the counter "
             "owed, drawn"),
    shortest("rummage", r"halfling rummages in the garbage dump: \d", "rummage: the Garbage Dump"),
    shortest("pray", r"paladin prays: \d", "pray: the Paladin heals himself"),
    shortest("rest", r"leandra sits out the turn: 2 hit points", "rest: at his manor"),
    *refused("repair", r"repair: not possible now \(only at the Smithy with damaged armour, at the start of his "
             r"turn\)", "repair: the Smithy"),
    *refused("place A1", r"place: not possible now \(only when the scenario leaves the drawn counters to the "
             r"players\)", "place FIELD: the drawing player's choice"),
    *both("end", r"leandra ends the turn \(the player ends his turn\)", "end"),
    # -- the Dragon's attack ----------------------------------------------------------------------------------------
    shortest("defend", r"mage \(magic: rolled \d and \d, kept", "defend SKILL: the Dragon's Attack!, a trial "
             "at -3"),
    *refused("defend with lightning", r"defend: not possible now \(only when the Dragon attacks him\)",
             "defend with SPELL: Lightning first"),
    shortest("lose", r"the Dragon destroys glingal's Saber", "lose ITEM: the artifact the Dragon destroys"),
    # -- the table ------------------------------------------------------------------------------------------------
    *each("options", r"paladin, place your manor house \(`house FIELD`; not beside another's map\):\n\s+1\. house B2",
          "options"),
    *each("why", r"the book, Under the Shadow of the Dragon as an Expansion Set: \"The manor houses may not be "
          "placed adjacent", "why: the rule behind the house", before=("1",)),
    *each("map", r"The maps as laid, north up:", "map"),
    *each("picture", r"^the board is drawn in .*forms\.svg", "picture"),
    at_start("status", r"hoard 0; the City's pile 14\n\s+leandra: no manor house yet;", "status: the race"),
    at_start("status", r"hoard 0 of 30; the darkness 0 of 90;", "status: both clocks together",
             scenario="kingdom-dragon-together"),
    *each("undo", r"undone: house B2", "undo", before=("1",)),
    *each("dice 1 2", r"^the program rolls the heroes' dice in this game", "dice A B ...: only with --dice players",
          ok=False),
    *each("components", r"the 25 region maps of both boxes laid five by five", "components"),
    at_start("help", r"befriend COUNTER - the Orc takes the Orcs he beat this turn as his companion", "help"),
    at_start("help pick", r"^pick DEED - ", "help COMMAND", scenario="kingdom-dragon-together"),
    *each("quit", r"^bye; continue with `overlord resume .*forms\.db`$", "quit"),
]


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f"{f.scenario}: {f.line}")
def test_each_form_at_the_table(form, tmp_path):
    run_form(form, tmp_path)
