"""Behaviour specs of the Damned One (``overlord check``): how a situation is set up, what the
Damned One may be asked, and its answers part by part.

Situations:

* a **map** of tiles drawn as a map file (``kind: tiles``: each tile one of the game's, with the
  exits as it lies) and its figures: the heroes (by their names) and, on the monsters' side, the
  counters lying face up (by their instance ids: ``alekto``, ``avatar-2``, ``trap-1``...); the
  scenario (default: the shipped ``underworld``) gives everything else;
* a **scenario's game** from a seed and scripted actions.

``setup`` then adds the Dark Side's cubes, the Avatars already banished, what the heroes carry,
their cubes (shadow cubes too), life points, counters lying face down, and solitaire play.

Instructions and their parts:

* ``move``: one movement word over the tiles (``overlord.ai.answers``);
* ``dark_card``: the Damned One plays that card of its deck (put on top): ``dark_side``,
  ``omen`` (what the omen's effects did, by event), and each face-up counter's activation as
  ``overlord.ai.answers.activation_answers`` tells it (``order``, ``C.actions``, ``C.end``,
  ``C.attack``...), and ``defended`` (each struck hero's trial: ``[hero, success]``);
* ``damned_one``: the count of banished Avatars (and, in solitaire, special treasures) is
  checked: ``enters`` (whether the Damned One comes into play now), ``at`` (the tile it appears
  on, ``aside`` when Chaos is not laid yet, or null), ``chain`` (the tiles the markers on Chaos
  moved along, tied with every other chain the active player could choose), ``dark_side``;
* ``fight``: a hero fights a counter on its tile with the spec's dice (``dice:``): ``skill``
  (tied with the other skills as good), ``target`` (the skill's value with the counter's dot),
  ``dice`` (how many are rolled), ``won``, ``dark_side``, ``shadow`` (the hero's shadow cubes);
* ``damned_battle``: the final battle's numbers for a hero and a special weapon: ``skills`` it
  may attack with, ``target`` (each with the -3), ``damned_life``;
* ``treasure_pick``: three treasure markers turned up by a wish: ``pick`` (tied with every other
  the hero may choose: a Black Weapon it must take leaves no choice), ``dark_side`` after taking it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...ai.answers import activation_answers, ask_move
from ...content.models import Int, Strict
from ...content.specs import Move, Named
from ...core.behaviour import Answer
from ...core.game import Match, RulesError
from ..heroes.sheet import SHADOW, SKILL_CUBE, dice_for, gain_cube, shadow_cubes, skill_value
from ..heroes.specs import Fight
from . import darkside, engine
from .state import instances, kind_of
from ..heroes.counters import modifier_for
from .battle import DAMNED_MODIFIER, weapon_skills
from .combat import best_skill, counter_of, fight as fight_counter
from .damned import check_entry
from .dark import build_scene, dark_phase
from .handling import relocate
from .tiles import PlacedTile
from .treasure import default_pick, forced_black, resolve

Skill = Literal["magic", "ranged", "close"]


class UnderworldSetup(Strict):
    """An Underworld spec's setup: the Dark Side, banished Avatars, the heroes' items, cubes and
    life, counters face down, solitaire."""

    dark_side: Annotated[int, Field(ge=0, le=10)] | None = None
    banished: list[str] = []
    carry: dict[str, list[str]] = {}
    cubes: dict[str, dict[Skill, Annotated[int, Field(ge=0, le=12)]]] = {}
    shadow: dict[str, dict[Skill, Annotated[int, Field(ge=0, le=12)]]] = {}
    life: dict[str, Int(1, 20)] = {}
    face_down: list[str] = []
    solitaire: bool | None = None
    rules: dict[str, bool] = {}


class DarkCardAsk(Strict):
    """The Damned One plays a card of its deck: omen, every face-up enemy counter, peril."""

    card: str


class DamnedOneAsk(Strict):
    """Does the Damned One come into play now, and where (its entry count checked)?"""

    hero: str | None = None


class BattleAsk(Strict):
    """The final battle's numbers: the skills a hero may attack the Damned One with, and their
    targets."""

    hero: str


class TreasurePickAsk(Strict):
    """Three treasure markers turned up by a wish: which the hero takes."""

    hero: str
    shown: Annotated[list[str], Field(min_length=1, max_length=3)]


INSTRUCTIONS = {"move": Move, "dark_card": DarkCardAsk, "damned_one": DamnedOneAsk, "fight": Fight,
                "damned_battle": BattleAsk, "treasure_pick": TreasurePickAsk}


# -- setting up ---------------------------------------------------------------------------------

def pose_map(situation, shipped):
    content = situation.content if situation.content is not None else shipped()
    mf = situation.board
    board = mf.board
    if board.kind != "tiles":
        raise RulesError(f"an Underworld map is of kind tiles, not {board.kind}")
    heroes = [fid for fid, f in mf.scene.figures.items() if f.side == "heroes"]
    unknown = [h for h in heroes if h not in content.heroes]
    if unknown:
        raise RulesError(f"hero figure {unknown[0]!r} is none of the heroes ({', '.join(content.heroes)})")
    if not heroes:
        raise RulesError("the map has no hero figure")
    state = engine.new_game(content, heroes, situation.seed)
    m = state.map
    placed = []
    for node, tid in enumerate(board.labels):
        if tid not in m.catalogue:
            raise RulesError(f"tile {tid!r} is none of the game's tiles (e.g. styx, chaos, hades, area-01)")
        placed.append(PlacedTile(tid, list(board.tile_at[node]), board.exits[node]))
    if "styx" not in board.labels:
        raise RulesError("the map has no styx tile: the Underworld grows from Styx")
    placed.sort(key=lambda t: t.id != "styx")
    m.placed = placed
    ids = {t.id for t in placed}
    m.stacks = [[t for t in stack if t not in ids] for stack in m.stacks]
    m.heroes = {h: mf.scene.figures[h].at for h in heroes}
    known = set(instances(state.catalogue))
    for fid, f in mf.scene.figures.items():
        if f.side != "monsters":
            continue
        if fid not in known:
            raise RulesError(f"figure {fid!r} is no counter of the game (counters are named by instance: "
                             "alekto, avatar-1, trap-2...)")
        relocate(state, fid, f"tile:{f.at}")
        if kind_of(state, fid).kind == "avatar":
            state.avatars[fid] = "revealed"
    if situation.setup is not None:
        arrange(state, situation.setup)
    return Match(content, state)


def arrange(state, setup: UnderworldSetup) -> None:
    known = set(instances(state.catalogue))

    def counter(cid: str, what: str) -> str:
        if cid not in known:
            raise RulesError(f"setup.{what}: no counter {cid!r} in the game")
        return cid

    def hero(h: str, what: str) -> str:
        if h not in state.sheets:
            raise RulesError(f"setup.{what}: no hero {h!r} in the game ({', '.join(state.sheets)})")
        return h
    if setup.solitaire is not None:
        state.solitaire = setup.solitaire
    state.rules.update(setup.rules)
    for a in setup.banished:
        if kind_of(state, counter(a, "banished")).kind != "avatar":
            raise RulesError(f"setup.banished: {a} is not an Avatar")
        relocate(state, a, "card")
        if a in state.revealed:
            state.revealed.remove(a)
        state.avatars[a] = "banished"
    for h, items in setup.carry.items():
        for cid in items:
            relocate(state, counter(cid, f"carry.{hero(h, 'carry')}"), f"items:{h}")
    for what, colour in (("cubes", None), ("shadow", SHADOW)):
        for h, per in getattr(setup, what).items():
            sheet = state.sheets[hero(h, what)]
            for skill, n in per.items():
                for _ in range(n):
                    gain_cube(sheet, colour or SKILL_CUBE[skill], skill if colour else None)
    for h, lp in setup.life.items():
        sheet = state.sheets[hero(h, "life")]
        sheet.natural = min(lp, sheet.natural_max)
    for cid in setup.face_down:
        if counter(cid, "face_down") in state.revealed:
            state.revealed.remove(cid)
    if setup.dark_side is not None:
        state.dark_side = 0
        if setup.dark_side:
            darkside.add(state, setup.dark_side, "the spec's setup")


# -- names a spec uses (overlord validate) ---------------------------------------------------------

def names(content, instruction: str, args) -> list[Named]:
    """The Dark card a ``dark_card`` spec plays, with every card of the deck."""
    if instruction == "dark_card":
        return [Named(("ask", instruction, "card"), args.card, "Dark card", tuple(content.dark.cards))]
    return []


# -- answering ----------------------------------------------------------------------------------

def ask(match, instruction: str, args, dice) -> list[Answer]:
    state, content = match.state, match.content
    if instruction == "move":
        try:
            return ask_move(build_scene(state, content.dark), args.figure, args.verb, args.target, args.speed)
        except ValueError as e:
            raise RulesError(str(e)) from None
    if instruction == "dark_card":
        return dark_card(state, content, args.card)
    if instruction == "damned_one":
        return damned_one(state, args.hero or state.heroes[0])
    if instruction == "fight":
        return fight(state, args, dice)
    if instruction == "damned_battle":
        return battle(state, args.hero)
    if instruction == "treasure_pick":
        return treasure_pick(state, args)
    raise RulesError(f"underworld answers no instruction {instruction!r}")


def dark_card(state, content, card: str) -> list[Answer]:
    deck = state.dark_deck
    if card not in content.dark.cards:
        raise RulesError(f"no Dark card {card!r} (the deck's cards: {', '.join(content.dark.cards)})")
    for pile in (deck.draw, deck.discard):
        if card in pile:
            pile.remove(card)
    deck.draw.insert(0, card)
    start = len(state.log)
    dark_phase(state, content.dark)
    events = state.log[start:]
    omen_end = next((i for i, e in enumerate(events) if e["event"] == "enemy"), len(events))
    omen = [e["event"] for e in events[1:omen_end]]
    out = [Answer("dark_side", state.dark_side), Answer("omen", omen)]
    out += activation_answers(events, "enemy", "enemy_action", "counter")
    out.append(Answer("defended", [[e["hero"], e["success"]] for e in events if e["event"] == "defence"]))
    out.append(Answer("outcome", state.outcome or None))
    return out


def damned_one(state, hero: str) -> list[Answer]:
    start = len(state.log)
    check_entry(state, hero)
    events = state.log[start:]
    appears = next((e for e in events if e["event"] == "damned_one_appears"), None)
    aside = any(e["event"] == "damned_one_aside" for e in events)
    choice = next((e for e in events if e["event"] == "choice"), None)
    out = [Answer("enters", appears is not None or aside),
           Answer("at", appears["tile"] if appears else ("aside" if aside else None)),
           Answer("dark_side", state.dark_side)]
    if choice is not None:
        out.append(Answer("chain", choice["chosen"], tuple(c for c in choice["options"] if c != choice["chosen"]),
                          why=choice["why"]))
    else:
        out.append(Answer("chain", None))
    return out


def fight(state, args, dice) -> list[Answer]:
    if args.hero not in state.sheets:
        raise RulesError(f"no hero {args.hero!r} in the game")
    sheet = state.sheets[args.hero]
    skill, decision = (args.skill, None) if args.skill else best_skill(state, args.hero, args.counter)
    target = skill_value(sheet, skill) + modifier_for(sheet, counter_of(state, args.counter), skill)
    n = dice_for(sheet, skill)
    faces = list(dice.faces) if hasattr(dice, "faces") else None
    events = fight_counter(state, args.hero, args.counter, skill=skill, immediate=True, dice=faces)
    told = next(e for e in events if e["event"] == "combat")
    key = {} if decision is None else dict(zip(decision.key_fields, decision.key))
    return [Answer("skill", skill, decision.ties if decision else (), key),
            Answer("target", target), Answer("dice", n), Answer("won", told["won"], why=told["trial"]),
            Answer("dark_side", state.dark_side), Answer("shadow", shadow_cubes(sheet))]


def battle(state, hero: str) -> list[Answer]:
    if hero not in state.sheets:
        raise RulesError(f"no hero {hero!r} in the game")
    sheet = state.sheets[hero]
    skills = []
    for item in sheet.items:
        if kind_of(state, item.id).kind == "special_weapon":
            skills += [s for s in weapon_skills(state, item.id) if not shadow_cubes(sheet, s)]
    skills = sorted(set(skills), key=list(sheet.skills).index)
    return [Answer("skills", skills),
            Answer("target", {s: skill_value(sheet, s) + DAMNED_MODIFIER for s in skills}),
            Answer("damned_life", darkside.life(state))]


def treasure_pick(state, args) -> list[Answer]:
    if args.hero not in state.sheets:
        raise RulesError(f"no hero {args.hero!r} in the game")
    known = set(instances(state.catalogue))
    for cid in args.shown:
        if cid not in known:
            raise RulesError(f"shown: no counter {cid!r} in the game (counters are named by instance: sickle-1...)")
        if kind_of(state, cid).kind not in ("item", "black_weapon", "trap", "damned_creature"):
            raise RulesError(f"{cid} is not a treasure marker")
    forced = [c for c in args.shown if forced_black(state, args.hero, c)]
    pick = default_pick(state, args.hero, list(args.shown))
    ties = tuple(c for c in (forced or args.shown) if c != pick)
    why = ("a Black Weapon it must take" if forced else "the hero's choice")
    resolve(state, args.hero, pick, keep=True)
    return [Answer("pick", pick, ties, why=why), Answer("dark_side", state.dark_side)]
