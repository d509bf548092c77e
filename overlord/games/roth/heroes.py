"""Return of the Heroes' heroes, heroic deeds and Nameless cards: what an author writes, and the
checks it must pass (``decks/roth/heroes.yaml``, ``deeds.yaml``, ``nameless.yaml``)::

    roth_heroes:   {leandra: {name, kind, skills, thresholds, movement, life, gold, manor, ...}, ...}
    roth_deeds:    {axe-of-the-gnomes: {name, suits, counters: {...}, steps: [...]}, ...}
    roth_nameless: {the-lich: {name, life, dots, ...}, ...}

The book ("Return of the Heroes") gives the ten heroes and their kinds (Dramatis Personae), the
sheet's parts (What to Do First, Character Sheet), the dwarves' movement 2 (Movement), the dice
thresholds' shape (Rewards and Experience, Effects of Experience), one heroic deed told step by step
(Heroic Deeds: the Axe of the Gnomes) and that there are six Nameless cards (Alternative Rules: The
Standard Game). Every other number is ours and named in the item's ``ours`` list.

A heroic deed is a card and a few counters of its own, each with a half-purple border, seen only by
the deed's holder (Counters), with its coordinates (``at``) and what is on its back (``back``). Its
parts (``steps``) are done in order; each part names what the hero does - vanquish a creature, find
a person or thing, bring what he holds to a counter, a field or home, or visit a field - and what
follows: counters turned over, taken onto the deed card or discarded, cubes, gold, the precious
stone, counters drawn from the bag. When a first part is done the Nameless goes into the bag (What
to Do First); the standard game puts the first parts' counters into the bag instead of on the map
(Alternative Rules: The Standard Game).
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, field_validator

from overlord.content import kinds
from overlord.content.errors import Problem, nearest
from overlord.content.models import Int, Strict
from overlord.games.heroes.content import coloured_cubes, one_line, three_skills
from overlord.games.heroes.sheet import ITEM_SLOTS, SKILL_MAX, TASK_SLOTS

from .content import FIELD_ID, HERO_KINDS, INTRODUCTORY_KINDS, NAME, Cube, Dot, Skill, field_problem

#: a field of the board: region A-P ("layout: [ABCD, EFGH, IJKL, MNOP]") and its number 1-9
#: a deed counter's id: lower case words joined by hyphens (never mistaken for a field or ``home``)
COUNTER_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
HOME = "home"
#: a deed's counters: "the counters with half their bordering in purple are part of a heroic deed and
#: are thus only visible to the one with the matching heroic deed" (Counters)
DEED_BORDER = "purple"
# the special skill tokens (Character Sheet: "if possessed, place special skill token"); the book
# does not say what a token does, so what each does is ours:
SPECIALS = (
    "",              # no token
    "pathfinder",    # finds a hidden path on a roll one higher than the field's number
    "healer",        # a turn sat out on any field restores one natural hit point
)
# "Magic combat with 3 dice at 6 ECs (2x, 3x, 4x, 5x markers)" (Effects of Experience): three cube
# counts a skill, at which it rolls 3, 4 and 5 dice
THRESHOLDS = 3


def _cubes(reward):
    coloured_cubes(reward)
    for cube in reward:
        if len(set(cube)) != len(cube):
            raise ValueError(f"a cube names each colour once, got {cube}")
    return reward


# -- the heroes --------------------------------------------------------------------------------------

HeroField = Literal["skills", "thresholds", "movement", "life", "gold", "special"]


class RothHero(Strict):
    """One side of a character sheet ("selects the gender of their character by choosing one side of
    the character sheet", What to Do First)."""

    name: str = Field(min_length=1)
    kind: Literal[HERO_KINDS] = Field(description="the sheet this side is on: fighter, dwarf, elf, cleric or mage")
    skills: dict[Skill, Annotated[int, Field(ge=1, le=SKILL_MAX)]] = Field(
        description="magic, ranged and close combat ratings (blue, green, red)")
    thresholds: dict[Skill, list[Int(1, 30)]] = Field(
        description="per skill, the cubes at which it rolls 3, 4 and 5 dice")
    movement: Int(1, 10) = Field(description="the number in the footprint: fields a turn")
    life: Int(1, 10) = Field(description="natural hit points, the red hearts above the line")
    gold: Int(0, 20) = Field(description="gold pieces at the start")
    special: Literal[SPECIALS] = Field("", description="the special skill token, if the sheet has one")
    task_slots: Int(1, TASK_SLOTS) = Field(TASK_SLOTS, description="the blue-bordered squares for tasks")
    item_slots: Int(1, ITEM_SLOTS) = Field(ITEM_SLOTS, description="the yellow-bordered squares for artifacts")
    stone: bool = Field(True, description="the sheet's place for the precious stone")
    manor: str = Field(description="the field of the hero's manor house; he starts on the field next to it")
    text: str = ""
    ours: list[HeroField] = []

    _text = field_validator("text")(one_line)

    _three = field_validator("skills", "thresholds")(three_skills)

    @field_validator("thresholds")
    @classmethod
    def _rising(cls, value):
        for skill, steps in value.items():
            if len(steps) != THRESHOLDS or any(a >= b for a, b in zip(steps, steps[1:])):
                raise ValueError(f"{skill}: three rising cube counts (3, 4 and 5 dice), got {steps}")
        return value


class RothHeroesFile(Strict):
    roth_heroes: dict[str, RothHero]


def heroes_problems(model: RothHeroesFile, doc) -> list[Problem]:
    """A sheet has two sides (two heroes of a kind at most), both by one manor; two kinds never share
    a manor; a manor is written as a field."""
    problems = []
    base = ("roth_heroes",)
    by_kind: dict[str, list[str]] = {}
    for hid, h in model.roth_heroes.items():
        by_kind.setdefault(h.kind, []).append(hid)
        bad = field_problem(h.manor)
        if bad:
            problems.append(doc.problem(base + (hid, "manor"), f"hero {hid!r}: manor {bad}"))
    manors: dict[str, str] = {}
    for kind, ids in by_kind.items():
        heroes = model.roth_heroes
        if len(ids) > 2:
            problems.append(doc.problem(base + (ids[2], "kind"), f"hero {ids[2]!r}: a third {kind} - a sheet has two "
                                        f"sides ({', '.join(ids[:2])})"))
        first = heroes[ids[0]].manor
        for hid in ids[1:]:
            if heroes[hid].manor != first:
                problems.append(doc.problem(base + (hid, "manor"), f"hero {hid!r}: the other side of the {kind}'s sheet "
                                            f"({ids[0]}) has its manor on {first}, not {heroes[hid].manor}"))
        if first in manors:
            problems.append(doc.problem(base + (ids[0], "manor"), f"hero {ids[0]!r}: manor {first} is the "
                                        f"{manors[first]}'s; each kind has a manor of its own"))
        manors.setdefault(first, kind)
    return problems


# -- the heroic deeds --------------------------------------------------------------------------------

CounterField = Literal["at", "dots", "life", "start"]
DeedField = Literal["counters", "steps", "suits", "reward", "gold", "draw"]


class RothDeedCounter(Strict):
    """A counter of a heroic deed: half-purple border, seen only by the deed's holder (Counters)."""

    name: str = Field(min_length=1, description="what its face shows")
    at: str = Field(description="its coordinates: on the map (or when drawn from the bag) it lies on this field")
    start: Literal["map", "bag"] = Field(
        "bag", description="where the introductory game has it at the start (the standard game puts all in the bag)")
    dots: dict[Dot, Int(-9, 9)] = Field({}, description="a creature: the skills it is fought with, colour -> modifier")
    life: Int(1, 5) = Field(1, description="a creature's hearts: trials it takes in one turn")
    back: str = Field(min_length=1, description="what its back shows when it is turned over")
    ours: list[CounterField] = []


class RothDeedStep(Strict):
    """One part of a heroic deed: one thing the hero does (vanquish, find, bring or visit), then what
    follows, in this order: counters turned over, taken onto the deed card, discarded; the cubes,
    gold and precious stone received; counters drawn from the bag."""

    vanquish: str = Field("", description="a creature counter of the deed, beaten in combat on its field")
    find: str = Field("", description="a counter of the deed, reached on its field")
    bring: str = Field("", description="a counter of the deed the hero holds, taken to `to`")
    visit: str = Field("", description="a field the hero reaches")
    to: str = Field("", description="where `bring` takes it: a counter of the deed, a field, or home (the manor)")
    turn: list[str] = Field([], description="counters of the deed turned over (their backs show)")
    take: list[str] = Field([], description="counters of the deed the hero places on the deed card and holds")
    discard: list[str] = Field([], description="counters of the deed that leave the game")
    reward: list[list[Cube]] = Field([], description="experience cubes received; each the colours one may choose")
    gold: Int(0, 10) = 0
    stone: bool = Field(False, description="the precious stone is received: the deed is fulfilled")
    draw: Int(0, 3) = Field(0, description="counters drawn from the bag")

    _reward = field_validator("reward")(_cubes)

    def action(self) -> tuple[str, str]:
        """What the hero does: ("vanquish", counter), ("find", counter), ("bring", counter),
        ("visit", field); ("", "") when the part names none."""
        for verb in ("vanquish", "find", "bring", "visit"):
            if getattr(self, verb):
                return verb, getattr(self, verb)
        return "", ""


def destination(to: str) -> tuple[str, str]:
    """Where a ``bring`` goes: ("home", ""), ("field", "C8") or ("counter", "gnomes")."""
    if to == HOME:
        return "home", ""
    if FIELD_ID.fullmatch(to):
        return "field", to
    return "counter", to


class RothDeed(Strict):
    name: str = Field(min_length=1)
    suits: list[Literal[HERO_KINDS]] = Field(min_length=1, description="the kinds of hero the deed is written for")
    intro: Literal[INTRODUCTORY_KINDS] | None = Field(
        None, description="the introductory game gives this deed to the hero of this kind")
    counters: dict[str, RothDeedCounter] = Field(min_length=1)
    steps: list[RothDeedStep] = Field([], description="the parts, done in order; the first part's counter starts on the map")
    book: bool = Field(False, description="the book's example (Heroic Deeds)")
    text: str = Field(min_length=1, description="our own one line")
    ours: list[DeedField] = []

    _text = field_validator("text")(one_line)


class RothDeedsFile(Strict):
    roth_deeds: dict[str, RothDeed]


def _deed_problems(did: str, deed: RothDeed, doc) -> list[Problem]:
    problems: list[Problem] = []
    where = ("roth_deeds", did)
    counters = deed.counters
    for cid, c in counters.items():
        if not COUNTER_ID.fullmatch(cid):
            problems.append(doc.key_problem(where + ("counters", cid), f"deed {did!r}: counter id {cid!r} is lower-case "
                                            "words joined by hyphens (silver-hammer)"))
        bad = field_problem(c.at)
        if bad:
            problems.append(doc.problem(where + ("counters", cid, "at"), f"deed {did!r}, counter {cid!r}: {bad}"))
    if deed.intro is not None and deed.intro not in deed.suits:
        problems.append(doc.problem(where + ("intro",), f"deed {did!r}: given to the {deed.intro} in the introductory "
                                    f"game, but it suits {', '.join(deed.suits)}"))
    if not deed.steps:
        problems.append(doc.key_problem(where, f"deed {did!r} has no first part: write its steps (the first vanquishes or "
                                    "finds a counter on the map)"))
        return problems

    def counter_ok(path, name, what) -> bool:
        if name in counters:
            return True
        problems.append(doc.problem(path, f"deed {did!r}, {what}: no counter {name!r} in this deed"
                                    f"{nearest(name, counters)}"))
        return False

    held: set[str] = set()
    used: set[str] = set()
    for i, step in enumerate(deed.steps):
        at = where + ("steps", i)
        part = f"part {i + 1}"
        verbs = [v for v in ("vanquish", "find", "bring", "visit") if getattr(step, v)]
        if not verbs:
            problems.append(doc.problem(at, f"deed {did!r}, {part} names no counter or field: vanquish, find or bring "
                                        "a counter, or visit a field"))
        elif len(verbs) > 1:
            problems.append(doc.problem(at + (verbs[1],), f"deed {did!r}, {part}: one thing a part "
                                        f"({' and '.join(verbs)})"))
        verb, name = step.action()
        if verb in ("vanquish", "find", "bring") and counter_ok(at + (verb,), name, part):
            used.add(name)
            if verb == "vanquish" and not counters[name].dots:
                problems.append(doc.problem(at + (verb,), f"deed {did!r}, {part}: {name!r} has no dots - a creature to "
                                            "vanquish names the skills it is fought with"))
            if verb == "bring" and name not in held:
                problems.append(doc.problem(at + (verb,), f"deed {did!r}, {part}: brings {name!r}, which no earlier part "
                                            "takes"))
        if verb == "visit":
            bad = field_problem(name)
            if bad:
                problems.append(doc.problem(at + ("visit",), f"deed {did!r}, {part}: {bad}"))
        if verb == "bring" and not step.to:
            problems.append(doc.problem(at, f"deed {did!r}, {part}: bring it where? (to: a counter, a field or home)"))
        if step.to:
            kind, target = destination(step.to)
            if verb != "bring":
                problems.append(doc.problem(at + ("to",), f"deed {did!r}, {part}: `to` goes with bring"))
            elif kind == "counter" and re.fullmatch(r"[A-Za-z]\d+", target):
                problems.append(doc.problem(at + ("to",), f"deed {did!r}, {part}: {field_problem(target)}"))
            elif kind == "counter" and counter_ok(at + ("to",), target, part):
                used.add(target)
                if target == name:
                    problems.append(doc.problem(at + ("to",), f"deed {did!r}, {part}: brings {name!r} to itself"))
        for key in ("turn", "take", "discard"):
            for j, cid in enumerate(getattr(step, key)):
                if counter_ok(at + (key, j), cid, part):
                    used.add(cid)
        held |= set(step.take)
        held -= set(step.discard)
        if step.stone and i != len(deed.steps) - 1:
            problems.append(doc.problem(at + ("stone",), f"deed {did!r}, {part}: only the last part gives the precious "
                                        "stone"))
    first_verb, first = deed.steps[0].action()
    if first_verb not in ("vanquish", "find"):
        problems.append(doc.problem(where + ("steps", 0), f"deed {did!r}, part 1: the first part vanquishes or finds a "
                                    "counter (the standard game puts it in the bag)"))
    elif first in counters and counters[first].start != "map":
        problems.append(doc.problem(where + ("counters", first, "start"), f"deed {did!r}: {first!r} is the first part's "
                                    "counter: it starts on the map (start: map)"))
    if not deed.steps[-1].stone:
        problems.append(doc.problem(where + ("steps", len(deed.steps) - 1), f"deed {did!r}, part {len(deed.steps)}: the "
                                    "last part gives the precious stone (stone: true)"))
    for cid in counters:
        if cid not in used:
            problems.append(doc.key_problem(where + ("counters", cid), f"deed {did!r}: counter {cid!r} is in no part"))
    return problems


def deed_fields(model: RothDeedsFile) -> list[tuple[tuple, str]]:
    """Every field the deeds name, with its path in the file (for the check against the board): the
    counters' coordinates, the fields parts bring things to, the fields parts visit."""
    out: list[tuple[tuple, str]] = []
    for did, deed in model.roth_deeds.items():
        where = ("roth_deeds", did)
        out += [(where + ("counters", cid, "at"), c.at) for cid, c in deed.counters.items()]
        for i, step in enumerate(deed.steps):
            if step.to and destination(step.to)[0] == "field":
                out.append((where + ("steps", i, "to"), step.to))
            if step.visit:
                out.append((where + ("steps", i, "visit"), step.visit))
    return out


def deeds_problems(model: RothDeedsFile, doc) -> list[Problem]:
    """Each deed's parts in order, its counters and fields; a counter id is one deed's; the
    introductory game has one deed for each of its four heroes."""
    problems = []
    owner: dict[str, str] = {}
    intro: dict[str, str] = {}
    for did, deed in model.roth_deeds.items():
        problems += _deed_problems(did, deed, doc)
        for cid in deed.counters:
            if cid in owner:
                problems.append(doc.key_problem(("roth_deeds", did, "counters", cid), f"deed {did!r}: counter {cid!r} "
                                                f"is also deed {owner[cid]!r}'s; a counter id names one counter"))
            owner.setdefault(cid, did)
        if deed.intro is not None:
            if deed.intro in intro:
                problems.append(doc.problem(("roth_deeds", did, "intro"), f"deed {did!r}: the introductory game gives the "
                                            f"{deed.intro} one deed, and it is {intro[deed.intro]!r}"))
            intro.setdefault(deed.intro, did)
    if model.roth_deeds:
        for kind in INTRODUCTORY_KINDS:
            if kind not in intro:
                problems.append(doc.problem(("roth_deeds",), f"no deed for the introductory game's {kind} "
                                            f"(intro: {kind}): \"Every character has a given heroic deed\""))
    return problems


# -- the Nameless ------------------------------------------------------------------------------------

NamelessField = Literal["life", "dots", "magic"]


class RothNameless(Strict):
    """A Nameless card: fought to the death, one trial after another, each won costing him a hit
    point (The Final Battle Against the Nameless)."""

    name: str = Field(min_length=1)
    life: Int(2, 20) = Field(description="his hit points (\"does the Nameless have more than one hit point? Of course\")")
    dots: dict[Dot, Int(-9, 9)] = Field({}, description="the skills he may be fought with: colour -> modifier")
    magic: Int(0, 3) = Field(0, description="what a magic artifact (a star) adds, beyond its bonus, to a trial in its "
                                            "skill against him (ours: \"Magic objects can prove extremely useful in "
                                            "combat against the Nameless in some cases\")")
    introductory: bool = Field(False, description="the introductory game's predetermined Nameless")
    text: str = Field(min_length=1, description="our own one line")
    ours: list[NamelessField] = []

    _text = field_validator("text")(one_line)


class RothNamelessFile(Strict):
    roth_nameless: dict[str, RothNameless]


def nameless_problems(model: RothNamelessFile, doc) -> list[Problem]:
    """Every card can be fought (a dot at least: "Trials are only allowed in skills displayed");
    one card is the introductory game's."""
    problems = []
    for nid, card in model.roth_nameless.items():
        if not card.dots:
            problems.append(doc.problem(("roth_nameless", nid), f"Nameless {nid!r} has no dot: no skill could fight him "
                                        "(dots: blue magic, green ranged, red close)"))
    chosen = [nid for nid, card in model.roth_nameless.items() if card.introductory]
    if model.roth_nameless and len(chosen) != 1:
        path = ("roth_nameless", chosen[1], "introductory") if chosen else ("roth_nameless",)
        problems.append(doc.problem(path, f"the introductory game has one predetermined Nameless, not {len(chosen)} "
                                    f"(introductory: true){': ' + ', '.join(chosen) if chosen else ''}"))
    return problems


# -- the file kinds ----------------------------------------------------------------------------------

def _check(fn):
    return lambda loaded: fn(loaded.model, loaded.doc)


kinds.register(kinds.FileKind("roth_heroes", RothHeroesFile, NAME, "Return of the Heroes' character sheets",
                              keyed={"roth_heroes": "hero"}, check=_check(heroes_problems)))
kinds.register(kinds.FileKind("roth_deeds", RothDeedsFile, NAME, "Return of the Heroes' heroic deeds",
                              keyed={"roth_deeds": "deed"}, check=_check(deeds_problems)))
kinds.register(kinds.FileKind("roth_nameless", RothNamelessFile, NAME, "Return of the Heroes' Nameless cards",
                              keyed={"roth_nameless": "Nameless"}, check=_check(nameless_problems)))
