"""Behaviour specs of the Dragon (``overlord check``): how a situation is set up, what the Dragon
and its creatures may be asked, and their answers part by part.

Situations:

* a **map** of fields and routes (``kind: routes``) with figures, for the movement vocabulary;
* a **scenario's game** from a seed and scripted actions; ``setup`` sets counters aside
  (``empty``), lays counters on fields (face down where ``down`` says), puts the heroes on fields
  with their hit points, gold, skill values, cubes and what they carry (a counter whose face is
  no artifact is carried turned over: ``rondel`` is the Bow of Perfect Aim), fills the hoard and
  sets the scenario's flags.

Instructions and their parts (the heroes' dice are the spec's ``dice:``):

* ``move``: one movement word over fields and routes (``overlord.ai.answers``);
* ``dragon_event``: one of the Dragon's events - ``attack``: ``order`` (who is attacked first:
  the drawer, or in the co-operative game the hero nearest the lair, tied with the others as
  near), ``attacked`` (in order), ``driven_off`` (the hero whose trial drove him off, or null),
  ``skill.H`` (the trial each chose), ``lost.H`` (the artifact each lost, tied with every other
  as cheap); ``fear``: ``fled`` and ``covered``; ``plunder``: ``order``, ``taken`` (gold from
  each hero), ``hoard``; ``burn_market``: ``burnt``, ``left``; ``storm``: ``storm``;
* ``fight``: a hero fights a creature on its field: ``skill`` (the best chance when none is named,
  tied with others as good), ``target`` (the value less the circle's modifier), ``dice``, ``won``,
  ``hp``, ``cubes``;
* ``dragon_battle``: a hero enters the lair: ``discarded`` (the cubes paid for the hoard, by
  colour), ``weapon_skill``, ``dice`` (at the first trial), ``target`` (the value with the -3),
  ``hits`` (each trial, hit or not), ``winner`` (the hero or ``dragon``), ``dragon_life``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...content.models import Strict
from ...content.specs import Move
from ...core.behaviour import Answer
from ...core.context import decide
from ...core.game import Match, RulesError
from ..heroes.odds import p_success
from ..heroes.sheet import CUBE_SKILL, cube_count, gain_cube
from ..heroes.specs import Fight, known_counter, known_field, lay_counters, take_counter
from ..heroes.state import where
from .state import Ctx, artifact, counter
from . import events
from .bots import choose_heuristic
from .fights import (
    dice_count,
    dragon_value,
    enter_lair,
    fight as fight_counter,
    fight_skills,
    item_of,
    value_against,
    weapons,
)
from .verbs import apply, legal

Colour = Literal["blue", "green", "red"]
Skill = Literal["magic", "ranged", "close"]


class HeroSetup(Strict):
    at: str | None = None
    hp: Annotated[int, Field(ge=1, le=12)] | None = None
    gold: Annotated[int, Field(ge=0, le=30)] | None = None
    skills: dict[Skill, Annotated[int, Field(ge=1, le=11)]] = {}
    cubes: dict[Colour, Annotated[int, Field(ge=0, le=12)]] = {}
    carry: list[str] = []


class DragonSetup(Strict):
    """A Dragon spec's setup: counters on fields, the heroes, the hoard, the scenario's flags."""

    empty: bool = False
    counters: dict[str, str] = {}
    down: list[str] = []
    heroes: dict[str, HeroSetup] = {}
    hoard: Annotated[int, Field(ge=0, le=40)] | None = None
    dragon_life: Annotated[int, Field(ge=1, le=9)] | None = None    # wounded by an earlier challenger
    rules: dict[str, bool | str | int] = {}


class EventAsk(Strict):
    """One of the Dragon's events (the book's Glossary: Attack!, Fear!, Plunder!, The Market is
    Burning!, and the Storm)."""

    event: Literal["attack", "fear", "plunder", "burn_market", "storm"]
    first: str | None = None
    modifier: Annotated[int, Field(ge=-6, le=0)] = -3
    per_hero: Annotated[int, Field(ge=1, le=5)] = 1
    count: Annotated[int, Field(ge=1, le=10)] = 4


class BattleAsk(Strict):
    """A hero enters the Dragon's lair and fights him to the end."""

    hero: str
    discard: list[Skill] | None = None


