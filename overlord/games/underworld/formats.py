"""Heroes in the Underworld content: the 48 map tiles, the 80 counters and the five heroes, each in
its own YAML file named by its top-level key::

    underworld_tiles:      [{id: styx, kind: styx, name: Styx, exits: NESW, arrow: true}, ...]
    underworld_counters:   {ixion: {name: Ixion, kind: black_creature, ...}, ...}
    combined_games:        {gate-styx: {...}}   # optional, beside underworld_counters
    underworld_heroes:     {bard: {name: Bard, skills: {...}, ...}, ...}

The fields of a counter are exactly those of ``games.underworld.state.CounterSpec`` (its id is the
mapping key), those of a tile exactly ``games.underworld.tiles.TileSpec``'s; a hero holds what
``games.heroes.sheet.new_sheet`` takes. This module does not import ``overlord.games`` (content
lies below games): the vocabularies are copied here, and ``tests/test_underworld_content.py``
checks that the copies still match.

Structure and types are checked by the pydantic models; what the rulebook says about the whole
set (48 tiles, one Styx, the eight places once each, 80 counters with the two gates, three
Avatars, five special weapons...) by :func:`file_problems`; :func:`load_underworld` loads the
three files together and also checks what spans them. ``overlord.games.underworld.kinds``
registers the three kinds (and the co-operative game's) with ``overlord.content.kinds``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator

from ...content.models import Int, Strict
from ...content.errors import ContentError, Problem, merge, nearest
from ...content.yamlio import Located
from ...view.words import count
from ...content.paths import shipped_dir
from ...content.validate import load_content

# -- vocabularies (copied from overlord.games; the tests check they agree) ----------------------

# games.underworld.state.KIND_BORDER's keys
COUNTER_KINDS = ("creature", "black_creature", "avatar", "encounter", "task", "item", "black_weapon",
                 "trap", "damned_creature", "special_weapon", "damned_one")
# games.underworld.tiles.KINDS
TILE_KINDS = ("styx", "place", "area", "passageway")
SIDES = "NESW"
# games.heroes.sheet: SKILLS, ITEM_KINDS, SKILL_MAX, ITEM_SLOTS, CENTAUR_ITEM_SLOTS, MAX_DICE - BASE_DICE
SKILLS = ("magic", "ranged", "close")
SLOTS = ("weapon", "armour", "shield", "helmet", "other")
SKILL_MAX = 11
ITEM_SLOTS = 4
CENTAUR_ITEM_SLOTS = 5
THRESHOLDS_MAX = 3

# "Red dot = Close Combat / Green dot = Ranged Combat / Blue dot = Magic Combat / Gray dot = the
# hero's skill with the least experience cubes (EC)" (HitU, Permitted Combat Skills)
DOT_COLOURS = ("red", "green", "blue", "gray")
# "Red cubes = Close Combat / Green cubes = Ranged Combat / Blue cubes = Magic / Black cubes"
CUBE_COLOURS = ("red", "green", "blue", "black")
# Map Tiles glossary: the eight named places
PLACES = ("Asphodelion", "Chaos", "Elysion", "Erebos", "Hades", "Kriterion", "Lethe", "Tartaros")
# "Black Creatures must be locked up in Erebos or Tartaros"
PRISONS = ("Erebos", "Tartaros")
TILE_COUNT = 48            # "48 area maps – to develop the Underworld"
COUNTER_COUNT = 80         # "80 counters – Adventure markers and treasure markers"
# the counts the rulebook states, by kind (instances)
KIND_COUNTS = {
    "avatar": 3,           # "The Damned One only appears, at first, in the form of its 3 Avatars"
    "special_weapon": 5,   # "Place the Damned One's marker, and the 5 special weapon markers"
    "black_weapon": 3,     # "The Black Weapons are: The Soul Sword, The Black Crossbow, The Black Staff"
    "damned_one": 1,       # "The Damned One's marker"
}
ENEMY_KINDS = ("creature", "black_creature", "avatar", "damned_creature", "damned_one")

# What a counter does beyond the common rules, by name (the game's rules modules implement them).
EFFECTS = (
    "hades_task",          # Hades task: brought to Hades, removes 1 SC from the Dark Side
    "persephone_task",     # Persephone task: removes 1 SC (2 if Hades is already there)
    "gorgon",              # a lost combat costs 1 movement (or 1 LP at movement 1)
    "lose_ec",             # a lost combat costs 1 EC (an SC may be given instead)
    "grant_special",       # a won trial gives the special weapon named in `grants`
    "hermes",              # takes the hero back to Styx if wished
    "hypnos",              # a passed test turns an SC into a normal EC
    "low_demon",           # for 1 LP, a failed test raises a skill by 1
    "well_of_wisdom",      # for 1 gold, a failed test raises a skill by 1
    "heal",                # heals `hearts` natural LP
    "lightning_bolts",     # +2 to one skill, once
    "gold_bag",            # gives `gold` gold, then is discarded
    "mirror",              # look at face-down markers; no Gorgon penalty
    "advice_of_hermes",    # once, a gray dot becomes a colour of the hero's choice
    "shoes_of_hermes",     # pass over revealed enemy counters
    "trident_of_hades",    # attack the Damned One with any skill
    "mail_of_persephone",  # an SC given becomes an LP lost; no duels against the wearer
    "gate",                # an entrance to the Underworld from the other games
)
ABILITIES = ("bard_song", "second_round", "combine_skills", "shaman_gray", "centaur")

CounterKind = Literal[COUNTER_KINDS]
TileKind = Literal[TILE_KINDS]
Skill = Literal[SKILLS]
DotColour = Literal[DOT_COLOURS]
CubeColour = Literal[CUBE_COLOURS]
Slot = Literal[SLOTS]
EffectName = Literal[("",) + EFFECTS]
Ability = Literal[ABILITIES]

ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
ENDS_IN_NUMBER = re.compile(r"-[0-9]+$")


def _one_line(text: str) -> str:
    if "\n" in text.strip():
        raise ValueError("the rules text is one line of our own words")
    return text


# -- tiles ----------------------------------------------------------------------------------------

class TileModel(Strict):
    """A map tile as printed (``TileSpec``). ``exits`` are read with the tile's arrow pointing N."""

    id: str = Field(min_length=1)
    kind: TileKind
    name: str = Field(min_length=1, description="the place's name; 'Styx'; 'Area' or 'Passageway'")
    exits: str = Field(description="the sides with an exit, distinct letters of NESW")
    arrow: bool = Field(False, description="printed with a directional arrow (placed as Styx points)")
    ours: list[Literal["exits", "arrow"]] = Field([], description="fields whose values are ours")

    @field_validator("exits")
    @classmethod
    def _sides(cls, exits: str):
        if any(c not in SIDES for c in exits) or len(set(exits)) != len(exits):
            raise ValueError(f"exits are distinct letters of {SIDES!r}, got {exits!r}")
        return exits


