"""A combined game's boxes (issue 44): each named by a scenario of its own game in the combined scenario
(``boxes: {roth: roth-standard.yaml, dragon: dragon-duel.yaml}``), loaded by that game as always - its
content files checked, its flags read - with a problem at the line that names a box that cannot be
(missing, another kind, another game's), and the box's own problems as they are."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from overlord.content import kinds
from overlord.content.errors import ContentError, Problem
from overlord.content.validate import load_named


def load_boxes(loaded, loaders: dict[str, Callable[[Path], Any]], titles: dict[str, str],
               games: dict[str, str] | None = None) -> tuple[list[Problem], dict[str, Any]]:
    """Each box of ``loaded``'s ``scenario.boxes`` by its loader (``loaders``: box key -> the game's
    load); ``titles``: how a box is named in a problem; ``games``: the game each box's scenario must
    be (its key by default). Returns the problems and the boxes loaded."""
    problems: list[Problem] = []
    got = {}
    for key, load in loaders.items():
        rel = getattr(loaded.model.scenario.boxes, key)
        game = (games or {}).get(key, key)
        part = load_named(loaded.doc, ("scenario", "boxes", key), rel)
        if part.problems:
            problems += part.problems
            continue
        if part.kind != kinds.SCENARIO or part.game != game:
            problems.append(loaded.doc.problem(("scenario", "boxes", key),
                                               f"{rel} is no {titles[key]} scenario (it holds {part.kind}"
                                               f"{' of ' + part.game if part.game else ''})"))
            continue
        try:
            got[key] = load(Path(loaded.file).parent / rel)
        except ContentError as e:
            problems += e.problems
    return problems, got
