"""From validated content (``coop_formats.load_scenario``) to what the game
plays with: tile specs, the counter catalogue, hero specs and the Dark phase's cards."""

from __future__ import annotations

from .coop_formats import CoopContent, load_scenario
from .dark import DarkContent
from .engine import HeroSpec, UnderworldContent
from .state import CounterSpec
from .tiles import TileSpec
from .formats import load_underworld


def counter_catalogue(counters: dict) -> dict[str, CounterSpec]:
    """Counter kinds as the game plays them, from validated content (``CounterModel`` by id)."""
    return {cid: CounterSpec(id=cid, **m.model_dump()) for cid, m in counters.items()}


def shipped_catalogue() -> dict[str, CounterSpec]:
    """The shipped counters (``decks/underworld/counters.yaml``), for tests and tools that need the
    real ones (a hand-made counter once hid that the shipped Trident was wrong)."""
    return counter_catalogue(load_underworld().counters)


def game_content(coop: CoopContent) -> UnderworldContent:
    uw = coop.underworld
    tiles = [TileSpec(t.id, t.kind, t.name, t.exits, t.arrow) for t in uw.tiles]
    catalogue = counter_catalogue(uw.counters)
    heroes = {hid: HeroSpec(hid, h.name, dict(h.skills), {k: list(v) for k, v in h.thresholds.items()},
                            h.movement, h.life, h.gold, h.item_slots, h.ability)
              for hid, h in uw.heroes.items()}
    sc = coop.scenario
    dark = DarkContent({c.id: c for c in coop.dark.cards}, list(coop.dark.order),
                       {p.id: p for p in coop.perils}, {k: v.speed for k, v in sc.enemies.items()},
                       sc.patience)
    return UnderworldContent(sc, tiles, catalogue, heroes, dark)


def load_game(path) -> UnderworldContent:
    """Load a co-operative Underworld scenario file and everything it names (raises
    ``ContentError`` with FILE:LINE:COL problems)."""
    return game_content(load_scenario(path))