class TilesFile(Strict):
    underworld_tiles: list[TileModel]


# -- counters -------------------------------------------------------------------------------------

CounterField = Literal["name", "kind", "copies", "dots", "hearts", "reward", "treasure", "gold", "prison",
                       "destination", "slot", "bonus", "movement", "life", "combinable", "black", "effect",
                       "grants", "text"]


class CounterModel(Strict):
    """A counter kind as printed (``CounterSpec``; its id is the mapping key)."""

    name: str = Field(min_length=1)
    kind: CounterKind
    # ranges (ours): the printed counters have a few hearts, gold and life points, modifiers of a few pips
    copies: Int(1, 20) = Field(1, description="physical counters of this kind")
    dots: dict[DotColour, Int(-9, 9)] = Field({}, description="combat dots: colour -> modifier")
    hearts: Int(0, 20) = Field(1, description="an enemy's life points; an item that heals: LP healed")
    reward: list[list[CubeColour]] = Field([], description="experience cubes; each the colours one may choose")
    treasure: Int(0, 5) = Field(0, description="treasure markers as reward")
    gold: Int(0, 50) = Field(0, description="gold as reward / in a gold bag")
    prison: str = Field("", description="black creature: the place it is locked up in")
    destination: str = Field("", description="task: the place it must be brought to")
    slot: Slot = "other"
    bonus: dict[Skill, Int(-5, 5)] = Field({}, description="skill -> +n")
    movement: Int(-5, 5) = 0
    life: Int(0, 20) = Field(0, description="artificial life points it grants")
    combinable: bool = False
    black: Literal["", "magic", "ranged", "close"] = Field("", description="black weapon: its skill")
    effect: EffectName = ""
    grants: str = Field("", description="the special weapon (a counter id) it gives")
    ours: list[CounterField] = Field([], description="fields whose values are ours")
    text: str = Field(min_length=1, description="our own one-line rules text")

    _text = field_validator("text")(_one_line)

    @field_validator("reward")
    @classmethod
    def _cubes(cls, reward):
        if any(len(cube) == 0 for cube in reward):
            raise ValueError("each reward cube names at least one colour")
        return reward


