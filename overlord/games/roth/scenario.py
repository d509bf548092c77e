"""A Return of the Heroes scenario: which of the box's files it plays with, its mode and variant,
and the readings a line away; and the check across the files, which no file can make alone:
every field a counter, a deed or a hero names is a field of the board, no two counters share
their coordinates, a deed's counter is no counter of the box's by the same id, each hero's manor is
a manor field of the board.

No RotH scenario ships until the game plays (issue 43): the kind is registered so that an
author's scenario, and the tests' one, are checked as every game's are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from overlord.content import kinds
from overlord.content.errors import Problem, nearest
from overlord.content.models import Int, Strict
from overlord.games.heroes.content import named_files
from overlord.games.heroes.regions import RegionBoard, build_board

from .content import MODES, NAME, VARIANTS
from .counters import CART_PRICE, HOBIRO_ROLL
from .heroes import HOME, deed_fields, destination
from .regions import BOAT_FIELDS


class RothRules(Strict):
    """The readings with another reading a line away (docs/roth.md, "Readings")."""

    boat_field: Literal[BOAT_FIELDS] = Field(BOAT_FIELDS[0], description="the field the boat lies on (the book: L4 and F4)")
    cart_price: Literal[CART_PRICE] = Field(CART_PRICE[0], description="\"Cart: -4 movement points, +2\": the -4 is its price, or not")
    hobiro_roll: Literal[HOBIRO_ROLL] = Field(HOBIRO_ROLL[0], description="Don Hobiro's \"roll of 1-4\": the ranged rating, or two dice")
    nameless_at_start: bool = Field(False, description="Option 1: the Nameless counter in the bag from the start")
    deeds_at_court: bool = Field(False, description="Option 2: heroic deeds picked up at the royal court")
    program_choices: bool = Field(True, description="the program places the counters drawn; false: the drawing "
                                  "player does (\"anywhere the drawing player chooses\")")


class RothFiles(Strict):
    regions: str = Field(min_length=1)
    counters: str = Field(min_length=1)
    artifacts: str = Field(min_length=1)
    heroes: str = Field(min_length=1)
    deeds: str = Field(min_length=1)
    nameless: str = Field(min_length=1)
    deck: str = Field("", description="the co-operative mode's Nameless deck (ours); the book's race has none")


class RothCoop(Strict):
    """The co-operative mode (ours, every number): the darkness, a clock that rises every enemy phase
    and by the Nameless deck's cards, beats the heroes at the limit for their party's size."""

    darkness_limit: dict[Literal[1, 2, 3, 4], Int(1, 200)] = Field(
        description="the darkness that ends the game, by the number of heroes")
    darkness_each_round: Int(0, 10) = Field(1, description="the darkness every enemy phase adds, before its card")


class RothScenario(Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    mode: Literal[MODES]
    variant: Literal[VARIANTS] = "introductory"
    heroes: list[Literal[1, 2, 3, 4]] = Field(min_length=1, description="how many heroes may play")
    content: RothFiles
    rules: RothRules = RothRules()
    coop: RothCoop | None = Field(None, description="the co-operative mode's numbers (ours); needed when mode is coop")
    max_rounds: Int(1, 500) = 60
    seats: Int(0, 4) = Field(0, description="the race: the heroes in the game, the players' and the program's "
                             "rivals (one of each kind no player took); 0: no rivals, the players race each other")
    ours: str = ""


class RothScenarioFile(Strict):
    game: Literal["roth"]
    scenario: RothScenario


FILES = {"regions": "roth_regions", "counters": "roth_counters", "artifacts": "roth_artifacts",
         "heroes": "roth_heroes", "deeds": "roth_deeds", "nameless": "roth_nameless", "deck": "roth_nameless_deck"}
OPTIONAL = ("deck",)


@dataclass(frozen=True)
class Parts:
    """The scenario's files, each loaded and clean, and the board built from the maps."""

    models: dict
    docs: dict
    board: RegionBoard


def parts(loaded) -> tuple[list[Problem], Parts | None]:
    """The files a scenario names, loaded; None when one cannot be used (its problems are listed)."""
    problems, models, docs = named_files(loaded, FILES)
    problems += coop_problems(loaded)
    named = [key for key in FILES if key not in OPTIONAL or getattr(loaded.model.scenario.content, key)]
    if problems or len(models) < len(named):
        return problems, None
    return problems, Parts(models, docs, build_board(models["roth_regions"].roth_regions))


