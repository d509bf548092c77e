"""Forgotten Souls' board as drawing data (:mod:`overlord.view.drawing`): every square of the
dungeon with its terrain, the figures (a large monster over every square it covers), and the
monsters' moves of the last Activation card as paths with their reasons.

A square is named as ``map`` numbers it (the X,Y players type); the rules' positions (the dungeon's
own, which start where the first tile lies) are moved onto the board by the dungeon's shift."""

from __future__ import annotations

from ...core.terrain import DEFAULT_LEGEND
from ...view.drawing import Drawing, Marker, Path, Piece, Space
from ...view.text import figure_symbols
from .engine import Game


def last_moves(log: list[dict]) -> list[dict]:
    """The monsters' moves of the last Activation card (each event's ``move``), in order."""
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i]["event"] == "activation_card"), None)
    if start is None:
        return []
    return [e["move"] for e in log[start + 1:] if e["event"] == "action" and len(e.get("move", {}).get("path", ())) > 1]


def board_drawing(game: Game) -> Drawing:
    board, (sx, sy) = game.board()
    scene = game.scene()
    legend = board.legend
    spaces = [Space(f"{x},{y}", x, y, legend[ch], f"{x},{y}")
              for y, row in enumerate(board.rows) for x, ch in enumerate(row) if ch != " "]
    symbols = figure_symbols(scene)
    pieces = []
    for fid, cells in scene.cells.items():
        f = game.state.figure(fid)
        side = "heroes" if f.side == "heroes" else "monsters"
        where = tuple("{},{}".format(*board.xy(c)) for c in cells)
        health = f", health {game.health(f)} of {game.max_health(f)}"
        pieces.append(Piece(fid, fid, side, symbols[fid], where,
                            f"{fid} ({'hero' if side == 'heroes' else 'monster'}) on {where[0]}{health}"))
    paths = [Path(m["figure"], tuple(f"{p[0] + sx},{p[1] + sy}" for p in m["path"]), m.get("reason", ""))
             for m in last_moves(game.state.log)]
    markers = [Marker(f"{t.at[0] + sx},{t.at[1] + sy}", "token", t.token.replace("-", " ")) for t in game.state.tokens]
    words = {name: name for name in legend.values()} | {"token": "a token on the map"}
    return Drawing(f"{game.quest.scenario.name}, round {game.state.round}", spaces, pieces=pieces, markers=markers,
                   paths=paths, legend=words).check()


def encounter_drawing(card) -> Drawing:
    """One Exploration card's map as drawing data to print (issue 42): every square of its rows by
    its terrain, named ``X,Y`` as the card's map counts them, and what the players set on it as
    markers - the entrance, the exit, the heroes' starting squares, each monster's spawn (its group,
    rank and, where the card places it only for more heroes, "3+ heroes") and each token (the same).
    No figures: a sheet."""
    m = card.map
    legend = {**DEFAULT_LEGEND, **m.legend}
    spaces = [Space(f"{x},{y}", x, y, legend[ch], f"{x},{y}")
              for y, row in enumerate(m.rows) for x, ch in enumerate(row) if ch != " "]
    markers = [Marker(f"{x},{y}", kind, name) for kind, name, (x, y) in (
        [("entrance", "the entrance", m.entrance)] * (m.entrance is not None)
        + [("exit", "the exit", m.exit)] * (m.exit is not None)
        + [("start", "a hero starts here", p) for p in m.hero_start]
        + [("spawn", f"{s.group} {s.rank}" + (f" ({s.heroes}+ heroes)" if s.heroes > 2 else ""), s.at)
           for s in m.spawns]
        + [("token", t.token.replace("-", " ") + (f" ({t.heroes}+ heroes)" if t.heroes > 2 else ""), t.at)
           for t in m.tokens]
        + [("marker", name.replace("_", " "), p) for name, p in m.markers.items()])]
    words = {name: name for name in legend.values()} | {
        "entrance": "the entrance", "exit": "the exit", "start": "a hero's starting square",
        "spawn": "a monster's spawn", "token": "a token", "marker": "a named square of the card"}
    return Drawing(f"{card.name}: the map of the Exploration card {card.id}", spaces, markers=markers,
                   legend=words).check()
