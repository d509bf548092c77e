"""What an author writes for the Underworld played co-operatively against the program: the
Dark activation deck (an omen, then how each kind of face-up enemy counter moves and strikes),
the peril deck of Underworld events, and the scenario that ties them to the game's tiles,
counters and heroes. Each file holds one kind, named by its top-level key::

    dark_cards:   [...]          # the activation deck of the Damned One
    dark_perils:  [...]          # Underworld events
    underworld_scenario: {...}

Effects are a small registry of their own (the Descent registry speaks of doom and fate; this
one of shadow cubes): each a one-key mapping, typed and documented, never evaluated as code.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, NonNegativeInt, PositiveInt

from .cards import Attack, Away, Engage, SpotAction, Toward
from .effects import Strict, tagged

HeroCountU = Literal[1, 2, 3, 4, 5]
EnemyGroup = Literal["creature", "black_creature", "avatar", "damned_creature"]
HeroPickU = Literal["all", "closest_to_enemy", "most_shadow", "lowest_life", "active", "random"]


# -- tests ---------------------------------------------------------------------------------------

class DarkSideAtLeast(Strict):
    """True when the Dark Side holds at least this many shadow cubes."""
    dark_side_at_least: NonNegativeInt


class EnemiesOnMap(Strict):
    """True when face-up enemy counters (creatures, black creatures, Avatars, creatures of the
    Damned One) lie on the map (or none do, with ``false``)."""
    enemies_on_map: bool


class AvatarsAbroad(Strict):
    """True when at least this many Avatars lie face up on the map."""
    avatars_abroad: PositiveInt


class DamnedManifest(Strict):
    """True when the Damned One has come into play (waiting for Chaos, or in Chaos)."""
    damned_manifest: bool


class HeroesWithShadow(Strict):
    """True when at least this many heroes carry a shadow cube."""
    heroes_with_shadow: PositiveInt


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
    dark_side: PositiveInt


class HeroTarget(Strict):
    pick: HeroPickU = "all"
    amount: PositiveInt = 1


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
    restless: PositiveInt


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

    id: str
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
    id: str
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
    speed: NonNegativeInt = Field(description="tiles moved by one move action")


class URules(Strict):
    duels: bool = Field(False, description="heroes may duel each other (the competitive game's rule)")
    solitaire_changes: bool = Field(True, description="with one hero, the rulebook's solitaire changes apply")
    enemies_cross_styx: bool = Field(False, description="enemy counters may enter the Styx tile")
    undo_hidden_draws: bool = Field(False, description="undo may take back a command that drew hidden tiles or counters")


class UnderworldScenario(Strict):
    id: str
    name: str
    game: Literal["underworld"]
    heroes: Annotated[list[HeroCountU], Field(min_length=1)] = [1, 2, 3, 4]
    content: UContent
    dark_side_start: dict[HeroCountU, NonNegativeInt] = Field(description="shadow cubes on the Dark Side at the start, by number of heroes")
    enemies: dict[EnemyGroup, EnemyStats]
    rules: URules = URules()
    max_rounds: PositiveInt = Field(40, description="headless play stops here and counts the game as lost")
    intro: str = ""
    win: str = ""
    lose: str = ""
    ours: bool = False


class UnderworldScenarioFile(Strict):
    underworld_scenario: UnderworldScenario
