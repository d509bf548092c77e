"""From validated content (``overlord.content.underworld_coop.load_scenario``) to what the game
plays with: tile specs, the counter catalogue, hero specs and the Dark phase's cards."""

from __future__ import annotations

from ...content.underworld_coop import CoopContent, load_scenario
from .dark import DarkContent
from .engine import HeroSpec, UnderworldContent
from .state import CounterSpec
from .tiles import TileSpec


def game_content(coop: CoopContent) -> UnderworldContent:
    uw = coop.underworld
    tiles = [TileSpec(t.id, t.kind, t.name, t.exits, t.arrow) for t in uw.tiles]
    catalogue = {cid: CounterSpec(id=cid, **{k: v for k, v in m.model_dump().items()})
                 for cid, m in uw.counters.items()}
    heroes = {hid: HeroSpec(hid, h.name, dict(h.skills), {k: list(v) for k, v in h.thresholds.items()},
                            h.movement, h.life, h.gold, h.item_slots, h.ability)
              for hid, h in uw.heroes.items()}
    sc = coop.scenario
    dark = DarkContent({c.id: c for c in coop.dark.cards}, list(coop.dark.order),
                       {p.id: p for p in coop.perils}, {k: v.speed for k, v in sc.enemies.items()},
                       (sc.patience.from_round, sc.patience.cubes) if sc.patience else None)
    return UnderworldContent(sc, tiles, catalogue, heroes, dark)


def load_game(path) -> UnderworldContent:
    """Load a co-operative Underworld scenario file and everything it names (raises
    ``ContentError`` with FILE:LINE:COL problems)."""
    return game_content(load_scenario(path))