INSTRUCTIONS = {"move": Move, "dragon_event": EventAsk, "fight": Fight, "dragon_battle": BattleAsk}


# -- setting up ---------------------------------------------------------------------------------

def arrange(match, setup: DragonSetup) -> None:
    c, s = match.content, match.state
    s.rules.update(setup.rules)

    def known(inst: str, what: str) -> str:
        return known_counter(c, inst, what, "wolves, healing-potion-1")

    def field(fid: str, what: str) -> str:
        return known_field(c, fid, what)
    keep = frozenset(i for i in c.instances if c.spec(i).effect in ("dragon", "dragon_man"))
    lay_counters(s, c, setup.empty, setup.counters, setup.down, "wolves, healing-potion-1", keep)
    for hero, h in setup.heroes.items():
        if hero not in s.sheets:
            raise RulesError(f"setup.heroes: {hero} does not play (the heroes: {', '.join(s.heroes)})")
        sheet = s.sheets[hero]
        if h.at is not None:
            s.at[hero].field = field(h.at, f"heroes.{hero}.at")
        if h.hp is not None:
            sheet.natural = h.hp
            sheet.natural_max = max(sheet.natural_max, h.hp)
        if h.gold is not None:
            sheet.gold = h.gold
        for skill, v in h.skills.items():
            sheet.skills[skill] = v
        for colour, n in h.cubes.items():
            for _ in range(n):
                gain_cube(sheet, colour)
        for inst in h.carry:
            take_counter(s, known(inst, f"heroes.{hero}.carry"))
            a = artifact(s, c, inst)
            if a is None and c.spec(inst).flip and inst not in s.backs:
                s.backs.append(inst)               # a counter carried by the artifact on its back
                a = artifact(s, c, inst)
            if a is None:
                raise RulesError(f"setup.heroes.{hero}.carry: {inst} is no artifact, nor has one on its back")
            sheet.items.append(item_of(a, inst))
    if setup.hoard is not None:
        s.hoard = setup.hoard
    if setup.dragon_life is not None:
        s.dragon_life = setup.dragon_life


# -- answering ----------------------------------------------------------------------------------

def ask(match, instruction: str, args, dice) -> list[Answer]:
    if instruction == "move":
        raise RulesError("move is asked on a map of fields and routes (`map:`), not of a scenario's game")
    c, s = match.content, match.state
    ctx = Ctx.open(s, c, dice)
    try:
        if instruction == "dragon_event":
            return event(ctx, args)
        if instruction == "fight":
            return fight(ctx, args)
        if instruction == "dragon_battle":
            return battle(ctx, args)
    finally:
        ctx.commit()
    raise RulesError(f"dragon answers no instruction {instruction!r}")


def _key(d: dict | None) -> tuple[tuple, dict]:
    if not d:
        return (), {}
    return tuple(d.get("ties", [])), dict(d.get("key", {}))


def event(ctx: Ctx, args: EventAsk) -> list[Answer]:
    s = ctx.s
    if args.first is not None and args.first not in s.heroes:
        raise RulesError(f"first: {args.first} does not play (the heroes: {', '.join(s.heroes)})")
    if args.event == "attack":
        out = events.attack(ctx, args.modifier, args.first)
        while s.pending.get("attack"):              # the attacked heroes' choices: headless, the heuristic bot's
            answer = choose_heuristic(Match(ctx.c, s), legal(ctx), None)
            out += apply(ctx, answer)
        head = out[0]
        ties, key = _key(head.get("decision"))
        answers = [Answer("order", head["order"][0] if head["order"] else None, ties, key),
                   Answer("attacked", [e["hero"] for e in out[1:] if e["event"] == "attack_hero"]),
                   Answer("driven_off", next((e["hero"] for e in out if e["event"] == "attack_hero"
                                              and e["result"] == "driven off"), None))]
        for e in out:
            if e["event"] == "attack_hero" and "skill" in e:
                answers.append(Answer(f"skill.{e['hero']}", e["skill"], why=e.get("trial", "")))
            if e["event"] == "attack_hero" and e["result"] == "failed":
                lost = next((d["counter"] for d in out if d["event"] == "dragon_destroys" and d["hero"] == e["hero"]), None)
                answers.append(Answer(f"lost.{e['hero']}", lost))
        return answers
    if args.event == "fear":
        e = events.fear(ctx)[0]
        return [Answer("fled", sorted(e["fled"])), Answer("covered", sorted(e["covered"]))]
    if args.event == "plunder":
        out = events.plunder(ctx, args.per_hero, args.first)
        head = next(e for e in out if e["event"] == "plunder")
        order, decision = events.order_from(ctx, args.first)
        ties, key = _key(head.get("decision"))
        return [Answer("order", order[0] if order else None, ties, key), Answer("taken", head["taken"]),
                Answer("hoard", s.hoard)]
    if args.event == "burn_market":
        e = events.burn_market(ctx, args.count)[0]
        return [Answer("burnt", e["burnt"]), Answer("left", e["left"])]
    events.storm(ctx)
    return [Answer("storm", s.storm)]


