"""Victory points (HitU "Victory Points"):

    "Each piece of gold, each EC, and each increase in skill level grants +10 points. Each skill
    level lowered, and each SC, grants -20 points. The total is multiplied by the total number of
    remaining natural LPs and then divided by the number of Shadow Cubes that were on the Dark
    Side at the start of the final Duel."

Rule readings
-------------
* An EC is a red, green or blue cube on the sheet; shadow cubes count only as SC (-20).
* Skill levels raised/lowered are counted against the printed starting values
  (``sheet.start.skills``), skill by skill; item bonuses do not count (they are not levels).
* "the final Duel" is the final battle against the Damned One; its Dark Side count is the
  argument ``dark_side_at_final``. With 0 cubes the divisor is 1 (the Damned One's LP are 1
  with an empty Dark Side). The division is exact (a float); the arithmetic is shown as text.
"""

from __future__ import annotations

from ..heroes.sheet import SHADOW
from .state import UnderworldState


def victory_points(state: UnderworldState, hero: str, dark_side_at_final: int) -> dict:
    """The hero's victory points with every term, and the arithmetic as text."""
    sheet = state.sheets[hero]
    gold = sheet.gold
    ec = sum(1 for s in sheet.skills for c in sheet.cubes[s] if c != SHADOW)
    sc = sum(1 for s in sheet.skills for c in sheet.cubes[s] if c == SHADOW)
    raised = sum(max(0, sheet.skills[s] - sheet.start.skills[s]) for s in sheet.skills)
    lowered = sum(max(0, sheet.start.skills[s] - sheet.skills[s]) for s in sheet.skills)
    total = 10 * (gold + ec + raised) - 20 * (lowered + sc)
    life = 0 if sheet.dead else sheet.natural
    divisor = dark_side_at_final if dark_side_at_final > 0 else 1
    points = total * life / divisor
    arithmetic = (f"(10 x ({gold} gold + {ec} EC + {raised} raised) - 20 x ({lowered} lowered + {sc} SC)) "
                  f"x {life} LP / {divisor} SC = {total} x {life} / {divisor} = {points:g}")
    return {"hero": hero, "gold": gold, "ec": ec, "raised": raised, "lowered": lowered, "sc": sc,
            "subtotal": total, "natural_lp": life, "divisor": divisor, "points": points,
            "arithmetic": arithmetic, "why": "HitU 'Victory Points'"}


def final_score(state: UnderworldState) -> list[dict]:
    """Every hero's victory points at the end of a game, best first: the divisor is the Dark Side
    at the start of the last final battle (the Dark Side now if there was none)."""
    battles = [e for e in state.log if e.get("event") == "final_battle"]
    at_final = battles[-1]["dark_side"] if battles else state.dark_side
    scores = [victory_points(state, h, at_final) for h in state.heroes]
    return sorted(scores, key=lambda v: (-v["points"], state.heroes.index(v["hero"])))
