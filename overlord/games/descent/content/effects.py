"""The registry of card effects: every effect a card may name, with its parameters, typed and
documented. One definition serves validation (pydantic) and the JSON Schema editors use.

In YAML an effect is a one-key mapping, the effect's name and its parameters; an effect without
parameters may be written as its bare name::

    overlord:
      - advance_doom: 1
      - spawn: {group: zombie, rank: minion, count: 2, at: exit}
      - if: {test: {monsters_on_map: false}, then: [advance_fate: 1]}
      - discard_exploration

No text on a card is ever evaluated as code: ``say`` is read aloud and does nothing else.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, Field

from ....content.models import Int, Nothing, OrNames, Strict, tagged  # Nothing: for the effects




Rank = Literal["minion", "master", "all"]
Condition = Annotated[str, Field(description="a condition of the scenario's conditions file (stunned, immobilized, "
                                             "poisoned, diseased, or one the content defines)")]
HeroPick = Literal["all", "lowest_health", "highest_health", "exploring_hero", "random"]
Attribute = Literal["might", "knowledge", "willpower", "awareness"]


class Heroes(Strict):
    """Which heroes an effect touches. Where the pick is unclear (a tie), the heroes choose
    (Golden Rules); headless play applies the scenario's tie policy."""

    pick: HeroPick = "all"
    on_map_only: bool = Field(True, description="Peril effects do not apply to heroes who are not on the map")


def _heroes(v):
    return {"pick": v} if isinstance(v, str) else v


HeroSelector = Annotated[Heroes, BeforeValidator(_heroes), OrNames(HeroPick.__args__)]


# -- tests (conditions on the state, for "if") -------------------------------------------------

class MonstersOnMap(Strict):
    """True when monsters are (or are not) on the map."""
    monsters_on_map: bool


class GroupOnMap(Strict):
    """True when a figure of the named monster group is on the map."""
    group_on_map: str


class DoomAtLeast(Strict):
    """True when the doom token stands on this space of the overlord track or higher."""
    doom_at_least: Int(0, 40)


class SpacesBetweenAtMost(Strict):
    """True when doom and fate are at most this many spaces apart."""
    track_gap_at_most: Int(0, 40)


class TokensAtLeast(Strict):
    """True when at least ``count`` tokens of a kind are on the map."""
    tokens_at_least: "TokenCount"


class TokenCount(Strict):
    token: str
    count: Int(1, 20) = 1
    encounter: str | None = Field(None, description="count only the tokens placed in this encounter")


class EncounterClear(Strict):
    """True when no monster that came in this encounter (spawned or placed while it was the current
    encounter) is on the map: its monsters are defeated."""
    encounter_clear: bool = True


class HeroOn(Strict):
    """True when a hero (not knocked out) stands on the named space of the current encounter, or
    next to it with ``adjacent``."""
    hero_on: "HeroOnSpec"


class HeroOnSpec(Strict):
    at: str = Field(description="'exit', 'entrance' or a marker of the current encounter's map")
    adjacent: bool = False


class AllOf(Strict):
    all_of: list["Test"]


class AnyOf(Strict):
    any_of: list["Test"]


class Not(Strict):
    not_: "Test" = Field(alias="not")


TESTS = {"monsters_on_map": MonstersOnMap, "group_on_map": GroupOnMap, "doom_at_least": DoomAtLeast,
         "track_gap_at_most": SpacesBetweenAtMost, "tokens_at_least": TokensAtLeast,
         "encounter_clear": EncounterClear, "hero_on": HeroOn, "all_of": AllOf, "any_of": AnyOf, "not": Not}


Test = tagged(TESTS, "test")


# -- effects ------------------------------------------------------------------------------------

class AdvanceDoom(Strict):
    """Advance doom: move the doom token up the overlord track (it never moves down)."""
    advance_doom: Int(1, 40)


class AdvanceFate(Strict):
    """Advance fate: move the fate token down the overlord track."""
    advance_fate: Int(1, 40)


class FateBack(Strict):
    """Move fate backward: the fate token moves up, not past the top space."""
    fate_back: Int(1, 40)


class RefreshFate(Strict):
    """Refresh fate: the fate token goes to the top space of the overlord track."""
    refresh_fate: Nothing = Nothing()


class SpawnSpec(Strict):
    group: str = Field(description="monster group id")
    rank: Rank = "all"
    count: Int(1, 20) | None = Field(None, description="how many; default: as many as the group limit allows")
    at: str = Field("exit", description="where: a marker of the current encounter's map, 'exit' or 'entrance'")
    conditions: list[Condition] = Field([], description="conditions each monster has when it comes in")


class Spawn(Strict):
    """Spawn monsters: place them on the map, masters first, respecting group limits; a figure
    already on the map elsewhere is taken back, healed and placed (Forgotten Souls, "Spawn and
    Place")."""
    spawn: SpawnSpec


