"""Heroes in the Underworld to print (``overlord print underworld``, issue 42): what the program's
content stands for where the box prints it differently.

* **Every map tile** of the scenario - Styx and each tile of the three stacks - as a square to cut
  out, drawn as the board picture draws it (:func:`.drawing.tile_spaces`): the tile with its id and
  name, and each exit a small square by the middle of its side. The cut line runs half a gap
  beyond the tile, through the exits' outer edges, so two tiles laid edge to edge at their cut
  lines meet exit to exit, as ``map`` and the board picture join them. A tile with an arrow says
  so: it is laid with its arrow north, as Styx's (the rulebook's "Map Tiles"); the others are
  turned as the program says.
* **The hero sheets**, with our numbers (skills and the cubes at which each rolls more dice,
  movement, life, gold: ``decks/underworld/heroes.yaml``), and **the items' cards** (the treasure
  markers the heroes carry, our bonuses), 63 x 88 mm each.

The scale is ours (the rulebook gives no size): a tile's side is :data:`TILE_MM` on paper (its
exits 1/8 of it); ``overlord print --unit MM`` sets the tile's side to your box's."""

from __future__ import annotations

import math

from ...core.game import Printout
from ...view.drawing import Drawing, Marker
from ...view.sheet import Card, cards, pages, room
from ..heroes.printing import bonus_words, hero_card
from .drawing import LEGEND, PITCH, TILE, tile_name, tile_spaces
from .state import UnderworldState

TILE_MM = 50.0                     # ours: a tile's side on paper (the book gives no size)
MEASURE = "a map tile's side"
ITEM_KINDS = {"item": "treasure item", "black_weapon": "black weapon", "special_weapon": "special weapon"}
SLOT_WORDS = {"weapon": "a weapon", "armour": "armour", "shield": "a shield", "helmet": "a helmet"}
ARROW = "\u2191 north, as Styx's arrow"
STYX_ARROW = "\u2191 north, the arrow to follow"


def tile_ids(state: UnderworldState) -> list[str]:
    """Every tile the game lays: Styx and the tiles of the stacks, in the content's order."""
    kept = {t.id for t in state.map.placed} | {t for stack in state.map.stacks for t in stack}
    return [t for t in state.map.catalogue if t in kept]


def tile_pages(state: UnderworldState, title: str, tile_mm: float = TILE_MM) -> list[str]:
    """The tiles, as many a page as it holds whole (a cut square of :data:`PITCH` units each)."""
    unit = tile_mm / TILE
    out: list[str] = []
    ids = tile_ids(state)
    while ids:
        per_w, per_h = room(unit, legend=not out)
        cols, rows = math.floor(per_w / PITCH), math.floor(per_h / PITCH)
        if cols < 1 or rows < 1:
            raise ValueError(f"a map tile of {tile_mm:g} mm (with its exits, {tile_mm * PITCH / TILE:g} mm) "
                             "does not fit on the paper")
        here, ids = ids[:cols * rows], ids[cols * rows:]
        spaces, markers, cuts = [], [], []
        for i, tid in enumerate(here):
            spec = state.map.catalogue[tid]
            cx, cy = (i % cols) * PITCH, (i // cols) * PITCH
            floor, exits = tile_spaces(tid, spec.kind, tile_name(state, tid), spec.exits,
                                       cx + (PITCH - TILE) / 2, cy + (PITCH - TILE) / 2)
            spaces += [floor, *exits]
            if spec.arrow:
                markers.append(Marker(tid, "arrow", STYX_ARROW if spec.kind == "styx" else ARROW))
            cuts.append((cx, cy, cx + PITCH, cy + PITCH))
        used = math.ceil(len(here) / cols)
        d = Drawing(title, sorted(spaces, key=lambda s: s.kind == "exit"), markers=markers,
                    legend={**LEGEND, "arrow": "the tile's arrow: lay it pointing north, as Styx's"})
        out += pages(d, unit, title=title, window=(0, 0, min(len(here), cols) * PITCH, used * PITCH),
                     cuts=tuple(cuts), legend=not out)
    return out


def hero_cards(content, heroes: list[str]) -> list[Card]:
    out = []
    for h in heroes:
        spec = content.heroes[h]
        out.append(hero_card(h, spec.name, spec.skills, spec.thresholds, spec.movement, spec.life, spec.gold,
                             f"Ability: {spec.ability.replace('_', ' ')}" if spec.ability else "", spec.item_slots))
    return out


def item_cards(state: UnderworldState) -> list[Card]:
    """A card for each kind of item the heroes may carry (one card for its copies)."""
    out = []
    for spec in state.catalogue.values():
        if spec.kind not in ITEM_KINDS:
            continue
        lines = [spec.text] if spec.text else bonus_words(spec.bonus, spec.movement, spec.life)
        if spec.slot in SLOT_WORDS:
            lines.append(f"Carried as {SLOT_WORDS[spec.slot]}")
        if spec.copies > 1:
            lines.append(f"{spec.copies} in the game")
        out.append(Card(spec.id, spec.name, tuple(lines), ITEM_KINDS[spec.kind]))
    return out


def printout(state: UnderworldState, content, tile_mm: float | None = None, heroes: list[str] | None = None) -> Printout:
    tile_mm = TILE_MM if tile_mm is None else tile_mm
    name = content.scenario.name
    heroes = list(content.heroes) if heroes is None else heroes
    tiles = tile_pages(state, f"{name}: the map tiles, {tile_mm:g} mm a side (cut along the dashed lines)", tile_mm)
    sheets = cards(hero_cards(content, heroes) + item_cards(state), f"{name}: the hero sheets and the items")
    return Printout(tuple(tiles + sheets), MEASURE, tile_mm,
                    (f"the {len(tile_ids(state))} map tiles to cut out, each with its id, name and exits",
                     f"the hero sheets of {', '.join(content.heroes[h].name for h in heroes)}, with our numbers, "
                     "and a card for each item the heroes may carry"))
