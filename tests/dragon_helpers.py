"""Staging scenes of Under the Shadow of the Dragon on the shipped content, for the rules' tests:
a match, its board emptied (the counters set aside, so every counter still lies in one place),
counters and heroes put where a test wants them, and dice forced face by face."""

from __future__ import annotations

from pathlib import Path

from overlord.games.dragon.fights import item_of
from overlord.games.dragon.game import GAME
from overlord.games.dragon.load import load
from overlord.games.dragon.specs import take_counter
from overlord.games.heroes.state import lift, put
from overlord.games.dragon.state import artifact
from overlord.games.heroes.sheet import gain_cube

ROOT = Path(__file__).resolve().parent.parent
COOP = str(ROOT / "scenarios" / "dragon.yaml")
DUEL = str(ROOT / "scenarios" / "dragon-duel.yaml")
_CONTENT: dict[str, object] = {}


def content(path: str = COOP):
    if path not in _CONTENT:
        _CONTENT[path] = load(path)
    return _CONTENT[path]


class Dice:
    """A stand-in for the heroes' generator: hands out the given faces in order."""

    def __init__(self, faces):
        self.faces = list(faces)

    def integers(self, low, high=None, size=None):
        n = 1 if size is None else size
        if len(self.faces) < n:
            raise AssertionError(f"the test's dice ran out: needed {n}, had {self.faces}")
        out, self.faces = self.faces[:n], self.faces[n:]
        for face in out:
            assert 1 <= face <= 6
        return out[0] if size is None else out


def match(heroes=("paladin",), path: str = COOP, seed: int = 1, empty: bool = True, **rules):
    """A new match; ``empty``: every counter but the Dragon and the Dragon Man set aside."""
    m = GAME.new_match(content(path), list(heroes), seed)
    s = m.state
    s.rules.update(rules)
    if empty:
        keep = {i for i in content(path).instances if content(path).spec(i).effect in ("dragon", "dragon_man")}
        for fid in list(s.board):
            for inst in list(s.board[fid]):
                if inst not in keep:
                    lift(s, inst)
                    s.aside.append(inst)
    return m


def take_from_anywhere(m, inst: str) -> None:
    """A counter lifted from wherever it lies (every counter stays in one place): the specs' own."""
    take_counter(m.state, inst)


def place(m, inst: str, fid: str, down: bool = False) -> None:
    take_from_anywhere(m, inst)
    put(m.state, fid, inst, face_down=down)


def give(m, hero: str, inst: str, back: bool = False) -> None:
    """Put a counter on the hero's sheet as an artifact (``back``: turned over first)."""
    s, c = m.state, m.content
    take_from_anywhere(m, inst)
    if back and inst not in s.backs:
        s.backs.append(inst)
    s.sheets[hero].items.append(item_of(artifact(s, c, inst), inst))


def task(m, hero: str, inst: str) -> None:
    take_from_anywhere(m, inst)
    m.state.sheets[hero].tasks.append(inst)


def cubes(m, hero: str, **colours) -> None:
    for colour, n in colours.items():
        for _ in range(n):
            gain_cube(m.state.sheets[hero], colour)


def stand(m, hero: str, fid: str, mp: int | None = None) -> None:
    m.state.at[hero].field = fid
    if mp is not None:
        m.state.turn.mp = mp


def act(m, action: dict, faces=()):
    return GAME.apply(m, action, Dice(faces) if faces else Dice([]))


def lines(m, evs) -> list[str]:
    return GAME.narrate(m, evs)


def events_of(evs, kind: str) -> list[dict]:
    return [e for e in evs if e["event"] == kind]


def legal(m) -> list[dict]:
    return GAME.legal_actions(m)


# -- at the table ------------------------------------------------------------------------------------------

class ForcedDice:
    """The dice of every command at the table: the given faces first, then the game's own
    generator (``Ctx.open`` patched by :func:`force_dice`)."""

    def __init__(self, faces):
        self.faces = list(faces)
        self.real = None

    def integers(self, low, high=None, size=None):
        n = 1 if size is None else size
        if len(self.faces) < n:
            return self.real.integers(low, high, size=size)
        out, self.faces = self.faces[:n], self.faces[n:]
        return out[0] if size is None else out


def force_dice(monkeypatch, faces) -> ForcedDice:
    """The next dice rolled at the table (trials, searches, the Halfling's hiding...) show
    ``faces``; draws from the bag still come from the game's generator."""
    from overlord.games.dragon import state as dragon_state
    opened = dragon_state.Ctx.open.__func__
    dice = ForcedDice(faces)

    def open_forced(cls, s, c, given):
        ctx = opened(cls, s, c, given)
        if dice.faces:
            dice.real = ctx.dice
            ctx.dice = dice
        return ctx
    monkeypatch.setattr(dragon_state.Ctx, "open", classmethod(open_forced))
    return dice


def at_table(tmp_path, heroes=("orc", "paladin"), path: str = COOP, seed: int = 1, empty: bool = True):
    """A saved game at the table (``overlord play``); ``empty``: the board cleared as :func:`match`
    does, so that a test stages its scene on ``session.match``."""
    from session_helpers import TableSession
    session, _ = TableSession.start(path, list(heroes), seed, tmp_path / "table.db")
    if empty:
        s, c = session.match.state, session.match.content
        keep = {i for i in c.instances if c.spec(i).effect in ("dragon", "dragon_man")}
        for fid in list(s.board):
            for inst in list(s.board[fid]):
                if inst not in keep:
                    lift(s, inst)
                    s.aside.append(inst)
    return session


def typed(session, *commands) -> str:
    """Type each command; every one must be accepted. Returns the replies' lines, joined."""
    out = []
    for command in commands:
        reply = session.execute(command)
        assert reply.ok, f"{command!r} was refused: {reply.lines}"
        out += reply.lines
    return "\n".join(out)
