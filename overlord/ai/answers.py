"""The enemy's movement as the parts of an answer a behaviour spec checks (``overlord check``):
every game that moves its enemies by the movement vocabulary answers a ``move`` instruction, and
tells its activations' moves, through these.

A move's parts (``prefix.`` before each when given):

* ``performed``: whether the action was performed (engage and spot may not be);
* ``target``: the figure it moved toward or away from, tied with every equally good target;
* ``end``: where it ended - ``[x, y]`` on a grid or hexes, a tile's or field's id, and for a large
  monster ``[x, y, w, h]`` (its top-left space and its orientation) - tied with every end
  placement as good;
* ``mp``: the movement points spent; ``path``: the spaces entered (no ties: the route is the
  program's choice among the cheapest, see docs/readings.md, "Movement and boards").

An activation of several figures (Descent's activation card, the Underworld's Dark card) in the
same way, for each figure F: ``F.steps`` (every action tried, ``[word, performed]``),
``F.actions`` (those performed), ``F.move1``, ``F.move2``... (each move performed, as above),
``F.end`` (where it stands after its activation, tied as its last move was) and ``F.attack``
(its targets, tied with every other target it could have chosen); and ``order``, the figures in
the order they activated.
"""

from __future__ import annotations

from ..core.behaviour import Answer
from ..core.figures import Scene
from .movement import move
from .targets import MoveError


def _end(at, size) -> object:
    if isinstance(at, list) and list(size) != [1, 1]:
        return [*at, *size]
    return at


def move_answers(data: dict, prefix: str = "") -> list[Answer]:
    """The parts of one move (``MoveResult.to_json()``)."""
    p = f"{prefix}." if prefix else ""
    decisions = data.get("decisions", [])
    target_key = next((d["key"] for d in decisions if "target" in d["what"] and d["choice"] == data.get("target")), {})
    sizes = data.get("tie_sizes") or [data["size"]] * len(data.get("ties", []))
    out = [Answer(f"{p}performed", data["performed"], why=data.get("reason", ""))]
    if data.get("target") is not None:
        out.append(Answer(f"{p}target", data["target"], tuple(data.get("target_ties", [])), target_key))
    out.append(Answer(f"{p}end", _end(data["to"], data["size"]),
                      tuple(_end(t, s) for t, s in zip(data.get("ties", []), sizes)), dict(data.get("key") or {}),
                      data.get("reason", "")))
    out.append(Answer(f"{p}mp", data.get("mp", 0)))
    out.append(Answer(f"{p}path", data.get("path", [])))
    return out


def ask_move(scene: Scene, figure: str, verb: str, target: str = "closest", speed: int | None = None,
             exit_at=None) -> list[Answer]:
    """A ``move`` instruction on a scene; raises ``MoveError`` (a ``ValueError``) for one the
    vocabulary refuses (an unknown figure or target)."""
    if figure not in scene.figures:
        raise MoveError(f"no figure {figure!r} on the map (its figures: {', '.join(scene.figures) or 'none'})")
    return move_answers(move(scene, figure, verb, target, speed, exit_at).to_json())


def activation_answers(events: list[dict], begins: str, acts: str, who: str) -> list[Answer]:
    """The parts of an activation told as events: ``begins`` opens a figure's activation,
    ``acts`` is one of its actions (``action``, ``performed``, ``move`` for a move,
    ``targets``/``decision`` for an attack), ``who`` the key naming the figure in both."""
    order = [e[who] for e in events if e["event"] == begins]
    out = [Answer("order", order)]
    tried: dict[str, list[dict]] = {}
    for e in events:
        if e["event"] == acts:
            tried.setdefault(e[who], []).append(e)
    for fid in dict.fromkeys(order):
        steps = tried.get(fid, [])
        out.append(Answer(f"{fid}.steps", [[e["action"], e["performed"]] for e in steps]))
        out.append(Answer(f"{fid}.actions", [e["action"] for e in steps if e["performed"]]))
        moves = [e for e in steps if e["performed"] and "move" in e]
        for k, e in enumerate(moves, start=1):
            out += move_answers(e["move"], f"{fid}.move{k}")
        if moves:
            final = next(a for a in move_answers(moves[-1]["move"]) if a.part == "end")
            out.append(Answer(f"{fid}.end", final.value, final.ties, final.key, final.why))
        attack = next((e for e in steps if e["action"] == "attack" and e["performed"]), None)
        if attack is not None:
            d = attack.get("decision") or {}
            out.append(Answer(f"{fid}.attack", list(attack["targets"]), tuple([t] for t in d.get("ties", [])),
                              dict(d.get("key", {})), attack.get("why", "")))
    return out
