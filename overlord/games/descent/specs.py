"""Behaviour specs of the Descent enemy (``overlord check``): what a spec may ask the overlord's
side, how a situation is set up, and its answers part by part.

Situations:

* a **map** drawn as text (the map file format) with its figures, and in ``setup`` each monster's
  group and rank (``monsters: {zombie-1: {group: zombie, rank: master}}``: the scenario's monster
  cards give its speed, health and attack), the heroes' health and conditions, the act and the
  encounter's exit (for pits). A map situation may still name a ``scenario``: its activation
  cards and monster groups are used (without one, the shipped Forgotten Souls quest's);
* a **scenario's game** from a seed and scripted actions; ``setup`` may open the door onto a
  named exploration card (``explore``), set doom and fate, or take every monster off the map.

Instructions and their parts:

* ``move``: one movement word (``overlord.ai.answers``: performed, target, end, mp, path);
* ``activation``: an activation card (by id, or written in the spec) - ``groups`` (the order the
  groups activated in), ``order`` (the monsters), and for each monster M: ``M.steps`` (every
  action tried, ``[word, performed]``), ``M.actions`` (those performed), ``M.move1``,
  ``M.move2``... (each move performed, as ``move``'s parts), ``M.end`` (where it stands after
  its activation, tied as its last move was) and ``M.attack`` (its targets, tied with the other
  heroes it could have chosen);
* ``surges``: a monster attack's surges spent by the rulebook's priority ("Surges"): ``spent``,
  ``damage``, ``reach``;
* ``overlord_phase``: the whole Overlord phase (``times`` in a row, the heroes passing between):
  ``doom``, ``fate``, ``active`` (the active exploration card, or null), ``discarded``,
  ``hourglass`` (fatigue tokens on each line), ``perils``, ``activations`` (cards drawn);
* ``fate_step``: the Fate step with a named peril card on top: ``half`` (which half of a split
  card was resolved), ``doom``, ``fate``;
* ``explore``: a hero opens the door (onto a named card): ``card``, ``spawned`` (each monster
  placed, "group rank", in order), ``tokens``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from ...ai import answers
from ...ai.answers import ask_move
from ...content.models import MAX_MAP, Int, Strict
from ...content.specs import Move, Named
from ...core.behaviour import Answer
from ...core.game import RulesError
from .activation import Hero, Monster, Table, activate_card
from .content.cards import ActivationCard, GroupActivation
from .dice import Roll, spend_surges
from .engine import _table, complete_encounter, fate_step as step, judge, marker_at, open_door, overlord_phase


class MonsterSetup(Strict):
    group: str
    rank: Literal["minion", "master"]
    damage: Int(0, 99) = 0
    conditions: list[str] = []


class HeroSetup(Strict):
    health: Int(1, 99) = 10
    conditions: list[str] = []


class DescentSetup(Strict):
    """A Descent spec's setup: on a map, the monsters' groups and ranks, the heroes' health, the act
    and the exit; in a scenario's game, the exploration card to open, doom, fate."""

    monsters: dict[str, MonsterSetup] = {}
    heroes: dict[str, HeroSetup] = {}
    act: Literal["I", "II"] = "I"
    exit: Annotated[list[Int(0, MAX_MAP)], Field(min_length=2, max_length=2)] | None = None
    explore: str | None = None
    doom: Int(0, 40) | None = None
    fate: Int(0, 40) | None = None
    no_monsters: bool = False


class InlineCard(Strict):
    groups: dict[str, GroupActivation]


class ActivationAsk(Strict):
    """Activate the monsters on the map by an activation card (steps 1-5 of "Monster
    Activation"); ``groups``: only these ("Monster Activation During a Hero Turn")."""

    card: str | InlineCard
    groups: list[str] | None = None


class SurgesAsk(Strict):
    """Spend a monster attack's surges by the priority list ("Surges")."""

    group: str
    rank: Literal["minion", "master"]
    act: Literal["I", "II"] = "I"
    hearts: Int(0, 20)
    surges: Int(0, 20)
    range: Int(0, 20) = 0
    shields: Int(0, 20) = 0
    spaces: Int(0, MAX_MAP) = 1


