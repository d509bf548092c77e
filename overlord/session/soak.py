"""The table soak (``overlord soak SCENARIO --table``): many seeded games of a scenario played
through the real table session as a careless group would type them - random command forms from
``help`` filled with the game's own words, random option numbers, the session's commands,
``undo``, and the game saved, quit and resumed now and then - with narration on, checking every
answer:

* no exception escapes the session (a traceback), and no command is a fault of the program
  (the session's one line "the program failed on ...");
* a refusal is one line; nothing a player reads holds the words of the code (:data:`CODE_WORDS`:
  Python reprs, snake_case names, validation paths, "headless", doubled phrases);
* a saved game always resumes, to the very state it was left in, and answers ``status``.

The engine's own soak (:mod:`overlord.sim.soak`) plays bots through the rules and checks their
invariants; it never typed a command, and so missed two crashes players met at the table.
The figures of a long run are in ``docs/hostile-input.md``; the tests run it briefly.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Set as AbstractSet, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..core.game import GameRules, match_json
from ..core.rng import new_rng
from .session import COMMON, PLAYERS, CommandError, Session

FAULT = "the program failed on "

#: what a player must never read (issue 39, "No internal words in what players read"):
#: name -> pattern. A rule flag named as authors write it ("rules: undo_hidden_draws",
#: "rules.monster_boss") is the scenario's own word, not the code's, and is not counted.
CODE_WORDS: dict[str, re.Pattern] = {
    "a traceback": re.compile(r"Traceback \(most recent call last\)|File \"[^\"]+\.py\", line \d+"),
    "a Python list or dict": re.compile(r"\[-?\d+, -?\d+\]|\{'|\['|': "),
    "the word headless": re.compile(r"\bheadless\b", re.I),
    "a name of the code (snake_case)": re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
    "a validation path": re.compile(r"\b\d+\.[a-z_]+\.\d+(\.[a-z_]+)?\b"),
    "a doubled article": re.compile(r"\b(The book's|the book's) The\b|\bThe the\b|\bthe the\b"),
    "a reason said twice": re.compile(r"not performed\b.*\bis not performed|performs the card's effects"),
}


def code_words(line: str, allowed: AbstractSet[str] = frozenset()) -> list[str]:
    """What of :data:`CODE_WORDS` a line holds (their names). Not counted: a rule flag's own name
    ("rules: undo_hidden_draws"), a file's path, and the ``allowed`` words - what the player typed
    on that line (a refusal may quote it) and the table's own verbs (``take_task``)."""
    bare = re.sub(r"\brules[.:]\s*[a-z_]+(:\s*\w+)?", "", line)
    # a word left out leaves a mark in its place, so that the words either side do not meet ("end the
    # turn' the command" without the verb `turn` is no doubled article)
    bare = " ".join(w if "/" not in w and w.strip("'\".,;:()") not in allowed else "~" for w in bare.split(" "))
    return [name for name, pattern in CODE_WORDS.items() if pattern.search(bare)]


@dataclass
class Found:
    """What a table soak found."""

    games: int = 0
    commands: int = 0
    accepted: int = 0
    refused: int = 0
    resumed: int = 0
    undone: int = 0
    asked: int = 0                                       # answers that asked for the players' dice
    ended: int = 0
    rounds: list[int] = field(default_factory=list)      # the round each game reached
    tracebacks: list[str] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)
    long_refusals: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)       # saves that would not resume, or not as left

    @property
    def problems(self) -> list[str]:
        return self.tracebacks + self.faults + self.long_refusals + self.words + self.stuck

    def summary(self) -> str:
        reached = sorted(self.rounds) or [0]
        return (f"{self.games} games, {self.commands:,} commands ({self.accepted:,} accepted, {self.refused:,} refused, "
                f"{self.undone:,} undone), {self.asked:,} rolls asked, {self.resumed:,} resumes, {self.ended} games ended, rounds reached "
                f"{reached[len(reached) // 2]} (median) to {reached[-1]}; "
                f"{len(self.tracebacks)} tracebacks, {len(self.faults)} faults, {len(self.stuck)} saves that cannot go on, "
                f"{len(self.long_refusals)} refusals longer than a line, {len(self.words)} lines with the code's words")


# -- typing a command --------------------------------------------------------------------------------

PLACEHOLDER = re.compile(r"^[A-Z][A-Z_]*(,[A-Z]+)?$")


def usage(help_line: str) -> str:
    return help_line.split(" - ", 1)[0].strip()


def fill(form: str, words: list[str], rng: np.random.Generator, heroes: Sequence[str] = ()) -> str:
    """A command typed after a usage line (``attack MONSTER DAMAGE [by HERO]``): each optional
    part in or out, one alternative of ``a|b`` (or of `` | `` between whole forms), each
    placeholder a word of the game's, a space or a number."""
    forms = [f.strip() for f in form.split(" | ")] if " | " in form else [form]
    form = forms[int(rng.integers(len(forms)))]
    out: list[str] = []
    depth, skip_from = 0, None
    for token in re.findall(r"\[|\]|[^\s\[\]]+", form):
        if token == "[":
            depth += 1
            if skip_from is None and rng.random() < 0.5:
                skip_from = depth
            continue
        if token == "]":
            if skip_from == depth:
                skip_from = None
            depth -= 1
            continue
        if skip_from is not None:
            continue
        if token == "...":
            continue
        choices = token.split("|")
        token = choices[int(rng.integers(len(choices)))]
        out.append(_value(token, words, rng, heroes) if PLACEHOLDER.match(token) else token)
    return " ".join(out)


