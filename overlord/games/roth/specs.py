"""Behaviour specs of Return of the Heroes (``overlord check``, ``scenarios/specs/roth.yaml``): how
a situation is set up on the roth and roth-race scenarios, what the program may be asked, and its
answers part by part. The program decides what the book leaves to the bag and the dice - a fight,
a counter drawn, an event, the emergence and the battle of the Nameless - and the rule answer of
every action of a hero's player (what the engine does with the spec's dice); a spec checks those.

Situations (``setup``, :class:`RothSetup`), after the scenario's game is set up from its seed:

* ``empty`` lifts every counter off the board (aside: out of play, nothing drawn for it);
  ``counters`` lays counters on fields (face down where ``down`` says, turned over - their back
  showing - where ``backs`` says); ``bag`` is the bag's whole content (what else was in it goes
  aside) and ``market`` the market's pile;
* ``heroes``: a hero's field (or ``between``: halfway on the hidden path to a field, searched
  once), hit points, gold, ratings, cubes by colour, what he carries (a counter, or a magic
  object by its artifact id), his tasks, his heroic deeds with the parts done, the deed counters
  on his card, the precious stone, a Guard beaten;
* the Nameless's and the Guards' machines' states, the scenario's reading flags (``rules``), and
  whose turn begins (``turn``; by default the first hero's: the turn is begun afresh after the
  setup, so a horse or boots carried count).

Instructions (the players' dice are the spec's ``dice:``, in the order rolled):

* ``fight`` (the family's :class:`~overlord.games.heroes.specs.Fight`): a hero fights a counter
  on its field (``fights.fight``) - ``skills`` (the counter's spots), ``targets`` (skill -> the
  rating the trial is made at), ``skill`` (the best chance when none is named, tied with others as
  good), ``target``, ``dice``, ``trials`` (each trial, won or not), ``won``; ``refused`` (the
  rules' words, or null);
* ``play``: the heroes' actions as the game's action list writes them (``verbs``: refused as the
  game refuses them), ``enemy`` for the program's phase - ``refused`` (the words of the first
  action refused, or null; the rest are not played) and ``options`` (the actions then open to
  the hero to act, by name), ``steps`` (the fields he may step to);
* ``draw``: a counter drawn from the bag by a hero (``draws``: an event held, the Nameless's
  emergence, a counter placed) - ``order``, ``won.H``/``trials.H``/``prize.H`` (an event),
  ``tower``/``guards``/``servants``/``to_bag`` (the Nameless);
* ``final_battle``: a hero challenges the Nameless (``fights.final_battle``) - ``life`` (his hit
  points at the start), ``hits`` (each trial, won or not), ``survivor`` (the hero or
  ``nameless``), ``nameless_life``.

Every instruction answers too the state afterwards, of the ``hero`` it names: ``at``, ``between``,
``hp``, ``armour`` (hit points below the line), ``gold``, ``rating.S`` (the sheet's), ``cubes.C``
(by colour) and ``cubes``, ``items``, ``tasks``, ``card``, ``stone``, ``deeds``, ``generation``
(2 once he died and began again), ``mp``, ``phase`` (of the turn), ``part.D`` (why the next part
of his deed D cannot be done where he stands, null when it can: ``deeds.part_refusal``); of the game: ``where.X`` for
every counter (a field, ``bag``, ``aside``, ``removed`` (out of the game), ``market``, ``offer``,
``H.items``, ``H.tasks``, ``H.card``), ``face.X`` (``up``, ``down`` or ``back``) for a counter on
the board, ``nameless`` and ``guards`` (the machines' states), ``outcome``, ``winner``; and of the
events: ``events`` (their names in order), ``drawn`` (the counters drawn), ``placed`` (counter ->
field), ``draws`` (how many).
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

from pydantic import Field

from overlord.content.models import Strict
from overlord.core.behaviour import Answer, SpecSupport
from overlord.core.context import decide
from overlord.core.game import Match, RulesError
from overlord.games.heroes import draws as family_draws
from overlord.games.heroes.odds import p_success
from overlord.games.heroes.sheet import dice_for, gain_cube, skill_value
from overlord.games.heroes import specs as family_specs
from overlord.games.heroes.specs import Fight
from overlord.games.heroes.state import face_up, put, where

from . import actions, deeds, draws, fights, turns, verbs
from .content import DOT_SKILL
from .state import Ctx, RothState

Colour = Literal["blue", "green", "red"]
Skill = Literal["magic", "ranged", "close"]
COLOURS = ("blue", "green", "red")
SKILLS = ("magic", "ranged", "close")


class HeroSetup(Strict):
    at: str | None = None
    between: str | None = None           # halfway on the hidden path to this field (searched once)
    hp: Annotated[int, Field(ge=1, le=12)] | None = None
    gold: Annotated[int, Field(ge=0, le=40)] | None = None
    skills: dict[Skill, Annotated[int, Field(ge=1, le=11)]] = {}
    cubes: dict[Colour, Annotated[int, Field(ge=0, le=15)]] = {}
    carry: list[str] = []                # counters, or a magic object's artifact id (cross, bow...)
    tasks: list[str] = []
    deeds: dict[str, Annotated[int, Field(ge=0, le=9)]] = {}
    card: list[str] = []                 # deed counters on the deed card (turned over where `backs` says)
    stone: bool | None = None
    guard_beaten: bool | None = None


class RothSetup(Strict):
    """A Return of the Heroes spec's setup: counters on fields, the bag and the market's pile, the
    heroes, the Nameless's and his Guards' machines, the reading flags, whose turn begins."""

    empty: bool = False
    counters: dict[str, str] = {}
    down: list[str] = []
    backs: list[str] = []
    bag: list[str] | None = None
    market: list[str] | None = None
    heroes: dict[str, HeroSetup] = {}
    nameless: Literal["absent", "in_bag", "on_tower"] | None = None
    guards: Literal["absent", "posted", "breached"] | None = None
    nameless_life: Annotated[int, Field(ge=0, le=20)] | None = None   # left by an earlier challenger
    rules: dict[str, bool | str | int] = {}
    turn: str | None = None


class PlayAsk(Strict):
    """The heroes' actions, one after the other as the game's action list writes them (``enemy``:
    the program's phase); answered with the state after them, of ``hero`` (default: the hero whose
    turn it is at the start)."""

    do: Annotated[list[dict | Literal["enemy"]], Field(min_length=1)]
    hero: str | None = None


class DrawAsk(Strict):
    """A counter drawn from the bag by a hero (``hero``: the drawing player; default: the hero
    whose turn it is): an event is held, the Nameless emerges, any other counter is placed."""

    counter: str
    hero: str | None = None


class BattleAsk(Strict):
    """A hero challenges the Nameless on his tower in one skill, trial after trial to the end."""

    hero: str
    skill: Skill


INSTRUCTIONS = {"fight": Fight, "play": PlayAsk, "draw": DrawAsk, "final_battle": BattleAsk}


# -- setting up ---------------------------------------------------------------------------------

def take_counter(s: RothState, inst: str) -> None:
    """A counter lifted from wherever it lies, a hero's deed card too (the family's)."""
    family_specs.take_counter(s, inst, lambda hero: [s.at[hero].card])


def arrange(match: Match, setup: RothSetup, open_ctx=Ctx.open) -> None:
    """The spec's situation on the match; ``open_ctx(state, content, dice)`` opens Return of the Heroes'
    context on it (a combined game's gives its lens)."""
    c, s = match.content, match.state
    s.rules.update(setup.rules)

    def known(inst: str, what: str) -> str:
        return family_specs.known_counter(c, inst, what, "wolves-1, lizard-people")

    def field(fid: str, what: str) -> str:
        return family_specs.known_field(c, fid, what)
    family_specs.lay_counters(s, c, setup.empty, setup.counters, setup.down, "wolves-1, lizard-people",
                              take=take_counter)
    for inst in setup.backs:
        if known(inst, "backs") not in s.backs:
            s.backs.append(inst)
    for pile, listed in (("bag", setup.bag), ("market", setup.market)):
        if listed is None:
            continue
        old = getattr(s, pile)
        s.aside.extend(i for i in old if i not in listed)
        old[:] = [i for i in old if i in listed]
        for inst in listed:
            if inst not in old:
                take_counter(s, known(inst, pile))
                old.append(inst)
    for hero, h in setup.heroes.items():
        _hero(match, hero, h, known, field, open_ctx)
    if setup.nameless is not None:
        s.nameless = setup.nameless
        if setup.nameless == "on_tower":
            inst = next(i for i in c.instances if c.spec(i).effect == "nameless")
            take_counter(s, inst)
            put(s, c.spec(inst).at, inst)
    if setup.guards is not None:
        s.guards = setup.guards
    if setup.nameless_life is not None:
        s.nameless_life = setup.nameless_life
    first = setup.turn or s.heroes[0]
    if first not in s.heroes:
        raise RulesError(f"setup.turn: {first} does not play (the heroes: {', '.join(s.heroes)})")
    s.order, s.pending = s.heroes.index(first), {}
    ctx = open_ctx(s, c, None)
    turns.start_turn(ctx)
    ctx.commit()


def _hero(match: Match, hero: str, h: HeroSetup, known, field, open_ctx=Ctx.open) -> None:
    c, s = match.content, match.state
    if hero not in s.sheets:
        raise RulesError(f"setup.heroes: {hero} does not play (the heroes: {', '.join(s.heroes)})")
    sheet, hs = s.sheets[hero], s.at[hero]
    if h.at is not None:
        hs.field, hs.between = field(h.at, f"heroes.{hero}.at"), ""
    if h.between is not None:
        hs.between, hs.searched = field(h.between, f"heroes.{hero}.between"), 1
    if h.hp is not None:
        if h.hp > sheet.natural_max:
            raise RulesError(f"setup.heroes.{hero}.hp: {h.hp} is above the line ({sheet.natural_max})")
        sheet.natural = h.hp
    if h.gold is not None:
        sheet.gold = h.gold
    sheet.skills.update(h.skills)
    for colour, n in h.cubes.items():
        for _ in range(n):
            gain_cube(sheet, colour)
    ctx = open_ctx(s, c, None)
    for inst in h.carry:
        if inst in c.instances:
            take_counter(s, inst)
        elif inst not in c.artifacts:
            raise RulesError(f"setup.heroes.{hero}.carry: no counter nor artifact {inst!r}")
        if actions.artifact(s, c, inst) is None:
            raise RulesError(f"setup.heroes.{hero}.carry: {inst} is no artifact")
        sheet.items.append(actions.item_of(ctx, inst))
    for inst in h.tasks:
        take_counter(s, known(inst, f"heroes.{hero}.tasks"))
        sheet.tasks.append(inst)
    for deed, done in h.deeds.items():
        if deed not in c.deeds:
            raise RulesError(f"setup.heroes.{hero}.deeds: no heroic deed {deed!r}")
        hs.deeds[deed] = done
    for inst in h.card:
        take_counter(s, known(inst, f"heroes.{hero}.card"))
        hs.card.append(inst)
    if h.stone is not None:
        hs.stone = h.stone
    if h.guard_beaten is not None:
        hs.guard_beaten = h.guard_beaten


# -- the answer's common parts --------------------------------------------------------------------

def place_of(s: RothState, inst: str) -> str:
    """Where a counter is: a field, a pile, a hero's sheet or card."""
    fid = where(s, inst)
    if fid is not None:
        return fid
    for pile in ("bag", "aside", "removed", "market", "offer"):
        if inst in getattr(s, pile):
            return pile
    for h in s.heroes:
        if any(i.id == inst for i in s.sheets[h].items):
            return f"{h}.items"
        if inst in s.sheets[h].tasks:
            return f"{h}.tasks"
        if inst in s.at[h].card:
            return f"{h}.card"
    return "nowhere"


def state_parts(match: Match, hero: str | None, events: list[dict], open_ctx=Ctx.open) -> list[Answer]:
    c, s = match.content, match.state
    out = []
    if hero is not None:
        sheet, hs = s.sheets[hero], s.at[hero]
        out += [Answer("at", hs.field), Answer("between", hs.between or None), Answer("hp", sheet.natural),
                Answer("armour", sum(i.life - i.lost for i in sheet.items)), Answer("gold", sheet.gold),
                Answer("cubes", sum(len(v) for v in sheet.cubes.values())),
                Answer("items", sorted(i.id for i in sheet.items)), Answer("tasks", sorted(sheet.tasks)),
                Answer("card", sorted(hs.card)), Answer("stone", hs.stone), Answer("deeds", dict(hs.deeds)),
                Answer("generation", hs.generation), Answer("guard_beaten", hs.guard_beaten)]
        out += [Answer(f"rating.{sk}", sheet.skills[sk]) for sk in SKILLS]
        colours = [col for cubes in sheet.cubes.values() for col in cubes]
        out += [Answer(f"cubes.{col}", colours.count(col)) for col in COLOURS]
        t = s.turn
        out += [Answer("mp", t.mp if t.hero == hero else 0), Answer("phase", t.phase if t.hero == hero else None)]
        ctx = open_ctx(s, c, None)
        out += [Answer(f"part.{deed}", deeds.part_refusal(ctx, hero, deed) or None) for deed in hs.deeds]
        ctx.commit()
    for inst in c.instances:
        out.append(Answer(f"where.{inst}", place_of(s, inst)))
        if where(s, inst) is not None:
            face = "back" if inst in s.backs else "up" if face_up(s, inst) else "down"
            out.append(Answer(f"face.{inst}", face))
    for h in s.heroes:
        out += [Answer(f"at.{h}", s.at[h].field), Answer(f"hp.{h}", s.sheets[h].natural),
                Answer(f"gold.{h}", s.sheets[h].gold), Answer(f"items.{h}", sorted(i.id for i in s.sheets[h].items))]
    out += [Answer(f"field.{fid}", sorted(here)) for fid, here in s.board.items() if here]
    out += [Answer("offer", sorted(s.offer)), Answer("offered", len(s.offer)), Answer("market", len(s.market)),
            Answer("bag", len(s.bag))]
    drawn = [e["counter"] for e in events if e["event"] == "drawn"]
    out += [Answer("nameless", s.nameless), Answer("guards", s.guards), Answer("outcome", s.outcome or None),
            Answer("winner", s.winner or None), Answer("events", [e["event"] for e in events]),
            Answer("drawn", drawn), Answer("draws", len(drawn)),
            Answer("placed", {e["counter"]: e["at"] for e in events if e["event"] == "placed"})]
    return out


def unique(answers: list[Answer]) -> list[Answer]:
    """The answer's parts, each named once (a part named twice would hide one of them)."""
    seen = Counter(a.part for a in answers)
    twice = sorted(p for p, n in seen.items() if n > 1)
    if twice:
        raise RulesError(f"parts answered twice: {', '.join(twice)}")
    return answers


def _hero_of(s: RothState, hero: str | None) -> str:
    if hero is not None and hero not in s.heroes:
        raise RulesError(f"{hero} does not play (the heroes: {', '.join(s.heroes)})")
    return hero or s.turn.hero


def _won(reason: str) -> bool:
    """Whether a trial won, from its reason ("rolled ..., kept 3+3=6: <= 7, success")."""
    return reason.endswith("success")


# -- answering ----------------------------------------------------------------------------------

def ask(rules, match: Match, instruction: str, args, dice, open_ctx=Ctx.open) -> list[Answer]:
    """The answer to one instruction; ``rules``: the game's (``play`` applies actions through them);
    ``open_ctx``: as :func:`arrange`'s."""
    if instruction == "play":
        return play(rules, match, args, dice)
    c, s = match.content, match.state
    ctx = open_ctx(s, c, dice)
    events: list[dict] = []
    try:
        if instruction == "fight":
            answers, hero = fight(ctx, args, events)
        elif instruction == "draw":
            answers, hero = draw(ctx, args, events)
        elif instruction == "final_battle":
            answers, hero = battle(ctx, args, events)
        else:
            raise RulesError(f"roth answers no instruction {instruction!r}")
    finally:
        ctx.commit()
    return unique(answers + state_parts(match, hero, events, open_ctx))


def fight(ctx: Ctx, args: Fight, events: list[dict]) -> tuple[list[Answer], str]:
    s, c = ctx.s, ctx.c
    hero = _hero_of(s, args.hero)
    if args.counter not in c.instances:
        raise RulesError(f"no counter {args.counter!r} in the game")
    inst = args.counter
    sheet = s.sheets[hero]
    skills = fights.skills_against(ctx, inst)
    mods = {DOT_SKILL[dot]: m for dot, m in c.spec(inst).dots}
    targets = {sk: skill_value(sheet, sk) + mods[sk] for sk in skills}
    dice = {sk: dice_for(sheet, sk) for sk in skills}
    decision = None
    skill = args.skill
    if skill is None and skills:
        order = {sk: i for i, sk in enumerate(skills)}
        decision = decide("skill", skills, lambda sk: (-round(p_success(dice[sk], targets[sk]), 9),),
                          ("chance (negated)",), ("spots' order", order.__getitem__), "first")
        skill = decision.choice
    answers = [Answer("skills", skills), Answer("targets", targets)]
    s.turn.hero = hero
    s.at[hero].field, s.at[hero].between = where(s, inst) or s.at[hero].field, ""
    refused = None
    try:
        if skill is None:
            raise RulesError(f"{c.spec(inst).name} shows no spot: it is not fought")
        events += fights.fight(ctx, hero, inst, skill)
    except RulesError as e:
        refused = str(e)
    told = next((e for e in events if e["event"] == "fight"), None)
    answers += [Answer("refused", refused),
                Answer("skill", skill, decision.ties if decision else (),
                       dict(zip(decision.key_fields, decision.key)) if decision else {}),
                Answer("target", targets.get(skill) if skill else None), Answer("dice", dice.get(skill) if skill else None),
                Answer("trials", [_won(t) for t in told["trials"]] if told else [], why="; ".join(told["trials"]) if told else ""),
                Answer("won", told["won"] if told else None, why=told["why"] if told else "")]
    return answers, hero


def played(rules, match: Match, actions: list, dice) -> tuple[list[dict], str | None]:
    """The spec's actions through the game's rules ("enemy": its phase) until one is refused: their
    events, and the words of the refusal (None when every one was played)."""
    events: list[dict] = []
    for action in actions:
        try:
            events += rules.enemy_phase(match, dice) if action == "enemy" else rules.apply(match, action, dice)
        except RulesError as e:
            return events, str(e)
    return events, None


def play(rules, match: Match, args: PlayAsk, dice) -> list[Answer]:
    s = match.state
    hero = _hero_of(s, args.hero)
    events, refused = played(rules, match, args.do, dice)
    ctx = Ctx.open(s, match.content, None)
    legal = verbs.legal(ctx) if turns.current(s) else []
    ctx.commit()
    names = sorted({a["do"] for a in legal})
    steps = sorted(a["to"] for a in legal if a["do"] == "move")
    return unique([Answer("refused", refused), Answer("options", names), Answer("steps", steps),
                   Answer("turn", turns.current(s))] + state_parts(match, hero, events))


def draw(ctx: Ctx, args: DrawAsk, events: list[dict]) -> tuple[list[Answer], str]:
    s = ctx.s
    hero = _hero_of(s, args.hero)
    if args.counter not in s.bag:
        raise RulesError(f"{args.counter} is not in the bag (it is at {place_of(s, args.counter)}): lay it there "
                         "with setup.bag")
    events += family_draws.deal(ctx, draws.BAG, args.counter, hero, f"{hero} drew it", picked=True)
    answers = []
    head = next((e for e in events if e["event"] == "event_drawn"), None)
    if head is not None:
        answers.append(Answer("order", head["order"]))
        for e in events:
            if e["event"] == "event_trials":
                answers += [Answer(f"won.{e['hero']}", e["won"]),
                            Answer(f"trials.{e['hero']}", [_won(t) for t in e["trials"]], why="; ".join(e["trials"])),
                            Answer(f"prize.{e['hero']}", e["prize"])]
    emerged = next((e for e in events if e["event"] == "nameless_drawn"), None)
    if emerged is not None:
        answers += [Answer("tower", emerged["at"]), Answer("posts", emerged["guards"]),
                    Answer("tallied", emerged["tasks"]), Answer("servants", len(emerged["servants"])),
                    Answer("servants_at", sorted(emerged["servants"].values())), Answer("to_bag", emerged["to_bag"])]
    return answers, hero


def battle(ctx: Ctx, args: BattleAsk, events: list[dict]) -> tuple[list[Answer], str]:
    s = ctx.s
    hero = _hero_of(s, args.hero)
    s.turn.hero = hero
    events += fights.final_battle(ctx, hero, args.skill)
    head = next(e for e in events if e["event"] == "final_battle")
    trials = [e for e in events if e["event"] == "battle_trial"]
    won = any(e["event"] == "nameless_slain" for e in events)
    return [Answer("life", head["life"]), Answer("hits", [e["won"] for e in trials],
                                                 why="; ".join(e["trial"] for e in trials)),
            Answer("survivor", hero if won else "nameless"), Answer("nameless_life", s.nameless_life)], hero


class RothSpecs(SpecSupport):
    """What Return of the Heroes answers of behaviour specs (``specs``), on a scenario's game."""

    instructions = INSTRUCTIONS
    setup_model = RothSetup

    def arrange(self, rules, match: Match, setup) -> None:
        arrange(match, setup)

    def ask(self, rules, posed, instruction: str, args, dice=None):
        return ask(rules, posed, instruction, args, dice)
