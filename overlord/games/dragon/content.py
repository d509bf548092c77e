"""What an author writes for Under the Shadow of the Dragon, and the checks it must pass. Each
file holds one kind, named by its top-level key (``decks/dragon/``)::

    dragon_regions:   {layout: [RST, UVW, XYZ], regions: {R: {...}, ...}}   # heroes.regions
    dragon_counters:  {skeleton: {...}, ...}     # the counters: on the map, in the bag, the City's
    dragon_artifacts: {saber: {...}, ...}        # what a counter is as an artifact (its face or back)
    dragon_heroes:    {halfling: {...}, ...}     # the character sheets
    dragon_cards:     [{id: attack, ...}, ...]   # the co-operative Dragon deck (ours)
    game: dragon
    scenario: {...}                              # a scenario: mode, rules flags, numbers

The book gives names and some numbers; every number it leaves out is ours and named in the
item's ``ours`` list. Problems are reported as FILE:LINE:COL by ``overlord validate``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, field_validator

from overlord.content.models import Id, Int, Nothing, Strict, tagged
from overlord.content.errors import Problem, nearest
from overlord.games.heroes.content import TaskModel, coloured_cubes, one_line, three_skills
from overlord.games.heroes.counters import BORDERS
from overlord.games.heroes.regions import RegionsModel, region_problems, setup_fields
from overlord.games.heroes.sheet import SKILL_MAX, SKILLS
from overlord.games.heroes.tasks import shape_problem
from ...view.words import count

NAME = "dragon"
Skill = Literal[SKILLS]
# the book's borders (games.heroes.counters.BORDERS, the Underworld's gray apart)
Border = Literal[tuple(b for b in BORDERS if b != "gray")]
Dot = Literal["blue", "green", "red"]
Cube = Literal["blue", "green", "red"]
# where a counter is at the start: face down on the set-up spots (a PA counter), in the bag, in
# the City of the Mages' pile, the Dragon on V9, the Dragon Man, a Dragon Event
STARTS = ("covered", "bag", "market", "lair", "guard", "event")
Start = Literal[STARTS]
# what a counter does beyond the common rules of its border (games.dragon implements each)
COUNTER_EFFECTS = (
    "",                  # the common rules of its border
    "basilisk",          # a lost fight costs no HP: the hero is moved by the player on his left next turn
    "doppelganger",      # fought with the unmodified starting values; a loss costs 1 EC (or 1 HP)
    "lose_ec",           # a loss costs 1 EC of the hero's choice (1 HP if he has none)
    "trial",             # an encounter that gives its back for one won trial (the scroll beings, Keeper)
    "loremaster",        # makes the magic weapon on its back from its scroll and material
    "herbalist", "juggler", "cerberos", "healer", "orchan",
    "dragon", "dragon_man",
    "attack", "fear", "plunder", "burn_market", "storm",
)
ARTIFACT_EFFECTS = ("", "healing_potion", "strength", "pegasus", "experience", "great_experience",
                    "invisibility", "lightning", "vision", "clairvoyance", "jumping", "rope", "labyrinth_map",
                    "waterskin", "camel", "bag_of_gold")
ORIGINS = ("market", "special", "chain", "counter")
ITEM_KINDS = ("armour", "shield", "other")   # weapons are "other": a hero may carry several, one counts a skill
ABILITIES = ("", "hide", "self_heal", "gold_for_cubes", "spell_for_gold")
MODES = ("coop", "book")


# -- counters ---------------------------------------------------------------------------------------

class DragonTask(TaskModel):
    """A Dragon task counter's steps (the family's ``heroes.content.TaskModel``)."""


class DragonDeliver(Strict):
    """Where an artifact counter is taken to be turned over (the Adept to the City of the Mages):
    a field, or the field of a counter."""

    field: str = ""
    counter: str = ""


CounterField = Literal["dots", "reward", "gold", "at", "copies", "life", "start", "flip", "task", "needs"]


class DragonCounter(Strict):
    name: str = Field(min_length=1)
    border: Border
    start: Start = Field(description="where it is when the game begins")
    # ranges (ours): the printed counters have modifiers of a few pips, a few gold, the Dragon 10-20 life
    copies: Int(1, 20) = 1
    at: str = Field("", description="its coordinates: drawn from the bag, it is placed on this field")
    dots: dict[Dot, Int(-9, 9)] = Field({}, description="the skills it may be fought (or tried) with: colour -> modifier")
    reward: list[list[Cube]] = Field([], description="experience cubes won; each the colours one may choose")
    gold: Int(0, 50) = Field(0, description="gold won")
    flip: str = Field("", description="the artifact on its back (an id of dragon_artifacts)")
    artifact: str = Field("", description="a yellow counter: the artifact it is")
    effect: Literal[COUNTER_EFFECTS] = ""
    needs: list[str] = Field([], description="seen only by a hero carrying all these artifacts")
    task: DragonTask | None = None
    deliver: DragonDeliver | None = Field(None, description="an artifact turned over where it is taken")
    life: Int(1, 20) = Field(1, description="the Dragon's life points")
    text: str = Field(min_length=1, description="our own one-line rules text")
    ours: list[CounterField] = Field([], description="fields whose values are ours")

    _text = field_validator("text")(one_line)

    @field_validator("reward")
    @classmethod
    def _cubes(cls, reward):
        coloured_cubes(reward)
        if len(reward) == 2 and len(reward[0]) == 1 and reward[0] == reward[1]:
            raise ValueError("two cubes of one counter are of different colours")
        return reward


class DragonCountersFile(Strict):
    dragon_counters: dict[str, DragonCounter]


ArtifactField = Literal["bonus", "movement", "life", "price", "kind", "origin"]


class DragonArtifact(Strict):
    name: str = Field(min_length=1)
    kind: Literal[ITEM_KINDS] = "other"
    origin: Literal[ORIGINS] = Field(description="market: the City of the Mages; special: the back of "
                                     "a counter; chain: a scroll or special material; counter: a plain artifact counter")
    bonus: dict[Skill, Int(-5, 5)] = Field({}, description="skill -> +n (one artifact counts per skill)")
    movement: Int(-5, 5) = 0
    life: Int(0, 20) = Field(0, description="artificial hit points")
    combinable: bool = Field(False, description="combines with armour and shield")
    price: Int(0, 50) = Field(0, description="City of the Mages: its price in gold")
    effect: Literal[ARTIFACT_EFFECTS] = ""
    dragon: Literal["", "magic", "ranged", "close"] = Field("", description="a magic weapon: the skill it fights the Dragon with")
    chain: str = Field("", description="a scroll or material: the magic weapon it leads to")
    seen_with: str = Field("", description="a material: seen only by a hero carrying this artifact (its scroll)")
    spell: bool = Field(False, description="a spell of the City of the Mages (the Glossary's \"Artifact (Spell)\"): "
                                           "what the Mage may take instead of his starting gold")
    text: str = Field(min_length=1)
    ours: list[ArtifactField] = []

    _text = field_validator("text")(one_line)


class DragonArtifactsFile(Strict):
    dragon_artifacts: dict[str, DragonArtifact]


HeroField = Literal["skills", "thresholds", "movement", "life", "gold"]


class DragonHero(Strict):
    name: str = Field(min_length=1)
    skills: dict[Skill, Annotated[int, Field(ge=1, le=SKILL_MAX)]]
    thresholds: dict[Skill, list[Int(1, 50)]] = Field(description="per skill, the cubes at which it rolls 3, 4, 5 dice")
    movement: Int(1, 10)
    life: Int(1, 20)
    gold: Int(0, 50)
    ability: Literal[ABILITIES] = ""
    text: str = ""
    ours: list[HeroField] = []

    _text = field_validator("text")(one_line)

    _three = field_validator("skills", "thresholds")(three_skills)

    @field_validator("thresholds")
    @classmethod
    def _rising(cls, value):
        for skill, steps in value.items():
            if len(steps) > 3 or any(a >= b for a, b in zip(steps, steps[1:])):
                raise ValueError(f"{skill}: up to 3 rising cube counts, got {steps}")
        return value


class DragonHeroesFile(Strict):
    dragon_heroes: dict[str, DragonHero]


class DragonRegionsFile(Strict):
    dragon_regions: RegionsModel


# -- the Dragon deck (co-operative mode, ours) -------------------------------------------------------

class DragonAttackSpec(Strict):
    modifier: Int(-9, 9) = Field(-3, description="the trial each hero rolls")


class DragonAttack(Strict):
    """The book's DragonAttack!: each hero in turn (from the one nearest the lair) rolls a trial of his
    choice at the modifier; a failure loses an artifact, a success drives the Dragon off."""
    attack: DragonAttackSpec


class DragonFear(Strict):
    """The book's DragonFear!: open counters on the maps beside the Dragon's Cave flee into the bag;
    revealed PA counters are covered again."""
    fear: Nothing = Nothing()


class DragonPlunderSpec(Strict):
    per_hero: Int(1, 20) = 1


class DragonPlunder(Strict):
    """The book's DragonPlunder!: the Dragon takes gold from each hero into his lair."""
    plunder: DragonPlunderSpec