def _value(placeholder: str, words: list[str], rng: np.random.Generator, heroes=()) -> str:
    roll = rng.random()
    if placeholder == "HERO" and heroes and roll < 0.85:
        return str(heroes[int(rng.integers(len(heroes)))])
    if "," in placeholder or placeholder in ("SPACE", "AREA", "XY"):
        return f"{int(rng.integers(-1, 12))},{int(rng.integers(-1, 12))}"
    if placeholder in ("N", "DAMAGE", "HEARTS", "SURGES", "STACK", "AMOUNT", "COUNT") or roll < 0.1:
        return str(int(rng.choice([0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 12, -1])))
    if placeholder == "SIDE":
        return str(rng.choice(["N", "E", "S", "W"]))
    if not words or roll < 0.15:
        return str(rng.choice(["x", "nobody", "magic", "close", "ranged", "1,1", "9"]))
    return words[int(rng.integers(len(words)))]


def _state_words(text: str) -> list[str]:
    """Ids and spaces the game's state names (every string, and every [x, y] pair as X,Y)."""
    found = set(re.findall(r'"([A-Za-z][\w-]{0,30})"', text))
    found |= {f"{x},{y}" for x, y in re.findall(r"\[(-?\d{1,2}),\s*(-?\d{1,2})\]", text)}
    return sorted(found)


class Typist:
    """A careless player: what to type next, from the seeded generator ``rng`` only."""

    def __init__(self, session: Session, rng: np.random.Generator):
        self.rng = rng
        self.helps = [line for line in session.execute("help").lines if line.strip()]
        self.own = [h for h in self.helps if h.split()[0].lower() not in COMMON and not h.startswith("N ")]
        self.verbs = {h.split()[0] for h in self.helps}

    def line(self, session: Session, last: list[str]) -> str:
        """The next line; ``last``: the lines of the last answer (a hint in backticks in them,
        such as "tell me the damage with `hurt leoric N`", is followed as a player would)."""
        r = self.rng.random()
        if session.waiting is not None and r < 0.85:
            return self._roll(session.waiting["asked"][-1])
        words = None
        hints = [h for text in last[-3:] for h in re.findall(r"`([^`]+)`", text)
                 if h.split() and h.split()[0] not in ("overlord", "undo", "quit")]
        if hints and r < 0.5:
            words = self._words(session)
            return fill(hints[int(self.rng.integers(len(hints)))], words, self.rng, self._heroes(session))
        if r < 0.40:                             # an option's number (the first few most often)
            return str(int(self.rng.choice([1, 1, 1, 2, 2, 3, 4, 5, 6, 9, 0])))
        if r < 0.88 and self.own:
            words = words or self._words(session)
            return fill(usage(self.own[int(self.rng.integers(len(self.own)))]), words, self.rng, self._heroes(session))
        return str(self.rng.choice(["map", "status", "why", "why 1", "why 2", "options", "help", "help move",
                                    "components", "undo", "undo", "unknown-thing 3", "end"]))

    def _roll(self, asked: dict) -> str:
        """Faces for the roll asked: mostly ones a die shows, now and then a face no die shows or a
        die too many (refused), a word, or ``undo``."""
        faces = [str(f) for f in asked["faces"]]
        rolled = [faces[int(self.rng.integers(len(faces)))] for _ in range(asked["n"])]
        r = self.rng.random()
        if r < 0.06:
            rolled[0] = "7"
        elif r < 0.10:
            rolled.append(faces[0])
        elif r < 0.13:
            return "undo"
        return ("dice " if self.rng.random() < 0.5 else "") + " ".join(rolled)

    @staticmethod
    def _words(session: Session) -> list[str]:
        return list(dict.fromkeys(session.words() + _state_words(match_json(session.match))))

    @staticmethod
    def _heroes(session: Session) -> list[str]:
        return list(session.match.state.heroes)


# -- a soak ---------------------------------------------------------------------------------------

def table_soak(rules: GameRules, content, path, seeds: list[int], commands: int = 200,
               resume_every: float = 0.04, folder: Path | None = None, progress=None,
               dice: str = PLAYERS) -> Found:
    """Play one game a seed through the real session (saved in ``folder``, a temporary folder by
    default): ``commands`` typed, saved, quit and resumed with chance ``resume_every`` after a
    command. ``dice``: who rolls the heroes' dice (the players by default, as at a table: the
    typist types the faces asked for, and now and then faces that cannot be). Returns what was
    found (each problem names the seed, the command's number and text)."""
    found = Found()
    info = rules.info(content)
    if folder is None and Path("/dev/shm").is_dir() and os.access("/dev/shm", os.W_OK):
        folder = Path("/dev/shm")            # throwaway saves: memory spares the disk a sync a command
    with tempfile.TemporaryDirectory(prefix="overlord-soak-", dir=folder) as tmp:
        for i, seed in enumerate(seeds):
            rng = new_rng(seed)
            count = info.hero_counts[i % len(info.hero_counts)]
            heroes = [str(h) for h in rng.permutation(list(info.heroes))[:count]]
            _one_game(rules, content, path, seed, heroes, commands, resume_every, Path(tmp) / f"game-{i}.db", rng, found,
                      dice)
            found.games += 1
            if progress is not None:
                progress(found)
    return found


