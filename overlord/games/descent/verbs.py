"""Every action of the heroes' side in a Descent quest, each defined once (``overlord.core.moves``):
its words and what they name, its help line, how it is applied and worded, and its indices for
learning agents. The table's help and its reading of the words typed (``table``), the words of an
action (``Descent.describe``), applying one headless (``Descent.apply``, ``bots.perform``) and the
PettingZoo numbering (``agents``) come from :data:`MOVES`.

One move is both a hero's action headless and the players' report of it at the table. Headless
the program rolls the players' dice (``rng``, their generator) and counts the hero's movement
points; at a table the players report what happened (``told``): their numbers come with the
report (``attack MONSTER DAMAGE``, ``stand HERO HEARTS SURGES``: a stand-up without its roll is
refused with the question of it) and a hero moved is where they put it. A move's ``apply`` is
``apply(game, action, rng=None, told=False)``.

The moves the table only hears of (``hurt``, ``defeated``, ``fatigue``, ``condition``, ``sheet``,
``take``, ``search``, ``loot``, ``end``) have no legal instances: they are never offered headless
(what they do, and what the table refuses of a word typed, is in ``reports``).

The legal actions headless (:func:`listed`, the moves' listing): the round's turn ``order`` as
every order of the heroes, then the acting hero's action kinds and their options
(``listing.legal_actions``: the spaces it may reach kept as bitsets until one is read), made into
actions by :func:`action_of` when read (:class:`ActionList`).

PettingZoo numbering (its published layout kept, ``agents`` words it): 0 rest, 1 open, 2
objective, 3 stand up, 4 throw off a Stun, then attack the i-th monster in reach (by id), revive
the i-th hero (in party order), move to the space (dx, dy) from the hero, and the round's turns in
the order the heroes are listed. Heal actions and the reports have no index.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from ...core.moves import Move, Moves, Param
from . import describe
from .combat import hero_attack
from .dice import roll, shows
from .engine import Game, complete_encounter, damage_figure, move_figure, open_door
from .heroes import STAND_DICE, heal_skill, recover, rest, stand_up, suffer_fatigue, test_attribute, use_heal, walk
from .listing import legal_actions
from .reports import (CHECKS, CommandError, condition, defeated, end, fatigue, hurt, loot, search, sheet, take,
                      words_of)

MONSTER_SLOTS = 8
HERO_SLOTS = 4
RADIUS = 4
OFFSETS = [(dx, dy) for dy in range(-RADIUS, RADIUS + 1) for dx in range(-RADIUS, RADIUS + 1)]

HERO = Param("hero", "hero")
BY = Param("hero", "hero", keyword="by", optional=True)
# the hearts and surges 2 red dice can show (typed at the table; headless they are rolled)
RED_HEARTS, RED_SURGES = shows(STAND_DICE, "hearts"), shows(STAND_DICE, "surges")
HEARTS = Param("hearts", "int", low=RED_HEARTS[0], high=RED_HEARTS[1], optional=True, listed=False)
SURGES = Param("surges", "int", low=RED_SURGES[0], high=RED_SURGES[1], optional=True, listed=False)
PLAYERS = Param("hero", "hero", typed=False)     # the hero to act, headless; not typed at the table


# -- the hero's actions (headless) and the players' reports of them (at a table) ----------------------------

def _move(game: Game, a: dict, rng=None, told: bool = False) -> None:
    hero = a["hero"]
    if told:                                   # the players put the hero there
        move_figure(game, hero, a["to"])
        return
    f = game.state.figure(hero)
    walk(game, hero, list(a["to"]), game.speed(f) + max(0, f.stamina - f.fatigue))   # fatigue buys movement points


def _attack(game: Game, a: dict, rng=None, told: bool = False) -> None:
    if told:                                   # the damage the players' dice dealt
        damage_figure(game, a["target"], a["damage"], by=a.get("hero"))
    else:
        hero_attack(game, a["hero"], a["target"], rng)


def _stand_up(game: Game, a: dict, rng=None, told: bool = False) -> None:
    """A knocked-out hero's whole turn: 2 red dice, its hearts recovered as health and its surges
    as fatigue."""
    stand_up(game, a["hero"], *_dice(a, rng, told, "stand_up", f"{a['hero']} standing up"))
    if told:
        end(game, {"hero": a["hero"]})             # at a table standing up ends the hero's turn


def _revive(game: Game, a: dict, rng=None, told: bool = False) -> None:
    stand_up(game, a["target"], *_dice(a, rng, told, "revive", f"{a['target']} revived by {a['hero']}"),
             by=a["hero"])


def _dice(a: dict, rng, told: bool, kind: str, doing: str) -> tuple[int, int]:
    """Hearts and surges of the 2 red dice: headless rolled with the players' dice; at a table as
    the players typed them (the program does not roll a player's dice there: without them it
    asks for the roll, in one line, and nothing changes)."""
    if not told:
        r = roll(list(STAND_DICE), rng)
        return r.hearts, r.surges
    if "hearts" not in a:
        typed = MOVES[kind].form(**{k: v for k, v in a.items() if k != "do"})
        raise CommandError(f"roll {describe.dice(STAND_DICE)} for {doing} and type `{typed} HEARTS SURGES`")
    return a["hearts"], a.get("surges", 0)


def _heal(game: Game, a: dict, rng=None, told: bool = False) -> None:
    target = a["target"]
    if not told:                               # the hero's Heal skill: its dice's hearts
        use_heal(game, a["hero"], target, roll(list(heal_skill(game, a["hero"]).dice), rng).hearts)
        return
    recover(game, target, health=a["amount"])


def _objective(game: Game, a: dict, rng=None, told: bool = False) -> None:
    state = game.state
    if told:
        if state.active_exploration is None:
            raise CommandError("there is no active encounter to complete")
        card = game.cards[state.active_exploration]
        left = [m.id for m in state.monsters() if m.encounter == card.id]
        if card.goal.clear and left and not a.get("confirm"):
            raise CommandError(f"{card.name}'s goal asks for its monsters defeated, and {len(left)} are on the map "
                               f"({', '.join(left)}); if the objective is done anyway, `objective confirm`")
        complete_encounter(game)
        return
    card = game.cards[state.active_exploration]          # headless: the card's attribute test first
    if card.goal.test:
        passed = test_attribute(game, a["hero"], card.goal.test)
        if passed is False:
            if card.goal.fail_fatigue:
                suffer_fatigue(game, a["hero"], card.goal.fail_fatigue, why=f"failed the {card.goal.test} test")
            return
    complete_encounter(game)


def _open(game: Game, a: dict, rng=None, told: bool = False) -> None:
    open_door(game, a["hero"])


def _rest(game: Game, a: dict, rng=None, told: bool = False) -> None:
    rest(game, a["hero"])


def _discard(game: Game, a: dict, rng=None, told: bool = False) -> None:
    """The action a Stunned hero spends throwing the condition off."""
    game.state.figure(a["hero"]).conditions.remove(a["condition"])
    game.log({"event": "condition_gone", "figure": a["hero"], "condition": a["condition"], "why": "an action spent on it"})


def _order(game: Game, a: dict, rng=None, told: bool = False) -> None:
    """The group's order of the heroes' turns this round ("At the start of each round, the players
    decide as a group the order in which each hero activates"): every hero named once."""
    s = game.state
    heroes = a.get("heroes")
    if s.order is not None or not isinstance(heroes, list) or sorted(heroes) != sorted(s.heroes):
        raise CommandError(f"not legal now: {MOVES.describe(a)}" + (
            "; the round's order is chosen" if s.order is not None else f"; name every hero once: {s.heroes}"))
    s.order = list(heroes)


# -- words ----------------------------------------------------------------------------------------------------

def _said(option: str = ""):
    """An action as logs and numbered options word it: the hero, the kind, its option."""
    def words(a: dict) -> str:
        value = a.get(option) if option else None
        where = f" {value[0]},{value[1]}" if option == "to" and value else (f" {value}" if value else "")
        return f"{a.get('hero', '?')} {a['do']}{where}"
    return words


# -- indices for learning agents --------------------------------------------------------------------------------

def _memo(memo: dict, key: str, make):
    if key not in memo:
        memo[key] = make()
    return memo[key]


def _attack_slot(game: Game, a: dict, memo: dict) -> str | None:
    monsters = _memo(memo, "monsters", lambda: sorted(m.id for m in game.state.monsters())[:MONSTER_SLOTS])
    return f"attack {monsters.index(a['target'])}" if a["target"] in monsters else None


def _revive_slot(game: Game, a: dict, memo: dict) -> str | None:
    heroes = game.state.heroes[:HERO_SLOTS]
    return f"revive {heroes.index(a['target'])}" if a["target"] in heroes else None


def _move_slot(game: Game, a: dict, memo: dict) -> str | None:
    here = game.state.figure(a["hero"]).at
    d = (a["to"][0] - here[0], a["to"][1] - here[1])
    return f"move {d[0]},{d[1]}" if d in OFFSETS else None


NO_INDEX: tuple[str, ...] = ()

MOVES = Moves([
    Move("move", "the hero moved to that space (x,y as `map` numbers them)", (HERO, Param("to", "space", "X,Y")),
         _move, words=_said("to"), slots=tuple(f"move {dx},{dy}" for dx, dy in OFFSETS), slot=_move_slot),
    Move("attack", "a hero's attack dealt this much damage to a monster",
         (BY, Param("target", "monster", "MONSTER"), Param("damage", "int", "DAMAGE", low=0, listed=False)),
         _attack, words=_said("target"), typed=("hero", "target", "damage"),
         slots=tuple(f"attack {i}" for i in range(MONSTER_SLOTS)), slot=_attack_slot),
    Move("hurt", "a monster's attack (or anything else) dealt this much damage to a hero",
         (HERO, Param("damage", "int", "DAMAGE", low=0)), hurt, slots=NO_INDEX),
    Move("defeated", "the hero is defeated (knocked out; fate advances)", (HERO,), defeated, slots=NO_INDEX),
    Move("stand_up", "the knocked-out hero stands up (its whole turn): it recovers HEARTS health and SURGES "
                     "fatigue, as the 2 red dice you rolled show (no SURGES: none)",
         (HERO, HEARTS, SURGES), _stand_up, words=_said(), usage="HERO HEARTS [SURGES]", verb="stand"),
    Move("revive", "a hero next to a knocked-out one revives it (an action): the knocked-out hero recovers HEARTS "
                   "health and SURGES fatigue, as the 2 red dice you rolled show",
         (Param("hero", "hero", keyword="by"), Param("target", "hero", "HERO"), HEARTS, SURGES), _revive,
         words=_said("target"), typed=("target", "hero", "hearts", "surges"), usage="HERO by HERO HEARTS [SURGES]",
         slots=tuple(f"revive {i}" for i in range(HERO_SLOTS)), slot=_revive_slot),
    Move("fatigue", "the hero suffered N fatigue (beyond its stamina: damage); -N: it recovered N",
         (HERO, Param("n", "int", "N")), fatigue, slots=NO_INDEX),
    Move("heal", "a monster (its own Heal, a read-aloud ability) or a hero recovered N damage",
         (PLAYERS, Param("target", "figure", "FIGURE"), Param("amount", "int", "N", low=0, listed=False)), _heal,
         words=_said("target"), slots=NO_INDEX),
    Move("condition", "a hero or a monster has a condition now (`off`: no longer)",
         (Param("figure", "figure"), Param("name", "word", "NAME"), Param("off", "flag")), condition,
         slots=NO_INDEX),
    Move("sheet", "the hero's health and stamina as its sheet has them",
         (HERO, Param("health", "int", low=0), Param("stamina", "int", low=0)), sheet, slots=NO_INDEX),
    Move("take", "the hero takes a token on or next to its space (search, objective...)",
         (HERO, Param("token", "word")), take, slots=NO_INDEX),
    Move("open", "the hero opens the door of the current encounter: a new encounter is explored", (HERO,), _open,
         words=_said()),
    Move("search", "the hero searches: takes the search token next to it and draws a Search card from your deck; "
                   "CARD: the card drawn, by its name in the box (without it the program asks)",
         (HERO, Param("card", "card", optional=True, joined=True)), search, slots=NO_INDEX),
    Move("loot", "the Shop Item card the drawing hero gave to HERO from the loot just drawn from your deck (its "
                 "name in the box; the rest went to the bottom)",
         (Param("card", "card", joined=True), Param("hero", "hero", keyword="to")), loot, slots=NO_INDEX,
         typed=("card", "hero")),
    Move("rest", "the hero rests (all its fatigue is recovered at the end of its turn)", (HERO,), _rest,
         words=_said()),
    Move("objective", "the heroes completed the active encounter's objective",
         (PLAYERS, Param("confirm", "flag", listed=False)), _objective, words=_said()),
    Move("end", "the hero's turn is over; when every hero's is, the overlord plays", (HERO,), end, slots=NO_INDEX),
    Move("discard", "the Stunned hero spends an action throwing the condition off",
         (HERO, Param("condition", "word")), _discard, words=_said("condition")),
    Move("order", "the group's order of the heroes' turns this round, every hero once",
         (Param("heroes", "words", "HERO,HERO..."),), _order,
         words=lambda a: "turns in the order " + ", ".join(a.get("heroes") or []),
         slot=lambda game, a, memo: "order" if a["heroes"] == list(game.state.heroes) else None),
], numbering=("rest", "open", "objective", "stand_up", "discard", "attack", "revive", "move", "order"),
    listing=lambda game: listed(game))
ORDER = MOVES["order"]

#: the table's report commands, in the order `help` lists them (the headless-only moves are not typed)
REPORTED = ("move", "attack", "hurt", "defeated", "stand", "revive", "fatigue", "heal", "condition", "sheet", "take",
            "open", "search", "loot", "rest", "objective", "end")
#: the acting hero's action kinds headless, and the key of each one's option (``bots.legal_actions``)
HEADLESS = ("rest", "move", "attack", "revive", "heal", "objective", "open", "stand_up", "discard")
OPTION = {k: p.name for k in HEADLESS for p in MOVES[k].params[1:] if p.listed}


def action_of(hero: str, kind: str, option) -> dict:
    """The action of kind ``kind`` with its option (``bots.legal_actions``' form), as :data:`MOVES`
    makes it: ``{"do": "move", "hero": h, "to": [x, y]}``."""
    action = {"do": kind, "hero": hero}
    if kind in OPTION:
        action[OPTION[kind]] = list(option) if kind == "move" else option
    return action


class ActionList(Sequence):
    """The acting hero's legal actions as dicts (``{"do": "move", "hero": h, "to": [x, y]}``),
    made when asked for: a hero's reachable spaces stay bitsets until one is read. ``kinds`` is
    the engine's own form (kind -> options), which the bots read."""

    def __init__(self, hero: str, kinds: dict[str, list]):
        self.hero, self.kinds = hero, kinds
        self._sizes = [(k, len(v)) for k, v in kinds.items()]

    def __len__(self) -> int:
        return sum(n for _, n in self._sizes)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        for kind, n in self._sizes:
            if i < n:
                return action_of(self.hero, kind, self.kinds[kind][i])
            i -= n
        raise IndexError("action index out of range")

    def __iter__(self):
        for kind, options in self.kinds.items():
            for option in options:
                yield action_of(self.hero, kind, option)


def listed(game: Game) -> Sequence[dict]:
    """The legal actions headless: the round's turn order while none is chosen (every order of the
    heroes), else the acting hero's (:class:`ActionList`)."""
    s = game.state
    if s.order is None:
        return [ORDER(list(p)) for p in permutations(s.heroes)]
    if not s.acting:
        return []
    return ActionList(s.acting, legal_actions(game, s.acting))


def kind_option(action: dict) -> tuple[str, object]:
    kind = action.get("do")
    return kind, action.get(OPTION[kind]) if kind in OPTION else None


def read(game: Game, verb: str, args: list[str], checks: dict | None = None) -> dict:
    """A report typed at the table, read by its move's params: each word against the match
    (``reports.words_of``), with the table's :data:`CHECKS` of it; a malformed one is refused with
    its usage line."""
    return MOVES.read(verb, args, value=words_of(game, CHECKS.get(verb, {}) if checks is None else checks), usage=True)


def report(game: Game, action: dict) -> None:
    """A report the players typed (:func:`read`), carried out on ``game``."""
    MOVES.apply(game, action, None, True)