class CountersFile(Strict):
    underworld_counters: dict[str, CounterModel]
    combined_games: dict[str, CounterModel] = Field(
        {}, description="counters only for play with the other games (the gates to Hades)")


# -- heroes ---------------------------------------------------------------------------------------

HeroField = Literal["skills", "thresholds", "movement", "life", "gold", "item_slots"]


class HeroModel(Strict):
    """A hero reference card: what ``new_sheet`` takes, and the hero's ability by name."""

    name: str = Field(min_length=1)
    skills: dict[Skill, Int(1, SKILL_MAX)] = Field(description="magic, ranged, close")
    thresholds: dict[Skill, list[Int(1, 50)]] = Field(
        description="per skill, up to 3 rising cube counts at which it rolls 3, 4, 5 dice")
    movement: Int(1, 10)
    life: Int(1, 20) = Field(description="natural life points")
    gold: Int(0, 50)
    item_slots: Int(1, 5) = ITEM_SLOTS
    ability: Ability
    ours: list[HeroField] = Field([], description="fields whose values are ours")
    text: str = Field("", description="our own one-line text of the ability")

    _text = field_validator("text")(_one_line)

    @field_validator("skills")
    @classmethod
    def _three(cls, skills):
        missing = [s for s in SKILLS if s not in skills]
        if missing:
            raise ValueError(f"a hero card has the three skills {', '.join(SKILLS)}; missing {', '.join(missing)}")
        bad = [f"{s} {v}" for s, v in skills.items() if not 1 <= v <= SKILL_MAX]
        if bad:
            raise ValueError(f"skill values are 1 to {SKILL_MAX}, got {', '.join(bad)}")
        return skills

    @field_validator("thresholds")
    @classmethod
    def _rising(cls, thresholds):
        missing = [s for s in SKILLS if s not in thresholds]
        if missing:
            raise ValueError(f"give the thresholds of {', '.join(missing)} too")
        for skill, steps in thresholds.items():
            if len(steps) > THRESHOLDS_MAX or any(a >= b for a, b in zip(steps, steps[1:])):
                raise ValueError(f"thresholds for {skill} are up to {THRESHOLDS_MAX} rising cube counts, got {steps}")
        return thresholds


class HeroesFile(Strict):
    underworld_heroes: dict[str, HeroModel]


FILE_KINDS = {"underworld_tiles": TilesFile, "underworld_counters": CountersFile, "underworld_heroes": HeroesFile}
# top-level keys allowed beside a kind's own
COMPANION_KEYS = {"underworld_counters": ("combined_games",)}
# how a problem names the thing it is in: by the mapping key under these top-level keys
KEYED = {"underworld_counters": "counter", "combined_games": "counter", "underworld_heroes": "hero"}
# ... and by the `id` of list items under these
NOUNS = {"underworld_tiles": "tile", "scenario": "scenario"}