def _opener(rules, content, path):
    return lambda scenario: (rules, content, path)


def _one_game(rules, content, path, seed, heroes, commands, resume_every, save, rng, found: Found,
              dice: str = PLAYERS) -> None:
    where = f"seed {seed} ({', '.join(heroes)})"
    try:
        try:
            session, first = Session.start(rules, content, path, heroes, seed, save, dice)
        except CommandError:                  # heroes that may not play together: a party the game deals
            heroes = [str(h) for h in rules.party(content, len(heroes), seed)]
            where = f"seed {seed} ({', '.join(heroes)})"
            session, first = Session.start(rules, content, path, heroes, seed, save, dice)
    except Exception as e:  # noqa: BLE001 - counted, never swallowed: the soak's report names it
        found.tracebacks.append(f"{where}, at the start: {type(e).__name__}: {e}")
        return
    typist = Typist(session, rng)
    _read(first.lines, where, "start", found, typist.verbs)
    last = first.lines
    try:
        for n in range(1, commands + 1):
            line = typist.line(session, last)
            at = f"{where}, command {n} {line!r}"
            try:
                reply = session.execute(line)
            except Exception as e:  # noqa: BLE001 - what escaped the session is the finding
                found.tracebacks.append(f"{at}: {type(e).__name__}: {e}")
                session.close()
                session = _resume(rules, content, path, save, at, found, None)
                if session is None:
                    return
                continue
            found.commands += 1
            last = reply.lines
            if reply.ok:
                found.accepted += 1
                found.undone += line == "undo"
            else:
                found.refused += 1
                if reply.lines and reply.lines[0].startswith(FAULT):
                    found.faults.append(f"{at}: {reply.lines[0]}")
                elif len(reply.lines) != 1:
                    found.long_refusals.append(f"{at}: {len(reply.lines)} lines: {reply.lines[:3]}")
            _read(reply.lines, where, f"command {n} {line!r}", found, typist.verbs | set(line.split()))
            found.asked += session.waiting is not None and reply.ok and line != "undo"
            if rng.random() < resume_every:
                left = _left(session)
                session.close()
                session = _resume(rules, content, path, save, at, found, left)
                if session is None:
                    return
        found.ended += rules.outcome(session.match) is not None
        found.rounds.append(session.match.state.round)
    finally:
        if session is not None:
            session.close()
    again = _resume(rules, content, path, save, f"{where}, after the last command", found,
                    None)
    if again is not None:
        again.close()


def _left(session: Session) -> str:
    """What a resumed game must be as it was left: its state, and the roll it waits for."""
    return match_json(session.match) + json.dumps(session.waiting, sort_keys=True)


def _resume(rules, content, path, save, at, found: Found, left: str | None):
    """The save resumed (None, and a saved game that cannot go on recorded, when it will not)."""
    try:
        session, reply = Session.resume(save, _opener(rules, content, path))
    except Exception as e:  # noqa: BLE001 - a save that will not resume is the finding
        found.stuck.append(f"{at}: the save does not resume: {type(e).__name__}: {e}")
        return None
    found.resumed += 1
    _read(reply.lines, at, "resume", found, {h.split()[0] for h in session.execute("help").lines if h.strip()})
    if left is not None and _left(session) != left:
        found.stuck.append(f"{at}: resumed to another state than it was left in")
    try:
        status = session.execute("status")
    except Exception as e:  # noqa: BLE001 - counted
        found.tracebacks.append(f"{at}, `status` after resuming: {type(e).__name__}: {e}")
        return session
    if not status.ok or (status.lines and status.lines[0].startswith(FAULT)):
        found.stuck.append(f"{at}: resumed, but `status` fails: {status.lines[:1]}")
    return session


def _read(lines: list[str], where: str, what: str, found: Found, allowed: AbstractSet[str] = frozenset()) -> None:
    for text in lines:
        hits = code_words(text, allowed)
        if hits:
            found.words.append(f"{where}, {what}: {', '.join(hits)}: {text[:160]!r}")


def report(found: Found, show: int = 20) -> list[str]:
    """The summary, then the first ``show`` problems of each kind."""
    out = [found.summary()]
    for name, items in (("tracebacks", found.tracebacks), ("faults", found.faults), ("saves that cannot go on", found.stuck),
                        ("refusals longer than a line", found.long_refusals), ("the code's words", found.words)):
        if items:
            out.append(f"{name} ({len(items)}):")
            out += [f"  {x}" for x in items[:show]]
    return out


def to_json(found: Found) -> str:
    return json.dumps(found.__dict__, indent=1)