class DragonBurnMarket(Strict):
    """The Market is Burning! (the book's event): this many City of the Mages counters destroyed unseen."""
    burn_market: Int(1, 20)


class DragonHoard(Strict):
    """Gold from elsewhere into the Dragon's lair (ours)."""
    hoard: Int(1, 50)


class DragonStorm(Strict):
    """The DragonStorm begins (movement 1 until a hero rolls a 6 before moving)."""
    storm: Nothing = Nothing()


class DragonScorchSpec(Strict):
    modifier: Int(-9, 9) = Field(-1, description="the trial of a hero's choice that saves him")
    maps: Literal["cave", "adjacent"] = Field("adjacent", description="the Cave alone, or it and the maps beside it")


class DragonScorch(Strict):
    """Fire from the sky (ours): each hero on the named maps rolls a trial of his choice; a failure
    costs 1 hit point (never the last: the fire wounds, it does not kill)."""
    scorch: DragonScorchSpec


class DragonDrawSpec(Strict):
    counters: Int(1, 10) = 1


class DragonDraw(Strict):
    """The Dragon draws counters from the bag and places them, as a player would (ours)."""
    draw: DragonDrawSpec


class DragonSay(Strict):
    """Read this line aloud; it does nothing else."""
    say: str


DRAGON_EFFECTS = {"attack": DragonAttack, "fear": DragonFear, "plunder": DragonPlunder, "burn_market": DragonBurnMarket, "hoard": DragonHoard,
                  "storm": DragonStorm, "scorch": DragonScorch, "draw": DragonDraw, "say": DragonSay}
