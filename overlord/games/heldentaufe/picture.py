"""Both worlds as text, and the status lines (``map`` and ``status`` at the table)."""

from __future__ import annotations

from . import heroes as hb, monsters
from .board import xy
from .content import Content
from .engine import ap_left
from .state import UNDER, UPPER, HState
from .upper import kind_of, portal_number
from ...view.words import count

UPPER_SYMBOLS = {"campfire": "*", "meadow": ".", "forest": "^", "apple_tree": "a", "fish_pond": "f",
                 "mushroom_ring": "m", "laboratory": "l", "blacksmith": "b", "trader": "t"}
LEGEND = ("Upper World: * campfire, . meadow, ^ forest, a apple tree, f fish pond, m mushroom ring, "
          "1-5 portals, l laboratory, b blacksmith, t trader; heroes in capitals (+ two or more)")
UNDER_LEGEND = ("Underworld: $ treasure, ! face-down danger, 1-5 portals, U Z W nests; heroes in capitals, "
                "monsters u z w")


def picture(c: Content, s: HState) -> str:
    return "\n".join(upper_lines(s) + [""] + under_lines(c, s))


def upper_lines(s: HState) -> list[str]:
    cells = {xy(at): t for at, t in s.upper.items()}
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    marks: dict[tuple[int, int], str] = {}
    for h in s.heroes:
        hero = s.board[h]
        if hero.world == UPPER:
            p = xy(hero.at)
            marks[p] = "+" if p in marks else h[0].upper()
    lines = [LEGEND]
    for y in range(min(ys), max(ys) + 1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            t = cells.get((x, y))
            ch = " " if t is None else (str(portal_number(t)) if portal_number(t) else UPPER_SYMBOLS[kind_of(t)])
            row.append(marks.get((x, y), ch))
        lines.append(f"{y:>3} " + " ".join(row))
    lines.append("    " + " ".join(str(abs(x) % 10) for x in range(min(xs), max(xs) + 1)) + f"   (x from {min(xs)})")
    return lines


def under_lines(c: Content, s: HState) -> list[str]:
    b = c.underworld
    marks = {}
    for at in s.dangers:
        marks[b.area(at)] = "!"
    for n in b.skulls:
        marks.setdefault(n, ".")
    if not s.treasure:
        marks[b.treasure] = "."
    for m in s.monsters.values():
        if m.at:
            marks[b.area(m.at)] = m.id[0].lower()
    for h in s.down():
        marks[b.area(s.board[h].at)] = h[0].upper()
    return [UNDER_LEGEND] + b.drawing(marks)


def status(c: Content, s: HState) -> list[str]:
    target = c.scenario.target[len(s.heroes)]
    team = sum(hb.points(s.board[h]) for h in s.heroes)
    head = f"round {s.round}; "
    if c.coop and c.scenario.clock:
        head += f"clock {s.clock}/{c.scenario.clock.limit[len(s.heroes)]}; team teeth {team}/{target}; "
    else:
        head += f"teeth to win {target}; "
    head += (f"the marker after {s.marker}" if s.marker else "the marker aside") + f" (Underworld: {s.cycle.replace('_', ' ')})"
    lines = [head]
    for h in s.heroes:
        hero = s.board[h]
        where = f"{'below on' if hero.world == UNDER else 'on'} {hero.at}" + (
            f" ({kind_of(s.upper[hero.at]).replace('_', ' ')})" if hero.world == UPPER else "")
        ap = f", {count(ap_left(c, s, hero), 'point')} left" if h == s.turn.hero and not s.outcome else ""
        lines.append(f"  {h}: {where}, {hero.hearts}/{hb.max_hearts(c, hero)} hearts{ap}; teeth {', '.join(map(str, hero.teeth)) or '-'} "
                     f"({hb.points(hero)}); boots {hb.actions(c, hero)}, ring {hb.recipe_level(c, hero)}, "
                     f"sword {hb.sword(c, hero)}")
        lines.append(f"     worn {', '.join(hero.inventory.values()) or '-'}; backpack {', '.join(hero.backpack) or '-'}; "
                     f"rack {', '.join(hero.rack) or '-'}; missions {', '.join(hero.hand) or '-'}")
    for m in s.monsters.values():
        state = m.life.replace("_", " ")
        if m.stack:
            lines.append(f"  {m.id}: {state}{' on ' + m.at if m.at else ''}, {monsters.hearts(c, m)}/"
                         f"{monsters.max_hearts(c, m)} hearts, sword {monsters.sword(c, m)}, teeth {', '.join(map(str, m.stack))} (top {monsters.top(m)})")
        else:
            lines.append(f"  {m.id}: {state}")
    return lines
