"""Tasks of the Heroes family (blue borders): the four levels of Under the Shadow of the Dragon
("Types of Tasks"), which are Return of the Heroes' tasks with their steps named.

- Level 1: "A person, a creature, or an artifact needs to be brought to a specific destination,
  or you need to visit a particular location."
- Level 2: "A certain person (underlined, i.e., this is a counter that has to be drawn out the
  bag) needs to be found."
- Level 3: "A certain artifact ... needs to be found. Once you have found the artifact, you
  receive the reward listed on the counter (note the number printed in the gold piece on the
  counter). Now the artifact needs to be taken to the location indicated on the counter. When you
  have resolved this task, you turn the counter over."
- Level 4: the same, but "the artifact needs to be taken to the person indicated on the counter
  (underlined, i.e., this too is a counter from the bag)".
- "The individual counters representing underlined persons or artifacts related to task counters
  have a two-color border (blue/yellow). Such counters are only 'visible' to the hero who has
  taken on the appropriate task." (:func:`sees_part`)

A task is plain data (:class:`TaskSpec`); these functions say what it needs and whether it is
done, from what the hero carries and what lies on his field. Rewards and the counters' moves are
the game's.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = (1, 2, 3, 4)


@dataclass(frozen=True)
class TaskSpec:
    level: int
    visit: str = ""          # level 1: a field to visit
    bring: str = ""          # level 1: a counter to carry to ``to``
    find: str = ""           # levels 2-4: the person (2) or artifact (3, 4) to find
    to: str = ""             # levels 1 (with bring) and 3: the destination field
    to_person: str = ""      # level 4: the person the artifact is taken to
    found_gold: int = 0      # levels 3 and 4: gold on finding the artifact


def shape_problem(spec: TaskSpec) -> str | None:
    """Why a task's fields do not fit its level, or None."""
    lv = spec.level
    if lv not in LEVELS:
        return f"a task's level is one of {LEVELS}, not {lv}"
    named = {k for k in ("visit", "bring", "find", "to", "to_person") if getattr(spec, k)}
    wanted = {1: ({"visit"}, {"bring", "to"}), 2: ({"find"},), 3: ({"find", "to"},), 4: ({"find", "to_person"},)}[lv]
    if named not in wanted:
        shapes = " or ".join("{" + ", ".join(sorted(w)) + "}" for w in wanted)
        return f"a level {lv} task names {shapes}, not {{{', '.join(sorted(named))}}}"
    if spec.found_gold and lv < 3:
        return "only level 3 and 4 tasks pay gold on finding their artifact"
    return None


def parts(spec: TaskSpec) -> list[str]:
    """The counters the task makes visible to its holder (its underlined persons and artifacts)."""
    return [c for c in (spec.find, spec.to_person) if c] + ([spec.bring] if spec.level == 1 and spec.bring else [])


def sees_part(counter: str, held_tasks: list[TaskSpec]) -> bool:
    """A two-coloured counter is seen by the hero holding a task that names it."""
    return any(counter in parts(t) for t in held_tasks)


def found(spec: TaskSpec, carried: set[str]) -> bool:
    """Levels 3 and 4: the artifact has been found (the hero carries it)."""
    return spec.level in (3, 4) and spec.find in carried


def fulfilled(spec: TaskSpec, here: str, carried: set[str], here_counters: set[str]) -> bool:
    """Whether the task is done now, for a hero on field ``here`` who carries ``carried`` with
    ``here_counters`` lying on his field."""
    if spec.level == 1:
        return here == spec.visit if spec.visit else (spec.bring in carried and here == spec.to)
    if spec.level == 2:
        return spec.find in here_counters
    if spec.level == 3:
        return spec.find in carried and here == spec.to
    return spec.find in carried and spec.to_person in here_counters
