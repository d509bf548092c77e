"""Return of the Heroes' counters and artifacts (``decks/roth/counters.yaml``, ``artifacts.yaml``):
the models an author writes, the checks ``overlord validate`` makes, and the two file kinds::

    roth_counters:  {wolves: {...}, ...}      # the chits, the open counters, the market pile
    artifacts: artifacts.yaml                 # (optional) the artifacts file its names are checked against
    roth_artifacts: {magic-staff: {...}, ...} # what a counter is as an artifact

Built on the family's pieces as the Dragon's are: a task is ``heroes.content.TaskModel`` (read as a
``heroes.tasks.TaskSpec``), borders are ``heroes.counters.BORDERS``' (Return of the Heroes' own in
``roth.content.Border``), skills ``heroes.sheet``'s. The book gives names and a few numbers; every
number it leaves out is ours and named in the item's ``ours`` list.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from overlord.content import kinds
from overlord.content.errors import Problem, nearest
from overlord.content.models import Int, Strict
from overlord.content.validate import load_named
from overlord.games.heroes.content import TaskModel, coloured_cubes, one_line
from overlord.games.heroes.counters import BORDERS
from overlord.games.heroes.sheet import ITEM_KINDS as SHEET_ITEM_KINDS, SKILL_MAX
from overlord.games.heroes.tasks import shape_problem
from overlord.games.roth.content import NAME, REGIONS, Border, Cube, Dot, Skill, field_problem

# where a counter is when a game begins, in each variant (``RothStart``):
STARTS = (
    "chits",     # a random encounter chit: face down, two on tan fields of each region, the rest in the bag
    "map",       # open on its coordinates
    "bag",       # in the cloth bag
    "market",    # the face-down pile of market counters
    "out",       # not in this variant's game
    "deed",      # the Nameless: into the bag when a first part of a heroic deed is fulfilled
    "guard",     # on the posts around the tower when the Nameless is drawn
    "servant",   # drawn when the Nameless is drawn (one a task on the sheets), the rest into the bag
)
VARIANTS = ("intro", "standard")
# what a counter does beyond the common rules of its border (the game implements each)
COUNTER_EFFECTS = ("", "instructor", "market", "teleporter", "fountain", "boat", "mice", "king", "trial",
                   "healer", "nameless", "guard", "servant")
ARTIFACT_EFFECTS = ("", "healing_potion", "amulet", "broomstick")
# weapons, armour and shields are the sheet's kinds; "vehicle": the horse, the boots and the cart,
# "These cannot be combined" (Movement) - the sheet counts the best movement item alone
ITEM_KINDS = ("weapon", "armour", "shield", "vehicle", "other")
ORIGINS = ("market", "magic", "part", "special")
# two readings a scenario chooses (docs/roth.md's readings table); the first is the default
CART_PRICE = ("price", "movement")     # "Cart: -4 movement points, +2": price 4 gold, movement +2 / the -4 is not a price
HOBIRO_ROLL = ("rating", "dice")       # Don Hobiro's "roll of 1-4": the hero's ranged rating / two dice
EVENT_TRIALS = 2                       # "all those who succeed in the first trial attempt a second one" (Events)
EVENT_SECOND = -1                      # "... this time with the combat rating reduced by one" (Events)
INSTRUCTOR_GAIN = 1                    # "A failed trial increases the corresponding rating by 1" (Improvement of Skills)
CHITS_PER_REGION = 2                   # "distribute two random encounter chits on each region" (The Standard Game)
# "Trials are only allowed in skills displayed on the adversary's counter" (Combat and Combat Trials)
CREATURES = ("red",)


def sheet_kind(kind: str) -> str:
    """The ``heroes.sheet.Item`` kind of an artifact's kind (a vehicle is carried as "other")."""
    return kind if kind in SHEET_ITEM_KINDS else "other"


# -- counters ---------------------------------------------------------------------------------------

class RothStart(Strict):
    intro: Literal[STARTS] = Field(description="the introductory game's set-up")
    standard: Literal[STARTS] = Field(description="Alternative Rules: The Standard Game's set-up")


class RothTask(TaskModel):
    """A Return of the Heroes task counter's steps (the family's ``heroes.content.TaskModel``)."""


