"""Helpers for the Heldentaufe tests: hex boards drawn as ASCII, and games on the shipped content
put into a position.

A drawn board is one line per row of hexes, the hexes separated by spaces and the odd rows
indented by one more space (as the board looks); ``#`` is no area. Board characters are the
content's (``.`` an area, ``$`` the treasure's space, ``!`` a skull, ``1``-``5`` portals);
lower-case letters are monsters (``u`` Ulumu, ``z`` Zibbler, ``w`` Wallrog) and capitals heroes
(``E`` Erla, ``C`` Corlof, ``M`` Mathian, ``L`` Luphius, ``J`` Jupanila), each standing on an
area."""

from __future__ import annotations

from pathlib import Path

from overlord.games.heldentaufe import content as hcontent, engine
from overlord.games.heldentaufe.board import HERO_LETTERS as HEROES, MONSTER_LETTERS as MONSTERS, drawn  # noqa: F401
from overlord.games.heldentaufe.planner import Fighter, Situation, Target
from overlord.games.heldentaufe.state import UNDER, UPPER

ROOT = Path(__file__).resolve().parent.parent
COOP = ROOT / "scenarios" / "heldentaufe.yaml"
RACE = ROOT / "scenarios" / "heldentaufe-race.yaml"
FACES = (0, 1, 1, 2, 2, 3)

_CONTENT: dict = {}


def content(path=COOP):
    key = str(path)
    if key not in _CONTENT:
        _CONTENT[key] = hcontent.load(path)
    return _CONTENT[key]


def planner_situation(drawing: str, points: int = 4, monsters: dict | None = None, heroes: dict | None = None,
                      treasure: bool | None = None, portals=None, hold_back: bool = True):
    """(board, Situation) of a drawn board. ``monsters``: letter -> (hearts, sword, tooth) (default
    (3, 1, 2)); ``heroes``: letter -> (hearts, defence) (default (4, 0)); ``treasure``: the chest
    lies on ``$`` (default: when one is drawn); ``portals``: the usable portal numbers (default all
    drawn)."""
    board, at = drawn(drawing)
    monsters = monsters or {}
    heroes = heroes or {}
    fighters = tuple(Fighter(MONSTERS[k], at[k], *monsters.get(k, (3, 1, 2))) for k in "uzw" if k in at)
    targets = tuple(Target(HEROES[k], at[k], *heroes.get(k, (4, 0))) for k in "ECMLJ" if k in at)
    usable = frozenset(board.portals[k] for k in (portals if portals is not None else board.portals))
    lies = board.treasure >= 0 if treasure is None else treasure
    return board, Situation(fighters, targets, lies, usable, FACES, points, hold_back)


def game(heroes=("erla", "corlof"), seed=1, path=COOP):
    """(content, state) of a new game."""
    c = content(path)
    return c, engine.new_state(c, list(heroes), seed)


def put_below(c, s, hero: str, area: str) -> None:
    """A hero placed in the Underworld (the marker placed as the book says when it is the first)."""
    from overlord.games.heldentaufe import machines
    h = s.board[hero]
    h.world, h.at = UNDER, area
    if s.cycle == "empty":
        s.cycle = machines.step(machines.CYCLE, s.cycle, "enter")
        s.marker = hero


def put_above(s, hero: str, at: str, tile: str | None = None) -> None:
    """A hero on an Upper World area (laid there first when ``tile`` is given, taken from the
    stack so no tile is doubled)."""
    if tile is not None and at not in s.upper:
        if tile in s.tiles.draw:
            s.tiles.draw.remove(tile)
        s.upper[at] = tile
    h = s.board[hero]
    h.world, h.at = UPPER, at


def give(s, hero: str, *tokens: str, where: str = "backpack") -> None:
    """Tokens from the supply to a hero's backpack, rack or inventory."""
    from overlord.games.heldentaufe import heroes as hb
    h = s.board[hero]
    for t in tokens:
        key = "potion" if t.split(":")[0] in ("healing", "berserker", "teleport") else t
        assert s.supply[key] > 0, f"the supply has no {t}"
        s.supply[key] -= 1
        if where == "inventory":
            h.inventory[hb.slot_of(t)] = t
        else:
            getattr(h, where).append(t)


def act(c, s, **action):
    """Carry out one action of the hero to act (``hero`` filled in)."""
    action.setdefault("hero", engine.to_act(s))
    return engine.apply(c, s, action)


def legal_of(c, s, do: str) -> list[dict]:
    return [a for a in engine.legal(c, s) if a["do"] == do]