def fight(ctx: Ctx, args) -> list[Answer]:
    s, c = ctx.s, ctx.c
    if args.hero not in s.heroes:
        raise RulesError(f"{args.hero} does not play (the heroes: {', '.join(s.heroes)})")
    if args.counter not in c.instances:
        raise RulesError(f"no counter {args.counter!r} in the game")
    spec = counter(c, args.counter)
    if spec.border != "red" and spec.effect not in ("dragon_man",):
        raise RulesError(f"{spec.name} is no creature (a red border)")
    skills = fight_skills(ctx, args.counter)
    if args.skill is not None and args.skill not in skills:
        raise RulesError(f"{spec.name} cannot be fought with {args.skill}: its circles permit {', '.join(skills)}")
    odds = {}                                            # skill -> (chance negated, target, dice)
    for sk in skills:
        value, mod, n = value_against(ctx, args.hero, args.counter, sk)
        odds[sk] = (-round(p_success(n, value + mod), 9), value + mod, n)
    decision = None
    if args.skill is None:
        circle = {sk: i for i, sk in enumerate(skills)}
        decision = decide("skill", skills, lambda sk: odds[sk][:1], ("chance (negated)",),
                          ("circle order", circle.__getitem__), "first")
    skill = args.skill if decision is None else decision.choice
    _, target, dice = odds[skill]
    s.turn.hero = args.hero
    s.at[args.hero].field = where(s, args.counter) or s.at[args.hero].field
    out = fight_counter(ctx, args.hero, args.counter, skill, {})
    told = next(e for e in out if e["event"] in ("fight", "lightning"))
    sheet = s.sheets[args.hero]
    return [Answer("skill", skill, decision.ties if decision else (),
                   dict(zip(decision.key_fields, decision.key)) if decision else {}),
            Answer("target", target), Answer("dice", dice), Answer("won", told.get("won", told.get("success")),
                                                                       why=told.get("trial", "")),
            Answer("hp", sheet.natural), Answer("cubes", sum(cube_count(sheet, sk) for sk in CUBE_SKILL.values()))]


def battle(ctx: Ctx, args: BattleAsk) -> list[Answer]:
    s = ctx.s
    if args.hero not in s.heroes:
        raise RulesError(f"{args.hero} does not play (the heroes: {', '.join(s.heroes)})")
    s.turn.hero = args.hero
    armed = weapons(ctx, args.hero)
    out = enter_lair(ctx, args.hero, list(args.discard) if args.discard else None)
    paid = next((e for e in out if e["event"] == "hoard_paid"), None)
    trials = [e for e in out if e["event"] == "dragon_trial"]
    skill = paid["skill"] if paid else None
    answers = [Answer("discarded", paid["discarded"] if paid else None), Answer("weapon_skill", skill),
               Answer("hits", [e["hit"] for e in trials]),
               Answer("winner", args.hero if any(e["event"] == "dragon_slain" for e in out) else "dragon"),
               Answer("dragon_life", s.dragon_life)]
    if skill is not None and armed:
        first = trials[0]["trial"] if trials else ""
        answers.append(Answer("target", dragon_value(ctx, args.hero, skill) - 3, why=first))
        answers.append(Answer("dice", _dice_of(first) or dice_count(ctx, args.hero, skill)))
    return answers


def _dice_of(reason: str) -> int:
    """How many dice a trial rolled, from its reason ("kept 3+3=6 of [6, 5, 3, 3]: ...")."""
    if " of [" not in reason:
        return 0
    return len(reason.split(" of [", 1)[1].split("]", 1)[0].split(","))
