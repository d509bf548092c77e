"""The Heroes family's cards to print (``overlord print``, issue 42): a hero sheet with our numbers
and an item's card, for the games whose boxes print other numbers (Heroes in the Underworld, Under
the Shadow of the Dragon). A card is 63 x 88 mm (:data:`overlord.view.sheet.CARD_MM`, ours)."""

from __future__ import annotations

from dataclasses import replace

from ...view.drawing import Drawing
from ...view.sheet import Card, pages
from .board_drawing import GAP, PITCH
from .regions import RegionBoard
from .sheet import BASE_DICE

SKILL_WORDS = {"magic": "Magic", "ranged": "Ranged combat", "close": "Close combat"}


def skill_line(skill: str, value: int, thresholds: list[int] | tuple[int, ...]) -> str:
    """"Magic 8: 3 dice at 2 cubes, 4 at 4, 5 at 6" - the value and the cube counts at which the
    skill's trial rolls one die more."""
    steps = [f"{BASE_DICE + 1 + i} dice at {n} cubes" if i == 0 else f"{BASE_DICE + 1 + i} at {n}"
             for i, n in enumerate(thresholds)]
    return f"{SKILL_WORDS.get(skill, skill)} {value}" + (f": {', '.join(steps)}" if steps else "")


def hero_card(hid: str, name: str, skills: dict[str, int], thresholds: dict, movement: int, life: int, gold: int,
              ability: str = "", items: int = 0) -> Card:
    """A hero's sheet as the program keeps it: its skills with the cubes at which each rolls more
    dice, movement, life points, starting gold and its ability (ours where the game's YAML says)."""
    lines = [skill_line(s, v, thresholds.get(s, ())) for s, v in skills.items()]
    lines += [f"Movement {movement}", f"Life points {life}", f"Gold at the start {gold}"]
    if items:
        lines.append(f"Items carried: up to {items}")
    if ability:
        lines.append(ability)
    return Card(hid, name, tuple(lines), "hero sheet")


def bonus_words(bonus: dict[str, int], movement: int = 0, life: int = 0) -> list[str]:
    """An item's numbers as words: "Close combat +1", "Movement +1", "1 artificial life point"."""
    out = [f"{SKILL_WORDS.get(s, s)} {n:+d}" for s, n in bonus.items() if n]
    if movement:
        out.append(f"Movement {movement:+d}")
    if life:
        out.append(f"{life} artificial life point" + ("s" if life != 1 else ""))
    return out


def region_pages(drawing: Drawing, board: RegionBoard, title: str, map_mm: float, route_words: dict[str, str]) -> list[str]:
    """A page a region map of the board's ``drawing`` (``map_mm`` a side, the half-gaps to its
    neighbours included): every field with its id, the routes that leave the map cut half way to
    the next map's, so the sheets laid edge to edge join route to route."""
    drawing = replace(drawing, areas=[], legend={**drawing.legend, **route_words})       # each page names its map
    unit = map_mm / PITCH
    out = []
    for letter, (row, col) in sorted(board.grid.items(), key=lambda kv: kv[1]):
        x, y = col * PITCH - GAP / 2, row * PITCH - GAP / 2
        window = (x, y, x + PITCH, y + PITCH)
        named = f"{title}: map {letter}, {board.names[letter]} ({map_mm:g} mm a side)"
        out += pages(drawing, unit, title=named, window=window, cuts=(window,))
    return out


def hero_cards(heroes: dict, names: list[str]) -> list[Card]:
    """The character sheets of ``names`` (hero id -> a sheet model with name, skills, thresholds,
    movement, life, gold and text)."""
    return [hero_card(h, heroes[h].name, dict(heroes[h].skills), dict(heroes[h].thresholds), heroes[h].movement,
                      heroes[h].life, heroes[h].gold, heroes[h].text) for h in names]


def artifact_cards(artifacts: dict) -> list[Card]:
    """A card an artifact (id -> a model with name, text, bonus, movement, life and price)."""
    out = []
    for aid, a in artifacts.items():
        lines = [a.text] if a.text else []
        lines += [w for w in bonus_words(dict(a.bonus), a.movement, a.life) if w.split()[0] not in a.text]
        if a.price:
            lines.append(f"Price at the market: {a.price} gold")
        out.append(Card(getattr(a, "id", aid), a.name, tuple(lines), "artifact"))
    return out
