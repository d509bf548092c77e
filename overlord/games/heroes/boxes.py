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
from overlord.view.words import count


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


def coop_problems(loaded, keys: tuple[str, ...], decks: dict[str, tuple[bool, str]]) -> list[Problem]:
    """What a combined scenario together (``mode: coop``, ours) needs: its numbers (``keys`` of its ``coop``)
    for every party size, no rivals, and each box's deck the co-operative mode plays (``decks``: box key ->
    (whether the box has it, its words)). Numbers in the race are refused too."""
    sc, doc = loaded.model.scenario, loaded.doc
    if sc.mode != "coop":
        return [doc.problem(("scenario", "coop"), "the co-operative numbers are the co-operative mode's "
                            "(mode: coop)")] if sc.coop is not None else []
    if sc.coop is None:
        return [doc.problem(("scenario",), f"the co-operative mode needs its numbers (coop: {', '.join(keys)})")]
    out = []
    for key in keys:
        missing = [n for n in sc.heroes if n not in getattr(sc.coop, key)]
        if missing:
            out.append(doc.problem(("scenario", "coop", key), f"no {key} for {count(missing[0], 'hero')} "
                                   "(the co-operative mode is for 1 to 4 heroes)"))
    if sc.seats:
        out.append(doc.problem(("scenario", "seats"), "the co-operative mode has no rivals: every hero is a "
                               "player's (seats: 0)"))
    for box, (has, words) in decks.items():
        if not has:
            out.append(doc.problem(("scenario", "boxes", box), f"{getattr(sc.boxes, box)} names no {words}: the "
                                   "co-operative mode plays it"))
    return out
