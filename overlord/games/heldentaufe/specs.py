"""Behaviour specs of Heldentaufe's monster boss (``overlord check``): how a situation is set up,
what the boss may be asked, and its answers part by part.

Situations:

* a **drawn Underworld** (``setup.board``: rows of hexes as ``board.drawn`` reads them, with the
  monsters' and heroes' letters), the monsters' hearts, swords and top teeth and the heroes'
  hearts and defence in ``setup``: the planner's view of a monsters' turn, nothing else;
* a **scenario's game** from a seed and scripted actions, the monsters and heroes put where
  ``setup`` says (an area ``"x,y"`` of the board, or ``off`` the board; heroes ``above`` at an
  Upper World cell).

Instructions and their parts:

* ``monster_plan``: the boss's plan for its points (the planner, or the game's greedy baseline
  with ``policy: greedy``): ``plan`` (its steps in words, tied with every plan equal but for the
  fixed order; its key: knocked out, hearts, teeth, blocked, distance, points), ``first`` (the
  first step), ``points`` (the points it uses);
* ``monster_turn``: the whole monsters' turn played on a scenario's game with the game's dice:
  ``moves`` and ``attacks`` (what happened, in order), ``left`` (points unused), ``hearts``
  (each hero's after);
* ``monster_attack``: one monster attacks a hero with the combat dice the spec gives (``dice:
  [monster's die, hero's die]``, faces of the content's combat die): ``totals``, ``winner``
  ("On a tie, the attacker wins"), ``hero_hearts``, ``monster_hearts``, ``tooth`` (the tooth the
  hero took, if the monster lost its last heart).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from ...content.models import Strict
from ...core.behaviour import Answer
from ...core.game import RulesError
from . import board as boards, boss, fights, machines, monsters as mb
from .planner import KEY_FIELDS, Fighter, Situation, Target, describe, greedy_step, key_value, plan
from .state import UNDER, UPPER

AREA = Annotated[str, Field(pattern=r"^(\d+,\d+|off)$")]


class MonsterSetup(Strict):
    at: AREA | None = None
    hearts: Annotated[int, Field(ge=1, le=9)] | None = None
    sword: Annotated[int, Field(ge=0, le=9)] | None = None          # a drawn board's monster
    tooth: Annotated[int, Field(ge=0, le=5)] | None = None          # ... and its top tooth
    teeth: list[Annotated[int, Field(ge=1, le=5)]] | None = None    # a game's monster: its stack


class HeroSetup(Strict):
    at: AREA | None = None
    above: Annotated[str, Field(pattern=r"^-?\d+,-?\d+$")] | None = None
    hearts: Annotated[int, Field(ge=1, le=9)] | None = None
    sword: Annotated[int, Field(ge=0, le=9)] | None = None          # its defence (sword, Berserker)


class HeldentaufeSetup(Strict):
    """A Heldentaufe spec's setup: a drawn Underworld or positions in a game; monsters and heroes."""

    board: str | None = None
    monsters: dict[Literal["ulumu", "zibbler", "wallrog"], MonsterSetup] = {}
    heroes: dict[str, HeroSetup] = {}
    treasure: bool | None = None
    portals: list[Annotated[int, Field(ge=1, le=5)]] | None = None
    points: Annotated[int, Field(ge=1, le=8)] = 4
    hold_back: bool | None = None


class PlanAsk(Strict):
    """The monster boss's plan for its action points (no die is rolled)."""

    policy: Literal["planner", "greedy"] = "planner"


class TurnAsk(Strict):
    """The whole monsters' turn, played with the game's dice."""

    policy: Literal["planner", "greedy"] | None = None


class AttackAsk(Strict):
    """One monster attacks a hero, the combat dice forced (``dice: [monster's, hero's]``)."""

    monster: Literal["ulumu", "zibbler", "wallrog"]
    hero: str


INSTRUCTIONS = {"monster_plan": PlanAsk, "monster_turn": TurnAsk, "monster_attack": AttackAsk}


@dataclass
class Drawn:
    """A drawn Underworld: the planner's situation and nothing else."""

    board: object
    situation: Situation


def pose_drawn(content, setup: HeldentaufeSetup) -> Drawn:
    try:
        board, at = boards.drawn(setup.board)
    except ValueError as e:
        raise RulesError(f"setup.board: {e}") from None
    monsters = []
    for letter, name in boards.MONSTER_LETTERS.items():
        if letter in at:
            m = setup.monsters.get(name) or MonsterSetup()
            monsters.append(Fighter(name, at[letter], m.hearts or 3, 1 if m.sword is None else m.sword,
                                    2 if m.tooth is None else m.tooth))
    heroes = []
    for letter, name in boards.HERO_LETTERS.items():
        if letter in at:
            h = setup.heroes.get(name) or HeroSetup()
            heroes.append(Target(name, at[letter], h.hearts or 4, h.sword or 0))
    for name in [*setup.monsters, *setup.heroes]:
        if name not in [m.id for m in monsters] + [h.id for h in heroes]:
            raise RulesError(f"setup: {name} is not drawn on the board")
    usable = frozenset(board.portals[k] for k in (setup.portals if setup.portals is not None else board.portals)
                       if k in board.portals)
    lies = board.treasure >= 0 if setup.treasure is None else setup.treasure
    hold = content.rules.monsters_may_hold_back if setup.hold_back is None else setup.hold_back
    return Drawn(board, Situation(tuple(monsters), tuple(heroes), lies, usable, tuple(content.supply.combat_die),
                                  setup.points, hold))