class OverlordPhaseAsk(Strict):
    """The Overlord phase: effects, fate, monster activation (``times`` phases, the heroes passing
    between them)."""

    times: Annotated[int, Field(ge=1, le=20)] = 1


class FateStepAsk(Strict):
    """The Fate step with ``peril`` on top of the Peril deck: fate advances, the card resolves."""

    peril: str


class ExploreAsk(Strict):
    """A hero opens the door: the next exploration card (or ``card``, put on top) is set up."""

    card: str | None = None
    hero: str | None = None


INSTRUCTIONS = {"move": Move, "activation": ActivationAsk, "surges": SurgesAsk,
                "overlord_phase": OverlordPhaseAsk, "fate_step": FateStepAsk, "explore": ExploreAsk}


@dataclass
class OnMap:
    """A map situation: the drawn scene, the quest whose cards and groups it uses, the setup."""

    scene: object
    quest: object
    setup: DescentSetup


# -- setting up ---------------------------------------------------------------------------------

def pose_map(situation, shipped_quest) -> OnMap:
    quest = situation.content if situation.content is not None else shipped_quest()
    setup = situation.setup or DescentSetup()
    scene = situation.board.scene
    for fid, m in setup.monsters.items():
        if fid not in scene.figures:
            raise RulesError(f"setup.monsters: no figure {fid!r} on the map")
        if m.group not in quest.monsters:
            raise RulesError(f"setup.monsters.{fid}: no monster group {m.group!r} in {quest.scenario.name} "
                             f"(its groups: {', '.join(quest.monsters)})")
        size = sorted(quest.monsters[m.group].size)
        if sorted(scene.figures[fid].size) != size:
            raise RulesError(f"setup.monsters.{fid}: a {m.group} is {size[0]}x{size[1]}, the map's figure "
                             f"{scene.figures[fid].size[0]}x{scene.figures[fid].size[1]}")
    for fid in setup.heroes:
        if fid not in scene.figures or scene.figures[fid].side != "heroes":
            raise RulesError(f"setup.heroes: no hero {fid!r} on the map")
    return OnMap(scene, quest, setup)


def arrange(game, setup: DescentSetup) -> None:
    """A scenario's game put where the setup says: a card explored, doom and fate, no monsters."""
    s = game.state
    if setup.monsters or setup.heroes:
        raise RulesError("setup.monsters and setup.heroes are for a map situation (`map:`); a scenario's "
                         "figures come from its game")
    if setup.explore is not None:
        if setup.explore not in game.cards:
            raise RulesError(f"setup.explore: no exploration card {setup.explore!r} (known: {', '.join(game.cards)})")
        if s.active_exploration is not None:
            complete_encounter(game)
        if setup.explore in s.exploration.draw:
            s.exploration.draw.remove(setup.explore)
        s.exploration.draw.insert(0, setup.explore)
        open_door(game, s.heroes[0])
    if setup.no_monsters:
        s.figures = s.hero_figures()
    for name in ("doom", "fate"):
        value = getattr(setup, name)
        if value is not None:
            if not 0 <= value < s.track.spaces:
                raise RulesError(f"setup.{name}: the track has spaces 0 to {s.track.spaces - 1}")
            setattr(s.track, name, value)
    s.act = setup.act


# -- names a spec uses (overlord validate) ---------------------------------------------------------

