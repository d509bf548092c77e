"""What the table waits for, as controls a page draws: the game's own option lines and move
definitions turned into buttons and small forms, naming no game.

* A numbered option (``  3. rest leoric - leoric rests``) is a button that sends its number.
* A command to complete (``hurt leoric N - the damage ... dealt``) is a form: its fixed words as
  text, each word to fill in (``N``, ``X,Y``, ``HERO``: no lower-case letter) an input, typed as
  the move's param of that shape says - a number in its range (a stepper), a space ``X,Y`` (a tap
  on the board fills it), or a word from the game's list.
* Any other line is text (a heading, what the players are waiting on).

:func:`forms` gives every move the table takes typed, from its :class:`~overlord.core.moves.Moves`
definition (its words, its params with their kinds and ranges), for the page's list of actions.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.moves import Move, Moves, Param

NUMBERED = re.compile(r"^\s*(\d+)\.\s+(.*)$")
FILL = re.compile(r"^[^a-z]*[A-Z][^a-z]*$")            # a word to fill in: letters, none lower case


def offers(lines: list[str], table: Any) -> list[dict]:
    """The table's option lines as controls: ``{"kind": "button", "send": "3", "label": ...}``,
    ``{"kind": "form", "words": [...], "about": ...}`` or ``{"kind": "text", "text": ...}``."""
    moves = table_moves(table)
    out: list[dict] = []
    for line in lines:
        numbered = NUMBERED.match(line)
        if numbered and table.numbered:
            out.append({"kind": "button", "send": numbered.group(1), "label": numbered.group(2).strip()})
            continue
        form = _form(line.strip(), table, moves)
        out.append(form if form is not None else {"kind": "text", "text": line.rstrip()})
    return out


def _form(line: str, table: Any, moves: list[Moves]) -> dict | None:
    command, dash, about = line.partition(" - ")
    words = command.split()
    if not dash or not words or words[0] not in table.commands:
        return None
    move = _move(moves, words[0])
    placed = list(move.typed_params()) if move is not None else []
    keyed = {p.keyword: p for p in move.params if p.keyword} if move is not None else {}
    parts: list[dict] = [{"word": words[0]}]
    after: Param | None = None                       # the param a keyword just typed names
    for word in words[1:]:
        if word.startswith("["):                       # an optional part: the command line takes it
            break
        if word in keyed and after is None:
            after = keyed[word]
            parts.append({"word": word})
            continue
        p = after if after is not None else (placed.pop(0) if placed else None)
        after = None
        if FILL.match(word) and not word.isdigit():
            parts.append({"fill": word, **(_param_json(p) if p is not None else {"kind": "word"})})
        else:
            parts.append({"word": word})
    if not any("fill" in p for p in parts):
        return None
    return {"kind": "form", "words": parts, "about": about.strip(), "label": command}


def forms(table: Any) -> list[dict]:
    """Every move the table takes typed, as a page draws it (:meth:`Move.to_json`), in help order."""
    out = []
    for moves in table_moves(table):
        for move in moves.moves.values():
            if move.said in table.commands:
                out.append({**move.to_json(moves.choices), "verb": move.said})
    return out


def table_moves(table: Any) -> list[Moves]:
    return list(table.moves())


def _move(moves: list[Moves], verb: str) -> Move | None:
    for m in moves:
        for move in m.moves.values():
            if move.said == verb:
                return move
    return None


def _param_json(p: Param) -> dict:
    out = p.to_json()
    out.pop("word", None)
    return out


def dice_offer(asked: dict, question: str) -> dict:
    """The roll the table waits for as a form: ``dice`` and a field for each die (a stepper from the
    lowest face to the highest; a die of words, a word)."""
    faces = asked["faces"]
    numbers = all(isinstance(f, int) for f in faces)
    words: list[dict] = [{"word": "dice"}]
    for i in range(asked["n"]):
        name = f"die {i + 1}" if asked["n"] > 1 else "the die"
        words.append({"name": name, "fill": "ABCDEF"[i % 6], "kind": "int", "range": [min(faces), max(faces)]}
                     if numbers else {"name": name, "fill": "/".join(map(str, faces)), "kind": "word"})
    return {"kind": "form", "words": words, "about": question, "label": "the dice you rolled"}