def arrange(match, setup: HeldentaufeSetup) -> None:
    """Monsters and heroes put where the setup says in a scenario's game."""
    c, s = match.content, match.state
    b = c.underworld
    if setup.board is not None:
        raise RulesError("setup.board draws a board of its own: it is asked without a scenario's game")

    def area(label: str, what: str) -> str:
        if label != "off" and label not in b.index:
            raise RulesError(f"setup.{what}: no Underworld area {label!r}")
        return "" if label == "off" else label
    for name, m in setup.monsters.items():
        monster = s.monsters[name]
        if m.teeth is not None:
            monster.stack = list(m.teeth)
        if m.at is not None:
            monster.at = area(m.at, f"monsters.{name}.at")
        if m.hearts is not None:
            monster.wounds = max(0, mb.max_hearts(c, monster) - m.hearts)
    for name, h in setup.heroes.items():
        if name not in s.board:
            raise RulesError(f"setup.heroes: {name} does not play (the heroes: {', '.join(s.heroes)})")
        hero = s.board[name]
        if h.at is not None:
            hero.world, hero.at = UNDER, area(h.at, f"heroes.{name}.at")
            if s.cycle == "empty":
                s.cycle = machines.step(machines.CYCLE, s.cycle, "enter")
                s.marker = name
        elif h.above is not None:
            hero.world, hero.at = UPPER, h.above
        if h.hearts is not None:
            hero.hearts = h.hearts
        if h.sword is not None:
            if h.sword:
                hero.inventory["sword"] = f"sword+{h.sword}"
            else:
                hero.inventory.pop("sword", None)
    if setup.treasure is not None:
        s.treasure = setup.treasure
    taken = [a for a in [m.at for m in s.monsters.values()] + [s.board[h].at for h in s.down()] if a]
    if len(taken) != len(set(taken)):
        raise RulesError("setup: two figures on one Underworld area ('at most one figure')")


# -- answering ----------------------------------------------------------------------------------

def plan_answers(board, situation: Situation, result) -> list[Answer]:
    d = result.decision(board, situation)
    key = {name: key_value(name, v) for name, v in zip(KEY_FIELDS[:-1], d.key)}
    steps = describe(board, situation, result.best.steps)
    return [Answer("plan", steps, tuple(d.ties), key), Answer("first", steps[0] if steps else None),
            Answer("points", len(steps))]


def ask(posed, instruction: str, args, dice) -> list[Answer]:
    if isinstance(posed, Drawn):
        if instruction != "monster_plan":
            raise RulesError(f"{instruction} is asked of a scenario's game; a drawn board answers monster_plan")
        result = (plan if args.policy == "planner" else greedy_step)(posed.board, posed.situation)
        return plan_answers(posed.board, posed.situation, result)
    c, s = posed.content, posed.state
    if instruction == "monster_plan":
        situation, result = boss.decide(c, s, 4, args.policy)
        return plan_answers(c.underworld, situation, result)
    if instruction == "monster_turn":
        start = len(s.log)
        boss.monster_turn(c, s, args.policy)
        events = s.log[start:]
        return [Answer("moves", [f"{e['monster']} {e['from']} -> {e['to']}" for e in events if e["event"] == "monster_move"]),
                Answer("attacks", [f"{e['attacker']} attacks {e['defender']}: {e['winner']} wins" for e in events
                                   if e["event"] == "fight"]),
                Answer("left", next(e["left"] for e in events if e["event"] == "monster_turn_over")),
                Answer("hearts", {h: s.board[h].hearts for h in s.heroes})]
    if instruction == "monster_attack":
        return monster_attack(c, s, args, dice)
    raise RulesError(f"heldentaufe answers no instruction {instruction!r}")


@contextmanager
def _forced(c, faces: list[int]):
    """The combat dice show ``faces`` in turn (the spec's), instead of the game's generator."""
    die = tuple(c.supply.combat_die)
    bad = [f for f in faces if f not in die]
    if bad:
        raise RulesError(f"dice: {bad[0]} is no face of the combat die {list(die)}")
    queue = list(faces)
    real = fights._roll

    def roll(content, state, *who):
        if not queue:
            raise RulesError(f"dice: the {len(faces)} face(s) given ran out")
        return queue.pop(0)
    fights._roll = roll
    try:
        yield
    finally:
        fights._roll = real


def monster_attack(c, s, args: AttackAsk, dice) -> list[Answer]:
    monster = s.monsters[args.monster]
    if args.hero not in s.board:
        raise RulesError(f"{args.hero} does not play (the heroes: {', '.join(s.heroes)})")
    hero = s.board[args.hero]
    if not monster.at or hero.world != UNDER or not c.underworld.adjacent(c.underworld.area(monster.at),
                                                                          c.underworld.area(hero.at)):
        raise RulesError(f"{args.monster} and {args.hero} do not stand side by side in the Underworld")
    faces = list(getattr(dice, "faces", []))
    if len(faces) != 2:
        raise RulesError("dice: give the two combat dice, the monster's then the hero's")
    start = len(s.log)
    with _forced(c, faces):
        fights.monster_attacks_hero(c, s, monster, hero)
    events = s.log[start:]
    fight = next(e for e in events if e["event"] == "fight")
    took = next((e["tooth"] for e in events if e["event"] == "defeated"), None)
    return [Answer("totals", fight["totals"]), Answer("winner", fight["winner"]),
            Answer("hero_hearts", hero.hearts), Answer("monster_hearts", mb.hearts(c, monster)),
            Answer("tooth", took)]