class RothStep(Strict):
    low: Int(1, SKILL_MAX)
    high: Int(1, SKILL_MAX)
    gain: Int(1, 3)


class RothTraining(Strict):
    """What a task pays in training instead of cubes (Don Hobiro's: "+2 for a roll of 1-4, +1 for a
    roll of 5-10", Tasks): the skill and, per range of the roll, the rise."""

    skill: Skill
    steps: list[RothStep] = Field(min_length=1)


CounterField = Literal["dots", "hearts", "reward", "gold", "at", "copies", "start", "task", "market", "fee", "training"]


class RothCounter(Strict):
    name: str = Field(min_length=1)
    border: Border
    chit: bool = Field(False, description="a random encounter chit: a PA logo on its back, placed face down")
    start: RothStart
    copies: Int(1, 10) = 1
    at: str = Field("", description="its coordinates: drawn from the bag, it is placed on this field")
    hearts: Int(1, 3) = Field(1, description="trials won in one turn to defeat it")
    dots: dict[Dot, Int(-5, 5)] = Field({}, description="the skills it may be fought (or tried) with: colour -> modifier")
    reward: list[list[Cube]] = Field([], description="experience cubes won; each the colours one may choose")
    gold: Int(0, 10) = Field(0, description="gold won")
    back: str = Field("", description="the artifact on its back (an id of roth_artifacts)")
    gives: str = Field("", description="the artifact its reward is (an id of roth_artifacts)")
    artifact: str = Field("", description="a yellow or blue/yellow counter: the artifact it is")
    effect: Literal[COUNTER_EFFECTS] = ""
    task: RothTask | None = None
    training: RothTraining | None = None
    market: Int(0, 12) = Field(0, description="a market: the market counters drawn")
    fee: Int(0, 10) = Field(0, description="gold paid to use it (an instructor's lesson)")
    text: str = Field(min_length=1, description="our own one-line rules text")
    ours: list[CounterField] = Field([], description="fields whose values are ours")

    _text = field_validator("text")(one_line)
    _cubes = field_validator("reward")(coloured_cubes)


class RothCountersFile(Strict):
    roth_counters: dict[str, RothCounter]
    artifacts: str = Field("", description="the artifacts file (roth_artifacts) whose ids the counters name")


def places(model: RothCountersFile, variant: str, nameless_at_start: bool = False) -> dict[str, str]:
    """Where each counter starts in a variant (one of STARTS); ``nameless_at_start`` is the Standard
    Game's Option 1: "The Nameless counter is placed in the bag right from the start"."""
    if variant not in VARIANTS:
        raise ValueError(f"no variant {variant!r}; one of {', '.join(VARIANTS)}")
    out = {}
    for cid, c in model.roth_counters.items():
        where = getattr(c.start, variant)
        out[cid] = "bag" if where == "deed" and nameless_at_start else where
    return out


# -- artifacts --------------------------------------------------------------------------------------

ArtifactField = Literal["bonus", "movement", "life", "price", "uses", "heal", "kind", "returns_on"]


class RothArtifact(Strict):
    name: str = Field(min_length=1)
    kind: Literal[ITEM_KINDS] = "other"
    origin: Literal[ORIGINS] = Field(description="market: the market counters; magic: a magic object of a special "
                                     "task; part: a task's thing to find or bring; special: the back of a counter")
    star: bool = Field(False, description="a magic artifact (the star, Improvement of Skills)")
    bonus: dict[Skill, Int(1, 3)] = Field({}, description="skill -> +n (one artifact counts per skill)")
    movement: Int(0, 3) = Field(0, description="a vehicle's movement points added")
    life: Int(0, 3) = Field(0, description="armour and shields: hit points below the line")
    uses: Int(0, 5) = Field(0, description="times it can be used (the healing potion)")
    heal: Int(0, 3) = Field(0, description="hit points a use restores")
    price: Int(0, 10) = Field(0, description="the market's price in gold")
    effect: Literal[ARTIFACT_EFFECTS] = ""
    returns_on: Int(0, 6) = Field(0, description="the Magic Broomstick: the die roll on which it flies home")
    text: str = Field(min_length=1)
    ours: list[ArtifactField] = []

    _text = field_validator("text")(one_line)


