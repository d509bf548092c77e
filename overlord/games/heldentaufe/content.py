"""Heldentaufe's content: the formats of its files (pydantic models, so validation and the JSON
Schema come from one definition), their checks with FILE:LINE:COL, and the loaded content.

Six files (``decks/heldentaufe/``), each one kind named by its top-level key, and a scenario
(``scenarios/heldentaufe*.yaml``, ``game: heldentaufe``) that names them:

- ``heldentaufe_heroes``: the hero board's numbers and the five heroes;
- ``heldentaufe_monsters``: the three monsters, their boards (hearts and sword by top tooth)
  and their stacks of teeth;
- ``heldentaufe_underworld``: the hex board, drawn in rows;
- ``heldentaufe_areas``: the mix of the 42 Upper World tiles and the removals by player count;
- ``heldentaufe_missions``: the 33 mission cards;
- ``heldentaufe_supply``: the dice, the general supply and the recipes.

Every number the book does not give is ours and named in the file's ``ours``. The model classes
are named ``Ht...`` (Heldentaufe) so that their names in the JSON Schema (``overlord schema``)
never meet another game's.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, field_validator

from overlord.content import kinds
from overlord.content.models import Id, Int, Strict
from overlord.content.errors import Problem, merge, nearest, strangers
from overlord.content.validate import load_named, load_scenario
from ...view.words import count
from overlord.games.heldentaufe.board import UnderworldBoard

if TYPE_CHECKING:                   # a type only: board.py is the rules' board, read by the engine
    from .board import UnderworldBoard

GAME = "heldentaufe"

AREA_KINDS = ("campfire", "meadow", "forest", "apple_tree", "fish_pond", "mushroom_ring", "portal",
              "laboratory", "blacksmith", "trader")
FOOD_SOURCES = {"apple_tree": "apple", "fish_pond": "fish", "mushroom_ring": "mushroom"}
FOODS = ("apple", "fish", "mushroom")
POTIONS = ("healing", "berserker", "teleport")
SLOTS = ("boots", "ring", "sword")
EQUIPMENT = tuple(f"{s}+{v}" for s in SLOTS for v in (1, 2, 3))
TOKENS = EQUIPMENT + FOODS + POTIONS
TREASURE_FACES = ("boots", "ring", "sword", "tooth", "two_teeth")
MISSION_KINDS = ("porter", "thief", "observer", "explorer", "hunter", "companion")
# the book's counts of each kind of mission ("Mission Objectives")
MISSION_COUNTS = {"porter": 12, "thief": 4, "observer": 3, "explorer": 2, "hunter": 6, "companion": 6}
PORTALS = 5
DANGERS = 5
ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")

Token = Literal[TOKENS]
Equipment = Literal[EQUIPMENT]
Food = Literal[FOODS]
AreaKind = Literal[AREA_KINDS]
Slot = Literal[SLOTS]
Small = Annotated[int, Field(ge=0, le=9)]


def _id(value: str) -> str:
    if not ID.match(value):
        raise ValueError(f"an id is lower-case words joined by '-', got {value!r}")
    return value


# -- heroes ------------------------------------------------------------------------------------------

class HtBoardModel(Strict):
    """The hero board's numbers before a hero's advantage."""

    hearts: Annotated[int, Field(ge=1, le=9)] = 4
    actions: Annotated[int, Field(ge=1, le=9)] = 4
    backpack: Annotated[int, Field(ge=1, le=9)] = 3
    rack: Annotated[int, Field(ge=1, le=9)] = 3
    ring: Annotated[int, Field(ge=0, le=3)] = 0
    sword: Annotated[int, Field(ge=0, le=3)] = 0
    ours: list[Literal["hearts", "actions", "backpack", "rack", "ring", "sword"]] = []


class HtHeroModel(Strict):
    """A hero: what differs from the board (the hero's advantage)."""

    id: Id
    name: str = Field(min_length=1)
    title: str = ""
    hearts: Annotated[int, Field(ge=1, le=9)] | None = None
    actions: Annotated[int, Field(ge=1, le=9)] | None = None
    backpack: Annotated[int, Field(ge=1, le=9)] | None = None
    rack: Annotated[int, Field(ge=1, le=9)] | None = None
    ring: Annotated[int, Field(ge=0, le=3)] | None = None
    sword: Annotated[int, Field(ge=0, le=3)] | None = None

    _id = field_validator("id")(_id)


class HtHeroesBody(Strict):
    board: HtBoardModel
    heroes: Annotated[list[HtHeroModel], Field(min_length=1)]


class HtHeroesFile(Strict):
    heldentaufe_heroes: HtHeroesBody


# -- monsters ----------------------------------------------------------------------------------------

class HtLevel(Strict):
    hearts: Annotated[int, Field(ge=1, le=9)]
    sword: Annotated[int, Field(ge=0, le=9)]


class HtMonsterModel(Strict):
    id: Id
    name: str = Field(min_length=1)
    nest: str = Field(min_length=1, max_length=1, description="its nest's letter on the Underworld board")
    levels: dict[Annotated[int, Field(ge=1, le=5)], HtLevel] = Field(description="top tooth -> hearts, sword")
    ours: list[Literal["levels", "nest"]] = []

    _id = field_validator("id")(_id)


class HtMonstersBody(Strict):
    monsters: Annotated[list[HtMonsterModel], Field(min_length=1)]
    stacks: dict[str, Annotated[list[Annotated[int, Field(ge=1, le=5)]], Field(min_length=1)]] = Field(
        description="monster -> its teeth, bottom first")
    ours: list[Literal["stacks"]] = []


class HtMonstersFile(Strict):
    heldentaufe_monsters: HtMonstersBody


# -- the Underworld board ----------------------------------------------------------------------------

BOARD_CHARS = " .$!12345"


class HtUnderworldBody(Strict):
    rows: Annotated[list[Annotated[str, Field(max_length=40)]], Field(min_length=1, max_length=40)]
    nests: dict[str, str] = Field(description="letter -> monster id")
    ours: list[Literal["rows", "nests"]] = []


class HtUnderworldFile(Strict):
    heldentaufe_underworld: HtUnderworldBody


# -- the Upper World's tiles --------------------------------------------------------------------------

class HtAreasBody(Strict):
    tiles: dict[AreaKind, Int(1, 60)]                       # ours: the box has a few dozen
    remove: dict[Annotated[int, Field(ge=2, le=5)], dict[AreaKind, Int(0, 60)]]
    solo: Annotated[int, Field(ge=2, le=5)] = 2
    ours: list[Literal["tiles", "remove", "solo"]] = []


class HtAreasFile(Strict):
    heldentaufe_areas: HtAreasBody


# -- missions -----------------------------------------------------------------------------------------

class HtReward(Strict):
    teeth: Annotated[int, Field(ge=0, le=5)] = 0
    equipment: Equipment | None = None


class HtMissionModel(Strict):
    id: Id
    kind: Literal[MISSION_KINDS]
    area: AreaKind | None = None
    give: list[Token] = []
    reward: HtReward = HtReward()
    monster: str = ""
    companion: str = ""
    food: Food | None = None
    boost: Slot | None = None

    _id = field_validator("id")(_id)


class HtMissionsFile(Strict):
    heldentaufe_missions: Annotated[list[HtMissionModel], Field(min_length=1)]


# -- supply --------------------------------------------------------------------------------------------

class HtRecipe(Strict):
    level: Annotated[int, Field(ge=1, le=3)]
    potion: Literal[POTIONS]
    food: Annotated[list[Food], Field(min_length=2, max_length=2)]


class HtSupplyBody(Strict):
    combat_die: Annotated[list[Small], Field(min_length=2, max_length=12)]
    treasure_die: Annotated[list[Literal[TREASURE_FACES]], Field(min_length=1, max_length=12)]
    # ranges (ours): the box holds a handful of each token, a few dozen small teeth
    equipment: dict[Slot, dict[Annotated[int, Field(ge=1, le=3)], Int(0, 20)]]
    food: dict[Food, Int(0, 30)]
    potions: Int(0, 20)
    small_teeth: Int(0, 99)
    dangers: dict[Literal["trap", "nothing"], Int(0, 20)]
    recipes: Annotated[list[HtRecipe], Field(min_length=1, max_length=3)]
    ours: list[Literal["combat_die", "treasure_die", "equipment", "food", "recipes", "dangers"]] = []


class HtSupplyFile(Strict):
    heldentaufe_supply: HtSupplyBody


# -- the scenario --------------------------------------------------------------------------------------

class HtContentFiles(Strict):
    heroes: str
    monsters: str
    underworld: str
    areas: str
    missions: str
    supply: str


class HtClock(Strict):
    """The co-operative game's clock (ours): +1 a round, + ``per_knockout`` for each hero knocked
    out; the heroes lose when it reaches ``limit`` for their number."""

    limit: dict[Annotated[int, Field(ge=1, le=5)], Int(1, 500)]
    per_knockout: Int(0, 20) = 1


class HtRules(Strict):
    """The readings a line away, as flags (docs/readings.md, "Heldentaufe")."""

    first_monster_turn: Literal["at_once", "after_a_round"] = Field(
        "at_once", description="the monsters' first turn: when play next passes the marker (at once), or a round later")
    monsters_may_hold_back: bool = Field(True, description="the monsters may leave action points unused")
    one_tooth_from_supply: bool = Field(True, description="the stack's 1 is a small tooth (11 valuable teeth)")
    monster_boss: Literal["program", "players"] = "program"
    monster_policy: Literal["planner", "greedy"] = "planner"
    no_undo_past_hidden_draw: bool = True


class HtScenarioModel(Strict):
    id: Id
    name: str = Field(min_length=1)
    mode: Literal["coop", "race"]
    heroes: Annotated[list[Annotated[int, Field(ge=1, le=5)]], Field(min_length=1)]
    content: HtContentFiles
    target: dict[Annotated[int, Field(ge=1, le=5)], Int(1, 200)] = Field(
        description="teeth (victory points) that win, by hero count")
    clock: HtClock | None = None
    rules: HtRules = HtRules()
    max_rounds: Annotated[int, Field(ge=1, le=500)] = 60
    ours: bool = True
    intro: str = ""


class HtScenarioFile(Strict):
    game: Literal["heldentaufe"]
    scenario: HtScenarioModel


# -- checks within a file ------------------------------------------------------------------------------

def _unique(doc, items, path) -> list[Problem]:
    seen: dict[str, int] = {}
    out = []
    for i, item in enumerate(items):
        if item.id in seen:
            out.append(doc.problem(path + (i, "id"), f"id {item.id!r} is used twice (first on line {seen[item.id]})"))
        else:
            seen[item.id] = doc.where(path + (i, "id"))[0] or 0
    return out


def _check_heroes(loaded) -> list[Problem]:
    return _unique(loaded.doc, loaded.model.heldentaufe_heroes.heroes, ("heldentaufe_heroes", "heroes"))


def _check_monsters(loaded) -> list[Problem]:
    body, doc = loaded.model.heldentaufe_monsters, loaded.doc
    base = ("heldentaufe_monsters",)
    out = _unique(doc, body.monsters, base + ("monsters",))
    ids = [m.id for m in body.monsters]
    for i, m in enumerate(body.monsters):
        if m.id not in body.stacks:
            out.append(doc.problem(base + ("monsters", i, "id"), f"monster {m.id!r}: no stack of teeth under `stacks`"))
    for name, stack in body.stacks.items():
        if name not in ids:
            out.append(doc.problem(base + ("stacks", name), f"stacks: unknown monster {name!r}{nearest(name, ids)}"))
            continue
        monster = body.monsters[ids.index(name)]
        if stack != sorted(stack, reverse=True) or len(set(stack)) != len(stack):
            out.append(doc.problem(base + ("stacks", name), f"stack of {name!r}: teeth bottom first, each value "
                                                            f"once and falling (5, 4, 3...), got {stack}"))
        missing = [t for t in stack if t not in monster.levels]
        if missing:
            where = base + ("monsters", ids.index(name), "levels")
            out.append(doc.problem(where, f"monster {name!r}: no level for the top tooth {missing[0]} of its stack"))
    nests = [m.nest for m in body.monsters]
    for i, m in enumerate(body.monsters):
        if nests.count(m.nest) > 1:
            out.append(doc.problem(base + ("monsters", i, "nest"), f"monster {m.id!r}: nest {m.nest!r} is another monster's too"))
    return out


def board_problems(doc, body: HtUnderworldBody) -> list[Problem]:
    """The board's drawing: known characters, one treasure, portals 1-5 once each, five skulls, each
    nest once, every area reachable from the treasure's space."""
    base = ("heldentaufe_underworld",)
    out = []
    chars = BOARD_CHARS + "".join(body.nests)
    found: Counter = Counter()
    known = "".join(sorted(set(chars)))
    for y, row in enumerate(body.rows):
        found.update(row)
        for ch, x, at in strangers(row, chars):
            out.append(doc.problem(base + ("rows", y), f"row {y}, {at}: unknown board character {ch!r}; "
                                                       f"known: {known!r} (a nest's letter goes under `nests`)",
                                   col_offset=x))
    for ch, what in (("$", "the treasure's space"),) + tuple((str(p), f"portal {p}") for p in range(1, PORTALS + 1)) \
            + tuple((n, f"the nest of {m}") for n, m in body.nests.items()):
        if found[ch] != 1:
            out.append(doc.problem(base + ("rows",), f"the board needs {what} ({ch!r}) once, has it {count(found[ch], 'time')}"))
    if found["!"] != DANGERS:
        out.append(doc.problem(base + ("rows",), f"the board needs {DANGERS} skulls ('!') for the dangers, has {found['!']}"))
    if not out:
        board = UnderworldBoard(body.rows, body.nests)
        cut = board.unreachable()
        if cut:
            out.append(doc.problem(base + ("rows",), f"areas {', '.join(cut)} cannot be reached from the treasure's space"))
    return out


def _check_board(loaded) -> list[Problem]:
    return board_problems(loaded.doc, loaded.model.heldentaufe_underworld)


def _check_areas(loaded) -> list[Problem]:
    body, doc = loaded.model.heldentaufe_areas, loaded.doc
    base = ("heldentaufe_areas",)
    out = []
    if body.tiles.get("campfire", 0) != 1:
        out.append(doc.problem(base + ("tiles",), "the Upper World has one campfire"))
    if body.tiles.get("portal", 0) != PORTALS:
        out.append(doc.problem(base + ("tiles",), f"the Upper World has {PORTALS} portals (\"there are five portals\")"))
    for players, removed in body.remove.items():
        for kind, n in removed.items():
            if n > body.tiles.get(kind, 0):
                out.append(doc.problem(base + ("remove", players, kind), f"{players} players remove {n} {kind}, "
                                                                         f"but there are {body.tiles.get(kind, 0)}"))
    for players in (2, 3, 4, 5):
        if players not in body.remove:
            out.append(doc.problem(base + ("remove",), f"no removals for {players} players (write {players}: {{}} for none)"))
    return out


def _check_missions(loaded) -> list[Problem]:
    cards, doc = loaded.model.heldentaufe_missions, loaded.doc
    base = ("heldentaufe_missions",)
    out = _unique(doc, cards, base)
    needs = {"porter": ("area", "give"), "observer": ("area",), "hunter": ("monster",),
             "companion": ("companion", "food", "boost")}
    for i, c in enumerate(cards):
        for name in needs.get(c.kind, ()):
            if not getattr(c, name):
                out.append(doc.problem(base + (i,), f"mission {c.id!r}: a {c.kind} mission names its {name}"))
        if c.kind in ("porter", "explorer", "hunter") and not (c.reward.teeth or c.reward.equipment):
            out.append(doc.problem(base + (i,), f"mission {c.id!r}: a {c.kind} mission has a reward"))
        if c.kind == "observer" and not c.reward.equipment:
            out.append(doc.problem(base + (i,), f"mission {c.id!r}: an observer mission names the equipment "
                                                "one may choose instead of a tooth"))
    return out


def _check_supply(loaded) -> list[Problem]:
    body, doc = loaded.model.heldentaufe_supply, loaded.doc
    base = ("heldentaufe_supply",)
    out = []
    levels = sorted(r.level for r in body.recipes)
    if levels != list(range(1, len(levels) + 1)):
        out.append(doc.problem(base + ("recipes",), f"recipes are levels 1, 2, 3 once each, got {levels}"))
    for slot in SLOTS:
        if slot not in body.equipment:
            out.append(doc.problem(base + ("equipment",), f"no {slot} in the supply"))
    if sum(body.dangers.values()) != DANGERS:
        out.append(doc.problem(base + ("dangers",), f"{DANGERS} danger tiles, got {sum(body.dangers.values())}"))
    return out


CONTENT_KINDS = {"heroes": "heldentaufe_heroes", "monsters": "heldentaufe_monsters",
                 "underworld": "heldentaufe_underworld", "areas": "heldentaufe_areas",
                 "missions": "heldentaufe_missions", "supply": "heldentaufe_supply"}


def _cross_check(loaded) -> list[Problem]:
    return check_scenario(loaded)[0]


for _key, _model, _title, _check, _noun in (
        ("heldentaufe_heroes", HtHeroesFile, "Heldentaufe's heroes", _check_heroes, "hero"),
        ("heldentaufe_monsters", HtMonstersFile, "Heldentaufe's monsters", _check_monsters, "monster"),
        ("heldentaufe_underworld", HtUnderworldFile, "Heldentaufe's Underworld board", _check_board, "board"),
        ("heldentaufe_areas", HtAreasFile, "Heldentaufe's Upper World tiles", _check_areas, "area"),
        ("heldentaufe_missions", HtMissionsFile, "Heldentaufe's missions", _check_missions, "mission"),
        ("heldentaufe_supply", HtSupplyFile, "Heldentaufe's supply and dice", _check_supply, "supply")):
    kinds.register(kinds.FileKind(_key, _model, GAME, _title, noun=_noun, check=_check))
kinds.register(kinds.FileKind(kinds.SCENARIO, HtScenarioFile, GAME, "a Heldentaufe scenario", noun="scenario",
                              cross_check=_cross_check))


# -- the loaded content ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Content:
    """A scenario and everything it names, validated; never changed in play."""

    file: str
    scenario: HtScenarioModel
    board_numbers: HtBoardModel
    heroes: dict[str, HtHeroModel]
    monsters: dict[str, HtMonsterModel]
    stacks: dict[str, list[int]]
    underworld: UnderworldBoard
    areas: HtAreasBody
    missions: dict[str, HtMissionModel]
    supply: HtSupplyBody

    @property
    def rules(self) -> HtRules:
        return self.scenario.rules

    @property
    def coop(self) -> bool:
        return self.scenario.mode == "coop"

    def hero_number(self, hero: str, field: str) -> int:
        """A hero's number on the board (hearts, actions, backpack, rack, ring, sword)."""
        own = getattr(self.heroes[hero], field)
        return getattr(self.board_numbers, field) if own is None else own


def check_scenario(loaded) -> tuple[list[Problem], Content | None]:
    """Cross-file checks of a valid scenario: each content file exists, holds its kind and is valid;
    targets and clock limits for every hero count; monsters named on missions and the board exist.
    Returns the problems and, when there are none, the content."""
    sc: HtScenarioModel = loaded.model.scenario
    doc = loaded.doc
    problems: list[Problem] = []
    models = {}
    for name, kind in CONTENT_KINDS.items():
        rel = getattr(sc.content, name)
        where = ("scenario", "content", name)
        one = load_named(doc, where, rel)
        merge(problems, one.problems)
        if one.model is not None and one.kind != kind:
            problems.append(doc.problem(where, f"content.{name}: {rel} holds {one.kind}, not {kind}"))
        elif one.model is not None and not one.problems:
            models[name] = (one, getattr(one.model, kind))
    for hc in sc.heroes:
        if hc not in sc.target:
            problems.append(doc.problem(("scenario", "target"), f"no target of teeth for {count(hc, 'hero')}"))
        if sc.mode == "coop" and (sc.clock is None or hc not in sc.clock.limit):
            problems.append(doc.problem(("scenario", "clock") if sc.clock else ("scenario",),
                                        f"a co-operative scenario needs a clock limit for {count(hc, 'hero')}"))
    if sc.mode == "race" and any(h < 2 for h in sc.heroes):
        problems.append(doc.problem(("scenario", "heroes"), "the book's race is for 2 to 5 players"))
    if problems or len(models) != len(CONTENT_KINDS):
        return problems, None
    heroes = models["heroes"][1]
    monsters = models["monsters"][1]
    board_body = models["underworld"][1]
    missions = models["missions"][1]
    if len(heroes.heroes) < max(sc.heroes):
        problems.append(doc.problem(("scenario", "heroes"), f"{max(sc.heroes)} heroes, but "
                                                            f"{sc.content.heroes} has {len(heroes.heroes)}"))
    ids = [m.id for m in monsters.monsters]
    bdoc = models["underworld"][0].doc
    for letter, name in board_body.nests.items():
        if name not in ids:
            problems.append(bdoc.problem(("heldentaufe_underworld", "nests", letter),
                                         f"nest {letter!r}: unknown monster {name!r}{nearest(name, ids)}"))
    for m in monsters.monsters:
        if board_body.nests.get(m.nest) != m.id:
            problems.append(bdoc.problem(("heldentaufe_underworld", "nests"), f"no nest {m.nest!r} for {m.id!r} on the board"))
    mdoc = models["missions"][0].doc
    for i, c in enumerate(missions):
        if c.kind == "hunter" and c.monster not in ids:
            problems.append(mdoc.problem(("heldentaufe_missions", i, "monster"),
                                         f"mission {c.id!r}: unknown monster {c.monster!r}{nearest(c.monster, ids)}"))
    if problems:
        return problems, None
    content = Content(
        file=loaded.file, scenario=sc, board_numbers=heroes.board, heroes={h.id: h for h in heroes.heroes},
        monsters={m.id: m for m in monsters.monsters}, stacks={k: list(v) for k, v in monsters.stacks.items()},
        underworld=UnderworldBoard(board_body.rows, board_body.nests), areas=models["areas"][1],
        missions={c.id: c for c in missions}, supply=models["supply"][1])
    return [], content


def load(path) -> Content:
    """The scenario at ``path`` and every file it names; ContentError with every problem."""
    return load_scenario(path, GAME, "a Heldentaufe scenario", check_scenario)