class PlaceMonsters(Strict):
    """Place new monsters (peril and overlord effects): as many as there are figures for,
    masters first, group limits respected; figures already on the map stay where they are."""
    place_monsters: SpawnSpec


class DiscardExploration(Strict):
    """Discard the active exploration card: there is then no active card (the Fate step runs
    again, and doors may be opened)."""
    discard_exploration: Nothing = Nothing()


class CompleteObjective(Strict):
    """The active encounter's objective is done (a trigger that sees it): the card's ``completed``
    effects run and it is discarded; a main encounter counts toward the quest ("Winning the
    Game")."""
    complete_objective: Nothing = Nothing()


class ActivateGroup(Strict):
    """Activate a monster group now: draw an activation card, activate only that group, then
    discard the card (Forgotten Souls, "Monster Activation During a Hero Turn")."""
    activate_group: str


class TransitionActII(Strict):
    """Transition to Act II: Act II shop deck for loot, Act II monster cards for every monster
    (Forgotten Souls, "Transition to Act II")."""
    transition_act_ii: Nothing = Nothing()


class DamageSpec(Strict):
    amount: Int(1, 20)
    who: HeroSelector = Heroes()


class DamageHeroes(Strict):
    """Heroes suffer damage."""
    damage_heroes: DamageSpec


class ConditionSpec(Strict):
    condition: Condition
    who: HeroSelector = Heroes()


class ConditionHeroes(Strict):
    """Heroes gain a condition."""
    condition_heroes: ConditionSpec


class FatigueHeroes(Strict):
    """Heroes suffer fatigue (beyond their stamina it is suffered as damage)."""
    fatigue_heroes: DamageSpec


class Harm(Strict):
    """What befalls a hero who fails a test."""
    damage: int = Field(0, ge=0, le=20)
    fatigue: int = Field(0, ge=0, le=20)
    condition: Condition | None = None


class HeroTestSpec(Strict):
    attribute: Attribute
    within: Int(1, 50) | None = Field(None, description="only heroes within this many spaces of the monster "
                                       "performing the effect")
    who: HeroSelector = Heroes()
    fail: Harm


class TestHeroes(Strict):
    """Heroes test an attribute (1 gray and 1 black die: they pass when the shields rolled are at
    most the attribute); each who fails suffers ``fail``. Headless the program rolls; at a table
    the players roll and the program waits for each hero's result (`test HERO pass|fail`)."""
    test_heroes: HeroTestSpec


class HealSpec(Strict):
    within: Int(1, 50) = Field(3, description="spaces from the monster performing the effect")
    dice: list[Literal["red", "blue", "yellow", "green"]] = Field(["red"], min_length=1)


class HealMonster(Strict):
    """The most damaged monster within ``within`` spaces of the monster performing the effect
    (itself included) recovers damage equal to the hearts rolled on ``dice``."""
    heal_monster: HealSpec


class TokenSpec(Strict):
    token: str = Field(description="token kind, e.g. villager, objective-red, search")
    count: Int(1, 20) = 1
    at: str | None = Field(None, description="a marker of the current encounter's map")


class PlaceToken(Strict):
    """Place tokens on the map."""
    place_token: TokenSpec


class RemoveToken(Strict):
    """Remove tokens from the map."""
    remove_token: TokenSpec


class Say(Strict):
    """Text read aloud to the table; it changes nothing."""
    say: str


class IfSpec(Strict):
    test: Test
    then: list["Effect"] = []
    else_: list["Effect"] = Field([], alias="else")


class If(Strict):
    """Conditional effects: ``then`` when the test holds, ``else`` when not."""
    if_: IfSpec = Field(alias="if")


EFFECTS = {
    "advance_doom": AdvanceDoom, "advance_fate": AdvanceFate, "fate_back": FateBack,
    "refresh_fate": RefreshFate, "spawn": Spawn, "place_monsters": PlaceMonsters,
    "discard_exploration": DiscardExploration, "complete_objective": CompleteObjective,
    "activate_group": ActivateGroup,
    "transition_act_ii": TransitionActII, "damage_heroes": DamageHeroes,
    "condition_heroes": ConditionHeroes, "fatigue_heroes": FatigueHeroes, "test_heroes": TestHeroes,
    "heal_monster": HealMonster, "place_token": PlaceToken, "remove_token": RemoveToken,
    "say": Say, "if": If,
}

Effect = tagged(EFFECTS, "effect")

for _model in (AllOf, AnyOf, Not, TokensAtLeast, HeroOn, IfSpec, If):
    _model.model_rebuild()


def effect_name(effect: BaseModel) -> str:
    """The registry name of a loaded effect."""
    for name, model in EFFECTS.items():
        if type(effect) is model:
            return name
    raise KeyError(type(effect).__name__)


def effect_docs() -> dict[str, str]:
    """Each effect's name and its documentation, for ``overlord effects`` and the schema."""
    return {name: (model.__doc__ or "").strip() for name, model in EFFECTS.items()}
