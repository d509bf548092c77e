"""What a scenario author writes: monster groups, activation, peril and exploration cards, and the
scenario itself (Forgotten Souls: "Exploration Card Anatomy", "Peril Card Anatomy", "Activation
Card Anatomy"). Each file holds one kind, named by its top-level key::

    monsters:            {zombie: {...}, barghest: {...}}
    activation_cards:    {order: [...], cards: [...]}
    peril_cards:         [...]
    exploration_cards:   [...]
    scenario:            {...}

Every part of the rulebook's card anatomy has a field; ``ours: true`` marks text written for this
project rather than taken from a published card.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal, Union

from pydantic import AfterValidator, BeforeValidator, Discriminator, Field, Tag, field_validator, model_validator

from ....content.actions import Attack, Away, Engage, SpotAction, Toward
from ....content.models import MAX_MAP, Id, Int, OrNames, Strict, tagged
from ..exploration import FORGOTTEN_SOULS
from .effects import Attribute, Condition, Effect, Test

HeroCount = Literal[2, 3, 4]
Position = Annotated[list[Int(0, MAX_MAP - 1)], Field(min_length=2, max_length=2, description="[x, y]")]
# ranges (ours where the rulebook gives no number): the base game's monsters have speed 2-5, health
# up to a dozen or two, sizes up to 3 spaces; a group has a few minions and at most a master or two

# -- monster groups ------------------------------------------------------------------------------

AttackDie = Literal["blue", "red", "yellow", "green"]
DefenseDie = Literal["gray", "brown", "black"]
ABILITIES = {
    "shambling": "may perform only one move action per activation",
}
Ability = Annotated[Literal[tuple(ABILITIES)], Field(
    description="a monster ability the engine plays: " + "; ".join(f"{k}: {v}" for k, v in ABILITIES.items()))]

# the surge abilities the engine knows: bonuses it spends by the rulebook's priority, the specials
# it only tells, and (checked across files) a condition's surge, such as the base game's below
SURGE_FORMS = {r"^\+\s*\d+\s*(damage|hearts?|health)$": "+N damage (also +N heart, +N health)",
               r"^(range\s*\+\s*\d+|\+\s*\d+\s*range)$": "Range +N",
               r"^pierce\s*\d+$": "Pierce N",
               r"^mend\s*\d+$": "Mend N (told at the table, not played headless)"}
TOLD_SURGES = ("Fire Breath",)
BASE_CONDITION_SURGES = ("Stun", "Immobilize", "Poison", "Disease")


def _surge(text: str) -> str:
    s = " ".join(text.split())
    if any(re.match(p, s, re.IGNORECASE) for p in SURGE_FORMS):
        return text
    if not re.fullmatch(r"[A-Z][A-Za-z' ]*", s):
        known = list(SURGE_FORMS.values()) + list(TOLD_SURGES) + list(BASE_CONDITION_SURGES)
        raise ValueError(f"unknown surge ability {text!r}; known: {', '.join(known)}, or a condition's surge")
    return text


Surge = Annotated[str, AfterValidator(_surge), Field(
    description="a surge ability: " + ", ".join(SURGE_FORMS.values()) + ", " + ", ".join(TOLD_SURGES)
                + ", or the surge of one of the scenario's conditions (the base game's: "
                + ", ".join(BASE_CONDITION_SURGES) + ")",
    json_schema_extra={"anyOf": [{"pattern": "(?i)" + p} for p in SURGE_FORMS]
                       + [{"enum": [*TOLD_SURGES, *BASE_CONDITION_SURGES]}, {"pattern": "^[A-Z][A-Za-z' ]*$"}]})]


class Stats(Strict):
    speed: Int(0, 12)
    health: Int(1, 60)
    defense: list[DefenseDie] = Field(min_length=1)
    attack: Literal["melee", "ranged"]
    dice: list[AttackDie] = Field(min_length=1)
    surges: list[Surge] = Field([], description="surge abilities, in the order monsters spend them")


class RankStats(Strict):
    minion: Stats
    master: Stats


class GroupLimit(Strict):
    minions: Int(0, 8)
    masters: Int(0, 2)


class MonsterGroup(Strict):
    """A monster group: its monster cards for Act I and Act II, size and group limits."""

    name: str
    size: Annotated[list[Int(1, 3)], Field(min_length=2, max_length=2)] = [1, 1]
    limits: dict[HeroCount, GroupLimit] = Field(description="group limit by number of heroes")
    abilities: list[Ability] = []
    act_i: RankStats = Field(alias="act I")
    act_ii: RankStats = Field(alias="act II")
    ours: bool = False

    @field_validator("limits")
    @classmethod
    def _all_hero_counts(cls, limits):
        missing = sorted({2, 3, 4} - set(limits))
        if missing:
            raise ValueError(f"give the group limit for {', '.join(map(str, missing))} heroes too")
        return limits


class MonstersFile(Strict):
    monsters: dict[str, MonsterGroup]


# -- activation cards ----------------------------------------------------------------------------

class Perform(Strict):
    """Card effects performed as an action (they count as one of the monster's two actions)."""
    perform: list[Effect] = Field(min_length=1)


ACTIONS = {"toward": Toward, "away": Away, "engage": Engage, "spot": SpotAction, "attack": Attack,
           "perform": Perform}
Action = tagged(ACTIONS, "action")


class GroupActivation(Strict):
    """One group on an activation card: its active effects, and either a minion (yellow) box and
    a master (red) box, or one general list for every monster of the group."""

    active: list[str] = Field([], description="active effects, in italics under the group's name")
    minion: list[Action] | None = None
    master: list[Action] | None = None
    all: list[Action] | None = None

    @model_validator(mode="after")
    def _boxes(self):
        boxes = self.minion is not None or self.master is not None
        if boxes and self.all is not None:
            raise ValueError("give either minion and master boxes or one 'all' list, not both")
        if boxes and (self.minion is None or self.master is None):
            raise ValueError("a card with boxes has both a minion (yellow) and a master (red) box")
        if not boxes and self.all is None:
            raise ValueError("give the actions: minion and master boxes, or an 'all' list")
        return self


class ActivationCard(Strict):
    id: Id
    groups: dict[str, GroupActivation]
    ours: bool = False


class ActivationDeck(Strict):
    order: list[str] = Field(min_length=1, max_length=4,
                             description="the groups by their position on the card, 1 (top left) to 4")
    cards: list[ActivationCard] = Field(min_length=1)
    # every group a card names has its position in ``order``: checks.check_activation, at the
    # group's own line with the nearest name


class ActivationFile(Strict):
    activation_cards: ActivationDeck


# -- peril cards -----------------------------------------------------------------------------------

class PerilCard(Strict):
    """One effect, or a split card: the top half when no monsters are on the map, the bottom
    half when there are."""

    id: Id
    name: str
    flavor: str = ""
    effects: list[Effect] | None = None
    without_monsters: list[Effect] | None = None
    with_monsters: list[Effect] | None = None
    ours: bool = False

    @model_validator(mode="after")
    def _halves(self):
        split = self.without_monsters is not None or self.with_monsters is not None
        if split and self.effects is not None:
            raise ValueError("a peril card has either 'effects' or two halves, not both")
        if split and (self.without_monsters is None or self.with_monsters is None):
            raise ValueError("a split peril card needs both 'without_monsters' and 'with_monsters'")
        if not split and self.effects is None:
            raise ValueError("give the peril's 'effects' (or 'without_monsters' and 'with_monsters')")
        return self


class PerilFile(Strict):
    peril_cards: list[PerilCard] = Field(min_length=1)


# -- exploration cards -----------------------------------------------------------------------------

class OverlordEffect(Strict):
    """A red-box line, run at the start of each Overlord phase. With ``hourglass: N`` a fatigue
    token is placed instead, and the effects run when there are N; then the tokens go."""

    hourglass: Int(1, 20) | None = None
    effects: list[Effect] = Field(min_length=1)


class SpawnPoint(Strict):
    group: str
    rank: Literal["minion", "master"]
    at: Position
    heroes: HeroCount = Field(2, description="placed with this many heroes or more ('2', '3', '4' on the map)")
    conditions: list[Condition] = Field([], description="conditions the monster has when it is spawned "
                                        "(the Throne of the Fallen: 'This is Tharn, he is immediately Immobilized')")


class TokenPoint(Strict):
    token: str
    at: Position
    heroes: HeroCount = 2


class EncounterMap(Strict):
    rows: list[str] = Field(min_length=1)
    legend: dict[str, str] = {}
    entrance: Position | None = None
    exit: Position | None = None
    hero_start: list[Position] = []
    spawns: list[SpawnPoint] = []
    tokens: list[TokenPoint] = []
    markers: dict[str, Position] = Field({}, description="named spaces that effects refer to")


class Goal(Strict):
    """The encounter's objective where the program must see it: a hero on or next to this space
    may complete it with an action, after the encounter's monsters are defeated if ``clear``,
    passing an attribute ``test`` if the card asks for one (headless the program rolls it; a
    failed test costs ``fail_fatigue``). At a table `objective` asks for confirmation while the
    goal is plainly not met. A stand-in for the card's rules text, not a rule."""

    at: str = Field("exit", description="'exit', 'entrance' or a marker of the map")
    clear: bool = True
    test: Attribute | None = None
    fail_fatigue: Int(0, 20) = 0
    heroes: Int(1, 4) = Field(1, description="how many heroes must be next to it (Tunnel's End: two)")
    first: bool = Field(False, description="done before the encounter's monsters fall, or it is lost (Trash Heap: "
                        "'if the dragons are defeated too soon, the key will be lost'); else a group clears the "
                        "room first when it has the time")


EventName = Literal["hero_defeated", "monster_defeated", "token_taken"]


class EventSpec(Strict):
    """An event that fires a trigger each time it happens: a hero is defeated, a monster is
    defeated (of ``group``, if given), a token is taken from the map (of kind ``token``)."""

    event: EventName
    group: str | None = None
    token: str | None = None


def _event(v):
    return {"event": v} if isinstance(v, str) else v


class Trigger(Strict):
    """An encounter rule the engine carries out the moment it applies, while the card is active:
    ``when`` a test holds (checked after every reported or simulated event; it fires once, the
    first time it holds), or ``whenever`` an event happens (each time)."""

    when: Test | None = None
    whenever: Annotated[EventSpec, BeforeValidator(_event), OrNames(EventName.__args__)] | None = None
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _one(self):
        if (self.when is None) == (self.whenever is None):
            raise ValueError("a trigger has either 'when' (a test) or 'whenever' (an event)")
        return self


class ExplorationCard(Strict):
    id: Id
    name: str
    kind: Literal["starting", "main", "regular"]
    number: Int(1, 20) | None = Field(None, description="main encounters only: its number, 1 to the scenario's "
                                       "last (Forgotten Souls: 1, 2 and 3, the third the Finale)")
    flavor: str = ""
    rules: list[str] = Field([], description="the encounter's rules, while the card is active")
    after_setup: list[Effect] = []
    overlord_flavor: str = ""
    overlord: list[OverlordEffect] = []
    completed: list[Effect] = Field([], description="effects when the heroes complete the encounter's objective "
                                    "(the card's 'when ... has been done' rules), before the card is discarded")
    triggers: list[Trigger] = Field([], description="encounter rules that fire when their condition becomes true")
    map: EncounterMap
    goal: Goal = Goal()
    ours: bool = False

    @model_validator(mode="after")
    def _number(self):
        if self.kind == "main" and self.number is None:
            raise ValueError("a main encounter needs its number (1, 2, 3...)")
        if self.kind != "main" and self.number is not None:
            raise ValueError("only main encounters have a number")
        return self


class ExplorationFile(Strict):
    exploration_cards: list[ExplorationCard] = Field(min_length=1)


# -- the scenario ----------------------------------------------------------------------------------

class Track(Strict):
    spaces: Int(2, 40) = Field(description="spaces on the overlord track")
    doom_start: dict[HeroCount, Int(0, 39)] = Field(
        {2: 2, 3: 3, 4: 4}, description="doom's space by number of heroes; by default the rulebook's: 'the space that "
        "corresponds to the number of heroes playing' (spaces numbered from 0 at the bottom)")


class Loot(Strict):
    payout: list[Int(1, 10)] = Field(min_length=1, description="shop cards drawn, by fatigue position")
    shop: dict[Literal["I", "II"], list[Id]] = Field(
        {}, description="the Act I and Act II Shop Item decks: item names, each once (one card each)")
    search: list[Id] = Field(
        [], description="the names of the Search cards in the box (each name once): at a table the players draw "
                        "them from their own deck and report them with `search HERO CARD`")


class LoseWhen(Strict):
    """A lose condition the engine checks after every step: the test, and what to tell the table."""

    test: Test
    reason: str


class ExplorationStack(Strict):
    """One stack of the Exploration deck ("Assembling the Exploration Deck")."""

    regular: Int(0, 60) = Field(description="how many regular encounters are dealt into it")
    main: Int(1, 20) = Field(description="the main encounter shuffled into it")


FORGOTTEN_SOULS_STACKS = [ExplorationStack(regular=r, main=m) for r, m in FORGOTTEN_SOULS]


class Rules(Strict):
    """The rule-variant flags a Descent scenario may set (an unknown or misspelt one is an error)."""

    figures_block_counting: bool = Field(False, description="figures block counting spaces (range, closest, "
                                         "furthest, toward, away); the rulebook is unclear, ours: they do not")
    no_undo_past_hidden_draw: bool = Field(False, description="at the table, `undo` may not take back a command "
                                           "that drew hidden cards")


QUEST_DECKS = ("monsters", "activation", "peril", "exploration")     # heroes, conditions: the base game's


class Scenario(Strict):
    id: Id
    name: str
    heroes: Annotated[list[HeroCount], Field(min_length=1)] = [2, 3, 4]
    decks: dict[Literal["monsters", "activation", "peril", "exploration", "heroes", "conditions"], str] = Field(
        description="file of each deck, relative to the scenario file; heroes (hero sheets) and conditions default "
                    "to the base game's shipped in decks/descent/")
    track: Track
    loot: Loot
    win: list[str] = Field(min_length=1)
    lose: list[str] = Field(min_length=1)
    lose_when: list[LoseWhen] = Field([], description="lose conditions beyond doom meeting fate, as tests")
    epilogue: dict[Literal["win", "lose"], str] = {}
    exploration_stacks: list[ExplorationStack] = Field(
        FORGOTTEN_SOULS_STACKS, min_length=1,
        description="the Exploration deck's structure: its stacks in the order the shuffled regular encounters are "
                    "dealt, each with its number of regular encounters and the main encounter shuffled into it; the "
                    "stacks are piled with main #1's on top, and the last main encounter is the quest's final one. "
                    "Default, Forgotten Souls': [{regular: 3, main: 2}, {regular: 3, main: 1}, {regular: 2, main: 3}]")
    rules: Rules = Field(Rules(), description="rule-variant flags")
    max_rounds: Int(1, 500) = Field(40, description="headless play (simulate, soak, balance) stops a game after "
                                    "this many rounds and counts it unfinished")
    ours: bool = False

    @field_validator("decks")
    @classmethod
    def _the_quests_decks(cls, decks):
        # a line of them deleted was a KeyError in simulate (bench/hostile.py)
        missing = [k for k in QUEST_DECKS if k not in decks]
        if missing:
            raise ValueError(f"no {' or '.join(map(repr, missing))} deck; a quest names its "
                             f"{', '.join(QUEST_DECKS[:-1])} and {QUEST_DECKS[-1]} files")
        return decks


def _written_or_named(value) -> str:
    return "named" if isinstance(value, str) else "written"


#: a quest another file names (``scenario: forgotten-souls``): a shipped scenario's name, or a
#: scenario file relative to the file that names it
QuestName = Annotated[str, Field(min_length=1, max_length=1000, description=(
    "the quest this file plays, written elsewhere: a shipped scenario's name (forgotten-souls) or a scenario file, "
    "relative to this one; with `maps:` it is played on your own maps"))]
MapPath = Annotated[str, Field(min_length=1, max_length=1000, description="a map file, relative to this file")]


class ScenarioFile(Strict):
    """A Descent scenario file: the quest written out, or named (``scenario: forgotten-souls``),
    and the encounters it plays on maps of its own."""

    game: Literal["descent"]
    scenario: Annotated[Union[Annotated[Scenario, Tag("written")], Annotated[QuestName, Tag("named")]],
                        Discriminator(_written_or_named)]
    maps: dict[Id, MapPath] = Field(
        {}, description="encounters played on a map of your own (your box's tile): an Exploration card's id -> a map "
                        "file (relative to this file) holding the encounter's whole map, its rows and the places its "
                        "card names (entrance, exit, hero_start, spawns, tokens, markers); docs/authoring.md, "
                        "'Your own box's map'")


FILE_KINDS = {
    "monsters": MonstersFile, "activation_cards": ActivationFile, "peril_cards": PerilFile,
    "exploration_cards": ExplorationFile, "scenario": ScenarioFile,
}