def names(quest, instruction: str, args, setup: DescentSetup | None) -> list[Named]:
    """The cards and groups a spec names, each with every name the quest knows of its kind: the
    activation card asked (or the groups of one written in the spec, and ``groups:``), the peril
    of ``fate_step``, the exploration card of ``explore`` and ``setup.explore``, the monster group
    of ``surges`` and of each monster in ``setup.monsters``."""
    groups = tuple(quest.monsters)
    order = tuple(quest.activation.order)
    exploration = tuple(c.id for c in quest.exploration)
    out: list[Named] = []
    ask = ("ask", instruction)
    if instruction == "activation":
        if isinstance(args.card, InlineCard):
            out += [Named(ask + ("card", "groups", g), g, "activation group", order, key=True)
                    for g in args.card.groups]
        else:
            out.append(Named(ask + ("card",), args.card, "activation card", tuple(c.id for c in quest.activation.cards)))
        out += [Named(ask + ("groups", i), g, "activation group", order)
                for i, g in enumerate(args.groups or ())]
    elif instruction == "surges":
        out.append(Named(ask + ("group",), args.group, "monster group", groups))
    elif instruction == "fate_step":
        out.append(Named(ask + ("peril",), args.peril, "peril card", tuple(c.id for c in quest.perils)))
    elif instruction == "explore" and args.card is not None:
        out.append(Named(ask + ("card",), args.card, "exploration card", exploration))
    if setup is not None:
        out += [Named(("setup", "monsters", fid, "group"), m.group, "monster group", groups)
                for fid, m in setup.monsters.items()]
        if setup.explore is not None:
            out.append(Named(("setup", "explore"), setup.explore, "exploration card", exploration))
    return out


# -- answering ----------------------------------------------------------------------------------

def ask(posed, instruction: str, args) -> list[Answer]:
    if instruction == "move":
        scene = posed.scene if isinstance(posed, OnMap) else posed.scene()
        try:
            return ask_move(scene, args.figure, args.verb, args.target, args.speed, args.exit)
        except ValueError as e:
            raise RulesError(str(e)) from None
    if instruction == "activation":
        return activation(posed, args)
    if instruction == "surges":
        return surges(posed, args)
    if isinstance(posed, OnMap):
        raise RulesError(f"{instruction} is asked of a scenario's game (`scenario:` without `map:`)")
    if instruction == "overlord_phase":
        return overlord_phases(posed, args.times)
    if instruction == "fate_step":
        return fate_step(posed, args.peril)
    if instruction == "explore":
        return explore(posed, args)
    raise RulesError(f"descent answers no instruction {instruction!r}")


def _card(quest, card) -> ActivationCard:
    if isinstance(card, InlineCard):
        unknown = [g for g in card.groups if g not in quest.activation.order]
        if unknown:
            raise RulesError(f"the card names group(s) {', '.join(unknown)}, not on the activation cards' "
                             f"diagram ({', '.join(quest.activation.order)})")
        return ActivationCard(id="spec", groups=card.groups)
    found = {c.id: c for c in quest.activation.cards}
    if card not in found:
        raise RulesError(f"no activation card {card!r} in {quest.scenario.name} (its cards: {', '.join(found)})")
    return found[card]


def activation(posed, args: ActivationAsk) -> list[Answer]:
    if isinstance(posed, OnMap):
        quest, setup = posed.quest, posed.setup
        monsters = {}
        for fid, m in setup.monsters.items():
            group = quest.monsters[m.group]
            full = getattr(group.act_i if setup.act == "I" else group.act_ii, m.rank).health
            monsters[fid] = Monster(m.group, m.rank, max(1, full - m.damage), list(m.conditions))
        heroes = {fid: Hero(setup.heroes[fid].health if fid in setup.heroes else 10,
                            list(setup.heroes[fid].conditions) if fid in setup.heroes else [])
                  for fid, f in posed.scene.figures.items() if f.side == "heroes"}
        scene = posed.scene
        for fid, f in scene.figures.items():         # a monster's speed is its card's
            if fid in monsters:
                group = quest.monsters[monsters[fid].group]
                f.speed = getattr(group.act_i if setup.act == "I" else group.act_ii, monsters[fid].rank).speed
        table = Table(scene, monsters, heroes, quest.monsters, setup.act,
                      scene.board.label(scene.board.node_of(setup.exit)) if setup.exit else None,
                      conditions=quest.conditions)
    else:
        quest = posed.quest
        table = _table(posed)
        judge(posed, table)
        table.exit_at = table.scene.board.at_of(posed.node(marker_at(posed, "exit")))
    card = _card(quest, args.card)
    _, events = activate_card(table, card, list(quest.activation.order), set(args.groups) if args.groups else None)
    return activation_answers(events)


