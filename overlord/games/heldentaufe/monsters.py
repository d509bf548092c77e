"""The monsters and their boards ("The Monsters", "Defeating a Monster", "Setup" 5-6).

A monster's hearts and sword are read from its board for the tooth on top of its stack (content
``levels``, ours). ``wounds`` counts the hearts it has lost since it last came back whole:
"Wounded monsters that only lost individual hit points during the last visit to the Underworld
remain as they are."

Reading of "12 teeth on the stacks but 11 valuable teeth" (docs/readings.md, "Heldentaufe"): the
stacks are 5-4-3-2-1, 5-4-3-2 and 5-4-3, twelve teeth, but the components list "11 valuable monster
teeth". Eleven valuable teeth are exactly the three 5s, three 4s, three 3s and two 2s: the complete
stack's 1 is a small tooth taken from the supply at setup (``rules.one_tooth_from_supply: true``, 37
small teeth are left). The other reading (a twelfth valuable tooth; the supply keeps its 38) is
``one_tooth_from_supply: false``. Play is the same either way; only the supply's count differs.
"""

from __future__ import annotations

from . import machines
from .content import Content
from .state import HState, Monster


def top(monster: Monster) -> int:
    """The tooth a hero receives for defeating it ("the topmost monster tooth")."""
    return monster.stack[-1] if monster.stack else 0


def level(c: Content, monster: Monster):
    return c.monsters[monster.id].levels[top(monster)]


def max_hearts(c: Content, monster: Monster) -> int:
    return level(c, monster).hearts if monster.stack else 0


def hearts(c: Content, monster: Monster) -> int:
    return max(0, max_hearts(c, monster) - monster.wounds)


def sword(c: Content, monster: Monster) -> int:
    return level(c, monster).sword if monster.stack else 0


def on_board(monster: Monster) -> bool:
    return bool(monster.at)


def active(state: HState) -> list[Monster]:
    """The monsters on the Underworld board, in content order."""
    return [m for m in state.monsters.values() if m.at]


def wound(c: Content, state: HState, monster: Monster) -> bool:
    """One heart lost; True when it was the last ("If a monster must give up its last heart")."""
    monster.wounds += 1
    return hearts(c, monster) == 0


def kill(c: Content, state: HState, monster: Monster) -> int:
    """"If a monster must give up its last heart, remove that monster figure from the Underworld
    board. As a reward you receive the topmost monster tooth from that monster's stack." Returns the
    tooth (the caller gives it to the hero). Its machine goes to ``killed``, or ``gone`` when that
    was its last tooth."""
    tooth = monster.stack.pop()
    monster.at = ""
    monster.wounds = 0
    monster.life = machines.step(machines.LIFE, monster.life, "kill", monster)
    return tooth


def moved(c: Content, monster: Monster, to: str) -> str | None:
    """Move the figure; the trigger fired (leaving or coming back to its nest), if any."""
    nest = c.underworld.labels[c.underworld.nests[monster.id]]
    was_home = monster.at == nest
    monster.at = to
    trigger = None
    if was_home and to != nest:
        trigger = "leave_nest"
    elif not was_home and to == nest:
        trigger = "come_home"
    if trigger:
        monster.life = machines.step(machines.LIFE, monster.life, trigger, monster)
    return trigger


def rebuild(c: Content, state: HState) -> list[str]:
    """"Put all 3 monsters back on their nests. Place all hearts back on the defeated monsters'
    boards. Wounded monsters that only lost individual hit points ... remain as they are." A gone
    monster stays in the box. Returns the monsters put back."""
    back = []
    for m in state.monsters.values():
        if m.life == "gone":
            continue
        if m.life != "on_nest":
            m.life = machines.step(machines.LIFE, m.life, "rebuild", m)
        m.at = c.underworld.labels[c.underworld.nests[m.id]]
        back.append(m.id)
    return back
