"""Fights in the Underworld ("The 3rd Action: Fight", "Defeating a Monster", "You Are Defeated").

"The players involved each roll a combat die and add their combat-sword value to the roll. If your
total is higher than your opponent's, the opponent is wounded and loses 1 heart. If the opponent's
total is higher, you must give up 1 heart yourself. On a tie, the attacker wins." A monster fights
with its board's sword; a hero with the sword, a used Berserker potion (+2) and, attacking, a
Companion's +2. Every die comes from the game's generator; at a table the players may roll their
heroes' dice and type them (``_roll``).
"""

from __future__ import annotations

from ...core.dice import rolled
from . import dice, heroes as hb, monsters
from .content import Content
from .missions import play_hunter
from .state import HState, Hero, Monster
from .under import draw, lose_heart


def _roll(c: Content, state: HState, who: str, other: str) -> int:
    """``who``'s combat die against ``other``. A hero's die is his player's ("The players involved
    each roll a combat die"): at a table whose players roll, the face they type
    (:func:`overlord.core.dice.rolled`); a monster's is the program's in the co-operative game, and
    the commanding player's where players command the monsters (the book's race: rule
    ``monster_boss: players``)."""
    faces = c.supply.combat_die
    face = faces[draw(state, len(faces))]
    if who in state.monsters and c.rules.monster_boss != "players":
        return face
    return rolled([face], lambda: f"{_named(c, state, who)}'s combat die against {_named(c, state, other)}",
                  tuple(faces))[0]


def _named(c: Content, state: HState, fid: str) -> str:
    return fid if fid not in state.monsters else f"the {fid}"


def _fight(c: Content, state: HState, attacker: str, defender: str, attack: int, defence: int) -> bool:
    """Both dice rolled and the fight logged; True when the attacker wins."""
    a, d = _roll(c, state, attacker, defender), _roll(c, state, defender, attacker)
    won = dice.attacker_wins(a + attack, d + defence)
    state.log.append({"event": "fight", "attacker": attacker, "defender": defender, "rolls": [a, d],
                      "totals": [a + attack, d + defence], "winner": attacker if won else defender})
    return won


def hero_attacks_monster(c: Content, state: HState, hero: Hero, monster: Monster, bonus: int = 0) -> None:
    """The hero's Fight action against an adjacent monster. A monster that loses its last heart
    gives the hero its top tooth ("As a reward you receive the topmost monster tooth")."""
    if _fight(c, state, hero.id, monster.id, hb.fight_value(c, hero) + bonus, monsters.sword(c, monster)):
        defeat_monster(c, state, hero, monster)
    else:
        lose_heart(c, state, hero, by=monster.id)


def monster_attacks_hero(c: Content, state: HState, monster: Monster, hero: Hero) -> None:
    """A monster's attack in the monsters' turn; the same fight with the monster attacking."""
    if _fight(c, state, monster.id, hero.id, monsters.sword(c, monster), hb.fight_value(c, hero)):
        lose_heart(c, state, hero, by=monster.id)
    else:
        defeat_monster(c, state, hero, monster)


def hero_attacks_hero(c: Content, state: HState, hero: Hero, other: Hero, bonus: int = 0) -> None:
    """The book's race only: "For 1 action point, attack another hero figure once.\""""
    won = _fight(c, state, hero.id, other.id, hb.fight_value(c, hero) + bonus, hb.fight_value(c, other))
    loser, winner = (other, hero) if won else (hero, other)
    lose_heart(c, state, loser, by=winner.id)


def defeat_monster(c: Content, state: HState, hero: Hero, monster: Monster) -> None:
    """The monster loses a heart; at its last, the hero takes its top tooth and it leaves the board
    (a Monster Hunter mission for it is played)."""
    if not monsters.wound(c, state, monster):
        state.log.append({"event": "wounded", "monster": monster.id, "hearts": monsters.hearts(c, monster)})
        return
    tooth = monsters.kill(c, state, monster)
    hero.teeth.append(tooth)
    state.log.append({"event": "defeated", "monster": monster.id, "hero": hero.id, "tooth": tooth,
                      "life": monster.life, "machine": "heldentaufe-monster"})
    play_hunter(c, state, hero, monster.id)
