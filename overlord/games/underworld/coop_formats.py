"""What an author writes for the Underworld played co-operatively against the program: the
Dark activation deck (an omen, then how each kind of face-up enemy counter moves and strikes),
the peril deck of Underworld events, and the scenario that ties them to the game's tiles,
counters and heroes. Each file holds one kind, named by its top-level key::

    dark_cards:   [...]          # the activation deck of the Damned One
    dark_perils:  [...]          # Underworld events
    game: underworld
    scenario: {...}           # the scenario file names its game

Effects are a small registry of their own (the Descent registry speaks of doom and fate; this
one of shadow cubes): each a one-key mapping, typed and documented, never evaluated as code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from ...content.actions import Attack, Away, Engage, SpotAction, Toward
from ...content.errors import ContentError, merge
from ...content.models import Id, Int, Strict, tagged
from ...view.words import count
from ...content.validate import load_named, load_scenario as load_scenario_of
from .formats import load_underworld

if TYPE_CHECKING:                   # a type only: formats imports this module
    from .formats import Underworld

HeroCountU = Literal[1, 2, 3, 4, 5]
EnemyGroup = Literal["creature", "black_creature", "avatar", "damned_creature"]
HeroPickU = Literal["all", "closest_to_enemy", "most_shadow", "lowest_life", "active", "random"]


# -- tests ---------------------------------------------------------------------------------------

class DarkSideAtLeast(Strict):
    """True when the Dark Side holds at least this many shadow cubes."""
    dark_side_at_least: Int(0, 11)


class EnemiesOnMap(Strict):
    """True when face-up enemy counters (creatures, black creatures, Avatars, creatures of the
    Damned One) lie on the map (or none do, with ``false``)."""
    enemies_on_map: bool


class AvatarsAbroad(Strict):
    """True when at least this many Avatars lie face up on the map."""
    avatars_abroad: Int(1, 3)


class DamnedManifest(Strict):
    """True when the Damned One has come into play (waiting for Chaos, or in Chaos)."""
    damned_manifest: bool


class HeroesWithShadow(Strict):
    """True when at least this many heroes carry a shadow cube."""
    heroes_with_shadow: Int(1, 5)


class AllOfU(Strict):
    all_of: list["UTest"]


class NotU(Strict):
    not_: "UTest" = Field(alias="not")


U_TESTS = {"dark_side_at_least": DarkSideAtLeast, "enemies_on_map": EnemiesOnMap,
           "avatars_abroad": AvatarsAbroad, "damned_manifest": DamnedManifest,
           "heroes_with_shadow": HeroesWithShadow, "all_of": AllOfU, "not": NotU}
UTest = tagged(U_TESTS, "test")


# -- effects -------------------------------------------------------------------------------------

class DarkSide(Strict):
    """Put this many shadow cubes on the Dark Side (the 11th ends the game)."""
    dark_side: Int(1, 11)


class HeroTarget(Strict):
    pick: HeroPickU = "all"
    amount: Int(1, 11) = 1


def _pick(v):
    return {"pick": v} if isinstance(v, str) else v


class ShadowCube(Strict):
    """The picked heroes each take shadow cubes (on the skill with the most cubes; the Mail of
    Persephone turns each into a lost life point)."""
    shadow_cube: HeroTarget


class LoseLife(Strict):
    """The picked heroes each lose life points (never the last one: an event does not kill)."""
    lose_life: HeroTarget


class LoseGold(Strict):
    """The picked heroes each lose gold pieces (as many as they have)."""
    lose_gold: HeroTarget


class Reveal(Strict):
    """Turn face up the face-down Adventure marker nearest to a hero on the map (ties: the
    tile placed first). A revealed Avatar or black creature feeds the Dark Side as usual."""
    reveal: Literal["nearest"] = "nearest"


class Restless(Strict):
    """Every face-up enemy counter on the map moves this many tiles toward the closest hero."""
    restless: Int(1, 20)


class SayU(Strict):
    """Read this line aloud; it does nothing else."""
    say: str


class IfSpecU(Strict):
    test: UTest
    then: list["UEffect"] = []
    else_: list["UEffect"] = Field([], alias="else")


class IfU(Strict):
    """Conditional effects: ``then`` when the test holds, ``else`` when not."""
    if_: IfSpecU = Field(alias="if")


U_EFFECTS = {"dark_side": DarkSide, "shadow_cube": ShadowCube, "lose_life": LoseLife,
             "lose_gold": LoseGold, "reveal": Reveal, "restless": Restless, "say": SayU, "if": IfU}
UEffect = tagged(U_EFFECTS, "effect")

for _m in (AllOfU, NotU, IfSpecU, IfU):
    _m.model_rebuild()


def u_effect_name(effect) -> str:
    for name, model in U_EFFECTS.items():
        if type(effect) is model:
            return name
    raise KeyError(type(effect).__name__)


def u_test_name(test) -> str:
    for name, model in U_TESTS.items():
        if type(test) is model:
            return name
    raise KeyError(type(test).__name__)


# -- cards ---------------------------------------------------------------------------------------

# enemy counters move over the tile graph by the movement vocabulary; "attack" strikes a hero
# on the same tile (the Underworld's combat happens where counter and hero meet)
U_ACTIONS = {"toward": Toward, "away": Away, "engage": Engage, "spot": SpotAction, "attack": Attack}
UAction = tagged(U_ACTIONS, "action")


class DarkCard(Strict):
    """A card of the Damned One's activation deck: an omen read first, then, for each kind of
    face-up enemy counter (in the deck's order), the actions each such counter performs, top to
    bottom, at most two performed and at most one attack (as in Descent)."""

    id: Id
    name: str
    omen: list[UEffect] = []
    peril: bool = Field(False, description="after the enemies, draw a peril card")
    groups: dict[EnemyGroup, list[UAction]] = {}
    ours: bool = False


class DarkDeck(Strict):
    order: list[EnemyGroup] = Field(min_length=1, description="the order in which kinds of enemies activate")
    cards: list[DarkCard] = Field(min_length=1)


class DarkCardsFile(Strict):
    dark_cards: DarkDeck


class DarkPeril(Strict):
    id: Id
    name: str
    flavor: str = ""
    effects: list[UEffect] = Field(min_length=1)
    ours: bool = False


class DarkPerilsFile(Strict):
    dark_perils: list[DarkPeril] = Field(min_length=1)


# -- scenario ------------------------------------------------------------------------------------

class UContent(Strict):
    tiles: str
    counters: str
    heroes: str
    dark_cards: str
    dark_perils: str


class EnemyStats(Strict):
    speed: Int(0, 10) = Field(description="tiles moved by one move action")


class URules(Strict):
    duels: bool = Field(False, description="heroes may duel each other (the competitive game's rule)")
    solitaire_changes: bool = Field(True, description="with one hero, the rulebook's solitaire changes apply")
    enemies_cross_styx: bool = Field(False, description="enemy counters may enter the Styx tile")
    undo_hidden_draws: bool = Field(False, description="undo may take back a command that drew hidden tiles or counters")
    special_treasures_count: bool = Field(False, description="the solitaire rule for every hero count: special "
                                          "treasures held count with banished Avatars toward the Damned One's entry")
    solitaire_avatars_in_play: bool = Field(False, description="the other reading of the solitaire sentence 'If "
                                            "all 3 Avatars are in play, the Damned One will appear': alone, three "
                                            "Avatars turned up (beaten or not) bring the Damned One in")
    empty_tiles_without_heroes: bool = Field(False, description="the other reading of 'another empty map tile' "
                                             "(the Chaos tile laid while the Damned One waits aside): its Adventure "
                                             "markers go only to a tile with no marker and no hero")


class Patience(Strict):
    """From this round on, each Dark phase begins with shadow cubes on the Dark Side: the clock
    that ends a game the heroes cannot finish. ``from_round`` is one round for every party, or a
    round by number of heroes (a party left out has no such clock)."""
    from_round: Int(1, 500) | dict[HeroCountU, Int(1, 500)]
    cubes: Int(1, 11) = 1

    def start(self, heroes: int) -> int | None:
        """The round from which the clock runs for ``heroes`` heroes (None: never)."""
        return self.from_round if isinstance(self.from_round, int) else self.from_round.get(heroes)


class UnderworldScenario(Strict):
    id: Id
    name: str
    heroes: Annotated[list[HeroCountU], Field(min_length=1)] = [1, 2, 3, 4]
    content: UContent
    dark_side_start: dict[HeroCountU, Int(0, 10)] = Field(description="shadow cubes on the Dark Side at the start, by number of heroes")
    enemies: dict[EnemyGroup, EnemyStats]
    rules: URules = URules()
    patience: Patience | None = None
    dark_phase_every: dict[HeroCountU, Int(1, 20)] = Field(
        {}, description="by number of heroes: the Damned One plays after every N-th round (default every round)")
    max_rounds: Int(1, 500) = Field(40, description="headless play stops here and counts the game as lost")
    intro: str = ""
    win: str = ""
    lose: str = ""
    ours: bool = False


class UnderworldScenarioFile(Strict):
    game: Literal["underworld"]
    scenario: UnderworldScenario


FILE_KINDS = {"dark_cards": DarkCardsFile, "dark_perils": DarkPerilsFile,
              "underworld_scenario": UnderworldScenarioFile}
CONTENT_KINDS = {"tiles": "underworld_tiles", "counters": "underworld_counters", "heroes": "underworld_heroes",
                 "dark_cards": "dark_cards", "dark_perils": "dark_perils"}


# -- checks and loading --------------------------------------------------------------------------

def file_problems(kind: str, model, doc) -> list:
    """Checks within one file that the models cannot make: unique card ids."""
    if kind == "dark_cards":
        items = [(("dark_cards", "cards", i, "id"), c.id) for i, c in enumerate(model.dark_cards.cards)]
    elif kind == "dark_perils":
        items = [(("dark_perils", i, "id"), c.id) for i, c in enumerate(model.dark_perils)]
    else:
        return []
    seen: set[str] = set()
    out = []
    for path, cid in items:
        if cid in seen:
            out.append(doc.problem(path, f"card id {cid!r} is used twice"))
        seen.add(cid)
    return out


@dataclass
class CoopContent:
    """A co-operative Underworld scenario and everything it names, validated."""

    file: str
    scenario: UnderworldScenario
    underworld: Underworld        # tiles, counters, heroes
    dark: DarkDeck
    perils: list[DarkPeril]


def check_scenario(loaded) -> tuple[list, CoopContent | None]:
    """Cross-file checks of a valid scenario file: each content file exists, holds the kind it
    should and is valid; the Dark Side starts for every hero count; every kind of enemy has a
    speed. Returns the problems and, when there are none, the loaded content."""
    sc: UnderworldScenario = loaded.model.scenario
    doc = loaded.doc
    base = Path(loaded.file).parent
    problems: list = []
    models = {}
    for field_name, kind in CONTENT_KINDS.items():
        rel = getattr(sc.content, field_name)
        where = ("scenario", "content", field_name)
        one = load_named(doc, where, rel)
        merge(problems, one.problems)
        if one.model is not None and one.kind != kind:
            problems.append(doc.problem(where, f"content.{field_name}: {rel} holds {one.kind}, not {kind}"))
        elif one.model is not None:
            models[field_name] = one
    for hc in sc.heroes:
        if hc not in sc.dark_side_start:
            problems.append(doc.problem(("scenario", "dark_side_start"), f"no Dark Side start for {count(hc, 'hero')}"))
        elif sc.dark_side_start[hc] >= 11:
            problems.append(doc.problem(("scenario", "dark_side_start", hc), "the Dark Side would start full (11)"))
    missing = [k for k in EnemyGroup.__args__ if k not in sc.enemies]
    if missing:
        problems.append(doc.problem(("scenario", "enemies"), f"no speed for {', '.join(missing)}"))
    underworld = None
    if not problems and len(models) == len(CONTENT_KINDS):
        try:
            underworld = load_underworld(*(base / getattr(sc.content, f) for f in ("tiles", "counters", "heroes")))
        except ContentError as e:
            merge(problems, e.problems)
        if underworld is not None:
            n_heroes = len(underworld.heroes)
            too_many = [hc for hc in sc.heroes if hc > n_heroes]
            if too_many:
                problems.append(doc.problem(("scenario", "heroes"),
                                            f"{too_many[0]} heroes, but the heroes file has only {n_heroes}"))
    if problems or underworld is None:
        return problems, None
    return [], CoopContent(loaded.file, sc, underworld, models["dark_cards"].model.dark_cards,
                           list(models["dark_perils"].model.dark_perils))


def load_scenario(path) -> CoopContent:
    """Load a co-operative Underworld scenario and everything it names; raises ContentError
    listing every problem (FILE:LINE:COL: message)."""
    return load_scenario_of(path, "underworld", "an Underworld scenario (game: underworld)", check_scenario)