def coop_problems(loaded) -> list[Problem]:
    """Together (``mode: coop``, ours) needs its numbers: the darkness's limit for every party size
    the scenario allows."""
    sc, doc = loaded.model.scenario, loaded.doc
    if sc.mode != "coop":
        return []
    if sc.coop is None:
        return [doc.problem(("scenario",), "the co-operative mode needs its numbers (coop: darkness_limit)")]
    missing = [h for h in sc.heroes if h not in sc.coop.darkness_limit]
    if missing:
        return [doc.problem(("scenario", "coop", "darkness_limit"), f"no darkness_limit for {missing[0]} "
                            f"hero{'es' * (missing[0] > 1)}")]
    return []


def cross_problems(p: Parts) -> list[Problem]:
    """What no file can check alone, each problem at its line in the file that names the thing."""
    board = p.board
    out: list[Problem] = []
    counters, cdoc = p.models["roth_counters"].roth_counters, p.docs["roth_counters"]
    deeds, ddoc = p.models["roth_deeds"].roth_deeds, p.docs["roth_deeds"]
    heroes, hdoc = p.models["roth_heroes"].roth_heroes, p.docs["roth_heroes"]

    def no_field(doc, path: tuple, fid: str, what: str) -> None:
        if fid not in board.fields:
            out.append(doc.problem(path, f"{what}: no field {fid!r} on the board{nearest(fid, board.fields)}"))

    held: dict[str, str] = {}              # field -> the counter whose coordinates it is
    for cid, c in counters.items():
        base = ("roth_counters", cid)
        if c.at:
            no_field(cdoc, base + ("at",), c.at, f"counter {cid!r}")
            if c.at in held:
                out.append(cdoc.problem(base + ("at",), f"counter {cid!r}: {c.at} holds {held[c.at]} already "
                                                        "(each counter has coordinates of its own)"))
            held.setdefault(c.at, f"the counter {cid!r}")
        for key in ("to", "visit"):
            target = getattr(c.task, key, "") if c.task else ""
            if target:
                no_field(cdoc, base + ("task", key), target, f"counter {cid!r}, its task's {key!r}")
    for did, deed in deeds.items():
        for pid, part in deed.counters.items():
            base = ("roth_deeds", did, "counters", pid)
            if pid in counters:
                out.append(ddoc.key_problem(base, f"deed {did!r}: {pid!r} is a counter of the box's too "
                                                  "(a deed's counters have ids of their own)"))
            if part.at in held:
                out.append(ddoc.problem(base + ("at",), f"deed {did!r}, counter {pid!r}: {part.at} holds "
                                                        f"{held[part.at]} already"))
            held.setdefault(part.at, f"deed {did!r}'s counter {pid!r}")
    for path, fid in deed_fields(p.models["roth_deeds"]):
        if fid != HOME:
            no_field(ddoc, path, fid, f"deed {path[1]!r}")
    for did, deed in deeds.items():                  # a counter a step brings something to
        for k, step in enumerate(deed.steps):
            kind, target = destination(step.to) if step.bring else ("", "")
            if kind == "counter" and target not in deed.counters and target not in counters:
                out.append(ddoc.problem(("roth_deeds", did, "steps", k, "to"),
                                        f"deed {did!r}, part {k + 1}: no counter {target!r}"
                                        f"{nearest(target, [*deed.counters, *counters])}"))
    manors = {fid for fid, f in board.fields.items() if f.feature == "manor"}
    for hid, hero in heroes.items():
        path = ("roth_heroes", hid, "manor")
        if hero.manor not in board.fields:
            no_field(hdoc, path, hero.manor, f"hero {hid!r}'s manor")
        elif hero.manor not in manors:
            out.append(hdoc.problem(path, f"hero {hid!r}: {hero.manor} is no manor field of the board (the manors: "
                                          f"{', '.join(sorted(manors))})"))
    return out


def _cross_check(loaded) -> list[Problem]:
    problems, got = parts(loaded)
    return problems if got is None else problems + cross_problems(got)


kinds.register(kinds.FileKind(kinds.SCENARIO, RothScenarioFile, NAME, "a Return of the Heroes scenario",
                              noun="scenario", cross_check=_cross_check))
