"""What conditions do at the start and end of a figure's turn, read from the content's condition
definitions (``decks/descent/conditions.yaml``; the activation itself handles those a monster
discards with an action and those that forbid moving, see ``ai.activation``).

* A hero's turn starts (headless: the program rolls): a condition with a ``test`` is tested -
  passing discards a ``discard: test`` condition, failing deals its damage and fatigue; one
  without a test deals them every turn. At a table the players do this themselves.
* A monster's activation starts: it cannot test, so a tested condition deals its failed test's
  damage once and goes (our reading); Ashrian's ability Stuns a minion next to her.
* A turn or an activation ends: ``discard: end_of_turn`` conditions go (Immobilized).
"""

from __future__ import annotations

from . import hooks

from .engine import Game, damage_figure
from .heroes import suffer_fatigue, test_attribute


def _defs(game: Game) -> dict:
    return game.quest.conditions


def hero_turn_starts(game: Game, hid: str) -> None:
    f = game.hero(hid)
    for name in list(f.conditions):
        d = _defs(game).get(name)
        if d is None or game.over or f.knocked_out or (not d.test and not d.damage and not d.fatigue):
            continue
        passed = test_attribute(game, hid, d.test) if d.test else False
        if passed is None:
            return                                      # a table: the players roll their own
        if passed:
            if d.discard == "test":
                f.conditions.remove(name)
                game.log({"event": "condition_gone", "figure": hid, "condition": name,
                          "why": f"passed its {d.test} test"})
            continue
        game.log({"event": "condition_acts", "figure": hid, "condition": name, "damage": d.damage,
                  "fatigue": d.fatigue})
        if d.fatigue:
            suffer_fatigue(game, hid, d.fatigue, why=d.name)
        if d.damage and not f.knocked_out and not game.over:
            damage_figure(game, hid, d.damage)


def hero_turn_ends(game: Game, hid: str) -> None:
    f = game.hero(hid)
    for name in list(f.conditions):
        d = _defs(game).get(name)
        if d is not None and d.discard == "end_of_turn":
            f.conditions.remove(name)
            game.log({"event": "condition_gone", "figure": hid, "condition": name, "why": "its turn ended"})


def monster_turn_starts(game: Game, fid: str) -> None:
    state = game.state
    f = state.figure(fid)
    for name in list(f.conditions):
        d = _defs(game).get(name)
        if d is None or not d.test or d.discard != "test":
            continue
        f.conditions.remove(name)
        game.log({"event": "condition_gone", "figure": fid, "condition": name,
                  "why": "a monster does not test: it suffers the failed test once, then the condition goes",
                  "damage": d.damage})
        if d.damage and not game.over:
            damage_figure(game, fid, d.damage)
        if f not in state.figures:
            return
    if f.rank == "minion" and "stunned" in _defs(game) and "stunned" not in f.conditions:
        for hero in state.heroes_up():
            sheet = game.sheet(hero)
            if sheet.ability is not None and getattr(sheet.ability, "stun_adjacent_minions", False) \
                    and _adjacent(game, fid, hero.id):
                f.conditions.append("stunned")
                game.log({"event": "condition", "source": sheet.name, "condition": "stunned", "heroes": [],
                          "monster": fid, "why": f"it begins its activation next to {sheet.name}"})
                break


def _adjacent(game: Game, a: str, b: str) -> bool:
    scene = game.scene()
    touch = scene.board.touching
    return any(touch(x, y) for x in scene.cells[a] for y in scene.cells[b])


hooks.provide(hero_turn_starts=hero_turn_starts, hero_turn_ends=hero_turn_ends, monster_turn_starts=monster_turn_starts)   # the engine calls these