# -- checks the models cannot make ----------------------------------------------------------------

def _ids_problems(doc: Located, base: tuple, ids, what: str) -> list[Problem]:
    problems = []
    for cid in ids:
        if not ID.match(cid):
            problems.append(doc.problem(base + (cid,), f"{what} id {cid!r}: use lower-case words joined by '-'"))
        elif ENDS_IN_NUMBER.search(cid):
            problems.append(doc.problem(base + (cid,), f"{what} id {cid!r} ends in a number; copies are "
                                        f"numbered '<id>-<n>', so give it a name without one"))
    return problems


def tiles_problems(model: TilesFile, doc: Located) -> list[Problem]:
    """HitU "Map Tiles": 48 tiles, one Styx, the eight places once each, exits by kind."""
    tiles = model.underworld_tiles
    problems = []
    root = ("underworld_tiles",)
    if len(tiles) != TILE_COUNT:
        problems.append(doc.problem(root, f"the Underworld has {TILE_COUNT} map tiles, this file has {len(tiles)}"))
    seen: dict[str, int] = {}
    places: dict[str, int] = {}
    for i, t in enumerate(tiles):
        at = root + (i,)
        if t.id in seen:
            problems.append(doc.problem(at + ("id",), f"tile id {t.id!r} is used twice (first on line {seen[t.id]})"))
        else:
            seen[t.id] = doc.where(at + ("id",))[0] or 0
        if not ID.match(t.id):
            problems.append(doc.problem(at + ("id",), f"tile {t.id!r}: use lower-case words joined by '-'"))
        n = len(t.exits)
        # "Areas: Tiles having 3 or 4 exits"; "Passageways: Tiles having 2, 3 or 4 exits."
        if t.kind == "area" and n not in (3, 4):
            problems.append(doc.problem(at + ("exits",), f"tile {t.id!r}: exits: an area has 3 or 4 exits, not {n}"))
        elif t.kind == "passageway" and n not in (2, 3, 4):
            problems.append(doc.problem(at + ("exits",), f"tile {t.id!r}: exits: a passageway has 2, 3 or 4 exits, not {n}"))
        elif t.kind in ("styx", "place") and n == 0:
            problems.append(doc.problem(at + ("exits",), f"tile {t.id!r}: exits: a {t.kind} tile needs at least one exit"))
        if t.kind == "styx":
            if not t.arrow:
                problems.append(doc.problem(at, f"tile {t.id!r}: arrow: Styx carries the directional arrow "
                                            "the other tiles are laid by; give it arrow: true"))
        elif t.kind == "place":
            if t.name not in PLACES:
                problems.append(doc.problem(at + ("name",), f"tile {t.id!r}: name: {t.name!r} is not one of the "
                                            f"places{nearest(t.name, PLACES)}; the places are {', '.join(PLACES)}"))
            elif t.name in places:
                problems.append(doc.problem(at + ("name",), f"tile {t.id!r}: name: the place {t.name!r} is "
                                            f"already tile {places[t.name]} of this file"))
            else:
                places[t.name] = i + 1
        elif t.name in PLACES:
            problems.append(doc.problem(at + ("name",), f"tile {t.id!r}: name: {t.name!r} is a place, but the "
                                        f"tile's kind is {t.kind}"))
    styx = [t for t in tiles if t.kind == "styx"]
    if len(styx) != 1:
        problems.append(doc.problem(root, f"the Underworld needs exactly one Styx tile (kind styx), "
                                    f"this file has {len(styx)}"))
    missing = [p for p in PLACES if p not in places]
    if missing:
        problems.append(doc.problem(root, f"missing place {'tile' if len(missing) == 1 else 'tiles'}: {', '.join(missing)} "
                                    f"(every one of {', '.join(PLACES)} is a tile of kind place)"))
    return problems


def instance_count(counters: dict[str, CounterModel]) -> int:
    return sum(c.copies for c in counters.values())