class RothArtifactsFile(Strict):
    roth_artifacts: dict[str, RothArtifact]


# -- checks -----------------------------------------------------------------------------------------

def _task_problems(say: str, task: RothTask) -> list[tuple[tuple, str]]:
    out = []
    if (task.level == 1 and task.bring and not task.to) or (task.level == 3 and not task.to) \
            or (task.level == 4 and not task.to_person):
        return [((), say + "a task names no destination (`to`: a field, or `to_person` at level 4)")]
    for key in ("visit", "to"):
        value = getattr(task, key)
        if value and field_problem(value):
            out.append(((key,), say + f"{key}: {field_problem(value)}"))
    shape = shape_problem(task.spec())
    if shape:
        out.append(((), say + shape))
    return out


def counter_problems(cid: str, c: RothCounter) -> list[tuple[tuple, str]]:
    """One counter's problems as (path within it, message)."""
    say = f"counter {cid!r}: "
    out: list[tuple[tuple, str]] = []
    if c.at and field_problem(c.at):
        out.append((("at",), say + f"coordinates {field_problem(c.at)}"))
    if c.border in CREATURES and c.effect != "nameless" and not c.dots:
        out.append(((), say + f"a {BORDERS['red']} (red border) with no dot has no skill to fight it with"))
    if c.hearts > 1 and c.border not in CREATURES:
        out.append((("hearts",), say + "only a creature (red border) has hearts to win"))
    if c.effect in ("instructor", "trial", "mice") and len(c.dots) != 1:
        out.append((("dots",), say + f"{'an instructor' if c.effect == 'instructor' else 'a trial'} names one skill: one dot"))
    if c.border == "orange" and len(c.dots) != 1:
        out.append((("dots",) if c.dots else (), say + "an event names one skill (one dot): the trial all players make"))
    if c.border == "blue" and c.task is None:
        out.append(((), say + f"a {BORDERS['blue']} (blue border) needs its task: level and steps"))
    if c.task is not None:
        out += [(("task",) + p, m) for p, m in _task_problems(say, c.task)]
    if (c.effect == "market") != bool(c.market):
        out.append((("market",) if c.market else (), say + "a market (effect market) names the market counters drawn there"))
    if c.border == "yellow" and not c.artifact:
        out.append(((), say + "an artifact counter (yellow border) names the artifact it is"))
    if c.artifact and c.border not in ("yellow", "blue/yellow"):
        out.append((("artifact",), say + "only yellow and blue/yellow counters are artifacts"))
    if "market" in (c.start.intro, c.start.standard) and c.border != "yellow":
        out.append((("start",), say + "a market counter is an artifact (yellow border)"))
    if c.chit and c.at:
        out.append((("at",), say + "a random encounter chit has no coordinates: it is put on a tan field"))
    if c.chit and c.border not in ("red", "blue", "green"):
        out.append((("border",), say + "a random encounter chit is a creature, a task or an encounter (red, blue, green)"))
    needs_at = not c.chit and c.border != "orange" and c.effect != "guard" \
        and "market" not in (c.start.intro, c.start.standard)
    if needs_at and not c.at:
        out.append(((), say + "an open counter is placed on its coordinates: give it `at`"))
    if c.effect == "guard" and c.at:
        out.append((("at",), say + "a Guard stands on a post around the tower, not on coordinates"))
    singles = [cube[0] for cube in c.reward if len(cube) == 1]
    if c.border != "orange" and len(singles) != len(set(singles)):
        out.append((("reward",), say + "two cubes of one action are of different colours (only events give two alike)"))
    return out