DragonEffect = tagged(DRAGON_EFFECTS, "effect")


def effect_name(effect) -> str:
    for name, model in DRAGON_EFFECTS.items():
        if type(effect) is model:
            return name
    raise KeyError(type(effect).__name__)


class DragonCard(Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    book: bool = Field(False, description="one of the book's five Dragon Events")
    effects: list[DragonEffect] = Field(min_length=1)
    text: str = Field(min_length=1)

    _text = field_validator("text")(one_line)


class DragonCardsFile(Strict):
    dragon_cards: list[DragonCard] = Field(min_length=1)


# -- scenario -----------------------------------------------------------------------------------------

class DragonFlags(Strict):
    """The readings with another reading a line away (docs/readings.md, "Under the Shadow of the Dragon")."""

    dragon_in_bag: bool = Field(False, description="the expansion's Dragon: in the bag, its Events follow when drawn")
    dragon_man: Literal["guard", "bag"] = Field("guard", description="guard: on V10 from the start; bag: drawn first")
    program_choices: bool = Field(True, description="the program places drawn counters and moves a confused hero")
    weapon_bonus_against_dragon: bool = Field(True, description="the magic weapon's +1 counts before the -3")
    dragon_regenerates: bool = Field(True, description="the Dragon has all its life points for each challenger")
    short_of_cubes: Literal["discard_all", "life"] = Field(
        "discard_all", description="a challenger with fewer cubes than the hoard: discards all, or also a HP a cube short")
    orchan_return_free: bool = Field(True, description="Orchan's gold pays the way out and back")
    heroes_occupy: bool = Field(True, description="a drawn counter's \"non-occupied\" field has no hero on it either "
                                                  "(false: only no counter)")
    market_size: Int(1, 20) = 4
    burn: Int(1, 20) = Field(4, description="City counters The Market is Burning! destroys")
    jump: Literal["turn", "points"] = Field(
        "turn", description="the Boots of Jumping: turn - a jump is the turn's movement, made instead of walking "
                            "whatever the allowance; points - a jump spends 4 movement points and walking may go on")


class DragonCoop(Strict):
    """The co-operative mode (ours, every number)."""

    dragon_every: dict[Literal[1, 2, 3, 4], Int(1, 20)] = Field(description="a Dragon phase after every n rounds")
    hoard_limit: dict[Literal[1, 2, 3, 4], Int(1, 500)] = Field(description="gold in the lair that ends the game")
    dragon_life: dict[Literal[1, 2, 3, 4], Int(1, 20)] = Field({}, description="the Dragon's life points by hero count")
    follow_up_rounds: Int(1, 20) = Field(4, description="rounds the others have after a challenger falls")
    open_chains: bool = Field(False, description="the material beings and the loremasters start on their "
                                                 "coordinates, not in the bag")


class DragonFiles(Strict):
    regions: str = Field(min_length=1)
    counters: str = Field(min_length=1)
    artifacts: str = Field(min_length=1)
    heroes: str = Field(min_length=1)
    dragon_cards: str = Field("", description="the co-operative Dragon deck; the book's game has none")


class DragonScenario(Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    mode: Literal[MODES]
    heroes: list[Literal[1, 2, 3, 4]] = Field(min_length=1, description="how many heroes may play")
    names: list[str] = Field(min_length=1, description="the heroes, in the order a headless party is made")
    content: DragonFiles
    manors: list[Id] = Field(min_length=1, description="hero k starts by the manor on manors[k % len]")
    rules: DragonFlags = DragonFlags()
    coop: DragonCoop | None = None
    follow_up_turns: Int(1, 20) = Field(4, description="book: the other player's turns after a Dragon Victory")
    max_rounds: Int(1, 500) = 60
    intro: str = ""
    ours: str = ""


class DragonScenarioFile(Strict):
    game: Literal["dragon"]
    scenario: DragonScenario


# -- checks within one file --------------------------------------------------------------------------

def counters_problems(model: DragonCountersFile, doc) -> list[Problem]:
    problems = []
    base = ("dragon_counters",)
    for cid, c in model.dragon_counters.items():
        where = base + (cid,)
        say = f"counter {cid!r}: "
        if c.border in ("red",) and c.start != "lair" and not c.dots:
            problems.append(doc.problem(where, say + "a creature (red border) needs its dots: the skills it is fought with"))
        if c.effect == "trial" and not c.dots:
            problems.append(doc.problem(where, say + "an encounter with a trial needs dots: the skill it is tried with"))
        if c.border == "blue" and c.task is None:
            problems.append(doc.problem(where, say + "a task (blue border) needs its task: level and steps"))
        if c.task is not None:
            shape = shape_problem(c.task.spec())
            if shape:
                problems.append(doc.problem(where + ("task",), say + shape))
        if c.border == "yellow" and not c.artifact:
            problems.append(doc.problem(where, say + "an artifact counter (yellow border) names the artifact it is"))
        if c.artifact and c.border not in ("yellow", "blue/yellow"):
            problems.append(doc.problem(where + ("artifact",), say + "only yellow and blue/yellow counters are artifacts"))
        if c.start == "market" and not c.artifact:
            problems.append(doc.problem(where, say + "a City of the Mages counter names the artifact it is"))
        if c.start == "event" and c.border != "orange-lilac":
            problems.append(doc.problem(where + ("border",), say + "the Dragon Events have an orange-lilac border"))
        if c.deliver is not None and bool(c.deliver.field) == bool(c.deliver.counter):
            problems.append(doc.problem(where + ("deliver",), say + "deliver to a field or to a counter, one of the two"))
    for effect, wanted in (("dragon", 1), ("dragon_man", 1)):
        found = [cid for cid, c in model.dragon_counters.items() if c.effect == effect]
        if len(found) != wanted:
            problems.append(doc.problem(base, f"the counters hold {wanted} with effect {effect!r}, not {len(found)}"))
    return problems


def cards_problems(model: DragonCardsFile, doc) -> list[Problem]:
    seen: dict[str, int] = {}
    problems = []
    for i, card in enumerate(model.dragon_cards):
        if card.id in seen:
            problems.append(doc.problem(("dragon_cards", i, "id"), f"card id {card.id!r} is used twice (first on line {seen[card.id]})"))
        seen.setdefault(card.id, doc.where(("dragon_cards", i, "id"))[0] or 0)
    return problems


def heroes_problems(model: DragonHeroesFile, doc) -> list[Problem]:
    return []


def regions_file_problems(model: DragonRegionsFile, doc) -> list[Problem]:
    return region_problems(model.dragon_regions, doc, ("dragon_regions",))


# -- checks across files (a scenario and what it names) ------------------------------------------------

@dataclass
class Parts:
    """The loaded files of a scenario (validated models), for the cross checks and the loader."""

    regions: DragonRegionsFile
    counters: DragonCountersFile
    artifacts: DragonArtifactsFile
    heroes: DragonHeroesFile
    cards: DragonCardsFile | None
    docs: dict     # kind -> Located (for the problems' places)


def cross_problems(sc: DragonScenario, parts: Parts, sdoc, board) -> list[Problem]:
    """What spans the files: every name a counter, hero or scenario uses exists, fields are on the
    board, the covered counters fill the set-up spots."""
    problems: list[Problem] = []
    counters = parts.counters.dragon_counters
    artifacts = parts.artifacts.dragon_artifacts
    cdoc, adoc = parts.docs["dragon_counters"], parts.docs["dragon_artifacts"]
    fields = board.fields

    def field_ok(doc, path, fid, what):
        if fid and fid not in fields:
            problems.append(doc.problem(path, f"{what}: no field {fid!r}{nearest(fid, fields)}"))

    for cid, c in counters.items():
        where = ("dragon_counters", cid)
        for key in ("flip", "artifact"):
            name = getattr(c, key)
            if name and name not in artifacts:
                problems.append(cdoc.problem(where + (key,), f"counter {cid!r}: no artifact {name!r}{nearest(name, artifacts)}"))
        for j, name in enumerate(c.needs):
            if name not in artifacts:
                problems.append(cdoc.problem(where + ("needs", j), f"counter {cid!r}: no artifact {name!r}{nearest(name, artifacts)}"))
        field_ok(cdoc, where + ("at",), c.at, f"counter {cid!r}")
        if c.task is not None:
            t = c.task
            field_ok(cdoc, where + ("task", "visit"), t.visit, f"counter {cid!r}")
            field_ok(cdoc, where + ("task", "to"), t.to, f"counter {cid!r}")
            for key in ("bring", "find", "to_person"):
                name = getattr(t, key)
                if name and name not in counters:
                    problems.append(cdoc.problem(where + ("task", key), f"counter {cid!r}: no counter {name!r}{nearest(name, counters)}"))
                elif name and key != "bring" and counters[name].border != "blue/yellow":
                    problems.append(cdoc.problem(where + ("task", key), f"counter {cid!r}: {name!r} is a task's "
                                                 "underlined counter: give it a blue/yellow border"))
        if c.deliver is not None:
            field_ok(cdoc, where + ("deliver", "field"), c.deliver.field, f"counter {cid!r}")
            if c.deliver.counter and c.deliver.counter not in counters:
                problems.append(cdoc.problem(where + ("deliver", "counter"), f"counter {cid!r}: no counter "
                                             f"{c.deliver.counter!r}{nearest(c.deliver.counter, counters)}"))
    covered = sum(c.copies for c in counters.values() if c.start == "covered")
    spots = setup_fields(board)
    if covered != len(spots):
        problems.append(cdoc.problem(("dragon_counters",), f"{covered} covered counters for the {len(spots)} set-up spots "
                                     "(two opposing entry fields a map): they must be as many"))
    for aid, a in artifacts.items():
        if a.seen_with and a.seen_with not in artifacts:
            problems.append(adoc.problem(("dragon_artifacts", aid, "seen_with"), f"artifact {aid!r}: no artifact "
                                         f"{a.seen_with!r}{nearest(a.seen_with, artifacts)}"))
        if a.spell and a.origin != "market":
            problems.append(adoc.problem(("dragon_artifacts", aid, "spell"), f"artifact {aid!r}: a spell is one of the "
                                         "City of the Mages' counters (origin: market)"))
        if a.chain and (a.chain not in artifacts or not artifacts[a.chain].dragon):
            problems.append(adoc.problem(("dragon_artifacts", aid, "chain"), f"artifact {aid!r}: {a.chain!r} is not a magic weapon "
                                         "(an artifact with `dragon`)"))
    heroes = parts.heroes.dragon_heroes
    for i, name in enumerate(sc.names):
        if name not in heroes:
            problems.append(sdoc.problem(("scenario", "names", i), f"no hero {name!r}{nearest(name, heroes)}"))
    if len(set(sc.names)) != len(sc.names):
        problems.append(sdoc.problem(("scenario", "names"), "a hero is named twice"))
    if max(sc.heroes) > len(sc.names):
        problems.append(sdoc.problem(("scenario", "heroes"), f"up to {max(sc.heroes)} heroes, but {len(sc.names)} are named"))
    for i, fid in enumerate(sc.manors):
        field_ok(sdoc, ("scenario", "manors", i), fid, "manor")
        if fid in fields and fields[fid].colour != "tan":
            problems.append(sdoc.problem(("scenario", "manors", i), f"manor {fid}: a hero starts on a tan field"))
    if sc.mode == "coop":
        if sc.coop is None:
            problems.append(sdoc.problem(("scenario",), "the co-operative mode needs its numbers (coop)"))
        if not sc.content.dragon_cards:
            problems.append(sdoc.problem(("scenario", "content"), "the co-operative mode needs the Dragon deck (dragon_cards)"))
        elif sc.coop is not None:
            for key in ("dragon_every", "hoard_limit"):
                missing = [h for h in sc.heroes if h not in getattr(sc.coop, key)]
                if missing:
                    problems.append(sdoc.problem(("scenario", "coop", key), f"no {key} for {count(missing[0], 'hero')}"))
    elif sc.mode == "book" and sc.heroes != [2]:
        problems.append(sdoc.problem(("scenario", "heroes"), "the book's game is for 2 players: heroes: [2]"))
    return problems