def activation_answers(events: list[dict]) -> list[Answer]:
    """The parts of an activation's events (see the module docstring)."""
    groups = Answer("groups", [e["group"] for e in events if e["event"] == "group"])
    return [groups] + answers.activation_answers(events, "monster", "action", "monster")


def surges(posed, args: SurgesAsk) -> list[Answer]:
    quest = posed.quest
    if args.group not in quest.monsters:
        raise RulesError(f"no monster group {args.group!r} (known: {', '.join(quest.monsters)})")
    group = quest.monsters[args.group]
    stats = getattr(group.act_i if args.act == "I" else group.act_ii, args.rank)
    damage, reach, spent = spend_surges(Roll(range=args.range, hearts=args.hearts, surges=args.surges),
                                        args.shields, stats.surges, args.spaces, stats.attack == "ranged")
    return [Answer("spent", list(spent), why=f"abilities {stats.surges}"), Answer("damage", damage),
            Answer("reach", reach)]


def _heroes_pass(game) -> None:
    s = game.state
    s.order, s.acting, s.actions_left = [], "", 0


def overlord_phases(game, times: int) -> list[Answer]:
    s = game.state
    start = len(s.log)
    for _ in range(times):
        if game.over:
            break
        _heroes_pass(game)
        if s.phase != "hero_phase":
            raise RulesError(f"the Overlord phase follows the Hero phase; the game is in {s.phase}")
        overlord_phase(game)
    events = s.log[start:]
    return [Answer("doom", s.track.doom), Answer("fate", s.track.fate), Answer("active", s.active_exploration),
            Answer("discarded", [e["card"] for e in events if e["event"] == "discard_exploration"]),
            Answer("hourglass", dict(s.hourglass)),
            Answer("perils", [e["card"] for e in events if e["event"] == "peril"]),
            Answer("activations", [e["card"] for e in events if e["event"] == "activation_card"]),
            Answer("outcome", s.phase if game.over else None)]


def fate_step(game, peril: str) -> list[Answer]:
    s = game.state
    if peril not in s.peril.draw and peril not in s.peril.discard:
        raise RulesError(f"no peril card {peril!r} in the deck (its cards: {', '.join(s.peril.draw + s.peril.discard)})")
    for pile in (s.peril.draw, s.peril.discard):
        if peril in pile:
            pile.remove(peril)
    s.peril.draw.insert(0, peril)
    start = len(s.log)
    step(game)
    told = next(e for e in s.log[start:] if e["event"] == "peril")
    return [Answer("half", told["half"]), Answer("doom", s.track.doom), Answer("fate", s.track.fate),
            Answer("outcome", s.phase if game.over else None)]


def explore(game, args: ExploreAsk) -> list[Answer]:
    s = game.state
    if args.card is not None:
        if args.card not in s.exploration.draw:
            raise RulesError(f"exploration card {args.card!r} is not in the deck (its cards: {', '.join(s.exploration.draw)})")
        s.exploration.draw.remove(args.card)
        s.exploration.draw.insert(0, args.card)
    if s.active_exploration is not None:
        complete_encounter(game)
    start = len(s.log)
    card = open_door(game, args.hero or s.heroes[0])
    events = s.log[start:]
    spawned = [f"{s.figure(e['monster']).group} {s.figure(e['monster']).rank}" for e in events
               if e["event"] in ("spawn", "place") and any(f.id == e["monster"] for f in s.figures)]
    return [Answer("card", card.id), Answer("spawned", spawned),
            Answer("tokens", [e["token"] for e in events if e["event"] == "setup_token"]),
            Answer("explorer", s.exploring_hero)]