def counters_problems(model: RothCountersFile, doc) -> list[Problem]:
    base = ("roth_counters",)
    problems = [doc.problem(base + (cid,) + path, message)
                for cid, c in model.roth_counters.items() for path, message in counter_problems(cid, c)]
    counters = model.roth_counters
    for effect, low, high in (("nameless", 1, 1), ("guard", 4, 4), ("servant", 8, 99)):
        found = sum(c.copies for c in counters.values() if c.effect == effect)
        if not low <= found <= high:
            wanted = str(low) if low == high else f"at least {low}"
            problems.append(doc.problem(base, f"the counters hold {wanted} with effect {effect!r}, not {found}"))
    chits = sum(c.copies for c in counters.values() if c.chit)
    if chits < CHITS_PER_REGION * len(REGIONS):
        problems.append(doc.problem(base, f"{chits} random encounter chits for {len(REGIONS)} regions: at least "
                                          f"{CHITS_PER_REGION * len(REGIONS)}, two a region at the start"))
    for cid, c in counters.items():
        if c.task is not None:
            for key in ("bring", "find", "to_person"):
                name = getattr(c.task, key)
                if name and name not in counters:
                    problems.append(doc.problem(base + (cid, "task", key), f"counter {cid!r}: no counter "
                                                f"{name!r}{nearest(name, counters)}"))
    return problems


def named_artifacts_problems(loaded) -> list[Problem]:
    """The cross check of a counters file naming its artifacts file (``artifacts:``): that file's
    problems and every artifact a counter names in it."""
    model, doc = loaded.model, loaded.doc
    if not model.artifacts:
        return []
    part = load_named(doc, ("artifacts",), model.artifacts)
    problems = list(part.problems)
    if part.model is not None and part.kind != "roth_artifacts":
        problems.append(doc.problem(("artifacts",), f"{model.artifacts} holds {part.kind}, not roth_artifacts"))
    elif part.model is not None:
        problems += artifact_name_problems(model, doc, part.model.roth_artifacts)
    return problems


def artifact_name_problems(model: RothCountersFile, doc, artifacts) -> list[Problem]:
    """Every artifact a counter names (its back, what it gives, what it is) is in ``artifacts``; a
    scenario's cross check calls this with the artifacts file it names."""
    problems = []
    for cid, c in model.roth_counters.items():
        for key in ("back", "gives", "artifact"):
            name = getattr(c, key)
            if name and name not in artifacts:
                problems.append(doc.problem(("roth_counters", cid, key), f"counter {cid!r}: no artifact "
                                            f"{name!r}{nearest(name, artifacts)}"))
    return problems


def artifact_problems(aid: str, a: RothArtifact) -> list[tuple[tuple, str]]:
    say = f"artifact {aid!r}: "
    out: list[tuple[tuple, str]] = []
    if (a.kind == "vehicle") != bool(a.movement):
        out.append((("movement",) if a.movement else ("kind",), say + "movement points are a vehicle's (horse, boots, "
                                                                       "cart: they cannot be combined)"))
    if (a.kind in ("armour", "shield")) != bool(a.life):
        out.append((("life",) if a.life else ("kind",), say + "hit points below the line are armour's and shields'"))
    if a.kind == "weapon" and len(a.bonus) != 1:
        out.append((("bonus",) if a.bonus else ("kind",), say + "a weapon raises one skill"))
    if (a.origin == "market") != bool(a.price):
        out.append((("price",) if a.price else ("origin",), say + "a market artifact has a price, and only it"))
    if a.origin == "magic" and not a.star:
        out.append((("star",) if "star" in a.model_fields_set else ("origin",), say + "a magic object has the star"))
    if bool(a.uses) != bool(a.heal):
        out.append((("uses",), say + "a potion's uses and the hit points a use restores go together"))
    if bool(a.returns_on) != (a.effect == "broomstick"):
        out.append((("returns_on",) if a.returns_on else ("effect",), say + "the Magic Broomstick names the roll it returns on"))
    return out


def artifacts_problems(model: RothArtifactsFile, doc) -> list[Problem]:
    return [doc.problem(("roth_artifacts", aid) + path, message)
            for aid, a in model.roth_artifacts.items() for path, message in artifact_problems(aid, a)]


def _check(fn):
    return lambda loaded: fn(loaded.model, loaded.doc)


kinds.register(kinds.FileKind("roth_counters", RothCountersFile, NAME, "Return of the Heroes' counters", noun="counter",
                              keyed={"roth_counters": "counter"}, companions=("artifacts",),
                              check=_check(counters_problems), cross_check=named_artifacts_problems))
kinds.register(kinds.FileKind("roth_artifacts", RothArtifactsFile, NAME, "Return of the Heroes' artifacts",
                              noun="artifact", keyed={"roth_artifacts": "artifact"}, check=_check(artifacts_problems)))
