"""Descent heroes and conditions as content (the base game's, that the Forgotten Souls quest
assumes): hero sheets and the conditions cards. Each file holds one kind, named by its
top-level key::

    hero_sheets:   {leoric: {...}, syndrael: {...}}
    conditions:    {stunned: {...}, poisoned: {...}}

A hero sheet holds what headless play needs of a hero: speed, health, stamina, defence dice,
the four attributes, the starting weapon and the hero ability where it is a number or a simple
rule (``ability``: one entry of :data:`ABILITIES`, carried out by the engine). Texts are our own
words; ``source`` says where the printed figures come from, ``ours`` marks what we made up.

A condition is data the engine applies to a monster's activation and to a hero's turn where
the program rolls for the hero: what it forbids (``no_move``), how it goes (``discard``), what
it does at the start of the figure's turn (``test`` an attribute, ``damage``, ``fatigue``), and
the special surge that inflicts it (``surge``: "Disease" on a monster card gives ``diseased``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .cards import AttackDie, DefenseDie
from ....content.models import Int, Strict, tagged
from .effects import Attribute

ATTRIBUTES = ("might", "knowledge", "willpower", "awareness")


class Attributes(Strict):
    """The four attributes of a hero sheet; an attribute test passes when the shields rolled on
    1 gray and 1 black die are at most the attribute."""

    might: Annotated[int, Field(ge=1, le=6)]
    knowledge: Annotated[int, Field(ge=1, le=6)]
    willpower: Annotated[int, Field(ge=1, le=6)]
    awareness: Annotated[int, Field(ge=1, le=6)]


class Weapon(Strict):
    """A hero's starting weapon: its attack dice and surge abilities, spent by the hero's
    priority (range while short, special, pierce, damage)."""

    name: str
    attack: Literal["melee", "ranged"]
    dice: list[AttackDie] = Field(min_length=1)
    surges: list[str] = Field([], description="surge abilities as written: '+1 damage', 'Range +1', 'Pierce 2', 'Stun'")
    adjacent_damage: Int(0, 10) = Field(0, description="extra damage against an adjacent target (Throwing Knives)")
    traits: list[str] = []


# -- hero abilities that are a number or a simple rule -------------------------------------------

class MonsterDamageNear(Strict):
    """Each monster within ``within`` spaces of the hero rolls ``less`` fewer hearts on its
    attacks, never below ``minimum`` (Leoric of the Book)."""
    monster_damage_near: "NearSpec"


class NearSpec(Strict):
    within: Int(1, 50) = 3
    less: Int(1, 6) = 1
    minimum: Int(0, 6) = 1


class RerollAttackDie(Strict):
    """Once a round the hero rerolls one attack die of an attack it makes (Widow Tarha);
    headless: the blue die when it shows a miss."""
    reroll_attack_die: Int(1, 5) = 1


class StillRecovers(Strict):
    """A hero who has not moved during the turn recovers this much fatigue at its end (Syndrael)."""
    still_recovers_fatigue: Int(1, 10)


class BorrowDefense(Strict):
    """Attacked while adjacent to another hero, the hero adds that hero's defence dice to its own
    (Tomble Burrowell; headless: the adjacent hero with the most dice)."""
    borrow_defense: bool = True


class RestDiscards(Strict):
    """Each rest action discards this many of the hero's conditions (Grisban the Thirsty)."""
    rest_discards_conditions: Int(1, 5) = 1


class DamageAsFatigue(Strict):
    """Damage from an attack may be suffered as fatigue, up to the hero's stamina (Jain
    Fairwood; headless: while the fatigue fits)."""
    damage_as_fatigue: bool = True


class StunAdjacentMinions(Strict):
    """A minion monster that begins its activation adjacent to the hero is Stunned (Ashrian)."""
    stun_adjacent_minions: bool = True


class SurgeHealNear(Strict):
    """Each hero within ``within`` spaces (the hero too) gains 'Surge: recover ``amount``
    health' on its attacks (Avric Albright)."""
    surge_heal_near: "HealSpec"


class HealSpec(Strict):
    within: Int(1, 50) = 3
    amount: Int(1, 20) = 1


for _model in (MonsterDamageNear, SurgeHealNear):
    _model.model_rebuild()

ABILITIES = {"monster_damage_near": MonsterDamageNear, "reroll_attack_die": RerollAttackDie,
             "still_recovers_fatigue": StillRecovers, "borrow_defense": BorrowDefense,
             "rest_discards_conditions": RestDiscards, "damage_as_fatigue": DamageAsFatigue,
             "stun_adjacent_minions": StunAdjacentMinions, "surge_heal_near": SurgeHealNear}
Ability = tagged(ABILITIES, "ability")


class HealAction(Strict):
    """A skill used as an action: the hero suffers ``fatigue`` and rolls ``dice``; it or a hero
    within ``within`` spaces recovers the hearts rolled (the Disciple's starting skill, Prayer
    of Healing)."""
    heal_action: "HealActionSpec"


class HealActionSpec(Strict):
    name: str = "Prayer of Healing"
    dice: list[Literal["red", "blue", "yellow", "green"]] = Field(["red"], min_length=1)
    within: Int(1, 50) = 3
    fatigue: Int(0, 10) = 1


HealAction.model_rebuild()
SKILLS = {"heal_action": HealAction}
Skill = tagged(SKILLS, "skill")


class HeroSheet(Strict):
    name: str
    archetype: Literal["warrior", "healer", "mage", "scout"]
    hero_class: str = Field(alias="class", description="the class whose starting weapon the hero carries")
    speed: Int(1, 10)
    health: Int(1, 30)
    stamina: Int(1, 10)
    defense: list[DefenseDie] = Field(min_length=1)
    attributes: Attributes
    weapon: Weapon
    ability: Ability | None = Field(None, description="the hero ability where it is a number or a simple rule")
    skills: list[Skill] = Field([], description="class skills the program plays headless (the class's starting skill "
                                "where it is a simple rule)")
    ability_text: str = Field("", description="the hero ability in our words")
    feat_text: str = Field("", description="the heroic feat in our words (once per quest; not played headless)")
    source: str = Field("", description="where the printed figures come from")
    ours: bool = False


class HeroSheetsFile(Strict):
    hero_sheets: dict[str, HeroSheet] = Field(min_length=1)


# -- conditions -----------------------------------------------------------------------------------

class ConditionDef(Strict):
    """A condition card. ``discard``: how it goes - ``action`` (the figure spends an action on it,
    the first it performs: "its first action must be to discard that condition"),
    ``end_of_turn`` (at the end of the figure's next turn or activation), ``test`` (when the
    start-of-turn test passes), ``never``. At the start of a hero's turn it ``test``s the
    attribute; a failed test (or every turn, with no test) deals ``damage`` and ``fatigue``.
    A monster does not test attributes: it suffers the failed test's effect, then discards a
    ``test`` condition (our reading)."""

    name: str
    text: str = ""
    surge: str | None = Field(None, description="the special surge ability that inflicts it ('Disease')")
    discard: Literal["action", "end_of_turn", "test", "never"]
    no_move: bool = Field(False, description="the figure performs no move action")
    test: Attribute | None = None
    damage: Int(0, 10) = 0
    fatigue: Int(0, 10) = 0
    ours: bool = False


class ConditionsFile(Strict):
    conditions: dict[str, ConditionDef] = Field(min_length=1)


FILE_KINDS = {"hero_sheets": HeroSheetsFile, "conditions": ConditionsFile}
KEYED = {"hero_sheets": "hero", "conditions": "condition"}