def counters_problems(model: CountersFile, doc: Located, places=PLACES) -> list[Problem]:
    """Each counter's kind-specific fields, and the counts the rulebook states. ``places``: the
    names of the place tiles that destinations and prisons may name."""
    problems = []
    groups = {"underworld_counters": model.underworld_counters, "combined_games": model.combined_games}
    weapons = {cid for cid, c in model.underworld_counters.items() if c.kind == "special_weapon"}
    places = tuple(places)
    for key, counters in groups.items():
        problems.extend(_ids_problems(doc, (key,), counters, "counter"))
        for cid, c in counters.items():
            at = (key, cid)

            def bad(field: str, message: str, at=at, cid=cid) -> None:
                problems.append(doc.problem(at + (field,) if field else at, f"counter {cid!r}: "
                                            + (f"{field}: " if field else "") + message))

            if key == "combined_games" and cid in model.underworld_counters:
                bad("", "is already a counter of underworld_counters")
            if c.kind == "task":
                if not c.destination:
                    bad("", "a task names its destination (the place it must be brought to)")
                elif c.destination not in places:
                    bad("destination", f"{c.destination!r} is not a place tile{nearest(c.destination, places)}; "
                        f"places: {', '.join(places)}")
            elif c.destination:
                bad("destination", f"only tasks have a destination, and this is a {c.kind}")
            if c.kind == "black_creature":
                if not c.prison:
                    bad("", "a black creature names its prison (Erebos or Tartaros)")
                elif c.prison not in places:
                    bad("prison", f"{c.prison!r} is not a place tile{nearest(c.prison, places)}; "
                        f"places: {', '.join(places)}")
                elif c.prison not in PRISONS:
                    bad("prison", f"black creatures are locked up in {' or '.join(PRISONS)}, not {c.prison}")
            elif c.prison:
                bad("prison", f"only black creatures have a prison, and this is a {c.kind}")
            if c.kind == "black_creature" and c.treasure != 1:
                bad("treasure", "a black creature locked up in its prison grants one treasure ('Each returned Black "
                    f"Creature grants a treasure as a reward', glossary Erebos/Tartarus), not {c.treasure}")
            if c.kind == "black_weapon" and not c.black:
                bad("", f"a black weapon names its skill in 'black' ({', '.join(SKILLS)})")
            elif c.black and c.kind != "black_weapon":
                bad("black", f"only black weapons have 'black', and this is a {c.kind}")
            if c.grants:
                if c.grants not in weapons:
                    bad("grants", f"{c.grants!r} is not a special_weapon counter{nearest(c.grants, weapons)}; "
                        f"special weapons: {', '.join(sorted(weapons))}")
            elif c.effect == "grant_special":
                bad("", "effect grant_special needs 'grants': the special weapon it gives")
            if c.effect == "trident_of_hades" and c.bonus != {s: 1 for s in SKILLS}:
                bad("bonus", "the Trident of Hades 'Increases all skill values by +1' (glossary 'Zweizack'): "
                    f"bonus {{{', '.join(f'{s}: 1' for s in SKILLS)}}}, not {c.bonus or '{}'}")
            elif c.kind == "special_weapon" and c.effect != "mail_of_persephone" and not c.bonus:
                bad("", "a special weapon raises the skill it attacks the Damned One with ('bonus'); only the "
                    "Mail of Persephone (effect mail_of_persephone) is 'not a weapon'")
            if c.kind in ENEMY_KINDS + ("trap",) and not c.dots:
                bad("", f"a {c.kind} shows at least one dot (the skills that may be used against it)")
            if c.effect == "gold_bag" and c.gold < 1:
                bad("gold", "a gold bag holds at least 1 gold")
    total = instance_count(model.underworld_counters) + instance_count(model.combined_games)
    if total != COUNTER_COUNT:
        problems.append(doc.problem(("underworld_counters",), f"the game has {COUNTER_COUNT} counters (the two gates "
                                    f"included); the copies here add up to {total}"))
    counts = Counter()
    for c in model.underworld_counters.values():
        counts[c.kind] += c.copies
    for kind, n in KIND_COUNTS.items():
        if counts[kind] != n:
            problems.append(doc.problem(("underworld_counters",), f"the game has {count(n, kind + ' counter')}; "
                                        f"the copies of kind {kind} here add up to {counts[kind]}"))
    return problems


