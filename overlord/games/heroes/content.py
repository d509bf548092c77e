"""What the Heroes family's content files share: a task counter's steps as an author writes them
(:class:`TaskModel`, read as a :class:`~overlord.games.heroes.tasks.TaskSpec`) and the one-line
rules text every item carries. Under the Shadow of the Dragon and Return of the Heroes build their
counters on these."""

from __future__ import annotations

from typing import Literal

from overlord.content.errors import Problem
from overlord.content.models import Int, Strict
from overlord.content.validate import load_named
from overlord.games.heroes.sheet import SKILLS
from overlord.games.heroes.tasks import TaskSpec


def one_line(text: str) -> str:
    """A pydantic field check: the rules text is a single line."""
    if "\n" in text.strip():
        raise ValueError("the rules text is one line of our own words")
    return text


def coloured_cubes(reward: list[list[str]]) -> list[list[str]]:
    """A pydantic field check: each experience cube of a reward names the colours one may choose."""
    for cube in reward:
        if not cube:
            raise ValueError("each reward cube names at least one colour")
    return reward


def three_skills(value: dict) -> dict:
    """A pydantic field check: a sheet's ratings (or thresholds) name the three skills."""
    missing = [s for s in SKILLS if s not in value]
    if missing:
        raise ValueError(f"name the three skills; missing {', '.join(missing)}")
    return value


class TaskModel(Strict):
    """A task counter's steps (``heroes.tasks``): level 1 visit, or bring + to; level 2 find (a
    person); level 3 find (an artifact) + to; level 4 find + to_person."""

    level: Literal[1, 2, 3, 4]
    visit: str = ""
    bring: str = ""
    find: str = ""
    to: str = ""
    to_person: str = ""
    found_gold: Int(0, 50) = 0

    def spec(self) -> TaskSpec:
        return TaskSpec(self.level, self.visit, self.bring, self.find, self.to, self.to_person, self.found_gold)


def named_files(loaded, files: dict[str, str]) -> tuple[list[Problem], dict, dict]:
    """The content files a scenario names under ``scenario.content`` (``files``: its key -> the
    kind the file must hold; a key left empty names none), each loaded: (problems, kind -> model,
    kind -> its document). A file of another kind is a problem at the scenario's line."""
    problems: list[Problem] = []
    models, docs = {}, {}
    for key, kind in files.items():
        rel = getattr(loaded.model.scenario.content, key)
        if not rel:
            continue
        part = load_named(loaded.doc, ("scenario", "content", key), rel)
        problems += part.problems
        if part.model is None:
            continue
        if part.kind != kind:
            problems.append(loaded.doc.problem(("scenario", "content", key), f"{rel} holds {part.kind}, not {kind}"))
            continue
        models[kind], docs[kind] = part.model, part.doc
    return problems, models, docs
