"""The program's heroes in Return of the Heroes with the Dragon: Return of the Heroes' heuristic bot
(its plan: a heroic deed, the precious stone, the Guards, the Nameless) reading the combined board
through Return of the Heroes' lens, with the combination's own moves keyed:

- ``house``: the site whose map lies nearest the middle of the board (the race's shortest ways to
  the Capital, the tower and the lair), then reading order - the same key the program places its
  rivals' houses by (``verbs.rival_house``);
- the Dragon's teleporter fields (``teleport`` with no field): never sought, as any move of the
  Dragon's the plan has no key for (an ordered key: (9, 0), after ending the turn).

A move only the Dragon's box has (its spells, jumps, the Halfling's hiding, the lair) has no key
in this plan: the bot ends its turn rather than take one, unless it is all it may do (an attacked
hero's answer, a fight the Dragon's creature forces).
"""

from __future__ import annotations

from overlord.games.roth import bots as roth_bots


class KingdomPlanner(roth_bots.Planner):
    def _r_teleport(self, a):
        return super()._r_teleport(a) if "to" in a else (9, 0.0)

    def _r_house(self, a):
        board = self.c.board
        r, k = board.grid[board.field(a["to"]).region]
        middle = (len(self.s.layout) - 1) / 2
        return (0, abs(r - middle) + abs(k - middle))


def choose_heuristic(match, actions, rng, hero: str | None = None, ready: float = roth_bots.READY):
    """The legal action with the lowest key (then the first listed)."""
    bot = KingdomPlanner(match.state, match.content.roth, hero, ready)
    best = min(range(len(actions)), key=lambda n: (bot.rank(actions[n]), n))
    return dict(actions[best])


#: the search bot's plans (policy switching), as Return of the Heroes' three readiness bars
SEARCH_POLICIES = {f"ready {roth_bots.READY:g}": choose_heuristic,
                   **{f"ready {r:g}": roth_bots.heuristic_ready_at(r, choose_heuristic) for r in (0.35, 0.7)}}