def heroes_problems(model: HeroesFile, doc: Located) -> list[Problem]:
    """HitU "Hero": five heroes, one ability each; the Centaur carries 5 items, the others 4."""
    problems = []
    heroes = model.underworld_heroes
    root = ("underworld_heroes",)
    problems.extend(_ids_problems(doc, root, heroes, "hero"))
    if len(heroes) != len(ABILITIES):
        problems.append(doc.problem(root, f"the game has {len(ABILITIES)} heroes, this file has {len(heroes)}"))
    first: dict[str, str] = {}
    for hid, h in heroes.items():
        if h.ability in first:
            problems.append(doc.problem(root + (hid, "ability"), f"hero {hid!r}: ability: {h.ability} is already "
                                        f"hero {first[h.ability]!r}'s"))
        first.setdefault(h.ability, hid)
        slots = CENTAUR_ITEM_SLOTS if h.ability == "centaur" else ITEM_SLOTS
        if h.item_slots != slots:
            problems.append(doc.problem(root + (hid, "item_slots"), f"hero {hid!r}: item_slots: "
                                        f"{'the Centaur carries 5 items' if slots == 5 else 'a hero carries 4 items'}"
                                        f", not {h.item_slots}"))
    missing = [a for a in ABILITIES if a not in first]
    if missing:
        problems.append(doc.problem(root, f"no hero has the ability {', '.join(missing)}"))
    return problems


def file_problems(kind: str, model, doc: Located) -> list[Problem]:
    """The checks of one file that its model cannot make."""
    return {"underworld_tiles": tiles_problems, "underworld_counters": counters_problems,
            "underworld_heroes": heroes_problems}[kind](model, doc)


# -- the three files together ---------------------------------------------------------------------

@dataclass(frozen=True)
class Underworld:
    tiles: list[TileModel]
    counters: dict[str, CounterModel]          # the game's counters, by kind id
    combined: dict[str, CounterModel]          # only with the other games (the gates)
    heroes: dict[str, HeroModel]


def shipped_paths() -> tuple[Path, Path, Path]:
    folder = shipped_dir("decks") / "underworld"
    return folder / "tiles.yaml", folder / "counters.yaml", folder / "heroes.yaml"


def load_underworld(tiles_path=None, counters_path=None, heroes_path=None) -> Underworld:
    """Load and check the three files (the shipped ones where a path is not given). Raises
    :class:`ContentError` with every problem of every file, each FILE:LINE:COL: message."""
    shipped = shipped_paths()
    paths = [p if p is not None else s for p, s in zip((tiles_path, counters_path, heroes_path), shipped)]
    problems: list[Problem] = []
    loaded = {}
    for kind, path in zip(FILE_KINDS, paths):
        one = load_content(path)
        problems.extend(one.problems)
        if one.model is not None and one.kind != kind:
            problems.append(Problem(one.file, 1, 1, f"holds {one.kind}, not {kind}"))
        elif one.model is not None:
            loaded[kind] = one
    if "underworld_tiles" in loaded and "underworld_counters" in loaded and not problems:
        names = [t.name for t in loaded["underworld_tiles"].model.underworld_tiles if t.kind == "place"]
        counters = loaded["underworld_counters"]
        merge(problems, counters_problems(counters.model, counters.doc, names))
    if problems or len(loaded) != 3:
        raise ContentError(problems)
    counters = loaded["underworld_counters"].model
    return Underworld(list(loaded["underworld_tiles"].model.underworld_tiles), dict(counters.underworld_counters),
                      dict(counters.combined_games), dict(loaded["underworld_heroes"].model.underworld_heroes))
